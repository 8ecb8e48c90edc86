//! Rule 7.5.2 (Coalition's field combat procedure, `docs/rules/combat.md`), with 12.3.3.1, 12.3.3.2, 12.3.4 to
//! 12.3.4.6, 12.3.5.1 to 12.3.5.6 and 12.3.6: the days and rounds of a battle, from the chits to the outcome.
//!
//! The procedure is a state machine. A [`State`] holds everything a battle carries from one die to the next
//! (each corps' factors, who withdrew, the morale lost, the day and round, the outflank's arrival, the guard's
//! commitment, the results of a round's first die waiting for the second); `roll` consumes one die and runs the
//! procedure on to the next die, the end of the day or the end of the battle. [`Battle`] fights one day at a time
//! (the Land Phase asks both sides for new chits between days), [`resolve`] a whole battle, and
//! [`super::odds`] enumerates the states for the exact odds.

use super::side::{Command, cavalry, intrinsic};
use super::{Fire, Outcome, Report, RoundReport, Setup, SideSetup};
use crate::kernel::dice::{Modifier, Roll};
use crate::kernel::error::RuleResult;
use crate::scenario::combat::{
    AttackChit, ChitBonus, ChitPairing, CombatChart, DefendChit, Role, TableId, TerrainEffect,
};
use crate::scenario::{CorpsKind, Factors};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use super::check::{check, check_chits};
pub(crate) use super::check::{check_factors, check_guard};
pub(crate) use super::day::Log;
pub use super::day::{Battle, DayReport};
pub(crate) use super::memo::Allocations;

pub(super) const SIDES: [Role; 2] = [Role::Attacker, Role::Defender];

pub(super) fn ix(r: Role) -> usize {
    match r {
        Role::Attacker => 0,
        Role::Defender => 1,
    }
}

pub(super) fn role_name(r: Role) -> &'static str {
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
    /// Corps `i` of a side (with the rest of its stack when a leader leads it) tries to join from a next area.
    Reinforce(Role, usize),
    /// The outflanking force's arrival die.
    Outflank,
    /// A side's guard commitment die (12.3.4.4).
    Guard(Role),
    /// A side's bombardment die (12.3.5).
    Bombard(Role),
    /// A die of 12.3.6's competitive roll for the bombardment's odd losses.
    OddBombard,
    /// A side's fire.
    Fire(Role),
    /// A die of 12.3.6's competitive roll for the fire's odd losses.
    OddFire,
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
    /// Corps in the battle (a corps that withdrew is not, nor one still on its way).
    pub(crate) present: [Arc<[bool]>; 2],
    /// Corps on their way from a next area, not yet arrived (Coalition's 7.5.2 reinforcement; left out of a
    /// record when there are none, the setup giving their number).
    #[serde(default, skip_serializing_if = "none_waiting")]
    pub(crate) waiting: [Arc<[bool]>; 2],
    /// Morale lost so far (tenths).
    pub(crate) lost: [i32; 2],
    /// A side's combat morale once corps joined it from next areas (tenths; none: the battle's).
    #[serde(default, skip_serializing_if = "no_new_morale")]
    pub(crate) morale: [Option<i32>; 2],
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
    /// This round: the dice rolled so far for 12.3.6's odd losses of the bombardment or fire being applied.
    #[serde(default, skip_serializing_if = "no_dice")]
    pub(crate) odd: Arc<[u8]>,
    pub(crate) outcome: Option<Outcome>,
}

fn no_dice(d: &Arc<[u8]>) -> bool {
    d.is_empty()
}

fn none_waiting(w: &[Arc<[bool]>; 2]) -> bool {
    w.iter().all(|s| s.iter().all(|x| !x))
}

fn no_new_morale(m: &[Option<i32>; 2]) -> bool {
    m.iter().all(Option::is_none)
}

/// What a day of battle reads besides the state: the chart, the setup, each side's combat morale and commander,
/// and the day's line of the chart.
pub(crate) struct Cx<'a> {
    pub(crate) chart: &'a CombatChart,
    pub(crate) setup: &'a Setup,
    pub(crate) morale: [i32; 2],
    pub(crate) command: &'a [Command; 2],
    pub(crate) p: &'a ChitPairing,
    pub(super) terrain: Option<&'a TerrainEffect>,
    /// 7.5.4.1: an assault's walls, moving the tables as terrain does.
    walls: crate::scenario::combat::Walls,
    days: u8,
    /// Losses already allocated, when many states are walked (the odds).
    pub(super) memo: Option<&'a std::cell::RefCell<Allocations>>,
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
            walls: setup
                .walls
                .and_then(|k| chart.siege.walls.get(&k).copied())
                .unwrap_or_default(),
            days: setup.days.unwrap_or(chart.days).max(1),
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

    pub(super) fn roll(
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
    /// Every face its own (12.3.6's competitive roll).
    Face,
    Guard(Role),
    Table {
        table: TableId,
        modifier: i32,
        firing: u32,
        morale: bool,
    },
}

pub(super) fn signed(v: i32, what: &str) -> String {
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
            present: [&setup.attacker, &setup.defender]
                .map(|s| s.corps.iter().map(|c| c.reinforcing.is_none()).collect()),
            waiting: [&setup.attacker, &setup.defender]
                .map(|s| s.corps.iter().map(|c| c.reinforcing.is_some()).collect()),
            lost: [0, 0],
            morale: [None, None],
            arrived: false,
            cavalry_withdrawal: false,
            committed: [false, false],
            shift: [0, 0],
            guard_broken: [false, false],
            pending: [(0, 0); 2],
            odd: Arc::from([]),
            outcome: None,
        }
    }

    /// Whether the procedure waits for a die.
    pub(crate) fn wants_die(&self) -> bool {
        !matches!(self.at, At::Dawn | At::Over)
    }

    pub(crate) fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.at = At::Over;
    }

    /// Whether corps `i` of side `r` is in the fight now (present, and not an outflanking force still away).
    pub(super) fn engaged(&self, cx: &Cx, r: Role, i: usize) -> bool {
        self.present[ix(r)][i]
            && (self.arrived || cx.p.outflank != Some(r) || !cx.setup.side(r).corps[i].outflanking)
    }

    fn factors(&self, cx: &Cx, r: Role) -> u32 {
        self.sum_of(cx, r, Factors::total)
    }

    pub(super) fn sum_of(&self, cx: &Cx, r: Role, f: impl Fn(&Factors) -> u32) -> u32 {
        self.left[ix(r)]
            .iter()
            .enumerate()
            .filter(|(i, _)| self.engaged(cx, r, *i))
            .map(|(_, x)| f(x))
            .sum()
    }

    /// The side's morale for this day: its combat morale plus the chits' specials for its commander's nation.
    fn morale_now(&self, cx: &Cx, r: Role) -> i32 {
        self.morale[ix(r)].unwrap_or(cx.morale[ix(r)])
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
    pub(super) fn net_modifier(&self, cx: &Cx, r: Role) -> i32 {
        let net = self.chart_modifier(cx, r)
            + self.cavalry_superior(cx, r).map_or(0, |_| 1)
            + self.bonuses(cx, r).map(|b| b.die as i32).sum::<i32>();
        net.clamp(cx.chart.min_modifier as i32, cx.chart.max_modifier as i32)
    }

    /// The combat die's modifiers for side `r`, each with its reason, the last holding the net within the
    /// chart's limits.
    pub(super) fn modifiers(&self, cx: &Cx, r: Role) -> Vec<Modifier> {
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
        // Coalition's 7.5.2: reinforcements from next areas before rounds 2 and 3.
        let fights_on = cx.table(Role::Attacker, round, self.arrived).is_some()
            || (cx.p.outflank.is_some() && !self.arrived);
        if round >= 2
            && fights_on
            && let Some(at) = self.next_reinforcement(cx, Role::Attacker, 0)
        {
            self.at = at;
            return;
        }
        self.before_outflank(cx, log);
    }

    /// 4.5.2: the outflank's arrival before rounds 2 and 3, then the round's guard, bombardment and fire.
    pub(super) fn before_outflank(&mut self, cx: &Cx, log: Option<&mut Log>) {
        if self.round >= 2 && cx.p.outflank.is_some() && !self.arrived {
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
    pub(super) fn next_guard(&mut self, cx: &Cx, from: usize, log: Option<&mut Log>) {
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
    pub(super) fn next_bombardment(&mut self, cx: &Cx, from: usize, mut log: Option<&mut Log>) {
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
            if !self.apply_losses(cx, false, log.as_deref_mut()) {
                return;
            }
        }
        self.next_fire(cx, 0, log);
    }

    /// 7.5.2: each side's fire, from side `from` on; once both have fired, the results apply together.
    pub(super) fn next_fire(&mut self, cx: &Cx, from: usize, mut log: Option<&mut Log>) {
        for (k, r) in SIDES.iter().enumerate().skip(from) {
            if !self.guard_broken[k] {
                self.at = At::Fire(*r);
                return;
            }
        }
        if self.apply_losses(cx, true, log.as_deref_mut()) {
            self.end_round(cx, log);
        }
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
        // Coalition's 7.5.2: corps on their way that have not arrived by the day's end do not join this battle.
        for w in &mut self.waiting {
            if w.iter().any(|x| *x) {
                *w = w.iter().map(|_| false).collect();
            }
        }
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
            At::Reinforce(r, i) => Against::Target(self.reinforce_target(cx, r, i).0),
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
            At::OddBombard | At::OddFire => Against::Face,
            At::Dawn | At::Over => unreachable!("no die is wanted at {:?}", self.at),
        }
    }

    /// [`State::effect`] of a die of `face` rolled against `against` (this state's [`State::against`]).
    pub(crate) fn effect_against(&self, cx: &Cx, against: &Against, face: u8) -> (i32, i32) {
        match *against {
            Against::Target(t) => ((face as i32 <= t) as i32, 0),
            Against::Face => (face as i32, 0),
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
            At::Reinforce(r, i) => self.reinforce(cx, r, i, face, effect.0 != 0, log),
            At::Outflank => self.outflank(cx, face, effect.0 != 0, log),
            At::Guard(r) => self.guard(cx, r, face, effect.0 as u32, log),
            At::Bombard(r) => self.bombard(cx, r, face, effect.0 as u32, log),
            At::Fire(r) => self.fire(cx, r, face, (effect.0 as u32, effect.1), log),
            At::OddBombard | At::OddFire => self.odd_loss(cx, face, log),
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
        let w = &cx.walls;
        let (wc, wm) = match r {
            Role::Attacker => (w.attacker_casualty, w.attacker_morale),
            Role::Defender => (w.defender_casualty, w.defender_morale),
        };
        TableId::clamped(
            base.casualty as i32 + dc as i32 + wc as i32,
            base.morale as i32 + dm as i32 + wm as i32 + self.shift[ix(r)] as i32,
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
