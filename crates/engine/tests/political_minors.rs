//! Rule 4.6 (the Minor Country Control Step) on the test scenario (France, Austria, Prussia; Bavaria neutral,
//! Saxony a Prussian free state of two districts) and, for fleets, the 1805 scenario.

mod common;

use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, DistrictId, FleetId, MinorId, Nation, SeaId};
use coalition_engine::political::minors::{MinorDecision, MinorEvent, NotAtWar, Placement};
use coalition_engine::political::peace::PeaceDecision;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{CorpsKind, Factors, Location, MinorStatus, embedded_scenario};
use coalition_engine::state::WarCause;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn m(s: &str) -> MinorId {
    MinorId::new(s).unwrap()
}
fn nm(s: &str) -> Nation {
    Nation::Minor(m(s))
}
fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}
fn host(g: &mut Game, a: Adjustment) {
    g.host(&a, "test set-up").unwrap();
}
fn mc(d: MinorDecision) -> Decision {
    Decision::MinorControl(d)
}
fn roll(minors: &[&str]) -> Decision {
    mc(MinorDecision::Roll {
        minors: minors.iter().map(|s| m(s)).collect(),
    })
}
fn back_down(minors: &[&str]) -> Decision {
    mc(MinorDecision::BackDown {
        minors: minors.iter().map(|s| m(s)).collect(),
    })
}
fn support(against: &[&str]) -> Decision {
    mc(MinorDecision::Support {
        against: against.iter().map(|s| p(s)).collect(),
    })
}
fn ally(g: &mut Game, a: &str, b: &str) {
    host(
        g,
        Adjustment::Alliance {
            a: p(a),
            b: p(b),
            since: None,
        },
    );
}

/// The declarations of this month, then the game runs (defaults) to the Minor Country Control Step.
fn declare(g: &mut Game, decl: &[(&str, &[&str])]) {
    run_to(g, Step::DeclarationsOfWar);
    let v = decl
        .iter()
        .map(|(pw, ts)| {
            (
                *pw,
                Decision::DeclareWar(coalition_engine::decision::Declare {
                    targets: ts
                        .iter()
                        .map(|t| g.scenario().nation_by_name(t).unwrap())
                        .collect(),
                }),
            )
        })
        .collect();
    submit_all(g, v);
    run_to(g, Step::MinorCountryControl);
}

fn minor_events(g: &Game) -> Vec<MinorEvent> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::MinorControl(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

fn control_rolls(g: &Game) -> Vec<coalition_engine::dice::Roll> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "4.6.2" => {
                Some(roll.clone())
            }
            _ => None,
        })
        .collect()
}

fn mods(r: &coalition_engine::dice::Roll) -> Vec<(i32, String)> {
    r.modifiers
        .iter()
        .map(|m| (m.value, m.rule.clone()))
        .collect()
}

/// Everyone owing in the step takes the default until the step is over.
fn finish_step(g: &mut Game) {
    while g.state().position.step == Step::MinorCountryControl && !g.pending().is_empty() {
        submit_all(g, vec![]);
    }
}

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
    host(
        &mut g,
        Adjustment::AreaControl {
            area: area("prague"),
            holder: Some(np("france")),
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
    assert!(choices.contains(&place("prague")) && choices.contains(&place("strasbourg")));
    g.submit(p("france"), place("strasbourg")).unwrap();
    let gar = &g.state().forces.garrisons;
    assert!(!gar.contains_key(&(area("munich"), np("france"))));
    assert!(!gar.contains_key(&(area("prague"), np("france"))));
    assert_eq!(gar[&(area("strasbourg"), np("france"))].infantry, 2);

    // The default (3.6): the first area by id.
    let mut g = lapse_with_a_tie();
    let d = g.default_decision(p("france")).unwrap();
    assert_eq!(d, place("prague"));
    g.submit(p("france"), d).unwrap();
    assert_eq!(
        g.state().forces.garrisons[&(area("prague"), np("france"))].infantry,
        2
    );
}
