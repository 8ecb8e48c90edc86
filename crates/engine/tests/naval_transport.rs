//! Coalition's transport and landing (rule 6.2.5, `docs/rules/naval.md`) through the game: corps embark with their
//! fleet in a friendly port (errata 6.2.5.1), cost the stack a movement point (12.2.3.2), are carried within the
//! fleets' capacity (6.2.5, 12.2.4), are lost with a sunk fleet beyond what the fleets left carry (12.2.4), and land
//! in the Land Phase.

mod common;

use common::{refused, submit};

use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, CorpsId, FleetId, PowerId, SeaId};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Event, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn fleet(s: &str) -> FleetId {
    FleetId::new(s).unwrap()
}

fn corps_at(g: &Game, c: &str) -> Location {
    g.state().forces.corps[&CorpsId::new(c).unwrap()].location
}

fn factors(g: &Game, c: &str) -> Factors {
    g.state().forces.corps[&CorpsId::new(c).unwrap()].factors
}

fn area(s: &str) -> Location {
    Location::Area(AreaId::new(s).unwrap())
}

fn sea(s: &str) -> Location {
    Location::Sea(SeaId::new(s).unwrap())
}

fn rulebook(large_fleets: bool, reduced: bool) -> Rulebook {
    let mut rb = Rulebook::preset(Preset::Standard);
    for (on, r) in [
        (large_fleets, OptionalRule::LargeFleets),
        (reduced, OptionalRule::ReducedNavalTransport),
    ] {
        if on {
            rb.optional.insert(r);
        } else {
            rb.optional.remove(&r);
        }
    }
    rb
}

/// The Channel Fleet in Portsmouth with II Corps (6 factors) and I Corps (7) there, Portugal a British free state;
/// Britain moves first.
fn at_portsmouth(rb: Rulebook) -> Game {
    let mut g = common::at_1805(
        rb,
        5,
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"area": "portsmouth"}}}"#,
            r#"{"corps": {"corps": "gb-1", "factors": {"infantry": 6, "cavalry": 1}, "location": {"area": "portsmouth"}}}"#,
            r#"{"minor_control": {"minor": "portugal", "controller": "great-britain", "status": "free_state"}}"#,
        ],
    );
    submit(&mut g, "great-britain", "slot 1");
    g
}

#[test]
fn a_corps_embarks_sails_to_portugal_and_lands_there() {
    // rule: 12.2.3.2
    let mut g = at_portsmouth(rulebook(true, true));
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 7, "one fleet alone");
    // Embarking is refused where the corps does not stand, and for a fleet that has moved.
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f1 carrying gb-3 portsmouth>english-channel"
        ),
        "6.2.5"
    );
    // A fleet that has moved (out to its box and back, for nothing) takes no corps aboard (errata 6.2.5.1).
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 portsmouth>box:portsmouth>portsmouth",
    );
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f1 carrying gb-2 portsmouth>english-channel"
        ),
        "6.2.5"
    );
    submit(&mut g, "great-britain", "undo");
    // Out to Portsmouth's box (no sea area: nobody may intercept, so the move may be taken back).
    submit(
        &mut g,
        "great-britain",
        "sail gb-f1 carrying gb-2 portsmouth>box:portsmouth",
    );
    assert_eq!(corps_at(&g, "gb-2"), Location::Aboard(fleet("gb-f1")));
    // 12.2.3.2: the transporting stack loses a point: 6, and the box cost none.
    assert_eq!(g.state().naval.allowance[&fleet("gb-f1")], 6);
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 6);
    // `undo` puts the corps ashore and gives the point back.
    submit(&mut g, "great-britain", "undo");
    assert_eq!(corps_at(&g, "gb-2"), area("portsmouth"));
    assert_eq!(g.state().naval.allowance[&fleet("gb-f1")], 7);
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 carrying gb-2 portsmouth>english-channel>bay-of-biscay>coast-of-portugal",
    );
    assert_eq!(g.state().naval.left(fleet("gb-f1")), 3);
    submit(&mut g, "great-britain", "done");
    common::to_land_movement(&mut g, "great-britain", None);
    // Landing: only on a coast of the Coast of Portugal, and the corps then moves no more.
    assert_eq!(
        refused(&mut g, "great-britain", "disembark gb-2 madrid"),
        "6.2.5"
    );
    assert_eq!(
        refused(&mut g, "great-britain", "move gb-2 lisbon>coimbra"),
        "7.3"
    );
    submit(&mut g, "great-britain", "disembark gb-2 lisbon");
    assert_eq!(corps_at(&g, "gb-2"), area("lisbon"));
    // Landing spent its movement (Coalition's 6.2.5): the refusal cites the landing, not 7.3.3's enemy corps.
    assert_eq!(
        refused(&mut g, "great-britain", "move gb-2 lisbon>coimbra"),
        "6.2.5"
    );
}

#[test]
fn a_fleet_carries_one_corps_or_ten_factors_under_twelve_two_four() {
    // rule: 12.2.4
    // Without 12.2.4 a fleet carries one corps of any size.
    let mut g = at_portsmouth(rulebook(false, false));
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f1 carrying gb-1,gb-2 portsmouth>english-channel"
        ),
        "6.2.5"
    );
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 carrying gb-1 portsmouth>english-channel",
    );
    assert_eq!(corps_at(&g, "gb-1"), Location::Aboard(fleet("gb-f1")));
    // Under 12.2.4 it carries 10 factors however organized: 7 and 6 are too many, 7 alone is not.
    let mut g = at_portsmouth(rulebook(false, true));
    assert_eq!(
        refused(
            &mut g,
            "great-britain",
            "sail gb-f1 carrying gb-1,gb-2 portsmouth>english-channel"
        ),
        "12.2.4"
    );
    common::sail(
        &mut g,
        "great-britain",
        "sail gb-f1 carrying gb-1 portsmouth>english-channel",
    );
    assert_eq!(corps_at(&g, "gb-1"), Location::Aboard(fleet("gb-f1")));
}

/// Two British fleets of 2 ships in the Bay of Biscay, carrying II Corps (6 factors, on gb-f4) and I Corps (7, on
/// gb-f5), against 20 French ships; Britain attacks and loses 3 ships: gb-f4 sinks.
fn sunk_transport(rb: Rulebook) -> Game {
    let mut g = common::at_1805(
        rb,
        6,
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f4", "ships": 2, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "gb-f5", "ships": 2, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"fleet": {"fleet": "fr-f1", "ships": 20, "location": {"sea": "bay-of-biscay"}}}"#,
            r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5, "cavalry": 1}, "location": {"aboard": "gb-f4"}}}"#,
            r#"{"corps": {"corps": "gb-1", "factors": {"infantry": 6, "cavalry": 1}, "location": {"aboard": "gb-f5"}}}"#,
        ],
    );
    submit(&mut g, "great-britain", "slot 1");
    submit(&mut g, "great-britain", "done");
    submit(&mut g, "great-britain", "engage bay-of-biscay");
    // Britain's fire 1 (10% of 4: none); France's 2 + 1 for superiority = 3 (15% of 20: 3); no pursuit.
    g.force_dice(&[1, 2, 1]).unwrap();
    submit(&mut g, "france", "stand");
    // Britain's fleet left retreats to its nearest port (the default of its choice, 12.2.3.5).
    while g.state().naval.stage == coalition_engine::naval::Stage::Retreat {
        for q in g.pending() {
            let d = g.default_decision(q).expect("a default");
            g.submit(q, d).unwrap();
        }
    }
    assert_eq!(g.state().forces.fleets[&fleet("gb-f4")].ships, 0);
    assert_eq!(g.state().forces.fleets[&fleet("gb-f5")].ships, 1);
    g
}

fn land_losses(g: &Game, rule: &str) -> u32 {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::LossRecorded { loss }) if loss.rule == rule => {
                Some(loss.land_factors)
            }
            _ => None,
        })
        .sum()
}

#[test]
fn a_sunk_transport_loses_the_factors_the_fleets_left_cannot_carry() {
    // rule: 12.2.4
    // 13 factors aboard, 1 fleet left carrying 10: the displaced II Corps loses 3 (its cheapest, infantry) and
    // goes aboard the fleet left.
    let g = sunk_transport(rulebook(false, true));
    assert_eq!(corps_at(&g, "gb-2"), Location::Aboard(fleet("gb-f5")));
    assert_eq!(
        factors(&g, "gb-2"),
        Factors {
            infantry: 2,
            cavalry: 1,
            ..Factors::default()
        }
    );
    assert_eq!(factors(&g, "gb-1").total(), 7);
    assert_eq!(land_losses(&g, "12.2.4"), 3);
    // The corps left aboard went where the beaten fleet retreated.
    let f5 = g.state().forces.fleets[&fleet("gb-f5")].location;
    assert_ne!(f5, sea("bay-of-biscay"), "the loser retreats to a port");
    // Without 12.2.4 the fleet left carries its own corps only: II Corps is lost whole.
    let g = sunk_transport(rulebook(false, false));
    assert_eq!(corps_at(&g, "gb-2"), Location::OffMap);
    assert!(factors(&g, "gb-2").is_empty());
    assert_eq!(land_losses(&g, "6.2.5"), 6);
    assert_eq!(corps_at(&g, "gb-1"), Location::Aboard(fleet("gb-f5")));
}

#[test]
fn forces_aboard_a_fleet_taken_off_the_map_are_put_ashore_in_its_port_or_at_home() {
    // Coalition's 6.2.5: II Corps and Cathcart aboard the Channel Fleet. In Portsmouth they go ashore there; at
    // sea, or when the port may not be used, at Britain's capital. A depot aboard goes back to the counters.
    use coalition_engine::world::cargo::put_ashore;
    let setup = |at: &str| {
        common::at_1805(
            rulebook(false, true),
            9,
            Step::Naval,
            &[
                &format!(r#"{{"fleet": {{"fleet": "gb-f1", "ships": 20, "location": {at}}}}}"#),
                r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5}, "location": {"aboard": "gb-f1"}}}"#,
                r#"{"leader": {"leader": "cathcart", "status": "active", "location": {"aboard": "gb-f1"}}}"#,
                r#"{"depot_aboard": {"fleet": "gb-f1", "owner": {"power": "great-britain"}, "present": true}}"#,
            ],
        )
    };
    // Where the corps and the leader go, and whether the depot left the fleet.
    let ashore = |g: &Game, in_port: bool, except: Option<coalition_engine::Nation>| {
        let ev = put_ashore(
            g.scenario(),
            &g.state().world,
            &[fleet("gb-f1")],
            in_port,
            except,
            "x",
            "test",
        );
        let mut places = Vec::new();
        let mut depot_off = false;
        for e in &ev {
            match e {
                WorldEvent::CorpsChanged { location, .. }
                | WorldEvent::LeaderChanged { location, .. } => places.push(*location),
                WorldEvent::DepotCarried {
                    fleet: f,
                    aboard: false,
                    ..
                } if *f == fleet("gb-f1") => depot_off = true,
                other => panic!("unexpected {other:?}"),
            }
        }
        (places, depot_off)
    };
    let g = setup(r#"{"area": "portsmouth"}"#);
    let port = area("portsmouth");
    let london = area("london");
    assert_eq!(ashore(&g, true, None), (vec![port, port], true));
    assert_eq!(ashore(&g, false, None), (vec![london, london], true));
    let g = setup(r#"{"sea": "english-channel"}"#);
    assert_eq!(ashore(&g, true, None), (vec![london, london], true));
    // The forces of the nation the caller removes itself are left alone.
    let gb = coalition_engine::Nation::Power(p("great-britain"));
    assert_eq!(ashore(&g, true, Some(gb)), (Vec::new(), false));
}
