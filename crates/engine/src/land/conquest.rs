//! Rule 7.7 (Coalition's Conquest Step, `docs/rules/land.md`). After the last slot, all at once: an area whose land forces are all of one side, at war with
//! its holder, passes to the strongest occupier (or back to its own nation when that nation is on the
//! occupier's side); a city whose enemy garrison alone opposes the besiegers' corps is besieged; a port taken
//! loses the ships being built there (12.1.2.1); a capital taken is recorded; a minor country whose primary
//! district is all held by one enemy is conquered by it, and a secondary district all held by its enemies is
//! recorded conquered (10.4, read by 4.6.6).

use super::{LCx, LandEvent};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::{Factors, Location, LossCause, MinorStatus};
use crate::world::geography::{area_name, at_war_sides, enemy_area, hostile, nation_name};
use crate::world::{CapitalTaken, LossRecord, Siege, WorldEvent};
use std::collections::{BTreeMap, BTreeSet};

/// The land forces in an area: each nation's corps factors and garrison factors.
#[derive(Default)]
struct Present {
    corps: BTreeMap<Nation, u32>,
    garrisons: BTreeSet<Nation>,
}

fn present(cx: &LCx) -> BTreeMap<AreaId, Present> {
    let w = cx.world();
    let mut out: BTreeMap<AreaId, Present> = BTreeMap::new();
    for (id, c) in &w.forces.corps {
        if let Location::Area(a) = c.location
            && !c.factors.is_empty()
        {
            let side = w.corps_side(*id).unwrap_or(c.owner);
            if w.forces.in_city(*id) {
                // Coalition's 7.5.4: a corps inside the city holds it as its garrison does.
                out.entry(a).or_default().garrisons.insert(side);
            } else {
                *out.entry(a).or_default().corps.entry(side).or_default() += c.factors.total();
            }
        }
    }
    for ((a, n), f) in &w.forces.garrisons {
        if !f.is_empty() {
            out.entry(*a).or_default().garrisons.insert(*n);
        }
    }
    out
}

/// 7.7: the Conquest Step, for all at once.
pub fn conquest_step(cx: &mut LCx) {
    let here = present(cx);
    let date = cx.world().date();
    let mut sieges: BTreeMap<AreaId, Siege> = BTreeMap::new();
    for (a, p) in &here {
        let w = cx.world();
        let all: BTreeSet<Nation> = p.corps.keys().chain(&p.garrisons).copied().collect();
        let contested = all
            .iter()
            .any(|x| all.iter().any(|y| x < y && at_war_sides(w, *x, *y)));
        if contested {
            // A siege: the corps there are all of one side, and only garrisons oppose them, in a city.
            let city = cx.scenario.area(*a).is_some_and(|d| d.city.is_some());
            let corps: BTreeSet<Nation> = p.corps.keys().copied().collect();
            let one_side = !corps
                .iter()
                .any(|x| corps.iter().any(|y| x < y && at_war_sides(w, *x, *y)));
            let besieged: BTreeSet<Nation> = p
                .garrisons
                .iter()
                .copied()
                .filter(|g| corps.iter().any(|c| at_war_sides(w, *c, *g)))
                .collect();
            if city && one_side && !corps.is_empty() && !besieged.is_empty() {
                let since = w.sieges.get(a).map_or(date, |s| s.since);
                sieges.insert(
                    *a,
                    Siege {
                        besieged,
                        besiegers: corps,
                        since,
                    },
                );
            }
            continue;
        }
        take(cx, *a, p);
    }
    lift_and_begin(cx, sieges);
    minors(cx);
}

/// An uncontested area passes to the strongest occupier at war with its holder.
fn take(cx: &mut LCx, a: AreaId, p: &Present) {
    let w = cx.world();
    let sc = cx.scenario;
    let Some(holder) = w.area_holder(sc, a) else {
        return;
    };
    let mut by_power: BTreeMap<PowerId, u32> = BTreeMap::new();
    for (n, f) in &p.corps {
        if let Some(c) = w.controller_of(*n) {
            *by_power.entry(c).or_default() += f;
        }
    }
    let Some((&taker, _)) = by_power
        .iter()
        .filter(|(q, _)| enemy_area(w, sc, **q, a, holder))
        .max_by(|(qa, fa), (qb, fb)| fa.cmp(fb).then(qb.cmp(qa)))
    else {
        return;
    };
    let home = sc.nation_of_area(a);
    let home_side = home.is_some_and(|h| {
        w.controller_of(h)
            .is_some_and(|c| c == taker || (w.allied(c, taker) && !hostile(w, taker, h)))
    });
    let new = if home_side {
        None
    } else {
        Some(Nation::Power(taker))
    };
    if w.area_control.get(&a).copied() == new || (new.is_none() && !w.area_control.contains_key(&a))
    {
        return;
    }
    let name = area_name(&cx.ctx(), a);
    let reason = match new {
        Some(_) => format!("{} takes {name}", sc.power_name(taker)),
        None => format!(
            "{name} returns to {}",
            home.map_or(name.clone(), |h| nation_name(&cx.ctx(), h))
        ),
    };
    let lost = crate::reinforcement::ships_lost_with_port(&cx.ctx(), a, new);
    cx.push(WorldEvent::AreaControlChanged {
        area: a,
        holder: new,
        rule: "7.7".into(),
        reason,
    });
    for e in lost {
        if let crate::reinforcement::ReinforcementEvent::ShipsDestroyed {
            owner,
            port,
            count,
            reason,
            ..
        } = e
        {
            cx.emit(LandEvent::ShipsDestroyed {
                owner,
                port,
                count,
                reason,
            });
        }
    }
    if let (Some(by), Some(h)) = (new, home)
        && sc.area(a).is_some_and(|d| d.capital)
        && matches!(h, Nation::Power(_))
    {
        cx.push(WorldEvent::CapitalTaken {
            taken: CapitalTaken {
                nation: h,
                area: a,
                by,
                date: cx.world().date(),
            },
            rule: "7.7".into(),
        });
    }
}

/// Sieges begin where `now` has them and end where it no longer does.
fn lift_and_begin(cx: &mut LCx, now: BTreeMap<AreaId, Siege>) {
    let before = cx.world().sieges.clone();
    for a in before.keys() {
        if !now.contains_key(a) {
            let reason = format!("the siege of {} is lifted", area_name(&cx.ctx(), *a));
            cx.push(WorldEvent::SiegeChanged {
                area: *a,
                siege: None,
                rule: "7.7".into(),
                reason,
            });
        }
    }
    for (a, s) in now {
        if before.get(&a) != Some(&s) {
            let reason = format!("{} is besieged", area_name(&cx.ctx(), a));
            cx.push(WorldEvent::SiegeChanged {
                area: a,
                siege: Some(s),
                rule: "7.7".into(),
                reason,
            });
        }
    }
}

/// The areas of a minor's district, in the map's order (from the scenario's table of each province's areas).
fn district_areas(
    cx: &crate::land::LCtx,
    provinces: &[crate::kernel::ids::ProvinceId],
) -> Vec<AreaId> {
    let sc = cx.scenario;
    let table = sc.province_areas();
    let mut at: Vec<usize> = provinces
        .iter()
        .filter_map(|p| table.get(p))
        .flatten()
        .filter_map(|a| sc.area_index(*a))
        .collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter().map(|i| sc.map.areas[i].id).collect()
}

/// 7.7 with 10.4: minors conquered whole, and secondary districts conquered.
fn minors(cx: &mut LCx) {
    let sc = cx.scenario;
    for m in &sc.minors {
        let Some(state) = cx.world().minors.get(&m.id).cloned() else {
            continue;
        };
        let me = Nation::Minor(m.id);
        for d in &m.districts {
            let areas = district_areas(&cx.ctx(), &d.provinces);
            let held: BTreeSet<Option<PowerId>> = areas
                .iter()
                .map(|a| cx.world().area_power(sc, *a))
                .collect();
            if d.primary {
                // One enemy power holds the whole primary district (with the capital).
                let [Some(p)] = held.iter().copied().collect::<Vec<_>>()[..] else {
                    continue;
                };
                let w = cx.world();
                let taken = w.area_control.contains_key(&m.capital)
                    && state.controller != Some(p)
                    && hostile(w, p, me);
                if taken && w.may_hold_conquered(sc, m.id, p).is_ok() {
                    conquer(cx, m.id, p, &areas);
                    break;
                }
            } else {
                let w = cx.world();
                let enemy =
                    !held.is_empty() && held.iter().all(|h| h.is_some_and(|p| hostile(w, p, me)));
                let recorded = state.conquered_districts.contains(&d.id);
                if enemy != recorded {
                    cx.push(WorldEvent::DistrictConquered {
                        minor: m.id,
                        district: d.id,
                        conquered: enemy,
                        rule: "7.7".into(),
                        reason: format!(
                            "{} of {} is {}held by its enemies",
                            d.name,
                            m.name,
                            if enemy { "" } else { "no longer " }
                        ),
                    });
                }
            }
        }
    }
}

/// A minor conquered by `p`: its wars end, its forces are removed, it becomes `p`'s conquered minor and its
/// areas are its own again (held for `p`); `p` gains the chart's points (10.2).
fn conquer(cx: &mut LCx, m: crate::kernel::ids::MinorId, p: PowerId, primary: &[AreaId]) {
    let sc = cx.scenario;
    let me = Nation::Minor(m);
    let date = cx.world().date();
    let name = sc.minor_name(m);
    for e in cx.world().enemies(me) {
        cx.push(WorldEvent::WarEnded {
            a: me,
            b: e,
            date,
            rule: "7.7".into(),
            reason: format!("{name} is conquered"),
        });
    }
    let corps: Vec<_> = cx
        .world()
        .forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == me)
        .map(|(id, c)| (*id, c.factors))
        .collect();
    let garrisons: Vec<_> = cx
        .world()
        .forces
        .garrisons
        .iter()
        .filter(|((_, n), f)| *n == me && !f.is_empty())
        .map(|((a, _), f)| (*a, *f))
        .collect();
    let mut lost = 0u32;
    for (id, f) in corps {
        lost += f.total();
        cx.push(WorldEvent::CorpsChanged {
            corps: id,
            factors: Factors::default(),
            location: Location::OffMap,
            rule: "7.7".into(),
            reason: format!("{name} is conquered: its corps is disbanded"),
        });
    }
    for (a, f) in garrisons {
        lost += f.total();
        cx.push(WorldEvent::GarrisonChanged {
            area: a,
            owner: me,
            factors: Factors::default(),
            rule: "7.7".into(),
            reason: format!("{name} is conquered: its garrison surrenders"),
        });
    }
    if lost > 0 {
        cx.push(WorldEvent::LossRecorded {
            loss: LossRecord {
                nation: me,
                date,
                cause: LossCause::Surrender,
                land_factors: lost,
                ships: 0,
                rule: "7.7".into(),
                excluded_factors: 0,
            },
        });
    }
    cx.push(WorldEvent::MinorChanged {
        minor: m,
        controller: Some(p),
        status: MinorStatus::Conquered,
        rule: "7.7".into(),
        reason: format!("{} conquers {name}", sc.power_name(p)),
    });
    let areas: Vec<AreaId> = sc
        .territory(me)
        .iter()
        .copied()
        .filter(|a| primary.contains(a) || cx.world().area_power(sc, *a) == Some(p))
        .collect();
    for a in areas {
        if cx.world().area_control.contains_key(&a) {
            cx.push(WorldEvent::AreaControlChanged {
                area: a,
                holder: None,
                rule: "7.7".into(),
                reason: format!(
                    "{} is {}'s conquered minor",
                    sc.minor_name(m),
                    sc.power_name(p)
                ),
            });
        }
    }
    cx.push(crate::world::points(
        sc,
        p,
        "conquer-minor",
        1,
        "7.7",
        format!("{} conquers {name}", sc.power_name(p)),
    ));
}
