//! Rule 5 (Coalition's 5.7, `docs/rules/reinforcement.md`): the placement offered piece by piece. Each piece
//! is a placement of one order, in the places that matter (`listed_places`): a corps counter to one city; a
//! depot to one area; one kind of land factors, all of them or a single one, to one garrison or corps; the
//! ships of one port to one fleet or a new one; a returning leader to one place; a minor's ships kept or
//! destroyed; all the ships of one fleet transferred to another at its place (5.1.3); one fleet scuttled (5.1.4). A player combines several into one placement, and the usual check refuses a combination that
//! places more than has arrived.

use super::arrivals::{
    Arrivals, Places, arrivals, capital, land_factors, spare_corps, split_garrisonable, units_of,
};
use super::fleets::fleets_on_map;
use super::leaders::leader_places;
use super::ships::free_ports;
use super::{
    CorpsOrder, DepotOrder, LandOrder, LandTarget, LeaderOrder, Placement, RCtx, SeizedOrder,
    ShipOrder, ShipTransfer, check_arrived, pending_seizures,
};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::Location;

/// Rule 5.7: the cities the list offers for `owner`'s corps counters, factors and leaders, so that it stays
/// short: of the cities where its factors may arrive (5.2), the capital and those where it already has a
/// garrison, a corps or a depot. Any other legal city may still be written out in full.
pub(super) fn listed_places(ctx: &RCtx, owner: Nation) -> Vec<AreaId> {
    listed_places_in(ctx, &Places::default(), owner)
}

/// Rule 5.7: `listed_places`, with the places where arrivals may go already worked out (`places`), each owner's
/// worked out once per `places` (which is worked out on one state).
pub(super) fn listed_places_in(ctx: &RCtx, places: &Places, owner: Nation) -> Vec<AreaId> {
    if let Some(v) = places.listed.borrow().get(&owner) {
        return v.clone();
    }
    let v = listed_now(ctx, places, owner);
    places.listed.borrow_mut().insert(owner, v.clone());
    v
}

/// Rule 5.7: `listed_places_in`, worked out.
fn listed_now(ctx: &RCtx, places: &Places, owner: Nation) -> Vec<AreaId> {
    let f = &ctx.world.forces;
    let cap = capital(ctx.scenario, owner);
    // The areas where the owner has a corps, found in one pass over the corps.
    let mut with_corps: Vec<AreaId> = (f.corps.values())
        .filter_map(|c| match c.location {
            Location::Area(a) if c.owner == owner => Some(a),
            _ => None,
        })
        .collect();
    with_corps.sort_unstable();
    places
        .land(ctx, owner)
        .iter()
        .copied()
        .filter(|a| {
            Some(*a) == cap
                || f.garrisons.get(&(*a, owner)).is_some_and(|g| !g.is_empty())
                || with_corps.binary_search(a).is_ok()
                || f.depots.get(a).is_some_and(|d| d.contains(&owner))
        })
        .collect()
}

/// Rule 5.7: every single-order placement of `power` that the phase's check accepts on its own, in the order
/// corps counters, depots, land factors, ships, leaders, 12.1.2.2's ships, transfers (5.1.3), scuttling (5.1.4).
pub fn pieces(ctx: &RCtx, power: PowerId) -> Vec<Placement> {
    let arr = arrivals(ctx, power);
    pieces_in(ctx, power, &arr, &Places::of(ctx, &arr))
}

/// Rule 5.7: `pieces`, with what has arrived for `power` (`arr`) and where it may go (`places`) worked out.
pub(super) fn pieces_in(
    ctx: &RCtx,
    power: PowerId,
    arr: &Arrivals,
    places_of: &Places,
) -> Vec<Placement> {
    let st = ctx.world;
    let mut out: Vec<Placement> = Vec::new();
    // 5.3: each arriving corps counter to each city where it may come onto the map.
    for (owner, n) in &arr.corps {
        for corps in spare_corps(st, *owner).into_iter().take(*n as usize) {
            for area in listed_places_in(ctx, places_of, *owner) {
                out.push(Placement {
                    corps: vec![CorpsOrder { corps, area }],
                    ..Default::default()
                });
            }
        }
    }
    // 5.3: a depot to each area that may take one where the owner has its capital, a garrison or a corps.
    for owner in arr.depots.keys() {
        let f = &st.forces;
        let cap = capital(ctx.scenario, *owner);
        let counted = |a: &AreaId| {
            Some(*a) == cap
                || f.garrisons
                    .get(&(*a, *owner))
                    .is_some_and(|g| !g.is_empty())
                || f.corps
                    .values()
                    .any(|c| c.owner == *owner && c.location == Location::Area(*a))
        };
        for area in places_of
            .depots(ctx, *owner)
            .iter()
            .copied()
            .filter(counted)
        {
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
        let places = places_of.land(ctx, *owner);
        let listed = listed_places_in(ctx, places_of, *owner);
        for (unit, n) in units_of(f) {
            // 5.2: only the units that may garrison go to a garrison (the check would refuse the others).
            let garrisons = (land_factors(unit, 1))
                .is_some_and(|one| split_garrisonable(ctx, &one).1.is_empty());
            for area in listed.iter().filter(|_| garrisons) {
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
        let listed = listed_places(ctx, l.nation);
        let with_corps = |a: &AreaId| {
            st.forces
                .corps
                .values()
                .any(|c| c.owner == l.nation && c.location == Location::Area(*a))
        };
        for area in leader_places(ctx, l.nation)
            .into_iter()
            .filter(|a| listed.contains(a) || with_corps(a))
        {
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
    // 5.1.3: all the ships of each fleet to each other fleet of its nationality at its place.
    let fleets = fleets_on_map(ctx, power);
    for from in &fleets {
        let a = &st.forces.fleets[from];
        for to in fleets.iter().filter(|to| *to != from) {
            let b = &st.forces.fleets[to];
            if a.owner == b.owner && a.location == b.location {
                out.push(Placement {
                    transfers: vec![ShipTransfer {
                        from: *from,
                        to: *to,
                        ships: a.ships,
                    }],
                    ..Default::default()
                });
            }
        }
    }
    // 5.1.4: each fleet scuttled.
    for f in fleets {
        out.push(Placement {
            scuttle: vec![f],
            ..Default::default()
        });
    }
    out.retain(|pl| check_arrived(ctx, power, arr, places_of, pl).is_ok());
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
