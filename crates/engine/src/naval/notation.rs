//! Rule 3.3 (Coalition's text forms) for the Naval Phase: `sail gb-f1,gb-f2 plymouth>english-channel>box:brest`.
//! Great Britain's place (`slot 2`), `undo` and `done` are written as in the Land Phase; the game reads them for
//! whichever phase is under way.

use super::NavalDecision;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, Key};
use crate::scenario::Scenario;
use std::fmt;

/// Reads a Naval Phase decision in the text form, if `verb` is one of its own verbs (`sail`).
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<NavalDecision>> {
    if verb != "sail" {
        return None;
    }
    Some((|| {
        let usage = || {
            RuleError::new(
                "3.3",
                "write `sail FLEET[,FLEET...] FROM>PLACE>...` (a place: a sea, a port, or box:PORT)",
            )
        };
        let (fleets, path) = rest
            .trim()
            .split_once(char::is_whitespace)
            .ok_or_else(usage)?;
        let fleets = fleets
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                Key::new(s)
                    .map(FleetId)
                    .map_err(|e| RuleError::new("3.3", format!("`{s}` is not a fleet key: {e}")))
            })
            .collect::<RuleResult<Vec<_>>>()?;
        let path = path
            .split('>')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|p| {
                scenario.location(p).ok_or_else(|| {
                    RuleError::new(
                        "3.4",
                        format!("`{p}` is no sea area, port or blockade box (box:PORT) of the map"),
                    )
                })
            })
            .collect::<RuleResult<Vec<_>>>()?;
        if fleets.is_empty() || path.is_empty() {
            return Err(usage());
        }
        Ok(NavalDecision::Sail { fleets, path })
    })())
}

fn join<T: fmt::Display>(xs: &[T], sep: &str) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

impl fmt::Display for NavalDecision {
    /// The short text form, which the game's reader reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NavalDecision::Place { place } => write!(f, "slot {place}"),
            NavalDecision::Sail { fleets, path } => {
                write!(f, "sail {} {}", join(fleets, ","), join(path, ">"))
            }
            NavalDecision::Undo => f.write_str("undo"),
            NavalDecision::Done => f.write_str("done"),
        }
    }
}
