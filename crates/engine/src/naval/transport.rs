//! Rule 6.2.5 (Coalition's transport, `docs/rules/naval.md`) with 12.2.4 (reduced naval transport capacity,
//! option) and 12.2.3.2: corps embark with their fleets in a friendly port where both start the phase (errata
//! 6.2.5.1: a besieged port too), sail aboard them (`Location::Aboard`), make their stack lose a movement point
//! (12.2.3.2), and are lost with their fleets beyond what the fleets left can carry (12.2.4). They land in the
//! Land Phase (`crate::land::landing`).

use super::NCtx;
use super::movement::{Purpose, allowance, stack_at};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Factors, LeaderStatus, Location, LossCause};
use crate::world::geography::place_name;
use crate::world::{Ctx, Cx, LossRecord, World, WorldEvent};
use std::collections::BTreeMap;

pub use crate::world::cargo::{cargo, check_capacity, leaders_aboard, load};

/// Which fleet of `fleets` takes each of `corps` aboard: each in turn the least loaded (the first by key among
/// equals), counting what they already carry.
pub fn assign<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    fleets: &[FleetId],
    corps: &[CorpsId],
) -> Vec<(CorpsId, FleetId)> {
    let mut sorted = fleets.to_vec();
    sorted.sort();
    let mut loads: Vec<(FleetId, u32)> = sorted
        .iter()
        .map(|f| (*f, load(ctx, &cargo(ctx.world, &[*f]))))
        .collect();
    let mut out = Vec::new();
    for c in corps {
        let Some(slot) = loads.iter_mut().min_by_key(|(_, l)| *l) else {
            break;
        };
        slot.1 += load(ctx, &[*c]);
        out.push((*c, slot.0));
    }
    out
}

/// Errata 6.2.5.1 with Coalition's 6.2.5: whether `corps` may embark on `fleets` at `start` in this move: a port
/// held by `power` or an ally (besieged or not), where the fleets have not moved this phase and the corps, its
/// own to move, stand with factors; and the fleets carry all they would have aboard.
pub fn check_embark(
    ctx: &NCtx,
    power: PowerId,
    fleets: &[FleetId],
    corps: &[CorpsId],
    start: Location,
) -> RuleResult<()> {
    if corps.is_empty() {
        return Ok(());
    }
    let w = ctx.world;
    let s = ctx.scenario;
    embark_port(ctx, power, fleets, start)?;
    for id in corps {
        let Some(c) = w.forces.corps.get(id) else {
            return Err(RuleError::new("3.4", format!("unknown corps `{id}`")));
        };
        if !w.moves_corps(power, *id) {
            return Err(RuleError::new(
                "6.1.1",
                format!("{} does not move corps `{id}`", s.power_name(power)),
            ));
        }
        if c.location != start || c.factors.is_empty() {
            return Err(RuleError::new(
                "6.2.5",
                format!(
                    "corps `{id}` does not stand with factors at {}",
                    place_name(s, start)
                ),
            ));
        }
    }
    let mut aboard = cargo(w, fleets);
    aboard.extend_from_slice(corps);
    check_capacity(ctx, fleets.len(), &aboard)
}

/// Errata 6.2.5.1 with Coalition's 6.2.5: the port where `fleets` take corps or a depot aboard: `start` is a port
/// held by `power` or an ally (besieged or not), where the fleets start the phase (they have not moved).
fn embark_port(
    ctx: &NCtx,
    power: PowerId,
    fleets: &[FleetId],
    start: Location,
) -> RuleResult<AreaId> {
    let s = ctx.scenario;
    let w = ctx.world;
    let Location::Area(port) = start else {
        return Err(RuleError::new(
            "6.2.5",
            "corps and depots embark only in a port, where they and their fleets start the phase (errata 6.2.5.1)",
        ));
    };
    let friendly = s.area(port).is_some_and(|d| d.port)
        && w.area_power(s, port)
            .is_some_and(|c| c == power || w.allied(c, power));
    if !friendly {
        return Err(RuleError::new(
            "6.2.5",
            format!(
                "{} is no port held by {} or an ally: corps embark in a friendly-controlled port (errata 6.2.5.1)",
                place_name(s, start),
                s.power_name(power)
            ),
        ));
    }
    for f in fleets {
        if ctx.own.spent.contains_key(f) {
            return Err(RuleError::new(
                "6.2.5",
                format!(
                    "fleet `{f}` has already moved this phase: corps embark with a fleet that starts the phase in their port (errata 6.2.5.1)"
                ),
            ));
        }
    }
    Ok(port)
}

/// Coalition's 6.2.5 (invasion supply): the fleet of `fleets` that takes `power`'s depot at `start` aboard: the
/// power has a depot in the port (errata 6.2.5.1's port, as for corps), no garrison of its stands on that depot in
/// an area without a city, and some fleet of the move (the first by key) carries no depot yet (one a fleet).
pub fn check_depot(
    ctx: &NCtx,
    power: PowerId,
    fleets: &[FleetId],
    start: Location,
) -> RuleResult<FleetId> {
    let port = embark_port(ctx, power, fleets, start)?;
    let (s, w) = (ctx.scenario, ctx.world);
    let me = Nation::Power(power);
    if !w.forces.depots.get(&port).is_some_and(|d| d.contains(&me)) {
        return Err(RuleError::new(
            "6.2.5",
            format!(
                "{} has no depot at {} to take aboard",
                s.power_name(power),
                place_name(s, start)
            ),
        ));
    }
    let cityless = s.area(port).is_some_and(|d| d.city.is_none());
    if cityless && w.forces.garrisons.contains_key(&(port, me)) {
        return Err(RuleError::new(
            "6.2.5",
            format!(
                "garrison factors stand on {}'s depot at {}: move them first",
                s.power_name(power),
                place_name(s, start)
            ),
        ));
    }
    let mut sorted = fleets.to_vec();
    sorted.sort();
    sorted
        .into_iter()
        .find(|f| !w.forces.depots_aboard.contains_key(f))
        .ok_or_else(|| {
            RuleError::new(
                "6.2.5",
                "each fleet carries one depot (Coalition's 6.2.5) and every fleet of this move has one aboard",
            )
        })
}

/// Coalition's 6.2.5 (invasion supply): the depots aboard any of `fleets`, with their owners, in key order.
pub fn depots_aboard(w: &World, fleets: &[FleetId]) -> Vec<(FleetId, Nation)> {
    fleets
        .iter()
        .filter_map(|f| w.forces.depots_aboard.get(f).map(|n| (*f, *n)))
        .collect()
}

/// 12.2.3.2: whether any of `fleets` carries corps or a depot for invasion supply.
pub fn loaded(w: &World, fleets: &[FleetId]) -> bool {
    !cargo(w, fleets).is_empty()
        || fleets
            .iter()
            .any(|f| w.forces.depots_aboard.contains_key(f))
}

/// 12.2.3.2: when corps or a depot embark at `start` on a stack that carried nothing, every fleet of `power`'s stack there
/// that has not moved this phase loses the transport point (within 12.2.3.4's limit): its allowance before and
/// after, for those that change.
pub fn reduced(
    ctx: &NCtx,
    power: PowerId,
    start: Location,
    embarking: bool,
) -> BTreeMap<FleetId, (u32, u32)> {
    let w = ctx.world;
    let stack: Vec<FleetId> = w
        .forces
        .fleets
        .iter()
        .filter(|(id, f)| f.location == start && f.ships > 0 && ctx.own.allowance.contains_key(id))
        .filter(|(id, _)| !ctx.own.spent.contains_key(id))
        .filter(|(id, _)| {
            w.moves_fleet(power, **id)
                || w.forces.fleets[*id].owner != Nation::Power(power)
                    && stack_member(ctx, power, **id)
        })
        .map(|(id, _)| *id)
        .collect();
    if !embarking || loaded(w, &stack) {
        return BTreeMap::new();
    }
    let full = allowance(ctx, stack_at(ctx, power, start, false), Purpose::Normal);
    let carrying = allowance(ctx, stack_at(ctx, power, start, true), Purpose::Normal);
    let cut = full.saturating_sub(carrying);
    let floor = ctx
        .scenario
        .charts
        .movement
        .fleet
        .saturating_sub(ctx.scenario.charts.naval.large_fleets.most_reduction);
    stack
        .into_iter()
        .filter_map(|f| {
            let before = ctx.own.allowance.get(&f).copied()?;
            let after = before.saturating_sub(cut).max(floor).min(before);
            (after != before).then_some((f, (before, after)))
        })
        .collect()
}

/// Whether the fleet `id` belongs to `power`'s stack under 12.2.3.1: its controller combines movement with it.
fn stack_member(ctx: &NCtx, power: PowerId, id: FleetId) -> bool {
    let w = ctx.world;
    w.forces
        .fleets
        .get(&id)
        .and_then(|f| w.controller_of(f.owner))
        .is_some_and(|p| {
            w.relations.combined_movement.contains(&(power, p))
                || w.relations.combined_movement.contains(&(p, power))
        })
}

/// 12.2.3.2: whether any of `power`'s fleets at `at` carries corps or a depot (its stack is transporting).
pub fn transporting(w: &World, power: PowerId, at: Location) -> bool {
    let fleets: Vec<FleetId> = w
        .forces
        .fleets
        .iter()
        .filter(|(id, f)| f.location == at && w.moves_fleet(power, **id))
        .map(|(id, _)| *id)
        .collect();
    loaded(w, &fleets)
}

/// 12.2.4 (and Coalition's 6.2.5 without it): after a naval battle, each power's corps aboard its fleets that
/// fought (`fleets`) are carried on by the fleets left, as far as they can carry: corps aboard a sunk fleet move to
/// the least loaded fleet left; what is beyond the fleets' capacity is lost. Without 12.2.4 whole corps: the
/// displaced corps find room largest first, and those that find none are lost. Under 12.2.4 army factors, the
/// cheapest first, from the displaced corps and then the others, the largest first. Leaders aboard a sunk fleet
/// go to the first fleet of their power left there, or home to its capital.
pub fn after_battle<S, E>(cx: &mut Cx<'_, S, E>, fleets: &[FleetId], place: &str) {
    let w = cx.world();
    let mut by_power: BTreeMap<PowerId, Vec<FleetId>> = BTreeMap::new();
    for f in fleets {
        if let Some(p) = w
            .forces
            .fleets
            .get(f)
            .and_then(|x| w.controller_of(x.owner))
        {
            by_power.entry(p).or_default().push(*f);
        }
    }
    for (power, group) in by_power {
        carry_depots(cx, &group, place);
        carry_on(cx, power, &group, place);
    }
}

/// Coalition's 6.2.5 (invasion supply): a depot aboard a sunk fleet of `group` goes to the first fleet left (by
/// key) with no depot aboard; with none, it is lost (back to its owner's counters).
fn carry_depots<S, E>(cx: &mut Cx<'_, S, E>, group: &[FleetId], place: &str) {
    let w = cx.world();
    let (mut left, sunk): (Vec<FleetId>, Vec<FleetId>) = group
        .iter()
        .partition(|f| w.forces.fleets.get(f).is_some_and(|x| x.ships > 0));
    left.retain(|f| !w.forces.depots_aboard.contains_key(f));
    left.sort();
    let mut free = left.into_iter();
    let mut events = Vec::new();
    for (fleet, owner) in depots_aboard(w, &sunk) {
        let to = free.next();
        let reason = match to {
            Some(t) => format!("carried on by {t} after the battle at {place}"),
            None => format!("lost with the fleet that carried it at {place}"),
        };
        events.push(WorldEvent::DepotCarried {
            fleet,
            owner,
            aboard: false,
            rule: "6.2.5".into(),
            reason: reason.clone(),
        });
        if let Some(t) = to {
            events.push(WorldEvent::DepotCarried {
                fleet: t,
                owner,
                aboard: true,
                rule: "6.2.5".into(),
                reason,
            });
        }
    }
    for e in events {
        cx.push(e);
    }
}

fn carry_on<S, E>(cx: &mut Cx<'_, S, E>, power: PowerId, group: &[FleetId], place: &str) {
    let ctx = cx.ctx();
    let w = ctx.world;
    let (left, sunk): (Vec<FleetId>, Vec<FleetId>) = group
        .iter()
        .partition(|f| w.forces.fleets.get(f).is_some_and(|x| x.ships > 0));
    let displaced = cargo(w, &sunk);
    let leaders = leaders_aboard(w, &sunk);
    if displaced.is_empty() && leaders.is_empty() {
        return;
    }
    let reduced = ctx.rulebook.has(OptionalRule::ReducedNavalTransport);
    let t = &ctx.scenario.charts.naval.transport;
    let mut kept = cargo(w, &left);
    // Each corps' factors left, where it goes, and how many factors it lost.
    let mut moves: Vec<(CorpsId, Factors, Location, u32)> = Vec::new();
    let mut lost_factors: BTreeMap<Nation, (u32, u32)> = BTreeMap::new();
    let mut lose =
        |id: CorpsId, left: Factors, lost: &Factors, at: Location, moves: &mut Vec<_>| {
            let c = &w.forces.corps[&id];
            let e = lost_factors.entry(c.owner).or_default();
            e.0 += lost.total();
            e.1 += lost.feudal as u32
                + lost.cossack as u32
                + lost.freikorps as u32
                + lost.insurrection as u32;
            moves.push((id, left, at, lost.total()));
        };
    // Largest displaced corps first (the first by key among equals).
    let mut queue = displaced.clone();
    queue.sort_by_key(|c| std::cmp::Reverse(w.forces.corps[c].factors.total()));
    if reduced {
        let placed = assign(&ctx, &left, &queue);
        let mut all: Vec<CorpsId> = kept.clone();
        all.extend(queue.iter().copied());
        let have: u32 = all.iter().map(|c| w.forces.corps[c].factors.total()).sum();
        let mut excess = have.saturating_sub(t.reduced_factors * left.len() as u32);
        // The displaced corps first, then those aboard the fleets left, the largest first.
        kept.sort_by_key(|c| std::cmp::Reverse(w.forces.corps[c].factors.total()));
        let mut factors: BTreeMap<CorpsId, Factors> = all
            .iter()
            .map(|c| (*c, w.forces.corps[c].factors))
            .collect();
        for c in queue.iter().chain(kept.iter()) {
            if excess == 0 {
                break;
            }
            let have = factors[c];
            let n = excess.min(have.total()) as u16;
            let (rest, lost) = have.take_cheapest(n);
            excess -= lost.total();
            factors.insert(*c, rest);
            let at = if rest.is_empty() {
                Location::OffMap
            } else {
                placed
                    .iter()
                    .find(|(x, _)| x == c)
                    .map_or(w.forces.corps[c].location, |(_, f)| Location::Aboard(*f))
            };
            lose(*c, rest, &lost, at, &mut moves);
        }
        for (c, f) in &placed {
            if !moves.iter().any(|(x, ..)| x == c) {
                moves.push((*c, factors[c], Location::Aboard(*f), 0));
            }
        }
    } else {
        let room =
            (t.corps_per_fleet * left.len() as u32).saturating_sub(kept.len() as u32) as usize;
        let (on, off) = queue.split_at(room.min(queue.len()));
        for (c, f) in assign(&ctx, &left, on) {
            moves.push((c, w.forces.corps[&c].factors, Location::Aboard(f), 0));
        }
        for c in off {
            let all = w.forces.corps[c].factors;
            lose(*c, Factors::default(), &all, Location::OffMap, &mut moves);
        }
    }
    let first_left = left.first().copied();
    let capital = ctx.scenario.power(power).map(|d| d.capital);
    let leader_moves: Vec<(LeaderId, LeaderStatus, Location)> = leaders
        .iter()
        .filter_map(|l| {
            let s = w.forces.leaders.get(l)?;
            let to = match (first_left, capital) {
                (Some(f), _) => Location::Aboard(f),
                (None, Some(c)) => Location::Area(c),
                (None, None) => Location::OffMap,
            };
            Some((*l, s.status, to))
        })
        .collect();
    let date = w.date();
    let rule = if reduced { "12.2.4" } else { "6.2.5" };
    for (corps, factors, location, lost) in moves {
        let mut reason = match location {
            Location::OffMap => format!("lost with the fleet that carried it at {place}"),
            Location::Aboard(f) => format!("carried on by {f} after the battle at {place}"),
            _ => format!("aboard the fleets left after the battle at {place}"),
        };
        if lost > 0 && location != Location::OffMap {
            reason = format!("lost {lost} factor(s) beyond what the fleets left carry; {reason}");
        }
        cx.push(WorldEvent::CorpsChanged {
            corps,
            factors,
            location,
            rule: rule.into(),
            reason,
        });
    }
    for (nation, (factors, excluded)) in lost_factors {
        if factors == 0 {
            continue;
        }
        cx.push(WorldEvent::LossRecorded {
            loss: LossRecord {
                nation,
                date,
                cause: LossCause::Combat,
                land_factors: factors,
                ships: 0,
                rule: rule.into(),
                excluded_factors: excluded,
            },
        });
    }
    for (leader, status, location) in leader_moves {
        cx.push(WorldEvent::LeaderChanged {
            leader,
            status,
            location,
            rule: "6.2.5".into(),
            reason: format!("the fleet that carried him was sunk at {place}"),
        });
    }
}
