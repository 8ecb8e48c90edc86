//! Rule 7 (Coalition's Land Phase, `docs/rules/land.md`): the order of movement (7.1), depots (7.2), movement
//! and forced march (7.3), access (7.3.4 with 12.8 and 12.4), supply and foraging (7.4 with 12.3.1), land combat
//! (7.5) and sieges (7.5.4), the guerrilla step (7.6) and the simultaneous Conquest Step (7.7).
//!
//! The phase, every month:
//! 1. France chooses its place in the order (one open round, `LandDecision::Place`); the others follow in the
//!    chart's order (Russia, Turkey, Austria, Prussia, Great Britain, Spain). Allies that combined movement in
//!    the Political Phase (4.9) move in the slot of the one that comes last (7.1.2), one after the other.
//! 2. Each mover in turn gets open rounds of its own: depots first (7.2), then moves, garrison changes and
//!    `undo`, one decision a round, until it says `done`. Its supply (7.4) follows at once; then its battles (7.5,
//!    sealed chits, `combat`), its siege step (7.5.4: siege rolls, assaults and sorties, `siege`) and the
//!    guerrilla step (7.6).
//! 3. After the last slot, the Conquest Step (7.7) for all at once.
//!
//! Default decision (3.6): France takes the chart's default place; a mover is `done` at once: it stands still,
//! places and removes no depots; its supply is traced and foraging rolled as for any other.
//!
//! The files, by what they decide: `order` (7.1), `movement` (7.3), `depots` (7.2), `supply` (7.4), `combat`
//! and `aftermath` (7.5), `siege` (7.5.4), `conquest` (7.6, 7.7), `notation` (the text forms). The combat group
//! imports only downward: `setup` (the battle as the phase keeps it, and its setup from the world) below
//! `reinforce`, `odds` and `aftermath`, below `combat` (a battle's chits checked and offered), below `days`.

mod aftermath;
pub mod combat;
mod conquest;
mod days;
mod depots;
pub mod landing;
mod loans;
pub mod movement;
mod notation;
pub mod odds;
mod order;
mod reinforce;
pub mod route;
pub mod setup;
pub mod shelter;
pub mod siege;
pub mod supply;

pub use notation::parse;
use order::places;
pub use order::slots;
pub use setup::{Battle, BattleRecord, GuardOrder, Retreat};
pub use siege::{SiegeCombat, SiegeRecord};

use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, Nation, PowerId};
use crate::scenario::combat::{AttackChit, DefendChit};
use crate::scenario::{Factors, UnitKind};
use crate::world::{Ask, Ctx, Cx, Step, World};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The rules' reading in this phase: the world and the phase's own records.
pub type LCtx<'a> = Ctx<'a, LandState>;

/// The phase's way of changing things.
pub type LCx<'a> = Cx<'a, LandState, LandEvent>;

/// Where the phase stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// No Land Phase under way.
    #[default]
    Idle,
    /// 7.1: waiting for France's place in the order.
    Order,
    /// A mover's depots, moves and garrisons.
    Moving,
    /// 7.5: a battle: both sides' chits (sealed), then its retreats.
    Battle,
    /// 7.5.4: the mover's siege step: siege rolls, assaults and sorties, one decision a round.
    Siege,
}

/// One move as it was made: what moved, from where, and what it cost each corps (undo reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    pub corps: Vec<CorpsId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderId>,
    pub path: Vec<AreaId>,
    /// Movement points the path cost (each corps spent them).
    pub cost: u32,
    /// The corps that force-marched on this move (7.3.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<CorpsId>,
    /// Whether enemy corps at the end stopped the move (7.3.3).
    #[serde(default)]
    pub stopped: bool,
    /// Whether it may be taken back: no die was rolled and no enemy was met.
    pub undoable: bool,
}

/// Hostile stacks met in an area: a battle queued to be fought after the mover's supply (7.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCombat {
    pub area: AreaId,
    /// The moving power, whose slot met the enemy.
    pub attacker: PowerId,
    /// The attacker's corps there (its own and its free states').
    pub attacking: Vec<CorpsId>,
    /// The enemy corps there.
    pub defending: Vec<CorpsId>,
}

/// What the Land Phase keeps while it runs (reset when the next one begins).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandState {
    pub stage: Stage,
    /// 7.1: the slots of this phase, each with its movers in the order they move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<Vec<PowerId>>,
    /// The slot whose turn it is, and the mover within it.
    #[serde(default)]
    pub slot: usize,
    #[serde(default)]
    pub mover: usize,
    /// Movement points each corps has spent this phase.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub spent: BTreeMap<CorpsId, u32>,
    /// Corps that have force-marched this phase (7.3.2: once a phase).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub forced: BTreeSet<CorpsId>,
    /// Corps that move no more this phase: stopped by enemy corps (7.3.3), landed from the sea (6.2.5) or
    /// retreated from a battle (7.5.9).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub stopped: BTreeSet<CorpsId>,
    /// Of `stopped`, the corps that retreated from a battle (7.5.9) ...
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub retreated: BTreeSet<CorpsId>,
    /// ... and those that landed from the sea (6.2.5).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub landed: BTreeSet<CorpsId>,
    /// ... and those that went into a city (Coalition's 7.5.4).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub sheltered: BTreeSet<CorpsId>,
    /// Coalition's 7.3 for leaders: the movement points each leader has spent this phase with the corps he moved
    /// with.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub leader_spent: BTreeMap<LeaderId, u32>,
    /// Leaders that move no more this phase, with the rule that halted them (7.3.3, 6.2.5 or 7.5.9), as the
    /// corps they came with.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub leaders_halted: BTreeMap<LeaderId, String>,
    /// The current mover's moves, in order (`undo` takes back the last).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveRecord>,
    /// Corps that have changed a garrison this phase (7.3.5: once a phase).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub garrisoned: BTreeSet<CorpsId>,
    /// Whether the current mover has decided its depots, moved or changed a garrison (7.1.3: its depot step is
    /// over).
    #[serde(default)]
    pub acted: bool,
    /// Battles queued to be fought in the current mover's combat step (7.5), the first next.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combats: Vec<PendingCombat>,
    /// The battle under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<Battle>,
    /// Each corps' last step this phase (from, to): whether its attack crosses a river (7.5.2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub entered: BTreeMap<CorpsId, (AreaId, AreaId)>,
    /// 7.5.4: the sieges the mover has acted on in its siege step (once each a turn).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub sieged: BTreeSet<AreaId>,
}

impl LandState {
    /// Whether no Land Phase is under way and nothing is kept (the state is not written out then).
    pub fn is_idle(&self) -> bool {
        *self == LandState::default()
    }

    /// The power whose turn it is to move, if any.
    pub fn current(&self) -> Option<PowerId> {
        (self.stage == Stage::Moving)
            .then(|| self.order.get(self.slot)?.get(self.mover).copied())
            .flatten()
    }
}

/// The phase's own events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LandEvent {
    /// A Land Phase begins; `asking` says whether France is asked for its place (7.1).
    PhaseBegan { asking: bool },
    /// 7.1: the order of this phase, with the place France took.
    OrderSet { place: u8, order: Vec<Vec<PowerId>> },
    /// A mover's turn begins (its depot step, then its movement).
    MoverBegan {
        slot: usize,
        mover: usize,
        power: PowerId,
    },
    /// A move made (7.3); the world events that follow it move the counters.
    Moved { power: PowerId, record: MoveRecord },
    /// The last move taken back (its counters are moved back by the world events that follow).
    MoveUndone { power: PowerId, record: MoveRecord },
    /// 6.2.5: corps (and leaders) aboard fleets at `from` landed in `to`; the world events follow.
    Disembarked {
        power: PowerId,
        corps: Vec<CorpsId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<LeaderId>,
        /// Coalition's 6.2.5: the fleet whose depot landed with them, if one did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        depot: Option<crate::kernel::ids::FleetId>,
        /// Errata 7.3.5: into the besieged port itself (inside its city, Coalition's 7.5.4).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        into_port: bool,
        from: crate::scenario::Location,
        to: AreaId,
    },
    /// Coalition's 7.5.4: corps went into the city of `area` (a move, a retreat or a landing; the world events
    /// follow); they move no more this phase.
    Sheltered {
        power: PowerId,
        corps: Vec<CorpsId>,
        area: AreaId,
    },
    /// A garrison changed by a corps standing with it (7.3.5); the world events follow.
    Garrisoned {
        power: PowerId,
        corps: CorpsId,
        area: AreaId,
        dropped: Factors,
        picked: Factors,
    },
    /// 7.2: depots placed and removed (the world events follow).
    DepotsChanged {
        power: PowerId,
        built: Vec<AreaId>,
        removed: Vec<AreaId>,
    },
    /// A mover said it is done; its supply, combat and guerrilla steps follow.
    MovementEnded { power: PowerId },
    /// 7.4: the supply the mover's corps traced.
    SupplyTraced {
        power: PowerId,
        supplied: Vec<CorpsId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        out_of_supply: Vec<CorpsId>,
        /// 12.3.1: corps and besieged garrisons each depot supplied.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        depots_used: BTreeMap<AreaId, u32>,
        /// The same for depots aboard fleets (Coalition's 6.2.5 invasion supply), by fleet.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        fleets_used: BTreeMap<FleetId, u32>,
    },
    /// 7.5: hostile stacks met: a battle queued for the mover's combat step.
    CombatPending { combat: PendingCombat },
    /// A queued battle that no longer has both sides in its area.
    CombatLapsed { area: AreaId },
    /// 7.5: a battle begins (in the combat step of the mover at `slot`, `mover`); both sides owe their chits.
    BattleBegan {
        battle: Box<Battle>,
        slot: usize,
        mover: usize,
    },
    /// 7.5.2: a day of a battle fought with both sides' chits (its dice are the `DiceRolled` events just before):
    /// the setup it was fought with (outflanking forces, the day's guard commitments), what the day decided, and
    /// the battle as it stands after it (both sides are asked again unless it is over).
    BattleDayFought {
        area: AreaId,
        day: u8,
        chits: (AttackChit, DefendChit),
        setup: Box<crate::battle::Setup>,
        report: Box<crate::battle::day::DayReport>,
        battle: Box<crate::battle::day::Battle>,
    },
    /// 7.5: a battle fought, its last day over (every day's dice were logged with its day; losses and points
    /// follow).
    BattleFought { record: Box<BattleRecord> },
    /// 7.5.9: forces that must retreat and have a choice of areas.
    RetreatsOwed { retreats: Vec<Retreat> },
    /// 7.5.9: a force retreats (the world events that follow move it).
    Retreated {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        power: Option<PowerId>,
        corps: Vec<CorpsId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<LeaderId>,
        from: AreaId,
        to: AreaId,
    },
    /// The battle is over.
    BattleEnded { area: AreaId },
    /// 7.5.4: the mover's siege step begins (after its battles).
    SiegeStepBegan {
        slot: usize,
        mover: usize,
        power: PowerId,
    },
    /// 7.5.4: a siege roll (its die is the `DiceRolled` event just before): the city falls when `total` reaches
    /// `needed` (the surrender follows as world events).
    SiegeRolled {
        power: PowerId,
        area: AreaId,
        total: i32,
        needed: i32,
        fell: bool,
    },
    /// 7.5.4.1, 7.5.4.2.1: an assault or a sortie fought (its dice are the `DiceRolled` events just before; losses,
    /// points and a surrender follow).
    SiegeCombatFought { record: Box<SiegeRecord> },
    /// 7.5.4: the mover's siege step is over.
    SiegeStepEnded { power: PowerId },
    /// 12.1.2.1: ships building or waiting in a port are destroyed with its conquest.
    ShipsDestroyed {
        owner: Nation,
        port: AreaId,
        count: u16,
        reason: String,
    },
    /// The phase is over (after the Conquest Step).
    PhaseEnded,
}

impl LandEvent {
    /// The rule the event cites.
    pub fn rule(&self) -> &'static str {
        match self {
            LandEvent::PhaseBegan { .. } | LandEvent::OrderSet { .. } => "7.1",
            LandEvent::MoverBegan { .. } | LandEvent::MovementEnded { .. } => "7.1.3",
            LandEvent::Moved { .. } | LandEvent::MoveUndone { .. } => "7.3",
            LandEvent::Garrisoned { .. } => "7.3.5",
            LandEvent::Disembarked { .. } => "6.2.5",
            LandEvent::DepotsChanged { .. } => "7.2",
            LandEvent::SupplyTraced { .. } => "7.4",
            LandEvent::CombatPending { .. }
            | LandEvent::CombatLapsed { .. }
            | LandEvent::BattleBegan { .. }
            | LandEvent::BattleFought { .. }
            | LandEvent::BattleEnded { .. } => "7.5",
            LandEvent::BattleDayFought { .. } => "7.5.2",
            LandEvent::RetreatsOwed { .. } | LandEvent::Retreated { .. } => "7.5.9",
            LandEvent::SiegeStepBegan { .. }
            | LandEvent::Sheltered { .. }
            | LandEvent::SiegeRolled { .. }
            | LandEvent::SiegeStepEnded { .. } => "7.5.4",
            LandEvent::SiegeCombatFought { record } => match record.kind {
                SiegeCombat::Assault => "7.5.4.1",
                SiegeCombat::Sortie => "7.5.4.2.1",
            },
            LandEvent::ShipsDestroyed { .. } => "12.1.2.1",
            LandEvent::PhaseEnded => "7.7",
        }
    }
}

/// Applies one of the phase's events to its own state (and, for lost ships, the world's building queue).
pub fn apply(own: &mut LandState, world: &mut World, e: &LandEvent) {
    match e {
        LandEvent::PhaseBegan { asking } => {
            *own = LandState {
                stage: if *asking { Stage::Order } else { Stage::Idle },
                ..LandState::default()
            };
        }
        LandEvent::OrderSet { order, .. } => own.order = order.clone(),
        LandEvent::MoverBegan { slot, mover, .. } => {
            own.stage = Stage::Moving;
            own.slot = *slot;
            own.mover = *mover;
            own.moves.clear();
            own.acted = false;
        }
        LandEvent::Moved { record, .. } => {
            if let [.., from, to] = record.path[..] {
                for c in &record.corps {
                    own.entered.insert(*c, (from, to));
                }
            }
            for c in &record.corps {
                let s = own.spent.entry(*c).or_default();
                *s = s.saturating_add(record.cost);
                if record.stopped {
                    own.stopped.insert(*c);
                }
            }
            for l in &record.leaders {
                let s = own.leader_spent.entry(*l).or_default();
                *s = s.saturating_add(record.cost);
                if record.stopped {
                    own.leaders_halted.insert(*l, "7.3.3".into());
                }
            }
            own.forced.extend(record.forced.iter().copied());
            own.moves.push(record.clone());
            own.acted = true;
        }
        LandEvent::MoveUndone { record, .. } => {
            for c in &record.corps {
                if let Some(s) = own.spent.get_mut(c) {
                    *s = s.saturating_sub(record.cost);
                }
            }
            for l in &record.leaders {
                if let Some(s) = own.leader_spent.get_mut(l) {
                    *s = s.saturating_sub(record.cost);
                }
            }
            own.moves.pop();
            // Each corps' last step is that of its latest move still standing.
            for c in &record.corps {
                let last = own
                    .moves
                    .iter()
                    .rev()
                    .find(|m| m.corps.contains(c))
                    .and_then(|m| match m.path[..] {
                        [.., from, to] => Some((from, to)),
                        _ => None,
                    });
                match last {
                    Some(step) => own.entered.insert(*c, step),
                    None => own.entered.remove(c),
                };
            }
        }
        LandEvent::Disembarked { corps, leaders, .. } => {
            // Landing spends the corps' movement for the phase (Coalition's 6.2.5).
            own.stopped.extend(corps.iter().copied());
            own.landed.extend(corps.iter().copied());
            for l in leaders {
                own.leaders_halted.insert(*l, "6.2.5".into());
            }
            own.acted = true;
        }
        LandEvent::Garrisoned { corps, .. } => {
            own.garrisoned.insert(*corps);
            own.acted = true;
        }
        LandEvent::Sheltered { corps, .. } => {
            // Coalition's 7.5.4: a corps that went into a city moves no more this phase.
            own.stopped.extend(corps.iter().copied());
            own.sheltered.extend(corps.iter().copied());
            own.acted = true;
        }
        LandEvent::DepotsChanged { .. } => own.acted = true,
        LandEvent::MovementEnded { .. } => {
            own.moves.clear();
            own.acted = true;
        }
        LandEvent::SupplyTraced { .. } => {}
        LandEvent::CombatPending { combat } => own.combats.push(combat.clone()),
        LandEvent::CombatLapsed { area } => own.combats.retain(|c| c.area != *area),
        LandEvent::BattleBegan {
            battle,
            slot,
            mover,
        } => {
            own.combats.retain(|c| c.area != battle.area);
            own.battle = Some((**battle).clone());
            own.stage = Stage::Battle;
            own.slot = *slot;
            own.mover = *mover;
        }
        LandEvent::BattleDayFought { setup, battle, .. } => {
            if let Some(b) = own.battle.as_mut() {
                days::apply_day(b, setup, battle);
            }
        }
        LandEvent::BattleFought { .. } => {}
        LandEvent::RetreatsOwed { retreats } => {
            if let Some(b) = own.battle.as_mut() {
                b.retreats = retreats.clone();
            }
        }
        LandEvent::Retreated { corps, leaders, .. } => {
            // Coalition's 7.5.9: a force that retreated moves no more this phase.
            own.stopped.extend(corps.iter().copied());
            own.retreated.extend(corps.iter().copied());
            for l in leaders {
                own.leaders_halted.insert(*l, "7.5.9".into());
            }
            if let Some(b) = own.battle.as_mut()
                && !b.retreats.is_empty()
            {
                b.retreats.remove(0);
            }
        }
        LandEvent::BattleEnded { .. } => {
            own.battle = None;
            own.stage = Stage::Moving;
        }
        LandEvent::SiegeStepBegan { slot, mover, .. } => {
            own.stage = Stage::Siege;
            own.slot = *slot;
            own.mover = *mover;
            own.sieged.clear();
        }
        LandEvent::SiegeRolled { area, .. } => {
            own.sieged.insert(*area);
        }
        LandEvent::SiegeCombatFought { record } => {
            own.sieged.insert(record.area);
        }
        LandEvent::SiegeStepEnded { .. } => {
            own.stage = Stage::Moving;
            own.sieged.clear();
        }
        LandEvent::ShipsDestroyed { owner, port, .. } => {
            world.building.retain(|b| {
                !(b.owner == *owner && b.unit == UnitKind::Ship && b.port == Some(*port))
            });
        }
        LandEvent::PhaseEnded => {
            own.stage = Stage::Idle;
            own.moves.clear();
        }
    }
}

/// A decision of the Land Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LandDecision {
    /// 7.1: France's place in the order of movement (1 = first).
    Place { place: u8 },
    /// 7.2: depots to place (1 money each) and to remove, before the mover's first move.
    Depots {
        #[serde(default)]
        build: Vec<AreaId>,
        #[serde(default)]
        remove: Vec<AreaId>,
    },
    /// 7.3: corps (and leaders with them) moving together along `path`, which starts where they stand.
    Move {
        corps: Vec<CorpsId>,
        #[serde(default)]
        leaders: Vec<LeaderId>,
        path: Vec<AreaId>,
    },
    /// 6.2.5 (Coalition's landing): corps aboard fleets (and leaders aboard with them) land in `to`, a coast of
    /// the fleets' place; they move no more this phase.
    Disembark {
        corps: Vec<CorpsId>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<LeaderId>,
        /// Coalition's 6.2.5 (invasion supply): the mover's depot aboard the fleets there lands too, as a depot
        /// of `to`.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        depot: bool,
        /// Errata 7.3.5 (Coalition's reading): into the besieged friendly port of `to` itself, the corps inside
        /// its city (if it has room for them, Coalition's 7.5.4), rather than into the area.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        into_port: bool,
        to: AreaId,
    },
    /// 7.3.5: a corps leaves factors as the garrison where it stands, or takes garrison factors in.
    Garrison {
        corps: CorpsId,
        #[serde(default)]
        drop: Factors,
        #[serde(default)]
        pick: Factors,
    },
    /// Coalition's 7.5.4 (errata 4.2.2.2 and 7.3.5): the corps goes into the friendly city where it stands.
    Enter { corps: CorpsId },
    /// Takes back the mover's last move (when it rolled no die and met no enemy).
    Undo,
    /// 7.5.2: the attacker's chit for a battle (sealed until both are in): with Outflank, the corps of the
    /// outflanking force; with 12.3.4, a guard commitment; the corps it sends from next areas for the day
    /// (Coalition's 7.5.2 reinforcement).
    Attack {
        chit: AttackChit,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        outflanking: Vec<CorpsId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guard: Option<GuardOrder>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reinforce: Vec<CorpsId>,
    },
    /// 7.5.2: the defender's chit for a battle (sealed until both are in), with the same orders.
    Defend {
        chit: DefendChit,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        outflanking: Vec<CorpsId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guard: Option<GuardOrder>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reinforce: Vec<CorpsId>,
    },
    /// Coalition's 7.5.9: where a force leaving a battle retreats.
    Retreat { to: AreaId },
    /// 7.5.4: a siege roll against the city at `area`.
    Besiege { area: AreaId },
    /// 7.5.4.1: an assault on the city at `area` with `chit`, by the corps named (none named: all the mover's
    /// corps there).
    Assault {
        area: AreaId,
        chit: AttackChit,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        corps: Vec<CorpsId>,
    },
    /// 7.5.4.2.1: the mover's garrison at `area` sorties against the besiegers with `chit`.
    Sortie { area: AreaId, chit: AttackChit },
    /// The mover's movement is over.
    Done,
}

/// The Land Phase (rule 7).
pub struct LandPhase;

impl Step for LandPhase {
    type State = LandState;
    type Event = LandEvent;
    type Decision = LandDecision;

    /// 7.1: asks France for its place, or (France out of the game) sets the order and starts the first slot.
    fn begin(cx: &mut LCx, dice: &mut Dice) -> Option<Ask> {
        let chooser = cx.scenario.charts.land.chooser;
        let asking = cx.world().in_game(chooser);
        cx.emit(LandEvent::PhaseBegan { asking });
        loans::return_ended(cx);
        if asking {
            return Ask::open(vec![chooser]);
        }
        let place = cx.scenario.charts.land.default_place;
        set_order(cx, place);
        advance(cx, dice, true)
    }

    fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
        match ctx.own.stage {
            Stage::Order if power == ctx.scenario.charts.land.chooser => (1..=places(ctx))
                .map(|place| LandDecision::Place { place })
                .collect(),
            // Done; undo; each depot it may place or remove (before its first move: `depots::choices` is empty
            // after); its moves and garrison changes.
            Stage::Moving if ctx.own.current() == Some(power) => {
                std::iter::once(LandDecision::Done)
                    .chain(movement::check_undo(ctx).ok().map(|_| LandDecision::Undo))
                    .chain(depots::choices(ctx, power))
                    .chain(movement::choices(ctx, power))
                    .chain(landing::choices(ctx, power))
                    .chain(shelter::choices(ctx, power))
                    .collect()
            }
            Stage::Battle => combat::choices(ctx, power),
            Stage::Siege => siege::choices(ctx, power),
            _ => Vec::new(),
        }
    }

    /// Default (3.6): France takes the chart's default place; a mover is done at once; in a battle, the documented
    /// chits and the first area of a retreat (`combat::default`).
    fn default(ctx: &LCtx, power: PowerId) -> LandDecision {
        match ctx.own.stage {
            Stage::Order => LandDecision::Place {
                place: ctx.scenario.charts.land.default_place.min(places(ctx)),
            },
            Stage::Battle => combat::default(ctx, power),
            Stage::Siege => siege::default(ctx, power),
            _ => LandDecision::Done,
        }
    }

    fn check(ctx: &LCtx, power: PowerId, d: &LandDecision) -> RuleResult<()> {
        match (ctx.own.stage, d) {
            (Stage::Order, LandDecision::Place { place }) => {
                let n = places(ctx);
                if (1..=n).contains(place) {
                    Ok(())
                } else {
                    Err(RuleError::new(
                        "7.1",
                        format!(
                            "{}'s place in the order of movement is 1 to {n}, not {place}",
                            chooser_name(ctx)
                        ),
                    ))
                }
            }
            (Stage::Order, _) => Err(RuleError::new(
                "7.1",
                format!(
                    "{} first chooses its place in the order of movement (`slot N`)",
                    chooser_name(ctx)
                ),
            )),
            (Stage::Moving, LandDecision::Place { .. }) => Err(RuleError::new(
                "7.1",
                "the order of movement is already set for this phase",
            )),
            (Stage::Moving, LandDecision::Depots { build, remove }) => {
                depots::check(ctx, power, build, remove)
            }
            (Stage::Moving, LandDecision::Move { .. }) => {
                movement::check(ctx, power, d).map(|_| ())
            }
            (Stage::Moving, LandDecision::Garrison { corps, drop, pick }) => {
                movement::check_garrison(ctx, power, *corps, drop, pick)
            }
            (Stage::Moving, LandDecision::Disembark { .. }) => {
                landing::check(ctx, power, d).map(|_| ())
            }
            (Stage::Moving, LandDecision::Enter { corps }) => {
                shelter::check(ctx, power, *corps).map(|_| ())
            }
            (Stage::Moving, LandDecision::Undo) => movement::check_undo(ctx),
            (Stage::Moving, LandDecision::Done) => Ok(()),
            (
                Stage::Moving,
                LandDecision::Attack { .. }
                | LandDecision::Defend { .. }
                | LandDecision::Retreat { .. },
            ) => Err(RuleError::new("7.5", "no battle is under way")),
            (
                Stage::Moving,
                LandDecision::Besiege { .. }
                | LandDecision::Assault { .. }
                | LandDecision::Sortie { .. },
            ) => Err(RuleError::new(
                "7.5.4",
                "sieges are acted on in the siege step, after the mover's movement and battles",
            )),
            (Stage::Battle, _) => combat::check(ctx, power, d),
            (Stage::Siege, _) => {
                if siege::choices(ctx, power).is_empty() {
                    return Err(RuleError::new(
                        "7.5.4",
                        format!("it is not {power}'s siege step"),
                    ));
                }
                siege::check(ctx, power, d)
            }
            (Stage::Idle, _) => Err(RuleError::new("3.1", "no Land Phase is under way")),
        }
    }

    fn resolve(
        cx: &mut LCx,
        decisions: &BTreeMap<PowerId, LandDecision>,
        dice: &mut Dice,
    ) -> Option<Ask> {
        if cx.own().stage == Stage::Battle {
            let retreat = decisions.values().find_map(|d| match d {
                LandDecision::Retreat { to } => Some(*to),
                _ => None,
            });
            let ask = match retreat {
                Some(to) => aftermath::retreat(cx, to),
                None => days::fight(cx, decisions, dice),
            };
            return ask.or_else(|| after_battle(cx, dice));
        }
        if cx.own().stage == Stage::Siege {
            let Some((&power, d)) = decisions.iter().next() else {
                return advance(cx, dice, false);
            };
            return siege::carry_out(cx, power, d, dice).or_else(|| advance(cx, dice, false));
        }
        let Some((&power, d)) = decisions.iter().next() else {
            return advance(cx, dice, false);
        };
        match d {
            LandDecision::Place { place } => {
                set_order(cx, *place);
                advance(cx, dice, true)
            }
            LandDecision::Depots { build, remove } => {
                depots::carry_out(cx, power, build, remove);
                Ask::open(vec![power])
            }
            LandDecision::Move { .. } => {
                movement::carry_out(cx, power, d, dice);
                Ask::open(vec![power])
            }
            LandDecision::Garrison { corps, drop, pick } => {
                movement::garrison(cx, power, *corps, drop, pick);
                Ask::open(vec![power])
            }
            LandDecision::Disembark { .. } => {
                landing::carry_out(cx, power, d);
                Ask::open(vec![power])
            }
            LandDecision::Enter { corps } => {
                shelter::carry_out(cx, power, *corps);
                Ask::open(vec![power])
            }
            LandDecision::Undo => {
                movement::undo(cx, power);
                Ask::open(vec![power])
            }
            LandDecision::Done => {
                cx.emit(LandEvent::MovementEnded { power });
                after_movement(cx, power, dice);
                after_battle(cx, dice)
            }
            // Refused by `check` outside a battle or a siege step.
            LandDecision::Attack { .. }
            | LandDecision::Defend { .. }
            | LandDecision::Retreat { .. }
            | LandDecision::Besiege { .. }
            | LandDecision::Assault { .. }
            | LandDecision::Sortie { .. } => Ask::open(vec![power]),
        }
    }

    fn apply(own: &mut LandState, world: &mut World, e: &LandEvent) {
        apply(own, world, e)
    }
}

/// 7.1: records the order with France at `place`.
fn set_order(cx: &mut LCx, place: u8) {
    let order = slots(&cx.ctx(), place);
    cx.emit(LandEvent::OrderSet { place, order });
}

/// The mover's automatic steps after its movement: supply and foraging (7.4), then its battles are queued
/// (7.5: `combat::next` fights them one by one); the guerrilla step (7.6) has nothing to do yet (no guerrilla
/// counters in the data).
fn after_movement(cx: &mut LCx, power: PowerId, dice: &mut Dice) {
    supply::supply_step(cx, power, dice);
    combat::queue(cx, power);
}

/// After a mover's movement or a battle: the next queued battle, else the mover's siege step (7.5.4), else the
/// next mover.
fn after_battle(cx: &mut LCx, dice: &mut Dice) -> Option<Ask> {
    let (slot, mover) = (cx.own().slot, cx.own().mover);
    combat::next(cx, slot, mover)
        .or_else(|| sieges(cx, slot, mover))
        .or_else(|| advance(cx, dice, false))
}

/// The siege step of the mover at `slot`, `mover` (7.5.4), if it has a siege to act on.
fn sieges(cx: &mut LCx, slot: usize, mover: usize) -> Option<Ask> {
    let power = *cx.own().order.get(slot)?.get(mover)?;
    siege::begin(cx, slot, mover, power)
}

/// Moves on to the next mover that has something to do (`first`: start at the first slot), or, after the last,
/// runs the Conquest Step and ends the phase.
fn advance(cx: &mut LCx, dice: &mut Dice, first: bool) -> Option<Ask> {
    let own = cx.own();
    let (slot, mover) = if first {
        (0, 0)
    } else {
        (own.slot, own.mover + 1)
    };
    for (slot, mover, power) in crate::world::order::movers_from(&own.order, slot, mover) {
        // Asked when it has a corps that may move, or a depot to decide.
        let ctx = cx.ctx();
        if movement::may_move(&ctx, power) || depots::any_possible(&ctx, power) {
            cx.emit(LandEvent::MoverBegan { slot, mover, power });
            return Ask::open(vec![power]);
        }
        // Nothing to decide: its supply and combat steps still run.
        after_movement(cx, power, dice);
        if let Some(ask) = combat::next(cx, slot, mover).or_else(|| sieges(cx, slot, mover)) {
            return Some(ask);
        }
    }
    conquest::conquest_step(cx);
    cx.emit(LandEvent::PhaseEnded);
    None
}

/// 7.1: the name of the power that chooses its place in the order of movement (France in 1805).
fn chooser_name(ctx: &LCtx) -> String {
    ctx.scenario.power_name(ctx.scenario.charts.land.chooser)
}
