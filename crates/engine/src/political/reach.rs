//! Rule 4.2.2.3 (with Coalition's reach rule, `docs/rules/reach.md`): whether a power could physically enter a
//! neutral minor country's territory during the turn.
//!
//! Movement is not yet implemented, so Coalition judges reach by its movement chart: a corps of the power (or of
//! a minor it controls) reaches the minor by land within its allowance, moving only through areas it may enter
//! without a further declaration (its own and its controlled minors', its allies', its enemies', the target's);
//! or a fleet of the power carries such a corps: the corps stands in a coastal area, and the fleet can reach a
//! sea touching that area and then a sea touching the minor within its allowance.

use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId, SeaId};
use crate::scenario::Location;
use crate::world::Ctx;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Whether `power` may move through `area` this turn without another declaration.
fn passable(ctx: &Ctx, power: PowerId, target: Nation, area: AreaId) -> bool {
    let st = ctx.world;
    let Some(holder) = st.area_holder(ctx.scenario, area) else {
        return false;
    };
    if holder == target {
        return true;
    }
    match st.controller_of(holder) {
        Some(c) => {
            c == power
                || st.allied(power, c)
                || st.at_war(power.into(), c.into())
                || st.at_war(power.into(), holder)
        }
        // A neutral minor other than the target may not be entered.
        None => st.at_war(power.into(), holder),
    }
}

/// Whether any of `starts` (an area and the moves left there) reaches an area of `target` by land, through
/// passable areas: one search for all corps, keeping at each area the most moves left on arriving.
fn land_reach(ctx: &Ctx, power: PowerId, target: Nation, starts: &[(AreaId, u32)]) -> bool {
    let territory = ctx.scenario.territory(target);
    let mut best: BTreeMap<AreaId, u32> = BTreeMap::new();
    let mut queue = VecDeque::new();
    for &(a, moves) in starts {
        if territory.binary_search(&a).is_ok() {
            return true;
        }
        if best.get(&a).is_none_or(|b| *b < moves) {
            best.insert(a, moves);
            queue.push_back((a, moves));
        }
    }
    while let Some((a, moves)) = queue.pop_front() {
        if moves == 0 || best.get(&a).is_some_and(|b| *b > moves) {
            continue;
        }
        let crossings = ctx.scenario.map.crossings.iter().filter_map(|c| {
            if c.optional.is_some_and(|r| !ctx.rulebook.has(r)) {
                None
            } else if c.a == a {
                Some(c.b)
            } else if c.b == a {
                Some(c.a)
            } else {
                None
            }
        });
        for n in ctx.scenario.land_neighbours(a).chain(crossings) {
            if territory.binary_search(&n).is_ok() {
                return true;
            }
            let left = moves - 1;
            if best.get(&n).is_none_or(|b| *b < left) && passable(ctx, power, target, n) {
                best.insert(n, left);
                queue.push_back((n, left));
            }
        }
    }
    false
}

/// Sea distances from `start` to every sea within `limit` moves.
fn sea_distances(ctx: &Ctx, start: &[SeaId], limit: u32) -> BTreeMap<SeaId, u32> {
    let mut dist: BTreeMap<SeaId, u32> = start.iter().map(|s| (*s, 1)).collect();
    let mut queue: VecDeque<SeaId> = start.iter().copied().collect();
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        if d >= limit {
            continue;
        }
        for n in ctx
            .scenario
            .sea(s)
            .map(|x| x.adjacent.as_slice())
            .unwrap_or(&[])
        {
            if !dist.contains_key(n) {
                dist.insert(*n, d + 1);
                queue.push_back(*n);
            }
        }
    }
    dist
}

/// 4.2.2.3: whether `power` could enter `minor`'s territory this turn, and if not, why.
pub fn can_enter(ctx: &Ctx, power: PowerId, minor: MinorId) -> Result<(), String> {
    let target = Nation::Minor(minor);
    let st = ctx.world;
    let mine = |owner: Nation| st.controller_of(owner) == Some(power);
    let chart = &ctx.scenario.charts.movement;
    let mut starts: Vec<(AreaId, u32)> = Vec::new();
    for c in st.forces.corps.values() {
        if !mine(c.owner) || c.factors.is_empty() {
            continue;
        }
        if let Location::Area(a) = c.location {
            starts.push((a, chart.corps.get(&c.kind).copied().unwrap_or(0)));
        }
    }
    if land_reach(ctx, power, target, &starts) {
        return Ok(());
    }
    let corps_areas: Vec<AreaId> = starts.iter().map(|(a, _)| *a).collect();
    // By sea: a fleet lifts a corps from a coastal area to the minor's coast.
    let coast: BTreeSet<SeaId> = ctx
        .scenario
        .territory(target)
        .iter()
        .filter_map(|a| ctx.scenario.area(*a))
        .flat_map(|a| a.seas.iter().copied())
        .collect();
    if !coast.is_empty() {
        for f in st.forces.fleets.values() {
            if !mine(f.owner) || f.ships == 0 {
                continue;
            }
            let start: Vec<SeaId> = match f.location {
                Location::Sea(s) => vec![s],
                Location::Area(a) => ctx
                    .scenario
                    .area(a)
                    .map(|d| d.seas.clone())
                    .unwrap_or_default(),
                Location::OffMap => continue,
            };
            let from_fleet = sea_distances(ctx, &start, chart.fleet);
            for a in &corps_areas {
                let pickup: Vec<SeaId> = ctx
                    .scenario
                    .area(*a)
                    .map(|d| d.seas.clone())
                    .unwrap_or_default();
                for p in pickup.iter().filter(|p| from_fleet.contains_key(*p)) {
                    let used = from_fleet[p];
                    let onward = sea_distances(ctx, &[*p], chart.fleet.saturating_sub(used) + 1);
                    if coast.iter().any(|c| onward.contains_key(c)) {
                        return Ok(());
                    }
                }
            }
        }
    }
    Err(format!(
        "no corps of {power} can reach {} this turn, by land through territory it may enter or by sea with its fleets",
        ctx.scenario
            .minor(minor)
            .map(|m| m.name.as_str())
            .unwrap_or(minor.as_str())
    ))
}
