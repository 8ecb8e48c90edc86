//! political_minors: forces.

use super::*;

#[test]
fn attackers_of_the_same_minor_may_back_down_and_still_pay() {
    // rule: 4.6.4
    // rule: 4.6.4.1
    let mut g = game();
    ally(&mut g, "france", "prussia");
    declare(
        &mut g,
        &[("france", &["bavaria"]), ("prussia", &["bavaria"])],
    );
    assert_eq!(g.pending(), vec![p("austria")]);
    submit_all(&mut g, vec![("austria", roll(&["bavaria"]))]);
    // Austria sets up Bavaria, then the sealed back-down round.
    submit_all(&mut g, vec![]);
    assert_eq!(g.pending(), vec![p("france"), p("prussia")]);
    assert!(g.state().round.as_ref().unwrap().sealed);
    submit_all(
        &mut g,
        vec![
            ("france", back_down(&["bavaria"])),
            ("prussia", back_down(&["bavaria"])),
        ],
    );
    assert!(!g.state().at_war(np("france"), nm("bavaria")));
    assert!(!g.state().at_war(np("prussia"), nm("bavaria")));
    assert_eq!(
        (pp(&g, "france"), pp(&g, "prussia")),
        (19, 11),
        "points stay paid"
    );
    assert!(
        g.state().allied(p("france"), p("prussia")),
        "no alliance broken"
    );
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("austria")),
        "4.6.4.1: control stays with the power chosen"
    );
    assert!(g.pending().is_empty() || g.state().position.step != Step::MinorCountryControl);
}

#[test]
fn attackers_under_enforced_peace_or_barred_must_back_down() {
    // rule: 4.6.4
    let mut g = game();
    let until = Date::new(1806, 6).unwrap();
    for (a, b) in [("france", "prussia"), ("prussia", "france")] {
        host(
            &mut g,
            Adjustment::EnforcedPeace {
                restricted: p(a),
                towards: p(b),
                until,
                since: None,
            },
        );
    }
    declare(
        &mut g,
        &[("france", &["bavaria"]), ("prussia", &["bavaria"])],
    );
    submit_all(&mut g, vec![("austria", roll(&["bavaria"]))]);
    submit_all(&mut g, vec![]); // Austria's set-up
    let forced: Vec<_> = minor_events(&g)
        .into_iter()
        .filter_map(|e| match e {
            MinorEvent::BackedDown {
                power,
                forced: Some(r),
                ..
            } => Some((power, r)),
            _ => None,
        })
        .collect();
    assert_eq!(forced.len(), 2, "{forced:?}");
    assert!(forced[0].1.contains("4.2.2.4"));
    assert!(!g.state().at_war(np("france"), np("prussia")));
    assert!(!g.state().at_war(np("france"), nm("bavaria")));
    assert_eq!((pp(&g, "france"), pp(&g, "prussia")), (19, 11));

    // 4.2.2.1: France has a garrison in Prussia: France must back down; Prussia chooses.
    let mut g = game();
    host(
        &mut g,
        Adjustment::Garrison {
            area: area("stettin"),
            owner: np("france"),
            factors: Factors {
                infantry: 1,
                ..Default::default()
            },
        },
    );
    declare(
        &mut g,
        &[("france", &["bavaria"]), ("prussia", &["bavaria"])],
    );
    submit_all(&mut g, vec![("austria", roll(&["bavaria"]))]);
    submit_all(&mut g, vec![]);
    assert_eq!(g.pending(), vec![p("prussia")]);
    assert!(minor_events(&g).iter().any(|e| matches!(e, MinorEvent::BackedDown { power, forced: Some(r), .. } if *power == p("france") && r.contains("4.2.2.1"))));
    let e = g.submit(p("france"), back_down(&["bavaria"])).unwrap_err();
    assert_eq!(e.rule, "3.2");
    g.submit(p("prussia"), back_down(&[])).unwrap();
    assert!(!g.state().at_war(np("france"), nm("bavaria")));
    assert!(g.state().at_war(np("prussia"), nm("bavaria")));
    assert!(
        !g.state().at_war(np("france"), np("prussia")),
        "one attacker left: no forced war"
    );
}

#[test]
fn remaining_attackers_declare_war_on_each_other_for_three_points_in_all() {
    // rule: 4.6.4.2
    // rule: 4.6.4.2.1
    // rule: 4.6.4.2.3
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    host(
        &mut g,
        Adjustment::MinorControl {
            minor: m("saxony"),
            controller: None,
            status: MinorStatus::Neutral,
        },
    );
    declare(
        &mut g,
        &[("france", &["bavaria"]), ("prussia", &["bavaria"])],
    );
    submit_all(&mut g, vec![("austria", roll(&["bavaria"]))]);
    submit_all(&mut g, vec![]); // set-up
    submit_all(
        &mut g,
        vec![("france", back_down(&[])), ("prussia", back_down(&[]))],
    );
    let w = g.state().current_war(np("france"), np("prussia")).unwrap();
    assert_eq!(
        w.cause,
        WarCause::Rule {
            rule: "4.6.4.2".into()
        }
    );
    assert_eq!(pp(&g, "france"), 20 - 1 - 3);
    assert_eq!(pp(&g, "prussia"), 12 - 1 - 3);
    // No calls: Austria, Prussia's ally, is not asked now nor next month.
    finish_step(&mut g);
    assert!(!g.state().at_war(np("austria"), np("france")));
    let next = Date::new(1805, 2).unwrap();
    while g.state().date() < next || g.state().position.step <= Step::CallToAllies {
        submit_all(&mut g, vec![]);
    }
    assert!(
        !g.log().iter().any(|e| matches!(e, Event::Calls(_))),
        "no calls to allies for these wars"
    );
}

#[test]
fn forced_declarations_break_alliances_and_royal_marriages() {
    // rule: 4.6.4.2.2
    let mut g = game();
    ally(&mut g, "france", "prussia");
    host(
        &mut g,
        Adjustment::RoyalMarriage {
            a: p("france"),
            b: p("prussia"),
            made: true,
        },
    );
    declare(
        &mut g,
        &[("france", &["bavaria"]), ("prussia", &["bavaria"])],
    );
    submit_all(&mut g, vec![("austria", roll(&["bavaria"]))]);
    submit_all(&mut g, vec![]);
    submit_all(
        &mut g,
        vec![("france", back_down(&[])), ("prussia", back_down(&[]))],
    );
    assert!(!g.state().allied(p("france"), p("prussia")));
    assert!(g.state().relations.royal_marriages[0].broken.is_some());
    assert_eq!(pp(&g, "france"), 20 - 1 - 3 - 2 - 2);
    assert_eq!(pp(&g, "prussia"), 12 - 1 - 3 - 2 - 2);
}

#[test]
fn the_controller_may_declare_war_on_the_aggressors_for_three_points_in_all() {
    // rule: 4.6.5
    // rule: 4.6.5.1
    let mut g = game();
    ally(&mut g, "austria", "france");
    declare(&mut g, &[("france", &["bavaria"])]);
    submit_all(
        &mut g,
        vec![("austria", roll(&["bavaria"])), ("prussia", roll(&[]))],
    );
    submit_all(&mut g, vec![]); // set-up
    assert_eq!(g.pending(), vec![p("austria")]);
    assert_eq!(
        g.choices(p("austria")),
        vec![support(&[]), support(&["france"])]
    );
    assert_eq!(g.default_decision(p("austria")).unwrap(), support(&[]));
    let e = g.submit(p("austria"), support(&["prussia"])).unwrap_err();
    assert_eq!(e.rule, "4.6.5");
    g.submit(p("austria"), support(&["france"])).unwrap();
    let w = g.state().current_war(np("austria"), np("france")).unwrap();
    assert_eq!(
        w.cause,
        WarCause::Rule {
            rule: "4.6.5".into()
        }
    );
    assert!(!g.state().allied(p("austria"), p("france")));
    assert_eq!(pp(&g, "austria"), 15 + 1 - 3 - 2);
    assert!(g.state().not_at_war.is_empty());
}

#[test]
fn a_controller_at_peace_with_an_aggressor_is_recorded() {
    // rule: 4.6.5.2
    // rule: 4.6.5.3
    let mut g = game();
    declare(&mut g, &[("france", &["bavaria"])]);
    submit_all(
        &mut g,
        vec![("austria", roll(&["bavaria"])), ("prussia", roll(&[]))],
    );
    submit_all(&mut g, vec![]); // set-up
    submit_all(&mut g, vec![("austria", support(&[]))]);
    assert_eq!(
        g.state().not_at_war,
        vec![NotAtWar {
            minor: m("bavaria"),
            controller: p("austria"),
            aggressor: p("france"),
        }]
    );
    assert_eq!(pp(&g, "austria"), 16);
}

#[test]
fn a_controller_in_instability_or_fiasco_may_lose_its_minors() {
    // rule: 4.6.1
    for (delta, face, lost) in [
        (-10, 1, true),
        (-10, 2, false),
        (-20, 2, true),
        (-20, 3, false),
    ] {
        let mut g = game();
        host(
            &mut g,
            Adjustment::PoliticalPoints {
                power: p("prussia"),
                delta,
            },
        );
        run_to(&mut g, Step::CreatingAlliances);
        g.force_dice(&[face]).unwrap();
        submit_all(&mut g, vec![]);
        let roll = g
            .log()
            .iter()
            .find_map(|e| match e {
                Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "4.6.1" => {
                    Some(roll.clone())
                }
                _ => None,
            })
            .expect("a 4.6.1 roll for Saxony");
        assert_eq!(roll.faces, vec![face]);
        let s = &g.state().minors[&m("saxony")];
        if lost {
            assert_eq!(
                (s.controller, s.status),
                (None, MinorStatus::Neutral),
                "{delta} {face}"
            );
            assert!(!g.state().area_control.contains_key(&area("dresden")));
        } else {
            assert_eq!(s.controller, Some(p("prussia")), "{delta} {face}");
        }
    }
}

#[test]
fn a_war_with_a_minor_lapses_without_corps_inside() {
    // rule: 4.6.6
    let mut g = game();
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("france"),
            defender: nm("bavaria"),
            since: Date::new(1804, 12),
        },
    );
    host(
        &mut g,
        Adjustment::Garrison {
            area: area("munich"),
            owner: np("france"),
            factors: Factors {
                infantry: 2,
                ..Default::default()
            },
        },
    );
    run_to(&mut g, Step::CreatingAlliances);
    assert!(!g.state().at_war(np("france"), nm("bavaria")));
    assert!(
        g.log().iter().any(
            |e| matches!(e, Event::World(WorldEvent::WarEnded { rule, .. }) if rule == "4.6.6")
        )
    );
    assert!(
        !g.state()
            .forces
            .garrisons
            .contains_key(&(area("munich"), np("france")))
    );
    assert_eq!(
        g.state().forces.garrisons[&(area("strasbourg"), np("france"))],
        Factors {
            infantry: 2,
            militia: 2,
            ..Default::default()
        },
        "repatriated to the nearest friendly area"
    );

    // With a corps inside, the war goes on.
    let mut g = game();
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("france"),
            defender: nm("bavaria"),
            since: Date::new(1804, 12),
        },
    );
    host(
        &mut g,
        Adjustment::Corps {
            corps: CorpsId::new("fr-2").unwrap(),
            factors: Factors {
                infantry: 8,
                cavalry: 1,
                ..Default::default()
            },
            location: Location::Area(area("munich")),
        },
    );
    run_to(&mut g, Step::CreatingAlliances);
    assert!(g.state().at_war(np("france"), nm("bavaria")));
}

/// France at war with Saxony (Prussia's free state of two districts: Saxony, primary, and Thuringia) since last
/// month, with its corps fr-2 at `at`, Thuringia conquered or not; the game runs past the Peace Step.
fn saxon_war(at: &str, thuringia_conquered: bool) -> Game {
    let mut g = game();
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("france"),
            defender: nm("saxony"),
            since: Date::new(1804, 12),
        },
    );
    host(
        &mut g,
        Adjustment::Corps {
            corps: CorpsId::new("fr-2").unwrap(),
            factors: Factors {
                infantry: 8,
                cavalry: 1,
                ..Default::default()
            },
            location: Location::Area(area(at)),
        },
    );
    if thuringia_conquered {
        host(
            &mut g,
            Adjustment::DistrictConquered {
                minor: m("saxony"),
                district: DistrictId::new("thuringia").unwrap(),
                conquered: true,
            },
        );
        assert!(
            g.state().minors[&m("saxony")]
                .conquered_districts
                .contains(&DistrictId::new("thuringia").unwrap())
        );
    }
    run_to(&mut g, Step::CreatingAlliances);
    g
}

#[test]
fn a_war_with_a_multi_district_minor_lapses_when_its_invader_holds_only_a_conquered_secondary_district()
 {
    // rule: 4.6.6
    // Thuringia (Leipzig) conquered, no French corps in the rest of Saxony: the war lapses.
    let g = saxon_war("leipzig", true);
    assert!(!g.state().at_war(np("france"), nm("saxony")));
    assert!(
        g.log().iter().any(
            |e| matches!(e, Event::World(WorldEvent::WarEnded { rule, .. }) if rule == "4.6.6")
        )
    );
    // The corps in the conquered district stays where it is.
    assert_eq!(
        g.state().forces.corps[&CorpsId::new("fr-2").unwrap()].location,
        Location::Area(area("leipzig"))
    );

    // Thuringia not conquered: Leipzig is inside Saxony and the war goes on.
    let g = saxon_war("leipzig", false);
    assert!(g.state().at_war(np("france"), nm("saxony")));

    // Thuringia conquered but a French corps in Dresden, in the rest of Saxony: the war goes on.
    let g = saxon_war("dresden", true);
    assert!(g.state().at_war(np("france"), nm("saxony")));
}

#[test]
fn only_a_secondary_district_may_be_recorded_conquered() {
    let mut g = game();
    for (minor, district) in [
        ("saxony", "saxony"),
        ("bavaria", "bavaria"),
        ("saxony", "nowhere"),
    ] {
        let e = g
            .host(
                &Adjustment::DistrictConquered {
                    minor: m(minor),
                    district: DistrictId::new(district).unwrap(),
                    conquered: true,
                },
                "test",
            )
            .unwrap_err();
        assert!(e.rule == "3.5" || e.rule == "3.4", "{e:?}");
    }
    host(
        &mut g,
        Adjustment::DistrictConquered {
            minor: m("saxony"),
            district: DistrictId::new("thuringia").unwrap(),
            conquered: true,
        },
    );
    host(
        &mut g,
        Adjustment::DistrictConquered {
            minor: m("saxony"),
            district: DistrictId::new("thuringia").unwrap(),
            conquered: false,
        },
    );
    assert!(
        g.state().minors[&m("saxony")]
            .conquered_districts
            .is_empty()
    );
}

/// France at war with Bavaria since last month, a French garrison of 2 infantry in Munich and no corps there;
/// Prague (a city, as near to Munich as Strasbourg) held by France. The game runs to the Peace Step.
fn lapse_with_a_tie() -> Game {
    let mut g = game();
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("france"),
            defender: nm("bavaria"),
            since: Date::new(1804, 12),
        },
    );
    // Prague (a city) and Linz (a French depot) are both one clear area from Munich: a tie by movement cost.
    for a in ["prague", "linz"] {
        host(
            &mut g,
            Adjustment::AreaControl {
                area: area(a),
                holder: Some(np("france")),
            },
        );
    }
    host(
        &mut g,
        Adjustment::Depot {
            area: area("linz"),
            owner: np("france"),
            present: true,
        },
    );
    host(
        &mut g,
        Adjustment::Garrison {
            area: area("munich"),
            owner: np("france"),
            factors: Factors {
                infantry: 2,
                ..Default::default()
            },
        },
    );
    run_to(&mut g, Step::Peace);
    g
}

#[test]
fn the_owner_chooses_among_equidistant_areas_when_a_war_with_a_minor_lapses() {
    // rule: 4.6.6
    // rule: 4.4.6.2
    let mut g = lapse_with_a_tie();
    assert!(!g.state().at_war(np("france"), nm("bavaria")));
    assert_eq!(g.pending(), vec![p("france")]);
    let place = |a: &str| Decision::Peace(PeaceDecision::Place { area: area(a) });
    let choices = g.choices(p("france"));
    assert!(choices.contains(&place("prague")) && choices.contains(&place("linz")));
    assert!(
        !choices.contains(&place("strasbourg")),
        "Strasbourg is farther"
    );
    g.submit(p("france"), place("prague")).unwrap();
    let gar = &g.state().forces.garrisons;
    assert!(!gar.contains_key(&(area("munich"), np("france"))));
    assert!(!gar.contains_key(&(area("linz"), np("france"))));
    assert_eq!(gar[&(area("prague"), np("france"))].infantry, 2);

    // The default (3.6): the first area by id.
    let mut g = lapse_with_a_tie();
    let d = g.default_decision(p("france")).unwrap();
    assert_eq!(d, place("linz"));
    g.submit(p("france"), d).unwrap();
    assert_eq!(
        g.state().forces.garrisons[&(area("linz"), np("france"))].infantry,
        2
    );
}
