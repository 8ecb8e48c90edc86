//! Rule 4.2.2.3 (with Coalition's reach rule, `docs/rules/reach.md`): whether a power could physically enter a
//! neutral minor country's territory during the turn.
//!
//! By land, Coalition judges reach by its movement rules (7.3, `world::geography`): a corps the power moves
//! reaches the minor if a path of areas it may enter (7.3.4; the minor's own, since the declaration would open
//! them) costs no more than its allowance and one forced march where its kind may force march (7.3.2), and no
//! enemy corps stand on the way (7.3.3). By sea, until the Naval Phase has its movement, a fleet of the power
//! carries such a corps: the corps stands in a coastal area, and the fleet can reach a sea touching that area
//! and then a sea touching the minor within its allowance.

use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId, SeaId};
use crate::scenario::Location;
use crate::world::Ctx;
use crate::world::geography::{allowance, costs, enemy_corps, may_enter};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Whether any of `starts` (an area and the movement points a corps there has) reaches an area of `target` by
/// land under the movement rules: one search for each allowance.
fn land_reach(ctx: &Ctx, power: PowerId, target: Nation, starts: &[(AreaId, u32)]) -> bool {
    let territory = ctx.scenario.territory(target);
    let w = ctx.world;
    let begun: BTreeSet<AreaId> = starts.iter().map(|(a, _)| *a).collect();
    let budgets: BTreeSet<u32> = starts.iter().map(|(_, b)| *b).collect();
    budgets.into_iter().any(|budget| {
        let from: Vec<AreaId> = starts
            .iter()
            .filter(|(_, b)| *b == budget)
            .map(|(a, _)| *a)
            .collect();
        if from.iter().any(|a| territory.binary_search(a).is_ok()) {
            return true;
        }
        let reached = costs(ctx, Nation::Power(power), &from, budget, |a, b| {
            // 7.3.3: enemy corps end a move in their area (a corps may still leave the area it starts in).
            (begun.contains(&a) || enemy_corps(w, power, a).is_empty())
                && (territory.binary_search(&b).is_ok() || may_enter(ctx, power, a, b).is_ok())
        });
        territory.iter().any(|a| reached.contains_key(a))
    })
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
    let forced = &ctx.scenario.charts.land.forced_march;
    let mut starts: Vec<(AreaId, u32)> = Vec::new();
    for (id, c) in &st.forces.corps {
        if !st.moves_corps(power, *id) || c.factors.is_empty() {
            continue;
        }
        if let Location::Area(a) = c.location {
            let extra = if forced.not_for.contains(&c.kind) {
                0
            } else {
                forced.extra
            };
            starts.push((a, allowance(ctx, c.kind) + extra));
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
                Location::Area(a) | Location::Blockade(a) => ctx
                    .scenario
                    .area(a)
                    .map(|d| d.seas.clone())
                    .unwrap_or_default(),
                Location::Aboard(_) | Location::OffMap => continue,
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
