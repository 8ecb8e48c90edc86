//! Rule 4.4 (Coalition's notation, 3.3): the Peace Step's decisions in their short text form (`Display` and
//! `parse`), and its events in one line for players.

use super::{Ask, Obligation, PeaceDecision, PeaceEvent, PeaceKind};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::Scenario;
use std::fmt;

/// A list as the text forms write it (`none` when empty).
pub(super) fn join<T: fmt::Display>(v: &[T]) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for PeaceDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeaceDecision::Propose { informal, sue } => {
                if informal.is_empty() && sue.is_empty() {
                    return write!(f, "peace none");
                }
                write!(f, "peace")?;
                if !informal.is_empty() {
                    write!(f, " informal {}", join(informal))?;
                }
                if !sue.is_empty() {
                    write!(f, " sue {}", join(sue))?;
                }
                Ok(())
            }
            PeaceDecision::Offer { unconditional } => write!(
                f,
                "offer {}",
                if *unconditional {
                    "unconditional"
                } else {
                    "conditional"
                }
            ),
            PeaceDecision::Accept { victors } => write!(f, "accept {}", join(victors)),
            PeaceDecision::Protect { term } => write!(f, "protect {term}"),
            PeaceDecision::Term { term, targets } if targets.is_empty() => write!(f, "term {term}"),
            PeaceDecision::Term { term, targets } => write!(f, "term {term} {}", join(targets)),
            PeaceDecision::NoMoreTerms => write!(f, "term done"),
            PeaceDecision::Place { area } => write!(f, "place {area}"),
            PeaceDecision::KeepFreeState { keep } => {
                write!(f, "ceded {}", if *keep { "keep" } else { "conquer" })
            }
            PeaceDecision::Demand { allies } => write!(f, "demand {}", join(allies)),
        }
    }
}

impl fmt::Display for PeaceEvent {
    /// One line for players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeaceEvent::Progress { step } => match &step.asking {
                Ask::Nothing => write!(f, "the Peace Step moves on"),
                Ask::Proposals => write!(
                    f,
                    "powers at war may propose informal peace or sue for peace (4.4)"
                ),
                Ask::Offers { loser, victors } => write!(
                    f,
                    "{} must offer {loser} conditional or unconditional peace (4.4.2.2)",
                    join(victors)
                ),
                Ask::Answer { loser, victors } => write!(
                    f,
                    "{loser} may accept or refuse the unconditional peace of {} (4.4.2.2)",
                    join(victors)
                ),
                Ask::Protect { loser, victor } => {
                    write!(
                        f,
                        "{loser} picks a list A term for its peace with {victor} (4.4.3)"
                    )
                }
                Ask::Term { loser, victor } => {
                    write!(
                        f,
                        "{victor} may choose a peace term imposed on {loser} (4.4.5.1)"
                    )
                }
                Ask::Place(p) => write!(
                    f,
                    "{} chooses where its force from {} goes: {} (4.4.6.2)",
                    p.owner,
                    p.from,
                    join(&p.options)
                ),
                Ask::CededFree(c) => write!(
                    f,
                    "{} keeps {} as a free state or makes it conquered (4.4.6.4)",
                    c.acquirer, c.minor
                ),
                Ask::Demands { rights } => write!(
                    f,
                    "separate peace: {} may demand that allies break their alliance (4.4.7)",
                    rights
                        .iter()
                        .map(|(d, a)| format!("{d} (from {})", join(a)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
            PeaceEvent::Proposals { informal, suits } => {
                let i: Vec<String> = informal.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                let s: Vec<String> = suits
                    .iter()
                    .map(|s| format!("{} sues {}", s.loser, join(&s.victors)))
                    .collect();
                write!(
                    f,
                    "informal peace agreed: {}; suits: {}",
                    join(&i),
                    join(&s)
                )
            }
            PeaceEvent::Offered { loser, offers } => {
                let o: Vec<String> = offers
                    .iter()
                    .map(|(v, u)| {
                        format!("{v} {}", if *u { "unconditional" } else { "conditional" })
                    })
                    .collect();
                write!(f, "peace offered to {loser}: {}", o.join(", "))
            }
            PeaceEvent::Refused { loser, victors } => write!(
                f,
                "{loser} refuses the unconditional peace of {}: the war goes on",
                join(victors)
            ),
            PeaceEvent::Order { loser, order } => {
                write!(
                    f,
                    "victors of {loser} choose terms in the order {}",
                    join(order)
                )
            }
            PeaceEvent::TermChosen { loser, term } => {
                write!(
                    f,
                    "{} chooses {} for the peace of {loser}",
                    term.by, term.term
                )?;
                if !term.targets.is_empty() {
                    write!(f, " ({})", join(&term.targets))?;
                }
                Ok(())
            }
            PeaceEvent::Made { record } => {
                let kind = match record.kind {
                    PeaceKind::Informal => "informal peace",
                    PeaceKind::Conditional => "conditional peace",
                    PeaceKind::Unconditional => "unconditional peace",
                };
                let terms: Vec<String> = record.terms.iter().map(|t| t.term.clone()).collect();
                write!(
                    f,
                    "{kind} between {} and {} (terms: {})",
                    record.loser,
                    record.victor,
                    join(&terms)
                )
            }
            PeaceEvent::Recorded { obligation } => match obligation {
                Obligation::Reparations {
                    term,
                    from,
                    to,
                    once,
                    each_of_two,
                    ..
                } => write!(
                    f,
                    "{term}: {from} owes {to} reparations of {once} at the next Economic Phase or {each_of_two} at each of the next two"
                ),
                Obligation::CorpsOnLoan {
                    corps,
                    from,
                    to,
                    until,
                } => write!(f, "B.4: {from} lends corps {corps} to {to} until {until}"),
                Obligation::TradeRestriction {
                    loser,
                    victor,
                    broken,
                    ..
                } => {
                    write!(f, "B.6: {loser} may not trade with the enemies of {victor}")?;
                    match broken {
                        Some(d) => write!(f, " (broken in {d})"),
                        None => Ok(()),
                    }
                }
                Obligation::UnconditionalAccess { loser, victor, .. } => write!(
                    f,
                    "C.5: the forces of {victor} may stay in the territory of {loser}"
                ),
                Obligation::LimitedAccess(a) => {
                    write!(
                        f,
                        "12.4: {} has limited access to the territory of {}: ",
                        a.mover, a.territory
                    )?;
                    if a.unconditional {
                        write!(
                            f,
                            "its garrisons must leave the capital cities by the Land Phase of {} (C.5)",
                            a.garrisons_by
                        )
                    } else {
                        write!(
                            f,
                            "its garrisons must leave the cities by the Land Phase of {}, its corps, fleets and depots the territory by that of {}",
                            a.garrisons_by, a.forces_by
                        )
                    }
                }
                Obligation::PoliticalSettlement { loser, victors, .. } => write!(
                    f,
                    "C.6: {} impose a political settlement on {loser}",
                    join(victors)
                ),
                Obligation::PrisonerExchange { a, b, .. } => write!(
                    f,
                    "{a} and {b} exchange prisoners: surrendered factors return at the next Reinforcement Phase"
                ),
                Obligation::FleetsMustLeave {
                    owner,
                    territory_of,
                    fleets,
                    ..
                } => write!(
                    f,
                    "fleets of {owner} ({}) must leave the territory of {territory_of} in the next Naval Phase",
                    join(fleets)
                ),
            },
            PeaceEvent::PlacementOwed { placement } => write!(
                f,
                "{}'s force from {} may go to {} (equidistant)",
                placement.owner,
                placement.from,
                join(&placement.options)
            ),
            PeaceEvent::Ended => write!(f, "the Peace Step ends"),
            PeaceEvent::Prisoners(p) => write!(f, "{p}"),
        }
    }
}

fn powers_list(rest: &str, sc: &Scenario) -> RuleResult<Vec<PowerId>> {
    rest.split([',', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty() && *n != "none")
        .map(|n| match sc.nation_by_name(n) {
            Some(Nation::Power(p)) => Ok(p),
            _ => Err(RuleError::new(
                "3.4",
                format!("`{n}` is not a major power of the scenario"),
            )),
        })
        .collect()
}

/// Reads the step's text forms (`None` if `verb` is not one of them): `peace none`,
/// `peace informal austria sue prussia,russia`, `offer conditional|unconditional`, `accept none|austria,russia`,
/// `protect A.1`, `term B.7 holland`, `term done`, `place vienna`, `ceded keep|conquer`, `demand none|austria`.
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<PeaceDecision>> {
    let rest = rest.trim();
    Some(match verb {
        "peace" => (|| {
            let (mut informal, mut sue) = (Vec::new(), Vec::new());
            let mut target: Option<&mut Vec<PowerId>> = None;
            for w in rest.split_whitespace() {
                match w {
                    "none" => {}
                    "informal" => target = Some(&mut informal),
                    "sue" => target = Some(&mut sue),
                    list => match target.as_mut() {
                        Some(t) => t.extend(powers_list(list, scenario)?),
                        None => {
                            return Err(RuleError::new(
                                "3.3",
                                "write `peace none` or `peace informal POWER[,POWER] sue POWER[,POWER]`",
                            ));
                        }
                    },
                }
            }
            Ok(PeaceDecision::Propose { informal, sue })
        })(),
        "offer" => match rest {
            "conditional" => Ok(PeaceDecision::Offer {
                unconditional: false,
            }),
            "unconditional" => Ok(PeaceDecision::Offer {
                unconditional: true,
            }),
            _ => Err(RuleError::new(
                "3.3",
                "write `offer conditional` or `offer unconditional`",
            )),
        },
        "accept" => powers_list(rest, scenario).map(|victors| PeaceDecision::Accept { victors }),
        "protect" => Ok(PeaceDecision::Protect {
            term: rest.to_string(),
        }),
        "term" => {
            let (term, targets) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if term == "done" || term == "none" {
                Ok(PeaceDecision::NoMoreTerms)
            } else {
                Ok(PeaceDecision::Term {
                    term: term.to_string(),
                    targets: targets
                        .split([',', ' '])
                        .map(str::trim)
                        .filter(|x| !x.is_empty())
                        .map(String::from)
                        .collect(),
                })
            }
        }
        "place" => AreaId::new(rest)
            .map(|area| PeaceDecision::Place { area })
            .map_err(|_| RuleError::new("3.3", "write `place AREA`")),
        "ceded" => match rest {
            "keep" => Ok(PeaceDecision::KeepFreeState { keep: true }),
            "conquer" => Ok(PeaceDecision::KeepFreeState { keep: false }),
            _ => Err(RuleError::new(
                "3.3",
                "write `ceded keep` or `ceded conquer`",
            )),
        },
        "demand" => powers_list(rest, scenario).map(|allies| PeaceDecision::Demand { allies }),
        _ => return None,
    })
}
