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

/// 12.3.6: who takes the odd losses that the rounding leaves between equal claims: given the nationalities in
/// contention (key order) and how many of them take one more loss, the ones that do; none while the competitive
/// roll that decides it waits for dice.
pub type Decide<'a> = dyn FnMut(&[Key], u32) -> Option<Vec<Key>> + 'a;

/// Equal claims settled by key order: the later nationalities take the odd losses (what a battle fought without
/// a competitive roll reads, and the order of the shares before the roll existed).
pub fn by_key_order(contenders: &[Key], m: u32) -> Option<Vec<Key>> {
    Some(contenders[contenders.len() - m as usize..].to_vec())
}

/// 12.3.6's competitive roll (Coalition's): each nationality in contention rolls one die, in key order, from
/// `dice`; the `m` lowest rolls take the odd losses, and of equal rolls the later nationality in key order.
/// None when `dice` hold too few; `wanted` then says who rolls next (the contenders, and the index of the one).
pub fn competitive(
    dice: &mut &[u8],
    contenders: &[Key],
    m: u32,
    wanted: &mut Option<(Vec<Key>, usize)>,
) -> Option<Vec<Key>> {
    if dice.len() < contenders.len() {
        *wanted = Some((contenders.to_vec(), dice.len()));
        return None;
    }
    let (rolls, rest) = dice.split_at(contenders.len());
    *dice = rest;
    let mut order: Vec<usize> = (0..contenders.len()).collect();
    order.sort_by_key(|i| (rolls[*i], std::cmp::Reverse(*i)));
    let mut out: Vec<Key> = order[..m as usize].iter().map(|i| contenders[*i]).collect();
    out.sort();
    Some(out)
}

/// 12.3.6: each nationality's share of `n` losses, as nearly proportional to its factors at the start of the
/// battle (`start`) as possible, halves rounded up; the rounding's excess taken back from the shares with the
/// smallest fractions, and a shortfall given to the largest. Where the excess or the shortfall falls between
/// equal fractions, the odd losses are the players' to settle (`decide`: a competitive roll; none: waiting for
/// its dice). Never more than a nation has left.
pub fn shares_with(
    start: &BTreeMap<Key, u32>,
    left: &BTreeMap<Key, u32>,
    n: u32,
    decide: &mut Decide,
) -> Option<BTreeMap<Key, u32>> {
    let total: u32 = start.values().sum();
    let mut out: BTreeMap<Key, u32> = BTreeMap::new();
    if total == 0 {
        return Some(out);
    }
    // Shares in (whole, remainder over `total`), rounded half up.
    let parts: Vec<(Key, u32, u32)> = start
        .iter()
        .map(|(k, s)| {
            let x = n as u64 * *s as u64;
            (*k, (x / total as u64) as u32, (x % total as u64) as u32)
        })
        .collect();
    let up = |rem: u32| (2 * rem as u64) >= total as u64;
    for (k, whole, rem) in &parts {
        out.insert(*k, whole + up(*rem) as u32);
    }
    let sum: u32 = out.values().sum();
    // The candidates for the odd losses, nearest first: too many, the rounded-up shares with the smallest
    // fractions give one back; too few, the largest fractions take one more.
    let (mut candidates, odd, delta): (Vec<(Key, u32)>, u32, i64) = if sum > n {
        let mut c: Vec<(Key, u32)> = parts
            .iter()
            .filter(|p| up(p.2))
            .map(|p| (p.0, p.2))
            .collect();
        c.sort_by_key(|x| x.1);
        (c, sum - n, -1)
    } else {
        let mut c: Vec<(Key, u32)> = parts.iter().map(|p| (p.0, p.2)).collect();
        c.sort_by_key(|x| std::cmp::Reverse(x.1));
        (c, n - sum, 1)
    };
    if odd > 0 && (odd as usize) <= candidates.len() {
        let edge = candidates[odd as usize - 1].1;
        let sure: Vec<Key> = candidates
            .iter()
            .filter(|c| if delta < 0 { c.1 < edge } else { c.1 > edge })
            .map(|c| c.0)
            .collect();
        candidates.retain(|c| c.1 == edge);
        let tied: Vec<Key> = candidates.iter().map(|c| c.0).collect();
        let wanted = odd - sure.len() as u32;
        let chosen = if wanted as usize == tied.len() {
            tied.clone()
        } else if delta > 0 {
            // Too few: the ones the contest picks take one more.
            decide(&tied, wanted)?
        } else {
            // Too many: the ones the contest picks keep their rounded-up loss; the others give it back.
            let keep = decide(&tied, tied.len() as u32 - wanted)?;
            tied.iter().filter(|k| !keep.contains(k)).copied().collect()
        };
        for k in sure.iter().chain(&chosen) {
            let v = out.get_mut(k).expect("every nation has a share");
            *v = (*v as i64 + delta) as u32;
        }
    }
    for (k, v) in out.iter_mut() {
        *v = (*v).min(left.get(k).copied().unwrap_or(0));
    }
    Some(out)
}

/// [`shares_with`], equal claims settled by key order.
pub fn shares(start: &BTreeMap<Key, u32>, left: &BTreeMap<Key, u32>, n: u32) -> BTreeMap<Key, u32> {
    shares_with(start, left, n, &mut by_key_order).expect("key order settles every contest")
}

/// 12.3.6 over the whole battle: each nationality's share of `n` more losses, so that its losses so far
/// (`start` − `now`) and these together are as nearly proportional to its factors at the start as possible. A
/// nationality already past its share of the total takes none; the excess then comes off the largest shares
/// (ties: key order). Odd losses between equal claims: `decide` (see [`shares_with`]).
pub fn shares_so_far_with(
    start: &BTreeMap<Key, u32>,
    now: &BTreeMap<Key, u32>,
    n: u32,
    decide: &mut Decide,
) -> Option<BTreeMap<Key, u32>> {
    let before: BTreeMap<Key, u32> = start
        .iter()
        .map(|(k, s)| (*k, s.saturating_sub(now.get(k).copied().unwrap_or(0))))
        .collect();
    let total_before: u32 = before.values().sum();
    let target = shares_with(start, start, total_before + n, decide)?;
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
    Some(out)
}

/// [`shares_so_far_with`], equal claims settled by key order.
pub fn shares_so_far(
    start: &BTreeMap<Key, u32>,
    now: &BTreeMap<Key, u32>,
    n: u32,
) -> BTreeMap<Key, u32> {
    shares_so_far_with(start, now, n, &mut by_key_order).expect("key order settles every contest")
}

/// [`allocate_with`], equal claims for odd losses settled by key order.
pub fn allocate(
    corps: &[BattleCorps],
    left: &mut [Factors],
    eligible: impl Fn(usize) -> bool,
    n: u32,
    proportional: bool,
    spare_militia: bool,
) -> u32 {
    allocate_with(
        corps,
        left,
        eligible,
        n,
        proportional,
        spare_militia,
        &mut by_key_order,
    )
    .expect("key order settles every contest")
}

/// Takes `n` losses from a side: with 12.3.6, each nationality its share of the battle's losses so far and these
/// (what one cannot take, the others do); otherwise largest corps first. Either way an UMP in a mixed force
/// (a corps marked `capped`) takes no more than its share of the force (14.3.2.1.6) while others can. Odd
/// losses between equal claims of nationalities: `decide` (12.3.6); none, with `left` untouched, while its
/// competitive roll waits for dice.
pub fn allocate_with(
    corps: &[BattleCorps],
    left: &mut [Factors],
    eligible: impl Fn(usize) -> bool,
    n: u32,
    proportional: bool,
    spare_militia: bool,
    decide: &mut Decide,
) -> Option<u32> {
    let mut allowance = allowances(corps, left, &eligible, n);
    if !proportional {
        return Some(within_allowances(
            corps,
            left,
            &eligible,
            n,
            spare_militia,
            &mut allowance,
        ));
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
    for (nation, share) in shares_so_far_with(&start, &now, n, decide)? {
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
    Some(
        lost + within_allowances(
            corps,
            left,
            &eligible,
            n - lost,
            spare_militia,
            &mut allowance,
        ),
    )
}
