//! Rule 6.2.1: fleet movement. A fleet spends its movement points (7, less 12.2.3's reductions) along a path of
//! sea areas, ports and blockade boxes at the costs of 6.2.1.1 and 6.2.1.2 (`naval.costs`); it enters only a
//! friendly port (Coalition's rule: one held by its power, an ally, or a power that granted it access, 10.3), and
//! any port's blockade box.

use super::movement::{Purpose, allowance, stack_at};
use super::{NCtx, NCx, NavalDecision, NavalEvent, SailRecord, transport};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, Nation, PowerId};
use crate::scenario::{LeaderStatus, Location, Scenario};
use crate::world::geography::at_war_sides;
pub use crate::world::geography::place_name;
use crate::world::{World, WorldEvent};
use std::collections::BTreeMap;

/// 6.2.1.1, 6.2.1.2: what one step from `a` to `b` costs, or `None` when they do not touch: a sea area to the
/// next, a port to a sea area touching its box, its box to such a sea area, and a port to its own box.
pub fn step_cost(s: &Scenario, a: Location, b: Location) -> Option<u32> {
    let c = &s.charts.naval.costs;
    let touches = |port: AreaId, sea| {
        s.area(port)
            .is_some_and(|d| d.port && d.seas.contains(&sea))
    };
    match (a, b) {
        (Location::Sea(x), Location::Sea(y)) => s
            .sea(x)
            .is_some_and(|d| d.adjacent.contains(&y))
            .then_some(c.sea),
        (Location::Area(p), Location::Sea(x)) | (Location::Sea(x), Location::Area(p)) => {
            touches(p, x).then_some(c.port_sea)
        }
        (Location::Blockade(p), Location::Sea(x)) | (Location::Sea(x), Location::Blockade(p)) => {
            touches(p, x).then_some(c.box_sea)
        }
        (Location::Area(p), Location::Blockade(q)) | (Location::Blockade(q), Location::Area(p)) => {
            (p == q && s.area(p).is_some_and(|d| d.port)).then_some(c.port_box)
        }
        _ => None,
    }
}

/// Coalition's 6.2.1: whether a fleet `power` moves may enter the port at `area`: one held by `power`, an ally
/// of it, or a power that has granted it voluntary access (10.3).
pub fn friendly_port(s: &Scenario, w: &World, power: PowerId, area: AreaId) -> bool {
    s.area(area).is_some_and(|d| d.port)
        && w.area_power(s, area)
            .is_some_and(|c| c == power || w.allied(c, power) || w.has_access(power, c))
}

/// The fleets `power` moves (its own and its free states', 6.1.1) that have ships on the map, in key order.
pub fn fleets_of(w: &World, power: PowerId) -> Vec<(FleetId, Location)> {
    w.forces
        .fleets
        .iter()
        .filter(|(id, f)| {
            f.ships > 0 && f.location != Location::OffMap && w.moves_fleet(power, **id)
        })
        .map(|(id, f)| (*id, f.location))
        .collect()
}

/// 6.2.1 with 12.2.3: each of `power`'s fleets' allowance for the phase, from the stack it stands in as the
/// phase begins (12.2.3.1: the order is set then).
pub fn allowances(ctx: &NCtx, power: PowerId) -> BTreeMap<FleetId, u32> {
    fleets_of(ctx.world, power)
        .into_iter()
        .map(|(id, at)| {
            let stack = stack_at(
                ctx,
                power,
                at,
                transport::transporting(ctx.world, power, at),
            );
            (id, allowance(ctx, stack, Purpose::Normal))
        })
        .collect()
}

/// The fleets with ships at `at` (a sea area, a box or a port) on a side at war with `power`'s.
pub fn enemy_fleets_at(w: &World, power: PowerId, at: Location) -> Vec<FleetId> {
    w.forces
        .fleets
        .iter()
        .filter(|(_, f)| {
            f.location == at && f.ships > 0 && at_war_sides(w, Nation::Power(power), f.owner)
        })
        .map(|(id, _)| *id)
        .collect()
}

/// 6.2.1 and 6.2.5: whether leader `l` may sail from `start` with the fleets: an admiral standing with them, or
/// an active army leader there whose nation `power` moves, embarking with corps.
fn sails_with(
    ctx: &NCtx,
    power: PowerId,
    start: Location,
    admirals: &[LeaderId],
    corps: &[CorpsId],
    l: LeaderId,
) -> bool {
    let (s, w) = (ctx.scenario, ctx.world);
    admirals.contains(&l)
        || !corps.is_empty()
            && s.leader(l).is_some_and(|d| !d.naval)
            && w.forces.leaders.get(&l).is_some_and(|x| {
                x.location == start
                    && x.status == LeaderStatus::Active
                    && w.moves_nation(power, x.nation)
            })
}

/// The naval leaders (admirals) standing active at `at` whose forces `power` moves.
pub fn admirals_at(ctx: &NCtx, power: PowerId, at: Location) -> Vec<LeaderId> {
    ctx.world
        .forces
        .leaders
        .iter()
        .filter(|(id, l)| {
            l.location == at
                && l.status == LeaderStatus::Active
                && ctx.world.moves_nation(power, l.nation)
                && ctx.scenario.leader(**id).is_some_and(|d| d.naval)
        })
        .map(|(id, _)| *id)
        .collect()
}

/// The path's cost, checked step by step, with Coalition's stops: a fleet's move ends where it meets fleets at
/// war with it (a sea area or a box holding them), and a blockaded port (one whose box holds such fleets) is left
/// and entered only through its box.
fn path_cost(ctx: &NCtx, power: PowerId, path: &[Location]) -> RuleResult<u32> {
    let (s, w) = (ctx.scenario, ctx.world);
    let mut cost = 0u32;
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if let (Location::Area(p), Location::Sea(_)) | (Location::Sea(_), Location::Area(p)) =
            (a, b)
            && !enemy_fleets_at(w, power, Location::Blockade(p)).is_empty()
        {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "{} is blockaded: fleets of a side at war with {} stand in its box, and a fleet leaves or enters it only through the box, where it meets them (Coalition's blockade)",
                    place_name(s, Location::Area(p)),
                    s.power_name(power)
                ),
            ));
        }
        if i + 2 < path.len()
            && matches!(
                a,
                Location::Area(_) | Location::Sea(_) | Location::Blockade(_)
            )
            && matches!(b, Location::Sea(_) | Location::Blockade(_))
            && !enemy_fleets_at(w, power, b).is_empty()
        {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "the move must end at {}, where it meets fleets at war with {} (Coalition's rule: a fleet stops where it meets enemy fleets)",
                    place_name(s, b),
                    s.power_name(power)
                ),
            ));
        }
        if let Location::OffMap | Location::Aboard(_) = b {
            return Err(RuleError::new("6.2.1", "a fleet sails on the map"));
        }
        let Some(c) = step_cost(s, a, b) else {
            return Err(RuleError::new(
                "6.2.1",
                format!("{} does not touch {}", place_name(s, a), place_name(s, b)),
            ));
        };
        if let Location::Area(p) = b
            && !friendly_port(s, ctx.world, power, p)
        {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "{} is no friendly port of {}: a fleet enters a port held by its power, an ally or a power that granted it access (10.3); it may blockade it from its box",
                    place_name(s, b),
                    s.power_name(power)
                ),
            ));
        }
        cost += c;
    }
    Ok(cost)
}

/// 6.2.1: checks a move; its cost when legal.
pub fn check(ctx: &NCtx, power: PowerId, d: &NavalDecision) -> RuleResult<u32> {
    let NavalDecision::Sail {
        fleets,
        leaders,
        corps,
        depot,
        path,
    } = d
    else {
        return Err(RuleError::new("6.2.1", "not a move"));
    };
    let (s, w) = (ctx.scenario, ctx.world);
    if fleets.is_empty() {
        return Err(RuleError::new("6.2.1", "a move names at least one fleet"));
    }
    crate::kernel::error::distinct(fleets)?;
    crate::kernel::error::distinct(leaders)?;
    crate::kernel::error::distinct(corps)?;
    let Some(&start) = path.first() else {
        return Err(RuleError::new(
            "6.2.1",
            "a move names its path, from where the fleets stand",
        ));
    };
    if path.len() < 2 {
        return Err(RuleError::new(
            "6.2.1",
            format!(
                "a path needs a place to go to after {}",
                place_name(s, start)
            ),
        ));
    }
    for l in path {
        let known = match *l {
            Location::Area(a) | Location::Blockade(a) => s.area(a).is_some(),
            Location::Sea(x) => s.sea(x).is_some(),
            Location::Aboard(_) | Location::OffMap => true,
        };
        if !known {
            return Err(RuleError::new("3.4", format!("unknown place `{l}`")));
        }
    }
    let cost = path_cost(ctx, power, path)?;
    let admirals = admirals_at(ctx, power, start);
    for l in leaders {
        if !sails_with(ctx, power, start, &admirals, corps, *l) {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "`{l}` is no active admiral of {} at {}: an admiral sails with the fleets he stands with, and an army leader embarks only with corps (6.2.5)",
                    s.power_name(power),
                    place_name(s, start)
                ),
            ));
        }
    }
    for id in fleets {
        if !w.forces.fleets.contains_key(id) {
            return Err(RuleError::new("3.4", format!("unknown fleet `{id}`")));
        }
    }
    transport::check_embark(ctx, power, fleets, corps, start)?;
    if *depot {
        transport::check_depot(ctx, power, fleets, start)?;
    }
    check_split(ctx, power, fleets, corps, start)?;
    let cut = transport::reduced(ctx, power, start, !corps.is_empty() || *depot);
    for id in fleets {
        let Some(f) = w.forces.fleets.get(id) else {
            return Err(RuleError::new("3.4", format!("unknown fleet `{id}`")));
        };
        if !w.moves_fleet(power, *id) {
            return Err(RuleError::new(
                "6.1.1",
                format!(
                    "{} moves only its own fleets and its minor free states'; `{id}` is not one",
                    s.power_name(power)
                ),
            ));
        }
        if f.ships == 0 {
            return Err(RuleError::new(
                "6.2.1",
                format!("fleet `{id}` has no ships"),
            ));
        }
        if f.location != start {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "fleet `{id}` is at {}, not {}",
                    place_name(s, f.location),
                    place_name(s, start)
                ),
            ));
        }
        let left = cut.get(id).map_or(ctx.own.left(*id), |(_, after)| *after);
        if cost > left {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "fleet `{id}` has {left} movement point{} left this phase; the path costs {cost}",
                    if left == 1 { "" } else { "s" }
                ),
            ));
        }
    }
    Ok(cost)
}

/// 6.2.5: the corps aboard the fleets that sail and, when the move splits a stack, those aboard the fleets that
/// stay must each be within what their fleets carry (a corps stays aboard its own fleet).
fn check_split(
    ctx: &NCtx,
    power: PowerId,
    fleets: &[FleetId],
    corps: &[CorpsId],
    start: Location,
) -> RuleResult<()> {
    let w = ctx.world;
    let mut aboard = transport::cargo(w, fleets);
    aboard.extend_from_slice(corps);
    transport::check_capacity(ctx, fleets.len(), &aboard)?;
    let staying: Vec<FleetId> = fleets_of(w, power)
        .into_iter()
        .filter(|(id, at)| *at == start && !fleets.contains(id))
        .map(|(id, _)| id)
        .collect();
    transport::check_capacity(ctx, staying.len(), &transport::cargo(w, &staying))
}

/// 6.2.1: carries out a checked move: the corps embark (6.2.5), and the fleets go to the path's end with the
/// admirals; army leaders embark with the corps.
pub fn carry_out(cx: &mut NCx, power: PowerId, d: &NavalDecision) {
    let Ok(cost) = check(&cx.ctx(), power, d) else {
        return;
    };
    let NavalDecision::Sail {
        fleets,
        leaders,
        corps,
        depot,
        path,
    } = d
    else {
        return;
    };
    let ctx = cx.ctx();
    let record = SailRecord {
        fleets: fleets.clone(),
        leaders: leaders.clone(),
        corps: transport::assign(&ctx, fleets, corps),
        depot: depot
            .then(|| transport::check_depot(&ctx, power, fleets, path[0]).ok())
            .flatten(),
        reduced: transport::reduced(&ctx, power, path[0], !corps.is_empty() || *depot),
        path: path.clone(),
        cost,
    };
    let (admirals, army): (Vec<LeaderId>, Vec<LeaderId>) = leaders
        .iter()
        .partition(|l| ctx.scenario.leader(**l).is_none_or(|d| d.naval));
    cx.emit(NavalEvent::Sailed {
        power,
        record: record.clone(),
    });
    let from = place_name(cx.scenario, path[0]);
    for (c, f) in &record.corps {
        if let Some(factors) = cx.world().forces.corps.get(c).map(|x| x.factors) {
            cx.push(WorldEvent::CorpsChanged {
                corps: *c,
                factors,
                location: Location::Aboard(*f),
                rule: "6.2.5".into(),
                reason: format!("embarked on {f} at {from}"),
            });
        }
    }
    if let (Some(f), Location::Area(port)) = (record.depot, path[0]) {
        carry_depot(
            cx,
            power,
            port,
            f,
            true,
            &format!("embarked on {f} at {from}"),
        );
    }
    if let Some(f) = record.corps.first().map(|(_, f)| *f) {
        move_leaders(
            cx,
            &army,
            Location::Aboard(f),
            "6.2.5",
            &format!("embarked on {f} at {from}"),
        );
    }
    let to = *path.last().unwrap_or(&path[0]);
    let reason = format!("sailed to {}", place_name(cx.scenario, to));
    relocate(cx, &record.fleets, to, "6.2.1", &reason);
    move_leaders(cx, &admirals, to, "6.2.1", &reason);
}

/// Moves admirals to `to`, as they are.
pub(super) fn move_leaders(
    cx: &mut NCx,
    leaders: &[LeaderId],
    to: Location,
    rule: &str,
    reason: &str,
) {
    for l in leaders {
        let Some(status) = cx.world().forces.leaders.get(l).map(|s| s.status) else {
            continue;
        };
        cx.push(WorldEvent::LeaderChanged {
            leader: *l,
            status,
            location: to,
            rule: rule.into(),
            reason: reason.into(),
        });
    }
}

/// Moves `fleets` to `to` with their ships as they are.
pub(super) fn relocate(cx: &mut NCx, fleets: &[FleetId], to: Location, rule: &str, reason: &str) {
    for id in fleets {
        let Some(ships) = cx.world().forces.fleets.get(id).map(|f| f.ships) else {
            continue;
        };
        cx.push(WorldEvent::FleetChanged {
            fleet: *id,
            ships,
            location: to,
            rule: rule.into(),
            reason: reason.into(),
        });
    }
}

/// Whether the mover's last move may be taken back: it has one (no move meets a die yet).
pub fn check_undo(ctx: &NCtx) -> RuleResult<()> {
    if ctx.own.moves.is_empty() {
        return Err(RuleError::new(
            "6.2.1",
            "no move of this Naval Movement step to take back",
        ));
    }
    Ok(())
}

/// Takes back the mover's last move.
pub fn undo(cx: &mut NCx, power: PowerId) {
    let Some(record) = cx.own().moves.last().cloned() else {
        return;
    };
    cx.emit(NavalEvent::SailUndone {
        power,
        record: record.clone(),
    });
    let from = record.path[0];
    relocate(cx, &record.fleets, from, "6.2.1", "move taken back");
    move_leaders(cx, &record.leaders, from, "6.2.1", "move taken back");
    for (c, _) in &record.corps {
        if let Some(factors) = cx.world().forces.corps.get(c).map(|x| x.factors) {
            cx.push(WorldEvent::CorpsChanged {
                corps: *c,
                factors,
                location: from,
                rule: "6.2.5".into(),
                reason: "move taken back: disembarked where it embarked".into(),
            });
        }
    }
    if let (Some(f), Location::Area(port)) = (record.depot, from) {
        carry_depot(
            cx,
            power,
            port,
            f,
            false,
            "move taken back: landed where it embarked",
        );
    }
}

/// Coalition's 6.2.5 (invasion supply): `power`'s depot at `port` goes aboard `fleet` (`aboard`) or back ashore
/// there.
fn carry_depot(
    cx: &mut NCx,
    power: PowerId,
    port: AreaId,
    fleet: FleetId,
    aboard: bool,
    why: &str,
) {
    let owner = Nation::Power(power);
    let ashore = WorldEvent::DepotChanged {
        area: port,
        owner,
        present: !aboard,
        rule: "6.2.5".into(),
        reason: why.into(),
    };
    let carried = WorldEvent::DepotCarried {
        fleet,
        owner,
        aboard,
        rule: "6.2.5".into(),
        reason: why.into(),
    };
    if aboard {
        cx.push(ashore);
        cx.push(carried);
    } else {
        cx.push(carried);
        cx.push(ashore);
    }
}

/// One move offered from a place: the fleets, the admirals with them, the corps embarking and whether the depot
/// there embarks (Coalition's invasion supply).
type Offer = (Vec<FleetId>, Vec<LeaderId>, Vec<CorpsId>, bool);

/// The mover's movement choices: each one-place step of each fleet that may pay for it, alone and, where it
/// stands with others of the mover's, with all of them.
pub fn choices(ctx: &NCtx, power: PowerId) -> Vec<NavalDecision> {
    // The places in the order of the first fleet (by key) standing at each.
    let mut groups: Vec<(Location, Vec<FleetId>)> = Vec::new();
    for (id, at) in fleets_of(ctx.world, power) {
        match groups.iter_mut().find(|(l, _)| *l == at) {
            Some((_, ids)) => ids.push(id),
            None => groups.push((at, vec![id])),
        }
    }
    let mut out = Vec::new();
    for (at, ids) in &groups {
        // Each fleet alone; all of them; and all of them with the admirals there.
        let mut sets: Vec<(Vec<FleetId>, Vec<LeaderId>)> =
            ids.iter().map(|f| (vec![*f], Vec::new())).collect();
        if ids.len() > 1 {
            sets.push((ids.clone(), Vec::new()));
        }
        let admirals = admirals_at(ctx, power, *at);
        if !admirals.is_empty() {
            sets.push((ids.clone(), admirals));
        }
        let mut sets: Vec<Offer> = sets
            .into_iter()
            .map(|(f, l)| (f, l, Vec::new(), false))
            .collect();
        // 6.2.5: in a port, all the fleets with each corps there that may embark, and (Coalition's invasion
        // supply) with the mover's depot there, alone and with each corps.
        let corps = embarkable(ctx.world, power, *at);
        let depot = matches!(at, Location::Area(a) if ctx.world.forces.depots.get(a)
            .is_some_and(|d| d.contains(&Nation::Power(power))));
        for c in &corps {
            sets.push((ids.clone(), Vec::new(), vec![*c], false));
            if depot {
                sets.push((ids.clone(), Vec::new(), vec![*c], true));
            }
        }
        if depot {
            sets.push((ids.clone(), Vec::new(), Vec::new(), true));
        }
        // What does not depend on the destination is judged once per set, and each step once per place.
        let lefts: Vec<Option<u32>> = (sets.iter())
            .map(|(f, l, c, d)| set_left(ctx, power, f, l, c, *d, *at))
            .collect();
        for to in next_places(ctx.scenario, *at) {
            let cost = step_ok(ctx, power, *at, to);
            for ((set, leaders, corps, depot), left) in sets.iter().zip(&lefts) {
                let ok = matches!((cost, left), (Some(c), Some(l)) if c <= *l);
                if !ok && !cfg!(debug_assertions) {
                    continue;
                }
                let d = NavalDecision::Sail {
                    fleets: set.clone(),
                    leaders: leaders.clone(),
                    corps: corps.clone(),
                    depot: *depot,
                    path: vec![*at, to],
                };
                debug_assert_eq!(ok, check(ctx, power, &d).is_ok(), "{d:?}");
                if ok {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// 6.2.1: `check`'s judgement of a move from `start` whatever its path (its fleets, admirals, corps and depot,
/// 6.2.5's capacities and 12.2.3.2's cut): the fewest movement points any of its fleets has left, or `None` when
/// these may not sail together. A yes/no check for the listing; `check` writes the reason of a refusal.
fn set_left(
    ctx: &NCtx,
    power: PowerId,
    fleets: &[FleetId],
    leaders: &[LeaderId],
    corps: &[CorpsId],
    depot: bool,
    start: Location,
) -> Option<u32> {
    let w = ctx.world;
    if fleets.is_empty()
        || crate::kernel::error::distinct(fleets).is_err()
        || crate::kernel::error::distinct(leaders).is_err()
        || crate::kernel::error::distinct(corps).is_err()
    {
        return None;
    }
    if !leaders.is_empty() {
        let admirals = admirals_at(ctx, power, start);
        if leaders
            .iter()
            .any(|l| !sails_with(ctx, power, start, &admirals, corps, *l))
        {
            return None;
        }
    }
    if fleets.iter().any(|id| !w.forces.fleets.contains_key(id))
        || transport::check_embark(ctx, power, fleets, corps, start).is_err()
        || depot && transport::check_depot(ctx, power, fleets, start).is_err()
        || check_split(ctx, power, fleets, corps, start).is_err()
    {
        return None;
    }
    let cut = transport::reduced(ctx, power, start, !corps.is_empty() || depot);
    let mut least = u32::MAX;
    for id in fleets {
        let f = w.forces.fleets.get(id)?;
        if !w.moves_fleet(power, *id) || f.ships == 0 || f.location != start {
            return None;
        }
        least = least.min(cut.get(id).map_or(ctx.own.left(*id), |(_, after)| *after));
    }
    Some(least)
}

/// 6.2.1: `path_cost` of the one step from `a` to `b`, with `check`'s test that both places are known: its cost
/// when it may be sailed, without the reason of a refusal (for the listing).
fn step_ok(ctx: &NCtx, power: PowerId, a: Location, b: Location) -> Option<u32> {
    let (s, w) = (ctx.scenario, ctx.world);
    let known = |l: Location| match l {
        Location::Area(x) | Location::Blockade(x) => s.area(x).is_some(),
        Location::Sea(x) => s.sea(x).is_some(),
        Location::Aboard(_) | Location::OffMap => true,
    };
    if !known(a) || !known(b) {
        return None;
    }
    if let (Location::Area(p), Location::Sea(_)) | (Location::Sea(_), Location::Area(p)) = (a, b) {
        let me = Nation::Power(power);
        let blockaded = w.forces.fleets.values().any(|f| {
            f.location == Location::Blockade(p) && f.ships > 0 && at_war_sides(w, me, f.owner)
        });
        if blockaded {
            return None;
        }
    }
    if let Location::OffMap | Location::Aboard(_) = b {
        return None;
    }
    let c = step_cost(s, a, b)?;
    if let Location::Area(p) = b
        && !friendly_port(s, w, power, p)
    {
        return None;
    }
    Some(c)
}

/// The corps `power` moves standing with factors at the port `at` (those a move may embark, 6.2.5).
fn embarkable(w: &World, power: PowerId, at: Location) -> Vec<CorpsId> {
    if !matches!(at, Location::Area(_)) {
        return Vec::new();
    }
    w.forces
        .corps
        .iter()
        .filter(|(id, c)| c.location == at && !c.factors.is_empty() && w.moves_corps(power, **id))
        .map(|(id, _)| *id)
        .collect()
}

/// The places one step from `at`, in a fixed order: its port or box, then sea areas, then ports and boxes.
pub fn next_places(s: &Scenario, at: Location) -> Vec<Location> {
    let mut out = Vec::new();
    match at {
        Location::Area(p) => {
            out.push(Location::Blockade(p));
            if let Some(d) = s.area(p) {
                out.extend(d.seas.iter().map(|x| Location::Sea(*x)));
            }
        }
        Location::Blockade(p) => {
            out.push(Location::Area(p));
            if let Some(d) = s.area(p) {
                out.extend(d.seas.iter().map(|x| Location::Sea(*x)));
            }
        }
        Location::Sea(x) => {
            if let Some(d) = s.sea(x) {
                out.extend(d.adjacent.iter().map(|y| Location::Sea(*y)));
            }
            for a in s.map.areas.iter().filter(|a| a.port && a.seas.contains(&x)) {
                out.push(Location::Area(a.id));
                out.push(Location::Blockade(a.id));
            }
        }
        Location::Aboard(_) | Location::OffMap => {}
    }
    out.retain(|b| step_cost(s, at, *b).is_some());
    out
}
