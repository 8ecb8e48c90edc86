//! Coalition's 7.5.6 with 12.3.6 (`docs/rules/combat.md`): the losses of a round's bombardment or fire applied to
//! both sides at once, and the competitive roll for the odd losses that proportional losses leave between equal
//! claims of two or more nationalities (one die each, `At::OddBombard` and `At::OddFire`).

use super::losses::{allocate_with, competitive};
use super::memo::ByAddress;
use super::state::{At, Cx, Log, SIDES, State, ix, role_name};
use crate::kernel::ids::Key;
use crate::scenario::Factors;
use crate::scenario::combat::Role;
use std::sync::Arc;

/// What a loss application waits for: the side whose contingents roll, the nationalities in contention and the
/// index of the one that rolls next.
pub(super) type Wanted = (Role, Vec<Key>, usize);

impl State {
    /// 7.5.6: side `r`'s corps after losing `n` factors (`bombarded`: 12.3.5.2 spares militia once the side has
    /// lost 2.0 morale) and the factors lost, without changing the state; odd losses between equal claims by the
    /// competitive roll of `dice` (consumed). None while the roll wants more dice (`wanted` says whose).
    fn allocation(
        &self,
        cx: &Cx,
        r: Role,
        n: u32,
        bombarded: bool,
        dice: &mut &[u8],
        wanted: &mut Option<Wanted>,
    ) -> Option<(Arc<[Factors]>, u32)> {
        if n == 0 {
            return Some((self.left[ix(r)].clone(), 0));
        }
        let spare = bombarded && self.lost[ix(r)] >= cx.chart.bombardment.spare_militia_from;
        let allocated = |decide: &mut super::losses::Decide| {
            let engaged: Vec<bool> = (0..self.left[ix(r)].len())
                .map(|i| self.engaged(cx, r, i))
                .collect();
            let mut left = self.left[ix(r)].to_vec();
            let got = allocate_with(
                &cx.setup.side(r).corps,
                &mut left,
                |i| engaged[i],
                n,
                cx.setup.options.proportional_losses,
                spare,
                decide,
            )?;
            Some((left, got))
        };
        // Without a contest, the allocation is the same whenever the same losses fall on the same forces: the
        // odds keep it (a contest is left to the dice).
        let plain = match cx.memo {
            None => allocated(&mut |_, _| None).map(|(left, got)| (Arc::from(left), got)),
            Some(memo) => {
                let key = (
                    ix(r),
                    n,
                    spare,
                    self.arrived,
                    ByAddress(self.present[ix(r)].clone()),
                    ByAddress(self.left[ix(r)].clone()),
                );
                super::memo::Allocations::get_or(memo, key, || allocated(&mut |_, _| None))
            }
        };
        if plain.is_some() {
            return plain;
        }
        let mut asked = None;
        let out = allocated(&mut |g, m| competitive(dice, g, m, &mut asked));
        if let Some((g, i)) = asked {
            *wanted = Some((r, g, i));
        }
        out.map(|(left, got)| (Arc::from(left), got))
    }

    /// The losses of this round's bombardment (12.3.5.1: both sides at once; `fire`: false) or fire (both sides'
    /// results together), each side's from the other's `pending` hits: applied (true), or the next odd-loss die
    /// wanted (false: the state waits at `OddBombard` or `OddFire`).
    pub(super) fn apply_losses(&mut self, cx: &Cx, fire: bool, mut log: Option<&mut Log>) -> bool {
        let mut dice: &[u8] = &self.odd;
        let mut wanted = None;
        let mut done: [Option<(Arc<[Factors]>, u32)>; 2] = [None, None];
        for r in SIDES {
            // Side `r` fires (or bombards) on the other.
            if fire && self.guard_broken[ix(r)] {
                continue;
            }
            let n = self.pending[ix(r)].0;
            match self.allocation(cx, r.other(), n, !fire, &mut dice, &mut wanted) {
                Some(x) => done[ix(r)] = Some(x),
                None => {
                    self.at = if fire { At::OddFire } else { At::OddBombard };
                    return false;
                }
            }
        }
        for r in SIDES {
            let Some((left, got)) = done[ix(r)].take() else {
                continue;
            };
            self.left[ix(r.other())] = left;
            if fire {
                self.lost[ix(r.other())] += self.pending[ix(r)].1;
            }
            if let Some(l) = log.as_deref_mut() {
                let round = l.round();
                let list = if fire {
                    &mut round.fire
                } else {
                    &mut round.bombardment
                };
                if let Some(x) = list.iter_mut().find(|x| x.side == r) {
                    x.inflicted = got;
                }
            }
        }
        if !self.odd.is_empty() {
            self.odd = Arc::from([]);
        }
        self.pending = [(0, 0); 2];
        true
    }

    /// 12.3.6: who rolls the next odd-loss die of the loss application under way.
    fn odd_roller(&self, cx: &Cx, fire: bool) -> Option<Wanted> {
        let mut dice: &[u8] = &self.odd;
        let mut wanted = None;
        for r in SIDES {
            if fire && self.guard_broken[ix(r)] {
                continue;
            }
            let n = self.pending[ix(r)].0;
            if self
                .allocation(cx, r.other(), n, !fire, &mut dice, &mut wanted)
                .is_none()
            {
                return wanted;
            }
        }
        None
    }

    /// 12.3.6: a die of `face` for the odd losses of this round's bombardment or fire; once every contender has
    /// rolled, the losses apply and the round goes on.
    pub(super) fn odd_loss(&mut self, cx: &Cx, face: u8, mut log: Option<&mut Log>) {
        let fire = self.at == At::OddFire;
        if let Some(l) = log.as_deref_mut()
            && let Some((side, contenders, i)) = self.odd_roller(cx, fire)
        {
            let names: Vec<String> = contenders.iter().map(Key::to_string).collect();
            let purpose = format!(
                "the {}'s odd loss to the {}: {} rolls (the lowest roll takes it, of equal rolls the later in key \
                 order; {})",
                role_name(side),
                if fire { "fire" } else { "bombardment" },
                contenders[i],
                names.join(" v ")
            );
            let mut roll = cx.roll(side, "12.3.6", purpose, face, Vec::new());
            roll.who = contenders[i].to_string();
            let round = l.round();
            if fire {
                round.fire_odd.push(roll);
            } else {
                round.bombardment_odd.push(roll);
            }
        }
        let mut odd = self.odd.to_vec();
        odd.push(face);
        self.odd = odd.into();
        if fire {
            self.next_fire(cx, 2, log);
        } else {
            self.next_bombardment(cx, 2, log);
        }
    }
}
