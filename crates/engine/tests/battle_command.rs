//! Coalition's field combat (`docs/rules/combat.md`) as issue 40 fixed it: what a combat is decides whether the
//! artillery bombards (12.3.5); the chart's national specials follow the commander's nationality, and a side
//! without a leader gets none; a leader who joins with reinforcements may take command; the tactical reduction
//! counts the corps in the fight; an arrived outflanking force fires double; and the odds table's pairs are
//! exactly each side's legal chits.

use coalition_engine::battle::odds::{odds, table};
use coalition_engine::battle::{CombatKind, Options, Reinforcing, Setup, TookCommand};
use coalition_engine::scenario::CorpsKind;
use coalition_engine::scenario::combat::{AttackChit, CombatChart, DefendChit, Role};
#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

/// The chart without its national specials (the Turkish and Russian morale, the Austrian cordon).
fn without_specials(c: &CombatChart) -> CombatChart {
    let mut c = c.clone();
    for p in &mut c.chits {
        p.bonuses.clear();
    }
    c
}

/// A one-day battle (the odds stay quick) of `attacker` against `defender`, each a corps of 12 infantry of its
/// nation, with the leaders given.
fn one_day(
    (att, att_leaders): (&str, Vec<coalition_engine::battle::BattleLeader>),
    (def, def_leaders): (&str, Vec<coalition_engine::battle::BattleLeader>),
    chits: (AttackChit, DefendChit),
) -> Setup {
    let mut s = french_v_austrian(chits.0, chits.1);
    s.attacker = side(
        vec![corps(
            &format!("{att}-1"),
            att,
            CorpsKind::Infantry,
            inf(12),
        )],
        att_leaders,
    );
    s.defender = side(
        vec![corps(
            &format!("{def}-1"),
            def,
            CorpsKind::Infantry,
            inf(12),
        )],
        def_leaders,
    );
    s.days = Some(1);
    s
}

/// Whether the chart's specials change the odds of `s` fought with `chits`: the exact odds with the chart and
/// without its specials differ.
fn specials_count(s: &Setup, chits: (AttackChit, DefendChit)) -> bool {
    let c = chart();
    odds(&c, s, chits).unwrap() != odds(&without_specials(&c), s, chits).unwrap()
}

#[test]
fn a_leaderless_turkish_side_gets_no_turkish_morale() {
    // rule: 7.5.2
    // Assault v Counterattack: +1.0 morale to a side whose commander is Turkish.
    let chits = (AttackChit::Assault, DefendChit::Counterattack);
    let leaderless = one_day(("turkey", vec![]), ("austria", vec![]), chits);
    assert!(
        !specials_count(&leaderless, chits),
        "the corps' own ratings have no nation: no special"
    );
    let led = one_day(
        ("turkey", vec![leader("Kutusov Pasha", "turkey", 2, 2, 3)]),
        ("austria", vec![]),
        chits,
    );
    assert!(
        specials_count(&led, chits),
        "a Turkish leader brings the special"
    );
}

#[test]
fn a_leaderless_russian_defence_gets_no_russian_morale() {
    // rule: 7.5.2
    // Assault v Defend: +1.0 morale to a defender whose commander is Russian.
    let chits = (AttackChit::Assault, DefendChit::Defend);
    let leaderless = one_day(
        ("france", vec![leader("Davout", "france", 5, 5, 4)]),
        ("russia", vec![]),
        chits,
    );
    assert!(!specials_count(&leaderless, chits));
    let led = one_day(
        ("france", vec![leader("Davout", "france", 5, 5, 4)]),
        ("russia", vec![leader("Kutuzov", "russia", 3, 3, 4)]),
        chits,
    );
    assert!(specials_count(&led, chits));
}

#[test]
fn a_leaderless_austrian_cordon_gets_no_austrian_die() {
    // rule: 7.5.2
    // Echelon v Cordon: +1 to the die of a defender whose commander is Austrian.
    let chits = (AttackChit::Echelon, DefendChit::Cordon);
    let leaderless = one_day(
        ("france", vec![leader("Davout", "france", 5, 5, 4)]),
        ("austria", vec![]),
        chits,
    );
    assert!(!specials_count(&leaderless, chits));
    let led = one_day(
        ("france", vec![leader("Davout", "france", 5, 5, 4)]),
        ("austria", vec![leader("Mack", "austria", 2, 2, 3)]),
        chits,
    );
    assert!(specials_count(&led, chits));
}

#[test]
fn a_minors_leader_brings_his_own_nation_not_his_controllers() {
    // rule: 7.5.2
    // Muhammad Ali serves Turkey but is Egyptian: a Turkish side he commands gets no Turkish special.
    let chits = (AttackChit::Assault, DefendChit::Counterattack);
    let mut ali = leader("Muhammad Ali", "turkey", 3, 3, 3);
    ali.nation = Some(k("egypt"));
    let s = one_day(("turkey", vec![ali]), ("austria", vec![]), chits);
    assert!(!specials_count(&s, chits));
}

#[test]
fn assaults_and_sorties_bombard_not_field_combats_do() {
    // rule: 12.3.5.1
    let mut field = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    field.options.artillery = true;
    field.attacker.corps.push(corps(
        "fr-a",
        "france",
        CorpsKind::Artillery,
        coalition_engine::scenario::Factors {
            artillery: 10,
            ..Default::default()
        },
    ));
    field.days = Some(1);
    let fought = |s: &Setup| {
        let mut ones = std::iter::repeat(1u8);
        coalition_engine::battle::day::resolve(&chart(), s, &mut || ones.next().unwrap()).unwrap()
    };
    let r = fought(&field);
    assert!(
        r.rounds.iter().all(|x| x.bombardment.len() == 1),
        "a field combat bombards every round"
    );
    for kind in [CombatKind::Assault, CombatKind::Sortie] {
        let mut s = field.clone();
        s.kind = kind;
        let r = fought(&s);
        assert!(
            r.rounds.iter().all(|x| x.bombardment.is_empty()),
            "no bombardment in {kind:?}"
        );
        // The artillery still fires with the rest (only its special use is gone).
        assert_eq!(r.rounds[0].fire[0].firing, 30);
    }
}

/// Napoleon's pinning force (fr-1, 10 infantry) and outflanking force (fr-3, 8 infantry) against Mack's 20
/// Austrian infantry, Outflank v Defend, one day.
fn outflank() -> Setup {
    let mut s = french_v_austrian(AttackChit::Outflank, DefendChit::Defend);
    let mut out = corps("fr-3", "france", CorpsKind::Infantry, inf(8));
    out.outflanking = true;
    s.attacker = side(
        vec![corps("fr-1", "france", CorpsKind::Infantry, inf(10)), out],
        vec![leader("Napoleon", "france", 5, 6, 12)],
    );
    s.days = Some(1);
    s
}

#[test]
fn an_arrived_outflanking_force_fires_double() {
    // rule: 7.5.2
    // rule: 12.3.3.1
    // Ones everywhere: nobody loses a factor; the outflank arrives before round 2 (1 is within 5 + 1).
    let r = run(&outflank(), &[]);
    let att = |round: usize| {
        r.rounds[round]
            .fire
            .iter()
            .find(|f| f.side == Role::Attacker)
            .unwrap()
            .firing
    };
    assert_eq!(att(0), 10, "the pinning force alone before the arrival");
    assert!(r.rounds[1].notes.iter().any(|n| n.contains("arrives")));
    assert_eq!(att(1), 10 + 2 * 8, "the arrived force counts twice");
    assert_eq!(att(2), 26);
    // Not for cavalry superiority: 8 cavalry outflanking against 5 Austrian cavalry are 8 once arrived, not 16
    // (16 would be twice 5 and more, and give the +1).
    let mut s = outflank();
    s.options.cavalry_superiority = true;
    s.attacker.corps[1].factors = coalition_engine::scenario::Factors {
        cavalry: 8,
        ..Default::default()
    };
    s.defender.corps[0].factors.cavalry = 5;
    let r = run(&s, &[]);
    assert!(
        r.rounds[1..].iter().flat_map(|x| &x.fire).all(|f| f
            .roll
            .modifiers
            .iter()
            .all(|m| m.rule != "12.3.3.1")),
        "8 cavalry against 5 is no superiority"
    );
}

#[test]
fn the_tactical_reduction_counts_the_corps_in_the_fight() {
    // rule: 7.5.2
    // A leader of tactical 4 and maximum 1 commands one corps while two outflank, three once they arrive: no
    // reduction in round 1, -2 from round 2 (three corps are more than twice his maximum).
    let mut s = outflank();
    s.attacker.leaders = vec![leader("Lannes", "france", 5, 4, 1)];
    let out2 = {
        let mut c = corps("fr-4", "france", CorpsKind::Infantry, inf(4));
        c.outflanking = true;
        c
    };
    s.attacker.corps.push(out2);
    s.defender.leaders = vec![leader("Mack", "austria", 2, 0, 3)];
    let r = run(&s, &[]);
    let chart_of = |round: usize| -> Vec<String> {
        r.rounds[round]
            .fire
            .iter()
            .flat_map(|f| &f.roll.modifiers)
            .filter(|m| m.reason.starts_with("commander chart"))
            .map(|m| m.reason.clone())
            .collect()
    };
    assert!(
        chart_of(0)
            .iter()
            .any(|m| m == "commander chart: tactical 0 against 4"),
        "{:?}",
        chart_of(0)
    );
    assert!(
        chart_of(1)
            .iter()
            .any(|m| m == "commander chart: tactical 0 against 2"),
        "{:?}",
        chart_of(1)
    );
}

/// A leaderless French corps (fr-1) attacks Mack's Austrians, Assault v Counterattack, one day; fr-2 is on its
/// way from a next area, led by `joining` if given.
fn joined_by(joining: Option<coalition_engine::battle::BattleLeader>) -> Setup {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Counterattack);
    let mut fr2 = corps("fr-2", "france", CorpsKind::Infantry, inf(10));
    fr2.reinforcing = Some(0);
    s.attacker = side(
        vec![corps("fr-1", "france", CorpsKind::Infantry, inf(10)), fr2],
        vec![],
    );
    s.attacker.reinforcements = vec![Reinforcing {
        from: "Passau".into(),
        leader: joining,
    }];
    s.days = Some(1);
    s
}

#[test]
fn a_leader_who_joins_with_reinforcements_takes_command() {
    // rule: 7.5.2
    // Before round 2 the stack rolls 1 (within Davout's 5) and joins: Davout commands from round 2 on.
    let r = run(&joined_by(Some(leader("Davout", "france", 5, 5, 4))), &[]);
    assert_eq!(
        r.took_command,
        vec![TookCommand {
            day: 1,
            round: 2,
            side: Role::Attacker,
            commander: "Davout (strategic 5, tactical 5)".into(),
        }]
    );
    assert!(
        r.rounds[1]
            .notes
            .iter()
            .any(|n| n.contains("Davout (strategic 5, tactical 5) takes command of the attacker")),
        "{:?}",
        r.rounds[1].notes
    );
    let chart_mods = |round: usize| -> Vec<String> {
        (r.rounds[round].fire.iter())
            .filter(|f| f.side == Role::Attacker)
            .flat_map(|f| &f.roll.modifiers)
            .filter(|m| m.reason.starts_with("commander chart"))
            .map(|m| m.reason.clone())
            .collect()
    };
    // Round 1: the corps' own ratings (France's 2) against Mack's 2, no modifier; round 2: Davout's 5, +1.
    assert!(chart_mods(0).is_empty(), "{:?}", chart_mods(0));
    assert_eq!(chart_mods(1), vec!["commander chart: tactical 5 against 2"]);
    // A stack that comes without a leader changes nothing.
    let r = run(&joined_by(None), &[]);
    assert!(r.took_command.is_empty());
}

#[test]
fn a_better_leader_already_commanding_keeps_the_command() {
    // rule: 7.5.2
    let mut s = joined_by(Some(leader("Davout", "france", 5, 5, 4)));
    s.attacker.leaders = vec![leader("Napoleon", "france", 5, 6, 12)];
    let r = run(&s, &[]);
    assert!(r.took_command.is_empty());
    assert!(r.commanders.0.starts_with("Napoleon"));
}

#[test]
fn the_odds_table_offers_exactly_each_sides_legal_chits() {
    // rule: 7.5.2
    // Two corps a side, one of each marked to outflank; only the French have a leader. The French may play
    // every chit; the leaderless Austrians every chit but Outflank, whatever the French play (Outflank v
    // Outflank and Outflank v Cordon included, where nobody splits).
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    let mut fr2 = corps("fr-2", "france", CorpsKind::Infantry, inf(6));
    fr2.outflanking = true;
    s.attacker.corps.push(fr2);
    let mut au2 = corps("au-2", "austria", CorpsKind::Infantry, inf(6));
    au2.outflanking = true;
    s.defender.corps.push(au2);
    s.defender.leaders.clear();
    s.days = Some(1);
    s.options = Options::default();
    let lines = table(&chart(), &s).unwrap();
    assert_eq!(lines.len(), 30);
    for l in &lines {
        let legal = l.chits.1 != DefendChit::Outflank;
        assert_eq!(l.odds.is_some(), legal, "{:?}", l.chits);
        if let Some(e) = &l.refused {
            assert_eq!(e.rule, "7.5.2");
            assert!(
                e.reason
                    .contains("the defender may not outflank: no leader")
            );
        }
    }
    // Without their leader the French lose every Outflank too.
    s.attacker.leaders.clear();
    let lines = table(&chart(), &s).unwrap();
    for l in &lines {
        let legal = l.chits.0 != AttackChit::Outflank && l.chits.1 != DefendChit::Outflank;
        assert_eq!(l.odds.is_some(), legal, "{:?}", l.chits);
    }
}
