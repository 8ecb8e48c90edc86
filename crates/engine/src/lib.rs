//! Coalition's rules engine: a pure, deterministic library (no I/O, no clock, no global RNG) that runs games of
//! *Empires in Arms*-style grand strategy step by step, refusing what the rules forbid and citing the rule.

pub mod calendar;
pub mod error;
pub mod ids;
pub mod rulebook;
pub mod scenario;
