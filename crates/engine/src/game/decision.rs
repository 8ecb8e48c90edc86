//! Rule 3.3 (Coalition's): `Decision`, what a power can submit, one variant per kind of step, and its short
//! text form for the command line.

use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{Nation, PowerId};
pub use crate::political::alliances::Ally;
pub use crate::political::breaking::Break;
pub use crate::political::combined::Combine;
pub use crate::political::declarations::Declare;
pub use crate::political::diplomacy::{Diplomatic, Send};
pub use crate::political::free_states::FreeStates;
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision a power submits in the current step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Nothing (more) to do in this step.
    Pass,
    /// 4.1: send a message or proposal to one or more powers; only they and the sender see it.
    Diplomacy(Send),
    /// 4.2: every major power and neutral minor country declared on (empty: no declarations).
    DeclareWar(Declare),
    /// 4.5: the powers this power agrees to ally with (an alliance forms when both name each other).
    Ally(Ally),
    /// 4.7: the alliances this power breaks.
    BreakAlliances(Break),
    /// 4.9: the allies this power combines movement with (when both name each other).
    CombineMovement(Combine),
    /// 4.3: the calls a caller makes (none: no calls), each to one ally against one new enemy.
    CallAllies { calls: Vec<Call> },
    /// 4.3: a called ally's answer: declare war on the enemy, or refuse and break the alliance (4.3.1.3).
    AnswerCall { accept: bool },
    /// 4.4: a decision of the Peace Step.
    Peace(crate::political::peace::PeaceDecision),
    /// 4.6: a decision of the Minor Country Control Step.
    MinorControl(crate::political::minors::MinorDecision),
    /// 4.8: the conquered minor countries this power declares free states (none: none).
    FreeStates(FreeStates),
    /// 5: where what has arrived is placed (see `reinforcement`); what is left out waits.
    Reinforce(crate::reinforcement::Placement),
    /// 6: a decision of the Naval Phase (a fleet's move; Great Britain's place, undo and done are written as the
    /// Land Phase's).
    Naval(crate::naval::NavalDecision),
    /// 7: a decision of the Land Phase (France's place, depots, a move, a garrison change, undo, done).
    Land(crate::land::LandDecision),
    /// 14.3.1.1: a player's sealed bids, one per UMP it bids for (an UMP not named: declined; none: declines all).
    UmpBids {
        bids: Vec<crate::umps::control::UmpBid>,
    },
    /// 8.4, 8.5: a decision of the Economic Phase (a manipulation setting, a shopping list).
    Economy(crate::economic::EconomicDecision),
}

pub use crate::political::calls::Call;

impl Decision {
    /// The kind's name, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Decision::Pass => "pass",
            Decision::Diplomacy(_) => "diplomacy",
            Decision::DeclareWar(_) => "declare",
            Decision::Ally(_) => "ally",
            Decision::BreakAlliances(_) => "break",
            Decision::CombineMovement(_) => "combine",
            Decision::CallAllies { .. } => "call",
            Decision::AnswerCall { .. } => "answer",
            Decision::Peace(_) => "peace",
            Decision::MinorControl(_) => "minor control",
            Decision::FreeStates(_) => "free",
            Decision::Reinforce(_) => "reinforce",
            Decision::Naval(_) => "naval",
            Decision::Land(_) => "land",
            Decision::UmpBids { .. } => "bid",
            Decision::Economy(crate::economic::EconomicDecision::Manipulate { .. }) => "manipulate",
            Decision::Economy(crate::economic::EconomicDecision::Spend(_)) => "buy",
        }
    }

    /// Parses JSON (`{"declare_war":{"targets":[{"power":"austria"}]}}`) or the short text form:
    /// `pass`, `declare austria,bavaria`, `declare none`, `ally prussia`, `break russia`, `combine austria`,
    /// `message austria,prussia: text`, `propose alliance|peace|combined austria`, `grant access austria`,
    /// `revoke access austria`, `cede bavaria to austria`, `accept cession bavaria from france`.
    pub fn parse(s: &str, scenario: &Scenario) -> RuleResult<Decision> {
        let s = s.trim();
        if s.starts_with('{') || s.starts_with('"') {
            return serde_json::from_str(s)
                .map_err(|e| RuleError::new("3.3", format!("not a decision in JSON: {e}")));
        }
        let (verb, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
        let rest = rest.trim();
        let powers = |list: &str| -> RuleResult<Vec<PowerId>> {
            names(list)
                .map(|n| match scenario.nation_by_name(n) {
                    Some(Nation::Power(p)) => Ok(p),
                    Some(Nation::Minor(_)) => Err(RuleError::new(
                        "3.4",
                        format!("`{n}` is a minor country; a major power is needed here"),
                    )),
                    None => Err(unknown(n, scenario)),
                })
                .collect()
        };
        match verb {
            "pass" | "done" if rest.is_empty() => Ok(Decision::Pass),
            "declare" => {
                if rest == "none" || rest.is_empty() {
                    return Ok(Decision::DeclareWar(Declare { targets: vec![] }));
                }
                let targets = names(rest)
                    .map(|n| {
                        scenario
                            .nation_by_name(n)
                            .ok_or_else(|| unknown(n, scenario))
                    })
                    .collect::<RuleResult<_>>()?;
                Ok(Decision::DeclareWar(Declare { targets }))
            }
            "ally" => Ok(Decision::Ally(Ally {
                with: if rest == "none" {
                    vec![]
                } else {
                    powers(rest)?
                },
            })),
            "break" => Ok(Decision::BreakAlliances(Break {
                with: if rest == "none" {
                    vec![]
                } else {
                    powers(rest)?
                },
            })),
            "combine" => Ok(Decision::CombineMovement(Combine {
                with: if rest == "none" {
                    vec![]
                } else {
                    powers(rest)?
                },
            })),
            "message" => {
                let (to, text) = rest
                    .split_once(':')
                    .ok_or_else(|| RuleError::new("3.3", "write `message POWER[,POWER]: text`"))?;
                Ok(Decision::Diplomacy(Send {
                    to: powers(to)?,
                    body: Diplomatic::Message {
                        text: text.trim().to_string(),
                    },
                }))
            }
            "propose" => {
                let (what, to) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    RuleError::new(
                        "3.3",
                        "write `propose alliance|peace|combined POWER[,POWER]`",
                    )
                })?;
                let body = match what {
                    "alliance" => Diplomatic::ProposeAlliance,
                    "peace" => Diplomatic::ProposeInformalPeace,
                    "combined" => Diplomatic::ProposeCombinedMovement,
                    _ => {
                        return Err(RuleError::new(
                            "3.3",
                            format!("unknown proposal `{what}`: alliance, peace or combined"),
                        ));
                    }
                };
                Ok(Decision::Diplomacy(Send {
                    to: powers(to)?,
                    body,
                }))
            }
            "grant" | "revoke" => {
                let to = rest
                    .strip_prefix("access")
                    .filter(|t| t.starts_with(char::is_whitespace))
                    .ok_or_else(|| RuleError::new("3.3", format!("write `{verb} access POWER`")))?;
                Ok(Decision::Diplomacy(Send {
                    to: powers(to)?,
                    body: if verb == "grant" {
                        Diplomatic::GrantAccess
                    } else {
                        Diplomatic::RevokeAccess
                    },
                }))
            }
            "cede" => {
                let usage = || RuleError::new("3.3", "write `cede MINOR to POWER`");
                let (minor, to) = rest.split_once(char::is_whitespace).ok_or_else(usage)?;
                let to = to.trim();
                let to = to.strip_prefix("to ").unwrap_or(to);
                Ok(Decision::Diplomacy(Send {
                    to: powers(to)?,
                    body: Diplomatic::CedeMinor {
                        minor: minor_named(minor, scenario)?,
                    },
                }))
            }
            "accept" if rest.starts_with("cession") => {
                let usage = || RuleError::new("3.3", "write `accept cession MINOR from POWER`");
                let rest = rest["cession".len()..].trim();
                let (minor, from) = rest.split_once(char::is_whitespace).ok_or_else(usage)?;
                let from = from.trim();
                let from = from.strip_prefix("from ").unwrap_or(from);
                Ok(Decision::Diplomacy(Send {
                    to: powers(from)?,
                    body: Diplomatic::AcceptCession {
                        minor: minor_named(minor, scenario)?,
                    },
                }))
            }
            "call" => {
                if rest == "none" || rest.is_empty() {
                    return Ok(Decision::CallAllies { calls: vec![] });
                }
                let calls = names(rest)
                    .map(|c| {
                        let (ally, against) = c.split_once(':').ok_or_else(|| {
                            RuleError::new("3.3", "write `call ALLY:ENEMY[,ALLY:ENEMY]`")
                        })?;
                        let ally = powers(ally)?.first().copied();
                        let against = powers(against)?.first().copied();
                        match (ally, against) {
                            (Some(ally), Some(against)) => Ok(Call { ally, against }),
                            _ => Err(RuleError::new(
                                "3.3",
                                "write `call ALLY:ENEMY[,ALLY:ENEMY]`",
                            )),
                        }
                    })
                    .collect::<RuleResult<_>>()?;
                Ok(Decision::CallAllies { calls })
            }
            "answer" => match rest {
                "yes" => Ok(Decision::AnswerCall { accept: true }),
                "no" => Ok(Decision::AnswerCall { accept: false }),
                _ => Err(RuleError::new("3.3", "write `answer yes` or `answer no`")),
            },
            "free" => {
                if rest == "none" || rest.is_empty() {
                    return Ok(Decision::FreeStates(FreeStates { minors: vec![] }));
                }
                let minors = names(rest)
                    .map(|n| minor_named(n, scenario))
                    .collect::<RuleResult<_>>()?;
                Ok(Decision::FreeStates(FreeStates { minors }))
            }
            _ => {
                if let Some(r) = crate::political::peace::parse(verb, rest, scenario) {
                    return r.map(Decision::Peace);
                }
                if let Some(r) = crate::political::minors::parse(verb, rest, scenario) {
                    return r.map(Decision::MinorControl);
                }
                if let Some(r) = crate::reinforcement::parse(verb, rest) {
                    return r.map(Decision::Reinforce);
                }
                if let Some(r) = crate::naval::parse(verb, rest, scenario) {
                    return r.map(Decision::Naval);
                }
                if let Some(r) = crate::land::parse(verb, rest, scenario) {
                    return r.map(Decision::Land);
                }
                if let Some(r) = crate::umps::control::parse(verb, rest, scenario) {
                    return r.map(|bids| Decision::UmpBids { bids });
                }
                if let Some(r) = crate::economic::decision::parse(verb, rest, scenario) {
                    return r.map(Decision::Economy);
                }
                Err(RuleError::new(
                    "3.3",
                    format!(
                        "cannot read `{s}`: expected pass, declare, ally, break, combine, message, propose, grant, revoke, cede, accept cession, call, answer, free, bid, reinforce, transfer, scuttle, a fleet's move (sail), a land decision (slot, depots, move, drop, pick, undo, done, attack, defend, retreat, siege, assault, sortie), a peace, minor-control or economic decision (manipulate, buy, convert, give, lend), or JSON"
                    ),
                ))
            }
        }
    }
}

fn names(list: &str) -> impl Iterator<Item = &str> {
    list.split([',', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty())
}

/// A minor country by its key.
fn minor_named(n: &str, scenario: &Scenario) -> RuleResult<crate::kernel::ids::MinorId> {
    match scenario.nation_by_name(n) {
        Some(Nation::Minor(m)) => Ok(m),
        Some(Nation::Power(_)) => Err(RuleError::new(
            "3.4",
            format!("`{n}` is a major power, not a minor country"),
        )),
        None => Err(unknown(n, scenario)),
    }
}

fn unknown(n: &str, scenario: &Scenario) -> RuleError {
    RuleError::new(
        "3.4",
        format!(
            "`{n}` is no power or minor country of scenario {} (powers: {})",
            scenario.meta.id,
            scenario
                .power_ids()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
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

impl fmt::Display for Decision {
    /// The short text form, which `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Pass => write!(f, "pass"),
            Decision::Diplomacy(Send { to, body }) => match body {
                Diplomatic::Message { text } => write!(f, "message {}: {text}", list(to)),
                Diplomatic::ProposeAlliance => write!(f, "propose alliance {}", list(to)),
                Diplomatic::ProposeInformalPeace => write!(f, "propose peace {}", list(to)),
                Diplomatic::ProposeCombinedMovement => write!(f, "propose combined {}", list(to)),
                Diplomatic::GrantAccess => write!(f, "grant access {}", list(to)),
                Diplomatic::RevokeAccess => write!(f, "revoke access {}", list(to)),
                Diplomatic::CedeMinor { minor } => write!(f, "cede {minor} to {}", list(to)),
                Diplomatic::AcceptCession { minor } => {
                    write!(f, "accept cession {minor} from {}", list(to))
                }
            },
            Decision::DeclareWar(Declare { targets }) => write!(f, "declare {}", list(targets)),
            Decision::Ally(Ally { with }) => write!(f, "ally {}", list(with)),
            Decision::BreakAlliances(Break { with }) => write!(f, "break {}", list(with)),
            Decision::CombineMovement(Combine { with }) => write!(f, "combine {}", list(with)),
            Decision::CallAllies { calls } => {
                let v: Vec<String> = calls
                    .iter()
                    .map(|c| format!("{}:{}", c.ally, c.against))
                    .collect();
                write!(f, "call {}", list(&v))
            }
            Decision::AnswerCall { accept } => {
                write!(f, "answer {}", if *accept { "yes" } else { "no" })
            }
            Decision::Peace(p) => write!(f, "{p}"),
            Decision::MinorControl(m) => write!(f, "{m}"),
            Decision::FreeStates(FreeStates { minors }) => write!(f, "free {}", list(minors)),
            Decision::Reinforce(p) => write!(f, "{p}"),
            Decision::Naval(d) => write!(f, "{d}"),
            Decision::Land(d) => write!(f, "{d}"),
            Decision::UmpBids { bids } => write!(f, "bid {}", list(bids)),
            Decision::Economy(e) => write!(f, "{e}"),
        }
    }
}
