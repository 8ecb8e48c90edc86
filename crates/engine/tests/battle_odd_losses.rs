//! 12.3.6's odd losses: where the proportional shares of a mixed force leave a loss between equal claims, the
//! nationalities in contention roll one die each and the lowest takes it (Coalition's competitive roll).

use coalition_engine::battle::day::resolve;
use coalition_engine::battle::{BattleCorps, Report, Setup};
use coalition_engine::scenario::CorpsKind;
use coalition_engine::scenario::combat::{AttackChit, DefendChit, Role};

#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

/// Davout's 10 French and 10 Bavarian infantry attack Mack's 20 Austrians, with 12.3.6.
fn mixed() -> Setup {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.options.proportional_losses = true;
    s.attacker.corps = vec![
        corps("fr-1", "france", CorpsKind::Infantry, inf(10)),
        BattleCorps {
            nation: k("bavaria"),
            ..corps("ba-1", "france", CorpsKind::Infantry, inf(10))
        },
    ];
    s
}

/// Resolves with `faces` first, then ones; the dice the battle rolled are counted.
fn fight(s: &Setup, faces: &[u8]) -> (Report, usize) {
    let mut it = faces.iter().copied();
    let mut n = 0;
    let r = resolve(&chart(), s, &mut || {
        n += 1;
        it.next().unwrap_or(1)
    })
    .unwrap();
    (r, n)
}

#[test]
fn equal_claims_roll_for_the_odd_loss_and_the_lowest_roll_takes_it() {
    // rule: 12.3.6
    use coalition_engine::battle::losses::{allocate_with, competitive};
    // 10 French and 10 Bavarian factors lose 1: each claim is 0.5, both round up, one gives it back. Bavaria
    // rolls first (key order).
    let corps = mixed().attacker.corps;
    let lose_one = |faces: &[u8]| {
        let mut left = vec![inf(10), inf(10)];
        let mut dice = faces;
        let got = allocate_with(&corps, &mut left, |_| true, 1, true, false, &mut |g, m| {
            competitive(&mut dice, g, m, &mut None)
        });
        assert_eq!(got, Some(1));
        assert!(dice.is_empty(), "one die each");
        (10 - left[0].total(), 10 - left[1].total())
    };
    assert_eq!(lose_one(&[5, 2]), (1, 0), "France rolls lower: France");
    assert_eq!(lose_one(&[2, 5]), (0, 1), "Bavaria rolls lower: Bavaria");
    assert_eq!(
        lose_one(&[3, 3]),
        (1, 0),
        "equal rolls: the later in key order"
    );
    // Without dice the allocation waits for them.
    let mut left = vec![inf(10), inf(10)];
    let mut wanted = None;
    let mut none: &[u8] = &[];
    assert_eq!(
        allocate_with(&corps, &mut left, |_| true, 1, true, false, &mut |g, m| {
            competitive(&mut none, g, m, &mut wanted)
        }),
        None
    );
    assert_eq!(left, vec![inf(10), inf(10)], "nothing taken yet");
    assert_eq!(wanted, Some((vec![k("bavaria"), k("france")], 0)));
    // Unequal claims need no roll: 12 and 8 losing 1 (0.6 and 0.4): France.
    let mut unequal = corps.clone();
    unequal[0].factors = inf(12);
    unequal[1].factors = inf(8);
    let mut left = vec![inf(12), inf(8)];
    let got = allocate_with(
        &unequal,
        &mut left,
        |_| true,
        1,
        true,
        false,
        &mut |_, _| panic!("no contest"),
    );
    assert_eq!((got, left[0].total(), left[1].total()), (Some(1), 11, 8));
}

#[test]
fn a_battle_rolls_the_contest_after_the_fire_and_logs_each_die() {
    // rule: 12.3.6
    // Round 1: the French miss (a 1 on 3-1), the Austrians hit once (a 1 on 4-1 is 5% of 20); then Bavaria
    // rolls 5 and France 2 for the odd loss.
    let s = mixed();
    let (r, n) = fight(&s, &[1, 1, 5, 2]);
    let round = &r.rounds[0];
    assert_eq!(round.fire[1].inflicted, 1);
    let odd: Vec<(String, u8)> = round
        .fire_odd
        .iter()
        .map(|x| (x.who.clone(), x.faces[0]))
        .collect();
    assert_eq!(odd, vec![("bavaria".into(), 5), ("france".into(), 2)]);
    assert!(round.fire_odd.iter().all(|x| x.rule == "12.3.6"));
    // The same battle without 12.3.6 rolls no contest: two dice fewer in that round at least.
    let mut plain = s.clone();
    plain.options.proportional_losses = false;
    let (p, m) = fight(&plain, &[1, 1]);
    assert!(p.rounds.iter().all(|x| x.fire_odd.is_empty()));
    assert!(n > m, "{n} dice with the contests, {m} without");
}

#[test]
fn the_odds_count_every_contest_die() {
    // rule: 12.3.6
    use coalition_engine::battle::odds::odds;
    let mut s = mixed();
    s.days = Some(1);
    let o = odds(&chart(), &s, (AttackChit::Assault, DefendChit::Defend)).unwrap();
    let mut sum = o.attacker_wins.clone();
    for c in [&o.defender_wins, &o.withdrew, &o.undecided] {
        sum.add(c);
    }
    assert_eq!(sum, o.denominator);
    // Against 10,000 battles fought with real dice: the defender's chance of winning within sampling error.
    let mut dice = coalition_engine::dice::Dice::new(3);
    let won = (0..10_000)
        .filter(|_| {
            let r = resolve(&chart(), &s, &mut || dice.d6()).unwrap();
            r.outcome
                == coalition_engine::battle::Outcome::Won {
                    winner: coalition_engine::scenario::combat::Role::Defender,
                }
        })
        .count() as f64
        / 10_000.0;
    let p = o.percent(&o.defender_wins) / 100.0;
    assert!((won - p).abs() < 0.03, "sampled {won}, exact {p}");
}

#[test]
fn a_trivial_combat_rolls_for_its_odd_loss_and_its_survivors_read_the_same_rolls() {
    // rule: 12.3.6
    use coalition_engine::battle::trivial::{overwhelmed, survivors};
    // One French and one Bavarian factor attack 20 Austrians: a trivial combat (7.5.3).
    let mut s = mixed();
    s.attacker.corps[0].factors = inf(1);
    s.attacker.corps[1].factors = inf(1);
    assert!(overwhelmed(&chart(), &s).is_some());
    // Find the Austrian die that takes one factor: an odd loss between the two, each claim 0.5.
    for austrian in 1..=6 {
        for contest in [[5, 2], [2, 5]] {
            let faces = [1, austrian, contest[0], contest[1]];
            let (r, _) = fight(&s, &faces);
            let round = &r.rounds[0];
            let on_attacker = round
                .fire
                .iter()
                .find(|f| f.side == Role::Defender)
                .unwrap();
            if on_attacker.inflicted != 1 {
                continue;
            }
            assert_eq!(round.fire_odd.len(), 2, "{faces:?}");
            assert!(round.fire_odd.iter().all(|x| x.rule == "12.3.6"));
            // Bavaria rolls first (key order); the lower roll's nationality lost its factor.
            let (_, left) = survivors(&chart(), &s, &r).unwrap();
            let expected = if contest[0] < contest[1] {
                [1, 0]
            } else {
                [0, 1]
            };
            assert_eq!(
                [left[0].total(), left[1].total()],
                expected,
                "{faces:?}: French, Bavarian"
            );
            if contest == [2, 5] {
                return;
            }
        }
    }
    panic!("no odd loss rolled");
}

#[test]
fn the_odds_of_a_long_mixed_battle_count_beyond_a_u128() {
    // rule: 12.3.6
    use coalition_engine::battle::odds::{Natural, odds};
    // Three days with 12.3.6 and 12.3.5: 24 dice a day at most (four fire and bombardment dice and four
    // contest dice a round), 72 in all: counts past 2^128.
    let mut s = mixed();
    s.options.artillery = true;
    let o = odds(&chart(), &s, (AttackChit::Assault, DefendChit::Defend)).unwrap();
    assert!(o.denominator > Natural::from_u128(u128::MAX));
    let mut sum = o.attacker_wins.clone();
    for c in [&o.defender_wins, &o.withdrew, &o.undecided] {
        sum.add(c);
    }
    assert_eq!(sum, o.denominator, "every sequence of dice counted once");
    let mut each = Natural::zero();
    for e in &o.endings {
        each.add(&e.count);
    }
    assert_eq!(each, o.denominator);
}
