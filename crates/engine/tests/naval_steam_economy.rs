//! Coalition's navies of the 1850s in the Economic Phase (`docs/rules/naval-1853.md`): steamship upkeep (6.3.19),
//! ships bought by kind and launched in their port (6.3.20), ironclads only with the technology, hulks rebuilt at
//! the discount, and port guns bought and firing at a port's box (6.3.18).

mod common;

use coalition_engine::economic::{GunOrder, ShipOrder, Spending};
use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, PowerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::ShipKind;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Decision, Event, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn std() -> Rulebook {
    Rulebook::preset(Preset::Standard)
}

fn treasury_events(g: &Game, rule: &str) -> Vec<(PowerId, i32)> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::TreasuryChanged {
                power,
                money,
                rule: r,
                ..
            }) if r == rule => Some((*power, *money)),
            _ => None,
        })
        .collect()
}

fn spend(s: Spending) -> Decision {
    Decision::Economy(coalition_engine::economic::EconomicDecision::Spend(s))
}

fn ships(kind: ShipKind, count: u16, port: &str, hulks: u16) -> Spending {
    Spending {
        ships: vec![ShipOrder {
            kind,
            count,
            port: area(port),
            hulks,
        }],
        ..Spending::default()
    }
}

#[test]
fn steamships_at_sea_or_in_a_box_cost_their_upkeep_and_in_port_nothing() {
    let g = common::steam::game_in(
        3,
        std(),
        3,
        Step::EconomicCollection,
        &[
            r#"{"fleet": {"fleet": "gb-f3", "ships": 6, "location": {"sea": "western-med"}, "mix": {"steamship": 2, "ironclad": 1, "ship_of_the_line": 3}}}"#,
            r#"{"fleet": {"fleet": "gb-f2", "ships": 2, "location": {"blockade": "brest"}, "mix": {"steamship": 1, "frigate": 1}}}"#,
            r#"{"fleet": {"fleet": "gb-f1", "ships": 4, "location": {"area": "portsmouth"}, "mix": {"steamship": 4}}}"#,
        ],
    );
    let upkeep = treasury_events(&g, "6.3.19");
    assert_eq!(
        upkeep,
        vec![(p("great-britain"), -4)],
        "three at sea, one in a box"
    );
}

#[test]
fn without_an_era_no_upkeep_is_charged() {
    let sc = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let start = coalition_engine::Position {
        date: coalition_engine::Date::new(1805, 3).unwrap(),
        step: Step::EconomicCollection,
    };
    let adj: coalition_engine::scenario::Adjustment = serde_json::from_str(
        r#"{"fleet": {"fleet": "gb-f3", "ships": 6, "location": {"sea": "western-med"}}}"#,
    )
    .unwrap();
    let g = Game::with_setup(sc, std(), 3, &[], Some(start), &[adj]).unwrap();
    assert!(
        !treasury_events(&g, "8.2").is_empty(),
        "the Collection Step ran"
    );
    assert!(treasury_events(&g, "6.3.19").is_empty());
}

#[test]
fn ships_bought_by_kind_are_paid_laid_down_and_launched_in_their_port_with_their_kind() {
    let mut g = common::steam::game_in(3, std(), 3, Step::EconomicExpenditure, &[]);
    let before = g.state().powers[&p("great-britain")].money;
    let list = ships(ShipKind::Steamship, 2, "portsmouth", 0);
    assert!(g.choices(p("great-britain")).contains(&spend(ships(
        ShipKind::Steamship,
        1,
        "portsmouth",
        0
    ))));
    g.submit(p("great-britain"), spend(list)).unwrap();
    common::submit_all(&mut g, vec![]);
    assert_eq!(
        treasury_events(&g, "6.3.20"),
        vec![(p("great-britain"), -60)]
    );
    assert_eq!(g.state().powers[&p("great-britain")].money, before - 60);
    let b = &g.state().navy.building;
    assert_eq!(b.len(), 1);
    assert_eq!(
        (b[0].kind, b[0].count, b[0].port),
        (ShipKind::Steamship, 2, area("portsmouth"))
    );
    // Laid down until the first Economic Phase on or after their month (July: September's), then launched in
    // Portsmouth.
    let due = b[0].due;
    common::run_to(&mut g, Step::EconomicExpenditure);
    assert!(g.state().position.date < due);
    assert_eq!(g.state().navy.building.len(), 1, "not yet due in June");
    while g.state().position.date < due {
        common::submit_all(&mut g, vec![]);
        common::run_to(&mut g, Step::EconomicExpenditure);
    }
    assert!(g.state().navy.building.is_empty());
    let launched: Vec<_> = g
        .state()
        .forces
        .fleets
        .values()
        .filter(|f| f.location == coalition_engine::scenario::Location::Area(area("portsmouth")))
        .filter(|f| f.kinds().get(&ShipKind::Steamship) == Some(&2))
        .collect();
    assert_eq!(
        launched.len(),
        1,
        "a fleet in Portsmouth holds the two steamships"
    );
}

#[test]
fn an_ironclad_needs_the_technology() {
    let mut g = common::steam::game_in(3, std(), 3, Step::EconomicExpenditure, &[]);
    let e = g
        .submit(
            p("great-britain"),
            spend(ships(ShipKind::Ironclad, 1, "portsmouth", 0)),
        )
        .unwrap_err();
    assert_eq!(e.rule, "6.3.20");
    assert!(e.reason.contains("ironclads"), "{e:?}");
    assert!(!g.choices(p("great-britain")).contains(&spend(ships(
        ShipKind::Ironclad,
        1,
        "portsmouth",
        0
    ))));
}

#[test]
fn hulks_won_in_battle_rebuild_a_ship_of_the_line_at_the_discount_and_not_a_frigate() {
    let mut g = common::steam::engaged(
        r#"{"ironclad": 4, "ship_of_the_line": 2}"#,
        r#"{"ship_of_the_line": 6}"#,
        &[],
    );
    // The manoeuvre is Britain's (3 to 1), then Britain rolls 6s and France 1s.
    g.force_dice(&[3, 1, 6, 1, 6, 1, 6, 1]).unwrap();
    common::submit(&mut g, "great-britain", "chit melee");
    common::submit(&mut g, "france", "chit melee");
    let hulks = common::steam::hulks_of(&g, "great-britain");
    assert!(hulks > 0, "Britain won and took France's hulks");
    common::run_to(&mut g, Step::EconomicExpenditure);
    let e = g
        .submit(
            p("great-britain"),
            spend(ships(ShipKind::Frigate, 1, "portsmouth", 1)),
        )
        .unwrap_err();
    assert_eq!(e.rule, "6.3.20");
    let e = g
        .submit(
            p("great-britain"),
            spend(ships(
                ShipKind::ShipOfTheLine,
                hulks + 1,
                "portsmouth",
                hulks + 1,
            )),
        )
        .unwrap_err();
    assert_eq!(e.rule, "6.3.20", "more hulks than Britain has");
    g.submit(
        p("great-britain"),
        spend(ships(ShipKind::ShipOfTheLine, 1, "portsmouth", 1)),
    )
    .unwrap();
    common::submit_all(&mut g, vec![]);
    assert_eq!(
        treasury_events(&g, "6.3.20"),
        vec![(p("great-britain"), -5)],
        "10 less the 5 of a hulk"
    );
    assert_eq!(common::steam::hulks_of(&g, "great-britain"), hulks - 1);
}

#[test]
fn port_guns_are_bought_at_once_up_to_the_most_and_only_in_a_home_port() {
    let mut g = common::steam::game_in(3, std(), 3, Step::EconomicExpenditure, &[]);
    let guns = |port: &str, count: u32| Spending {
        guns: vec![GunOrder {
            port: area(port),
            count,
        }],
        ..Spending::default()
    };
    assert_eq!(
        g.submit(p("great-britain"), spend(guns("portsmouth", 5)))
            .unwrap_err()
            .rule,
        "6.3.18"
    );
    assert_eq!(
        g.submit(p("great-britain"), spend(guns("brest", 1)))
            .unwrap_err()
            .rule,
        "6.3.20"
    );
    g.submit(p("great-britain"), spend(guns("portsmouth", 3)))
        .unwrap();
    common::submit_all(&mut g, vec![]);
    assert_eq!(g.state().navy.port_guns.get(&area("portsmouth")), Some(&3));
    assert_eq!(
        treasury_events(&g, "6.3.20"),
        vec![(p("great-britain"), -21)]
    );
}

#[test]
fn a_port_s_guns_fire_with_its_holder_in_a_battle_at_its_box() {
    let mut g = common::steam::game_in(
        3,
        std(),
        5,
        Step::EconomicExpenditure,
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 4, "location": {"blockade": "portsmouth"}, "mix": {"ship_of_the_line": 4}}}"#,
            r#"{"fleet": {"fleet": "fr-f1", "ships": 4, "location": {"sea": "english-channel"}, "mix": {"ship_of_the_line": 4}}}"#,
        ],
    );
    let guns = Spending {
        guns: vec![GunOrder {
            port: area("portsmouth"),
            count: 3,
        }],
        ..Spending::default()
    };
    g.submit(p("great-britain"), spend(guns)).unwrap();
    common::submit_all(&mut g, vec![]);
    // April's Naval Phase: everyone does nothing until France moves.
    common::run_to(&mut g, Step::Naval);
    while g.pending() != vec![p("france")] || g.state().naval.current() != Some(p("france")) {
        let q = g.pending()[0];
        let d = g.default_decision(q).unwrap();
        g.submit(q, d).unwrap();
    }
    common::submit(
        &mut g,
        "france",
        "sail fr-f1 english-channel>box:portsmouth",
    );
    common::submit(&mut g, "france", "done");
    common::submit(&mut g, "france", "engage box:portsmouth");
    if g.state().naval.stage == coalition_engine::naval::Stage::Evasion {
        common::submit(&mut g, "great-britain", "stand");
    }
    common::submit(&mut g, "france", "chit melee");
    common::submit(&mut g, "great-britain", "chit melee");
    let b = common::steam::last_battle(&g);
    assert_eq!(
        b.at,
        coalition_engine::scenario::Location::Blockade(area("portsmouth"))
    );
    let steam = b.steam.unwrap();
    // Britain holds Portsmouth: its three guns fight with the defending side, not with France's.
    assert_eq!(steam.setup[1].guns, 3);
    assert_eq!(steam.setup[0].guns, 0);
}
