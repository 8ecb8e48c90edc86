//! Coalition's field combat (`docs/rules/combat.md`) and the land options 12.3.2 to 12.3.7.3 and 12.7: battles
//! resolved with forced dice, each number checked by hand against the tables of `combat.ron`.

use coalition_engine::battle::check::check;
use coalition_engine::battle::day::{Battle, resolve};
use coalition_engine::battle::side::{combat_morale, command, dated_ratings, effective_tactical};
use coalition_engine::battle::{BattleCorps, GuardCommitment, Options, Outcome, Report, Setup};
use coalition_engine::ids::{Key, LeaderId};
use coalition_engine::scenario::combat::{AttackChit, DefendChit, Role};
use coalition_engine::scenario::{CorpsKind, Factors, Terrain};
use coalition_engine::{Date, battle};

#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

#[test]
fn a_battle_is_fought_round_by_round_on_the_chits_tables() {
    let s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    // Assault v Defend: attacker 3-1, 3-1, 2-1; defender 4-1, 4-2, 4-3; no commander chart.
    let r = run(&s, &[4, 3, 6, 6, 6, 1]);
    assert_eq!(r.morale, (40, 30), "French infantry 4.0, Austrian 3.0");
    let f = |i: usize| &r.rounds[i].fire;
    // Round 1: 3-1 on 4 is 10% / 0.8; 4-1 on 3 is 10% / 0.7; 10% of 20 factors is 2.
    assert_eq!(
        (f(0)[0].percent, f(0)[0].morale, f(0)[0].inflicted),
        (10, 8, 2)
    );
    assert_eq!(
        (f(0)[1].percent, f(0)[1].morale, f(0)[1].inflicted),
        (10, 7, 2)
    );
    assert!(
        f(0)[0].roll.modifiers.is_empty(),
        "no commander chart on Assault v Defend"
    );
    // Round 2: 3-1 on 6 is 10% / 1.5 (2 of 18); 4-2 on 6 is 15% / 2.3 (3 of 18).
    assert_eq!((f(1)[0].morale, f(1)[0].inflicted), (15, 2));
    assert_eq!(
        (f(1)[1].table.to_string(), f(1)[1].morale, f(1)[1].inflicted),
        ("4-2".into(), 23, 3)
    );
    // Round 3: 2-1 on 6 is 10% / 1.1, the defender's loss reaches 3.4 of 3.0; 4-3 on 1 is 5% / 1.0, the
    // attacker's reaches 4.0 of 4.0. Both break: the defender deeper, so the attacker wins.
    assert_eq!(r.rounds[2].morale_left, (0, 0));
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Attacker
        }
    );
    // Round 3's fire: 10% of the attacker's 15 factors is 2; 5% of the defender's 16 is 1.
    assert_eq!(r.losses(&s), (2 + 3 + 1, 2 + 2 + 2));
}

#[test]
fn the_commander_chart_and_its_limits_give_the_die_modifiers() {
    // Echelon v Defend uses the chart: Davout's 5 against Mack's 2 (reduced by nothing): row 2, column 5 gives
    // the attacker +1 and the defender -1.
    let s = french_v_austrian(AttackChit::Echelon, DefendChit::Defend);
    let r = run(&s, &[1, 1, 1, 1, 1, 1]);
    let m = |i: usize| r.rounds[0].fire[i].roll.total - r.rounds[0].fire[i].roll.faces[0] as i32;
    assert_eq!((m(0), m(1)), (1, -1));
}

#[test]
fn cavalry_superiority_adds_one_within_the_net_limit() {
    // rule: 12.3.3.1
    let mut s = french_v_austrian(AttackChit::Echelon, DefendChit::Defend);
    s.attacker.corps[0].factors = Factors {
        infantry: 14,
        cavalry: 6,
        ..Default::default()
    };
    s.defender.corps[0].factors = Factors {
        infantry: 17,
        cavalry: 3,
        ..Default::default()
    };
    let mods = |s: &Setup| {
        let r = run(s, &[1, 1, 1, 1, 1, 1]);
        let roll = &r.rounds[0].fire[0].roll;
        (
            roll.total - roll.faces[0] as i32,
            roll.modifiers.iter().any(|m| m.rule == "12.3.3.1"),
        )
    };
    // Off: the chart's +1 alone.
    assert_eq!(mods(&s), (1, false));
    s.options.cavalry_superiority = true;
    // On: 6 cavalry against 3 is twice as many: +1 more, but the net stays +1.
    assert_eq!(mods(&s), (1, true));
    // With equal leaders (chart 0/0 at 2-2), the +1 shows.
    s.attacker.leaders[0].tactical = 2;
    assert_eq!(mods(&s), (1, true));
    // 5 against 3 is not twice.
    s.attacker.corps[0].factors.cavalry = 5;
    assert_eq!(mods(&s), (0, false));
}

#[test]
fn an_all_cavalry_defender_withdraws_more_easily() {
    // rule: 12.3.3.2
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Withdraw);
    s.defender.corps[0].kind = CorpsKind::Cavalry;
    s.defender.corps[0].factors = Factors {
        cavalry: 8,
        ..Default::default()
    };
    // Mack's strategic 2: a 3 fails without the option, and the day is fought...
    let fought = |r: &Report| r.rounds.first().is_some_and(|x| x.day == 1);
    let r = run(&s, &[3]);
    assert!(fought(&r));
    // ...and succeeds with it (+1).
    s.options.cavalry_withdrawals = true;
    let r = run(&s, &[3]);
    assert_eq!(r.outcome, Outcome::Withdrew);
    assert!(
        r.opening[0].purpose.contains("12.3.3.2"),
        "{}",
        r.opening[0].purpose
    );
    // Not against an all-cavalry attacker.
    s.attacker.corps[0].kind = CorpsKind::Cavalry;
    s.attacker.corps[0].factors = Factors {
        cavalry: 10,
        ..Default::default()
    };
    let r = run(&s, &[3]);
    assert!(fought(&r));
    // Nor for a commander of strategic 5.
    s.attacker.corps[0].kind = CorpsKind::Infantry;
    s.attacker.corps[0].factors = inf(20);
    s.defender.leaders[0].strategic = 5;
    let r = run(&s, &[6]);
    assert!(fought(&r));
}

fn guard_setup(shift: u8) -> Setup {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.options.guard_commitment = true;
    s.attacker.corps.push(corps(
        "fr-g",
        "france",
        CorpsKind::Guard,
        Factors {
            guard: 6,
            ..Default::default()
        },
    ));
    s.attacker.guard = Some(GuardCommitment {
        day: 1,
        round: 1,
        shift,
        nation: None,
    });
    s
}

#[test]
fn who_may_commit_the_guard_and_how_far() {
    // rule: 12.3.4
    // rule: 12.3.4.3
    let c = chart();
    assert!(
        check(&c, &guard_setup(2)).is_ok(),
        "French guard may shift +2"
    );
    let mut s = guard_setup(2);
    s.attacker.corps[1].factors.guard = 1;
    assert_eq!(
        check(&c, &s).unwrap_err().rule,
        "12.3.4.3",
        "+2 needs two factors"
    );
    s.attacker.guard = Some(GuardCommitment {
        day: 1,
        round: 1,
        shift: 1,
        nation: None,
    });
    assert!(check(&c, &s).is_ok(), "one factor may shift +1");
    for p in ["great-britain", "spain"] {
        let mut s = guard_setup(1);
        for c in s.attacker.corps.iter_mut() {
            c.power = k(p);
            c.nation = k(p);
        }
        s.attacker.leaders[0].power = k(p);
        assert_eq!(check(&chart(), &s).unwrap_err().rule, "12.3.4.3", "{p}");
    }
    let mut s = guard_setup(2);
    for c in s.attacker.corps.iter_mut() {
        c.power = k("austria");
        c.nation = k("austria");
    }
    assert_eq!(
        check(&chart(), &s).unwrap_err().rule,
        "12.3.4.3",
        "Austria only +1"
    );
    // Without the option no commitment is read.
    let mut s = guard_setup(2);
    s.options.guard_commitment = false;
    let r = run(&s, &[1, 1, 1, 1, 1, 1]);
    assert!(r.rounds[0].before.is_empty());
}

#[test]
fn a_committed_guard_raises_the_morale_level_and_must_break_the_enemy() {
    // rule: 12.3.4.2
    // rule: 12.3.4.4
    // rule: 12.3.4.6
    // +2 on a die of 3 loses 2 guard factors; the round is fought on 3-3 instead of 3-1 (Assault v Defend).
    let s = guard_setup(2);
    let r = run(&s, &[3, 6, 1]);
    let round = &r.rounds[0];
    assert_eq!(round.before[0].rule, "12.3.4.4");
    assert_eq!(r.attacker_left[1].guard, 4);
    assert_eq!(round.fire[0].table.to_string(), "3-3");
    // 3-3 on 6 is 15% / 2.8 of 24 factors firing... the defender (morale 3.0) holds: the guard side breaks.
    assert_eq!(round.fire[0].morale, 28);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
    assert!(
        round.notes.iter().any(|n| n.contains("12.3.4.6")),
        "{:?}",
        round.notes
    );
}

#[test]
fn a_guard_lost_on_commitment_breaks_its_side_without_fighting() {
    // rule: 12.3.4.5
    let mut s = guard_setup(2);
    s.attacker.corps[1].factors.guard = 2;
    // +2 on a 3 loses 2: all of it. The attacker does not fire; the defender still does.
    let r = run(&s, &[3, 4]);
    assert_eq!(r.rounds[0].fire.len(), 1);
    assert_eq!(r.rounds[0].fire[0].side, Role::Defender);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
}

#[test]
fn both_sides_may_commit_their_guard_in_the_same_round() {
    // rule: 12.3.4.1
    let mut s = guard_setup(1);
    s.defender.corps.push(corps(
        "au-g",
        "austria",
        CorpsKind::Guard,
        Factors {
            guard: 3,
            ..Default::default()
        },
    ));
    s.defender.guard = Some(GuardCommitment {
        day: 1,
        round: 1,
        shift: 1,
        nation: None,
    });
    // Both roll on the table before the round (1 and 1: no loss at +1), and both fire one level up.
    let r = run(&s, &[1, 1, 1, 1]);
    assert_eq!(r.rounds[0].before.len(), 2);
    assert_eq!(r.rounds[0].fire[0].table.to_string(), "3-2");
    assert_eq!(r.rounds[0].fire[1].table.to_string(), "4-2");
}

fn artillery_setup() -> Setup {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.options.artillery = true;
    s.attacker.corps.push(corps(
        "fr-a",
        "france",
        CorpsKind::Artillery,
        Factors {
            artillery: 10,
            ..Default::default()
        },
    ));
    s
}

#[test]
fn artillery_bombards_on_5_5_before_the_round_and_fires_again() {
    // rule: 12.3.5.1
    // rule: 12.3.5.3
    // rule: 12.3.5.4
    // rule: 12.3.5.5
    let s = artillery_setup();
    // Bombardment: 5-5 on 6 is 25% of 10 artillery factors: 3; no morale. Then the round: 30 factors fire.
    let r = run(&s, &[6, 1, 1, 1, 1, 1, 1, 1, 1]);
    let b = &r.rounds[0].bombardment[0];
    assert_eq!(
        (b.table.to_string(), b.percent, b.inflicted, b.morale),
        ("5-5".into(), 25, 3, 0)
    );
    assert_eq!(
        r.rounds[0].fire[0].firing, 30,
        "the artillery fires in the round too"
    );
    // In marsh there is no bombardment.
    let mut m = artillery_setup();
    m.terrain = Terrain::Marsh;
    let r = run(&m, &[1, 1, 1, 1, 1, 1]);
    assert!(r.rounds[0].bombardment.is_empty());
}

#[test]
fn bombardment_losses_spare_militia_where_possible() {
    // rule: 12.3.5.2
    use coalition_engine::battle::losses::largest_first;
    let mixed = Factors {
        infantry: 2,
        militia: 5,
        ..Default::default()
    };
    // Normally militia go first; sparing them, infantry do, until none but militia are left.
    let mut f = [mixed];
    assert_eq!(largest_first(&mut f, |_| true, 1, false), 1);
    assert_eq!(f[0].militia, 4);
    let mut f = [mixed];
    assert_eq!(largest_first(&mut f, |_| true, 3, true), 3);
    assert_eq!((f[0].infantry, f[0].militia), (0, 4));
}

#[test]
fn bombardment_spares_militia_once_the_side_has_lost_two_morale() {
    // rule: 12.3.5.2
    // Austrian 10 infantry and 10 militia (morale 2.5) under French fire and 10 artillery factors bombarding.
    let mut s = artillery_setup();
    s.defender.corps[0].factors = Factors {
        infantry: 10,
        militia: 10,
        ..Default::default()
    };
    // Each round: the bombardment's die, the attacker's, the defender's. Round 1: bombardment 5-5 on 1 (10% of
    // 10: 1), 3-1 on 6 (10% of 30: 3, morale 1.5); the defender's 4-1 on 1 takes 1 French factor. Round 2:
    // bombardment 1, 3-1 on 3 (5% of 29: 2, morale 0.5): 2.0 lost. All 7 losses so far, under 2.0, fell on
    // militia first: 3 militia left. From round 3 on, every die
    // is 1: each bombardment takes 1 factor, the fire nothing, until the attacker breaks on day 3's first round
    // (the defender's 1s on 4-1, 4-2, 4-3 cost it 0.2 + 0.7 + 1.0 a day of its 4.0). Those 5 bombardments, with
    // the defender at 2.0, take infantry, though militia are left.
    let r = run(&s, &[1, 6, 1, 1, 3, 1]);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
    let bombardments: usize = r.rounds.iter().map(|x| x.bombardment.len()).sum();
    assert_eq!(bombardments, 7);
    assert_eq!(
        r.rounds[1].morale_left.1, 5,
        "2.0 of 2.5 lost after round 2"
    );
    assert_eq!(
        (r.defender_left[0].infantry, r.defender_left[0].militia),
        (5, 3)
    );
}

#[test]
fn a_side_of_artillery_alone_breaks() {
    // rule: 12.3.5.6
    let mut s = artillery_setup();
    // One corps of 10 artillery and 1 infantry factor.
    s.attacker.corps = vec![corps(
        "fr-a",
        "france",
        CorpsKind::Artillery,
        Factors {
            artillery: 10,
            infantry: 1,
            ..Default::default()
        },
    )];
    // Bombardment on 1, the attacker fires on 1, the defender on 3: 4-1 on 3 is 10% of 19, 2 factors: the
    // infantry first, then one artillery. Artillery alone is left, and the attacker breaks.
    let r = run(&s, &[1, 1, 3]);
    assert_eq!(
        r.attacker_left[0],
        Factors {
            artillery: 9,
            ..Default::default()
        }
    );
    assert_eq!(r.rounds.len(), 1);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Defender
        }
    );
}

#[test]
fn mixed_forces_lose_in_proportion_to_their_nationalities() {
    // rule: 12.3.6
    let shares = |start: &[(&str, u32)], n: u32| {
        let m: std::collections::BTreeMap<Key, u32> =
            start.iter().map(|(a, b)| (k(a), *b)).collect();
        battle::losses::shares(&m, &m, n)
            .into_iter()
            .map(|(a, b)| (a.to_string(), b))
            .collect::<Vec<_>>()
    };
    // 12 French and 8 Bavarian factors losing 5: 3 and 2.
    assert_eq!(
        shares(&[("france", 12), ("bavaria", 8)], 5),
        vec![("bavaria".into(), 2), ("france".into(), 3)]
    );
    // 14 and 6 losing 3: 2.1 and 0.9, rounded 2 and 1.
    assert_eq!(
        shares(&[("france", 14), ("bavaria", 6)], 3),
        vec![("bavaria".into(), 1), ("france".into(), 2)]
    );
    // Among corps: a French corps of 12 and a Bavarian of 8 losing 2. Proportional: 1 each (1.2 and 0.8);
    // otherwise both from the larger corps.
    use coalition_engine::battle::losses::allocate;
    let mixed = vec![
        corps("fr-1", "france", CorpsKind::Infantry, inf(12)),
        BattleCorps {
            nation: k("bavaria"),
            ..corps("ba-1", "france", CorpsKind::Infantry, inf(8))
        },
    ];
    let mut left = [inf(12), inf(8)];
    allocate(&mixed, &mut left, |_| true, 2, false, false);
    assert_eq!((left[0].total(), left[1].total()), (10, 8));
    let mut left = [inf(12), inf(8)];
    allocate(&mixed, &mut left, |_| true, 2, true, false);
    assert_eq!((left[0].total(), left[1].total()), (11, 7));
}

#[test]
fn leaderless_corps_use_their_own_ratings() {
    // rule: 12.3.7.1
    let c = chart();
    let three = side(
        vec![
            corps("ru-1", "russia", CorpsKind::Infantry, inf(10)),
            corps("ru-2", "russia", CorpsKind::Infantry, inf(10)),
            corps("ru-3", "russia", CorpsKind::Infantry, inf(10)),
        ],
        vec![],
    );
    let mut o = Options::default();
    // Russia's own ratings are 1 and 2; without the option no reduction.
    assert_eq!(
        (
            command(&c, &o, &three, 3).strategic,
            command(&c, &o, &three, 3).tactical
        ),
        (1, 2)
    );
    // With it, a tactical maximum of 1: three corps exceed twice it, so 2 - 2 = 0.
    o.corps_leaders = true;
    assert_eq!(command(&c, &o, &three, 3).tactical, 0);
    assert_eq!(command(&c, &o, &three, 2).tactical, 1);
}

#[test]
fn further_multiples_of_the_tactical_maximum_reduce_further() {
    // rule: 12.3.7.2
    let mut o = Options::default();
    // Tactical 5, maximum 2: 3 corps -1, 5 corps -2, 7 corps still -2 without the option...
    assert_eq!(effective_tactical(5, 2, 2, &o), 5);
    assert_eq!(effective_tactical(5, 2, 3, &o), 4);
    assert_eq!(effective_tactical(5, 2, 5, &o), 3);
    assert_eq!(effective_tactical(5, 2, 7, &o), 3);
    // ...and -3 with it; never below 0.
    o.further_reductions = true;
    assert_eq!(effective_tactical(5, 2, 7, &o), 2);
    assert_eq!(effective_tactical(2, 1, 9, &o), 0);
}

#[test]
fn napoleons_ratings_fall_with_the_years_except_in_france() {
    // rule: 12.3.7.3
    let c = chart();
    let n = LeaderId::new("napoleon").unwrap();
    let d = |y, m| Date::new(y, m).unwrap();
    assert_eq!(
        dated_ratings(&c, &n, (5, 6), d(1808, 12), false, true),
        (5, 6)
    );
    assert_eq!(
        dated_ratings(&c, &n, (5, 6), d(1809, 1), false, true),
        (5, 4)
    );
    assert_eq!(
        dated_ratings(&c, &n, (5, 6), d(1812, 1), false, true),
        (4, 4)
    );
    assert_eq!(
        dated_ratings(&c, &n, (5, 6), d(1812, 1), true, true),
        (5, 6),
        "inside France"
    );
    assert_eq!(
        dated_ratings(&c, &n, (5, 6), d(1812, 1), false, false),
        (5, 6),
        "option off"
    );
    let davout = LeaderId::new("davout").unwrap();
    assert_eq!(
        dated_ratings(&c, &davout, (5, 5), d(1812, 1), false, true),
        (5, 5)
    );
}

#[test]
fn british_trained_corps_fight_at_four() {
    // rule: 12.3.2
    let c = chart();
    let mut s = side(
        vec![BattleCorps {
            nation: k("portugal"),
            trained: true,
            reinforcing: None,
            ..corps("pt-1", "great-britain", CorpsKind::Infantry, inf(10))
        }],
        vec![],
    );
    let f = [inf(10)];
    let mut o = Options::default();
    assert_eq!(
        combat_morale(&c, &o, &s, &f, |_| true),
        20,
        "Portuguese infantry 2.0"
    );
    o.british_training = true;
    assert_eq!(combat_morale(&c, &o, &s, &f, |_| true), 40);
    s.corps[0].trained = false;
    assert_eq!(
        combat_morale(&c, &o, &s, &f, |_| true),
        20,
        "not yet 24 months"
    );
}

#[test]
fn a_dominant_power_fights_with_higher_morale() {
    let c = chart();
    let mut s = side(
        vec![corps("pr-1", "prussia", CorpsKind::Infantry, inf(10))],
        vec![],
    );
    let o = Options::default();
    assert_eq!(combat_morale(&c, &o, &s, &[inf(10)], |_| true), 30);
    s.dominant = vec![k("prussia")];
    assert_eq!(combat_morale(&c, &o, &s, &[inf(10)], |_| true), 40);
}

#[test]
fn a_leader_may_fall_after_a_battle() {
    // rule: 12.7
    let c = chart();
    let names = vec!["Ney".to_string(), "Lannes".to_string()];
    let mut faces = [6u8, 5].into_iter();
    let (rolls, hit) =
        battle::casualties::roll(&c, "france", &names, &mut || faces.next().unwrap());
    assert_eq!((rolls.len(), hit), (1, None), "11 is no casualty");
    // 12: the second leader (die 2 of 2), then a 6: killed.
    let mut faces = [6u8, 6, 2, 6].into_iter();
    let (_, hit) = battle::casualties::roll(&c, "france", &names, &mut || faces.next().unwrap());
    assert_eq!(hit, Some((1, battle::casualties::Casualty::Killed)));
    // 12, the first, then a 3: wounded for 3 months.
    let mut faces = [6u8, 6, 1, 3].into_iter();
    let (_, hit) = battle::casualties::roll(&c, "france", &names, &mut || faces.next().unwrap());
    assert_eq!(
        hit,
        Some((0, battle::casualties::Casualty::Wounded { months: 3 }))
    );
}

#[test]
fn a_very_small_force_fights_a_trivial_combat_and_is_destroyed() {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.defender.corps[0].factors = inf(2);
    // 2 factors against 20: trivial. The attacker fires once on 3-3 (on 4: 10% of 20, 2), the defender once on
    // 1-1 (on 6: 5% of 2, nothing); then the defender is destroyed.
    let r = run(&s, &[4, 6]);
    assert_eq!(r.rounds.len(), 1);
    let f = &r.rounds[0].fire;
    assert_eq!((f[0].table.to_string(), f[0].inflicted), ("3-3".into(), 2));
    assert_eq!((f[1].table.to_string(), f[1].inflicted), ("1-1".into(), 0));
    assert_eq!(r.defender_left[0].total(), 0);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Attacker
        }
    );
    // 3 factors against 20 are not.
    s.defender.corps[0].factors = inf(3);
    assert!(run(&s, &[1, 1, 1, 1, 1, 1]).rounds.len() > 1);
}

#[test]
fn overwhelming_numbers_make_a_trivial_combat_that_the_defender_may_try_to_leave() {
    // rule: 12.3.10
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.defender.corps[0].factors = inf(4);
    // 20 against 4 is 5 to 1: without the option, a field combat...
    assert!(run(&s, &[1, 1, 1, 1, 1, 1]).rounds.len() > 1);
    // ...with it, a trivial one.
    s.options.overwhelming_numbers = true;
    let r = run(&s, &[1, 1]);
    assert_eq!(r.rounds.len(), 1);
    assert!(
        r.rounds[0].notes[0].contains("12.3.10"),
        "{:?}",
        r.rounds[0].notes
    );
    // The outnumbered defender that chose to withdraw rolls Mack's strategic 2 or less first.
    s.chits = vec![(AttackChit::Assault, DefendChit::Withdraw)];
    let r = run(&s, &[2]);
    assert_eq!(r.outcome, Outcome::Withdrew);
    assert_eq!(r.opening[0].rule, "12.3.10");
    let r = run(&s, &[3, 1, 1]);
    assert_eq!(
        r.outcome,
        Outcome::Won {
            winner: Role::Attacker
        }
    );
    // 19 against 4 is under 5 to 1.
    s.attacker.corps[0].factors = inf(19);
    s.chits = vec![(AttackChit::Assault, DefendChit::Defend)];
    assert!(run(&s, &[1, 1, 1, 1, 1, 1]).rounds.len() > 1);
}

mod random {
    use super::*;
    use coalition_engine::dice::Dice;
    use proptest::prelude::*;

    fn any_corps(power: &'static str) -> impl Strategy<Value = BattleCorps> {
        (0u16..15, 0u16..5, 0u16..4, 0u16..4, 0u16..3, any::<bool>()).prop_map(
            move |(i, c, g, m, a, out)| {
                let kind = if a > 0 {
                    CorpsKind::Artillery
                } else if g > 0 {
                    CorpsKind::Guard
                } else {
                    CorpsKind::Infantry
                };
                BattleCorps {
                    outflanking: out && a == 0,
                    ..corps(
                        "x",
                        power,
                        kind,
                        Factors {
                            infantry: i + 1,
                            cavalry: c,
                            guard: g,
                            militia: m,
                            artillery: a,
                            ..Default::default()
                        },
                    )
                }
            },
        )
    }

    fn any_setup() -> impl Strategy<Value = Setup> {
        (
            proptest::collection::vec(any_corps("france"), 1..5),
            proptest::collection::vec(any_corps("russia"), 1..5),
            0usize..5,
            0usize..6,
            0usize..5,
            any::<bool>(),
            proptest::array::uniform8(any::<bool>()),
            (1u8..6, 0u8..7, 1u8..6),
        )
            .prop_map(|(a, d, ac, dc, t, river, o, (s, tac, mt))| {
                let terrain = [
                    Terrain::Clear,
                    Terrain::Forest,
                    Terrain::Mountain,
                    Terrain::Marsh,
                    Terrain::Desert,
                ][t];
                Setup {
                    attacker: side(a, vec![leader("A", "france", s, tac, mt)]),
                    defender: side(d, vec![leader("D", "russia", 6 - s, 6 - tac.min(6), mt)]),
                    terrain,
                    river,
                    chits: vec![(AttackChit::ALL[ac], DefendChit::ALL[dc])],
                    options: Options {
                        british_training: o[0],
                        cavalry_superiority: o[1],
                        cavalry_withdrawals: o[2],
                        guard_commitment: false,
                        artillery: o[4],
                        proportional_losses: o[5],
                        corps_leaders: o[6],
                        further_reductions: o[7],
                        overwhelming_numbers: o[3],
                    },
                    kind: Default::default(),
                    walls: None,
                    days: None,
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// A battle fought one day at a time, kept as JSON between days (as the Land Phase keeps it while both
        /// sides choose the next chits), gives the same report as one resolved in one go with the same dice.
        #[test]
        fn a_battle_fought_day_by_day_is_the_battle_resolved(setup in any_setup(), seed in any::<u64>()) {
            let c = chart();
            let mut dice = Dice::new(seed);
            let whole = resolve(&c, &setup, &mut || dice.d6());
            let mut dice = Dice::new(seed);
            let mut b = match Battle::start(&c, &setup) {
                Ok(b) => b,
                Err(e) => {
                    prop_assert_eq!(whole, Err(e));
                    return Ok(());
                }
            };
            let mut days = Vec::new();
            while !b.is_over() {
                let day = b.day();
                let chits = setup.chits[(day as usize - 1).min(setup.chits.len() - 1)];
                let d = match b.fight_day(&c, &setup, chits, &mut || dice.d6()) {
                    Ok(d) => d,
                    Err(e) => {
                        prop_assert_eq!(whole, Err(e));
                        return Ok(());
                    }
                };
                prop_assert_eq!(d.day, day);
                prop_assert_eq!(d.outcome.is_some(), b.is_over());
                prop_assert!(d.rounds.iter().all(|r| r.day == day));
                days.push(d);
                b = serde_json::from_str(&serde_json::to_string(&b).unwrap()).unwrap();
            }
            let whole = whole.unwrap();
            prop_assert_eq!(b.outcome(), Some(whole.outcome));
            prop_assert_eq!(b.report(), &whole);
            let rounds: Vec<_> = days.iter().flat_map(|d| d.rounds.clone()).collect();
            prop_assert_eq!(rounds, whole.rounds);
            prop_assert!(b.fight_day(&c, &setup, setup.chits[0], &mut || 1).is_err(), "the battle is over");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Over random battles: losses never exceed the forces present, morale shown never falls below zero,
        /// every battle ends within its days, and a battle with a winner has a broken loser.
        #[test]
        fn random_battles_keep_the_rules(setup in any_setup(), seed in any::<u64>()) {
            let c = chart();
            if check(&c, &setup).is_err() {
                // An outflank the setup cannot make (no corps left in one force): nothing to resolve.
                return Ok(());
            }
            let mut dice = Dice::new(seed);
            let r = resolve(&c, &setup, &mut || dice.d6()).unwrap();
            for (before, after) in setup.attacker.corps.iter().zip(&r.attacker_left)
                .chain(setup.defender.corps.iter().zip(&r.defender_left))
            {
                for (k, n) in coalition_engine::battle::side::kinds(after) {
                    let had = coalition_engine::battle::side::kinds(&before.factors)
                        .iter().find(|x| x.0 == k).unwrap().1;
                    prop_assert!(n <= had, "{k:?} grew: {n} > {had}");
                }
            }
            prop_assert!(r.rounds.len() <= 3 * c.days as usize);
            for x in &r.rounds {
                prop_assert!(x.morale_left.0 >= 0 && x.morale_left.1 >= 0);
                for f in x.fire.iter().chain(&x.bombardment) {
                    prop_assert!((1..=6).contains(&f.roll.faces[0]));
                }
            }
            if let Outcome::Won { winner } = r.outcome {
                let last = r.rounds.last().unwrap();
                let (a, d) = last.morale_left;
                let loser_left = if winner == Role::Attacker { (d, last.factors_left.1) } else { (a, last.factors_left.0) };
                let broke = loser_left.0 == 0 || loser_left.1 == 0
                    || last.notes.iter().any(|n| n.contains("12.3.4"))
                    || setup.options.artillery;
                prop_assert!(broke, "the loser was not broken: {last:?}");
            }
        }
    }
}

#[test]
fn a_fortress_walls_move_an_assaults_tables_and_a_limited_combat_lasts_its_days() {
    // rule: 7.5.4.1
    // Assault v Defend: attacker 3-1, defender 4-1 in round 1; a fortress's walls (combat.ron: the attacker's
    // casualty level -1, the defender's morale level +1) make them 2-1 and 4-2.
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.walls = Some(coalition_engine::scenario::CityKind::Fortress);
    // Walls stand only in an assault.
    let e = resolve(&chart(), &s, &mut || 1).unwrap_err();
    assert_eq!(e.rule, "7.5.4.1");
    // An assault is a limited field combat: its days are the siege's (one), from its kind.
    s.kind = coalition_engine::battle::CombatKind::Assault;
    let mut it = std::iter::repeat(1u8);
    let r = resolve(&chart(), &s, &mut || it.next().unwrap()).unwrap();
    let fire = &r.rounds[0].fire;
    assert_eq!(fire[0].table.to_string(), "2-1");
    assert_eq!(fire[1].table.to_string(), "4-2");
    // Ones on every die break nobody in a day: a limited combat of one day ends undecided after round 3.
    assert!(r.rounds.iter().all(|x| x.day == 1));
    assert_eq!(r.outcome, Outcome::Undecided);
    // Without the walls and the limit the same dice fight on to day 2.
    let mut plain = s.clone();
    plain.walls = None;
    plain.kind = coalition_engine::battle::CombatKind::Field;
    let mut it = std::iter::repeat(1u8);
    let r = resolve(&chart(), &plain, &mut || it.next().unwrap()).unwrap();
    assert_eq!(r.rounds[0].fire[0].table.to_string(), "3-1");
    assert!(r.rounds.iter().any(|x| x.day == 2));
}

#[test]
fn proportional_losses_hold_over_the_whole_battle_not_each_round() {
    // rule: 12.3.6
    // 14 French and 10 Bavarian factors lose 1, then 3, then 3: the 7 lost are shared 14:10 over the battle
    // (4.08 and 2.92: 4 and 3), not rounded round by round (1+2+2 and 0+1+1: 5 and 2).
    let corps = vec![
        corps("fr-1", "france", CorpsKind::Infantry, inf(14)),
        BattleCorps {
            nation: Key::new("bavaria").unwrap(),
            ..corps("bav-1", "france", CorpsKind::Infantry, inf(10))
        },
    ];
    let mut left: Vec<Factors> = corps.iter().map(|c| c.factors).collect();
    for n in [1, 3, 3] {
        assert_eq!(
            battle::losses::allocate(&corps, &mut left, |_| true, n, true, false),
            n
        );
    }
    assert_eq!((14 - left[0].total(), 10 - left[1].total()), (4, 3));
}
