//! The Natural Alliance Table of the standard ruleset is appendix UMP1 of the UMP rules, cell by cell.
//!
//! Rows are the controlled major power, columns the uncontrolled major power; the diagonal is blank.

use coalition_engine::ids::PowerId;
use coalition_engine::scenario::embedded_scenario;
use std::collections::BTreeMap;

/// The seven major powers, in the table's order.
const POWERS: [&str; 7] = [
    "austria",
    "france",
    "great-britain",
    "prussia",
    "russia",
    "spain",
    "turkey",
];

/// Appendix UMP1 transcribed: `UMP1[row][column]`, row = controlled, column = uncontrolled, `None` on the
/// diagonal. (The text's Austria row omits its blank diagonal cell at the start.)
const UMP1: [[Option<i32>; 7]; 7] = [
    // Austria, France, Great Britain, Prussia, Russia, Spain, Turkey
    [None, Some(0), Some(3), Some(-1), Some(1), Some(0), Some(-2)], // Austria
    [
        Some(-1),
        None,
        Some(-10),
        Some(-3),
        Some(-2),
        Some(0),
        Some(1),
    ], // France
    [
        Some(3),
        Some(-10),
        None,
        Some(2),
        Some(-1),
        Some(1),
        Some(0),
    ], // Great Britain
    [Some(-1), Some(-2), Some(2), None, Some(3), Some(0), Some(0)], // Prussia
    [
        Some(1),
        Some(-1),
        Some(-1),
        Some(3),
        None,
        Some(0),
        Some(-3),
    ], // Russia
    [Some(0), Some(0), Some(1), Some(0), Some(0), None, Some(-1)],  // Spain
    [
        Some(-2),
        Some(1),
        Some(0),
        Some(0),
        Some(-3),
        Some(-1),
        None,
    ], // Turkey
];

fn pid(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

/// The loaded chart (every row of the ruleset, not only the test scenario's powers).
fn chart() -> BTreeMap<PowerId, BTreeMap<PowerId, i32>> {
    let s = embedded_scenario("test").expect("test scenario loads");
    s.charts.natural_alliance
}

/// Compares `expected` (row-major over `POWERS`) with the chart, cell by cell, and checks that the chart
/// has no other rows or columns.
fn compare(expected: &[[Option<i32>; 7]; 7], source: &str) {
    let chart = chart();
    let mut wrong = Vec::new();
    let mut cells = 0;
    for (i, row) in POWERS.iter().enumerate() {
        let got_row = chart.get(&pid(row));
        for (j, col) in POWERS.iter().enumerate() {
            let got = got_row.and_then(|r| r.get(&pid(col))).copied();
            if got != expected[i][j] {
                wrong.push(format!(
                    "natural_alliance[{row}][{col}]: chart has {got:?}, {source} has {:?}",
                    expected[i][j]
                ));
            }
            cells += usize::from(expected[i][j].is_some());
        }
    }
    assert_eq!(cells, 42, "{source}: 7 rows of 6 cells");
    let known: Vec<PowerId> = POWERS.iter().map(|p| pid(p)).collect();
    for (row, cols) in &chart {
        if !known.contains(row) {
            wrong.push(format!("chart has a row for unknown power `{row}`"));
        }
        for col in cols.keys() {
            if !known.contains(col) {
                wrong.push(format!(
                    "chart row `{row}` has a column for unknown power `{col}`"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_chart_equals_appendix_ump1_as_transcribed() {
    // rule: UMP1
    // rule: 14.3.1.2.5
    compare(&UMP1, "the transcription of UMP1");
}

/// The rule text, if `shared/` is beside the repository.
const RULES_TEXT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/rules/000_a900719f3623e8ed.txt"
);

/// Power key of a name in the rule text (`Great Britain` -> `great-britain`).
fn key_of(name: &str) -> String {
    name.trim().to_lowercase().replace(' ', "-")
}

/// Parses appendix UMP1 from the rule text: the seven column names after "Uncontrolled major power", then
/// for each row a line with its name and a line with its cells. Blank cells are skipped and the six numbers
/// go, in order, to the columns other than the row's own (so a row that omits its blank diagonal cell, as
/// Austria's does, reads the same as one that shows it).
fn parse_ump1(text: &str) -> [[Option<i32>; 7]; 7] {
    let start = text
        .find("Appendix UMP1")
        .expect("the text has appendix UMP1");
    let lines: Vec<&str> = text[start..]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let header = lines
        .iter()
        .position(|l| l.starts_with("Uncontrolled major power"))
        .expect("UMP1 has a column header");
    let strip = |l: &str| {
        l.trim_matches(|c: char| c == '|' || c.is_whitespace())
            .to_string()
    };
    let columns: Vec<String> = lines[header + 1..header + 8]
        .iter()
        .map(|l| key_of(&strip(l)))
        .collect();
    assert_eq!(columns, POWERS, "UMP1's columns");
    let mut table = [[None; 7]; 7];
    let mut rows_seen = Vec::new();
    let mut k = header + 8;
    while rows_seen.len() < 7 {
        let row = key_of(&strip(lines[k]));
        let i = POWERS
            .iter()
            .position(|p| *p == row)
            .unwrap_or_else(|| panic!("UMP1: `{}` is not a row name", lines[k]));
        let numbers: Vec<i32> = lines[k + 1]
            .split('|')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(|c| {
                c.trim_start_matches('+')
                    .parse::<i32>()
                    .unwrap_or_else(|_| panic!("UMP1 row {row}: cell `{c}` is not a number"))
            })
            .collect();
        assert_eq!(
            numbers.len(),
            6,
            "UMP1 row {row}: six cells expected in `{}`",
            lines[k + 1]
        );
        let others = (0..7).filter(|&j| j != i);
        for (j, v) in others.zip(numbers) {
            table[i][j] = Some(v);
        }
        rows_seen.push(row);
        k += 2;
    }
    assert_eq!(rows_seen, POWERS, "UMP1's rows");
    table
}

#[test]
fn the_chart_equals_appendix_ump1_in_the_rule_text() {
    // rule: UMP1
    // rule: 14.3.1.2.5
    let Ok(text) = std::fs::read_to_string(RULES_TEXT) else {
        println!("note: {RULES_TEXT} is absent; UMP1 checked against the transcription only");
        return;
    };
    let parsed = parse_ump1(&text);
    assert_eq!(
        parsed, UMP1,
        "the rule text's UMP1 differs from the transcription"
    );
    compare(&parsed, "the rule text's UMP1");
}
