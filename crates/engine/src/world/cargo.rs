//! Rule 6.2.5 (Coalition's transport, `docs/rules/naval.md`): what happens to the corps and leaders aboard fleets
//! that leave the map otherwise than in a naval battle (a peace term's removal, a demobilization's scuttling, a
//! nation's forces taken off the map): they are put ashore, in the fleet's port when it lies in one and `in_port`
//! allows, else at their controller's capital; a depot aboard goes back to its owner's counters.

use super::{World, WorldEvent};
use crate::kernel::ids::{FleetId, Nation};
use crate::scenario::{Location, Scenario};

/// The world events that put ashore everything aboard `fleets` (before the fleets themselves change), citing
/// `rule` for `why`; the forces of `except` are left to the caller (it removes them itself).
pub fn put_ashore(
    s: &Scenario,
    w: &World,
    fleets: &[FleetId],
    in_port: bool,
    except: Option<Nation>,
    rule: &str,
    why: &str,
) -> Vec<WorldEvent> {
    let aboard = |l: Location, n: Nation| {
        Some(n) != except && matches!(l, Location::Aboard(f) if fleets.contains(&f))
    };
    let to = |l: Location, nation| {
        let port = match w.place_of(l) {
            Location::Area(a) if in_port => Some(Location::Area(a)),
            _ => None,
        };
        port.or_else(|| {
            w.controller_of(nation)
                .and_then(|p| s.power(p))
                .map(|d| Location::Area(d.capital))
        })
        .unwrap_or(Location::OffMap)
    };
    let mut out = Vec::new();
    for (id, c) in w
        .forces
        .corps
        .iter()
        .filter(|(_, c)| aboard(c.location, c.owner))
    {
        out.push(WorldEvent::CorpsChanged {
            corps: *id,
            factors: c.factors,
            location: to(c.location, c.owner),
            rule: rule.into(),
            reason: format!("put ashore: {why}"),
        });
    }
    // Coalition's 6.2.5 (invasion supply): a depot aboard goes back to its owner's counters.
    for (f, n) in &w.forces.depots_aboard {
        if fleets.contains(f) && Some(*n) != except {
            out.push(WorldEvent::DepotCarried {
                fleet: *f,
                owner: *n,
                aboard: false,
                rule: rule.into(),
                reason: format!("back to its counters: {why}"),
            });
        }
    }
    for (id, l) in w
        .forces
        .leaders
        .iter()
        .filter(|(_, l)| aboard(l.location, l.nation))
    {
        out.push(WorldEvent::LeaderChanged {
            leader: *id,
            status: l.status,
            location: to(l.location, l.nation),
            rule: rule.into(),
            reason: format!("put ashore: {why}"),
        });
    }
    out
}
