//! Rule 8.2 (Coalition's Money and Manpower Collection Step) and optional rule 12.2.2 on the 1805 scenario.

mod common;

use coalition_engine::calendar::{Position, Step};
use coalition_engine::economic::{Amount, Income};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, FleetId, SeaId};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Location, embedded_scenario};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, PowerId};
use common::*;
use std::sync::Arc;

fn march_1805() -> Position {
    Position {
        date: Date::new(1805, 3).unwrap(),
        step: Step::EconomicCollection,
    }
}

/// A 1805 game set up at March 1805's collection step, after `setup`, under `rulebook`.
fn collect(rulebook: Rulebook, setup: &[Adjustment]) -> Game {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    Game::with_setup(s, rulebook, 1805, &[], Some(march_1805()), setup).unwrap()
}

/// The collection event of `power` in the log: its money, manpower, reason and income.
fn collected(g: &Game, power: PowerId) -> (i32, i32, String, Income) {
    g.log()
        .iter()
        .find_map(|e| match e {
            Event::World(WorldEvent::TreasuryChanged {
                power: pw,
                money,
                manpower,
                rule,
                reason,
                income: Some(i),
            }) if *pw == power && rule == "8.2" => {
                Some((*money, *manpower, reason.clone(), i.clone()))
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("no collection for {power}"))
}

fn fleet_to(fleet: &str, sea: &str) -> Adjustment {
    Adjustment::Fleet {
        fleet: FleetId::new(fleet).unwrap(),
        ships: 10,
        location: Location::Sea(SeaId::new(sea).unwrap()),
        mix: None,
    }
}

/// The standard rulebook without American trade (12.9), whose income and die roll the 8.2 tests leave out.
fn standard() -> Rulebook {
    let mut r = Rulebook::preset(Preset::Standard);
    r.optional.remove(&OptionalRule::AmericanTrade);
    r
}

fn without_raiding() -> Rulebook {
    let mut r = standard();
    r.optional.remove(&OptionalRule::NavalRaiding);
    r
}

fn treasury(g: &Game, s: &str) -> (i32, i32) {
    let st = &g.state().powers[&p(s)];
    (st.money, st.manpower)
}

#[test]
fn france_and_britain_collect_their_march_1805_income() {
    let before = collect(standard(), &[]);
    let s = embedded_scenario("1805").unwrap();
    let start = |k: &str| {
        let d = s.power(p(k)).unwrap();
        (d.start.money, d.start.manpower)
    };
    // France: 23 provinces (94 money, 43 manpower); Hanover conquered (half of 4/3, rounded down: 2/1), Holland
    // 8/3, the Kingdom of Italy 9/4 and Switzerland 5/3 free states.
    let (m, mp, reason, inc) = collected(&before, p("france"));
    assert_eq!(
        inc.provinces,
        Amount {
            money: 94,
            manpower: 43
        }
    );
    assert_eq!(
        inc.minors,
        Amount {
            money: 24,
            manpower: 11
        }
    );
    assert_eq!((inc.trade, inc.trade_lost), (0, 0));
    assert_eq!((m, mp), (118, 54));
    assert!(reason.starts_with("provinces 94 money, 43 manpower; minors 24 money, 11 manpower"));
    assert!(
        reason.contains("Hanover 2/1 (conquered: 1/2 of 4/3)"),
        "{reason}"
    );
    let (m0, mp0) = start("france");
    assert_eq!(treasury(&before, "france"), (m0 + 118, mp0 + 54));
    // Great Britain: 44 money and 23 manpower from its provinces, 30 colonial trade, no enemy fleet at sea.
    let (m, mp, reason, inc) = collected(&before, p("great-britain"));
    assert_eq!(
        inc.provinces,
        Amount {
            money: 44,
            manpower: 23
        }
    );
    assert_eq!(inc.minors, Amount::default());
    assert_eq!((inc.trade, inc.trade_lost), (30, 0));
    assert_eq!((m, mp), (74, 23));
    assert_eq!(reason, "provinces 44 money, 23 manpower; colonial trade 30");
    let (m0, mp0) = start("great-britain");
    assert_eq!(treasury(&before, "great-britain"), (m0 + 74, mp0 + 23));
    // Every power in the game collects once, and the phase is recorded with the income by source.
    let rec = &before.state().economy.phases;
    assert_eq!(rec.len(), 1);
    assert_eq!(rec[0].date, Date::new(1805, 3).unwrap());
    assert_eq!(rec[0].income.len(), 7);
    assert_eq!(rec[0].income[&p("great-britain")].trade, 30);
    assert_eq!(
        rec[0].income[&p("france")].total(),
        Amount {
            money: 118,
            manpower: 54
        }
    );
    // The record is in every power's view.
    assert_eq!(
        before.view(p("austria")).state.economy,
        before.state().economy
    );
}

#[test]
fn an_occupied_province_yields_nothing_to_its_owner() {
    let g = collect(
        standard(),
        &[Adjustment::AreaControl {
            area: AreaId::new("rouen").unwrap(),
            holder: Some(np("great-britain")),
        }],
    );
    let (m, mp, reason, inc) = collected(&g, p("france"));
    // Normandy (5 money, 2 manpower) is lost while Britain holds Rouen; Britain gains nothing from it either.
    assert_eq!(
        inc.provinces,
        Amount {
            money: 89,
            manpower: 41
        }
    );
    assert_eq!(
        inc.occupied,
        Amount {
            money: 5,
            manpower: 2
        }
    );
    assert_eq!((m, mp), (118 - 5, 54 - 2));
    assert!(
        reason.contains("nothing from Normandy (held by Great Britain)"),
        "{reason}"
    );
    let (m, _, _, _) = collected(&g, p("great-britain"));
    assert_eq!(m, 74);
}

// rule: 12.2.2
#[test]
fn an_enemy_fleet_next_to_britain_cuts_colonial_trade_with_naval_raiding_on() {
    let setup = [fleet_to("fr-f1", "north-sea")];
    let g = collect(standard(), &setup);
    let (m, _, reason, inc) = collected(&g, p("great-britain"));
    assert_eq!((inc.trade, inc.trade_lost), (25, 5));
    assert_eq!(m, 44 + 25);
    assert!(
        reason.ends_with("colonial trade 30 − 5 = 25 (12.2.2: enemy fleets in the North Sea)"),
        "{reason}"
    );
    // Option off: the fleet changes nothing.
    let g = collect(without_raiding(), &setup);
    let (m, _, reason, inc) = collected(&g, p("great-britain"));
    assert_eq!((inc.trade, inc.trade_lost, m), (30, 0, 74));
    assert!(reason.ends_with("colonial trade 30"), "{reason}");
}

// rule: 12.2.2
#[test]
fn only_enemy_fleets_in_seas_next_to_the_home_nation_count() {
    // Russia is not at war with Britain; the Mediterranean is next to Malta and Gibraltar, outposts only.
    let g = collect(
        standard(),
        &[
            fleet_to("ru-f1", "north-sea"),
            fleet_to("fr-f2", "central-med"),
            fleet_to("fr-f3", "alboran"),
        ],
    );
    let (_, _, _, inc) = collected(&g, p("great-britain"));
    assert_eq!((inc.trade, inc.trade_lost), (30, 0));
    // Two enemy fleets in one sea count once.
    let g = collect(
        standard(),
        &[
            fleet_to("fr-f1", "north-sea"),
            fleet_to("fr-f2", "north-sea"),
        ],
    );
    let (_, _, _, inc) = collected(&g, p("great-britain"));
    assert_eq!((inc.trade, inc.trade_lost), (25, 5));
}

// rule: 12.2.2
#[test]
fn naval_raiding_cuts_trade_to_no_less_than_zero() {
    let setup = [
        fleet_to("fr-f1", "north-sea"),
        fleet_to("fr-f2", "english-channel"),
        fleet_to("fr-f3", "irish-sea"),
        fleet_to("sp-f1", "north-atlantic"),
    ];
    // Four raided seas take 20 of the 1805 scenario's 30.
    let g = collect(standard(), &setup);
    let (_, _, _, inc) = collected(&g, p("great-britain"));
    assert_eq!((inc.trade, inc.trade_lost), (10, 20));
    // With colonial trade of 15, four steps of 5 stop at 0.
    let mut s = embedded_scenario("1805").unwrap();
    s.powers
        .iter_mut()
        .find(|d| d.id == p("great-britain"))
        .unwrap()
        .colonial_trade = 15;
    let g = Game::with_setup(
        Arc::new(s),
        standard(),
        1805,
        &[],
        Some(march_1805()),
        &setup,
    )
    .unwrap();
    let (m, mp, reason, inc) = collected(&g, p("great-britain"));
    assert_eq!((inc.trade, inc.trade_lost), (0, 15));
    assert_eq!((m, mp), (44, 23));
    assert!(reason.contains("colonial trade 15 − 15 = 0"), "{reason}");
}

#[test]
fn collection_never_takes_money_away() {
    // Whatever is occupied or raided, income is never negative and no treasury goes below zero.
    let mut setup: Vec<Adjustment> = embedded_scenario("1805")
        .unwrap()
        .areas_of(np("great-britain"))
        .into_iter()
        .map(|a| Adjustment::AreaControl {
            area: a,
            holder: Some(np("france")),
        })
        .collect();
    setup.push(fleet_to("fr-f1", "north-sea"));
    setup.push(Adjustment::Money {
        power: p("great-britain"),
        delta: -embedded_scenario("1805")
            .unwrap()
            .power(p("great-britain"))
            .unwrap()
            .start
            .money,
    });
    let g = collect(standard(), &setup);
    let (m, mp, _, inc) = collected(&g, p("great-britain"));
    assert_eq!(inc.provinces, Amount::default());
    assert_eq!((m, mp), (25, 0));
    for e in g.log() {
        if let Event::World(WorldEvent::TreasuryChanged {
            money,
            manpower,
            rule,
            ..
        }) = e
            && rule == "8.2"
        {
            assert!(*money >= 0 && *manpower >= 0);
        }
    }
    for st in g.state().powers.values() {
        assert!(st.money >= 0 && st.manpower >= 0);
    }
}

#[test]
fn collection_happens_only_in_march_june_september_and_december() {
    // From April 1805 to the end of the year, with every decision defaulted: June, September and December.
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let start = Position {
        date: Date::new(1805, 4).unwrap(),
        step: Step::ALL[0],
    };
    let mut g = Game::with_setup(s, standard(), 1805, &[], Some(start), &[]).unwrap();
    while g.state().position.date < Date::new(1806, 1).unwrap() && !g.pending().is_empty() {
        for power in g.pending() {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    let months: Vec<u8> = g
        .state()
        .economy
        .phases
        .iter()
        .map(|r| r.date.month)
        .collect();
    assert_eq!(months, vec![6, 9, 12]);
}
