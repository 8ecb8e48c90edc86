//! Rule 6 (Coalition's Naval Phase, `docs/rules/naval.md`): the order of movement (6.1), fleet movement through
//! sea areas, ports and blockade boxes (6.2.1 with 12.2.3), fleets a peace obliges to leave (4.4.6.2), and the
//! rules the later steps read: a stack's allowance (`movement`) and the proportional losses of a mixed stack
//! under 12.2.5 (`losses`).
//!
//! The phase, every month:
//! 1. Great Britain chooses its place in the order (one open round, `NavalDecision::Place`); the others follow in
//!    the chart's order (Russia, Turkey, Austria, Prussia, France, Spain). Allies that combined movement in the
//!    Political Phase (4.9) move in the slot of the one that comes last (6.1.2), one after the other.
//! 2. Each mover with a fleet that may still sail gets open rounds of its own: one move (`sail`) or `undo` a
//!    round, until it says `done` (its Naval Movement step, 6.1.3). After each move the enemies whose fleets
//!    reach it may intercept it (Coalition's 6.3, `interception`).
//! 3. Each mover's Naval Combat step follows (6.3, `combat`); corps embark and sail aboard fleets (6.2.5 with
//!    12.2.4, `transport`) and land in the Land Phase (`crate::land::landing`).
//!
//! The loser of a naval battle chooses its port when it has several (12.2.3.5, `retreat`).
//!
//! Not built yet (the note of issue 15 says so): invasion depots, scuttling.
//!
//! Default decision (3.6): Great Britain takes the chart's default place; a mover is `done` at once: its fleets
//! stay where they are; an asked power intercepts nothing; an engaged power stands; a loser retreats to its
//! nearest port.

pub mod combat;
pub mod interception;
pub mod losses;
pub mod movement;
mod notation;
pub mod retreat;
pub mod sailing;
pub mod steam;
pub mod steam_battle;
pub mod steam_odds;
pub mod transport;

pub use notation::parse;
pub use steam_battle::SteamReport;

/// Coalition's 6.3.10 (`docs/rules/naval-1853.md`): whether this scenario's battles are fought with ship kinds
/// and naval chits. The phase chooses the procedure; `combat` runs the 1805 one and hands the other here.
pub(crate) fn steam_era(ctx: &NCtx) -> bool {
    steam_battle::era(ctx)
}

/// Coalition's 6.3.11: a battle with ship kinds begins: both sides are asked their naval chits.
pub(crate) fn ask_steam_chits(
    cx: &mut NCx,
    attacker: PowerId,
    at: crate::scenario::Location,
    dice: &mut crate::kernel::dice::Dice,
) -> Option<crate::world::Ask> {
    steam_battle::ask_chits(cx, attacker, at, dice)
}

use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{CorpsId, FleetId, LeaderId, PowerId};
use crate::scenario::Location;
use crate::world::order::{movers_from, places, slots};
use crate::world::{Ask, Ctx, Cx, Obligation, Step, World, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The rules' reading in this phase: the world and the phase's own records.
pub type NCtx<'a> = Ctx<'a, NavalState>;

/// The phase's way of changing things.
pub type NCx<'a> = Cx<'a, NavalState, NavalEvent>;

/// Where the phase stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// No Naval Phase under way.
    #[default]
    Idle,
    /// 6.1: waiting for Great Britain's place in the order.
    Order,
    /// 6.1.3: a mover's Naval Movement step.
    Moving,
    /// 6.1.3: a mover's Naval Combat step: it may engage where its fleets stand with enemy fleets (6.3).
    Combat,
    /// 6.3: the engaged powers say whether their fleets try to evade.
    Evasion,
    /// Coalition's 6.3: the powers that may intercept the mover's last move say whether they try.
    Interception,
    /// 12.2.3.5: the losing powers of a naval battle with several ports choose where to retreat.
    Retreat,
    /// Coalition's 6.3.11 (a scenario with ship kinds): both sides choose a naval chit, sealed.
    Chits,
}

/// A move waiting for the answers of the powers that may intercept it (Coalition's 6.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interception {
    pub mover: PowerId,
    pub path: Vec<Location>,
    pub asked: Vec<PowerId>,
}

/// An engagement waiting for the defenders' evasion answers (6.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    pub at: Location,
    pub attacker: PowerId,
    /// The defending powers asked whether they evade.
    pub asked: Vec<PowerId>,
}

/// One move as it was made: the fleets that sailed together, their path, and what it cost each (undo reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SailRecord {
    pub fleets: Vec<FleetId>,
    /// Admirals who sailed with them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderId>,
    /// Corps that embarked at the path's start for this move (6.2.5), and the fleet each went aboard.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corps: Vec<(CorpsId, FleetId)>,
    /// Coalition's 6.2.5 (invasion supply): the fleet that took the mover's depot aboard at the path's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depot: Option<FleetId>,
    /// 12.2.3.2: the allowances (before, after) that the embarkation cut.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reduced: BTreeMap<FleetId, (u32, u32)>,
    pub path: Vec<Location>,
    /// Movement points the path cost (each fleet spent them, 6.2.1).
    pub cost: u32,
}

/// What the Naval Phase keeps while it runs (back to nothing when it ends, so an idle phase is not written out).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalState {
    pub stage: Stage,
    /// 6.1: the slots of this phase, each with its movers in the order they move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<Vec<PowerId>>,
    /// The slot whose turn it is, and the mover within it.
    #[serde(default)]
    pub slot: usize,
    #[serde(default)]
    pub mover: usize,
    /// 6.2.1 with 12.2.3: each fleet's movement allowance this phase, from the stack it starts the phase in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allowance: BTreeMap<FleetId, u32>,
    /// Movement points each fleet has spent this phase.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub spent: BTreeMap<FleetId, u32>,
    /// The current mover's moves, in order (`undo` takes back the last).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<SailRecord>,
    /// 6.3: the places the current mover has engaged at in its Naval Combat step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engaged: Vec<Location>,
    /// 6.3: the engagement waiting for evasion answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engagement: Option<Engagement>,
    /// Coalition's 6.3: the move waiting for interception answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interception: Option<Interception>,
    /// 12.2.3.5: the retreats owed after a battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreats: Option<retreat::RetreatsOwed>,
    /// Coalition's 6.3.11: the battle waiting for both sides' chits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chits: Option<steam_battle::ChitsOwed>,
}

impl NavalState {
    /// Whether no Naval Phase is under way (the state is not written out then).
    pub fn is_idle(&self) -> bool {
        *self == NavalState::default()
    }

    /// The power whose Naval Movement step it is, if any.
    pub fn current(&self) -> Option<PowerId> {
        matches!(
            self.stage,
            Stage::Moving
                | Stage::Combat
                | Stage::Evasion
                | Stage::Interception
                | Stage::Retreat
                | Stage::Chits
        )
        .then(|| self.order.get(self.slot)?.get(self.mover).copied())
        .flatten()
    }

    /// Movement points the fleet `id` has left this phase (none for a fleet that had no allowance).
    pub fn left(&self, id: FleetId) -> u32 {
        let spent = self.spent.get(&id).copied().unwrap_or(0);
        self.allowance
            .get(&id)
            .map_or(0, |a| a.saturating_sub(spent))
    }
}

/// The phase's own events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NavalEvent {
    /// A Naval Phase begins; `asking` says whether Great Britain is asked for its place (6.1).
    PhaseBegan { asking: bool },
    /// 6.1: the order of this phase, with the place Great Britain took, and each fleet's allowance for the phase
    /// from the stack it starts the phase in (6.2.1, 12.2.3.1).
    OrderSet {
        place: u8,
        order: Vec<Vec<PowerId>>,
        allowance: BTreeMap<FleetId, u32>,
    },
    /// 6.1.3: a mover's Naval Movement step begins.
    MoverBegan {
        slot: usize,
        mover: usize,
        power: PowerId,
    },
    /// 6.2.1: fleets sailed; the world events that follow move the counters.
    Sailed { power: PowerId, record: SailRecord },
    /// The last move taken back (the world events that follow move the counters back).
    SailUndone { power: PowerId, record: SailRecord },
    /// 6.1.3: the mover said it is done; its Naval Combat step follows.
    MovementEnded { power: PowerId },
    /// 6.3: the mover engages the fleets at war with it at `at`; `asked`: the defending powers asked whether
    /// they evade (none: the battle follows at once).
    Engaged {
        power: PowerId,
        at: Location,
        asked: Vec<PowerId>,
    },
    /// 6.3: a defending power's evasion roll (after its `dice_rolled`): `to` where its fleets went, none when
    /// the roll failed.
    Evaded {
        power: PowerId,
        at: Location,
        to: Option<Location>,
    },
    /// 6.3: every defender evaded; no battle.
    Unopposed { at: Location },
    /// Coalition's 6.3: the powers whose fleets reach a sea area of the mover's last move are asked whether they
    /// intercept it.
    InterceptionAsked {
        mover: PowerId,
        path: Vec<Location>,
        asked: Vec<PowerId>,
    },
    /// Coalition's 6.3: a power's interception roll at `at` (after its `dice_rolled`): whether it stopped the move.
    Intercepted {
        power: PowerId,
        at: Location,
        stopped: bool,
    },
    /// Coalition's 6.3: the intercepted move ends at `at`; its fleets get back the points of the rest of the path.
    MoveCut {
        at: Location,
        fleets: Vec<FleetId>,
        refund: u32,
    },
    /// Coalition's 6.3: the interception is over (a move enemies were asked about cannot be taken back).
    InterceptionEnded { mover: PowerId },
    /// 12.2.3.5: the losing powers with several ports are asked where their fleets retreat.
    RetreatsOwed { owed: retreat::RetreatsOwed },
    /// 12.2.3.5: a losing power's choice (the world events that follow move its fleets).
    RetreatChosen { power: PowerId, to: Location },
    /// 12.2.3.5: the retreats owed after the battle at `at` are made.
    RetreatsMade { at: Location },
    /// Coalition's 6.3.11: both sides of the battle are asked for their chits, sealed.
    ChitsAsked { owed: steam_battle::ChitsOwed },
    /// 6.3: a naval battle fought (after its dice); the world events that follow carry out its losses, captures,
    /// retreat, political points and leader casualties.
    BattleFought { battle: combat::NavalBattle },
    /// The phase is over.
    PhaseEnded,
}

impl NavalEvent {
    /// The rule the event cites.
    pub fn rule(&self) -> &'static str {
        match self {
            NavalEvent::PhaseBegan { .. } | NavalEvent::OrderSet { .. } => "6.1",
            NavalEvent::MoverBegan { .. } | NavalEvent::MovementEnded { .. } => "6.1.3",
            NavalEvent::Sailed { .. } | NavalEvent::SailUndone { .. } => "6.2.1",
            NavalEvent::Engaged { .. } => "6.3.1.2",
            NavalEvent::ChitsAsked { .. } => "6.3.11",
            NavalEvent::Evaded { .. }
            | NavalEvent::Unopposed { .. }
            | NavalEvent::InterceptionAsked { .. }
            | NavalEvent::Intercepted { .. }
            | NavalEvent::MoveCut { .. }
            | NavalEvent::InterceptionEnded { .. }
            | NavalEvent::BattleFought { .. } => "6.3",
            NavalEvent::RetreatsOwed { .. }
            | NavalEvent::RetreatChosen { .. }
            | NavalEvent::RetreatsMade { .. } => "12.2.3.5",
            NavalEvent::PhaseEnded => "6",
        }
    }
}

/// Applies one of the phase's events to its own state.
pub fn apply(own: &mut NavalState, e: &NavalEvent) {
    match e {
        NavalEvent::PhaseBegan { asking } => {
            *own = NavalState {
                stage: if *asking { Stage::Order } else { Stage::Idle },
                ..NavalState::default()
            };
        }
        NavalEvent::OrderSet {
            order, allowance, ..
        } => {
            own.order = order.clone();
            own.allowance = allowance.clone();
        }
        NavalEvent::MoverBegan { slot, mover, .. } => {
            own.stage = Stage::Moving;
            own.slot = *slot;
            own.mover = *mover;
            own.moves.clear();
            own.engaged.clear();
            own.engagement = None;
        }
        NavalEvent::Sailed { record, .. } => {
            for (f, (_, after)) in &record.reduced {
                own.allowance.insert(*f, *after);
            }
            for f in &record.fleets {
                let s = own.spent.entry(*f).or_default();
                *s = s.saturating_add(record.cost);
            }
            own.moves.push(record.clone());
        }
        NavalEvent::SailUndone { record, .. } => {
            for (f, (before, _)) in &record.reduced {
                own.allowance.insert(*f, *before);
            }
            for f in &record.fleets {
                if let Some(s) = own.spent.get_mut(f) {
                    *s = s.saturating_sub(record.cost);
                    if *s == 0 {
                        own.spent.remove(f);
                    }
                }
            }
            own.moves.pop();
        }
        NavalEvent::MovementEnded { .. } => {
            own.moves.clear();
            own.stage = Stage::Combat;
        }
        NavalEvent::Engaged { power, at, asked } => {
            own.engaged.push(*at);
            if !asked.is_empty() {
                own.stage = Stage::Evasion;
                own.engagement = Some(Engagement {
                    at: *at,
                    attacker: *power,
                    asked: asked.clone(),
                });
            }
        }
        NavalEvent::Evaded { .. } => {}
        NavalEvent::Unopposed { .. } | NavalEvent::BattleFought { .. } => {
            own.stage = Stage::Combat;
            own.engagement = None;
            own.chits = None;
        }
        NavalEvent::ChitsAsked { owed } => {
            own.stage = Stage::Chits;
            own.chits = Some(owed.clone());
        }
        NavalEvent::InterceptionAsked {
            mover, path, asked, ..
        } => {
            own.stage = Stage::Interception;
            own.interception = Some(Interception {
                mover: *mover,
                path: path.clone(),
                asked: asked.clone(),
            });
        }
        NavalEvent::Intercepted { .. } => {}
        NavalEvent::MoveCut { fleets, refund, .. } => {
            for f in fleets {
                if let Some(s) = own.spent.get_mut(f) {
                    *s = s.saturating_sub(*refund);
                }
            }
        }
        NavalEvent::InterceptionEnded { .. } => {
            own.stage = Stage::Moving;
            own.interception = None;
            own.engagement = None;
            own.moves.clear();
        }
        NavalEvent::RetreatsOwed { owed } => {
            own.stage = Stage::Retreat;
            own.retreats = Some(owed.clone());
        }
        NavalEvent::RetreatChosen { .. } => {}
        NavalEvent::RetreatsMade { .. } => {
            own.stage = Stage::Combat;
            own.retreats = None;
        }
        NavalEvent::PhaseEnded => *own = NavalState::default(),
    }
}

/// A decision of the Naval Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NavalDecision {
    /// 6.1: Great Britain's place in the order of movement (1 = first).
    Place { place: u8 },
    /// 6.2.1: fleets standing together sail along `path`, which starts where they stand (a port, a sea area or a
    /// blockade box).
    Sail {
        fleets: Vec<FleetId>,
        /// Admirals (naval leaders) standing with the fleets who sail with them, and army leaders who embark
        /// with the corps (6.2.5).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<LeaderId>,
        /// Corps standing in the port who embark on the fleets for this move (6.2.5, errata 6.2.5.1).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        corps: Vec<CorpsId>,
        /// Coalition's 6.2.5 (invasion supply): the mover's depot in the port goes aboard for this move.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        depot: bool,
        path: Vec<Location>,
    },
    /// Takes back the mover's last move.
    Undo,
    /// The mover's Naval Movement step is over (or, in its Naval Combat step, it engages no more).
    Done,
    /// 6.3 (errata 6.3.1.2): in its Naval Combat step, the mover engages the fleets at war with it at `at`.
    Engage { at: Location },
    /// 6.3: an engaged power's fleets try to evade (`true`) or stand and fight.
    Evade { evade: bool },
    /// Coalition's 6.3: a power asked about the mover's last move tries to intercept it at a sea area of its path
    /// (`None`: lets it pass).
    Intercept { at: Option<Location> },
    /// 12.2.3.5: a losing power's fleets retreat to the port `to` (one of its choices).
    Retreat { to: Location },
    /// Coalition's 6.3.11 and 6.3.15 (a scenario with ship kinds): the side's naval chit, sealed, and the kind of
    /// enemy ship its steamship rams, if any.
    Chit {
        chit: crate::scenario::ships::NavalChit,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ram: Option<crate::scenario::ships::ShipKind>,
    },
}

/// The Naval Phase (rule 6).
pub struct NavalPhase;

impl Step for NavalPhase {
    type State = NavalState;
    type Event = NavalEvent;
    type Decision = NavalDecision;

    /// 6.1: fleets a peace obliges to leave put out (4.4.6.2); then Great Britain is asked for its place, or (out
    /// of the game) the order is set and the first slot begins.
    fn begin(cx: &mut NCx, dice: &mut Dice) -> Option<Ask> {
        let chooser = cx.scenario.charts.naval.chooser;
        let asking = cx.world().in_game(chooser);
        cx.emit(NavalEvent::PhaseBegan { asking });
        put_out(cx);
        if asking {
            return Ask::open(vec![chooser]);
        }
        set_order(cx, cx.scenario.charts.naval.default_place);
        advance(cx, dice, true)
    }

    fn choices(ctx: &NCtx, power: PowerId) -> Vec<NavalDecision> {
        match ctx.own.stage {
            Stage::Order if power == ctx.scenario.charts.naval.chooser => (1..=places_of(ctx))
                .map(|place| NavalDecision::Place { place })
                .collect(),
            Stage::Moving if ctx.own.current() == Some(power) => {
                std::iter::once(NavalDecision::Done)
                    .chain(sailing::check_undo(ctx).ok().map(|_| NavalDecision::Undo))
                    .chain(sailing::choices(ctx, power))
                    .collect()
            }
            Stage::Combat if ctx.own.current() == Some(power) => {
                std::iter::once(NavalDecision::Done)
                    .chain(
                        combat::places_to_engage(ctx, power)
                            .into_iter()
                            .map(|at| NavalDecision::Engage { at }),
                    )
                    .collect()
            }
            Stage::Evasion if asked(ctx, power) => vec![
                NavalDecision::Evade { evade: false },
                NavalDecision::Evade { evade: true },
            ],
            Stage::Interception if interception::asked(ctx, power) => {
                interception::choices(ctx, power)
            }
            Stage::Retreat if retreat::owes(ctx, power) => retreat::choices(ctx, power),
            Stage::Chits => steam_battle::choices(ctx, power),
            _ => Vec::new(),
        }
    }

    /// Default (3.6): Great Britain takes the chart's default place; a mover is done at once (its fleets stay
    /// where they are).
    fn default(ctx: &NCtx, power: PowerId) -> NavalDecision {
        match ctx.own.stage {
            Stage::Order => NavalDecision::Place {
                place: ctx.scenario.charts.naval.default_place.min(places_of(ctx)),
            },
            Stage::Evasion => NavalDecision::Evade { evade: false },
            Stage::Interception => NavalDecision::Intercept { at: None },
            Stage::Chits => NavalDecision::Chit {
                chit: crate::scenario::ships::NavalChit::LineOfBattle,
                ram: None,
            },
            Stage::Retreat => retreat::choices(ctx, power)
                .into_iter()
                .next()
                .unwrap_or(NavalDecision::Done),
            _ => NavalDecision::Done,
        }
    }

    fn check(ctx: &NCtx, power: PowerId, d: &NavalDecision) -> RuleResult<()> {
        match (ctx.own.stage, d) {
            (Stage::Order, NavalDecision::Place { place }) => {
                let n = places_of(ctx);
                if (1..=n).contains(place) {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        "6.1",
                        format!(
                            "{}'s place in the order of movement is 1 to {n}, not {place}",
                            chooser_name(ctx)
                        ),
                    ))
                }
            }
            (Stage::Order, _) => Err(RuleError::new(
                "6.1",
                format!(
                    "{} first chooses its place in the naval order of movement (`slot N`)",
                    chooser_name(ctx)
                ),
            )),
            (Stage::Moving, NavalDecision::Place { .. }) => Err(RuleError::new(
                "6.1",
                "the naval order of movement is already set for this phase",
            )),
            (Stage::Moving, NavalDecision::Sail { .. }) => {
                sailing::check(ctx, power, d).map(|_| ())
            }
            (Stage::Moving, NavalDecision::Undo) => sailing::check_undo(ctx),
            (Stage::Moving, NavalDecision::Done) => Ok(()),
            (Stage::Moving, NavalDecision::Engage { .. }) => Err(RuleError::new(
                "6.1.3",
                "fleets engage in the Naval Combat step, after the mover says `done` to its movement",
            )),
            (Stage::Combat, NavalDecision::Engage { at }) => combat::check_engage(ctx, power, *at),
            (Stage::Combat, NavalDecision::Done) => Ok(()),
            (Stage::Retreat, NavalDecision::Retreat { to }) => retreat::check(ctx, power, *to),
            (Stage::Retreat, _) => Err(RuleError::new(
                "12.2.3.5",
                "the losing powers say where their fleets retreat (`retreat PORT`)",
            )),
            (_, NavalDecision::Retreat { .. }) => {
                Err(RuleError::new("12.2.3.5", "no naval retreat is owed"))
            }
            (Stage::Interception, NavalDecision::Intercept { at }) => {
                interception::check(ctx, power, *at)
            }
            (Stage::Interception, _) => Err(RuleError::new(
                "6.3",
                "the powers whose fleets reach the move say whether they intercept it (`intercept SEA`, `intercept none`)",
            )),
            (_, NavalDecision::Intercept { .. }) => Err(RuleError::new(
                "6.3",
                "no move waits for an interception answer",
            )),
            (Stage::Evasion, NavalDecision::Evade { .. }) if asked(ctx, power) => Ok(()),
            (Stage::Evasion, _) => Err(RuleError::new(
                "6.3",
                "the engaged powers say whether their fleets evade (`evade`) or stand (`stand`)",
            )),
            (Stage::Combat, _) => Err(RuleError::new(
                "6.1.3",
                "in the Naval Combat step the mover engages (`engage PLACE`) or is done",
            )),
            (_, NavalDecision::Evade { .. }) => Err(RuleError::new(
                "6.3",
                "no engagement waits for an evasion answer",
            )),
            (Stage::Chits, NavalDecision::Chit { .. }) => steam_battle::check(ctx, power, d),
            (Stage::Chits, _) => Err(RuleError::new(
                "6.3.11",
                "both sides choose a naval chit first (`chit line_of_battle`, `chit melee ram steamship`)",
            )),
            (_, NavalDecision::Chit { .. }) => {
                Err(RuleError::new("6.3.11", "no naval battle waits for chits"))
            }
            (Stage::Idle, _) => Err(RuleError::new("3.1", "no Naval Phase is under way")),
        }
    }

    fn resolve(
        cx: &mut NCx,
        decisions: &BTreeMap<PowerId, NavalDecision>,
        dice: &mut Dice,
    ) -> Option<Ask> {
        let Some((&power, d)) = decisions.iter().next() else {
            return advance(cx, dice, false);
        };
        match d {
            NavalDecision::Place { place } => {
                set_order(cx, *place);
                advance(cx, dice, true)
            }
            NavalDecision::Sail { path, .. } => {
                sailing::carry_out(cx, power, d);
                interception::after_move(cx, power, path)
            }
            NavalDecision::Undo => {
                sailing::undo(cx, power);
                Ask::open(vec![power])
            }
            NavalDecision::Done if cx.own().stage == Stage::Moving => {
                cx.emit(NavalEvent::MovementEnded { power });
                combat::next(cx, power, dice)
            }
            NavalDecision::Done => advance(cx, dice, false),
            NavalDecision::Engage { at } => combat::engage(cx, power, *at, dice),
            NavalDecision::Retreat { .. } => {
                let answers = decisions
                    .iter()
                    .filter_map(|(p, d)| match d {
                        NavalDecision::Retreat { to } => Some((*p, *to)),
                        _ => None,
                    })
                    .collect();
                retreat::resolve(cx, &answers);
                if let Some(i) = cx.own().interception.clone() {
                    cx.emit(NavalEvent::InterceptionEnded { mover: i.mover });
                    return Ask::open(vec![i.mover]);
                }
                match cx.own().current() {
                    Some(mover) => combat::next(cx, mover, dice),
                    None => advance(cx, dice, false),
                }
            }
            NavalDecision::Intercept { .. } => {
                let answers = decisions
                    .iter()
                    .map(|(p, d)| match d {
                        NavalDecision::Intercept { at } => (*p, *at),
                        _ => (*p, None),
                    })
                    .collect();
                interception::resolve(cx, &answers, dice)
            }
            NavalDecision::Chit { .. } => steam_battle::resolve(cx, decisions, dice),
            NavalDecision::Evade { .. } => {
                let answers = decisions
                    .iter()
                    .map(|(p, d)| (*p, matches!(d, NavalDecision::Evade { evade: true })))
                    .collect();
                combat::evasions(cx, &answers, dice)
            }
        }
    }

    fn apply(own: &mut NavalState, _world: &mut World, e: &NavalEvent) {
        apply(own, e)
    }
}

/// Whether `power` is asked whether its fleets evade (6.3).
fn asked(ctx: &NCtx, power: PowerId) -> bool {
    ctx.own
        .engagement
        .as_ref()
        .is_some_and(|e| e.asked.contains(&power))
}

/// The name of the power that chooses its place in the naval order (6.1: Great Britain in the chart).
fn chooser_name(ctx: &NCtx) -> String {
    ctx.scenario.power_name(ctx.scenario.charts.naval.chooser)
}

/// The number of places in the naval order (Great Britain and the others still in the game, 6.1).
fn places_of(ctx: &NCtx) -> u8 {
    places(ctx.world, &ctx.scenario.charts.naval.order)
}

/// 6.1: records the order with Great Britain at `place`, and every mover's fleets' allowances from the stacks they
/// start the phase in (12.2.3.1).
fn set_order(cx: &mut NCx, place: u8) {
    let chart = &cx.scenario.charts.naval;
    let order = slots(cx.world(), chart.chooser, &chart.order, place);
    let ctx = cx.ctx();
    let allowance = order
        .iter()
        .flatten()
        .flat_map(|p| sailing::allowances(&ctx, *p))
        .collect();
    cx.emit(NavalEvent::OrderSet {
        place,
        order,
        allowance,
    });
}

/// 4.4.6.2: fleets that a peace made this month obliges to leave the other power's territory, and that still lie
/// in one of its ports, put out into that port's blockade box (6.2.1: no movement point), from where they sail on
/// in their owner's slot.
fn put_out(cx: &mut NCx) {
    let w = cx.world();
    let now = w.date();
    let mut out: Vec<(FleetId, u16, crate::kernel::ids::AreaId, PowerId)> = Vec::new();
    for o in w.treaties.obligations.iter() {
        let Obligation::FleetsMustLeave {
            territory_of,
            fleets,
            date,
            ..
        } = o
        else {
            continue;
        };
        if *date != now {
            continue;
        }
        for id in fleets {
            let Some(f) = w.forces.fleets.get(id) else {
                continue;
            };
            if let Location::Area(a) = f.location
                && w.area_power(cx.scenario, a) == Some(*territory_of)
            {
                out.push((*id, f.ships, a, *territory_of));
            }
        }
    }
    for (id, ships, port, t) in out {
        let reason = format!(
            "put out of {}'s port at the peace with {}",
            crate::world::geography::area_name(&cx.ctx(), port),
            cx.scenario.power_name(t)
        );
        cx.push(WorldEvent::FleetChanged {
            fleet: id,
            ships,
            location: Location::Blockade(port),
            rule: "4.4.6.2".into(),
            reason,
        });
    }
}

/// Moves on to the next mover with a fleet that may sail (`first`: start at the first slot), or, after the last,
/// ends the phase.
pub(super) fn advance(cx: &mut NCx, _dice: &mut Dice, first: bool) -> Option<Ask> {
    let own = cx.own();
    let (slot, mover) = if first {
        (0, 0)
    } else {
        (own.slot, own.mover + 1)
    };
    for (slot, mover, power) in movers_from(&own.order, slot, mover) {
        let own = cx.own();
        if sailing::fleets_of(cx.world(), power)
            .iter()
            .any(|(f, _)| own.left(*f) > 0)
        {
            cx.emit(NavalEvent::MoverBegan { slot, mover, power });
            return Ask::open(vec![power]);
        }
    }
    cx.emit(NavalEvent::PhaseEnded);
    None
}
