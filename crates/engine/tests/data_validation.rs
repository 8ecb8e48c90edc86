//! One data mistake per test: each edits the embedded test scenario's text in memory, loads it and checks
//! that exactly the expected problem is reported, with its file, its entry and a message naming what is
//! wrong (with the ids and numbers involved).

use coalition_engine::error::DataError;
use coalition_engine::scenario::{Scenario, ScenarioSources, embedded_sources};

const SCENARIO: &str = "scenarios/test/scenario.ron";
const MAP: &str = "scenarios/test/map.ron";
const POWERS: &str = "scenarios/test/powers.ron";
const MINORS: &str = "scenarios/test/minors.ron";
const LEADERS: &str = "scenarios/test/leaders.ron";
const CHARTS: &str = "rulesets/standard/charts.ron";

fn sources() -> ScenarioSources {
    embedded_sources("test").expect("the test scenario is embedded")
}

/// Replaces the one occurrence of `old` in `file` by `new` (panics if `old` is not there exactly once, so a
/// change to the test data shows here rather than as a test that no longer makes its mistake).
fn edit(src: &mut ScenarioSources, file: &str, old: &str, new: &str) {
    let text = src
        .files
        .get_mut(file)
        .unwrap_or_else(|| panic!("no file {file}"));
    assert_eq!(
        text.matches(old).count(),
        1,
        "`{old}` should occur exactly once in {file}"
    );
    *text = text.replacen(old, new, 1);
}

/// The problems reported when loading `src` (panics if it loads).
fn problems(src: &ScenarioSources) -> Vec<DataError> {
    match Scenario::load(src, "test") {
        Ok(_) => panic!("the scenario loaded, but a mistake was expected"),
        Err(e) => e.0,
    }
}

fn err(file: &str, entry: &str, message: &str) -> DataError {
    DataError {
        file: file.into(),
        entry: entry.into(),
        message: message.into(),
    }
}

/// Loads `src` after one edit and checks that exactly `expected` is reported.
fn one_mistake(file: &str, old: &str, new: &str, expected: &[DataError]) {
    let mut src = sources();
    edit(&mut src, file, old, new);
    let got = problems(&src);
    assert_eq!(got, expected, "\ngot:\n{got:#?}\nexpected:\n{expected:#?}");
}

#[test]
fn the_unchanged_test_scenario_has_no_problem() {
    if let Err(e) = Scenario::load(&sources(), "test") {
        panic!("{e}");
    }
}

// ---- Unknown ids ----

#[test]
fn an_area_in_an_unknown_province() {
    one_mistake(
        MAP,
        r#"province: "alsace""#,
        r#"province: "alsatia""#,
        &[err(MAP, "area strasbourg", "unknown province `alsatia`")],
    );
}

#[test]
fn a_link_to_an_unknown_area() {
    one_mistake(
        MAP,
        r#"links: [(to: "paris", kind: plain)], seas: ["channel"]"#,
        r#"links: [(to: "paris", kind: plain), (to: "calais", kind: plain)], seas: ["channel"]"#,
        &[err(MAP, "area lille", "link to unknown area `calais`")],
    );
}

#[test]
fn a_corps_in_an_unknown_area() {
    one_mistake(
        POWERS,
        r#"location: area("prague")"#,
        r#"location: area("praha")"#,
        &[err(
            POWERS,
            "power austria corps au-2",
            "unknown area `praha`",
        )],
    );
}

#[test]
fn a_leader_of_an_unknown_nation() {
    one_mistake(
        LEADERS,
        r#"nation: "prussia""#,
        r#"nation: "prusia""#,
        &[err(LEADERS, "leader blucher", "unknown nation `prusia`")],
    );
}

#[test]
fn a_minor_district_with_an_unknown_province() {
    one_mistake(
        MINORS,
        r#"provinces: ["thuringia"]"#,
        r#"provinces: ["thuringia", "franconia"]"#,
        &[err(
            MINORS,
            "minor saxony district thuringia",
            "unknown province `franconia`",
        )],
    );
}

#[test]
fn a_minor_district_with_another_nations_province() {
    one_mistake(
        MINORS,
        r#"provinces: ["thuringia"]"#,
        r#"provinces: ["thuringia", "bohemia"]"#,
        &[err(
            MINORS,
            "minor saxony district thuringia",
            "province `bohemia` belongs to `austria`, not to `saxony`",
        )],
    );
}

// ---- Adjacency and reachability ----

#[test]
fn a_one_way_adjacency() {
    // Prague no longer lists Dresden; Dresden still lists Prague.
    one_mistake(
        MAP,
        r#"(to: "dresden", kind: pass), "#,
        "",
        &[err(
            MAP,
            "area dresden",
            "one-way adjacency: links to `prague` but `prague` does not link back",
        )],
    );
}

#[test]
fn link_kinds_that_differ_on_the_two_sides() {
    // Linz says river, Vienna now says plain: reported once, on the area with the smaller id.
    one_mistake(
        MAP,
        r#"(to: "linz", kind: river)"#,
        r#"(to: "linz", kind: plain)"#,
        &[err(
            MAP,
            "area linz",
            "link to `vienna` is `river` here but `plain` on `vienna`'s side",
        )],
    );
}

#[test]
fn an_unreachable_island() {
    one_mistake(
        MAP,
        "    ],\n    seas: [",
        "        (id: \"elba\", name: \"Elba\", province: \"lyonnais\", terrain: clear, lat: 42.78, lon: 10.28),\n    ],\n    seas: [",
        &[err(
            MAP,
            "area elba",
            "unreachable from `paris` by land or sea: it has no land links, no coast and no crossing arrow",
        )],
    );
}

// ---- Capitals ----

#[test]
fn a_capital_outside_its_nation() {
    // France's capital moved to Vienna: the capital is foreign, and Paris keeps a capital flag it no longer
    // should have (the second report follows from the first mistake).
    one_mistake(
        POWERS,
        r#"capital: "paris""#,
        r#"capital: "vienna""#,
        &[
            err(
                POWERS,
                "power france",
                "capital `vienna` lies outside its nation: it belongs to `austria`",
            ),
            err(
                MAP,
                "area paris",
                "is marked `capital: true` but france's capital is `vienna`",
            ),
        ],
    );
}

#[test]
fn a_capital_area_not_flagged_capital() {
    one_mistake(
        MAP,
        r#"city: Some(("Berlin", fortress)), capital: true,"#,
        r#"city: Some(("Berlin", fortress)),"#,
        &[err(
            MAP,
            "area berlin",
            "is prussia's capital but not marked `capital: true`",
        )],
    );
}

#[test]
fn a_capital_flag_on_an_area_that_is_not_the_capital() {
    one_mistake(
        MAP,
        r#"city: Some(("Lyon", city)),"#,
        r#"city: Some(("Lyon", city)), capital: true,"#,
        &[err(
            MAP,
            "area lyon",
            "is marked `capital: true` but france's capital is `paris`",
        )],
    );
}

// ---- Tables and ranges ----

#[test]
fn a_national_modifier_table_without_a_power() {
    one_mistake(
        MINORS,
        r#"{"france": 2, "austria": 1, "prussia": -1}"#,
        r#"{"france": 2, "austria": 1}"#,
        &[err(
            MINORS,
            "minor bavaria",
            "national modifier table has no entry for `prussia`",
        )],
    );
}

#[test]
fn a_national_modifier_for_an_unknown_power() {
    one_mistake(
        MINORS,
        r#"{"france": 2, "austria": 1, "prussia": -1}"#,
        r#"{"france": 2, "austria": 1, "prussia": -1, "sweden": 1}"#,
        &[err(
            MINORS,
            "minor bavaria",
            "national modifier for unknown power `sweden`",
        )],
    );
}

#[test]
fn minor_morale_out_of_range() {
    one_mistake(
        MINORS,
        "morale: 25",
        "morale: 90",
        &[err(
            MINORS,
            "minor bavaria",
            "morale 90 (tenths) out of range 5..=60",
        )],
    );
}

#[test]
fn leader_rating_out_of_range() {
    one_mistake(
        LEADERS,
        "strategic: 5, tactical: 4, tactical_max: 4",
        "strategic: 5, tactical: 7, tactical_max: 4",
        &[err(
            LEADERS,
            "leader davout",
            "tactical rating 7 out of range 0..=6",
        )],
    );
}

#[test]
fn leader_strategic_rating_zero() {
    one_mistake(
        LEADERS,
        "strategic: 4, tactical: 4, tactical_max: 6",
        "strategic: 0, tactical: 4, tactical_max: 6",
        &[err(
            LEADERS,
            "leader charles",
            "strategic rating 0 out of range 1..=6",
        )],
    );
}

#[test]
fn province_money_out_of_range() {
    one_mistake(
        MAP,
        "money: 10, manpower: 4",
        "money: 150, manpower: 4",
        &[err(
            MAP,
            "province ile-de-france",
            "money value 150 out of range 0..=100",
        )],
    );
}

#[test]
fn natural_alliance_modifier_out_of_range() {
    one_mistake(
        CHARTS,
        r#""prussia": -3"#,
        r#""prussia": -13"#,
        &[err(
            CHARTS,
            "natural_alliance france",
            "modifier -13 for `prussia` out of range -10..=10",
        )],
    );
}

#[test]
fn natural_alliance_row_without_a_column() {
    one_mistake(
        CHARTS,
        r#""austria": { "france": 0, "great-britain": 3, "prussia": -1,"#,
        r#""austria": { "france": 0, "great-britain": 3,"#,
        &[err(
            CHARTS,
            "natural_alliance austria",
            "no column for `prussia`",
        )],
    );
}

#[test]
fn a_duplicate_id() {
    one_mistake(
        LEADERS,
        r#"(id: "charles""#,
        r#"(id: "davout""#,
        &[err(LEADERS, "leader davout", "id `davout` is used twice")],
    );
}

#[test]
fn status_display_zones_with_a_gap() {
    one_mistake(
        CHARTS,
        r#"(name: "Steady", from: 5,"#,
        r#"(name: "Steady", from: 7,"#,
        &[err(
            CHARTS,
            "status_display zone Steady",
            "gap: no zone covers 5..=6; this zone starts at 7 (zones must run without gaps from -20 to 40)",
        )],
    );
}

#[test]
fn status_display_zones_that_overlap() {
    one_mistake(
        CHARTS,
        r#"(name: "Steady", from: 5,"#,
        r#"(name: "Steady", from: 3,"#,
        &[err(
            CHARTS,
            "status_display zone Steady",
            "overlap: starts at 3 but 3..=4 is already covered (zones must run without gaps from -20 to 40)",
        )],
    );
}

#[test]
fn a_port_without_a_sea() {
    one_mistake(
        MAP,
        r#"seas: ["baltic"]"#,
        "seas: []",
        &[err(
            MAP,
            "area stettin",
            "is a port but touches no sea area (`seas` is empty)",
        )],
    );
}

#[test]
fn a_neutral_minor_with_a_controller() {
    one_mistake(
        MINORS,
        "status: neutral,",
        r#"status: neutral, controller: Some("austria"),"#,
        &[err(
            MINORS,
            "minor bavaria",
            "is neutral but has a controller `austria`; a neutral minor has none",
        )],
    );
}

#[test]
fn starting_factors_above_capacity() {
    // More infantry than the capacity while the cavalry is below it: every type is checked on its own.
    one_mistake(
        POWERS,
        "factors: (infantry: 10, cavalry: 2), location: area(\"paris\")",
        "factors: (infantry: 16, cavalry: 2), location: area(\"paris\")",
        &[err(
            POWERS,
            "power france corps fr-1",
            "starting factors exceed the corps' capacity: infantry 16 > 15",
        )],
    );
}

#[test]
fn a_peace_term_naming_an_unknown_term() {
    one_mistake(
        CHARTS,
        r#"cancels: ["B.1"]"#,
        r#"cancels: ["B.9"]"#,
        &[err(CHARTS, "peace term A.1", "names unknown term `B.9`")],
    );
}

#[test]
fn a_garrison_unit_that_is_no_land_factor_or_listed_twice() {
    one_mistake(
        CHARTS,
        "garrison_units: [infantry, militia]",
        "garrison_units: [infantry, ship, infantry]",
        &[
            err(
                CHARTS,
                "reinforcement",
                "garrison_units lists `ship`, which is not a land factor",
            ),
            err(
                CHARTS,
                "reinforcement",
                "garrison_units lists `infantry` twice",
            ),
        ],
    );
}

// ---- Files ----

#[test]
fn an_unparsable_file() {
    let mut src = sources();
    edit(&mut src, MAP, r#"(id: "paris","#, r#"(id: "paris",,"#);
    let got = problems(&src);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert_eq!(got[0].file, MAP);
    assert_eq!(got[0].entry, "", "a syntax error is about the whole file");
    // The message gives the line and column of the fault (the Paris area is on line 18).
    assert!(
        got[0].message.starts_with("not valid RON: 18:"),
        "{}",
        got[0].message
    );
}

#[test]
fn a_missing_file() {
    let mut src = sources();
    src.files.remove(MINORS);
    assert_eq!(problems(&src), [err(MINORS, "", "file is missing")]);
}

#[test]
fn a_missing_ruleset() {
    one_mistake(
        SCENARIO,
        r#"ruleset: "standard""#,
        r#"ruleset: "grand""#,
        &[
            err("rulesets/grand/charts.ron", "", "file is missing"),
            err("rulesets/grand/combat.ron", "", "file is missing"),
        ],
    );
}

#[test]
fn several_mistakes_are_all_reported() {
    let mut src = sources();
    edit(
        &mut src,
        MAP,
        r#"province: "alsace""#,
        r#"province: "alsatia""#,
    );
    edit(
        &mut src,
        POWERS,
        r#"location: area("prague")"#,
        r#"location: area("praha")"#,
    );
    edit(&mut src, MINORS, "morale: 25", "morale: 90");
    edit(
        &mut src,
        LEADERS,
        r#"nation: "prussia""#,
        r#"nation: "prusia""#,
    );
    edit(
        &mut src,
        CHARTS,
        r#"cancels: ["B.1"]"#,
        r#"cancels: ["B.9"]"#,
    );
    let got = problems(&src);
    let expected = [
        err(MAP, "area strasbourg", "unknown province `alsatia`"),
        err(POWERS, "power austria corps au-2", "unknown area `praha`"),
        err(
            MINORS,
            "minor bavaria",
            "morale 90 (tenths) out of range 5..=60",
        ),
        err(LEADERS, "leader blucher", "unknown nation `prusia`"),
        err(CHARTS, "peace term A.1", "names unknown term `B.9`"),
    ];
    for e in &expected {
        assert!(got.contains(e), "missing {e}\ngot:\n{got:#?}");
    }
    assert_eq!(got.len(), expected.len(), "{got:#?}");
}

#[test]
fn several_unreadable_files_are_all_reported() {
    let mut src = sources();
    src.files.remove(LEADERS);
    edit(&mut src, POWERS, r#"id: "france","#, r#"id: "france",,"#);
    let got = problems(&src);
    assert_eq!(got.len(), 2, "{got:#?}");
    assert_eq!(got[0].file, POWERS);
    assert_eq!(got[1], err(LEADERS, "", "file is missing"));
}

#[test]
fn a_conquered_minor_share_with_a_zero_denominator() {
    one_mistake(
        CHARTS,
        "conquered_minor_den: 2",
        "conquered_minor_den: 0",
        &[err(
            CHARTS,
            "economy",
            "the conquered minor's share 1/0 must be a fraction between 0 and 1",
        )],
    );
}

#[test]
fn a_conquered_minor_share_above_one() {
    one_mistake(
        CHARTS,
        "conquered_minor_num: 1",
        "conquered_minor_num: 3",
        &[err(
            CHARTS,
            "economy",
            "the conquered minor's share 3/2 must be a fraction between 0 and 1",
        )],
    );
}

// ---- Ranges (3.5: kernel::limits) ----

#[test]
fn a_starting_standing_out_of_range() {
    one_mistake(
        POWERS,
        "start: (political_points: 20, money: 60, manpower: 20), victory_target: 100",
        "start: (political_points: -10001, money: 2147483647, manpower: 20), victory_target: 0",
        &[
            err(
                POWERS,
                "power france",
                "starting political points -10,001 is out of range (-10,000 to 10,000)",
            ),
            err(
                POWERS,
                "power france",
                "starting money 2,147,483,647 is out of range (0 to 1,000,000)",
            ),
            err(
                POWERS,
                "power france",
                "victory target 0 is out of range (1 to 100,000)",
            ),
        ],
    );
}

#[test]
fn a_fleet_with_too_many_ships() {
    one_mistake(
        POWERS,
        r#"name: "Channel Fleet", ships: 8,"#,
        r#"name: "Channel Fleet", ships: 65535,"#,
        &[err(
            POWERS,
            "power france fleet fr-f1",
            "ships 65,535 is out of range (0 to 1,000)",
        )],
    );
}

#[test]
fn a_chart_price_and_a_chart_period_out_of_range() {
    let mut src = sources();
    edit(
        &mut src,
        CHARTS,
        "ship: (money: 10, manpower: 1, delay_months: 6)",
        "ship: (money: 4000000000, manpower: 1, delay_months: 6)",
    );
    edit(
        &mut src,
        CHARTS,
        "enforced_peace_months: 18",
        "enforced_peace_months: 1000000",
    );
    assert_eq!(
        problems(&src),
        [
            err(
                CHARTS,
                "victory_conditions",
                "enforced_peace_months 1,000,000 is out of range (0 to 240)",
            ),
            err(
                CHARTS,
                "economy.costs ship",
                "money 4,000,000,000 is out of range (0 to 10,000)",
            ),
        ]
    );
}

// ---- The Naval Phase's data (6.2.1) ----

#[test]
fn a_sea_that_shares_an_areas_key() {
    one_mistake(
        MAP,
        r#"(id: "baltic", name: "Baltic Sea", lat: 55.5, lon: 16.0, adjacent: ["north-sea"]),"#,
        r#"(id: "baltic", name: "Baltic Sea", lat: 55.5, lon: 16.0, adjacent: ["north-sea"]),
        (id: "paris", name: "Paris Sea", lat: 55.5, lon: 16.0, adjacent: []),"#,
        &[err(
            MAP,
            "sea paris",
            "`paris` is also an area's key: a place's key must name one place",
        )],
    );
}

#[test]
fn a_free_sea_crossing_and_a_port_box_dearer_than_a_fleets_allowance() {
    one_mistake(
        CHARTS,
        "costs: (sea: 1, port_sea: 1, box_sea: 1, port_box: 0)",
        "costs: (sea: 0, port_sea: 1, box_sea: 1, port_box: 8)",
        &[
            err(
                CHARTS,
                "naval",
                "costs sea 0, port_sea 1 and box_sea 1 must each be at least 1: a fleet pays to enter a sea area (6.2.1.1)",
            ),
            err(
                CHARTS,
                "naval",
                "costs port_box 8 is more than a fleet's 7 movement points (6.2.1.2)",
            ),
        ],
    );
}
