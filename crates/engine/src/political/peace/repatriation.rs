//! Rule 4.4.6.2: at a peace, each side's forces leave the other's territory for the nearest friendly areas
//! (their owner choosing when several are equally near), depots are picked up and fleets must leave; occupied
//! home areas revert unless ceded. The lapse of a war with a minor (4.6.6) repatriates the same way. With the
//! optional rule 12.4 (PeaceTreatyLimitedAccess) a peace repatriates nothing: occupied home areas still revert,
//! and each side gets a limited access to leave the other's territory (`after_peace`).

use super::terms::province_areas;
use super::{Cx, Item, Obligation, PeaceDecision, PeaceEvent, Placement, Sub};
use crate::kernel::ids::{AreaId, FleetId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Factors, Location, Scenario};
use crate::world::geography::nearest;
use crate::world::{LimitedAccess, World, WorldEvent, name};
use std::collections::{BTreeMap, BTreeSet};

/// Every area ever ceded by a peace (it does not revert).
fn ceded_areas(sc: &Scenario, st: &World) -> BTreeSet<AreaId> {
    let mut out = BTreeSet::new();
    for r in &st.treaties.peaces {
        for t in r
            .terms
            .iter()
            .filter(|t| t.term == "B.7" || t.term == "C.4")
        {
            for x in &t.targets {
                match sc.nation_by_name(x) {
                    Some(n @ Nation::Minor(_)) => out.extend(sc.areas_of(n)),
                    _ => out.extend(province_areas(sc, x)),
                }
            }
        }
    }
    out
}

/// Moves a repatriated force, citing `rule` (4.4.6.2, or 4.6.6 after a lapse of war).
pub(super) fn place(
    cx: &mut Cx,
    owner: &Nation,
    item: &Item,
    from: AreaId,
    to: AreaId,
    rule: &str,
) {
    let reason = format!("repatriated from {from}");
    match item {
        Item::Corps(c) => move_corps(cx, *c, Location::Area(to), rule, reason),
        Item::Garrison(f) => {
            let there = cx
                .world()
                .forces
                .garrisons
                .get(&(to, *owner))
                .copied()
                .unwrap_or_default();
            cx.push(WorldEvent::GarrisonChanged {
                area: to,
                owner: *owner,
                factors: there.plus(f),
                rule: rule.into(),
                reason,
            });
        }
    }
}

/// 4.4.6.2, or 12.4 with PeaceTreatyLimitedAccess: what a peace between `a` and `b` does with each side's forces
/// in the other's territory (`a_c5`, `b_c5`: that side is a victor that chose C.5). Without the option, each
/// side's forces are repatriated (`repatriate`, citing `rule`); with it, nothing is repatriated (12.4 supersedes
/// 4.4.6.2): occupied home areas revert as they would, and a limited access is recorded each way, dated this
/// month (`world::treaties::LimitedAccess`).
pub(super) fn after_peace(
    cx: &mut Cx,
    sub: &mut Sub,
    (a, a_c5): (PowerId, bool),
    (b, b_c5): (PowerId, bool),
    rule: &str,
) {
    if !cx.rulebook.has(OptionalRule::PeaceTreatyLimitedAccess) {
        repatriate(cx, sub, a, b, a_c5, rule);
        repatriate(cx, sub, b, a, b_c5, rule);
        return;
    }
    let date = cx.world().date();
    revert_occupied(cx, a, b, "12.4");
    revert_occupied(cx, b, a, "12.4");
    for (mover, territory, c5) in [(a, b, a_c5), (b, a, b_c5)] {
        cx.emit(PeaceEvent::Recorded {
            obligation: Obligation::LimitedAccess(LimitedAccess::new(mover, territory, date, c5)),
        });
    }
}

/// Areas of `t`'s home nation held by `o` (or a minor it controls) revert to `t` at a peace, ceded ones excepted.
fn revert_occupied(cx: &mut Cx, o: PowerId, t: PowerId, rule: &str) {
    let sc = cx.scenario;
    let kept = ceded_areas(sc, cx.world());
    for a in sc.territory(Nation::Power(t)).to_vec() {
        let holder = cx.world().area_control.get(&a).copied();
        if holder.is_some_and(|h| cx.world().controller_of(h) == Some(o)) && !kept.contains(&a) {
            cx.push(WorldEvent::AreaControlChanged {
                area: a,
                holder: None,
                rule: rule.into(),
                reason: format!("{a} returns to {} at the peace", name(cx.scenario, t)),
            });
        }
    }
}

/// 4.4.6.2: `o`'s forces leave `t`'s territory (areas `t` controls); with C.5 access (`access`), only garrisons
/// in capital cities leave. Areas of either home nation held by the other revert first unless ceded.
pub(super) fn repatriate(
    cx: &mut Cx,
    sub: &mut Sub,
    o: PowerId,
    t: PowerId,
    access: bool,
    rule: &str,
) {
    let sc = cx.scenario;
    let date = cx.world().date();
    revert_occupied(cx, o, t, rule);
    let ctx = cx.ctx();
    let st = cx.world();
    let mine = |n: Nation| st.controller_of(n) == Some(o);
    let theirs = |a: AreaId| st.area_power(sc, a) == Some(t);
    let friendly = |a: AreaId| st.area_power(sc, a) == Some(o);
    let mut moves: Vec<(Nation, Item, AreaId, Vec<AreaId>)> = Vec::new();
    let mut depots = Vec::new();
    let mut fleets: BTreeMap<Nation, Vec<FleetId>> = BTreeMap::new();
    if !access {
        for (id, c) in &st.forces.corps {
            if let Location::Area(a) = c.location
                && mine(c.owner)
                && theirs(a)
            {
                moves.push((
                    c.owner,
                    Item::Corps(*id),
                    a,
                    nearest(&ctx, c.owner, a, friendly),
                ));
            }
        }
        for ((a, n), f) in &st.forces.garrisons {
            if mine(*n) && theirs(*a) && !f.is_empty() {
                let ok = |x: AreaId| {
                    friendly(x)
                        && (sc.area(x).is_some_and(|d| d.city.is_some())
                            || st.forces.depots.get(&x).is_some_and(|d| d.contains(n)))
                };
                moves.push((*n, Item::Garrison(*f), *a, nearest(&ctx, *n, *a, ok)));
            }
        }
        for (a, ns) in &st.forces.depots {
            for n in ns {
                if mine(*n) && theirs(*a) {
                    depots.push((*a, *n));
                }
            }
        }
        for (id, f) in &st.forces.fleets {
            if let Location::Area(a) = f.location
                && mine(f.owner)
                && theirs(a)
                && f.ships > 0
            {
                fleets.entry(f.owner).or_default().push(*id);
            }
        }
    } else {
        for ((a, n), f) in &st.forces.garrisons {
            if mine(*n) && theirs(*a) && !f.is_empty() && sc.area(*a).is_some_and(|d| d.capital) {
                let ok = |x: AreaId| {
                    (friendly(x) || theirs(x))
                        && sc.area(x).is_some_and(|d| d.city.is_some() && !d.capital)
                };
                moves.push((*n, Item::Garrison(*f), *a, nearest(&ctx, *n, *a, ok)));
            }
        }
    }
    for (n, item, from, options) in moves {
        match options.len() {
            0 => {
                // Nowhere to go on the map: the force waits off the map.
                if let Item::Corps(c) = &item {
                    let why = "no friendly area to repatriate to".to_string();
                    move_corps(cx, *c, Location::OffMap, rule, why);
                }
            }
            1 => {
                if let Item::Garrison(_) = item {
                    cx.push(WorldEvent::GarrisonChanged {
                        area: from,
                        owner: n,
                        factors: Factors::default(),
                        rule: "4.4.6.2".into(),
                        reason: format!("repatriated to {}", options[0]),
                    });
                }
                place(cx, &n, &item, from, options[0], "4.4.6.2");
            }
            _ => {
                if let Item::Garrison(_) = item {
                    cx.push(WorldEvent::GarrisonChanged {
                        area: from,
                        owner: n,
                        factors: Factors::default(),
                        rule: "4.4.6.2".into(),
                        reason: "repatriated: its owner chooses among equidistant areas".into(),
                    });
                }
                sub.placements.push(Placement {
                    owner: n,
                    item,
                    from,
                    options,
                    rule: "4.4.6.2".into(),
                });
            }
        }
    }
    for (a, n) in depots {
        cx.push(WorldEvent::DepotChanged {
            area: a,
            owner: n,
            present: false,
            rule: "4.4.6.2".into(),
            reason: format!("depot picked up at the peace with {}", name(cx.scenario, t)),
        });
    }
    for (owner, list) in fleets {
        cx.emit(PeaceEvent::Recorded {
            obligation: Obligation::FleetsMustLeave {
                owner,
                territory_of: t,
                fleets: list,
                date,
            },
        });
    }
}

/// 4.4.6.2: the owner's choice among equidistant areas (the first if its controller made none).
pub(super) fn placed(cx: &mut Cx, p: &Placement, dec: &BTreeMap<PowerId, PeaceDecision>) {
    let area = match cx.world().controller_of(p.owner) {
        Some(c) => match dec.get(&c) {
            Some(PeaceDecision::Place { area }) => *area,
            _ => p.options[0],
        },
        None => p.options[0],
    };
    place(cx, &p.owner, &p.item, p.from, area, &p.rule);
}

/// A corps moved whole to `location` (4.4.6.2).
fn move_corps(
    cx: &mut Cx,
    c: crate::kernel::ids::CorpsId,
    location: Location,
    rule: &str,
    reason: String,
) {
    let factors = cx
        .world()
        .forces
        .corps
        .get(&c)
        .map(|x| x.factors)
        .unwrap_or_default();
    cx.push(WorldEvent::CorpsChanged {
        corps: c,
        factors,
        location,
        rule: rule.into(),
        reason,
    });
}
