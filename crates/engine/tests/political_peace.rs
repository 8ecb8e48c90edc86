//! Rule 4.4 (the Peace Step) on the test scenario (France, Austria, Prussia) and the 1805 scenario.

mod common;

use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, LeaderId, MinorId, Nation};
use coalition_engine::political::peace::{Obligation, PeaceEvent, PeaceKind};
use coalition_engine::scenario::{Factors, Location, MinorStatus};
use coalition_engine::state::LeaderStatus;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;

fn d(g: &Game, s: &str) -> Decision {
    Decision::parse(s, g.scenario()).unwrap()
}

fn sub(g: &mut Game, power: &str, s: &str) {
    let dec = d(g, s);
    g.submit(p(power), dec)
        .unwrap_or_else(|e| panic!("{power} `{s}` refused: {e}"));
}

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

fn war(g: &mut Game, a: &str, b: &str, since: Date) {
    g.host(
        &Adjustment::War {
            aggressor: np(a),
            defender: np(b),
            since: Some(since),
        },
        "",
    )
    .unwrap();
}

fn corps_to(g: &mut Game, id: &str, area: &str) {
    let c = CorpsId::new(id).unwrap();
    let factors = g.state().forces.corps[&c].factors;
    g.host(
        &Adjustment::Corps {
            corps: c,
            factors,
            location: Location::Area(AreaId::new(area).unwrap()),
        },
        "",
    )
    .unwrap();
}

fn loc(g: &Game, id: &str) -> Location {
    g.state().forces.corps[&CorpsId::new(id).unwrap()].location
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn enforced_until(g: &Game, r: &str, t: &str) -> Option<Date> {
    g.state()
        .relations
        .enforced_peaces
        .iter()
        .filter(|e| e.restricted == p(r) && e.towards == p(t))
        .map(|e| e.until)
        .max()
}

fn peace_events(g: &Game) -> Vec<PeaceEvent> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::Peace(x) => Some(x.clone()),
            _ => None,
        })
        .collect()
}

/// The test scenario under the standard rulebook without 12.4: these tests pin 4.4.6.2's repatriation, which
/// 12.4 supersedes (`tests/access.rs` tests the option).
fn game() -> Game {
    game_with(standard_without_12_4())
}

/// France and Austria at war since June 1804, France's II Corps in Prague; the game at the Peace Step of 1805-01.
fn france_austria() -> Game {
    let mut g = game();
    war(&mut g, "france", "austria", date(1804, 6));
    corps_to(&mut g, "fr-2", "prague");
    run_to(&mut g, Step::Peace);
    g
}

/// Austria sues France, France offers `offer`.
fn austria_sues_france(g: &mut Game, offer: &str) {
    assert_eq!(g.pending(), vec![p("austria"), p("france")]);
    sub(g, "austria", "peace sue france");
    sub(g, "france", "peace none");
    assert_eq!(g.pending(), vec![p("france")]);
    sub(g, "france", offer);
}

#[test]
fn an_informal_peace_by_mutual_agreement() {
    // rule: 4.4.1
    let mut g = france_austria();
    let (fr, au) = (pp(&g, "france"), pp(&g, "austria"));
    sub(&mut g, "austria", "peace informal france");
    sub(&mut g, "france", "peace informal austria");
    assert!(!g.state().at_war(np("france"), np("austria")));
    assert_eq!((pp(&g, "france"), pp(&g, "austria")), (fr, au));
    assert!(g.state().relations.enforced_peaces.is_empty());
    let rec = &g.state().treaties.peaces[0];
    assert_eq!(rec.kind, PeaceKind::Informal);
    assert!(rec.terms.is_empty() && rec.loser_restricted_until.is_none());
    // Forces are repatriated (4.4.6.2): Prague -> Munich -> Strasbourg is the nearest French area.
    assert_eq!(loc(&g, "fr-2"), Location::Area(area("strasbourg")));
    assert!(g.state().peace.step.is_none());
    assert!(g.state().position.step > Step::Peace);
}

#[test]
fn a_one_sided_informal_proposal_makes_no_peace() {
    // rule: 4.4.1
    let mut g = france_austria();
    sub(&mut g, "austria", "peace informal france");
    sub(&mut g, "france", "peace none");
    assert!(g.state().at_war(np("france"), np("austria")));
    assert!(g.state().treaties.peaces.is_empty());
}

#[test]
fn suing_for_peace_starts_a_formal_peace() {
    // rule: 4.4.2
    let mut g = france_austria();
    austria_sues_france(&mut g, "offer conditional");
    // A conditional peace must be accepted: the loser goes straight to its list A choice.
    assert_eq!(g.pending(), vec![p("austria")]);
    assert_eq!(
        g.choices(p("austria")).len(),
        5,
        "one of A.1-A.5: {:?}",
        g.choices(p("austria"))
    );
}

#[test]
fn a_power_may_sue_only_an_enemy_with_forces_inside_unless_it_sues_all() {
    // rule: 4.4.2.1
    let mut g = game();
    war(&mut g, "france", "austria", date(1804, 6));
    war(&mut g, "prussia", "austria", date(1804, 6));
    corps_to(&mut g, "fr-2", "prague");
    run_to(&mut g, Step::Peace);
    assert_eq!(refused(&mut g, "austria", "peace sue prussia"), "4.4.2.1");
    assert!(
        !g.choices(p("austria"))
            .contains(&d(&g, "peace sue prussia"))
    );
    assert!(g.choices(p("austria")).contains(&d(&g, "peace sue france")));
    assert!(
        g.choices(p("austria"))
            .contains(&d(&g, "peace sue france,prussia"))
    );
    assert_eq!(
        refused(&mut g, "austria", "peace informal france sue france"),
        "4.4"
    );
    sub(&mut g, "austria", "peace sue france,prussia");
}

#[test]
fn an_unconditional_offer_may_be_refused_and_the_war_goes_on() {
    // rule: 4.4.2.2
    let mut g = france_austria();
    let (fr, au) = (pp(&g, "france"), pp(&g, "austria"));
    austria_sues_france(&mut g, "offer unconditional");
    assert_eq!(g.pending(), vec![p("austria")]);
    assert_eq!(
        g.default_decision(p("austria")).unwrap(),
        d(&g, "accept none"),
        "the default refuses"
    );
    sub(&mut g, "austria", "accept none");
    assert!(g.state().at_war(np("france"), np("austria")));
    assert_eq!((pp(&g, "france"), pp(&g, "austria")), (fr, au));
    assert!(
        peace_events(&g)
            .iter()
            .any(|e| matches!(e, PeaceEvent::Refused { .. }))
    );
}

#[test]
fn a_conditional_surrender_costs_five_and_gains_three() {
    // rule: 4.4.2.3.1
    let mut g = france_austria();
    let (fr, au) = (pp(&g, "france"), pp(&g, "austria"));
    austria_sues_france(&mut g, "offer conditional");
    sub(&mut g, "austria", "protect A.1");
    // A.1 cancels B.1 (4.4.3); a conditional victor has no list C.
    assert_eq!(refused(&mut g, "france", "term B.1"), "4.4.3");
    assert_eq!(refused(&mut g, "france", "term C.2"), "4.4.3");
    sub(&mut g, "france", "term B.3");
    sub(&mut g, "france", "term B.2");
    // Two terms: the peace is made.
    assert!(!g.state().at_war(np("france"), np("austria")));
    assert_eq!(pp(&g, "austria"), au - 5);
    assert_eq!(pp(&g, "france"), fr + 3);
    let rec = &g.state().treaties.peaces[0];
    assert_eq!(rec.kind, PeaceKind::Conditional);
    let terms: Vec<&str> = rec.terms.iter().map(|t| t.term.as_str()).collect();
    assert_eq!(terms, vec!["A.1", "B.3", "B.2"]);
    // B.2: 24 months for the loser; 18 for the victor (4.4.6.3).
    assert_eq!(enforced_until(&g, "austria", "france"), Some(date(1807, 1)));
    assert_eq!(enforced_until(&g, "france", "austria"), Some(date(1806, 7)));
    // B.3: Austria's printed money 8+6+3 = 17: 9 at once, or 6 at each of two phases.
    assert!(g.state().treaties.obligations.iter().any(|o| matches!(o,
        Obligation::Reparations { term, from, to, money_value: 17, once: 9, each_of_two: 6, .. }
            if term == "B.3" && *from == p("austria") && *to == p("france"))));
}

#[test]
fn an_unconditional_surrender_costs_eight_and_gains_five() {
    // rule: 4.4.2.3.2
    let mut g = france_austria();
    let (fr, au) = (pp(&g, "france"), pp(&g, "austria"));
    austria_sues_france(&mut g, "offer unconditional");
    sub(&mut g, "austria", "accept france");
    sub(&mut g, "france", "term C.2");
    // C.2 excludes B.2: the victor's own C choice precludes the B one (4.4.4).
    // rule: 4.4.4
    assert_eq!(refused(&mut g, "france", "term B.2"), "4.4.4");
    sub(&mut g, "france", "term C.4 upper-austria");
    // B.1: half of Austria's 2 corps on the map (1), at random by competitive rolls: au-1 rolls 6, au-2 rolls 1.
    g.force_dice(&[6, 1]).unwrap();
    sub(&mut g, "france", "term B.1");
    assert_eq!(pp(&g, "austria"), au - 8);
    assert_eq!(pp(&g, "france"), fr + 5);
    assert_eq!(enforced_until(&g, "austria", "france"), Some(date(1808, 1)));
    let au1 = &g.state().forces.corps[&CorpsId::new("au-1").unwrap()];
    assert_eq!(
        (au1.location, au1.factors),
        (Location::OffMap, Factors::default())
    );
    assert_ne!(loc(&g, "au-2"), Location::OffMap);
    assert_eq!(
        g.state().area_holder(g.scenario(), area("linz")),
        Some(np("france"))
    );
    assert_eq!(g.state().treaties.peaces[0].kind, PeaceKind::Unconditional);
}

#[test]
fn conditional_terms_list_a_choice_limits_list_b() {
    // rule: 4.4.3
    let mut g = game();
    war(&mut g, "france", "austria", date(1804, 6));
    corps_to(&mut g, "fr-2", "prague");
    g.host(
        &Adjustment::MinorControl {
            minor: MinorId::new("bavaria").unwrap(),
            controller: Some(p("austria")),
            status: MinorStatus::Conquered,
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::Peace);
    austria_sues_france(&mut g, "offer conditional");
    assert_eq!(refused(&mut g, "austria", "protect B.1"), "4.4.3");
    sub(&mut g, "austria", "protect A.5");
    // A.5: B.7 may cede a minor country only.
    assert_eq!(refused(&mut g, "france", "term B.7 upper-austria"), "4.4.3");
    assert!(!g.choices(p("france")).contains(&d(&g, "term B.7 bohemia")));
    sub(&mut g, "france", "term B.7 bavaria");
    sub(&mut g, "france", "term done");
    let m = &g.state().minors[&MinorId::new("bavaria").unwrap()];
    assert_eq!(m.controller, Some(p("france")));
    assert_eq!(
        g.state().area_holder(g.scenario(), area("munich")),
        Some(np("france"))
    );
}

#[test]
fn unconditional_terms_up_to_three_from_lists_b_and_c() {
    // rule: 4.4.4
    let mut g = france_austria();
    austria_sues_france(&mut g, "offer unconditional");
    sub(&mut g, "austria", "accept france");
    assert_eq!(refused(&mut g, "france", "term A.1"), "4.4.4");
    sub(&mut g, "france", "term B.5");
    sub(&mut g, "france", "term B.6");
    sub(&mut g, "france", "term C.5");
    assert!(g.state().peace.step.is_none(), "three terms end the choice");
    assert!(
        g.state()
            .relations
            .royal_marriages
            .iter()
            .any(|m| m.a == p("austria") && m.b == p("france"))
    );
    let obs = &g.state().treaties.obligations;
    assert!(obs.iter().any(|o| matches!(o, Obligation::TradeRestriction { loser, victor, .. } if *loser == p("austria") && *victor == p("france"))));
    assert!(
        obs.iter()
            .any(|o| matches!(o, Obligation::UnconditionalAccess { .. }))
    );
    // C.5: France's corps stays in Prague.
    assert_eq!(loc(&g, "fr-2"), Location::Area(area("prague")));
}

/// Prussia at war with Austria (since 1804-06) and France (since 1804-09); Peace Step of 1805-01.
fn prussia_against_two() -> Game {
    let mut g = game();
    war(&mut g, "austria", "prussia", date(1804, 6));
    war(&mut g, "france", "prussia", date(1804, 9));
    run_to(&mut g, Step::Peace);
    g
}

#[test]
fn a_simultaneous_surrender_costs_one_set_of_points() {
    // rule: 4.4.5
    let mut g = prussia_against_two();
    let (fr, au, pr) = (pp(&g, "france"), pp(&g, "austria"), pp(&g, "prussia"));
    sub(&mut g, "prussia", "peace sue austria,france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "france", "offer unconditional");
    sub(&mut g, "prussia", "accept france");
    sub(&mut g, "prussia", "protect A.2");
    // Every victor chooses no terms.
    while !g.pending().is_empty() && g.state().position.step == Step::Peace {
        let who = g.pending()[0];
        g.submit(who, g.default_decision(who).unwrap()).unwrap();
    }
    assert_eq!(pp(&g, "prussia"), pr - 8, "the larger set only");
    assert_eq!(pp(&g, "austria"), au + 3);
    assert_eq!(pp(&g, "france"), fr + 5);
    assert!(!g.state().at_war(np("prussia"), np("austria")));
    assert!(!g.state().at_war(np("prussia"), np("france")));
}

#[test]
fn victors_choose_alternately_until_done() {
    // rule: 4.4.5.1
    let mut g = prussia_against_two();
    sub(&mut g, "prussia", "peace sue austria,france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "prussia", "protect A.1");
    sub(&mut g, "prussia", "protect A.1");
    assert_eq!(g.pending(), vec![p("austria")]);
    sub(&mut g, "austria", "term B.3");
    assert_eq!(g.pending(), vec![p("france")]);
    sub(&mut g, "france", "term B.5");
    assert_eq!(g.pending(), vec![p("austria")]);
    sub(&mut g, "austria", "term done");
    assert_eq!(g.pending(), vec![p("france")], "Austria wants no more");
    sub(&mut g, "france", "term B.6");
    // France has its two terms: the peace is made.
    assert!(g.state().treaties.peaces.len() == 2);
}

#[test]
fn victors_choose_in_the_order_they_went_to_war_a_called_ally_after_its_caller() {
    // rule: 4.4.5.2
    let mut g = prussia_against_two();
    sub(&mut g, "prussia", "peace sue france,austria");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "prussia", "protect A.1");
    sub(&mut g, "prussia", "protect A.1");
    // Austria went to war first (1804-06).
    assert_eq!(g.pending(), vec![p("austria")]);
    assert!(peace_events(&g).iter().any(|e| matches!(e, PeaceEvent::Order { order, .. } if *order == vec![p("austria"), p("france")])));

    // Same month, France at Austria's call: France after Austria, no roll.
    let mut g = game();
    ally(&mut g, "austria", "france");
    run_to(&mut g, Step::DeclarationsOfWar);
    submit_all(
        &mut g,
        vec![(
            "prussia",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("austria")],
            }),
        )],
    );
    sub(&mut g, "austria", "call france:prussia");
    sub(&mut g, "france", "answer yes");
    assert_eq!(g.state().position.step, Step::Peace);
    sub(&mut g, "prussia", "peace sue france,austria");
    submit_all(&mut g, vec![]);
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "prussia", "protect A.1");
    sub(&mut g, "prussia", "protect A.1");
    assert_eq!(g.pending(), vec![p("austria")]);
    let rolls = g
        .log()
        .iter()
        .filter(|e| matches!(e, Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "4.4.5.2"))
        .count();
    assert_eq!(rolls, 0);

    // Same month, both declared: competitive rolls (France 5, Austria 2).
    let mut g = game();
    war(&mut g, "austria", "prussia", date(1804, 6));
    war(&mut g, "france", "prussia", date(1804, 6));
    run_to(&mut g, Step::Peace);
    sub(&mut g, "prussia", "peace sue austria,france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "prussia", "protect A.1");
    g.force_dice(&[2, 5]).unwrap();
    sub(&mut g, "prussia", "protect A.1");
    assert_eq!(g.pending(), vec![p("france")]);
}

#[test]
fn no_term_twice_and_the_b4_example_c6_needs_every_victor() {
    // rule: 4.4.5.3
    let mut g = prussia_against_two();
    sub(&mut g, "prussia", "peace sue austria,france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer unconditional");
    sub(&mut g, "france", "offer unconditional");
    sub(&mut g, "prussia", "accept austria,france");
    sub(&mut g, "austria", "term B.4 pr-1");
    // The rule's example: B.4 taken by one victor precludes B.1, B.4 and C.1 for every victor.
    for t in ["term B.1", "term B.4 pr-1", "term C.1"] {
        assert_eq!(refused(&mut g, "france", t), "4.4.5.3", "{t}");
    }
    sub(&mut g, "france", "term C.6");
    sub(&mut g, "austria", "term B.3");
    assert_eq!(refused(&mut g, "france", "term B.3"), "4.4.5.3");
    sub(&mut g, "france", "term done");
    sub(&mut g, "austria", "term C.6");
    let obs = &g.state().treaties.obligations;
    assert!(obs.iter().any(
        |o| matches!(o, Obligation::CorpsOnLoan { corps, to, until, .. }
        if corps.as_str() == "pr-1" && *to == p("austria") && *until == date(1806, 1))
    ));
    assert!(obs.iter().any(
        |o| matches!(o, Obligation::PoliticalSettlement { victors, .. } if victors.len() == 2)
    ));

    // C.6 chosen by one victor only has no effect.
    let mut g = prussia_against_two();
    sub(&mut g, "prussia", "peace sue austria,france");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer unconditional");
    sub(&mut g, "france", "offer unconditional");
    sub(&mut g, "prussia", "accept austria,france");
    sub(&mut g, "austria", "term C.6");
    sub(&mut g, "france", "term done");
    sub(&mut g, "austria", "term done");
    assert!(
        !g.state()
            .treaties
            .obligations
            .iter()
            .any(|o| matches!(o, Obligation::PoliticalSettlement { .. }))
    );
    assert_eq!(g.state().treaties.peaces.len(), 2);
}

#[test]
fn prisoners_are_exchanged() {
    // rule: 4.4.6.1
    let mut g = game();
    war(&mut g, "france", "austria", date(1804, 6));
    g.host(
        &Adjustment::Leader {
            leader: LeaderId::new("napoleon").unwrap(),
            status: LeaderStatus::Captured { by: np("austria") },
            location: Location::Area(area("vienna")),
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::Peace);
    sub(&mut g, "austria", "peace informal france");
    sub(&mut g, "france", "peace informal austria");
    let l = &g.state().forces.leaders[&LeaderId::new("napoleon").unwrap()];
    assert_eq!(l.status, LeaderStatus::Active);
    assert_eq!(l.location, Location::Area(area("paris")));
    assert!(g.state().treaties.obligations.iter().any(|o| matches!(o,
        Obligation::PrisonerExchange { a, b, date: dt } if *a == p("austria") && *b == p("france") && *dt == date(1805, 1))));
}

#[test]
fn forces_are_repatriated_and_the_owner_chooses_among_equidistant_areas() {
    // rule: 4.4.6.2
    let mut g = game();
    war(&mut g, "france", "austria", date(1804, 6));
    war(&mut g, "france", "prussia", date(1804, 6));
    corps_to(&mut g, "fr-2", "prague");
    corps_to(&mut g, "au-2", "strasbourg");
    let adj = [
        Adjustment::Garrison {
            area: area("linz"),
            owner: np("france"),
            factors: Factors {
                infantry: 3,
                ..Default::default()
            },
        },
        Adjustment::Depot {
            area: area("prague"),
            owner: np("france"),
            present: true,
        },
        Adjustment::Fleet {
            fleet: coalition_engine::ids::FleetId::new("fr-f1").unwrap(),
            ships: 8,
            location: Location::Area(area("stettin")),
            mix: None,
        },
    ];
    for a in &adj {
        g.host(a, "").unwrap();
    }
    run_to(&mut g, Step::Peace);
    sub(&mut g, "france", "peace informal austria,prussia");
    sub(&mut g, "austria", "peace informal france");
    sub(&mut g, "prussia", "peace informal france");
    // France's corps and garrison: the nearest French areas (a city for the garrison).
    assert_eq!(loc(&g, "fr-2"), Location::Area(area("strasbourg")));
    let gar = &g.state().forces.garrisons;
    assert!(!gar.contains_key(&(area("linz"), np("france"))));
    assert_eq!(
        gar[&(area("strasbourg"), np("france"))],
        Factors {
            infantry: 3,
            militia: 2,
            ..Default::default()
        }
    );
    assert!(!g.state().forces.depots.contains_key(&area("prague")));
    assert!(g.state().treaties.obligations.iter().any(|o| matches!(o,
        Obligation::FleetsMustLeave { owner, territory_of, fleets, .. }
            if *owner == np("france") && *territory_of == p("prussia") && fleets.len() == 1)));
    // Austria's corps in Strasbourg: Linz and Prague are both two areas away: Austria chooses.
    assert_eq!(g.pending(), vec![p("austria")]);
    assert_eq!(
        g.default_decision(p("austria")).unwrap(),
        d(&g, "place linz")
    );
    assert_eq!(refused(&mut g, "austria", "place vienna"), "4.4.6.2");
    sub(&mut g, "austria", "place prague");
    assert_eq!(loc(&g, "au-2"), Location::Area(area("prague")));
    // The fleet in Stettin puts out into its blockade box as the Naval Phase begins, and sails on from there.
    run_to(&mut g, Step::Naval);
    let fleet = &g.state().forces.fleets[&coalition_engine::ids::FleetId::new("fr-f1").unwrap()];
    assert_eq!(
        (fleet.location, fleet.ships),
        (Location::Blockade(area("stettin")), 8)
    );
}

#[test]
fn c5_keeps_the_victors_forces_but_not_a_capital_garrison() {
    // rule: 4.4.6.2
    let mut g = game();
    war(&mut g, "france", "austria", date(1804, 6));
    corps_to(&mut g, "fr-2", "prague");
    g.host(
        &Adjustment::Garrison {
            area: area("vienna"),
            owner: np("france"),
            factors: Factors {
                infantry: 2,
                ..Default::default()
            },
        },
        "",
    )
    .unwrap();
    run_to(&mut g, Step::Peace);
    austria_sues_france(&mut g, "offer unconditional");
    sub(&mut g, "austria", "accept france");
    sub(&mut g, "france", "term C.5");
    sub(&mut g, "france", "term done");
    assert_eq!(loc(&g, "fr-2"), Location::Area(area("prague")));
    let gar = &g.state().forces.garrisons;
    assert!(!gar.contains_key(&(area("vienna"), np("france"))));
    assert_eq!(gar[&(area("prague"), np("france"))].infantry, 2);
}

#[test]
fn a_formal_peace_enforces_eighteen_months_both_ways_an_informal_one_none() {
    // rule: 4.4.6.3
    let mut g = france_austria();
    austria_sues_france(&mut g, "offer conditional");
    sub(&mut g, "austria", "protect A.3");
    assert_eq!(refused(&mut g, "france", "term B.2"), "4.4.3");
    sub(&mut g, "france", "term done");
    assert_eq!(enforced_until(&g, "austria", "france"), Some(date(1806, 7)));
    assert_eq!(enforced_until(&g, "france", "austria"), Some(date(1806, 7)));
    let rec = &g.state().treaties.peaces[0];
    assert_eq!(rec.loser_restricted_until, Some(date(1806, 7)));
    assert_eq!(rec.victor_restricted_until, Some(date(1806, 7)));
}

#[test]
fn a_ceded_free_state_may_be_made_conquered() {
    // rule: 4.4.6.4
    let mut g = game();
    war(&mut g, "austria", "prussia", date(1804, 6));
    run_to(&mut g, Step::Peace);
    sub(&mut g, "prussia", "peace sue austria");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "prussia", "protect A.1");
    sub(&mut g, "austria", "term B.7 saxony");
    sub(&mut g, "austria", "term done");
    assert_eq!(g.pending(), vec![p("austria")]);
    assert_eq!(
        g.default_decision(p("austria")).unwrap(),
        d(&g, "ceded keep")
    );
    sub(&mut g, "austria", "ceded conquer");
    let m = &g.state().minors[&MinorId::new("saxony").unwrap()];
    assert_eq!(
        (m.controller, m.status),
        (Some(p("austria")), MinorStatus::Conquered)
    );
    assert_eq!(
        g.state().area_holder(g.scenario(), area("leipzig")),
        Some(np("austria"))
    );
}

#[test]
fn the_rules_separate_peace_example_russia_austria_prussia() {
    // rule: 4.4.7
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, Default::default(), 7, &[]).unwrap();
    ally(&mut g, "austria", "russia");
    war(&mut g, "russia", "prussia", date(1804, 6));
    war(&mut g, "austria", "prussia", date(1804, 6));
    corps_to(&mut g, "au-1", "berlin");
    run_to(&mut g, Step::Peace);
    sub(&mut g, "prussia", "peace sue austria");
    submit_all(&mut g, vec![]);
    sub(&mut g, "austria", "offer conditional");
    sub(&mut g, "prussia", "protect A.1");
    sub(&mut g, "austria", "term done");
    // Austria's I Corps leaves Berlin: Koniggratz and Prague are equally near by movement cost (4.4.6.2).
    assert_eq!(g.pending(), vec![p("austria")]);
    sub(&mut g, "austria", "place koniggratz");
    // Prussia stays at war with Russia: Russia may demand that Austria break their alliance.
    assert_eq!(g.pending(), vec![p("russia")]);
    let au = pp(&g, "austria");
    assert_eq!(refused(&mut g, "russia", "demand prussia"), "4.4.7");
    sub(&mut g, "russia", "demand austria");
    assert!(!g.state().allied(p("austria"), p("russia")));
    assert_eq!(pp(&g, "austria"), au - 2);
    let br = g
        .state()
        .last_broken_alliance(p("austria"), p("russia"))
        .unwrap();
    assert_eq!(
        (br.by.clone(), br.rule.as_str()),
        (vec![p("austria")], "4.4.7")
    );
}

#[test]
fn an_ally_may_demand_a_break_after_an_informal_peace_with_a_common_enemy() {
    // rule: 4.4.7
    let mut g = game();
    ally(&mut g, "austria", "prussia");
    war(&mut g, "france", "austria", date(1804, 6));
    war(&mut g, "france", "prussia", date(1804, 6));
    run_to(&mut g, Step::Peace);
    sub(&mut g, "france", "peace informal prussia");
    sub(&mut g, "prussia", "peace informal france");
    sub(&mut g, "austria", "peace none");
    assert_eq!(g.pending(), vec![p("austria")]);
    assert_eq!(
        g.default_decision(p("austria")).unwrap(),
        d(&g, "demand none")
    );
    let pr = pp(&g, "prussia");
    sub(&mut g, "austria", "demand prussia");
    assert!(!g.state().allied(p("austria"), p("prussia")));
    assert_eq!(pp(&g, "prussia"), pr - 2);
}

#[test]
fn ceding_the_capitals_province_is_a_final_peace() {
    // rule: 4.4.8
    let mut g = game();
    war(&mut g, "austria", "prussia", date(1804, 6));
    war(&mut g, "france", "prussia", date(1804, 6));
    run_to(&mut g, Step::Peace);
    sub(&mut g, "prussia", "peace sue austria,france");
    submit_all(&mut g, vec![]);
    g.force_dice(&[6, 1]).unwrap();
    sub(&mut g, "austria", "offer unconditional");
    sub(&mut g, "france", "offer conditional");
    sub(&mut g, "prussia", "accept austria");
    sub(&mut g, "prussia", "protect A.1");
    assert_eq!(g.pending(), vec![p("austria")]);
    // The capital's province only if no other is available.
    assert_eq!(refused(&mut g, "austria", "term C.4 brandenburg"), "4.4.8");
    sub(
        &mut g,
        "austria",
        "term C.4 pomerania,magdeburg,brandenburg",
    );
    sub(&mut g, "france", "term done");
    sub(&mut g, "austria", "term done");
    assert!(!g.state().powers[&p("prussia")].in_game);
    assert!(!g.state().at_war_with_a_major(np("prussia")));
    assert_eq!(loc(&g, "pr-1"), Location::OffMap);
    assert_eq!(
        g.state().area_holder(g.scenario(), area("berlin")),
        Some(Nation::Power(p("austria")))
    );
}

#[test]
fn a_victor_may_declare_war_on_a_loser_that_broke_its_b6_trade_restriction() {
    // rule: 4.2.2.4
    let mut g = france_austria();
    austria_sues_france(&mut g, "offer conditional");
    sub(&mut g, "austria", "protect A.1");
    sub(&mut g, "france", "term B.6");
    sub(&mut g, "france", "term done");
    assert!(g.state().peace.step.is_none());
    // Without a B.6 held against it, no breach can be recorded.
    let none = Adjustment::TradeBreach {
        loser: p("france"),
        victor: p("austria"),
    };
    assert!(g.host(&none, "test").is_err());
    run_to(&mut g, Step::DeclarationsOfWar);
    assert!(enforced_until(&g, "france", "austria").is_some());
    // Before the breach the enforced peace binds the victor too.
    assert_eq!(refused(&mut g, "france", "declare austria"), "4.2.2.4");
    let breach = Adjustment::TradeBreach {
        loser: p("austria"),
        victor: p("france"),
    };
    g.host(&breach, "Austria traded with Britain").unwrap();
    assert!(g.state().treaties.obligations.iter().any(|o| matches!(
        o,
        Obligation::TradeRestriction { loser, broken: Some(_), .. } if *loser == p("austria")
    )));
    assert!(g.host(&breach, "again").is_err(), "already broken");
    // Austria holds no B.6: it is still bound.
    assert_eq!(refused(&mut g, "austria", "declare france"), "4.2.2.4");
    sub(&mut g, "france", "declare austria");
    submit_all(&mut g, vec![]);
    assert!(g.state().at_war(np("france"), np("austria")));
}
