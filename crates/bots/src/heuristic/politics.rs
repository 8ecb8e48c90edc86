//! The heuristic bot's Political Phase (rules 4.1 to 4.9) and UMP bids (14.3.1.1): war when stronger and not
//! barred, calls it can honour, peace when its capital falls or its army is gone, terms by value, allies by the
//! Natural Alliance Table and common enemies.

use super::{Ctx, choose};
use crate::Pick;
use coalition_engine::Decision;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::political::minors::MinorDecision;
use coalition_engine::political::peace::{Ask, PeaceDecision};

/// How much stronger (in tenths) a power's side must be before the bot declares war on a major power.
const WAR_RATIO: u32 = 15;
/// How far (land steps from the home capital) a minor may be for the bot to declare war on it.
const MINOR_REACH: u32 = 4;

/// The Natural Alliance Table's value of `other` for `me` (UMP1; 0 where the table is silent).
fn natural(cx: &Ctx, me: PowerId, other: PowerId) -> i32 {
    cx.sight
        .scenario
        .charts
        .natural_alliance
        .get(&me)
        .and_then(|r| r.get(&other))
        .copied()
        .unwrap_or(0)
}

/// 4.1: the bot negotiates nothing (it proposes and messages nobody); it passes.
pub fn diplomacy(cx: &Ctx) -> Pick {
    choose(
        cx,
        |d| i64::from(*d == Decision::Pass),
        |_| "sends no messages or proposals".into(),
    )
}

/// The ratio (in tenths) of the bot's side to `target`'s side.
fn odds_against(cx: &Ctx, target: PowerId) -> u32 {
    let s = &cx.sight;
    s.bloc(s.me) * 10 / s.bloc(target).max(1)
}

/// Whether the bot's wars already take what it has: a major enemy at least half as strong as it is.
fn busy(cx: &Ctx) -> bool {
    let s = &cx.sight;
    s.enemy_strength(s.me) * 2 >= s.strength(s.me)
}

/// 4.2: one declaration a month at most: on a major power its side outweighs by half again, near enough to
/// fight and not a natural friend; else on a weak neutral minor near its capital, when no war takes its army.
pub fn declarations(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let me = s.me;
    let capital = s.scenario.power(me).map(|d| d.capital);
    let busy = busy(cx);
    let score = |d: &Decision| -> i64 {
        let Decision::DeclareWar(dw) = d else {
            return -1000;
        };
        let [target] = dw.targets.as_slice() else {
            return if dw.targets.is_empty() { 0 } else { -1000 };
        };
        if busy {
            return -100;
        }
        match *target {
            Nation::Power(t) => {
                let ratio = odds_against(cx, t);
                let near = match (capital, s.scenario.power(t).map(|d| d.capital)) {
                    (Some(a), Some(b)) => cx.map.dist(a, b),
                    _ => u32::MAX / 2,
                };
                if ratio < WAR_RATIO || natural(cx, me, t) >= 2 || near > 10 {
                    return -50;
                }
                // Not every month: a player waits for the moment (one month in three, by the bot's seed).
                if cx.roll(u64::from(near), 3) != 0 {
                    return -5;
                }
                i64::from(ratio - WAR_RATIO) + 10 - i64::from(natural(cx, me, t))
            }
            Nation::Minor(m) => {
                let Some(def) = s.scenario.minor(m) else {
                    return -1000;
                };
                let forces = u32::from(def.forces.infantry + def.forces.cavalry);
                let dist = capital.map_or(u32::MAX / 2, |c| cx.map.dist(c, def.capital));
                if dist > MINOR_REACH || s.strength(me) < forces * 4 {
                    return -20;
                }
                if cx.roll(u64::from(dist) + 7, 2) != 0 {
                    return -5;
                }
                5 + def.districts.len() as i64 * 2 - i64::from(dist)
            }
        }
    };
    choose(cx, score, |d| match d {
        Decision::DeclareWar(dw) if dw.targets.is_empty() => {
            if busy {
                "declares no war: its wars take its army".into()
            } else {
                "declares no war: no target it clearly outweighs, near enough".into()
            }
        }
        Decision::DeclareWar(dw) => match dw.targets[0] {
            Nation::Power(t) => format!(
                "declares war on {t}: its side is {:.1} times {t}'s",
                f64::from(odds_against(cx, t)) / 10.0
            ),
            Nation::Minor(m) => format!("declares war on {m}: a weak neutral near its capital"),
        },
        _ => d.to_string(),
    })
}

/// Whether `p` is at war with a major enemy of the bot's power.
fn shares_enemy(cx: &Ctx, p: PowerId) -> bool {
    let s = &cx.sight;
    s.major_enemies(s.me)
        .iter()
        .any(|e| s.world.at_war(Nation::Power(p), Nation::Power(*e)))
}

/// 4.5: allies with its best natural ally (the Natural Alliance Table at 2 or more), or any power fighting its
/// enemies; never one it means to fight.
pub fn alliances(cx: &Ctx) -> Pick {
    let me = cx.sight.me;
    let worth = |p: PowerId| natural(cx, me, p) + if shares_enemy(cx, p) { 3 } else { 0 };
    choose(
        cx,
        |d| match d {
            Decision::Ally(a) if a.with.is_empty() => 1,
            Decision::Ally(a) => a.with.iter().map(|p| i64::from(worth(*p)) - 1).sum(),
            _ => -1000,
        },
        |d| match d {
            Decision::Ally(a) if a.with.is_empty() => {
                "allies with nobody: no natural ally listed".into()
            }
            Decision::Ally(a) => format!(
                "allies with {}: a natural ally or a friend against a common enemy",
                a.with
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => d.to_string(),
        },
    )
}

/// 4.7: keeps its word: breaks no alliance (a broken alliance costs points and bars re-allying).
pub fn breaking(cx: &Ctx) -> Pick {
    choose(
        cx,
        |d| match d {
            Decision::Pass => 1,
            Decision::BreakAlliances(b) if b.with.is_empty() => 1,
            _ => 0,
        },
        |_| "breaks no alliance".into(),
    )
}

/// 4.9: combines movement with the allies fighting its enemies.
pub fn combined(cx: &Ctx) -> Pick {
    choose(
        cx,
        |d| match d {
            Decision::CombineMovement(c) => c
                .with
                .iter()
                .map(|p| if shares_enemy(cx, *p) { 2 } else { -1 })
                .sum(),
            _ => -1000,
        },
        |d| match d {
            Decision::CombineMovement(c) if c.with.is_empty() => {
                "combines with nobody: no ally fights its enemies".into()
            }
            _ => format!("{d}: the ally fights its enemies"),
        },
    )
}

/// 4.3: calls the strongest ally against an enemy it cannot beat alone; answers a call it can honour (its side
/// and the caller's not outweighed), and refuses one that would bring a stronger enemy down on it.
pub fn calls(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let me = s.me;
    let pending = s
        .world
        .powers
        .get(&me)
        .and(cx.view.state.calls.as_ref())
        .and_then(|c| match &c.current {
            Some(coalition_engine::political::calls::Stage::Answering(p)) => Some(p.clone()),
            _ => None,
        });
    choose(
        cx,
        |d| match d {
            Decision::CallAllies { calls } => calls
                .iter()
                .map(|c| {
                    if s.strength(c.against) * 10 >= s.strength(me) * 7 {
                        i64::from(s.strength(c.ally)) / 10 + 1
                    } else {
                        -1
                    }
                })
                .sum(),
            Decision::AnswerCall { accept } => {
                let honour = pending.as_ref().is_none_or(|p| {
                    (s.strength(me) + s.strength(p.caller)) * 10 >= s.strength(p.call.against) * 8
                        || s.world
                            .at_war(Nation::Power(me), Nation::Power(p.call.against))
                });
                i64::from(*accept == honour)
            }
            _ => -1000,
        },
        |d| match d {
            Decision::CallAllies { calls } if calls.is_empty() => {
                "calls nobody: it can fight its enemies alone".into()
            }
            Decision::CallAllies { calls } => format!(
                "calls {}: the enemy is too strong to fight alone",
                calls
                    .iter()
                    .map(|c| format!("{} against {}", c.ally, c.against))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Decision::AnswerCall { accept: true } => {
                "answers the call: the two of them are a match for the enemy".into()
            }
            Decision::AnswerCall { accept: false } => {
                "refuses the call: the enemy would outweigh them both".into()
            }
            _ => d.to_string(),
        },
    )
}

/// Whether `enemy` holds any of the bot's home areas (its corps stand there, or it controls one).
fn invaded_by(cx: &Ctx, enemy: PowerId) -> bool {
    let s = &cx.sight;
    // The areas where corps `enemy` controls stand, read once.
    let corps_at: std::collections::BTreeSet<coalition_engine::ids::AreaId> =
        (s.world.forces.corps)
            .values()
            .filter(|c| s.world.controller_of(c.owner) == Some(enemy))
            .filter_map(|c| match c.location {
                coalition_engine::scenario::Location::Area(a) => Some(a),
                _ => None,
            })
            .collect();
    s.home()
        .iter()
        .any(|a| s.holder(*a) == Some(Nation::Power(enemy)) || corps_at.contains(a))
}

/// Why the bot's power should sue `enemy`: its capital is lost, or `enemy` is on its soil and its army is under
/// a third of its enemies'. An enemy that cannot reach it (an island's foe without a landing) is no reason.
fn beaten_by(cx: &Ctx, enemy: PowerId) -> Option<&'static str> {
    let s = &cx.sight;
    if !invaded_by(cx, enemy) {
        return None;
    }
    if s.capital_lost(s.me) {
        Some("its capital has fallen")
    } else if s.strength(s.me) * 3 < s.enemy_strength(s.me) {
        Some("the enemy is on its soil and its army is under a third of its enemies'")
    } else {
        None
    }
}

/// Whether a war with `enemy` is a stalemate worth an informal peace: a year old with neither side holding the
/// other's home areas.
fn stalemate(cx: &Ctx, enemy: PowerId) -> bool {
    let s = &cx.sight;
    let Some(w) = s
        .world
        .current_war(Nation::Power(s.me), Nation::Power(enemy))
    else {
        return false;
    };
    let old = w.since.months_until(s.world.date()) >= 12;
    let held = |by: PowerId, of: PowerId| {
        s.scenario
            .territory(Nation::Power(of))
            .iter()
            .any(|a| s.holder(*a) == Some(Nation::Power(by)))
    };
    old && !held(s.me, enemy) && !held(enemy, s.me)
}

/// The value of a peace term to the victor (4.4.5; list C where 12.4 allows it): land and money first.
fn term_value(term: &str) -> i64 {
    match term {
        "B.7" => 9,
        "C.3" => 8,
        "B.3" => 7,
        "C.1" => 6,
        "B.1" => 5,
        "C.2" => 4,
        "B.2" => 3,
        "B.6" => 2,
        "B.5" => 1,
        "B.4" => 1,
        _ => 0,
    }
}

/// The value of a list A term to the loser (4.4.3): keeping its provinces first, then its money and corps.
fn protect_value(term: &str) -> i64 {
    match term {
        "A.5" => 5,
        "A.2" => 4,
        "A.1" => 3,
        "A.3" => 2,
        "A.4" => 1,
        _ => 0,
    }
}

/// 4.4: sues when beaten, makes an informal peace in a stalemate, offers hard terms when it holds the loser's
/// capital, accepts what it sued for, protects its provinces and takes terms by value.
pub fn peace(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let me = s.me;
    choose(
        cx,
        |d| {
            let Decision::Peace(p) = d else {
                return -1000;
            };
            match p {
                PeaceDecision::Propose { informal, sue } => {
                    let sue_score: i64 = sue
                        .iter()
                        .map(|e| if beaten_by(cx, *e).is_some() { 10 } else { -20 })
                        .sum();
                    let informal_score: i64 = informal
                        .iter()
                        .map(|e| if stalemate(cx, *e) { 3 } else { -5 })
                        .sum();
                    sue_score + informal_score
                }
                PeaceDecision::Offer { unconditional } => {
                    let loser = cx
                        .view
                        .state
                        .peace
                        .step
                        .as_ref()
                        .and_then(|st| match &st.asking {
                            Ask::Offers { loser, .. } => Some(*loser),
                            _ => None,
                        });
                    let hard =
                        loser.is_some_and(|l| s.capital_lost(l) || s.bloc(me) >= s.bloc(l) * 2);
                    i64::from(*unconditional == hard)
                }
                PeaceDecision::Accept { victors } => victors.len() as i64,
                PeaceDecision::Protect { term } => protect_value(term),
                PeaceDecision::Term { term, .. } => term_value(term),
                PeaceDecision::NoMoreTerms => 0,
                PeaceDecision::Place { area } => {
                    let cap = s.scenario.power(me).map(|d| d.capital);
                    -(cap.map_or(0, |c| i64::from(cx.map.dist(*area, c).min(99))))
                }
                PeaceDecision::KeepFreeState { keep } => i64::from(*keep),
                PeaceDecision::Demand { allies } => -(allies.len() as i64),
            }
        },
        |d| {
            let Decision::Peace(p) = d else {
                return d.to_string();
            };
            match p {
                PeaceDecision::Propose { sue, .. } if !sue.is_empty() => format!(
                    "sues {} for peace: {}",
                    sue.iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    sue.iter()
                        .find_map(|e| beaten_by(cx, *e))
                        .unwrap_or("the war is lost")
                ),
                PeaceDecision::Propose { informal, .. } if !informal.is_empty() => {
                    "proposes an informal peace: a year of war and nothing held on either side"
                        .into()
                }
                PeaceDecision::Propose { .. } => {
                    "fights on: not beaten, and the war still pays".into()
                }
                PeaceDecision::Offer {
                    unconditional: true,
                } => {
                    "offers unconditional peace: it holds the loser's capital or outweighs it twice"
                        .into()
                }
                PeaceDecision::Offer { .. } => {
                    "offers conditional peace, which the loser will accept".into()
                }
                PeaceDecision::Accept { .. } => "accepts the peace it sued for".into(),
                PeaceDecision::Protect { term } => {
                    format!("protects with {term}: its provinces and money first")
                }
                PeaceDecision::Term { term, .. } => {
                    format!("takes {term}: the most valuable term left")
                }
                PeaceDecision::NoMoreTerms => "takes no more terms: none left worth having".into(),
                PeaceDecision::Place { area } => {
                    format!("brings the force home to {area}, nearest its capital")
                }
                PeaceDecision::KeepFreeState { keep } => {
                    if *keep {
                        "keeps the free state and its forces".into()
                    } else {
                        "conquers the free state".into()
                    }
                }
                PeaceDecision::Demand { .. } => "demands no broken alliance".into(),
            }
        },
    )
}

/// 4.6: rolls for every minor its national modifier does not count against, sets a minor up to hold its cities,
/// backs down when a stronger power also declared, and supports its minor against aggressors it outweighs.
pub fn minors(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let me = s.me;
    let modifier = |m: coalition_engine::ids::MinorId| {
        s.scenario
            .minor(m)
            .and_then(|d| d.national_modifiers.get(&me).copied())
            .unwrap_or(0)
    };
    let attackers_of = |m: coalition_engine::ids::MinorId| -> Vec<PowerId> {
        s.world
            .powers
            .keys()
            .filter(|p| **p != me && s.world.at_war(Nation::Power(**p), Nation::Minor(m)))
            .copied()
            .collect()
    };
    choose(
        cx,
        |d| {
            let Decision::MinorControl(m) = d else {
                return -1000;
            };
            match m {
                MinorDecision::Roll { minors } => minors
                    .iter()
                    .map(|m| {
                        if modifier(*m) >= 0 {
                            2 + i64::from(modifier(*m))
                        } else {
                            -1
                        }
                    })
                    .sum(),
                MinorDecision::SetUp { corps, .. } => {
                    // Corps when it must fight in the field (an enemy army next door), else garrisons.
                    i64::from(corps.is_empty() != s.at_war())
                }
                MinorDecision::BackDown { minors } => minors
                    .iter()
                    .map(|m| {
                        let stronger = attackers_of(*m)
                            .iter()
                            .any(|p| s.strength(*p) > s.strength(me));
                        if stronger { 2 } else { -2 }
                    })
                    .sum(),
                MinorDecision::Support { against } => against
                    .iter()
                    .map(|p| {
                        if s.bloc(me) * 10 >= s.bloc(*p) * WAR_RATIO {
                            2
                        } else {
                            -3
                        }
                    })
                    .sum(),
            }
        },
        |d| match d {
            Decision::MinorControl(MinorDecision::Roll { minors }) if minors.is_empty() => {
                "rolls for no minor: its modifiers count against it".into()
            }
            Decision::MinorControl(MinorDecision::Roll { .. }) => {
                format!("{d}: minors its national modifiers favour")
            }
            Decision::MinorControl(MinorDecision::SetUp { corps, .. }) if corps.is_empty() => {
                "sets the minor's army up as garrisons to hold its cities".into()
            }
            Decision::MinorControl(MinorDecision::SetUp { .. }) => {
                "sets the minor's army up as corps to fight in the field".into()
            }
            Decision::MinorControl(MinorDecision::BackDown { minors }) if minors.is_empty() => {
                "stands by its declaration: no stronger rival".into()
            }
            Decision::MinorControl(MinorDecision::BackDown { .. }) => {
                format!("{d}: a stronger power also declared")
            }
            Decision::MinorControl(MinorDecision::Support { against }) if against.is_empty() => {
                "leaves its minor to defend itself: the aggressors are too strong".into()
            }
            _ => format!("{d}: it outweighs the aggressors"),
        },
    )
}

/// 4.8: declares no free state (a conquered minor's money and manpower stay its own).
pub fn free_states(cx: &Ctx) -> Pick {
    choose(
        cx,
        |d| match d {
            Decision::FreeStates(f) => -(f.minors.len() as i64),
            Decision::Pass => 0,
            _ => -1000,
        },
        |_| "declares no free state: it keeps the conquered minors' money and manpower".into(),
    )
}

/// 14.3.1.1: bids for the UMP the Natural Alliance Table makes its best friend (a table value of 1 or more),
/// as many points as that value.
pub fn ump_bids(cx: &Ctx) -> Pick {
    let me = cx.sight.me;
    choose(
        cx,
        |d| match d {
            Decision::UmpBids { bids } if bids.is_empty() => 0,
            Decision::UmpBids { bids } => bids
                .iter()
                .map(|b| {
                    let n = natural(cx, me, b.ump);
                    if n >= 1 && b.points <= n {
                        i64::from(n * 10 + b.points)
                    } else {
                        -1
                    }
                })
                .sum(),
            _ => -1000,
        },
        |d| match d {
            Decision::UmpBids { bids } if bids.is_empty() => {
                "bids for no UMP: none is a natural ally".into()
            }
            _ => format!("{d}: its natural ally on the Natural Alliance Table"),
        },
    )
}
