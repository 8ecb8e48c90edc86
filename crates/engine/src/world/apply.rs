//! `apply` for the world: every change of the world, one event at a time. Events are made only after every
//! check has passed, so `apply` does not refuse: an event naming something absent changes nothing. A power's
//! standing changes within its range (3.5, `kernel::limits`): a sum stops at the range's end, never wraps.

use super::{Alliance, BrokenAlliance, Forces, RoyalMarriage, UmpStatus, War, World, WorldEvent};
use crate::kernel::ids::{Nation, PowerId};
use crate::kernel::limits;
use crate::scenario::{Location, MinorStatus};

/// Applies one change to the world.
pub fn apply(world: &mut World, event: &WorldEvent) {
    match event {
        WorldEvent::DiceRolled { .. } => {}
        WorldEvent::PointsChanged { power, delta, .. } => {
            if let Some(p) = world.powers.get_mut(power) {
                p.political_points = limits::POLITICAL_POINTS.add(p.political_points, *delta);
                world.records.points_changes += 1;
            }
        }
        WorldEvent::TreasuryChanged {
            power,
            money,
            manpower,
            income,
            rule,
            reason,
        } => {
            if let Some(p) = world.powers.get_mut(power) {
                p.money = limits::MONEY.add(p.money, *money);
                p.manpower = limits::MANPOWER.add(p.manpower, *manpower);
            }
            // 12.6: the account of the phase (or the line apart) records it, with the income by source.
            let change = super::Amount {
                money: *money,
                manpower: *manpower,
            };
            let (date, step) = (world.position.date, world.position.step);
            world
                .ledger
                .enter(date, step, *power, change, income.as_ref(), rule, reason);
        }
        WorldEvent::UmpControl {
            ump,
            controller,
            status,
            ..
        } => {
            let date = world.position.date;
            let was = world.umps.get(ump).map(|u| u.status);
            let u = world
                .umps
                .entry(*ump)
                .or_insert_with(super::UmpState::uncontrolled);
            if u.controller.is_some() && u.controller != *controller {
                u.last_controller = u.controller;
            }
            // The turn it becomes neutral, or is first recorded as neutral (14.3.2.4.6).
            if *status == UmpStatus::Neutral && was != Some(UmpStatus::Neutral) {
                u.neutral_since = Some(date);
            }
            let before = u.status;
            u.controller = *controller;
            u.status = *status;
            status_applied(world, *ump, before, *status);
        }
        WorldEvent::BuildingQueued { item } => world.building.push(item.clone()),
        WorldEvent::VictoryPointsChanged { power, delta, .. } => {
            if let Some(p) = world.powers.get_mut(power) {
                p.victory_points = limits::VICTORY_POINTS.add(p.victory_points, *delta);
            }
        }
        WorldEvent::WarDeclared {
            aggressor,
            defender,
            cause,
            since,
            ..
        } => {
            let r = &mut *world.relations;
            r.wars.push(War {
                aggressor: *aggressor,
                defender: *defender,
                since: *since,
                cause: cause.clone(),
                ended: None,
            });
            r.current.forget();
        }
        WorldEvent::WarEnded { a, b, date, .. } => {
            let r = &mut *world.relations;
            for w in r.wars.iter_mut().filter(|w| w.ended.is_none()) {
                if (w.aggressor == *a && w.defender == *b)
                    || (w.aggressor == *b && w.defender == *a)
                {
                    w.ended = Some(*date);
                }
            }
            r.current.forget();
        }
        WorldEvent::AllianceFormed { a, b, since, .. } => {
            let (a, b) = if a <= b { (*a, *b) } else { (*b, *a) };
            world.relations.alliances.push(Alliance {
                a,
                b,
                since: *since,
                broken: None,
            });
        }
        WorldEvent::AllianceBroken {
            a,
            b,
            by,
            date,
            rule,
            ..
        } => {
            let (a, b) = if a <= b { (*a, *b) } else { (*b, *a) };
            for al in world
                .relations
                .alliances
                .iter_mut()
                .filter(|al| al.a == a && al.b == b && al.broken.is_none())
            {
                al.broken = Some(BrokenAlliance {
                    by: by.clone(),
                    date: *date,
                    rule: rule.clone(),
                });
            }
            world.relations.combined_movement.remove(&(a, b));
        }
        WorldEvent::RoyalMarriage {
            a, b, made, date, ..
        } => {
            let (a, b) = if a <= b { (*a, *b) } else { (*b, *a) };
            if *made {
                world.relations.royal_marriages.push(RoyalMarriage {
                    a,
                    b,
                    since: *date,
                    broken: None,
                });
            } else {
                for m in world
                    .relations
                    .royal_marriages
                    .iter_mut()
                    .filter(|m| m.a == a && m.b == b && m.broken.is_none())
                {
                    m.broken = Some(*date);
                }
            }
        }
        WorldEvent::TradeRestrictionBroken {
            loser,
            victor,
            date,
            ..
        } => super::treaties::record_trade_breach(world, *loser, *victor, *date),
        WorldEvent::EnforcedPeaceRecorded { peace } => {
            world.relations.enforced_peaces.push(peace.clone())
        }
        WorldEvent::CombinedMovementDeclared { a, b } => {
            let p = if a <= b { (*a, *b) } else { (*b, *a) };
            world.relations.combined_movement.insert(p);
        }
        WorldEvent::AccessChanged {
            grantor,
            grantee,
            granted,
            ..
        } => {
            if *granted {
                world
                    .relations
                    .voluntary_access
                    .insert((*grantor, *grantee));
            } else {
                world
                    .relations
                    .voluntary_access
                    .remove(&(*grantor, *grantee));
            }
        }
        WorldEvent::MinorChanged {
            minor,
            controller,
            status,
            ..
        } => {
            let now = world.position.date;
            if let Some(m) = world.minors.get_mut(minor) {
                // 12.3.2: a change of controller or status starts its count of months again.
                if m.controller != *controller || m.status != *status {
                    m.controlled_since = controller.map(|_| now);
                }
                m.controller = *controller;
                m.status = *status;
            }
            // An offer to cede a minor lapses when it changes hands (Coalition's cession).
            world.relations.cession_offers.retain(|o| o.minor != *minor);
        }
        WorldEvent::DistrictConquered {
            minor,
            district,
            conquered,
            ..
        } => {
            if let Some(m) = world.minors.get_mut(minor) {
                if *conquered {
                    m.conquered_districts.insert(*district);
                } else {
                    m.conquered_districts.remove(district);
                }
            }
        }
        WorldEvent::AreaControlChanged { area, holder, .. } => match holder {
            Some(h) => {
                world.area_control.insert(*area, *h);
            }
            None => {
                world.area_control.remove(area);
            }
        },
        WorldEvent::CorpsChanged {
            corps,
            factors,
            location,
            ..
        } => {
            let forces: &mut Forces = &mut world.forces;
            if let Some(c) = forces.corps.get_mut(corps) {
                // A corps that leaves its area, or its last factor, leaves the city too.
                if c.location != *location || factors.is_empty() {
                    forces.in_city.remove(corps);
                }
                c.factors = *factors;
                c.location = *location;
            }
        }
        WorldEvent::CorpsSheltered { corps, inside, .. } => {
            if *inside {
                world.forces.in_city.insert(*corps);
            } else {
                world.forces.in_city.remove(corps);
            }
        }
        WorldEvent::FleetChanged {
            fleet,
            ships,
            location,
            ..
        } => {
            if let Some(f) = world.forces.fleets.get_mut(fleet) {
                f.set_ships(*ships);
                f.location = *location;
            }
        }
        WorldEvent::HulksChanged { power, hulks, .. } => {
            if *hulks == 0 {
                world.navy.hulks.remove(power);
            } else {
                world.navy.hulks.insert(*power, *hulks);
            }
        }
        WorldEvent::PortGunsChanged { area, guns, .. } => {
            if *guns == 0 {
                world.navy.port_guns.remove(area);
            } else {
                world.navy.port_guns.insert(*area, *guns);
            }
        }
        WorldEvent::ShipsBuilt {
            build, launched, ..
        } => {
            let b = &mut world.navy.building;
            if *launched {
                if let Some(i) = b.iter().position(|x| x == build) {
                    b.remove(i);
                }
            } else {
                b.push(build.clone());
            }
        }
        WorldEvent::TechnologyGained {
            power, technology, ..
        } => {
            world
                .technologies
                .entry(*power)
                .or_default()
                .insert(*technology);
        }
        WorldEvent::FleetMixChanged { fleet, mix, .. } => {
            if let Some(f) = world.forces.fleets.get_mut(fleet) {
                f.ships = mix.values().sum();
                f.mix = Some(
                    mix.iter()
                        .filter(|(_, n)| **n > 0)
                        .map(|(k, n)| (*k, *n))
                        .collect(),
                );
            }
        }
        WorldEvent::GarrisonChanged {
            area,
            owner,
            factors,
            ..
        } => {
            if factors.is_empty() {
                world.forces.garrisons.remove(&(*area, *owner));
            } else {
                world.forces.garrisons.insert((*area, *owner), *factors);
            }
        }
        WorldEvent::DepotChanged {
            area,
            owner,
            present,
            ..
        } => {
            let here = world.forces.depots.entry(*area).or_default();
            if *present {
                here.insert(*owner);
            } else {
                here.remove(owner);
            }
            if here.is_empty() {
                world.forces.depots.remove(area);
            }
        }
        WorldEvent::DepotCarried {
            fleet,
            owner,
            aboard,
            ..
        } => {
            if *aboard {
                world.forces.depots_aboard.insert(*fleet, *owner);
            } else if world.forces.depots_aboard.get(fleet) == Some(owner) {
                world.forces.depots_aboard.remove(fleet);
            }
        }
        WorldEvent::LeaderChanged {
            leader,
            status,
            location,
            ..
        } => {
            if let Some(l) = world.forces.leaders.get_mut(leader) {
                l.status = *status;
                l.location = *location;
            }
        }
        WorldEvent::LossRecorded { loss } => {
            std::sync::Arc::make_mut(&mut world.records.losses).push(loss.clone())
        }
        WorldEvent::SiegeChanged { area, siege, .. } => match siege {
            Some(s) => {
                world.sieges.insert(*area, s.clone());
            }
            None => {
                world.sieges.remove(area);
            }
        },
        WorldEvent::CapitalTaken { taken, .. } => world.capitals_taken.push(taken.clone()),
        WorldEvent::Unified { power, name, .. } => {
            world.titles.insert(*power, name.clone());
        }
        WorldEvent::PrisonersTaken {
            owner,
            captor,
            factors,
            ..
        } => {
            let held = world.prisoners.entry((*owner, *captor)).or_default();
            *held = held.plus(factors);
        }
        WorldEvent::PowerLeftGame { power, .. } => {
            if let Some(p) = world.powers.get_mut(power) {
                p.in_game = false;
            }
            let me = Nation::Power(*power);
            let forces: &mut Forces = &mut world.forces;
            for (id, c) in forces.corps.iter_mut().filter(|(_, c)| c.owner == me) {
                c.location = Location::OffMap;
                c.factors = Default::default();
                forces.in_city.remove(id);
            }
            for f in world.forces.fleets.values_mut().filter(|f| f.owner == me) {
                f.location = Location::OffMap;
                f.ships = 0;
            }
            world.forces.garrisons.retain(|(_, owner), _| *owner != me);
            for d in world.forces.depots.values_mut() {
                d.remove(&me);
            }
            world.forces.depots.retain(|_, d| !d.is_empty());
            world.forces.depots_aboard.retain(|_, n| *n != me);
        }
        WorldEvent::CorpsCreated {
            corps, corps_def, ..
        } => {
            world.forces.corps.insert(*corps, corps_def.clone());
        }
        WorldEvent::FleetCreated {
            fleet, fleet_def, ..
        } => {
            world.forces.fleets.insert(*fleet, fleet_def.clone());
        }
        WorldEvent::FreeStateDeclared { minor, by, date } => {
            if let Some(m) = world.minors.get_mut(minor) {
                m.status = MinorStatus::FreeState;
                m.free_state_since = Some(*date);
                m.declared_free_by.insert(*by);
            }
        }
    }
}

/// 14.3.2.2.1, 14.3.2.4.6: notes a status change as `apply` makes it — the loss count restarts when an UMP
/// becomes active, and the moment it becomes neutral is kept.
pub fn status_applied(world: &mut World, ump: PowerId, before: UmpStatus, after: UmpStatus) {
    if after == UmpStatus::Active && before != UmpStatus::Active {
        let n = world.records.losses.len();
        world.ump_records.losses_from.insert(ump, n);
    }
    if after == UmpStatus::Neutral && before != UmpStatus::Neutral {
        let at = world.position;
        world.ump_records.neutral_at.insert(ump, at);
    }
}
