//! Rule 5 (Coalition's Reinforcement Phase): its text forms. A placement is written `reinforce {JSON}` (read by
//! `parse`), a placement of transfers only `transfer N FROM>TO[, N FROM>TO]` (5.1.3) and one of scuttling only
//! `scuttle FLEET[,FLEET]` (5.1.4); it is summed up in words for prompts; the phase's events are told in words
//! for the log.

use super::{LandTarget, Placement, ReinforcementEvent, ShipTransfer, units_of};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, FleetId};
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
        for t in &self.transfers {
            v.push(format!(
                "transfer {} ship(s) from {} to {}",
                t.ships, t.from, t.to
            ));
        }
        for f in &self.scuttle {
            v.push(format!("scuttle {f}"));
        }
        if v.is_empty() {
            "place nothing (everything waits)".into()
        } else {
            format!("place: {}", v.join("; "))
        }
    }
}

impl fmt::Display for Placement {
    /// `transfer N FROM>TO, ...` or `scuttle FLEET,...` for a placement of only those, else `reinforce {JSON}`;
    /// `parse` reads each back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let besides_transfers = Placement {
            transfers: Vec::new(),
            ..self.clone()
        };
        let besides_scuttle = Placement {
            scuttle: Vec::new(),
            ..self.clone()
        };
        if !self.transfers.is_empty() && besides_transfers.is_empty() {
            let v: Vec<String> = self
                .transfers
                .iter()
                .map(|t| format!("{} {}>{}", t.ships, t.from, t.to))
                .collect();
            return write!(f, "transfer {}", v.join(", "));
        }
        if !self.scuttle.is_empty() && besides_scuttle.is_empty() {
            let v: Vec<String> = self.scuttle.iter().map(|x| x.to_string()).collect();
            return write!(f, "scuttle {}", v.join(","));
        }
        let json = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        write!(f, "reinforce {json}")
    }
}

/// Reads `reinforce {JSON}`, `transfer N FROM>TO[, N FROM>TO]` (5.1.3) and `scuttle FLEET[,FLEET]` (5.1.4).
pub fn parse(verb: &str, rest: &str) -> Option<RuleResult<Placement>> {
    match verb {
        "reinforce" => Some({
            let rest = if rest.trim().is_empty() { "{}" } else { rest };
            serde_json::from_str(rest).map_err(|e| {
                RuleError::new(
                    "3.3",
                    format!("write `reinforce` and a placement in JSON (see `choices`): {e}"),
                )
            })
        }),
        "transfer" => Some(parse_transfers(rest)),
        "scuttle" => Some(parse_scuttle(rest)),
        _ => None,
    }
}

fn fleet(s: &str, form: &str) -> RuleResult<FleetId> {
    FleetId::new(s.trim()).map_err(|_| {
        RuleError::new(
            "3.3",
            format!("`{}` is not a fleet's key: write `{form}`", s.trim()),
        )
    })
}

/// `transfer N FROM>TO[, N FROM>TO]`.
fn parse_transfers(rest: &str) -> RuleResult<Placement> {
    const FORM: &str = "transfer N FROM>TO[, N FROM>TO]";
    let mut transfers = Vec::new();
    for part in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || RuleError::new("3.3", format!("cannot read `{part}`: write `{FORM}`"));
        let (n, pair) = part.split_once(char::is_whitespace).ok_or_else(bad)?;
        let ships: u16 = n.parse().map_err(|_| bad())?;
        let (from, to) = pair.split_once('>').ok_or_else(bad)?;
        transfers.push(ShipTransfer {
            from: fleet(from, FORM)?,
            to: fleet(to, FORM)?,
            ships,
        });
    }
    if transfers.is_empty() {
        return Err(RuleError::new("3.3", format!("write `{FORM}`")));
    }
    Ok(Placement {
        transfers,
        ..Default::default()
    })
}

/// `scuttle FLEET[,FLEET]`.
fn parse_scuttle(rest: &str) -> RuleResult<Placement> {
    const FORM: &str = "scuttle FLEET[,FLEET]";
    let scuttle: Vec<FleetId> = rest
        .split([',', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| fleet(p, FORM))
        .collect::<RuleResult<_>>()?;
    if scuttle.is_empty() {
        return Err(RuleError::new("3.3", format!("write `{FORM}`")));
    }
    Ok(Placement {
        scuttle,
        ..Default::default()
    })
}
