//! Coalition's rule 6 for the navies of the 1850s (`docs/rules/naval-1853.md`), step by step: the kinds' data and
//! its checks (6.3.10), the manoeuvre (6.3.12), fire with frigates at half value and heavy ships' double damage and
//! edge (6.3.13, 6.3.14), ramming (6.3.15), ironclads (6.3.16), the loss order (6.3.17), port guns (6.3.18) and
//! the exact odds (6.3.21).

mod common;

use coalition_engine::naval::steam::{self, Fight, Mix, SideSetup};
use coalition_engine::naval::steam_odds;
use coalition_engine::scenario::ships::{NavalChit, ShipKind, ShipsFile};
use coalition_engine::scenario::{NavalCombatChart, Scenario};
use std::collections::BTreeMap;

use ShipKind::*;

fn sc() -> std::sync::Arc<Scenario> {
    common::steam::scenario()
}

fn ships(sc: &Scenario) -> ShipsFile {
    sc.ships.clone().expect("the steam era's ships")
}

fn chart(sc: &Scenario) -> NavalCombatChart {
    sc.charts.naval.combat.clone()
}

fn mix(xs: &[(ShipKind, u16)]) -> Mix {
    xs.iter().copied().collect()
}

fn side(xs: &[(ShipKind, u16)], chit: NavalChit) -> SideSetup {
    SideSetup {
        ships: mix(xs),
        chit: Some(chit),
        ..SideSetup::default()
    }
}

fn fight(sh: &ShipsFile, setup: &[SideSetup; 2]) -> Fight {
    steam::start(sh, setup)
}

fn rules(m: &[coalition_engine::dice::Modifier]) -> Vec<String> {
    m.iter().map(|x| x.rule.clone()).collect()
}

// --- 6.3.10: the data ---

#[test]
fn the_steam_ships_load_with_every_kind_and_the_1805_campaign_has_none() {
    let sh = ships(&sc());
    assert_eq!(sh.kinds.len(), ShipKind::ALL.len());
    assert_eq!(sh.kind(Steamship).money, 30);
    assert_eq!(sh.kind(Ironclad).money, 60);
    assert!(!sh.kind(Ironclad).hulk);
    assert!(sh.kind(ShipOfTheLine).hulk);
    let plain = coalition_engine::scenario::embedded_scenario("1805").unwrap();
    assert!(plain.ships.is_none());
    assert!(plain.meta.naval_era.is_none());
}

#[test]
fn a_broken_ships_file_is_reported_with_its_file_and_entry() {
    let mut src = common::steam::sources(Some("steam"));
    let path = "rulesets/steam/ships.ron";
    let text = src.files[path]
        .replace("evade_on: 4", "evade_on: 9")
        .replace(
            "evade:          {melee: -2, line_of_battle: -2, lozenge: -2, doubling: -2, evade: -2},",
            "evade:          {melee: -2, line_of_battle: -2, lozenge: -2, doubling: -2},",
        );
    src.files.insert(path.into(), text);
    let errs = Scenario::load(&src, "1805").unwrap_err().0;
    assert!(errs.iter().all(|e| e.file == path), "{errs:?}");
    let entries: Vec<&str> = errs.iter().map(|e| e.entry.as_str()).collect();
    assert!(entries.contains(&"ramming"), "{entries:?}");
    assert!(entries.contains(&"pairing.evade.evade"), "{entries:?}");
}

#[test]
fn a_missing_ships_file_and_a_mix_without_an_era_are_refused_at_load() {
    let mut src = common::steam::sources(Some("nowhere"));
    let errs = Scenario::load(&src, "1805").unwrap_err().0;
    assert!(errs.iter().any(|e| e.file == "rulesets/nowhere/ships.ron"));
    src = common::steam::sources(None);
    let path = "scenarios/1805/powers.ron";
    let text = src.files[path].clone();
    let at = text.find("ships: ").expect("a fleet");
    let end = at + text[at..].find(',').unwrap();
    let patched = format!(
        "{}, mix: Some({{frigate: 1}}){}",
        &text[..end],
        &text[end..]
    );
    src.files.insert(path.into(), patched);
    let errs = Scenario::load(&src, "1805").unwrap_err().0;
    assert!(
        errs.iter().any(|e| e.file == path
            && e.entry.ends_with(".mix")
            && e.message.contains("naval_era")),
        "{errs:?}"
    );
}

// --- 6.3.12: the manoeuvre ---

#[test]
fn a_steamship_counts_as_two_frigates_for_the_manoeuvre() {
    let sh = ships(&sc());
    let s = [
        side(&[(Steamship, 1)], NavalChit::Melee),
        side(&[(Frigate, 1), (ShipOfTheLine, 3)], NavalChit::Melee),
    ];
    let f = fight(&sh, &s);
    assert_eq!(rules(&steam::manoeuvre_mods(&sh, &f, 0)), vec!["6.3.12"]);
    assert!(steam::manoeuvre_mods(&sh, &f, 1).is_empty());
}

#[test]
fn a_side_of_steamships_only_wins_the_manoeuvre_without_a_roll() {
    let sh = ships(&sc());
    let s = [
        side(&[(ShipOfTheLine, 9)], NavalChit::Melee),
        side(&[(Steamship, 1), (Ironclad, 1)], NavalChit::Melee),
    ];
    assert_eq!(steam::manoeuvre_decided(&sh, &fight(&sh, &s)), Some(1));
    let both = [
        side(&[(Steamship, 2)], NavalChit::Melee),
        side(&[(Ironclad, 1)], NavalChit::Melee),
    ];
    assert_eq!(steam::manoeuvre_decided(&sh, &fight(&sh, &both)), None);
}

// --- 6.3.13 and 6.3.14: fire ---

#[test]
fn frigates_count_half_rounded_down_and_transports_not_at_all() {
    let sh = ships(&sc());
    let s = [
        side(&[(Frigate, 3), (Transport, 4)], NavalChit::Melee),
        side(&[(ShipOfTheLine, 3)], NavalChit::Melee),
    ];
    let f = fight(&sh, &s);
    assert_eq!(steam::strength(&sh, &s, &f, 0), 1);
    assert_eq!(steam::strength(&sh, &s, &f, 1), 3);
}

#[test]
fn heavy_ships_deal_double_damage_only_in_the_named_chit_pairs() {
    let (sc, sh) = (sc(), ships(&sc()));
    let c = chart(&sc);
    let hits = |a: NavalChit, b: NavalChit| {
        let s = [side(&[(Heavy, 10)], a), side(&[(ShipOfTheLine, 20)], b)];
        steam::hits(&sh, &c, &s, &fight(&sh, &s), 0, 4)
    };
    use NavalChit::*;
    let plain = hits(Melee, Melee);
    assert_eq!(plain, 2, "20% of 10");
    assert_eq!(hits(LineOfBattle, LineOfBattle), 2 * plain);
    assert_eq!(hits(Doubling, Doubling), 2 * plain);
    assert_eq!(hits(LineOfBattle, Doubling), 2 * plain);
    assert_eq!(hits(Doubling, LineOfBattle), 2 * plain);
    assert_eq!(hits(Lozenge, LineOfBattle), plain);
    assert_eq!(hits(LineOfBattle, Melee), plain);
}

#[test]
fn a_three_to_two_edge_in_heavy_ships_gives_plus_one_and_a_steamship_counts_as_two() {
    let (sc, sh) = (sc(), ships(&sc()));
    let c = chart(&sc);
    let edge = |a: &[(ShipKind, u16)], b: &[(ShipKind, u16)]| {
        let s = [side(a, NavalChit::Melee), side(b, NavalChit::Melee)];
        rules(&steam::fire_mods(&sh, &c, &s, &fight(&sh, &s), 0)).contains(&"6.3.14".to_string())
    };
    assert!(edge(&[(Heavy, 3)], &[(Heavy, 2)]));
    assert!(!edge(&[(Heavy, 3)], &[(Heavy, 3)]));
    assert!(edge(&[(Steamship, 2)], &[(Heavy, 2), (ShipOfTheLine, 5)]));
    assert!(!edge(&[(Heavy, 1)], &[(Steamship, 1)]));
}

#[test]
fn the_pairing_table_is_read_for_each_side_s_chit_against_the_other_s() {
    let (sc, sh) = (sc(), ships(&sc()));
    let c = chart(&sc);
    let s = [
        side(&[(ShipOfTheLine, 5)], NavalChit::LineOfBattle),
        side(&[(ShipOfTheLine, 5)], NavalChit::Lozenge),
    ];
    let f = fight(&sh, &s);
    let total = |i| {
        steam::fire_mods(&sh, &c, &s, &f, i)
            .iter()
            .map(|m| m.value)
            .sum::<i32>()
    };
    assert_eq!(
        total(0),
        sh.pairing(NavalChit::LineOfBattle, NavalChit::Lozenge)
    );
    assert_eq!(
        total(1),
        sh.pairing(NavalChit::Lozenge, NavalChit::LineOfBattle)
    );
    assert_ne!(total(0), total(1));
}

// --- 6.3.15 and 6.3.16: ramming and ironclads ---

#[test]
fn a_ram_sinks_by_the_die_and_an_ironclad_never_sinks_by_ramming() {
    let sh = ships(&sc());
    assert_eq!(
        steam::ram_sinks(&sh, Steamship, Steamship, 2),
        (true, false)
    );
    assert_eq!(steam::ram_sinks(&sh, Steamship, Steamship, 3), (true, true));
    assert_eq!(
        steam::ram_sinks(&sh, Steamship, Steamship, 5),
        (false, true)
    );
    assert_eq!(steam::ram_sinks(&sh, Ironclad, Steamship, 3), (false, true));
    assert_eq!(
        steam::ram_sinks(&sh, Steamship, Ironclad, 6),
        (false, false)
    );
    assert_eq!(rules(&steam::ram_mods(&sh, ShipOfTheLine)), vec!["6.3.15"]);
    assert!(steam::ram_mods(&sh, Steamship).is_empty());
}

#[test]
fn only_a_side_with_a_steamship_rams_only_steamships_may_evade_and_an_ironclad_rams_first() {
    let sh = ships(&sc());
    let mut s = [
        side(&[(Steamship, 1), (Ironclad, 1)], NavalChit::Melee),
        side(&[(ShipOfTheLine, 2), (Steamship, 1)], NavalChit::Melee),
    ];
    s[0].ram = Some(ShipOfTheLine);
    s[1].ram = Some(Steamship);
    let f = fight(&sh, &s);
    assert_eq!(
        steam::ram_plan(&sh, &s, &f, 0),
        Some((Ironclad, ShipOfTheLine, false))
    );
    assert_eq!(
        steam::ram_plan(&sh, &s, &f, 1),
        Some((Steamship, Steamship, true))
    );
    s[0].ram = Some(Heavy);
    assert_eq!(
        steam::ram_plan(&sh, &s, &fight(&sh, &s), 0),
        None,
        "no such target"
    );
    let mut sail = [
        side(&[(ShipOfTheLine, 3)], NavalChit::Melee),
        side(&[(ShipOfTheLine, 3)], NavalChit::Melee),
    ];
    sail[0].ram = Some(ShipOfTheLine);
    assert_eq!(steam::ram_plan(&sh, &sail, &fight(&sh, &sail), 0), None);
}

#[test]
fn ironclads_take_half_the_hits_rounded_down_and_come_last() {
    let sh = ships(&sc());
    let s = [
        side(&[(Ironclad, 3), (Frigate, 1)], NavalChit::Melee),
        side(&[(ShipOfTheLine, 1)], NavalChit::Melee),
    ];
    let mut f = fight(&sh, &s);
    steam::take_hits(&sh, &mut f, 0, 4);
    // The frigate takes one hit; the three left on the ironclads sink one (halved, rounded down).
    assert_eq!(f.sides[0].lost, mix(&[(Frigate, 1), (Ironclad, 1)]));
    assert_eq!(f.sides[0].ships, mix(&[(Ironclad, 2)]));
}

#[test]
fn morale_is_the_era_s_plus_the_average_of_the_ships_an_ironclad_adding_one() {
    let sh = ships(&sc());
    assert_eq!(steam::morale(&sh, &mix(&[(ShipOfTheLine, 4)])), sh.morale);
    assert_eq!(steam::morale(&sh, &mix(&[(Ironclad, 2)])), sh.morale + 10);
    assert_eq!(
        steam::morale(&sh, &mix(&[(Heavy, 1), (ShipOfTheLine, 1)])),
        sh.morale + 2
    );
}

// --- 6.3.17: the loss order ---

#[test]
fn losses_go_transports_first_then_frigates_then_ships_of_the_line() {
    let sh = ships(&sc());
    let s = [
        side(
            &[
                (Transport, 1),
                (Frigate, 1),
                (ShipOfTheLine, 2),
                (Steamship, 1),
            ],
            NavalChit::Melee,
        ),
        side(&[(ShipOfTheLine, 1)], NavalChit::Melee),
    ];
    let mut f = fight(&sh, &s);
    steam::take_hits(&sh, &mut f, 0, 3);
    assert_eq!(
        f.sides[0].lost,
        mix(&[(Transport, 1), (Frigate, 1), (ShipOfTheLine, 1)])
    );
}

// --- 6.3.18: port guns ---

#[test]
fn port_guns_add_their_value_to_the_strength_of_the_port_s_side() {
    let sh = ships(&sc());
    let mut s = [
        side(&[(ShipOfTheLine, 2)], NavalChit::Melee),
        side(&[(ShipOfTheLine, 2)], NavalChit::Melee),
    ];
    s[1].guns = 3;
    let f = fight(&sh, &s);
    assert_eq!(
        steam::strength(&sh, &s, &f, 1),
        2 + 3 * sh.port_guns.value / 2
    );
    assert_eq!(steam::strength(&sh, &s, &f, 0), 2);
}

// --- 6.3.13: the end ---

#[test]
fn a_side_with_no_ships_left_loses_and_equal_morale_after_the_last_round_is_a_draw() {
    let (sc, sh) = (sc(), ships(&sc()));
    let c = chart(&sc);
    let s = [
        side(&[(ShipOfTheLine, 20)], NavalChit::Melee),
        side(&[(Frigate, 1)], NavalChit::Melee),
    ];
    let mut f = fight(&sh, &s);
    steam::round(&sh, &c, &s, &mut f, [6, 1]);
    assert_eq!(f.end, Some(Some(0)));
    let even = [
        side(&[(Transport, 2)], NavalChit::Melee),
        side(&[(Transport, 2)], NavalChit::Melee),
    ];
    let mut g = fight(&sh, &even);
    for _ in 0..sh.rounds {
        steam::round(&sh, &c, &even, &mut g, [3, 3]);
    }
    assert_eq!(
        g.end,
        Some(None),
        "transports fire nothing: equal morale, no winner"
    );
}

// --- 6.3.21: the odds ---

#[test]
fn the_odds_count_every_die_and_mirror_sides_have_mirror_chances() {
    let (sc, sh) = (sc(), ships(&sc()));
    let c = chart(&sc);
    let s = [
        side(
            &[(ShipOfTheLine, 6), (Steamship, 1)],
            NavalChit::LineOfBattle,
        ),
        side(
            &[(ShipOfTheLine, 6), (Steamship, 1)],
            NavalChit::LineOfBattle,
        ),
    ];
    let o = steam_odds::odds(&sh, &c, &s);
    let dice = 2 + 4 + 2 * sh.rounds;
    assert_eq!(o.total, 6u128.pow(dice));
    assert_eq!(o.attacker_wins + o.defender_wins + o.no_winner, o.total);
    assert_eq!(o.attacker_wins, o.defender_wins);
    assert_eq!(o.lost[0], o.lost[1]);
    assert!(o.attacker_wins > 0);
}

#[test]
fn the_odds_favour_ironclads_and_the_table_has_every_pair_of_chits() {
    let (sc, sh) = (sc(), ships(&sc()));
    let c = chart(&sc);
    let s = [
        side(&[(Ironclad, 4)], NavalChit::LineOfBattle),
        side(&[(ShipOfTheLine, 4)], NavalChit::LineOfBattle),
    ];
    let o = steam_odds::odds(&sh, &c, &s);
    assert!(o.attacker_wins > o.defender_wins, "{o:?}");
    let t = steam_odds::table(&sh, &c, &s);
    assert_eq!(t.len(), 25);
    let pairs: BTreeMap<_, _> = t.iter().map(|o| (o.chits, o.total)).collect();
    assert_eq!(pairs.len(), 25);
}
