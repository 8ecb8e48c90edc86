//! The 1805 map with Coalition's navies of the 1850s (`docs/rules/naval-1853.md`): the embedded 1805 scenario with
//! `naval_era: Some("steam")`, for the tests of ship kinds.
#![allow(dead_code)]

use coalition_engine::game::Game;
use coalition_engine::rulebook::Rulebook;
use coalition_engine::scenario::{Adjustment, Scenario, ScenarioSources, embedded_sources};
use coalition_engine::{Date, Position, Step};
use std::sync::Arc;

/// The 1805 sources with the scenario opting into `era` (`None`: as they are).
pub fn sources(era: Option<&str>) -> ScenarioSources {
    let mut src = embedded_sources("1805").expect("1805 is embedded");
    if let Some(era) = era {
        let path = "scenarios/1805/scenario.ron";
        let text = src.files[path].clone();
        let end = text.rfind(')').expect("a closing parenthesis");
        let patched = format!("{}    naval_era: Some(\"{era}\"),\n)", &text[..end]);
        src.files.insert(path.into(), patched);
    }
    src
}

/// The 1805 scenario with the steam navies.
pub fn scenario() -> Arc<Scenario> {
    Arc::new(Scenario::load(&sources(Some("steam")), "1805").expect("the steam 1805 loads"))
}

/// A game of the steam 1805 at `step` of January 1805 with the host's adjustments (JSON).
pub fn game(rulebook: Rulebook, seed: u64, step: Step, adjs: &[&str]) -> Game {
    game_in(1, rulebook, seed, step, adjs)
}

/// A game of the steam 1805 at `step` of the month `month` of 1805 with the host's adjustments (JSON).
pub fn game_in(month: u8, rulebook: Rulebook, seed: u64, step: Step, adjs: &[&str]) -> Game {
    let adjs: Vec<Adjustment> = adjs
        .iter()
        .map(|a| serde_json::from_str(a).unwrap_or_else(|e| panic!("{a}: {e}")))
        .collect();
    let start = Position {
        date: Date::new(1805, month).unwrap(),
        step,
    };
    Game::with_setup(scenario(), rulebook, seed, &[], Some(start), &adjs).unwrap()
}

/// The last naval battle in the log.
pub fn last_battle(g: &Game) -> coalition_engine::naval::combat::NavalBattle {
    g.log()
        .iter()
        .rev()
        .find_map(|e| match e {
            coalition_engine::Event::Naval(coalition_engine::naval::NavalEvent::BattleFought {
                battle,
            }) => Some(battle.clone()),
            _ => None,
        })
        .expect("a naval battle was fought")
}

/// The rules of the dice rolled so far, in order.
pub fn dice_rules(g: &Game) -> Vec<String> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            coalition_engine::Event::World(coalition_engine::world::WorldEvent::DiceRolled {
                roll,
            }) => Some(roll.rule.clone()),
            _ => None,
        })
        .collect()
}

/// Britain's fleet (`gb`) in the Western Mediterranean and France's (`fr`) in the Ligurian Sea, each with a mix;
/// Britain moves first, sails to the Ligurian and engages; France stands. Both are then asked for chits.
pub fn engaged(gb: &str, fr: &str, extra: &[&str]) -> Game {
    let gb = format!(
        r#"{{"fleet": {{"fleet": "gb-f3", "ships": {}, "location": {{"sea": "western-med"}}, "mix": {gb}}}}}"#,
        total(gb)
    );
    let fr = format!(
        r#"{{"fleet": {{"fleet": "fr-f2", "ships": {}, "location": {{"sea": "ligurian"}}, "mix": {fr}}}}}"#,
        total(fr)
    );
    let mut adjs = vec![gb.as_str(), fr.as_str()];
    adjs.extend_from_slice(extra);
    let mut g = game(
        coalition_engine::rulebook::Rulebook::preset(coalition_engine::rulebook::Preset::Standard),
        11,
        Step::Naval,
        &adjs,
    );
    super::submit(&mut g, "great-britain", "slot 1");
    super::submit(&mut g, "great-britain", "sail gb-f3 western-med>ligurian");
    super::submit(&mut g, "great-britain", "done");
    super::submit(&mut g, "great-britain", "engage ligurian");
    if g.pending() == vec![super::p("france")]
        && g.state().naval.stage == coalition_engine::naval::Stage::Evasion
    {
        super::submit(&mut g, "france", "stand");
    }
    g
}

fn total(mix: &str) -> u16 {
    let m: std::collections::BTreeMap<coalition_engine::scenario::ShipKind, u16> =
        serde_json::from_str(mix).unwrap();
    m.values().sum()
}

/// A power's hulks.
pub fn hulks_of(g: &Game, power: &str) -> u16 {
    g.state()
        .navy
        .hulks
        .get(&super::p(power))
        .copied()
        .unwrap_or(0)
}
