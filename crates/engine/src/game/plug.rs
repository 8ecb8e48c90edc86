//! Rule 3 (Coalition's sequence of play): how the game keeps a step of a phase: where its own state lives in the
//! game's `State`, how its events are written in the log and its decisions in the transcripts. Each phase's
//! `plug_*.rs` implements these; `steps.rs` dispatches through them and `emit.rs` writes through them.

use super::decision::Decision;
use super::event::Event;
use super::state::{RoundKind, State};
use crate::world::Step;

/// How the game keeps one step.
pub(crate) trait Plug: Step + Sized {
    /// The round kind the step's rounds have.
    const KIND: RoundKind;
    /// The kinds of decision it takes, for refusals (3.1).
    const TAKES: &'static str;
    /// Whether a sealed round's decisions are written in a `Revealed` event before it resolves (the Peace Step
    /// reveals its proposals in its own event).
    const REVEALS: bool = true;
    /// Its own state in the game's.
    fn own(s: &State) -> &Self::State;
    /// Its own event as the log writes it.
    fn wrap(e: Self::Event) -> Event;
    /// A transcript's decision, if it is one this step takes (`pass` is read as the step's "nothing").
    fn decode(d: &Decision) -> Option<Self::Decision>;
    /// The step's decision as a transcript writes it.
    fn encode(d: Self::Decision) -> Decision;
}

/// Where a step's own state and events live in the game: all a step needs to begin, and all the emitter needs.
/// Every `Plug` is one; a step that asks nothing (and so has no round kind) is one alone and only begins.
pub(crate) trait Own: Step + Sized {
    fn own(s: &State) -> &Self::State;
    fn wrap(e: Self::Event) -> Event;
}

impl<P: Plug> Own for P {
    fn own(s: &State) -> &P::State {
        <P as Plug>::own(s)
    }
    fn wrap(e: P::Event) -> Event {
        <P as Plug>::wrap(e)
    }
}
