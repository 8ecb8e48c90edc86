//! The reactions every event gets, in one place: the game's emitter calls them, for every resolution alike.
//! - 14.3.2.1.3: an UMP's political points go to its controller (`rewrite`, each event as it is emitted).
//! - 14.3.2.2.1, 14.3.2.3.2 (and 14.3.2.4.2's stragglers): an UMP's status changes the moment its condition is
//!   met (`after_batch`, after each batch of events).
//! - Coalition's 10.3 and 12.8: a grant of voluntary access lapses the moment its cause is recorded (war between
//!   grantor and grantee, a side leaving the game, under 12.8 the end of their alliance: `world::access`), also
//!   in `after_batch`.
//!
//! The reactions to a resolved round (the mid-year bidding, 14.3.1.3.3) are `steps::after_resolve`.

use super::event::Event;
use super::state::State;
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use crate::world::World;

/// 14.3.2.1.3: an event as it is emitted.
pub(crate) fn rewrite(world: &World, e: Event) -> Event {
    match e {
        Event::World(w) => Event::World(crate::umps::rules::to_controller(world, w)),
        e => e,
    }
}

/// The events that follow a batch (none: the batch is settled).
pub(crate) fn after_batch(scenario: &Scenario, rulebook: &Rulebook, state: &State) -> Vec<Event> {
    let ctx = crate::world::Ctx::new(scenario, rulebook, &state.world);
    let mut out: Vec<Event> = crate::world::access::lapses(&ctx)
        .into_iter()
        .map(Event::World)
        .collect();
    out.extend(
        crate::umps::rules::reversions(&ctx)
            .into_iter()
            .map(super::plug_umps::event),
    );
    out
}
