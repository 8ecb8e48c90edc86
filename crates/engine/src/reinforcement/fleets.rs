//! Rules 5.1.3 and 5.1.4 (Coalition's reading, `docs/rules/reinforcement.md`): in the Naval Reinforcement Step a
//! power moves ships between two fleets of one nationality that it moves standing at one place (5.1.3), and
//! scuttles fleets it moves (5.1.4), paying the chart's points for each that still holds ships (5.1.4.1); it may
//! not scuttle a minor's fleets (Coalition's 5.1.4.2) nor an UMP its own (14.3.2.1.8). A fleet emptied by
//! transfers leaves the map at no cost. Fleets leaving the map put ashore what they carry, in port only.

use super::{Placement, RCtx, RCx};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, Nation, PowerId};
use crate::scenario::{Location, LossCause};
use crate::world::cargo::{cargo, check_capacity, put_ashore};
use crate::world::{LossRecord, WorldEvent, ump_rules};
use std::collections::{BTreeMap, BTreeSet};

/// The points entry of the Political Points Chart that 5.1.4.1 charges (Coalition's value, `charts.ron`).
pub const SCUTTLE_POINTS: &str = "scuttle-fleet";

/// 5.1.3, 5.1.4: the fleets `power` moves that stand on the map with ships, in key order.
pub(super) fn fleets_on_map(ctx: &RCtx, power: PowerId) -> Vec<FleetId> {
    let w = ctx.world;
    w.forces
        .fleets
        .iter()
        .filter(|(id, f)| f.ships > 0 && on_map(f.location) && w.moves_fleet(power, **id))
        .map(|(id, _)| *id)
        .collect()
}

fn on_map(l: Location) -> bool {
    matches!(
        l,
        Location::Area(_) | Location::Sea(_) | Location::Blockade(_)
    )
}

/// One transfer as carried out: the two fleets' ships after it.
struct Moved {
    from: FleetId,
    to: FleetId,
    ships: u16,
    from_after: u16,
    to_after: u16,
}

/// What a placement does to its power's fleets, worked out on the state before it (5.1.3, 5.1.4).
pub(super) struct Plan {
    moved: Vec<Moved>,
    /// Fleets emptied by transfers (and not scuttled): they leave the map at no cost (5.1.3).
    emptied: Vec<FleetId>,
    /// Fleets scuttled, with the ships they still hold after the transfers (5.1.4).
    scuttled: Vec<(FleetId, u16)>,
}

impl Plan {
    fn leaving(&self) -> Vec<FleetId> {
        let mut v: Vec<FleetId> = self.emptied.clone();
        v.extend(self.scuttled.iter().map(|(f, _)| *f));
        v
    }
}

/// 5.1.3: the ships each fleet holds while a placement is checked, kept only for the fleets it changes.
struct Ships(BTreeMap<FleetId, u16>);

impl Ships {
    /// The ships `f` holds now (none when there is no such fleet).
    fn of(&self, w: &crate::world::World, f: FleetId) -> u16 {
        (self.0.get(&f).copied()).unwrap_or_else(|| w.forces.fleets.get(&f).map_or(0, |x| x.ships))
    }
}

/// 6.2.5: the fleets with corps aboard, and those with corps or leaders aboard, in key order (what 5.1.3's and
/// 5.1.4's cargo check reads), found in one pass over the corps and one over the leaders.
pub(crate) struct Aboard {
    corps: Vec<FleetId>,
    any: Vec<FleetId>,
}

impl Aboard {
    /// 6.2.5: what is aboard the fleets of `w`.
    pub(crate) fn of(w: &crate::world::World) -> Aboard {
        let fleet = |l: Location| match l {
            Location::Aboard(f) => Some(f),
            _ => None,
        };
        let mut corps: Vec<FleetId> = (w.forces.corps.values())
            .filter_map(|c| fleet(c.location))
            .collect();
        corps.sort_unstable();
        corps.dedup();
        let mut any = corps.clone();
        any.extend(w.forces.leaders.values().filter_map(|l| fleet(l.location)));
        any.sort_unstable();
        any.dedup();
        Aboard { corps, any }
    }
}

/// 5.1.3, 5.1.4, 5.1.4.2, 14.3.2.1.8: checks the placement's transfers and scuttling and works out what they do;
/// the ships of the placement's arrivals that join a named fleet count as that fleet's.
pub(super) fn plan(ctx: &RCtx, power: PowerId, pl: &Placement) -> RuleResult<Plan> {
    plan_with(ctx, power, pl, None)
}

/// 5.1.3, 5.1.4: `plan`, with what is aboard the fleets (`aboard`) worked out already, or when needed.
pub(super) fn plan_with(
    ctx: &RCtx,
    power: PowerId,
    pl: &Placement,
    aboard: Option<&Aboard>,
) -> RuleResult<Plan> {
    let w = ctx.world;
    // No transfer and no scuttling: nothing to check, and no fleet leaves.
    if pl.transfers.is_empty() && pl.scuttle.is_empty() {
        return Ok(Plan {
            moved: Vec::new(),
            emptied: Vec::new(),
            scuttled: Vec::new(),
        });
    }
    // The ships of the fleets the placement changes; every other fleet holds what it holds (`Ships::of`).
    let mut ships = Ships(BTreeMap::new());
    for o in &pl.ships {
        if let Some(f) = o.fleet
            && let Some(x) = w.forces.fleets.get(&f)
        {
            let n = ships.0.entry(f).or_insert(x.ships);
            *n = n.saturating_add(o.count);
        }
    }
    let mine = |f: FleetId, rule: &str| -> RuleResult<&crate::world::Fleet> {
        let Some(x) = w.forces.fleets.get(&f) else {
            return Err(RuleError::new("3.4", format!("unknown fleet `{f}`")));
        };
        if !w.moves_fleet(power, f) {
            return Err(RuleError::new(
                rule,
                format!("fleet {f} is {}'s: {power} does not move it", x.owner),
            ));
        }
        if !on_map(x.location) {
            return Err(RuleError::new(rule, format!("fleet {f} is not on the map")));
        }
        Ok(x)
    };
    let mut moved = Vec::new();
    let mut sources: BTreeSet<FleetId> = BTreeSet::new();
    for t in &pl.transfers {
        if t.ships == 0 {
            return Err(RuleError::new(
                "3.3",
                format!("a transfer from {} to {} must move ships", t.from, t.to),
            ));
        }
        if t.from == t.to {
            return Err(RuleError::new(
                "5.1.3",
                format!("fleet {} cannot transfer ships to itself", t.from),
            ));
        }
        let (a, b) = (mine(t.from, "5.1.3")?, mine(t.to, "5.1.3")?);
        if a.owner != b.owner {
            return Err(RuleError::new(
                "5.1.3",
                format!(
                    "fleet {} is {}'s and fleet {} is {}'s: ships are transferred only between fleets of one nationality",
                    t.from, a.owner, t.to, b.owner
                ),
            ));
        }
        if a.location != b.location {
            return Err(RuleError::new(
                "5.1.3",
                format!(
                    "fleet {} is at {} and fleet {} at {}: ships are transferred only between fleets in the same port, blockade box or sea area",
                    t.from, a.location, t.to, b.location
                ),
            ));
        }
        let have = ships.of(w, t.from);
        if have < t.ships {
            return Err(RuleError::new(
                "5.1.3",
                format!(
                    "fleet {} holds {have} ship(s) (with this placement's arrivals and earlier transfers), not {}",
                    t.from, t.ships
                ),
            ));
        }
        let from_after = have - t.ships;
        let to_after = ships.of(w, t.to).saturating_add(t.ships);
        ships.0.insert(t.from, from_after);
        ships.0.insert(t.to, to_after);
        sources.insert(t.from);
        moved.push(Moved {
            from: t.from,
            to: t.to,
            ships: t.ships,
            from_after,
            to_after,
        });
    }
    let mut scuttled: Vec<(FleetId, u16)> = Vec::new();
    for f in &pl.scuttle {
        if scuttled.iter().any(|(x, _)| x == f) {
            return Err(RuleError::new(
                "3.3",
                format!("fleet {f} is named twice to be scuttled"),
            ));
        }
        let x = mine(*f, "5.1.4")?;
        if let Nation::Minor(_) = x.owner {
            return Err(RuleError::new(
                "5.1.4.2",
                format!(
                    "fleet {f} is {}'s, a minor country's: its controller may not scuttle it (Coalition's 5.1.4.2)",
                    x.owner
                ),
            ));
        }
        ump_rules::may_lose(w, x.owner, LossCause::Scuttling, None)
            .map_err(|e| RuleError::new(&e.rule, format!("fleet {f}: {}", e.reason)))?;
        scuttled.push((*f, ships.of(w, *f)));
    }
    let emptied: Vec<FleetId> = sources
        .into_iter()
        .filter(|f| ships.of(w, *f) == 0 && !pl.scuttle.contains(f))
        .collect();
    let plan = Plan {
        moved,
        emptied,
        scuttled,
    };
    match aboard {
        Some(a) => check_cargo(ctx, power, &plan, &ships, a)?,
        None => check_cargo(ctx, power, &plan, &ships, &Aboard::of(w))?,
    }
    Ok(plan)
}

/// 5.1.3, 5.1.4 with 6.2.5: a fleet leaving the map with corps or leaders aboard does so only in a port (they go
/// ashore there), and the fleets that stay at its place must still carry what is aboard them.
fn check_cargo(
    ctx: &RCtx,
    power: PowerId,
    plan: &Plan,
    ships: &Ships,
    aboard: &Aboard,
) -> RuleResult<()> {
    let w = ctx.world;
    let leaving = plan.leaving();
    for f in &leaving {
        let at = w.forces.fleets[f].location;
        if !matches!(at, Location::Area(_)) && aboard.any.binary_search(f).is_ok() {
            let (rule, how) = if plan.emptied.contains(f) {
                ("5.1.3", "emptied by transfers")
            } else {
                ("5.1.4", "scuttled")
            };
            return Err(RuleError::new(
                rule,
                format!(
                    "fleet {f} has forces aboard at {at}: it may be {how} only in a port, where they go ashore"
                ),
            ));
        }
    }
    // The places the fleets leave, in order, each once.
    let mut places: Vec<Location> = leaving
        .iter()
        .map(|f| w.forces.fleets[f].location)
        .collect();
    places.sort();
    places.dedup();
    for at in places {
        let staying: Vec<FleetId> = w
            .forces
            .fleets
            .iter()
            .filter(|(id, x)| {
                x.location == at
                    && w.moves_fleet(power, **id)
                    && ships.of(w, **id) > 0
                    && !leaving.contains(id)
            })
            .map(|(id, _)| *id)
            .collect();
        // Fleets that carry nothing need no room.
        if !staying
            .iter()
            .any(|f| aboard.corps.binary_search(f).is_ok())
        {
            continue;
        }
        check_capacity(ctx, staying.len(), &cargo(w, &staying)).map_err(|e| {
            RuleError::new(
                &e.rule,
                format!(
                    "the fleets leaving {at} would leave too few to carry what is aboard the others: {}",
                    e.reason
                ),
            )
        })?;
    }
    Ok(())
}

/// Carries out a checked plan: what is aboard the fleets leaving the map goes ashore in their port, the
/// transfers move their ships (5.1.3), emptied fleets leave the map at no cost, and scuttled fleets leave with
/// their ships, recorded as a loss (5.1.4) and charged 5.1.4.1's points when they still held ships.
pub(super) fn place(cx: &mut RCx, power: PowerId, plan: Plan, reason: &str) {
    let sc = cx.scenario;
    let scuttled: Vec<FleetId> = plan.scuttled.iter().map(|(f, _)| *f).collect();
    for (fleets, rule) in [(&plan.emptied, "5.1.3"), (&scuttled, "5.1.4")] {
        if !fleets.is_empty() {
            let ashore = put_ashore(
                sc,
                cx.world(),
                fleets,
                true,
                None,
                rule,
                &format!("their fleet leaves the map in its port, {reason}"),
            );
            cx.push_all(ashore);
        }
    }
    for m in &plan.moved {
        for (fleet, ships, why) in [
            (
                m.from,
                m.from_after,
                format!("{} ship(s) transferred to {}", m.ships, m.to),
            ),
            (
                m.to,
                m.to_after,
                format!("{} ship(s) transferred from {}", m.ships, m.from),
            ),
        ] {
            let location = cx.world().forces.fleets[&fleet].location;
            cx.push(WorldEvent::FleetChanged {
                fleet,
                ships,
                location,
                rule: "5.1.3".into(),
                reason: format!("{why}, {reason}"),
            });
        }
    }
    for f in &plan.emptied {
        cx.push(WorldEvent::FleetChanged {
            fleet: *f,
            ships: 0,
            location: Location::OffMap,
            rule: "5.1.3".into(),
            reason: format!(
                "emptied by transfers, it leaves the map at no political cost, {reason}"
            ),
        });
    }
    let now = cx.world().date();
    for (f, ships) in &plan.scuttled {
        let owner = cx.world().forces.fleets[f].owner;
        cx.push(WorldEvent::FleetChanged {
            fleet: *f,
            ships: 0,
            location: Location::OffMap,
            rule: "5.1.4".into(),
            reason: format!("scuttled with {ships} ship(s), {reason}"),
        });
        if *ships > 0 {
            cx.push(WorldEvent::LossRecorded {
                loss: LossRecord {
                    nation: owner,
                    date: now,
                    cause: LossCause::Scuttling,
                    land_factors: 0,
                    ships: u32::from(*ships),
                    rule: "5.1.4".into(),
                    excluded_factors: 0,
                },
            });
            cx.push(crate::world::points(
                sc,
                power,
                SCUTTLE_POINTS,
                1,
                "5.1.4.1",
                format!("{power} scuttles fleet {f}, which still held {ships} ship(s)"),
            ));
        }
    }
}
