//! Rule 4.6 (the Minor Country Control Step) on the test scenario (France, Austria, Prussia; Bavaria neutral,
//! Saxony a Prussian free state of two districts) and, for fleets, the 1805 scenario.

#[path = "../common/mod.rs"]
mod common;

use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, DistrictId, FleetId, MinorId, Nation, SeaId};
use coalition_engine::political::minors::{MinorDecision, MinorEvent, NotAtWar, Placement};
use coalition_engine::political::peace::PeaceDecision;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{CorpsKind, Factors, Location, MinorStatus, embedded_scenario};
use coalition_engine::state::WarCause;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn m(s: &str) -> MinorId {
    MinorId::new(s).unwrap()
}
fn nm(s: &str) -> Nation {
    Nation::Minor(m(s))
}
fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}
fn host(g: &mut Game, a: Adjustment) {
    g.host(&a, "test set-up").unwrap();
}
fn mc(d: MinorDecision) -> Decision {
    Decision::MinorControl(d)
}
fn roll(minors: &[&str]) -> Decision {
    mc(MinorDecision::Roll {
        minors: minors.iter().map(|s| m(s)).collect(),
    })
}
fn back_down(minors: &[&str]) -> Decision {
    mc(MinorDecision::BackDown {
        minors: minors.iter().map(|s| m(s)).collect(),
    })
}
fn support(against: &[&str]) -> Decision {
    mc(MinorDecision::Support {
        against: against.iter().map(|s| p(s)).collect(),
    })
}
fn ally(g: &mut Game, a: &str, b: &str) {
    host(
        g,
        Adjustment::Alliance {
            a: p(a),
            b: p(b),
            since: None,
        },
    );
}

/// The declarations of this month, then the game runs (defaults) to the Minor Country Control Step.
fn declare(g: &mut Game, decl: &[(&str, &[&str])]) {
    run_to(g, Step::DeclarationsOfWar);
    let v = decl
        .iter()
        .map(|(pw, ts)| {
            (
                *pw,
                Decision::DeclareWar(coalition_engine::decision::Declare {
                    targets: ts
                        .iter()
                        .map(|t| g.scenario().nation_by_name(t).unwrap())
                        .collect(),
                }),
            )
        })
        .collect();
    submit_all(g, v);
    run_to(g, Step::MinorCountryControl);
}

fn minor_events(g: &Game) -> Vec<MinorEvent> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::MinorControl(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

fn control_rolls(g: &Game) -> Vec<coalition_engine::dice::Roll> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "4.6.2" => {
                Some(roll.clone())
            }
            _ => None,
        })
        .collect()
}

fn mods(r: &coalition_engine::dice::Roll) -> Vec<(i32, String)> {
    r.modifiers
        .iter()
        .map(|m| (m.value, m.rule.clone()))
        .collect()
}

/// Everyone owing in the step takes the default until the step is over.
fn finish_step(g: &mut Game) {
    while g.state().position.step == Step::MinorCountryControl && !g.pending().is_empty() {
        submit_all(g, vec![]);
    }
}

mod control;
mod forces;
