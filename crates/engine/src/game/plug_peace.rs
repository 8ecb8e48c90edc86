//! Rule 4.4: the Peace Step plugged into the game: its state is the game's `peace`, its events are logged as
//! `Event::Peace` (the prisoners it returns, 4.4.6.1, as the Reinforcement Phase's), its decisions are
//! `Decision::Peace`. Its proposals are revealed in its own event, not in a `Revealed` one.

use super::decision::Decision;
use super::event::Event;
use super::plug::Plug;
use super::state::{RoundKind, State};
use crate::political::peace::{PeaceDecision, PeaceEvent, PeaceState, PeaceStep};

impl Plug for PeaceStep {
    const KIND: RoundKind = RoundKind::Peace;
    const TAKES: &'static str = "peace";
    const REVEALS: bool = false;
    fn own(s: &State) -> &PeaceState {
        &s.peace
    }
    fn wrap(e: PeaceEvent) -> Event {
        match e {
            PeaceEvent::Prisoners(p) => Event::Reinforcement(
                crate::reinforcement::ReinforcementEvent::PrisonersReturned {
                    owner: p.owner,
                    captor: p.captor,
                    factors: p.factors,
                    date: p.date,
                },
            ),
            e => Event::Peace(e),
        }
    }
    fn decode(d: &Decision) -> Option<PeaceDecision> {
        match d {
            Decision::Peace(x) => Some(x.clone()),
            _ => None,
        }
    }
    fn encode(d: PeaceDecision) -> Decision {
        Decision::Peace(d)
    }
}
