//! Rule 3.3 (Coalition's text forms) for the Naval Phase: `sail gb-f1,gb-f2,nelson plymouth>english-channel>box:brest`
//! (fleets and the admirals sailing with them), `sail gb-f1 carrying gb-c1,wellington portsmouth>channel` (corps and
//! army leaders embarking, 6.2.5), `engage english-channel`, `evade`, `stand`, and Coalition's `chit line_of_battle ram steamship` (6.3.11).
//! Great Britain's place (`slot 2`), `undo` and `done` are written as in the Land Phase; the game reads them for
//! whichever phase is under way.

use super::NavalDecision;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{CorpsId, FleetId, Key, LeaderId};
use crate::scenario::Scenario;
use std::fmt;

/// Reads a Naval Phase decision in the text form, if `verb` is one of its own verbs (`sail`).
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<NavalDecision>> {
    match verb {
        "evade" => return Some(Ok(NavalDecision::Evade { evade: true })),
        "stand" => return Some(Ok(NavalDecision::Evade { evade: false })),
        "engage" => {
            let p = rest.trim();
            return Some(scenario.location(p).map(|at| NavalDecision::Engage { at }).ok_or_else(
                || {
                    RuleError::new(
                        "3.3",
                        format!("write `engage PLACE` (a sea area or box:PORT); `{p}` is none of the map's"),
                    )
                },
            ));
        }
        "intercept" => {
            let p = rest.trim();
            if p == "none" {
                return Some(Ok(NavalDecision::Intercept { at: None }));
            }
            return Some(
                scenario
                    .location(p)
                    .map(|at| NavalDecision::Intercept { at: Some(at) })
                    .ok_or_else(|| {
                        RuleError::new(
                            "3.3",
                            format!("write `intercept SEA` or `intercept none`; `{p}` is none of the map's places"),
                        )
                    }),
            );
        }
        "chit" => return Some(chit(rest)),
        "sail" => {}
        _ => return None,
    }
    Some((|| {
        let usage = || {
            RuleError::new(
                "3.3",
                "write `sail FLEET[,FLEET...][,ADMIRAL...] [carrying [depot,]CORPS[,CORPS...][,LEADER...]] FROM>PLACE>...` (a place: a sea, a port, or box:PORT; `depot` takes the mover's depot in the port aboard)",
            )
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (fleets, carried, path) = match words[..] {
            [fleets, path] => (fleets, "", path),
            [fleets, "carrying", carried, path] => (fleets, carried, path),
            _ => return Err(usage()),
        };
        // Fleets and the admirals sailing with them in one list, the corps and leaders embarking in the other: a
        // key the scenario knows as a leader's is one.
        let (mut units, mut leaders, mut corps) = (Vec::new(), Vec::new(), Vec::new());
        let mut depot = false;
        for (list, aboard) in [(fleets, false), (carried, true)] {
            for u in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                if aboard && u == "depot" {
                    depot = true;
                    continue;
                }
                let k = Key::new(u).map_err(|e| {
                    RuleError::new(
                        "3.3",
                        format!("`{u}` is not a fleet, corps or leader key: {e}"),
                    )
                })?;
                if scenario.leader(LeaderId(k)).is_some() {
                    leaders.push(LeaderId(k));
                } else if aboard {
                    corps.push(CorpsId(k));
                } else {
                    units.push(FleetId(k));
                }
            }
        }
        let fleets = units;
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
        Ok(NavalDecision::Sail {
            fleets,
            leaders,
            corps,
            depot,
            path,
        })
    })())
}

/// Coalition's 6.3.11 and 6.3.15: `chit line_of_battle`, `chit melee ram steamship`.
fn chit(rest: &str) -> RuleResult<NavalDecision> {
    use crate::scenario::ships::{NavalChit, ShipKind};
    let usage = || {
        RuleError::new(
            "3.3",
            "write `chit CHIT [ram KIND]` (melee, line_of_battle, lozenge, doubling, evade; a kind of ship)",
        )
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (c, ram) = match words[..] {
        [c] => (c, None),
        [c, "ram", k] => (c, Some(ShipKind::parse(k).ok_or_else(usage)?)),
        _ => return Err(usage()),
    };
    let chit = NavalChit::parse(c).ok_or_else(usage)?;
    Ok(NavalDecision::Chit { chit, ram })
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
            NavalDecision::Sail {
                fleets,
                leaders,
                corps,
                depot,
                path,
            } => {
                let mut units = join(fleets, ",");
                if !leaders.is_empty() {
                    units = format!("{units},{}", join(leaders, ","));
                }
                let mut carried: Vec<String> = Vec::new();
                if *depot {
                    carried.push("depot".into());
                }
                carried.extend(corps.iter().map(|c| c.to_string()));
                if !carried.is_empty() {
                    units = format!("{units} carrying {}", carried.join(","));
                }
                write!(f, "sail {units} {}", join(path, ">"))
            }
            NavalDecision::Engage { at } => write!(f, "engage {at}"),
            NavalDecision::Intercept { at: Some(at) } => write!(f, "intercept {at}"),
            NavalDecision::Intercept { at: None } => f.write_str("intercept none"),
            NavalDecision::Retreat { to } => write!(f, "retreat {to}"),
            NavalDecision::Evade { evade: true } => f.write_str("evade"),
            NavalDecision::Evade { evade: false } => f.write_str("stand"),
            NavalDecision::Undo => f.write_str("undo"),
            NavalDecision::Done => f.write_str("done"),
            NavalDecision::Chit { chit, ram: None } => write!(f, "chit {}", chit.key()),
            NavalDecision::Chit { chit, ram: Some(k) } => {
                write!(f, "chit {} ram {}", chit.key(), k.key())
            }
        }
    }
}
