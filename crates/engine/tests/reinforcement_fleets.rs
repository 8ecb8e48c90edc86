//! Coalition's 5.1.3 (ship transfers) and 5.1.4 (scuttling, with 5.1.4.1's points and 5.1.4.2's minors) in the
//! Reinforcement Phase, with 14.3.2.1.8 (an UMP's fleets) and 6.2.5 (what is aboard a fleet leaving the map), on
//! the 1805 scenario. The rules' text for 5.1.x is not public: `docs/rules/reinforcement.md` gives Coalition's.

mod common;

use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, CorpsId, FleetId, Nation, SeaId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Location, LossCause};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Decision, Event, Step};
use common::{np, p, pp, refused, submit};

fn fleet(s: &str) -> FleetId {
    FleetId::new(s).unwrap()
}

fn area(s: &str) -> Location {
    Location::Area(AreaId::new(s).unwrap())
}

fn ships(g: &Game, f: &str) -> (u16, Location) {
    let x = &g.state().forces.fleets[&fleet(f)];
    (x.ships, x.location)
}

fn total_ships(g: &Game) -> u32 {
    g.state()
        .forces
        .fleets
        .values()
        .filter(|f| f.location != Location::OffMap)
        .map(|f| u32::from(f.ships))
        .sum()
}

/// January 1805's Reinforcement Phase after `adjs` (JSON host adjustments).
fn jan(adjs: &[&str]) -> Game {
    let g = common::at_1805(
        Rulebook::preset(Preset::Standard),
        3,
        Step::Reinforcement,
        adjs,
    );
    assert_eq!(g.state().position.step, Step::Reinforcement);
    g
}

/// The Irish Squadron (4 ships) brought to Plymouth, where the Channel Fleet (20) lies.
const IRISH_AT_PLYMOUTH: &str =
    r#"{"fleet": {"fleet": "gb-f5", "ships": 4, "location": {"area": "plymouth"}}}"#;

/// Everyone still owing in the round takes the default (3.6).
fn close_round(g: &mut Game) {
    while g.state().position.step == Step::Reinforcement && !g.pending().is_empty() {
        for q in g.pending() {
            let d = g.default_decision(q).unwrap();
            g.submit(q, d).unwrap();
        }
    }
}

#[test]
fn a_power_that_only_moves_fleets_is_asked_and_passes_by_default() {
    // 5.1.3, 5.1.4: nothing arrives in January 1805, yet every power with a fleet on the map is asked.
    let g = jan(&[]);
    let pending = g.pending();
    for power in [
        "great-britain",
        "france",
        "russia",
        "spain",
        "turkey",
        "austria",
    ] {
        assert!(pending.contains(&p(power)), "{power} is asked: {pending:?}");
    }
    assert!(!pending.contains(&p("prussia")), "Prussia has no fleet");
    assert_eq!(g.default_decision(p("great-britain")), Some(Decision::Pass));
    // Its list offers the scuttling of each fleet it moves, and pass.
    let menu = g.choices(p("great-britain"));
    let scuttle = Decision::parse("scuttle gb-f3", g.scenario()).unwrap();
    assert!(menu.contains(&scuttle), "{menu:?}");
    assert!(menu.contains(&Decision::Pass));
}

#[test]
fn transfer_5_1_3_moves_ships_between_two_fleets_in_one_port_and_the_emptied_one_leaves_free() {
    let mut g = jan(&[IRISH_AT_PLYMOUTH]);
    let before = (total_ships(&g), pp(&g, "great-britain"));
    // The list offers all the Irish Squadron's ships into the Channel Fleet, and the reverse.
    let all = Decision::parse("transfer 4 gb-f5>gb-f1", g.scenario()).unwrap();
    assert!(g.choices(p("great-britain")).contains(&all));
    submit(
        &mut g,
        "great-britain",
        "transfer 3 gb-f5>gb-f1, 1 gb-f5>gb-f1",
    );
    close_round(&mut g);
    assert_eq!(ships(&g, "gb-f1"), (24, area("plymouth")));
    // Emptied by the transfers: off the map, no points lost, no ship lost.
    assert_eq!(ships(&g, "gb-f5"), (0, Location::OffMap));
    assert_eq!((total_ships(&g), pp(&g, "great-britain")), before);
    assert!(!g.log().iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::LossRecorded { loss }) if loss.cause == LossCause::Scuttling
    )));
    let cited: Vec<&str> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::FleetChanged { rule, .. }) if rule != "3.7" => {
                Some(rule.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        cited,
        vec!["5.1.3"; 5],
        "after the set-up (3.7): two per transfer, one for the leaving"
    );
}

#[test]
fn transfer_5_1_3_is_refused_between_places_beyond_what_a_fleet_holds_and_for_fleets_of_others() {
    let mut g = jan(&[IRISH_AT_PLYMOUTH]);
    // The Channel Fleet at Plymouth, the North Sea Fleet in Kent.
    assert_eq!(
        refused(&mut g, "great-britain", "transfer 2 gb-f1>gb-f2"),
        "5.1.3"
    );
    assert_eq!(
        refused(&mut g, "great-britain", "transfer 5 gb-f5>gb-f1"),
        "5.1.3"
    );
    assert_eq!(
        refused(&mut g, "great-britain", "transfer 2 gb-f1>gb-f1"),
        "5.1.3"
    );
    assert_eq!(
        refused(&mut g, "great-britain", "transfer 0 gb-f5>gb-f1"),
        "3.3"
    );
    // The Brest Fleet is France's.
    assert_eq!(
        refused(&mut g, "great-britain", "transfer 2 fr-f1>gb-f1"),
        "5.1.3"
    );
    assert_eq!(ships(&g, "gb-f1").0, 20);
}

#[test]
fn scuttling_5_1_4_destroys_the_ships_records_the_loss_and_costs_the_5_1_4_1_points() {
    let mut g = jan(&[]);
    let points = pp(&g, "great-britain");
    let total = total_ships(&g);
    submit(&mut g, "great-britain", "scuttle gb-f5");
    close_round(&mut g);
    assert_eq!(ships(&g, "gb-f5"), (0, Location::OffMap));
    assert_eq!(total_ships(&g), total - 4);
    let cost = g.scenario().points("scuttle-fleet").unwrap().points;
    assert_eq!(cost, -1, "Coalition's value in charts.ron");
    assert_eq!(pp(&g, "great-britain"), points + cost);
    let loss = g
        .state()
        .records
        .losses
        .iter()
        .find(|l| l.cause == LossCause::Scuttling)
        .expect("the scuttling is recorded");
    assert_eq!(
        (loss.nation, loss.ships, loss.rule.as_str()),
        (np("great-britain"), 4, "5.1.4")
    );
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::PointsChanged { rule, delta: -1, .. }) if rule == "5.1.4.1"
    )));
}

#[test]
fn a_fleet_emptied_by_transfers_and_named_to_scuttle_costs_nothing() {
    // 5.1.4.1: only a fleet that still holds ships is charged.
    let mut g = jan(&[IRISH_AT_PLYMOUTH]);
    let points = pp(&g, "great-britain");
    let d = r#"{"reinforce": {"transfers": [{"from": "gb-f5", "to": "gb-f1", "ships": 4}], "scuttle": ["gb-f5"]}}"#;
    submit(&mut g, "great-britain", d);
    close_round(&mut g);
    assert_eq!(ships(&g, "gb-f1").0, 24);
    assert_eq!(ships(&g, "gb-f5"), (0, Location::OffMap));
    assert_eq!(pp(&g, "great-britain"), points);
    assert!(g.state().records.losses.is_empty());
}

#[test]
fn scuttling_5_1_4_is_refused_for_fleets_not_moved_off_the_map_or_named_twice() {
    let mut g = jan(&[r#"{"fleet": {"fleet": "gb-f5", "ships": 4, "location": "off_map"}}"#]);
    assert_eq!(refused(&mut g, "great-britain", "scuttle fr-f1"), "5.1.4");
    assert_eq!(refused(&mut g, "great-britain", "scuttle gb-f5"), "5.1.4");
    assert_eq!(
        refused(&mut g, "great-britain", "scuttle gb-f3,gb-f3"),
        "3.3"
    );
    assert_eq!(refused(&mut g, "great-britain", "scuttle nobody-f9"), "3.4");
}

/// Denmark a French free state, its two ships arriving at Copenhagen in January (they form its fleet), the
/// Rochefort Squadron there too; played on to February's Reinforcement Phase.
fn danish_fleet() -> Game {
    let mut g = jan(&[
        r#"{"minor_control": {"minor": "denmark", "controller": "france", "status": "free_state"}}"#,
        r#"{"queue_reinforcement": {"owner": {"minor": "denmark"}, "unit": "ship", "count": 2, "due": null, "port": "copenhagen"}}"#,
        r#"{"fleet": {"fleet": "fr-f3", "ships": 5, "location": {"area": "copenhagen"}}}"#,
    ]);
    common::run_to(&mut g, Step::Reinforcement);
    common::run_to(&mut g, Step::Naval);
    common::run_to(&mut g, Step::Reinforcement);
    assert_eq!(g.state().date().month, 2);
    g
}

fn danish(g: &Game) -> FleetId {
    let (id, f) = g
        .state()
        .forces
        .fleets
        .iter()
        .find(|(_, f)| {
            f.owner == Nation::Minor(coalition_engine::ids::MinorId::new("denmark").unwrap())
        })
        .expect("Denmark's new fleet");
    assert_eq!((f.ships, f.location), (2, area("copenhagen")));
    *id
}

#[test]
fn a_controlled_minors_fleet_may_not_be_scuttled_5_1_4_2_nor_share_ships_with_its_controller_5_1_3()
{
    let mut g = danish_fleet();
    let dk = danish(&g);
    let menu = g.choices(p("france"));
    assert!(
        !menu.contains(&Decision::parse(&format!("scuttle {dk}"), g.scenario()).unwrap()),
        "the list offers only legal scuttling"
    );
    let why = common::refused(&mut g, "france", &format!("scuttle {dk}"));
    assert_eq!(why, "5.1.4.2");
    // Major and minor: no transfer either way, though both lie at Copenhagen.
    assert_eq!(
        refused(&mut g, "france", &format!("transfer 1 {dk}>fr-f3")),
        "5.1.3"
    );
    assert_eq!(
        refused(&mut g, "france", &format!("transfer 1 fr-f3>{dk}")),
        "5.1.3"
    );
    // France may still scuttle its own squadron there.
    submit(&mut g, "france", "scuttle fr-f3");
    close_round(&mut g);
    assert_eq!(ships(&g, "fr-f3"), (0, Location::OffMap));
    assert_eq!(g.state().forces.fleets[&dk].ships, 2);
}

#[test]
fn an_umps_fleet_may_not_be_scuttled_voluntarily() {
    // rule: 14.3.2.1.8 — Spain, an UMP France controls, may not scuttle its fleets (5.1.4's restrictions); it may
    // still transfer ships between them.
    let mut g = jan(&[
        r#"{"set_ump_control": {"ump": "spain", "controller": "france", "status": "active"}}"#,
        r#"{"fleet": {"fleet": "sp-f3", "ships": 6, "location": {"area": "cadiz"}}}"#,
    ]);
    assert!(g.pending().contains(&p("spain")));
    assert_eq!(refused(&mut g, "spain", "scuttle sp-f1"), "14.3.2.1.8");
    assert!(
        !g.choices(p("spain"))
            .iter()
            .any(|d| d.to_string().starts_with("scuttle")),
        "no scuttling is listed for an UMP"
    );
    submit(&mut g, "spain", "transfer 6 sp-f3>sp-f1");
    close_round(&mut g);
    assert_eq!(ships(&g, "sp-f1").0, 21);
    assert_eq!(ships(&g, "sp-f3"), (0, Location::OffMap));
}

#[test]
fn corps_aboard_a_fleet_scuttled_in_port_go_ashore_and_at_sea_it_is_refused() {
    // 5.1.4 with 6.2.5: II Corps aboard the Gibraltar Squadron in Gibraltar; I Corps aboard the Irish Squadron
    // at sea.
    let mut g = jan(&[
        r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5, "cavalry": 1}, "location": {"aboard": "gb-f4"}}}"#,
        r#"{"fleet": {"fleet": "gb-f5", "ships": 4, "location": {"sea": "irish-sea"}}}"#,
        r#"{"corps": {"corps": "gb-1", "factors": {"infantry": 6, "cavalry": 1}, "location": {"aboard": "gb-f5"}}}"#,
    ]);
    assert_eq!(refused(&mut g, "great-britain", "scuttle gb-f5"), "5.1.4");
    submit(&mut g, "great-britain", "scuttle gb-f4");
    close_round(&mut g);
    assert_eq!(ships(&g, "gb-f4"), (0, Location::OffMap));
    let c = &g.state().forces.corps[&CorpsId::new("gb-2").unwrap()];
    assert_eq!(c.location, area("gibraltar"), "put ashore in its port");
    assert_eq!(c.factors.infantry, 5, "nothing lost with the ships");
    let irish = &g.state().forces.fleets[&fleet("gb-f5")];
    assert_eq!(
        irish.location,
        Location::Sea(SeaId::new("irish-sea").unwrap())
    );
}

/// The problems reported after replacing `old` by `new` once in the test scenario's `file`.
fn data_problems(file: &str, old: &str, new: &str) -> Vec<coalition_engine::error::DataError> {
    let mut src = coalition_engine::scenario::embedded_sources("test").unwrap();
    let text = src.files.get_mut(file).unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}` in {file}");
    *text = text.replacen(old, new, 1);
    match coalition_engine::scenario::Scenario::load(&src, "test") {
        Ok(_) => panic!("a data mistake was expected"),
        Err(e) => e.0,
    }
}

#[test]
fn the_data_checks_the_5_1_4_1_scuttling_points() {
    // 5.1.4.1 (Coalition's value): the entry must be there and be a cost, named with its file and entry.
    let charts = "rulesets/standard/charts.ron";
    let got = data_problems(charts, "id: \"scuttle-fleet\"", "id: \"scuttle-fleets\"");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(
        (got[0].file.as_str(), got[0].entry.as_str()),
        (charts, "political_points")
    );
    assert!(got[0].message.contains("scuttle-fleet"), "{got:?}");
    let got = data_problems(
        charts,
        "rule: \"5.1.4.1\", points: -1,",
        "rule: \"5.1.4.1\", points: 2,",
    );
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].entry, "political_points scuttle-fleet");
}
