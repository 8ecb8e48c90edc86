//! Rules 4.1, 4.2, 4.5, 4.7 and 4.9 on the kernel (the test scenario: France, Austria, Prussia; Bavaria
//! neutral with one district; Saxony a Prussian free state with two).

mod common;

use coalition_engine::Decision;
use coalition_engine::calendar::{Date, Step};
use coalition_engine::decision::Diplomatic;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, MinorId, Nation};
use coalition_engine::scenario::{Factors, Location};
use coalition_engine::state::WarCause;
use coalition_engine::world::WorldEvent;
use common::*;

fn declare(targets: &[&str], g: &Game) -> Decision {
    Decision::DeclareWar(coalition_engine::decision::Declare {
        targets: targets
            .iter()
            .map(|t| g.scenario().nation_by_name(t).unwrap())
            .collect(),
    })
}

#[test]
fn a_power_sends_at_most_its_number_of_messages_and_proposals_in_a_diplomacy_step() {
    // rule: 4.1
    use coalition_engine::political::diplomacy::MAX_SENDS;
    let mut g = game();
    let letter = |i: u32| {
        Decision::Diplomacy(coalition_engine::decision::Send {
            to: vec![p("austria")],
            body: Diplomatic::Message {
                text: format!("letter {i}"),
            },
        })
    };
    let counted = |g: &Game| {
        g.choices(p("france"))
            .iter()
            .filter(|d| matches!(d, Decision::Diplomacy(_)))
            .count()
    };
    assert!(counted(&g) > 0, "France may write at the start");
    for i in 0..MAX_SENDS {
        g.submit(p("france"), letter(i)).unwrap();
    }
    let e = g.submit(p("france"), letter(MAX_SENDS)).unwrap_err();
    assert_eq!(e.rule, "4.1", "{e}");
    assert!(e.reason.contains(&MAX_SENDS.to_string()), "{e}");
    // The listed choices follow: no more messages or proposals, passing still.
    assert_eq!(counted(&g), 0, "{:?}", g.choices(p("france")));
    assert!(!g.choices(p("france")).is_empty());
    // Another power's count is its own.
    g.submit(
        p("austria"),
        Decision::Diplomacy(coalition_engine::decision::Send {
            to: vec![p("france")],
            body: Diplomatic::ProposeInformalPeace,
        }),
    )
    .unwrap();
}

#[test]
fn a_hosts_note_is_at_most_its_length() {
    let mut g = game();
    let money = Adjustment::Money {
        power: p("france"),
        delta: 0,
    };
    let long = "n".repeat(coalition_engine::kernel::limits::MAX_NOTE + 1);
    let e = g.host(&money, &long).unwrap_err();
    assert_eq!(e.rule, "3.5", "{e}");
    g.host(
        &money,
        &"n".repeat(coalition_engine::kernel::limits::MAX_NOTE),
    )
    .unwrap();
}

#[test]
fn messages_are_seen_only_by_sender_and_recipients() {
    // rule: 4.1
    let mut g = game();
    g.submit(
        p("france"),
        Decision::Diplomacy(coalition_engine::decision::Send {
            to: vec![p("austria")],
            body: Diplomatic::Message {
                text: "Ulm is lovely in October".into(),
            },
        }),
    )
    .unwrap();
    g.submit(
        p("austria"),
        Decision::Diplomacy(coalition_engine::decision::Send {
            to: vec![p("france")],
            body: Diplomatic::ProposeInformalPeace,
        }),
    )
    .unwrap();
    let seen = |who: &str| {
        serde_json::to_string(&g.view(p(who)))
            .unwrap()
            .contains("Ulm is lovely")
    };
    assert!(seen("france") && seen("austria"));
    assert!(
        !seen("prussia"),
        "Prussia must not see a message between France and Austria"
    );
    // Still in the Diplomacy Step: messages do not end a power's part; passing does.
    assert_eq!(g.state().position.step, Step::Diplomacy);
    assert!(g.pending().contains(&p("france")));
    assert_eq!(
        g.log()
            .iter()
            .filter(|e| matches!(e, Event::MessageSent { .. }))
            .count(),
        2
    );
    // A message to oneself is refused with the rule.
    let e = g
        .submit(
            p("france"),
            Decision::Diplomacy(coalition_engine::decision::Send {
                to: vec![p("france")],
                body: Diplomatic::ProposeAlliance,
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.1");
}

#[test]
fn declarations_are_revealed_together_and_begin_wars() {
    // rule: 4.2
    let mut g = game();
    run_to(&mut g, Step::DeclarationsOfWar);
    let d = declare(&["austria"], &g);
    g.submit(p("france"), d).unwrap();
    // Nothing is revealed while others are still writing.
    assert!(!g.state().at_war(np("france"), np("austria")));
    assert!(!g.log().iter().any(|e| matches!(e, Event::Revealed { .. })));
    submit_all(&mut g, vec![]);
    let war = g.state().current_war(np("france"), np("austria")).unwrap();
    assert_eq!(war.aggressor, np("france"));
    assert_eq!(war.defender, np("austria"));
    assert_eq!(war.since, Date::new(1805, 1).unwrap());
    assert_eq!(war.cause, WarCause::Declared);
    assert!(
        g.log()
            .iter()
            .any(|e| matches!(e, Event::Revealed { decisions, .. } if decisions.len() == 3))
    );
}

#[test]
fn declaring_on_a_major_costs_three_points_and_five_on_an_ally() {
    // rule: 4.2.1.1
    let mut g = game();
    g.host(
        &Adjustment::Alliance {
            a: p("france"),
            b: p("prussia"),
            since: None,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    let before = (pp(&g, "france"), pp(&g, "prussia"));
    let d = declare(&["austria", "prussia"], &g);
    submit_all(&mut g, vec![("france", d)]);
    assert_eq!(pp(&g, "france"), before.0 - 3 - 3 - 2);
    assert_eq!(pp(&g, "prussia"), before.1, "the defender pays nothing");
    assert!(
        !g.state().allied(p("france"), p("prussia")),
        "declaring on an ally breaks the alliance"
    );
    let br = g
        .state()
        .last_broken_alliance(p("france"), p("prussia"))
        .unwrap();
    assert_eq!(br.by, vec![p("france")]);
    assert_eq!(br.rule, "4.2.1.1");
}

#[test]
fn declaring_on_a_neutral_minor_costs_a_point_per_district() {
    // rule: 4.2.1.2
    let mut g = game();
    g.host(
        &Adjustment::MinorControl {
            minor: MinorId::new("saxony").unwrap(),
            controller: None,
            status: coalition_engine::scenario::MinorStatus::Neutral,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    let before = pp(&g, "austria");
    let d = declare(&["saxony", "bavaria"], &g);
    submit_all(&mut g, vec![("austria", d)]);
    // Saxony has two districts, Bavaria one.
    assert_eq!(pp(&g, "austria"), before - 3);
    assert!(g.state().at_war(
        np("austria"),
        Nation::Minor(MinorId::new("bavaria").unwrap())
    ));
}

#[test]
fn no_declaration_with_forces_inside_the_target() {
    // rule: 4.2.2.1
    let mut g = game();
    g.host(
        &Adjustment::Corps {
            corps: CorpsId::new("fr-2").unwrap(),
            factors: Factors {
                infantry: 8,
                ..Default::default()
            },
            location: Location::Area(AreaId::new("linz").unwrap()),
        },
        "",
    )
    .unwrap();
    g.host(
        &Adjustment::Garrison {
            area: AreaId::new("munich").unwrap(),
            owner: np("prussia"),
            factors: Factors {
                infantry: 1,
                ..Default::default()
            },
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    let d = declare(&["austria"], &g);
    let e = g.submit(p("france"), d).unwrap_err();
    assert_eq!(e.rule, "4.2.2.1");
    assert!(
        e.reason.contains("fr-2") && e.reason.contains("Linz"),
        "{e}"
    );
    let d = declare(&["bavaria"], &g);
    let e = g.submit(p("prussia"), d).unwrap_err();
    assert_eq!(e.rule, "4.2.2.1");
    assert!(e.reason.contains("garrison"), "{e}");
    // The choices list agrees: Austria is not offered to France.
    assert!(!g.choices(p("france")).contains(&Decision::DeclareWar(
        coalition_engine::decision::Declare {
            targets: vec![np("austria")]
        }
    )));
    assert!(g.choices(p("france")).contains(&Decision::DeclareWar(
        coalition_engine::decision::Declare {
            targets: vec![np("prussia")]
        }
    )));
}

#[test]
fn a_power_invaded_while_at_war_may_not_declare_on_other_majors() {
    // rule: 4.2.2.2
    let mut g = game();
    g.host(
        &Adjustment::War {
            aggressor: np("austria"),
            defender: np("prussia"),
            since: None,
        },
        "",
    )
    .unwrap();
    g.host(
        &Adjustment::Corps {
            corps: CorpsId::new("au-2").unwrap(),
            factors: Factors {
                infantry: 7,
                ..Default::default()
            },
            location: Location::Area(AreaId::new("magdeburg").unwrap()),
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    let d = declare(&["france"], &g);
    let e = g.submit(p("prussia"), d).unwrap_err();
    assert_eq!(e.rule, "4.2.2.2");
    assert!(e.reason.contains("au-2"), "{e}");
    // Minor countries remain open to it.
    g.submit(p("prussia"), declare(&["bavaria"], &g)).unwrap();
}

#[test]
fn an_enforced_peace_forbids_war_until_its_end() {
    // rule: 4.2.2.4
    let mut g = game();
    g.host(
        &Adjustment::EnforcedPeace {
            restricted: p("austria"),
            towards: p("france"),
            until: Date::new(1806, 7).unwrap(),
            since: Some(Date::new(1805, 1).unwrap()),
        },
        "Pressburg",
    )
    .unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    let e = g
        .submit(p("austria"), declare(&["france"], &g))
        .unwrap_err();
    assert_eq!(e.rule, "4.2.2.4");
    assert!(e.reason.contains("1806-07"), "{e}");
    // France is not restricted towards Austria (the restriction is one-way here).
    g.submit(p("france"), declare(&["austria"], &g)).unwrap();
}

#[test]
fn controlled_minors_are_covered_by_a_declaration_on_their_controller() {
    // rule: 4.2.3
    let mut g = game();
    run_to(&mut g, Step::DeclarationsOfWar);
    let e = g
        .submit(p("austria"), declare(&["saxony"], &g))
        .unwrap_err();
    assert_eq!(e.rule, "4.2.3");
    assert!(e.reason.contains("Prussia"), "{e}");
}

#[test]
fn two_powers_declaring_on_each_other_make_one_war_of_two_aggressors() {
    // rule: 4.3.1.2
    let mut g = game();
    run_to(&mut g, Step::DeclarationsOfWar);
    let (a, f) = (declare(&["france"], &g), declare(&["austria"], &g));
    submit_all(&mut g, vec![("austria", a), ("france", f)]);
    let wars: Vec<_> = g
        .state()
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_none())
        .collect();
    assert_eq!(wars.len(), 1);
    assert_eq!(wars[0].cause, WarCause::Mutual);
    assert_eq!(pp(&g, "france"), 20 - 3);
    assert_eq!(pp(&g, "austria"), 15 - 3);
}

#[test]
fn alliances_form_by_mutual_agreement_and_pay_both() {
    // rule: 4.5
    let mut g = game();
    run_to(&mut g, Step::CreatingAlliances);
    submit_all(
        &mut g,
        vec![
            (
                "austria",
                Decision::Ally(coalition_engine::decision::Ally {
                    with: vec![p("prussia"), p("france")],
                }),
            ),
            (
                "prussia",
                Decision::Ally(coalition_engine::decision::Ally {
                    with: vec![p("austria")],
                }),
            ),
        ],
    );
    assert!(g.state().allied(p("austria"), p("prussia")));
    assert!(
        !g.state().allied(p("austria"), p("france")),
        "France did not agree"
    );
    assert_eq!(pp(&g, "austria"), 16);
    assert_eq!(pp(&g, "prussia"), 13);
    assert_eq!(pp(&g, "france"), 20);
}

#[test]
fn allies_may_not_re_ally() {
    // rule: 4.5.1
    let mut g = game();
    g.host(
        &Adjustment::Alliance {
            a: p("austria"),
            b: p("prussia"),
            since: None,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::CreatingAlliances);
    let e = g
        .submit(
            p("austria"),
            Decision::Ally(coalition_engine::decision::Ally {
                with: vec![p("prussia")],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.5.1");
}

#[test]
fn powers_at_war_may_not_ally() {
    // rule: 4.5.2
    let mut g = game();
    g.host(
        &Adjustment::War {
            aggressor: np("france"),
            defender: np("austria"),
            since: None,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::CreatingAlliances);
    let e = g
        .submit(
            p("austria"),
            Decision::Ally(coalition_engine::decision::Ally {
                with: vec![p("france")],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.5.2");
    assert!(
        !g.choices(p("austria"))
            .contains(&Decision::Ally(coalition_engine::decision::Ally {
                with: vec![p("france")]
            }))
    );
}

#[test]
fn a_broken_alliance_bars_re_allying_for_twelve_months() {
    // rule: 4.5.3
    let mut g = game();
    g.host(
        &Adjustment::Alliance {
            a: p("france"),
            b: p("austria"),
            since: None,
        },
        "",
    )
    .unwrap();
    g.host(
        &Adjustment::BreakAlliance {
            a: p("france"),
            b: p("austria"),
            by: vec![p("france")],
            date: Some(Date::new(1804, 3).unwrap()),
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::CreatingAlliances);
    let e = g
        .submit(
            p("austria"),
            Decision::Ally(coalition_engine::decision::Ally {
                with: vec![p("france")],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.5.3");
    assert!(
        e.reason.contains("1804-03") && e.reason.contains("1805-03"),
        "{e}"
    );
    // Three months later (April 1805) it is allowed.
    for _ in 0..3 {
        submit_all(&mut g, vec![]);
        run_to(&mut g, Step::CreatingAlliances);
    }
    assert_eq!(g.state().date(), Date::new(1805, 4).unwrap());
    submit_all(
        &mut g,
        vec![
            (
                "austria",
                Decision::Ally(coalition_engine::decision::Ally {
                    with: vec![p("france")],
                }),
            ),
            (
                "france",
                Decision::Ally(coalition_engine::decision::Ally {
                    with: vec![p("austria")],
                }),
            ),
        ],
    );
    assert!(g.state().allied(p("austria"), p("france")));
}

#[test]
fn breaking_an_alliance_costs_two_points_and_is_not_war() {
    // rule: 4.7
    let mut g = game();
    g.host(
        &Adjustment::Alliance {
            a: p("france"),
            b: p("austria"),
            since: None,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::BreakingAlliances);
    assert_eq!(g.pending(), vec![p("austria"), p("france")]);
    let e = g
        .submit(
            p("austria"),
            Decision::BreakAlliances(coalition_engine::decision::Break {
                with: vec![p("prussia")],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.7");
    submit_all(
        &mut g,
        vec![(
            "austria",
            Decision::BreakAlliances(coalition_engine::decision::Break {
                with: vec![p("france")],
            }),
        )],
    );
    assert!(!g.state().allied(p("france"), p("austria")));
    assert!(!g.state().at_war(np("france"), np("austria")));
    assert_eq!(pp(&g, "austria"), 13);
    assert_eq!(pp(&g, "france"), 20);
    assert_eq!(
        g.state()
            .last_broken_alliance(p("france"), p("austria"))
            .unwrap()
            .date,
        Date::new(1805, 1).unwrap()
    );
}

#[test]
fn combined_movement_needs_both_allies_and_lasts_the_turn() {
    // rule: 4.9
    let mut g = game();
    g.host(
        &Adjustment::Alliance {
            a: p("france"),
            b: p("austria"),
            since: None,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::CombinedMovement);
    let e = g
        .submit(
            p("france"),
            Decision::CombineMovement(coalition_engine::decision::Combine {
                with: vec![p("prussia")],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.9");
    submit_all(
        &mut g,
        vec![
            (
                "france",
                Decision::CombineMovement(coalition_engine::decision::Combine {
                    with: vec![p("austria")],
                }),
            ),
            (
                "austria",
                Decision::CombineMovement(coalition_engine::decision::Combine {
                    with: vec![p("france")],
                }),
            ),
        ],
    );
    // The pair is recorded for the turn: until the first step of the next month clears it. (The Land Phase takes
    // its defaults here, walking on to next month's Diplomacy Step.)
    run_to(&mut g, Step::Diplomacy);
    let log = g.log();
    let declared = log.iter().rposition(|e| matches!(e, Event::World(WorldEvent::CombinedMovementDeclared { a, b }) if *a == p("austria") && *b == p("france"))).unwrap();
    let mut s = Game::rebuild(g.scenario(), &log[..=declared]);
    assert!(
        s.relations
            .combined_movement
            .contains(&(p("austria"), p("france")))
    );
    let next_month = log[declared..]
        .iter()
        .position(
            |e| matches!(e, Event::StepBegan { position } if position.step == Step::Diplomacy),
        )
        .unwrap()
        + declared;
    s = Game::rebuild(g.scenario(), &log[..next_month]);
    assert!(
        s.relations
            .combined_movement
            .contains(&(p("austria"), p("france"))),
        "kept through the Land Phase"
    );
    assert!(
        g.state().relations.combined_movement.is_empty(),
        "gone next month"
    );
}

#[test]
fn no_declaration_on_a_minor_the_power_cannot_reach_this_turn() {
    // rule: 4.2.2.3
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, coalition_engine::rulebook::Rulebook::default(), 1, &[]).unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    // Prussia has no fleet to carry a corps to Portugal, and it is far beyond any corps' march.
    let e = g
        .submit(p("prussia"), declare(&["portugal"], &g))
        .unwrap_err();
    assert_eq!(e.rule, "4.2.2.3");
    assert!(e.reason.contains("Portugal"), "{e}");
    assert!(
        !g.choices(p("prussia"))
            .contains(&declare(&["portugal"], &g))
    );
    // Saxony borders Prussia: a Prussian corps can march in.
    g.submit(p("prussia"), declare(&["saxony"], &g)).unwrap();
    // In the test scenario, France's corps stand at Paris and Strasbourg, next to Bavaria; with them off the map
    // and the fleet gone, France cannot reach Bavaria.
    let mut g = game();
    for c in ["fr-1", "fr-2", "fr-g"] {
        g.host(
            &Adjustment::Corps {
                corps: CorpsId::new(c).unwrap(),
                factors: Factors::default(),
                location: Location::OffMap,
            },
            "",
        )
        .unwrap();
    }
    run_to(&mut g, Step::DeclarationsOfWar);
    assert_eq!(
        g.submit(p("france"), declare(&["bavaria"], &g))
            .unwrap_err()
            .rule,
        "4.2.2.3"
    );
}
