//! Rule 14.3.2 (the rules for using UMPs) on the test scenario (France, Austria, Prussia) and the 1805 scenario.

#[path = "../common/mod.rs"]
mod common;

use coalition_engine::calendar::{Position, Step};
use coalition_engine::decision::Call;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, Nation};
use coalition_engine::political::declarations;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Location, embedded_scenario};
use coalition_engine::state::LossCause;
use coalition_engine::umps::rules::{self, BattlePoints, ForceShare};
use coalition_engine::umps::{UmpStatus, status_of};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn set_ump(g: &mut Game, ump: &str, controller: Option<&str>, status: UmpStatus) {
    g.host(
        &Adjustment::SetUmpControl {
            ump: p(ump),
            controller: controller.map(p),
            status,
        },
        "",
    )
    .unwrap();
}

fn war(g: &mut Game, a: &str, b: &str) {
    g.host(
        &Adjustment::War {
            aggressor: np(a),
            defender: np(b),
            since: None,
        },
        "",
    )
    .unwrap();
}

fn loss(g: &mut Game, n: &str, land: u32, ships: u32, excluded: u32) {
    g.host(
        &Adjustment::Loss {
            nation: np(n),
            land_factors: land,
            ships,
            cause: LossCause::Combat,
            excluded_factors: excluded,
            forced_by: None,
        },
        "",
    )
    .unwrap();
}

/// A game of the 1805 scenario with every power seated (the host then makes some of them UMPs).
fn game_1805() -> Game {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    Game::new(s, Rulebook::preset(Preset::Standard), 1805, &[]).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn corps(s: &str) -> CorpsId {
    CorpsId::new(s).unwrap()
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.2.1

mod declarations_and_calls;
mod losses_and_peace;
