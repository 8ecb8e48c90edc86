//! Rule 5 (Coalition's Reinforcement Phase) plugged into the game: its records are the game state's
//! `reinforcement`, its events the log's `Event::Reinforcement`, its decisions a transcript's `reinforce {JSON}`
//! (a `Placement`) or `pass`.

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::reinforcement::{Placement, ReinforcementEvent, ReinforcementPhase, ReinforcementState};

impl Plug for ReinforcementPhase {
    const KIND: RoundKind = RoundKind::Reinforcement;
    const TAKES: &'static str = "reinforce or pass";
    fn own(s: &State) -> &ReinforcementState {
        &s.reinforcement
    }
    fn wrap(e: ReinforcementEvent) -> Event {
        Event::Reinforcement(e)
    }
    fn decode(d: &Decision) -> Option<Option<Placement>> {
        match d {
            Decision::Reinforce(p) => Some(Some(p.clone())),
            Decision::Pass => Some(None),
            _ => None,
        }
    }
    fn encode(d: Option<Placement>) -> Decision {
        d.map_or(Decision::Pass, Decision::Reinforce)
    }
}
