//! The kernel: what every layer above may use and nothing in it knows a rule of the game. Ids, the calendar of
//! the sequence of play (`Date`, `Step`), the recorded dice, `RuleError`, the rulebook of optional rules, and the
//! mutual-agreement helper of sealed rounds.

pub mod agreement;
pub mod calendar;
pub mod dice;
pub mod error;
pub mod ids;
pub mod rulebook;
pub(crate) mod serde_pairs;
