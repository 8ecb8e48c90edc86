//! Rule 4.4.6: a peace takes effect. Points (4.4.2.3, 4.4.5), the war ended, the enforced peace (4.4.6.3), the
//! effect of each term of the Victory Conditions Chart (corps and fleets removed, reparations, corps on loan, a
//! royal marriage, trade restriction, access, cession of minors and provinces), prisoners exchanged (4.4.6.1),
//! and a ceded free state kept or made conquered (4.4.6.4). Repatriation (4.4.6.2) is `repatriation`; a final
//! peace (4.4.8), `separate`; with 12.4, a limited access instead (`repatriation::after_peace`).

use super::notation::join;
use super::repatriation::after_peace;
use super::terms::{param, province_areas};
use super::{
    CededFree, ChosenTerm, Cx, Obligation, PeaceDecision, PeaceEvent, PeaceKind, PeaceRecord, Sub,
    Surrender, separate,
};
use crate::kernel::dice::{Dice, Entrant, competitive};
use crate::kernel::ids::{CorpsId, FleetId, MinorId, Nation, PowerId};
use crate::scenario::{CorpsKind, Factors, Location, MinorStatus};
use crate::world::{EnforcedPeace, LeaderStatus, World, WorldEvent, name, points};
use std::collections::BTreeMap;

/// The peace takes effect.
pub(super) fn conclude(cx: &mut Cx, sub: &mut Sub, s: &Surrender, dice: &mut Dice) {
    let (sc, loser) = (cx.scenario, s.loser);
    let date = cx.world().date();
    let base = sc.charts.victory_conditions.enforced_peace_months as i32;
    let any_unc = s.to.iter().any(|(_, u)| *u);
    // 4.4.2.3, 4.4.5: one set of points for the loser.
    let victors_txt = join(&s.to.iter().map(|(v, _)| *v).collect::<Vec<_>>());
    let e = points(
        sc,
        loser,
        if any_unc {
            "surrender-unconditional"
        } else {
            "surrender-conditional"
        },
        1,
        if any_unc { "4.4.2.3.2" } else { "4.4.2.3.1" },
        format!("surrendered to {victors_txt}"),
    );
    cx.push(e);
    for (v, unc) in &s.to {
        let r = format!("accepted the surrender of {}", name(cx.scenario, loser));
        let e = points(
            sc,
            *v,
            if *unc {
                "accept-unconditional-surrender"
            } else {
                "accept-conditional-surrender"
            },
            1,
            if *unc { "4.4.2.3.2" } else { "4.4.2.3.1" },
            r,
        );
        cx.push(e);
    }
    let mut pairs_done = Vec::new();
    for (v, unc) in &s.to {
        let v = *v;
        let reason = format!(
            "{} surrendered to {}",
            name(cx.scenario, loser),
            name(cx.scenario, v)
        );
        cx.push(WorldEvent::WarEnded {
            a: Nation::Power(loser),
            b: Nation::Power(v),
            date,
            rule: if *unc { "4.4.4" } else { "4.4.3" }.into(),
            reason,
        });
        let mine: Vec<ChosenTerm> = s.terms.iter().filter(|t| t.by == v).cloned().collect();
        let chose = |id: &str| mine.iter().any(|t| t.term == id);
        let loser_months = if chose("C.2") {
            param(sc, "C.2", "months", 36)
        } else if chose("B.2") {
            param(sc, "B.2", "months", 24)
        } else {
            base
        };
        let loser_until = date.plus_months(loser_months);
        let victor_until = date.plus_months(base);
        for (r, t, until, rule) in [
            (
                loser,
                v,
                loser_until,
                if loser_months != base {
                    if chose("C.2") { "C.2" } else { "B.2" }
                } else {
                    "4.4.6.3"
                },
            ),
            (v, loser, victor_until, "4.4.6.3"),
        ] {
            cx.push(WorldEvent::EnforcedPeaceRecorded {
                peace: EnforcedPeace {
                    restricted: r,
                    towards: t,
                    since: date,
                    until,
                    rule: rule.into(),
                },
            });
        }
        let mut terms: Vec<ChosenTerm> = s
            .protections
            .iter()
            .filter(|(x, _)| *x == v)
            .map(|(_, t)| ChosenTerm {
                term: t.clone(),
                by: loser,
                targets: vec![],
            })
            .collect();
        terms.extend(mine.iter().cloned());
        cx.emit(PeaceEvent::Made {
            record: PeaceRecord {
                date,
                kind: if *unc {
                    PeaceKind::Unconditional
                } else {
                    PeaceKind::Conditional
                },
                loser,
                victor: v,
                terms,
                loser_restricted_until: Some(loser_until),
                victor_restricted_until: Some(victor_until),
            },
        });
        for t in &mine {
            term_effect(cx, sub, loser, v, t, dice);
        }
        exchange_prisoners(cx, loser, v);
        pairs_done.push((v, chose("C.5")));
    }
    // C.6 takes effect only if every victor chose it (4.4.5.3).
    if s.to
        .iter()
        .all(|(v, _)| s.terms.iter().any(|t| t.by == *v && t.term == "C.6"))
    {
        cx.emit(PeaceEvent::Recorded {
            obligation: Obligation::PoliticalSettlement {
                loser,
                victors: s.to.iter().map(|(v, _)| *v).collect(),
                since: date,
            },
        });
    }
    sub.surrendered
        .push((loser, s.to.iter().map(|(v, _)| *v).collect()));
    // 4.4.8: a final peace when the capital's province is ceded.
    if separate::final_peace(cx, s) {
        return;
    }
    for (v, access) in pairs_done {
        after_peace(cx, sub, (loser, false), (v, access), "4.4.6.2");
    }
}

/// The effect of a victor's term.
fn term_effect(
    cx: &mut Cx,
    sub: &mut Sub,
    loser: PowerId,
    v: PowerId,
    t: &ChosenTerm,
    dice: &mut Dice,
) {
    let sc = cx.scenario;
    let date = cx.world().date();
    let rule = t.term.clone();
    match t.term.as_str() {
        "B.1" => {
            let on_map: Vec<(CorpsId, CorpsKind)> = cx
                .world()
                .forces
                .corps
                .iter()
                .filter(|(_, c)| c.owner == Nation::Power(loser) && c.location != Location::OffMap)
                .map(|(id, c)| (*id, c.kind))
                .collect();
            let frac = on_map.len() as i32 * param(sc, "B.1", "fraction_num", 1)
                / param(sc, "B.1", "fraction_den", 2).max(1);
            let n = frac.min(param(sc, "B.1", "max_corps", 3)).max(0) as usize;
            let eligible: Vec<CorpsId> = on_map
                .iter()
                .filter(|(_, k)| *k != CorpsKind::Guard)
                .map(|(id, _)| *id)
                .collect();
            if n == 0 || eligible.is_empty() {
                return;
            }
            let chosen: Vec<CorpsId> = if eligible.len() <= n {
                eligible
            } else {
                let entrants: Vec<Entrant<CorpsId>> = eligible
                    .iter()
                    .map(|c| Entrant {
                        id: *c,
                        label: c.to_string(),
                        modifiers: Vec::new(),
                    })
                    .collect();
                let (rolls, ranking) =
                    competitive(dice, "B.1", "corps removed at random", 1, &entrants);
                for roll in rolls {
                    cx.push(WorldEvent::DiceRolled { roll });
                }
                ranking.into_iter().take(n).collect()
            };
            for c in chosen {
                cx.push(WorldEvent::CorpsChanged {
                    corps: c,
                    factors: Factors::default(),
                    location: Location::OffMap,
                    rule: rule.clone(),
                    reason: format!(
                        "removed by peace term B.1 of {} (may be rebuilt)",
                        name(cx.scenario, v)
                    ),
                });
            }
        }
        "C.1" => {
            let fleets: Vec<FleetId> = cx
                .world()
                .forces
                .fleets
                .iter()
                .filter(|(_, f)| f.owner == Nation::Power(loser) && f.ships > 0)
                .map(|(id, _)| *id)
                .collect();
            let why = format!(
                "its fleet is removed by peace term C.1 of {}",
                name(cx.scenario, v)
            );
            let ashore = crate::world::cargo::put_ashore(
                cx.scenario,
                cx.world(),
                &fleets,
                true,
                None,
                &rule,
                &why,
            );
            cx.push_all(ashore);
            for f in fleets {
                cx.push(WorldEvent::FleetChanged {
                    fleet: f,
                    ships: 0,
                    location: Location::OffMap,
                    rule: rule.clone(),
                    reason: format!("removed by peace term C.1 of {}", name(cx.scenario, v)),
                });
            }
        }
        "B.3" | "C.3" => {
            let money: u32 = sc
                .map
                .provinces
                .iter()
                .filter(|p| sc.nation(p.nation) == Some(Nation::Power(loser)))
                .map(|p| p.money)
                .sum();
            let share = |n: &str, d: &str| -> u32 {
                let (n, d) = (
                    param(sc, &t.term, n, 1).max(0) as u32,
                    param(sc, &t.term, d, 1).max(1) as u32,
                );
                money.saturating_mul(n).div_ceil(d)
            };
            cx.emit(PeaceEvent::Recorded {
                obligation: Obligation::Reparations {
                    term: t.term.clone(),
                    from: loser,
                    to: v,
                    money_value: money,
                    once: share("once_num", "once_den"),
                    each_of_two: share("twice_num", "twice_den"),
                    date,
                },
            });
        }
        "B.4" => {
            let months = param(sc, "B.4", "months", 12);
            for c in &t.targets {
                if let Ok(corps) = CorpsId::new(c) {
                    cx.emit(PeaceEvent::Recorded {
                        obligation: Obligation::CorpsOnLoan {
                            corps,
                            from: loser,
                            to: v,
                            until: date.plus_months(months),
                        },
                    });
                }
            }
        }
        "B.5" => cx.push(WorldEvent::RoyalMarriage {
            a: loser,
            b: v,
            made: true,
            date,
            rule,
        }),
        "B.6" => cx.emit(PeaceEvent::Recorded {
            obligation: Obligation::TradeRestriction {
                loser,
                victor: v,
                since: date,
                broken: None,
            },
        }),
        "C.5" => cx.emit(PeaceEvent::Recorded {
            obligation: Obligation::UnconditionalAccess {
                loser,
                victor: v,
                since: date,
            },
        }),
        "B.7" | "C.4" => {
            for x in &t.targets {
                cede(cx, sub, loser, v, x, &rule);
            }
        }
        _ => {}
    }
}

/// B.7, C.4: a minor country or a province passes to the victor.
fn cede(cx: &mut Cx, sub: &mut Sub, loser: PowerId, v: PowerId, target: &str, rule: &str) {
    let sc = cx.scenario;
    let reason = format!(
        "ceded by {} to {}",
        name(cx.scenario, loser),
        name(cx.scenario, v)
    );
    if let Some(Nation::Minor(m)) = sc.nation_by_name(target) {
        let status = cx
            .world()
            .minors
            .get(&m)
            .map(|s| s.status)
            .unwrap_or(MinorStatus::Conquered);
        cx.push(WorldEvent::MinorChanged {
            minor: m,
            controller: Some(v),
            status,
            rule: rule.into(),
            reason: reason.clone(),
        });
        // 4.8: a conquered minor ceded to a power that once declared it a free state is a free state in its hands.
        if status == MinorStatus::Conquered
            && let Err(e) = cx.world().may_hold_conquered(sc, m, v)
        {
            cx.push(WorldEvent::MinorChanged {
                minor: m,
                controller: Some(v),
                status: MinorStatus::FreeState,
                rule: e.rule.clone(),
                reason: format!(
                    "{}: its declaration stands, so {} is a free state again in its hands",
                    e.reason,
                    sc.minor(m)
                        .map_or_else(|| m.to_string(), |d| d.name.clone())
                ),
            });
        }
        for a in sc.areas_of(Nation::Minor(m)) {
            cx.push(WorldEvent::AreaControlChanged {
                area: a,
                holder: Some(Nation::Power(v)),
                rule: rule.into(),
                reason: reason.clone(),
            });
        }
        if status == MinorStatus::FreeState {
            sub.ceded_free.push(CededFree {
                acquirer: v,
                minor: m,
            });
        }
    } else {
        for a in province_areas(sc, target) {
            cx.push(WorldEvent::AreaControlChanged {
                area: a,
                holder: Some(Nation::Power(v)),
                rule: rule.into(),
                reason: reason.clone(),
            });
        }
    }
}

/// 4.4.6.4: a ceded free state made conquered: its forces are removed (8.8.5).
fn conquer_ceded(cx: &mut Cx, acquirer: PowerId, m: MinorId) {
    let reason = format!(
        "{} makes {m} a conquered minor country",
        name(cx.scenario, acquirer)
    );
    cx.push(WorldEvent::MinorChanged {
        minor: m,
        controller: Some(acquirer),
        status: MinorStatus::Conquered,
        rule: "4.4.6.4".into(),
        reason: reason.clone(),
    });
    let events = crate::world::neutral::forces_removed(
        cx.scenario,
        cx.world(),
        Nation::Minor(m),
        "4.4.6.4",
        &reason,
        true,
    );
    cx.push_all(events);
}

/// 4.4.6.1: captured leaders return home; surrendered factors are recorded to return as reinforcements.
pub(super) fn exchange_prisoners(cx: &mut Cx, a: PowerId, b: PowerId) {
    let sc = cx.scenario;
    let st = cx.world();
    let side = |n: Nation, p: PowerId| st.controller_of(n) == Some(p);
    let back: Vec<(crate::kernel::ids::LeaderId, Nation)> = st
        .forces
        .leaders
        .iter()
        .filter_map(|(id, l)| match l.status {
            LeaderStatus::Captured { by }
                if (side(by, a) && side(l.nation, b)) || (side(by, b) && side(l.nation, a)) =>
            {
                Some((*id, l.nation))
            }
            _ => None,
        })
        .collect();
    for (id, nation) in back {
        let home = match nation {
            Nation::Power(p) => sc.power(p).map(|d| d.capital),
            Nation::Minor(m) => sc.minor(m).map(|d| d.capital),
        };
        cx.push(WorldEvent::LeaderChanged {
            leader: id,
            status: LeaderStatus::Active,
            location: home.map(Location::Area).unwrap_or(Location::OffMap),
            rule: "4.4.6.1".into(),
            reason: "returned in the prisoner exchange".into(),
        });
    }
    for e in prisoners_returned(cx.world(), a, b) {
        cx.emit(e);
    }
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let date = cx.world().date();
    cx.emit(PeaceEvent::Recorded {
        obligation: Obligation::PrisonerExchange { a, b, date },
    });
}

/// 4.4.6.1: the prisoners `a` and `b` hold of each other's side, returned to arrive as reinforcements.
fn prisoners_returned(st: &World, a: PowerId, b: PowerId) -> Vec<PeaceEvent> {
    crate::world::records::prisoners_returned(st, a, b)
        .into_iter()
        .map(PeaceEvent::Prisoners)
        .collect()
}

/// 4.4.6.4: the acquirer of a ceded free state keeps it as it is, or makes it conquered.
pub(super) fn ceded_free(cx: &mut Cx, c: &CededFree, dec: &BTreeMap<PowerId, PeaceDecision>) {
    let keep = !matches!(
        dec.get(&c.acquirer),
        Some(PeaceDecision::KeepFreeState { keep: false })
    );
    if !keep {
        conquer_ceded(cx, c.acquirer, c.minor);
    }
}
