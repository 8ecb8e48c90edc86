//! Coalition's 3.6 default chits (`docs/rules/combat.md`, "The default chit"): each side's chit for the day
//! chosen by the exact odds of the day ahead, the one whose worst case over the enemy's chits is best.
//!
//! For each pair of chits the battle under way is walked over every die to the end of the first round of the day
//! (`odds::reach`; `default_chit.rounds` of `combat.ron`), or its end if sooner. Where it stands then is worth to
//! the attacker: `default_chit.won` (1000) if it won, its negative if it lost; plus the defender's morale lost minus the attacker's, each in thousandths of the side's combat morale
//! (at most 1000); plus the defender's factors lost minus the attacker's, each in thousandths of the side's
//! starting factors. To the defender it is worth the opposite. A pair's worth is the exact sum of these over its
//! dice sequences, all pairs counted over the same number of dice, so that sums compare without rounding. The
//! attacker takes the chit whose least worth over the defender's chits is greatest; the defender the one whose
//! greatest worth to the attacker is least; ties go to the first chit of the side's list, which puts the fixed
//! default (Assault, Defend) first.

use super::Setup;
use super::check::check_chits;
use super::day::Battle;
use super::odds::{Reached, Stop, dice_ahead, reach};
use crate::battle::Outcome;
use crate::scenario::combat::{AttackChit, CombatChart, DefendChit, Role};

/// The default chits' working: each pair fought, with its worth to the attacker summed over 6 to the `dice`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foresight {
    /// The number of dice every pair's worth is counted over.
    pub dice: u32,
    /// Each pair that can be fought, with its worth to the attacker (a sum over 6 to `dice` sequences).
    pub worth: Vec<((AttackChit, DefendChit), i128)>,
    /// The attacker's chit: the greatest least worth over the defender's chits (none if no pair was fought).
    pub attacker: Option<AttackChit>,
    /// The defender's chit: the least greatest worth to the attacker over the attacker's chits.
    pub defender: Option<DefendChit>,
}

/// The chits each side may play in the battle under way, in the chart's order, Withdraw left out (a default never
/// gives up the field): an attacker's chit is playable when the setup may fight it against Defend, a defender's
/// when against Assault (an outflank needs a leader and two forces, 4.5.2, whatever the enemy plays).
pub fn playable(
    chart: &CombatChart,
    setup: &Setup,
    battle: &Battle,
) -> (Vec<AttackChit>, Vec<DefendChit>) {
    let day = battle.day() as usize;
    let attacker = AttackChit::ALL
        .into_iter()
        .filter(|a| check_chits(chart, setup, day, (*a, DefendChit::Defend)).is_ok())
        .collect();
    let defender = DefendChit::ALL
        .into_iter()
        .filter(|d| *d != DefendChit::Withdraw)
        .filter(|d| check_chits(chart, setup, day, (AttackChit::Assault, *d)).is_ok())
        .collect();
    (attacker, defender)
}

/// The worth to the attacker of where one walk stopped (see the module's doc).
fn worth_of(
    (outcome, morale_lost, factors_lost, morale): &Stop,
    starting: [u32; 2],
    won: i128,
) -> i128 {
    let outcome = match outcome {
        Some(Outcome::Won {
            winner: Role::Attacker,
        }) => won,
        Some(Outcome::Won {
            winner: Role::Defender,
        }) => -won,
        _ => 0,
    };
    let part = |lost: i128, of: i128| {
        if of <= 0 {
            0
        } else {
            (lost.max(0) * 1000 / of).min(1000)
        }
    };
    let morale = |i: usize| part(morale_lost[i] as i128, morale[i] as i128);
    let factors = |i: usize| part(factors_lost[i] as i128, starting[i] as i128);
    outcome + morale(1) - morale(0) + factors(1) - factors(0)
}

fn sum_worth(reached: &Reached, starting: [u32; 2], won: i128) -> i128 {
    reached
        .iter()
        .map(|(key, count)| *count as i128 * worth_of(key, starting, won))
        .sum()
}

/// The default chits of both sides for the day the battle under way (fought with `setup`) is to fight, among the
/// chits each side may play (`attacker`, `defender`, in the order ties go by; [`playable`] gives them). A pair the
/// battle may not fight is left out. None when the battle fights no rounds (a trivial combat, a battle over) or the day ahead rolls more
/// dice than the sums hold (over 24): the caller keeps the fixed default then.
pub fn foresee(
    chart: &CombatChart,
    setup: &Setup,
    battle: &Battle,
    attacker: &[AttackChit],
    defender: &[DefendChit],
) -> Option<Foresight> {
    // Both sides of a battle ask for the same day's chits one after the other (each seat's default, or each
    // bot's): the last answer is kept with everything it was worked out from, and given again only for equal
    // inputs (a pure function's cache, per thread; no state is read or changed).
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Asked, Option<Foresight>)>> =
            const { std::cell::RefCell::new(None) };
    }
    let same = |a: &Asked| {
        a.setup == *setup
            && a.battle == *battle
            && a.attacker == attacker
            && a.defender == defender
            && a.chart == *chart
    };
    if let Some(f) =
        LAST.with_borrow(|l| l.as_ref().filter(|(a, _)| same(a)).map(|(_, f)| f.clone()))
    {
        return f;
    }
    let f = foresee_anew(chart, setup, battle, attacker, defender);
    let asked = Asked {
        chart: chart.clone(),
        setup: setup.clone(),
        battle: battle.clone(),
        attacker: attacker.to_vec(),
        defender: defender.to_vec(),
    };
    LAST.set(Some((asked, f.clone())));
    f
}

/// 3.6 (Coalition's default chits): what [`foresee`] was last asked, kept with its answer.
struct Asked {
    chart: CombatChart,
    setup: Setup,
    battle: Battle,
    attacker: Vec<AttackChit>,
    defender: Vec<DefendChit>,
}

/// 3.6 (Coalition's default chits): [`foresee`] worked out, without its cache.
fn foresee_anew(
    chart: &CombatChart,
    setup: &Setup,
    battle: &Battle,
    attacker: &[AttackChit],
    defender: &[DefendChit],
) -> Option<Foresight> {
    if battle.is_over() || battle.trivial().is_some() {
        return None;
    }
    let pairs: Vec<(AttackChit, DefendChit)> = attacker
        .iter()
        .flat_map(|a| defender.iter().map(move |d| (*a, *d)))
        .collect();
    let rounds = chart.default_chit.rounds;
    // One count of dice for every pair: the most any pair may roll.
    let dice = pairs
        .iter()
        .filter_map(|p| dice_ahead(chart, setup, battle, *p, rounds).ok())
        .max()?;
    if dice > 24 {
        return None;
    }
    let starting = setup
        .starting_factors()
        .map(|side| side.iter().map(|f| f.total()).sum::<u32>());
    let mut worth = Vec::new();
    for p in pairs {
        if let Ok(Some((_, reached))) = reach(chart, setup, battle, p, rounds, Some(dice)) {
            worth.push((
                p,
                sum_worth(&reached, starting, chart.default_chit.won as i128),
            ));
        }
    }
    let attacker = best(attacker, &worth, |(a, _)| *a, |w| -w);
    let defender = best(defender, &worth, |(_, d)| *d, |w| w);
    Some(Foresight {
        dice,
        worth,
        attacker,
        defender,
    })
}

/// The chit of `mine` whose worst pair (the greatest `loss` of its worth) is least; ties to the earlier chit.
fn best<T: Copy + PartialEq>(
    mine: &[T],
    worth: &[((AttackChit, DefendChit), i128)],
    of: impl Fn(&(AttackChit, DefendChit)) -> T,
    loss: impl Fn(i128) -> i128,
) -> Option<T> {
    let mut best: Option<(T, i128)> = None;
    for chit in mine {
        let Some(worst) = worth
            .iter()
            .filter(|(p, _)| of(p) == *chit)
            .map(|(_, w)| loss(*w))
            .max()
        else {
            continue;
        };
        if best.is_none_or(|(_, b)| worst < b) {
            best = Some((*chit, worst));
        }
    }
    best.map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::odds::{Natural, odds};
    use crate::scenario::embedded_scenario;
    use std::collections::BTreeMap;

    fn example() -> (CombatChart, Setup) {
        let chart = embedded_scenario("1805").unwrap().combat;
        let setup = serde_json::from_str(include_str!("../../../../examples/battle.json")).unwrap();
        (chart, setup)
    }

    #[test]
    fn a_walk_to_the_end_of_a_one_day_battle_reaches_the_endings_its_odds_give() {
        // rule: 7.5.2
        let (chart, mut setup) = example();
        setup.days = Some(1);
        let battle = Battle::start(&chart, &setup).unwrap();
        let pairs = [
            (AttackChit::Assault, DefendChit::Defend),
            (AttackChit::Outflank, DefendChit::Defend),
            (AttackChit::Probe, DefendChit::Counterattack),
        ];
        for pair in pairs {
            let o = odds(&chart, &setup, pair).unwrap();
            let (k, reached) = reach(&chart, &setup, &battle, pair, 3, None)
                .unwrap()
                .unwrap();
            // The odds count over every day of the chart; the walk over the one day fought.
            let all = (0..200)
                .find(|j| Natural::pow(6, *j) == o.denominator)
                .unwrap();
            let scale = |c: u64| (k..all).fold(Natural::from_u128(c as u128), |n, _| n.times(6));
            let mut ends: BTreeMap<(Outcome, u32, u32), Natural> = BTreeMap::new();
            for ((outcome, _, lost, _), c) in &reached {
                let outcome = outcome.expect("a one-day battle is over by the end of its day");
                ends.entry((outcome, lost[0], lost[1]))
                    .or_insert_with(Natural::zero)
                    .add(&scale(*c));
            }
            let want: BTreeMap<_, _> = o
                .endings
                .iter()
                .map(|e| {
                    (
                        (e.outcome, e.attacker_lost, e.defender_lost),
                        e.count.clone(),
                    )
                })
                .collect();
            assert_eq!(ends, want, "{pair:?}");
        }
    }

    #[test]
    fn the_first_rounds_chances_add_up_to_every_sequence_of_its_dice() {
        // rule: 7.5.2
        let (chart, setup) = example();
        let battle = Battle::start(&chart, &setup).unwrap();
        let pair = (AttackChit::Echelon, DefendChit::Cordon);
        let (k, reached) = reach(&chart, &setup, &battle, pair, 1, None)
            .unwrap()
            .unwrap();
        assert_eq!(reached.values().sum::<u64>(), 6u64.pow(k));
        assert!(
            reached.len() > 1,
            "the round's dice lead to more than one place"
        );
    }
}
