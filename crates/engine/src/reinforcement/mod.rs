//! Rule 5 (Coalition's Reinforcement Phase, `docs/rules/reinforcement.md`): units bought earlier arrive when
//! due and their owner places them; ships only in the port where they were built (12.1.2), lost with it
//! (12.1.2.1) or held for its taker (12.1.2.2); prisoners returned by a peace (4.4.6.1) and wounded leaders
//! (12.7) come back; a neutral UMP's arrivals join its forces off the map (14.3.2.4.5).
//!
//! The phase, every month:
//! 0. 12.4.3 (with the option `peace-treaty-limited-access` on): forces a former enemy left in the other's
//!    territory past 12.4.1's or 12.4.2's time are demobilized, unless the territory's controller has granted
//!    their side voluntary access (`demobilization`).
//! 1. 12.1.2.1 (with the option `ship-building-locations` on): a major power's ships being built or waiting in a
//!    port held by a power that is neither the owner nor its ally are destroyed. The same check runs at once when
//!    a host adjustment gives a port away (`ships_lost_with_port`); peace cessions and the Minor Country Control
//!    Step, which come earlier in the month, are caught here before anything arrives.
//! 2. 14.3.2.4.5: a neutral UMP's due land factors fill its off-map corps (key order), its ships its first
//!    off-map fleet (or a new one off the map), its wounded leaders return off the map; corps counters, depots
//!    and factors with no room wait until it is back in play.
//! 3. One open round (`RoundKind::Reinforcement`) of every power that can place something that has arrived (its
//!    own units and its minor free states'), of every power that moves a fleet with ships on the map (it may
//!    transfer ships, 5.1.3, or scuttle, 5.1.4), and of every power that took a minor free state's port holding
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
//! the taker of a minor's port keeps its ships building; no ships are transferred and no fleet is scuttled.
//! Whatever cannot be placed waits.
//!
//! The files, by what they decide: `arrivals` (5.0: what has arrived, for whom, and where it may go),
//! `placement` (the decision, its default and the choices), `parts` (5.7: the placement offered order by order),
//! `land` (5.2, 5.3: corps counters, depots, land
//! factors), `ships` (5.1, 12.1.2), `fleets` (5.1.3 transfers, 5.1.4 scuttling), `seizure` (12.1.2.1, 12.1.2.2), `leaders` (5.4, 12.7), `neutral`
//! (14.3.2.4.5), `demobilization` (12.4.3), `notation` (the text forms). The prisoners a peace returns (4.4.6.1) are found by the Peace Step
//! (`world::records::prisoners_returned`) and recorded by this phase's `PrisonersReturned`.

mod arrivals;
mod demobilization;
mod fleets;
mod land;
mod leaders;
mod neutral;
mod notation;
mod parts;
mod placement;
mod seizure;
mod ships;

pub use arrivals::{Arrivals, arrivals, land_factors, land_places, units_of};
pub use fleets::SCUTTLE_POINTS;
pub use notation::parse;
pub use parts::pieces;
pub use placement::{
    CorpsOrder, DepotOrder, LandOrder, LandTarget, LeaderOrder, Placement, SeizedOrder, ShipOrder,
    ShipTransfer, choices, default, default_placement,
};
pub use seizure::{PendingSeizure, pending_seizures, ships_lost_with_port};

use crate::kernel::calendar::Date;
use crate::kernel::dice::Dice;
use crate::kernel::error::RuleResult;
use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId};
use crate::scenario::{Factors, UnitKind};
use crate::world::{Ask, Building, Ctx, Cx, Step, World};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The rules' reading in this phase: the world and the phase's own records.
pub type RCtx<'a> = Ctx<'a, ReinforcementState>;

/// The phase's way of changing things (`world::Cx` with its own state and events).
pub type RCx<'a> = Cx<'a, ReinforcementState, ReinforcementEvent>;

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

/// Applies one of the phase's events: the queue of units being built and the prisoners are the world's, the
/// fates of minors' ships the phase's own.
pub fn apply(own: &mut ReinforcementState, world: &mut World, e: &ReinforcementEvent) {
    match e {
        ReinforcementEvent::Arrived {
            owner,
            unit,
            count,
            port,
            ..
        } => {
            let now = world.date();
            let mut left = *count;
            for b in world.building.iter_mut() {
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
            world.building.retain(|b| b.count > 0);
        }
        ReinforcementEvent::ShipsDestroyed { owner, port, .. } => {
            world.building.retain(|b| {
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
                world.prisoners.remove(&(*owner, *captor));
            } else {
                world.prisoners.insert((*owner, *captor), *factors);
            }
        }
        ReinforcementEvent::PrisonersReturned {
            owner,
            captor,
            factors,
            date,
        } => {
            world.prisoners.remove(&(*owner, *captor));
            for (unit, count) in units_of(factors) {
                world.building.push(Building {
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
            own.seized.insert(
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
// The phase

/// The Reinforcement Phase (rule 5): one open round of every power with something to place or a minor's ships
/// to decide on. A decision is `None` (pass: everything waits) or a `Placement`.
pub struct ReinforcementPhase;

impl Step for ReinforcementPhase {
    type State = ReinforcementState;
    type Event = ReinforcementEvent;
    type Decision = Option<Placement>;

    /// 12.4.3's demobilization, 12.1.2.1's losses, a neutral UMP's arrivals (14.3.2.4.5), then the round of every power with something
    /// to place or a minor's ships to decide on (12.1.2.2).
    fn begin(cx: &mut RCx, _dice: &mut Dice) -> Option<Ask> {
        demobilization::demobilize(cx);
        seizure::ships_lost(cx);
        neutral::arrivals(cx);
        Ask::open(owing(&cx.ctx()))
    }

    fn choices(ctx: &RCtx, power: PowerId) -> Vec<Option<Placement>> {
        choices(ctx, power)
    }

    /// Default (3.6): the default placement (pass when it places nothing).
    fn default(ctx: &RCtx, power: PowerId) -> Option<Placement> {
        default(ctx, power)
    }

    fn check(ctx: &RCtx, power: PowerId, d: &Option<Placement>) -> RuleResult<()> {
        d.as_ref().map_or(Ok(()), |pl| check(ctx, power, pl))
    }

    fn resolve(
        cx: &mut RCx,
        decisions: &BTreeMap<PowerId, Option<Placement>>,
        dice: &mut Dice,
    ) -> Option<Ask> {
        resolve(cx, decisions, dice);
        None
    }

    fn apply(own: &mut ReinforcementState, world: &mut World, e: &ReinforcementEvent) {
        apply(own, world, e)
    }
}

/// The powers that owe a placement: those that can place something that has arrived, those that move a fleet
/// with ships on the map (they may transfer ships or scuttle: 5.1.3, 5.1.4), and the takers of minor free
/// states' ports holding their ships (12.1.2.2).
pub fn owing(ctx: &RCtx) -> Vec<PowerId> {
    let mut out: BTreeSet<PowerId> = ctx
        .world
        .powers_in_game()
        .into_iter()
        .filter(|p| {
            !default_placement(ctx, *p).is_empty() || !fleets::fleets_on_map(ctx, *p).is_empty()
        })
        .collect();
    for s in pending_seizures(ctx) {
        out.extend(s.takers);
    }
    out.into_iter().collect()
}

/// Checks a placement against what has arrived and where it may go (5.1 to 5.4, 12.1.2, 12.7, 12.1.2.2), and
/// its fleets' transfers and scuttling (5.1.3, 5.1.4).
pub fn check(ctx: &RCtx, power: PowerId, pl: &Placement) -> RuleResult<()> {
    let arr = arrivals(ctx, power);
    check_arrived(ctx, power, &arr, &arrivals::Places::of(ctx, &arr), pl)
}

/// Rule 5: `check`, with what has arrived for `power` already worked out (`arr`: `arrivals(ctx, power)`, and
/// `places`: `Places::of(ctx, arr)`).
pub(crate) fn check_arrived(
    ctx: &RCtx,
    power: PowerId,
    arr: &arrivals::Arrivals,
    places: &arrivals::Places,
    pl: &Placement,
) -> RuleResult<()> {
    land::check(ctx, power, arr, places, pl)?;
    ships::check(ctx, power, arr, pl)?;
    fleets::plan_with(ctx, power, pl, Some(places.aboard(ctx)))?;
    leaders::check(ctx, power, arr, pl)?;
    seizure::check(ctx, power, pl)
}

/// Resolves the round: each power's placement in key order, then 12.1.2.2's fates.
fn resolve(cx: &mut RCx, decisions: &BTreeMap<PowerId, Option<Placement>>, dice: &mut Dice) {
    let pending = pending_seizures(&cx.ctx());
    for (p, d) in decisions {
        if let Some(pl) = d {
            // Checked at submission; a placement made stale by a host's change in between is skipped.
            if check(&cx.ctx(), *p, pl).is_ok() {
                place(cx, *p, pl);
            }
        }
    }
    seizure::decide(cx, pending, decisions, dice);
}

/// Emits the events of one power's placement: its arrivals, then its fleets' transfers and scuttling (worked
/// out on the state before the arrivals, which they count).
fn place(cx: &mut RCx, power: PowerId, pl: &Placement) {
    let reason = format!("placed by {power}");
    let plan = fleets::plan(&cx.ctx(), power, pl);
    land::place(cx, pl, &reason);
    ships::place(cx, power, pl, &reason);
    if let Ok(plan) = plan {
        fleets::place(cx, power, plan, &format!("by {power}"));
    }
    leaders::place(cx, pl, &reason);
}
