//! The Naval Phase through the game (rule 6, `docs/rules/naval.md`): the order of movement with combined
//! movement (6.1, 6.1.2), each fleet's allowance from the stack it starts the phase in (6.2.1 with 12.2.3), the
//! costs of 6.2.1 through ports and blockade boxes, undo, and the default (3.6) that leaves fleets in port.

mod common;

use common::{refused, submit};

use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, FleetId, PowerId};
use coalition_engine::naval::NavalDecision;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::Location;
use coalition_engine::{Decision, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn fleet(s: &str) -> FleetId {
    FleetId::new(s).unwrap()
}

fn rulebook(large_fleets: bool) -> Rulebook {
    let mut r = Rulebook::preset(Preset::Standard);
    if large_fleets {
        r.optional.insert(OptionalRule::LargeFleets);
    } else {
        r.optional.remove(&OptionalRule::LargeFleets);
    }
    r
}

fn at(g: &Game, f: &str) -> Location {
    g.state().forces.fleets[&fleet(f)].location
}

/// Defaults until `power` is asked for its fleets' moves.
fn until_mover(g: &mut Game, power: &str) {
    for _ in 0..200 {
        if g.state().naval.current() == Some(p(power)) {
            return;
        }
        let q = g.pending()[0];
        let d = g.default_decision(q).unwrap();
        g.submit(q, d).unwrap();
    }
    panic!("{power} never moved its fleets");
}

/// Three British fleets at Plymouth with `extra` set-up.
fn three_at_plymouth(large_fleets: bool, step: Step, extra: &[&str]) -> Game {
    let mut adjs = vec![
        r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"area": "plymouth"}}}"#,
        r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"area": "plymouth"}}}"#,
    ];
    adjs.extend_from_slice(extra);
    common::at_1805(rulebook(large_fleets), 5, step, &adjs)
}

#[test]
fn each_fleet_of_a_stack_of_three_has_five_points_and_spends_them() {
    // rule: 12.2.3.3
    // rule: 12.2.3.1
    let mut g = three_at_plymouth(true, Step::Naval, &[]);
    submit(&mut g, "great-britain", "slot 1");
    assert_eq!(g.state().naval.current(), Some(p("great-britain")));
    for f in ["gb-f1", "gb-f2", "gb-f3"] {
        assert_eq!(g.state().naval.left(fleet(f)), 5, "{f}");
    }
    // The lone fleet at Malta keeps its 7.
    assert_eq!(g.state().naval.left(fleet("gb-f4")), 7);
    // One fleet sails alone two steps; it still has only the stack's allowance.
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 plymouth>english-channel>bay-of-biscay",
    );
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 3);
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f1 bay-of-biscay>coast-of-portugal>alboran>western-med>balearic"
        ),
        "6.2.1"
    );
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 bay-of-biscay>coast-of-portugal>alboran>western-med",
    );
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 0);
    assert_eq!(at(&g, "gb-f1"), Location::Sea(key_sea("western-med")));
}

fn key_sea(s: &str) -> coalition_engine::ids::SeaId {
    coalition_engine::ids::SeaId::new(s).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

#[test]
fn without_the_option_a_stack_keeps_seven_points() {
    // rule: 12.2.3.3
    let mut g = three_at_plymouth(false, Step::Naval, &[]);
    submit(&mut g, "great-britain", "slot 1");
    for f in ["gb-f1", "gb-f2", "gb-f3"] {
        assert_eq!(g.state().naval.left(fleet(f)), 7, "{f}");
    }
}

#[test]
fn a_port_and_its_box_are_a_free_step_and_the_sea_beyond_costs_one() {
    // A port to its own box costs nothing (6.2.1.2); the box to a sea next to it one; back into the port one.
    let mut g = three_at_plymouth(false, Step::Naval, &[]);
    submit(&mut g, "great-britain", "slot 1");
    common::sail(&mut g, "great-britain", "sail gb-f1 plymouth>box:plymouth");
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 7);
    assert_eq!(at(&g, "gb-f1"), Location::Blockade(area("plymouth")));
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 box:plymouth>north-atlantic>irish-sea>bristol",
    );
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 4);
    assert_eq!(at(&g, "gb-f1"), Location::Area(area("bristol")));
    // A sea that does not touch the port's box, and another power's fleet, are refused.
    assert_eq!(
        refused(&mut g, "great-britain", "sail gb-f2 plymouth>bay-of-biscay"),
        "6.2.1"
    );
    assert_eq!(
        refused(&mut g, "great-britain", "sail fr-f1 brest>english-channel"),
        "6.1.1"
    );
}

#[test]
fn undo_takes_the_last_move_back_with_its_points() {
    let mut g = three_at_plymouth(true, Step::Naval, &[]);
    submit(&mut g, "great-britain", "slot 1");
    // No enemy fleet reaches the North Atlantic, so nobody is asked to intercept and the move may be taken back
    // (a move enemies were asked about may not: Coalition's 6.3).
    submit(
        &mut g,
        "great-britain",
        "sail gb-f1,gb-f2 plymouth>north-atlantic",
    );
    assert_eq!(g.state().naval.left(fleet("gb-f2")), 4);
    submit(&mut g, "great-britain", "undo");
    assert_eq!(at(&g, "gb-f2"), Location::Area(area("plymouth")));
    assert_eq!(g.state().naval.left(fleet("gb-f2")), 5);
    assert_eq!(refused(&mut g, "great-britain", "undo"), "6.2.1");
}

#[test]
fn allies_combining_movement_sail_in_the_last_ones_slot_and_count_as_one_stack() {
    // rule: 12.2.3.1
    // Great Britain and Russia, allied, combine movement (4.9); a Russian fleet stands with Britain's three at
    // Plymouth. Britain takes the first place, Russia's is after it: both move in Russia's slot, Britain first,
    // and each fleet has the four-fleet stack's 4 points even after Britain's fleets have sailed away.
    let mut g = three_at_plymouth(
        true,
        Step::CombinedMovement,
        &[
            r#"{"alliance": {"a": "great-britain", "b": "russia", "since": {"year": 1804, "month": 6}}}"#,
            r#"{"fleet": {"fleet": "ru-f2", "ships": 5, "location": {"area": "plymouth"}}}"#,
        ],
    );
    for (power, with) in [("great-britain", "russia"), ("russia", "great-britain")] {
        submit(&mut g, power, &format!("combine {with}"));
    }
    let pending = g.pending();
    for q in pending {
        let d = g.default_decision(q).unwrap();
        g.submit(q, d).unwrap();
    }
    common::run_to(&mut g, Step::Naval);
    submit(&mut g, "great-britain", "slot 1");
    let order = &g.state().naval.order;
    assert_eq!(order[0], vec![p("great-britain"), p("russia")]);
    assert_eq!(g.state().naval.current(), Some(p("great-britain")));
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>english-channel",
    );
    submit(&mut g, "great-britain", "done");
    assert_eq!(g.state().naval.current(), Some(p("russia")));
    assert_eq!(g.state().naval.left(fleet("ru-f2")), 4);
}

#[test]
fn an_empty_seat_leaves_its_fleets_where_they_are() {
    let mut g = three_at_plymouth(true, Step::Naval, &[]);
    let before = g.state().forces.fleets.clone();
    assert_eq!(
        g.default_decision(p("great-britain")).unwrap(),
        Decision::Naval(NavalDecision::Place { place: 1 })
    );
    submit(&mut g, "great-britain", "slot 1");
    assert_eq!(
        g.default_decision(p("great-britain")).unwrap(),
        Decision::Pass
    );
    // Every mover in turn takes its default (`done`) until the Land Phase.
    until_mover(&mut g, "spain");
    common::run_to(&mut g, Step::Land);
    assert!(g.log().iter().any(|e| matches!(
        e,
        coalition_engine::Event::Naval(coalition_engine::naval::NavalEvent::MovementEnded { power })
            if *power == p("great-britain")
    )));
    assert_eq!(g.state().forces.fleets, before);
}
