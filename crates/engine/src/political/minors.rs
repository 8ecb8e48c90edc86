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
//! 4.6.6 (lapse of war with minors) is checked in the Peace Step: `lapse_of_war`.
//!
//! Defaults (3.6): roll for every minor one may roll for; the capital takes all land factors (in one corps if
//! the minor has corps, else as a garrison) and the fleet (else the first port); back down from every minor
//! where one may (an absent player is not dragged into forced wars with major powers); no support declarations.

use super::{declarations, name, peace, points};
use crate::apply::apply as apply_event;
use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::dice::{Dice, Entrant, Modifier, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, MinorId, Nation, PowerId, SeaId};
use crate::kernel::rulebook::Rulebook;
use crate::scenario::{CorpsKind, Factors, Location, MinorStatus, Scenario};
use crate::state::{Corps, Fleet, RoundKind, State, WarCause};
pub use crate::world::NotAtWar;
use crate::world::WorldEvent;
use crate::world::status;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

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

/// The step's sub-state and records, kept in `State`.
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

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}i+{}c", self.area, self.infantry, self.cavalry)
    }
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

fn list<T: fmt::Display>(v: &[T]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

fn location_text(l: &Location) -> String {
    match l {
        Location::Area(a) => a.to_string(),
        Location::Sea(s) => s.to_string(),
        Location::OffMap => "none".to_string(),
    }
}

impl fmt::Display for MinorDecision {
    /// The short text form, which `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinorDecision::Roll { minors } => write!(f, "roll {}", list(minors)),
            MinorDecision::SetUp {
                corps,
                garrisons,
                fleet,
            } => write!(
                f,
                "setup corps {}; garrisons {}; fleet {}",
                list(corps),
                list(garrisons),
                fleet.as_ref().map_or("none".into(), location_text)
            ),
            MinorDecision::BackDown { minors } => write!(f, "back-down {}", list(minors)),
            MinorDecision::Support { against } => write!(f, "support {}", list(against)),
        }
    }
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

impl fmt::Display for MinorEvent {
    /// One line for players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinorEvent::Began { targets } => {
                let v: Vec<String> = targets
                    .iter()
                    .map(|t| format!("{} (declared on by {})", t.minor, list(&t.attackers)))
                    .collect();
                write!(f, "minor country control: {}", v.join("; "))
            }
            MinorEvent::Reverted { minor, from, zone } => write!(
                f,
                "{minor} breaks away from {from} ({zone} zone, 4.6.1) and is neutral again"
            ),
            MinorEvent::Phase { phase, .. } => write!(f, "minor country control: {phase:?} phase"),
            MinorEvent::Up { stage } => match stage {
                Stage::Willing => write!(f, "powers say whether they wish to roll for control"),
                Stage::SetUp { power, minor } => write!(f, "{power} sets up the forces of {minor}"),
                Stage::BackDown => write!(f, "attackers say whether they back down"),
                Stage::Support { power, minor } => {
                    write!(f, "{power} may declare war on the aggressors of {minor}")
                }
            },
            MinorEvent::NoRunner { minor } => write!(
                f,
                "no power will run {minor}: its attackers pay nothing for it and its forces stay off the map"
            ),
            MinorEvent::Chosen { minor, power } => write!(f, "{power} is chosen to run {minor}"),
            MinorEvent::ForcesSetUp { minor, power } => {
                write!(f, "{power} has set up the forces of {minor}")
            }
            MinorEvent::CombatPoints { minor, power } => write!(
                f,
                "{power} gains and loses the political points of {minor}'s combats"
            ),
            MinorEvent::BackedDown {
                minor,
                power,
                forced,
            } => match forced {
                Some(r) => write!(f, "{power} must back down from {minor}: {r}"),
                None => write!(f, "{power} backs down from {minor}"),
            },
            MinorEvent::NotAtWar(n) => write!(
                f,
                "{} runs {} without being at war with {} (4.6.5.2, 4.6.5.3)",
                n.controller, n.minor, n.aggressor
            ),
            MinorEvent::Ended => write!(f, "the Minor Country Control Step ends"),
        }
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
        // 4.6.3.6 is read from the minor's controller (`State::combat_points_of`); the event says it aloud.
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
pub fn apply(state: &mut State, e: &MinorEvent) {
    apply_to(&mut state.minor_control, e);
    record(&mut state.world, e);
}

/// 4.6.5.2, 4.6.5.3: the world's record of controllers at peace with an aggressor of their minor.
fn record(world: &mut crate::world::World, e: &MinorEvent) {
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

/// Events applied to a local copy of the state as they are produced, so that later checks of the same
/// resolution see them (wars just declared or ended, controllers just chosen).
struct Emitter<'a> {
    scenario: &'a Scenario,
    rulebook: &'a Rulebook,
    state: State,
    events: Vec<Event>,
}

impl<'a> Emitter<'a> {
    fn new(ctx: &Ctx<'a>) -> Emitter<'a> {
        Emitter {
            scenario: ctx.scenario,
            rulebook: ctx.rulebook,
            state: ctx.state.clone(),
            events: Vec::new(),
        }
    }
    fn push(&mut self, e: impl Into<Event>) {
        let e = e.into();
        apply_event(&mut self.state, &e);
        self.events.push(e);
    }
    fn minor(&mut self, e: MinorEvent) {
        self.push(Event::MinorControl(e));
    }
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            scenario: self.scenario,
            state: &self.state,
            rulebook: self.rulebook,
        }
    }
    fn ms(&self) -> &MinorControlState {
        &self.state.minor_control
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

/// The neutral minors declared on this month, with their attackers, in key order.
fn targets_this_month(st: &State) -> Vec<Target> {
    let now = st.date();
    let mut map: BTreeMap<MinorId, Vec<PowerId>> = BTreeMap::new();
    for w in &st.relations.wars {
        if w.ended.is_some() || w.since != now {
            continue;
        }
        if let (Some(a), Nation::Minor(m)) = (w.aggressor.power(), w.defender)
            && st
                .minors
                .get(&m)
                .is_some_and(|s| s.status == MinorStatus::Neutral)
            && st.in_game(a)
        {
            let v = map.entry(m).or_default();
            if !v.contains(&a) {
                v.push(a);
            }
        }
    }
    map.into_iter()
        .map(|(minor, mut attackers)| {
            attackers.sort();
            Target {
                minor,
                attackers,
                controller: None,
                backed_down: Vec::new(),
            }
        })
        .collect()
}

/// Whether `p` may be chosen to run `m` at all: in the game and not at war with it (4.6).
fn eligible(st: &State, p: PowerId, m: MinorId) -> bool {
    st.in_game(p)
        && !st.at_war(Nation::Power(p), Nation::Minor(m))
        && crate::world::ump_rules::may_attempt_minor_control(st, p)
}

/// The minors `p` may roll for now.
fn rollable(ctx: &Ctx, p: PowerId) -> Vec<MinorId> {
    let ms = &ctx.state.minor_control;
    ms.targets
        .iter()
        .filter(|t| eligible(ctx.state, p, t.minor))
        .map(|t| t.minor)
        .collect()
}

/// 4.6.1 with Coalition's 10.5.2: one die per minor of a controller in the Instability or Fiasco zone.
fn instability(em: &mut Emitter, dice: &mut Dice) {
    let chart = em.scenario.charts.minor_control.clone();
    let minors: Vec<(MinorId, PowerId)> = em
        .state
        .minors
        .iter()
        .filter_map(|(id, m)| m.controller.map(|c| (*id, c)))
        .collect();
    for (m, c) in minors {
        let shown = crate::world::ump_rules::display_power(&em.state, c);
        let Some(line) = status::status_line(em.scenario, &em.state, shown) else {
            continue;
        };
        let threshold = if line.fiasco {
            chart.fiasco_loss
        } else if line.instability {
            chart.instability_loss
        } else {
            continue;
        };
        let roll = dice.roll(
            c.as_str(),
            "4.6.1",
            &format!(
                "keeping control of {} in the {} zone (lost on {threshold} or less)",
                minor_name(em.scenario, m),
                line.zone
            ),
            1,
            Vec::new(),
        );
        let lost = roll.total <= threshold as i32;
        em.push(Event::World(WorldEvent::DiceRolled { roll }));
        if lost {
            revert(em, m, c, &line.zone);
        }
    }
}

/// A minor reverts to neutral (4.6.1): its forces leave the map and its areas return to it.
fn revert(em: &mut Emitter, m: MinorId, from: PowerId, zone: &str) {
    em.minor(MinorEvent::Reverted {
        minor: m,
        from,
        zone: zone.to_string(),
    });
    let reason = format!("{} reverts to neutral", minor_name(em.scenario, m));
    for e in revert_events(em.scenario, &em.state, m, "4.6.1", &reason) {
        em.push(e);
    }
}

/// The events of a minor reverting to neutral under `rule` (4.6.1; 4.4.8 when its controller leaves the game):
/// it has no controller, its areas return to it, its corps and fleets leave the map and its garrisons go.
pub(crate) fn revert_events(
    scenario: &Scenario,
    st: &State,
    m: MinorId,
    rule: &str,
    reason: &str,
) -> Vec<Event> {
    let me = Nation::Minor(m);
    let (rule, reason) = (rule.to_string(), reason.to_string());
    let mut out = vec![Event::World(WorldEvent::MinorChanged {
        minor: m,
        controller: None,
        status: MinorStatus::Neutral,
        rule: rule.clone(),
        reason: reason.clone(),
    })];
    for a in scenario.areas_of(me) {
        if st.area_control.contains_key(&a) {
            out.push(Event::World(WorldEvent::AreaControlChanged {
                area: a,
                holder: None,
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    for (id, c) in &st.forces.corps {
        if c.owner == me && c.location != Location::OffMap {
            out.push(Event::World(WorldEvent::CorpsChanged {
                corps: *id,
                factors: Factors::default(),
                location: Location::OffMap,
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    for (id, f) in &st.forces.fleets {
        if f.owner == me && f.location != Location::OffMap {
            out.push(Event::World(WorldEvent::FleetChanged {
                fleet: *id,
                ships: 0,
                location: Location::OffMap,
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    for (a, o) in st.forces.garrisons.keys() {
        if *o == me {
            out.push(Event::World(WorldEvent::GarrisonChanged {
                area: *a,
                owner: me,
                factors: Factors::default(),
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    out
}

/// Begins the step: 4.6.1, then the minors declared on this month and the first round.
pub fn begin(ctx: &Ctx, dice: &mut Dice) -> Vec<Event> {
    let mut em = Emitter::new(ctx);
    instability(&mut em, dice);
    let targets = targets_this_month(&em.state);
    if targets.is_empty() {
        return em.events;
    }
    em.minor(MinorEvent::Began { targets });
    let owing: Vec<PowerId> = em
        .state
        .powers_in_game()
        .into_iter()
        .filter(|p| !rollable(&em.ctx(), *p).is_empty())
        .collect();
    if owing.is_empty() {
        choose(&mut em, &BTreeMap::new(), dice);
        return next(em);
    }
    em.minor(MinorEvent::Up {
        stage: Stage::Willing,
    });
    em.push(Event::RoundOpened {
        round: RoundKind::MinorControl,
        sealed: true,
        owing,
    });
    em.events
}

/// 4.6, 4.6.2, 4.6.3.1: chooses the power that runs each target, from the powers that wish to roll.
fn choose(em: &mut Emitter, wishes: &BTreeMap<PowerId, Vec<MinorId>>, dice: &mut Dice) {
    let targets = em.ms().targets.clone();
    let mut setups = Vec::new();
    for t in &targets {
        let m = t.minor;
        let mname = minor_name(em.scenario, m);
        let enemies: Vec<PowerId> = em
            .state
            .enemies(Nation::Minor(m))
            .into_iter()
            .filter_map(|n| n.power())
            .collect();
        let willing: Vec<PowerId> = wishes
            .iter()
            .filter(|(p, ms)| ms.contains(&m) && eligible(&em.state, **p, m))
            .map(|(p, _)| *p)
            .collect();
        let non_allies: Vec<PowerId> = willing
            .iter()
            .copied()
            .filter(|p| !enemies.iter().any(|e| em.state.allied(*p, *e)))
            .collect();
        let pool = if non_allies.is_empty() {
            willing
        } else {
            non_allies
        };
        if pool.is_empty() {
            em.minor(MinorEvent::NoRunner { minor: m });
            let d = districts(em.scenario, m);
            for a in &t.attackers {
                let e = points(
                    em.scenario,
                    *a,
                    "declare-war-minor-district",
                    -d,
                    "4.2.1.2",
                    format!(
                        "no major power can be found to run {mname}: the declaration costs nothing"
                    ),
                );
                em.push(e);
            }
            continue;
        }
        let def = em.scenario.minor(m);
        let entrants: Vec<Entrant<PowerId>> = pool
            .iter()
            .map(|p| {
                let mut modifiers = Vec::new();
                let nat = def
                    .and_then(|d| d.national_modifiers.get(p).copied())
                    .unwrap_or(0);
                if nat != 0 {
                    modifiers.push(Modifier::new(
                        nat,
                        "4.6.2.1",
                        format!("national modifier for {mname}"),
                    ));
                }
                // 14.3.2.1.4: an UMP uses its controller's status modifier.
                let shown = crate::world::ump_rules::display_power(&em.state, *p);
                if let Some(line) = status::status_line(em.scenario, &em.state, shown)
                    && line.modifier != 0
                {
                    let (rule, whose) = if shown != *p {
                        (
                            "14.3.2.1.4",
                            format!(" of its controller {}", name(em.scenario, shown)),
                        )
                    } else {
                        ("4.6.2.2", String::new())
                    };
                    modifiers.push(Modifier::new(
                        line.modifier,
                        rule,
                        format!("status modifier{whose} ({} zone)", line.zone),
                    ));
                }
                // 4.6.2.3: at war with any power that has declared war on the minor (this month or before).
                if let Some(a) = enemies
                    .iter()
                    .find(|a| em.state.at_war(Nation::Power(*p), Nation::Power(**a)))
                {
                    modifiers.push(Modifier::new(
                        em.scenario.charts.minor_control.already_at_war_modifier,
                        "4.6.2.3",
                        format!("already at war with {}", name(em.scenario, *a)),
                    ));
                }
                Entrant {
                    id: *p,
                    label: p.to_string(),
                    modifiers,
                }
            })
            .collect();
        let (rolls, ranking) =
            competitive(dice, "4.6.2", &format!("control of {mname}"), 1, &entrants);
        for roll in rolls {
            em.push(Event::World(WorldEvent::DiceRolled { roll }));
        }
        let w = ranking[0];
        em.minor(MinorEvent::Chosen { minor: m, power: w });
        let d = districts(em.scenario, m);
        let e = points(
            em.scenario,
            w,
            "minor-control-district",
            d,
            "4.6.3.1",
            format!("chosen to run {mname} ({d} district(s))"),
        );
        em.push(e);
        let has = has_forces(em.scenario, m);
        // 4.8: a power that once declared the minor a free state runs it as one, forces or not.
        let declared = em.state.may_hold_conquered(em.scenario, m, w).err();
        let free = has || declared.is_some();
        em.push(Event::World(WorldEvent::MinorChanged {
            minor: m,
            controller: Some(w),
            status: if free {
                MinorStatus::FreeState
            } else {
                MinorStatus::Conquered
            },
            rule: if has {
                "4.6.3.1".into()
            } else {
                declared
                    .as_ref()
                    .map_or("4.6.3.1".into(), |e| e.rule.clone())
            },
            reason: format!(
                "{} runs {mname} as a {}{}",
                name(em.scenario, w),
                if free {
                    "free state"
                } else {
                    "conquered minor"
                },
                match (&declared, has) {
                    (Some(e), false) => format!(" ({})", e.reason),
                    _ => String::new(),
                }
            ),
        }));
        for a in em.scenario.areas_of(Nation::Minor(m)) {
            em.push(Event::World(WorldEvent::AreaControlChanged {
                area: a,
                holder: Some(Nation::Power(w)),
                rule: "4.6.3.1".into(),
                reason: format!(
                    "{} places its control flag in {mname}",
                    name(em.scenario, w)
                ),
            }));
        }
        if free {
            em.minor(MinorEvent::CombatPoints { minor: m, power: w });
            if def.is_some_and(|d| d.forces.infantry + d.forces.cavalry + d.forces.ships > 0) {
                setups.push(Stage::SetUp { power: w, minor: m });
            }
        }
    }
    let order = &em.scenario.charts.minor_control.setup_order;
    let rank = |p: PowerId| order.iter().position(|q| *q == p).unwrap_or(order.len());
    setups.sort_by_key(|s| match s {
        Stage::SetUp { power, minor } => (rank(*power), *power, *minor),
        _ => unreachable!(),
    });
    em.minor(MinorEvent::Phase {
        phase: Phase::SetUp,
        queue: setups,
    });
}

/// Why `a` must back down from a minor also attacked by the others (4.6.4), if it must.
fn forced_reason(ctx: &Ctx, t: &Target, a: PowerId) -> Option<String> {
    for b in &t.attackers {
        if *b == a || ctx.state.at_war(Nation::Power(a), Nation::Power(*b)) {
            continue;
        }
        if let Err(e) = declarations::check_target(&ctx.world(), a, Nation::Power(*b)) {
            return Some(format!(
                "it cannot declare war on {}, which also declared war on {} ({} {})",
                name(ctx.scenario, *b),
                minor_name(ctx.scenario, t.minor),
                e.rule,
                e.reason
            ));
        }
    }
    None
}

/// The minors from which `p` may choose to back down now.
fn may_back_down(ctx: &Ctx, p: PowerId) -> Vec<MinorId> {
    ctx.state
        .minor_control
        .targets
        .iter()
        .filter(|t| t.attackers.len() > 1 && t.remaining().contains(&p))
        .map(|t| t.minor)
        .collect()
}

/// The major powers at war with `minor`: this month's attackers that did not back down, and any earlier one
/// still at war with it (4.6.5's aggressors).
fn aggressors(st: &State, minor: MinorId) -> Vec<PowerId> {
    st.enemies(Nation::Minor(minor))
        .into_iter()
        .filter_map(|n| n.power())
        .collect()
}

/// The aggressors of `minor` that its controller `power` may still declare war on (4.6.5, 4.2.2).
fn supportable(ctx: &Ctx, power: PowerId, minor: MinorId) -> Vec<PowerId> {
    if !ctx
        .state
        .minor_control
        .targets
        .iter()
        .any(|t| t.minor == minor)
    {
        return Vec::new();
    }
    aggressors(ctx.state, minor)
        .into_iter()
        .filter(|a| {
            *a != power
                && !ctx.state.at_war(Nation::Power(power), Nation::Power(*a))
                && declarations::check_target(&ctx.world(), power, Nation::Power(*a)).is_ok()
        })
        .collect()
}

/// Opens the next round, or ends the step.
fn next(mut em: Emitter) -> Vec<Event> {
    loop {
        if let Some(stage) = em.ms().queue.first().copied() {
            let owing = match stage {
                Stage::SetUp { power, .. } | Stage::Support { power, .. } => vec![power],
                _ => vec![],
            };
            if let Stage::Support { power, minor } = stage
                && supportable(&em.ctx(), power, minor).is_empty()
            {
                let mut q = em.ms().queue.clone();
                q.remove(0);
                let phase = em.ms().phase;
                em.minor(MinorEvent::Phase { phase, queue: q });
                continue;
            }
            em.minor(MinorEvent::Up { stage });
            em.push(Event::RoundOpened {
                round: RoundKind::MinorControl,
                sealed: false,
                owing,
            });
            return em.events;
        }
        match em.ms().phase {
            Phase::Willing | Phase::SetUp => {
                em.minor(MinorEvent::Phase {
                    phase: Phase::BackDown,
                    queue: Vec::new(),
                });
                // Forced back-downs first (4.6.4).
                let targets = em.ms().targets.clone();
                for t in targets.iter().filter(|t| t.attackers.len() > 1) {
                    for a in &t.attackers {
                        if let Some(reason) = forced_reason(&em.ctx(), t, *a) {
                            em.minor(MinorEvent::BackedDown {
                                minor: t.minor,
                                power: *a,
                                forced: Some(reason),
                            });
                        }
                    }
                }
                let owing: Vec<PowerId> = em
                    .state
                    .powers_in_game()
                    .into_iter()
                    .filter(|p| !may_back_down(&em.ctx(), *p).is_empty())
                    .collect();
                if !owing.is_empty() {
                    em.minor(MinorEvent::Up {
                        stage: Stage::BackDown,
                    });
                    em.push(Event::RoundOpened {
                        round: RoundKind::MinorControl,
                        sealed: true,
                        owing,
                    });
                    return em.events;
                }
                back_downs(&mut em);
            }
            Phase::BackDown => back_downs(&mut em),
            Phase::Support => {
                record_peace(&mut em);
                em.minor(MinorEvent::Ended);
                return em.events;
            }
        }
    }
}

/// After the back-down round: the wars of those who backed down end (4.6.4), the remaining attackers of each
/// minor declare war on each other (4.6.4.2), then the support rounds are queued (4.6.5).
fn back_downs(em: &mut Emitter) {
    let now = em.state.date();
    let targets = em.ms().targets.clone();
    for t in &targets {
        let mname = minor_name(em.scenario, t.minor);
        for a in &t.backed_down {
            if em.state.at_war(Nation::Power(*a), Nation::Minor(t.minor)) {
                em.push(Event::World(WorldEvent::WarEnded {
                    a: Nation::Power(*a),
                    b: Nation::Minor(t.minor),
                    date: now,
                    rule: "4.6.4".into(),
                    reason: format!(
                        "{} backs down from its declaration on {mname} (its points stay paid; no alliance is broken)",
                        name(em.scenario, *a)
                    ),
                }));
            }
        }
    }
    for t in &targets {
        let rem = t.remaining();
        if rem.len() < 2 {
            continue;
        }
        let mname = minor_name(em.scenario, t.minor);
        let mut declared: BTreeSet<PowerId> = BTreeSet::new();
        for (i, a) in rem.iter().enumerate() {
            for b in &rem[i + 1..] {
                let (na, nb) = (Nation::Power(*a), Nation::Power(*b));
                if em.state.at_war(na, nb) {
                    continue;
                }
                if em.state.allied(*a, *b) {
                    em.push(Event::World(WorldEvent::AllianceBroken {
                        a: *a,
                        b: *b,
                        by: vec![*a, *b],
                        date: now,
                        rule: "4.6.4.2.2".into(),
                        reason: format!("forced declarations of war over {mname}"),
                    }));
                    for (x, y) in [(*a, *b), (*b, *a)] {
                        let e = points(
                            em.scenario,
                            x,
                            "break-alliance",
                            1,
                            "4.6.4.2.2",
                            format!(
                                "alliance with {} broken by the forced declarations over {mname}",
                                name(em.scenario, y)
                            ),
                        );
                        em.push(e);
                    }
                }
                let married = em.state.relations.royal_marriages.iter().any(|r| {
                    r.broken.is_none() && ((r.a == *a && r.b == *b) || (r.a == *b && r.b == *a))
                });
                if married {
                    em.push(Event::World(WorldEvent::RoyalMarriage {
                        a: *a,
                        b: *b,
                        made: false,
                        date: now,
                        rule: "4.6.4.2.2".into(),
                    }));
                    for (x, y) in [(*a, *b), (*b, *a)] {
                        let e = points(
                            em.scenario,
                            x,
                            "broken-royal-marriage",
                            1,
                            "4.6.4.2.2",
                            format!(
                                "royal marriage with {} broken by the forced declarations over {mname}",
                                name(em.scenario, y)
                            ),
                        );
                        em.push(e);
                    }
                }
                // The war begins once the alliance and the marriage are broken: never allied and at war.
                em.push(Event::World(WorldEvent::WarDeclared {
                    aggressor: na,
                    defender: nb,
                    cause: WarCause::Rule {
                        rule: "4.6.4.2".into(),
                    },
                    since: now,
                    rule: "4.6.4.2".into(),
                }));
                declared.insert(*a);
                declared.insert(*b);
            }
        }
        for p in declared {
            let e = points(
                em.scenario,
                p,
                "forced-declarations",
                1,
                "4.6.4.2.1",
                format!("forced declarations of war on the other attackers of {mname}, in total"),
            );
            em.push(e);
        }
    }
    let queue: Vec<Stage> = em
        .ms()
        .targets
        .iter()
        .filter_map(|t| {
            t.controller.map(|c| Stage::Support {
                power: c,
                minor: t.minor,
            })
        })
        .filter(|s| match s {
            Stage::Support { power, minor } => !supportable(&em.ctx(), *power, *minor).is_empty(),
            _ => false,
        })
        .collect();
    em.minor(MinorEvent::Phase {
        phase: Phase::Support,
        queue,
    });
}

/// 4.6.5.2, 4.6.5.3: records each controller at peace with an aggressor of its minor.
fn record_peace(em: &mut Emitter) {
    let targets = em.ms().targets.clone();
    for t in targets {
        let Some(c) = t.controller else { continue };
        for a in aggressors(&em.state, t.minor) {
            if !em.state.at_war(Nation::Power(c), Nation::Power(a)) {
                em.minor(MinorEvent::NotAtWar(NotAtWar {
                    minor: t.minor,
                    controller: c,
                    aggressor: a,
                }));
            }
        }
    }
}

fn stage(ctx: &Ctx) -> Option<Stage> {
    ctx.state.minor_control.current
}

/// The default set-up of a minor (3.6): every land factor in the capital (one corps if it has corps, else a
/// garrison); the fleet in the capital if it is a port, else in the first port, else the first adjacent sea.
fn default_setup(scenario: &Scenario, m: MinorId) -> MinorDecision {
    let Some(def) = scenario.minor(m) else {
        return MinorDecision::SetUp {
            corps: vec![],
            garrisons: vec![],
            fleet: None,
        };
    };
    let all = Placement {
        area: def.capital,
        infantry: def.forces.infantry,
        cavalry: def.forces.cavalry,
    };
    let land = def.forces.infantry + def.forces.cavalry > 0;
    let (corps, garrisons) = match (land, def.corps > 0) {
        (false, _) => (vec![], vec![]),
        (true, true) => (vec![all], vec![]),
        (true, false) => (vec![], vec![all]),
    };
    let fleet = (def.forces.ships > 0)
        .then(|| fleet_places(scenario, m).into_iter().next())
        .flatten();
    MinorDecision::SetUp {
        corps,
        garrisons,
        fleet,
    }
}

/// Where a minor's fleet may be set up (4.6.3.5): its ports (the capital first) and the seas next to them.
pub(crate) fn fleet_places(scenario: &Scenario, m: MinorId) -> Vec<Location> {
    let Some(def) = scenario.minor(m) else {
        return Vec::new();
    };
    let mut ports: Vec<AreaId> = scenario
        .territory(Nation::Minor(m))
        .iter()
        .copied()
        .filter(|a| scenario.area(*a).is_some_and(|d| d.port))
        .collect();
    ports.sort_by_key(|a| (*a != def.capital, *a));
    let mut seas: Vec<SeaId> = Vec::new();
    for a in &ports {
        for s in scenario
            .area(*a)
            .map(|d| d.seas.clone())
            .unwrap_or_default()
        {
            if !seas.contains(&s) {
                seas.push(s);
            }
        }
    }
    ports
        .into_iter()
        .map(Location::Area)
        .chain(seas.into_iter().map(Location::Sea))
        .collect()
}

/// `power`'s legal decisions in the current round (a representative list: any subset is legal where a list
/// is asked for; any set-up passing `check` is legal).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let wrap = |m: MinorDecision| Decision::MinorControl(m);
    match stage(ctx) {
        Some(Stage::Willing) => {
            let r = rollable(ctx, power);
            let mut v = vec![wrap(MinorDecision::Roll { minors: vec![] })];
            if r.len() > 1 {
                v.extend(
                    r.iter()
                        .map(|m| wrap(MinorDecision::Roll { minors: vec![*m] })),
                );
            }
            v.push(wrap(MinorDecision::Roll { minors: r }));
            v
        }
        Some(Stage::SetUp { power: p, minor }) if p == power => {
            let mut v = vec![wrap(default_setup(ctx.scenario, minor))];
            if let Some(def) = ctx.scenario.minor(minor)
                && def.corps > 0
                && def.forces.infantry + def.forces.cavalry > 0
            {
                let all = Placement {
                    area: def.capital,
                    infantry: def.forces.infantry,
                    cavalry: def.forces.cavalry,
                };
                let fleet = fleet_places(ctx.scenario, minor).into_iter().next();
                v.push(wrap(MinorDecision::SetUp {
                    corps: vec![],
                    garrisons: vec![all],
                    fleet: if def.forces.ships > 0 { fleet } else { None },
                }));
            }
            v
        }
        Some(Stage::BackDown) => {
            let b = may_back_down(ctx, power);
            let mut v = vec![wrap(MinorDecision::BackDown { minors: vec![] })];
            if b.len() > 1 {
                v.extend(
                    b.iter()
                        .map(|m| wrap(MinorDecision::BackDown { minors: vec![*m] })),
                );
            }
            v.push(wrap(MinorDecision::BackDown { minors: b }));
            v
        }
        Some(Stage::Support { power: p, minor }) if p == power => {
            let s = supportable(ctx, power, minor);
            let mut v = vec![wrap(MinorDecision::Support { against: vec![] })];
            if s.len() > 1 {
                v.extend(
                    s.iter()
                        .map(|a| wrap(MinorDecision::Support { against: vec![*a] })),
                );
            }
            v.push(wrap(MinorDecision::Support { against: s }));
            v
        }
        _ => Vec::new(),
    }
}

/// The default decision of `power` (3.6): see the module's documentation.
pub fn default(ctx: &Ctx, power: PowerId) -> Decision {
    Decision::MinorControl(match stage(ctx) {
        Some(Stage::Willing) => MinorDecision::Roll {
            minors: rollable(ctx, power),
        },
        Some(Stage::SetUp { minor, .. }) => default_setup(ctx.scenario, minor),
        Some(Stage::BackDown) => MinorDecision::BackDown {
            minors: may_back_down(ctx, power),
        },
        _ => MinorDecision::Support { against: vec![] },
    })
}

fn not_asked(ctx: &Ctx, power: PowerId, what: &str) -> RuleError {
    RuleError::new(
        "3.1",
        format!("{} is not asked for {what} now", name(ctx.scenario, power)),
    )
}

/// Checks a decision.
pub fn check(ctx: &Ctx, power: PowerId, d: &MinorDecision) -> RuleResult<()> {
    let me = name(ctx.scenario, power);
    match (stage(ctx), d) {
        (Some(Stage::Willing), MinorDecision::Roll { minors }) => {
            super::distinct(minors)?;
            let st = &ctx.state.minor_control;
            for m in minors {
                let mname = minor_name(ctx.scenario, *m);
                if !st.targets.iter().any(|t| t.minor == *m) {
                    return Err(RuleError::new(
                        "4.6",
                        format!("{mname} is not a neutral minor country declared on this month"),
                    ));
                }
                if !eligible(ctx.state, power, *m) {
                    return Err(RuleError::new(
                        "4.6",
                        format!("{me} is at war with {mname}, so it may not run it"),
                    ));
                }
            }
            Ok(())
        }
        (Some(Stage::Willing), _) => Err(RuleError::new(
            "4.6.2",
            "say which minor countries you wish to roll for: `roll MINOR[,MINOR]` or `roll none`",
        )),
        (
            Some(Stage::SetUp { power: p, minor }),
            MinorDecision::SetUp {
                corps,
                garrisons,
                fleet,
            },
        ) if p == power => check_setup(ctx, minor, corps, garrisons, fleet),
        (Some(Stage::BackDown), MinorDecision::BackDown { minors }) => {
            super::distinct(minors)?;
            let free = may_back_down(ctx, power);
            for m in minors {
                if !free.contains(m) {
                    return Err(RuleError::new(
                        "4.6.4",
                        format!(
                            "{me} may not back down from {}: only attackers of a minor country declared on by several powers may, and only once",
                            minor_name(ctx.scenario, *m)
                        ),
                    ));
                }
            }
            Ok(())
        }
        (Some(Stage::Support { power: p, minor }), MinorDecision::Support { against })
            if p == power =>
        {
            super::distinct(against)?;
            let ok = supportable(ctx, power, minor);
            for a in against {
                if !ok.contains(a) {
                    let aname = name(ctx.scenario, *a);
                    let why = if ctx.state.at_war(Nation::Power(power), Nation::Power(*a)) {
                        format!("{me} is already at war with {aname}")
                    } else if let Err(e) =
                        declarations::check_target(&ctx.world(), power, Nation::Power(*a))
                    {
                        return Err(RuleError::new(
                            e.rule.as_str(),
                            format!("{me} may not declare war on {aname}: {}", e.reason),
                        ));
                    } else {
                        format!(
                            "{aname} is not an aggressor of {}",
                            minor_name(ctx.scenario, minor)
                        )
                    };
                    return Err(RuleError::new("4.6.5", why));
                }
            }
            Ok(())
        }
        _ => Err(not_asked(ctx, power, &format!("`{}`", d))),
    }
}

fn check_setup(
    ctx: &Ctx,
    m: MinorId,
    corps: &[Placement],
    garrisons: &[Placement],
    fleet: &Option<Location>,
) -> RuleResult<()> {
    let Some(def) = ctx.scenario.minor(m) else {
        return Err(RuleError::new(
            "3.4",
            format!("unknown minor country `{m}`"),
        ));
    };
    if corps.len() > def.corps as usize {
        return Err(RuleError::new(
            "4.6.3.4",
            format!(
                "{} has {} corps counter(s), not {}",
                def.name,
                def.corps,
                corps.len()
            ),
        ));
    }
    let territory = ctx.scenario.territory(Nation::Minor(m));
    let (mut inf, mut cav) = (0u32, 0u32);
    for (i, pl) in corps.iter().chain(garrisons).enumerate() {
        if !territory.contains(&pl.area) {
            return Err(RuleError::new(
                "4.6.3.4",
                format!("{} is not an area of {}", pl.area, def.name),
            ));
        }
        if i < corps.len() && pl.infantry + pl.cavalry == 0 {
            return Err(RuleError::new(
                "4.6.3.4",
                format!("a corps set up in {} needs at least one factor", pl.area),
            ));
        }
        inf += pl.infantry as u32;
        cav += pl.cavalry as u32;
    }
    if inf != def.forces.infantry as u32 || cav != def.forces.cavalry as u32 {
        return Err(RuleError::new(
            "4.6.3.3",
            format!(
                "{} sets up {} infantry and {} cavalry factors (chart), not {inf} and {cav}",
                def.name, def.forces.infantry, def.forces.cavalry
            ),
        ));
    }
    match (def.forces.ships > 0, fleet) {
        (false, None) => Ok(()),
        (false, Some(_)) => Err(RuleError::new(
            "4.6.3.5",
            format!("{} has no fleet", def.name),
        )),
        (true, None) => Err(RuleError::new(
            "4.6.3.5",
            format!(
                "{}'s fleet of {} ships must be set up in one of its ports or a sea next to one",
                def.name, def.forces.ships
            ),
        )),
        (true, Some(l)) => {
            if fleet_places(ctx.scenario, m).contains(l) {
                Ok(())
            } else {
                Err(RuleError::new(
                    "4.6.3.5",
                    format!(
                        "{} is not a port of {} nor a sea next to one",
                        location_text(l),
                        def.name
                    ),
                ))
            }
        }
    }
}

/// Resolves the current round.
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>, dice: &mut Dice) -> Vec<Event> {
    let mut em = Emitter::new(ctx);
    let get = |p: &PowerId| match decisions.get(p) {
        Some(Decision::MinorControl(m)) => Some(m.clone()),
        _ => None,
    };
    match stage(ctx) {
        Some(Stage::Willing) => {
            em.push(Event::Revealed {
                round: RoundKind::MinorControl,
                decisions: decisions.clone(),
            });
            let wishes: BTreeMap<PowerId, Vec<MinorId>> = decisions
                .keys()
                .filter_map(|p| match get(p) {
                    Some(MinorDecision::Roll { minors }) => Some((*p, minors)),
                    _ => None,
                })
                .collect();
            choose(&mut em, &wishes, dice);
        }
        Some(Stage::SetUp { power, minor }) => {
            if let Some(MinorDecision::SetUp {
                corps,
                garrisons,
                fleet,
            }) = get(&power)
            {
                set_up(&mut em, power, minor, &corps, &garrisons, fleet);
            }
        }
        Some(Stage::BackDown) => {
            em.push(Event::Revealed {
                round: RoundKind::MinorControl,
                decisions: decisions.clone(),
            });
            for p in decisions.keys() {
                if let Some(MinorDecision::BackDown { minors }) = get(p) {
                    for m in minors {
                        em.minor(MinorEvent::BackedDown {
                            minor: m,
                            power: *p,
                            forced: None,
                        });
                    }
                }
            }
            back_downs(&mut em);
        }
        Some(Stage::Support { power, minor }) => {
            if let Some(MinorDecision::Support { against }) = get(&power) {
                support(&mut em, power, minor, &against);
            }
        }
        None => {}
    }
    next(em)
}

/// 4.6.3.3 to 4.6.3.5: puts the minor's forces on the map.
fn set_up(
    em: &mut Emitter,
    power: PowerId,
    m: MinorId,
    corps: &[Placement],
    garrisons: &[Placement],
    fleet: Option<Location>,
) {
    let Some(def) = em.scenario.minor(m).cloned() else {
        return;
    };
    let owner = Nation::Minor(m);
    let capacity = Factors {
        infantry: def.forces.infantry,
        cavalry: def.forces.cavalry,
        ..Default::default()
    };
    for (i, pl) in corps.iter().enumerate() {
        let Ok(id) = CorpsId::new(&format!("{m}-{}", i + 1)) else {
            continue;
        };
        em.push(Event::World(WorldEvent::CorpsCreated {
            corps: id,
            corps_def: Corps {
                owner,
                kind: CorpsKind::Infantry,
                capacity,
                factors: Factors {
                    infantry: pl.infantry,
                    cavalry: pl.cavalry,
                    ..Default::default()
                },
                location: Location::Area(pl.area),
            },
            rule: "4.6.3.4".into(),
            reason: format!(
                "{} sets up a corps of {}",
                name(em.scenario, power),
                def.name
            ),
        }));
    }
    let mut by_area: BTreeMap<AreaId, Factors> = BTreeMap::new();
    for pl in garrisons {
        let e = by_area.entry(pl.area).or_default();
        e.infantry += pl.infantry;
        e.cavalry += pl.cavalry;
    }
    for (area, f) in by_area {
        if f.is_empty() {
            continue;
        }
        let now = em
            .state
            .forces
            .garrisons
            .get(&(area, owner))
            .copied()
            .unwrap_or_default();
        em.push(Event::World(WorldEvent::GarrisonChanged {
            area,
            owner,
            factors: now.plus(&f),
            rule: "4.6.3.4".into(),
            reason: format!("{} garrisons {}", name(em.scenario, power), def.name),
        }));
    }
    if let Some(l) = fleet
        && def.forces.ships > 0
        && let Ok(id) = FleetId::new(&format!("{m}-fleet"))
    {
        em.push(Event::World(WorldEvent::FleetCreated {
            fleet: id,
            fleet_def: Fleet {
                owner,
                ships: def.forces.ships,
                location: l,
            },
            rule: "4.6.3.5".into(),
            reason: format!(
                "{} sets up the fleet of {}",
                name(em.scenario, power),
                def.name
            ),
        }));
    }
    em.minor(MinorEvent::ForcesSetUp { minor: m, power });
}

/// 4.6.5, 4.6.5.1: the controller's declarations on the aggressors of its minor.
fn support(em: &mut Emitter, power: PowerId, m: MinorId, against: &[PowerId]) {
    if against.is_empty() {
        return;
    }
    let now = em.state.date();
    let mname = minor_name(em.scenario, m);
    let e = points(
        em.scenario,
        power,
        "support-declarations",
        1,
        "4.6.5.1",
        format!("declarations of war in support of {mname}, in total"),
    );
    em.push(e);
    for a in against {
        if em.state.allied(power, *a) {
            em.push(Event::World(WorldEvent::AllianceBroken {
                a: power,
                b: *a,
                by: vec![power],
                date: now,
                rule: "4.6.5.1".into(),
                reason: format!(
                    "{} declared war on its ally in support of {mname}",
                    name(em.scenario, power)
                ),
            }));
            let e = points(
                em.scenario,
                power,
                "break-alliance",
                1,
                "4.6.5.1",
                format!(
                    "broke its alliance with {} in support of {mname}",
                    name(em.scenario, *a)
                ),
            );
            em.push(e);
        }
    }
    for a in against {
        em.push(Event::World(WorldEvent::WarDeclared {
            aggressor: Nation::Power(power),
            defender: Nation::Power(*a),
            cause: WarCause::Rule {
                rule: "4.6.5".into(),
            },
            since: now,
            rule: "4.6.5".into(),
        }));
    }
}

/// Rule 4.6.6, checked in the Peace Step (4.4): a war of a major power with a minor country not yet conquered
/// (and not its own) lapses when none of its corps (its own or its minors'; cossacks and freikorps do not count)
/// stands inside the minor; for a minor of several districts with a secondary district conquered (the NOTE),
/// inside the rest of it. Wars declared this month do not lapse (their invaders have had no Land Phase to
/// enter). Its garrisons, cossacks and freikorps in the rest of the minor are repatriated as in 4.4.6.2: to
/// the nearest areas it controls (garrisons: with a city or one of its depots), as `peace` finds them; when
/// several are equidistant the force is returned as a placement its owner chooses in the Peace Step.
pub fn lapse_of_war(ctx: &Ctx) -> (Vec<Event>, Vec<peace::Placement>) {
    let st = ctx.state;
    let now = st.date();
    let mut ev = Vec::new();
    let mut placements = Vec::new();
    let wars: Vec<(PowerId, MinorId)> = st
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_none() && w.since < now)
        .filter_map(|w| match (w.aggressor, w.defender) {
            (Nation::Power(p), Nation::Minor(m)) | (Nation::Minor(m), Nation::Power(p)) => {
                Some((p, m))
            }
            _ => None,
        })
        .collect();
    for (p, m) in wars {
        let Some(def) = ctx.scenario.minor(m) else {
            continue;
        };
        let ms = st.minors.get(&m);
        // "Prior to the conquest": a conquered minor, or one `p` controls, has no war to lapse.
        if ms.is_some_and(|s| s.controller == Some(p) || s.status == MinorStatus::Conquered) {
            continue;
        }
        let conquered = ms
            .map(|s| s.conquered_districts.clone())
            .unwrap_or_default();
        let conquered_provinces: BTreeSet<_> = def
            .districts
            .iter()
            .filter(|d| conquered.contains(&d.id))
            .flat_map(|d| d.provinces.iter().copied())
            .collect();
        let territory = ctx.scenario.territory(Nation::Minor(m));
        let rest: Vec<AreaId> = territory
            .iter()
            .copied()
            .filter(|a| {
                ctx.scenario
                    .area(*a)
                    .is_none_or(|d| !conquered_provinces.contains(&d.province))
            })
            .collect();
        let me = Nation::Power(p);
        // Its corps: its own and those of the minors it controls.
        let mine = |n: Nation| st.controller_of(n) == Some(p);
        let invading = st.forces.corps.values().any(|c| {
            mine(c.owner)
                && !matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps)
                && matches!(c.location, Location::Area(a) if rest.contains(&a))
        });
        if invading {
            continue;
        }
        ev.push(Event::World(WorldEvent::WarEnded {
            a: me,
            b: Nation::Minor(m),
            date: now,
            rule: "4.6.6".into(),
            reason: format!(
                "{} has no corps inside {}: its war with it lapses",
                name(ctx.scenario, p),
                def.name
            ),
        }));
        let reason = format!("repatriated from {} (4.6.6, 4.4.6.2)", def.name);
        // 4.4.6.2: the nearest areas it controls outside the rest of the minor; garrisons to one with a city or
        // one of its depots. Several equidistant areas: its owner chooses in the Peace Step.
        let friendly = |x: AreaId| st.area_power(ctx.scenario, x) == Some(p) && !rest.contains(&x);
        let holds = |x: AreaId| {
            friendly(x)
                && (ctx.scenario.area(x).is_some_and(|d| d.city.is_some())
                    || st.forces.depots.get(&x).is_some_and(|d| d.contains(&me)))
        };
        for (id, c) in &st.forces.corps {
            if c.owner == me
                && matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps)
                && let Location::Area(a) = c.location
                && rest.contains(&a)
            {
                let options = peace::nearest(ctx.scenario, a, friendly);
                let location = match options.as_slice() {
                    [] => Location::OffMap,
                    [to] => Location::Area(*to),
                    _ => {
                        placements.push(peace::Placement {
                            owner: me,
                            item: peace::Item::Corps(*id),
                            from: a,
                            options,
                            rule: "4.6.6".into(),
                        });
                        continue;
                    }
                };
                ev.push(Event::World(WorldEvent::CorpsChanged {
                    corps: *id,
                    factors: c.factors,
                    location,
                    rule: "4.6.6".into(),
                    reason: reason.clone(),
                }));
            }
        }
        let mut moved: BTreeMap<AreaId, Factors> = BTreeMap::new();
        for ((a, owner), g) in &st.forces.garrisons {
            if *owner != me || !rest.contains(a) || g.is_empty() {
                continue;
            }
            let options = peace::nearest(ctx.scenario, *a, holds);
            if options.is_empty() {
                continue;
            }
            ev.push(Event::World(WorldEvent::GarrisonChanged {
                area: *a,
                owner: me,
                factors: Factors::default(),
                rule: "4.6.6".into(),
                reason: reason.clone(),
            }));
            if let [to] = options.as_slice() {
                let e = moved.entry(*to).or_insert_with(|| {
                    st.forces
                        .garrisons
                        .get(&(*to, me))
                        .copied()
                        .unwrap_or_default()
                });
                *e = e.plus(g);
            } else {
                placements.push(peace::Placement {
                    owner: me,
                    item: peace::Item::Garrison(*g),
                    from: *a,
                    options,
                    rule: "4.6.6".into(),
                });
            }
        }
        for (to, f) in moved {
            ev.push(Event::World(WorldEvent::GarrisonChanged {
                area: to,
                owner: me,
                factors: f,
                rule: "4.6.6".into(),
                reason: reason.clone(),
            }));
        }
    }
    (ev, placements)
}

fn parse_placements(s: &str) -> RuleResult<Vec<Placement>> {
    let bad = || {
        RuleError::new(
            "3.3",
            "write a placement as AREA:Ni+Mc (e.g. munich:6i+2c), several separated by commas",
        )
    };
    let s = s.trim();
    if s.is_empty() || s == "none" {
        return Ok(Vec::new());
    }
    s.split(',')
        .map(|p| {
            let (area, f) = p.trim().split_once(':').ok_or_else(bad)?;
            let area = AreaId::new(area.trim()).map_err(|_| bad())?;
            let (mut infantry, mut cavalry) = (0, 0);
            for part in f.split('+') {
                let part = part.trim();
                if let Some(n) = part.strip_suffix('i') {
                    infantry = n.parse().map_err(|_| bad())?;
                } else if let Some(n) = part.strip_suffix('c') {
                    cavalry = n.parse().map_err(|_| bad())?;
                } else {
                    return Err(bad());
                }
            }
            Ok(Placement {
                area,
                infantry,
                cavalry,
            })
        })
        .collect()
}

fn parse_minors(rest: &str, scenario: &Scenario) -> RuleResult<Vec<MinorId>> {
    if rest.is_empty() || rest == "none" {
        return Ok(Vec::new());
    }
    rest.split([',', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| match scenario.nation_by_name(n) {
            Some(Nation::Minor(m)) => Ok(m),
            _ => Err(RuleError::new(
                "3.4",
                format!("`{n}` is no minor country of scenario {}", scenario.meta.id),
            )),
        })
        .collect()
}

/// Reads the step's text forms (`None` if `verb` is not one of them): `roll MINOR,..|none`,
/// `setup corps AREA:Ni+Mc,..|none; garrisons AREA:Ni+Mc,..|none; fleet AREA|SEA|none`,
/// `back-down MINOR,..|none`, `support POWER,..|none`.
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<MinorDecision>> {
    let rest = rest.trim();
    Some(match verb {
        "roll" => parse_minors(rest, scenario).map(|minors| MinorDecision::Roll { minors }),
        "back-down" => {
            parse_minors(rest, scenario).map(|minors| MinorDecision::BackDown { minors })
        }
        "support" => {
            if rest.is_empty() || rest == "none" {
                Ok(MinorDecision::Support { against: vec![] })
            } else {
                rest.split([',', ' '])
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(|n| match scenario.nation_by_name(n) {
                        Some(Nation::Power(p)) => Ok(p),
                        _ => Err(RuleError::new(
                            "3.4",
                            format!("`{n}` is no major power of scenario {}", scenario.meta.id),
                        )),
                    })
                    .collect::<RuleResult<Vec<_>>>()
                    .map(|against| MinorDecision::Support { against })
            }
        }
        "setup" => parse_setup(rest, scenario),
        _ => return None,
    })
}

fn parse_setup(rest: &str, scenario: &Scenario) -> RuleResult<MinorDecision> {
    let (mut corps, mut garrisons, mut fleet) = (Vec::new(), Vec::new(), None);
    for section in rest.split(';') {
        let section = section.trim();
        if section.is_empty() {
            continue;
        }
        let (key, val) = section
            .split_once(char::is_whitespace)
            .unwrap_or((section, ""));
        match key {
            "corps" => corps = parse_placements(val)?,
            "garrisons" => garrisons = parse_placements(val)?,
            "fleet" => {
                let v = val.trim();
                fleet = if v.is_empty() || v == "none" {
                    None
                } else if let Some(a) = scenario.map.areas.iter().find(|a| a.id.as_str() == v) {
                    Some(Location::Area(a.id))
                } else if let Some(s) = scenario.map.seas.iter().find(|s| s.id.as_str() == v) {
                    Some(Location::Sea(s.id))
                } else {
                    return Err(RuleError::new(
                        "3.4",
                        format!("`{v}` is no area or sea of scenario {}", scenario.meta.id),
                    ));
                };
            }
            _ => {
                return Err(RuleError::new(
                    "3.3",
                    "write `setup corps AREA:Ni+Mc,..; garrisons AREA:Ni+Mc,..; fleet AREA|SEA|none`",
                ));
            }
        }
    }
    Ok(MinorDecision::SetUp {
        corps,
        garrisons,
        fleet,
    })
}
