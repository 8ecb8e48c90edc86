//! Shared by the battle tests: the combat chart of the 1805 scenario, corps and leaders, and a battle resolved on
//! forced dice.
#![allow(dead_code)]

use coalition_engine::battle::day::resolve;
use coalition_engine::battle::{BattleCorps, BattleLeader, Options, Report, Setup, SideSetup};
use coalition_engine::ids::Key;
use coalition_engine::scenario::combat::{AttackChit, CombatChart, DefendChit};
use coalition_engine::scenario::{CorpsKind, Factors, Terrain, embedded_scenario};

pub fn chart() -> CombatChart {
    static CHART: std::sync::OnceLock<CombatChart> = std::sync::OnceLock::new();
    CHART
        .get_or_init(|| embedded_scenario("1805").unwrap().combat)
        .clone()
}

pub fn k(s: &str) -> Key {
    Key::new(s).unwrap()
}

pub fn inf(n: u16) -> Factors {
    Factors {
        infantry: n,
        ..Default::default()
    }
}

pub fn corps(name: &str, power: &str, kind: CorpsKind, factors: Factors) -> BattleCorps {
    BattleCorps {
        name: name.into(),
        nation: k(power),
        power: k(power),
        kind,
        factors,
        outflanking: false,
        trained: false,
        reinforcing: None,
        capped: false,
    }
}

pub fn leader(name: &str, power: &str, s: u8, t: u8, mt: u8) -> BattleLeader {
    BattleLeader {
        name: name.into(),
        power: k(power),
        strategic: s,
        tactical: t,
        tactical_max: mt,
        nation: None,
    }
}

pub fn side(corps: Vec<BattleCorps>, leaders: Vec<BattleLeader>) -> SideSetup {
    SideSetup {
        corps,
        leaders,
        ..Default::default()
    }
}

/// French I Corps (20 infantry, Davout) attacks Austrian I Corps (20 infantry, Mack) in clear terrain.
pub fn french_v_austrian(a: AttackChit, d: DefendChit) -> Setup {
    Setup {
        attacker: side(
            vec![corps("fr-1", "france", CorpsKind::Infantry, inf(20))],
            vec![leader("Davout", "france", 5, 5, 4)],
        ),
        defender: side(
            vec![corps("au-1", "austria", CorpsKind::Infantry, inf(20))],
            vec![leader("Mack", "austria", 2, 2, 3)],
        ),
        terrain: Terrain::Clear,
        river: false,
        chits: vec![(a, d)],
        options: Options::default(),
        kind: Default::default(),
        walls: None,
        days: None,
    }
}

/// Resolves with the dice `faces` first (every one must be used), then 1s for as long as the battle lasts.
pub fn run(setup: &Setup, faces: &[u8]) -> Report {
    let mut it = faces.iter().copied();
    let r = resolve(&chart(), setup, &mut || it.next().unwrap_or(1)).unwrap();
    assert!(it.next().is_none(), "every forced die was used");
    r
}
