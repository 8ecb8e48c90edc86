//! The optional rules on minor countries, with and without each: 12.3.8 (a free state's factors detached as
//! garrisons outside its borders, `docs/rules/land.md`), on the test scenario (France, Austria, Prussia; Bavaria
//! neutral; Saxony a Prussian free state of two districts, Dresden and Leipzig).

mod common;

use coalition_engine::Decision;
use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, MinorId, Nation};
use coalition_engine::political::minors::{MinorDecision, Placement};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location};
use coalition_engine::world::WorldEvent;
use common::*;

fn m(s: &str) -> MinorId {
    MinorId::new(s).unwrap()
}
fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}
fn corps(s: &str) -> CorpsId {
    CorpsId::new(s).unwrap()
}
fn d(g: &Game, s: &str) -> Decision {
    Decision::parse(s, g.scenario()).unwrap_or_else(|e| panic!("`{s}`: {e}"))
}
fn sub(g: &mut Game, power: &str, s: &str) {
    let dec = d(g, s);
    g.submit(p(power), dec)
        .unwrap_or_else(|e| panic!("{power} `{s}` refused: {e}"));
}
/// The refusal of `s` (the game unchanged), as (rule, reason).
fn refused(g: &mut Game, power: &str, s: &str) -> (String, String) {
    let dec = d(g, s);
    let before = g.log().len();
    let e = g.submit(p(power), dec).unwrap_err();
    assert_eq!(g.log().len(), before, "a refusal changes nothing");
    (e.rule, e.reason)
}
fn host(g: &mut Game, a: Adjustment) {
    g.host(&a, "test set-up").unwrap();
}
fn rulebook(on: &[OptionalRule], off: &[OptionalRule]) -> Rulebook {
    let mut rb = Rulebook::preset(Preset::Standard);
    for r in on {
        rb.optional.insert(*r);
    }
    for r in off {
        rb.optional.remove(r);
    }
    rb
}

// ---------------------------------------------------------------------------------------------------------------
// 12.3.8: detaching a free state's factors.

/// France declares war on Bavaria; Austria runs it and sets up its two corps in Munich (bavaria-1 with 4
/// infantry and 2 cavalry, bavaria-2 with 2 infantry); the host moves bavaria-1 to Prague (Austria's); the game
/// runs to Austria's turn in the Land Phase.
fn bavaria_run_by_austria(rb: Rulebook) -> Game {
    let mut g = game_with(rb);
    run_to(&mut g, Step::DeclarationsOfWar);
    let bavaria = g.scenario().nation_by_name("bavaria").unwrap();
    submit_all(
        &mut g,
        vec![(
            "france",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![bavaria],
            }),
        )],
    );
    run_to(&mut g, Step::MinorCountryControl);
    let roll = |ms: &[&str]| {
        Decision::MinorControl(MinorDecision::Roll {
            minors: ms.iter().map(|s| m(s)).collect(),
        })
    };
    submit_all(
        &mut g,
        vec![("austria", roll(&["bavaria"])), ("prussia", roll(&[]))],
    );
    assert_eq!(
        g.state().minors[&m("bavaria")].controller,
        Some(p("austria"))
    );
    let pl = |a: &str, i: u16, c: u16| Placement {
        area: area(a),
        infantry: i,
        cavalry: c,
    };
    g.submit(
        p("austria"),
        Decision::MinorControl(MinorDecision::SetUp {
            corps: vec![pl("munich", 4, 2), pl("munich", 2, 0)],
            garrisons: vec![],
            fleet: None,
        }),
    )
    .unwrap();
    host(
        &mut g,
        Adjustment::Corps {
            corps: corps("bavaria-1"),
            factors: Factors {
                infantry: 4,
                cavalry: 2,
                ..Default::default()
            },
            location: Location::Area(area("prague")),
        },
    );
    run_to(&mut g, Step::Land);
    for _ in 0..20 {
        if g.state().land.current() == Some(p("austria")) && g.pending() == vec![p("austria")] {
            return g;
        }
        submit_all(&mut g, vec![]);
    }
    panic!("Austria never moved");
}

fn garrison(g: &Game, a: &str, n: Nation) -> Factors {
    g.state()
        .forces
        .garrisons
        .get(&(area(a), n))
        .copied()
        .unwrap_or_default()
}

fn drops_listed(g: &Game, power: &str, c: &str) -> bool {
    g.choices(p(power)).iter().any(|x| {
        matches!(x, Decision::Land(coalition_engine::land::LandDecision::Garrison { corps: k, drop, .. })
            if *k == corps(c) && !drop.is_empty())
    })
}

#[test]
fn without_12_3_8_a_free_state_garrisons_only_inside_its_borders() {
    // rule: 12.3.8
    let mut g = bavaria_run_by_austria(rulebook(&[], &[OptionalRule::DetachingFreeStateFactors]));
    // Prague is Austria's: a Bavarian corps may not leave factors there, and the menu does not offer it.
    let (rule, reason) = refused(&mut g, "austria", "drop bavaria-1 infantry:1");
    assert_eq!(rule, "12.3.8");
    assert!(
        reason.contains("outside") && reason.contains("12.3.8"),
        "{reason}"
    );
    assert!(!drops_listed(&g, "austria", "bavaria-1"));
    // Austria's own corps there drops as before; in Munich the Bavarian corps does too.
    assert!(drops_listed(&g, "austria", "bavaria-2"));
    sub(&mut g, "austria", "drop au-2 infantry:1");
    sub(&mut g, "austria", "drop bavaria-2 infantry:1");
    assert_eq!(
        garrison(&g, "munich", Nation::Minor(m("bavaria"))).infantry,
        1
    );
    assert_eq!(garrison(&g, "prague", np("austria")).infantry, 1);
    assert_eq!(
        garrison(&g, "prague", Nation::Minor(m("bavaria"))),
        Factors::default()
    );
}

#[test]
fn with_12_3_8_a_free_state_garrison_stands_outside_and_keeps_its_nationality() {
    // rule: 12.3.8
    let mut g = bavaria_run_by_austria(rulebook(&[OptionalRule::DetachingFreeStateFactors], &[]));
    assert!(drops_listed(&g, "austria", "bavaria-1"));
    sub(&mut g, "austria", "drop bavaria-1 infantry:2");
    // The garrison in Prague is Bavaria's, beside Austria's (none yet): nationalities are kept apart.
    assert_eq!(
        garrison(&g, "prague", Nation::Minor(m("bavaria"))).infantry,
        2
    );
    assert_eq!(garrison(&g, "prague", np("austria")), Factors::default());
    // An Austrian corps does not absorb the Bavarian factors.
    let (rule, _) = refused(&mut g, "austria", "pick au-2 infantry:1");
    assert_eq!(rule, "7.3.5");
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::GarrisonChanged { area: a, owner: Nation::Minor(_), rule, .. })
            if *a == area("prague") && rule == "7.3.5"
    )));
}
