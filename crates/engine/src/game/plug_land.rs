//! Rule 7 (Coalition's Land Phase) plugged into the game: its state is the game state's `land`, its events the
//! log's `Event::Land`, its decisions a transcript's `land` (a `pass` is `done`).

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::land::{LandDecision, LandEvent, LandPhase, LandState};

impl Plug for LandPhase {
    const KIND: RoundKind = RoundKind::Land;
    const TAKES: &'static str =
        "place, depots, move, drop, pick, undo, done, attack, defend or retreat";
    fn own(s: &State) -> &LandState {
        &s.land
    }
    fn wrap(e: LandEvent) -> Event {
        Event::Land(e)
    }
    fn decode(d: &Decision) -> Option<LandDecision> {
        match d {
            Decision::Land(x) => Some(x.clone()),
            Decision::Pass => Some(LandDecision::Done),
            _ => None,
        }
    }
    fn encode(d: LandDecision) -> Decision {
        match d {
            LandDecision::Done => Decision::Pass,
            d => Decision::Land(d),
        }
    }
}
