//! political_minors: control.

use super::*;

#[test]
fn a_non_attacker_is_chosen_by_modified_die_rolls_and_gains_a_point_per_district() {
    // rule: 4.6
    // rule: 4.6.2.1
    // rule: 4.6.3.1
    let mut g = game();
    declare(&mut g, &[("france", &["bavaria"])]);
    assert_eq!(
        pp(&g, "france"),
        19,
        "4.2.1.2: -1 for Bavaria's one district"
    );
    assert_eq!(g.pending(), vec![p("austria"), p("prussia")]);
    assert!(g.choices(p("austria")).contains(&roll(&["bavaria"])));
    // France is at war with Bavaria: it may not run it.
    let err = g.submit(p("france"), roll(&["bavaria"])).unwrap_err();
    assert_eq!(err.rule, "3.2");
    // Austria 5 + 1 = 6; Prussia 2 - 1 = 1.
    g.force_dice(&[5, 2]).unwrap();
    submit_all(
        &mut g,
        vec![
            ("austria", roll(&["bavaria"])),
            ("prussia", roll(&["bavaria"])),
        ],
    );
    let rolls = control_rolls(&g);
    assert_eq!(rolls.len(), 2);
    assert_eq!(rolls[0].who, "austria");
    assert_eq!(mods(&rolls[0]), vec![(1, "4.6.2.1".to_string())]);
    assert_eq!(rolls[0].total, 6);
    assert_eq!(mods(&rolls[1]), vec![(-1, "4.6.2.1".to_string())]);
    assert_eq!(rolls[1].total, 1);
    let b = &g.state().minors[&m("bavaria")];
    assert_eq!(b.controller, Some(p("austria")));
    assert_eq!(b.status, MinorStatus::FreeState, "Bavaria has forces");
    assert_eq!(pp(&g, "austria"), 16, "+1 per district");
    assert_eq!(pp(&g, "prussia"), 12);
    assert_eq!(
        g.state().area_control.get(&area("munich")),
        Some(&np("austria"))
    );
    // Austria now sets up Bavaria's forces.
    assert_eq!(g.pending(), vec![p("austria")]);
    finish_step(&mut g);
    // 4.2.3: a controlled minor can no longer be declared on separately.
    run_to(&mut g, Step::DeclarationsOfWar);
    let err = g
        .submit(
            p("prussia"),
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![nm("bavaria")],
            }),
        )
        .unwrap_err();
    assert_eq!(err.rule, "4.2.3");
}

#[test]
fn ties_are_rerolled_unmodified() {
    // rule: 4.6.2
    let mut g = game();
    declare(&mut g, &[("france", &["bavaria"])]);
    // Austria 3 + 1 = 4, Prussia 5 - 1 = 4: tie; rerolls 2 and 6, unmodified: Prussia.
    g.force_dice(&[3, 5, 2, 6]).unwrap();
    submit_all(
        &mut g,
        vec![
            ("austria", roll(&["bavaria"])),
            ("prussia", roll(&["bavaria"])),
        ],
    );
    let rolls = control_rolls(&g);
    assert_eq!(rolls.len(), 4);
    assert!(rolls[2].modifiers.is_empty() && rolls[3].modifiers.is_empty());
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("prussia"))
    );
}

#[test]
fn no_power_willing_refunds_the_declaration_points_and_leaves_the_minor_neutral() {
    // rule: 4.2.1.2
    // rule: 4.6
    let mut g = game();
    declare(&mut g, &[("france", &["bavaria"])]);
    assert_eq!(pp(&g, "france"), 19);
    submit_all(&mut g, vec![("austria", roll(&[])), ("prussia", roll(&[]))]);
    assert_eq!(
        pp(&g, "france"),
        20,
        "no one runs Bavaria: the point is refunded"
    );
    assert!(g.log().iter().any(|e| matches!(e, Event::World(WorldEvent::PointsChanged { power, delta: 1, rule, .. }) if *power == p("france") && rule == "4.2.1.2")));
    let b = &g.state().minors[&m("bavaria")];
    assert_eq!((b.controller, b.status), (None, MinorStatus::Neutral));
    assert!(
        g.state()
            .forces
            .corps
            .keys()
            .all(|c| !c.as_str().starts_with("bavaria"))
    );
    assert!(
        g.state().at_war(np("france"), nm("bavaria")),
        "the war goes on (10.2.1)"
    );
    assert!(minor_events(&g).contains(&MinorEvent::NoRunner {
        minor: m("bavaria")
    }));
}

#[test]
fn an_ally_of_an_attacker_runs_the_minor_only_if_no_non_ally_will() {
    // rule: 4.6
    let mut g = game();
    ally(&mut g, "france", "austria");
    declare(&mut g, &[("france", &["bavaria"])]);
    submit_all(
        &mut g,
        vec![
            ("austria", roll(&["bavaria"])),
            ("prussia", roll(&["bavaria"])),
        ],
    );
    assert!(
        control_rolls(&g).is_empty(),
        "Prussia alone may roll: no roll needed"
    );
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("prussia"))
    );

    let mut g = game();
    ally(&mut g, "france", "austria");
    declare(&mut g, &[("france", &["bavaria"])]);
    submit_all(
        &mut g,
        vec![("austria", roll(&["bavaria"])), ("prussia", roll(&[]))],
    );
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("austria"))
    );
}

#[test]
fn the_status_modifier_applies() {
    // rule: 4.6.2.2
    let mut g = game();
    host(
        &mut g,
        Adjustment::PoliticalPoints {
            power: p("austria"),
            delta: 15,
        },
    );
    declare(&mut g, &[("france", &["bavaria"])]);
    g.force_dice(&[4, 6]).unwrap();
    submit_all(
        &mut g,
        vec![
            ("austria", roll(&["bavaria"])),
            ("prussia", roll(&["bavaria"])),
        ],
    );
    let rolls = control_rolls(&g);
    assert_eq!(
        mods(&rolls[0]),
        vec![(1, "4.6.2.1".to_string()), (1, "4.6.2.2".to_string())],
        "30 points: the Dominant zone's +1"
    );
    assert_eq!(rolls[0].total, 6);
    assert_eq!(rolls[1].total, 5);
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("austria"))
    );
}

#[test]
fn already_at_war_with_an_attacker_gives_plus_two() {
    // rule: 4.6.2.3
    let mut g = game();
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("prussia"),
            defender: np("france"),
            since: Date::new(1804, 12),
        },
    );
    declare(&mut g, &[("france", &["bavaria"])]);
    g.force_dice(&[5, 4]).unwrap();
    submit_all(
        &mut g,
        vec![
            ("austria", roll(&["bavaria"])),
            ("prussia", roll(&["bavaria"])),
        ],
    );
    let rolls = control_rolls(&g);
    assert_eq!(mods(&rolls[0]), vec![(1, "4.6.2.1".to_string())]);
    assert_eq!(
        mods(&rolls[1]),
        vec![(-1, "4.6.2.1".to_string()), (2, "4.6.2.3".to_string())]
    );
    assert_eq!((rolls[0].total, rolls[1].total), (6, 5));
}

#[test]
fn forces_are_set_up_in_the_order_of_the_chart() {
    // rule: 4.6.3.2
    let mut g = game();
    // A French corps within reach of Saxony (4.2.2.3: neutral Bavaria blocks the march from Strasbourg).
    g.host(
        &Adjustment::Corps {
            corps: coalition_engine::ids::CorpsId::new("fr-2").unwrap(),
            factors: coalition_engine::scenario::Factors {
                infantry: 8,
                ..Default::default()
            },
            location: coalition_engine::scenario::Location::Area(
                coalition_engine::ids::AreaId::new("magdeburg").unwrap(),
            ),
        },
        "",
    )
    .unwrap();
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
        &[("austria", &["bavaria"]), ("france", &["saxony"])],
    );
    // Prussia runs Saxony, France Bavaria; France sets up first although Prussia's key comes later anyway,
    // and Austria's (the chart's fourth) would come after France's.
    submit_all(
        &mut g,
        vec![
            ("france", roll(&["bavaria"])),
            ("prussia", roll(&["saxony"])),
            ("austria", roll(&[])),
        ],
    );
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("france"))
    );
    assert_eq!(
        g.state().minors[&m("saxony")].controller,
        Some(p("prussia"))
    );
    assert_eq!(pp(&g, "prussia"), 14, "Saxony has two districts");
    assert_eq!(g.pending(), vec![p("france")]);
    submit_all(&mut g, vec![]);
    assert_eq!(g.pending(), vec![p("prussia")]);
}

#[test]
fn set_up_uses_the_chart_strengths_within_the_minor() {
    // rule: 4.6.3.3
    // rule: 4.6.3.4
    let mut g = game();
    declare(&mut g, &[("france", &["bavaria"])]);
    submit_all(
        &mut g,
        vec![("austria", roll(&["bavaria"])), ("prussia", roll(&[]))],
    );
    assert_eq!(g.pending(), vec![p("austria")]);
    let pl = |a: &str, i: u16, c: u16| Placement {
        area: area(a),
        infantry: i,
        cavalry: c,
    };
    let setup = |corps: Vec<Placement>, garrisons: Vec<Placement>| {
        mc(MinorDecision::SetUp {
            corps,
            garrisons,
            fleet: None,
        })
    };
    let e = g
        .submit(p("austria"), setup(vec![pl("munich", 8, 2)], vec![]))
        .unwrap_err();
    assert_eq!(e.rule, "4.6.3.3");
    let e = g
        .submit(
            p("austria"),
            setup(
                vec![pl("munich", 2, 0), pl("munich", 2, 0), pl("munich", 2, 2)],
                vec![],
            ),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.6.3.4", "Bavaria has two corps counters");
    let e = g
        .submit(p("austria"), setup(vec![pl("vienna", 6, 2)], vec![]))
        .unwrap_err();
    assert_eq!(e.rule, "4.6.3.4");
    // Numbers at the edge of their width are refused, not added past it (found by the fuzzer, issue 39).
    let e = g
        .submit(
            p("austria"),
            setup(
                vec![pl("munich", u16::MAX, u16::MAX)],
                vec![pl("munich", u16::MAX, 1); 3],
            ),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.6.3.3");
    // The default: everything in the capital.
    assert_eq!(
        g.default_decision(p("austria")).unwrap(),
        setup(vec![pl("munich", 6, 2)], vec![])
    );
    g.submit(
        p("austria"),
        setup(vec![pl("munich", 4, 2)], vec![pl("munich", 2, 0)]),
    )
    .unwrap();
    let c = &g.state().forces.corps[&CorpsId::new("bavaria-1").unwrap()];
    assert_eq!(c.owner, nm("bavaria"));
    assert_eq!(c.kind, CorpsKind::Infantry);
    assert_eq!(
        c.factors,
        Factors {
            infantry: 4,
            cavalry: 2,
            ..Default::default()
        }
    );
    assert_eq!(c.location, Location::Area(area("munich")));
    assert!(
        !g.state()
            .forces
            .corps
            .contains_key(&CorpsId::new("bavaria-2").unwrap())
    );
    assert_eq!(
        g.state().forces.garrisons[&(area("munich"), nm("bavaria"))],
        Factors {
            infantry: 2,
            ..Default::default()
        }
    );
    // The text form reads back.
    let d = setup(vec![pl("munich", 4, 2)], vec![pl("munich", 2, 0)]);
    assert_eq!(
        Decision::parse(&d.to_string(), g.scenario()).unwrap(),
        d,
        "{d}"
    );
}

#[test]
fn the_fleet_is_set_up_in_a_port_or_an_adjacent_sea() {
    // rule: 4.6.3.5
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, Rulebook::preset(Preset::Standard), 7, &[]).unwrap();
    declare(&mut g, &[("france", &["denmark"])]);
    submit_all(&mut g, vec![]);
    let c = g.state().minors[&m("denmark")].controller.unwrap();
    assert_eq!(g.pending(), vec![c]);
    let Decision::MinorControl(MinorDecision::SetUp {
        corps,
        garrisons,
        fleet,
    }) = g.default_decision(c).unwrap()
    else {
        panic!()
    };
    assert_eq!(fleet, Some(Location::Area(area("copenhagen"))));
    let with = |fleet| {
        mc(MinorDecision::SetUp {
            corps: corps.clone(),
            garrisons: garrisons.clone(),
            fleet,
        })
    };
    assert_eq!(g.submit(c, with(None)).unwrap_err().rule, "4.6.3.5");
    let far = Some(Location::Sea(SeaId::new("north-atlantic").unwrap()));
    assert_eq!(g.submit(c, with(far)).unwrap_err().rule, "4.6.3.5");
    let near = Location::Sea(SeaId::new("western-baltic").unwrap());
    g.submit(c, with(Some(near))).unwrap();
    let f = &g.state().forces.fleets[&FleetId::new("denmark-fleet").unwrap()];
    assert_eq!((f.owner, f.ships, f.location), (nm("denmark"), 12, near));
}

#[test]
fn the_controller_takes_the_points_of_the_minors_combats() {
    // rule: 4.6.3.6
    let mut g = game();
    declare(&mut g, &[("france", &["bavaria"])]);
    submit_all(
        &mut g,
        vec![("austria", roll(&["bavaria"])), ("prussia", roll(&[]))],
    );
    assert_eq!(g.state().combat_points_of(m("bavaria")), Some(p("austria")));
}
