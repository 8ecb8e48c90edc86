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
