//! Rule 5 (Coalition's Reinforcement Phase, `docs/rules/reinforcement.md`): units bought earlier arrive when
//! due and their owner places them; ships only in the port where they were built (12.1.2), lost with it
//! (12.1.2.1) or held for its taker (12.1.2.2); prisoners returned by a peace (4.4.6.1) and wounded leaders
//! (12.7) come back; a neutral UMP's arrivals join its forces off the map (14.3.2.4.5).
//!
//! The phase, every month:
//! 1. 12.1.2.1 (with the option `ship-building-locations` on): a major power's ships being built or waiting in a
//!    port held by a power that is neither the owner nor its ally are destroyed. The same check runs at once when
//!    a host adjustment gives a port away (`ships_lost_with_port`); peace cessions and the Minor Country Control
//!    Step, which come earlier in the month, are caught here before anything arrives.
//! 2. 14.3.2.4.5: a neutral UMP's due land factors fill its off-map corps (key order), its ships its first
//!    off-map fleet (or a new one off the map), its wounded leaders return off the map; corps counters, depots
//!    and factors with no room wait until it is back in play.
//! 3. One open round (`RoundKind::Reinforcement`) of every power that can place something that has arrived (its
//!    own units and its minor free states'), and of every power that took a minor free state's port holding
//!    its ships (12.1.2.2). Each submits a `Placement`, or `pass`. Whatever a power leaves unplaced waits, due,
//!    for a later Reinforcement Phase (Coalition's 5.5).
//! 4. Resolution, power by power in key order, then 12.1.2.2's fates: agreed, or by competitive die rolls.
//!
//! Default decision (3.6): the *default placement*. Corps counters go to the capital (else the first city of
//! the home nation the power controls, by area id); depots to the capital, else the first controlled area
//! without one; land factors fill the corps standing in controlled home cities (the capital's first, then by
//! corps id) up to capacity, and the factors that may garrison (`reinforcement.garrison_units` in
//! `charts.ron`) garrison the capital, else the first controlled home city; ships join the owner's first fleet
//! (by id) in their port, or form a new fleet there (without the option, their port if usable, else the first
//! usable port); returning leaders go to the capital, else the first corps of their nation, else the first city;
//! the taker of a minor's port keeps its ships building. Whatever cannot be placed waits.

use crate::decision::Decision;
use crate::economic::Building;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::calendar::Date;
use crate::kernel::dice::{Dice, Entrant, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, MinorId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Factors, Location, Scenario, UnitKind};
use crate::state::{Fleet, LeaderStatus, RoundKind, State};
use crate::world::UmpStatus;
use crate::world::WorldEvent;
use crate::world::umps::status_of;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

// ---------------------------------------------------------------------------------------------------------------
// Records

/// The fate of a minor free state's ships in a port an enemy took, as decided (12.1.2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seizure {
    /// Who held the port when the fate was decided (a new taker decides again).
    pub holder: Nation,
    /// Whether the ships were kept (building goes on) or destroyed.
    pub keep: bool,
    pub date: Date,
}

/// What the Reinforcement Phase keeps between months.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReinforcementState {
    /// 12.1.2.2: decided fates of minor free states' ships, by (port, minor).
    #[serde(with = "crate::kernel::serde_pairs", default)]
    pub seized: BTreeMap<(AreaId, MinorId), Seizure>,
}

/// The phase's own events, applied by `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReinforcementEvent {
    /// Due units leave the queue because they arrive; the events that follow place them. `port` names the
    /// queue's entries they come from (ships built there; `None` takes entries in queue order).
    Arrived {
        owner: Nation,
        unit: UnitKind,
        count: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        port: Option<AreaId>,
        rule: String,
        reason: String,
    },
    /// Ships being built or waiting in a port are destroyed with its loss (12.1.2.1, 12.1.2.2).
    ShipsDestroyed {
        owner: Nation,
        port: AreaId,
        count: u16,
        rule: String,
        reason: String,
    },
    /// The prisoners `captor` holds of `owner`'s land factors are set (a host records a surrender: 3.5).
    PrisonersSet {
        owner: Nation,
        captor: Nation,
        factors: Factors,
        rule: String,
        reason: String,
    },
    /// 4.4.6.1: a peace returns the prisoners; they are queued to arrive in this month's Reinforcement Phase.
    PrisonersReturned {
        owner: Nation,
        captor: Nation,
        factors: Factors,
        date: Date,
    },
    /// 12.1.2.2: the fate of a minor free state's ships in a port its enemy took.
    ShipsSeized {
        port: AreaId,
        minor: MinorId,
        holder: Nation,
        keep: bool,
        /// The taker whose choice it was (the only one, all agreeing, or the winner of the die rolls).
        by: PowerId,
        date: Date,
    },
}

impl ReinforcementEvent {
    /// The rule the event cites.
    pub fn rule(&self) -> &str {
        match self {
            ReinforcementEvent::Arrived { rule, .. }
            | ReinforcementEvent::ShipsDestroyed { rule, .. }
            | ReinforcementEvent::PrisonersSet { rule, .. } => rule,
            ReinforcementEvent::PrisonersReturned { .. } => "4.4.6.1",
            ReinforcementEvent::ShipsSeized { .. } => "12.1.2.2",
        }
    }
}

impl fmt::Display for ReinforcementEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReinforcementEvent::Arrived {
                owner,
                unit,
                count,
                port,
                rule,
                reason,
            } => {
                write!(f, "{count} {} of {owner} arrive", unit_name(*unit))?;
                if let Some(p) = port {
                    write!(f, " (built at {p})")?;
                }
                write!(f, " ({rule}): {reason}")
            }
            ReinforcementEvent::ShipsDestroyed {
                owner,
                port,
                count,
                rule,
                reason,
            } => write!(
                f,
                "{count} ship(s) of {owner} at {port} destroyed ({rule}): {reason}"
            ),
            ReinforcementEvent::PrisonersSet {
                owner,
                captor,
                factors,
                rule,
                ..
            } => write!(
                f,
                "{captor} holds {} of {owner}'s factors prisoner ({rule})",
                factors.total()
            ),
            ReinforcementEvent::PrisonersReturned {
                owner,
                captor,
                factors,
                ..
            } => write!(
                f,
                "{captor} returns {} of {owner}'s factors: they arrive as reinforcements (4.4.6.1)",
                factors.total()
            ),
            ReinforcementEvent::ShipsSeized {
                port,
                minor,
                keep,
                by,
                ..
            } => write!(
                f,
                "{minor}'s ships at {port}: {} by {by}'s choice (12.1.2.2)",
                if *keep {
                    "kept, building goes on"
                } else {
                    "destroyed"
                }
            ),
        }
    }
}

/// Applies one of the phase's events.
pub fn apply(state: &mut State, e: &ReinforcementEvent) {
    match e {
        ReinforcementEvent::Arrived {
            owner,
            unit,
            count,
            port,
            ..
        } => {
            let now = state.date();
            let mut left = *count;
            for b in state.building.iter_mut() {
                if left == 0 {
                    break;
                }
                if b.owner == *owner
                    && b.unit == *unit
                    && b.due <= now
                    && (port.is_none() || b.port == *port)
                {
                    let take = left.min(b.count);
                    b.count -= take;
                    left -= take;
                }
            }
            state.building.retain(|b| b.count > 0);
        }
        ReinforcementEvent::ShipsDestroyed { owner, port, .. } => {
            state.building.retain(|b| {
                !(b.owner == *owner && b.unit == UnitKind::Ship && b.port == Some(*port))
            });
        }
        ReinforcementEvent::PrisonersSet {
            owner,
            captor,
            factors,
            ..
        } => {
            if factors.is_empty() {
                state.prisoners.remove(&(*owner, *captor));
            } else {
                state.prisoners.insert((*owner, *captor), *factors);
            }
        }
        ReinforcementEvent::PrisonersReturned {
            owner,
            captor,
            factors,
            date,
        } => {
            state.prisoners.remove(&(*owner, *captor));
            for (unit, count) in units_of(factors) {
                state.building.push(Building {
                    owner: *owner,
                    unit,
                    count,
                    bought: *date,
                    due: *date,
                    port: None,
                    rule: "4.4.6.1".into(),
                });
            }
        }
        ReinforcementEvent::ShipsSeized {
            port,
            minor,
            holder,
            keep,
            date,
            ..
        } => {
            state.reinforcement.seized.insert(
                (*port, *minor),
                Seizure {
                    holder: *holder,
                    keep: *keep,
                    date: *date,
                },
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Units and factors

/// The land unit kinds, in chart order, with their factor type.
const LAND: [UnitKind; 9] = [
    UnitKind::Infantry,
    UnitKind::Cavalry,
    UnitKind::Guard,
    UnitKind::Militia,
    UnitKind::Artillery,
    UnitKind::Cossack,
    UnitKind::Freikorps,
    UnitKind::Feudal,
    UnitKind::Insurrection,
];

/// `n` factors of a land unit kind (`None` for ships, corps counters and depots).
pub fn land_factors(unit: UnitKind, n: u16) -> Option<Factors> {
    let mut f = Factors::default();
    *field(&mut f, unit)? = n;
    Some(f)
}

fn field(f: &mut Factors, unit: UnitKind) -> Option<&mut u16> {
    Some(match unit {
        UnitKind::Infantry => &mut f.infantry,
        UnitKind::Cavalry => &mut f.cavalry,
        UnitKind::Guard => &mut f.guard,
        UnitKind::Militia => &mut f.militia,
        UnitKind::Artillery => &mut f.artillery,
        UnitKind::Cossack => &mut f.cossack,
        UnitKind::Freikorps => &mut f.freikorps,
        UnitKind::Feudal => &mut f.feudal,
        UnitKind::Insurrection => &mut f.insurrection,
        UnitKind::Ship | UnitKind::Corps | UnitKind::Depot => return None,
    })
}

/// The factors of each land unit kind in `f`, in chart order, leaving out kinds with none.
pub fn units_of(f: &Factors) -> Vec<(UnitKind, u16)> {
    let mut f = *f;
    LAND.iter()
        .filter_map(|u| field(&mut f, *u).map(|n| (*u, *n)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

fn unit_name(u: UnitKind) -> &'static str {
    match u {
        UnitKind::Infantry => "infantry factor(s)",
        UnitKind::Cavalry => "cavalry factor(s)",
        UnitKind::Guard => "guard factor(s)",
        UnitKind::Militia => "militia factor(s)",
        UnitKind::Artillery => "artillery factor(s)",
        UnitKind::Cossack => "cossack factor(s)",
        UnitKind::Freikorps => "freikorps factor(s)",
        UnitKind::Feudal => "feudal factor(s)",
        UnitKind::Insurrection => "insurrection factor(s)",
        UnitKind::Ship => "ship(s)",
        UnitKind::Corps => "corps counter(s)",
        UnitKind::Depot => "depot(s)",
    }
}

/// The part of `f` that may garrison a city (`reinforcement.garrison_units`), and the rest.
fn split_garrisonable(ctx: &Ctx, f: &Factors) -> (Factors, Factors) {
    let allowed = &ctx.scenario.charts.reinforcement.garrison_units;
    let mut yes = Factors::default();
    let mut no = Factors::default();
    for (u, n) in units_of(f) {
        let target = if allowed.contains(&u) {
            &mut yes
        } else {
            &mut no
        };
        if let Some(x) = field(target, u) {
            *x = n;
        }
    }
    (yes, no)
}

/// The smaller of `a` and `b`, type by type.
fn min_factors(a: &Factors, b: &Factors) -> Factors {
    let mut out = Factors::default();
    let (mut a, mut b) = (*a, *b);
    for u in LAND {
        let x = field(&mut a, u).map(|x| *x).unwrap_or(0);
        let y = field(&mut b, u).map(|y| *y).unwrap_or(0);
        if let Some(o) = field(&mut out, u) {
            *o = x.min(y);
        }
    }
    out
}

fn describe_factors(f: &Factors) -> String {
    let v: Vec<String> = units_of(f)
        .into_iter()
        .map(|(u, n)| format!("{n} {}", unit_name(u)))
        .collect();
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Decisions

/// Where land factors go (5.2).
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LandTarget {
    /// A garrison in a city of the owner's home nation that its controller holds.
    Garrison(AreaId),
    /// A corps of the owner standing in such a city (or placed there by this placement), up to its capacity.
    Corps(CorpsId),
}

/// Land factors of `owner` sent to one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LandOrder {
    pub owner: Nation,
    pub to: LandTarget,
    pub factors: Factors,
}

/// A corps counter that has arrived, brought onto the map from the owner's off-map counters (5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CorpsOrder {
    pub corps: CorpsId,
    pub area: AreaId,
}

/// A depot that has arrived, placed in an area (5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DepotOrder {
    pub owner: Nation,
    pub area: AreaId,
}

/// Ships that have arrived in `port`: into one of the owner's fleets there, or forming a new fleet (5.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShipOrder {
    pub owner: Nation,
    pub port: AreaId,
    pub count: u16,
    /// The fleet they join; none forms a new fleet in the port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleet: Option<FleetId>,
}

/// A leader back from his wounds (12.7), placed in an area (5.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LeaderOrder {
    pub leader: LeaderId,
    pub area: AreaId,
}

/// 12.1.2.2: a taker's choice for a minor free state's ships in the port it took.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeizedOrder {
    pub port: AreaId,
    pub minor: MinorId,
    /// Keep them (building goes on) or destroy them.
    pub keep: bool,
}

/// A power's placement of what arrived this month (rule 5). Whatever it leaves out waits (5.5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Placement {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corps: Vec<CorpsOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depots: Vec<DepotOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub land: Vec<LandOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<ShipOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seized: Vec<SeizedOrder>,
}

impl Placement {
    /// Whether it places and decides nothing.
    pub fn is_empty(&self) -> bool {
        self.corps.is_empty()
            && self.depots.is_empty()
            && self.land.is_empty()
            && self.ships.is_empty()
            && self.leaders.is_empty()
            && self.seized.is_empty()
    }

    /// In words, for prompts: `corps fr-3 to paris; 3 infantry factor(s) into fr-1; ...`.
    pub fn summary(&self) -> String {
        let mut v: Vec<String> = Vec::new();
        for o in &self.corps {
            v.push(format!("corps {} to {}", o.corps, o.area));
        }
        for o in &self.depots {
            v.push(format!("a depot of {} at {}", o.owner, o.area));
        }
        for o in &self.land {
            let f = describe_factors(&o.factors);
            v.push(match &o.to {
                LandTarget::Garrison(a) => format!("{f} of {} garrison {a}", o.owner),
                LandTarget::Corps(c) => format!("{f} of {} into {c}", o.owner),
            });
        }
        for o in &self.ships {
            v.push(match &o.fleet {
                Some(fl) => format!("{} ship(s) of {} at {} join {fl}", o.count, o.owner, o.port),
                None => format!(
                    "{} ship(s) of {} form a new fleet at {}",
                    o.count, o.owner, o.port
                ),
            });
        }
        for o in &self.leaders {
            v.push(format!("{} returns at {}", o.leader, o.area));
        }
        for o in &self.seized {
            v.push(format!(
                "{}'s ships at {}: {}",
                o.minor,
                o.port,
                if o.keep { "keep building" } else { "destroy" }
            ));
        }
        if v.is_empty() {
            "place nothing (everything waits)".into()
        } else {
            format!("place: {}", v.join("; "))
        }
    }
}

impl fmt::Display for Placement {
    /// `reinforce {JSON}`, which `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let json = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        write!(f, "reinforce {json}")
    }
}

/// Reads `reinforce {JSON}`.
pub fn parse(verb: &str, rest: &str) -> Option<RuleResult<Placement>> {
    (verb == "reinforce").then(|| {
        let rest = if rest.trim().is_empty() { "{}" } else { rest };
        serde_json::from_str(rest).map_err(|e| {
            RuleError::new(
                "3.3",
                format!("write `reinforce` and a placement in JSON (see `choices`): {e}"),
            )
        })
    })
}

// ---------------------------------------------------------------------------------------------------------------
// What has arrived and where it may go

/// What has arrived for one power to place: its own units and its minor free states' (5.0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrivals {
    pub land: BTreeMap<Nation, Factors>,
    pub corps: BTreeMap<Nation, u16>,
    pub depots: BTreeMap<Nation, u16>,
    /// Ships by owner and the port they were built in.
    pub ships: BTreeMap<(Nation, Option<AreaId>), u16>,
    /// Leaders whose wounds have healed (12.7).
    pub leaders: Vec<LeaderId>,
}

impl Arrivals {
    pub fn is_empty(&self) -> bool {
        self.land.is_empty()
            && self.corps.is_empty()
            && self.depots.is_empty()
            && self.ships.is_empty()
            && self.leaders.is_empty()
    }
}

fn neutral_ump(st: &State, n: Nation) -> bool {
    n.power()
        .is_some_and(|p| status_of(st, p) == Some(UmpStatus::Neutral))
}

/// Whether the Building is due now.
fn due(st: &State, b: &Building) -> bool {
    b.due <= st.date() && b.count > 0
}

/// What `power` has to place this month: due units of nations it controls, and its nations' healed leaders.
/// A neutral UMP places nothing itself (14.3.2.4.5: see `begin`).
pub fn arrivals(ctx: &Ctx, power: PowerId) -> Arrivals {
    let st = ctx.state;
    let mut a = Arrivals::default();
    if !st.powers.get(&power).is_some_and(|s| s.in_game) || neutral_ump(st, Nation::Power(power)) {
        return a;
    }
    let mine = |n: Nation| st.controller_of(n) == Some(power);
    for b in st.building.iter().filter(|b| due(st, b) && mine(b.owner)) {
        match b.unit {
            UnitKind::Ship => *a.ships.entry((b.owner, b.port)).or_default() += b.count,
            UnitKind::Corps => *a.corps.entry(b.owner).or_default() += b.count,
            UnitKind::Depot => *a.depots.entry(b.owner).or_default() += b.count,
            u => {
                if let Some(f) = land_factors(u, b.count) {
                    let e = a.land.entry(b.owner).or_default();
                    *e = e.plus(&f);
                }
            }
        }
    }
    a.leaders = st
        .forces
        .leaders
        .iter()
        .filter(|(_, l)| matches!(l.status, LeaderStatus::Wounded { until } if until <= st.date()))
        .filter(|(_, l)| mine(l.nation))
        .map(|(id, _)| *id)
        .collect();
    a
}

/// The capital of a nation.
fn capital(sc: &Scenario, n: Nation) -> Option<AreaId> {
    match n {
        Nation::Power(p) => sc.power(p).map(|d| d.capital),
        Nation::Minor(m) => sc.minor(m).map(|d| d.capital),
    }
}

/// `areas` with the nation's capital first.
fn capital_first(sc: &Scenario, n: Nation, mut areas: Vec<AreaId>) -> Vec<AreaId> {
    if let Some(c) = capital(sc, n)
        && let Some(i) = areas.iter().position(|a| *a == c)
    {
        let c = areas.remove(i);
        areas.insert(0, c);
    }
    areas
}

/// Areas of `owner`'s home nation (or minor country) that its controller holds.
fn held_home(ctx: &Ctx, owner: Nation) -> Vec<AreaId> {
    let st = ctx.state;
    let Some(ctrl) = st.controller_of(owner) else {
        return Vec::new();
    };
    ctx.scenario
        .territory(owner)
        .iter()
        .copied()
        .filter(|a| st.area_power(ctx.scenario, *a) == Some(ctrl))
        .collect()
}

/// 5.2: the cities where `owner`'s land factors may arrive (capital first, then by area id).
pub fn land_places(ctx: &Ctx, owner: Nation) -> Vec<AreaId> {
    let v = held_home(ctx, owner)
        .into_iter()
        .filter(|a| ctx.scenario.area(*a).is_some_and(|d| d.city.is_some()))
        .collect();
    capital_first(ctx.scenario, owner, v)
}

/// 5.3: the areas where a depot of `owner` may be placed (held home areas without one).
fn depot_places(ctx: &Ctx, owner: Nation) -> Vec<AreaId> {
    let v = held_home(ctx, owner)
        .into_iter()
        .filter(|a| {
            !ctx.state
                .forces
                .depots
                .get(a)
                .is_some_and(|d| d.contains(&owner))
        })
        .collect();
    capital_first(ctx.scenario, owner, v)
}

/// 5.1: ports where `owner`'s ships with no binding port may arrive: held home ports and, for a major power,
/// the ports of the conquered minors it holds.
fn free_ports(ctx: &Ctx, owner: Nation) -> Vec<AreaId> {
    let st = ctx.state;
    let sc = ctx.scenario;
    let mut v: Vec<AreaId> = held_home(ctx, owner);
    if let Nation::Power(p) = owner {
        for (m, ms) in &st.minors {
            if ms.controller == Some(p) && ms.status == crate::scenario::MinorStatus::Conquered {
                v.extend(
                    sc.territory(Nation::Minor(*m))
                        .iter()
                        .filter(|a| st.area_power(sc, **a) == Some(p)),
                );
            }
        }
    }
    v.retain(|a| sc.area(*a).is_some_and(|d| d.port));
    v.sort();
    v.dedup();
    capital_first(sc, owner, v)
}

/// Whether ships must arrive in the port where they were built (12.1.2 on).
fn binding(ctx: &Ctx) -> bool {
    ctx.rulebook.has(OptionalRule::ShipBuildingLocations)
}

/// 5.1, 12.1.2: whether ships of `owner` built at `built` may arrive in `port` now.
fn port_usable(ctx: &Ctx, owner: Nation, built: Option<AreaId>, port: AreaId) -> bool {
    let st = ctx.state;
    let sc = ctx.scenario;
    match built {
        Some(b) if binding(ctx) => {
            b == port
                && sc.area(port).is_some_and(|d| d.port)
                && st.controller_of(owner).is_some()
                && st.area_power(sc, port) == st.controller_of(owner)
        }
        _ => free_ports(ctx, owner).contains(&port),
    }
}

/// The pools of `owner`'s arrived ships an order at `port` draws from, in order.
fn ship_sources(
    ctx: &Ctx,
    pools: &BTreeMap<(Nation, Option<AreaId>), u16>,
    owner: Nation,
    port: AreaId,
) -> Vec<Option<AreaId>> {
    let mut keys: Vec<Option<AreaId>> = pools
        .keys()
        .filter(|(o, b)| *o == owner && port_usable(ctx, owner, *b, port))
        .map(|(_, b)| *b)
        .collect();
    // Ships built in this very port first.
    keys.sort_by_key(|b| (*b != Some(port), *b));
    keys
}

/// Takes `count` ships for `owner` at `port` from the pools; the amounts drawn by source, or `None` if short.
fn draw_ships(
    ctx: &Ctx,
    pools: &mut BTreeMap<(Nation, Option<AreaId>), u16>,
    owner: Nation,
    port: AreaId,
    count: u16,
) -> Option<Vec<(Option<AreaId>, u16)>> {
    let mut left = count;
    let mut out = Vec::new();
    for src in ship_sources(ctx, pools, owner, port) {
        if left == 0 {
            break;
        }
        let have = pools.get_mut(&(owner, src))?;
        let take = left.min(*have);
        if take > 0 {
            *have -= take;
            left -= take;
            out.push((src, take));
        }
    }
    (left == 0).then_some(out)
}

/// 5.4: where a returning leader may be placed: a held city of his nation, or an area with a corps of it.
fn leader_places(ctx: &Ctx, nation: Nation) -> Vec<AreaId> {
    let mut v = land_places(ctx, nation);
    for c in ctx
        .state
        .forces
        .corps
        .values()
        .filter(|c| c.owner == nation)
    {
        if let Location::Area(a) = c.location
            && !v.contains(&a)
        {
            v.push(a);
        }
    }
    v
}

/// The owner's corps counters off the map with no factors: the counters a corps purchase brings in (5.3).
fn spare_corps(st: &State, owner: Nation) -> Vec<CorpsId> {
    st.forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == owner && c.location == Location::OffMap && c.factors.is_empty())
        .map(|(id, _)| *id)
        .collect()
}

/// Whether `taker` counts as an enemy of a minor's ships: at war with the minor or with its controller.
fn enemy_of_minor(st: &State, taker: PowerId, minor: MinorId) -> bool {
    let t = Nation::Power(taker);
    st.at_war(t, Nation::Minor(minor))
        || st
            .controller_of(Nation::Minor(minor))
            .is_some_and(|c| st.at_war(t, Nation::Power(c)))
}

/// A port of a minor free state taken by an enemy, holding the minor's ships, whose fate is to be decided
/// (12.1.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingSeizure {
    pub port: AreaId,
    pub minor: MinorId,
    pub holder: Nation,
    /// The major powers of the occupying force: the holder's, and every other enemy with land forces there.
    pub takers: Vec<PowerId>,
}

/// 12.1.2.2: the minor free states' ships (being built or waiting) in ports an enemy holds, not yet decided for
/// that holder.
pub fn pending_seizures(ctx: &Ctx) -> Vec<PendingSeizure> {
    let st = ctx.state;
    let sc = ctx.scenario;
    if !binding(ctx) {
        return Vec::new();
    }
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for b in &st.building {
        let (Nation::Minor(m), Some(port), UnitKind::Ship) = (b.owner, b.port, b.unit) else {
            continue;
        };
        if !seen.insert((port, m)) {
            continue;
        }
        let Some(holder) = st.area_holder(sc, port) else {
            continue;
        };
        let Some(hp) = st.controller_of(holder) else {
            continue;
        };
        if !enemy_of_minor(st, hp, m)
            || st
                .reinforcement
                .seized
                .get(&(port, m))
                .is_some_and(|s| s.holder == holder)
        {
            continue;
        }
        let mut takers = BTreeSet::from([hp]);
        for c in st.forces.corps.values() {
            if c.location == Location::Area(port)
                && !c.factors.is_empty()
                && let Some(q) = st.controller_of(c.owner)
                && enemy_of_minor(st, q, m)
            {
                takers.insert(q);
            }
        }
        for ((a, n), f) in &st.forces.garrisons {
            if *a == port
                && !f.is_empty()
                && let Some(q) = st.controller_of(*n)
                && enemy_of_minor(st, q, m)
            {
                takers.insert(q);
            }
        }
        takers.retain(|p| st.powers.get(p).is_some_and(|s| s.in_game));
        if takers.is_empty() {
            continue;
        }
        out.push(PendingSeizure {
            port,
            minor: m,
            holder,
            takers: takers.into_iter().collect(),
        });
    }
    out
}

// ---------------------------------------------------------------------------------------------------------------
// 12.1.2.1

/// Whether ships of major power `owner` in a port held by `holder` are lost (12.1.2.1, Coalition's reading): the
/// port is held by a power that is neither the owner nor its ally (an enemy that took it, or a former enemy it
/// was ceded to).
fn lost_to(st: &State, owner: PowerId, holder: Option<PowerId>) -> bool {
    holder.is_some_and(|h| h != owner && !st.allied(owner, h))
}

/// 12.1.2.1: the ships destroyed when `port` passes to `holder` (`None`: back to its own nation): every major
/// power's ships being built or waiting there, when the new holder is neither that power nor its ally. Called
/// by whoever changes an area's control (host adjustments now; the Land Phase's conquests later).
pub fn ships_lost_with_port(ctx: &Ctx, port: AreaId, holder: Option<Nation>) -> Vec<Event> {
    let st = ctx.state;
    let sc = ctx.scenario;
    if !binding(ctx) || !sc.area(port).is_some_and(|d| d.port) {
        return Vec::new();
    }
    let holder = holder.or_else(|| sc.nation_of_area(port));
    let hp = holder.and_then(|h| st.controller_of(h));
    let mut lost: BTreeMap<PowerId, u16> = BTreeMap::new();
    for b in &st.building {
        if let (Nation::Power(o), UnitKind::Ship, Some(p)) = (b.owner, b.unit, b.port)
            && p == port
            && lost_to(st, o, hp)
        {
            *lost.entry(o).or_default() += b.count;
        }
    }
    lost.into_iter()
        .map(|(o, count)| {
            Event::Reinforcement(ReinforcementEvent::ShipsDestroyed {
                owner: Nation::Power(o),
                port,
                count,
                rule: "12.1.2.1".into(),
                reason: format!(
                    "{port} is held by {}: the ships being built or waiting there are lost",
                    hp.map_or("another nation".to_string(), |h| h.to_string())
                ),
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------------
// The phase

/// A working copy of the state: events are applied as they are made, so later checks see earlier changes.
struct Run<'a> {
    sc: &'a Scenario,
    rb: &'a crate::kernel::rulebook::Rulebook,
    st: State,
    ev: Vec<Event>,
}

impl<'a> Run<'a> {
    fn new(ctx: &Ctx<'a>) -> Run<'a> {
        Run {
            sc: ctx.scenario,
            rb: ctx.rulebook,
            st: ctx.state.clone(),
            ev: Vec::new(),
        }
    }
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            scenario: self.sc,
            state: &self.st,
            rulebook: self.rb,
        }
    }
    fn push(&mut self, e: impl Into<Event>) {
        let e = e.into();
        crate::apply::apply(&mut self.st, &e);
        self.ev.push(e);
    }
    fn r(&mut self, e: ReinforcementEvent) {
        self.push(Event::Reinforcement(e));
    }
}

/// Begins the Reinforcement Phase: 12.1.2.1's losses, a neutral UMP's arrivals (14.3.2.4.5), then the round of
/// every power with something to place or a minor's ships to decide on (12.1.2.2).
pub fn begin(ctx: &Ctx, _dice: &mut Dice) -> Vec<Event> {
    let mut run = Run::new(ctx);
    // 12.1.2.1: ships in ports held by an enemy.
    let ports: BTreeSet<AreaId> = run
        .st
        .building
        .iter()
        .filter(|b| b.unit == UnitKind::Ship && b.owner.power().is_some())
        .filter_map(|b| b.port)
        .collect();
    for port in ports {
        let holder = run.st.area_holder(run.sc, port);
        let ev = ships_lost_with_port(&run.ctx(), port, holder);
        for e in ev {
            run.push(e);
        }
    }
    // 14.3.2.4.5: neutral UMPs.
    let umps: Vec<PowerId> = run
        .st
        .umps
        .iter()
        .filter(|(p, u)| {
            u.status == UmpStatus::Neutral && run.st.powers.get(p).is_some_and(|s| s.in_game)
        })
        .map(|(p, _)| *p)
        .collect();
    for u in umps {
        neutral_ump_arrivals(&mut run, u);
    }
    let ctx2 = run.ctx();
    let owing = owing(&ctx2);
    let mut ev = run.ev;
    if !owing.is_empty() {
        ev.push(Event::RoundOpened {
            round: RoundKind::Reinforcement,
            sealed: false,
            owing,
        });
    }
    ev
}

/// The powers that owe a placement: those that can place something that has arrived, and the takers of minor
/// free states' ports holding their ships (12.1.2.2).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    let mut out: BTreeSet<PowerId> = ctx
        .state
        .powers_in_game()
        .into_iter()
        .filter(|p| !default_placement(ctx, *p).is_empty())
        .collect();
    for s in pending_seizures(ctx) {
        out.extend(s.takers);
    }
    out.into_iter().collect()
}

/// 14.3.2.4.5: a neutral UMP's arrivals join its forces off the map, for its last controller.
fn neutral_ump_arrivals(run: &mut Run, u: PowerId) {
    let owner = Nation::Power(u);
    let by = run
        .st
        .umps
        .get(&u)
        .and_then(|s| s.last_controller)
        .map_or("the game".to_string(), |p| {
            format!("{p}, its last controller")
        });
    let reason = format!("{u} is a neutral UMP: added to its forces off the map by {by}");
    let now = run.st.date();
    let items: Vec<Building> = run
        .st
        .building
        .iter()
        .filter(|b| b.owner == owner && b.due <= now && b.count > 0)
        .cloned()
        .collect();
    let mut land = Factors::default();
    let mut ships = 0u16;
    for b in &items {
        if b.unit == UnitKind::Ship {
            ships += b.count;
        } else if let Some(f) = land_factors(b.unit, b.count) {
            land = land.plus(&f);
        }
    }
    // Land factors fill the off-map corps in key order.
    let corps: Vec<(CorpsId, Factors, Factors)> = run
        .st
        .forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == owner && c.location == Location::OffMap)
        .map(|(id, c)| (*id, c.factors, c.capacity))
        .collect();
    for (id, factors, capacity) in corps {
        let room = capacity.minus(&factors).unwrap_or_default();
        let put = min_factors(&room, &land);
        if put.is_empty() {
            continue;
        }
        land = land.minus(&put).unwrap_or_default();
        for (unit, count) in units_of(&put) {
            run.r(ReinforcementEvent::Arrived {
                owner,
                unit,
                count,
                port: None,
                rule: "14.3.2.4.5".into(),
                reason: reason.clone(),
            });
        }
        run.push(Event::World(WorldEvent::CorpsChanged {
            corps: id,
            factors: factors.plus(&put),
            location: Location::OffMap,
            rule: "14.3.2.4.5".into(),
            reason: reason.clone(),
        }));
    }
    if ships > 0 {
        run.r(ReinforcementEvent::Arrived {
            owner,
            unit: UnitKind::Ship,
            count: ships,
            port: None,
            rule: "14.3.2.4.5".into(),
            reason: reason.clone(),
        });
        let fleet = run
            .st
            .forces
            .fleets
            .iter()
            .find(|(_, f)| f.owner == owner && f.location == Location::OffMap)
            .map(|(id, f)| (*id, f.ships));
        match fleet {
            Some((id, have)) => run.push(Event::World(WorldEvent::FleetChanged {
                fleet: id,
                ships: have.saturating_add(ships),
                location: Location::OffMap,
                rule: "14.3.2.4.5".into(),
                reason: reason.clone(),
            })),
            None => {
                if let Some(id) = new_fleet_id(&run.st, owner) {
                    run.push(Event::World(WorldEvent::FleetCreated {
                        fleet: id,
                        fleet_def: Fleet {
                            owner,
                            ships,
                            location: Location::OffMap,
                        },
                        rule: "14.3.2.4.5".into(),
                        reason: reason.clone(),
                    }));
                }
            }
        }
    }
    let healed: Vec<LeaderId> = run
        .st
        .forces
        .leaders
        .iter()
        .filter(|(_, l)| {
            l.nation == owner && matches!(l.status, LeaderStatus::Wounded { until } if until <= now)
        })
        .map(|(id, _)| *id)
        .collect();
    for l in healed {
        run.push(Event::World(WorldEvent::LeaderChanged {
            leader: l,
            status: LeaderStatus::Active,
            location: Location::OffMap,
            rule: "14.3.2.4.5".into(),
            reason: reason.clone(),
        }));
    }
}

/// A fresh fleet id for `owner`: `OWNER-fleet-N` with the lowest unused N (or `fleet-N` for a long key).
fn new_fleet_id(st: &State, owner: Nation) -> Option<FleetId> {
    (1..10_000u32).find_map(|n| {
        let long = format!("{owner}-fleet-{n}");
        let key = if long.len() <= crate::kernel::ids::MAX_KEY_LEN {
            long
        } else {
            format!("fleet-{n}")
        };
        FleetId::new(&key)
            .ok()
            .filter(|id| !st.forces.fleets.contains_key(id))
    })
}

// ---------------------------------------------------------------------------------------------------------------
// Default placement and choices

/// What a default placement prefers for land factors.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefer {
    Nothing,
    /// Garrison every factor that may garrison in this city before filling corps.
    Garrison(AreaId),
    /// Fill this corps first.
    Corps(CorpsId),
}

/// The default placement of `power` (3.6): see the module's documentation.
pub fn default_placement(ctx: &Ctx, power: PowerId) -> Placement {
    placement_with(ctx, power, Prefer::Nothing, true)
}

fn placement_with(ctx: &Ctx, power: PowerId, prefer: Prefer, keep: bool) -> Placement {
    let st = ctx.state;
    let sc = ctx.scenario;
    let arr = arrivals(ctx, power);
    let mut pl = Placement::default();
    // Corps counters.
    let mut placed_corps: BTreeMap<CorpsId, AreaId> = BTreeMap::new();
    for (owner, n) in &arr.corps {
        let Some(area) = land_places(ctx, *owner).first().copied() else {
            continue;
        };
        for c in spare_corps(st, *owner).into_iter().take(*n as usize) {
            pl.corps.push(CorpsOrder { corps: c, area });
            placed_corps.insert(c, area);
        }
    }
    // Depots.
    for (owner, n) in &arr.depots {
        for area in depot_places(ctx, *owner).into_iter().take(*n as usize) {
            pl.depots.push(DepotOrder {
                owner: *owner,
                area,
            });
        }
    }
    // Land factors.
    for (owner, f) in &arr.land {
        let places = land_places(ctx, *owner);
        let mut left = *f;
        if let Prefer::Garrison(a) = prefer
            && places.contains(&a)
        {
            let (g, _) = split_garrisonable(ctx, &left);
            if !g.is_empty() {
                pl.land.push(LandOrder {
                    owner: *owner,
                    to: LandTarget::Garrison(a),
                    factors: g,
                });
                left = left.minus(&g).unwrap_or_default();
            }
        }
        // Corps in the places, capital's first, then by id; a preferred corps before all.
        let mut corps: Vec<(CorpsId, AreaId)> = st
            .forces
            .corps
            .iter()
            .filter(|(_, c)| c.owner == *owner)
            .filter_map(|(id, c)| match c.location {
                Location::Area(a) if places.contains(&a) => Some((*id, a)),
                _ => placed_corps.get(id).map(|a| (*id, *a)),
            })
            .collect();
        let cap = capital(sc, *owner);
        corps.sort_by_key(|(id, a)| (Prefer::Corps(*id) != prefer, Some(*a) != cap, *id));
        for (id, _) in corps {
            if left.is_empty() {
                break;
            }
            let Some(c) = st.forces.corps.get(&id) else {
                continue;
            };
            let room = c.capacity.minus(&c.factors).unwrap_or_default();
            let put = min_factors(&room, &left);
            if !put.is_empty() {
                pl.land.push(LandOrder {
                    owner: *owner,
                    to: LandTarget::Corps(id),
                    factors: put,
                });
                left = left.minus(&put).unwrap_or_default();
            }
        }
        let (g, _) = split_garrisonable(ctx, &left);
        if !g.is_empty()
            && let Some(a) = places.first()
        {
            pl.land.push(LandOrder {
                owner: *owner,
                to: LandTarget::Garrison(*a),
                factors: g,
            });
        }
    }
    // Ships.
    let mut pools = arr.ships.clone();
    for ((owner, built), n) in &arr.ships {
        let port = match built {
            Some(b) if port_usable(ctx, *owner, Some(*b), *b) => Some(*b),
            Some(_) if binding(ctx) => None,
            _ => free_ports(ctx, *owner).first().copied(),
        };
        let Some(port) = port else { continue };
        let have = pools.get(&(*owner, *built)).copied().unwrap_or(0).min(*n);
        if have == 0 || draw_ships(ctx, &mut pools, *owner, port, have).is_none() {
            continue;
        }
        let fleet = st
            .forces
            .fleets
            .iter()
            .find(|(_, f)| f.owner == *owner && f.location == Location::Area(port))
            .map(|(id, _)| *id);
        pl.ships.push(ShipOrder {
            owner: *owner,
            port,
            count: have,
            fleet,
        });
    }
    // Leaders.
    for l in &arr.leaders {
        let Some(ls) = st.forces.leaders.get(l) else {
            continue;
        };
        if let Some(a) = leader_places(ctx, ls.nation).first() {
            pl.leaders.push(LeaderOrder {
                leader: *l,
                area: *a,
            });
        }
    }
    // 12.1.2.2.
    for s in pending_seizures(ctx) {
        if s.takers.contains(&power) {
            pl.seized.push(SeizedOrder {
                port: s.port,
                minor: s.minor,
                keep,
            });
        }
    }
    pl
}

/// The legal decisions of `power`: the default placement; for each city where its factors may garrison, the
/// same with every factor that may garrison put there; for each corps that can take some, the same filling that
/// corps first; the default with 12.1.2.2's ships destroyed, when it took a minor's port; and `pass` (everything
/// waits).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let mut out: Vec<Placement> = vec![default_placement(ctx, power)];
    let arr = arrivals(ctx, power);
    for (owner, f) in &arr.land {
        let (g, _) = split_garrisonable(ctx, f);
        if !g.is_empty() {
            for a in land_places(ctx, *owner) {
                out.push(placement_with(ctx, power, Prefer::Garrison(a), true));
            }
        }
        let places = land_places(ctx, *owner);
        for (id, c) in &ctx.state.forces.corps {
            if c.owner == *owner
                && matches!(c.location, Location::Area(a) if places.contains(&a))
                && !min_factors(&c.capacity.minus(&c.factors).unwrap_or_default(), f).is_empty()
            {
                out.push(placement_with(ctx, power, Prefer::Corps(*id), true));
            }
        }
    }
    if pending_seizures(ctx)
        .iter()
        .any(|s| s.takers.contains(&power))
    {
        out.push(placement_with(ctx, power, Prefer::Nothing, false));
    }
    let mut seen = Vec::new();
    let mut ds = Vec::new();
    for p in out {
        if !p.is_empty() && !seen.contains(&p) {
            seen.push(p.clone());
            ds.push(Decision::Reinforce(p));
        }
    }
    ds.push(Decision::Pass);
    ds
}

/// The default decision of `power` (3.6): its default placement.
pub fn default(ctx: &Ctx, power: PowerId) -> Decision {
    let p = default_placement(ctx, power);
    if p.is_empty() {
        Decision::Pass
    } else {
        Decision::Reinforce(p)
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Checks

fn not_yours(what: &str, n: Nation, power: PowerId) -> RuleError {
    RuleError::new(
        "5.0",
        format!("{what} of {n} are not {power}'s to place: {power} does not control {n}"),
    )
}

/// Checks a placement against what has arrived and where it may go (5.1 to 5.4, 12.1.2, 12.7, 12.1.2.2).
pub fn check(ctx: &Ctx, power: PowerId, pl: &Placement) -> RuleResult<()> {
    let st = ctx.state;
    let sc = ctx.scenario;
    let arr = arrivals(ctx, power);
    let mine = |n: Nation| st.controller_of(n) == Some(power);
    // 5.3: corps counters.
    let mut corps_new: BTreeMap<CorpsId, AreaId> = BTreeMap::new();
    let mut corps_count: BTreeMap<Nation, u16> = BTreeMap::new();
    for o in &pl.corps {
        let Some(c) = st.forces.corps.get(&o.corps) else {
            return Err(RuleError::new(
                "3.4",
                format!("unknown corps `{}`", o.corps),
            ));
        };
        if !mine(c.owner) {
            return Err(not_yours("corps counters", c.owner, power));
        }
        if c.location != Location::OffMap || !c.factors.is_empty() {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "corps `{}` is not an empty counter off the map: only those arrive as new corps",
                    o.corps
                ),
            ));
        }
        if corps_new.insert(o.corps, o.area).is_some() {
            return Err(RuleError::new(
                "3.3",
                format!("corps `{}` is placed twice", o.corps),
            ));
        }
        let n = corps_count.entry(c.owner).or_default();
        *n += 1;
        let due = arr.corps.get(&c.owner).copied().unwrap_or(0);
        if *n > due {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{} has {due} corps counter(s) arriving this month; the placement brings in {n}",
                    c.owner
                ),
            ));
        }
        if !land_places(ctx, c.owner).contains(&o.area) {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "corps `{}` cannot arrive at {}: a corps counter arrives in a city of {}'s home nation that it holds ({})",
                    o.corps,
                    o.area,
                    c.owner,
                    list(&land_places(ctx, c.owner))
                ),
            ));
        }
    }
    // 5.3: depots.
    let mut depot_count: BTreeMap<Nation, u16> = BTreeMap::new();
    let mut depot_seen = BTreeSet::new();
    for o in &pl.depots {
        if !mine(o.owner) {
            return Err(not_yours("depots", o.owner, power));
        }
        let n = depot_count.entry(o.owner).or_default();
        *n += 1;
        let due = arr.depots.get(&o.owner).copied().unwrap_or(0);
        if *n > due {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{} has {due} depot(s) arriving this month; the placement places {n}",
                    o.owner
                ),
            ));
        }
        if !depot_places(ctx, o.owner).contains(&o.area) || !depot_seen.insert((o.owner, o.area)) {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "a depot of {} cannot be placed at {}: it goes to an area of its home nation that it holds and where it has no depot",
                    o.owner, o.area
                ),
            ));
        }
    }
    // 5.2: land factors.
    let mut land_used: BTreeMap<Nation, Factors> = BTreeMap::new();
    let mut into_corps: BTreeMap<CorpsId, Factors> = BTreeMap::new();
    for o in &pl.land {
        if !mine(o.owner) {
            return Err(not_yours("land factors", o.owner, power));
        }
        if o.factors.is_empty() {
            return Err(RuleError::new("3.3", "a land order must carry factors"));
        }
        let used = land_used.entry(o.owner).or_default();
        *used = used.plus(&o.factors);
        let have = arr.land.get(&o.owner).copied().unwrap_or_default();
        if let Some(short) = short_of(&have, used) {
            return Err(RuleError::new(
                "5.2",
                format!(
                    "{} has {} arriving this month; the placement places {} ({short} too many)",
                    o.owner,
                    describe_factors(&have),
                    describe_factors(used)
                ),
            ));
        }
        let places = land_places(ctx, o.owner);
        match &o.to {
            LandTarget::Garrison(a) => {
                if !places.contains(a) {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "{}'s factors cannot garrison {a}: they arrive in a city of its home nation that it holds ({})",
                            o.owner,
                            list(&places)
                        ),
                    ));
                }
                let (_, rest) = split_garrisonable(ctx, &o.factors);
                if !rest.is_empty() {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "{} may not garrison a city: only {} may; put them into a corps",
                            describe_factors(&rest),
                            ctx.scenario
                                .charts
                                .reinforcement
                                .garrison_units
                                .iter()
                                .map(|u| unit_name(*u))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                }
            }
            LandTarget::Corps(id) => {
                let Some(c) = st.forces.corps.get(id) else {
                    return Err(RuleError::new("3.4", format!("unknown corps `{id}`")));
                };
                if c.owner != o.owner {
                    return Err(RuleError::new(
                        "5.2",
                        format!("corps `{id}` belongs to {}, not {}", c.owner, o.owner),
                    ));
                }
                let at = match c.location {
                    Location::Area(a) => Some(a),
                    _ => corps_new.get(id).copied(),
                };
                if !at.is_some_and(|a| places.contains(&a)) {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "corps `{id}` is not in a city of {}'s home nation that it holds: reinforcements join corps only there ({})",
                            o.owner,
                            list(&places)
                        ),
                    ));
                }
                let total = into_corps.entry(*id).or_insert(c.factors);
                *total = total.plus(&o.factors);
                if let Some(over) = short_of(&c.capacity, total) {
                    return Err(RuleError::new(
                        "5.2",
                        format!(
                            "corps `{id}` holds at most {}; with these factors it would hold {} ({over} over)",
                            describe_factors(&c.capacity),
                            describe_factors(total)
                        ),
                    ));
                }
            }
        }
    }
    // 5.1, 12.1.2: ships.
    let mut pools = arr.ships.clone();
    for o in &pl.ships {
        if !mine(o.owner) {
            return Err(not_yours("ships", o.owner, power));
        }
        if o.count == 0 {
            return Err(RuleError::new("3.3", "a ship order must carry ships"));
        }
        let due: u16 = arr
            .ships
            .iter()
            .filter(|((n, _), _)| *n == o.owner)
            .map(|(_, c)| *c)
            .sum();
        if due == 0 {
            return Err(RuleError::new(
                "5.1",
                format!("{} has no ships arriving this month", o.owner),
            ));
        }
        if draw_ships(ctx, &mut pools, o.owner, o.port, o.count).is_none() {
            let built: Vec<AreaId> = arr
                .ships
                .keys()
                .filter(|(n, _)| *n == o.owner)
                .filter_map(|(_, b)| *b)
                .collect();
            let (rule, why) = if binding(ctx) && !built.contains(&o.port) && !built.is_empty() {
                (
                    "12.1.2",
                    format!(
                        "ships arrive only in the port where they were built ({})",
                        list(&built)
                    ),
                )
            } else if !sc.area(o.port).is_some_and(|d| d.port) {
                ("5.1", format!("{} is not a port", o.port))
            } else if !built.contains(&o.port) && !free_ports(ctx, o.owner).contains(&o.port) {
                (
                    "5.1",
                    format!(
                        "ships arrive in a port of {}'s home nation that its controller holds ({})",
                        o.owner,
                        list(&free_ports(ctx, o.owner))
                    ),
                )
            } else if !binding(ctx)
                || !built.contains(&o.port)
                || port_usable(ctx, o.owner, Some(o.port), o.port)
            {
                (
                    "5.1",
                    format!(
                        "{} has {due} ship(s) arriving this month; the placement places more there than are due",
                        o.owner
                    ),
                )
            } else {
                (
                    "12.1.2.2",
                    format!(
                        "{} is not held by the power controlling {}: its ships wait there until one power controls both",
                        o.port, o.owner
                    ),
                )
            };
            return Err(RuleError::new(rule, why));
        }
        if let Some(f) = &o.fleet {
            let Some(fl) = st.forces.fleets.get(f) else {
                return Err(RuleError::new("3.4", format!("unknown fleet `{f}`")));
            };
            if fl.owner != o.owner || fl.location != Location::Area(o.port) {
                return Err(RuleError::new(
                    "5.1",
                    format!(
                        "fleet `{f}` is not a fleet of {} in {}: arriving ships join a fleet in their port or form one",
                        o.owner, o.port
                    ),
                ));
            }
        }
    }
    // 12.7, 5.4: leaders.
    let mut leaders_seen = BTreeSet::new();
    for o in &pl.leaders {
        if !arr.leaders.contains(&o.leader) {
            return Err(RuleError::new(
                "12.7",
                format!(
                    "{} is no leader of {power}'s whose wounds have healed by {}",
                    o.leader,
                    st.date()
                ),
            ));
        }
        if !leaders_seen.insert(o.leader) {
            return Err(RuleError::new(
                "3.3",
                format!("{} is placed twice", o.leader),
            ));
        }
        let nation = st.forces.leaders[&o.leader].nation;
        let places = leader_places(ctx, nation);
        if !places.contains(&o.area) {
            return Err(RuleError::new(
                "5.4",
                format!(
                    "{} returns with a corps of {nation} or in a city of {nation} that it holds ({}), not {}",
                    o.leader,
                    list(&places),
                    o.area
                ),
            ));
        }
    }
    // 12.1.2.2.
    let pending = pending_seizures(ctx);
    let mut seized_seen = BTreeSet::new();
    for o in &pl.seized {
        if !pending
            .iter()
            .any(|s| s.port == o.port && s.minor == o.minor && s.takers.contains(&power))
        {
            return Err(RuleError::new(
                "12.1.2.2",
                format!(
                    "{power} has no say over {}'s ships at {}: only the major powers that took a minor free state's port holding its ships decide",
                    o.minor, o.port
                ),
            ));
        }
        if !seized_seen.insert((o.port, o.minor)) {
            return Err(RuleError::new(
                "3.3",
                format!("{}'s ships at {} are decided twice", o.minor, o.port),
            ));
        }
    }
    Ok(())
}

/// How much `want` exceeds `have`, described, if it does.
fn short_of(have: &Factors, want: &Factors) -> Option<String> {
    match have.minus(want) {
        Some(_) => None,
        None => {
            let mut over = Factors::default();
            let (mut h, mut w) = (*have, *want);
            for u in LAND {
                let x = field(&mut h, u).map(|x| *x).unwrap_or(0);
                let y = field(&mut w, u).map(|y| *y).unwrap_or(0);
                if let Some(o) = field(&mut over, u) {
                    *o = y.saturating_sub(x);
                }
            }
            Some(describe_factors(&over))
        }
    }
}

fn list(v: &[AreaId]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Resolution

/// Resolves the round: each power's placement in key order, then 12.1.2.2's fates.
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>, dice: &mut Dice) -> Vec<Event> {
    let pending = pending_seizures(ctx);
    let mut run = Run::new(ctx);
    for (p, d) in decisions {
        if let Decision::Reinforce(pl) = d {
            // Checked at submission; a placement made stale by a host's change in between is skipped.
            if check(&run.ctx(), *p, pl).is_ok() {
                place(&mut run, *p, pl);
            }
        }
    }
    for s in pending {
        let vote = |p: &PowerId| -> bool {
            match decisions.get(p) {
                Some(Decision::Reinforce(pl)) => pl
                    .seized
                    .iter()
                    .find(|o| o.port == s.port && o.minor == s.minor)
                    .is_none_or(|o| o.keep),
                _ => true,
            }
        };
        let votes: Vec<(PowerId, bool)> = s.takers.iter().map(|p| (*p, vote(p))).collect();
        let (by, keep) = if votes.iter().all(|(_, v)| *v == votes[0].1) {
            votes[0]
        } else {
            let entrants: Vec<Entrant<PowerId>> = s
                .takers
                .iter()
                .map(|p| Entrant {
                    id: *p,
                    label: p.to_string(),
                    modifiers: vec![],
                })
                .collect();
            let (rolls, ranking) = competitive(
                dice,
                "12.1.2.2",
                &format!("the fate of {}'s ships at {}", s.minor, s.port),
                1,
                &entrants,
            );
            for roll in rolls {
                run.push(Event::World(WorldEvent::DiceRolled { roll }));
            }
            let w = ranking.first().copied().unwrap_or(s.takers[0]);
            (w, vote(&w))
        };
        let date = run.st.date();
        run.r(ReinforcementEvent::ShipsSeized {
            port: s.port,
            minor: s.minor,
            holder: s.holder,
            keep,
            by,
            date,
        });
        if !keep {
            let count: u16 = run
                .st
                .building
                .iter()
                .filter(|b| {
                    b.owner == Nation::Minor(s.minor)
                        && b.unit == UnitKind::Ship
                        && b.port == Some(s.port)
                })
                .map(|b| b.count)
                .sum();
            run.r(ReinforcementEvent::ShipsDestroyed {
                owner: Nation::Minor(s.minor),
                port: s.port,
                count,
                rule: "12.1.2.2".into(),
                reason: format!("{by}, which took {}, has them destroyed", s.port),
            });
        }
    }
    run.ev
}

/// Emits the events of one power's placement.
fn place(run: &mut Run, power: PowerId, pl: &Placement) {
    let reason = format!("placed by {power}");
    // Corps counters.
    let mut counts: BTreeMap<Nation, u16> = BTreeMap::new();
    for o in &pl.corps {
        if let Some(c) = run.st.forces.corps.get(&o.corps) {
            *counts.entry(c.owner).or_default() += 1;
        }
    }
    for (owner, count) in counts {
        run.r(ReinforcementEvent::Arrived {
            owner,
            unit: UnitKind::Corps,
            count,
            port: None,
            rule: "5.3".into(),
            reason: reason.clone(),
        });
    }
    for o in &pl.corps {
        let factors = run.st.forces.corps[&o.corps].factors;
        run.push(Event::World(WorldEvent::CorpsChanged {
            corps: o.corps,
            factors,
            location: Location::Area(o.area),
            rule: "5.3".into(),
            reason: format!("a new corps counter arrives, {reason}"),
        }));
    }
    // Depots.
    let mut counts: BTreeMap<Nation, u16> = BTreeMap::new();
    for o in &pl.depots {
        *counts.entry(o.owner).or_default() += 1;
    }
    for (owner, count) in counts {
        run.r(ReinforcementEvent::Arrived {
            owner,
            unit: UnitKind::Depot,
            count,
            port: None,
            rule: "5.3".into(),
            reason: reason.clone(),
        });
    }
    for o in &pl.depots {
        run.push(Event::World(WorldEvent::DepotChanged {
            area: o.area,
            owner: o.owner,
            present: true,
            rule: "5.3".into(),
            reason: reason.clone(),
        }));
    }
    // Land factors.
    let mut totals: BTreeMap<Nation, Factors> = BTreeMap::new();
    for o in &pl.land {
        let t = totals.entry(o.owner).or_default();
        *t = t.plus(&o.factors);
    }
    for (owner, f) in totals {
        for (unit, count) in units_of(&f) {
            run.r(ReinforcementEvent::Arrived {
                owner,
                unit,
                count,
                port: None,
                rule: "5.2".into(),
                reason: reason.clone(),
            });
        }
    }
    for o in &pl.land {
        match &o.to {
            LandTarget::Garrison(a) => {
                let have = run
                    .st
                    .forces
                    .garrisons
                    .get(&(*a, o.owner))
                    .copied()
                    .unwrap_or_default();
                run.push(Event::World(WorldEvent::GarrisonChanged {
                    area: *a,
                    owner: o.owner,
                    factors: have.plus(&o.factors),
                    rule: "5.2".into(),
                    reason: format!("{} arrive, {reason}", describe_factors(&o.factors)),
                }));
            }
            LandTarget::Corps(id) => {
                let c = &run.st.forces.corps[id];
                let (factors, location) = (c.factors.plus(&o.factors), c.location);
                run.push(Event::World(WorldEvent::CorpsChanged {
                    corps: *id,
                    factors,
                    location,
                    rule: "5.2".into(),
                    reason: format!("{} arrive, {reason}", describe_factors(&o.factors)),
                }));
            }
        }
    }
    // Ships.
    let ctx = run.ctx();
    let mut pools = arrivals(&ctx, power).ships;
    let mut draws = Vec::new();
    for o in &pl.ships {
        draws.push(draw_ships(&ctx, &mut pools, o.owner, o.port, o.count).unwrap_or_default());
    }
    for (o, drawn) in pl.ships.iter().zip(draws) {
        for (src, count) in drawn {
            run.r(ReinforcementEvent::Arrived {
                owner: o.owner,
                unit: UnitKind::Ship,
                count,
                port: src,
                rule: "5.1".into(),
                reason: format!("at {}, {reason}", o.port),
            });
        }
        match o.fleet {
            Some(f) => {
                let fl = &run.st.forces.fleets[&f];
                let (ships, location) = (fl.ships.saturating_add(o.count), fl.location);
                run.push(Event::World(WorldEvent::FleetChanged {
                    fleet: f,
                    ships,
                    location,
                    rule: "5.1".into(),
                    reason: format!("{} ship(s) join it, {reason}", o.count),
                }));
            }
            None => {
                if let Some(id) = new_fleet_id(&run.st, o.owner) {
                    run.push(Event::World(WorldEvent::FleetCreated {
                        fleet: id,
                        fleet_def: Fleet {
                            owner: o.owner,
                            ships: o.count,
                            location: Location::Area(o.port),
                        },
                        rule: "5.1".into(),
                        reason: format!("{} arriving ship(s) form a new fleet, {reason}", o.count),
                    }));
                }
            }
        }
    }
    // Leaders.
    for o in &pl.leaders {
        run.push(Event::World(WorldEvent::LeaderChanged {
            leader: o.leader,
            status: LeaderStatus::Active,
            location: Location::Area(o.area),
            rule: "12.7".into(),
            reason: format!("back from his wounds, {reason}"),
        }));
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 4.4.6.1

/// 4.4.6.1: the prisoners the sides of `a` and `b` hold of each other, returned by their peace: each record is
/// queued to arrive in this month's Reinforcement Phase. Called by the Peace Step with its working state.
pub fn prisoners_returned(st: &State, a: PowerId, b: PowerId) -> Vec<Event> {
    let side = |n: Nation, p: PowerId| st.controller_of(n) == Some(p);
    st.prisoners
        .iter()
        .filter(|((owner, captor), _)| {
            (side(*owner, a) && side(*captor, b)) || (side(*owner, b) && side(*captor, a))
        })
        .map(|((owner, captor), f)| {
            Event::Reinforcement(ReinforcementEvent::PrisonersReturned {
                owner: *owner,
                captor: *captor,
                factors: *f,
                date: st.date(),
            })
        })
        .collect()
}
