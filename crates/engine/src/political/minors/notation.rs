//! Rule 4.6's notation (3.3): the short text forms of the Minor Country Control Step's decisions, which
//! `parse` reads back, and its events in one line for players.

use super::{MinorDecision, MinorEvent, Placement, Stage};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, MinorId, Nation};
use crate::scenario::{Location, Scenario};
use std::fmt;

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}i+{}c", self.area, self.infantry, self.cavalry)
    }
}

fn list<T: fmt::Display>(v: &[T]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

pub(super) fn location_text(l: &Location) -> String {
    l.to_string()
}

impl fmt::Display for MinorDecision {
    /// The short text form, which `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinorDecision::Roll { minors } => write!(f, "roll {}", list(minors)),
            MinorDecision::SetUp {
                corps,
                garrisons,
                fleet,
            } => write!(
                f,
                "setup corps {}; garrisons {}; fleet {}",
                list(corps),
                list(garrisons),
                fleet.as_ref().map_or("none".into(), location_text)
            ),
            MinorDecision::BackDown { minors } => write!(f, "back-down {}", list(minors)),
            MinorDecision::Support { against } => write!(f, "support {}", list(against)),
        }
    }
}

impl fmt::Display for MinorEvent {
    /// One line for players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinorEvent::Began { targets } => {
                let v: Vec<String> = targets
                    .iter()
                    .map(|t| format!("{} (declared on by {})", t.minor, list(&t.attackers)))
                    .collect();
                write!(f, "minor country control: {}", v.join("; "))
            }
            MinorEvent::Reverted { minor, from, zone } => write!(
                f,
                "{minor} breaks away from {from} ({zone} zone, 4.6.1) and is neutral again"
            ),
            MinorEvent::Phase { phase, .. } => write!(
                f,
                "minor country control: {}",
                match phase {
                    super::Phase::Willing => "who wishes to roll for control (4.6.2)",
                    super::Phase::SetUp => "setting up minors' forces (4.6.3.4, 4.6.3.5)",
                    super::Phase::BackDown => "backing down from declarations (4.6.4)",
                    super::Phase::Support => "declarations of war on minors' aggressors (4.6.5)",
                }
            ),
            MinorEvent::Up { stage } => match stage {
                Stage::Willing => write!(f, "powers say whether they wish to roll for control"),
                Stage::SetUp { power, minor } => write!(f, "{power} sets up the forces of {minor}"),
                Stage::BackDown => write!(f, "attackers say whether they back down"),
                Stage::Support { power, minor } => {
                    write!(f, "{power} may declare war on the aggressors of {minor}")
                }
            },
            MinorEvent::NoRunner { minor } => write!(
                f,
                "no power will run {minor}: its attackers pay nothing for it and its forces stay off the map"
            ),
            MinorEvent::Chosen { minor, power } => write!(f, "{power} is chosen to run {minor}"),
            MinorEvent::ForcesSetUp { minor, power } => {
                write!(f, "{power} has set up the forces of {minor}")
            }
            MinorEvent::CombatPoints { minor, power } => write!(
                f,
                "{power} gains and loses the political points of {minor}'s combats"
            ),
            MinorEvent::BackedDown {
                minor,
                power,
                forced,
            } => match forced {
                Some(r) => write!(f, "{power} must back down from {minor}: {r}"),
                None => write!(f, "{power} backs down from {minor}"),
            },
            MinorEvent::NotAtWar(n) => write!(
                f,
                "{} runs {} without being at war with {} (4.6.5.2, 4.6.5.3)",
                n.controller, n.minor, n.aggressor
            ),
            MinorEvent::Ended => write!(f, "the Minor Country Control Step ends"),
        }
    }
}

fn parse_placements(s: &str) -> RuleResult<Vec<Placement>> {
    let bad = || {
        RuleError::new(
            "3.3",
            "write a placement as AREA:Ni+Mc (e.g. munich:6i+2c), several separated by commas",
        )
    };
    let s = s.trim();
    if s.is_empty() || s == "none" {
        return Ok(Vec::new());
    }
    s.split(',')
        .map(|p| {
            let (area, f) = p.trim().split_once(':').ok_or_else(bad)?;
            let area = AreaId::new(area.trim()).map_err(|_| bad())?;
            let (mut infantry, mut cavalry) = (0, 0);
            for part in f.split('+') {
                let part = part.trim();
                if let Some(n) = part.strip_suffix('i') {
                    infantry = n.parse().map_err(|_| bad())?;
                } else if let Some(n) = part.strip_suffix('c') {
                    cavalry = n.parse().map_err(|_| bad())?;
                } else {
                    return Err(bad());
                }
            }
            Ok(Placement {
                area,
                infantry,
                cavalry,
            })
        })
        .collect()
}

fn parse_minors(rest: &str, scenario: &Scenario) -> RuleResult<Vec<MinorId>> {
    if rest.is_empty() || rest == "none" {
        return Ok(Vec::new());
    }
    rest.split([',', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| match scenario.nation_by_name(n) {
            Some(Nation::Minor(m)) => Ok(m),
            _ => Err(RuleError::new(
                "3.4",
                format!("`{n}` is no minor country of scenario {}", scenario.meta.id),
            )),
        })
        .collect()
}

/// Reads the step's text forms (`None` if `verb` is not one of them): `roll MINOR,..|none`,
/// `setup corps AREA:Ni+Mc,..|none; garrisons AREA:Ni+Mc,..|none; fleet AREA|SEA|none`,
/// `back-down MINOR,..|none`, `support POWER,..|none`.
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<MinorDecision>> {
    let rest = rest.trim();
    Some(match verb {
        "roll" => parse_minors(rest, scenario).map(|minors| MinorDecision::Roll { minors }),
        "back-down" => {
            parse_minors(rest, scenario).map(|minors| MinorDecision::BackDown { minors })
        }
        "support" => {
            if rest.is_empty() || rest == "none" {
                Ok(MinorDecision::Support { against: vec![] })
            } else {
                rest.split([',', ' '])
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(|n| match scenario.nation_by_name(n) {
                        Some(Nation::Power(p)) => Ok(p),
                        _ => Err(RuleError::new(
                            "3.4",
                            format!("`{n}` is no major power of scenario {}", scenario.meta.id),
                        )),
                    })
                    .collect::<RuleResult<Vec<_>>>()
                    .map(|against| MinorDecision::Support { against })
            }
        }
        "setup" => parse_setup(rest, scenario),
        _ => return None,
    })
}

fn parse_setup(rest: &str, scenario: &Scenario) -> RuleResult<MinorDecision> {
    let (mut corps, mut garrisons, mut fleet) = (Vec::new(), Vec::new(), None);
    for section in rest.split(';') {
        let section = section.trim();
        if section.is_empty() {
            continue;
        }
        let (key, val) = section
            .split_once(char::is_whitespace)
            .unwrap_or((section, ""));
        match key {
            "corps" => corps = parse_placements(val)?,
            "garrisons" => garrisons = parse_placements(val)?,
            "fleet" => {
                let v = val.trim();
                fleet = if v.is_empty() || v == "none" {
                    None
                } else {
                    Some(scenario.location(v).ok_or_else(|| {
                        RuleError::new(
                            "3.4",
                            format!("`{v}` is no area or sea of scenario {}", scenario.meta.id),
                        )
                    })?)
                };
            }
            _ => {
                return Err(RuleError::new(
                    "3.3",
                    "write `setup corps AREA:Ni+Mc,..; garrisons AREA:Ni+Mc,..; fleet AREA|SEA|none`",
                ));
            }
        }
    }
    Ok(MinorDecision::SetUp {
        corps,
        garrisons,
        fleet,
    })
}
