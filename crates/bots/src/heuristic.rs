//! The heuristic bot (issue 16): a computer player that picks, for every kind of decision, what a player of the
//! game would recognise as sensible, with a one-line reason. It sees only its power's view and the scenario's
//! public data (the map, the minors), and is deterministic given its seed.

use crate::{Bot, Pick};
use coalition_engine::scenario::Scenario;
use coalition_engine::view::View;
use std::sync::Arc;

/// The heuristic bot for one seat.
pub struct HeuristicBot {
    seed: u64,
    scenario: Arc<Scenario>,
}

impl HeuristicBot {
    pub fn new(seed: u64, scenario: Arc<Scenario>) -> Self {
        HeuristicBot { seed, scenario }
    }
}

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn pick(&mut self, _view: &View) -> Pick {
        let _ = (self.seed, &self.scenario);
        Pick {
            index: 0,
            reason: "heuristic: not written yet, takes the first listed choice".into(),
        }
    }
}
