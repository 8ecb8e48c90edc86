//! Rule 6 (Coalition's Naval Phase) plugged into the game: its state is the game state's `naval`, its events the
//! log's `Event::Naval`, its decisions a transcript's `naval` (a `pass` is `done`). The text forms it shares with
//! the Land Phase (`slot N`, `undo`, `retreat PORT`) are read for it while it is under way.

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::land::LandDecision;
use crate::naval::{NavalDecision, NavalEvent, NavalPhase, NavalState};

impl Plug for NavalPhase {
    const KIND: RoundKind = RoundKind::Naval;
    const TAKES: &'static str =
        "slot, sail, undo, done, engage, evade, stand, intercept or retreat";
    fn own(s: &State) -> &NavalState {
        &s.naval
    }
    fn wrap(e: NavalEvent) -> Event {
        Event::Naval(e)
    }
    fn decode(d: &Decision) -> Option<NavalDecision> {
        match d {
            Decision::Naval(x) => Some(x.clone()),
            Decision::Pass => Some(NavalDecision::Done),
            Decision::Land(LandDecision::Place { place }) => {
                Some(NavalDecision::Place { place: *place })
            }
            Decision::Land(LandDecision::Undo) => Some(NavalDecision::Undo),
            // 12.2.3.5: `retreat PORT` reads as the Land Phase's retreat; a port is an area.
            Decision::Land(LandDecision::Retreat { to }) => Some(NavalDecision::Retreat {
                to: crate::scenario::Location::Area(*to),
            }),
            _ => None,
        }
    }
    fn encode(d: NavalDecision) -> Decision {
        match d {
            NavalDecision::Done => Decision::Pass,
            d => Decision::Naval(d),
        }
    }
}
