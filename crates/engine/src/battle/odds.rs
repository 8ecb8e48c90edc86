//! Coalition's 7.5 (`docs/rules/combat.md`, "Odds"): the exact chances of a field combat's outcomes for a pair of
//! chits fought every day, over every die the battle may roll: enumerated, not sampled.
//!
//! The battle's `field` state machine is walked from its first die to every end. Each die splits a
//! state six ways; states that are equal fight on alike and are merged, and taken in the procedure's order (day,
//! round, step) so that each is expanded once with all its chances gathered: a dynamic programme over states.
//! Chances are exact: counts of dice sequences over 6 to the most dice the battle can roll, in integers.
//! 12.7's leader casualties are rolled after the battle and are not part of it: they are left out.

use super::check::check_chits;
use super::day::Battle;
use super::memo::Allocations;
use super::memo::FxBuild;
use super::state::{At, Cx, State};
use super::{Outcome, Report, Setup};
use crate::kernel::error::{RuleError, RuleResult};
use crate::scenario::combat::{AttackChit, CombatChart, DefendChit, Role};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A natural number of any size: an exact count of dice sequences. Written in decimal (a string in JSON).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Natural(
    /// Base 2^32 digits, least significant first, without leading zeros.
    Vec<u32>,
);

impl Natural {
    pub fn zero() -> Natural {
        Natural(Vec::new())
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(mut self) -> Natural {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    pub fn from_u128(mut x: u128) -> Natural {
        let mut v = Vec::new();
        while x > 0 {
            v.push(x as u32);
            x >>= 32;
        }
        Natural(v)
    }

    /// `base` to the power `k`.
    pub fn pow(base: u32, k: u32) -> Natural {
        (0..k).fold(Natural::from_u128(1), |n, _| n.times(base))
    }

    /// Adds `other` to this number.
    pub fn add(&mut self, other: &Natural) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        let mut carry = 0u64;
        for (i, d) in self.0.iter_mut().enumerate() {
            let s = *d as u64 + other.0.get(i).copied().unwrap_or(0) as u64 + carry;
            *d = s as u32;
            carry = s >> 32;
            if carry == 0 && i >= other.0.len() {
                break;
            }
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// This number times `m`.
    pub fn times(&self, m: u32) -> Natural {
        let mut carry = 0u64;
        let mut v: Vec<u32> = self
            .0
            .iter()
            .map(|d| {
                let p = *d as u64 * m as u64 + carry;
                carry = p >> 32;
                p as u32
            })
            .collect();
        if carry > 0 {
            v.push(carry as u32);
        }
        Natural(v).trim()
    }

    /// This number divided by `d` (not 0): the quotient and the remainder.
    pub fn div_rem(&self, d: u32) -> (Natural, u32) {
        let mut rem = 0u64;
        let mut v = self.0.clone();
        for x in v.iter_mut().rev() {
            let cur = (rem << 32) | *x as u64;
            *x = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        (Natural(v).trim(), rem as u32)
    }

    /// The nearest `f64` (for display only).
    pub fn to_f64(&self) -> f64 {
        self.0
            .iter()
            .rev()
            .fold(0.0, |acc, d| acc * 4_294_967_296.0 + *d as f64)
    }

    fn bits(&self) -> u32 {
        self.0
            .last()
            .map_or(0, |d| 32 * self.0.len() as u32 - d.leading_zeros())
    }

    /// This number without its lowest `n` base 2^32 digits.
    fn shifted_down(&self, n: usize) -> Natural {
        Natural(self.0.get(n..).unwrap_or(&[]).to_vec())
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Natural) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Natural) -> std::cmp::Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl std::fmt::Display for Natural {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_zero() {
            return write!(f, "0");
        }
        let mut parts = Vec::new();
        let mut n = self.clone();
        while !n.is_zero() {
            let (q, r) = n.div_rem(1_000_000_000);
            parts.push(r);
            n = q;
        }
        let mut s = parts
            .pop()
            .expect("a non-zero number has a digit")
            .to_string();
        for p in parts.iter().rev() {
            s.push_str(&format!("{p:09}"));
        }
        f.pad(&s)
    }
}

impl std::str::FromStr for Natural {
    type Err = String;
    fn from_str(s: &str) -> Result<Natural, String> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{s}` is not a natural number"));
        }
        Ok(s.bytes().fold(Natural::zero(), |n, b| {
            let mut n = n.times(10);
            n.add(&Natural::from_u128((b - b'0') as u128));
            n
        }))
    }
}

impl Serialize for Natural {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Natural {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Natural, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// An exact fraction in lowest terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ratio {
    pub numerator: Natural,
    pub denominator: Natural,
}

impl Ratio {
    /// `numerator / denominator`, where the denominator's only prime factors are 2 and 3 (a power of 6), in
    /// lowest terms.
    pub fn of_dice(numerator: &Natural, denominator: &Natural) -> Ratio {
        let (mut n, mut d) = (numerator.clone(), denominator.clone());
        if n.is_zero() {
            return Ratio {
                numerator: n,
                denominator: Natural::from_u128(1),
            };
        }
        for p in [2, 3] {
            loop {
                let ((qn, rn), (qd, rd)) = (n.div_rem(p), d.div_rem(p));
                if rn != 0 || rd != 0 {
                    break;
                }
                (n, d) = (qn, qd);
            }
        }
        Ratio {
            numerator: n,
            denominator: d,
        }
    }

    /// The nearest `f64` (for display only).
    pub fn to_f64(&self) -> f64 {
        // Both shifted alike so that the denominator stays within an f64's range.
        let drop = (self.denominator.bits().saturating_sub(960) / 32) as usize;
        self.numerator.shifted_down(drop).to_f64() / self.denominator.shifted_down(drop).to_f64()
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// How one battle may end: its outcome and each side's factors lost, with the count of dice sequences (over
/// [`Odds::denominator`]) that end so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub outcome: Outcome,
    pub attacker_lost: u32,
    pub defender_lost: u32,
    pub count: Natural,
}

/// The exact chances of a battle fought with one pair of chits every day. Each chance is a count of dice
/// sequences over `denominator` (6 to the most dice the battle can roll; a battle that ends sooner counts each of
/// its sequences once for every way the unrolled dice could fall): `attacker_wins / denominator` is the chance
/// the attacker wins. The four outcomes add up to the denominator exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Odds {
    pub chits: (AttackChit, DefendChit),
    pub denominator: Natural,
    pub attacker_wins: Natural,
    pub defender_wins: Natural,
    /// The defender withdrew (before or during the battle).
    pub withdrew: Natural,
    /// The last day ended with neither side broken.
    pub undecided: Natural,
    /// The sum over endings of their count times the factors the side lost: over the denominator, the side's
    /// expected loss.
    pub attacker_losses: Natural,
    pub defender_losses: Natural,
    /// Every way the battle may end (outcome and losses), in order.
    pub endings: Vec<Ending>,
}

impl Odds {
    /// The chance of `count` (one of this table's counts) as a fraction in lowest terms.
    pub fn chance(&self, count: &Natural) -> Ratio {
        Ratio::of_dice(count, &self.denominator)
    }

    /// The chance of `count` in percent (for display only).
    pub fn percent(&self, count: &Natural) -> f64 {
        100.0 * self.chance(count).to_f64()
    }

    /// Each side's expected factor loss (attacker, defender), for display.
    pub fn expected_losses(&self) -> (f64, f64) {
        (
            self.chance(&self.attacker_losses).to_f64(),
            self.chance(&self.defender_losses).to_f64(),
        )
    }
}

/// One line of the table of chits: a pair the setup may fight, with its odds, or one it may not, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub chits: (AttackChit, DefendChit),
    pub odds: Option<Odds>,
    pub refused: Option<RuleError>,
}

/// A count of dice sequences, in the narrowest integer that holds 6 to the most dice the battle can roll.
trait Count: Clone {
    fn zero() -> Self;
    fn six_to(k: u32) -> Self;
    fn add(&mut self, other: &Self);
    /// One sixth, exactly (the count is a multiple of 6 while dice remain).
    fn sixth(&self) -> Self;
    fn times(&self, n: u32) -> Self;
    fn natural(&self) -> Natural;
}

macro_rules! count_of {
    ($t:ty) => {
        impl Count for $t {
            fn zero() -> $t {
                0
            }
            fn six_to(k: u32) -> $t {
                (6 as $t).pow(k)
            }
            fn add(&mut self, other: &$t) {
                *self += *other;
            }
            fn sixth(&self) -> $t {
                assert_eq!(*self % 6, 0, "more dice than the bound");
                *self / 6
            }
            fn times(&self, n: u32) -> $t {
                *self * n as $t
            }
            fn natural(&self) -> Natural {
                Natural::from_u128(*self as u128)
            }
        }
    };
}

count_of!(u64);
count_of!(u128);

/// A count of up to 6 to the 98th (256 bits, on the stack): the battles whose dice a `u128` cannot count
/// (12.3.6's competitive rolls raise the bound), without the heap of a [`Natural`].
#[derive(Clone, Copy)]
struct U256(
    /// Base 2^64 limbs, least significant first.
    [u64; 4],
);

impl Count for U256 {
    fn zero() -> U256 {
        U256([0; 4])
    }
    fn six_to(k: u32) -> U256 {
        (0..k).fold(U256([1, 0, 0, 0]), |n, _| n.times(6))
    }
    fn add(&mut self, other: &U256) {
        let mut carry = 0u128;
        for (a, b) in self.0.iter_mut().zip(other.0) {
            let s = *a as u128 + b as u128 + carry;
            *a = s as u64;
            carry = s >> 64;
        }
        assert_eq!(carry, 0, "a count beyond 256 bits");
    }
    fn sixth(&self) -> U256 {
        let mut out = [0u64; 4];
        let mut rem = 0u128;
        for i in (0..4).rev() {
            let cur = (rem << 64) | self.0[i] as u128;
            out[i] = (cur / 6) as u64;
            rem = cur % 6;
        }
        assert_eq!(rem, 0, "more dice than the bound");
        U256(out)
    }
    fn times(&self, n: u32) -> U256 {
        let mut out = [0u64; 4];
        let mut carry = 0u128;
        for (o, a) in out.iter_mut().zip(self.0) {
            let p = a as u128 * n as u128 + carry;
            *o = p as u64;
            carry = p >> 64;
        }
        assert_eq!(carry, 0, "a count beyond 256 bits");
        U256(out)
    }
    fn natural(&self) -> Natural {
        let digits: Vec<u32> = self
            .0
            .iter()
            .flat_map(|l| [*l as u32, (*l >> 32) as u32])
            .collect();
        Natural(digits).trim()
    }
}

impl Count for Natural {
    fn zero() -> Natural {
        Natural::zero()
    }
    fn six_to(k: u32) -> Natural {
        Natural::pow(6, k)
    }
    fn add(&mut self, other: &Natural) {
        Natural::add(self, other)
    }
    fn sixth(&self) -> Natural {
        let (q, r) = self.div_rem(6);
        assert_eq!(r, 0, "more dice than the bound");
        q
    }
    fn times(&self, n: u32) -> Natural {
        Natural::times(self, n)
    }
    fn natural(&self) -> Natural {
        self.clone()
    }
}

/// The endings' counts: (outcome, attacker's loss, defender's loss) → count.
type Endings<C> = BTreeMap<(Outcome, u32, u32), C>;

/// 7.5.2: the most dice a battle fought with the pairing of `cx` every day can roll: per day the withdrawal (one
/// die, or one per leaderless corps), two outflank arrivals, two rolls of each corps on its way from a next area
/// (at most one die a corps before rounds 2 and 3), two guard commitments, and per round two bombardment dice, two
/// fire dice and, with 12.3.6, a die for each nationality of a mixed side after each (the odd losses' roll).
fn most_dice(cx: &Cx, leader: bool) -> u32 {
    cx.chart.days.max(1) as u32 * dice_to_round(cx, leader, 3)
}

/// [`most_dice`] for one day fought to the end of its round `rounds` (1 to 3): the arrivals come before rounds 2
/// and 3 only.
fn dice_to_round(cx: &Cx, leader: bool, rounds: u32) -> u32 {
    let p = cx.p;
    let withdraw = match p.withdraw {
        Some(w) if !w.automatic => {
            if leader {
                1
            } else {
                cx.setup.defender.corps.len() as u32
            }
        }
        _ => 0,
    };
    let arrivals = rounds.clamp(1, 3) - 1;
    let outflank = if p.outflank.is_some() { arrivals } else { 0 };
    let guard = if cx.setup.options.guard_commitment {
        2
    } else {
        0
    };
    let bombard = if cx.setup.options.artillery { 2 } else { 0 };
    let coming = [&cx.setup.attacker, &cx.setup.defender]
        .iter()
        .flat_map(|s| &s.corps)
        .filter(|c| c.reinforcing.is_some())
        .count() as u32;
    // 12.3.6: at most one die per nationality of a side for the odd losses of each bombardment and fire.
    let odd = super::trivial::most_odd_dice(cx.setup);
    let applications = 1 + (bombard > 0) as u32;
    withdraw
        + outflank
        + arrivals * coming
        + guard
        + rounds.clamp(1, 3) * (bombard + 2 + applications * odd)
}

/// Walks every state of the battle from `start` (before day 1) in the procedure's order (day, round, step),
/// merging equal states.
fn walk<C: Count>(cx: &Cx, start: State, k: u32, setup: &Setup) -> Endings<C> {
    walk_to(cx, start, k, setup, None).endings
}

/// [`walk`], stopping at `horizon` (a day and the last round of it to fight) when given: every state past it, and
/// every ending, is gathered in `reached` instead.
fn walk_to<'a, C: Count>(
    cx: &'a Cx<'a>,
    start: State,
    k: u32,
    setup: &Setup,
    horizon: Option<(u8, u8)>,
) -> Walk<'a, C> {
    let mut w = Walk {
        cx,
        starting: setup.starting_factors(),
        endings: BTreeMap::new(),
        open: BTreeMap::new(),
        interned: Interned::default(),
        horizon,
        reached: BTreeMap::new(),
    };
    let mut first = start;
    first.dawn(cx, None);
    w.settle(first, C::six_to(k));
    // Every die moves a state to a later step, so a step's states have all their chances once the earlier
    // steps are done: each was merged with its equals as it was reached and is rolled once. The order they are
    // rolled in does not matter: the counts are exact sums.
    while let Some((_, states)) = w.open.pop_first() {
        for (_, (s, c)) in states {
            w.roll(s, c);
        }
    }
    w
}

/// The stops of a walk with a horizon, each with its count of dice sequences.
pub(super) type Reached = BTreeMap<Stop, u64>;

/// Where a walk with a horizon stopped: the outcome if the battle ended, each side's morale lost (tenths), each
/// side's factors lost since the battle began, each side's combat morale (tenths).
pub(super) type Stop = (Option<Outcome>, [i32; 2], [u32; 2], [i32; 2]);

/// The states the battle under way reaches with `chits` by the end of round `rounds` of the day to be fought, or
/// its end if sooner, each with its count of dice sequences over 6 to the `k` returned. None when that bound is
/// over 24 dice (the counts would not fit the sums the caller makes of them). Refused as [`odds`] is; a trivial
/// combat is refused (its chits do not fight rounds).
pub(super) fn reach(
    chart: &CombatChart,
    setup: &Setup,
    battle: &Battle,
    chits: (AttackChit, DefendChit),
    rounds: u8,
    k: Option<u32>,
) -> RuleResult<Option<(u32, Reached)>> {
    if battle.is_over() {
        return Err(RuleError::new("7.5.2", "the battle is over"));
    }
    if battle.trivial().is_some() {
        return Err(RuleError::new("7.5.3", "a trivial combat fights no rounds"));
    }
    let p = check_chits(chart, setup, battle.day() as usize, chits)?;
    let (morale, command) = battle.sides();
    let memo = std::cell::RefCell::new(Allocations::default());
    let cx = Cx::new(chart, setup, morale, command, p).with_memo(&memo);
    let k = k.unwrap_or_else(|| dice_to_round(&cx, command[1].leader, rounds as u32));
    if k > 24 {
        return Ok(None);
    }
    let start = battle.state().clone();
    let horizon = Some((start.day, rounds));
    let w = walk_to::<u64>(&cx, start, k, setup, horizon);
    Ok(Some((k, w.reached)))
}

/// The bound [`reach`] counts over for `chits`: the most dice to the end of round `rounds` of the day.
pub(super) fn dice_ahead(
    chart: &CombatChart,
    setup: &Setup,
    battle: &Battle,
    chits: (AttackChit, DefendChit),
    rounds: u8,
) -> RuleResult<u32> {
    let p = check_chits(chart, setup, battle.day() as usize, chits)?;
    let (morale, command) = battle.sides();
    let cx = Cx::new(chart, setup, morale, command, p);
    Ok(dice_to_round(&cx, command[1].leader, rounds as u32))
}

/// A [`State`] in a few machine words, to merge equal states by hashing: its shared parts (the factors left,
/// the corps present and on their way) by the number [`Interned`] gave their value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Compact {
    day: u8,
    round: u8,
    at: At,
    left: [u32; 2],
    present: [u32; 2],
    waiting: [u32; 2],
    lost: [i32; 2],
    morale: [Option<i32>; 2],
    arrived: bool,
    cavalry_withdrawal: bool,
    committed: [bool; 2],
    shift: [u8; 2],
    guard_broken: [bool; 2],
    pending: [(u32, i32); 2],
    odd: u32,
    outcome: Option<Outcome>,
    took: [Option<u8>; 2],
}

/// A number for each value of a state's shared parts: equal values, equal numbers. Each value seen is held, so
/// that an address it was seen at is not reused for another value while the walk lasts.
#[derive(Default)]
struct Interned {
    factors: Numbers<crate::scenario::Factors>,
    flags: Numbers<bool>,
    dice: Numbers<u8>,
}

/// The numbers of one kind of shared part: by address (fast; the entry holds the value, so that its address is
/// not reused), and by value.
struct Numbers<T> {
    by_address: HashMap<usize, (Arc<[T]>, u32)>,
    by_value: HashMap<Arc<[T]>, u32>,
}

impl<T> Default for Numbers<T> {
    fn default() -> Self {
        Numbers {
            by_address: HashMap::default(),
            by_value: HashMap::default(),
        }
    }
}

impl<T: std::hash::Hash + Eq> Numbers<T> {
    fn of(&mut self, v: &Arc<[T]>) -> u32 {
        let address = Arc::as_ptr(v) as *const u8 as usize;
        if let Some((_, n)) = self.by_address.get(&address) {
            return *n;
        }
        let next = self.by_value.len() as u32;
        let n = *self.by_value.entry(v.clone()).or_insert(next);
        self.by_address.insert(address, (v.clone(), n));
        n
    }
}

impl Interned {
    fn compact(&mut self, s: &State) -> Compact {
        // Every part of the state, so that a part added to it must be added here.
        let State {
            day,
            round,
            at,
            left,
            present,
            waiting,
            lost,
            morale,
            arrived,
            cavalry_withdrawal,
            committed,
            shift,
            guard_broken,
            pending,
            odd,
            outcome,
            took,
        } = s;
        Compact {
            day: *day,
            round: *round,
            at: *at,
            left: [self.factors.of(&left[0]), self.factors.of(&left[1])],
            present: [self.flags.of(&present[0]), self.flags.of(&present[1])],
            waiting: [self.flags.of(&waiting[0]), self.flags.of(&waiting[1])],
            lost: *lost,
            morale: *morale,
            arrived: *arrived,
            cavalry_withdrawal: *cavalry_withdrawal,
            committed: *committed,
            shift: *shift,
            guard_broken: *guard_broken,
            pending: *pending,
            odd: self.dice.of(odd),
            outcome: *outcome,
            took: *took,
        }
    }
}

type HashMap<K, V> = std::collections::HashMap<K, V, FxBuild>;

/// The states of one step of the procedure, each with its chances so far.
type Step<C> = HashMap<Compact, (State, C)>;

/// The walk's progress: the states still to roll, by step, each with its chances so far, and the endings
/// reached.
struct Walk<'a, C> {
    cx: &'a Cx<'a>,
    starting: [Vec<crate::scenario::Factors>; 2],
    endings: Endings<C>,
    open: BTreeMap<(u8, u8, At), Step<C>>,
    interned: Interned,
    /// The day and the last round of it to fight, when the walk stops there (`reach`).
    horizon: Option<(u8, u8)>,
    reached: BTreeMap<Stop, C>,
}

impl<C: Count> Walk<'_, C> {
    /// The factors side `i` has lost in state `s`.
    fn lost(&self, s: &State, i: usize) -> u32 {
        self.starting[i]
            .iter()
            .zip(s.left[i].iter())
            .map(|(b, a)| b.total().saturating_sub(a.total()))
            .sum()
    }

    /// A state reached with `c` chances: an ending, or a state to roll at its step, merged with its equal.
    fn settle(&mut self, s: State, c: C) {
        if let Some((day, round)) = self.horizon
            && (s.at == At::Over || s.day > day || s.round > round)
        {
            let key = (
                s.outcome,
                s.lost,
                [self.lost(&s, 0), self.lost(&s, 1)],
                [
                    s.morale[0].unwrap_or(self.cx.morale[0]),
                    s.morale[1].unwrap_or(self.cx.morale[1]),
                ],
            );
            self.reached.entry(key).or_insert_with(C::zero).add(&c);
        } else if s.at == At::Over {
            let key = (
                s.outcome.expect("a battle over has an outcome"),
                self.lost(&s, 0),
                self.lost(&s, 1),
            );
            self.endings.entry(key).or_insert_with(C::zero).add(&c);
        } else {
            let key = self.interned.compact(&s);
            match self
                .open
                .entry((s.day, s.round, s.at))
                .or_default()
                .entry(key)
            {
                std::collections::hash_map::Entry::Occupied(mut o) => {
                    debug_assert!(o.get().0 == s, "equal compact states are equal");
                    o.get_mut().1.add(&c);
                }
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert((s, c));
                }
            }
        }
    }

    /// Rolls the die of state `s`, reached with `c` chances: each effect once, with the chances of its faces.
    fn roll(&mut self, s: State, c: C) {
        let cx = self.cx;
        let sixth = c.sixth();
        let against = s.against(cx);
        // The faces grouped by their effect: (effect, a face, how many).
        let mut effects: Vec<((i32, i32), u8, u32)> = Vec::with_capacity(6);
        for face in 1..=6 {
            let e = s.effect_against(cx, &against, face);
            match effects.iter_mut().find(|x| x.0 == e) {
                Some(x) => x.2 += 1,
                None => effects.push((e, face, 1)),
            }
        }
        let last = effects.len() - 1;
        let first_of_pair = matches!(s.at, At::Fire(Role::Attacker) | At::Bombard(Role::Attacker));
        let mut s = Some(s);
        for (i, (e, face, n)) in effects.into_iter().enumerate() {
            let mut child = if i == last {
                s.take().expect("the state is used last")
            } else {
                s.clone().expect("the state is kept until last")
            };
            child.apply(cx, face, e, None);
            if child.at == At::Dawn && self.horizon.is_none_or(|(day, _)| child.day <= day) {
                child.dawn(cx, None);
            }
            let share = sixth.times(n);
            // The attacker's die of a pair only records its result for the defender's: no two states reach the
            // same state so, and it is rolled at once rather than kept for merging.
            if first_of_pair
                && matches!(
                    child.at,
                    At::Fire(Role::Defender) | At::Bombard(Role::Defender)
                )
            {
                self.roll(child, share);
            } else {
                self.settle(child, share);
            }
        }
    }
}

/// Every ending of a trivial combat (7.5.3, 12.3.10), over 6 to the `k` dice, by replaying it on every sequence
/// of dice.
fn replay(k: u32, run: &dyn Fn(&mut dyn FnMut() -> u8) -> Report, setup: &Setup) -> Endings<u128> {
    fn go(
        prefix: &mut Vec<u8>,
        k: u32,
        run: &dyn Fn(&mut dyn FnMut() -> u8) -> Report,
        setup: &Setup,
        out: &mut Endings<u128>,
    ) {
        let (mut used, mut short) = (0usize, false);
        let report = run(&mut || {
            if used < prefix.len() {
                used += 1;
                prefix[used - 1]
            } else {
                short = true;
                1
            }
        });
        if short {
            for face in 1..=6 {
                prefix.push(face);
                go(prefix, k, run, setup, out);
                prefix.pop();
            }
            return;
        }
        let (a, d) = report.losses(setup);
        *out.entry((report.outcome, a, d)).or_insert(0) += 6u128.pow(k - prefix.len() as u32);
    }
    let mut out = BTreeMap::new();
    go(&mut Vec::new(), k, run, setup, &mut out);
    out
}

fn odds_of<C: Count>(chits: (AttackChit, DefendChit), k: u32, endings: Endings<C>) -> Odds {
    let mut o = Odds {
        chits,
        denominator: Natural::pow(6, k),
        attacker_wins: Natural::zero(),
        defender_wins: Natural::zero(),
        withdrew: Natural::zero(),
        undecided: Natural::zero(),
        attacker_losses: Natural::zero(),
        defender_losses: Natural::zero(),
        endings: Vec::new(),
    };
    for ((outcome, a, d), c) in endings {
        let c = c.natural();
        match outcome {
            Outcome::Won {
                winner: Role::Attacker,
            } => o.attacker_wins.add(&c),
            Outcome::Won {
                winner: Role::Defender,
            } => o.defender_wins.add(&c),
            Outcome::Withdrew => o.withdrew.add(&c),
            Outcome::Undecided => o.undecided.add(&c),
        }
        o.attacker_losses.add(&c.times(a));
        o.defender_losses.add(&c.times(d));
        o.endings.push(Ending {
            outcome,
            attacker_lost: a,
            defender_lost: d,
            count: c,
        });
    }
    o
}

/// The exact odds of the battle `setup` fought with `chits` every day (its own chits are not read): refused as
/// [`super::day::resolve`] would refuse it. A trivial combat (7.5.3, 12.3.10) reads only whether the defender's
/// chit is Withdraw. 12.7's leader casualties, rolled after the battle, are not part of it.
pub fn odds(
    chart: &CombatChart,
    setup: &Setup,
    chits: (AttackChit, DefendChit),
) -> RuleResult<Odds> {
    let battle = Battle::start(chart, setup)?;
    odds_from(chart, setup, &battle, chits)
}

fn odds_from(
    chart: &CombatChart,
    setup: &Setup,
    battle: &Battle,
    chits: (AttackChit, DefendChit),
) -> RuleResult<Odds> {
    if battle.is_over() {
        return Err(RuleError::new("7.5.2", "the battle is over"));
    }
    if let Some(small) = battle.trivial() {
        // At most a withdrawal die, each side's one die and the odd losses' rolls (12.3.6).
        let k = 3 + super::trivial::most_odd_dice(setup);
        let run =
            |die: &mut dyn FnMut() -> u8| super::trivial::fight(chart, setup, small, chits.1, die);
        return Ok(odds_of(chits, k, replay(k, &run, setup)));
    }
    let p = check_chits(chart, setup, battle.day() as usize, chits)?;
    let (morale, command) = battle.sides();
    let memo = std::cell::RefCell::new(Allocations::default());
    let cx = Cx::new(chart, setup, morale, command, p).with_memo(&memo);
    let k = most_dice(&cx, command[1].leader);
    let start = battle.state().clone();
    Ok(if k <= 24 {
        odds_of(chits, k, walk::<u64>(&cx, start, k, setup))
    } else if k <= 49 {
        odds_of(chits, k, walk::<u128>(&cx, start, k, setup))
    } else if k <= 98 {
        odds_of(chits, k, walk::<U256>(&cx, start, k, setup))
    } else {
        odds_of(chits, k, walk::<Natural>(&cx, start, k, setup))
    })
}

/// The odds of every pair of chits (attacker's × defender's, in the chart's order) for the setup: a pair the
/// setup may not fight (4.5.2's outflank) is given with the refusal instead. Refused as a whole if the setup
/// cannot be fought at all (a side without factors, 12.3.4.3).
pub fn table(chart: &CombatChart, setup: &Setup) -> RuleResult<Vec<Line>> {
    let battle = Battle::start(chart, setup)?;
    Ok(table_from(chart, setup, &battle))
}

/// [`table`] for a battle under way (`battle`, fought with `setup` so far, between two days): every pair fought
/// on each day left, from the factors and morale the days before have left. Each ending's losses count from the
/// start of the battle.
pub fn table_from(chart: &CombatChart, setup: &Setup, battle: &Battle) -> Vec<Line> {
    let mut lines = Vec::new();
    for a in AttackChit::ALL {
        for d in DefendChit::ALL {
            let chits = (a, d);
            let (odds, refused) = match odds_from(chart, setup, battle, chits) {
                Ok(o) => (Some(o), None),
                Err(e) => (None, Some(e)),
            };
            lines.push(Line {
                chits,
                odds,
                refused,
            });
        }
    }
    lines
}
