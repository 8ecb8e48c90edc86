//! Coalition's naval battle with ship kinds (`docs/rules/naval-1853.md`) through the game, on the 1805 map opting
//! into the steam navies: a fleet's mix in the state (6.3.10), chits chosen sealed (6.3.11), rams (6.3.15), losses
//! by kind and hulks (6.3.17), port guns (6.3.18), and the 1805 rules untouched without an era.

mod common;

use coalition_engine::game::Game;
use coalition_engine::ids::{FleetId, PowerId};
use coalition_engine::naval::{NavalDecision, NavalEvent, Stage};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::ships::{NavalChit, ShipKind};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Decision, Event, Step};
use common::submit;

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn fleet(s: &str) -> FleetId {
    FleetId::new(s).unwrap()
}

fn mix_of(g: &Game, f: &str) -> std::collections::BTreeMap<ShipKind, u16> {
    g.state().forces.fleets[&fleet(f)].kinds()
}

use common::steam::last_battle;

use common::steam::{engaged, hulks_of};

#[test]
fn a_fleet_s_mix_is_set_by_its_event_and_sums_to_its_ships() {
    let g = engaged(
        r#"{"steamship": 2, "ship_of_the_line": 8}"#,
        r#"{"heavy": 3, "frigate": 4}"#,
        &[],
    );
    assert_eq!(
        mix_of(&g, "gb-f3"),
        [(ShipKind::ShipOfTheLine, 8), (ShipKind::Steamship, 2)].into()
    );
    assert_eq!(g.state().forces.fleets[&fleet("gb-f3")].ships, 10);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::FleetMixChanged { fleet: f, .. }) if *f == fleet("fr-f2")
    )));
    // A fleet with no mix is all ships of the line.
    let plain = &g.state().forces.fleets[&fleet("gb-f1")];
    assert_eq!(
        plain.kinds(),
        [(ShipKind::ShipOfTheLine, plain.ships)].into()
    );
}

#[test]
fn both_sides_choose_their_chits_sealed_and_a_ram_needs_a_steamship() {
    let mut g = engaged(
        r#"{"steamship": 2, "ship_of_the_line": 8}"#,
        r#"{"heavy": 3, "frigate": 4}"#,
        &[],
    );
    assert_eq!(g.state().naval.stage, Stage::Chits);
    let mut pending = g.pending();
    pending.sort();
    assert_eq!(pending, vec![p("france"), p("great-britain")]);
    assert_eq!(
        g.default_decision(p("france")),
        Some(Decision::Naval(NavalDecision::Chit {
            chit: NavalChit::LineOfBattle,
            ram: None
        }))
    );
    let ram = Decision::Naval(NavalDecision::Chit {
        chit: NavalChit::Melee,
        ram: Some(ShipKind::Heavy),
    });
    assert!(g.choices(p("great-britain")).contains(&ram));
    // France has no steamship: it may not ram.
    assert_eq!(
        common::refused(&mut g, "france", "chit melee ram steamship"),
        "6.3.15"
    );
    // Britain's chit is sealed: nothing is fought or shown until France's is in.
    submit(&mut g, "great-britain", "chit melee ram heavy");
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::Naval(NavalEvent::BattleFought { .. })))
    );
    submit(&mut g, "france", "chit lozenge");
    let b = last_battle(&g);
    let steam = b.steam.expect("a battle with ship kinds");
    assert_eq!(steam.setup[0].chit, Some(NavalChit::Melee));
    assert_eq!(steam.setup[1].chit, Some(NavalChit::Lozenge));
    assert_eq!(steam.rams.len(), 1);
    assert_eq!(steam.rams[0].target, ShipKind::Heavy);
}

#[test]
fn every_die_of_the_battle_is_logged_with_its_rule() {
    let mut g = engaged(
        r#"{"steamship": 1, "ship_of_the_line": 6}"#,
        r#"{"ship_of_the_line": 6}"#,
        &[],
    );
    submit(&mut g, "great-britain", "chit line_of_battle");
    submit(&mut g, "france", "chit line_of_battle");
    let rules = common::steam::dice_rules(&g);
    assert!(rules.contains(&"6.3.12".to_string()), "{rules:?}");
    assert!(rules.contains(&"6.3.13".to_string()), "{rules:?}");
}

#[test]
fn a_steamship_rams_a_ship_of_the_line_and_sinks_it_on_a_five() {
    let mut g = engaged(
        r#"{"steamship": 1, "ship_of_the_line": 6}"#,
        r#"{"ship_of_the_line": 6}"#,
        &[],
    );
    // Manoeuvre 3 and 3 (nobody); the ram: no evasion for a ship of the line, 4 + 1 (not a steamship) = 5: the
    // target sinks; then the rounds.
    g.force_dice(&[3, 3, 4]).unwrap();
    submit(
        &mut g,
        "great-britain",
        "chit line_of_battle ram ship_of_the_line",
    );
    submit(&mut g, "france", "chit line_of_battle");
    let b = last_battle(&g);
    let steam = b.steam.clone().unwrap();
    let r = &steam.rams[0];
    assert!(!r.evaded && r.target_sunk && !r.rammer_sunk, "{r:?}");
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "6.3.15" && roll.total == 5
    )));
    // No evasion die was rolled for a ship of the line: the manoeuvre's two dice, then the ram's.
    let rules = common::steam::dice_rules(&g);
    let first = rules.iter().position(|r| r == "6.3.12").unwrap();
    assert_eq!(&rules[first..first + 3], &["6.3.12", "6.3.12", "6.3.15"]);
    // The rammed ship is among France's losses, taken from its fleet by kind.
    let lost = steam.fight.sides[1].lost[&ShipKind::ShipOfTheLine];
    assert!(lost >= 1);
    assert_eq!(b.defending.lost_ships(), lost as u32);
    assert_eq!(
        mix_of(&g, "fr-f2")
            .get(&ShipKind::ShipOfTheLine)
            .copied()
            .unwrap_or(0),
        6 - lost
    );
}

#[test]
fn an_ironclad_is_not_sunk_by_a_ram_and_the_winner_takes_the_loser_s_hulks() {
    let mut g = engaged(
        r#"{"ironclad": 2, "ship_of_the_line": 4}"#,
        r#"{"steamship": 1, "ship_of_the_line": 5}"#,
        &[],
    );
    let hulks_before = hulks_of(&g, "great-britain");
    // Manoeuvre 3 and 3; France's steamship rams an ironclad, which tries to evade (it is a steamship): 1 fails;
    // ram 6: the target would sink, but an ironclad cannot. Rounds: Britain 6s, France 1s.
    g.force_dice(&[3, 3, 1, 6, 6, 1, 6, 1, 6, 1]).unwrap();
    submit(&mut g, "great-britain", "chit melee");
    submit(&mut g, "france", "chit melee ram ironclad");
    let b = last_battle(&g);
    let steam = b.steam.clone().unwrap();
    assert_eq!(steam.rams.len(), 1);
    assert!(
        !steam.rams[0].target_sunk,
        "an ironclad is not sunk by ramming"
    );
    assert_eq!(steam.fight.sides[0].lost.get(&ShipKind::Ironclad), None);
    assert_eq!(
        b.winner,
        Some(coalition_engine::scenario::combat::Role::Attacker)
    );
    let lost_hulk_kinds: u16 = steam.fight.sides[1]
        .lost
        .iter()
        .filter(|(k, _)| matches!(k, ShipKind::ShipOfTheLine | ShipKind::Steamship))
        .map(|(_, n)| *n)
        .sum::<u16>()
        + steam.fight.sides[0]
            .lost
            .get(&ShipKind::ShipOfTheLine)
            .copied()
            .unwrap_or(0);
    assert!(lost_hulk_kinds > 0);
    assert_eq!(
        hulks_of(&g, "great-britain"),
        hulks_before + lost_hulk_kinds
    );
    // The fleets' mixes lost their ships by kind, and still sum to their ships.
    for f in ["gb-f3", "fr-f2"] {
        let fl = &g.state().forces.fleets[&fleet(f)];
        assert_eq!(fl.kinds().values().sum::<u16>(), fl.ships);
    }
    assert_eq!(mix_of(&g, "gb-f3").get(&ShipKind::Ironclad), Some(&2));
}

#[test]
fn without_an_era_the_1805_battle_asks_no_chit() {
    let mut g = common::at_1805(
        Rulebook::preset(Preset::Standard),
        11,
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"sea": "western-med"}}}"#,
            r#"{"fleet": {"fleet": "fr-f2", "ships": 11, "location": {"sea": "ligurian"}}}"#,
        ],
    );
    submit(&mut g, "great-britain", "slot 1");
    submit(&mut g, "great-britain", "sail gb-f3 western-med>ligurian");
    submit(&mut g, "great-britain", "done");
    submit(&mut g, "great-britain", "engage ligurian");
    if g.state().naval.stage == Stage::Evasion {
        submit(&mut g, "france", "stand");
    }
    let b = last_battle(&g);
    assert!(b.steam.is_none());
    assert!(g.state().forces.fleets[&fleet("gb-f3")].mix.is_none());
}

#[test]
fn a_mix_is_refused_in_a_scenario_without_an_era() {
    use coalition_engine::scenario::{Adjustment, embedded_scenario};
    let a: Adjustment = serde_json::from_str(
        r#"{"fleet": {"fleet": "gb-f3", "ships": 2, "location": {"sea": "western-med"}, "mix": {"frigate": 2}}}"#,
    )
    .unwrap();
    let sc = std::sync::Arc::new(embedded_scenario("1805").unwrap());
    let Err(e) = Game::with_setup(sc, Rulebook::preset(Preset::Standard), 1, &[], None, &[a])
    else {
        panic!("a mix without an era is refused");
    };
    assert!(format!("{e:?}").contains("6.3.10"), "{e:?}");
}
