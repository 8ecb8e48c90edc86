//! Rule 4.3: the Call to Allies Step plugged into the game: its state is the game's `calls`, its events are
//! logged as `calls`, its decisions are written `call_allies` (a caller's) and `answer_call` (an ally's).

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::political::calls::{CallDecision, CallToAllies, CallsEvent, CallsState};

impl Plug for CallToAllies {
    const KIND: RoundKind = RoundKind::CallToAllies;
    const TAKES: &'static str = "call or answer";
    fn own(s: &State) -> &Option<CallsState> {
        &s.calls
    }
    fn wrap(e: CallsEvent) -> Event {
        Event::Calls(e)
    }
    fn decode(d: &Decision) -> Option<CallDecision> {
        match d {
            Decision::CallAllies { calls } => Some(CallDecision::Calls(calls.clone())),
            Decision::AnswerCall { accept } => Some(CallDecision::Answer(*accept)),
            _ => None,
        }
    }
    fn encode(d: CallDecision) -> Decision {
        match d {
            CallDecision::Calls(calls) => Decision::CallAllies { calls },
            CallDecision::Answer(accept) => Decision::AnswerCall { accept },
        }
    }
}
