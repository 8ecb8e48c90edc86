//! Coalition's naval combat (rule 6.3, `docs/rules/naval.md`) through the game: a move that meets enemy fleets
//! ends there, the mover engages in its Naval Combat step (6.1.3), evasion, the battle's losses shared by
//! nationality (12.2.5), the loser's retreat at full allowance (12.2.3.5), leader casualties at sea (12.7), and the
//! defaults (3.6).

mod common;

use common::{refused, submit};

use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, FleetId, LeaderId, PowerId, SeaId};
use coalition_engine::naval::{NavalDecision, NavalEvent, Stage};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{LeaderStatus, Location};
use coalition_engine::{Decision, Event, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn fleet(s: &str) -> FleetId {
    FleetId::new(s).unwrap()
}

fn sea(s: &str) -> Location {
    Location::Sea(SeaId::new(s).unwrap())
}

fn area(s: &str) -> Location {
    Location::Area(AreaId::new(s).unwrap())
}

fn ships(g: &Game, f: &str) -> u16 {
    g.state().forces.fleets[&fleet(f)].ships
}

fn at(g: &Game, f: &str) -> Location {
    g.state().forces.fleets[&fleet(f)].location
}

use common::steam::last_battle;

/// Britain's Mediterranean fleet (12) with Nelson in the Western Mediterranean, France's Toulon fleet (11) with
/// Villeneuve in the Ligurian Sea, with `extra` set-up; Britain moves first.
fn off_toulon(rulebook: Rulebook, extra: &[&str]) -> Game {
    let mut adjs = vec![
        r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"sea": "western-med"}}}"#,
        r#"{"leader": {"leader": "nelson", "status": "active", "location": {"sea": "western-med"}}}"#,
        r#"{"fleet": {"fleet": "fr-f2", "ships": 11, "location": {"sea": "ligurian"}}}"#,
        r#"{"leader": {"leader": "villeneuve", "status": "active", "location": {"sea": "ligurian"}}}"#,
    ];
    adjs.extend_from_slice(extra);
    let mut g = common::at_1805(rulebook, 11, Step::Naval, &adjs);
    submit(&mut g, "great-britain", "slot 1");
    g
}

#[test]
fn a_move_ends_where_it_meets_enemy_fleets_and_an_admiral_sails_with_his_fleet() {
    let mut g = off_toulon(Rulebook::preset(Preset::Standard), &[]);
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f3 western-med>ligurian>gulf-of-lion"
        ),
        "6.2.1"
    );
    // An admiral not with the fleets is refused.
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f3,collingwood western-med>ligurian"
        ),
        "6.2.1"
    );
    submit(
        &mut g,
        "great-britain",
        "sail gb-f3,nelson western-med>ligurian",
    );
    let nelson = LeaderId::new("nelson").unwrap();
    assert_eq!(g.state().forces.leaders[&nelson].location, sea("ligurian"));
    submit(&mut g, "great-britain", "undo");
    assert_eq!(
        g.state().forces.leaders[&nelson].location,
        sea("western-med")
    );
    assert_eq!(at(&g, "gb-f3"), sea("western-med"));
}

#[test]
fn the_mover_engages_only_in_its_combat_step_and_may_not_undo_after_it() {
    let mut g = off_toulon(Rulebook::preset(Preset::Standard), &[]);
    submit(
        &mut g,
        "great-britain",
        "sail gb-f3,nelson western-med>ligurian",
    );
    assert_eq!(refused(&mut g, "great-britain", "engage ligurian"), "6.1.3");
    submit(&mut g, "great-britain", "done");
    assert_eq!(g.state().naval.stage, Stage::Combat);
    let engage = Decision::Naval(NavalDecision::Engage {
        at: sea("ligurian"),
    });
    assert!(g.choices(p("great-britain")).contains(&engage));
    assert_eq!(refused(&mut g, "great-britain", "undo"), "6.1.3");
    // Nothing to fight at Malta's box.
    assert_eq!(
        refused(&mut g, "great-britain", "engage box:malta"),
        "6.3.1.2"
    );
    submit(&mut g, "great-britain", "engage ligurian");
    assert_eq!(g.pending(), vec![p("france")]);
    // France's choices are to stand or evade; its default is to stand (3.6).
    assert_eq!(
        g.default_decision(p("france")),
        Some(Decision::Naval(NavalDecision::Evade { evade: false }))
    );
}

#[test]
fn a_failed_evasion_leads_to_the_battle_and_its_ships_are_conserved() {
    let mut g = off_toulon(Rulebook::preset(Preset::Standard), &[]);
    submit(
        &mut g,
        "great-britain",
        "sail gb-f3,nelson western-med>ligurian",
    );
    submit(&mut g, "great-britain", "done");
    submit(&mut g, "great-britain", "engage ligurian");
    // Evasion 5 - 2 = 3 fails; fire 4 (+2 Nelson = 6: 30% of 12 = 4) and 1 (10% of 11 = 1); pursuit 6 sinks one
    // more; no leader casualty.
    g.force_dice(&[5, 4, 1, 6, 1, 1, 1, 1]).unwrap();
    let before = ships(&g, "gb-f3") + ships(&g, "fr-f2");
    submit(&mut g, "france", "evade");
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::Naval(NavalEvent::Evaded { to: None, .. })))
    );
    let b = last_battle(&g);
    assert_eq!(b.attacking.lost_ships(), 1);
    assert_eq!(
        b.defending.lost_ships(),
        5,
        "4 in the fire and 1 in the pursuit"
    );
    assert_eq!(b.captured, 1, "25% of 5, rounded down");
    let after = ships(&g, "gb-f3") + ships(&g, "fr-f2");
    assert_eq!(after + b.sunk() as u16, before);
    assert_eq!(ships(&g, "gb-f3"), 12);
    assert_eq!(ships(&g, "fr-f2"), 6);
    // France chooses its port (12.2.3.5); its default is the nearest (Toulon and Ajaccio are both one point away:
    // the first by key).
    assert_eq!(g.state().naval.stage, Stage::Retreat);
    assert_eq!(
        g.default_decision(p("france")),
        Some(Decision::Naval(NavalDecision::Retreat {
            to: area("ajaccio")
        }))
    );
    assert_eq!(refused(&mut g, "france", "retreat paris"), "12.2.3.5");
    submit(&mut g, "france", "retreat ajaccio");
    assert_eq!(
        at(&g, "fr-f2"),
        area("ajaccio"),
        "the loser retreats to a port"
    );
}

#[test]
fn the_loser_retreats_at_its_full_allowance_not_its_stack_reduced_one() {
    // rule: 12.2.3.5
    // Britain's five fleets in the Black Sea have 7 - 3 = 4 points under 12.2.3; its nearest port, Malta, is five
    // away (the Sea of Marmara, the Aegean, the Ionian, the Central Mediterranean, Malta). Beaten, they retreat there
    // all the same.
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional.insert(OptionalRule::LargeFleets);
    let mut g = common::at_1805(
        rb,
        3,
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 4, "location": {"sea": "black-sea"}}}"#,
            r#"{"fleet": {"fleet": "gb-f2", "ships": 4, "location": {"sea": "black-sea"}}}"#,
            r#"{"fleet": {"fleet": "gb-f3", "ships": 4, "location": {"sea": "black-sea"}}}"#,
            r#"{"fleet": {"fleet": "gb-f4", "ships": 4, "location": {"sea": "black-sea"}}}"#,
            r#"{"fleet": {"fleet": "gb-f5", "ships": 4, "location": {"sea": "black-sea"}}}"#,
            r#"{"fleet": {"fleet": "fr-f1", "ships": 30, "location": {"sea": "black-sea"}}}"#,
        ],
    );
    submit(&mut g, "great-britain", "slot 1");
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 4);
    submit(&mut g, "great-britain", "done");
    submit(&mut g, "great-britain", "engage black-sea");
    // Fire 1 for Britain (10% of 20: 2), 6 for France (30% of 30: 9); France's pursuit 1.
    g.force_dice(&[1, 6, 1]).unwrap();
    submit(&mut g, "france", "stand");
    // Britain's nearest port is its default retreat.
    let d = g.default_decision(p("great-britain")).unwrap();
    assert_eq!(
        d,
        Decision::Naval(NavalDecision::Retreat { to: area("malta") })
    );
    g.submit(p("great-britain"), d).unwrap();
    let b = last_battle(&g);
    assert_eq!(
        b.winner,
        Some(coalition_engine::scenario::combat::Role::Defender)
    );
    for f in ["gb-f1", "gb-f2", "gb-f3", "gb-f4", "gb-f5"] {
        if ships(&g, f) > 0 {
            assert_eq!(at(&g, f), area("malta"), "{f}");
        }
    }
    let path_cost = 5;
    assert!(path_cost > g.state().naval.allowance[&fleet("gb-f1")]);
    // Without 12.2.3.5 a retreat of 4 could not reach a port: the same battle's fleets would stay at sea.
}

#[test]
fn twelve_at_sea_wounds_or_kills_an_admiral() {
    // rule: 12.7
    let mut g = off_toulon(Rulebook::preset(Preset::Standard), &[]);
    submit(
        &mut g,
        "great-britain",
        "sail gb-f3,nelson western-med>ligurian",
    );
    submit(&mut g, "great-britain", "done");
    submit(&mut g, "great-britain", "engage ligurian");
    // Fire 3 and 3; pursuit 1; Britain's casualty check 6+6, and the die for Nelson 6: killed. France: no twelve.
    g.force_dice(&[3, 3, 1, 6, 6, 6, 1, 1]).unwrap();
    submit(&mut g, "france", "stand");
    let nelson = &g.state().forces.leaders[&LeaderId::new("nelson").unwrap()];
    assert_eq!(nelson.status, LeaderStatus::Dead);
    assert_eq!(nelson.location, Location::OffMap);
    // Without the option nobody rolls for it.
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional.remove(&OptionalRule::LeaderCasualties);
    let mut g = off_toulon(rb, &[]);
    submit(
        &mut g,
        "great-britain",
        "sail gb-f3,nelson western-med>ligurian",
    );
    submit(&mut g, "great-britain", "done");
    submit(&mut g, "great-britain", "engage ligurian");
    g.force_dice(&[3, 3, 1]).unwrap();
    submit(&mut g, "france", "stand");
    assert!(
        !g.log()
            .iter()
            .any(|e| format!("{e:?}").contains("\"12.7\""))
    );
    let nelson = &g.state().forces.leaders[&LeaderId::new("nelson").unwrap()];
    assert_eq!(nelson.status, LeaderStatus::Active);
}

#[test]
fn without_proportional_losses_the_largest_fleet_loses_first() {
    // rule: 12.2.5
    // France (20) and Spain (10) stand together; Britain's fire 6 (+1 for superiority? no: 30 against 30) takes
    // 30% of 30 = 9. With 12.2.5 they share 6 and 3; without it the largest fleet loses each ship in turn.
    let setup = [
        r#"{"fleet": {"fleet": "gb-f1", "ships": 30, "location": {"sea": "bay-of-biscay"}}}"#,
        r#"{"fleet": {"fleet": "fr-f1", "ships": 20, "location": {"sea": "bay-of-biscay"}}}"#,
        r#"{"fleet": {"fleet": "sp-f1", "ships": 10, "location": {"sea": "bay-of-biscay"}}}"#,
    ];
    for (on, fr, sp) in [(true, 6, 3), (false, 9, 0)] {
        let mut rb = Rulebook::preset(Preset::Standard);
        if on {
            rb.optional.insert(OptionalRule::ProportionalNavalLosses);
        } else {
            rb.optional.remove(&OptionalRule::ProportionalNavalLosses);
        }
        let mut g = common::at_1805(rb, 4, Step::Naval, &setup);
        submit(&mut g, "great-britain", "slot 1");
        submit(&mut g, "great-britain", "done");
        submit(&mut g, "great-britain", "engage bay-of-biscay");
        g.force_dice(&[6, 1, 1]).unwrap();
        for q in g.pending() {
            g.submit(q, Decision::Naval(NavalDecision::Evade { evade: false }))
                .unwrap();
        }
        let b = last_battle(&g);
        let lost = |f: &str| b.defending.lost.get(&fleet(f)).copied().unwrap_or(0);
        assert_eq!((lost("fr-f1"), lost("sp-f1")), (fr, sp), "12.2.5 on: {on}");
    }
}

/// The Channel Fleet (20) at Plymouth sails through the Channel into the Bay of Biscay; the Brest Fleet (18) in
/// Brest reaches both sea areas.
fn channel_sortie(extra: &[&str]) -> Game {
    let mut g = common::at_1805(Rulebook::preset(Preset::Standard), 8, Step::Naval, extra);
    submit(&mut g, "great-britain", "slot 1");
    submit(
        &mut g,
        "great-britain",
        "sail gb-f1 plymouth>english-channel>bay-of-biscay",
    );
    g
}

#[test]
fn an_interception_stops_the_move_where_it_succeeds_and_the_interceptor_attacks() {
    let mut g = channel_sortie(&[]);
    // Spain's fleet at Ferrol reaches the Bay of Biscay too.
    assert_eq!(g.pending(), vec![p("france"), p("spain")]);
    assert_eq!(g.state().naval.stage, Stage::Interception);
    let choices = g.choices(p("france"));
    assert!(choices.contains(&Decision::Naval(NavalDecision::Intercept { at: None })));
    assert!(choices.contains(&Decision::Naval(NavalDecision::Intercept {
        at: Some(sea("english-channel"))
    })));
    assert_eq!(
        refused(&mut g, "france", "intercept north-sea"),
        "6.3",
        "a sea area the move did not enter"
    );
    assert_eq!(
        g.default_decision(p("france")),
        Some(Decision::Naval(NavalDecision::Intercept { at: None }))
    );
    // The roll 5 (with Ganteaume's edge over a British fleet without an admiral) succeeds; then fire 3 and 3: France loses 3 of 18, Britain 3
    // of 20, so Britain wins and France retreats to Brest; no pursuit.
    g.force_dice(&[5, 3, 3, 1]).unwrap();
    submit(&mut g, "france", "intercept english-channel");
    submit(&mut g, "spain", "intercept none");
    let b = last_battle(&g);
    assert_eq!(b.attacker, p("france"), "the interceptor attacks");
    assert_eq!(b.at, sea("english-channel"));
    assert_eq!(
        at(&g, "gb-f1"),
        sea("english-channel"),
        "the move ends there"
    );
    // The loser chooses among its ports (Boulogne and Brest are one point away; the default is the first by key):
    // France takes its fleet home to Brest.
    assert_eq!(
        g.choices(p("france"))[..2],
        [
            Decision::Naval(NavalDecision::Retreat {
                to: area("boulogne")
            }),
            Decision::Naval(NavalDecision::Retreat { to: area("brest") })
        ]
    );
    submit(&mut g, "france", "retreat brest");
    assert_eq!(at(&g, "fr-f1"), area("brest"), "the loser retreats");
    // The point of the Bay of Biscay is given back: 7 - 1 left; the mover goes on, and may not undo.
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 6);
    assert_eq!(g.state().naval.stage, Stage::Moving);
    assert_eq!(g.pending(), vec![p("great-britain")]);
    assert_eq!(refused(&mut g, "great-britain", "undo"), "6.2.1");
}

#[test]
fn a_failed_interception_lets_the_move_pass_and_a_blockaded_fleet_cannot_try() {
    let mut g = channel_sortie(&[]);
    // 1, with Ganteaume's strategic edge, is below 5.
    g.force_dice(&[1]).unwrap();
    submit(&mut g, "france", "intercept bay-of-biscay");
    submit(&mut g, "spain", "intercept none");
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::Naval(NavalEvent::Intercepted { stopped: false, .. })
    )));
    assert_eq!(at(&g, "gb-f1"), sea("bay-of-biscay"));
    assert_eq!(ships(&g, "gb-f1"), 20);
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 5);
    // With a British squadron in Brest's box, the Brest Fleet is blockaded: France reaches only the Bay of Biscay
    // (from Rochefort), not the Channel.
    let mut g = channel_sortie(&[
        r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"blockade": "brest"}}}"#,
    ]);
    assert!(
        !g.choices(p("france"))
            .contains(&Decision::Naval(NavalDecision::Intercept {
                at: Some(sea("english-channel"))
            }))
    );
    assert_eq!(
        refused(&mut g, "france", "intercept english-channel"),
        "6.3"
    );
}
