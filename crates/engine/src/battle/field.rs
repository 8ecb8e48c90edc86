//! Rule 7.5.2 (Coalition's field combat procedure, `docs/rules/combat.md`), with 12.3.3.1, 12.3.3.2, 12.3.4 to
//! 12.3.4.6, 12.3.5.1 to 12.3.5.6 and 12.3.6: the days and rounds of a battle, from the chits to the outcome.
//!
//! The procedure is a state machine. A [`State`] holds everything a battle carries from one die to the next
//! (each corps' factors, who withdrew, the morale lost, the day and round, the outflank's arrival, the guard's
//! commitment, the results of a round's first die waiting for the second); `roll` consumes one die and runs the
//! procedure on to the next die, the end of the day or the end of the battle. [`Battle`] fights one day at a time
//! (the Land Phase asks both sides for new chits between days), [`resolve`] a whole battle, and
//! [`super::odds`] enumerates the states for the exact odds.

use super::losses::allocate;
use super::side::{Command, cavalry, combat_morale, command, intrinsic};
use super::{Fire, Outcome, Report, RoundReport, Setup, SideSetup};
use crate::kernel::dice::{Modifier, Roll};
use crate::kernel::error::{RuleError, RuleResult};
use crate::scenario::combat::{
    AttackChit, ChitBonus, ChitPairing, CombatChart, DefendChit, Role, TableId, TerrainEffect,
};
use crate::scenario::{CorpsKind, Factors};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

const SIDES: [Role; 2] = [Role::Attacker, Role::Defender];

fn ix(r: Role) -> usize {
    match r {
        Role::Attacker => 0,
        Role::Defender => 1,
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    }
}

/// Whether every corps of a side is of a kind that moves 5 (cavalry, cossacks, freikorps: 12.3.3.2).
fn all_cavalry(side: &SideSetup, present: &[bool]) -> bool {
    let mut any = false;
    for (c, p) in side.corps.iter().zip(present) {
        if !*p {
            continue;
        }
        any = true;
        if !matches!(
            c.kind,
            CorpsKind::Cavalry | CorpsKind::Cossack | CorpsKind::Freikorps
        ) {
            return false;
        }
    }
    any
}

/// Checks a setup before a battle: both sides have factors, the chits' outflank can be made (4.5.2: a leader
/// present, a corps other than artillery in each force, artillery in the pinning force, cossacks and freikorps in
/// the outflanking one), a committed guard may commit (12.3.4.3).
pub fn check(chart: &CombatChart, setup: &Setup) -> RuleResult<()> {
    check_factors(setup)?;
    if setup.chits.is_empty() {
        return Err(RuleError::new("7.5", "a battle needs each side's chit"));
    }
    for (day, chits) in setup.chits.iter().enumerate() {
        check_chits(chart, setup, day + 1, *chits)?;
    }
    check_guard(chart, setup)
}

/// 7.5: each side has factors.
fn check_factors(setup: &Setup) -> RuleResult<()> {
    for r in SIDES {
        let s = setup.side(r);
        if s.corps.iter().all(|c| c.factors.is_empty()) {
            return Err(RuleError::new(
                "7.5",
                format!("the {} has no factors", role_name(r)),
            ));
        }
    }
    Ok(())
}

/// 12.3.4.3: each side's guard commitment, if any, may be made.
fn check_guard(chart: &CombatChart, setup: &Setup) -> RuleResult<()> {
    if setup.options.guard_commitment {
        for r in SIDES {
            if let Some(g) = setup.side(r).guard {
                guard_may_commit(chart, setup.side(r), g.shift)?;
            }
        }
    }
    Ok(())
}

/// 4.5.2 and 4.5.5: the line of the chart for day `day`'s chits, if the setup can fight it: an outflank needs a
/// leader present, a corps other than artillery in each force, the artillery in the pinning force and cossacks
/// and freikorps in the outflanking one.
pub fn check_chits<'c>(
    chart: &'c CombatChart,
    setup: &Setup,
    day: usize,
    (a, d): (AttackChit, DefendChit),
) -> RuleResult<&'c ChitPairing> {
    let Some(p) = chart.pairing(a, d, setup.river) else {
        return Err(RuleError::new(
            "7.5",
            format!("no line of the chart for {a:?} v {d:?}"),
        ));
    };
    if let Some(r) = p.outflank {
        let s = setup.side(r);
        let why = |m: &str| {
            Err(RuleError::new(
                "7.5.2",
                format!("day {day}: the {} may not outflank: {m}", role_name(r)),
            ))
        };
        if s.leaders.is_empty() {
            return why("no leader is present");
        }
        let groups = |out: bool| {
            s.corps
                .iter()
                .filter(|c| c.outflanking == out && c.kind != CorpsKind::Artillery)
                .count()
        };
        if groups(true) == 0 || groups(false) == 0 {
            return why("each force needs a corps other than artillery");
        }
        if s.corps
            .iter()
            .any(|c| c.outflanking && c.kind == CorpsKind::Artillery)
        {
            return why("artillery stays in the pinning force");
        }
        if s.corps
            .iter()
            .any(|c| !c.outflanking && matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps))
        {
            return why("cossacks and freikorps go in the outflanking force");
        }
    }
    Ok(p)
}

/// 12.3.4.3: whether a side's guard may shift the morale level by `shift`.
fn guard_may_commit(chart: &CombatChart, side: &SideSetup, shift: u8) -> RuleResult<()> {
    let guard = |p: &crate::kernel::ids::Key| -> u16 {
        side.corps
            .iter()
            .filter(|c| &c.power == p)
            .map(|c| c.factors.guard)
            .sum()
    };
    let ok = match shift {
        1 => chart.guard.one_level.iter().any(|p| guard(p) >= 1),
        2 => chart
            .guard
            .two_levels
            .iter()
            .any(|p| guard(p) >= chart.guard.two_levels_min_factors),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(RuleError::new(
            "12.3.4.3",
            format!(
                "this side's guard may not shift the morale level by {shift}: +2 needs {} French or Russian guard \
                 factors, +1 one Austrian, French, Prussian or Russian; British and Spanish guard never commit",
                chart.guard.two_levels_min_factors
            ),
        ))
    }
}

/// 7.5.2: where the procedure stands: what the next die decides, or that the day or the battle is over. The order
/// of the variants is the order of the procedure within a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum At {
    /// Before a day: its chits are to be chosen.
    Dawn,
    /// The defender's commander's withdrawal die.
    Withdraw,
    /// Corps `i` of a leaderless defender tries to withdraw on its own rating.
    WithdrawCorps(usize),
    /// The outflanking force's arrival die.
    Outflank,
    /// A side's guard commitment die (12.3.4.4).
    Guard(Role),
    /// A side's bombardment die (12.3.5).
    Bombard(Role),
    /// A side's fire.
    Fire(Role),
    /// The battle is over.
    Over,
}

/// 7.5.2: everything a battle carries from one die to the next. Two states that are equal fight on alike, so the
/// odds merge them; what only the record needs is not here. Derived order: the day, the round and the step
/// first, so every die moves a state to a greater one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub(crate) struct State {
    /// The day (1 to the chart's days; past them once the battle is undecided).
    pub(crate) day: u8,
    /// The round of the day (1 to 3; 0 before the first).
    pub(crate) round: u8,
    pub(crate) at: At,
    /// Each corps' factors left, by side, in the setup's order (shared between states until they differ).
    pub(crate) left: [Arc<[Factors]>; 2],
    /// Corps still in the battle (a corps that withdrew is not).
    pub(crate) present: [Arc<[bool]>; 2],
    /// Morale lost so far (tenths).
    pub(crate) lost: [i32; 2],
    /// The outflanking force has arrived (this day).
    pub(crate) arrived: bool,
    /// The day's withdrawal gets 12.3.3.2's +1 (decided before the first corps tries).
    pub(crate) cavalry_withdrawal: bool,
    /// A side's guard commitment was made (once a day, 12.3.4).
    pub(crate) committed: [bool; 2],
    /// This round: the morale levels a committed guard shifts (12.3.4.2), a guard lost on commitment (12.3.4.5).
    pub(crate) shift: [u8; 2],
    pub(crate) guard_broken: [bool; 2],
    /// This round: what each side's die inflicts on the other (factors, morale in tenths), applied together
    /// once both have rolled.
    pub(crate) pending: [(u32, i32); 2],
    pub(crate) outcome: Option<Outcome>,
}

/// What a day of battle reads besides the state: the chart, the setup, each side's combat morale and commander,
/// and the day's line of the chart.
pub(crate) struct Cx<'a> {
    pub(crate) chart: &'a CombatChart,
    pub(crate) setup: &'a Setup,
    pub(crate) morale: [i32; 2],
    pub(crate) command: &'a [Command; 2],
    pub(crate) p: &'a ChitPairing,
    terrain: Option<&'a TerrainEffect>,
    days: u8,
    /// Losses already allocated, when many states are walked (the odds).
    memo: Option<&'a std::cell::RefCell<Allocations>>,
}

/// A cache of loss allocations, when many states are walked (the odds): (side, factors taken, militia spared,
/// the outflank arrived, the corps present, their factors before) → (their factors after, factors taken). The
/// factors are kept once each (`kept`), so that equal factors are one shared value and the cache can know them by
/// address. Only looked up, never walked: its order does not matter.
#[derive(Default)]
pub(crate) struct Allocations {
    done: std::collections::HashMap<Allocation, (Arc<[Factors]>, u32), FxBuild>,
    kept: std::collections::HashSet<Arc<[Factors]>, FxBuild>,
}

/// One loss allocation: (side, factors taken, militia spared, the outflank arrived, the corps present, their
/// factors before).
type Allocation = (
    usize,
    u32,
    bool,
    bool,
    ByAddress<[bool]>,
    ByAddress<[Factors]>,
);

type FxBuild = std::hash::BuildHasherDefault<Fx>;

/// A shared value known by its address (the cache holds it, so the address is not reused).
#[derive(Clone)]
pub(crate) struct ByAddress<T: ?Sized>(Arc<T>);

impl<T: ?Sized> PartialEq for ByAddress<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Eq for ByAddress<T> {}

impl<T: ?Sized> std::hash::Hash for ByAddress<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (Arc::as_ptr(&self.0) as *const u8 as usize).hash(h)
    }
}

/// A fast hash for the cache of allocations (the multiply-rotate hash of the Rust compiler's `FxHasher`): its keys
/// are the engine's own values, not anyone's input.
#[derive(Default)]
pub(crate) struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

impl<'a> Cx<'a> {
    pub(crate) fn new(
        chart: &'a CombatChart,
        setup: &'a Setup,
        morale: [i32; 2],
        command: &'a [Command; 2],
        p: &'a ChitPairing,
    ) -> Cx<'a> {
        Cx {
            chart,
            setup,
            morale,
            command,
            p,
            terrain: chart.terrain.get(&setup.terrain),
            days: chart.days.max(1),
            memo: None,
        }
    }

    /// The same, caching loss allocations in `memo`.
    pub(crate) fn with_memo(self, memo: &'a std::cell::RefCell<Allocations>) -> Cx<'a> {
        Cx {
            memo: Some(memo),
            ..self
        }
    }

    /// The table side `r` fires on in `round` (`arrived`: the outflank has arrived), before terrain.
    fn table(&self, r: Role, round: u8, arrived: bool) -> Option<TableId> {
        let p = self.p;
        let list = match (&p.after_outflank, arrived && round >= 2) {
            (Some((a, d)), true) => {
                let l = if r == Role::Attacker { a } else { d };
                return l.get(round as usize - 2).copied();
            }
            _ => {
                if r == Role::Attacker {
                    &p.attacker_tables
                } else {
                    &p.defender_tables
                }
            }
        };
        list.get(round as usize - 1).copied()
    }

    fn bombardment(&self) -> bool {
        self.setup.options.artillery && self.terrain.is_some_and(|t| t.bombardment)
    }

    fn roll(
        &self,
        r: Role,
        rule: &str,
        purpose: String,
        face: u8,
        modifiers: Vec<Modifier>,
    ) -> Roll {
        let total = face as i32 + modifiers.iter().map(|m| m.value).sum::<i32>();
        Roll {
            who: self.command[ix(r)].power.to_string(),
            rule: rule.into(),
            purpose,
            faces: vec![face],
            modifiers,
            total,
        }
    }
}

/// What a die is rolled against: a target to roll at or under (withdrawal, outflank), the guard table, or a
/// combat table with the net modifier and the factors firing (and whether the table's morale loss counts).
pub(crate) enum Against {
    Target(i32),
    Guard(Role),
    Table {
        table: TableId,
        modifier: i32,
        firing: u32,
        morale: bool,
    },
}

/// The record being written while a day is fought: the battle's report and the round under way.
pub(crate) struct Log<'r> {
    pub(crate) report: &'r mut Report,
    round: Option<RoundReport>,
}

impl<'r> Log<'r> {
    pub(crate) fn new(report: &'r mut Report) -> Log<'r> {
        Log {
            report,
            round: None,
        }
    }

    fn round(&mut self) -> &mut RoundReport {
        self.round.as_mut().expect("a round is under way")
    }

    fn note(&mut self, note: String) {
        self.round().notes.push(note);
    }
}

fn signed(v: i32, what: &str) -> String {
    match v {
        0 => String::new(),
        v if v > 0 => format!(" +{v}{what}"),
        v => format!(" {v}{what}"),
    }
}

impl State {
    /// A battle before its first day: every corps present with its factors.
    pub(crate) fn new(setup: &Setup) -> State {
        State {
            day: 1,
            round: 0,
            at: At::Dawn,
            left: setup.starting_factors().map(Arc::from),
            present: [
                vec![true; setup.attacker.corps.len()].into(),
                vec![true; setup.defender.corps.len()].into(),
            ],
            lost: [0, 0],
            arrived: false,
            cavalry_withdrawal: false,
            committed: [false, false],
            shift: [0, 0],
            guard_broken: [false, false],
            pending: [(0, 0); 2],
            outcome: None,
        }
    }

    /// Whether the procedure waits for a die.
    pub(crate) fn wants_die(&self) -> bool {
        !matches!(self.at, At::Dawn | At::Over)
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.at = At::Over;
    }

    /// Whether corps `i` of side `r` is in the fight now (present, and not an outflanking force still away).
    fn engaged(&self, cx: &Cx, r: Role, i: usize) -> bool {
        self.present[ix(r)][i]
            && (self.arrived || cx.p.outflank != Some(r) || !cx.setup.side(r).corps[i].outflanking)
    }

    fn factors(&self, cx: &Cx, r: Role) -> u32 {
        self.sum_of(cx, r, Factors::total)
    }

    fn sum_of(&self, cx: &Cx, r: Role, f: impl Fn(&Factors) -> u32) -> u32 {
        self.left[ix(r)]
            .iter()
            .enumerate()
            .filter(|(i, _)| self.engaged(cx, r, *i))
            .map(|(_, x)| f(x))
            .sum()
    }

    /// The side's morale for this day: its combat morale plus the chits' specials for its commander's nation.
    fn morale_now(&self, cx: &Cx, r: Role) -> i32 {
        cx.morale[ix(r)]
            + cx.p
                .bonuses
                .iter()
                .filter(|b| b.side == r && b.commander == cx.command[ix(r)].power)
                .map(|b| b.morale)
                .sum::<i32>()
    }

    fn broken(&self, cx: &Cx, r: Role) -> bool {
        let f = self.factors(cx, r);
        f == 0
            || self.lost[ix(r)] >= self.morale_now(cx, r)
            // 12.3.5.6: a side (or its pinning force) of artillery factors alone breaks.
            || (cx.setup.options.artillery && self.sum_of(cx, r, |x| x.artillery as u32) == f)
    }

    /// 4.5.4: the commander chart's modifier for side `r`, if the pairing uses the chart.
    fn chart_modifier(&self, cx: &Cx, r: Role) -> i32 {
        if !cx.p.commander_chart {
            return 0;
        }
        let (a, d) = cx
            .chart
            .commander_modifiers(cx.command[0].tactical, cx.command[1].tactical);
        (if r == Role::Attacker { a } else { d }) as i32
    }

    /// 12.3.3.1: side `r`'s cavalry factors and the enemy's, if that makes it superior.
    fn cavalry_superior(&self, cx: &Cx, r: Role) -> Option<(u32, u32)> {
        if !cx.setup.options.cavalry_superiority {
            return None;
        }
        let all_cav = |s: Role| self.sum_of(cx, s, cavalry) == self.factors(cx, s);
        let mine = self.sum_of(cx, r, cavalry);
        let theirs = self.sum_of(cx, r.other(), cavalry);
        (mine > 0
            && mine >= cx.chart.cavalry_superiority as u32 * theirs
            && !(all_cav(r) && all_cav(r.other())))
        .then_some((mine, theirs))
    }

    /// The chits' specials to side `r`'s die.
    fn bonuses<'c>(&self, cx: &Cx<'c>, r: Role) -> impl Iterator<Item = &'c ChitBonus> {
        let power = cx.command[ix(r)].power;
        cx.p.bonuses
            .iter()
            .filter(move |b| b.side == r && b.die != 0 && b.commander == power)
    }

    /// The combat die's net modifier for side `r` (4.5.4's chart, 12.3.3.1, the chits' specials), held within the
    /// chart's limits: what [`State::modifiers`] adds up to.
    fn net_modifier(&self, cx: &Cx, r: Role) -> i32 {
        let net = self.chart_modifier(cx, r)
            + self.cavalry_superior(cx, r).map_or(0, |_| 1)
            + self.bonuses(cx, r).map(|b| b.die as i32).sum::<i32>();
        net.clamp(cx.chart.min_modifier as i32, cx.chart.max_modifier as i32)
    }

    /// The combat die's modifiers for side `r`, each with its reason, the last holding the net within the
    /// chart's limits.
    fn modifiers(&self, cx: &Cx, r: Role) -> Vec<Modifier> {
        let mut m = Vec::new();
        let v = self.chart_modifier(cx, r);
        if v != 0 {
            m.push(Modifier::new(
                v,
                "7.5.2",
                format!(
                    "commander chart: tactical {} against {}",
                    cx.command[ix(r)].tactical,
                    cx.command[ix(r.other())].tactical
                ),
            ));
        }
        if let Some((mine, theirs)) = self.cavalry_superior(cx, r) {
            m.push(Modifier::new(
                1,
                "12.3.3.1",
                format!("cavalry superiority: {mine} cavalry factors against {theirs}"),
            ));
        }
        for b in self.bonuses(cx, r) {
            m.push(Modifier::new(
                b.die as i32,
                "7.5.2",
                format!("{} commander on this pairing of chits", b.commander),
            ));
        }
        let net: i32 = m.iter().map(|x| x.value).sum();
        let capped = net.clamp(cx.chart.min_modifier as i32, cx.chart.max_modifier as i32);
        if capped != net {
            m.push(Modifier::new(
                capped - net,
                "12.3.3.1",
                format!(
                    "the net modifier is held within {} and +{}",
                    cx.chart.min_modifier, cx.chart.max_modifier
                ),
            ));
        }
        m
    }

    /// Takes `n` factors from side `r`'s engaged corps (`bombarded`: 12.3.5.2 spares militia once the side has
    /// lost 2.0 morale).
    fn take(&mut self, cx: &Cx, r: Role, n: u32, bombarded: bool) -> u32 {
        if n == 0 {
            return 0;
        }
        let spare = bombarded && self.lost[ix(r)] >= cx.chart.bombardment.spare_militia_from;
        let key = cx.memo.map(|memo| {
            let key = (
                ix(r),
                n,
                spare,
                self.arrived,
                ByAddress(self.present[ix(r)].clone()),
                ByAddress(self.left[ix(r)].clone()),
            );
            (memo, memo.borrow().done.get(&key).cloned(), key)
        });
        if let Some((_, Some((left, got)), _)) = key {
            self.left[ix(r)] = left;
            return got;
        }
        let engaged: Vec<bool> = (0..self.left[ix(r)].len())
            .map(|i| self.engaged(cx, r, i))
            .collect();
        let mut left = self.left[ix(r)].to_vec();
        let got = allocate(
            &cx.setup.side(r).corps,
            &mut left,
            |i| engaged[i],
            n,
            cx.setup.options.proportional_losses,
            spare,
        );
        self.left[ix(r)] = left.into();
        if let Some((memo, _, key)) = key {
            let mut memo = memo.borrow_mut();
            let kept = match memo.kept.get(&self.left[ix(r)]) {
                Some(k) => k.clone(),
                None => {
                    memo.kept.insert(self.left[ix(r)].clone());
                    self.left[ix(r)].clone()
                }
            };
            self.left[ix(r)] = kept.clone();
            memo.done.insert(key, (kept, got));
        }
        got
    }

    /// Begins a day with its line of the chart: the defender's withdrawal, or round 1.
    pub(crate) fn dawn(&mut self, cx: &Cx, log: Option<&mut Log>) {
        debug_assert_eq!(self.at, At::Dawn);
        self.arrived = false;
        self.committed = [false, false];
        let Some(w) = cx.p.withdraw else {
            return self.begin_round(cx, 1, log);
        };
        if w.automatic {
            return self.finish(Outcome::Withdrew);
        }
        // 12.3.3.2, decided once before the first corps tries.
        let setup = cx.setup;
        self.cavalry_withdrawal = setup.options.cavalry_withdrawals
            && all_cavalry(&setup.defender, &self.present[1])
            && !all_cavalry(&setup.attacker, &self.present[0]);
        if cx.command[1].leader {
            self.at = At::Withdraw;
        } else {
            self.next_withdrawal(cx, 0, log);
        }
    }

    /// 4.5.2 with 12.3.3.2: the target of a withdrawal die on strategic rating `s`, and its explanation.
    fn withdraw_target(&self, cx: &Cx, s: u8) -> (i32, impl FnOnce() -> String + use<>) {
        let modifier = cx.p.withdraw.map_or(0, |w| w.modifier) as i32;
        let bonus = (self.cavalry_withdrawal && s != cx.chart.cavalry_withdrawal_not_for) as i32;
        (s as i32 + modifier + bonus, move || {
            format!(
                "{s}{}{}",
                signed(modifier, " chits"),
                signed(bonus, " cavalry withdrawal (12.3.3.2)")
            )
        })
    }

    /// The next leaderless corps from `from` on to try to withdraw, or the end of the attempt.
    fn next_withdrawal(&mut self, cx: &Cx, from: usize, log: Option<&mut Log>) {
        if let Some(i) = (from..cx.setup.defender.corps.len())
            .find(|i| self.present[1][*i] && !self.left[1][*i].is_empty())
        {
            self.at = At::WithdrawCorps(i);
            return;
        }
        self.cavalry_withdrawal = false;
        if self.present[1]
            .iter()
            .zip(self.left[1].iter())
            .all(|(p, x)| !*p || x.is_empty())
        {
            self.finish(Outcome::Withdrew);
        } else {
            self.begin_round(cx, 1, log);
        }
    }

    fn begin_round(&mut self, cx: &Cx, round: u8, mut log: Option<&mut Log>) {
        self.round = round;
        self.shift = [0, 0];
        self.guard_broken = [false, false];
        self.pending = [(0, 0); 2];
        if let Some(l) = log.as_deref_mut() {
            l.round = Some(RoundReport::new(self.day, round));
        }
        // 4.5.2: the outflank's arrival before rounds 2 and 3.
        if round >= 2 && cx.p.outflank.is_some() && !self.arrived {
            self.at = At::Outflank;
            return;
        }
        self.after_outflank(cx, log);
    }

    fn after_outflank(&mut self, cx: &Cx, mut log: Option<&mut Log>) {
        if cx.table(Role::Attacker, self.round, self.arrived).is_none() {
            // Nothing more to fight this day (Outflank v Withdraw after one round without the outflank).
            if let Some(l) = log.as_deref_mut() {
                l.round = None;
            }
            return self.end_day(cx);
        }
        self.next_guard(cx, 0, log);
    }

    /// 12.3.4: the guard commitments of this round, from side `from` on; then the bombardment.
    fn next_guard(&mut self, cx: &Cx, from: usize, log: Option<&mut Log>) {
        if cx.setup.options.guard_commitment {
            for (k, r) in SIDES.iter().enumerate().skip(from) {
                let Some(g) = cx.setup.side(*r).guard else {
                    continue;
                };
                if g.day != self.day || g.round != self.round || self.committed[k] {
                    continue;
                }
                self.committed[k] = true;
                self.at = At::Guard(*r);
                return;
            }
        }
        self.next_bombardment(cx, 0, log);
    }

    /// 12.3.5: the bombardment dice of this round, from side `from` on; once both have rolled, the losses.
    fn next_bombardment(&mut self, cx: &Cx, from: usize, mut log: Option<&mut Log>) {
        if cx.bombardment() {
            for (k, r) in SIDES.iter().enumerate().skip(from) {
                let guns = self.sum_of(cx, *r, |x| x.artillery as u32);
                if guns == 0 || self.guard_broken[k] {
                    continue;
                }
                self.at = At::Bombard(*r);
                return;
            }
            // 12.3.5.1: both sides at once.
            for r in SIDES {
                let n = self.pending[ix(r.other())].0;
                let got = self.take(cx, r, n, true);
                if let Some(l) = log.as_deref_mut()
                    && let Some(x) = l
                        .round()
                        .bombardment
                        .iter_mut()
                        .find(|x| x.side == r.other())
                {
                    x.inflicted = got;
                }
            }
            self.pending = [(0, 0); 2];
        }
        self.next_fire(cx, 0, log);
    }

    /// 7.5.2: each side's fire, from side `from` on; once both have fired, the results apply together.
    fn next_fire(&mut self, cx: &Cx, from: usize, mut log: Option<&mut Log>) {
        for (k, r) in SIDES.iter().enumerate().skip(from) {
            if !self.guard_broken[k] {
                self.at = At::Fire(*r);
                return;
            }
        }
        for r in SIDES {
            if self.guard_broken[ix(r)] {
                continue;
            }
            let (n, morale) = self.pending[ix(r)];
            let got = self.take(cx, r.other(), n, false);
            self.lost[ix(r.other())] += morale;
            if let Some(l) = log.as_deref_mut()
                && let Some(x) = l.round().fire.iter_mut().find(|x| x.side == r)
            {
                x.inflicted = got;
            }
        }
        self.pending = [(0, 0); 2];
        self.end_round(cx, log);
    }

    /// Who broke this round, and whether the battle goes on.
    fn end_round(&mut self, cx: &Cx, mut log: Option<&mut Log>) {
        let mut broken = [
            self.guard_broken[0] || self.broken(cx, Role::Attacker),
            self.guard_broken[1] || self.broken(cx, Role::Defender),
        ];
        // 12.3.4.6: a side whose guard fought must break the other this round, or it breaks.
        for r in SIDES {
            if self.shift[ix(r)] > 0 && !broken[ix(r.other())] {
                broken[ix(r)] = true;
                if let Some(l) = log.as_deref_mut() {
                    l.note(format!(
                        "the {}'s guard did not break the enemy: it breaks (12.3.4.6)",
                        role_name(r)
                    ));
                }
            }
        }
        if let Some(l) = log.as_deref_mut() {
            let mut rr = l.round.take().expect("a round is under way");
            rr.morale_left = (
                (self.morale_now(cx, Role::Attacker) - self.lost[0]).max(0),
                (self.morale_now(cx, Role::Defender) - self.lost[1]).max(0),
            );
            rr.factors_left = (
                self.factors(cx, Role::Attacker),
                self.factors(cx, Role::Defender),
            );
            l.report.rounds.push(rr);
        }
        let loser = match broken {
            [true, true] => {
                // Both broken: the deeper break loses; an even one, the attacker (Coalition's).
                let depth = |r: Role| self.lost[ix(r)] - self.morale_now(cx, r);
                Some(if depth(Role::Defender) > depth(Role::Attacker) {
                    Role::Defender
                } else {
                    Role::Attacker
                })
            }
            [true, false] => Some(Role::Attacker),
            [false, true] => Some(Role::Defender),
            [false, false] => None,
        };
        self.shift = [0, 0];
        self.guard_broken = [false, false];
        if let Some(l) = loser {
            self.finish(Outcome::Won { winner: l.other() });
        } else if self.round < 3 {
            self.begin_round(cx, self.round + 1, log);
        } else {
            self.end_day(cx);
        }
    }

    /// 7.5.2: after the day, the next one (its chits to be chosen), or after the last an undecided battle.
    fn end_day(&mut self, cx: &Cx) {
        self.day += 1;
        self.round = 0;
        self.arrived = false;
        self.committed = [false, false];
        self.shift = [0, 0];
        self.guard_broken = [false, false];
        self.pending = [(0, 0); 2];
        if self.day > cx.days {
            self.finish(Outcome::Undecided);
        } else {
            self.at = At::Dawn;
        }
    }

    /// Consumes one die of `face` (1 to 6) where the procedure stands and runs it on to the next die, the end of
    /// the day or the end of the battle.
    pub(crate) fn roll(&mut self, cx: &Cx, face: u8, log: Option<&mut Log>) {
        let effect = self.effect(cx, face);
        self.apply(cx, face, effect, log);
    }

    /// What a die of `face` does where the procedure stands, in two numbers that with the state decide the next
    /// state: a withdrawal or an arrival made (1) or not (0); the guard factors a commitment loses; the factors
    /// (and morale, in tenths) a side's bombardment or fire inflicts. Faces of the same effect lead to the same
    /// state, so the odds follow each effect once.
    pub(crate) fn effect(&self, cx: &Cx, face: u8) -> (i32, i32) {
        self.effect_against(cx, &self.against(cx), face)
    }

    /// What the next die is rolled against.
    pub(crate) fn against(&self, cx: &Cx) -> Against {
        match self.at {
            At::Withdraw => Against::Target(self.withdraw_target(cx, cx.command[1].strategic).0),
            At::WithdrawCorps(i) => {
                let (s, _) = intrinsic(cx.chart, &cx.setup.defender.corps[i]);
                Against::Target(self.withdraw_target(cx, s).0)
            }
            At::Outflank => Against::Target(self.outflank_target(cx).0),
            At::Guard(r) => Against::Guard(r),
            At::Bombard(r) => Against::Table {
                table: cx.chart.bombardment.table,
                modifier: self.net_modifier(cx, r),
                firing: self.sum_of(cx, r, |x| x.artillery as u32),
                morale: false,
            },
            At::Fire(r) => Against::Table {
                table: self.fire_table(cx, r),
                modifier: self.net_modifier(cx, r),
                firing: self.factors(cx, r),
                morale: true,
            },
            At::Dawn | At::Over => unreachable!("no die is wanted at {:?}", self.at),
        }
    }

    /// [`State::effect`] of a die of `face` rolled against `against` (this state's [`State::against`]).
    pub(crate) fn effect_against(&self, cx: &Cx, against: &Against, face: u8) -> (i32, i32) {
        match *against {
            Against::Target(t) => ((face as i32 <= t) as i32, 0),
            Against::Guard(r) => (self.guard_loss(cx, r, face) as i32, 0),
            Against::Table {
                table,
                modifier,
                firing,
                morale,
            } => {
                let (percent, m) = cx.chart.cell(table, face as i32 + modifier);
                (
                    cx.chart.factors_lost(percent, firing) as i32,
                    if morale { m } else { 0 },
                )
            }
        }
    }

    /// Applies a die of `face` whose effect is `effect` (see [`State::effect`]; the face is only recorded).
    pub(crate) fn apply(
        &mut self,
        cx: &Cx,
        face: u8,
        effect: (i32, i32),
        mut log: Option<&mut Log>,
    ) {
        match self.at {
            At::Withdraw => {
                let ok = effect.0 != 0;
                if let Some(l) = log.as_deref_mut() {
                    let (target, why) = self.withdraw_target(cx, cx.command[1].strategic);
                    let purpose = format!(
                        "day {}: the defender withdraws on {target} or less (strategic {})",
                        self.day,
                        why()
                    );
                    l.report.opening.push(cx.roll(
                        Role::Defender,
                        "7.5.2",
                        purpose,
                        face,
                        Vec::new(),
                    ));
                    if ok {
                        l.report.withdrawn = (0..cx.setup.defender.corps.len()).collect();
                    }
                }
                self.cavalry_withdrawal = false;
                if ok {
                    self.present[1] = vec![false; self.present[1].len()].into();
                    self.finish(Outcome::Withdrew);
                } else {
                    self.begin_round(cx, 1, log);
                }
            }
            At::WithdrawCorps(i) => {
                let ok = effect.0 != 0;
                if let Some(l) = log.as_deref_mut() {
                    let corps = &cx.setup.defender.corps[i];
                    let (s, _) = intrinsic(cx.chart, corps);
                    let (target, why) = self.withdraw_target(cx, s);
                    let purpose = format!(
                        "day {}: {} withdraws on {target} or less (its own strategic {})",
                        self.day,
                        corps.name,
                        why()
                    );
                    if ok {
                        l.report.withdrawn.push(i);
                    }
                    l.report.opening.push(cx.roll(
                        Role::Defender,
                        "7.5.2",
                        purpose,
                        face,
                        Vec::new(),
                    ));
                }
                if ok {
                    Arc::make_mut(&mut self.present[1])[i] = false;
                }
                self.next_withdrawal(cx, i + 1, log);
            }
            At::Outflank => self.outflank(cx, face, effect.0 != 0, log),
            At::Guard(r) => self.guard(cx, r, face, effect.0 as u32, log),
            At::Bombard(r) => self.bombard(cx, r, face, effect.0 as u32, log),
            At::Fire(r) => self.fire(cx, r, face, (effect.0 as u32, effect.1), log),
            At::Dawn | At::Over => unreachable!("no die is wanted at {:?}", self.at),
        }
    }

    /// 4.5.2: the outflanking side and the die its force arrives on or under, with the target's parts (terrain,
    /// later round).
    fn outflank_target(&self, cx: &Cx) -> (i32, Role, i8, i8) {
        let r = cx.p.outflank.expect("an outflank is rolled for");
        let terrain = cx.terrain.map_or(0, |t| t.outflank);
        let later = if self.round == 3 {
            cx.chart.outflank_later
        } else {
            0
        };
        let strategic = cx.command[ix(r)].strategic as i32;
        (
            strategic + terrain as i32 + cx.p.outflank_bonus as i32 + later as i32,
            r,
            terrain,
            later,
        )
    }

    /// 4.5.2: the outflanking force arrives on its commander's strategic rating or less.
    fn outflank(&mut self, cx: &Cx, face: u8, arrived: bool, mut log: Option<&mut Log>) {
        self.arrived = arrived;
        let one_round = cx.p.withdraw.is_some_and(|w| w.one_round);
        if let Some(l) = log.as_deref_mut() {
            let (target, r, terrain, later) = self.outflank_target(cx);
            let round = self.round;
            let purpose = format!(
                "the {}'s outflank arrives before round {round} on {target} or less (strategic {}{}{}{})",
                role_name(r),
                cx.command[ix(r)].strategic,
                signed(terrain as i32, " terrain"),
                signed(cx.p.outflank_bonus as i32, " chits"),
                signed(later as i32, " later round")
            );
            let roll = cx.roll(r, "7.5.2", purpose, face, Vec::new());
            l.note(if self.arrived {
                format!("the {}'s outflanking force arrives", role_name(r))
            } else {
                format!("the {}'s outflanking force does not arrive", role_name(r))
            });
            l.round().before.push(roll);
            if one_round && !self.arrived {
                l.note("the outflank failed: the defender withdraws (Outflank v Withdraw)".into());
                let rr = l.round.take().expect("a round is under way");
                l.report.rounds.push(rr);
            }
        }
        if one_round && !self.arrived {
            return self.finish(Outcome::Withdrew);
        }
        self.after_outflank(cx, log);
    }

    /// 12.3.4.4: the guard factors side `r`'s commitment loses on a die of `face` (the guard table's entry).
    fn guard_loss(&self, cx: &Cx, r: Role, face: u8) -> u32 {
        let g = cx
            .setup
            .side(r)
            .guard
            .expect("a guard commitment is rolled for");
        cx.chart
            .guard
            .losses
            .get(&g.shift)
            .and_then(|x| x.get(face as usize - 1))
            .copied()
            .unwrap_or(0) as u32
    }

    /// 12.3.4.4 and 12.3.4.5: side `r` commits its guard and loses `lose` guard factors.
    fn guard(&mut self, cx: &Cx, r: Role, face: u8, lose: u32, mut log: Option<&mut Log>) {
        let g = cx
            .setup
            .side(r)
            .guard
            .expect("a guard commitment is rolled for");
        let have: u32 = self.sum_of(cx, r, |x| x.guard as u32);
        let mut n = lose.min(have);
        for x in Arc::make_mut(&mut self.left[ix(r)]).iter_mut() {
            let t = (x.guard as u32).min(n);
            x.guard -= t as u16;
            n -= t;
        }
        if let Some(l) = log.as_deref_mut() {
            let purpose = format!("the {} commits its guard (+{})", role_name(r), g.shift);
            let roll = cx.roll(r, "12.3.4.4", purpose, face, Vec::new());
            l.round().before.push(roll);
            l.note(if lose >= have {
                format!(
                    "the {}'s committed guard is lost ({lose} factors): it breaks without fighting (12.3.4.5)",
                    role_name(r)
                )
            } else {
                format!(
                    "the {}'s guard loses {lose} factors and raises its morale level by {} (12.3.4.2)",
                    role_name(r),
                    g.shift
                )
            });
        }
        if lose >= have {
            self.guard_broken[ix(r)] = true;
        } else {
            self.shift[ix(r)] = g.shift;
        }
        self.next_guard(cx, ix(r) + 1, log);
    }

    /// 12.3.5.3 and 12.3.5.4: side `r`'s artillery bombards and inflicts `n` factors: casualties only, applied
    /// once both sides have rolled.
    fn bombard(&mut self, cx: &Cx, r: Role, face: u8, n: u32, mut log: Option<&mut Log>) {
        self.pending[ix(r)] = (n, 0);
        if let Some(l) = log.as_deref_mut() {
            let guns = self.sum_of(cx, r, |x| x.artillery as u32);
            let table = cx.chart.bombardment.table;
            let purpose = format!("the {}'s artillery bombards on {table}", role_name(r));
            let roll = cx.roll(r, "12.3.5.4", purpose, face, self.modifiers(cx, r));
            debug_assert_eq!(roll.total, face as i32 + self.net_modifier(cx, r));
            let (percent, _) = cx.chart.cell(table, roll.total);
            debug_assert_eq!(n, cx.chart.factors_lost(percent, guns));
            l.round().bombardment.push(Fire {
                side: r,
                table,
                roll,
                percent,
                firing: guns,
                inflicted: n,
                morale: 0,
            });
        }
        self.next_bombardment(cx, ix(r) + 1, log);
    }

    /// The table side `r` fires on this round, moved by terrain and a committed guard (7.5.2, 12.3.4.2).
    fn fire_table(&self, cx: &Cx, r: Role) -> TableId {
        let base = cx
            .table(r, self.round, self.arrived)
            .expect("both sides have tables for the round");
        let (dc, dm) = match (r, cx.terrain) {
            (Role::Attacker, Some(t)) => (t.attacker_casualty, t.attacker_morale),
            (Role::Defender, Some(t)) => (t.defender_casualty, t.defender_morale),
            _ => (0, 0),
        };
        TableId::clamped(
            base.casualty as i32 + dc as i32,
            base.morale as i32 + dm as i32 + self.shift[ix(r)] as i32,
        )
    }

    /// 7.5.2: side `r` fires and inflicts `hit` (factors, morale), applied once both sides have fired.
    fn fire(&mut self, cx: &Cx, r: Role, face: u8, hit: (u32, i32), mut log: Option<&mut Log>) {
        self.pending[ix(r)] = hit;
        if let Some(l) = log.as_deref_mut() {
            let table = self.fire_table(cx, r);
            let firing = self.factors(cx, r);
            let purpose = format!("the {} fires on {table}", role_name(r));
            let roll = cx.roll(r, "7.5.2", purpose, face, self.modifiers(cx, r));
            debug_assert_eq!(roll.total, face as i32 + self.net_modifier(cx, r));
            let (percent, morale) = cx.chart.cell(table, roll.total);
            debug_assert_eq!(hit, (cx.chart.factors_lost(percent, firing), morale));
            l.round().fire.push(Fire {
                side: r,
                table,
                roll,
                percent,
                firing,
                inflicted: hit.0,
                morale,
            });
        }
        self.next_fire(cx, ix(r) + 1, log);
    }
}

/// Each side's combat morale (4.5.3) and commander (4.5.4), from the setup.
pub(crate) fn sides(chart: &CombatChart, setup: &Setup) -> ([i32; 2], [Command; 2]) {
    let left = setup.starting_factors();
    let opts = &setup.options;
    let morale = [
        combat_morale(chart, opts, &setup.attacker, &left[0], |_| true),
        combat_morale(chart, opts, &setup.defender, &left[1], |_| true),
    ];
    let corps_count = |s: &SideSetup| s.corps.iter().filter(|c| !c.factors.is_empty()).count();
    let cmd = [
        command(chart, opts, &setup.attacker, corps_count(&setup.attacker)),
        command(chart, opts, &setup.defender, corps_count(&setup.defender)),
    ];
    (morale, cmd)
}

/// A field combat fought one day at a time (7.5.2): what it carries between days, with its report so far. The
/// Land Phase starts it, asks both sides for the day's chits (sealed), fights the day, and asks again until the
/// battle is over. Every call must pass the chart and setup it was started with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// 7.5.3 and 12.3.10: the side overwhelmed, when the combat is trivial.
    trivial: Option<Role>,
    morale: [i32; 2],
    command: [Command; 2],
    state: State,
    report: Report,
}

/// What one day of battle decided: the day, its rolls and rounds, and the outcome if the battle is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayReport {
    pub day: u8,
    /// Rolls before the day's first round (withdrawal).
    pub opening: Vec<Roll>,
    pub rounds: Vec<RoundReport>,
    /// `None`: the battle goes on to another day.
    pub outcome: Option<Outcome>,
}

impl Battle {
    /// Starts a battle (7.5): both sides must have factors, and a guard commitment must be one the side may make
    /// (12.3.4.3). A very small force against a large one is a trivial combat (7.5.3, 12.3.10), fought in one go
    /// by the first call to [`Battle::fight_day`]. The chits are checked day by day.
    pub fn start(chart: &CombatChart, setup: &Setup) -> RuleResult<Battle> {
        if let Some(small) = super::trivial::overwhelmed(chart, setup) {
            let cmd = |r: Role| {
                let s = setup.side(r);
                command(chart, &setup.options, s, s.corps.len())
            };
            let command = [cmd(Role::Attacker), cmd(Role::Defender)];
            let report = Report::new((command[0].describe(), command[1].describe()), (0, 0));
            return Ok(Battle {
                trivial: Some(small),
                morale: [0, 0],
                command,
                state: State::new(setup),
                report,
            });
        }
        check_factors(setup)?;
        check_guard(chart, setup)?;
        let (morale, command) = sides(chart, setup);
        let mut report = Report::new(
            (command[0].describe(), command[1].describe()),
            (morale[0], morale[1]),
        );
        [report.attacker_left, report.defender_left] = setup.starting_factors();
        Ok(Battle {
            trivial: None,
            morale,
            command,
            state: State::new(setup),
            report,
        })
    }

    /// The day to be fought next (1 for the first).
    pub fn day(&self) -> u8 {
        self.state.day
    }

    /// Whether the battle is over (won, withdrawn from, or undecided after the last day).
    pub fn is_over(&self) -> bool {
        self.state.at == At::Over
    }

    /// The outcome, once the battle is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then_some(self.report.outcome)
    }

    /// The trivial combat's overwhelmed side (7.5.3, 12.3.10), if the combat is trivial.
    pub fn trivial(&self) -> Option<Role> {
        self.trivial
    }

    /// The record so far: every day fought, each corps' factors left.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Each side's combat morale and commander.
    pub(crate) fn sides(&self) -> ([i32; 2], &[Command; 2]) {
        (self.morale, &self.command)
    }

    /// Where the battle stands between days.
    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    pub fn into_report(self) -> Report {
        self.report
    }

    /// Fights the next day with the day's `chits` (7.5.2): the withdrawal, the outflank's arrival, guard
    /// commitments, bombardment and fire, round by round, until a side breaks or the day ends. `die` gives each
    /// die's face (1 to 6) in the order the procedure rolls them. A trivial combat reads only whether the
    /// defender's chit is Withdraw. Refused for chits the setup cannot fight (4.5.2's outflank) or a battle over.
    pub fn fight_day(
        &mut self,
        chart: &CombatChart,
        setup: &Setup,
        chits: (AttackChit, DefendChit),
        die: &mut dyn FnMut() -> u8,
    ) -> RuleResult<DayReport> {
        let (opening, rounds) = (self.report.opening.len(), self.report.rounds.len());
        let day = self.day();
        self.fight(chart, setup, chits, die)?;
        Ok(DayReport {
            day,
            opening: self.report.opening[opening..].to_vec(),
            rounds: self.report.rounds[rounds..].to_vec(),
            outcome: self.outcome(),
        })
    }

    fn fight(
        &mut self,
        chart: &CombatChart,
        setup: &Setup,
        chits: (AttackChit, DefendChit),
        die: &mut dyn FnMut() -> u8,
    ) -> RuleResult<()> {
        if self.is_over() {
            return Err(RuleError::new("7.5", "the battle is over"));
        }
        if let Some(small) = self.trivial {
            self.report = super::trivial::fight(chart, setup, small, chits.1, die);
            self.state.finish(self.report.outcome);
            return Ok(());
        }
        let p = check_chits(chart, setup, self.day() as usize, chits)?;
        let cx = Cx::new(chart, setup, self.morale, &self.command, p);
        let mut log = Log::new(&mut self.report);
        self.state.dawn(&cx, Some(&mut log));
        while self.state.wants_die() {
            let face = die();
            self.state.roll(&cx, face, Some(&mut log));
        }
        self.report.outcome = self.state.outcome.unwrap_or(Outcome::Undecided);
        self.report.attacker_left = self.state.left[0].to_vec();
        self.report.defender_left = self.state.left[1].to_vec();
        Ok(())
    }
}

/// Resolves a battle: `die` gives each die's face (1 to 6) in the order the procedure rolls them. Day `n` is
/// fought with the setup's `n`th pair of chits (the last pair repeats).
pub fn resolve(
    chart: &CombatChart,
    setup: &Setup,
    die: &mut dyn FnMut() -> u8,
) -> RuleResult<Report> {
    // 7.5.3 and 12.3.10: a very small force against a large one is a trivial combat, whatever its chits.
    if super::trivial::overwhelmed(chart, setup).is_none() {
        check(chart, setup)?;
    }
    let mut b = Battle::start(chart, setup)?;
    while !b.is_over() {
        let i = (b.day() as usize - 1).min(setup.chits.len().saturating_sub(1));
        let chits = setup
            .chits
            .get(i)
            .copied()
            .unwrap_or((AttackChit::Assault, DefendChit::Defend));
        b.fight(chart, setup, chits, die)?;
    }
    Ok(b.into_report())
}
