//! Rules 7.3.1 and 7.3.4 (Coalition's movement and access, `docs/rules/land.md`) as every phase reads them: what
//! a step from one area to the next costs, which areas a power's land forces may enter, and the cheapest paths
//! these allow. The Land Phase moves by them; the Political Phase judges reach (4.2.2.3) and sends forces home at
//! a peace (4.4.6.2) by the same costs, so that no phase measures Europe differently.

use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{CorpsKind, CrossingDef, Location};
use crate::world::{Ctx, World};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Whether `power` is at war with the holder `h` of an area, or with the power controlling it.
pub fn hostile(w: &World, power: PowerId, h: Nation) -> bool {
    let me = Nation::Power(power);
    w.at_war(me, h) || w.controller_of(h).is_some_and(|c| w.at_war(me, c.into()))
}

/// Whether the nations `a` and `b` (or the powers controlling them) are at war.
pub fn at_war_sides(w: &World, a: Nation, b: Nation) -> bool {
    if w.at_war(a, b) {
        return true;
    }
    let (ca, cb) = (w.controller_of(a), w.controller_of(b));
    let side =
        |n: Nation, c: Option<PowerId>| c.map(Nation::Power).into_iter().chain(std::iter::once(n));
    side(a, ca).any(|x| side(b, cb).any(|y| x != y && w.at_war(x, y)))
}

/// The corps with factors in `area` on a side at war with `power`'s (7.3.3; a lent corps on its borrower's, B.4).
pub fn enemy_corps(w: &World, power: PowerId, area: AreaId) -> Vec<CorpsId> {
    w.forces
        .corps
        .iter()
        .filter(|(id, c)| {
            c.location == Location::Area(area)
                && !c.factors.is_empty()
                && at_war_sides(
                    w,
                    Nation::Power(power),
                    w.corps_side(**id).unwrap_or(c.owner),
                )
        })
        .map(|(id, _)| *id)
        .collect()
}

/// 7.3.4: whether `power`'s forces may enter `area` (`from`: where the move comes from, for 12.4's limited access).
pub fn may_enter<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    power: PowerId,
    from: AreaId,
    area: AreaId,
) -> RuleResult<()> {
    let w = ctx.world;
    let Some(holder) = w.area_holder(ctx.scenario, area) else {
        return Ok(());
    };
    if w.controller_of(holder) == Some(power) || hostile(w, power, holder) {
        return Ok(());
    }
    if let Some(c) = w.controller_of(holder)
        && granted(ctx, power, c, from)
    {
        return Ok(());
    }
    let holder_name = nation_name(ctx, holder);
    Err(RuleError::new(
        "7.3.4",
        format!(
            "{} may not enter {} ({holder_name}'s): it is neither its own, nor an enemy's, and {holder_name} has \
             granted it no access (10.3{})",
            ctx.scenario.power_name(power),
            area_name(ctx, area),
            if ctx.rulebook.has(OptionalRule::AlliedVoluntaryAccess) {
                "; under 12.8 only to an ally"
            } else {
                ""
            }
        ),
    ))
}

/// Voluntary access from `grantor` to `power` (10.3), or 12.4's limited access for forces already inside
/// `grantor`'s territory (`from` inside it).
fn granted<S: ?Sized>(ctx: &Ctx<'_, S>, power: PowerId, grantor: PowerId, from: AreaId) -> bool {
    let w = ctx.world;
    if w.has_access(power, grantor) {
        return true;
    }
    // 12.4: forces already inside the former enemy's territory may move within it and out of it.
    w.area_power(ctx.scenario, from) == Some(grantor)
        && crate::world::treaties::limited_access(w, power, grantor)
            .is_some_and(|la| la.forces_may_stay(w.date()))
}

/// A nation's display name.
pub fn nation_name<S: ?Sized>(ctx: &Ctx<'_, S>, n: Nation) -> String {
    match n {
        Nation::Power(p) => ctx.scenario.power_name(p),
        Nation::Minor(m) => ctx.scenario.minor_name(m),
    }
}

/// An area's display name (its id if the map has no such area).
pub fn area_name<S: ?Sized>(ctx: &Ctx<'_, S>, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}

/// 7.3.1: a corps' movement allowance (the chart's value for its kind).
pub fn allowance<S: ?Sized>(ctx: &Ctx<'_, S>, kind: CorpsKind) -> u32 {
    ctx.scenario
        .charts
        .movement
        .corps
        .get(&kind)
        .copied()
        .unwrap_or(0)
}

/// 7.3.1: the cost of stepping from `a` into the next area `b` for forces of `side`: the terrain of `b` plus
/// the border's cost, or a sea crossing arrow's (only when its optional rule is on and no fleet at war with
/// `side` is in its sea). `None` if they do not touch.
pub fn step_cost<S: ?Sized>(ctx: &Ctx<'_, S>, side: Nation, a: AreaId, b: AreaId) -> Option<u32> {
    let chart = &ctx.scenario.charts.land;
    let terrain = ctx.scenario.area(b)?.terrain;
    let enter = chart.terrain_cost.get(&terrain).copied().unwrap_or(1);
    let area = ctx.scenario.area(a)?;
    if let Some(l) = area.links.iter().find(|l| l.to == b) {
        return Some(enter + chart.link_cost.get(&l.kind).copied().unwrap_or(0));
    }
    let open = ctx.scenario.map.crossings.iter().any(|c| {
        ((c.a == a && c.b == b) || (c.a == b && c.b == a))
            && c.optional.is_none_or(|r| ctx.rulebook.has(r))
            && !ctx.world.forces.fleets.values().any(|f| {
                f.location == Location::Sea(c.sea)
                    && f.ships > 0
                    && at_war_sides(ctx.world, side, f.owner)
                    && !cannot_block(ctx, c, f.owner)
            })
    });
    open.then_some(enter + chart.crossing_cost)
}

/// 12.2.1.2 (option): a fleet of `fleet_owner` cannot block a Danish or Swedish crossing arrow (`danish_swedish`:
/// the Danish arrows and Copenhagen–Malmö) while corps with factors or garrisons at war with it stand in both
/// areas the arrow joins: the guns on both shores command the narrows.
pub fn cannot_block<S: ?Sized>(ctx: &Ctx<'_, S>, c: &CrossingDef, fleet_owner: Nation) -> bool {
    if !c.danish_swedish || !ctx.rulebook.has(OptionalRule::DanishSwedishArrows) {
        return false;
    }
    let w = ctx.world;
    let hostile_in = |area: AreaId| {
        w.forces.corps.values().any(|k| {
            k.location == Location::Area(area)
                && !k.factors.is_empty()
                && at_war_sides(w, fleet_owner, k.owner)
        }) || w.forces.garrisons.iter().any(|((at, owner), f)| {
            *at == area && !f.is_empty() && at_war_sides(w, fleet_owner, *owner)
        })
    };
    hostile_in(c.a) && hostile_in(c.b)
}

/// The areas next to `a` by land or by an open crossing arrow for forces of `side`, with each step's cost, in
/// key order.
pub fn neighbours<S: ?Sized>(ctx: &Ctx<'_, S>, side: Nation, a: AreaId) -> Vec<(AreaId, u32)> {
    let mut out: Vec<AreaId> = ctx.scenario.land_neighbours(a).collect();
    for c in &ctx.scenario.map.crossings {
        if c.a == a {
            out.push(c.b);
        } else if c.b == a {
            out.push(c.a);
        }
    }
    out.sort();
    out.dedup();
    out.into_iter()
        .filter_map(|b| step_cost(ctx, side, a, b).map(|c| (b, c)))
        .collect()
}

/// The cheapest cost, in movement points, from any of `starts` to every area reachable for forces of `side`
/// within `budget`, stepping only from an area into one that `pass(from, to)` allows (7.3.1 costs). Areas
/// where `pass` is false are never entered, so never passed through.
pub fn costs<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    side: Nation,
    starts: &[AreaId],
    budget: u32,
    pass: impl Fn(AreaId, AreaId) -> bool,
) -> BTreeMap<AreaId, u32> {
    let mut best: BTreeMap<AreaId, u32> = starts.iter().map(|a| (*a, 0)).collect();
    let mut queue: BinaryHeap<Reverse<(u32, AreaId)>> =
        starts.iter().map(|a| Reverse((0, *a))).collect();
    while let Some(Reverse((d, a))) = queue.pop() {
        if best.get(&a).is_some_and(|b| *b < d) {
            continue;
        }
        for (n, c) in neighbours(ctx, side, a) {
            let nd = d.saturating_add(c);
            if nd > budget || best.get(&n).is_some_and(|b| *b <= nd) || !pass(a, n) {
                continue;
            }
            best.insert(n, nd);
            queue.push(Reverse((nd, n)));
        }
    }
    best
}

/// 4.4.6.2 "the nearest area": the areas satisfying `ok` at the least movement cost from `from` for forces of
/// `side` (7.3.1 costs over borders and open crossing arrows; a repatriated force is picked up, so no access is
/// needed on the way), in key order; empty if none can be reached.
pub fn nearest<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    side: Nation,
    from: AreaId,
    ok: impl Fn(AreaId) -> bool,
) -> Vec<AreaId> {
    let all = costs(ctx, side, &[from], u32::MAX, |_, _| true);
    let Some(least) = all.iter().filter(|(a, _)| ok(**a)).map(|(_, d)| *d).min() else {
        return Vec::new();
    };
    all.iter()
        .filter(|(a, d)| **d == least && ok(**a))
        .map(|(a, _)| *a)
        .collect()
}

/// A place's name for messages: "Brest", "the Bay of Biscay", "Brest's blockade box".
pub fn place_name(s: &crate::scenario::Scenario, l: Location) -> String {
    let area =
        |a: crate::kernel::ids::AreaId| s.area(a).map_or_else(|| a.to_string(), |d| d.name.clone());
    match l {
        Location::Area(a) => area(a),
        Location::Sea(x) => s.sea(x).map_or_else(|| x.to_string(), |d| d.name.clone()),
        Location::Blockade(a) => format!("{}'s blockade box", area(a)),
        Location::Aboard(f) => format!("aboard {f}"),
        Location::OffMap => "off the map".into(),
    }
}
