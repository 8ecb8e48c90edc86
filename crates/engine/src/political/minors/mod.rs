//! Rule 4.6: the Minor Country Control Step (Coalition's reading: docs/rules/minor-control.md).
//!
//! The step runs in this order, each part opening a round only when someone has a choice:
//! 1. 4.6.1: every minor of a controller in the Instability or Fiasco zone is tested with one die (Coalition's
//!    10.5.2, numbers in the charts); on a loss it reverts to neutral and its forces leave the map.
//! 2. 4.6.2 (sealed round `roll`): each power not at war with a neutral minor declared on this month says whether
//!    it wishes to roll for its control. Non-allies of the attackers roll first; allies only if no non-ally
//!    wishes to (4.6). The highest modified die wins (4.6.2.1 national, 4.6.2.2 status, 4.6.2.3 +2 if at war
//!    with an attacker); ties reroll unmodified. No one willing: the attackers get back the points of 4.2.1.2.
//! 3. 4.6.3: the winner gains a point per district and controls the minor, a free state if it has forces
//!    (4.6.3.1). Controllers set up their minors' forces one minor at a time (`setup`), in the order of 4.6.3.2
//!    (data), with the chart's strengths (4.6.3.3), corps and garrisons within the minor (4.6.3.4), the fleet
//!    in a port of it or an adjacent sea (4.6.3.5). The controller is recorded as the power that gains and loses
//!    the points of the minor's combats (4.6.3.6, read by later rules).
//! 4. 4.6.4 (sealed round `back-down`): attackers of a minor declared on by several powers may back down;
//!    those barred from declaring war on another attacker back down by force. The wars of those backing down
//!    end, their points stay paid, no alliance is broken. Two or more remaining attackers are made to declare
//!    war on each other (4.6.4.2): -3 each in total, alliances and royal marriages between them broken with
//!    their points, no calls (the wars carry cause `Rule`, which the Call to Allies Step never counts).
//! 5. 4.6.5 (round `support`, one controller and minor at a time): the controller may declare war on any of
//!    the remaining aggressors it may declare on (4.2.2): -3 in total, -2 per broken alliance, no calls. Each
//!    aggressor it stays at peace with is recorded (4.6.5.2, 4.6.5.3), for the military phases to read.
//!
//! 4.6.6 (lapse of war with minors) is checked in the Peace Step: `political::peace::lapse`.
//!
//! Defaults (3.6): roll for every minor one may roll for; the capital takes all land factors (in one corps if
//! the minor has corps, else as a garrison) and the fleet (else the first port); back down from every minor
//! where one may (an absent player is not dragged into forced wars with major powers); no support declarations.
//!
//! One file per part: `instability` (4.6.1, and a minor's reverting to neutral), `control` (4.6, 4.6.2,
//! 4.6.3.1), `setup` (4.6.3.2 to 4.6.3.5), `attackers` (4.6.4), `support` (4.6.5), `rounds`
//! (the order of the step's rounds, their choices, defaults and checks) and `notation` (the text forms).

mod attackers;
mod control;
mod instability;
mod notation;
mod rounds;
mod setup;
mod support;

pub use crate::world::NotAtWar;
pub use crate::world::neutral::revert_events;
pub use notation::parse;
pub(crate) use setup::fleet_places;

use crate::kernel::dice::Dice;
use crate::kernel::error::RuleResult;
use crate::kernel::ids::{AreaId, MinorId, PowerId};
use crate::scenario::{Location, Scenario};
use crate::world::{Ask, Ctx, Cx, Step, World};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The step's reading: the world and its own state.
type StepCtx<'a> = Ctx<'a, MinorControlState>;
/// The step's emitter: world events and its own.
type StepCx<'a> = Cx<'a, MinorControlState, MinorEvent>;

/// A neutral minor declared on this month, and what the step has made of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub minor: MinorId,
    /// The powers that declared war on it this month.
    pub attackers: Vec<PowerId>,
    /// The power chosen to run it (4.6.2), if any.
    #[serde(default)]
    pub controller: Option<PowerId>,
    /// Attackers that backed down (4.6.4).
    #[serde(default)]
    pub backed_down: Vec<PowerId>,
}

impl Target {
    /// Attackers still at war with the minor after 4.6.4.
    pub fn remaining(&self) -> Vec<PowerId> {
        self.attackers
            .iter()
            .copied()
            .filter(|a| !self.backed_down.contains(a))
            .collect()
    }
}

/// The part of the step in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    #[default]
    Willing,
    SetUp,
    BackDown,
    Support,
}

/// A round of the step: who is asked what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// 4.6.2: sealed; who wishes to roll for which minor.
    Willing,
    /// 4.6.3.4, 4.6.3.5: `power` sets up `minor`'s forces.
    SetUp { power: PowerId, minor: MinorId },
    /// 4.6.4: sealed; who backs down from which minor.
    BackDown,
    /// 4.6.5: `power` may declare war on `minor`'s aggressors.
    Support { power: PowerId, minor: MinorId },
}

/// The step's sub-state and records, kept in the game's state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinorControlState {
    /// The minors of the step in progress.
    #[serde(default)]
    pub targets: Vec<Target>,
    #[serde(default)]
    pub phase: Phase,
    /// Rounds still to open in this phase, in order.
    #[serde(default)]
    pub queue: Vec<Stage>,
    #[serde(default)]
    pub current: Option<Stage>,
}

/// Land factors placed in one area (a corps, or a garrison).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Placement {
    pub area: AreaId,
    #[serde(default)]
    pub infantry: u16,
    #[serde(default)]
    pub cavalry: u16,
}

/// A decision of the step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MinorDecision {
    /// 4.6.2: the minors this power wishes to roll for (empty: none).
    Roll { minors: Vec<MinorId> },
    /// 4.6.3.4, 4.6.3.5: the minor's corps (one placement each), its garrisons, and its fleet's place.
    SetUp {
        corps: Vec<Placement>,
        #[serde(default)]
        garrisons: Vec<Placement>,
        #[serde(default)]
        fleet: Option<Location>,
    },
    /// 4.6.4: the minors this attacker backs down from (empty: none).
    BackDown { minors: Vec<MinorId> },
    /// 4.6.5: the aggressors the controller declares war on (empty: none).
    Support { against: Vec<PowerId> },
}

/// The step's own events, applied by `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MinorEvent {
    /// The neutral minors declared on this month, with their attackers.
    Began {
        targets: Vec<Target>,
    },
    /// 4.6.1: a controller in the Instability or Fiasco zone loses a minor, which reverts to neutral.
    Reverted {
        minor: MinorId,
        from: PowerId,
        zone: String,
    },
    /// A phase of the step begins with its rounds.
    Phase {
        phase: Phase,
        queue: Vec<Stage>,
    },
    /// A round of the step opens.
    Up {
        stage: Stage,
    },
    /// 4.6: no power is willing or eligible to run the minor.
    NoRunner {
        minor: MinorId,
    },
    /// 4.6.2: the power chosen to run the minor.
    Chosen {
        minor: MinorId,
        power: PowerId,
    },
    /// 4.6.3.4, 4.6.3.5: the minor's forces are on the map.
    ForcesSetUp {
        minor: MinorId,
        power: PowerId,
    },
    /// 4.6.3.6: `power` gains and loses the points of the minor's combats.
    CombatPoints {
        minor: MinorId,
        power: PowerId,
    },
    /// 4.6.4: an attacker backs down (forced: the reason).
    BackedDown {
        minor: MinorId,
        power: PowerId,
        #[serde(default)]
        forced: Option<String>,
    },
    /// 4.6.5.2, 4.6.5.3: the controller stays at peace with an aggressor of its minor.
    NotAtWar(NotAtWar),
    Ended,
}

/// The Minor Country Control Step (4.6): the rounds of 4.6.2, 4.6.3, 4.6.4 and 4.6.5, each opened only when
/// someone has a choice.
pub struct MinorCountryControl;

impl Step for MinorCountryControl {
    type State = MinorControlState;
    type Event = MinorEvent;
    type Decision = MinorDecision;

    fn begin(cx: &mut StepCx, dice: &mut Dice) -> Option<Ask> {
        rounds::begin(cx, dice)
    }

    fn choices(ctx: &StepCtx, power: PowerId) -> Vec<MinorDecision> {
        rounds::choices(ctx, power)
    }

    /// Default (3.6): see the module's documentation.
    fn default(ctx: &StepCtx, power: PowerId) -> MinorDecision {
        rounds::default(ctx, power)
    }

    fn check(ctx: &StepCtx, power: PowerId, d: &MinorDecision) -> RuleResult<()> {
        rounds::check(ctx, power, d)
    }

    fn resolve(
        cx: &mut StepCx,
        decisions: &BTreeMap<PowerId, MinorDecision>,
        dice: &mut Dice,
    ) -> Option<Ask> {
        rounds::resolve(cx, decisions, dice)
    }

    fn apply(own: &mut MinorControlState, world: &mut World, e: &MinorEvent) {
        apply(own, world, e)
    }
}

fn target(ms: &mut MinorControlState, m: MinorId) -> Option<&mut Target> {
    ms.targets.iter_mut().find(|t| t.minor == m)
}

fn apply_to(ms: &mut MinorControlState, e: &MinorEvent) {
    match e {
        MinorEvent::Began { targets } => {
            ms.targets = targets.clone();
            ms.phase = Phase::Willing;
            ms.queue.clear();
            ms.current = None;
        }
        MinorEvent::Reverted { .. } => {}
        MinorEvent::Phase { phase, queue } => {
            ms.phase = *phase;
            ms.queue = queue.clone();
            ms.current = None;
        }
        MinorEvent::Up { stage } => {
            if let Some(i) = ms.queue.iter().position(|s| s == stage) {
                ms.queue.remove(i);
            }
            ms.current = Some(*stage);
        }
        MinorEvent::NoRunner { .. } | MinorEvent::ForcesSetUp { .. } => {}
        MinorEvent::Chosen { minor, power } => {
            if let Some(t) = target(ms, *minor) {
                t.controller = Some(*power);
            }
        }
        // 4.6.3.6 is read from the minor's controller (`World::combat_points_of`); the event says it aloud.
        MinorEvent::CombatPoints { .. } => {}
        MinorEvent::BackedDown { minor, power, .. } => {
            if let Some(t) = target(ms, *minor)
                && !t.backed_down.contains(power)
            {
                t.backed_down.push(*power);
            }
        }
        MinorEvent::NotAtWar(_) => {}
        MinorEvent::Ended => {
            ms.targets.clear();
            ms.queue.clear();
            ms.current = None;
            ms.phase = Phase::Willing;
        }
    }
}

/// Applies one of the step's events: to the step's own state, and the 4.6.5.2 records to the world.
pub fn apply(own: &mut MinorControlState, world: &mut World, e: &MinorEvent) {
    apply_to(own, e);
    record(world, e);
}

/// 4.6.5.2, 4.6.5.3: the world's record of controllers at peace with an aggressor of their minor.
fn record(world: &mut World, e: &MinorEvent) {
    match e {
        MinorEvent::Reverted { minor, .. } | MinorEvent::Chosen { minor, .. } => {
            world.not_at_war.retain(|n| n.minor != *minor);
        }
        MinorEvent::NotAtWar(n) if !world.not_at_war.contains(n) => {
            world.not_at_war.push(n.clone());
        }
        _ => {}
    }
}

fn minor_name(scenario: &Scenario, m: MinorId) -> String {
    scenario
        .minor(m)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| m.to_string())
}

fn districts(scenario: &Scenario, m: MinorId) -> i32 {
    scenario.minor(m).map_or(1, |d| d.districts.len().max(1)) as i32
}

fn has_forces(scenario: &Scenario, m: MinorId) -> bool {
    scenario
        .minor(m)
        .is_some_and(|d| d.forces.infantry > 0 || d.forces.cavalry > 0 || d.forces.ships > 0)
}
