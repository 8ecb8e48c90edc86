//! Rule 4.4: the Peace Step. Not implemented yet: the step asks no decision (this module is the extension point that
//! the step's rules fill: its sub-state, decisions and events, with the same interface as the other steps).

use crate::decision::Decision;
use crate::dice::Dice;
use crate::error::{RuleError, RuleResult};
use crate::event::Event;
use crate::game::Ctx;
use crate::ids::PowerId;
use crate::scenario::Scenario;
use crate::state::State;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The step's sub-state and records, kept in `State`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeaceState {}

/// A decision of the step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PeaceDecision {
    /// Nothing to do.
    Done,
}

impl fmt::Display for PeaceDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeaceDecision::Done => write!(f, "done"),
        }
    }
}

/// The step's own events, applied by `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeaceEvent {
    /// Nothing happened.
    Nothing,
}

impl fmt::Display for PeaceEvent {
    /// One line for players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeaceEvent::Nothing => write!(f, "nothing happens"),
        }
    }
}

/// The events that begin the step (the rounds it opens); none yet.
pub fn begin(_ctx: &Ctx, _dice: &mut Dice) -> Vec<Event> {
    Vec::new()
}

/// `power`'s legal decisions in the current round.
pub fn choices(_ctx: &Ctx, _power: PowerId) -> Vec<Decision> {
    Vec::new()
}

/// The default decision of `power` (3.6).
pub fn default(_ctx: &Ctx, _power: PowerId) -> Decision {
    Decision::Pass
}

/// Checks a decision.
pub fn check(_ctx: &Ctx, _power: PowerId, _d: &PeaceDecision) -> RuleResult<()> {
    Err(RuleError::new("4.4", "this step asks no decision yet"))
}

/// Resolves the current round.
pub fn resolve(
    _ctx: &Ctx,
    _decisions: &BTreeMap<PowerId, Decision>,
    _dice: &mut Dice,
) -> Vec<Event> {
    Vec::new()
}

/// Applies one of the step's events.
pub fn apply(_state: &mut State, _e: &PeaceEvent) {}

/// Reads the step's text forms (`None` if `verb` is not one of them).
pub fn parse(_verb: &str, _rest: &str, _scenario: &Scenario) -> Option<RuleResult<PeaceDecision>> {
    None
}
