//! Rule 6.2.5 (Coalition's landing, `docs/rules/naval.md`): in its Land Movement step a power lands corps aboard
//! its fleets (6.2.5) in a land area the fleets' place touches: from a port into the port's area, from a blockade
//! box into the port's area, from a sea area onto any coast of it. Landing spends the corps' whole movement for
//! the phase (so it never force marches, errata 7.3.2); an area held by an enemy may be invaded (a battle follows
//! when enemy corps stand there, 7.5); a neutral's only with access (7.3.4).

use super::{LCtx, LCx, LandDecision, LandEvent};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, Nation, PowerId};
use crate::scenario::{LeaderStatus, Location, Scenario};
use crate::world::geography::{area_name, enemy_area, enemy_corps, nation_name};
use crate::world::{World, WorldEvent};

/// The land areas corps aboard fleets at `at` may land in: a port's own area (from the port or its box), or every
/// area whose coast touches the sea area, in key order.
pub fn landing_places(s: &Scenario, at: Location) -> Vec<AreaId> {
    match at {
        Location::Area(p) | Location::Blockade(p) => vec![p],
        Location::Sea(x) => {
            let mut out: Vec<AreaId> = s
                .map
                .areas
                .iter()
                .filter(|a| a.seas.contains(&x))
                .map(|a| a.id)
                .collect();
            out.sort();
            out
        }
        Location::Aboard(_) | Location::OffMap => Vec::new(),
    }
}

/// The corps `power` moves that are aboard a fleet, with the fleet's place, in key order.
pub fn aboard(w: &World, power: PowerId) -> Vec<(CorpsId, Location)> {
    w.forces
        .corps
        .iter()
        .filter(|(id, c)| matches!(c.location, Location::Aboard(_)) && w.moves_corps(power, **id))
        .map(|(id, c)| (*id, w.place_of(c.location)))
        .collect()
}

/// Checks a landing: the corps are the mover's, aboard fleets at one place, and have not landed this phase; the
/// leaders named are aboard there too; `to` is a landing place of that place that the mover may enter; a depot
/// landing with them (Coalition's invasion supply) is aboard there and may stand in `to` (`check_depot`). The
/// fleets' place, and the fleet whose depot lands.
pub fn check(
    ctx: &LCtx,
    power: PowerId,
    d: &LandDecision,
) -> RuleResult<(Location, Option<FleetId>)> {
    let LandDecision::Disembark {
        corps,
        leaders,
        depot,
        into_port,
        to,
    } = d
    else {
        return Err(RuleError::new("6.2.5", "not a landing"));
    };
    let (s, w) = (ctx.scenario, ctx.world);
    if corps.is_empty() && !depot {
        return Err(RuleError::new(
            "6.2.5",
            "a landing names at least one corps, or the depot",
        ));
    }
    crate::kernel::error::distinct(corps)?;
    crate::kernel::error::distinct(leaders)?;
    if s.area(*to).is_none() {
        return Err(RuleError::new("3.4", format!("unknown area `{to}`")));
    }
    let mut at = None;
    for id in corps {
        let Some(c) = w.forces.corps.get(id) else {
            return Err(RuleError::new("3.4", format!("unknown corps `{id}`")));
        };
        if !w.moves_corps(power, *id) {
            return Err(RuleError::new(
                "7.1.1",
                format!("{} does not move corps `{id}`", s.power_name(power)),
            ));
        }
        if !matches!(c.location, Location::Aboard(_)) {
            return Err(RuleError::new(
                "6.2.5",
                format!("corps `{id}` is not aboard a fleet; it moves by land (`move`)"),
            ));
        }
        let here = w.place_of(c.location);
        if at.is_some_and(|a| a != here) {
            return Err(RuleError::new(
                "6.2.5",
                "the corps of one landing are aboard fleets at one place",
            ));
        }
        at = Some(here);
    }
    // A depot landing alone: the first fleet (by key) carrying one of the mover's that may land in `to`.
    let carrier = if *depot {
        let me = Nation::Power(power);
        let found = w
            .forces
            .depots_aboard
            .iter()
            .filter(|(f, n)| {
                **n == me
                    && w.forces.fleets.get(f).is_some_and(|x| {
                        x.ships > 0
                            && at.map_or(landing_places(s, x.location).contains(to), |a| {
                                a == x.location
                            })
                    })
            })
            .map(|(f, _)| *f)
            .next();
        let Some(f) = found else {
            return Err(RuleError::new(
                "6.2.5",
                format!(
                    "{} has no depot aboard fleets that can land it in {}",
                    s.power_name(power),
                    area_name(ctx, *to)
                ),
            ));
        };
        at = at.or(w.forces.fleets.get(&f).map(|x| x.location));
        Some(f)
    } else {
        None
    };
    let at = at.unwrap_or(Location::OffMap);
    for l in leaders {
        let ok = w.forces.leaders.get(l).is_some_and(|x| {
            matches!(x.location, Location::Aboard(_))
                && w.place_of(x.location) == at
                && x.status == LeaderStatus::Active
                && w.moves_nation(power, x.nation)
        });
        if !ok {
            return Err(RuleError::new(
                "6.2.5",
                format!(
                    "`{l}` is no active leader of {} aboard the fleets there",
                    s.power_name(power)
                ),
            ));
        }
    }
    if !landing_places(s, at).contains(to) {
        return Err(RuleError::new(
            "6.2.5",
            format!(
                "corps aboard fleets at {} land only on a coast of it; {} is none",
                crate::world::geography::place_name(s, at),
                area_name(ctx, *to)
            ),
        ));
    }
    if *into_port {
        check_into_port(ctx, power, corps, leaders, *depot, *to)?;
        return Ok((at, carrier));
    }
    may_land(ctx, power, *to)?;
    if !enemy_corps(w, power, *to).is_empty() {
        crate::world::ump_rules::may_attack_at(&ctx.plain(), power, *to)?;
    }
    if carrier.is_some() {
        check_depot(ctx, power, corps, *to)?;
    }
    Ok((at, carrier))
}

/// Errata 7.3.5 (Coalition's reading, `docs/rules/naval.md`): corps land straight into a besieged friendly port:
/// `to` has a city, held by the mover or an ally, under siege, and room (Coalition's 7.5.4: the siege chart's
/// `room`, the garrison not counted) for all the corps landing; they go inside the city, besieged with its
/// garrison. Leaders and depots land only in the area.
fn check_into_port(
    ctx: &LCtx,
    power: PowerId,
    corps: &[CorpsId],
    leaders: &[LeaderId],
    depot: bool,
    to: AreaId,
) -> RuleResult<()> {
    let (s, w) = (ctx.scenario, ctx.world);
    let friendly = w
        .area_power(s, to)
        .is_some_and(|c| c == power || w.allied(c, power));
    let city = s.area(to).is_some_and(|d| d.port && d.city.is_some());
    if !city || !friendly || !w.sieges.contains_key(&to) {
        return Err(RuleError::new(
            "7.3.5",
            format!(
                "{} is no besieged port held by {} or an ally: corps land in its area (`disembark CORPS {to}`)",
                area_name(ctx, to),
                s.power_name(power)
            ),
        ));
    }
    if !leaders.is_empty() || depot || corps.is_empty() {
        return Err(RuleError::new(
            "7.3.5",
            "only corps go into a besieged port; leaders and depots land in its area",
        ));
    }
    if !super::shelter::fits(ctx, to, corps) {
        let need: u32 = (corps.iter())
            .filter_map(|id| w.forces.corps.get(id))
            .map(|c| c.factors.total())
            .sum();
        return Err(RuleError::new(
            "7.3.5",
            format!(
                "the port of {} has room for {} more corps factor(s); the corps landing have {need}",
                area_name(ctx, to),
                super::shelter::room_left(ctx, to).unwrap_or(0)
            ),
        ));
    }
    Ok(())
}

/// Coalition's 6.2.5 (invasion supply): whether a depot landing (with `corps`) may stand in `to`, as 7.2 asks of a
/// depot: the mover has none there yet, no enemy corps stand there, and the mover holds the area or its corps
/// stand there (those landing count).
fn check_depot(ctx: &LCtx, power: PowerId, corps: &[CorpsId], to: AreaId) -> RuleResult<()> {
    let w = ctx.world;
    let name = ctx.scenario.power_name(power);
    if w.forces
        .depots
        .get(&to)
        .is_some_and(|d| d.contains(&Nation::Power(power)))
    {
        return Err(RuleError::new(
            "7.2",
            format!("{name} already has a depot in {}", area_name(ctx, to)),
        ));
    }
    if !enemy_corps(w, power, to).is_empty() {
        return Err(RuleError::new(
            "7.2",
            format!(
                "enemy corps stand in {}: a depot lands where none do",
                area_name(ctx, to)
            ),
        ));
    }
    let held = w.area_power(ctx.scenario, to) == Some(power);
    // The mover's corps with factors standing there (as `movement::own_corps_in` counts them).
    let own_there = w.forces.corps.iter().any(|(id, c)| {
        c.location == Location::Area(to) && !c.factors.is_empty() && w.moves_corps(power, *id)
    });
    if !held && corps.is_empty() && !own_there {
        return Err(RuleError::new(
            "7.2",
            format!(
                "a depot lands where {name} holds the area or its corps stand (or land with it); {} is neither",
                area_name(ctx, to)
            ),
        ));
    }
    Ok(())
}

/// 7.3.4 for a landing: an area with no holder, the mover's own or its free states', an enemy's, or one whose
/// holder granted the mover access (10.3). 12.4's limited access never applies: the corps come from the sea.
fn may_land(ctx: &LCtx, power: PowerId, to: AreaId) -> RuleResult<()> {
    let w = ctx.world;
    let Some(holder) = w.area_holder(ctx.scenario, to) else {
        return Ok(());
    };
    let controller = w.controller_of(holder);
    if controller == Some(power)
        || enemy_area(w, ctx.scenario, power, to, holder)
        || controller.is_some_and(|c| w.has_access(power, c))
    {
        return Ok(());
    }
    Err(RuleError::new(
        "7.3.4",
        format!(
            "{} may not land in {} ({}'s): it is neither its own, nor an enemy's, and grants it no access (10.3)",
            ctx.scenario.power_name(power),
            area_name(ctx, to),
            nation_name(ctx, holder)
        ),
    ))
}

/// Carries out a checked landing: the corps and leaders go ashore and move no more this phase.
pub fn carry_out(cx: &mut LCx, power: PowerId, d: &LandDecision) {
    let Ok((from, carrier)) = check(&cx.ctx(), power, d) else {
        return;
    };
    let LandDecision::Disembark {
        corps,
        leaders,
        to,
        into_port,
        ..
    } = d
    else {
        return;
    };
    cx.emit(LandEvent::Disembarked {
        power,
        corps: corps.clone(),
        leaders: leaders.clone(),
        depot: carrier,
        into_port: *into_port,
        from,
        to: *to,
    });
    if *into_port {
        into_the_port(cx, corps, *to);
        return;
    }
    let reason = format!("landed in {}", area_name(&cx.ctx(), *to));
    if let Some(fleet) = carrier {
        let owner = Nation::Power(power);
        cx.push(WorldEvent::DepotCarried {
            fleet,
            owner,
            aboard: false,
            rule: "6.2.5".into(),
            reason: reason.clone(),
        });
        cx.push(WorldEvent::DepotChanged {
            area: *to,
            owner,
            present: true,
            rule: "6.2.5".into(),
            reason: reason.clone(),
        });
    }
    for id in corps {
        let Some(factors) = cx.world().forces.corps.get(id).map(|c| c.factors) else {
            continue;
        };
        cx.push(WorldEvent::CorpsChanged {
            corps: *id,
            factors,
            location: Location::Area(*to),
            rule: "6.2.5".into(),
            reason: reason.clone(),
        });
    }
    for l in leaders {
        let Some(status) = cx.world().forces.leaders.get(l).map(|x| x.status) else {
            continue;
        };
        cx.push(WorldEvent::LeaderChanged {
            leader: *l,
            status,
            location: Location::Area(*to),
            rule: "6.2.5".into(),
            reason: reason.clone(),
        });
    }
}

/// Errata 7.3.5 (with Coalition's 7.5.4): the corps land inside the city of the besieged port `to`.
fn into_the_port(cx: &mut LCx, corps: &[CorpsId], to: AreaId) {
    let reason = format!(
        "landed straight into the besieged port of {}",
        area_name(&cx.ctx(), to)
    );
    for id in corps {
        let Some(c) = cx.world().forces.corps.get(id).cloned() else {
            continue;
        };
        cx.push(WorldEvent::CorpsChanged {
            corps: *id,
            factors: c.factors,
            location: Location::Area(to),
            rule: "7.3.5".into(),
            reason: format!("{id} {reason}"),
        });
    }
    super::shelter::shelter(cx, corps, "7.3.5", &format!("inside the city: {reason}"));
}

/// The mover's landings: at each place where its corps are aboard, every corps alone and all of them with the
/// leaders aboard there, onto each coast it may land on.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    let w = ctx.world;
    let mut groups: Vec<(Location, Vec<CorpsId>)> = Vec::new();
    for (id, at) in aboard(w, power) {
        match groups.iter_mut().find(|(l, _)| *l == at) {
            Some((_, ids)) => ids.push(id),
            None => groups.push((at, vec![id])),
        }
    }
    let mut out = Vec::new();
    for (at, ids) in groups {
        let leaders: Vec<LeaderId> = w
            .forces
            .leaders
            .iter()
            .filter(|(_, x)| {
                matches!(x.location, Location::Aboard(_))
                    && w.place_of(x.location) == at
                    && x.status == LeaderStatus::Active
                    && w.moves_nation(power, x.nation)
            })
            .map(|(l, _)| *l)
            .collect();
        let mut sets: Vec<(Vec<CorpsId>, Vec<LeaderId>)> =
            ids.iter().map(|c| (vec![*c], Vec::new())).collect();
        if ids.len() > 1 || !leaders.is_empty() {
            sets.push((ids.clone(), leaders));
        }
        for to in landing_places(ctx.scenario, at) {
            for (corps, leaders) in &sets {
                for (depot, into_port) in [(false, false), (true, false), (false, true)] {
                    let d = LandDecision::Disembark {
                        corps: corps.clone(),
                        leaders: leaders.clone(),
                        depot,
                        into_port,
                        to,
                    };
                    if check(ctx, power, &d).is_ok() {
                        out.push(d);
                    }
                }
            }
        }
    }
    // A depot landing alone, from each fleet carrying one of the mover's.
    let me = Nation::Power(power);
    for (f, n) in &w.forces.depots_aboard {
        let Some(x) = w.forces.fleets.get(f).filter(|x| *n == me && x.ships > 0) else {
            continue;
        };
        for to in landing_places(ctx.scenario, x.location) {
            let d = LandDecision::Disembark {
                corps: Vec::new(),
                leaders: Vec::new(),
                depot: true,
                into_port: false,
                to,
            };
            if check(ctx, power, &d).is_ok() && !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}
