//! Rules 4.3 (Call to Allies) and 4.8 (Free State Declaration) on the test scenario (France, Austria, Prussia)
//! and the 1805 scenario.

mod common;

use coalition_engine::calendar::Step;
use coalition_engine::decision::Call;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, MinorId};
use coalition_engine::political::calls::CallsEvent;
use coalition_engine::scenario::{Factors, Location, MinorStatus};
use coalition_engine::state::WarCause;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;

fn call(ally: &str, against: &str) -> Decision {
    Decision::CallAllies {
        calls: vec![Call {
            ally: p(ally),
            against: p(against),
        }],
    }
}

/// France declares war on Austria; the rest declare nothing.
fn france_declares_on_austria(g: &mut Game) {
    run_to(g, Step::DeclarationsOfWar);
    submit_all(
        g,
        vec![(
            "france",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("austria")],
            }),
        )],
    );
}

fn calls_events(g: &Game) -> Vec<CallsEvent> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::Calls(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_defender_calls_an_ally_who_declares_war_on_the_aggressor() {
    // rule: 4.3
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    france_declares_on_austria(&mut g);
    assert_eq!(g.state().position.step, Step::CallToAllies);
    assert_eq!(g.pending(), vec![p("austria")]);
    assert!(g.choices(p("austria")).contains(&call("prussia", "france")));
    let before = pp(&g, "prussia");
    g.submit(p("austria"), call("prussia", "france")).unwrap();
    assert_eq!(g.pending(), vec![p("prussia")]);
    assert_eq!(
        g.choices(p("prussia")),
        vec![
            Decision::AnswerCall { accept: true },
            Decision::AnswerCall { accept: false }
        ]
    );
    g.submit(p("prussia"), Decision::AnswerCall { accept: true })
        .unwrap();
    let w = g.state().current_war(np("prussia"), np("france")).unwrap();
    assert_eq!(
        w.cause,
        WarCause::Call {
            caller: p("austria")
        }
    );
    assert_eq!(w.aggressor, np("prussia"));
    assert_eq!(
        pp(&g, "prussia"),
        before - 3,
        "answering is a declaration of war on a major power (4.2.1.1)"
    );
    assert!(g.state().allied(p("austria"), p("prussia")));
}

#[test]
fn an_aggressor_calls_only_if_its_defender_attempted_to() {
    // rule: 4.3.1.1
    let mut g = game();
    ally(&mut g, "france", "prussia");
    france_declares_on_austria(&mut g);
    // Austria has no ally to call, so France, the aggressor, may not call either: the step passes.
    let ev = calls_events(&g);
    assert!(ev.iter().any(|e| matches!(e, CallsEvent::CallerSkipped { caller, reason } if *caller == p("france") && reason.contains("4.3.1.1"))), "{ev:?}");
    assert!(!g.state().at_war(np("prussia"), np("austria")));
    assert!(
        g.state().position.step > Step::CallToAllies
            || g.state().date() > Date::new(1805, 1).unwrap()
    );
}

#[test]
fn powers_that_declare_on_each_other_call_no_one() {
    // rule: 4.3.1.2
    let mut g = game();
    ally(&mut g, "france", "prussia");
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
                "austria",
                Decision::DeclareWar(coalition_engine::decision::Declare {
                    targets: vec![np("france")],
                }),
            ),
        ],
    );
    assert!(calls_events(&g).is_empty(), "no caller at all");
    assert_ne!(g.state().position.step, Step::CallToAllies);
}

#[test]
fn a_refused_call_breaks_the_alliance_and_for_an_aggressor_both_pay() {
    // rule: 4.3.1.3
    let mut g = game();
    // Prussia is allied with both sides.
    ally(&mut g, "austria", "prussia");
    ally(&mut g, "france", "prussia");
    france_declares_on_austria(&mut g);
    let (f, a, pr) = (pp(&g, "france"), pp(&g, "austria"), pp(&g, "prussia"));
    // The defender calls; Prussia refuses: only Prussia pays and breaks the alliance.
    g.submit(p("austria"), call("prussia", "france")).unwrap();
    g.submit(p("prussia"), Decision::AnswerCall { accept: false })
        .unwrap();
    assert!(!g.state().allied(p("austria"), p("prussia")));
    let br = g
        .state()
        .last_broken_alliance(p("austria"), p("prussia"))
        .unwrap();
    assert_eq!(
        (br.by.clone(), br.rule.as_str()),
        (vec![p("prussia")], "4.3.1.3")
    );
    assert_eq!((pp(&g, "austria"), pp(&g, "prussia")), (a, pr - 2));
    // Austria attempted, so France, the aggressor, may now call; Prussia refuses again: both pay.
    assert_eq!(g.pending(), vec![p("france")]);
    g.submit(p("france"), call("prussia", "austria")).unwrap();
    g.submit(p("prussia"), Decision::AnswerCall { accept: false })
        .unwrap();
    let br = g
        .state()
        .last_broken_alliance(p("france"), p("prussia"))
        .unwrap();
    assert_eq!(br.by, vec![p("france"), p("prussia")]);
    assert_eq!((pp(&g, "france"), pp(&g, "prussia")), (f - 2, pr - 4));
}

#[test]
fn an_ally_under_enforced_peace_cannot_be_called_one_barred_otherwise_must_refuse() {
    // rule: 4.3.1.4
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    g.host(
        &Adjustment::EnforcedPeace {
            restricted: p("prussia"),
            towards: p("france"),
            until: Date::new(1806, 6).unwrap(),
            since: None,
        },
        "",
    )
    .unwrap();
    france_declares_on_austria(&mut g);
    assert!(
        calls_events(&g).iter().any(
            |e| matches!(e, CallsEvent::CallerSkipped { caller, .. } if *caller == p("austria"))
        )
    );

    // Barred by 4.2.2.1 (Prussian corps inside France): Prussia can be called but must refuse.
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    g.host(
        &Adjustment::Corps {
            corps: CorpsId::new("pr-1").unwrap(),
            factors: Factors {
                infantry: 8,
                ..Default::default()
            },
            location: Location::Area(AreaId::new("lyon").unwrap()),
        },
        "",
    )
    .unwrap();
    france_declares_on_austria(&mut g);
    g.submit(p("austria"), call("prussia", "france")).unwrap();
    assert_eq!(
        g.choices(p("prussia")),
        vec![Decision::AnswerCall { accept: false }]
    );
    let e = g
        .submit(p("prussia"), Decision::AnswerCall { accept: true })
        .unwrap_err();
    assert_eq!(e.rule, "4.3.1.4");
    assert!(e.reason.contains("4.2.2.1"), "{e}");
    assert_eq!(
        g.default_decision(p("prussia")),
        Some(Decision::AnswerCall { accept: false })
    );
    g.submit(p("prussia"), Decision::AnswerCall { accept: false })
        .unwrap();
    assert!(!g.state().allied(p("austria"), p("prussia")));
}

#[test]
fn an_answering_declaration_allows_no_further_calls() {
    // rule: 4.3.2
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    france_declares_on_austria(&mut g);
    g.submit(p("austria"), call("prussia", "france")).unwrap();
    // Only the original aggressor may be named in a call.
    let e = g
        .submit(p("austria"), call("prussia", "austria"))
        .unwrap_err();
    assert_eq!(e.rule, "3.2");
    g.submit(p("prussia"), Decision::AnswerCall { accept: true })
        .unwrap();
    // Prussia's new war gives it no call round.
    let ev = calls_events(&g);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, CallsEvent::CallerUp { caller } if caller.power == p("prussia"))),
        "{ev:?}"
    );
}

#[test]
fn several_declarations_order_the_calls_by_competitive_rolls_defenders_first() {
    // rule: 4.3
    // rule: 4.3.1.1
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    run_to(&mut g, Step::DeclarationsOfWar);
    // France declares on Austria and on Prussia: two declarations. Rolls in key order: austria 2, france 6,
    // prussia 4 → ranking France, Prussia, Austria; defenders first: Prussia, Austria; then France.
    g.force_dice(&[2, 6, 4]).unwrap();
    submit_all(
        &mut g,
        vec![(
            "france",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("austria"), np("prussia")],
            }),
        )],
    );
    let rolls: Vec<_> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) => Some(roll.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(rolls.len(), 3);
    assert!(rolls.iter().all(|r| r.rule == "4.3"));
    let order = calls_events(&g)
        .into_iter()
        .find_map(|e| match e {
            CallsEvent::Began { order } => Some(order),
            _ => None,
        })
        .unwrap();
    let order: Vec<_> = order.iter().map(|c| (c.power, c.aggressor)).collect();
    assert_eq!(
        order,
        vec![
            (p("prussia"), false),
            (p("austria"), false),
            (p("france"), true)
        ]
    );
}

#[test]
fn a_conquered_minor_with_corps_becomes_a_free_state_for_good() {
    // rule: 4.8
    let mut g = game();
    let bavaria = MinorId::new("bavaria").unwrap();
    g.host(
        &Adjustment::MinorControl {
            minor: bavaria,
            controller: Some(p("france")),
            status: MinorStatus::Conquered,
        },
        "conquered",
    )
    .unwrap();
    run_to(&mut g, Step::FreeStateDeclaration);
    assert_eq!(g.pending(), vec![p("france")]);
    let e = g
        .submit(
            p("france"),
            Decision::FreeStates(coalition_engine::decision::FreeStates {
                minors: vec![MinorId::new("saxony").unwrap()],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.8");
    g.submit(
        p("france"),
        Decision::FreeStates(coalition_engine::decision::FreeStates {
            minors: vec![bavaria],
        }),
    )
    .unwrap();
    let m = &g.state().minors[&bavaria];
    assert_eq!(m.status, MinorStatus::FreeState);
    assert_eq!(m.free_state_since, Some(Date::new(1805, 1).unwrap()));
    // Next month France owes nothing in this step, and naming Bavaria again is refused: it cannot be undone.
    g.host(
        &Adjustment::MinorControl {
            minor: MinorId::new("saxony").unwrap(),
            controller: Some(p("france")),
            status: MinorStatus::Conquered,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::FreeStateDeclaration);
    assert!(!g.choices(p("france")).contains(&Decision::FreeStates(
        coalition_engine::decision::FreeStates {
            minors: vec![bavaria]
        }
    )));
    let e = g
        .submit(
            p("france"),
            Decision::FreeStates(coalition_engine::decision::FreeStates {
                minors: vec![bavaria],
            }),
        )
        .unwrap_err();
    assert!(e.reason.contains("already a free state"), "{e}");
    assert_eq!(g.state().minors[&bavaria].status, MinorStatus::FreeState);
}

#[test]
fn a_minor_that_cannot_have_corps_cannot_become_a_free_state() {
    // rule: 4.8
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, Default::default(), 1, &[]).unwrap();
    let ionian = MinorId::new("ionian-islands").unwrap();
    g.host(
        &Adjustment::MinorControl {
            minor: ionian,
            controller: Some(p("russia")),
            status: MinorStatus::Conquered,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::FreeStateDeclaration);
    assert!(!g.choices(p("russia")).contains(&Decision::FreeStates(
        coalition_engine::decision::FreeStates {
            minors: vec![ionian]
        }
    )));
    if g.pending().contains(&p("russia")) {
        let e = g
            .submit(
                p("russia"),
                Decision::FreeStates(coalition_engine::decision::FreeStates {
                    minors: vec![ionian],
                }),
            )
            .unwrap_err();
        assert_eq!(e.rule, "4.8");
        assert!(e.reason.contains("cannot have corps"), "{e}");
    }
}
