//! umps_rules: declarations_and_calls.

use super::*;

#[test]
fn spain_reverts_to_inactive_after_nine_ships_and_five_land_factors() {
    // rule: 14.3.2.2.1
    let mut g = game_1805();
    set_ump(&mut g, "spain", Some("france"), UmpStatus::Active);
    // In 1805 Spain is at war with Great Britain, so as an inactive UMP it stays inactive.
    assert!(g.state().at_war(np("great-britain"), np("spain")));
    assert_eq!(rules::reversion_threshold(g.scenario(), p("spain")), 32);
    loss(&mut g, "spain", 0, 9, 0);
    loss(&mut g, "spain", 4, 0, 0);
    // Excepted factors (feudal, cossack, freikorps, insurrection) do not count.
    loss(&mut g, "spain", 3, 0, 3);
    let t = rules::loss_tally(g.scenario(), g.state(), p("spain"));
    assert_eq!((t.land_factors, t.ships, t.equivalent), (4, 9, 31));
    assert_eq!(status_of(g.state(), p("spain")), Some(UmpStatus::Active));
    loss(&mut g, "spain", 1, 0, 0);
    assert_eq!(status_of(g.state(), p("spain")), Some(UmpStatus::Inactive));
    let last = g
        .log()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::World(WorldEvent::UmpControl { rule, reason, .. }) => {
                Some((rule.clone(), reason.clone()))
            }
            _ => None,
        })
        .unwrap();
    assert_eq!(last.0, "14.3.2.2.1");
    assert!(last.1.contains("32 equivalent"), "{}", last.1);
}

#[test]
fn losses_before_becoming_active_and_of_other_nations_do_not_count() {
    // rule: 14.3.2.2.1
    let mut g = game_1805();
    loss(&mut g, "spain", 30, 0, 0);
    loss(&mut g, "france", 30, 0, 0);
    set_ump(&mut g, "spain", Some("france"), UmpStatus::Active);
    // In 1805 Spain is at war with Great Britain, so as an inactive UMP it stays inactive.
    assert!(g.state().at_war(np("great-britain"), np("spain")));
    loss(&mut g, "spain", 31, 0, 0);
    assert_eq!(status_of(g.state(), p("spain")), Some(UmpStatus::Active));
}

#[test]
fn excepted_factors_cannot_exceed_the_loss() {
    // rule: 14.3.2.2.1
    let mut g = game();
    let e = g
        .host(
            &Adjustment::Loss {
                nation: np("prussia"),
                land_factors: 2,
                ships: 0,
                cause: LossCause::Combat,
                excluded_factors: 3,
                forced_by: None,
            },
            "",
        )
        .unwrap_err();
    assert_eq!(e.rule, "3.5");
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.3.2, 14.3.2.4.2: reverting to neutral.

#[test]
fn an_inactive_ump_at_war_with_no_major_becomes_neutral_and_leaves_the_map() {
    // rule: 14.3.2.3.2
    // rule: 14.3.2.4.2
    let mut g = game();
    war(&mut g, "austria", "prussia");
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Inactive);
    assert!(rules::forces_on_map(g.state(), p("prussia")) > 0);
    let strength = g.state().forces.corps[&corps("pr-1")].factors;
    g.host(
        &Adjustment::Peace {
            a: np("austria"),
            b: np("prussia"),
        },
        "",
    )
    .unwrap();
    assert_eq!(status_of(g.state(), p("prussia")), Some(UmpStatus::Neutral));
    // Invariant: a neutral UMP has no forces on the map.
    assert_eq!(rules::forces_on_map(g.state(), p("prussia")), 0);
    let c = &g.state().forces.corps[&corps("pr-1")];
    assert_eq!((c.location, c.factors), (Location::OffMap, strength));
    let rec = &g.state().ump_records.off_map[&p("prussia")];
    assert_eq!(rec.money, 30);
    // Prussia keeps its manpower on record.
    assert_eq!(rec.manpower, Some(12));
    assert_eq!(rec.garrisons.len(), 2);
    assert_eq!(g.state().powers[&p("prussia")].manpower, 12);
}

#[test]
fn a_neutral_ump_other_than_prussia_keeps_only_its_money() {
    // rule: 14.3.2.4.2
    let mut g = game();
    war(&mut g, "prussia", "austria");
    set_ump(&mut g, "austria", Some("france"), UmpStatus::Inactive);
    g.host(
        &Adjustment::Peace {
            a: np("austria"),
            b: np("prussia"),
        },
        "",
    )
    .unwrap();
    assert_eq!(status_of(g.state(), p("austria")), Some(UmpStatus::Neutral));
    let rec = &g.state().ump_records.off_map[&p("austria")];
    assert_eq!(rec.manpower, None);
    assert_eq!(g.state().powers[&p("austria")].manpower, 0);
    assert_eq!(rules::forces_on_map(g.state(), p("austria")), 0);
}

#[test]
fn an_active_ump_reverting_with_no_war_goes_on_to_neutral() {
    // rule: 14.3.2.2.1
    // rule: 14.3.2.3.2
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    loss(&mut g, "prussia", 24, 0, 0);
    assert_eq!(status_of(g.state(), p("prussia")), Some(UmpStatus::Neutral));
    let rules_seen: Vec<&str> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::UmpControl { rule, .. }) => Some(rule.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(rules_seen, vec!["3.5", "14.3.2.2.1", "14.3.2.3.2"]);
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.4.6: the combined economic phase, and 14.3.2.4.2's return.

#[test]
fn leaving_neutrality_runs_the_combined_economic_phase_and_returns_the_forces() {
    // rule: 14.3.2.4.6
    // rule: 14.3.2.4.2
    let s = scenario();
    let start = Position {
        date: Date::new(1806, 1).unwrap(),
        step: Step::Diplomacy,
    };
    // Prussia neutral since the start of 1805 (Mar, Jun, Sep, Dec 1805: four Economic Phases), its forces off
    // the map; the set-up's war and peace make it inactive then neutral.
    let setup = vec![
        Adjustment::War {
            aggressor: np("austria"),
            defender: np("prussia"),
            since: None,
        },
        Adjustment::SetUmpControl {
            ump: p("prussia"),
            controller: Some(p("france")),
            status: UmpStatus::Inactive,
        },
        Adjustment::Peace {
            a: np("austria"),
            b: np("prussia"),
        },
    ];
    let mut g = Game::with_setup(
        s,
        Rulebook::preset(Preset::Standard),
        1,
        &[],
        Some(start),
        &setup,
    )
    .unwrap();
    assert_eq!(status_of(g.state(), p("prussia")), Some(UmpStatus::Neutral));
    assert_eq!(rules::forces_on_map(g.state(), p("prussia")), 0);
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let phase = g.state().ump_records.combined.last().unwrap().clone();
    assert_eq!(phase.phases, 4);
    // Brandenburg 6/3, Pomerania 3/2, Magdeburg 3/2: 12 money, 7 manpower a phase; Saxony is a free state.
    assert!(
        phase
            .lines
            .iter()
            .any(|l| l.contains("12 money, 7 manpower"))
    );
    // × 4 = 48/28, halved = 24/14; infantry at 3 money and 1 manpower: 8 factors.
    assert_eq!((phase.money, phase.manpower), (24, 14));
    assert_eq!(phase.bought, 8);
    // The corps is back in Berlin and takes the factors up to its capacity (12 infantry: 8 + 4); the other 4
    // are garrisoned in the capital with its returned garrison.
    let c = &g.state().forces.corps[&corps("pr-1")];
    assert_eq!(c.location, Location::Area(area("berlin")));
    assert_eq!(c.factors.infantry, 12);
    let gar = g.state().forces.garrisons[&(area("berlin"), np("prussia"))];
    assert_eq!(gar.infantry, 2 + 4);
    assert_eq!(
        g.state().forces.garrisons[&(area("magdeburg"), np("prussia"))].infantry,
        2
    );
    assert_eq!(
        g.state().forces.fleets[&coalition_engine::ids::FleetId::new("pr-f1").unwrap()].location,
        Location::Area(area("stettin"))
    );
    assert!(!g.state().ump_records.off_map.contains_key(&p("prussia")));
    // Saxony, Prussia's free state: 6 money, 3 manpower × 4 phases at its basic values → 12 infantry factors.
    assert!(
        phase.lines.iter().any(|l| l.contains("free state Saxony")),
        "{:?}",
        phase.lines
    );
    let sax = g.state().forces.garrisons[&(
        area("dresden"),
        Nation::Minor(coalition_engine::ids::MinorId::new("saxony").unwrap()),
    )];
    assert_eq!(sax.infantry, 8);
    assert!(rules::forces_on_map(g.state(), p("prussia")) > 0);
}

#[test]
fn a_neutral_ump_has_no_economic_phase() {
    // rule: 14.3.2.4.3
    let mut g = game();
    assert!(rules::has_economic_phase(g.state(), p("prussia")));
    set_ump(&mut g, "prussia", None, UmpStatus::Neutral);
    assert!(!rules::has_economic_phase(g.state(), p("prussia")));
    assert!(rules::has_economic_phase(g.state(), p("france")));
    // Through a real Economic Phase: the neutral Prussia collects nothing and is asked for no shopping list.
    let before = g.state().powers[&p("prussia")].clone();
    run_to(&mut g, Step::EconomicExpenditure);
    let collected: Vec<_> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::TreasuryChanged {
                power,
                income: Some(_),
                ..
            }) => Some(*power),
            _ => None,
        })
        .collect();
    assert!(collected.contains(&p("france")));
    assert!(!collected.contains(&p("prussia")));
    assert_eq!(g.state().powers[&p("prussia")].money, before.money);
    assert!(g.pending().contains(&p("france")));
    assert!(!g.pending().contains(&p("prussia")));
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.1, 14.3.2.2, 14.3.2.3.1: declarations of war.

#[test]
fn no_war_between_an_ump_and_its_controller() {
    // rule: 14.3.2.1.1
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let e = declarations::check_target(&g.ctx(), p("france"), np("prussia")).unwrap_err();
    assert_eq!(e.rule, "14.3.2.1.1");
    assert!(!declarations::targets(&g.ctx(), p("france")).contains(&np("prussia")));
    // Others declare on it normally.
    assert!(declarations::check_target(&g.ctx(), p("austria"), np("prussia")).is_ok());
}

#[test]
fn an_active_ump_may_declare_war_on_anyone_but_its_controller() {
    // rule: 14.3.2.2
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let e = declarations::check_target(&g.ctx(), p("prussia"), np("france")).unwrap_err();
    assert_eq!(e.rule, "14.3.2.2");
    assert!(declarations::check_target(&g.ctx(), p("prussia"), np("austria")).is_ok());
}

#[test]
fn an_ump_and_its_controller_declaring_on_the_same_power_lose_one_set_of_points() {
    // rule: 14.3.2.2
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let before = pp(&g, "france");
    run_to(&mut g, Step::DeclarationsOfWar);
    submit_all(
        &mut g,
        vec![
            (
                "france",
                Decision::DeclareWar(coalition_engine::decision::Declare {
                    targets: vec![np("austria")],
                }),
            ),
            (
                "prussia",
                Decision::DeclareWar(coalition_engine::decision::Declare {
                    targets: vec![np("austria")],
                }),
            ),
        ],
    );
    let decl = g
        .scenario()
        .points("declare-war-major")
        .map(|e| e.points)
        .unwrap();
    assert!(g.state().at_war(np("prussia"), np("austria")));
    assert!(g.state().at_war(np("france"), np("austria")));
    assert_eq!(pp(&g, "france") - before, decl);
}

#[test]
fn an_inactive_ump_declares_no_war() {
    // rule: 14.3.2.3.1
    let mut g = game();
    war(&mut g, "austria", "prussia");
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Inactive);
    let e = declarations::check_target(
        &g.ctx(),
        p("prussia"),
        Nation::Minor(coalition_engine::ids::MinorId::new("bavaria").unwrap()),
    )
    .unwrap_err();
    assert_eq!(e.rule, "14.3.2.3.1");
    assert!(declarations::targets(&g.ctx(), p("prussia")).is_empty());
}

#[test]
fn an_inactive_ump_may_not_attack_outside_its_controlled_territory() {
    // rule: 14.3.2.3.1
    let mut g = game();
    war(&mut g, "austria", "prussia");
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Inactive);
    assert!(rules::may_attack_at(&g.ctx(), p("prussia"), area("berlin")).is_ok());
    // Saxony is Prussia's free state: its areas are Prussia's controlled territory.
    assert!(rules::may_attack_at(&g.ctx(), p("prussia"), area("dresden")).is_ok());
    let e = rules::may_attack_at(&g.ctx(), p("prussia"), area("prague")).unwrap_err();
    assert_eq!(e.rule, "14.3.2.3.1");
    // An active UMP is not restricted.
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    assert!(rules::may_attack_at(&g.ctx(), p("prussia"), area("prague")).is_ok());
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.2

#[test]
fn an_ump_gives_no_money_and_cedes_only_in_a_formal_peace() {
    // rule: 14.3.2.1.2
    let mut g = game();
    assert!(rules::may_give_money(g.state(), p("prussia")).is_ok());
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    assert_eq!(
        rules::may_give_money(g.state(), p("prussia"))
            .unwrap_err()
            .rule,
        "14.3.2.1.2"
    );
    assert!(rules::may_cede(g.state(), p("prussia"), true).is_ok());
    assert_eq!(
        rules::may_cede(g.state(), p("prussia"), false)
            .unwrap_err()
            .rule,
        "14.3.2.1.2"
    );
    assert!(rules::may_cede(g.state(), p("france"), false).is_ok());
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.3
