//! Rule 7.5 (Coalition's field combat, `docs/rules/combat.md`): the numbers a battle reads, from a ruleset's
//! `combat.ron`: the 25 combat tables, the casualty table, the commander chart, the chit pairings, terrain,
//! morale and intrinsic ratings by nationality, and the guard commitment table (12.3.4).

use super::types::{Terrain, UnitKind};
use crate::kernel::error::DataError;
use crate::kernel::ids::Key;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A combat table's name: its casualty level and its morale level, 1 to 5 each (`"3-2"` in data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TableId {
    pub casualty: u8,
    pub morale: u8,
}

impl TableId {
    /// The table `casualty-morale`, each level held within 1 to 5.
    pub fn clamped(casualty: i32, morale: i32) -> TableId {
        TableId {
            casualty: casualty.clamp(1, 5) as u8,
            morale: morale.clamp(1, 5) as u8,
        }
    }
}

impl TryFrom<String> for TableId {
    type Error = String;
    fn try_from(s: String) -> Result<TableId, String> {
        let bad = || format!("`{s}` is not a combat table (casualty-morale, each 1 to 5)");
        let (c, m) = s.split_once('-').ok_or_else(bad)?;
        let c: u8 = c.parse().map_err(|_| bad())?;
        let m: u8 = m.parse().map_err(|_| bad())?;
        if !(1..=5).contains(&c) || !(1..=5).contains(&m) {
            return Err(bad());
        }
        Ok(TableId {
            casualty: c,
            morale: m,
        })
    }
}

impl From<TableId> for String {
    fn from(t: TableId) -> String {
        t.to_string()
    }
}

impl std::fmt::Display for TableId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.casualty, self.morale)
    }
}

/// The attacker's tactical chits (4.5.5).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum AttackChit {
    Outflank,
    Assault,
    EscalatedAssault,
    Echelon,
    Probe,
}

/// The defender's tactical chits (4.5.5). Cordon reads the river column when the attack crosses a river.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DefendChit {
    Outflank,
    Counterattack,
    EscalatedCounterattack,
    Cordon,
    Withdraw,
    Defend,
}

impl AttackChit {
    pub const ALL: [AttackChit; 5] = [
        AttackChit::Outflank,
        AttackChit::Assault,
        AttackChit::EscalatedAssault,
        AttackChit::Echelon,
        AttackChit::Probe,
    ];
}

impl DefendChit {
    pub const ALL: [DefendChit; 6] = [
        DefendChit::Outflank,
        DefendChit::Counterattack,
        DefendChit::EscalatedCounterattack,
        DefendChit::Cordon,
        DefendChit::Withdraw,
        DefendChit::Defend,
    ];
}

/// One side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

/// The defender's withdrawal under a pairing (4.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawRule {
    /// Added to the strategic rating the withdrawal die must not exceed.
    pub modifier: i8,
    /// The defender withdraws without a roll (Probe v Withdraw).
    pub automatic: bool,
    /// If the withdrawal fails, one round is fought, and the battle goes on only if the outflank arrives
    /// (Outflank v Withdraw).
    pub one_round: bool,
}

/// A pairing's special to a side whose commander is of a nation (Turkish attack, Russian defence, Austrian
/// cordon).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChitBonus {
    pub side: Role,
    /// The commander's nation (a major power's id).
    pub commander: Key,
    /// Added to the side's combat morale, in tenths.
    #[serde(default)]
    pub morale: i32,
    /// Added to the side's combat die modifier.
    #[serde(default)]
    pub die: i8,
}

/// One line of the Operational Possibilities Chart (4.5.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChitPairing {
    pub attacker: AttackChit,
    pub defender: DefendChit,
    /// For Cordon: the line across a river (`Some(true)`) or not (`Some(false)`).
    #[serde(default)]
    pub river: Option<bool>,
    /// The tables the attacker fires on in rounds 1-3 (empty: no combat).
    pub attacker_tables: Vec<TableId>,
    pub defender_tables: Vec<TableId>,
    /// The tables of rounds 2 and 3 once the outflanking force has arrived: (attacker's, defender's).
    #[serde(default)]
    pub after_outflank: Option<(Vec<TableId>, Vec<TableId>)>,
    /// The side that splits into pinning and outflanking forces.
    #[serde(default)]
    pub outflank: Option<Role>,
    /// Added to the outflanking commander's strategic rating for the arrival rolls.
    #[serde(default)]
    pub outflank_bonus: i8,
    #[serde(default)]
    pub withdraw: Option<WithdrawRule>,
    /// False where the commander chart is not used (0 and 0).
    #[serde(default = "yes")]
    pub commander_chart: bool,
    #[serde(default)]
    pub bonuses: Vec<ChitBonus>,
}

fn yes() -> bool {
    true
}

/// Terrain's effect on a field combat (4.5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainEffect {
    pub attacker_casualty: i8,
    pub attacker_morale: i8,
    pub defender_casualty: i8,
    pub defender_morale: i8,
    /// Added to the strategic rating for an outflank's arrival.
    pub outflank: i8,
    /// Added to the strategic rating for a reinforcement's arrival.
    pub reinforce: i8,
    /// Whether artillery may bombard here (12.3.5.4).
    pub bombardment: bool,
}

/// Morale values of one nation (tenths), over the default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NationMorale {
    pub base: BTreeMap<UnitKind, i32>,
    /// While the power stands in the Dominant zone.
    #[serde(default)]
    pub dominant: Option<BTreeMap<UnitKind, i32>>,
    /// While the power does not stand in the Dominant zone.
    #[serde(default)]
    pub not_dominant: Option<BTreeMap<UnitKind, i32>>,
}

/// 4.5.3: morale of army factors, in tenths.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleChart {
    pub default: BTreeMap<UnitKind, i32>,
    pub nations: BTreeMap<Key, NationMorale>,
}

/// 12.3.2: British training.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainingChart {
    /// The major power whose free states train (Great Britain).
    pub by: Vec<Key>,
    pub months: u32,
    pub nations: Vec<Key>,
    pub morale: BTreeMap<UnitKind, i32>,
}

/// 12.3.4: guard commitment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardChart {
    /// Guard factors lost, by levels shifted (1 or 2) and the die (1 to 6).
    pub losses: BTreeMap<u8, Vec<u16>>,
    /// Nations whose guard may shift two levels (12.3.4.3), with at least `two_levels_min_factors` factors.
    pub two_levels: Vec<Key>,
    pub two_levels_min_factors: u16,
    /// Nations whose guard may shift one level.
    pub one_level: Vec<Key>,
}

/// `combat.ron`: everything a field combat reads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CombatChart {
    /// 4.5.6: for each table, for the modified die 0 to 7: (casualty percentage, morale loss in tenths).
    pub tables: BTreeMap<TableId, Vec<(u8, i32)>>,
    /// 4.5.7: factors lost by casualty percentage and the firing side's factors (1 to 20).
    pub casualties: BTreeMap<u8, Vec<u16>>,
    /// 4.5.4: `[defender's rating][attacker's]` = (attacker's modifier, defender's), ratings 0 to 5.
    pub commander: Vec<Vec<(i8, i8)>>,
    pub max_modifier: i8,
    pub min_modifier: i8,
    pub chits: Vec<ChitPairing>,
    pub terrain: BTreeMap<Terrain, TerrainEffect>,
    pub morale: MoraleChart,
    pub british_training: TrainingChart,
    /// 4.5.3: a corps' own (strategic, tactical) ratings by major power.
    pub intrinsic: BTreeMap<Key, (u8, u8)>,
    pub guard: GuardChart,
    pub bombardment: BombardmentChart,
    pub cavalry_withdrawal_not_for: u8,
    pub cavalry_superiority: u16,
    pub overwhelming: u16,
    pub trivial: TrivialChart,
    pub outflank_later: i8,
    pub napoleon: NapoleonChart,
    pub leader_casualties: CasualtyChart,
    pub days: u8,
    /// Coalition's 7.5.7: the political points of a battle by its size, smallest first.
    pub points: Vec<PointsBySize>,
    /// Coalition's 7.5.8: the pursuit by the winner's cavalry.
    pub pursuit: PursuitChart,
    /// Coalition's 7.5.4: sieges, assaults and sorties.
    pub siege: SiegeChart,
    /// Coalition's 3.6 default chit (`docs/rules/combat.md` "The default chit").
    pub default_chit: DefaultChitChart,
}

/// Coalition's 3.6 default chit: how far the odds look ahead and what an ending is worth to the attacker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DefaultChitChart {
    /// The odds are walked to the end of this round of the day to be fought (1 to 3).
    pub rounds: u8,
    /// The worth of a battle won (and, negated, lost) beside the margins, each counted in thousandths (at most
    /// 1000) of the side's morale or starting factors.
    pub won: i32,
}

impl Default for DefaultChitChart {
    /// The standard rule set's (`combat.ron`), for a chart built in code.
    fn default() -> DefaultChitChart {
        DefaultChitChart {
            rounds: 1,
            won: 1000,
        }
    }
}

/// Coalition's 7.5.4 (`docs/rules/land.md`): sieges. A siege roll is one die, plus a month for each full month the
/// siege has lasted (at most `months_max`), plus `odds_bonus` when the besiegers have at least `odds` times the
/// besieged factors; the city falls when the total reaches `falls_on` for its kind. Assaults (7.5.4.1) and sorties
/// (7.5.4.2.1) are limited field combats of `days` day(s); in an assault the walls move the tables' levels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeChart {
    /// The total a siege roll needs for the city to fall, by kind of city.
    pub falls_on: BTreeMap<crate::scenario::CityKind, i32>,
    /// The most months a siege roll counts.
    pub months_max: i32,
    /// Besieging factors at least this many times the besieged ones give `odds_bonus`.
    pub odds: u32,
    pub odds_bonus: i32,
    /// 7.5.4.1: the walls' effect on an assault's tables, by kind of city (the terrain's fields: casualty and
    /// morale levels of each side).
    pub walls: BTreeMap<crate::scenario::CityKind, Walls>,
    /// The days a limited field combat lasts (an assault, a sortie).
    pub days: u8,
    /// 7.5.4.2.2: political points of a sortie (a garrison attack combat) won, gained by the winners and lost by
    /// the losers; and of an assault won.
    pub sortie_points: i32,
    pub assault_points: i32,
    /// Coalition's 7.5.4 (errata 4.2.2.2 and 7.3.5): the corps factors a city may shelter, by kind of city (its
    /// own garrison does not count against it).
    #[serde(default)]
    pub room: BTreeMap<crate::scenario::CityKind, u32>,
}

/// 7.5.4.1: how a city's walls move the tables of an assault on it (added as terrain is, then held within 1 to 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walls {
    #[serde(default)]
    pub attacker_casualty: i8,
    #[serde(default)]
    pub attacker_morale: i8,
    #[serde(default)]
    pub defender_casualty: i8,
    #[serde(default)]
    pub defender_morale: i8,
}

/// Coalition's 7.5.7: a battle of at least `from_factors` factors (both sides at the start) is worth `points`
/// political points: gained by each power of the winning side, lost by each of the losing side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsBySize {
    pub from_factors: u32,
    pub points: i32,
}

/// Coalition's 7.5.8: after a battle won, the winner's cavalry pursues: `dice` dice, the loser losing that many
/// more factors, at most as many as the winner's cavalry factors beyond the loser's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PursuitChart {
    pub dice: u8,
}

/// 12.3.5: artillery bombardment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BombardmentChart {
    /// 12.3.5.4: the table artillery bombards on.
    pub table: TableId,
    /// 12.3.5.2: the morale lost (tenths) from which bombardment spares militia.
    pub spare_militia_from: i32,
}

impl Default for BombardmentChart {
    fn default() -> BombardmentChart {
        BombardmentChart {
            table: TableId::clamped(5, 5),
            spare_militia_from: 20,
        }
    }
}

/// Coalition's 7.5.3: trivial combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrivialChart {
    pub max_factors: u32,
    pub ratio: u32,
    pub larger: TableId,
    pub smaller: TableId,
}

impl Default for TrivialChart {
    fn default() -> TrivialChart {
        TrivialChart {
            max_factors: 0,
            ratio: u32::MAX,
            larger: TableId::clamped(1, 1),
            smaller: TableId::clamped(1, 1),
        }
    }
}

/// 12.3.7.3: Napoleon's later ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NapoleonChart {
    pub leader: crate::kernel::ids::LeaderId,
    /// (rating, from the month).
    pub tactical: (u8, crate::kernel::calendar::Date),
    pub strategic: (u8, crate::kernel::calendar::Date),
}

impl Default for NapoleonChart {
    fn default() -> NapoleonChart {
        let d = crate::kernel::calendar::Date::new(9999, 12).expect("a valid month");
        NapoleonChart {
            leader: crate::kernel::ids::LeaderId::new("napoleon").expect("a valid id"),
            tactical: (0, d),
            strategic: (0, d),
        }
    }
}

/// 12.7: leader casualties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CasualtyChart {
    pub hit_on: u8,
    pub killed_on: u8,
}

impl CombatChart {
    /// 4.5.6: the cell of `table` for the modified die `roll` (held within 0 to 7).
    pub fn cell(&self, table: TableId, roll: i32) -> (u8, i32) {
        self.tables
            .get(&table)
            .and_then(|t| t.get(roll.clamp(0, 7) as usize))
            .copied()
            .unwrap_or((0, 0))
    }

    /// 4.5.7: the factors the enemy loses when `firing` factors fire at `percent`.
    pub fn factors_lost(&self, percent: u8, firing: u32) -> u32 {
        let Some(row) = self.casualties.get(&percent) else {
            return 0;
        };
        let at = |n: u32| -> u32 {
            if n == 0 {
                0
            } else {
                row.get(n as usize - 1).copied().unwrap_or(0) as u32
            }
        };
        (firing / 20) * at(20) + at(firing % 20)
    }

    /// 4.5.4: the commander chart's modifiers (attacker's, defender's) for the two effective tactical ratings.
    pub fn commander_modifiers(&self, attacker: u8, defender: u8) -> (i8, i8) {
        let n = self.commander.len().saturating_sub(1);
        self.commander
            .get((defender as usize).min(n))
            .and_then(|row| row.get((attacker as usize).min(row.len().saturating_sub(1))))
            .copied()
            .unwrap_or((0, 0))
    }

    /// 4.5.5: the line for a pair of chits (`river`: the attack crosses a river, for Cordon).
    pub fn pairing(&self, a: AttackChit, d: DefendChit, river: bool) -> Option<&ChitPairing> {
        self.chits
            .iter()
            .find(|p| p.attacker == a && p.defender == d && p.river.is_none_or(|r| r == river))
    }

    /// Checks the chart, naming the file and the entry of every problem.
    pub fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        let mut err = |entry: String, message: String| {
            errors.push(DataError {
                file: file.to_string(),
                entry,
                message,
            })
        };
        for c in 1..=5 {
            for m in 1..=5 {
                let id = TableId {
                    casualty: c,
                    morale: m,
                };
                match self.tables.get(&id) {
                    None => err(format!("tables {id}"), "is missing".into()),
                    Some(t) if t.len() != 8 => err(
                        format!("tables {id}"),
                        format!("has {} cells, not 8 (die 0 to 7)", t.len()),
                    ),
                    Some(t) => {
                        for (roll, (p, _)) in t.iter().enumerate() {
                            if !self.casualties.contains_key(p) && *p != 0 {
                                err(
                                    format!("tables {id}, roll {roll}"),
                                    format!("{p}% is not a row of `casualties`"),
                                );
                            }
                        }
                    }
                }
            }
        }
        for (p, row) in &self.casualties {
            if row.len() != 20 {
                err(
                    format!("casualties {p}"),
                    format!("has {} columns, not 20", row.len()),
                );
            }
        }
        if self.commander.len() != 6 || self.commander.iter().any(|r| r.len() != 6) {
            err(
                "commander".into(),
                "must have 6 rows of 6 (ratings 0 to 5)".into(),
            );
        }
        if self.min_modifier > self.max_modifier {
            err("min_modifier".into(), "is above max_modifier".into());
        }
        for a in AttackChit::ALL {
            for d in DefendChit::ALL {
                for river in [false, true] {
                    let n = self
                        .chits
                        .iter()
                        .filter(|p| {
                            p.attacker == a && p.defender == d && p.river.is_none_or(|r| r == river)
                        })
                        .count();
                    if n != 1 {
                        err(
                            format!("chits {a:?} v {d:?}{}", if river { " (river)" } else { "" }),
                            format!("has {n} lines, not 1"),
                        );
                    }
                }
            }
        }
        for p in &self.chits {
            let entry = format!("chits {:?} v {:?}", p.attacker, p.defender);
            let fights = !(p.withdraw.is_some_and(|w| w.automatic));
            let rounds = if p.withdraw.is_some_and(|w| w.one_round) {
                1
            } else {
                3
            };
            if fights && (p.attacker_tables.len() != rounds || p.defender_tables.len() != rounds) {
                err(
                    entry.clone(),
                    format!("needs {rounds} tables for each side"),
                );
            }
            if p.after_outflank.is_some() != p.outflank.is_some() && p.after_outflank.is_some() {
                err(
                    entry.clone(),
                    "has tables after an outflank but nobody outflanks".into(),
                );
            }
            if let Some((a, d)) = &p.after_outflank
                && (a.len() != 2 || d.len() != 2)
            {
                err(
                    entry,
                    "needs 2 tables for each side after an outflank (rounds 2 and 3)".into(),
                );
            }
        }
        for t in [
            Terrain::Clear,
            Terrain::Forest,
            Terrain::Mountain,
            Terrain::Marsh,
            Terrain::Desert,
        ] {
            if !self.terrain.contains_key(&t) {
                err(format!("terrain {t:?}"), "is missing".into());
            }
        }
        for k in [
            UnitKind::Infantry,
            UnitKind::Cavalry,
            UnitKind::Guard,
            UnitKind::Militia,
            UnitKind::Cossack,
            UnitKind::Feudal,
        ] {
            if !self.morale.default.contains_key(&k) {
                err(format!("morale default {k:?}"), "is missing".into());
            }
        }
        for (shift, row) in &self.guard.losses {
            if row.len() != 6 || !(1..=2).contains(shift) {
                err(
                    format!("guard losses {shift}"),
                    "must be the shift 1 or 2 with 6 entries (die 1 to 6)".into(),
                );
            }
        }
        if self.days == 0 {
            err("days".into(), "must be at least 1".into());
        }
        if self
            .points
            .windows(2)
            .any(|w| w[0].from_factors >= w[1].from_factors)
            || self.points.iter().any(|p| p.points < 0)
        {
            err(
                "points".into(),
                "battle sizes must rise strictly and their points be 0 or more".into(),
            );
        }
        if self.pursuit.dice > 3 {
            err("pursuit".into(), "at most 3 dice".into());
        }
        let kinds = [
            crate::scenario::CityKind::City,
            crate::scenario::CityKind::Fortress,
        ];
        let sg = &self.siege;
        if kinds.iter().any(|k| {
            !sg.falls_on.contains_key(k) || !sg.walls.contains_key(k) || !sg.room.contains_key(k)
        }) {
            err(
                "siege".into(),
                "`falls_on`, `walls` and `room` need an entry for `city` and for `fortress`".into(),
            );
        }
        if sg.room.values().any(|v| *v > 1000) {
            err("siege.room".into(), "at most 1000 factors".into());
        }
        if sg.falls_on.values().any(|v| !(2..=12).contains(v)) {
            err("siege.falls_on".into(), "a total from 2 to 12".into());
        }
        if sg.days == 0 || sg.days > self.days.max(1) || sg.months_max < 0 || sg.odds == 0 {
            err(
                "siege".into(),
                "`days` from 1 to the field combat's days; `months_max` 0 or more; `odds` 1 or more".into(),
            );
        }
    }
}
