//! Coalition's loss allocation in a battle (`docs/rules/combat.md` 7.5.6), with 12.3.6's proportional losses by
//! nationality: which corps of a side lose the factors the enemy's fire inflicts.

use super::BattleCorps;
use crate::kernel::ids::Key;
use crate::scenario::Factors;
use std::collections::BTreeMap;

/// Takes `n` factors from the corps of a side (`left`: their factors now; `eligible`: which may lose), one at a
/// time from the eligible corps with the most factors left (the first on a tie), the cheapest kind first.
/// Returns the factors actually lost (fewer if the side has fewer).
/// With `spare_militia` (12.3.5.2) militia are lost only when nothing else is left on the side.
pub fn largest_first(
    left: &mut [Factors],
    eligible: impl Fn(usize) -> bool,
    n: u32,
    spare_militia: bool,
) -> u32 {
    let mut lost = 0;
    while lost < n && take_one(left, &eligible, spare_militia).is_some() {
        lost += 1;
    }
    lost
}

/// Takes one factor from the eligible corps with the most factors left (see [`largest_first`]): which corps lost
/// it, if any could.
fn take_one(
    left: &mut [Factors],
    eligible: impl Fn(usize) -> bool,
    spare_militia: bool,
) -> Option<usize> {
    let others = |f: &Factors| f.total() - f.militia as u32;
    let spare = spare_militia && (0..left.len()).any(|i| eligible(i) && others(&left[i]) > 0);
    let weight = |f: &Factors| if spare { others(f) } else { f.total() };
    let i = (0..left.len())
        .filter(|i| eligible(*i) && weight(&left[*i]) > 0)
        .max_by_key(|i| (weight(&left[*i]), std::cmp::Reverse(*i)))?;
    left[i] = if spare {
        let militia = left[i].militia;
        let mut f = left[i];
        f.militia = 0;
        let mut f = f.take_cheapest(1).0;
        f.militia = militia;
        f
    } else {
        left[i].take_cheapest(1).0
    };
    Some(i)
}

/// 14.3.2.1.6: what each capped nationality of a side (an UMP in a mixed force) may still lose of `n` more
/// losses: its share of the battle's losses so far and these, by its part of the side's starting factors, rounded
/// down, less what it has lost.
fn allowances(
    corps: &[BattleCorps],
    left: &[Factors],
    eligible: &impl Fn(usize) -> bool,
    n: u32,
) -> BTreeMap<Key, u32> {
    let (mut start, mut now): (BTreeMap<Key, u32>, BTreeMap<Key, u32>) = Default::default();
    for (i, c) in corps.iter().enumerate() {
        if eligible(i) {
            *start.entry(c.nation).or_default() += c.factors.total();
            *now.entry(c.nation).or_default() += left[i].total();
        }
    }
    let total: u32 = start.values().sum();
    let lost_before: u32 = start.iter().map(|(k, s)| s - now[k]).sum();
    corps
        .iter()
        .filter(|c| c.capped)
        .filter_map(|c| {
            let s = *start.get(&c.nation)?;
            let most = ((lost_before + n) as u64 * s as u64)
                .checked_div(total as u64)
                .unwrap_or(0) as u32;
            Some((c.nation, most.saturating_sub(s - now[&c.nation])))
        })
        .collect()
}

/// Takes `n` factors largest first, sparing each capped nationality beyond its allowance (14.3.2.1.6) while
/// another eligible corps can take the loss; what no other can take, it takes.
fn within_allowances(
    corps: &[BattleCorps],
    left: &mut [Factors],
    eligible: &impl Fn(usize) -> bool,
    n: u32,
    spare_militia: bool,
    allowance: &mut BTreeMap<Key, u32>,
) -> u32 {
    let mut lost = 0;
    while lost < n {
        let allowed =
            |i: usize| eligible(i) && allowance.get(&corps[i].nation).is_none_or(|a| *a > 0);
        let Some(i) = take_one(left, allowed, spare_militia)
            .or_else(|| take_one(left, eligible, spare_militia))
        else {
            break;
        };
        if let Some(a) = allowance.get_mut(&corps[i].nation) {
            *a = a.saturating_sub(1);
        }
        lost += 1;
    }
    lost
}

/// 12.3.6: each nationality's share of `n` losses, as nearly proportional to its factors at the start of the
/// battle (`start`) as possible, halves rounded up; the rounding's excess taken back from the shares with the
/// smallest fractions, and a shortfall given to the largest (ties: key order). Never more than a nation has left.
pub fn shares(start: &BTreeMap<Key, u32>, left: &BTreeMap<Key, u32>, n: u32) -> BTreeMap<Key, u32> {
    let total: u32 = start.values().sum();
    let mut out: BTreeMap<Key, u32> = BTreeMap::new();
    if total == 0 {
        return out;
    }
    // Shares in (whole, remainder over `total`).
    let mut parts: Vec<(Key, u32, u32)> = start
        .iter()
        .map(|(k, s)| {
            let x = n as u64 * *s as u64;
            (*k, (x / total as u64) as u32, (x % total as u64) as u32)
        })
        .collect();
    for (k, whole, rem) in &parts {
        let up = (2 * *rem as u64) >= total as u64;
        out.insert(*k, whole + up as u32);
    }
    let mut sum: u32 = out.values().sum();
    // Too many after rounding up: take back from the smallest fractions that were rounded up.
    parts.sort_by(|a, b| a.2.cmp(&b.2).then(a.0.cmp(&b.0)));
    for (k, _, rem) in &parts {
        if sum <= n {
            break;
        }
        if (2 * *rem as u64) >= total as u64 {
            *out.get_mut(k).expect("every nation has a share") -= 1;
            sum -= 1;
        }
    }
    // Too few: give to the largest fractions.
    for (k, _, _) in parts.iter().rev() {
        if sum >= n {
            break;
        }
        *out.get_mut(k).expect("every nation has a share") += 1;
        sum += 1;
    }
    for (k, v) in out.iter_mut() {
        *v = (*v).min(left.get(k).copied().unwrap_or(0));
    }
    out
}

/// 12.3.6 over the whole battle: each nationality's share of `n` more losses, so that its losses so far
/// (`start` − `now`) and these together are as nearly proportional to its factors at the start as possible. A
/// nationality already past its share of the total takes none; the excess then comes off the largest shares
/// (ties: key order).
pub fn shares_so_far(
    start: &BTreeMap<Key, u32>,
    now: &BTreeMap<Key, u32>,
    n: u32,
) -> BTreeMap<Key, u32> {
    let before: BTreeMap<Key, u32> = start
        .iter()
        .map(|(k, s)| (*k, s.saturating_sub(now.get(k).copied().unwrap_or(0))))
        .collect();
    let total_before: u32 = before.values().sum();
    let target = shares(start, start, total_before + n);
    let mut out: BTreeMap<Key, u32> = target
        .iter()
        .map(|(k, t)| (*k, t.saturating_sub(before.get(k).copied().unwrap_or(0))))
        .collect();
    let mut sum: u32 = out.values().sum();
    while sum > n {
        let Some(k) = out
            .iter()
            .filter(|(_, v)| **v > 0)
            .max_by_key(|(k, v)| (**v, std::cmp::Reverse(**k)))
            .map(|(k, _)| *k)
        else {
            break;
        };
        *out.get_mut(&k).expect("a share") -= 1;
        sum -= 1;
    }
    for (k, v) in out.iter_mut() {
        *v = (*v).min(now.get(k).copied().unwrap_or(0));
    }
    out
}

/// Takes `n` losses from a side: with 12.3.6, each nationality its share of the battle's losses so far and these
/// (what one cannot take, the others do); otherwise largest corps first. Either way an UMP in a mixed force
/// (a corps marked `capped`) takes no more than its share of the force (14.3.2.1.6) while others can.
pub fn allocate(
    corps: &[BattleCorps],
    left: &mut [Factors],
    eligible: impl Fn(usize) -> bool,
    n: u32,
    proportional: bool,
    spare_militia: bool,
) -> u32 {
    let mut allowance = allowances(corps, left, &eligible, n);
    if !proportional {
        return within_allowances(corps, left, &eligible, n, spare_militia, &mut allowance);
    }
    let mut start: BTreeMap<Key, u32> = BTreeMap::new();
    let mut now: BTreeMap<Key, u32> = BTreeMap::new();
    for (i, c) in corps.iter().enumerate() {
        if eligible(i) {
            *start.entry(c.nation).or_default() += c.factors.total();
            *now.entry(c.nation).or_default() += left[i].total();
        }
    }
    let mut lost = 0;
    for (nation, share) in shares_so_far(&start, &now, n) {
        let share = allowance.get(&nation).map_or(share, |a| share.min(*a));
        let got = largest_first(
            left,
            |i| eligible(i) && corps[i].nation == nation,
            share,
            spare_militia,
        );
        if let Some(a) = allowance.get_mut(&nation) {
            *a -= got;
        }
        lost += got;
    }
    lost + within_allowances(
        corps,
        left,
        &eligible,
        n - lost,
        spare_militia,
        &mut allowance,
    )
}
