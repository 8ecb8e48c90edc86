//! Coalition's invasion supply (rule 6.2.5 with 12.2.3.2, `docs/rules/naval.md`): a depot embarks with its fleet
//! in a friendly port, costs the stack its transport point, supplies the corps on the coasts its fleet could land
//! them on (it is a source by itself), lands as a depot of an area, and is carried on or lost with a sunk fleet.

mod common;

use common::{refused, submit};

use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, CorpsId, FleetId, Nation, PowerId};
use coalition_engine::land::LandEvent;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::Location;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Event, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn fleet(s: &str) -> FleetId {
    FleetId::new(s).unwrap()
}

fn a(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn gb() -> Nation {
    Nation::Power(p("great-britain"))
}

fn rulebook() -> Rulebook {
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional.insert(OptionalRule::LargeFleets);
    rb.optional.insert(OptionalRule::ReducedNavalTransport);
    rb
}

/// The Channel Fleet in Portsmouth with II Corps and a British depot there, Portugal a British free state; Britain
/// moves first.
fn at_portsmouth(extra: &[&str]) -> Game {
    let mut adjs = vec![
        r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"area": "portsmouth"}}}"#,
        r#"{"depot": {"area": "portsmouth", "owner": {"power": "great-britain"}, "present": true}}"#,
        r#"{"minor_control": {"minor": "portugal", "controller": "great-britain", "status": "free_state"}}"#,
    ];
    adjs.extend_from_slice(extra);
    let mut g = common::at_1805(rulebook(), 5, Step::Naval, &adjs);
    submit(&mut g, "great-britain", "slot 1");
    g
}

fn depot_ashore(g: &Game, area: &str) -> bool {
    g.state()
        .forces
        .depots
        .get(&a(area))
        .is_some_and(|d| d.contains(&gb()))
}

fn depot_aboard(g: &Game, f: &str) -> bool {
    g.state().forces.depots_aboard.get(&fleet(f)) == Some(&gb())
}

/// Britain's last traced supply: the corps out of supply and the depots aboard fleets it used.
fn british_supply(g: &Game) -> (Vec<CorpsId>, Vec<(FleetId, u32)>) {
    g.log()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Land(LandEvent::SupplyTraced {
                power,
                out_of_supply,
                fleets_used,
                ..
            }) if *power == p("great-britain") => Some((
                out_of_supply.clone(),
                fleets_used.iter().map(|(f, n)| (*f, *n)).collect(),
            )),
            _ => None,
        })
        .expect("Britain traced its supply")
}

#[test]
fn a_depot_embarks_alone_costs_the_stack_its_transport_point_and_undo_puts_it_back() {
    // rule: 12.2.3.2
    let mut g = at_portsmouth(&[]);
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 7);
    // The menu offers the depot's embarkation.
    let offered = common::offered(&g, "great-britain");
    assert!(
        offered
            .iter()
            .any(|d| d == "sail gb-f1 carrying depot portsmouth>english-channel"),
        "{offered:?}"
    );
    // 12.2.3.2: a stack with a depot for invasion supply aboard loses a movement point.
    // Out to Portsmouth's box (no cost), where no enemy may intercept, so the move may be taken back.
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 carrying depot portsmouth>box:portsmouth",
    );
    assert!(depot_aboard(&g, "gb-f1"));
    assert!(!depot_ashore(&g, "portsmouth"));
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 6);
    submit(&mut g, "great-britain", "undo");
    assert!(!depot_aboard(&g, "gb-f1"));
    assert!(depot_ashore(&g, "portsmouth"));
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 7);
}

#[test]
fn a_depot_embarks_only_where_its_power_has_one_and_only_in_a_port() {
    // Britain's depot taken off the map: none in Portsmouth to embark.
    let mut g = at_portsmouth(&[
        r#"{"depot": {"area": "portsmouth", "owner": {"power": "great-britain"}, "present": false}}"#,
    ]);
    let d = coalition_engine::Decision::parse(
        "sail gb-f1 carrying depot portsmouth>english-channel",
        g.scenario(),
    )
    .unwrap();
    let e = g.submit(p("great-britain"), d).unwrap_err();
    assert_eq!(e.rule, "6.2.5");
    assert!(e.reason.contains("no depot"), "{}", e.reason);
    // At sea nothing embarks.
    let mut g = at_portsmouth(&[
        r#"{"fleet": {"fleet": "gb-f2", "ships": 5, "location": {"sea": "english-channel"}}}"#,
    ]);
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f2 carrying depot english-channel>north-sea"
        ),
        "6.2.5"
    );
}

#[test]
fn an_invasion_depot_at_sea_supplies_the_corps_on_its_coasts() {
    // Coalition's 6.2.5: II Corps lands at Lisbon, where no British source or depot chain reaches. With the depot
    // aboard the fleet off the coast it is in supply; without it, out of supply.
    for with_depot in [true, false] {
        let mut g = at_portsmouth(&[
            r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5}, "location": {"area": "portsmouth"}}}"#,
        ]);
        let carried = if with_depot { "depot,gb-2" } else { "gb-2" };
        common::sail(
            &mut g,
            "great-britain",
            &format!(
                "sail gb-f1 carrying {carried} portsmouth>english-channel>bay-of-biscay>coast-of-portugal"
            ),
        );
        common::to_land_movement(&mut g, "great-britain", None);
        submit(&mut g, "great-britain", "disembark gb-2 lisbon");
        submit(&mut g, "great-britain", "done");
        let (out, used) = british_supply(&g);
        let gb2 = CorpsId::new("gb-2").unwrap();
        if with_depot {
            assert!(!out.contains(&gb2), "supplied from the sea");
            assert_eq!(used, vec![(fleet("gb-f1"), 1)]);
        } else {
            assert!(out.contains(&gb2), "no source or depot reaches Lisbon");
            assert!(used.is_empty());
        }
    }
}

#[test]
fn a_depot_lands_as_a_depot_of_the_area_where_seven_two_allows_one() {
    let mut g = at_portsmouth(&[
        r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5}, "location": {"area": "portsmouth"}}}"#,
    ]);
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 carrying depot,gb-2 portsmouth>english-channel>bay-of-biscay>coast-of-portugal",
    );
    common::to_land_movement(&mut g, "great-britain", None);
    // Not a coast of the fleet's sea area.
    assert_eq!(
        refused(&mut g, "great-britain", "disembark depot,gb-2 madrid"),
        "6.2.5"
    );
    let offered = common::offered(&g, "great-britain");
    assert!(
        offered.iter().any(|d| d == "disembark depot,gb-2 lisbon"),
        "{offered:?}"
    );
    submit(&mut g, "great-britain", "disembark depot,gb-2 lisbon");
    assert!(depot_ashore(&g, "lisbon"));
    assert!(!depot_aboard(&g, "gb-f1"));
    assert_eq!(
        g.state().forces.corps[&CorpsId::new("gb-2").unwrap()].location,
        Location::Area(a("lisbon"))
    );
    // Nothing left aboard to land.
    assert_eq!(
        refused(&mut g, "great-britain", "disembark depot lisbon"),
        "6.2.5"
    );
}

#[test]
fn a_depot_lands_alone_only_where_its_power_holds_the_area_or_has_corps() {
    // Two fleets with depots aboard in the Bay of Biscay; no British corps ashore. Rochefort is France's, so a
    // depot may not land alone there (7.2). With a British
    // corps landing with it, the depot may land in Rochefort; the second then may not (one depot an area).
    let mut g = common::at_1805(
        rulebook(),
        5,
        Step::Land,
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "gb-f2", "ships": 5, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"depot_aboard": {"fleet": "gb-f1", "owner": {"power": "great-britain"}, "present": true}}"#,
            r#"{"depot_aboard": {"fleet": "gb-f2", "owner": {"power": "great-britain"}, "present": true}}"#,
            r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5}, "location": {"aboard": "gb-f1"}}}"#,
        ],
    );
    common::to_land_movement(&mut g, "great-britain", None);
    assert_eq!(
        refused(&mut g, "great-britain", "disembark depot rochefort"),
        "7.2"
    );
    submit(&mut g, "great-britain", "disembark depot,gb-2 rochefort");
    assert!(depot_ashore(&g, "rochefort"));
    assert!(!depot_aboard(&g, "gb-f1"));
    assert!(depot_aboard(&g, "gb-f2"));
    assert_eq!(
        refused(&mut g, "great-britain", "disembark depot rochefort"),
        "7.2"
    );
}

#[test]
fn a_depot_aboard_a_sunk_fleet_goes_to_a_fleet_left_or_is_lost() {
    // Two British fleets of 2 ships in the Bay of Biscay, each with a depot aboard, against 20 French ships;
    // Britain attacks and loses 3 ships: gb-f4 sinks, gb-f5 is left with one, and already carries a depot, so
    // gb-f4's is lost. With gb-f5 empty, it carries gb-f4's on.
    for f5_loaded in [true, false] {
        let mut adjs = vec![
            r#"{"fleet": {"fleet": "gb-f4", "ships": 2, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "gb-f5", "ships": 2, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "fr-f1", "ships": 20, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"depot_aboard": {"fleet": "gb-f4", "owner": {"power": "great-britain"}, "present": true}}"#,
        ];
        if f5_loaded {
            adjs.push(r#"{"depot_aboard": {"fleet": "gb-f5", "owner": {"power": "great-britain"}, "present": true}}"#);
        }
        let mut g = common::at_1805(rulebook(), 6, Step::Naval, &adjs);
        submit(&mut g, "great-britain", "slot 1");
        submit(&mut g, "great-britain", "done");
        submit(&mut g, "great-britain", "engage bay-of-biscay");
        g.force_dice(&[1, 2, 1]).unwrap();
        submit(&mut g, "france", "stand");
        assert_eq!(g.state().forces.fleets[&fleet("gb-f4")].ships, 0);
        assert_eq!(g.state().forces.fleets[&fleet("gb-f5")].ships, 1);
        assert!(!depot_aboard(&g, "gb-f4"));
        assert!(depot_aboard(&g, "gb-f5"));
        let lost = g.log().iter().any(|e| {
            matches!(e, Event::World(WorldEvent::DepotCarried { fleet: f, aboard: false, reason, .. })
                if *f == fleet("gb-f4") && reason.contains("lost"))
        });
        assert_eq!(lost, f5_loaded, "lost only when no fleet left has room");
    }
}
