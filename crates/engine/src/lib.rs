//! Coalition's rules engine: a pure, deterministic library (no I/O, no clock, no global RNG) that runs games of
//! *Empires in Arms*-style grand strategy step by step, refusing what the rules forbid and citing the rule.
//!
//! The flow of one decision: `Game::pending` → `Game::choices` → `Game::submit` → resolution to `Event`s →
//! `apply` (the only mutation) → `Game::view` and `Game::log`.

pub mod kernel;
pub use kernel::{agreement, calendar, dice, error, ids, rulebook};
pub mod battle;
pub mod economic;
pub mod game;
pub mod land;
pub mod naval;
pub use game::{apply, decision, event, host, state, transcript, view};
pub mod political;
pub mod reinforcement;
pub mod scenario;
pub mod umps;
pub mod world;

pub use calendar::{Date, Position, Step};
pub use decision::Decision;
pub use error::{RuleError, RuleResult};
pub use event::Event;
pub use game::Game;
pub use ids::{Nation, PowerId};
