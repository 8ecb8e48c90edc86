//! Helpers of the tests of rule 7.5.4's siege combats (an assault, 7.5.4.1; a sortie, 7.5.4.2.1) and of the
//! Land Phase turns around them (`land_sieges.rs`, `land_besieged_corps.rs`).

use super::submit;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::land::{LandEvent, SiegeRecord, Stage};

/// Twelve dice for a siege combat whose attacker strikes hard: each round the attacker's die a 6, the
/// defender's a 1.
pub const ATTACKER_SIXES: [u8; 12] = [6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1];

/// `power` fights `decision` (an assault or a sortie) on `dice`: the siege combat it recorded, and every event
/// the decision logged.
pub fn siege_combat(
    g: &mut Game,
    power: &str,
    decision: &str,
    dice: &[u8],
) -> (SiegeRecord, Vec<Event>) {
    g.force_dice(dice).unwrap();
    let before = g.log().len();
    submit(g, power, decision);
    let new = g.log()[before..].to_vec();
    let record = new
        .iter()
        .find_map(|e| match e {
            Event::Land(LandEvent::SiegeCombatFought { record }) => Some((**record).clone()),
            _ => None,
        })
        .expect("the siege combat is recorded");
    (record, new)
}

/// Every power owing a decision takes its default once, but France takes the first place in a Land Phase's
/// order (`slot 1`) and a power's siege step is passed over (`done`: its siege rolls could end the siege a
/// test awaits).
pub fn defaults_once(g: &mut Game) {
    let owing = g.pending();
    assert!(!owing.is_empty(), "the game stopped");
    for q in owing {
        if g.state().land.stage == Stage::Order && q == PowerId::new("france").unwrap() {
            submit(g, "france", "slot 1");
        } else if g.state().land.stage == Stage::Siege {
            submit(g, q.as_str(), "done");
        } else {
            g.submit_default(q).unwrap();
        }
    }
}
