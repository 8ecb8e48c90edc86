//! Rule 7.3 (Coalition's movement, `docs/rules/land.md`): the cheapest legal path for a move named by its
//! destination. The search pays each step's cost (7.3.1) within what every corps of the move may spend, with one
//! forced march where each may (7.3.2); it enters only areas the mover may enter (7.3.4) and ends at enemy corps
//! (7.3.3). The move it proposes is judged by `movement::check` like any other, so a route is never more than a
//! suggestion the player accepts: the terminal and the pages show it with its cost before it is submitted.

use super::movement::{check, left, may_force};
use super::{LCtx, LandDecision};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, LeaderId, Nation, PowerId};
use crate::scenario::Location;
use crate::world::geography::{area_name, has_enemy_corps, may_enter_now, step_cost};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// The areas a move of `corps` from where they stand reaches this phase, each with its cheapest path's cost and
/// the path (starting where they stand), in area order; the start itself is left out. The limit is what the
/// corps may all spend, with a forced march where every one of them may force march.
pub fn reachable(
    ctx: &LCtx,
    power: PowerId,
    corps: &[CorpsId],
) -> BTreeMap<AreaId, (u32, Vec<AreaId>)> {
    let mut out = BTreeMap::new();
    let Some(start) = start_of(ctx, corps) else {
        return out;
    };
    if corps.iter().any(|c| ctx.own.stopped.contains(c)) {
        return out;
    }
    let extra = ctx.scenario.charts.land.forced_march.extra;
    let limit = corps
        .iter()
        .map(|c| left(ctx, *c) + if may_force(ctx, *c) { extra } else { 0 })
        .min()
        .unwrap_or(0);
    let side = Nation::Power(power);
    let mut best: BTreeMap<AreaId, (u32, usize, AreaId)> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, 0usize, start)));
    best.insert(start, (0, 0, start));
    while let Some(Reverse((cost, steps, at))) = heap.pop() {
        if best.get(&at).is_some_and(|b| (b.0, b.1) < (cost, steps)) {
            continue;
        }
        // 7.3.3: enemy corps end the move where they stand.
        if at != start && has_enemy_corps(ctx.world, power, at) {
            continue;
        }
        let Some(i) = ctx.scenario.area_index(at) else {
            continue;
        };
        for s in ctx.scenario.steps_from(i) {
            let Some(c) = step_cost(ctx, side, at, s.to) else {
                continue;
            };
            let next = cost + c;
            if next > limit || s.to == start || !may_enter_now(ctx, power, at, s.to) {
                continue;
            }
            let better = best
                .get(&s.to)
                .is_none_or(|b| (next, steps + 1) < (b.0, b.1));
            if better {
                best.insert(s.to, (next, steps + 1, at));
                heap.push(Reverse((next, steps + 1, s.to)));
            }
        }
    }
    for (&a, &(cost, _, _)) in best.iter().filter(|(a, _)| **a != start) {
        let mut path = vec![a];
        let mut at = a;
        while at != start {
            at = best[&at].2;
            path.push(at);
        }
        path.reverse();
        out.insert(a, (cost, path));
    }
    out
}

/// The move of `corps` (with `leaders`) to `to` by its cheapest legal path, with that path's cost, checked as
/// any move is; refused with the reason when no path this phase reaches `to`.
pub fn route(
    ctx: &LCtx,
    power: PowerId,
    corps: &[CorpsId],
    leaders: &[LeaderId],
    to: AreaId,
) -> RuleResult<(LandDecision, u32)> {
    let Some(start) = start_of(ctx, corps) else {
        return Err(RuleError::new(
            "7.3",
            "a move by destination names corps that stand together in one area",
        ));
    };
    if start == to {
        return Err(RuleError::new(
            "7.3",
            format!("the corps already stand in {}", area_name(ctx, to)),
        ));
    }
    let Some((_, path)) = reachable(ctx, power, corps).remove(&to) else {
        return Err(RuleError::new(
            "7.3.1",
            format!(
                "no path the corps may take this phase reaches {} from {} (their movement points, a forced \
                 march where they may, access and enemy corps on the way counted)",
                area_name(ctx, to),
                area_name(ctx, start)
            ),
        ));
    };
    let d = LandDecision::Move {
        corps: corps.to_vec(),
        leaders: leaders.to_vec(),
        path,
    };
    let plan = check(ctx, power, &d)?;
    Ok((d, plan.cost))
}

/// Where the corps all stand (none when they stand apart or off the map).
fn start_of(ctx: &LCtx, corps: &[CorpsId]) -> Option<AreaId> {
    let mut at = None;
    for c in corps {
        let Location::Area(a) = ctx.world.forces.corps.get(c)?.location else {
            return None;
        };
        if at.is_some_and(|x| x != a) {
            return None;
        }
        at = Some(a);
    }
    at
}
