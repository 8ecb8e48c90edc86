//! Rule 5.7 (Coalition's Reinforcement Phase, `docs/rules/reinforcement.md`): a placement built from the listed
//! choices, one order at a time, on the test scenario.

mod common;

use coalition_engine::calendar::{Position, Step};
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, CorpsId, LeaderId};
use coalition_engine::reinforcement::{DepotOrder, LandOrder, LandTarget, LeaderOrder, Placement};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location, UnitKind, embedded_scenario};
use coalition_engine::state::LeaderStatus;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn inf(n: u16) -> Factors {
    Factors {
        infantry: n,
        ..Default::default()
    }
}

/// The test scenario at January 1805's Reinforcement Phase, with 7 infantry factors, a depot and Davout (healed)
/// arriving for France.
fn arriving() -> Game {
    let s = Arc::new(embedded_scenario("test").unwrap());
    let jan = Date::new(1805, 1).unwrap();
    let queue = |unit, count| Adjustment::QueueReinforcement {
        owner: np("france"),
        unit,
        count,
        due: None,
        port: None,
    };
    let setup = [
        queue(UnitKind::Infantry, 7),
        queue(UnitKind::Depot, 1),
        Adjustment::Leader {
            leader: LeaderId::new("davout").unwrap(),
            status: LeaderStatus::Wounded { until: jan },
            location: Location::OffMap,
        },
    ];
    let pos = Position {
        date: jan,
        step: Step::Reinforcement,
    };
    Game::with_setup(
        s,
        Rulebook::preset(Preset::Standard),
        1805,
        &[],
        Some(pos),
        &setup,
    )
    .unwrap()
}

fn one(pl: Placement) -> Decision {
    Decision::Reinforce(pl)
}

fn land(to: LandTarget, factors: Factors) -> Placement {
    Placement {
        land: vec![LandOrder {
            owner: np("france"),
            to,
            factors,
        }],
        ..Default::default()
    }
}

/// The orders of several single-order choices in one placement, as a player combines them by their numbers.
fn combine(chosen: &[&Decision]) -> Decision {
    let mut out = Placement::default();
    for d in chosen {
        let Decision::Reinforce(pl) = d else {
            panic!("not a placement: {d}")
        };
        out.corps.extend(pl.corps.iter().cloned());
        out.depots.extend(pl.depots.iter().cloned());
        out.land.extend(pl.land.iter().cloned());
        out.ships.extend(pl.ships.iter().cloned());
        out.leaders.extend(pl.leaders.iter().cloned());
        out.seized.extend(pl.seized.iter().cloned());
    }
    Decision::Reinforce(out)
}

#[test]
fn each_single_order_is_listed_and_accepted_on_its_own() {
    let g = arriving();
    let choices = g.choices(p("france"));
    // The default comes first and pass last, as before.
    assert!(
        matches!(choices.first(), Some(Decision::Reinforce(pl)) if pl.land.len() + pl.depots.len() + pl.leaders.len() > 1)
    );
    assert_eq!(choices.last(), Some(&Decision::Pass));
    let fr1 = CorpsId::new("fr-1").unwrap();
    let wanted = [
        // I Corps at Paris has room for 5 infantry.
        one(land(LandTarget::Corps(fr1), inf(5))),
        one(land(LandTarget::Corps(fr1), inf(1))),
        one(land(LandTarget::Garrison(area("paris")), inf(7))),
        one(land(LandTarget::Garrison(area("paris")), inf(1))),
        one(Placement {
            depots: vec![DepotOrder {
                owner: np("france"),
                area: area("paris"),
            }],
            ..Default::default()
        }),
        one(Placement {
            leaders: vec![LeaderOrder {
                leader: LeaderId::new("davout").unwrap(),
                area: area("strasbourg"),
            }],
            ..Default::default()
        }),
    ];
    for w in &wanted {
        assert!(choices.contains(w), "{w} is not listed");
    }
    for d in &choices {
        let mut h = g.clone();
        h.submit(p("france"), d.clone())
            .unwrap_or_else(|e| panic!("listed choice {d} refused: {e}"));
    }
}

#[test]
fn a_placement_built_from_the_list_is_accepted_and_placed() {
    let mut g = arriving();
    let choices = g.choices(p("france"));
    let pick = |pl: Placement| {
        let d = one(pl);
        assert!(choices.contains(&d), "{d} is not listed");
        d
    };
    let fr1 = CorpsId::new("fr-1").unwrap();
    let into_fr1 = pick(land(LandTarget::Corps(fr1), inf(5)));
    let one_to_paris = pick(land(LandTarget::Garrison(area("paris")), inf(1)));
    let depot = pick(Placement {
        depots: vec![DepotOrder {
            owner: np("france"),
            area: area("paris"),
        }],
        ..Default::default()
    });
    let davout = pick(Placement {
        leaders: vec![LeaderOrder {
            leader: LeaderId::new("davout").unwrap(),
            area: area("strasbourg"),
        }],
        ..Default::default()
    });
    // "5 into I Corps, 1 to Paris twice, the depot, Davout": 5 + 1 + 1 infantry of the 7 arrived.
    let built = combine(&[&into_fr1, &one_to_paris, &one_to_paris, &depot, &davout]);
    g.submit(p("france"), built).unwrap();
    submit_all(&mut g, vec![]);
    let st = g.state();
    assert_eq!(st.forces.corps[&fr1].factors.infantry, 15);
    assert_eq!(st.forces.garrisons[&(area("paris"), np("france"))], inf(5));
    assert!(st.forces.depots[&area("paris")].contains(&np("france")));
    let d = &st.forces.leaders[&LeaderId::new("davout").unwrap()];
    assert_eq!(d.location, Location::Area(area("strasbourg")));
    assert_eq!(d.status, LeaderStatus::Active);
}

#[test]
fn a_combination_placing_more_than_arrived_is_refused_with_its_rule() {
    let mut g = arriving();
    let fr1 = CorpsId::new("fr-1").unwrap();
    let all_to_paris = one(land(LandTarget::Garrison(area("paris")), inf(7)));
    let into_fr1 = one(land(LandTarget::Corps(fr1), inf(5)));
    let choices = g.choices(p("france"));
    assert!(choices.contains(&all_to_paris) && choices.contains(&into_fr1));
    let e = g
        .submit(p("france"), combine(&[&all_to_paris, &into_fr1]))
        .unwrap_err();
    assert_eq!(e.rule, "5.2", "{e}");
}
