//! Coalition's 7.5.2 reinforcement of a battle from next areas (`docs/rules/combat.md` 7.5.2): before rounds 2
//! and 3 of the day, each stack on its way rolls to join: a stack with a leader rolls once on the leader's
//! strategic rating, a stack without one corps by corps on each corps' own (12.3.7.1); the terrain's `reinforce`
//! moves the target. A corps that arrives fights from that round on, and its side's combat morale is its
//! factor-weighted average with it from then on; the command does not change during the battle. A corps that has
//! not arrived by the day's end does not join the battle; the Land Phase may send others on later days.

use super::side::{combat_morale, intrinsic, pick};
use super::state::{At, Cx, Log, SIDES, State, ix, role_name, signed};
use super::{BattleLeader, Setup};
use crate::scenario::combat::Role;
use std::sync::Arc;

impl State {
    /// Coalition's 7.5.2: the corps a setup adds for the day about to be fought (sent from next areas, at the end
    /// of a side's list): each starts on its way with its factors.
    pub(crate) fn admit(&mut self, setup: &Setup) {
        for r in SIDES {
            let corps = &setup.side(r).corps;
            let n = self.left[ix(r)].len();
            if corps.len() <= n {
                continue;
            }
            let new = &corps[n..];
            let mut left = self.left[ix(r)].to_vec();
            left.extend(new.iter().map(|c| c.factors));
            let mut present = self.present[ix(r)].to_vec();
            present.extend(new.iter().map(|c| c.reinforcing.is_none()));
            let mut waiting = self.waiting[ix(r)].to_vec();
            waiting.resize(n, false);
            waiting.extend(new.iter().map(|c| c.reinforcing.is_some()));
            self.left[ix(r)] = left.into();
            self.present[ix(r)] = present.into();
            self.waiting[ix(r)] = waiting.into();
        }
    }

    /// Whether corps `i` of side `r` is still on its way (a record without the list has none on its way).
    pub(super) fn is_waiting(&self, r: Role, i: usize) -> bool {
        self.waiting[ix(r)].get(i).copied().unwrap_or(false)
    }

    /// Whether corps `i` of side `r` rolls for itself now: it is on its way and either comes without a leader or
    /// is the first of its led stack still on its way.
    fn rolls_for(&self, cx: &Cx, r: Role, i: usize) -> bool {
        let side = cx.setup.side(r);
        if !self.is_waiting(r, i) {
            return false;
        }
        let Some(g) = side.corps[i].reinforcing else {
            return false;
        };
        if led(cx, r, g).is_none() {
            return true;
        }
        !(0..i).any(|j| self.is_waiting(r, j) && side.corps[j].reinforcing == Some(g))
    }

    /// The next die of the reinforcements before this round: side `r`'s from corps `from` on, then the
    /// defender's; `None` when no stack is left to roll.
    pub(super) fn next_reinforcement(&self, cx: &Cx, r: Role, from: usize) -> Option<At> {
        for side in SIDES.into_iter().skip(ix(r)) {
            let start = if side == r { from } else { 0 };
            let n = cx.setup.side(side).corps.len();
            if let Some(i) = (start..n).find(|i| self.rolls_for(cx, side, *i)) {
                return Some(At::Reinforce(side, i));
            }
        }
        None
    }

    /// The die the roll of corps `i` of side `r` (and its stack) must make or beat, with its explanation: the
    /// stack's leader's strategic rating, or the corps' own, with the terrain's `reinforce`.
    pub(super) fn reinforce_target(&self, cx: &Cx, r: Role, i: usize) -> (i32, String) {
        let c = &cx.setup.side(r).corps[i];
        let terrain = cx.terrain.map_or(0, |t| t.reinforce) as i32;
        let (s, whose) = match c.reinforcing.and_then(|g| led(cx, r, g)) {
            Some(l) => (l.strategic, l.name.as_str()),
            None => (intrinsic(cx.chart, c).0, "its own"),
        };
        (
            s as i32 + terrain,
            format!("strategic {s} ({whose}){}", signed(terrain, " terrain")),
        )
    }

    /// Applies the roll of corps `i` of side `r`: on a success it (with its led stack) joins the battle. Then
    /// the next stack rolls, or the round goes on to the outflank's arrival.
    pub(super) fn reinforce(
        &mut self,
        cx: &Cx,
        r: Role,
        i: usize,
        face: u8,
        ok: bool,
        mut log: Option<&mut Log>,
    ) {
        let side = cx.setup.side(r);
        let g = side.corps[i].reinforcing;
        let joining: Vec<usize> = match g.and_then(|g| led(cx, r, g)) {
            Some(_) => (i..side.corps.len())
                .filter(|j| self.is_waiting(r, *j) && side.corps[*j].reinforcing == g)
                .collect(),
            None => vec![i],
        };
        if let Some(l) = log.as_deref_mut() {
            let (target, why) = self.reinforce_target(cx, r, i);
            let names: Vec<&str> = joining
                .iter()
                .map(|j| side.corps[*j].name.as_str())
                .collect();
            let from = g
                .and_then(|g| side.reinforcements.get(g as usize))
                .map_or("a next area", |s| s.from.as_str());
            let purpose = format!(
                "the {}'s {} from {from}: to join before round {}, {target} or less ({why})",
                role_name(r),
                names.join(", "),
                self.round
            );
            let roll = cx.roll(r, "7.5.2", purpose, face, Vec::new());
            l.round().before.push(roll);
            let verb = match (ok, names.len()) {
                (true, 1) => "joins",
                (true, _) => "join",
                (false, 1) => "does not join",
                (false, _) => "do not join",
            };
            l.note(format!("{} {verb} the {}", names.join(", "), role_name(r)));
        }
        if ok {
            let present = Arc::make_mut(&mut self.present[ix(r)]);
            for j in &joining {
                present[*j] = true;
            }
            let waiting = Arc::make_mut(&mut self.waiting[ix(r)]);
            for j in &joining {
                waiting[*j] = false;
            }
            // The side's combat morale (4.5.3) from now on counts the corps that joined.
            let factors: Vec<_> = side.corps.iter().map(|c| c.factors).collect();
            let me = &*self;
            self.morale[ix(r)] = Some(combat_morale(
                cx.chart,
                &cx.setup.options,
                side,
                &factors,
                |j| !me.is_waiting(r, j),
            ));
            if g.and_then(|g| led(cx, r, g)).is_some() {
                self.command_again(cx, r, log.as_deref_mut());
            }
        }
        match self.next_reinforcement(cx, r, i + 1) {
            Some(at) => self.at = at,
            None => self.before_outflank(cx, log),
        }
    }
}

impl State {
    /// Coalition's 7.5.1 with 7.5.2: a stack led by a leader has joined side `r`: its commander is chosen again by
    /// 4.5.4 among the leaders now present (those of the start and of the stacks that joined), counting the corps
    /// now in the battle. The newcomer takes command if the rule picks him (the public calculator lets a joining
    /// leader of better seniority take over; Coalition has no seniority, so its own order of choice decides).
    fn command_again(&mut self, cx: &Cx, r: Role, log: Option<&mut Log>) {
        let side = cx.setup.side(r);
        let here: Vec<&super::BattleCorps> = (side.corps.iter().enumerate())
            .filter(|(i, _)| self.present[ix(r)][*i] && !self.left[ix(r)][*i].is_empty())
            .map(|(_, c)| c)
            .collect();
        // Every leader who may command, with its index into `cx.leaders`: the start's, then each joined stack's.
        let mut who: Vec<(usize, &BattleLeader)> = side.leaders.iter().enumerate().collect();
        let mut k = side.leaders.len();
        for (g, stack) in side.reinforcements.iter().enumerate() {
            if let Some(l) = &stack.leader {
                let joined = (side.corps.iter().enumerate())
                    .any(|(i, c)| c.reinforcing == Some(g as u8) && self.present[ix(r)][i]);
                if joined {
                    who.push((k, l));
                }
                k += 1;
            }
        }
        let leaders: Vec<&BattleLeader> = who.iter().map(|(_, l)| *l).collect();
        let Some(p) = pick(&here, &leaders) else {
            return;
        };
        let now = who[p].0;
        let first = pick(
            &(side.corps.iter())
                .filter(|c| c.reinforcing.is_none())
                .collect::<Vec<_>>(),
            &side.leaders.iter().collect::<Vec<_>>(),
        );
        let took = (Some(now) != first).then_some(now as u8);
        if took == self.took[ix(r)] {
            return;
        }
        self.took[ix(r)] = took;
        if let Some(l) = log {
            let commander = format!(
                "{} (strategic {}, tactical {})",
                who[p].1.name,
                self.strategic(cx, r),
                self.tactical(cx, r)
            );
            l.note(format!(
                "{commander} takes command of the {} (7.5.1)",
                role_name(r)
            ));
            let (day, round) = (self.day, self.round);
            l.report.took_command.push(super::TookCommand {
                day,
                round,
                side: r,
                commander,
            });
        }
    }
}

/// The leader of side `r`'s reinforcing stack `g`, if one leads it.
fn led<'a>(cx: &Cx<'a>, r: Role, g: u8) -> Option<&'a BattleLeader> {
    cx.setup
        .side(r)
        .reinforcements
        .get(g as usize)?
        .leader
        .as_ref()
}
