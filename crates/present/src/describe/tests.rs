//! Tests of the words a player reads (issue 41): peace terms with what they do, names instead of ids, and the
//! Political Status Display past its last box.

use super::*;
use coalition_engine::ids::{MinorId, PowerId};
use coalition_engine::political::minors::MinorEvent;
use coalition_engine::political::peace::{ChosenTerm, PeaceDecision, PeaceEvent};
use coalition_engine::scenario::embedded_scenario;

fn pw(k: &str) -> PowerId {
    PowerId::new(k).unwrap()
}

// rule: 4.4.3
#[test]
fn peace_terms_say_what_they_do_in_the_charts_words() {
    let s = embedded_scenario("1805").unwrap();
    let b1 = choice(
        &s,
        &Decision::Peace(PeaceDecision::Term {
            term: "B.1".into(),
            targets: vec![],
        }),
    );
    assert!(b1.contains("B.1 Corps removal: Remove 3 corps"), "{b1}");
    let b7 = choice(
        &s,
        &Decision::Peace(PeaceDecision::Term {
            term: "B.7".into(),
            targets: vec!["saxony".into()],
        }),
    );
    assert!(b7.contains("Cession") && b7.contains("Saxony"), "{b7}");
    assert!(!b7.contains("saxony"), "an id: {b7}");
    let a5 = choice(
        &s,
        &Decision::Peace(PeaceDecision::Protect { term: "A.5".into() }),
    );
    assert!(a5.contains("A.5 No province ceded"), "{a5}");
    let keep = choice(
        &s,
        &Decision::Peace(PeaceDecision::KeepFreeState { keep: true }),
    );
    assert!(
        keep.contains("free state") && !keep.contains("ceded keep"),
        "{keep}"
    );
    let sue = choice(
        &s,
        &Decision::Peace(PeaceDecision::Propose {
            informal: vec![],
            sue: vec![pw("austria"), pw("great-britain")],
        }),
    );
    assert!(
        sue.contains("sue Austria, Great Britain for peace"),
        "{sue}"
    );
    assert!(!sue.contains("great-britain"), "an id: {sue}");
}

// rule: 4.4.5.1
#[test]
fn peace_and_minor_events_name_powers_and_terms() {
    let s = embedded_scenario("1805").unwrap();
    let chosen = event(
        &s,
        &Event::Peace(PeaceEvent::TermChosen {
            loser: pw("great-britain"),
            term: ChosenTerm {
                term: "A.5".into(),
                by: pw("great-britain"),
                targets: vec![],
            },
        }),
    )
    .unwrap();
    assert!(
        chosen.starts_with("Great Britain chooses A.5 No province ceded"),
        "{chosen}"
    );
    let run = event(
        &s,
        &Event::MinorControl(MinorEvent::Chosen {
            minor: MinorId::new("saxony").unwrap(),
            power: pw("great-britain"),
        }),
    )
    .unwrap();
    assert_eq!(run, "Great Britain is chosen to run Saxony");
    // A submitted decision is logged in words too.
    let declared = event(
        &s,
        &Event::Submitted {
            power: pw("france"),
            sealed: false,
            decision: Some(Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![coalition_engine::ids::Nation::Power(pw("austria"))],
            })),
        },
    )
    .unwrap();
    assert_eq!(declared, "France: declare war on Austria");
}

#[test]
fn a_bots_free_text_names_powers_and_minors() {
    let s = embedded_scenario("1805").unwrap();
    assert_eq!(
        named(
            &s,
            "sues france, spain for peace; great-britain runs saxony, fr-1 stays"
        ),
        "sues France, Spain for peace; Great Britain runs Saxony, fr-1 stays"
    );
}

#[test]
fn political_points_past_the_last_box_are_shown_whole_with_the_marker_in_that_box() {
    let s = embedded_scenario("1805").unwrap();
    assert_eq!(position::points_shown(&s, -5), "-5");
    assert_eq!(
        position::points_shown(&s, -128),
        "-128 (below the display: its marker stays in the -20 box)"
    );
    // The zone is the last box's (Fiasco).
    assert_eq!(s.status_zone(-128).map(|z| z.name.as_str()), Some("Fiasco"));
}

#[test]
fn a_place_is_named_without_a_second_preposition() {
    let s = embedded_scenario("1805").unwrap();
    let paris = coalition_engine::scenario::Location::Area(
        coalition_engine::ids::AreaId::new("paris").unwrap(),
    );
    assert_eq!(place_words(&s, paris), "Paris");
    assert_eq!(location_words(&s, paris), "at Paris");
}

#[test]
fn reinforcement_events_name_nations_and_ports() {
    let s = embedded_scenario("1805").unwrap();
    let line = event(
        &s,
        &Event::Reinforcement(
            coalition_engine::reinforcement::ReinforcementEvent::ShipsDestroyed {
                owner: coalition_engine::ids::Nation::Power(pw("great-britain")),
                port: coalition_engine::ids::AreaId::new("brest").unwrap(),
                count: 3,
                rule: "12.1.2.1".into(),
                reason: "the port is lost".into(),
            },
        ),
    )
    .unwrap();
    assert_eq!(
        line,
        "3 ship(s) of Great Britain at Brest destroyed (12.1.2.1): the port is lost"
    );
}
