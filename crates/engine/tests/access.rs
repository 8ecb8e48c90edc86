//! Voluntary access (Coalition's 10.3, `docs/rules/access.md`), 12.8 (AlliedVoluntaryAccess) and 12.4
//! (PeaceTreatyLimitedAccess) on the test scenario (France, Austria, Prussia).

mod common;

use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, FleetId};
use coalition_engine::political::peace::Obligation;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location, LossCause};
use coalition_engine::world::WorldEvent;
use coalition_engine::world::treaties::limited_access;
use coalition_engine::{Date, Decision, Position, Step};
use common::*;

fn d(g: &Game, s: &str) -> Decision {
    Decision::parse(s, g.scenario()).unwrap()
}

fn sub(g: &mut Game, power: &str, s: &str) {
    let dec = d(g, s);
    g.submit(p(power), dec)
        .unwrap_or_else(|e| panic!("{power} `{s}` refused: {e}"));
}

/// The rule of the refusal (the game unchanged).
fn refused(g: &mut Game, power: &str, s: &str) -> String {
    let dec = d(g, s);
    let before = g.log().len();
    let e = g.submit(p(power), dec).unwrap_err();
    assert_eq!(g.log().len(), before);
    e.rule
}

fn date(y: u16, m: u8) -> Date {
    Date::new(y, m).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn host(g: &mut Game, a: Adjustment) {
    g.host(&a, "test").unwrap();
}

fn war(a: &str, b: &str) -> Adjustment {
    Adjustment::War {
        aggressor: np(a),
        defender: np(b),
        since: Some(date(1804, 6)),
    }
}

/// The last `AccessChanged` in the log, as (grantor, grantee, granted, rule).
fn last_access_event(g: &Game) -> Option<(String, String, bool, String)> {
    g.log().iter().rev().find_map(|e| match e {
        Event::World(WorldEvent::AccessChanged {
            grantor,
            grantee,
            granted,
            rule,
            ..
        }) => Some((
            grantor.to_string(),
            grantee.to_string(),
            *granted,
            rule.clone(),
        )),
        _ => None,
    })
}

/// The test scenario at the Diplomacy Step of its first month, under `rulebook`.
fn at_diplomacy(rulebook: Rulebook) -> Game {
    let g = game_with(rulebook);
    assert_eq!(g.state().position.step, Step::Diplomacy);
    g
}

fn without_12_8() -> Rulebook {
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional.remove(&OptionalRule::AlliedVoluntaryAccess);
    rb
}

#[test]
fn access_is_granted_and_revoked_in_the_diplomacy_step_as_a_public_act() {
    // rule: 4.1
    let mut g = at_diplomacy(without_12_8());
    assert!(
        g.choices(p("france"))
            .contains(&d(&g, "grant access austria"))
    );
    assert!(
        !g.choices(p("france"))
            .contains(&d(&g, "revoke access austria"))
    );
    sub(&mut g, "france", "grant access austria");
    assert!(g.state().has_access(p("austria"), p("france")));
    assert!(!g.state().has_access(p("france"), p("austria")), "one way");
    assert_eq!(
        last_access_event(&g),
        Some(("france".into(), "austria".into(), true, "10.3".into()))
    );
    // Public: every power sees the grant; it is no message.
    for q in ["austria", "prussia"] {
        assert!(
            g.log()
                .iter()
                .filter(|e| e.visible_to(p(q)))
                .any(|e| matches!(e, Event::World(WorldEvent::AccessChanged { .. })))
        );
    }
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::MessageSent { .. }))
    );
    // France is still asked: a grant does not end its part in the step.
    assert!(g.pending().contains(&p("france")));
    assert!(
        !g.choices(p("france"))
            .contains(&d(&g, "grant access austria"))
    );
    assert!(
        g.choices(p("france"))
            .contains(&d(&g, "revoke access austria"))
    );
    assert_eq!(refused(&mut g, "france", "grant access austria"), "10.3");
    assert_eq!(refused(&mut g, "france", "grant access france"), "10.3");
    assert_eq!(refused(&mut g, "austria", "revoke access france"), "10.3");
    sub(&mut g, "france", "revoke access austria");
    assert!(!g.state().has_access(p("austria"), p("france")));
    assert_eq!(
        last_access_event(&g),
        Some(("france".into(), "austria".into(), false, "10.3".into()))
    );
    // The text forms read back.
    for s in ["grant access austria", "revoke access austria,prussia"] {
        assert_eq!(d(&g, s).to_string(), s);
    }
}

#[test]
fn a_grant_stands_after_the_diplomacy_step() {
    // rule: 4.1
    let mut g = at_diplomacy(without_12_8());
    sub(&mut g, "prussia", "grant access austria");
    run_to(&mut g, Step::DeclarationsOfWar);
    assert!(g.state().has_access(p("austria"), p("prussia")));
    // Revoked only in a Diplomacy Step: the declarations take no such decision.
    let before = g.log().len();
    let e = g
        .submit(p("prussia"), d(&g, "revoke access austria"))
        .unwrap_err();
    assert_eq!((e.rule.as_str(), g.log().len()), ("3.1", before));
}

#[test]
fn voluntary_access_only_to_an_ally_under_12_8() {
    // rule: 12.8
    let mut g = at_diplomacy(Rulebook::preset(Preset::Standard));
    assert_eq!(refused(&mut g, "france", "grant access austria"), "12.8");
    assert!(
        !g.choices(p("france"))
            .iter()
            .any(|c| c.to_string().starts_with("grant access"))
    );
    ally(&mut g, "france", "austria");
    assert!(
        g.choices(p("france"))
            .contains(&d(&g, "grant access austria"))
    );
    sub(&mut g, "france", "grant access austria");
    assert_eq!(
        last_access_event(&g),
        Some(("france".into(), "austria".into(), true, "12.8".into()))
    );
    // Without the option, anyone not at war may be granted access.
    let mut g = at_diplomacy(without_12_8());
    sub(&mut g, "france", "grant access prussia");
}

#[test]
fn a_grant_made_under_12_8_lapses_when_the_alliance_is_broken() {
    // rule: 12.8
    let mut g = at_diplomacy(Rulebook::preset(Preset::Standard));
    ally(&mut g, "france", "austria");
    sub(&mut g, "austria", "grant access france");
    host(
        &mut g,
        Adjustment::BreakAlliance {
            a: p("france"),
            b: p("austria"),
            by: vec![p("france")],
            date: None,
        },
    );
    assert!(!g.state().has_access(p("france"), p("austria")));
    assert_eq!(
        last_access_event(&g),
        Some(("austria".into(), "france".into(), false, "12.8".into()))
    );
    // The lapse follows the break in the log.
    let n = g.log().len();
    assert!(matches!(
        &g.log()[n - 2],
        Event::World(WorldEvent::AllianceBroken { .. })
    ));
}

#[test]
fn a_grant_lapses_when_grantor_and_grantee_go_to_war() {
    let mut g = at_diplomacy(without_12_8());
    sub(&mut g, "austria", "grant access france");
    sub(&mut g, "austria", "grant access prussia");
    host(&mut g, war("france", "austria"));
    assert!(!g.state().has_access(p("france"), p("austria")));
    assert!(
        g.state().has_access(p("prussia"), p("austria")),
        "untouched"
    );
    assert_eq!(
        last_access_event(&g),
        Some(("austria".into(), "france".into(), false, "10.3".into()))
    );
    // And no grant to an enemy.
    assert_eq!(refused(&mut g, "austria", "grant access france"), "10.3");
}

// ---------------------------------------------------------------------------------------------------------------
// 12.4

/// France and Austria at war, France's II Corps in Prague and a garrison in Vienna; the Peace Step of 1805-01.
fn peace_under_12_4() -> Game {
    let mut g = game();
    host(&mut g, war("france", "austria"));
    for a in [
        Adjustment::Corps {
            corps: CorpsId::new("fr-2").unwrap(),
            factors: g.state().forces.corps[&CorpsId::new("fr-2").unwrap()].factors,
            location: Location::Area(area("prague")),
        },
        Adjustment::Garrison {
            area: area("vienna"),
            owner: np("france"),
            factors: Factors {
                infantry: 2,
                ..Default::default()
            },
        },
    ] {
        host(&mut g, a);
    }
    run_to(&mut g, Step::Peace);
    g
}

#[test]
fn under_12_4_a_peace_repatriates_nothing_and_records_a_limited_access_each_way() {
    // rule: 12.4.1
    // rule: 12.4.2
    let mut g = peace_under_12_4();
    sub(&mut g, "austria", "peace informal france");
    sub(&mut g, "france", "peace informal austria");
    assert!(!g.state().at_war(np("france"), np("austria")));
    let st = g.state();
    assert_eq!(
        st.forces.corps[&CorpsId::new("fr-2").unwrap()].location,
        Location::Area(area("prague")),
        "no repatriation"
    );
    assert_eq!(
        st.forces.garrisons[&(area("vienna"), np("france"))].infantry,
        2
    );
    assert!(
        !st.treaties
            .obligations
            .iter()
            .any(|o| matches!(o, Obligation::FleetsMustLeave { .. }))
    );
    for (m, t) in [("france", "austria"), ("austria", "france")] {
        let a = limited_access(st, p(m), p(t)).expect("a limited access each way");
        assert_eq!(a.since, date(1805, 1));
        assert_eq!(
            a.garrisons_by,
            date(1805, 3),
            "the Land Phases of M, M+1, M+2"
        );
        assert_eq!(a.forces_by, date(1805, 6), "the Land Phases of M to M+5");
        assert!(!a.unconditional);
    }
    assert!(limited_access(st, p("france"), p("prussia")).is_none());
}

#[test]
fn under_12_4_a_c5_victor_has_only_its_capital_garrisons_to_take_out() {
    // rule: 12.4.1
    let mut g = peace_under_12_4();
    sub(&mut g, "austria", "peace sue france");
    sub(&mut g, "france", "peace none");
    sub(&mut g, "france", "offer unconditional");
    sub(&mut g, "austria", "accept france");
    sub(&mut g, "france", "term C.5");
    sub(&mut g, "france", "term done");
    let st = g.state();
    // Not moved at once (4.4.6.2's C.5 exception is superseded too): it has three Land Phases.
    assert_eq!(
        st.forces.garrisons[&(area("vienna"), np("france"))].infantry,
        2
    );
    let a = limited_access(st, p("france"), p("austria")).unwrap();
    assert!(a.unconditional);
    assert!(
        !limited_access(st, p("austria"), p("france"))
            .unwrap()
            .unconditional
    );
}

/// A game of the test scenario under `rulebook` starting at the Reinforcement Phase of `at`, with France's
/// II Corps in Prague, French garrisons in Vienna (capital city), Prague (city) and Linz (no city, a French
/// depot), a French fleet in Stettin, and the limited accesses of a peace of January 1805 (France's to Austria's
/// territory, `unconditional` if France chose C.5; France's to Prussia's), plus `more`.
fn left_behind(rulebook: Rulebook, at: Date, unconditional: bool, more: &[Adjustment]) -> Game {
    let s = scenario();
    let fr2 = CorpsId::new("fr-2").unwrap();
    let factors = s
        .powers
        .iter()
        .flat_map(|p| p.corps.iter())
        .find(|c| c.id == fr2)
        .unwrap()
        .factors;
    let garrison = |a: &str, n: u16| Adjustment::Garrison {
        area: area(a),
        owner: np("france"),
        factors: Factors {
            infantry: n,
            ..Default::default()
        },
    };
    let mut setup = vec![
        Adjustment::Corps {
            corps: fr2,
            factors,
            location: Location::Area(area("prague")),
        },
        garrison("vienna", 2),
        garrison("prague", 3),
        garrison("linz", 1),
        Adjustment::Depot {
            area: area("linz"),
            owner: np("france"),
            present: true,
        },
        Adjustment::Fleet {
            fleet: FleetId::new("fr-f1").unwrap(),
            ships: 8,
            location: Location::Area(area("stettin")),
            mix: None,
        },
        Adjustment::LimitedAccess {
            mover: p("france"),
            territory: p("austria"),
            since: Some(date(1805, 1)),
            unconditional,
        },
        Adjustment::LimitedAccess {
            mover: p("france"),
            territory: p("prussia"),
            since: Some(date(1805, 1)),
            unconditional: false,
        },
    ];
    setup.extend(more.iter().cloned());
    let start = Position {
        date: at,
        step: Step::Reinforcement,
    };
    Game::with_setup(s, rulebook, 1805, &[], Some(start), &setup).unwrap()
}

fn french_garrison(g: &Game, a: &str) -> u16 {
    g.state()
        .forces
        .garrisons
        .get(&(area(a), np("france")))
        .map_or(0, |f| f.infantry)
}

fn fr2(g: &Game) -> (Location, u32) {
    let c = &g.state().forces.corps[&CorpsId::new("fr-2").unwrap()];
    (c.location, c.factors.total())
}

fn losses(g: &Game, cause: LossCause) -> (u32, u32) {
    g.state()
        .records
        .losses
        .iter()
        .filter(|l| l.nation == np("france") && l.cause == cause && l.rule == "12.4.3")
        .fold((0, 0), |(f, s), l| (f + l.land_factors, s + l.ships))
}

#[test]
fn garrisons_left_in_the_others_cities_after_three_land_phases_are_demobilized() {
    // rule: 12.4.1
    // rule: 12.4.3
    let std = || Rulebook::preset(Preset::Standard);
    // The Reinforcement Phase of M+2 comes before the third Land Phase: nothing yet.
    let g = left_behind(std(), date(1805, 3), false, &[]);
    assert_eq!(french_garrison(&g, "prague"), 3);
    assert_eq!(french_garrison(&g, "vienna"), 2);
    // M+3: the garrisons in cities go, corps, depot and the garrison outside a city stay (12.4.2's time).
    let g = left_behind(std(), date(1805, 4), false, &[]);
    assert_eq!(french_garrison(&g, "prague"), 0);
    assert_eq!(french_garrison(&g, "vienna"), 0);
    assert_eq!(french_garrison(&g, "linz"), 1);
    assert_eq!(fr2(&g).0, Location::Area(area("prague")));
    assert!(g.state().forces.depots[&area("linz")].contains(&np("france")));
    assert_eq!(losses(&g, LossCause::Demobilization), (5, 0));
    let a = limited_access(g.state(), p("france"), p("austria")).unwrap();
    assert!(!a.garrisons_may_stay(date(1805, 4)) && a.forces_may_stay(date(1805, 4)));
}

#[test]
fn corps_fleets_depots_and_depot_garrisons_left_after_six_land_phases_are_demobilized() {
    // rule: 12.4.2
    // rule: 12.4.3
    let std = || Rulebook::preset(Preset::Standard);
    let g = left_behind(std(), date(1805, 6), false, &[]);
    assert_eq!(fr2(&g).0, Location::Area(area("prague")), "not yet");
    let g = left_behind(std(), date(1805, 7), false, &[]);
    assert_eq!(
        fr2(&g),
        (Location::OffMap, 0),
        "factors removed, counter off"
    );
    assert_eq!(french_garrison(&g, "linz"), 0);
    assert_eq!(french_garrison(&g, "prague"), 0);
    assert!(!g.state().forces.depots.contains_key(&area("linz")));
    let fleet = &g.state().forces.fleets[&FleetId::new("fr-f1").unwrap()];
    assert_eq!(
        (fleet.ships, fleet.location),
        (0, Location::OffMap),
        "scuttled"
    );
    let corps = factors_of_fr2();
    assert_eq!(
        losses(&g, LossCause::Demobilization),
        (corps + 2 + 3 + 1, 0)
    );
    assert_eq!(losses(&g, LossCause::Scuttling), (0, 8));
    // Its time up, the record lets nothing stay.
    assert!(limited_access(g.state(), p("france"), p("austria")).is_none());
}

fn factors_of_fr2() -> u32 {
    let fr2 = CorpsId::new("fr-2").unwrap();
    scenario()
        .powers
        .iter()
        .flat_map(|p| p.corps.iter())
        .find(|c| c.id == fr2)
        .unwrap()
        .factors
        .total()
}

#[test]
fn a_c5_victor_loses_only_its_capital_garrisons_and_keeps_the_rest() {
    // rule: 12.4.1
    // rule: 12.4.2
    let std = || Rulebook::preset(Preset::Standard);
    let g = left_behind(std(), date(1805, 4), true, &[]);
    assert_eq!(french_garrison(&g, "vienna"), 0, "a capital city");
    assert_eq!(french_garrison(&g, "prague"), 3, "not a capital");
    assert_eq!(losses(&g, LossCause::Demobilization), (2, 0));
    let g = left_behind(std(), date(1805, 7), true, &[]);
    assert_eq!(fr2(&g).0, Location::Area(area("prague")), "12.4.2 ignored");
    assert_eq!(french_garrison(&g, "prague"), 3);
    assert_eq!(french_garrison(&g, "linz"), 1);
    // Prussia's record is not C.5: the fleet in Stettin is scuttled.
    let fleet = &g.state().forces.fleets[&FleetId::new("fr-f1").unwrap()];
    assert_eq!(fleet.ships, 0);
}

#[test]
fn voluntary_access_granted_by_the_territorys_controller_saves_them() {
    // rule: 12.4.3
    let access = [
        Adjustment::Alliance {
            a: p("france"),
            b: p("austria"),
            since: None,
        },
        Adjustment::VoluntaryAccess {
            grantor: p("austria"),
            grantee: p("france"),
            granted: true,
        },
    ];
    let std = || Rulebook::preset(Preset::Standard);
    let g = left_behind(std(), date(1805, 4), false, &access);
    assert_eq!(french_garrison(&g, "prague"), 3);
    assert_eq!(french_garrison(&g, "vienna"), 2);
    let g = left_behind(std(), date(1805, 7), false, &access);
    assert_eq!(fr2(&g).0, Location::Area(area("prague")));
    assert_eq!(french_garrison(&g, "linz"), 1);
    assert_eq!(losses(&g, LossCause::Demobilization), (0, 0));
    // Prussia granted nothing: the fleet in its port is scuttled.
    let fleet = &g.state().forces.fleets[&FleetId::new("fr-f1").unwrap()];
    assert_eq!(fleet.ships, 0);
    assert_eq!(losses(&g, LossCause::Scuttling), (0, 8));
}

#[test]
fn a_host_refuses_an_access_the_rules_refuse() {
    // rule: 12.8
    let mut g = at_diplomacy(Rulebook::preset(Preset::Standard));
    let grant = Adjustment::VoluntaryAccess {
        grantor: p("austria"),
        grantee: p("france"),
        granted: true,
    };
    assert_eq!(g.host(&grant, "").unwrap_err().rule, "12.8");
    let revoke = Adjustment::VoluntaryAccess {
        grantor: p("austria"),
        grantee: p("france"),
        granted: false,
    };
    assert_eq!(g.host(&revoke, "").unwrap_err().rule, "10.3");
    assert_eq!(
        g.host(
            &Adjustment::LimitedAccess {
                mover: p("france"),
                territory: p("france"),
                since: None,
                unconditional: false,
            },
            ""
        )
        .unwrap_err()
        .rule,
        "3.5"
    );
}
