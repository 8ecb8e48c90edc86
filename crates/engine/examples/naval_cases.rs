//! Writes the Naval Phase's golden transcripts (`tests/transcripts/naval/`) by playing them: each case is a
//! set-up, the decisions of the powers it is about, and the default decision (3.6) of every other power owing one.
//! Run from the workspace root: `cargo run -p coalition-engine --example naval_cases`; then review the snapshots
//! (`cargo test -p coalition-engine --test transcripts`).
#[path = "cases/mod.rs"]
mod cases;

use cases::{B, standard};
use coalition_engine::Step;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook, RulebookSpec};
use coalition_engine::state::RoundKind;

/// A move (its `logged` checks follow it, then `let_pass`).
fn sail(b: &mut B, power: &str, text: &str) {
    b.submit(power, text);
}

/// The default (3.6: let it pass) of every power asked whether it intercepts the last move (Coalition's 6.3).
fn let_pass(b: &mut B) {
    while b.g.state().naval.stage == coalition_engine::naval::Stage::Interception {
        b.default_one();
    }
}

fn main() {
    std::fs::create_dir_all("tests/transcripts/naval").unwrap();
    britain_chooses_its_slot();
    three_fleets_through_five_seas();
    raiding_by_a_fleet_that_sailed();
    nelson_off_cadiz();
    evasion_into_toulon();
    sixty_eight_ships_lose_ten();
    a_blockaded_port();
    a_corps_carried_to_portugal();
    a_transport_sunk();
    an_interception_in_the_channel();
    a_strait_a_fleet_cannot_block();
    an_invasion_depot_supplies_across_the_sea();
}

/// Coalition's invasion supply (6.2.5 with 12.2.3.2): the Channel Fleet takes II Corps and Britain's depot in
/// Portsmouth aboard (the stack is transporting: 6 points) and sails to the Coast of Portugal. In the Land Phase II
/// Corps lands at Lisbon, where no British source or chain reaches; the depot, still aboard off the coast, supplies
/// it across the sea.
fn an_invasion_depot_supplies_across_the_sea() {
    let mut b = B::new(
        &["6.2.5", "12.2.3.2", "7.4"],
        with_large_fleets(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"area": "portsmouth"}}}"#,
            r#"{"depot": {"area": "portsmouth", "owner": {"power": "great-britain"}, "present": true}}"#,
            r#"{"minor_control": {"minor": "portugal", "controller": "great-britain", "status": "free_state"}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    sail(
        &mut b,
        "great-britain",
        "sail gb-f1 carrying depot,gb-2 portsmouth>english-channel>bay-of-biscay>coast-of-portugal",
    );
    b.logged(
        r#"{"naval": {"sailed": {"record": {"corps": [["gb-2", "gb-f1"]], "depot": "gb-f1", "reduced": {"gb-f1": [7, 6]}, "cost": 3}}}}"#,
    );
    b.logged(r#"{"depot_carried": {"fleet": "gb-f1", "aboard": true, "rule": "6.2.5"}}"#);
    let_pass(&mut b);
    b.submit("great-britain", "done");
    b.until("great-britain");
    b.refused("great-britain", "disembark depot madrid", "6.2.5");
    b.submit("great-britain", "disembark gb-2 lisbon");
    b.submit("great-britain", "done");
    b.logged(
        r#"{"land": {"supply_traced": {"power": "great-britain", "fleets_used": {"gb-f1": 1}}}}"#,
    );
    b.finish_land();
    b.save_in("naval", "6.2.5-an-invasion-depot-supplies-across-the-sea");
}

/// 12.2.1.2: Denmark a French free state, French I Corps at Odense (Funen), a French garrison in Copenhagen and a
/// British fleet in the Western Baltic. A fleet cannot close a Danish arrow whose both shores its enemies hold: I
/// Corps crosses the Great Belt to Copenhagen past the fleet (`tests/crossing_arrows.rs` shows the fleet closing it
/// when only one shore is held, or without the option).
fn a_strait_a_fleet_cannot_block() {
    let mut b = B::new(
        &["12.2.1.2"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"minor_control": {"minor": "denmark", "controller": "france", "status": "free_state"}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 8}, "location": {"area": "odense"}}}"#,
            r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"sea": "western-baltic"}}}"#,
            r#"{"garrison": {"area": "copenhagen", "owner": {"power": "france"}, "factors": {"infantry": 2}}}"#,
        ],
    );
    b.submit("france", "slot 1");
    b.submit("france", "move fr-1 odense>copenhagen");
    b.logged(
        r#"{"land": {"moved": {"power": "france", "record": {"path": ["odense", "copenhagen"]}}}}"#,
    );
    b.submit("france", "done");
    b.finish_land();
    b.save_in("naval", "12.2.1.2-a-strait-a-fleet-cannot-block");
}

/// Coalition's 6.3 interception: the Channel Fleet sails from Plymouth through the Channel into the Bay of Biscay.
/// France (Brest and Rochefort) and Spain (Ferrol) are asked; France intercepts in the Channel: 5, with Ganteaume's
/// edge, succeeds. The move ends there (the Bay of Biscay's point is given back) and the Brest Fleet attacks: fire
/// 3 and 3, France loses the larger share and retreats; Britain sails on in its step.
fn an_interception_in_the_channel() {
    let mut b = B::new(
        &["6.3", "12.2.3.5"],
        standard(),
        (1805, 1),
        Step::Naval,
        &[],
    );
    b.submit("great-britain", "slot 1");
    b.submit(
        "great-britain",
        "sail gb-f1 plymouth>english-channel>bay-of-biscay",
    );
    b.logged(r#"{"naval": {"interception_asked": {"mover": "great-britain", "asked": ["france", "spain"]}}}"#);
    b.refused("france", "intercept north-sea", "6.3");
    b.force(&[5, 3, 3, 1, 1, 1]);
    b.submit("france", "intercept english-channel");
    b.submit("spain", "intercept none");
    b.logged(r#"{"naval": {"intercepted": {"power": "france", "at": {"sea": "english-channel"}, "stopped": true}}}"#);
    b.logged(r#"{"naval": {"move_cut": {"at": {"sea": "english-channel"}, "fleets": ["gb-f1"], "refund": 1}}}"#);
    b.logged(
        r#"{"naval": {"battle_fought": {"battle": {"attacker": "france", "winner": "defender"}}}}"#,
    );
    // 12.2.3.5: France chooses its port among those in reach (Boulogne first): it goes home to Brest.
    b.refused("france", "retreat paris", "12.2.3.5");
    b.submit("france", "retreat brest");
    b.logged(
        r#"{"fleet_changed": {"fleet": "fr-f1", "location": {"area": "brest"}, "rule": "12.2.3.5"}}"#,
    );
    b.refused("great-britain", "undo", "6.2.1");
    b.submit("great-britain", "done");
    b.until_round(RoundKind::Land);
    b.save_in("naval", "6.3-an-interception-in-the-channel");
}

/// Coalition's 6.2.5 with 12.2.3.2: II Corps and Cathcart embark on the Channel Fleet in Portsmouth (Portugal is a
/// British free state); the transporting fleet has 7 - 1 = 6 points under 12.2.3; it sails three seas to the Coast
/// of Portugal. In the Land Phase they land at Lisbon, which spends the corps' movement for the phase.
fn a_corps_carried_to_portugal() {
    let mut b = B::new(
        &["6.2.5", "12.2.3.2"],
        with_large_fleets(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"area": "portsmouth"}}}"#,
            r#"{"leader": {"leader": "cathcart", "status": "active", "location": {"area": "portsmouth"}}}"#,
            r#"{"minor_control": {"minor": "portugal", "controller": "great-britain", "status": "free_state"}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    b.refused(
        "great-britain",
        "sail gb-f1 carrying gb-1 portsmouth>english-channel",
        "6.2.5",
    );
    sail(
        &mut b,
        "great-britain",
        "sail gb-f1 carrying gb-2,cathcart portsmouth>english-channel>bay-of-biscay>coast-of-portugal",
    );
    b.logged(
        r#"{"naval": {"sailed": {"record": {"corps": [["gb-2", "gb-f1"]], "reduced": {"gb-f1": [7, 6]}, "cost": 3}}}}"#,
    );
    b.logged(
        r#"{"corps_changed": {"corps": "gb-2", "location": {"aboard": "gb-f1"}, "rule": "6.2.5"}}"#,
    );
    b.logged(r#"{"leader_changed": {"leader": "cathcart", "location": {"aboard": "gb-f1"}}}"#);
    let_pass(&mut b);
    b.submit("great-britain", "done");
    b.until("great-britain");
    b.refused("great-britain", "disembark gb-2 madrid", "6.2.5");
    b.submit("great-britain", "disembark gb-2,cathcart lisbon");
    b.logged(
        r#"{"corps_changed": {"corps": "gb-2", "location": {"area": "lisbon"}, "rule": "6.2.5"}}"#,
    );
    b.refused("great-britain", "move gb-2 lisbon>coimbra", "7.3.3");
    b.submit("great-britain", "done");
    b.finish_land();
    b.save_in("naval", "6.2.5-a-corps-carried-to-portugal");
}

/// 12.2.4: two British fleets of 2 ships in the Bay of Biscay carry II Corps (6 factors) and I Corps (7) and attack
/// 20 French ships. Britain's fire (1) sinks none; France's (2, +1 for superiority: 15% of 20) sinks 3, and gb-f4
/// goes down. The one fleet left carries 10 factors: II Corps loses 3 (infantry, its cheapest) and goes aboard it,
/// and the beaten fleet retreats to port with both corps.
fn a_transport_sunk() {
    let mut b = B::new(
        &["12.2.4", "6.3"],
        standard(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f4", "ships": 2, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "gb-f5", "ships": 2, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "fr-f1", "ships": 20, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5, "cavalry": 1}, "location": {"aboard": "gb-f4"}}}"#,
            r#"{"corps": {"corps": "gb-1", "factors": {"infantry": 6, "cavalry": 1}, "location": {"aboard": "gb-f5"}}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    b.submit("great-britain", "done");
    b.submit("great-britain", "engage bay-of-biscay");
    b.force(&[1, 2, 1]);
    b.submit("france", "stand");
    b.logged(r#"{"fleet_changed": {"fleet": "gb-f4", "ships": 0, "location": "off_map"}}"#);
    b.logged(
        r#"{"corps_changed": {"corps": "gb-2", "factors": {"infantry": 2, "cavalry": 1}, "location": {"aboard": "gb-f5"}, "rule": "12.2.4"}}"#,
    );
    b.logged(r#"{"loss_recorded": {"loss": {"nation": {"power": "great-britain"}, "land_factors": 3, "rule": "12.2.4"}}}"#);
    b.until_round(RoundKind::Land);
    b.save_in("naval", "12.2.4-a-transport-sunk");
}

/// Coalition's 6.3 with Nelson: Nelson sails with two fleets from Gibraltar to the Coast of Portugal, where a French
/// and a Spanish fleet stand with Villeneuve, and engages them in his Naval Combat step. Neither tries to evade.
/// Nelson's fire (6, +2 for his tactical 6) sinks 40% of his 18 ships' worth, 7; Villeneuve's (2) sinks 2. The
/// pursuit (5) sinks one more of the 14 left; the 8 lost are shared 4 and 4 by nationality (12.2.5); Britain
/// captures 2 of them. Britain gains 1 + 1 for Nelson; France and Spain lose 1 each; the allies retreat into Cádiz.
fn nelson_off_cadiz() {
    let mut b = B::new(
        &["6.3", "12.2.5", "12.2.3.5", "12.7", "14.3.2.1.3"],
        standard(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"area": "gibraltar"}}}"#,
            r#"{"leader": {"leader": "nelson", "status": "active", "location": {"area": "gibraltar"}}}"#,
            r#"{"fleet": {"fleet": "fr-f2", "ships": 11, "location": {"sea": "coast-of-portugal"}}}"#,
            r#"{"leader": {"leader": "villeneuve", "status": "active", "location": {"sea": "coast-of-portugal"}}}"#,
            r#"{"fleet": {"fleet": "sp-f1", "ships": 10, "location": {"sea": "coast-of-portugal"}}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    b.refused_saying(
        "great-britain",
        "sail gb-f3,gb-f4,nelson gibraltar>alboran>coast-of-portugal>bay-of-biscay",
        "6.2.1",
        "the move must end at Coast of Portugal, where it meets fleets at war with Great Britain (Coalition's rule: a fleet stops where it meets enemy fleets)",
    );
    sail(
        &mut b,
        "great-britain",
        "sail gb-f3,gb-f4,nelson gibraltar>alboran>coast-of-portugal",
    );
    b.logged(r#"{"naval": {"sailed": {"record": {"leaders": ["nelson"], "cost": 2}}}}"#);
    let_pass(&mut b);
    b.refused("great-britain", "engage coast-of-portugal", "6.1.3");
    b.submit("great-britain", "done");
    b.refused("great-britain", "undo", "6.1.3");
    b.submit("great-britain", "engage coast-of-portugal");
    b.logged(r#"{"naval": {"engaged": {"power": "great-britain", "asked": ["france", "spain"]}}}"#);
    // Fire 6 and 2, pursuit 5, then each side's leader-casualty check (12.7): no twelve.
    b.force(&[6, 2, 5, 1, 1, 1, 1]);
    b.submit("france", "stand");
    b.submit("spain", "stand");
    b.logged(
        r#"{"naval": {"battle_fought": {"battle": {"winner": "attacker", "captured": 2, "captured_into": "gb-f3", "attacking": {"commander": "nelson", "lost": {"gb-f3": 2}}, "defending": {"commander": "villeneuve", "lost": {"fr-f2": 4, "sp-f1": 4}}}}}}"#,
    );
    b.logged(r#"{"points_changed": {"power": "great-britain", "delta": 2, "rule": "6.3"}}"#);
    b.logged(r#"{"points_changed": {"power": "france", "delta": -1, "rule": "6.3"}}"#);
    b.logged(r#"{"points_changed": {"power": "spain", "delta": -1, "rule": "6.3"}}"#);
    // 12.2.3.5: the losers choose their ports; both retreat into Cádiz.
    b.submit("france", "retreat cadiz");
    b.submit("spain", "retreat cadiz");
    b.logged(
        r#"{"fleet_changed": {"fleet": "fr-f2", "ships": 7, "location": {"area": "cadiz"}, "rule": "12.2.3.5"}}"#,
    );
    b.logged(
        r#"{"leader_changed": {"leader": "villeneuve", "location": {"area": "cadiz"}, "rule": "12.2.3.5"}}"#,
    );
    b.until_round(RoundKind::Land);
    b.save_in("naval", "6.3-nelson-off-cadiz");
}

/// Coalition's 6.3 evasion: Nelson's fleet, at sea in the Western Mediterranean, moves into the Ligurian Sea and
/// engages Villeneuve there. France tries to evade: a die (6) less 2 (Villeneuve's strategic 2 against Nelson's 5,
/// held to 2) makes 4, enough; the French fleet and its admiral slip into Toulon, and no battle is fought.
fn evasion_into_toulon() {
    let mut b = B::new(
        &["6.3"],
        standard(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"sea": "western-med"}}}"#,
            r#"{"leader": {"leader": "nelson", "status": "active", "location": {"sea": "western-med"}}}"#,
            r#"{"fleet": {"fleet": "fr-f2", "ships": 11, "location": {"sea": "ligurian"}}}"#,
            r#"{"leader": {"leader": "villeneuve", "status": "active", "location": {"sea": "ligurian"}}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    sail(
        &mut b,
        "great-britain",
        "sail gb-f3,nelson western-med>ligurian",
    );
    let_pass(&mut b);
    b.submit("great-britain", "done");
    b.refused("great-britain", "engage box:toulon", "6.3.1.2");
    b.submit("great-britain", "engage ligurian");
    b.force(&[6]);
    b.refused("france", "done", "6.3");
    b.submit("france", "evade");
    b.logged(r#"{"dice_rolled": {"roll": {"rule": "6.3", "faces": [6], "total": 4}}}"#);
    b.logged(
        r#"{"naval": {"evaded": {"power": "france", "at": {"sea": "ligurian"}, "to": {"area": "toulon"}}}}"#,
    );
    b.logged(r#"{"naval": {"unopposed": {"at": {"sea": "ligurian"}}}}"#);
    b.logged(
        r#"{"leader_changed": {"leader": "villeneuve", "location": {"area": "toulon"}, "rule": "6.3"}}"#,
    );
    b.until_round(RoundKind::Land);
    b.save_in("naval", "6.3-evasion-into-toulon");
}

/// 12.2.5, the text's example: a stack of 68 ships, 36 French, 20 Spanish and 12 Russian (Russia at war with
/// Britain here), stands in the North Atlantic against 40 British ships, which engage it. Britain's fire (5, no
/// modifier) sinks 25% of 40: the stack loses 10 ships, shared 5, 3 and 2 by nationality. The stack's fire (1) sinks
/// 10% of 68, 7 British: Britain lost the larger share and retreats; the winners capture one of its ships.
fn sixty_eight_ships_lose_ten() {
    let mut b = B::new(
        &["12.2.5", "6.3"],
        standard(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"war": {"aggressor": {"power": "russia"}, "defender": {"power": "great-britain"}}}"#,
            r#"{"fleet": {"fleet": "gb-f1", "ships": 40, "location": {"sea": "north-atlantic"}}}"#,
            r#"{"fleet": {"fleet": "fr-f1", "ships": 36, "location": {"sea": "north-atlantic"}}}"#,
            r#"{"fleet": {"fleet": "sp-f1", "ships": 20, "location": {"sea": "north-atlantic"}}}"#,
            r#"{"fleet": {"fleet": "ru-f1", "ships": 12, "location": {"sea": "north-atlantic"}}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    b.submit("great-britain", "done");
    b.submit("great-britain", "engage north-atlantic");
    // Fire 5 and 1; the stack's pursuit 1 (nothing more).
    b.force(&[5, 1, 1]);
    b.submit("france", "stand");
    b.submit("russia", "stand");
    b.submit("spain", "stand");
    b.logged(
        r#"{"naval": {"battle_fought": {"battle": {"winner": "defender", "defending": {"lost": {"fr-f1": 5, "sp-f1": 3, "ru-f1": 2}}, "attacking": {"lost": {"gb-f1": 7}}, "captured": 1, "captured_into": "fr-f1"}}}}"#,
    );
    b.logged(r#"{"points_changed": {"power": "great-britain", "delta": -1, "rule": "6.3"}}"#);
    b.logged(r#"{"points_changed": {"power": "russia", "delta": 1, "rule": "6.3"}}"#);
    b.until_round(RoundKind::Land);
    b.save_in("naval", "12.2.5-sixty-eight-ships-lose-ten");
}

/// Coalition's blockade: Britain's Channel Fleet sails into Brest's blockade box. France's Brest fleet may not
/// sail straight out to sea past it; it puts out into the box, where it meets the blockaders and stops, and
/// engages them: fire 3 and 3 sinks 3 on each side, a larger share of France's 18 than of Britain's 20, so France
/// loses, retreats into Brest and loses a political point.
fn a_blockaded_port() {
    let mut b = B::new(&["6.2.1", "6.3"], standard(), (1805, 1), Step::Naval, &[]);
    b.submit("great-britain", "slot 1");
    sail(
        &mut b,
        "great-britain",
        "sail gb-f1 plymouth>english-channel>box:brest",
    );
    let_pass(&mut b);
    b.submit("great-britain", "done");
    b.until_naval("france");
    b.refused_saying(
        "france",
        "sail fr-f1 brest>bay-of-biscay",
        "6.2.1",
        "Brest is blockaded: fleets of a side at war with France stand in its box, and a fleet leaves or enters it only through the box, where it meets them (Coalition's blockade)",
    );
    sail(&mut b, "france", "sail fr-f1 brest>box:brest");
    let_pass(&mut b);
    b.submit("france", "done");
    b.submit("france", "engage box:brest");
    // Fire 3 and 3; Britain's pursuit 1.
    b.force(&[3, 3, 1]);
    b.submit("great-britain", "stand");
    b.logged(
        r#"{"naval": {"battle_fought": {"battle": {"winner": "defender", "attacking": {"lost": {"fr-f1": 3}}, "defending": {"lost": {"gb-f1": 3}}}}}}"#,
    );
    b.logged(r#"{"points_changed": {"power": "france", "delta": -1, "rule": "6.3"}}"#);
    // 12.2.3.5: France retreats back into Brest (its nearest port, no movement point from the box).
    b.submit("france", "retreat brest");
    b.logged(
        r#"{"fleet_changed": {"fleet": "fr-f1", "ships": 15, "location": {"area": "brest"}, "rule": "12.2.3.5"}}"#,
    );
    b.until_round(RoundKind::Land);
    b.save_in("naval", "6.2.1-a-blockaded-port");
}

/// The standard rulebook with 12.2.3 (moving large fleets and transports) on.
fn with_large_fleets() -> RulebookSpec {
    let mut r = Rulebook::preset(Preset::Standard);
    r.optional.insert(OptionalRule::LargeFleets);
    RulebookSpec::List(r.optional.into_iter().collect())
}

/// 6.1: Great Britain takes the third place; the others follow the chart's order around it. France, at war with
/// it, puts out of Brest into its blockade box (no movement point) and on into the Channel (one), then is done.
fn britain_chooses_its_slot() {
    let mut b = B::new(&["6.1", "6.2.1"], standard(), (1805, 1), Step::Naval, &[]);
    b.refused_saying(
        "great-britain",
        "slot 9",
        "6.1",
        "Great Britain's place in the order of movement is 1 to 7, not 9",
    );
    b.refused(
        "great-britain",
        "sail gb-f1 plymouth>english-channel",
        "6.1",
    );
    b.submit("great-britain", "slot 3");
    b.logged(r#"{"naval": {"order_set": {"place": 3}}}"#);
    b.until_naval("france");
    sail(
        &mut b,
        "france",
        "sail fr-f1 brest>box:brest>english-channel",
    );
    b.logged(r#"{"naval": {"sailed": {"power": "france", "record": {"cost": 1}}}}"#);
    let_pass(&mut b);
    b.refused_saying(
        "france",
        "sail fr-f2 toulon>box:brest",
        "6.2.1",
        "Toulon does not touch Brest's blockade box",
    );
    b.refused("france", "sail gb-f1 plymouth>english-channel", "6.1.1");
    b.submit("france", "done");
    b.until_round(RoundKind::Land);
    b.save_in("naval", "6.1-britain-chooses-its-slot");
}

/// 12.2.3.1, 12.2.3.3: Great Britain's three fleets stand together at Plymouth, so each has 7 - 2 = 5 movement
/// points. A path of six is refused; five take them from Plymouth to Cádiz's blockade box; nothing is left. A
/// neutral's port and an enemy's are refused on the way.
fn three_fleets_through_five_seas() {
    let mut b = B::new(
        &["12.2.3.1", "12.2.3.3", "6.2.1"],
        with_large_fleets(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"area": "plymouth"}}}"#,
            r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"area": "plymouth"}}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    b.logged(
        r#"{"naval": {"order_set": {"place": 1, "allowance": {"gb-f1": 5, "gb-f2": 5, "gb-f3": 5}}}}"#,
    );
    b.refused_saying(
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>north-atlantic>coast-of-portugal>alboran>western-med>balearic>gulf-of-lion",
        "6.2.1",
        "fleet `gb-f1` has 5 movement points left this phase; the path costs 6",
    );
    b.refused_saying(
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>english-channel>bay-of-biscay>coast-of-portugal>lisbon",
        "6.2.1",
        "Lisbon is no friendly port of Great Britain: a fleet enters a port held by its power, an ally or a power that granted it access (10.3); it may blockade it from its box",
    );
    b.refused_saying(
        "great-britain",
        "sail gb-f1 plymouth>english-channel>brest",
        "6.2.1",
        "Brest is no friendly port of Great Britain: a fleet enters a port held by its power, an ally or a power that granted it access (10.3); it may blockade it from its box",
    );
    sail(
        &mut b,
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>english-channel>bay-of-biscay>coast-of-portugal>alboran>box:cadiz",
    );
    b.logged(r#"{"naval": {"sailed": {"power": "great-britain", "record": {"cost": 5}}}}"#);
    let_pass(&mut b);
    b.refused_saying(
        "great-britain",
        "sail gb-f1 box:cadiz>alboran",
        "6.2.1",
        "fleet `gb-f1` has 0 movement points left this phase; the path costs 1",
    );
    b.submit("great-britain", "done");
    b.until_round(RoundKind::Land);
    b.save_in("naval", "12.2.3-three-fleets-through-five-seas");
}

/// 12.2.2 with fleets that sail: in March France's Brest fleet sails into the Channel, next to Great Britain, and
/// stays; the Economic Phase that follows cuts Britain's colonial trade.
fn raiding_by_a_fleet_that_sailed() {
    let mut b = B::new(&["12.2.2"], standard(), (1805, 3), Step::Naval, &[]);
    b.until_naval("france");
    sail(&mut b, "france", "sail fr-f1 brest>english-channel");
    let_pass(&mut b);
    b.submit("france", "done");
    b.until_round(RoundKind::Manipulation);
    b.logged(
        r#"{"treasury_changed": {"power": "great-britain", "income": {"trade": 25, "trade_lost": 5}}}"#,
    );
    b.save_in("naval", "12.2.2-raiding-by-a-fleet-that-sailed");
}
