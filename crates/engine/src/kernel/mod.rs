//! The kernel: what every layer above may use and nothing in it knows a rule of the game. Ids, the calendar of
//! the sequence of play (`Date`, `Step`), the recorded dice, `RuleError`, the rulebook of optional rules, the
//! mutual-agreement helper of sealed rounds, and the ranges of the numbers data and host adjustments set (3.5).

pub mod agreement;
pub mod calendar;
pub mod dice;
pub mod error;
pub mod ids;
pub mod keymap;
pub mod limits;
pub mod rulebook;
pub(crate) mod serde_pairs;
pub mod shared;
