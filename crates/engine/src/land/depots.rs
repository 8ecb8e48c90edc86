//! Rule 7.2: depot creation and removal, the first step of a mover's turn (7.1.3). A depot costs the chart's
//! money (1) and may be placed where the power holds the area or where its corps stand without enemy corps, up
//! to its counters on the map at one time; a removed depot's garrison factors are destroyed unless a city its
//! side holds, unbesieged, in the same area takes them in. Minor free states use their controller's depots.

use super::movement::{enemy_corps, own_corps_in};
use super::{LCtx, LCx, LandDecision, LandEvent};
use crate::kernel::error::{RuleError, RuleResult, distinct};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::{Factors, LossCause};
use crate::world::geography::area_name;
use crate::world::{LossRecord, WorldEvent};

/// The power's depots on the map.
fn placed(ctx: &LCtx, power: PowerId) -> Vec<AreaId> {
    let me = Nation::Power(power);
    ctx.world
        .forces
        .depots
        .iter()
        .filter(|(_, d)| d.contains(&me))
        .map(|(a, _)| *a)
        .collect()
}

/// 7.2: whether `power` may place a depot in `a` (before counting counters and money).
fn placeable(ctx: &LCtx, power: PowerId, a: AreaId) -> RuleResult<()> {
    let w = ctx.world;
    if w.forces
        .depots
        .get(&a)
        .is_some_and(|d| d.contains(&Nation::Power(power)))
    {
        return Err(RuleError::new(
            "7.2",
            format!(
                "{} already has a depot in {}",
                ctx.scenario.power_name(power),
                area_name(ctx, a)
            ),
        ));
    }
    if !enemy_corps(w, power, a).is_empty() {
        return Err(RuleError::new(
            "7.2",
            format!("enemy corps stand in {}", area_name(ctx, a)),
        ));
    }
    if w.area_power(ctx.scenario, a) != Some(power) && own_corps_in(w, power, a).is_empty() {
        return Err(RuleError::new(
            "7.2",
            format!(
                "a depot goes where {} holds the area or its corps stand; {} is neither",
                ctx.scenario.power_name(power),
                area_name(ctx, a)
            ),
        ));
    }
    Ok(())
}

/// 7.2, 7.1.3: checks a mover's depots: before its first move, in legal places, within its counters and money.
pub fn check(ctx: &LCtx, power: PowerId, build: &[AreaId], remove: &[AreaId]) -> RuleResult<()> {
    if ctx.own.acted {
        return Err(RuleError::new(
            "7.1.3",
            "depots are placed and removed before the first move of a turn",
        ));
    }
    if build.is_empty() && remove.is_empty() {
        return Err(RuleError::new(
            "7.2",
            "name the depots to place or to remove",
        ));
    }
    distinct(build)?;
    distinct(remove)?;
    for a in build.iter().chain(remove) {
        if ctx.scenario.area(*a).is_none() {
            return Err(RuleError::new("3.4", format!("unknown area `{a}`")));
        }
    }
    let mine = placed(ctx, power);
    for a in remove {
        if !mine.contains(a) {
            return Err(RuleError::new(
                "7.2",
                format!(
                    "{} has no depot in {}",
                    ctx.scenario.power_name(power),
                    area_name(ctx, *a)
                ),
            ));
        }
    }
    for a in build {
        if !remove.contains(a) {
            placeable(ctx, power, *a)?;
        }
    }
    let chart = &ctx.scenario.charts.land.depots;
    let counters = chart.counters.get(&power).copied().unwrap_or(0) as usize;
    // Depots aboard fleets (Coalition's 6.2.5 invasion supply) are on the map too.
    let at_sea = ctx
        .world
        .forces
        .depots_aboard
        .values()
        .filter(|n| **n == Nation::Power(power))
        .count();
    let after = mine.len() + at_sea - remove.len() + build.len();
    // Removing never needs a counter: a power over its limit (depots bought in the Economic Phase) may still
    // take depots off; placing one needs a free counter after the removals.
    if !build.is_empty() && after > counters {
        return Err(RuleError::new(
            "7.2",
            format!(
                "{} has {counters} depot counters; this would put {after} on the map",
                ctx.scenario.power_name(power)
            ),
        ));
    }
    let cost = chart.cost as i64 * build.len() as i64;
    let money = ctx.world.powers.get(&power).map_or(0, |s| s.money) as i64;
    if cost > money {
        return Err(RuleError::new(
            "7.2",
            format!(
                "{} depot(s) cost {cost} money and {} has {money}",
                build.len(),
                ctx.scenario.power_name(power)
            ),
        ));
    }
    Ok(())
}

/// Carries out checked depots: removals first (their garrisons), then placements and their price.
pub fn carry_out(cx: &mut LCx, power: PowerId, build: &[AreaId], remove: &[AreaId]) {
    if check(&cx.ctx(), power, build, remove).is_err() {
        return;
    }
    cx.emit(LandEvent::DepotsChanged {
        power,
        built: build.to_vec(),
        removed: remove.to_vec(),
    });
    let me = Nation::Power(power);
    let name = cx.scenario.power_name(power);
    for a in remove {
        cx.push(WorldEvent::DepotChanged {
            area: *a,
            owner: me,
            present: false,
            rule: "7.2".into(),
            reason: format!("{name} removes its depot in {}", area_name(&cx.ctx(), *a)),
        });
        garrison_on_removed(cx, power, *a);
    }
    if !build.is_empty() {
        let cost = cx.scenario.charts.land.depots.cost as i32 * build.len() as i32;
        cx.push(WorldEvent::TreasuryChanged {
            power,
            money: -cost,
            manpower: 0,
            rule: "7.2".into(),
            reason: format!("{name} pays for {} depot(s)", build.len()),
            income: None,
        });
    }
    for a in build {
        cx.push(WorldEvent::DepotChanged {
            area: *a,
            owner: me,
            present: true,
            rule: "7.2".into(),
            reason: format!("{name} places a depot in {}", area_name(&cx.ctx(), *a)),
        });
    }
}

/// 7.2: the garrison factors of `power`'s side on a removed depot are destroyed, unless a city its side holds,
/// unbesieged, stands in the area.
fn garrison_on_removed(cx: &mut LCx, power: PowerId, a: AreaId) {
    let w = cx.world();
    let city = cx.scenario.area(a).is_some_and(|d| d.city.is_some())
        && w.area_power(cx.scenario, a) == Some(power)
        && !w.sieges.contains_key(&a);
    if city {
        return;
    }
    let lost: Vec<(Nation, Factors)> = w
        .forces
        .garrisons
        .iter()
        .filter(|((x, n), f)| *x == a && super::movement::moves_for(w, power, *n) && !f.is_empty())
        .map(|((_, n), f)| (*n, *f))
        .collect();
    for (owner, f) in lost {
        cx.push(WorldEvent::GarrisonChanged {
            area: a,
            owner,
            factors: Factors::default(),
            rule: "7.2".into(),
            reason: format!(
                "the garrison on the removed depot in {} is destroyed",
                area_name(&cx.ctx(), a)
            ),
        });
        cx.push(WorldEvent::LossRecorded {
            loss: LossRecord {
                nation: owner,
                date: cx.world().date(),
                cause: LossCause::Demobilization,
                land_factors: f.total(),
                ships: 0,
                rule: "7.2".into(),
                excluded_factors: 0,
            },
        });
    }
}

/// Whether the mover could place or remove any depot now.
pub fn any_possible(ctx: &LCtx, power: PowerId) -> bool {
    !ctx.own.acted && !choices(ctx, power).is_empty()
}

/// One depot placed, or one removed: each legal one. A placement is judged by `check`'s rules as they fall on
/// one depot placed where the mover's corps stand (7.2): a free counter and the money for it (the same for every
/// place, judged once), no depot of the power there yet, no enemy corps, and the area held or the power's corps
/// with factors there; without writing out the reason of a place refused.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    let mut out = Vec::new();
    if ctx.own.acted {
        return out;
    }
    let w = ctx.world;
    let corps = super::movement::corps_of(w, power);
    let mut spots: Vec<AreaId> = corps.iter().map(|(_, a)| *a).collect();
    spots.sort();
    spots.dedup();
    let mine = placed(ctx, power);
    let chart = &ctx.scenario.charts.land.depots;
    let counters = chart.counters.get(&power).copied().unwrap_or(0) as usize;
    let at_sea = (w.forces.depots_aboard.values())
        .filter(|n| **n == Nation::Power(power))
        .count();
    let money = w.powers.get(&power).map_or(0, |s| s.money) as i64;
    let room = mine.len() + at_sea < counters && chart.cost as i64 <= money;
    for a in spots {
        let ok = room
            && ctx.scenario.area(a).is_some()
            && !mine.contains(&a)
            && enemy_corps(w, power, a).is_empty()
            && (w.area_power(ctx.scenario, a) == Some(power)
                || (corps.iter()).any(|(id, at)| *at == a && w.forces.in_field(*id, a)));
        debug_assert_eq!(ok, check(ctx, power, &[a], &[]).is_ok(), "depot in {a}");
        if ok {
            out.push(LandDecision::Depots {
                build: vec![a],
                remove: vec![],
            });
        }
    }
    for a in mine {
        out.push(LandDecision::Depots {
            build: vec![],
            remove: vec![a],
        });
    }
    out
}
