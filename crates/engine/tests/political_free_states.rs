//! Rule 4.8: a free state declared is recorded with its declarer, its fleet is set up, its forces may be bought,
//! and its declarer may never hold it as a conquered minor again, by any path (4.4.6.4, 4.6, a cession back, a
//! host's adjustment).

mod common;

use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, FleetId, MinorId, Nation};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Location, MinorStatus, UnitKind, embedded_scenario};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn d(g: &Game, s: &str) -> Decision {
    Decision::parse(s, g.scenario()).unwrap()
}

/// `power` submits `s`; every other power owing takes its default, so that the round resolves.
fn sub_all(g: &mut Game, power: &str, s: &str) {
    let dec = d(g, s);
    submit_all(g, vec![(power, dec)]);
}

fn sub(g: &mut Game, power: &str, s: &str) {
    let dec = d(g, s);
    g.submit(p(power), dec)
        .unwrap_or_else(|e| panic!("{power} `{s}` refused: {e}"));
}

fn refused(g: &mut Game, power: &str, s: &str) -> coalition_engine::RuleError {
    let dec = d(g, s);
    let before = g.log().len();
    let e = g.submit(p(power), dec).unwrap_err();
    assert_eq!(g.log().len(), before, "a refusal changes nothing");
    e
}

fn m(s: &str) -> MinorId {
    MinorId::new(s).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn host(g: &mut Game, adj: Adjustment) {
    g.host(&adj, "").unwrap_or_else(|e| panic!("{adj:?}: {e}"));
}

fn control(g: &mut Game, minor: &str, by: Option<&str>, status: MinorStatus) {
    host(
        g,
        Adjustment::MinorControl {
            minor: m(minor),
            controller: by.map(p),
            status,
        },
    );
}

fn give_areas(g: &mut Game, minor: &str, to: &str) {
    for a in g.scenario().areas_of(Nation::Minor(m(minor))) {
        host(
            g,
            Adjustment::AreaControl {
                area: a,
                holder: Some(np(to)),
            },
        );
    }
}

fn europe() -> Game {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    Game::new(s, Rulebook::preset(Preset::Standard), 48, &[]).unwrap()
}

#[test]
fn a_declaration_records_its_declarer_and_sets_up_the_fleet_at_its_strength() {
    // rule: 4.8
    let mut g = europe();
    control(&mut g, "denmark", Some("france"), MinorStatus::Conquered);
    give_areas(&mut g, "denmark", "france");
    run_to(&mut g, Step::FreeStateDeclaration);
    sub_all(&mut g, "france", "free denmark");
    let st = &g.state().minors[&m("denmark")];
    assert_eq!(st.status, MinorStatus::FreeState);
    assert!(st.declared_free_by.contains(&p("france")));
    // Denmark's chart fleet of 12 ships, in its capital's port.
    let fleet = FleetId::new("denmark-fleet").unwrap();
    let f = &g.state().forces.fleets[&fleet];
    assert_eq!(
        (f.owner, f.ships, f.location),
        (
            Nation::Minor(m("denmark")),
            12,
            Location::Area(area("copenhagen"))
        )
    );
    assert!(g.log().iter().any(|e| matches!(e,
        Event::World(WorldEvent::FleetCreated { fleet: id, rule, .. }) if *id == fleet && rule == "4.8")));
}

#[test]
fn a_free_state_without_a_port_of_its_controllers_sets_up_no_fleet() {
    // rule: 4.8
    let mut g = europe();
    control(&mut g, "denmark", Some("france"), MinorStatus::Conquered);
    give_areas(&mut g, "denmark", "great-britain");
    run_to(&mut g, Step::FreeStateDeclaration);
    // France controls Denmark but Britain holds every area of it: the fleet has no port to be set up in.
    sub_all(&mut g, "france", "free denmark");
    assert!(
        !g.state()
            .forces
            .fleets
            .values()
            .any(|f| f.owner == Nation::Minor(m("denmark")) && f.ships > 0)
    );
}

#[test]
fn the_host_may_not_make_a_free_state_conquered_in_its_declarers_hands() {
    // rule: 4.8
    let mut g = europe();
    run_to(&mut g, Step::FreeStateDeclaration);
    sub_all(&mut g, "france", "free hanover");
    let e = g
        .host(
            &Adjustment::MinorControl {
                minor: m("hanover"),
                controller: Some(p("france")),
                status: MinorStatus::Conquered,
            },
            "",
        )
        .unwrap_err();
    assert_eq!(e.rule, "4.8");
    assert!(e.reason.contains("Hanover"), "{}", e.reason);
    // Another power may hold it as conquered.
    control(&mut g, "hanover", Some("prussia"), MinorStatus::Conquered);
    assert_eq!(
        g.state().minors[&m("hanover")].status,
        MinorStatus::Conquered
    );
    // The record survives the change of controller.
    assert!(
        g.state().minors[&m("hanover")]
            .declared_free_by
            .contains(&p("france"))
    );
}

#[test]
fn a_declarer_chosen_to_run_it_again_runs_it_as_a_free_state_though_it_has_no_forces() {
    // rule: 4.8
    // rule: 4.6.3.1
    let mut g = europe();
    run_to(&mut g, Step::FreeStateDeclaration);
    // Hanover has no forces on the chart: run by a power that never declared it, it would be conquered.
    sub_all(&mut g, "france", "free hanover");
    control(&mut g, "hanover", None, MinorStatus::Neutral);
    for a in g.scenario().areas_of(Nation::Minor(m("hanover"))) {
        host(
            &mut g,
            Adjustment::AreaControl {
                area: a,
                holder: None,
            },
        );
    }
    run_to(&mut g, Step::DeclarationsOfWar);
    let declare = d(&g, "declare hanover");
    submit_all(&mut g, vec![("great-britain", declare)]);
    run_to(&mut g, Step::MinorCountryControl);
    // Only France wishes to roll.
    for q in g.pending() {
        let s = if q == p("france") {
            "roll hanover"
        } else {
            "roll none"
        };
        let dec = d(&g, s);
        g.submit(q, dec).unwrap();
    }
    let st = &g.state().minors[&m("hanover")];
    assert_eq!(
        (st.controller, st.status),
        (Some(p("france")), MinorStatus::FreeState)
    );
    assert!(g.log().iter().any(|e| matches!(e,
        Event::World(WorldEvent::MinorChanged { minor, status: MinorStatus::FreeState, rule, .. })
            if *minor == m("hanover") && rule == "4.8")));
}

#[test]
fn a_conquered_minor_ceded_back_to_its_declarer_is_a_free_state_again() {
    // rule: 4.8
    // rule: 4.4.6.4
    let mut g = game();
    // Bavaria: France's conquered minor, declared free; then Austria holds it as conquered (it never declared it).
    control(&mut g, "bavaria", Some("france"), MinorStatus::Conquered);
    give_areas(&mut g, "bavaria", "france");
    run_to(&mut g, Step::FreeStateDeclaration);
    sub_all(&mut g, "france", "free bavaria");
    control(&mut g, "bavaria", Some("austria"), MinorStatus::Conquered);
    give_areas(&mut g, "bavaria", "austria");
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("france"),
            defender: np("austria"),
            since: None,
        },
    );
    run_to(&mut g, Step::Peace);
    sub(&mut g, "austria", "peace sue france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "austria", "protect A.1");
    sub(&mut g, "france", "term B.7 bavaria");
    sub(&mut g, "france", "term done");
    let st = &g.state().minors[&m("bavaria")];
    assert_eq!(
        (st.controller, st.status),
        (Some(p("france")), MinorStatus::FreeState)
    );
    // It came back conquered: no 4.4.6.4 question is asked.
    assert_ne!(g.pending(), vec![p("france")]);
}

#[test]
fn the_4_4_6_4_choice_to_conquer_is_not_offered_to_the_declarer() {
    // rule: 4.8
    // rule: 4.4.6.4
    let mut g = game();
    control(&mut g, "bavaria", Some("france"), MinorStatus::Conquered);
    give_areas(&mut g, "bavaria", "france");
    run_to(&mut g, Step::FreeStateDeclaration);
    sub_all(&mut g, "france", "free bavaria");
    control(&mut g, "bavaria", Some("austria"), MinorStatus::FreeState);
    give_areas(&mut g, "bavaria", "austria");
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("france"),
            defender: np("austria"),
            since: None,
        },
    );
    run_to(&mut g, Step::Peace);
    sub(&mut g, "austria", "peace sue france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "austria", "protect A.1");
    sub(&mut g, "france", "term B.7 bavaria");
    sub(&mut g, "france", "term done");
    assert_eq!(g.pending(), vec![p("france")]);
    assert_eq!(g.choices(p("france")), vec![d(&g, "ceded keep")]);
    let e = refused(&mut g, "france", "ceded conquer");
    assert_eq!(e.rule, "4.8");
    sub(&mut g, "france", "ceded keep");
    assert_eq!(
        g.state().minors[&m("bavaria")].status,
        MinorStatus::FreeState
    );
}

#[test]
fn a_free_states_forces_are_bought_by_its_controller_and_arrive_in_it() {
    // rule: 4.8
    let mut g = game();
    run_to(&mut g, Step::EconomicExpenditure);
    let saxony = m("saxony");
    // Prussia runs Saxony as a free state from the start.
    let money = g.state().powers[&p("prussia")].money;
    assert_eq!(
        refused(&mut g, "austria", "buy 1 infantry for saxony").rule,
        "4.8"
    );
    assert_eq!(
        refused(&mut g, "prussia", "buy 1 guard for saxony").rule,
        "4.8"
    );
    assert_eq!(
        refused(&mut g, "prussia", "buy 1 infantry for bavaria").rule,
        "4.8"
    );
    assert!(
        g.choices(p("prussia"))
            .contains(&d(&g, "buy 1 infantry for saxony"))
    );
    sub_all(&mut g, "prussia", "buy 2 infantry for saxony");
    let cost = g.scenario().charts.economy.costs[&UnitKind::Infantry].money as i32;
    assert_eq!(g.state().powers[&p("prussia")].money, money - 2 * cost);
    assert!(g.log().iter().any(|e| matches!(e,
        Event::World(WorldEvent::BuildingQueued { item }) if item.owner == Nation::Minor(saxony) && item.count == 2)));
    // They arrive after their delay and are placed in Saxony by its controller (the default placement here).
    let due = g
        .state()
        .building
        .iter()
        .find(|b| b.owner == Nation::Minor(saxony))
        .unwrap()
        .due;
    let before: u32 = land_of(&g, saxony);
    while g.state().date() < due || g.state().position.step < Step::Reinforcement {
        let pending = g.pending();
        for q in pending {
            let dec = g.default_decision(q).unwrap();
            g.submit(q, dec).unwrap();
        }
    }
    let pending = g.pending();
    for q in pending {
        let dec = g.default_decision(q).unwrap();
        g.submit(q, dec).unwrap();
    }
    assert_eq!(land_of(&g, saxony), before + 2);
    assert!(g.state().date() >= Date::new(1805, 4).unwrap());
}

/// Saxony's land factors on the map: its corps and garrisons.
fn land_of(g: &Game, minor: MinorId) -> u32 {
    let me = Nation::Minor(minor);
    let f = &g.state().forces;
    f.corps
        .values()
        .filter(|c| c.owner == me)
        .map(|c| c.factors.total())
        .sum::<u32>()
        + f.garrisons
            .iter()
            .filter(|((_, o), _)| *o == me)
            .map(|(_, x)| x.total())
            .sum::<u32>()
}
