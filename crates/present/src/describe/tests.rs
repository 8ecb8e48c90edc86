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

/// Issue 41: a battle chit reads in lower case in a sentence, as the other words do ("attack: escalated
/// assault"), never as its Rust name ("Escalated Assault", `EscalatedAssault`).
#[test]
fn battle_chits_read_in_lower_case_in_a_sentence() {
    use coalition_engine::land::LandDecision;
    use coalition_engine::scenario::combat::AttackChit;
    let s = embedded_scenario("1805").unwrap();
    let attack = choice(
        &s,
        &Decision::Land(LandDecision::Attack {
            chit: AttackChit::EscalatedAssault,
            outflanking: vec![],
            guard: None,
            reinforce: vec![],
        }),
    );
    assert_eq!(attack, "attack: escalated assault");
    let sortie = choice(
        &s,
        &Decision::Land(LandDecision::Sortie {
            area: coalition_engine::ids::AreaId::new("linz").unwrap(),
            chit: AttackChit::EscalatedAssault,
        }),
    );
    assert_eq!(
        sortie,
        "sortie from Linz against the besiegers (escalated assault)"
    );
}

/// Issue 41: the Economic Phase's lines name powers and areas, never their ids: who rolls for American trade
/// (12.9), a purchase's port (8.5), a reparations payment's term (4.4, by the chart's name), a placement.
#[test]
fn economic_phase_events_name_powers_areas_and_terms() {
    use coalition_engine::economic::{EconomicEvent, Transfer, TransferKind};
    use coalition_engine::world::WorldEvent;
    let s = embedded_scenario("1805").unwrap();
    let roll = coalition_engine::dice::Roll {
        who: "great-britain".into(),
        purpose: "war with America".into(),
        rule: "12.9".into(),
        faces: vec![5],
        modifiers: vec![],
        total: 5,
    };
    let rolled = event(&s, &Event::World(WorldEvent::DiceRolled { roll })).unwrap();
    assert_eq!(
        rolled,
        "Great Britain rolls for war with America [12.9]: 5 = 5"
    );
    let bought = event(
        &s,
        &Event::World(WorldEvent::TreasuryChanged {
            power: pw("france"),
            money: -27,
            manpower: -6,
            income: None,
            rule: "8.5".into(),
            reason: "buy 4 infantry, 1 ship at brest".into(),
        }),
    )
    .unwrap();
    assert_eq!(
        bought,
        "France money -27, manpower -6: buy 4 infantry, 1 ship at Brest [8.5]"
    );
    let paid = event(
        &s,
        &Event::Economy(EconomicEvent::Transferred {
            transfer: Transfer {
                kind: TransferKind::Reparations,
                from: pw("austria"),
                to: pw("france"),
                money: 10,
                owed: 20,
                loan_due: None,
                loan: None,
                obligation: Some(0),
                installment: Some(1),
                all_at_once: Some(false),
                rule: "B.5".into(),
            },
            reason: "B.5: Austria pays France reparations of 20 (share 1 of 2): 10 paid".into(),
        }),
    )
    .unwrap();
    assert!(
        paid.starts_with("Austria pays France reparations of 20"),
        "{paid}"
    );
    assert!(!paid.contains("[B.5]"), "a bare term: {paid}");
    assert!(paid.contains("(B.5)]"), "{paid}");
    let placed = event(
        &s,
        &Event::Reinforcement(
            coalition_engine::reinforcement::ReinforcementEvent::Arrived {
                owner: coalition_engine::ids::Nation::Power(pw("great-britain")),
                unit: coalition_engine::scenario::UnitKind::Ship,
                count: 2,
                port: Some(coalition_engine::ids::AreaId::new("portsmouth").unwrap()),
                rule: "5.1".into(),
                reason: "at portsmouth, placed by great-britain".into(),
            },
        ),
    )
    .unwrap();
    assert!(
        placed.ends_with(": at Portsmouth, placed by Great Britain"),
        "{placed}"
    );
    let joined = event(
        &s,
        &Event::World(WorldEvent::CorpsChanged {
            corps: coalition_engine::ids::CorpsId::new("fr-1").unwrap(),
            factors: coalition_engine::scenario::Factors {
                infantry: 18,
                ..Default::default()
            },
            location: coalition_engine::scenario::Location::Area(
                coalition_engine::ids::AreaId::new("cologne").unwrap(),
            ),
            rule: "5.2".into(),
            reason: "3 infantry factor(s) arrive, placed by france".into(),
        }),
    )
    .unwrap();
    assert!(joined.ends_with("placed by France [5.2]"), "{joined}");
}

/// Issue 41: a peace's return of prisoners (4.4.6.1) is logged by the nations' names, not by their ids or the
/// event's Rust name.
// rule: 4.4.6.1
#[test]
fn prisoners_returned_by_a_peace_are_named() {
    let s = embedded_scenario("1805").unwrap();
    let line = event(
        &s,
        &Event::Peace(PeaceEvent::Prisoners(
            coalition_engine::world::records::PrisonersReturned {
                owner: coalition_engine::ids::Nation::Power(pw("great-britain")),
                captor: coalition_engine::ids::Nation::Minor(MinorId::new("saxony").unwrap()),
                factors: coalition_engine::scenario::Factors {
                    infantry: 3,
                    ..Default::default()
                },
                date: coalition_engine::Date::new(1805, 3).unwrap(),
            },
        )),
    )
    .unwrap();
    assert_eq!(
        line,
        "Saxony returns 3 of Great Britain's factors: they arrive as reinforcements (4.4.6.1)"
    );
}
