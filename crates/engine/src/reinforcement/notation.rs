//! Rule 5 (Coalition's Reinforcement Phase): its text forms. A placement is written `reinforce {JSON}` (read by
//! `parse`) and summed up in words for prompts; the phase's events are told in words for the log.

use super::{LandTarget, Placement, ReinforcementEvent, units_of};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::AreaId;
use crate::scenario::{Factors, UnitKind};
use std::fmt;

pub(super) fn unit_name(u: UnitKind) -> &'static str {
    match u {
        UnitKind::Infantry => "infantry factor(s)",
        UnitKind::Cavalry => "cavalry factor(s)",
        UnitKind::Guard => "guard factor(s)",
        UnitKind::Militia => "militia factor(s)",
        UnitKind::Artillery => "artillery factor(s)",
        UnitKind::Cossack => "cossack factor(s)",
        UnitKind::Freikorps => "freikorps factor(s)",
        UnitKind::Feudal => "feudal factor(s)",
        UnitKind::Insurrection => "insurrection factor(s)",
        UnitKind::Ship => "ship(s)",
        UnitKind::Corps => "corps counter(s)",
        UnitKind::Depot => "depot(s)",
    }
}

pub(super) fn describe_factors(f: &Factors) -> String {
    let v: Vec<String> = units_of(f)
        .into_iter()
        .map(|(u, n)| format!("{n} {}", unit_name(u)))
        .collect();
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

pub(super) fn list(v: &[AreaId]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for ReinforcementEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReinforcementEvent::Arrived {
                owner,
                unit,
                count,
                port,
                rule,
                reason,
            } => {
                write!(f, "{count} {} of {owner} arrive", unit_name(*unit))?;
                if let Some(p) = port {
                    write!(f, " (built at {p})")?;
                }
                write!(f, " ({rule}): {reason}")
            }
            ReinforcementEvent::ShipsDestroyed {
                owner,
                port,
                count,
                rule,
                reason,
            } => write!(
                f,
                "{count} ship(s) of {owner} at {port} destroyed ({rule}): {reason}"
            ),
            ReinforcementEvent::PrisonersSet {
                owner,
                captor,
                factors,
                rule,
                ..
            } => write!(
                f,
                "{captor} holds {} of {owner}'s factors prisoner ({rule})",
                factors.total()
            ),
            ReinforcementEvent::PrisonersReturned {
                owner,
                captor,
                factors,
                ..
            } => write!(
                f,
                "{captor} returns {} of {owner}'s factors: they arrive as reinforcements (4.4.6.1)",
                factors.total()
            ),
            ReinforcementEvent::ShipsSeized {
                port,
                minor,
                keep,
                by,
                ..
            } => write!(
                f,
                "{minor}'s ships at {port}: {} by {by}'s choice (12.1.2.2)",
                if *keep {
                    "kept, building goes on"
                } else {
                    "destroyed"
                }
            ),
        }
    }
}

impl Placement {
    /// In words, for prompts: `corps fr-3 to paris; 3 infantry factor(s) into fr-1; ...`.
    pub fn summary(&self) -> String {
        let mut v: Vec<String> = Vec::new();
        for o in &self.corps {
            v.push(format!("corps {} to {}", o.corps, o.area));
        }
        for o in &self.depots {
            v.push(format!("a depot of {} at {}", o.owner, o.area));
        }
        for o in &self.land {
            let f = describe_factors(&o.factors);
            v.push(match &o.to {
                LandTarget::Garrison(a) => format!("{f} of {} garrison {a}", o.owner),
                LandTarget::Corps(c) => format!("{f} of {} into {c}", o.owner),
            });
        }
        for o in &self.ships {
            v.push(match &o.fleet {
                Some(fl) => format!("{} ship(s) of {} at {} join {fl}", o.count, o.owner, o.port),
                None => format!(
                    "{} ship(s) of {} form a new fleet at {}",
                    o.count, o.owner, o.port
                ),
            });
        }
        for o in &self.leaders {
            v.push(format!("{} returns at {}", o.leader, o.area));
        }
        for o in &self.seized {
            v.push(format!(
                "{}'s ships at {}: {}",
                o.minor,
                o.port,
                if o.keep { "keep building" } else { "destroy" }
            ));
        }
        if v.is_empty() {
            "place nothing (everything waits)".into()
        } else {
            format!("place: {}", v.join("; "))
        }
    }
}

impl fmt::Display for Placement {
    /// `reinforce {JSON}`, which `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let json = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        write!(f, "reinforce {json}")
    }
}

/// Reads `reinforce {JSON}`.
pub fn parse(verb: &str, rest: &str) -> Option<RuleResult<Placement>> {
    (verb == "reinforce").then(|| {
        let rest = if rest.trim().is_empty() { "{}" } else { rest };
        serde_json::from_str(rest).map_err(|e| {
            RuleError::new(
                "3.3",
                format!("write `reinforce` and a placement in JSON (see `choices`): {e}"),
            )
        })
    })
}
