//! Rule 3.5 (Coalition's ranges, `kernel::limits`): extreme numbers, from host adjustments and from scenario
//! data, are refused (a rule error citing 3.5, a data error naming the file and entry) or kept within their
//! ranges; playing on through an Economic Phase's collection neither panics nor wraps.

mod common;

use coalition_engine::calendar::{Position, Step};
use coalition_engine::game::Game;
use coalition_engine::host::{self, Adjustment};
use coalition_engine::kernel::limits;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Scenario, ScenarioSources, embedded_sources};
use coalition_engine::{Date, PowerId};
use common::p;
use proptest::prelude::*;
use std::sync::Arc;

const POWERS: &str = "scenarios/1805/powers.ron";
/// France's starting standing in the 1805 scenario's `powers.ron`.
const FRANCE_START: &str = "start: (political_points: 20, money: 60, manpower: 22)";

fn sources_1805() -> ScenarioSources {
    embedded_sources("1805").expect("the 1805 scenario is embedded")
}

/// The 1805 sources with France's starting standing set to these numbers.
fn with_france_start(pp: i64, money: i64, manpower: i64) -> ScenarioSources {
    let mut src = sources_1805();
    let text = src.files.get_mut(POWERS).expect("powers.ron");
    assert_eq!(text.matches(FRANCE_START).count(), 1);
    *text = text.replacen(
        FRANCE_START,
        &format!("start: (political_points: {pp}, money: {money}, manpower: {manpower})"),
        1,
    );
    src
}

/// A game of `scenario` set up at March 1805's collection step (the first Economic Phase).
fn at_march_collection(scenario: Scenario, setup: &[Adjustment]) -> Game {
    let start = Position {
        date: Date::new(1805, 3).unwrap(),
        step: Step::EconomicCollection,
    };
    Game::with_setup(
        Arc::new(scenario),
        Rulebook::preset(Preset::Standard),
        1805,
        &[],
        Some(start),
        setup,
    )
    .expect("the set-up is within range")
}

/// Every power's standing lies within its range.
fn assert_in_range(g: &Game) {
    for (pw, s) in &g.state().powers {
        for (l, v) in [
            (limits::POLITICAL_POINTS, s.political_points),
            (limits::MONEY, s.money),
            (limits::MANPOWER, s.manpower),
            (limits::VICTORY_POINTS, s.victory_points),
        ] {
            assert!(l.contains(v), "{pw}: {}", l.out_of_range(v));
        }
    }
}

/// Plays the defaults through March 1805's Economic Phase (collection, manipulation, purchases, status) into
/// April, checking the ranges after every step.
fn play_through_the_economic_phase(g: &mut Game) {
    let april = Date::new(1805, 4).unwrap();
    for _ in 0..500 {
        assert_in_range(g);
        if g.state().position.date >= april {
            return;
        }
        let pending = g.pending();
        assert!(!pending.is_empty(), "the game stopped before April 1805");
        for power in pending {
            g.submit_default(power).expect("a default is accepted");
        }
    }
    panic!("never reached April 1805");
}

fn france() -> PowerId {
    p("france")
}

#[test]
fn a_political_points_adjustment_of_i32_max_is_refused_citing_3_5() {
    let mut g = common::game();
    let before = g.state().clone();
    let e = g
        .host(
            &Adjustment::PoliticalPoints {
                power: p("austria"),
                delta: i32::MAX,
            },
            "a slip of the finger",
        )
        .unwrap_err();
    assert_eq!(e.rule, "3.5");
    assert!(
        e.reason.contains("-10,000 to 10,000") && e.reason.contains("+2,147,483,647"),
        "{e}"
    );
    assert_eq!(g.state(), &before, "a refused adjustment changes nothing");
    // The most negative delta too, for every kind of standing.
    for adj in [
        Adjustment::PoliticalPoints {
            power: p("austria"),
            delta: i32::MIN,
        },
        Adjustment::Money {
            power: p("austria"),
            delta: i32::MAX,
        },
        Adjustment::Manpower {
            power: p("austria"),
            delta: i32::MAX,
        },
        Adjustment::VictoryPoints {
            power: p("austria"),
            delta: i32::MIN,
        },
    ] {
        let e = g.host(&adj, "").unwrap_err();
        assert_eq!(e.rule, "3.5", "{e}");
    }
    assert_eq!(g.state(), &before);
}

#[test]
fn a_money_adjustment_may_reach_the_top_of_the_range_but_not_pass_it() {
    let mut g = common::game();
    let have = g.state().powers[&p("austria")].money;
    let money = |delta| Adjustment::Money {
        power: p("austria"),
        delta,
    };
    let e = g.host(&money(1_000_001 - have), "").unwrap_err();
    assert_eq!(e.rule, "3.5");
    assert!(e.reason.contains("0 to 1,000,000"), "{e}");
    g.host(&money(1_000_000 - have), "").unwrap();
    assert_eq!(g.state().powers[&p("austria")].money, 1_000_000);
}

#[test]
fn a_starting_treasury_of_i32_max_fails_validation_naming_the_file_and_entry() {
    let src = with_france_start(20, i32::MAX as i64, 22);
    let errors = host::load_scenario(&src, "1805").unwrap_err().0;
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].file, POWERS);
    assert_eq!(errors[0].entry, "power france");
    assert_eq!(
        errors[0].message,
        "starting money 2,147,483,647 is out of range (0 to 1,000,000)"
    );
}

#[test]
fn a_treasury_at_the_top_of_its_range_collects_without_passing_it() {
    let src = with_france_start(10_000, 1_000_000, 1_000_000);
    let s = host::load_scenario(&src, "1805").expect("the top of each range is valid");
    let mut g = at_march_collection(s, &[]);
    play_through_the_economic_phase(&mut g);
    let fr = &g.state().powers[&france()];
    assert_eq!(
        (fr.money, fr.manpower),
        (1_000_000, 1_000_000),
        "income beyond the range is not kept"
    );
    assert_eq!(fr.political_points, 10_000);
}

/// A delta anywhere in i32, weighted towards the extremes and the ranges' ends.
fn delta() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(i32::MAX),
        Just(i32::MIN),
        any::<i32>(),
        -1_100_000..=1_100_000i32,
        -20_000..=20_000i32,
    ]
}

/// One standing adjustment of one of the seven powers.
fn adjustment() -> impl Strategy<Value = Adjustment> {
    let powers = [
        "france",
        "great-britain",
        "austria",
        "prussia",
        "russia",
        "spain",
        "turkey",
    ];
    (
        0..4usize,
        proptest::sample::select(powers.to_vec()),
        delta(),
    )
        .prop_map(|(k, pw, delta)| {
            let power = p(pw);
            match k {
                0 => Adjustment::PoliticalPoints { power, delta },
                1 => Adjustment::Money { power, delta },
                2 => Adjustment::Manpower { power, delta },
                _ => Adjustment::VictoryPoints { power, delta },
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Host adjustments of any size: each is refused citing 3.5 and changes nothing, or is made and leaves every
    /// standing within its range; then the Economic Phase is played without a panic or a value out of range.
    #[test]
    fn extreme_host_adjustments_are_refused_or_kept_in_range(adjs in proptest::collection::vec(adjustment(), 1..8)) {
        let s = host::load_scenario(&sources_1805(), "1805").unwrap();
        let mut g = at_march_collection(s, &[]);
        for adj in &adjs {
            let before = g.state().clone();
            match g.host(adj, "property test") {
                Ok(()) => assert_in_range(&g),
                Err(e) => {
                    prop_assert_eq!(e.rule.as_str(), "3.5", "{}", e);
                    prop_assert_eq!(g.state(), &before);
                }
            }
        }
        play_through_the_economic_phase(&mut g);
    }

    /// Scenario data with France's starting standing anywhere in i32: out of range, it is a data error naming
    /// `powers.ron` and `power france`; within range, the game plays through the Economic Phase within range.
    #[test]
    fn extreme_starting_standings_are_refused_or_played_in_range(
        pp in delta(),
        money in delta(),
        manpower in delta(),
    ) {
        let src = with_france_start(pp.into(), money.into(), manpower.into());
        let ok = limits::POLITICAL_POINTS.contains(pp)
            && limits::MONEY.contains(money)
            && limits::MANPOWER.contains(manpower);
        match host::load_scenario(&src, "1805") {
            Ok(s) => {
                prop_assert!(ok, "loaded with {pp}, {money}, {manpower}");
                let mut g = at_march_collection(s, &[]);
                play_through_the_economic_phase(&mut g);
            }
            Err(e) => {
                prop_assert!(!ok, "{}", e);
                for d in &e.0 {
                    prop_assert_eq!(d.file.as_str(), POWERS);
                    prop_assert_eq!(d.entry.as_str(), "power france");
                    prop_assert!(d.message.contains("out of range"), "{}", d.message);
                }
            }
        }
    }
}
