//! Rule 5 (Coalition's 5.7, `docs/rules/reinforcement.md`): the placement offered piece by piece. Each piece
//! is a placement of one order (a corps counter to one city, a depot to one area, one kind of land factors to
//! one garrison or corps, all of them or a single one, the ships of one port to one fleet or a new one, a returning leader to one area, a
//! minor's ships kept or destroyed); a player combines several into one placement, and the usual check refuses
//! a combination that places more than has arrived.

use super::arrivals::{arrivals, depot_places, land_factors, land_places, spare_corps, units_of};
use super::leaders::leader_places;
use super::ships::free_ports;
use super::{
    CorpsOrder, DepotOrder, LandOrder, LandTarget, LeaderOrder, Placement, RCtx, SeizedOrder,
    ShipOrder, check, pending_seizures,
};
use crate::kernel::ids::PowerId;
use crate::scenario::Location;

/// Rule 5.7: every single-order placement of `power` that the phase's check accepts on its own, in the order
/// corps counters, depots, land factors, ships, leaders, 12.1.2.2's ships.
pub fn pieces(ctx: &RCtx, power: PowerId) -> Vec<Placement> {
    let st = ctx.world;
    let arr = arrivals(ctx, power);
    let mut out: Vec<Placement> = Vec::new();
    // 5.3: each arriving corps counter to each city where it may come onto the map.
    for (owner, n) in &arr.corps {
        for corps in spare_corps(st, *owner).into_iter().take(*n as usize) {
            for area in land_places(ctx, *owner) {
                out.push(Placement {
                    corps: vec![CorpsOrder { corps, area }],
                    ..Default::default()
                });
            }
        }
    }
    // 5.3: a depot to each area that may take one.
    for owner in arr.depots.keys() {
        for area in depot_places(ctx, *owner) {
            out.push(Placement {
                depots: vec![DepotOrder {
                    owner: *owner,
                    area,
                }],
                ..Default::default()
            });
        }
    }
    // 5.2: each kind of arrived land factors, all of them or one, to each garrison city; into each corps
    // standing in such a city, as many as it has room for or one.
    for (owner, f) in &arr.land {
        let places = land_places(ctx, *owner);
        for (unit, n) in units_of(f) {
            for area in &places {
                for k in amounts(n) {
                    if let Some(factors) = land_factors(unit, k) {
                        out.push(land(*owner, LandTarget::Garrison(*area), factors));
                    }
                }
            }
            for (id, c) in &st.forces.corps {
                if c.owner != *owner
                    || !matches!(c.location, Location::Area(a) if places.contains(&a))
                {
                    continue;
                }
                let room = c.capacity.minus(&c.factors).unwrap_or_default();
                let room_of = units_of(&room)
                    .into_iter()
                    .find(|(u, _)| *u == unit)
                    .map_or(0, |(_, r)| r);
                for k in amounts(n.min(room_of)) {
                    if let Some(factors) = land_factors(unit, k) {
                        out.push(land(*owner, LandTarget::Corps(*id), factors));
                    }
                }
            }
        }
    }
    // 5.1: the ships of each building port to each port they may use, into each fleet there or a new one.
    for ((owner, built), count) in &arr.ships {
        let mut ports = free_ports(ctx, *owner);
        if let Some(b) = built
            && !ports.contains(b)
        {
            ports.insert(0, *b);
        }
        for port in ports {
            let fleets = st
                .forces
                .fleets
                .iter()
                .filter(|(_, x)| x.owner == *owner && x.location == Location::Area(port))
                .map(|(id, _)| Some(*id));
            for fleet in fleets.chain([None]) {
                out.push(Placement {
                    ships: vec![ShipOrder {
                        owner: *owner,
                        port,
                        count: *count,
                        fleet,
                    }],
                    ..Default::default()
                });
            }
        }
    }
    // 5.4: each returning leader to each place he may go.
    for leader in &arr.leaders {
        let Some(l) = st.forces.leaders.get(leader) else {
            continue;
        };
        for area in leader_places(ctx, l.nation) {
            out.push(Placement {
                leaders: vec![LeaderOrder {
                    leader: *leader,
                    area,
                }],
                ..Default::default()
            });
        }
    }
    // 12.1.2.2: keep or destroy each minor's ships in a port this power took.
    for s in pending_seizures(ctx)
        .into_iter()
        .filter(|s| s.takers.contains(&power))
    {
        for keep in [true, false] {
            out.push(Placement {
                seized: vec![SeizedOrder {
                    port: s.port,
                    minor: s.minor,
                    keep,
                }],
                ..Default::default()
            });
        }
    }
    out.retain(|pl| check(ctx, power, pl).is_ok());
    out
}

/// The amounts offered for one kind of factors to one place: all that may go there and, when that is more than
/// one, a single factor (listed twice, it places two).
fn amounts(n: u16) -> Vec<u16> {
    match n {
        0 => Vec::new(),
        1 => vec![1],
        n => vec![n, 1],
    }
}

fn land(
    owner: crate::kernel::ids::Nation,
    to: LandTarget,
    factors: crate::scenario::Factors,
) -> Placement {
    Placement {
        land: vec![LandOrder { owner, to, factors }],
        ..Default::default()
    }
}
