//! The kernel: the sequence of play, the decision pipeline, refusals, sealed steps, defaults, host adjustments.

mod common;

use coalition_engine::Decision;
use coalition_engine::calendar::{Date, Position, Step};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::world::WorldEvent;
use common::*;

#[test]
fn a_game_walks_every_step_from_january_1805_to_december_1815() {
    // Only France is seated: every other power takes its default decisions.
    let mut g = Game::new(
        scenario(),
        Rulebook::preset(Preset::None),
        1,
        &players(&["france"]),
    )
    .unwrap();
    let mut guard = 0;
    while !g.state().finished {
        let pending = g.pending();
        assert_eq!(pending, vec![p("france")], "only France is seated");
        let d = g.default_decision(p("france")).unwrap();
        g.submit(p("france"), d).unwrap();
        guard += 1;
        assert!(guard < 100_000);
    }
    let steps: Vec<Position> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::StepBegan { position } => Some(*position),
            _ => None,
        })
        .collect();
    // Austria and Prussia have no player: they are UMPs, and the game opens with an UMP Control Step dated
    // December 1804 (docs/rules/umps.md). Then 132 months of 12 steps, 44 Economic Phases of 4 steps, 11 UMP
    // Control Steps.
    assert_eq!(steps.len(), 1 + 132 * 12 + 44 * 4 + 11);
    assert!(steps.windows(2).all(|w| w[0] < w[1]), "steps run in order");
    assert_eq!(
        steps[0],
        Position {
            date: Date::new(1804, 12).unwrap(),
            step: Step::UmpControl
        }
    );
    assert_eq!(steps[1], Position::start_of(Date::new(1805, 1).unwrap()));
    assert_eq!(
        *steps.last().unwrap(),
        Position {
            date: Date::new(1815, 12).unwrap(),
            step: Step::UmpControl
        }
    );
    assert!(matches!(g.log().last(), Some(Event::GameEnded { .. })));
    // A game with one player is not ended by 4.4.8's last-player rule; its one player wins, and the UMPs,
    // seated for nobody, stand for no one (docs/rules/victory.md).
    let o = g
        .state()
        .outcome
        .as_ref()
        .expect("the end names its winner");
    assert_eq!(
        o.winners,
        vec![coalition_engine::ids::PlayerId::new("france").unwrap()]
    );
    assert_eq!(o.powers.len(), 3);
    for r in &o.powers {
        assert_eq!(r.player.is_some(), r.power == p("france"), "{r:?}");
    }
    // The game is over: nothing more is owed or accepted.
    assert!(g.pending().is_empty());
    let e = g.submit(p("france"), Decision::Pass).unwrap_err();
    assert_eq!(e.rule, "3.1");
}

#[test]
fn empty_seats_take_the_default_and_the_log_says_so() {
    let mut g = Game::new(scenario(), Rulebook::default(), 1, &players(&["france"])).unwrap();
    // France's bids in the opening UMP Control Step first (Austria and Prussia are UMPs).
    run_to(&mut g, Step::Diplomacy);
    let defaults: Vec<_> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::DefaultTaken { power, reason } => Some((*power, reason.clone())),
            _ => None,
        })
        .collect();
    assert!(
        defaults
            .iter()
            .any(|(p_, r)| *p_ == p("austria") && r.contains("no player"))
    );
    assert!(defaults.iter().all(|(p_, _)| *p_ != p("france")));
}

#[test]
fn refusals_cite_a_rule_and_leave_the_game_unchanged() {
    let mut g = game();
    run_to(&mut g, Step::DeclarationsOfWar);
    let before_log = g.log().len();
    let before = g.state().clone();
    // Wrong kind of decision for the step.
    let e = g
        .submit(
            p("france"),
            Decision::Ally(coalition_engine::decision::Ally {
                with: vec![p("austria")],
            }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "3.1");
    assert!(e.reason.contains("Declarations of War"), "{e}");
    // Unknown power.
    let bad = coalition_engine::PowerId::new("prussiaa").unwrap();
    assert_eq!(g.submit(bad, Decision::Pass).unwrap_err().rule, "3.4");
    // A power that already submitted.
    g.submit(
        p("france"),
        Decision::DeclareWar(coalition_engine::decision::Declare { targets: vec![] }),
    )
    .unwrap();
    let mid_log = g.log().len();
    let mid = g.state().clone();
    let e = g
        .submit(
            p("france"),
            Decision::DeclareWar(coalition_engine::decision::Declare { targets: vec![] }),
        )
        .unwrap_err();
    assert_eq!(e.rule, "3.2");
    assert!(e.reason.contains("already"), "{e}");
    assert_eq!(g.log().len(), mid_log);
    assert_eq!(*g.state(), mid);
    // Malformed input from the text form.
    let e = Decision::parse("declare war on everyone!", g.scenario()).unwrap_err();
    assert_eq!(e.rule, "3.4");
    let e = Decision::parse("{\"declare_war\": 3}", g.scenario()).unwrap_err();
    assert_eq!(e.rule, "3.3");
    let e = Decision::parse("dance", g.scenario()).unwrap_err();
    assert_eq!(e.rule, "3.3");
    assert!(before_log < mid_log && before != mid);
}

#[test]
fn a_power_that_owes_nothing_is_told_who_is_awaited() {
    let mut g2 = game();
    g2.submit(p("france"), Decision::Pass).unwrap();
    let e = g2.submit(p("france"), Decision::Pass).unwrap_err();
    assert_eq!(e.rule, "3.2");
    assert!(e.reason.contains("austria"), "{e}");
}

#[test]
fn text_decisions_read_back_what_display_writes() {
    let s = scenario();
    for text in [
        "pass",
        "declare austria,bavaria",
        "declare none",
        "ally prussia",
        "break austria",
        "combine austria",
        "message austria,prussia: meet at Erfurt",
        "propose alliance prussia",
        "propose peace austria",
    ] {
        let d = Decision::parse(text, &s).unwrap();
        assert_eq!(d.to_string(), text);
        assert_eq!(Decision::parse(&d.to_string(), &s).unwrap(), d);
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(Decision::parse(&json, &s).unwrap(), d);
    }
}

#[test]
fn the_state_is_the_scenario_folded_over_the_log() {
    let mut g = game();
    run_to(&mut g, Step::DeclarationsOfWar);
    let d = Decision::parse("declare austria", g.scenario()).unwrap();
    submit_all(&mut g, vec![("france", d)]);
    run_to(&mut g, Step::CreatingAlliances);
    submit_all(
        &mut g,
        vec![
            (
                "austria",
                Decision::Ally(coalition_engine::decision::Ally {
                    with: vec![p("prussia")],
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
    let rebuilt = Game::rebuild(g.scenario(), g.log());
    assert_eq!(rebuilt, *g.state());
}

#[test]
fn host_adjustments_are_logged_events_that_cite_the_host_rule() {
    let mut g = game();
    g.host(
        &Adjustment::Money {
            power: p("austria"),
            delta: 25,
        },
        "subsidy agreed by mail",
    )
    .unwrap();
    assert_eq!(g.state().powers[&p("austria")].money, 40 + 25);
    match g.log().last().unwrap() {
        Event::World(WorldEvent::TreasuryChanged { rule, reason, .. }) => {
            assert_eq!(rule, "3.5");
            assert_eq!(reason, "subsidy agreed by mail");
        }
        e => panic!("unexpected {e:?}"),
    }
    let n = g.log().len();
    let e = g
        .host(
            &Adjustment::Money {
                power: p("austria"),
                delta: -1000,
            },
            "",
        )
        .unwrap_err();
    assert!(e.reason.contains("below zero"), "{e}");
    let e = g
        .host(
            &Adjustment::AreaControl {
                area: coalition_engine::ids::AreaId::new("atlantis").unwrap(),
                holder: None,
            },
            "",
        )
        .unwrap_err();
    assert_eq!(e.rule, "3.4");
    assert_eq!(g.log().len(), n, "refused adjustments change nothing");
    // Control of an area, a war, a loss.
    g.host(
        &Adjustment::AreaControl {
            area: coalition_engine::ids::AreaId::new("munich").unwrap(),
            holder: Some(np("france")),
        },
        "occupied",
    )
    .unwrap();
    assert_eq!(
        g.state().area_power(
            g.scenario(),
            coalition_engine::ids::AreaId::new("munich").unwrap()
        ),
        Some(p("france"))
    );
    g.host(
        &Adjustment::War {
            aggressor: np("france"),
            defender: np("prussia"),
            since: None,
        },
        "",
    )
    .unwrap();
    assert!(g.state().at_war(np("prussia"), np("france")));
}

#[test]
fn forced_dice_are_refused_outside_one_to_six() {
    let mut g = game();
    assert_eq!(g.force_dice(&[0]).unwrap_err().rule, "3.3");
    g.force_dice(&[6, 6]).unwrap();
}

#[test]
fn players_are_checked_against_the_seating_rules() {
    use coalition_engine::ids::PlayerId;
    use coalition_engine::scenario::PlayerDef;
    let two = |id: &str, ps: &[&str]| PlayerDef {
        id: PlayerId::new(id).unwrap(),
        powers: ps.iter().map(|s| p(s)).collect(),
    };
    // rule: 14.2.1
    let e = Game::new(
        scenario(),
        Rulebook::default(),
        1,
        &[two("a", &["france"]), two("b", &["france"])],
    )
    .unwrap_err();
    assert_eq!(e.rule, "14.2.1");
    // rule: 14.2.2 — two or three players may take two powers each; not three.
    Game::new(
        scenario(),
        Rulebook::default(),
        1,
        &[two("a", &["france", "austria"]), two("b", &["prussia"])],
    )
    .unwrap();
    let e = Game::new(
        scenario(),
        Rulebook::default(),
        1,
        &[two("a", &["france", "austria", "prussia"])],
    )
    .unwrap_err();
    assert_eq!(e.rule, "14.2.2");
}

// rule: 3.7
#[test]
fn a_set_up_in_month_13_is_refused_not_rolled_into_january() {
    let e = Game::with_setup(
        scenario(),
        Rulebook::default(),
        1,
        &[],
        Some(Position {
            date: Date {
                year: 1805,
                month: 13,
            },
            step: Step::Diplomacy,
        }),
        &[],
    )
    .unwrap_err();
    assert_eq!(e.rule, "3.7");
    assert!(e.reason.contains("1805-13"), "{}", e.reason);
}

// rule: 3.5
#[test]
fn a_host_adjustment_dated_in_month_13_is_refused() {
    let mut g = game();
    let before = g.log().len();
    let e = g
        .host(
            &Adjustment::War {
                aggressor: p("france").into(),
                defender: p("austria").into(),
                since: Some(Date {
                    year: 1804,
                    month: 13,
                }),
            },
            "",
        )
        .unwrap_err();
    assert_eq!(e.rule, "3.5");
    assert_eq!(g.log().len(), before);
}
