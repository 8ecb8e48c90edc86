//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

pub mod points;
pub mod sieges;
pub mod steam;
pub mod watch;

use coalition_engine::game::Game;
use coalition_engine::ids::{Nation, PlayerId, PowerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{PlayerDef, Scenario, embedded_scenario};
use coalition_engine::{Decision, Step};
use std::sync::Arc;

pub fn scenario() -> Arc<Scenario> {
    Arc::new(embedded_scenario("test").expect("test scenario loads"))
}

pub fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

pub fn np(s: &str) -> Nation {
    Nation::Power(p(s))
}

pub fn players(powers: &[&str]) -> Vec<PlayerDef> {
    powers
        .iter()
        .map(|s| PlayerDef {
            id: PlayerId::new(s).unwrap(),
            powers: vec![p(s)],
        })
        .collect()
}

/// A hot-seat game of the test scenario (every power seated).
pub fn game() -> Game {
    Game::new(scenario(), Rulebook::preset(Preset::Standard), 1805, &[]).unwrap()
}

/// A hot-seat game of the test scenario under `rulebook`.
pub fn game_with(rulebook: Rulebook) -> Game {
    Game::new(scenario(), rulebook, 1805, &[]).unwrap()
}

/// The standard rulebook without 12.4 (PeaceTreatyLimitedAccess), under which a peace repatriates forces
/// (4.4.6.2).
pub fn standard_without_12_4() -> Rulebook {
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional
        .remove(&coalition_engine::rulebook::OptionalRule::PeaceTreatyLimitedAccess);
    rb
}

/// Submits the default decision for every owing power until the game reaches `step` with someone owing.
pub fn run_to(g: &mut Game, step: Step) {
    for _ in 0..10_000 {
        if g.state().position.step == step && !g.pending().is_empty() {
            return;
        }
        let pending = g.pending();
        assert!(!pending.is_empty(), "game ended before {step:?}");
        for power in pending {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    panic!("never reached {step:?}");
}

/// `power` submits the decision written `text` (JSON or the text form); panics if it is refused.
pub fn submit(g: &mut Game, power: &str, text: &str) {
    let d = Decision::parse(text, g.scenario()).unwrap();
    g.submit(p(power), d)
        .unwrap_or_else(|e| panic!("{power}: {text}: {e}"));
}

/// `power` submits `text`, which must be refused without changing the game; the rule it cites.
pub fn refused(g: &mut Game, power: &str, text: &str) -> String {
    let d = Decision::parse(text, g.scenario()).unwrap();
    let before = g.log().len();
    let e = g.submit(p(power), d).unwrap_err();
    assert_eq!(g.log().len(), before, "a refusal changes nothing");
    e.rule
}

/// Everyone owing takes the default, except the given decisions.
pub fn submit_all(g: &mut Game, mut decisions: Vec<(&str, Decision)>) {
    for power in g.pending() {
        let d = match decisions.iter().position(|(k, _)| p(k) == power) {
            Some(i) => decisions.remove(i).1,
            None => g.default_decision(power).unwrap(),
        };
        g.submit(power, d).unwrap();
    }
    assert!(decisions.is_empty(), "decisions not owed: {decisions:?}");
}

/// A power's political points.
pub fn pp(g: &Game, s: &str) -> i32 {
    g.state().powers[&p(s)].political_points
}

/// A fleet move, then the default (3.6: let it pass) of every power asked whether it intercepts it (Coalition's
/// 6.3).
pub fn sail(g: &mut Game, power: &str, text: &str) {
    submit(g, power, text);
    while g.state().naval.stage == coalition_engine::naval::Stage::Interception {
        for q in g.pending() {
            let d = g.default_decision(q).expect("a default");
            g.submit(q, d).unwrap();
        }
    }
}

/// Plays defaults until `power` alone owes a decision in its Land Movement step (of `month` of 1805, when given).
/// Another power's siege step is answered `done`, so no siege roll ends a siege a test awaits.
pub fn to_land_movement(g: &mut Game, power: &str, month: Option<u8>) {
    use coalition_engine::land::Stage;
    for _ in 0..5000 {
        let pending = g.pending();
        let in_month = month.is_none_or(|m| {
            g.state().world.date() == coalition_engine::Date::new(1805, m).unwrap()
        });
        if g.state().position.step == Step::Land
            && in_month
            && g.state().land.stage == Stage::Moving
            && pending == vec![p(power)]
        {
            return;
        }
        for q in pending {
            if g.state().position.step == Step::Land && g.state().land.stage == Stage::Siege {
                submit(g, q.as_str(), "done");
            } else {
                g.submit_default(q).unwrap();
            }
        }
    }
    panic!("{power} never moved in the Land Phase");
}

/// The text forms of `power`'s listed choices now.
pub fn offered(g: &Game, power: &str) -> Vec<String> {
    g.choices(p(power)).iter().map(|d| d.to_string()).collect()
}

/// The host allies two powers (a set-up for tests).
pub fn ally(g: &mut Game, a: &str, b: &str) {
    g.host(
        &coalition_engine::host::Adjustment::Alliance {
            a: p(a),
            b: p(b),
            since: None,
        },
        "",
    )
    .unwrap();
}

/// A game of the 1805 scenario at January 1805's Land Phase, dice seeded with `seed`, after the host's set-up
/// adjustments `adjs` (JSON, as a transcript's `setup` writes them).
pub fn land_1805(rulebook: Rulebook, seed: u64, adjs: &[&str]) -> Game {
    at_1805(rulebook, seed, Step::Land, adjs)
}

/// A game of 1805 set up at January's `step` after the host adjustments `adjs` (JSON).
pub fn at_1805(rulebook: Rulebook, seed: u64, step: Step, adjs: &[&str]) -> Game {
    use coalition_engine::scenario::Adjustment;
    use coalition_engine::{Date, Position};
    let sc = Arc::new(embedded_scenario("1805").unwrap());
    let adjs: Vec<Adjustment> = adjs
        .iter()
        .map(|a| serde_json::from_str(a).unwrap_or_else(|e| panic!("{a}: {e}")))
        .collect();
    let start = Position {
        date: Date::new(1805, 1).unwrap(),
        step,
    };
    Game::with_setup(sc, rulebook, seed, &[], Some(start), &adjs).unwrap()
}

/// The powers the round asks to place something: those whose default is not a pass. The others are asked only
/// because they move a fleet on the map (they may transfer ships or scuttle: 5.1.3, 5.1.4).
pub fn placers(g: &Game) -> Vec<PowerId> {
    if g.state().position.step != Step::Reinforcement {
        return g.pending();
    }
    g.pending()
        .into_iter()
        .filter(|q| g.default_decision(*q) != Some(Decision::Pass))
        .collect()
}

/// `power` submits `d` (it must be accepted); then the powers asked only about their fleets pass (3.6).
pub fn place(g: &mut Game, power: &str, d: Decision) {
    g.submit(p(power), d).unwrap();
    while g.state().position.step == Step::Reinforcement && !g.pending().is_empty() {
        let fleets_only: Vec<PowerId> = g
            .pending()
            .into_iter()
            .filter(|q| g.default_decision(*q) == Some(Decision::Pass))
            .collect();
        if fleets_only.is_empty() || fleets_only.len() < g.pending().len() {
            break;
        }
        for q in fleets_only {
            g.submit(q, Decision::Pass).unwrap();
        }
    }
}

/// Defaults on to the next Reinforcement Phase that asks some power to place something.
pub fn run_to_placing(g: &mut Game) {
    for _ in 0..60 {
        run_to(g, Step::Reinforcement);
        if !placers(g).is_empty() {
            return;
        }
        for q in g.pending() {
            g.submit(q, Decision::Pass).unwrap();
        }
    }
    panic!("no Reinforcement Phase asks anyone to place anything");
}
