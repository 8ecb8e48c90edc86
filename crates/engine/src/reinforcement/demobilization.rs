//! Rule 12.4.3 (PeaceTreatyLimitedAccess): forces that have not left a former enemy's territory in the time
//! 12.4.1 and 12.4.2 give them are demobilized at the start of the next Reinforcement Phase, unless the power
//! controlling the territory has granted their side voluntary access (Coalition's 10.3) by then.
//!
//! Coalition's reading (`docs/rules/peace.md`): for a limited access recorded at a peace of month M
//! (`world::treaties::LimitedAccess`), the Reinforcement Phase of M+3 removes the mover's garrisons still in the
//! other's cities (only in its capital cities for a victor that chose C.5: 12.4.1), and that of M+6 removes its
//! corps (their factors removed, the counter off the map), fleets (scuttled: no ships, off the map; 5.1.4.2's
//! limits do not apply), depots and garrisons still in the other's territory (not for a C.5 victor: 12.4.2).
//! The mover's side is the power and the minor countries it controls; the territory is every area the other
//! power controls now. Nothing is removed while the two are at war again or when either has left the game.
//! The losses are recorded (demobilization for land factors, scuttling for ships).

use super::RCx;
use crate::kernel::calendar::Date;
use crate::kernel::ids::{AreaId, FleetId, Nation};
use crate::scenario::{Factors, Location, LossCause, Scenario};
use crate::world::treaties::limited_accesses;
use crate::world::{LimitedAccess, LossRecord, World, WorldEvent, name};
use std::collections::BTreeMap;

/// What a deadline removes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Deadline {
    /// 12.4.1: garrisons in cities (capital cities only for a C.5 victor).
    Garrisons,
    /// 12.4.2: corps, fleets, depots and garrisons anywhere in the territory.
    Forces,
}

/// 12.4.3: demobilizes, at the start of this month's Reinforcement Phase, what each limited access whose deadline
/// has just passed leaves behind.
pub(super) fn demobilize(cx: &mut RCx) {
    let now = cx.world().date();
    let due: Vec<(LimitedAccess, Deadline)> = limited_accesses(cx.world())
        .filter_map(|a| {
            if now == a.garrisons_by.plus_months(1) {
                Some((a.clone(), Deadline::Garrisons))
            } else if now == a.forces_by.plus_months(1) && !a.unconditional {
                Some((a.clone(), Deadline::Forces))
            } else {
                None
            }
        })
        .collect();
    for (a, deadline) in due {
        let w = cx.world();
        if !w.in_game(a.mover)
            || !w.in_game(a.territory)
            || w.at_war(Nation::Power(a.mover), Nation::Power(a.territory))
            || w.has_access(a.mover, a.territory)
        {
            continue;
        }
        let events = removals(cx.scenario, w, &a, deadline, now);
        cx.push_all(events);
    }
}

/// The events that remove what `a.mover`'s side has left in `a.territory`'s territory at `deadline`, with the
/// losses they make.
fn removals(
    sc: &Scenario,
    w: &World,
    a: &LimitedAccess,
    deadline: Deadline,
    now: Date,
) -> Vec<WorldEvent> {
    let (rule, clause) = match deadline {
        Deadline::Garrisons => ("12.4.3", "12.4.1"),
        Deadline::Forces => ("12.4.3", "12.4.2"),
    };
    let reason = format!(
        "{} did not leave the territory of {} in the time {clause} gives after their peace of {} and has no voluntary access",
        name(sc, a.mover),
        name(sc, a.territory),
        a.since
    );
    let mine = |n: Nation| w.controller_of(n) == Some(a.mover);
    let theirs = |x: AreaId| w.area_power(sc, x) == Some(a.territory);
    let mut out = Vec::new();
    // Losses by nation: (land factors, of which excluded, ships).
    let mut lost: BTreeMap<Nation, (u32, u32, u32)> = BTreeMap::new();
    let mut land_loss = |n: Nation, f: &Factors| {
        let e = lost.entry(n).or_default();
        e.0 += f.total();
        e.1 += excluded(f);
    };
    for ((x, n), f) in &w.forces.garrisons {
        if !mine(*n) || !theirs(*x) || f.is_empty() {
            continue;
        }
        let area = sc.area(*x);
        let bound = match deadline {
            Deadline::Garrisons if a.unconditional => area.is_some_and(|d| d.capital),
            Deadline::Garrisons => area.is_some_and(|d| d.city.is_some()),
            Deadline::Forces => true,
        };
        if bound {
            land_loss(*n, f);
            out.push(WorldEvent::GarrisonChanged {
                area: *x,
                owner: *n,
                factors: Factors::default(),
                rule: rule.into(),
                reason: format!("garrison at {x} demobilized: {reason}"),
            });
        }
    }
    if deadline == Deadline::Forces {
        for (id, c) in &w.forces.corps {
            if let Location::Area(x) = c.location
                && mine(c.owner)
                && theirs(x)
            {
                land_loss(c.owner, &c.factors);
                out.push(WorldEvent::CorpsChanged {
                    corps: *id,
                    factors: Factors::default(),
                    location: Location::OffMap,
                    rule: rule.into(),
                    reason: format!("corps {id} at {x} demobilized: {reason}"),
                });
            }
        }
        let mut scuttled: BTreeMap<Nation, u32> = BTreeMap::new();
        let going: Vec<FleetId> = w
            .forces
            .fleets
            .iter()
            .filter(|(_, f)| {
                matches!(f.location, Location::Area(x) if mine(f.owner) && theirs(x)) && f.ships > 0
            })
            .map(|(id, _)| *id)
            .collect();
        out.extend(crate::world::cargo::put_ashore(
            sc, w, &going, false, None, rule, &reason,
        ));
        for (id, f) in &w.forces.fleets {
            if let Location::Area(x) = f.location
                && mine(f.owner)
                && theirs(x)
                && f.ships > 0
            {
                *scuttled.entry(f.owner).or_default() += f.ships as u32;
                out.push(WorldEvent::FleetChanged {
                    fleet: *id,
                    ships: 0,
                    location: Location::OffMap,
                    rule: rule.into(),
                    reason: format!("fleet {id} at {x} scuttled: {reason}"),
                });
            }
        }
        for (x, owners) in &w.forces.depots {
            for n in owners.iter().filter(|n| mine(**n)) {
                if theirs(*x) {
                    out.push(WorldEvent::DepotChanged {
                        area: *x,
                        owner: *n,
                        present: false,
                        rule: rule.into(),
                        reason: format!("depot at {x} removed: {reason}"),
                    });
                }
            }
        }
        for (n, ships) in scuttled {
            out.push(loss(n, now, LossCause::Scuttling, 0, 0, ships));
        }
    }
    for (n, (factors, excluded, _)) in lost {
        if factors > 0 {
            out.push(loss(
                n,
                now,
                LossCause::Demobilization,
                factors,
                excluded,
                0,
            ));
        }
    }
    out
}

/// A loss recorded under 12.4.3.
fn loss(
    nation: Nation,
    date: Date,
    cause: LossCause,
    land_factors: u32,
    excluded_factors: u32,
    ships: u32,
) -> WorldEvent {
    WorldEvent::LossRecorded {
        loss: LossRecord {
            nation,
            date,
            cause,
            land_factors,
            ships,
            rule: "12.4.3".into(),
            excluded_factors,
        },
    }
}

/// Of `f`, the factors 14.3.2.2.1 does not count (feudal, cossack, freikorps, insurrection).
fn excluded(f: &Factors) -> u32 {
    [f.feudal, f.cossack, f.freikorps, f.insurrection]
        .iter()
        .map(|&x| x as u32)
        .sum()
}
