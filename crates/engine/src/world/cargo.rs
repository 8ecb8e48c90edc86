//! Rule 6.2.5 (Coalition's transport, `docs/rules/naval.md`): what happens to the corps and leaders aboard fleets
//! that leave the map otherwise than in a naval battle (a peace term's removal, a demobilization's scuttling, a
//! nation's forces taken off the map): they are put ashore, in the fleet's port when it lies in one and `in_port`
//! allows, else at their controller's capital, and a depot aboard goes back to its owner's counters; and what a
//! fleet carries (6.2.5, 12.2.4), which the Naval Phase's transport and the Reinforcement Phase's transfers and
//! scuttling (5.1.3, 5.1.4) both check.

use super::{Ctx, World, WorldEvent};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{CorpsId, FleetId, LeaderId, Nation};
use crate::kernel::rulebook::OptionalRule;
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

/// The corps aboard any of `fleets`, in key order.
pub fn cargo(w: &World, fleets: &[FleetId]) -> Vec<CorpsId> {
    w.forces
        .corps
        .iter()
        .filter(|(_, c)| matches!(c.location, Location::Aboard(f) if fleets.contains(&f)))
        .map(|(id, _)| *id)
        .collect()
}

/// The leaders aboard any of `fleets` (army leaders sailing with their corps), in key order.
pub fn leaders_aboard(w: &World, fleets: &[FleetId]) -> Vec<LeaderId> {
    w.forces
        .leaders
        .iter()
        .filter(|(_, l)| matches!(l.location, Location::Aboard(f) if fleets.contains(&f)))
        .map(|(id, _)| *id)
        .collect()
}

/// What one fleet's load counts: a corps (6.2.5), or its army factors under 12.2.4.
pub fn load<S: ?Sized>(ctx: &Ctx<'_, S>, corps: &[CorpsId]) -> u32 {
    if ctx.rulebook.has(OptionalRule::ReducedNavalTransport) {
        corps
            .iter()
            .filter_map(|c| ctx.world.forces.corps.get(c))
            .map(|c| c.factors.total())
            .sum()
    } else {
        corps.len() as u32
    }
}

/// 6.2.5 (Coalition's: `transport.corps_per_fleet` corps a fleet) or, under 12.2.4, `transport.reduced_factors`
/// army factors a fleet, however organized into corps: whether `n` fleets carry `corps` together.
pub fn check_capacity<S: ?Sized>(ctx: &Ctx<'_, S>, n: usize, corps: &[CorpsId]) -> RuleResult<()> {
    let t = &ctx.scenario.charts.naval.transport;
    let have = load(ctx, corps);
    let n = n as u32;
    if ctx.rulebook.has(OptionalRule::ReducedNavalTransport) {
        let most = t.reduced_factors * n;
        if have > most {
            return Err(RuleError::new(
                "12.2.4",
                format!(
                    "{n} fleet(s) carry at most {most} army factors under 12.2.4 ({} a fleet); {} would be aboard",
                    t.reduced_factors, have
                ),
            ));
        }
    } else {
        let most = t.corps_per_fleet * n;
        if have > most {
            return Err(RuleError::new(
                "6.2.5",
                format!(
                    "{n} fleet(s) carry at most {most} corps ({} a fleet, Coalition's 6.2.5); {have} would be aboard",
                    t.corps_per_fleet
                ),
            ));
        }
    }
    Ok(())
}
