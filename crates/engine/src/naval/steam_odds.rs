//! Coalition's 6.3.21 (`docs/rules/naval-1853.md`, "Odds"): the exact chances of a naval battle with ship kinds
//! for a pair of chits, over every die it may roll (the manoeuvre, the rams, each round of fire): enumerated with
//! the same steps the Naval Phase fights with (`steam`), equal states merged, in integers. The pursuit after the
//! battle (12.2.3.5) depends on the map and is left out.

use super::steam::{self, Fight, SideSetup};
use crate::kernel::dice::Modifier;
use crate::scenario::NavalCombatChart;
use crate::scenario::ships::{NavalChit, ShipsFile};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The chances of one pair of chits: counts of dice sequences out of `total` (6 to the most dice the battle can
/// roll), and each side's ships lost summed over them (attacker first).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalOdds {
    pub chits: [Option<NavalChit>; 2],
    pub total: u128,
    pub attacker_wins: u128,
    pub defender_wins: u128,
    pub no_winner: u128,
    pub lost: [u128; 2],
}

impl NavalOdds {
    /// A count as a percent with one decimal (tenths of a percent, rounded half up).
    pub fn tenths_percent(&self, n: u128) -> u128 {
        (n * 1000 + self.total / 2)
            .checked_div(self.total)
            .unwrap_or(0)
    }

    /// Ships side `i` loses on average, in tenths.
    pub fn lost_tenths(&self, i: usize) -> u128 {
        (self.lost[i] * 10 + self.total / 2)
            .checked_div(self.total)
            .unwrap_or(0)
    }
}

type Dist = BTreeMap<Fight, u128>;

fn sum(m: &[Modifier]) -> i32 {
    m.iter().map(|x| x.value).sum()
}

/// Every state after one more step: `step` gives, for a state, its outcomes with their counts out of `per` (the
/// faces of the dice the step may roll).
fn advance(d: Dist, mut step: impl FnMut(&Fight) -> Vec<(Fight, u128)>) -> Dist {
    let mut out = Dist::new();
    for (f, n) in d {
        for (g, k) in step(&f) {
            *out.entry(g).or_default() += n * k;
        }
    }
    out
}

/// 6.3.21: the exact odds of the battle `setup` (its chits and rams as set).
pub fn odds(sh: &ShipsFile, chart: &NavalCombatChart, setup: &[SideSetup; 2]) -> NavalOdds {
    let mut d: Dist = BTreeMap::from([(steam::start(sh, setup), 1)]);
    // 6.3.12: the manoeuvre (two dice, or none rolled: the same count either way).
    d = advance(d, |f| {
        if let Some(w) = steam::manoeuvre_decided(sh, f) {
            let mut g = f.clone();
            g.manoeuvre = Some(w);
            return vec![(g, 36)];
        }
        let m = [
            sum(&steam::manoeuvre_mods(sh, f, 0)),
            sum(&steam::manoeuvre_mods(sh, f, 1)),
        ];
        let mut out = Vec::new();
        for a in 1..=6 {
            for b in 1..=6 {
                let mut g = f.clone();
                steam::manoeuvre(&mut g, [a + m[0], b + m[1]]);
                out.push((g, 1));
            }
        }
        out
    });
    // 6.3.15: each side's ram: an evasion die and a ram die (36 in all, whichever are rolled).
    for i in 0..2 {
        d = advance(d, |f| {
            let Some((rammer, target, can_evade)) = steam::ram_plan(sh, setup, f, i) else {
                return vec![(f.clone(), 36)];
            };
            let m = sum(&steam::ram_mods(sh, target));
            let mut out = Vec::new();
            for e in 1..=6 {
                if can_evade && e >= sh.ramming.evade_on {
                    out.push((f.clone(), 6));
                    continue;
                }
                for r in 1..=6 {
                    let (a, b) = steam::ram_sinks(sh, rammer, target, r + m);
                    let mut g = f.clone();
                    if a {
                        steam::sink(&mut g, i, rammer);
                    }
                    if b {
                        steam::sink(&mut g, 1 - i, target);
                    }
                    out.push((g, 1));
                }
            }
            out
        });
    }
    d = advance(d, |f| {
        let mut g = f.clone();
        steam::after_rams(sh, setup, &mut g);
        vec![(g, 1)]
    });
    // 6.3.13: the rounds (two dice each; a battle already over rolls none).
    for _ in 0..sh.rounds {
        d = advance(d, |f| {
            if f.end.is_some() {
                return vec![(f.clone(), 36)];
            }
            let m = [
                sum(&steam::fire_mods(sh, chart, setup, f, 0)),
                sum(&steam::fire_mods(sh, chart, setup, f, 1)),
            ];
            let mut out = Vec::new();
            for a in 1..=6 {
                for b in 1..=6 {
                    let mut g = f.clone();
                    steam::round(sh, chart, setup, &mut g, [a + m[0], b + m[1]]);
                    out.push((g, 1));
                }
            }
            out
        });
    }
    let mut o = NavalOdds {
        chits: [setup[0].chit, setup[1].chit],
        ..NavalOdds::default()
    };
    for (f, n) in d {
        o.total += n;
        match f.end.flatten() {
            Some(0) => o.attacker_wins += n,
            Some(_) => o.defender_wins += n,
            None => o.no_winner += n,
        }
        for i in 0..2 {
            o.lost[i] += n * steam::count(&f.sides[i].lost) as u128;
        }
    }
    o
}

/// 6.3.21: the odds of every pair of chits (attacker's first, in the chits' order), the rams as set.
pub fn table(sh: &ShipsFile, chart: &NavalCombatChart, setup: &[SideSetup; 2]) -> Vec<NavalOdds> {
    let mut out = Vec::new();
    for a in NavalChit::ALL {
        for b in NavalChit::ALL {
            let mut s = setup.clone();
            s[0].chit = Some(a);
            s[1].chit = Some(b);
            out.push(odds(sh, chart, &s));
        }
    }
    out
}
