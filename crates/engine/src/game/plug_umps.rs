//! Rule 14.3 in the game: the UMP Control Step's plug (its state in the game's, its events in the log, its bids
//! in the transcripts), and the UMP rules' events written in the log.

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::umps::UmpOut;
use crate::umps::control::{ControlState, UmpBid, UmpControl};

impl Plug for UmpControl {
    const KIND: RoundKind = RoundKind::UmpBids;
    const TAKES: &'static str = "bid";
    fn own(s: &State) -> &ControlState {
        &s.ump_control
    }
    fn wrap(e: UmpOut) -> Event {
        event(e)
    }
    fn decode(d: &Decision) -> Option<Vec<UmpBid>> {
        match d {
            Decision::UmpBids { bids } => Some(bids.clone()),
            _ => None,
        }
    }
    fn encode(bids: Vec<UmpBid>) -> Decision {
        Decision::UmpBids { bids }
    }
}

/// An event of the UMP rules as the log writes it.
pub(crate) fn event(e: UmpOut) -> Event {
    match e {
        UmpOut::World(e) => Event::World(e),
        UmpOut::Ump(e) => Event::Ump(e),
        UmpOut::Control(e) => Event::UmpBidding(e),
        UmpOut::PeaceMade(record) => {
            Event::Peace(crate::political::peace::PeaceEvent::Made { record })
        }
    }
}
