//! Rule 4.6: the Minor Country Control Step plugged into the game: its state is the game's `minor_control`,
//! its events the log's `MinorControl`, its decisions the transcripts' `MinorControl` (`pass` is none of them).

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::political::minors::{MinorControlState, MinorCountryControl, MinorDecision, MinorEvent};

impl Plug for MinorCountryControl {
    const KIND: RoundKind = RoundKind::MinorControl;
    const TAKES: &'static str = "minor control";
    fn own(s: &State) -> &MinorControlState {
        &s.minor_control
    }
    fn wrap(e: MinorEvent) -> Event {
        Event::MinorControl(e)
    }
    fn decode(d: &Decision) -> Option<MinorDecision> {
        match d {
            Decision::MinorControl(m) => Some(m.clone()),
            _ => None,
        }
    }
    fn encode(d: MinorDecision) -> Decision {
        Decision::MinorControl(d)
    }
}
