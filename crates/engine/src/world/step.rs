//! Rule 3 (Coalition's sequence of play): the seam every step plugs into. A step reads the world and its own
//! state through `Ctx`, emits through `Cx` (each event applied at once, so the next rule reads its effect, and
//! logged in the same order), and says which powers it asks next with `Ask`. The game drives every step through
//! this one trait; a step never names the game or a later phase.

use super::{World, WorldEvent};
use crate::kernel::dice::Dice;
use crate::kernel::error::RuleResult;
use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use std::collections::BTreeMap;
use std::convert::Infallible;

/// What a rule reads: the scenario, the game's optional rules, the world and (for a step) its own state.
pub struct Ctx<'a, S: ?Sized = ()> {
    pub scenario: &'a Scenario,
    pub rulebook: &'a Rulebook,
    pub world: &'a World,
    pub own: &'a S,
}

impl<S: ?Sized> Clone for Ctx<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: ?Sized> Copy for Ctx<'_, S> {}

impl<'a, S: ?Sized> Ctx<'a, S> {
    /// The same reading with another own state (a step reading another's public records, or none).
    pub fn with<T: ?Sized>(&self, own: &'a T) -> Ctx<'a, T> {
        Ctx {
            scenario: self.scenario,
            rulebook: self.rulebook,
            world: self.world,
            own,
        }
    }

    /// The reading of the world alone.
    pub fn plain(&self) -> Ctx<'a, ()> {
        self.with(&())
    }
}

impl<'a> Ctx<'a, ()> {
    /// A reading of the world alone.
    pub fn new(scenario: &'a Scenario, rulebook: &'a Rulebook, world: &'a World) -> Ctx<'a, ()> {
        Ctx {
            scenario,
            rulebook,
            world,
            own: &(),
        }
    }
}

/// Where a step's events go. The game's emitter implements it: each event is applied to the game's state at
/// once (with the reactions every event gets, such as 14.3.2.1.3's) and appended to the log.
pub trait Sink<S, E> {
    fn world(&self) -> &World;
    fn own(&self) -> &S;
    fn push_world(&mut self, e: WorldEvent);
    fn push_own(&mut self, e: E);
}

/// A step's way of changing things: it emits world events and its own events, and reads what they did.
pub struct Cx<'a, S, E> {
    pub scenario: &'a Scenario,
    pub rulebook: &'a Rulebook,
    sink: &'a mut dyn Sink<S, E>,
}

impl<'a, S, E> Cx<'a, S, E> {
    pub fn new(
        scenario: &'a Scenario,
        rulebook: &'a Rulebook,
        sink: &'a mut dyn Sink<S, E>,
    ) -> Cx<'a, S, E> {
        Cx {
            scenario,
            rulebook,
            sink,
        }
    }

    /// The world as the events so far have left it.
    pub fn world(&self) -> &World {
        self.sink.world()
    }

    /// The step's own state as its events so far have left it.
    pub fn own(&self) -> &S {
        self.sink.own()
    }

    /// The reading of the rules now.
    pub fn ctx(&self) -> Ctx<'_, S> {
        Ctx {
            scenario: self.scenario,
            rulebook: self.rulebook,
            world: self.sink.world(),
            own: self.sink.own(),
        }
    }

    /// Emits a change of the world.
    pub fn push(&mut self, e: WorldEvent) {
        self.sink.push_world(e);
    }

    /// Emits every change of `events`, in order.
    pub fn push_all(&mut self, events: impl IntoIterator<Item = WorldEvent>) {
        for e in events {
            self.push(e);
        }
    }

    /// Emits one of the step's own events.
    pub fn emit(&mut self, e: E) {
        self.sink.push_own(e);
    }
}

/// What a step asks next: who owes a decision, and whether the decisions stay unseen until all are in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    pub sealed: bool,
    pub owing: Vec<PowerId>,
}

impl Ask {
    /// A round open to all, or `None` when nobody owes anything.
    pub fn open(owing: Vec<PowerId>) -> Option<Ask> {
        (!owing.is_empty()).then_some(Ask {
            sealed: false,
            owing,
        })
    }

    /// A sealed round (4.2's "secretly writes down"), or `None` when nobody owes anything.
    pub fn sealed(owing: Vec<PowerId>) -> Option<Ask> {
        (!owing.is_empty()).then_some(Ask {
            sealed: true,
            owing,
        })
    }
}

/// A step of the sequence of play: its own state and events, its decisions, and how it begins, asks and
/// resolves. The game keeps `State` in its own state, logs `Event`s wrapped in its log, and translates
/// `Decision` to and from the transcripts' notation.
pub trait Step {
    /// What the step keeps between its rounds (and any record only it reads).
    type State;
    /// Its own events (changes of `State`; the few that record a shared fact write it into the world).
    type Event;
    /// The decisions it takes.
    type Decision: Clone;

    /// Begins the step: its first effects, and the round it opens (`None`: it asks nobody now).
    fn begin(cx: &mut Cx<Self::State, Self::Event>, dice: &mut Dice) -> Option<Ask>;

    /// The legal decisions of `power` in the round open now: the one list UIs, bots and tests use.
    fn choices(ctx: &Ctx<Self::State>, power: PowerId) -> Vec<Self::Decision>;

    /// The decision taken for a power whose seat is empty or whose player is late (3.6).
    fn default(ctx: &Ctx<Self::State>, power: PowerId) -> Self::Decision;

    /// Checks a decision: `Err` cites the rule that forbids it.
    fn check(ctx: &Ctx<Self::State>, power: PowerId, d: &Self::Decision) -> RuleResult<()>;

    /// Resolves the round once every decision is in, and opens the next (`None`: the step is over).
    fn resolve(
        cx: &mut Cx<Self::State, Self::Event>,
        decisions: &BTreeMap<PowerId, Self::Decision>,
        dice: &mut Dice,
    ) -> Option<Ask>;

    /// Applies one of its own events.
    fn apply(own: &mut Self::State, world: &mut World, e: &Self::Event);
}

/// A step of one round with no state or events of its own (most political steps): whom it asks, whether the
/// round is sealed, and a resolution that changes only the world. Every such step is a `Step` by the impl below.
pub trait OneRound {
    /// The decision it takes.
    type Decision: Clone;
    /// Whether the decisions stay unseen until all are in (4.2's "secretly writes down").
    const SEALED: bool;
    /// The powers it asks.
    fn owing(ctx: &Ctx) -> Vec<PowerId>;
    /// The legal decisions of `power`.
    fn options(ctx: &Ctx, power: PowerId) -> Vec<Self::Decision>;
    /// The decision taken for an empty seat or a late player (3.6).
    fn fallback(ctx: &Ctx, power: PowerId) -> Self::Decision;
    /// Checks a decision: `Err` cites the rule that forbids it.
    fn verify(ctx: &Ctx, power: PowerId, d: &Self::Decision) -> RuleResult<()>;
    /// Carries out the decisions, all in.
    fn carry_out(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, Self::Decision>);
}

impl<T: OneRound> Step for T {
    type State = ();
    type Event = Infallible;
    type Decision = T::Decision;

    fn begin(cx: &mut Cx<(), Infallible>, _dice: &mut Dice) -> Option<Ask> {
        let owing = T::owing(&cx.ctx());
        if T::SEALED {
            Ask::sealed(owing)
        } else {
            Ask::open(owing)
        }
    }

    fn choices(ctx: &Ctx, power: PowerId) -> Vec<T::Decision> {
        T::options(ctx, power)
    }

    fn default(ctx: &Ctx, power: PowerId) -> T::Decision {
        T::fallback(ctx, power)
    }

    fn check(ctx: &Ctx, power: PowerId, d: &T::Decision) -> RuleResult<()> {
        T::verify(ctx, power, d)
    }

    fn resolve(
        cx: &mut Cx<(), Infallible>,
        decisions: &BTreeMap<PowerId, T::Decision>,
        _dice: &mut Dice,
    ) -> Option<Ask> {
        T::carry_out(cx, decisions);
        None
    }

    fn apply(_: &mut (), _: &mut World, e: &Infallible) {
        match *e {}
    }
}
