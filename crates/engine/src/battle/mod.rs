//! Rule 7.5 (Coalition's field combat, `docs/rules/combat.md`): one battle between two sides, resolved round by
//! round from the numbers of `combat.ron`, with every die recorded with its modifiers and their reasons.
//!
//! The battle is a pure calculation: a [`Setup`] (the corps, leaders, chits, terrain and options of both sides)
//! and a source of dice give a [`Report`]. The Land Phase builds the setup from the world, fights it a day at a
//! time ([`day::Battle`]: new chits each day) and applies the report; `coalition battle` builds it from a
//! description. The files, each importing only those below it: `state` (what the procedure carries from one die
//! to the next, and the readings every step shares), `side` (morale, commander, ratings), `check` (whether a
//! setup can be fought), `field` (the procedure, a state machine that consumes one die at a time), `day` (a
//! battle fought one day at a time, and a whole battle resolved),
//! `losses` (who loses which factors), `trivial` (7.5.3 and 12.3.10), `odds` (the exact chances of every outcome,
//! with `memo`, its cache of loss allocations), `foresight` (the default chits, 3.6, by the first round's odds),
//! `casualties` (12.7, after the battle), `guard` (the guard's
//! commitment and bombardment), `reinforce` (corps joining from next areas), `odd` (a round's losses applied, with
//! 12.3.6's competitive roll for odd losses).

pub mod casualties;
pub mod check;
pub mod day;
mod field;
pub mod foresight;
mod guard;
pub mod losses;
mod memo;
mod odd;
pub mod odds;
mod reinforce;
pub mod side;
mod state;
pub mod trivial;

use crate::kernel::dice::Roll;
use crate::kernel::ids::Key;
use crate::scenario::combat::{AttackChit, CombatChart, DefendChit, Role, TableId};
use crate::scenario::{CityKind, CorpsKind, Factors, Terrain};
use serde::{Deserialize, Serialize};

/// One corps in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleCorps {
    /// A name for the report (`fr-1`).
    pub name: String,
    /// The nation its factors belong to (a power's or a minor's key): their morale.
    pub nation: Key,
    /// The major power it fights for (its nation's controller): intrinsic ratings and command.
    pub power: Key,
    pub kind: CorpsKind,
    pub factors: Factors,
    /// In the outflanking force, if its side outflanks.
    #[serde(default)]
    pub outflanking: bool,
    /// 12.3.2: its nation has been a British-trained free state long enough.
    #[serde(default)]
    pub trained: bool,
    /// Coalition's 7.5.2 reinforcement: not in the battle at first but on its way from a next area, with the
    /// stack of [`SideSetup::reinforcements`] it comes with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinforcing: Option<u8>,
    /// 14.3.2.1.6: an UMP's corps in a force with other major powers: its nation loses no more than its share of
    /// the side's losses by its part of the side's starting factors (rounded down), while others can take them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capped: bool,
}

/// Coalition's 7.5.2 reinforcement: a stack trying to join a battle from a next area (its corps are the side's
/// corps with its index as `reinforcing`), led by `leader` or, with none, each corps on its own rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcing {
    /// Where it comes from, for the report.
    pub from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<BattleLeader>,
}

/// A leader present, with its ratings as they stand for this battle (12.3.7.3 already applied).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleLeader {
    pub name: String,
    /// The major power it serves.
    pub power: Key,
    pub strategic: u8,
    pub tactical: u8,
    pub tactical_max: u8,
    /// Its own nation, when it is not the power it serves (a minor's leader: Wrede is Bavarian).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Key>,
}

impl BattleLeader {
    /// The leader's nationality (the chart's specials follow the commander's: 4.5.5).
    pub fn nationality(&self) -> Key {
        self.nation.unwrap_or(self.power)
    }
}

/// 12.3.4: a guard commitment: the round of the day it is made in, the morale levels it shifts (1 or 2) and the
/// nationality whose guard it commits (12.3.4, 12.3.4.3: one nationality's, all of its guard factors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardCommitment {
    pub day: u8,
    pub round: u8,
    pub shift: u8,
    /// The nationality committed (a corps' `nation`); none: the only one of the side whose guard may make the
    /// shift (refused when several may: name one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Key>,
}

/// One side of a battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSetup {
    pub corps: Vec<BattleCorps>,
    #[serde(default)]
    pub leaders: Vec<BattleLeader>,
    /// The powers of this side standing in the Dominant zone (4.5.3's dominant morale).
    #[serde(default)]
    pub dominant: Vec<Key>,
    #[serde(default)]
    pub guard: Option<GuardCommitment>,
    /// Coalition's 7.5.2: the stacks trying to join from next areas.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcements: Vec<Reinforcing>,
}

/// The optional rules a battle reads (the game's rulebook decides them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 12.3.2
    #[serde(default)]
    pub british_training: bool,
    /// 12.3.3.1
    #[serde(default)]
    pub cavalry_superiority: bool,
    /// 12.3.3.2
    #[serde(default)]
    pub cavalry_withdrawals: bool,
    /// 12.3.4
    #[serde(default)]
    pub guard_commitment: bool,
    /// 12.3.5
    #[serde(default)]
    pub artillery: bool,
    /// 12.3.6
    #[serde(default)]
    pub proportional_losses: bool,
    /// 12.3.7.1
    #[serde(default)]
    pub corps_leaders: bool,
    /// 12.3.7.2
    #[serde(default)]
    pub further_reductions: bool,
    /// 12.3.10
    #[serde(default)]
    pub overwhelming_numbers: bool,
}

/// What a combat is (7.5, 7.5.4; 12.3.5 and 12.7 name them): a field combat (a relieving force's too, 7.5.4.2.3),
/// or one of a siege's limited field combats, the besiegers' assault on the city (7.5.4.1) or the garrison's
/// attack on its besiegers (7.5.4.2.1). What applies to a combat follows from its kind here, in one place.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum CombatKind {
    #[default]
    Field,
    Assault,
    Sortie,
}

impl CombatKind {
    /// 12.3.5: whether the artillery's special uses (its bombardment, 12.3.5.1 to 12.3.5.5) apply. They do in a
    /// field combat, the relieving force's included (Coalition fights it as a field combat, 7.5.4.2.3); "they do
    /// not apply during siege assaults or defender attacks". 12.3.5.6 (artillery alone breaks) is no special use
    /// and holds in every combat.
    pub fn bombards(self) -> bool {
        self == CombatKind::Field
    }

    /// 7.5.4.1: whether a city's walls move the tables: only in an assault on it.
    pub fn behind_walls(self) -> bool {
        self == CombatKind::Assault
    }

    /// 7.5 and 7.5.4: the days a combat of this kind lasts: a field combat the chart's `days`, a limited field
    /// combat (an assault, a sortie) the siege's `days`.
    pub fn days(self, chart: &CombatChart) -> u8 {
        match self {
            CombatKind::Field => chart.days,
            CombatKind::Assault | CombatKind::Sortie => chart.siege.days,
        }
    }

    /// Whether the kind is a field combat (for the description's default).
    pub fn is_field(&self) -> bool {
        *self == CombatKind::Field
    }
}

/// Everything a field combat needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub attacker: SideSetup,
    pub defender: SideSetup,
    pub terrain: Terrain,
    /// The attack crosses a river (Cordon's river line).
    #[serde(default)]
    pub river: bool,
    /// The chits of each day (the last pair repeats if the battle lasts longer).
    pub chits: Vec<(AttackChit, DefendChit)>,
    #[serde(default)]
    pub options: Options,
    /// What the combat is (a field combat unless said): the options that apply and its days follow from it.
    #[serde(default, skip_serializing_if = "CombatKind::is_field")]
    pub kind: CombatKind,
    /// 7.5.4.1: an assault on a city: its kind, whose walls (`combat.ron`'s `siege.walls`) move the tables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walls: Option<CityKind>,
    /// The combat's days, if not those of its kind (`CombatKind::days`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u8>,
}

impl Setup {
    pub fn side(&self, r: Role) -> &SideSetup {
        match r {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }

    /// Each corps' factors at the start, by side (attacker, defender).
    pub fn starting_factors(&self) -> [Vec<Factors>; 2] {
        let of = |s: &SideSetup| s.corps.iter().map(|c| c.factors).collect::<Vec<_>>();
        [of(&self.attacker), of(&self.defender)]
    }
}

/// How a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The side broke or lost its last factor; the other won.
    Won { winner: Role },
    /// The defender withdrew before or during the battle (no winner).
    Withdrew,
    /// The last day ended with neither side broken: the attacker falls back (Coalition's).
    Undecided,
}

/// One side's fire in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    pub side: Role,
    pub table: TableId,
    pub roll: Roll,
    pub percent: u8,
    /// Factors that fired (the casualty table's column).
    pub firing: u32,
    /// Factors the enemy lost.
    pub inflicted: u32,
    /// Morale loss inflicted, in tenths.
    pub morale: i32,
}

/// One round of a day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    pub day: u8,
    pub round: u8,
    /// Rolls before fire: outflank arrival, guard commitment, bombardment.
    pub before: Vec<Roll>,
    pub bombardment: Vec<Fire>,
    /// 12.3.6: the competitive rolls for the bombardment's odd losses, after the bombardment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bombardment_odd: Vec<Roll>,
    pub fire: Vec<Fire>,
    /// 12.3.6: the competitive rolls for the fire's odd losses, after the fire.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fire_odd: Vec<Roll>,
    /// Each side's morale left after the round, in tenths (attacker, defender).
    pub morale_left: (i32, i32),
    /// Each side's factors left after the round (attacker, defender).
    pub factors_left: (u32, u32),
    /// What the round decided, in words.
    pub notes: Vec<String>,
}

/// The record of a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Each side's commander (a leader's name, or the corps' own ratings) and its ratings.
    pub commanders: (String, String),
    /// Each side's combat morale at the start, in tenths.
    pub morale: (i32, i32),
    /// Rolls before the first round (withdrawal).
    pub opening: Vec<Roll>,
    pub rounds: Vec<RoundReport>,
    pub outcome: Outcome,
    /// Each corps' factors at the end, by side, in the setup's order.
    pub attacker_left: Vec<Factors>,
    pub defender_left: Vec<Factors>,
    /// Corps of the defender that withdrew before the battle (their indices).
    pub withdrawn: Vec<usize>,
    /// Coalition's 7.5.1 and 7.5.2: leaders who took command of their side on joining the battle, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub took_command: Vec<TookCommand>,
}

/// Coalition's 7.5.1 and 7.5.2: a leader who took command of a side when the stack he led joined the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TookCommand {
    pub day: u8,
    pub round: u8,
    pub side: Role,
    /// The leader's name, with its ratings as the battle reads them.
    pub commander: String,
}

impl RoundReport {
    /// An empty record of round `round` of day `day`.
    pub fn new(day: u8, round: u8) -> RoundReport {
        RoundReport {
            day,
            round,
            before: Vec::new(),
            bombardment: Vec::new(),
            bombardment_odd: Vec::new(),
            fire_odd: Vec::new(),
            fire: Vec::new(),
            morale_left: (0, 0),
            factors_left: (0, 0),
            notes: Vec::new(),
        }
    }
}

impl Report {
    /// A report with nothing fought yet (its outcome undecided).
    pub fn new(commanders: (String, String), morale: (i32, i32)) -> Report {
        Report {
            commanders,
            morale,
            opening: Vec::new(),
            rounds: Vec::new(),
            outcome: Outcome::Undecided,
            attacker_left: Vec::new(),
            defender_left: Vec::new(),
            withdrawn: Vec::new(),
            took_command: Vec::new(),
        }
    }

    /// Factors each side lost: (attacker, defender).
    pub fn losses(&self, setup: &Setup) -> (u32, u32) {
        let lost = |before: &[BattleCorps], after: &[Factors]| -> u32 {
            before
                .iter()
                .zip(after)
                .map(|(b, a)| b.factors.total().saturating_sub(a.total()))
                .sum()
        };
        (
            lost(&setup.attacker.corps, &self.attacker_left),
            lost(&setup.defender.corps, &self.defender_left),
        )
    }
}
