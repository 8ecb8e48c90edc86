//! Rule 5 (Coalition's Reinforcement Phase) with 12.1.2, 12.1.2.1, 12.1.2.2, 12.7's returns, 4.4.6.1's
//! prisoners and 14.3.2.4.5, on the test scenario (France, Austria, Prussia) and the 1805 scenario.

mod common;

use coalition_engine::calendar::{Position, Step};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, FleetId, LeaderId, MinorId, Nation};
use coalition_engine::reinforcement::{
    LandOrder, LandTarget, LeaderOrder, Placement, ReinforcementEvent, SeizedOrder, ShipOrder,
};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location, UnitKind, embedded_scenario};
use coalition_engine::state::LeaderStatus;
use coalition_engine::umps::UmpStatus;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn date(y: u16, m: u8) -> Date {
    Date::new(y, m).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn corps_id(s: &str) -> CorpsId {
    CorpsId::new(s).unwrap()
}

fn inf(n: u16) -> Factors {
    Factors {
        infantry: n,
        ..Default::default()
    }
}

fn queue(
    owner: Nation,
    unit: UnitKind,
    count: u16,
    due: Option<Date>,
    port: Option<&str>,
) -> Adjustment {
    Adjustment::QueueReinforcement {
        owner,
        unit,
        count,
        due,
        port: port.map(area),
    }
}

/// A game of `scenario` starting at the Reinforcement Phase of `when`, after `setup`.
fn start(scenario: &str, rulebook: Rulebook, when: Date, setup: &[Adjustment]) -> Game {
    let s = Arc::new(embedded_scenario(scenario).unwrap());
    let pos = Position {
        date: when,
        step: Step::Reinforcement,
    };
    Game::with_setup(s, rulebook, 1805, &[], Some(pos), setup).unwrap()
}

/// The test scenario at January 1805's Reinforcement Phase under the standard rules.
fn jan(setup: &[Adjustment]) -> Game {
    start(
        "test",
        Rulebook::preset(Preset::Standard),
        date(1805, 1),
        setup,
    )
}

fn placement(land: Vec<LandOrder>) -> Decision {
    Decision::Reinforce(Placement {
        land,
        ..Default::default()
    })
}

fn land(owner: &str, to: LandTarget, factors: Factors) -> LandOrder {
    LandOrder {
        owner: np(owner),
        to,
        factors,
    }
}

/// Submits and expects a refusal under `rule`, with the game unchanged; returns the reason.
fn refused(g: &mut Game, power: &str, d: Decision, rule: &str) -> String {
    let before = g.log().len();
    let e = g.submit(p(power), d).unwrap_err();
    assert_eq!(e.rule, rule, "{e}");
    assert_eq!(g.log().len(), before);
    e.reason
}

/// Whether the Reinforcement Phase asks some power to place something (not only about its fleets).
fn in_reinforcement(g: &Game) -> bool {
    g.state().position.step == Step::Reinforcement && !placers(g).is_empty()
}

fn reinforcement_events(g: &Game) -> Vec<ReinforcementEvent> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::Reinforcement(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn garrison(g: &Game, a: &str, owner: &str) -> Factors {
    g.state()
        .forces
        .garrisons
        .get(&(area(a), np(owner)))
        .copied()
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------------------------
// Arrivals and placements

#[test]
fn due_factors_arrive_into_the_capitals_corps_by_default() {
    let mut g = jan(&[
        queue(np("france"), UnitKind::Infantry, 4, None, None),
        queue(np("france"), UnitKind::Cavalry, 2, None, None),
    ]);
    assert!(in_reinforcement(&g));
    assert_eq!(placers(&g), vec![p("france")]);
    let d = g.default_decision(p("france")).unwrap();
    place(&mut g, "france", d);
    // I Corps in Paris had 10 infantry and 2 cavalry, capacity 15 and 4.
    let c = &g.state().forces.corps[&corps_id("fr-1")];
    assert_eq!((c.factors.infantry, c.factors.cavalry), (14, 4));
    assert!(g.state().building.is_empty());
    let arrived: u16 = reinforcement_events(&g)
        .iter()
        .filter_map(|e| match e {
            ReinforcementEvent::Arrived { count, .. } => Some(*count),
            _ => None,
        })
        .sum();
    assert_eq!(arrived, 6);
}

#[test]
fn units_wait_until_their_month_comes() {
    let mut g = jan(&[queue(
        np("france"),
        UnitKind::Infantry,
        3,
        Some(date(1805, 3)),
        None,
    )]);
    // Nothing is due in January or February: the phase asks nothing until March.
    run_to_placing(&mut g);
    assert_eq!(g.state().date(), date(1805, 3));
    assert_eq!(g.state().building.len(), 1);
    assert_eq!(placers(&g), vec![p("france")]);
}

#[test]
fn the_owner_chooses_garrisons_and_corps() {
    let mut g = jan(&[
        queue(np("france"), UnitKind::Infantry, 3, None, None),
        queue(np("france"), UnitKind::Cavalry, 1, None, None),
    ]);
    let d = placement(vec![
        land("france", LandTarget::Garrison(area("lille")), inf(3)),
        land(
            "france",
            LandTarget::Corps(corps_id("fr-2")),
            Factors {
                cavalry: 1,
                ..Default::default()
            },
        ),
    ]);
    place(&mut g, "france", d);
    assert_eq!(garrison(&g, "lille", "france"), inf(3));
    assert_eq!(g.state().forces.corps[&corps_id("fr-2")].factors.cavalry, 2);
    assert!(g.state().building.is_empty());
}

#[test]
fn what_is_left_unplaced_waits_for_the_next_phase() {
    let mut g = jan(&[queue(np("france"), UnitKind::Infantry, 3, None, None)]);
    place(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Garrison(area("lille")),
            inf(1),
        )]),
    );
    assert_eq!(garrison(&g, "lille", "france"), inf(1));
    assert_eq!(g.state().building[0].count, 2);
    // February: the two others are still due, and France is asked again.
    run_to_placing(&mut g);
    assert_eq!(g.state().date(), date(1805, 2));
    place(&mut g, "france", Decision::Pass);
    assert_eq!(g.state().building[0].count, 2);
}

#[test]
fn impossible_placements_are_refused_citing_the_rule() {
    let mut g = jan(&[
        queue(np("france"), UnitKind::Infantry, 8, None, None),
        queue(np("france"), UnitKind::Cavalry, 1, None, None),
        queue(np("austria"), UnitKind::Infantry, 1, None, None),
        Adjustment::Corps {
            corps: corps_id("fr-2"),
            factors: Factors {
                infantry: 8,
                cavalry: 1,
                ..Default::default()
            },
            location: Location::Area(area("munich")),
        },
    ]);
    // More than arrived: says what was too many.
    let why = refused(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Garrison(area("paris")),
            inf(9),
        )]),
        "5.2",
    );
    assert!(why.contains("1 infantry factor(s) too many"), "{why}");
    // Cavalry may not garrison a city (`garrison_units`).
    let cav = Factors {
        cavalry: 1,
        ..Default::default()
    };
    refused(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Garrison(area("paris")),
            cav,
        )]),
        "5.2",
    );
    // Over a corps' capacity: I Corps has room for 5 infantry.
    let why = refused(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Corps(corps_id("fr-1")),
            inf(6),
        )]),
        "5.2",
    );
    assert!(why.contains("1 infantry factor(s) over"), "{why}");
    // Not a city of the home nation.
    refused(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Garrison(area("munich")),
            inf(1),
        )]),
        "5.2",
    );
    // A corps outside the home nation.
    refused(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Corps(corps_id("fr-2")),
            inf(1),
        )]),
        "5.2",
    );
    // Another power's factors.
    refused(
        &mut g,
        "france",
        placement(vec![land(
            "austria",
            LandTarget::Garrison(area("vienna")),
            inf(1),
        )]),
        "5.0",
    );
    // A city the enemy holds.
    g.host(
        &Adjustment::AreaControl {
            area: area("lille"),
            holder: Some(np("austria")),
        },
        "",
    )
    .unwrap();
    refused(
        &mut g,
        "france",
        placement(vec![land(
            "france",
            LandTarget::Garrison(area("lille")),
            inf(1),
        )]),
        "5.2",
    );
    g.submit(
        p("france"),
        placement(vec![land(
            "france",
            LandTarget::Garrison(area("paris")),
            inf(8),
        )]),
    )
    .unwrap();
    submit_all(&mut g, vec![]);
    assert_eq!(garrison(&g, "paris", "france"), inf(11));
}

#[test]
fn every_listed_choice_is_accepted() {
    let g = jan(&[
        queue(np("france"), UnitKind::Infantry, 7, None, None),
        queue(np("france"), UnitKind::Guard, 2, None, None),
        queue(np("france"), UnitKind::Depot, 1, None, None),
        queue(np("france"), UnitKind::Ship, 2, None, Some("lille")),
        Adjustment::Leader {
            leader: LeaderId::new("davout").unwrap(),
            status: LeaderStatus::Wounded {
                until: date(1805, 1),
            },
            location: Location::OffMap,
        },
    ]);
    let choices = g.choices(p("france"));
    assert!(choices.len() >= 4, "{choices:?}");
    assert!(choices.contains(&Decision::Pass));
    for d in choices {
        let mut h = g.clone();
        h.submit(p("france"), d.clone())
            .unwrap_or_else(|e| panic!("listed choice {d} refused: {e}"));
        // The text form reads back.
        assert_eq!(Decision::parse(&d.to_string(), g.scenario()).unwrap(), d);
    }
}

#[test]
fn a_corps_counter_arrives_with_factors_for_it() {
    let mut g = jan(&[
        queue(np("austria"), UnitKind::Corps, 1, None, None),
        queue(np("austria"), UnitKind::Insurrection, 4, None, None),
    ]);
    assert_eq!(placers(&g), vec![p("austria")]);
    // Insurrection factors may not garrison; a corps counter on the map does not arrive.
    let ins = Factors {
        insurrection: 4,
        ..Default::default()
    };
    refused(
        &mut g,
        "austria",
        placement(vec![land(
            "austria",
            LandTarget::Garrison(area("vienna")),
            ins,
        )]),
        "5.2",
    );
    refused(
        &mut g,
        "austria",
        Decision::Reinforce(Placement {
            corps: vec![coalition_engine::reinforcement::CorpsOrder {
                corps: corps_id("au-1"),
                area: area("vienna"),
            }],
            ..Default::default()
        }),
        "5.3",
    );
    let d = g.default_decision(p("austria")).unwrap();
    place(&mut g, "austria", d);
    let c = &g.state().forces.corps[&corps_id("au-i")];
    assert_eq!(c.location, Location::Area(area("vienna")));
    assert_eq!(c.factors, ins);
}

#[test]
fn a_depot_arrives_where_the_owner_places_it() {
    let mut g = jan(&[queue(np("france"), UnitKind::Depot, 1, None, None)]);
    let depot = |a: &str| {
        Decision::Reinforce(Placement {
            depots: vec![coalition_engine::reinforcement::DepotOrder {
                owner: np("france"),
                area: area(a),
            }],
            ..Default::default()
        })
    };
    // France already has a depot in Strasbourg; Munich is not French.
    refused(&mut g, "france", depot("strasbourg"), "5.3");
    refused(&mut g, "france", depot("munich"), "5.3");
    place(&mut g, "france", depot("lyon"));
    assert!(g.state().forces.depots[&area("lyon")].contains(&np("france")));
}

// ---------------------------------------------------------------------------------------------------------------
// Ships (12.1.2)

#[test]
fn ships_arrive_only_in_the_port_where_they_were_built() {
    // rule: 12.1.2
    let mut g = jan(&[queue(np("france"), UnitKind::Ship, 3, None, Some("lille"))]);
    let ships = |port: &str, fleet: Option<&str>| {
        Decision::Reinforce(Placement {
            ships: vec![ShipOrder {
                owner: np("france"),
                port: area(port),
                count: 3,
                fleet: fleet.map(|f| FleetId::new(f).unwrap()),
            }],
            ..Default::default()
        })
    };
    refused(&mut g, "france", ships("stettin", None), "12.1.2");
    // A fleet elsewhere cannot take them.
    refused(&mut g, "france", ships("lille", Some("pr-f1")), "5.1");
    let d = g.default_decision(p("france")).unwrap();
    assert_eq!(d, ships("lille", Some("fr-f1")));
    place(&mut g, "france", d);
    assert_eq!(
        g.state().forces.fleets[&FleetId::new("fr-f1").unwrap()].ships,
        11
    );
}

#[test]
fn ships_with_no_fleet_in_their_port_form_a_new_one() {
    // rule: 12.1.2
    let mut g = jan(&[
        Adjustment::Fleet {
            fleet: FleetId::new("fr-f1").unwrap(),
            ships: 8,
            location: Location::Sea(coalition_engine::ids::SeaId::new("channel").unwrap()),
            mix: None,
        },
        queue(np("france"), UnitKind::Ship, 2, None, Some("lille")),
    ]);
    let d = g.default_decision(p("france")).unwrap();
    place(&mut g, "france", d);
    let f = &g.state().forces.fleets[&FleetId::new("france-fleet-1").unwrap()];
    assert_eq!((f.ships, f.location), (2, Location::Area(area("lille"))));
}

#[test]
fn without_the_option_ships_may_arrive_in_any_home_port() {
    let rb = Rulebook {
        optional: Rulebook::preset(Preset::Standard)
            .optional
            .into_iter()
            .filter(|r| *r != OptionalRule::ShipBuildingLocations)
            .collect(),
    };
    let mut g = start(
        "test",
        rb,
        date(1805, 1),
        &[queue(np("france"), UnitKind::Ship, 2, None, None)],
    );
    let d = g.default_decision(p("france")).unwrap();
    place(&mut g, "france", d);
    assert_eq!(
        g.state().forces.fleets[&FleetId::new("fr-f1").unwrap()].ships,
        10
    );
}

#[test]
fn ships_building_in_a_port_an_enemy_takes_are_destroyed() {
    // rule: 12.1.2.1
    let mut g = jan(&[
        queue(
            np("france"),
            UnitKind::Ship,
            4,
            Some(date(1805, 7)),
            Some("lille"),
        ),
        queue(np("france"), UnitKind::Ship, 1, None, Some("lille")),
        Adjustment::War {
            aggressor: np("austria"),
            defender: np("france"),
            since: None,
        },
    ]);
    // The completed ship is left unassigned in the port.
    place(&mut g, "france", Decision::Pass);
    g.host(
        &Adjustment::AreaControl {
            area: area("lille"),
            holder: Some(np("austria")),
        },
        "Austria storms Lille",
    )
    .unwrap();
    let destroyed: Vec<(Nation, u16, String)> = reinforcement_events(&g)
        .into_iter()
        .filter_map(|e| match e {
            ReinforcementEvent::ShipsDestroyed {
                owner, count, rule, ..
            } => Some((owner, count, rule)),
            _ => None,
        })
        .collect();
    assert_eq!(destroyed, vec![(np("france"), 5, "12.1.2.1".to_string())]);
    assert!(g.state().building.is_empty());
}

#[test]
fn an_allys_hold_on_the_port_or_the_option_off_spares_the_ships() {
    // rule: 12.1.2.1
    let give = |g: &mut Game| {
        g.host(
            &Adjustment::AreaControl {
                area: area("lille"),
                holder: Some(np("prussia")),
            },
            "",
        )
        .unwrap();
    };
    let setup = [
        queue(
            np("france"),
            UnitKind::Ship,
            4,
            Some(date(1805, 7)),
            Some("lille"),
        ),
        Adjustment::Alliance {
            a: p("france"),
            b: p("prussia"),
            since: None,
        },
    ];
    let mut g = jan(&setup);
    give(&mut g);
    assert_eq!(g.state().building.len(), 1);
    let mut h = start(
        "test",
        Rulebook::preset(Preset::None),
        date(1805, 1),
        &setup[..1],
    );
    give(&mut h);
    assert_eq!(h.state().building.len(), 1);
    // With the option on and no alliance, a power holding the port takes the ships with it.
    let mut k = jan(&setup[..1]);
    give(&mut k);
    assert!(k.state().building.is_empty());
}

// ---------------------------------------------------------------------------------------------------------------
// Minor free states' ships (12.1.2.2), on the 1805 map: Holland, France's free state, builds at Amsterdam.

fn holland() -> MinorId {
    MinorId::new("holland").unwrap()
}

/// 1805-01's Reinforcement Phase: Holland has 3 ships building at Amsterdam (due in June), which Britain, at war
/// with France, has taken; `more` adds to the set-up.
fn amsterdam_taken(more: &[Adjustment]) -> Game {
    let mut setup = vec![
        queue(
            Nation::Minor(holland()),
            UnitKind::Ship,
            3,
            Some(date(1805, 6)),
            Some("amsterdam"),
        ),
        Adjustment::AreaControl {
            area: area("amsterdam"),
            holder: Some(np("great-britain")),
        },
    ];
    setup.extend_from_slice(more);
    start(
        "1805",
        Rulebook::preset(Preset::Standard),
        date(1805, 1),
        &setup,
    )
}

fn seize(keep: bool) -> Decision {
    Decision::Reinforce(Placement {
        seized: vec![SeizedOrder {
            port: area("amsterdam"),
            minor: holland(),
            keep,
        }],
        ..Default::default()
    })
}

#[test]
fn a_minor_free_states_ships_are_not_destroyed_with_its_port_unless_the_taker_wishes() {
    // rule: 12.1.2.2
    let mut g = amsterdam_taken(&[]);
    // Taking the port destroyed nothing by itself.
    assert_eq!(g.state().building.len(), 1);
    assert_eq!(placers(&g), vec![p("great-britain")]);
    let choices = g.choices(p("great-britain"));
    assert!(choices.contains(&seize(true)) && choices.contains(&seize(false)));
    // France has no say over them: it is asked only about its fleets (5.1.3, 5.1.4).
    assert!(
        !g.choices(p("france"))
            .iter()
            .any(|d| matches!(d, Decision::Reinforce(pl) if !pl.seized.is_empty()))
    );
    place(&mut g, "great-britain", seize(false));
    assert!(g.state().building.is_empty());
    assert!(reinforcement_events(&g).iter().any(|e| matches!(e,
        ReinforcementEvent::ShipsDestroyed { rule, count: 3, .. } if rule == "12.1.2.2")));
}

#[test]
fn kept_ships_go_on_building_and_pass_to_the_power_holding_both_fleet_and_port() {
    // rule: 12.1.2.2
    let mut g = amsterdam_taken(&[]);
    place(&mut g, "great-britain", seize(true));
    assert_eq!(g.state().building[0].count, 3);
    let s = &g.state().reinforcement.seized[&(area("amsterdam"), holland())];
    assert!(s.keep && s.holder == np("great-britain"));
    // Britain is not asked again while it holds the port; in June the ships are due, but France, which
    // controls Holland's fleet, does not hold the port: they wait.
    let mut months = Vec::new();
    while g.state().date() < date(1805, 7) {
        if in_reinforcement(&g) {
            months.push(g.state().date());
        }
        for power in g.pending() {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    assert!(months.is_empty(), "asked in {months:?}");
    assert_eq!(g.state().building[0].count, 3);
    let order = Decision::Reinforce(Placement {
        ships: vec![ShipOrder {
            owner: Nation::Minor(holland()),
            port: area("amsterdam"),
            count: 3,
            fleet: None,
        }],
        ..Default::default()
    });
    // The port back in French hands: the power controlling both places them.
    g.host(
        &Adjustment::AreaControl {
            area: area("amsterdam"),
            holder: None,
        },
        "France retakes Amsterdam",
    )
    .unwrap();
    run_to_placing(&mut g);
    assert_eq!(g.state().date(), date(1805, 7));
    assert!(g.pending().contains(&p("france")));
    place(&mut g, "france", order);
    let f = &g.state().forces.fleets[&FleetId::new("holland-fleet-1").unwrap()];
    assert_eq!((f.owner, f.ships), (Nation::Minor(holland()), 3));
}

#[test]
fn a_mixed_occupying_force_decides_by_competitive_die_rolls() {
    // rule: 12.1.2.2
    let ru1 = corps_id("ru-1");
    let mut g = amsterdam_taken(&[
        Adjustment::War {
            aggressor: np("russia"),
            defender: np("france"),
            since: None,
        },
        Adjustment::Corps {
            corps: ru1,
            factors: Factors {
                infantry: 12,
                cavalry: 2,
                ..Default::default()
            },
            location: Location::Area(area("amsterdam")),
        },
    ]);
    assert_eq!(placers(&g), vec![p("great-britain"), p("russia")]);
    place(&mut g, "great-britain", seize(true));
    // They disagree: Britain rolls 2, Russia 5; Russia's choice stands.
    g.force_dice(&[2, 5]).unwrap();
    place(&mut g, "russia", seize(false));
    let rolls: Vec<_> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "12.1.2.2" => {
                Some(roll.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(rolls.len(), 2);
    assert!(reinforcement_events(&g).iter().any(|e| matches!(e,
        ReinforcementEvent::ShipsSeized { keep: false, by, .. } if *by == p("russia"))));
    assert!(g.state().building.is_empty());
}

#[test]
fn only_the_takers_decide_a_minors_ships() {
    // rule: 12.1.2.2
    let mut g = amsterdam_taken(&[queue(np("austria"), UnitKind::Infantry, 1, None, None)]);
    assert!(g.pending().contains(&p("austria")));
    refused(&mut g, "austria", seize(false), "12.1.2.2");
}

// ---------------------------------------------------------------------------------------------------------------
// Prisoners (4.4.6.1) and wounded leaders (12.7)

#[test]
fn prisoners_returned_by_a_peace_arrive_in_the_next_reinforcement_phase() {
    // rule: 4.4.6.1
    let mut g = game();
    let prisoners = |owner: &str, captor: &str, f: Factors| Adjustment::Prisoners {
        owner: np(owner),
        captor: np(captor),
        factors: f,
    };
    g.host(
        &Adjustment::War {
            aggressor: np("france"),
            defender: np("austria"),
            since: Some(date(1804, 6)),
        },
        "",
    )
    .unwrap();
    g.host(&prisoners("france", "austria", inf(3)), "Ulm")
        .unwrap();
    g.host(&prisoners("austria", "france", inf(2)), "Ulm")
        .unwrap();
    // Prussia's prisoners of France are no part of a Franco-Austrian peace.
    g.host(&prisoners("france", "prussia", inf(1)), "").unwrap();
    run_to(&mut g, Step::Peace);
    let sub = |g: &mut Game, power: &str, s: &str| {
        let d = Decision::parse(s, g.scenario()).unwrap();
        g.submit(p(power), d).unwrap();
    };
    sub(&mut g, "austria", "peace informal france");
    sub(&mut g, "france", "peace informal austria");
    assert!(!g.state().at_war(np("france"), np("austria")));
    let records = &g.state().prisoners;
    assert_eq!(records.len(), 1);
    assert!(records.contains_key(&(np("france"), np("prussia"))));
    let queued: Vec<_> = g
        .state()
        .building
        .iter()
        .map(|b| (b.owner, b.unit, b.count, b.rule.clone()))
        .collect();
    assert_eq!(
        queued,
        vec![
            (np("austria"), UnitKind::Infantry, 2, "4.4.6.1".to_string()),
            (np("france"), UnitKind::Infantry, 3, "4.4.6.1".to_string()),
        ]
    );
    run_to_placing(&mut g);
    assert_eq!(g.state().date(), date(1805, 1));
    assert_eq!(placers(&g), vec![p("austria"), p("france")]);
    let au = g.state().forces.corps[&corps_id("au-1")].factors.infantry;
    submit_all(&mut g, vec![]);
    assert!(g.state().building.is_empty());
    // Austria's two come home into I Corps in Vienna (9 of 12 infantry).
    assert_eq!(
        g.state().forces.corps[&corps_id("au-1")].factors.infantry,
        au + 2
    );
}

#[test]
fn wounded_leaders_return_when_their_months_are_up() {
    // 12.7 wounds are dealt by combat (not built yet); only the return is tested here.
    let davout = LeaderId::new("davout").unwrap();
    let mut g = jan(&[Adjustment::Leader {
        leader: davout,
        status: LeaderStatus::Wounded {
            until: date(1805, 3),
        },
        location: Location::OffMap,
    }]);
    run_to_placing(&mut g);
    assert_eq!(g.state().date(), date(1805, 3));
    let back = |a: &str| {
        Decision::Reinforce(Placement {
            leaders: vec![LeaderOrder {
                leader: davout,
                area: area(a),
            }],
            ..Default::default()
        })
    };
    // Not with a French corps nor in a French city; Napoleon was never wounded.
    refused(&mut g, "france", back("munich"), "5.4");
    refused(
        &mut g,
        "france",
        Decision::Reinforce(Placement {
            leaders: vec![LeaderOrder {
                leader: LeaderId::new("napoleon").unwrap(),
                area: area("paris"),
            }],
            ..Default::default()
        }),
        "12.7",
    );
    place(&mut g, "france", back("strasbourg"));
    let l = &g.state().forces.leaders[&davout];
    assert_eq!(
        (l.status, l.location),
        (LeaderStatus::Active, Location::Area(area("strasbourg")))
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Neutral UMPs (14.3.2.4.5)

#[test]
fn a_neutral_ump_still_receives_what_was_due_off_the_map() {
    // rule: 14.3.2.4.5
    let off = |c: &str, f: Factors| Adjustment::Corps {
        corps: corps_id(c),
        factors: f,
        location: Location::OffMap,
    };
    // Austria has no port on the test map: its ships name none (12.1.2 off).
    let setup = [
        Adjustment::SetUmpControl {
            ump: p("austria"),
            controller: Some(p("france")),
            status: UmpStatus::Active,
        },
        Adjustment::SetUmpControl {
            ump: p("austria"),
            controller: None,
            status: UmpStatus::Neutral,
        },
        off("au-1", inf(9)),
        off(
            "au-2",
            Factors {
                infantry: 7,
                cavalry: 1,
                ..Default::default()
            },
        ),
        queue(np("austria"), UnitKind::Infantry, 5, None, None),
        queue(np("austria"), UnitKind::Ship, 2, None, None),
    ];
    let g = start(
        "test",
        Rulebook::preset(Preset::None),
        date(1805, 1),
        &setup,
    );
    // Nobody is asked: the last controller's additions are made off the map.
    assert!(!in_reinforcement(&g));
    let st = g.state();
    assert_eq!(st.forces.corps[&corps_id("au-1")].factors.infantry, 12);
    assert_eq!(st.forces.corps[&corps_id("au-2")].factors.infantry, 9);
    assert_eq!(
        st.forces.corps[&corps_id("au-1")].location,
        Location::OffMap
    );
    let f = &st.forces.fleets[&FleetId::new("austria-fleet-1").unwrap()];
    assert_eq!((f.ships, f.location), (2, Location::OffMap));
    assert!(st.building.is_empty());
    assert!(g.log().iter().any(|e| matches!(e,
        Event::World(WorldEvent::CorpsChanged { rule, reason, .. }) if rule == "14.3.2.4.5" && reason.contains("france"))));
}

#[test]
fn a_controlled_ump_places_its_arrivals_as_usual() {
    // rule: 14.3.2.4.5
    let g = jan(&[
        Adjustment::SetUmpControl {
            ump: p("austria"),
            controller: Some(p("france")),
            status: UmpStatus::Active,
        },
        queue(np("austria"), UnitKind::Infantry, 2, None, None),
    ]);
    assert_eq!(placers(&g), vec![p("austria")]);
}

#[test]
fn a_port_ceded_by_a_peace_takes_the_ships_building_there_with_it() {
    // rule: 12.1.2.1
    let mut g = game();
    for adj in [
        Adjustment::War {
            aggressor: np("france"),
            defender: np("prussia"),
            since: Some(date(1804, 6)),
        },
        Adjustment::Corps {
            corps: corps_id("fr-2"),
            factors: Factors {
                infantry: 8,
                cavalry: 1,
                ..Default::default()
            },
            location: Location::Area(area("magdeburg")),
        },
        queue(
            np("prussia"),
            UnitKind::Ship,
            2,
            Some(date(1805, 6)),
            Some("stettin"),
        ),
    ] {
        g.host(&adj, "").unwrap();
    }
    run_to(&mut g, Step::Peace);
    let sub = |g: &mut Game, power: &str, s: &str| {
        let d = Decision::parse(s, g.scenario()).unwrap();
        g.submit(p(power), d)
            .unwrap_or_else(|e| panic!("{power} `{s}` refused: {e}"));
    };
    sub(&mut g, "prussia", "peace sue france");
    sub(&mut g, "france", "peace none");
    sub(&mut g, "france", "offer unconditional");
    sub(&mut g, "prussia", "accept france");
    sub(&mut g, "france", "term C.4 pomerania");
    sub(&mut g, "france", "term done");
    assert!(!g.state().at_war(np("france"), np("prussia")));
    assert_eq!(
        g.state().area_holder(g.scenario(), area("stettin")),
        Some(np("france"))
    );
    // The cession itself changes nothing on the queue; the Reinforcement Phase of the same month finds the port
    // in a former enemy's hands before anything arrives.
    assert_eq!(g.state().building.len(), 1);
    while g.state().date() == date(1805, 1) && g.state().position.step <= Step::Reinforcement {
        for power in g.pending() {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    assert!(g.state().building.is_empty());
    let began = g
        .log()
        .iter()
        .position(
            |e| matches!(e, Event::StepBegan { position } if position.step == Step::Reinforcement),
        )
        .unwrap();
    let destroyed = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::Reinforcement(ReinforcementEvent::ShipsDestroyed { rule, .. }) if rule == "12.1.2.1"))
        .unwrap();
    assert!(destroyed > began);
}
