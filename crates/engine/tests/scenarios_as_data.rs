//! Rule 2 (Coalition's scenarios as data, `docs/rules/scenarios.md`): the shared map and a scenario's political
//! overlay, its calendar, its power rows of the charts and its number of powers, each loaded or refused with the
//! file and entry at fault.

use coalition_engine::error::DataError;
use coalition_engine::ids::{AreaId, Key, PowerId, ProvinceId};
use coalition_engine::scenario::{Scenario, ScenarioSources, embedded_sources};
use coalition_engine::{Date, Position, Step};

const POLITICAL: &str = "scenarios/1805/political.ron";
const SCENARIO: &str = "scenarios/1805/scenario.ron";
const PATCH: &str = "scenarios/1805/charts.ron";

fn sources() -> ScenarioSources {
    embedded_sources("1805").expect("1805 is embedded")
}

fn edit(src: &mut ScenarioSources, file: &str, old: &str, new: &str) {
    let text = src.files.get_mut(file).expect("file");
    assert_eq!(text.matches(old).count(), 1, "`{old}` once in {file}");
    *text = text.replacen(old, new, 1);
}

fn problems(src: &ScenarioSources) -> Vec<DataError> {
    match Scenario::load(src, "1805") {
        Ok(_) => panic!("the scenario loaded, but a mistake was expected"),
        Err(e) => e.0,
    }
}

fn has(errors: &[DataError], file: &str, entry: &str, words: &str) -> bool {
    errors
        .iter()
        .any(|e| e.file == file && e.entry == entry && e.message.contains(words))
}

fn prov(s: &str) -> ProvinceId {
    ProvinceId::new(s).unwrap()
}

#[test]
fn the_1805_map_is_the_shared_map_under_the_borders_of_1805() {
    let s = Scenario::load(&sources(), "1805").expect("1805 loads");
    assert_eq!(s.map_file("1805"), "maps/europe/map.ron");
    assert_eq!((s.map.provinces.len(), s.map.areas.len()), (204, 278));
    let nation = |p: &str| s.province(prov(p)).unwrap().nation;
    // A French home province of 1805 on the Rhine, a Prussian one and a minor's (by its districts).
    assert_eq!(nation("rhineland"), Key::new("france").unwrap());
    assert_eq!(nation("marrakesh"), Key::new("morocco").unwrap());
    assert!(s.province(prov("gibraltar")).unwrap().outpost);
    assert!(!s.province(prov("middlesex")).unwrap().outpost);
    // Capitals come from powers.ron and minors.ron: 7 powers and 32 minors.
    assert_eq!(s.map.areas.iter().filter(|a| a.capital).count(), 39);
    assert!(s.area(AreaId::new("paris").unwrap()).unwrap().capital);
    assert!(!s.area(AreaId::new("reims").unwrap()).unwrap().capital);
}

#[test]
fn a_province_claimed_twice_or_by_nobody_is_refused_with_its_entry() {
    let mut src = sources();
    // Champagne given to Spain as well as France, and Gibraltar to nobody.
    edit(
        &mut src,
        POLITICAL,
        "\"new-castile\",",
        "\"new-castile\", \"champagne\",",
    );
    edit(&mut src, POLITICAL, "\"malta\",\n", "\n");
    let e = problems(&src);
    assert!(
        has(
            &e,
            POLITICAL,
            "home spain",
            "`champagne` is claimed by both `france` and `spain`"
        ),
        "{e:#?}"
    );
    assert!(
        has(&e, POLITICAL, "province malta", "belongs to no power"),
        "{e:#?}"
    );
}

#[test]
fn an_unknown_power_or_province_in_the_overlay_is_refused() {
    let mut src = sources();
    edit(
        &mut src,
        POLITICAL,
        "home: {",
        "home: {\n        \"sardinia\": [\"atlantis\"],",
    );
    let e = problems(&src);
    assert!(
        has(&e, POLITICAL, "home sardinia", "not a power of powers.ron"),
        "{e:#?}"
    );
    assert!(
        has(
            &e,
            POLITICAL,
            "home sardinia",
            "`atlantis` is not on the map"
        ),
        "{e:#?}"
    );
}

#[test]
fn the_overlay_adds_an_area_changes_borders_and_values() {
    let mut src = sources();
    edit(
        &mut src,
        POLITICAL,
        "    outposts:",
        r#"    values: { "champagne": (money: 7, manpower: 3) },
    add_provinces: [(id: "heligoland", name: "Heligoland", money: 0, manpower: 0)],
    add_areas: [(id: "heligoland", name: "Heligoland", province: "heligoland", terrain: clear, lat: 54.18, lon: 7.88, seas: ["north-sea"])],
    add_links: [("paris", "metz", plain)],
    remove_links: [("paris", "reims")],
    outposts:"#,
    );
    edit(
        &mut src,
        POLITICAL,
        "\"middlesex\",",
        "\"middlesex\", \"heligoland\",",
    );
    let s = Scenario::load(&src, "1805").unwrap_or_else(|e| panic!("{e:#?}"));
    let champagne = s.province(prov("champagne")).unwrap();
    assert_eq!((champagne.money, champagne.manpower), (7, 3));
    let helgo = s.area(AreaId::new("heligoland").unwrap()).unwrap();
    assert_eq!(
        s.province(helgo.province).unwrap().nation,
        Key::new("great-britain").unwrap()
    );
    let links = |a: &str| -> Vec<String> {
        let area = s.area(AreaId::new(a).unwrap()).unwrap();
        area.links.iter().map(|l| l.to.to_string()).collect()
    };
    assert!(links("paris").contains(&"metz".to_string()));
    assert!(links("metz").contains(&"paris".to_string()));
    assert!(!links("paris").contains(&"reims".to_string()));
    assert!(!links("reims").contains(&"paris".to_string()));
}

#[test]
fn removing_a_border_that_is_not_there_is_refused() {
    let mut src = sources();
    edit(
        &mut src,
        POLITICAL,
        "    outposts:",
        "    remove_links: [(\"paris\", \"vienna\")],\n    outposts:",
    );
    let e = problems(&src);
    assert!(
        has(&e, POLITICAL, "remove_links paris vienna", "no such border"),
        "{e:#?}"
    );
}

#[test]
fn a_calendar_of_the_scenario_sets_the_economic_and_ump_months() {
    let mut src = sources();
    edit(
        &mut src,
        SCENARIO,
        "    map: Some(\"europe\"),",
        "    map: Some(\"europe\"),\n    calendar: (economic_months: [6, 12], ump_months: [1]),",
    );
    let s = Scenario::load(&src, "1805").unwrap_or_else(|e| panic!("{e:#?}"));
    let cal = s.calendar();
    let mut p = Position::start_of(Date::new(1805, 1).unwrap());
    let (mut economic, mut ump) = (Vec::new(), Vec::new());
    while p.date.year == 1805 {
        if p.step == Step::EconomicCollection {
            economic.push(p.date.month);
        }
        if p.step == Step::UmpControl {
            ump.push(p.date.month);
        }
        p = p.next_under(cal);
    }
    assert_eq!((economic, ump), (vec![6, 12], vec![1]));
}

#[test]
fn a_calendar_month_out_of_range_is_refused() {
    let mut src = sources();
    edit(
        &mut src,
        SCENARIO,
        "    map: Some(\"europe\"),",
        "    map: Some(\"europe\"),\n    calendar: (economic_months: [3, 13], ump_months: [12, 12]),",
    );
    let e = problems(&src);
    assert!(
        has(
            &e,
            SCENARIO,
            "calendar economic_months",
            "months are 1 to 12"
        ),
        "{e:#?}"
    );
    assert!(
        has(&e, SCENARIO, "calendar ump_months", "each listed once"),
        "{e:#?}"
    );
}

#[test]
fn a_scenario_with_one_power_is_refused() {
    let mut src = embedded_sources("test").expect("test");
    let powers = src.files.get("scenarios/test/powers.ron").unwrap().clone();
    // Keep the first power's entry only: the list's text up to the second entry.
    let second = powers
        .match_indices("\n    (\n")
        .nth(1)
        .map(|(i, _)| i)
        .expect("two powers");
    src.files.insert(
        "scenarios/test/powers.ron".into(),
        format!("{}\n]\n", &powers[..second]),
    );
    let e = match Scenario::load(&src, "test") {
        Ok(_) => panic!("one power loaded"),
        Err(e) => e.0,
    };
    assert!(
        has(
            &e,
            "scenarios/test/powers.ron",
            "",
            "2 to 9 great powers, not 1"
        ),
        "{e:#?}"
    );
}

#[test]
fn a_scenario_charts_file_replaces_the_rulesets_power_rows() {
    let mut src = sources();
    src.files.insert(
        PATCH.into(),
        r#"(
            land_order: Some((chooser: "russia", order: ["france", "russia", "turkey", "austria", "prussia", "great-britain", "spain"])),
            depot_counters: Some({"france": 2, "great-britain": 2, "austria": 2, "prussia": 2, "russia": 2, "spain": 2, "turkey": 2}),
            morale: Some({"sardinia": (base: {infantry: 50})}),
        )"#
        .into(),
    );
    let s = Scenario::load(&src, "1805").unwrap_or_else(|e| panic!("{e:#?}"));
    let p = |x: &str| PowerId::new(x).unwrap();
    assert_eq!(s.charts.land.chooser, p("russia"));
    assert_eq!(s.charts.land.order[0], p("france"));
    assert_eq!(s.charts.land.depots.counters[&p("france")], 2);
    // What the patch leaves out keeps the ruleset's value: the Naval Phase's order, France's morale.
    let base = Scenario::load(&sources(), "1805").unwrap();
    assert_eq!(s.charts.naval, base.charts.naval);
    let france = Key::new("france").unwrap();
    assert_eq!(
        s.combat.morale.nations[&france],
        base.combat.morale.nations[&france]
    );
    let sardinia = Key::new("sardinia").unwrap();
    assert_eq!(
        s.combat.morale.nations[&sardinia].base.values().next(),
        Some(&50)
    );
}

#[test]
fn an_unknown_field_in_a_scenario_charts_file_is_refused_with_the_file() {
    let mut src = sources();
    src.files.insert(PATCH.into(), "(landorder: None)".into());
    let e = problems(&src);
    assert!(
        e.iter()
            .any(|e| e.file == PATCH && e.message.contains("landorder")),
        "{e:#?}"
    );
}
