//! Coalition's 7.5.4 for corps inside a city (`docs/rules/land.md` "Corps inside a city", errata 4.2.2.2 and
//! 7.3.5): a corps goes into a friendly city while it has room, moves no more that phase, is out of field combat,
//! is besieged with the garrison, fights beside it in assaults and sorties and surrenders with the city; and
//! 4.2.2.2 counts only the enemy infantry corps that are not besieged.

mod common;

use common::sieges::{ATTACKER_SIXES, defaults_once, siege_combat};
use common::{refused, submit};

use coalition_engine::decision::Decision;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, CorpsId, Nation, PowerId};
use coalition_engine::land::{LandEvent, SiegeCombat, Stage};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Location, LossCause};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn corps(s: &str) -> CorpsId {
    CorpsId::new(s).unwrap()
}

/// 1805, January's Land Phase, France at war with Austria and first to move; Bavaria a French free state;
/// France's I Corps (12 infantry) at Munich; Austria's II Corps (6 infantry) at Linz, whose city (an ordinary
/// city: room for 10 corps factors) holds an Austrian garrison of 2 infantry; the rest of Austria's army in
/// Vienna.
fn game(extra: &[&str]) -> Game {
    let mut all = vec![
        r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#,
        r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "au-1", "factors": {"infantry": 12}, "location": {"area": "vienna"}}}"#,
        r#"{"corps": {"corps": "au-c1", "factors": {"cavalry": 5}, "location": {"area": "vienna"}}}"#,
        r#"{"corps": {"corps": "au-2", "factors": {"infantry": 6}, "location": {"area": "linz"}}}"#,
        r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "ferdinand", "status": "active", "location": {"area": "vienna"}}}"#,
        r#"{"garrison": {"area": "linz", "owner": {"power": "austria"}, "factors": {"infantry": 2}}}"#,
    ];
    all.extend_from_slice(extra);
    let mut g = common::land_1805(Rulebook::preset(Preset::Standard), 5, &all);
    submit(&mut g, "france", "slot 1");
    g
}

/// Every power owing a decision takes its default until `power` moves in a Land Phase (France always takes
/// the first place).
fn until_moving(g: &mut Game, power: &str) {
    let start = g.log().len();
    loop {
        let land = &g.state().land;
        if land.stage == Stage::Moving && g.pending().contains(&p(power)) {
            return;
        }
        assert!(g.log().len() < start + 20_000, "{power} never moved");
        defaults_once(g);
    }
}

fn offered(g: &Game, power: &str) -> Vec<String> {
    g.choices(p(power)).iter().map(|d| d.to_string()).collect()
}

fn inside(g: &Game, id: &str) -> bool {
    g.state().forces.in_city.contains(&corps(id))
}

/// January: France stands still; Austria takes II Corps into Linz.
fn austrians_inside_linz(extra: &[&str]) -> Game {
    let mut g = game(extra);
    submit(&mut g, "france", "done");
    until_moving(&mut g, "austria");
    submit(&mut g, "austria", "enter au-2");
    submit(&mut g, "austria", "done");
    g
}

/// February: France marches on Linz, where II Corps stands inside the city, and ends its move.
fn french_besiege_linz(extra: &[&str]) -> (Game, usize) {
    let mut g = austrians_inside_linz(extra);
    until_moving(&mut g, "france");
    assert_eq!(g.state().position.date, Date::new(1805, 2).unwrap());
    let before = g.log().len();
    submit(&mut g, "france", "move fr-1 munich>passau>linz");
    submit(&mut g, "france", "done");
    (g, before)
}

#[test]
fn a_corps_goes_into_a_friendly_city_while_it_has_room_and_moves_no_more() {
    // rule: 7.5.4
    let mut g = game(&[
        r#"{"corps": {"corps": "au-3", "factors": {"infantry": 8}, "location": {"area": "linz"}}}"#,
    ]);
    // fr-1 (12 factors) finds no room at Munich (a city of France's free state Bavaria: room for 10).
    assert!(!offered(&g, "france").contains(&"enter fr-1".to_string()));
    assert_eq!(refused(&mut g, "france", "enter fr-1"), "7.5.4");
    // An enemy's corps is not France's to move.
    assert_eq!(refused(&mut g, "france", "enter au-2"), "7.1.1");
    submit(&mut g, "france", "done");
    until_moving(&mut g, "austria");
    let choices = offered(&g, "austria");
    assert!(choices.contains(&"enter au-2".to_string()), "{choices:?}");
    assert!(choices.contains(&"enter au-3".to_string()), "{choices:?}");
    let before = g.log().len();
    submit(&mut g, "austria", "enter au-2");
    assert!(g.log()[before..].iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::CorpsSheltered { corps: c, inside: true, rule, .. })
            if *c == corps("au-2") && rule == "7.5.4"
    )));
    assert!(inside(&g, "au-2"));
    // The room left (10 - 6 = 4) cannot take III Corps' 8 factors; the garrison does not count against it.
    assert!(!offered(&g, "austria").contains(&"enter au-3".to_string()));
    let d = Decision::parse("enter au-3", g.scenario()).unwrap();
    let e = g.submit(p("austria"), d).unwrap_err();
    assert_eq!(e.rule, "7.5.4");
    assert!(e.reason.contains("room for 4"), "{e}");
    // A corps that went into a city moves no more this phase.
    assert_eq!(refused(&mut g, "austria", "move au-2 linz>vienna"), "7.5.4");
    assert_eq!(refused(&mut g, "austria", "enter au-2"), "7.5.4");
    submit(&mut g, "austria", "done");
    // The next month, with no enemy in the area, it comes out by moving away.
    until_moving(&mut g, "austria");
    assert!(inside(&g, "au-2"));
    submit(&mut g, "austria", "move au-2 linz>vienna");
    assert!(!inside(&g, "au-2"));
    assert_eq!(
        g.state().forces.corps[&corps("au-2")].location,
        Location::Area(area("vienna"))
    );
}

#[test]
fn a_corps_inside_a_city_is_besieged_there_and_not_fought_in_the_field() {
    // rule: 7.5.4
    // rule: 7.7
    let (mut g, before) = french_besiege_linz(&[]);
    // No battle: II Corps is inside the city, out of field combat; France's siege step follows.
    assert!(
        !g.log()[before..]
            .iter()
            .any(|e| matches!(e, Event::Land(LandEvent::CombatPending { .. }))),
        "no field battle against a corps inside a city"
    );
    assert_eq!(g.state().land.stage, Stage::Siege);
    let choices = offered(&g, "france");
    assert!(
        choices.contains(&"assault linz assault".to_string()),
        "{choices:?}"
    );
    // Besieged, it may not come out but in a sortie.
    submit(&mut g, "france", "done");
    until_moving(&mut g, "austria");
    assert_eq!(
        refused(&mut g, "austria", "move au-2 linz>vienna"),
        "7.5.4.2.1"
    );
    assert!(
        !offered(&g, "austria")
            .iter()
            .any(|d| d.starts_with("move au-2"))
    );
    // The Conquest Step records the siege of the garrison and of the corps' side.
    while g.state().position.date == Date::new(1805, 2).unwrap() {
        for q in g.pending() {
            if g.state().land.stage == Stage::Siege {
                submit(&mut g, q.as_str(), "done");
            } else {
                g.submit_default(q).unwrap();
            }
        }
    }
    let siege = g
        .state()
        .sieges
        .get(&area("linz"))
        .expect("Linz is besieged");
    assert!(siege.besieged.contains(&Nation::Power(p("austria"))));
    assert_eq!(siege.since, Date::new(1805, 2).unwrap());
    assert!(inside(&g, "au-2"));
}

#[test]
fn an_assault_fights_the_corps_inside_with_the_garrison_and_both_surrender_if_it_breaks() {
    // rule: 7.5.4.1
    let (mut g, _) = french_besiege_linz(&[]);
    // France's dice are sixes, the defenders' ones.
    let (record, _) = siege_combat(&mut g, "france", "assault linz assault", &ATTACKER_SIXES);
    assert_eq!(record.kind, SiegeCombat::Assault);
    assert_eq!(record.inside, vec![corps("au-2")]);
    // The corps inside fights as itself, first; the garrison after it.
    let names: Vec<&str> = record
        .setup
        .defender
        .corps
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(names[0], "au-2");
    assert!(names[1].starts_with("garrison"), "{names:?}");
    assert_eq!(record.setup.defender.corps[0].factors.total(), 6);
    assert_eq!(
        record.report.outcome,
        coalition_engine::battle::Outcome::Won {
            winner: coalition_engine::scenario::combat::Role::Attacker
        }
    );
    // What is left of both surrenders: II Corps leaves the map, its factors France's prisoners.
    let au2 = &g.state().forces.corps[&corps("au-2")];
    assert_eq!(au2.location, Location::OffMap);
    assert!(!inside(&g, "au-2"));
    assert!(
        g.state()
            .records
            .losses
            .iter()
            .any(|l| l.cause == LossCause::Surrender && l.rule == "7.5.4")
    );
    let left = record.report.defender_left[0].plus(&record.report.defender_left[1]);
    assert_eq!(
        g.state()
            .prisoners
            .get(&(Nation::Power(p("austria")), Nation::Power(p("france")))),
        Some(&left)
    );
}

#[test]
fn the_corps_inside_sorties_with_the_garrison_and_goes_back_inside() {
    // rule: 7.5.4.2.1
    let (mut g, _) = french_besiege_linz(&[]);
    submit(&mut g, "france", "done");
    // March: the siege recorded, Austria's siege step offers the sortie.
    let start = g.log().len();
    while !(g.state().land.stage == Stage::Siege && g.pending().contains(&p("austria"))) {
        assert!(g.log().len() < start + 20_000, "no siege step came");
        defaults_once(&mut g);
    }
    let choices = offered(&g, "austria");
    assert!(
        choices.contains(&"sortie linz assault".to_string()),
        "{choices:?}"
    );
    // Austria's dice are sixes, France's ones.
    let (record, _) = siege_combat(&mut g, "austria", "sortie linz assault", &ATTACKER_SIXES);
    assert_eq!(record.kind, SiegeCombat::Sortie);
    assert_eq!(record.inside, vec![corps("au-2")]);
    assert_eq!(record.setup.attacker.corps[0].name, "au-2");
    // Whatever the result, II Corps goes back inside with what it has left.
    assert!(inside(&g, "au-2"));
    assert_eq!(
        g.state().forces.corps[&corps("au-2")].location,
        Location::Area(area("linz"))
    );
}

/// Every power owing a decision takes its default (another's siege step: `done`) until `date`'s `step`.
fn defaults_until(g: &mut Game, date: Date, step: Step) {
    while g.state().position.date < date
        || (g.state().position.date == date && g.state().position.step < step)
    {
        defaults_once(g);
    }
}

#[test]
fn only_an_unbesieged_enemy_infantry_corps_bars_a_declaration_of_war() {
    // rule: 4.2.2.2
    // Linz is French, with no garrison: France takes I Corps (10 infantry) into its city in January.
    let mut g = game(&[
        r#"{"area_control": {"area": "linz", "holder": {"power": "france"}}}"#,
        r#"{"garrison": {"area": "linz", "owner": {"power": "austria"}, "factors": {}}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 10}, "location": {"area": "linz"}}}"#,
        r#"{"corps": {"corps": "au-2", "factors": {"infantry": 6}, "location": {"area": "vienna"}}}"#,
    ]);
    submit(&mut g, "france", "enter fr-1");
    submit(&mut g, "france", "done");
    assert!(inside(&g, "fr-1"));
    until_moving(&mut g, "austria");
    // Unbesieged: no Austrian corps stands at Linz.
    let mut free = g.clone();
    // Besieged: Austria's I Corps marches on Linz; no battle, it besieges the city.
    submit(&mut g, "austria", "move au-1 vienna>linz");
    submit(&mut g, "austria", "done");
    let declaration_of = |g: &mut Game| {
        defaults_until(g, Date::new(1805, 2).unwrap(), Step::DeclarationsOfWar);
        assert!(g.pending().contains(&p("austria")));
        let d = Decision::parse("declare prussia", g.scenario()).unwrap();
        g.clone().submit(p("austria"), d)
    };
    let e = declaration_of(&mut free).unwrap_err();
    assert_eq!(e.rule, "4.2.2.2");
    assert!(e.reason.contains("fr-1"), "{e}");
    match declaration_of(&mut g) {
        Ok(()) => {}
        Err(e) => assert_ne!(e.rule, "4.2.2.2", "a besieged corps does not count: {e}"),
    }
    assert!(inside(&g, "fr-1"));
    assert!(g.state().sieges.contains_key(&area("linz")));
}

/// February, after France besieges Linz: Austria's movement ends and its supply is traced; the event.
fn austrian_supply(extra: &[&str]) -> (Game, usize, LandEvent) {
    let (mut g, _) = french_besiege_linz(extra);
    submit(&mut g, "france", "done");
    until_moving(&mut g, "austria");
    let before = g.log().len();
    submit(&mut g, "austria", "done");
    let traced = g.log()[before..]
        .iter()
        .find_map(|e| match e {
            Event::Land(t @ LandEvent::SupplyTraced { power, .. }) if *power == p("austria") => {
                Some(t.clone())
            }
            _ => None,
        })
        .expect("Austria's supply is traced");
    (g, before, traced)
}

#[test]
fn a_besieged_corps_lives_on_its_sides_depot_in_the_city_one_of_the_depots_four() {
    // rule: 12.3.1
    // rule: 7.4.1
    // Austria's depot at Linz (1805's) feeds II Corps inside the besieged city.
    let (_, _, traced) = austrian_supply(&[]);
    let LandEvent::SupplyTraced {
        supplied,
        out_of_supply,
        depots_used,
        ..
    } = traced
    else {
        unreachable!()
    };
    assert!(supplied.contains(&corps("au-2")), "{supplied:?}");
    assert!(!out_of_supply.contains(&corps("au-2")));
    assert_eq!(depots_used.get(&area("linz")), Some(&1));
}

#[test]
fn a_besieged_corps_without_a_depot_in_its_city_is_out_of_supply_and_forages() {
    // rule: 7.4.2
    // rule: 7.5.4
    // No Austrian depot at Linz: the besieged corps cannot trace supply out through the French around it.
    let (g, before, traced) = austrian_supply(&[
        r#"{"depot": {"area": "linz", "owner": {"power": "austria"}, "present": false}}"#,
    ]);
    let LandEvent::SupplyTraced { out_of_supply, .. } = traced else {
        unreachable!()
    };
    assert!(out_of_supply.contains(&corps("au-2")), "{out_of_supply:?}");
    assert!(g.log()[before..].iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "7.4.2" && roll.purpose.contains("au-2")
    )));
}

#[test]
fn a_beaten_force_may_retreat_into_the_friendly_city_of_its_battle_if_it_has_room() {
    // rule: 7.5.9
    // rule: 7.5.4
    // II Corps (6 infantry) stays in the field at Linz; France's I Corps attacks it there.
    let mut g = game(&[]);
    submit(&mut g, "france", "move fr-1 munich>passau>linz");
    submit(&mut g, "france", "done");
    // France's dice sixes, Austria's ones: Austria loses.
    g.force_dice(&[6, 1].repeat(30)).unwrap();
    let start = g.log().len();
    while !g
        .log()
        .iter()
        .skip(start)
        .any(|e| matches!(e, Event::Land(LandEvent::RetreatsOwed { .. })))
    {
        assert!(g.log().len() < start + 5_000, "no retreat was owed");
        for q in g.pending() {
            g.submit_default(q).unwrap();
        }
    }
    let choices = offered(&g, "austria");
    // The city of Linz (room for 10) is offered last, after the areas next to it.
    assert_eq!(
        choices.last().map(String::as_str),
        Some("retreat linz"),
        "{choices:?}"
    );
    assert!(choices.len() > 1, "{choices:?}");
    assert_eq!(
        g.default_decision(p("austria")).map(|d| d.to_string()),
        choices.first().cloned()
    );
    submit(&mut g, "austria", "retreat linz");
    assert!(inside(&g, "au-2"));
    assert_eq!(
        g.state().forces.corps[&corps("au-2")].location,
        Location::Area(area("linz"))
    );
}
