//! The guard's commitment (12.3.4.2 to 12.3.4.5) and artillery bombardment (12.3.5.3, 12.3.5.4) within a round of
//! field combat: the dice that come before the round's fire.

use super::Fire;
use super::check::{committed_nation, guard_by_nation};
use super::state::{Cx, Log, State, ix, role_name};
use crate::kernel::ids::Key;
use crate::scenario::combat::Role;
use std::sync::Arc;

impl State {
    /// 12.3.4.4: the guard factors side `r`'s commitment loses on a die of `face` (the guard table's entry).
    pub(super) fn guard_loss(&self, cx: &Cx, r: Role, face: u8) -> u32 {
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

    /// 12.3.4.4 and 12.3.4.5: side `r` commits the guard of one nationality (12.3.4.3: all its guard factors in
    /// the fight) and loses `lose` of them; with none of them left, the side breaks without fighting the round.
    pub(super) fn guard(
        &mut self,
        cx: &Cx,
        r: Role,
        face: u8,
        lose: u32,
        mut log: Option<&mut Log>,
    ) {
        let g = cx
            .setup
            .side(r)
            .guard
            .expect("a guard commitment is rolled for");
        let side = cx.setup.side(r);
        let by_nation = guard_by_nation(side, |i| {
            self.engaged(cx, r, i)
                .then_some(self.left[ix(r)][i].guard as u32)
        });
        // The check before the day made sure a nationality may commit. Should the day's fire have taken guard
        // since, the nationality named, or else the one that may still make the shift, or else the one with the
        // most guard left of those whose guard may make it commits what it has; with none left the commitment is
        // lost whole (12.3.4.5).
        let listed = |n: &Key| match g.shift {
            2 => cx.chart.guard.two_levels.contains(n),
            _ => cx.chart.guard.one_level.contains(n),
        };
        let nation = g
            .nation
            .or_else(|| committed_nation(cx.chart, &by_nation, g.shift, None).ok())
            .or_else(|| {
                by_nation
                    .iter()
                    .filter(|(n, _)| listed(n))
                    .max_by_key(|(n, f)| (**f, std::cmp::Reverse(**n)))
                    .map(|(n, _)| *n)
            });
        let have = nation.map_or(0, |n| by_nation.get(&n).copied().unwrap_or(0));
        let mut n = lose.min(have);
        let engaged: Vec<bool> = (0..side.corps.len())
            .map(|i| self.engaged(cx, r, i))
            .collect();
        for (i, x) in Arc::make_mut(&mut self.left[ix(r)]).iter_mut().enumerate() {
            if !engaged[i] || Some(side.corps[i].nation) != nation {
                continue;
            }
            let t = (x.guard as u32).min(n);
            x.guard -= t as u16;
            n -= t;
        }
        if let Some(l) = log.as_deref_mut() {
            // The nationality is named when the side has the guard of more than one.
            let whose = match nation {
                Some(n) if by_nation.len() > 1 => format!("{n} "),
                _ => String::new(),
            };
            let purpose = format!(
                "the {} commits its {whose}guard (+{})",
                role_name(r),
                g.shift
            );
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
    pub(super) fn bombard(
        &mut self,
        cx: &Cx,
        r: Role,
        face: u8,
        n: u32,
        mut log: Option<&mut Log>,
    ) {
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
}
