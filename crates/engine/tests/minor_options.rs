//! The optional rules on minor countries, with and without each: 12.3.8 (a free state's factors detached as
//! garrisons outside its borders, `docs/rules/land.md`) and 12.3.9 (no ceding outside a peace; without it,
//! Coalition's cession in the Diplomacy Step, `docs/rules/cession.md`), on the test scenario (France, Austria,
//! Prussia; Bavaria neutral; Saxony a Prussian free state of two districts, Dresden and Leipzig).

mod common;

use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, MinorId, Nation};
use coalition_engine::political::minors::{MinorDecision, Placement};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location, MinorStatus};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
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
fn offered(g: &Game, power: &str, s: &str) -> bool {
    g.choices(p(power)).contains(&d(g, s))
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

// ---------------------------------------------------------------------------------------------------------------
// 12.3.9: ceding a minor country outside a peace.

fn without_12_3_9() -> Rulebook {
    rulebook(&[], &[OptionalRule::NoCeding])
}

fn cession_events(g: &Game) -> Vec<&WorldEvent> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::World(w @ WorldEvent::MinorChanged { rule, .. }) if rule == "4.1" => Some(w),
            Event::World(w @ WorldEvent::AreaControlChanged { rule, .. }) if rule == "4.1" => {
                Some(w)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn with_12_3_9_no_minor_is_ceded_in_the_diplomacy_step() {
    // rule: 12.3.9
    let mut g = game_with(Rulebook::preset(Preset::Standard));
    assert_eq!(g.state().position.step, Step::Diplomacy);
    assert!(g.rulebook().has(OptionalRule::NoCeding));
    let (rule, reason) = refused(&mut g, "prussia", "cede saxony to austria");
    assert_eq!(rule, "12.3.9");
    assert!(reason.contains("peace"), "{reason}");
    let (rule, _) = refused(&mut g, "austria", "accept cession saxony from prussia");
    assert_eq!(rule, "12.3.9");
    for q in ["france", "austria", "prussia"] {
        assert!(
            !g.choices(p(q)).iter().any(|c| {
                let t = c.to_string();
                t.starts_with("cede ") || t.starts_with("accept cession")
            }),
            "{q} is offered a cession"
        );
    }
}

#[test]
fn without_12_3_9_a_cession_offered_and_accepted_changes_control_in_public() {
    // rule: 12.3.9
    // rule: 4.1
    let mut g = game_with(without_12_3_9());
    assert!(offered(&g, "prussia", "cede saxony to austria"));
    assert!(
        !offered(&g, "france", "cede saxony to austria"),
        "not France's to cede"
    );
    assert!(
        !offered(&g, "austria", "accept cession saxony from prussia"),
        "no offer yet"
    );
    assert_eq!(
        refused(&mut g, "austria", "accept cession saxony from prussia").0,
        "4.1"
    );
    assert_eq!(refused(&mut g, "france", "cede saxony to austria").0, "4.1");
    assert_eq!(
        refused(&mut g, "prussia", "cede saxony to prussia").0,
        "4.1"
    );
    sub(&mut g, "prussia", "cede saxony to austria");
    // The offer is private: a message for Prussia and Austria only, in their views and no one else's.
    let offer = g.log().last().unwrap().clone();
    assert!(matches!(offer, Event::MessageSent { .. }));
    assert!(offer.visible_to(p("austria")) && !offer.visible_to(p("france")));
    assert_eq!(g.view(p("austria")).state.relations.cession_offers.len(), 1);
    assert!(
        g.view(p("france"))
            .state
            .relations
            .cession_offers
            .is_empty()
    );
    assert_eq!(
        g.state().minors[&m("saxony")].controller,
        Some(p("prussia"))
    );
    assert_eq!(
        refused(&mut g, "prussia", "cede saxony to austria").0,
        "4.1",
        "offered already"
    );
    assert!(offered(&g, "austria", "accept cession saxony from prussia"));
    assert!(!offered(&g, "france", "accept cession saxony from prussia"));
    assert_eq!(
        refused(&mut g, "france", "accept cession saxony from prussia").0,
        "4.1"
    );
    sub(&mut g, "austria", "accept cession saxony from prussia");
    // Saxony is Austria's free state, with both its areas, recorded as public world events.
    let s = &g.state().minors[&m("saxony")];
    assert_eq!(
        (s.controller, s.status),
        (Some(p("austria")), MinorStatus::FreeState)
    );
    for a in ["dresden", "leipzig"] {
        assert_eq!(
            g.state().area_power(g.scenario(), area(a)),
            Some(p("austria"))
        );
    }
    let events = cession_events(&g);
    assert_eq!(events.len(), 3, "{events:?}");
    assert!(
        matches!(events[0], WorldEvent::MinorChanged { controller: Some(c), status: MinorStatus::FreeState, .. } if *c == p("austria"))
    );
    let last = g.log().last().unwrap();
    assert!(last.visible_to(p("france")));
    assert!(
        g.state().relations.cession_offers.is_empty(),
        "the offer is spent"
    );
    assert!(!offered(&g, "prussia", "cede saxony to austria"));
    assert!(
        offered(&g, "austria", "cede saxony to prussia"),
        "Austria may hand it back"
    );
}

#[test]
fn an_offer_lapses_when_the_diplomacy_step_ends() {
    // rule: 12.3.9
    let mut g = game_with(without_12_3_9());
    sub(&mut g, "prussia", "cede saxony to france");
    run_to(&mut g, Step::DeclarationsOfWar);
    assert!(g.state().relations.cession_offers.is_empty());
    run_to(&mut g, Step::Land);
    run_to(&mut g, Step::Diplomacy);
    assert!(g.state().position.date > Date::new(1805, 1).unwrap());
    assert_eq!(
        refused(&mut g, "france", "accept cession saxony from prussia").0,
        "4.1"
    );
    assert!(!offered(&g, "france", "accept cession saxony from prussia"));
}

#[test]
fn a_cession_waits_for_a_quiet_minor_with_its_forces_at_home() {
    // rule: 12.3.9
    let mut g = game_with(without_12_3_9());
    let garrison = |g: &mut Game, a: &str, n: Nation, infantry: u16| {
        host(
            g,
            Adjustment::Garrison {
                area: area(a),
                owner: n,
                factors: Factors {
                    infantry,
                    ..Default::default()
                },
            },
        )
    };
    let saxony = Nation::Minor(m("saxony"));
    // Prussia's own garrison in Dresden must leave first.
    garrison(&mut g, "dresden", np("prussia"), 2);
    assert_eq!(
        refused(&mut g, "prussia", "cede saxony to austria").0,
        "4.1"
    );
    assert!(!offered(&g, "prussia", "cede saxony to austria"));
    garrison(&mut g, "dresden", np("prussia"), 0);
    // A Saxon garrison in Berlin, outside Saxony, must come home first.
    garrison(&mut g, "berlin", saxony, 1);
    let (rule, reason) = refused(&mut g, "prussia", "cede saxony to austria");
    assert_eq!(rule, "4.1");
    assert!(reason.contains("outside its borders"), "{reason}");
    garrison(&mut g, "berlin", saxony, 0);
    // The receiver's own forces may stand in it; no one else's.
    garrison(&mut g, "leipzig", np("austria"), 1);
    assert!(offered(&g, "prussia", "cede saxony to austria"));
    assert!(!offered(&g, "prussia", "cede saxony to france"));
    garrison(&mut g, "leipzig", np("austria"), 0);
    // Not between enemies.
    host(
        &mut g,
        Adjustment::War {
            aggressor: np("austria"),
            defender: np("prussia"),
            since: Some(Date::new(1804, 6).unwrap()),
        },
    );
    let (rule, reason) = refused(&mut g, "prussia", "cede saxony to austria");
    assert_eq!(rule, "4.1");
    assert!(reason.contains("at war"), "{reason}");
    assert!(offered(&g, "prussia", "cede saxony to france"));
}

#[test]
fn an_uncontrolled_major_power_cedes_nothing_outside_a_peace() {
    // rule: 12.3.9
    // rule: 14.3.2.1.2
    let mut g = game_with(without_12_3_9());
    host(
        &mut g,
        Adjustment::SetUmpControl {
            ump: p("prussia"),
            controller: Some(p("france")),
            status: coalition_engine::umps::UmpStatus::Active,
        },
    );
    assert!(g.pending().contains(&p("prussia")));
    assert_eq!(
        refused(&mut g, "prussia", "cede saxony to austria").0,
        "14.3.2.1.2"
    );
    assert!(!offered(&g, "prussia", "cede saxony to austria"));
}

#[test]
fn cession_decisions_read_back_from_their_text() {
    // rule: 4.1
    let g = game_with(without_12_3_9());
    for s in [
        "cede saxony to austria",
        "accept cession saxony from prussia",
    ] {
        assert_eq!(d(&g, s).to_string(), s);
    }
    assert_eq!(
        d(&g, "cede saxony austria").to_string(),
        "cede saxony to austria"
    );
    assert!(Decision::parse("cede austria to prussia", g.scenario()).is_err());
    // `accept` without `cession` is still the Peace Step's.
    assert!(matches!(d(&g, "accept france"), Decision::Peace(_)));
}

#[test]
fn a_conquered_minor_passes_as_it_stands() {
    // rule: 12.3.9
    let mut g = game_with(without_12_3_9());
    host(
        &mut g,
        Adjustment::MinorControl {
            minor: m("bavaria"),
            controller: Some(p("france")),
            status: MinorStatus::Conquered,
        },
    );
    assert!(offered(&g, "france", "cede bavaria to prussia"));
    sub(&mut g, "france", "cede bavaria to prussia");
    sub(&mut g, "prussia", "accept cession bavaria from france");
    let s = &g.state().minors[&m("bavaria")];
    assert_eq!(
        (s.controller, s.status),
        (Some(p("prussia")), MinorStatus::Conquered)
    );
    assert_eq!(
        g.state().area_power(g.scenario(), area("munich")),
        Some(p("prussia"))
    );
}
