//! Coalition's default chit (3.6, `docs/rules/combat.md` "The default chit"): each side's chit for an empty seat,
//! chosen by the exact odds of the day's first round, the best worst case over the enemy's chits.

use coalition_engine::battle::Setup;
use coalition_engine::battle::day::Battle;
use coalition_engine::battle::foresight::{Foresight, foresee, playable};
use coalition_engine::scenario::CorpsKind;
use coalition_engine::scenario::combat::{AttackChit, DefendChit};

#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

/// The default chits' working for the battle `setup` before its first day, among the chits each side may play.
fn foresight(setup: &Setup) -> Option<Foresight> {
    let chart = chart();
    let battle = Battle::start(&chart, setup).unwrap();
    let (attacker, defender) = playable(&chart, setup, &battle);
    foresee(&chart, setup, &battle, &attacker, &defender)
}

fn example() -> Setup {
    serde_json::from_str(include_str!("../../../examples/battle.json")).unwrap()
}

#[test]
fn the_default_chits_are_each_sides_best_worst_case_over_the_enemys_chits() {
    // rule: 7.5.2
    let f = foresight(&example()).expect("the example fights rounds");
    // Every pair of playable chits is worked out (Withdraw is never a default's).
    let chart = chart();
    let setup = example();
    let (attacker, defender) = playable(&chart, &setup, &Battle::start(&chart, &setup).unwrap());
    assert!(!defender.contains(&DefendChit::Withdraw));
    assert_eq!(f.worth.len(), attacker.len() * defender.len());
    assert!(f.worth.iter().all(|((_, d), _)| *d != DefendChit::Withdraw));
    let a = f.attacker.expect("the attacker has a chit");
    let d = f.defender.expect("the defender has a chit");
    let fought = |c: AttackChit| f.worth.iter().any(|((x, _), _)| *x == c);
    for other in attacker.into_iter().filter(|c| fought(*c)) {
        assert!(least(&f, a) >= least(&f, other), "{a:?} v {other:?}");
    }
    for other in defender {
        if f.worth.iter().any(|((_, x), _)| *x == other) {
            assert!(greatest(&f, d) <= greatest(&f, other), "{d:?} v {other:?}");
        }
    }
}

/// The least worth to the attacker over the defender's chits, for the attacker's chit `a`.
fn least(f: &Foresight, a: AttackChit) -> i128 {
    f.worth
        .iter()
        .filter(|((x, _), _)| *x == a)
        .map(|(_, w)| *w)
        .min()
        .unwrap()
}

/// The greatest worth to the attacker over the attacker's chits, for the defender's chit `d`.
fn greatest(f: &Foresight, d: DefendChit) -> i128 {
    f.worth
        .iter()
        .filter(|((_, x), _)| *x == d)
        .map(|(_, w)| *w)
        .max()
        .unwrap()
}

#[test]
fn a_side_three_times_stronger_chooses_a_chit_that_gains_whatever_the_enemy_plays() {
    // rule: 7.5.2
    // 60 French factors against 20 Austrian (not small enough for a trivial combat): the French default gains
    // in the first round against every Austrian chit; turned round, with the Archduke Charles as good a
    // general as Davout, the Austrian default gains against every French chit.
    let mut strong = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    strong.attacker.corps = (1..=3)
        .map(|i| corps(&format!("fr-{i}"), "france", CorpsKind::Infantry, inf(20)))
        .collect();
    let f = foresight(&strong).expect("a field combat");
    assert!(least(&f, f.attacker.unwrap()) > 0, "{:?}", f.worth);
    let mut weak = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    weak.defender.corps = (1..=3)
        .map(|i| corps(&format!("au-{i}"), "austria", CorpsKind::Infantry, inf(20)))
        .collect();
    weak.defender.leaders = vec![leader("Charles", "austria", 5, 5, 4)];
    let f = foresight(&weak).expect("a field combat");
    assert!(greatest(&f, f.defender.unwrap()) < 0, "{:?}", f.worth);
}

#[test]
fn equal_worst_cases_go_to_the_chit_listed_first() {
    // rule: 7.5.2
    // 60 French factors attack 20 Austrian with Escalated Assault only: against it, Counterattack and Escalated
    // Counterattack are worth the same to the attacker, so the defender's choice is whichever its list puts first.
    let mut setup = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    setup.attacker.corps = (1..=3)
        .map(|i| corps(&format!("fr-{i}"), "france", CorpsKind::Infantry, inf(20)))
        .collect();
    let chart = chart();
    let battle = Battle::start(&chart, &setup).unwrap();
    let choose = |defender: &[DefendChit]| {
        foresee(
            &chart,
            &setup,
            &battle,
            &[AttackChit::EscalatedAssault],
            defender,
        )
        .unwrap()
    };
    let (c, e) = (
        DefendChit::Counterattack,
        DefendChit::EscalatedCounterattack,
    );
    let f = choose(&[c, e]);
    assert_eq!(
        f.worth[0].1, f.worth[1].1,
        "the two are tied: {:?}",
        f.worth
    );
    assert_eq!(f.defender, Some(c));
    assert_eq!(choose(&[e, c]).defender, Some(e));
    // A strictly better chit wins whatever its place: Defend holds the French to less.
    let f = choose(&[c, e, DefendChit::Defend]);
    assert!(f.worth[2].1 < f.worth[0].1, "{:?}", f.worth);
    assert_eq!(f.defender, Some(DefendChit::Defend));
}

#[test]
fn a_trivial_combat_leaves_the_default_to_the_fixed_chits() {
    // rule: 7.5.3
    let mut setup = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    setup.defender.corps[0].factors = inf(1);
    assert!(foresight(&setup).is_none());
}
