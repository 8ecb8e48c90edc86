//! The reactions every event gets, in one place: the game's emitter calls them, for every resolution alike.
//! - 14.3.2.1.3: an UMP's political points go to its controller (`rewrite`, each event as it is emitted).
//! - 14.3.2.2.1, 14.3.2.3.2 (and 14.3.2.4.2's stragglers): an UMP's status changes the moment its condition is
//!   met (`after_batch`, after each batch of events).

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
    crate::umps::rules::reversions(&super::Ctx {
        scenario,
        state,
        rulebook,
    })
}

/// The reactions that follow a resolution of `kind` whose events begin at `mark` in the log: the UMP rules'
/// mid-year bidding after a declaration of war on an uncontrolled UMP (14.3.1.3.3, 14.3.2.4.1) and the forced
/// calls' consequences after the Call to Allies Step.
pub(crate) fn after_resolve(
    em: &super::emit::Emitter,
    kind: super::state::RoundKind,
    mark: usize,
    dice: &mut crate::kernel::dice::Dice,
) -> Vec<Event> {
    use super::state::RoundKind;
    let ctx = super::Ctx {
        scenario: em.scenario,
        state: em.state,
        rulebook: em.rulebook,
    };
    let ev = &em.log[mark..];
    match kind {
        RoundKind::Declarations => crate::umps::midyear::after_declarations(&ctx, ev, dice),
        RoundKind::CallToAllies => crate::umps::midyear::after_calls(&ctx, ev),
        _ => Vec::new(),
    }
}
