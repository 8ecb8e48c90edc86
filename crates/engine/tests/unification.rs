//! Coalition's unification rule (`docs/rules/unification.md`): in a Status Step (8.6) a power that holds enough of
//! a nation's provinces takes its name, keeps its seat, records and treaties, and every line names it so; a
//! restored game names it the same.

use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Scenario, embedded_sources};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Position, Step};
use std::sync::Arc;

/// 1805 with a unification of Prussia as "Germany": Brandenburg, Silesia and Saxony count, `needed` of them.
fn scenario(needed: u32) -> Arc<Scenario> {
    let mut src = embedded_sources("1805").unwrap();
    let f = src.files.get_mut("scenarios/1805/scenario.ron").unwrap();
    *f = f.replacen(
        "    map: Some(\"europe\"),",
        &format!(
            "    map: Some(\"europe\"),\n    unifications: [(power: \"prussia\", name: \"Germany\", \
             parts: [(name: \"Brandenburg\", provinces: [\"brandenburg\"]), (name: \"Silesia\", \
             provinces: [\"silesia\"]), (name: \"Saxony\", provinces: [\"saxony\", \"lusatia\"])], \
             needed: {needed})],"
        ),
        1,
    );
    Arc::new(Scenario::load(&src, "1805").unwrap_or_else(|e| panic!("{e:#?}")))
}

/// A game set up at March 1805's Status Step (which asks nothing: the game goes on to April).
fn at_march_status(s: Arc<Scenario>) -> Game {
    let start = Position {
        date: Date::new(1805, 3).unwrap(),
        step: Step::EconomicStatus,
    };
    Game::with_setup(
        s,
        Rulebook::preset(Preset::Standard),
        7,
        &[],
        Some(start),
        &[],
    )
    .unwrap()
}

fn prussia() -> PowerId {
    PowerId::new("prussia").unwrap()
}

#[test]
fn a_power_holding_enough_provinces_takes_the_name_and_keeps_its_seat() {
    let g = at_march_status(scenario(2));
    let unified: Vec<&Event> = (g.log().iter())
        .filter(|e| matches!(e, Event::World(WorldEvent::Unified { .. })))
        .collect();
    assert_eq!(unified.len(), 1, "one unification in the log");
    let Event::World(WorldEvent::Unified {
        power,
        was,
        name,
        parts,
        rule,
    }) = unified[0]
    else {
        unreachable!()
    };
    assert_eq!(
        (*power, was.as_str(), name.as_str(), rule.as_str()),
        (prussia(), "Prussia", "Germany", "unification")
    );
    // It holds Brandenburg and Silesia, not Saxony (a neutral minor).
    assert_eq!(parts, &["Brandenburg", "Silesia"]);
    assert_eq!(g.state().world.titles[&prussia()], "Germany");
    // Every line names it so; its id, seat and treasury are the same power's.
    assert_eq!(g.scenario().power_name(prussia()), "Germany");
    assert!(
        g.state()
            .world
            .players
            .values()
            .any(|ps| ps.contains(&prussia()))
    );
    assert!(g.state().powers[&prussia()].in_game);
    // A restored game (the log folded) names it the same.
    let restored = Game::restore(
        Arc::new(Scenario::clone(&scenario(2))),
        Rulebook::preset(Preset::Standard),
        7,
        g.snapshot(),
    );
    assert_eq!(restored.scenario().power_name(prussia()), "Germany");
    assert_eq!(restored.state().world.titles, g.state().world.titles);
}

#[test]
fn a_power_short_of_the_number_keeps_its_name() {
    let g = at_march_status(scenario(3));
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::World(WorldEvent::Unified { .. })))
    );
    assert!(g.state().world.titles.is_empty());
    assert_eq!(g.scenario().power_name(prussia()), "Prussia");
}

#[test]
fn a_unification_of_an_unknown_power_or_province_is_refused() {
    let mut src = embedded_sources("1805").unwrap();
    let f = src.files.get_mut("scenarios/1805/scenario.ron").unwrap();
    *f = f.replacen(
        "    map: Some(\"europe\"),",
        "    map: Some(\"europe\"),\n    unifications: [(power: \"sardinia\", name: \"Italy\", \
         parts: [(name: \"Atlantis\", provinces: [\"atlantis\"])], needed: 2)],",
        1,
    );
    let e = Scenario::load(&src, "1805").unwrap_err().0;
    let at = |words: &str| {
        e.iter().any(|x| {
            x.file == "scenarios/1805/scenario.ron"
                && x.entry == "unifications sardinia"
                && x.message.contains(words)
        })
    };
    assert!(at("not a power"), "{e:#?}");
    assert!(at("`atlantis`"), "{e:#?}");
    assert!(at("needed 2"), "{e:#?}");
}
