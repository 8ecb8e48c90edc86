//! Rule 7.5.2 (Coalition's field combat procedure, `docs/rules/combat.md`), with 12.3.3.1, 12.3.3.2, 12.3.4 to
//! 12.3.4.6, 12.3.5.1 to 12.3.5.6 and 12.3.6: the days and rounds of a battle, from the chits to the outcome.
//!
//! The procedure is a state machine over [`State`] (`state`): `roll` consumes one die and runs the procedure on
//! to the next die, the end of the day or the end of the battle. `day` fights a battle one day at a time (the
//! Land Phase asks both sides for new chits between days) and `odds` enumerates the states for the exact odds.

use super::SideSetup;
use super::side::intrinsic;
use super::state::{Against, At, Cx, Log, SIDES, State, ix, role_name, signed};
use super::{Fire, Outcome, RoundReport};
use crate::scenario::CorpsKind;
use crate::scenario::combat::{Role, TableId};
use std::sync::Arc;

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

impl State {
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
        if self.led(cx, Role::Defender) {
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
            At::Withdraw => Against::Target(
                self.withdraw_target(cx, self.strategic(cx, Role::Defender))
                    .0,
            ),
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
                firing: self.firing(cx, r),
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
                    let (target, why) =
                        self.withdraw_target(cx, self.strategic(cx, Role::Defender));
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
        let strategic = self.strategic(cx, r) as i32;
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
                self.strategic(cx, r),
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
            let firing = self.firing(cx, r);
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
