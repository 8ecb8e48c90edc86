//! Rule 4.4.6.1: a peace returns the prisoners its sides hold of each other; they are queued to arrive in this
//! month's Reinforcement Phase (5.2, 5.3).
//!
//! Called by the Peace Step with its working state, in the game's types (`State`, `Event`): the one place the
//! phase still names the game layer, until the Peace Step emits through `world::Cx` and this moves with it.

use super::ReinforcementEvent;
use crate::event::Event;
use crate::kernel::ids::{Nation, PowerId};
use crate::state::State;

/// 4.4.6.1: the prisoners the sides of `a` and `b` hold of each other, returned by their peace: each record is
/// queued to arrive in this month's Reinforcement Phase. Called by the Peace Step with its working state.
pub fn prisoners_returned(st: &State, a: PowerId, b: PowerId) -> Vec<Event> {
    let side = |n: Nation, p: PowerId| st.controller_of(n) == Some(p);
    st.prisoners
        .iter()
        .filter(|((owner, captor), _)| {
            (side(*owner, a) && side(*captor, b)) || (side(*owner, b) && side(*captor, a))
        })
        .map(|((owner, captor), f)| {
            Event::Reinforcement(ReinforcementEvent::PrisonersReturned {
                owner: *owner,
                captor: *captor,
                factors: *f,
                date: st.date(),
            })
        })
        .collect()
}
