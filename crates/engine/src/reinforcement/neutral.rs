//! Rule 14.3.2.4.5: a neutral UMP's reinforcements are added to its forces off the map by its last
//! controller: its due land factors fill its off-map corps (key order), its ships its first off-map fleet (or a
//! new one off the map), its wounded leaders return off the map; what has no room waits until it is back in
//! play.

use super::arrivals::{land_factors, min_factors, units_of};
use super::ships::new_fleet_id;
use super::{RCx, ReinforcementEvent};
use crate::kernel::ids::{CorpsId, LeaderId, Nation, PowerId};
use crate::scenario::{Factors, Location, UnitKind};
use crate::world::{Building, Fleet, LeaderStatus, UmpStatus, WorldEvent};

/// 14.3.2.4.5, at the start of the phase: every neutral UMP still in the game, in key order.
pub(super) fn arrivals(cx: &mut RCx) {
    let umps: Vec<PowerId> = cx
        .world()
        .umps
        .iter()
        .filter(|(p, u)| {
            u.status == UmpStatus::Neutral && cx.world().powers.get(p).is_some_and(|s| s.in_game)
        })
        .map(|(p, _)| *p)
        .collect();
    for u in umps {
        ump_arrivals(cx, u);
    }
}

/// A neutral UMP's arrivals join its forces off the map, for its last controller.
fn ump_arrivals(cx: &mut RCx, u: PowerId) {
    let owner = Nation::Power(u);
    let by = cx
        .world()
        .umps
        .get(&u)
        .and_then(|s| s.last_controller)
        .map_or("the game".to_string(), |p| {
            format!("{p}, its last controller")
        });
    let reason = format!("{u} is a neutral UMP: added to its forces off the map by {by}");
    let now = cx.world().date();
    let items: Vec<Building> = cx
        .world()
        .building
        .iter()
        .filter(|b| b.owner == owner && b.due <= now && b.count > 0)
        .cloned()
        .collect();
    let mut land = Factors::default();
    let mut ships = 0u16;
    for b in &items {
        if b.unit == UnitKind::Ship {
            ships = ships.saturating_add(b.count);
        } else if let Some(f) = land_factors(b.unit, b.count) {
            land = land.plus(&f);
        }
    }
    // Land factors fill the off-map corps in key order.
    let corps: Vec<(CorpsId, Factors, Factors)> = cx
        .world()
        .forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == owner && c.location == Location::OffMap)
        .map(|(id, c)| (*id, c.factors, c.capacity))
        .collect();
    for (id, factors, capacity) in corps {
        let room = capacity.minus(&factors).unwrap_or_default();
        let put = min_factors(&room, &land);
        if put.is_empty() {
            continue;
        }
        land = land.minus(&put).unwrap_or_default();
        for (unit, count) in units_of(&put) {
            cx.emit(ReinforcementEvent::Arrived {
                owner,
                unit,
                count,
                port: None,
                rule: "14.3.2.4.5".into(),
                reason: reason.clone(),
            });
        }
        cx.push(WorldEvent::CorpsChanged {
            corps: id,
            factors: factors.plus(&put),
            location: Location::OffMap,
            rule: "14.3.2.4.5".into(),
            reason: reason.clone(),
        });
    }
    if ships > 0 {
        cx.emit(ReinforcementEvent::Arrived {
            owner,
            unit: UnitKind::Ship,
            count: ships,
            port: None,
            rule: "14.3.2.4.5".into(),
            reason: reason.clone(),
        });
        let fleet = cx
            .world()
            .forces
            .fleets
            .iter()
            .find(|(_, f)| f.owner == owner && f.location == Location::OffMap)
            .map(|(id, f)| (*id, f.ships));
        match fleet {
            Some((id, have)) => cx.push(WorldEvent::FleetChanged {
                fleet: id,
                ships: have.saturating_add(ships),
                location: Location::OffMap,
                rule: "14.3.2.4.5".into(),
                reason: reason.clone(),
            }),
            None => {
                if let Some(id) = new_fleet_id(cx.world(), owner) {
                    cx.push(WorldEvent::FleetCreated {
                        fleet: id,
                        fleet_def: Fleet {
                            owner,
                            ships,
                            location: Location::OffMap,
                            mix: None,
                        },
                        rule: "14.3.2.4.5".into(),
                        reason: reason.clone(),
                    });
                }
            }
        }
    }
    let healed: Vec<LeaderId> = cx
        .world()
        .forces
        .leaders
        .iter()
        .filter(|(_, l)| {
            l.nation == owner && matches!(l.status, LeaderStatus::Wounded { until } if until <= now)
        })
        .map(|(id, _)| *id)
        .collect();
    for l in healed {
        cx.push(WorldEvent::LeaderChanged {
            leader: l,
            status: LeaderStatus::Active,
            location: Location::OffMap,
            rule: "14.3.2.4.5".into(),
            reason: reason.clone(),
        });
    }
}
