//! 12.3.4 and 12.3.4.3 to 12.3.4.5 with the guard of more than one nationality on a side: one nationality's guard
//! commits, all of its guard factors, its losses come from it alone, and losing all of it breaks the side.

use coalition_engine::battle::check::check;
use coalition_engine::battle::{GuardCommitment, Outcome, Setup};
use coalition_engine::scenario::combat::{AttackChit, DefendChit, Role};
use coalition_engine::scenario::{CorpsKind, Factors};

#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

fn guard(n: u16) -> Factors {
    Factors {
        guard: n,
        ..Default::default()
    }
}

/// Davout's 20 infantry with a French guard corps of 6 and a Russian one of `russian` (allies on one side)
/// attack Mack's 20 Austrians; the attacker commits `nation`'s guard in round 1.
fn allied_guards(russian: u16, shift: u8, nation: Option<&str>) -> Setup {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.options.guard_commitment = true;
    s.attacker
        .corps
        .push(corps("fr-g", "france", CorpsKind::Guard, guard(6)));
    s.attacker
        .corps
        .push(corps("ru-g", "russia", CorpsKind::Guard, guard(russian)));
    s.attacker.guard = Some(GuardCommitment {
        day: 1,
        round: 1,
        shift,
        nation: nation.map(k),
    });
    s
}

/// The guard factors each corps of the attacker has left at the end.
fn guard_left(s: &Setup, faces: &[u8]) -> (Outcome, Vec<u16>) {
    let r = run(s, faces);
    (r.outcome, r.attacker_left.iter().map(|f| f.guard).collect())
}

#[test]
fn a_side_with_the_guard_of_two_nationalities_names_the_one_it_commits() {
    // rule: 12.3.4
    let c = chart();
    let e = check(&c, &allied_guards(3, 2, None)).unwrap_err();
    assert_eq!(e.rule, "12.3.4", "both may commit: name one ({e})");
    assert!(check(&c, &allied_guards(3, 2, Some("russia"))).is_ok());
    assert!(check(&c, &allied_guards(3, 2, Some("france"))).is_ok());
    // With only one nationality able to make the shift, it need not be named.
    let mut s = allied_guards(3, 2, None);
    s.attacker.corps[1].factors.guard = 1;
    assert!(
        check(&c, &s).is_ok(),
        "the single French guard factor cannot shift +2: the Russian guard is meant"
    );
}

#[test]
fn the_minimum_is_met_by_the_committed_nationality_alone() {
    // rule: 12.3.4.3
    let c = chart();
    // One Russian guard factor shifts +1 but not +2, however many French guard factors stand beside it.
    assert!(check(&c, &allied_guards(1, 1, Some("russia"))).is_ok());
    assert_eq!(
        check(&c, &allied_guards(1, 2, Some("russia")))
            .unwrap_err()
            .rule,
        "12.3.4.3"
    );
    // A nationality is a corps' nation, not the power it fights for: a British guard corps under French
    // command is still British guard, which never commits.
    let mut s = allied_guards(3, 1, Some("great-britain"));
    s.attacker.corps[2].nation = k("great-britain");
    assert_eq!(check(&c, &s).unwrap_err().rule, "12.3.4.3");
    // A nationality without guard on the side cannot be named.
    assert_eq!(
        check(&c, &allied_guards(3, 1, Some("prussia")))
            .unwrap_err()
            .rule,
        "12.3.4.3"
    );
}

#[test]
fn the_commitments_losses_come_from_the_committed_guard_alone() {
    // rule: 12.3.4.4
    // The +2 column on a 1 loses one guard factor: the Russian one, not the French. The round is fought one
    // morale levels up (3-1 becomes 3-3), and, as the defender does not break, the attacker does
    // (12.3.4.6).
    let s = allied_guards(3, 2, Some("russia"));
    let r = run(&s, &[1, 1, 1]);
    assert_eq!(r.rounds[0].fire[0].table.to_string(), "3-3");
    let guards: Vec<u16> = r.attacker_left.iter().map(|f| f.guard).collect();
    assert_eq!(guards, vec![0, 6, 2], "fr-1, fr-g, ru-g");
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
    // Committing the French guard instead leaves the Russian one whole.
    let s = allied_guards(3, 2, Some("france"));
    assert_eq!(guard_left(&s, &[1, 1, 1]).1, vec![0, 5, 3]);
}

#[test]
fn losing_every_committed_guard_factor_breaks_the_side_whatever_guard_it_has_besides() {
    // rule: 12.3.4.5
    // The +2 column on a 3 loses two guard factors: all of the Russian guard. The attacker breaks without
    // firing (the defender still fires once), though six French guard factors stand in its line.
    let s = allied_guards(2, 2, Some("russia"));
    let r = run(&s, &[3, 1]);
    assert_eq!(r.rounds[0].fire.len(), 1, "only the defender fires");
    assert_eq!(r.rounds[0].fire[0].side, Role::Defender);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
    assert_eq!(
        r.attacker_left.iter().map(|f| f.guard).collect::<Vec<_>>(),
        vec![0, 6, 0]
    );
}

#[test]
fn a_land_phase_order_names_the_nationality_of_its_guard() {
    // rule: 12.3.4
    use coalition_engine::decision::Decision;
    use coalition_engine::scenario::embedded_scenario;
    let scenario = embedded_scenario("1805").unwrap();
    for text in [
        "attack assault guard 2+2 russia",
        "attack outflank with fr-2 guard 1+1 austria reinforce fr-5",
        "defend cordon guard 3+1",
    ] {
        let d = Decision::parse(text, &scenario).unwrap();
        let again = Decision::parse(&d.to_string(), &scenario).unwrap();
        assert_eq!(d, again, "{text} reads back as {d}");
        assert_eq!(
            d.to_string().contains("russia") || d.to_string().contains("austria"),
            text.contains("russia") || text.contains("austria"),
            "{text}"
        );
    }
}

#[test]
fn guard_lost_before_its_round_still_commits_what_is_left_of_its_nationality() {
    // rule: 12.3.4.5
    // Day 1, round 2: a +2 commitment of the only nationality that could make it (two French guard factors beside
    // three Austrian ones). Round 1's fire takes one French guard factor (the guard corps is the largest); in round
    // 2 the French guard commits the one it has left, loses it on the table and breaks the side, the Austrian
    // guard standing by.
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.options.guard_commitment = true;
    s.attacker.corps = vec![
        corps("fr-g", "france", CorpsKind::Guard, guard(2)),
        corps("au-g", "austria", CorpsKind::Guard, guard(1)),
    ];
    s.attacker.guard = Some(GuardCommitment {
        day: 1,
        round: 2,
        shift: 2,
        nation: None,
    });
    assert!(check(&chart(), &s).is_ok());
    // Round 1: the attacker misses; the defender's 2 on 4-1 takes 5% of 20, one factor, from fr-g (the largest).
    let r = run(&s, &[1, 2, 1, 1]);
    assert_eq!(r.rounds[0].fire[1].inflicted, 1);
    let commit = &r.rounds[1].before[0];
    assert_eq!(commit.rule, "12.3.4.4");
    assert!(
        commit.purpose.contains("france guard"),
        "{}",
        commit.purpose
    );
    assert!(
        r.rounds[1].notes.iter().any(|n| n.contains("12.3.4.5")),
        "{:?}",
        r.rounds[1].notes
    );
    assert_eq!(r.rounds[1].fire.len(), 1, "only the defender fires");
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
}
