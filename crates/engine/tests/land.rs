//! Rule 7 (Coalition's Land Phase, `docs/rules/land.md`): refusals and effects of single decisions, from positions
//! set up at the start of a Land Phase of 1805. The golden transcripts under `tests/transcripts/land/` play whole
//! months.

mod common;

use common::{refused, submit};

use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Adjustment, embedded_scenario};
use coalition_engine::{Date, Step};
use std::sync::Arc;

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

/// A game of 1805 at January's Land Phase after `adjs`, with France to move (it took the first place).
fn at_france_turn(rulebook: Rulebook, adjs: &[&str]) -> Game {
    let mut g = common::land_1805(rulebook, 3, adjs);
    submit(&mut g, "france", "slot 1");
    assert_eq!(g.state().land.current(), Some(p("france")));
    g
}

fn standard() -> Rulebook {
    Rulebook::preset(Preset::Standard)
}

const WAR_FA: &str =
    r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#;

#[test]
fn enemy_corps_end_a_move_and_the_corps_moves_no_more() {
    // rule: 7.3.3
    let mut g = at_france_turn(
        standard(),
        &[
            WAR_FA,
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        ],
    );
    // Austrian I Corps stands at Linz: a path may not go on past it.
    assert_eq!(
        refused(&mut g, "france", "move fr-1 munich>passau>linz>vienna"),
        "7.3.3"
    );
    submit(&mut g, "france", "move fr-1 munich>passau>linz");
    assert_eq!(refused(&mut g, "france", "move fr-1 linz>passau"), "7.3.3");
    assert_eq!(refused(&mut g, "france", "undo"), "7.3");
    submit(&mut g, "france", "done");
    // The meeting is a battle, fought in France's combat step (7.5).
    let battle = g.state().land.battle.as_ref().expect("a battle at Linz");
    assert_eq!(battle.area.as_str(), "linz");
}

#[test]
fn a_neutral_area_is_closed_and_a_listed_move_is_accepted() {
    // rule: 7.3.4
    let mut g = at_france_turn(
        standard(),
        &[
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "strasbourg"}}}"#,
        ],
    );
    assert_eq!(
        refused(&mut g, "france", "move fr-1 strasbourg>karlsruhe"),
        "7.3.4"
    );
    let listed = g.choices(p("france"));
    assert!(
        !listed
            .iter()
            .any(|d| d.to_string() == "move fr-1 strasbourg>karlsruhe")
    );
    let one = listed
        .iter()
        .find(|d| d.to_string() == "move fr-1 strasbourg>metz")
        .expect("a step home is listed")
        .clone();
    g.submit(p("france"), one).unwrap();
    // Taken back: the corps stands at Strasbourg again with its points.
    submit(&mut g, "france", "undo");
    assert_eq!(
        g.state().forces.corps[&coalition_engine::ids::CorpsId::new("fr-1").unwrap()].location,
        coalition_engine::scenario::Location::Area(
            coalition_engine::ids::AreaId::new("strasbourg").unwrap()
        )
    );
    submit(&mut g, "france", "move fr-1 strasbourg>metz>reims>paris");
}

#[test]
fn depots_cost_money_come_before_moves_and_are_counted() {
    // rule: 7.2
    let mut g = at_france_turn(
        standard(),
        &[r#"{"money": {"power": "france", "delta": -59}}"#],
    );
    // France has 1 money: one depot, not two.
    assert_eq!(refused(&mut g, "france", "depots build paris,reims"), "7.2");
    // Not where it neither holds the area nor stands.
    assert_eq!(refused(&mut g, "france", "depots build vienna"), "7.2");
    submit(&mut g, "france", "depots build paris");
    assert_eq!(g.state().powers[&p("france")].money, 0);
    // One depot decision, before the moves.
    assert_eq!(refused(&mut g, "france", "depots remove paris"), "7.1.3");
}

#[test]
fn a_power_over_its_depot_counters_may_still_remove_but_not_place() {
    // rule: 7.2
    // Nine French depots (depots bought in an Economic Phase are not held to the counters): one over the 8.
    let areas = [
        "paris", "reims", "metz", "lille", "lyon", "dijon", "brest", "nantes", "bordeaux",
    ];
    let adjs: Vec<String> = areas
        .iter()
        .map(|a| {
            format!(
                r#"{{"depot": {{"area": "{a}", "owner": {{"power": "france"}}, "present": true}}}}"#
            )
        })
        .collect();
    let adjs: Vec<&str> = adjs.iter().map(|s| s.as_str()).collect();
    let mut g = at_france_turn(standard(), &adjs);
    // Placing one more, even while removing one, would leave nine: refused.
    assert_eq!(
        refused(&mut g, "france", "depots build strasbourg remove paris"),
        "7.2"
    );
    // Removing alone is allowed.
    submit(&mut g, "france", "depots remove paris");
    assert!(
        !g.state()
            .forces
            .depots
            .contains_key(&coalition_engine::ids::AreaId::new("paris").unwrap())
    );
}

#[test]
fn a_corps_drops_and_picks_up_garrisons_once_a_phase() {
    // rule: 7.3.5
    let mut g = at_france_turn(
        standard(),
        &[
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "metz"}}}"#,
        ],
    );
    assert_eq!(refused(&mut g, "france", "drop fr-1 cavalry:1"), "7.3.5");
    assert_eq!(refused(&mut g, "france", "pick fr-1 infantry:9"), "7.3.5");
    submit(&mut g, "france", "drop fr-1 infantry:2");
    let metz = coalition_engine::ids::AreaId::new("metz").unwrap();
    let g_here =
        g.state().forces.garrisons[&(metz, coalition_engine::ids::Nation::Power(p("france")))];
    assert_eq!((g_here.militia, g_here.infantry), (2, 2));
    assert_eq!(refused(&mut g, "france", "pick fr-1 militia:1"), "7.3.5");
}

#[test]
fn without_the_option_a_depot_supplies_every_corps_in_reach() {
    // rule: 12.3.1
    let adjs = [
        r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
        r#"{"minor_control": {"minor": "baden", "controller": "france", "status": "free_state"}}"#,
        r#"{"depot": {"area": "munich", "owner": {"power": "france"}, "present": true}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 10}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "fr-3", "factors": {"infantry": 14}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "fr-4", "factors": {"infantry": 18}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "fr-5", "factors": {"infantry": 10}, "location": {"area": "munich"}}}"#,
    ];
    let mut off = standard();
    off.optional.remove(&OptionalRule::SupplyLimitsPerDepot);
    for (rb, out) in [(off, 0), (standard(), 1)] {
        let mut g = at_france_turn(rb, &adjs);
        g.force_dice(&[1]).unwrap();
        submit(&mut g, "france", "done");
        let traced = g
            .log()
            .iter()
            .rev()
            .find_map(|e| match e {
                coalition_engine::Event::Land(
                    coalition_engine::land::LandEvent::SupplyTraced {
                        power,
                        out_of_supply,
                        ..
                    },
                ) if *power == p("france") => Some(out_of_supply.len()),
                _ => None,
            })
            .unwrap();
        assert_eq!(traced, out);
    }
}

/// A game of 1805 after `adjs`, with every French corps but `keep` taken off the map, at January's Declarations of
/// War Step.
fn declaring_with_one_french_corps(keep: &str, adjs: &[String]) -> Game {
    let sc = Arc::new(embedded_scenario("1805").unwrap());
    let mut all: Vec<Adjustment> = sc
        .power(p("france"))
        .unwrap()
        .corps
        .iter()
        .filter(|c| c.id.as_str() != keep)
        .map(|c| {
            serde_json::from_str(&format!(
                r#"{{"corps": {{"corps": "{}", "factors": {{}}, "location": "off_map"}}}}"#,
                c.id
            ))
            .unwrap()
        })
        .collect();
    all.extend(adjs.iter().map(|a| serde_json::from_str(a).unwrap()));
    // Without 12.8, so that Austria may grant access to France, not an ally.
    let mut rb = standard();
    rb.optional.remove(&OptionalRule::AlliedVoluntaryAccess);
    let mut g = Game::with_setup(sc, rb, 3, &[], None, &all).unwrap();
    for _ in 0..1000 {
        if g.state().position.step == Step::DeclarationsOfWar && !g.pending().is_empty() {
            return g;
        }
        for power in g.pending() {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    panic!("never reached the Declarations of War Step");
}

fn declares_on_saxony(g: &mut Game) -> Result<(), String> {
    let d = coalition_engine::decision::Decision::DeclareWar(coalition_engine::decision::Declare {
        targets: vec![g.scenario().nation_by_name("saxony").unwrap()],
    });
    let listed = g.choices(p("france")).contains(&d);
    let r = g.submit(p("france"), d).map_err(|e| e.rule.clone());
    assert_eq!(listed, r.is_ok(), "choices() and submit() disagree: {r:?}");
    r
}

#[test]
fn reach_uses_the_movement_rules_access_and_enemy_corps() {
    // rule: 4.2.2.3
    // France's one corps stands at Vienna. Saxony's Dresden is three steps away through Austria (Vienna > Linz or
    // Brunn > Prague > Dresden), within an infantry corps' 4 movement points and a forced march.
    let at_vienna = r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 10}, "location": {"area": "vienna"}}}"#;
    // Austria, at peace with France, has granted no access: Austrian areas are closed (7.3.4), so Saxony is out of
    // reach.
    let mut g = declaring_with_one_french_corps("fr-1", &[at_vienna.into()]);
    assert_eq!(declares_on_saxony(&mut g), Err("4.2.2.3".into()));
    // With Austria's voluntary access the same path is open.
    let access =
        r#"{"voluntary_access": {"grantor": "austria", "grantee": "france", "granted": true}}"#;
    let mut g = declaring_with_one_french_corps("fr-1", &[at_vienna.into(), access.into()]);
    assert_eq!(declares_on_saxony(&mut g), Ok(()));
    // British corps (France and Britain are at war) at Prague and at Koniggratz, on the way to Saxony's Lusatia
    // (Vienna > Brunn > Koniggratz > Bautzen: 1 + 1 + forest 2 and a pass 1 = 5), would stop the march there
    // (7.3.3); every other way costs more than 5.
    let british = |c: &str, a: &str| {
        format!(
            r#"{{"corps": {{"corps": "{c}", "factors": {{"infantry": 6}}, "location": {{"area": "{a}"}}}}}}"#
        )
    };
    let mut g = declaring_with_one_french_corps(
        "fr-1",
        &[at_vienna.into(), access.into(), british("gb-1", "prague")],
    );
    assert_eq!(declares_on_saxony(&mut g), Ok(()), "by Koniggratz");
    let mut g = declaring_with_one_french_corps(
        "fr-1",
        &[
            at_vienna.into(),
            access.into(),
            british("gb-1", "prague"),
            british("gb-2", "koniggratz"),
        ],
    );
    assert_eq!(declares_on_saxony(&mut g), Err("4.2.2.3".into()));
}

#[test]
fn a_repatriated_force_goes_to_the_nearest_areas_by_movement_cost() {
    // rule: 4.4.6.2
    use coalition_engine::ids::{AreaId, Nation};
    use coalition_engine::world::Ctx;
    use coalition_engine::world::geography::nearest;
    let g = at_france_turn(standard(), &[]);
    let ctx = Ctx::new(g.scenario(), g.rulebook(), &g.state().world);
    let a = |s: &str| AreaId::new(s).unwrap();
    let austrian = |x: AreaId| g.state().world.area_power(g.scenario(), x) == Some(p("austria"));
    // From Berlin, Koniggratz is two areas away (Lusatia's forest 2, then a pass 1 + clear 1 = 4 points) and
    // Prague three (Leipzig 1, Dresden 1, then a pass 1 + clear 1 = 4 points): equidistant by movement cost, so
    // the owner chooses between them, though Koniggratz has fewer areas between.
    assert_eq!(
        nearest(&ctx, Nation::Power(p("austria")), a("berlin"), austrian),
        vec![a("koniggratz"), a("prague")]
    );
}

#[test]
fn a_corps_on_loan_moves_with_its_borrower_and_goes_home_when_the_loan_ends() {
    let mut g = at_france_turn(
        standard(),
        &[
            r#"{"corps": {"corps": "au-1", "factors": {"infantry": 8}, "location": {"area": "strasbourg"}}}"#,
            r#"{"corps_on_loan": {"corps": "au-1", "to": "france", "until": {"year": 1805, "month": 2}}}"#,
        ],
    );
    // France moves Austria's I Corps as its own, inside France.
    submit(&mut g, "france", "move au-1 strasbourg>metz");
    assert_eq!(
        g.state().forces.corps[&coalition_engine::ids::CorpsId::new("au-1").unwrap()].location,
        coalition_engine::scenario::Location::Area(
            coalition_engine::ids::AreaId::new("metz").unwrap()
        )
    );
    // Its factors stay Austria's: France may not drop them as a garrison.
    assert_eq!(refused(&mut g, "france", "drop au-1 infantry:2"), "B.4");
    // Play on to February's Land Phase: the loan has ended, and Austria may not stand in France, at peace and
    // without access, so its corps is placed in the nearest area Austria controls.
    for _ in 0..1000 {
        if g.state().position.date == Date::new(1805, 2).unwrap()
            && g.state().position.step == Step::Land
            && !g.pending().is_empty()
        {
            break;
        }
        for power in g.pending() {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    let w = &g.state().world;
    let at = match w.forces.corps[&coalition_engine::ids::CorpsId::new("au-1").unwrap()].location {
        coalition_engine::scenario::Location::Area(a) => a,
        other => panic!("au-1 is {other:?}"),
    };
    assert_eq!(w.area_power(g.scenario(), at), Some(p("austria")), "{at}");
    assert!(
        g.log().iter().any(|e| matches!(
            e,
            coalition_engine::event::Event::World(coalition_engine::world::WorldEvent::CorpsChanged { rule, .. }) if rule == "B.4"
        )),
        "the return is logged under B.4"
    );
}

/// January 1805, France first and done at once; Austria to move, with Schwarzenberg at Vienna and VI Corps at
/// Salzburg.
fn austria_to_move() -> Game {
    let mut g = at_france_turn(
        standard(),
        &[
            r#"{"leader": {"leader": "schwarzenberg", "status": "active", "location": {"area": "vienna"}}}"#,
            r#"{"corps": {"corps": "au-6", "factors": {"infantry": 6}, "location": {"area": "salzburg"}}}"#,
        ],
    );
    submit(&mut g, "france", "done");
    while g.state().land.current() != Some(p("austria")) {
        for q in g.pending() {
            g.submit_default(q).unwrap();
        }
    }
    g
}

#[test]
fn a_leader_moves_at_the_pace_of_the_corps_he_moves_with() {
    // rule: 7.3
    let mut g = austria_to_move();
    // Vienna to Salzburg with II Corps: 3 points of its 4.
    submit(
        &mut g,
        "austria",
        "move au-2,schwarzenberg vienna>linz>salzburg",
    );
    assert_eq!(
        g.state().land.leader_spent
            [&coalition_engine::ids::LeaderId::new("schwarzenberg").unwrap()],
        3
    );
    // He may not go on with VI Corps over the pass (3 more points), though VI Corps may, alone.
    assert_eq!(
        refused(
            &mut g,
            "austria",
            "move au-6,schwarzenberg salzburg>innsbruck"
        ),
        "7.3"
    );
    let listed: Vec<String> = g
        .choices(p("austria"))
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert!(listed.contains(&"move au-6 salzburg>innsbruck".to_string()));
    assert!(!listed.contains(&"move au-6,schwarzenberg salzburg>innsbruck".to_string()));
    // One more point (Linz, clear) is within his pace: offered and accepted.
    assert!(listed.contains(&"move au-6,schwarzenberg salzburg>linz".to_string()));
    // `undo` gives his points back with the corps'.
    submit(&mut g, "austria", "undo");
    assert!(g.state().land.leader_spent.values().all(|v| *v == 0));
}

#[test]
fn a_move_by_destination_takes_the_cheapest_legal_path_and_stops_at_the_enemy() {
    // Coalition's 7.3 with 7.3.3: fr-1 at Munich, at war with Austria, whose I Corps stands at Linz.
    let g = at_france_turn(
        standard(),
        &[
            WAR_FA,
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        ],
    );
    let ctx = coalition_engine::world::Ctx {
        scenario: g.scenario(),
        rulebook: g.rulebook(),
        world: &g.state().world,
        own: &*g.state().land,
    };
    let fr1 = coalition_engine::ids::CorpsId::new("fr-1").unwrap();
    let area = |a: &str| coalition_engine::ids::AreaId::new(a).unwrap();
    let (d, cost) =
        coalition_engine::land::route::route(&ctx, p("france"), &[fr1], &[], area("linz"))
            .expect("Linz is in reach");
    let coalition_engine::land::LandDecision::Move { path, .. } = &d else {
        panic!("a move: {d:?}");
    };
    assert_eq!(path.first(), Some(&area("munich")));
    assert_eq!(path.last(), Some(&area("linz")));
    // The cost is the path's, as the move's own check counts it, and no cheaper path is listed.
    let reach = coalition_engine::land::route::reachable(&ctx, p("france"), &[fr1]);
    assert_eq!(reach[&area("linz")].0, cost);
    // Past the Austrian corps at Linz no path goes on (7.3.3).
    assert!(
        coalition_engine::land::route::route(&ctx, p("france"), &[fr1], &[], area("vienna"))
            .is_err()
            || !reach[&area("vienna")].1.contains(&area("linz"))
    );
    let mut g = g;
    submit(&mut g, "france", &d.to_string());
}
