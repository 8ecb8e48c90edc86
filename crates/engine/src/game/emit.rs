//! The one emit path: every event, whether a step's resolution, a host's adjustment or the driver itself makes
//! it, goes through `Emitter::push`, which gives it the reactions every event gets (14.3.2.1.3: an UMP's
//! political points go to its controller), applies it to the game's state and appends it to the log. A step
//! reads the state its own events have just made, so what a resolution sees is what its log rebuilds.

use super::event::Event;
use super::plug::Own;
use super::state::State;
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use crate::world::{Sink, World, WorldEvent};

/// The game's state and log, borrowed for one batch of events.
pub(crate) struct Emitter<'g> {
    pub scenario: &'g Scenario,
    pub rulebook: &'g Rulebook,
    pub state: &'g mut State,
    pub log: &'g mut Vec<Event>,
}

impl<'g> Emitter<'g> {
    /// Rewrites, applies and logs one event.
    pub fn push(&mut self, e: Event) {
        let e = super::reactions::rewrite(&self.state.world, e);
        super::apply::apply(self.state, &e);
        self.log.push(e);
    }

    /// Pushes a batch of events, then the reactions that follow a batch (14.3.2.2.1, 14.3.2.3.2: an UMP's
    /// status changes the moment its condition is met), until none follows. An empty batch has none.
    pub fn batch(&mut self, events: Vec<Event>) {
        if events.is_empty() {
            return;
        }
        for e in events {
            self.push(e);
        }
        self.settle();
    }

    /// The reactions that follow a batch, until none follows.
    pub fn settle(&mut self) {
        let more = super::reactions::after_batch(self.scenario, self.rulebook, self.state);
        self.batch(more);
    }

    /// The step `P`'s view of this emitter.
    pub fn sink<P: Own>(&mut self) -> StepSink<'_, 'g, P> {
        StepSink {
            em: self,
            step: std::marker::PhantomData,
        }
    }
}

/// The emitter as step `P` sees it: its own events wrapped into the log's, its own state read from the game's.
pub(crate) struct StepSink<'e, 'g, P> {
    em: &'e mut Emitter<'g>,
    step: std::marker::PhantomData<P>,
}

impl<P: Own> Sink<P::State, P::Event> for StepSink<'_, '_, P> {
    fn world(&self) -> &World {
        &self.em.state.world
    }
    fn own(&self) -> &P::State {
        P::own(self.em.state)
    }
    fn push_world(&mut self, e: WorldEvent) {
        self.em.push(Event::World(e));
    }
    fn push_own(&mut self, e: P::Event) {
        self.em.push(P::wrap(e));
    }
}
