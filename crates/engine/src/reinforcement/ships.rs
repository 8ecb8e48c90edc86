//! Rules 5.1 and 12.1.2: arrived ships join a fleet of their owner in a usable port or form a new one there;
//! with the option `ship-building-locations` on, only in the port where they were built, while the owner's
//! controller holds it. Their default orders, checks and placing.

use super::arrivals::{Arrivals, arrivals, capital_first, held_home, not_yours};
use super::notation::list;
use super::{Placement, RCtx, RCx, ReinforcementEvent, ShipOrder};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Location, MinorStatus, UnitKind};
use crate::world::{Ctx, Fleet, WorldEvent};
use std::collections::BTreeMap;

/// Whether ships must arrive in the port where they were built (12.1.2 on).
pub(super) fn binding<S: ?Sized>(ctx: &Ctx<S>) -> bool {
    ctx.rulebook.has(OptionalRule::ShipBuildingLocations)
}

/// 5.1: ports where `owner`'s ships with no binding port may arrive: held home ports and, for a major power,
/// the ports of the conquered minors it holds.
pub(super) fn free_ports(ctx: &RCtx, owner: Nation) -> Vec<AreaId> {
    let st = ctx.world;
    let sc = ctx.scenario;
    let mut v: Vec<AreaId> = held_home(ctx, owner);
    if let Nation::Power(p) = owner {
        for (m, ms) in &st.minors {
            if ms.controller == Some(p) && ms.status == MinorStatus::Conquered {
                v.extend(
                    sc.territory(Nation::Minor(*m))
                        .iter()
                        .filter(|a| st.area_power(sc, **a) == Some(p)),
                );
            }
        }
    }
    v.retain(|a| sc.area(*a).is_some_and(|d| d.port));
    v.sort();
    v.dedup();
    capital_first(sc, owner, v)
}

/// 5.1, 12.1.2: whether ships of `owner` built at `built` may arrive in `port` now.
fn port_usable(ctx: &RCtx, owner: Nation, built: Option<AreaId>, port: AreaId) -> bool {
    let st = ctx.world;
    let sc = ctx.scenario;
    match built {
        Some(b) if binding(ctx) => {
            b == port
                && sc.area(port).is_some_and(|d| d.port)
                && st.controller_of(owner).is_some()
                && st.area_power(sc, port) == st.controller_of(owner)
        }
        _ => free_ports(ctx, owner).contains(&port),
    }
}

/// The pools of `owner`'s arrived ships an order at `port` draws from, in order.
fn ship_sources(
    ctx: &RCtx,
    pools: &BTreeMap<(Nation, Option<AreaId>), u16>,
    owner: Nation,
    port: AreaId,
) -> Vec<Option<AreaId>> {
    let mut keys: Vec<Option<AreaId>> = pools
        .keys()
        .filter(|(o, b)| *o == owner && port_usable(ctx, owner, *b, port))
        .map(|(_, b)| *b)
        .collect();
    // Ships built in this very port first.
    keys.sort_by_key(|b| (*b != Some(port), *b));
    keys
}

/// Takes `count` ships for `owner` at `port` from the pools; the amounts drawn by source, or `None` if short.
fn draw_ships(
    ctx: &RCtx,
    pools: &mut BTreeMap<(Nation, Option<AreaId>), u16>,
    owner: Nation,
    port: AreaId,
    count: u16,
) -> Option<Vec<(Option<AreaId>, u16)>> {
    let mut left = count;
    let mut out = Vec::new();
    for src in ship_sources(ctx, pools, owner, port) {
        if left == 0 {
            break;
        }
        let have = pools.get_mut(&(owner, src))?;
        let take = left.min(*have);
        if take > 0 {
            *have -= take;
            left -= take;
            out.push((src, take));
        }
    }
    (left == 0).then_some(out)
}

pub(super) use crate::world::navy::new_fleet_id;

/// The default orders for ships: each pool to the port it was built in if usable (without the option, else
/// the first usable port), joining the owner's first fleet there or forming one.
pub(super) fn default_orders(ctx: &RCtx, arr: &Arrivals, pl: &mut Placement) {
    let st = ctx.world;
    let mut pools = arr.ships.clone();
    for ((owner, built), n) in &arr.ships {
        let port = match built {
            Some(b) if port_usable(ctx, *owner, Some(*b), *b) => Some(*b),
            Some(_) if binding(ctx) => None,
            _ => free_ports(ctx, *owner).first().copied(),
        };
        let Some(port) = port else { continue };
        let have = pools.get(&(*owner, *built)).copied().unwrap_or(0).min(*n);
        if have == 0 || draw_ships(ctx, &mut pools, *owner, port, have).is_none() {
            continue;
        }
        let fleet = st
            .forces
            .fleets
            .iter()
            .find(|(_, f)| f.owner == *owner && f.location == Location::Area(port))
            .map(|(id, _)| *id);
        pl.ships.push(ShipOrder {
            owner: *owner,
            port,
            count: have,
            fleet,
        });
    }
}

/// Checks the placement's ships (5.1, 12.1.2, 12.1.2.2's waiting ships).
pub(super) fn check(ctx: &RCtx, power: PowerId, arr: &Arrivals, pl: &Placement) -> RuleResult<()> {
    let st = ctx.world;
    let sc = ctx.scenario;
    let mine = |n: Nation| st.controller_of(n) == Some(power);
    let mut pools = arr.ships.clone();
    for o in &pl.ships {
        if !mine(o.owner) {
            return Err(not_yours("ships", o.owner, power));
        }
        if o.count == 0 {
            return Err(RuleError::new("3.3", "a ship order must carry ships"));
        }
        let due: u16 = arr
            .ships
            .iter()
            .filter(|((n, _), _)| *n == o.owner)
            .map(|(_, c)| *c)
            .sum();
        if due == 0 {
            return Err(RuleError::new(
                "5.1",
                format!("{} has no ships arriving this month", o.owner),
            ));
        }
        if draw_ships(ctx, &mut pools, o.owner, o.port, o.count).is_none() {
            let built: Vec<AreaId> = arr
                .ships
                .keys()
                .filter(|(n, _)| *n == o.owner)
                .filter_map(|(_, b)| *b)
                .collect();
            let (rule, why) = if binding(ctx) && !built.contains(&o.port) && !built.is_empty() {
                (
                    "12.1.2",
                    format!(
                        "ships arrive only in the port where they were built ({})",
                        list(&built)
                    ),
                )
            } else if !sc.area(o.port).is_some_and(|d| d.port) {
                ("5.1", format!("{} is not a port", o.port))
            } else if !built.contains(&o.port) && !free_ports(ctx, o.owner).contains(&o.port) {
                (
                    "5.1",
                    format!(
                        "ships arrive in a port of {}'s home nation that its controller holds ({})",
                        o.owner,
                        list(&free_ports(ctx, o.owner))
                    ),
                )
            } else if !binding(ctx)
                || !built.contains(&o.port)
                || port_usable(ctx, o.owner, Some(o.port), o.port)
            {
                (
                    "5.1",
                    format!(
                        "{} has {due} ship(s) arriving this month; the placement places more there than are due",
                        o.owner
                    ),
                )
            } else {
                (
                    "12.1.2.2",
                    format!(
                        "{} is not held by the power controlling {}: its ships wait there until one power controls both",
                        o.port, o.owner
                    ),
                )
            };
            return Err(RuleError::new(rule, why));
        }
        if let Some(f) = &o.fleet {
            let Some(fl) = st.forces.fleets.get(f) else {
                return Err(RuleError::new("3.4", format!("unknown fleet `{f}`")));
            };
            if fl.owner != o.owner || fl.location != Location::Area(o.port) {
                return Err(RuleError::new(
                    "5.1",
                    format!(
                        "fleet `{f}` is not a fleet of {} in {}: arriving ships join a fleet in their port or form one",
                        o.owner, o.port
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Emits the arrival of `power`'s placed ships, pool by pool, and the fleets they join or form.
pub(super) fn place(cx: &mut RCx, power: PowerId, pl: &Placement, reason: &str) {
    let draws: Vec<Vec<(Option<AreaId>, u16)>> = {
        let ctx = cx.ctx();
        let mut pools = arrivals(&ctx, power).ships;
        pl.ships
            .iter()
            .map(|o| draw_ships(&ctx, &mut pools, o.owner, o.port, o.count).unwrap_or_default())
            .collect()
    };
    for (o, drawn) in pl.ships.iter().zip(draws) {
        for (src, count) in drawn {
            cx.emit(ReinforcementEvent::Arrived {
                owner: o.owner,
                unit: UnitKind::Ship,
                count,
                port: src,
                rule: "5.1".into(),
                reason: format!("at {}, {reason}", o.port),
            });
        }
        match o.fleet {
            Some(f) => {
                let fl = &cx.world().forces.fleets[&f];
                let (ships, location) = (fl.ships.saturating_add(o.count), fl.location);
                cx.push(WorldEvent::FleetChanged {
                    fleet: f,
                    ships,
                    location,
                    rule: "5.1".into(),
                    reason: format!("{} ship(s) join it, {reason}", o.count),
                });
            }
            None => {
                if let Some(id) = new_fleet_id(cx.world(), o.owner) {
                    cx.push(WorldEvent::FleetCreated {
                        fleet: id,
                        fleet_def: Fleet {
                            owner: o.owner,
                            ships: o.count,
                            location: Location::Area(o.port),
                            mix: None,
                        },
                        rule: "5.1".into(),
                        reason: format!("{} arriving ship(s) form a new fleet, {reason}", o.count),
                    });
                }
            }
        }
    }
}
