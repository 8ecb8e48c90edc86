//! Rules 5.2 and 5.3 (Coalition's): arrived land factors garrison a held city of their home nation or join a
//! corps standing there; corps counters come onto the map in such a city, depots in a held home area without
//! one. Their default orders, checks and placing.

use super::arrivals::{
    Arrivals, Places, capital, min_factors, not_yours, short_of, spare_corps, split_garrisonable,
    units_of,
};
use super::notation::{describe_factors, list, unit_name};
use super::{
    CorpsOrder, DepotOrder, LandOrder, LandTarget, Placement, RCtx, RCx, ReinforcementEvent,
};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Nation, PowerId};
use crate::scenario::{Factors, Location, UnitKind};
use crate::world::WorldEvent;
use std::collections::{BTreeMap, BTreeSet};

/// What a default placement prefers for land factors.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Prefer {
    Nothing,
    /// Garrison every factor that may garrison in this city before filling corps.
    Garrison(AreaId),
    /// Fill this corps first.
    Corps(CorpsId),
}

/// The default orders for corps counters, depots and land factors (the module's documentation), land factors
/// going first where `prefer` says.
pub(super) fn default_orders(
    ctx: &RCtx,
    arr: &Arrivals,
    places_of: &Places,
    prefer: Prefer,
    pl: &mut Placement,
) {
    let st = ctx.world;
    let sc = ctx.scenario;
    // Corps counters.
    let mut placed_corps: BTreeMap<CorpsId, AreaId> = BTreeMap::new();
    for (owner, n) in &arr.corps {
        let Some(area) = places_of.land(ctx, *owner).first().copied() else {
            continue;
        };
        for c in spare_corps(st, *owner).into_iter().take(*n as usize) {
            pl.corps.push(CorpsOrder { corps: c, area });
            placed_corps.insert(c, area);
        }
    }
    // Depots.
    for (owner, n) in &arr.depots {
        for area in places_of
            .depots(ctx, *owner)
            .iter()
            .copied()
            .take(*n as usize)
        {
            pl.depots.push(DepotOrder {
                owner: *owner,
                area,
            });
        }
    }
    // Land factors.
    for (owner, f) in &arr.land {
        let places = places_of.land(ctx, *owner);
        let mut left = *f;
        if let Prefer::Garrison(a) = prefer
            && places.contains(&a)
        {
            let (g, _) = split_garrisonable(ctx, &left);
            if !g.is_empty() {
                pl.land.push(LandOrder {
                    owner: *owner,
                    to: LandTarget::Garrison(a),
                    factors: g,
                });
                left = left.minus(&g).unwrap_or_default();
            }
        }
        // Corps in the places, capital's first, then by id; a preferred corps before all.
        let mut corps: Vec<(CorpsId, AreaId)> = st
            .forces
            .corps
            .iter()
            .filter(|(_, c)| c.owner == *owner)
            .filter_map(|(id, c)| match c.location {
                Location::Area(a) if places.contains(&a) => Some((*id, a)),
                _ => placed_corps.get(id).map(|a| (*id, *a)),
            })
            .collect();
        let cap = capital(sc, *owner);
        corps.sort_by_key(|(id, a)| (Prefer::Corps(*id) != prefer, Some(*a) != cap, *id));
        for (id, _) in corps {
            if left.is_empty() {
                break;
            }
            let Some(c) = st.forces.corps.get(&id) else {
                continue;
            };
            let room = c.capacity.minus(&c.factors).unwrap_or_default();
            let put = min_factors(&room, &left);
            if !put.is_empty() {
                pl.land.push(LandOrder {
                    owner: *owner,
                    to: LandTarget::Corps(id),
                    factors: put,
                });
                left = left.minus(&put).unwrap_or_default();
            }
        }
        let (g, _) = split_garrisonable(ctx, &left);
        if !g.is_empty()
            && let Some(a) = places.first()
        {
            pl.land.push(LandOrder {
                owner: *owner,
                to: LandTarget::Garrison(*a),
                factors: g,
            });
        }
    }
}

/// Checks the placement's corps counters and depots (5.3) and land factors (5.2).
pub(super) fn check(
    ctx: &RCtx,
    power: PowerId,
    arr: &Arrivals,
    places_of: &Places,
    pl: &Placement,
) -> RuleResult<()> {
    let st = ctx.world;
    let mine = |n: Nation| st.controller_of(n) == Some(power);
    // 5.3: corps counters.
    let mut corps_new: BTreeMap<CorpsId, AreaId> = BTreeMap::new();
    let mut corps_count: BTreeMap<Nation, u16> = BTreeMap::new();
    for o in &pl.corps {
        let Some(c) = st.forces.corps.get(&o.corps) else {
            return Err(RuleError::new(
                "3.4",
                format!("unknown corps `{}`", o.corps),
            ));
        };
        if !mine(c.owner) {
            return Err(not_yours("corps counters", c.owner, power));
        }
        if c.location != Location::OffMap || !c.factors.is_empty() {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "corps `{}` is not an empty counter off the map: only those arrive as new corps",
                    o.corps
                ),
            ));
        }
        if corps_new.insert(o.corps, o.area).is_some() {
            return Err(RuleError::new(
                "3.3",
                format!("corps `{}` is placed twice", o.corps),
            ));
        }
        let n = corps_count.entry(c.owner).or_default();
        *n += 1;
        let due = arr.corps.get(&c.owner).copied().unwrap_or(0);
        if *n > due {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{} has {due} corps counter(s) arriving this month; the placement brings in {n}",
                    c.owner
                ),
            ));
        }
        if !places_of.land(ctx, c.owner).contains(&o.area) {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "corps `{}` cannot arrive at {}: a corps counter arrives in a city of {}'s home nation that it holds ({})",
                    o.corps,
                    o.area,
                    c.owner,
                    list(&places_of.land(ctx, c.owner))
                ),
            ));
        }
    }
    // 5.3: depots.
    let mut depot_count: BTreeMap<Nation, u16> = BTreeMap::new();
    let mut depot_seen = BTreeSet::new();
    for o in &pl.depots {
        if !mine(o.owner) {
            return Err(not_yours("depots", o.owner, power));
        }
        let n = depot_count.entry(o.owner).or_default();
        *n += 1;
        let due = arr.depots.get(&o.owner).copied().unwrap_or(0);
        if *n > due {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{} has {due} depot(s) arriving this month; the placement places {n}",
                    o.owner
                ),
            ));
        }
        if !places_of.depots(ctx, o.owner).contains(&o.area)
            || !depot_seen.insert((o.owner, o.area))
        {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "a depot of {} cannot be placed at {}: it goes to an area of its home nation that it holds and where it has no depot",
                    o.owner, o.area
                ),
            ));
        }
    }
    // 5.2: land factors.
    let mut land_used: BTreeMap<Nation, Factors> = BTreeMap::new();
    let mut into_corps: BTreeMap<CorpsId, Factors> = BTreeMap::new();
    for o in &pl.land {
        if !mine(o.owner) {
            return Err(not_yours("land factors", o.owner, power));
        }
        if o.factors.is_empty() {
            return Err(RuleError::new("3.3", "a land order must carry factors"));
        }
        let used = land_used.entry(o.owner).or_default();
        *used = used.plus(&o.factors);
        let have = arr.land.get(&o.owner).copied().unwrap_or_default();
        if let Some(short) = short_of(&have, used) {
            return Err(RuleError::new(
                "5.2",
                format!(
                    "{} has {} arriving this month; the placement places {} ({short} too many)",
                    o.owner,
                    describe_factors(&have),
                    describe_factors(used)
                ),
            ));
        }
        let places = places_of.land(ctx, o.owner);
        match &o.to {
            LandTarget::Garrison(a) => {
                if !places.contains(a) {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "{}'s factors cannot garrison {a}: they arrive in a city of its home nation that it holds ({})",
                            o.owner,
                            list(&places)
                        ),
                    ));
                }
                let (_, rest) = split_garrisonable(ctx, &o.factors);
                if !rest.is_empty() {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "{} may not garrison a city: only {} may; put them into a corps",
                            describe_factors(&rest),
                            ctx.scenario
                                .charts
                                .reinforcement
                                .garrison_units
                                .iter()
                                .map(|u| unit_name(*u))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                }
            }
            LandTarget::Corps(id) => {
                let Some(c) = st.forces.corps.get(id) else {
                    return Err(RuleError::new("3.4", format!("unknown corps `{id}`")));
                };
                if c.owner != o.owner {
                    return Err(RuleError::new(
                        "5.2",
                        format!("corps `{id}` belongs to {}, not {}", c.owner, o.owner),
                    ));
                }
                let at = match c.location {
                    Location::Area(a) => Some(a),
                    _ => corps_new.get(id).copied(),
                };
                if !at.is_some_and(|a| places.contains(&a)) {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "corps `{id}` is not in a city of {}'s home nation that it holds: reinforcements join corps only there ({})",
                            o.owner,
                            list(&places)
                        ),
                    ));
                }
                let total = into_corps.entry(*id).or_insert(c.factors);
                *total = total.plus(&o.factors);
                if let Some(over) = short_of(&c.capacity, total) {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "corps `{id}` holds at most {}; with these factors it would hold {} ({over} over)",
                            describe_factors(&c.capacity),
                            describe_factors(total)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Emits the arrival and placing of the placement's corps counters, depots and land factors.
pub(super) fn place(cx: &mut RCx, pl: &Placement, reason: &str) {
    // Corps counters.
    let mut counts: BTreeMap<Nation, u16> = BTreeMap::new();
    for o in &pl.corps {
        if let Some(c) = cx.world().forces.corps.get(&o.corps) {
            *counts.entry(c.owner).or_default() += 1;
        }
    }
    for (owner, count) in counts {
        cx.emit(ReinforcementEvent::Arrived {
            owner,
            unit: UnitKind::Corps,
            count,
            port: None,
            rule: "5.3".into(),
            reason: reason.to_string(),
        });
    }
    for o in &pl.corps {
        let factors = cx.world().forces.corps[&o.corps].factors;
        cx.push(WorldEvent::CorpsChanged {
            corps: o.corps,
            factors,
            location: Location::Area(o.area),
            rule: "5.3".into(),
            reason: format!("a new corps counter arrives, {reason}"),
        });
    }
    // Depots.
    let mut counts: BTreeMap<Nation, u16> = BTreeMap::new();
    for o in &pl.depots {
        *counts.entry(o.owner).or_default() += 1;
    }
    for (owner, count) in counts {
        cx.emit(ReinforcementEvent::Arrived {
            owner,
            unit: UnitKind::Depot,
            count,
            port: None,
            rule: "5.3".into(),
            reason: reason.to_string(),
        });
    }
    for o in &pl.depots {
        cx.push(WorldEvent::DepotChanged {
            area: o.area,
            owner: o.owner,
            present: true,
            rule: "5.3".into(),
            reason: reason.to_string(),
        });
    }
    // Land factors.
    let mut totals: BTreeMap<Nation, Factors> = BTreeMap::new();
    for o in &pl.land {
        let t = totals.entry(o.owner).or_default();
        *t = t.plus(&o.factors);
    }
    for (owner, f) in totals {
        for (unit, count) in units_of(&f) {
            cx.emit(ReinforcementEvent::Arrived {
                owner,
                unit,
                count,
                port: None,
                rule: "5.2".into(),
                reason: reason.to_string(),
            });
        }
    }
    for o in &pl.land {
        match &o.to {
            LandTarget::Garrison(a) => {
                let have = cx
                    .world()
                    .forces
                    .garrisons
                    .get(&(*a, o.owner))
                    .copied()
                    .unwrap_or_default();
                cx.push(WorldEvent::GarrisonChanged {
                    area: *a,
                    owner: o.owner,
                    factors: have.plus(&o.factors),
                    rule: "5.2".into(),
                    reason: format!("{} arrive, {reason}", describe_factors(&o.factors)),
                });
            }
            LandTarget::Corps(id) => {
                let c = &cx.world().forces.corps[id];
                let (factors, location) = (c.factors.plus(&o.factors), c.location);
                cx.push(WorldEvent::CorpsChanged {
                    corps: *id,
                    factors,
                    location,
                    rule: "5.2".into(),
                    reason: format!("{} arrive, {reason}", describe_factors(&o.factors)),
                });
            }
        }
    }
}
