//! The 1853 scenario as data (issue 42 point 2, `docs/rules/scenario-1853.md`): it loads from the shared map
//! with the borders of October 1853, its own chart rows (Sardinia in Spain's slot) and the public facts' starting
//! position (Russia Dominant; Britain, France, Turkey and Sardinia allied and at war with Russia).

use coalition_engine::game::Game;
use coalition_engine::ids::{Nation, PowerId, ProvinceId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{MinorStatus, Scenario, embedded_scenario};
use std::sync::Arc;

fn scenario() -> Scenario {
    embedded_scenario("1853").expect("1853 is embedded and loads")
}

fn pw(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn nation_of(s: &Scenario, p: &str) -> String {
    s.province(ProvinceId::new(p).unwrap())
        .unwrap_or_else(|| panic!("province {p}"))
        .nation
        .to_string()
}

#[test]
fn the_seven_powers_of_1853_hold_the_borders_of_the_vienna_settlement() {
    let s = scenario();
    let ids: Vec<String> = s.powers.iter().map(|p| p.id.to_string()).collect();
    assert_eq!(
        ids,
        [
            "france",
            "great-britain",
            "austria",
            "prussia",
            "russia",
            "turkey",
            "sardinia"
        ]
    );
    assert_eq!((s.meta.start.year, s.meta.start.month), (1853, 10));
    assert_eq!((s.meta.end.year, s.meta.end.month), (1870, 12));
    for (p, holder) in [
        ("rhineland", "prussia"),
        ("munsterland", "prussia"),
        ("lombardy", "austria"),
        ("venetia", "austria"),
        ("west-hungary", "austria"),
        ("bohemia", "austria"),
        ("east-galicia", "austria"),
        ("masovia", "russia"),
        ("southern-finland", "russia"),
        ("piedmont", "sardinia"),
        ("savoy", "sardinia"),
        ("liguria", "sardinia"),
        ("southern-sardinia", "sardinia"),
        ("belgium", "belgium"),
        ("new-castile", "spain"),
        ("romagna", "papal-states"),
    ] {
        assert_eq!(nation_of(&s, p), holder, "{p}");
    }
    assert!(
        s.province(ProvinceId::new("algiers").unwrap())
            .unwrap()
            .outpost
    );
    assert_eq!(
        s.province(ProvinceId::new("rhineland").unwrap())
            .unwrap()
            .money,
        6
    );
}

#[test]
fn spain_is_a_minor_and_the_german_confederations_are_free_states_of_their_leaders() {
    let s = scenario();
    let minor = |m: &str| {
        s.minors
            .iter()
            .find(|x| x.id.to_string() == m)
            .unwrap_or_else(|| panic!("minor {m}"))
    };
    assert_eq!(minor("spain").status, MinorStatus::Neutral);
    for (m, leader) in [
        ("hesse", "prussia"),
        ("berg", "prussia"),
        ("bavaria", "austria"),
        ("wurttemberg", "austria"),
        ("baden", "austria"),
        ("hanover", "austria"),
    ] {
        assert_eq!(minor(m).status, MinorStatus::FreeState, "{m}");
        assert_eq!(minor(m).controller, Some(pw(leader)), "{m}");
    }
    // Greece starts with no troops and five corps to build (the public fact).
    let greece = minor("greece");
    assert_eq!(
        (greece.forces.infantry, greece.forces.cavalry, greece.corps),
        (0, 0, 5)
    );
}

#[test]
fn sardinia_moves_in_spains_slot_of_both_orders() {
    let s = scenario();
    assert_eq!(s.charts.naval.order.last(), Some(&pw("sardinia")));
    assert_eq!(s.charts.land.order.last(), Some(&pw("sardinia")));
    assert!(!s.charts.land.order.contains(&pw("spain")));
    assert_eq!(
        s.charts.natural_alliance[&pw("sardinia")][&pw("austria")],
        -5
    );
}

#[test]
fn the_game_opens_with_russia_dominant_and_the_crimean_war() {
    let s = Arc::new(scenario());
    let g = Game::new(s.clone(), Rulebook::preset(Preset::Standard), 1, &[]).expect("a new game");
    let w = &g.state().world;
    let zone = |p: &str| {
        let pp = w.powers[&pw(p)].political_points;
        s.status_zone(pp).expect("a zone").name.clone()
    };
    assert_eq!(zone("russia"), "Dominant");
    assert_ne!(zone("great-britain"), "Dominant");
    let allies = ["great-britain", "france", "turkey", "sardinia"];
    for a in allies {
        assert!(
            w.at_war(Nation::Power(pw(a)), Nation::Power(pw("russia"))),
            "{a} v Russia"
        );
        for b in allies.iter().filter(|b| **b != a) {
            assert!(w.allied(pw(a), pw(b)), "{a} + {b}");
        }
    }
    assert!(!w.at_war(Nation::Power(pw("austria")), Nation::Power(pw("russia"))));
    assert!(!w.at_war(Nation::Power(pw("prussia")), Nation::Power(pw("russia"))));
}
