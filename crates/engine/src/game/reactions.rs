//! The reactions every event gets, in one place: the game's emitter calls them, for every resolution alike.
//! - 14.3.2.1.3: an UMP's political points go to its controller (`rewrite`, each event as it is emitted).
//! - 14.3.2.2.1, 14.3.2.3.2 (and 14.3.2.4.2's stragglers): an UMP's status changes the moment its condition is
//!   met (`after_batch`, after each batch of events).

use super::event::Event;
use super::state::State;
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use crate::world::{World, WorldEvent};

/// 14.3.2.1.3: an event as it is emitted.
pub(crate) fn rewrite(world: &World, e: Event) -> Event {
    match e {
        Event::World(w) => Event::World(crate::umps::rules::to_controller(world, w)),
        e => e,
    }
}

/// The events that follow a batch (none: the batch is settled).
pub(crate) fn after_batch(scenario: &Scenario, rulebook: &Rulebook, state: &State) -> Vec<Event> {
    crate::umps::rules::reversions(&crate::world::Ctx::new(scenario, rulebook, &state.world))
        .into_iter()
        .map(super::plug_umps::event)
        .collect()
}

/// The reactions that follow a resolution of `kind` whose events begin at `mark` in the log, emitted at once:
/// the UMP rules' mid-year bidding after a declaration of war on an uncontrolled UMP (14.3.1.3.3, 14.3.2.4.1)
/// and the forced calls' consequences after the Call to Allies Step. Whether they opened a round.
pub(crate) fn after_resolve(
    em: &mut super::emit::Emitter,
    kind: super::state::RoundKind,
    mark: usize,
    dice: &mut crate::kernel::dice::Dice,
) -> bool {
    use super::state::RoundKind;
    use crate::umps::{control::UmpControl, midyear};
    if !matches!(kind, RoundKind::Declarations | RoundKind::CallToAllies) {
        return false;
    }
    // The wars the resolution declared, as the world events it emitted.
    let wars: Vec<WorldEvent> = em.log[mark..]
        .iter()
        .filter_map(|e| match e {
            Event::World(w @ WorldEvent::WarDeclared { .. }) => Some(w.clone()),
            _ => None,
        })
        .collect();
    let (sc, rb) = (em.scenario, em.rulebook);
    let mut sink = em.sink::<UmpControl>();
    let mut cx = crate::world::Cx::new(sc, rb, &mut sink);
    let ask = match kind {
        RoundKind::Declarations => midyear::after_declarations(&mut cx, &wars, dice),
        _ => {
            midyear::after_calls(&mut cx, &wars);
            None
        }
    };
    super::steps::open(em, RoundKind::UmpBids, ask)
}
