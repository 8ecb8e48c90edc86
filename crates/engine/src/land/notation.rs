//! Rule 3.3 (Coalition's text forms) for the Land Phase: `slot 3`, `depots build ulm,munich remove linz`,
//! `move fr-1,fr-2,napoleon paris>reims>metz`, `drop fr-1 infantry:2`, `pick fr-1 militia:1`, `undo`, `done`,
//! and in a battle `attack outflank with fr-2,fr-3 reinforce fr-5 guard 2+2`, `defend cordon`, `retreat passau`.

use super::{GuardOrder, LandDecision, LandEvent};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Key, LeaderId};
use crate::scenario::combat::AttackChit;
use crate::scenario::{Factors, Scenario, UnitKind};
use std::fmt;

fn key(s: &str, what: &str) -> RuleResult<Key> {
    Key::new(s).map_err(|e| RuleError::new("3.3", format!("`{s}` is not a {what} key: {e}")))
}

fn areas(list: &str) -> RuleResult<Vec<AreaId>> {
    list.split([',', '>'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| key(s, "area").map(AreaId))
        .collect()
}

/// Reads `infantry:2,militia:1`.
fn factors(list: &str) -> RuleResult<Factors> {
    let mut f = Factors::default();
    for part in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (kind, n) = part.split_once(':').unwrap_or((part, "1"));
        let kind: UnitKind = serde_json::from_value(serde_json::Value::String(kind.trim().into()))
            .map_err(|_| RuleError::new("3.3", format!("`{kind}` is not a kind of land factor")))?;
        let n: u16 = n
            .trim()
            .parse()
            .map_err(|_| RuleError::new("3.3", format!("`{n}` is not a number of factors")))?;
        let Some(add) = crate::reinforcement::land_factors(kind, n) else {
            return Err(RuleError::new(
                "3.3",
                format!("{kind} is not a land factor"),
            ));
        };
        f = f.plus(&add);
    }
    Ok(f)
}

/// Reads a Land Phase decision in the text form, if `verb` is one of its verbs.
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<LandDecision>> {
    let rest = rest.trim();
    // Corps and leaders in one list: a key the scenario knows as a leader's is one.
    let units_of = |units: &str| -> RuleResult<(Vec<CorpsId>, Vec<LeaderId>)> {
        let (mut corps, mut leaders) = (Vec::new(), Vec::new());
        for u in units.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let k = key(u, "corps or leader")?;
            if scenario.leader(LeaderId(k)).is_some() {
                leaders.push(LeaderId(k));
            } else {
                corps.push(CorpsId(k));
            }
        }
        Ok((corps, leaders))
    };
    Some(match verb {
        "slot" => rest
            .parse()
            .map(|place| LandDecision::Place { place })
            .map_err(|_| {
                RuleError::new(
                    "3.3",
                    "write `slot N` (France's place in the order, 1 = first)",
                )
            }),
        "undo" => Ok(LandDecision::Undo),
        "depots" | "depot" => (|| {
            let (mut build, mut remove) = (Vec::new(), Vec::new());

            let mut into = &mut build;
            for w in rest.split_whitespace() {
                match w {
                    "build" => into = &mut build,
                    "remove" => into = &mut remove,
                    list => into.extend(areas(list)?),
                }
            }

            Ok(LandDecision::Depots { build, remove })
        })(),
        "move" => (|| {
            let (units, path) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                RuleError::new("3.3", "write `move CORPS[,CORPS,LEADER] FROM>TO>...`")
            })?;
            let (corps, leaders) = units_of(units)?;
            Ok(LandDecision::Move {
                corps,
                leaders,
                path: areas(path)?,
            })
        })(),
        "disembark" => (|| {
            let (units, to) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                RuleError::new(
                    "3.3",
                    "write `disembark [depot,]CORPS[,CORPS,LEADER] AREA` (or `disembark depot AREA`, or `disembark CORPS port:AREA` into a besieged friendly port)",
                )
            })?;
            let listed: Vec<&str> = units.split(',').map(str::trim).collect();
            let depot = listed.contains(&"depot");
            let rest_units: Vec<&str> = listed.into_iter().filter(|u| *u != "depot").collect();
            let (corps, leaders) = if rest_units.is_empty() {
                (Vec::new(), Vec::new())
            } else {
                units_of(&rest_units.join(","))?
            };
            // Errata 7.3.5: `port:AREA` lands straight into the besieged port there.
            let to = to.trim();
            let (into_port, to) = match to.strip_prefix("port:") {
                Some(a) => (true, a),
                None => (false, to),
            };
            Ok(LandDecision::Disembark {
                corps,
                leaders,
                depot,
                into_port,
                to: AreaId(key(to, "area")?),
            })
        })(),
        "enter" => key(rest.trim(), "corps").map(|k| LandDecision::Enter { corps: CorpsId(k) }),
        "drop" | "pick" => (|| {
            let (c, list) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                RuleError::new("3.3", format!("write `{verb} CORPS infantry:2,militia:1`"))
            })?;
            let corps = CorpsId(key(c.trim(), "corps")?);
            let f = factors(list)?;
            Ok(if verb == "drop" {
                LandDecision::Garrison {
                    corps,
                    drop: f,
                    pick: Factors::default(),
                }
            } else {
                LandDecision::Garrison {
                    corps,
                    drop: Factors::default(),
                    pick: f,
                }
            })
        })(),
        "attack" => chit_parts(verb, rest).map(|(chit, outflanking, guard, reinforce)| {
            LandDecision::Attack {
                chit,
                outflanking,
                guard,
                reinforce,
            }
        }),
        "defend" => chit_parts(verb, rest).map(|(chit, outflanking, guard, reinforce)| {
            LandDecision::Defend {
                chit,
                outflanking,
                guard,
                reinforce,
            }
        }),
        "retreat" => key(rest, "area").map(|a| LandDecision::Retreat { to: AreaId(a) }),
        "siege" => key(rest, "area").map(|a| LandDecision::Besiege { area: AreaId(a) }),
        "assault" | "sortie" => siege_parts(verb, rest),
        _ => return None,
    })
}

/// Reads `assault AREA [CHIT] [with CORPS,...]` and `sortie AREA [CHIT]` (7.5.4.1, 7.5.4.2.1; chit: assault).
fn siege_parts(verb: &str, rest: &str) -> RuleResult<LandDecision> {
    let usage = || {
        RuleError::new(
            "3.3",
            if verb == "assault" {
                "write `assault AREA [CHIT] [with CORPS,CORPS]` (chits: assault, escalated_assault, probe)"
            } else {
                "write `sortie AREA [CHIT]` (chits: assault, escalated_assault, probe)"
            },
        )
    };
    let mut words = rest.split_whitespace();
    let area = AreaId(key(words.next().ok_or_else(usage)?, "area")?);
    let (mut chit, mut corps) = (AttackChit::Assault, Vec::new());
    while let Some(w) = words.next() {
        if w == "with" && verb == "assault" {
            for c in words.next().ok_or_else(usage)?.split(',') {
                corps.push(CorpsId(key(c.trim(), "corps")?));
            }
        } else {
            chit = serde_json::from_value(serde_json::Value::String(w.replace('-', "_")))
                .map_err(|_| usage())?;
        }
    }
    Ok(if verb == "assault" {
        LandDecision::Assault { area, chit, corps }
    } else {
        LandDecision::Sortie { area, chit }
    })
}

fn join<T: fmt::Display>(xs: &[T], sep: &str) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// `infantry:2,militia:1`.
pub fn factors_text(f: &Factors) -> String {
    crate::reinforcement::units_of(f)
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{k}:{n}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// A chit's key (`escalated_assault`).
fn chit_key<T: serde::Serialize>(chit: &T) -> String {
    serde_json::to_value(chit)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// ` with fr-2,fr-3 reinforce fr-5 guard 1+2` after a chit.
fn chit_rest(
    f: &mut fmt::Formatter<'_>,
    outflanking: &[CorpsId],
    guard: &Option<GuardOrder>,
    reinforce: &[CorpsId],
) -> fmt::Result {
    if !outflanking.is_empty() {
        write!(f, " with {}", join(outflanking, ","))?;
    }
    if !reinforce.is_empty() {
        write!(f, " reinforce {}", join(reinforce, ","))?;
    }
    if let Some(g) = guard {
        match g.day {
            Some(day) => write!(f, " guard {day}.{}+{}", g.round, g.shift)?,
            None => write!(f, " guard {}+{}", g.round, g.shift)?,
        }
        if let Some(n) = g.nation {
            write!(f, " {n}")?;
        }
    }
    Ok(())
}

/// A chit with its orders: the outflanking force, the guard commitment, the corps sent from next areas.
type ChitParts<T> = (T, Vec<CorpsId>, Option<GuardOrder>, Vec<CorpsId>);

/// Reads `CHIT [with CORPS,...] [reinforce CORPS,...] [guard ROUND+SHIFT [NATION]]` (the round of the day being
/// fought; the older `guard DAY.ROUND+SHIFT` names the day too, which must be the day being fought; the
/// nationality whose guard commits when the side has the guard of several, 12.3.4.3).
fn chit_parts<T: serde::de::DeserializeOwned>(verb: &str, rest: &str) -> RuleResult<ChitParts<T>> {
    let usage = || {
        RuleError::new(
            "3.3",
            format!(
                "write `{verb} CHIT [with CORPS,CORPS] [reinforce CORPS,CORPS] [guard ROUND+SHIFT [NATION]]` (chits: {})",
                if verb == "attack" {
                    "outflank, assault, escalated_assault, echelon, probe"
                } else {
                    "outflank, counterattack, escalated_counterattack, cordon, withdraw, defend"
                }
            ),
        )
    };
    let mut words = rest.split_whitespace().peekable();
    let chit: T = serde_json::from_value(serde_json::Value::String(
        words.next().ok_or_else(usage)?.replace('-', "_"),
    ))
    .map_err(|_| usage())?;
    let (mut outflanking, mut guard, mut reinforce) = (Vec::new(), None, Vec::new());
    while let Some(w) = words.next() {
        match w {
            "with" | "reinforce" => {
                let list = if w == "with" {
                    &mut outflanking
                } else {
                    &mut reinforce
                };
                for c in words.next().ok_or_else(usage)?.split(',') {
                    list.push(CorpsId(key(c.trim(), "corps")?));
                }
            }
            "guard" => {
                let g = words.next().ok_or_else(usage)?;
                let (day, rest) = match g.split_once('.') {
                    Some((day, rest)) => (Some(day.parse().map_err(|_| usage())?), rest),
                    None => (None, g),
                };
                let (round, shift) = rest.split_once('+').ok_or_else(usage)?;
                // 12.3.4.3: the nationality, when a word other than the next order follows.
                let nation = match words.next_if(|w| !matches!(*w, "with" | "reinforce" | "guard"))
                {
                    Some(n) => Some(key(n, "nation")?),
                    None => None,
                };
                guard = Some(GuardOrder {
                    day,
                    round: round.parse().map_err(|_| usage())?,
                    shift: shift.parse().map_err(|_| usage())?,
                    nation,
                });
            }
            _ => return Err(usage()),
        }
    }
    Ok((chit, outflanking, guard, reinforce))
}

impl fmt::Display for LandDecision {
    /// The text form, which `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LandDecision::Place { place } => write!(f, "slot {place}"),
            LandDecision::Depots { build, remove } => {
                write!(f, "depots")?;
                if !build.is_empty() {
                    write!(f, " build {}", join(build, ","))?;
                }
                if !remove.is_empty() {
                    write!(f, " remove {}", join(remove, ","))?;
                }
                Ok(())
            }
            LandDecision::Move {
                corps,
                leaders,
                path,
            } => {
                let mut units = join(corps, ",");
                if !leaders.is_empty() {
                    units = format!("{units},{}", join(leaders, ","));
                }
                write!(f, "move {units} {}", join(path, ">"))
            }
            LandDecision::Disembark {
                corps,
                leaders,
                depot,
                into_port,
                to,
            } => {
                let mut units: Vec<String> = Vec::new();
                if *depot {
                    units.push("depot".into());
                }
                units.extend(corps.iter().map(|c| c.to_string()));
                units.extend(leaders.iter().map(|l| l.to_string()));
                let port = if *into_port { "port:" } else { "" };
                write!(f, "disembark {} {port}{to}", units.join(","))
            }
            LandDecision::Garrison { corps, drop, pick } => {
                if !drop.is_empty() && pick.is_empty() {
                    write!(f, "drop {corps} {}", factors_text(drop))
                } else if drop.is_empty() {
                    write!(f, "pick {corps} {}", factors_text(pick))
                } else {
                    let json = serde_json::to_string(self).map_err(|_| fmt::Error)?;
                    write!(f, "{json}")
                }
            }
            LandDecision::Enter { corps } => write!(f, "enter {corps}"),
            LandDecision::Undo => write!(f, "undo"),
            LandDecision::Done => write!(f, "done"),
            LandDecision::Attack {
                chit,
                outflanking,
                guard,
                reinforce,
            } => {
                write!(f, "attack {}", chit_key(chit))?;
                chit_rest(f, outflanking, guard, reinforce)
            }
            LandDecision::Defend {
                chit,
                outflanking,
                guard,
                reinforce,
            } => {
                write!(f, "defend {}", chit_key(chit))?;
                chit_rest(f, outflanking, guard, reinforce)
            }
            LandDecision::Retreat { to } => write!(f, "retreat {to}"),
            LandDecision::Besiege { area } => write!(f, "siege {area}"),
            LandDecision::Assault { area, chit, corps } => {
                write!(f, "assault {area} {}", chit_key(chit))?;
                if !corps.is_empty() {
                    write!(f, " with {}", join(corps, ","))?;
                }
                Ok(())
            }
            LandDecision::Sortie { area, chit } => write!(f, "sortie {area} {}", chit_key(chit)),
        }
    }
}

impl fmt::Display for LandEvent {
    /// In words, by keys (the command line names them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LandEvent::PhaseBegan { .. } => write!(f, "the Land Phase begins (7.1)"),
            LandEvent::OrderSet { place, order } => write!(
                f,
                "order of movement (7.1), France {place}: {}",
                order
                    .iter()
                    .map(|s| join(s, "+"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            LandEvent::MoverBegan { power, .. } => write!(f, "{power} moves (7.1.3)"),
            LandEvent::Moved { power, record } => write!(
                f,
                "{power} moves {} along {} ({} movement point(s){}{}) (7.3)",
                join(&record.corps, ", "),
                join(&record.path, ">"),
                record.cost,
                if record.forced.is_empty() {
                    String::new()
                } else {
                    format!(", forced march by {}", join(&record.forced, ", "))
                },
                if record.stopped {
                    ", stopped by the enemy"
                } else {
                    ""
                }
            ),
            LandEvent::MoveUndone { power, record } => write!(
                f,
                "{power} takes back the move of {} (7.3)",
                join(&record.corps, ", ")
            ),
            LandEvent::Disembarked {
                power,
                corps,
                from,
                to,
                ..
            } => write!(
                f,
                "{power} lands {} from {from} in {to} (6.2.5)",
                join(corps, ", ")
            ),
            LandEvent::Garrisoned {
                corps,
                area,
                dropped,
                picked,
                ..
            } => write!(
                f,
                "{corps} at {area}: drops {}, picks up {} (7.3.5)",
                dropped.total(),
                picked.total()
            ),
            LandEvent::DepotsChanged {
                power,
                built,
                removed,
            } => write!(
                f,
                "{power}'s depots (7.2): placed {}; removed {}",
                if built.is_empty() {
                    "none".into()
                } else {
                    join(built, ", ")
                },
                if removed.is_empty() {
                    "none".into()
                } else {
                    join(removed, ", ")
                }
            ),
            LandEvent::MovementEnded { power } => write!(f, "{power} has moved (7.1.3)"),
            LandEvent::SupplyTraced {
                power,
                supplied,
                out_of_supply,
                ..
            } => write!(
                f,
                "{power}'s supply (7.4): {} corps in supply, out of supply: {}",
                supplied.len(),
                if out_of_supply.is_empty() {
                    "none".into()
                } else {
                    join(out_of_supply, ", ")
                }
            ),
            LandEvent::CombatPending { combat } => write!(
                f,
                "battle to fight at {} (7.5): {} against {}",
                combat.area,
                join(&combat.attacking, ", "),
                join(&combat.defending, ", ")
            ),
            LandEvent::CombatLapsed { area } => {
                write!(f, "no battle at {area} after all: one side is gone (7.5)")
            }
            LandEvent::BattleBegan { battle, .. } => write!(
                f,
                "battle at {} (7.5): {} attacks with {} against {}",
                battle.area,
                battle.attacker,
                join(&battle.attacking, ", "),
                join(&battle.defending, ", ")
            ),
            LandEvent::BattleFought { record } => {
                let (la, ld) = record.report.losses(&record.setup);
                write!(
                    f,
                    "battle at {} (7.5): {}; {}; losses {la} and {ld}",
                    record.area,
                    record
                        .setup
                        .chits
                        .iter()
                        .map(|c| format!("{} v {}", chit_key(&c.0), chit_key(&c.1)))
                        .collect::<Vec<_>>()
                        .join(", then "),
                    match record.report.outcome {
                        crate::battle::Outcome::Won { winner } => match winner {
                            crate::scenario::combat::Role::Attacker => "the attacker wins",
                            crate::scenario::combat::Role::Defender => "the defender wins",
                        },
                        crate::battle::Outcome::Withdrew => "the defender withdraws",
                        crate::battle::Outcome::Undecided => "undecided",
                    }
                )
            }
            LandEvent::BattleDayFought {
                area,
                day,
                chits,
                report,
                ..
            } => write!(
                f,
                "battle at {area}, day {day} (7.5.2): {} v {}; {}",
                chit_key(&chits.0),
                chit_key(&chits.1),
                match report.outcome {
                    None => "the battle goes on",
                    Some(crate::battle::Outcome::Won { winner }) => match winner {
                        crate::scenario::combat::Role::Attacker => "the attacker wins",
                        crate::scenario::combat::Role::Defender => "the defender wins",
                    },
                    Some(crate::battle::Outcome::Withdrew) => "the defender withdraws",
                    Some(crate::battle::Outcome::Undecided) => "undecided",
                }
            ),
            LandEvent::RetreatsOwed { retreats } => write!(
                f,
                "to retreat (7.5.9): {}",
                retreats
                    .iter()
                    .map(|r| format!("{} to one of {}", join(&r.corps, ", "), join(&r.to, ", ")))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            LandEvent::Retreated {
                corps, from, to, ..
            } => write!(
                f,
                "{} retreat from {from} to {to} (7.5.9)",
                join(corps, ", ")
            ),
            LandEvent::BattleEnded { area } => write!(f, "the battle at {area} is over (7.5)"),
            LandEvent::SiegeStepBegan { power, .. } => write!(f, "{power}'s siege step (7.5.4)"),
            LandEvent::Sheltered { power, corps, area } => write!(
                f,
                "{power}'s {} go(es) into the city of {area} (7.5.4)",
                join(corps, ", ")
            ),
            LandEvent::SiegeRolled {
                power,
                area,
                total,
                needed,
                fell,
            } => write!(
                f,
                "{power}'s siege roll at {area}: {total} against {needed}: {} (7.5.4)",
                if *fell { "the city falls" } else { "it holds" }
            ),
            LandEvent::SiegeCombatFought { record } => {
                let (la, ld) = record.report.losses(&record.setup);
                let what = match record.kind {
                    super::SiegeCombat::Assault => "assault on",
                    super::SiegeCombat::Sortie => "sortie at",
                };
                write!(
                    f,
                    "{} {what} {} ({}): {}; losses {la} and {ld}",
                    record.power,
                    record.area,
                    chit_key(&record.setup.chits[0].0),
                    match record.report.outcome {
                        crate::battle::Outcome::Won { winner } => match winner {
                            crate::scenario::combat::Role::Attacker => "the attack succeeds",
                            crate::scenario::combat::Role::Defender => "the attack is beaten off",
                        },
                        _ => "the attack fails",
                    }
                )
            }
            LandEvent::SiegeStepEnded { power } => {
                write!(f, "{power}'s siege step is over (7.5.4)")
            }
            LandEvent::ShipsDestroyed {
                owner, port, count, ..
            } => write!(
                f,
                "{count} ship(s) of {owner} building at {port} are lost with the port (12.1.2.1)"
            ),
            LandEvent::PhaseEnded => write!(f, "the Land Phase ends after the Conquest Step (7.7)"),
        }
    }
}
