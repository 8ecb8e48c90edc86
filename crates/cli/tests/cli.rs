//! The `coalition` command as a new user meets it: start a game, replay it, list and submit decisions, keep
//! secrets, host adjustments, hot-seat play, data checks, and the help of every subcommand.
//!
//! Every test works in its own folder under the system's temporary folder.

mod common;

use common::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `coalition new --scenario 1805 --seed 3 -o DIR/game.json`.
fn new_game(dir: &Path) -> PathBuf {
    let g = dir.join("game.json");
    let o = coalition(&["new", "--scenario", "1805", "--seed", "3", "-o", s(&g)]);
    expect_code(&o, 0);
    assert!(g.is_file(), "`new` wrote no file");
    g
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", stdout(o)))
}

#[test]
fn new_then_replay_json_is_stable() {
    let dir = temp_dir("replay");
    let g = new_game(&dir);
    let a = coalition(&["replay", s(&g), "--json"]);
    expect_code(&a, 0);
    let v = json(&a);
    assert!(v.get("state").is_some_and(|x| x.is_object()), "no state");
    assert!(
        v.get("log")
            .and_then(|x| x.as_array())
            .is_some_and(|l| !l.is_empty()),
        "no log"
    );
    let b = coalition(&["replay", s(&g), "--json"]);
    expect_code(&b, 0);
    assert!(a.stdout == b.stdout, "two replays differ");
    // The text form works too.
    expect_code(&coalition(&["replay", s(&g)]), 0);
}

#[test]
fn choices_submit_and_refusals() {
    let dir = temp_dir("submit");
    let g = new_game(&dir);

    let o = coalition(&["choices", s(&g), "--as", "france", "--json"]);
    expect_code(&o, 0);
    let list = json(&o);
    let list = list.as_array().expect("a list of decisions");
    assert!(!list.is_empty(), "France owes a decision at the start");
    assert!(list.contains(&serde_json::json!("pass")), "{list:?}");
    // The text form lists them too.
    let o = coalition(&["choices", s(&g), "--as", "france"]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("pass"), "{}", stdout(&o));

    let size0 = std::fs::metadata(&g).unwrap().len();
    let o = coalition(&["submit", s(&g), "--as", "france", "pass"]);
    expect_code(&o, 0);
    let after_pass = std::fs::read(&g).unwrap();
    assert!(after_pass.len() as u64 > size0, "the file did not grow");

    // France has passed: a second submission is refused by 3.2 and the file is untouched.
    let o = coalition(&["submit", s(&g), "--as", "france", "pass"]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("3.2"), "stderr: {}", stderr(&o));
    assert_eq!(
        std::fs::read(&g).unwrap(),
        after_pass,
        "a refusal changed the file"
    );

    // An unknown nation in a decision: 3.4.
    let o = coalition(&["submit", s(&g), "--as", "france", "declare narnia"]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("3.4"), "stderr: {}", stderr(&o));
    assert_eq!(std::fs::read(&g).unwrap(), after_pass);

    // An unknown power to act as: bad usage.
    let o = coalition(&["submit", s(&g), "--as", "nobody", "pass"]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("nobody"), "stderr: {}", stderr(&o));
    assert_eq!(std::fs::read(&g).unwrap(), after_pass);

    // A missing decision is bad usage too.
    let o = coalition(&["submit", s(&g), "--as", "austria"]);
    expect_code(&o, 2);
    assert_eq!(std::fs::read(&g).unwrap(), after_pass);
}

#[test]
fn bad_usage_exits_2() {
    expect_code(&coalition(&["frobnicate"]), 2);
    expect_code(&coalition(&[]), 2);
    expect_code(&coalition(&["replay"]), 2);
    let dir = temp_dir("usage");
    let missing = dir.join("missing.json");
    let o = coalition(&["replay", s(&missing)]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("missing.json"), "{}", stderr(&o));
    // A file that is not a game.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "not json").unwrap();
    let o = coalition(&["replay", s(&junk)]);
    assert_ne!(code(&o), 0);
    assert!(stderr(&o).contains("junk.json"), "{}", stderr(&o));
}

#[test]
fn private_messages_stay_private() {
    let dir = temp_dir("secret");
    let g = new_game(&dir);
    let o = coalition(&[
        "submit",
        s(&g),
        "--as",
        "france",
        "message prussia: secret plan",
    ]);
    expect_code(&o, 0);

    let austria = coalition(&["view", s(&g), "--as", "austria", "--json"]);
    expect_code(&austria, 0);
    json(&austria);
    assert!(
        !stdout(&austria).contains("secret plan"),
        "Austria reads France's message to Prussia"
    );
    let prussia = coalition(&["view", s(&g), "--as", "prussia", "--json"]);
    expect_code(&prussia, 0);
    assert!(stdout(&prussia).contains("secret plan"));
    let france = coalition(&["view", s(&g), "--as", "france", "--json"]);
    expect_code(&france, 0);
    assert!(stdout(&france).contains("secret plan"));
    // Nor in the text view.
    let o = coalition(&["view", s(&g), "--as", "austria"]);
    expect_code(&o, 0);
    assert!(!stdout(&o).contains("secret plan"));
}

#[test]
fn check_data_built_in_is_clean() {
    let o = coalition(&["check-data"]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("OK"), "{}", stdout(&o));
}

/// A copy of the repository's data folder: (the temporary folder, the copy's path).
fn data_copy(name: &str) -> (TempDir, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let tmp = temp_dir(name);
    let dir = tmp.join("data");
    copy_dir(&src, &dir);
    (tmp, dir)
}

fn replace_in(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} has no `{from}`", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn check_data_folder_clean_copy() {
    let (_tmp, data) = data_copy("data-ok");
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 0);
}

#[test]
fn check_data_reports_a_broken_ships_file_of_a_naval_era() {
    let (_tmp, data) = data_copy("data-ships");
    let ships = data.join("rulesets/steam/ships.ron");
    replace_in(&ships, "evade_on: 4", "evade_on: 9");
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("rulesets/steam/ships.ron"), "stderr: {err}");
    assert!(err.contains("ramming"), "stderr: {err}");
}

#[test]
fn check_data_reports_a_missing_back_link() {
    let (_tmp, data) = data_copy("data-link");
    let map = data.join("scenarios/test/map.ron");
    // Lille no longer links back to Paris, though Paris links to Lille.
    replace_in(
        &map,
        r#"links: [(to: "paris", kind: plain)], seas: ["channel"]"#,
        r#"links: [], seas: ["channel"]"#,
    );
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("scenarios/test/map.ron"), "stderr: {err}");
    assert!(
        err.contains("lille") || err.contains("paris"),
        "stderr: {err}"
    );
}

#[test]
fn check_data_reports_an_unknown_province() {
    let (_tmp, data) = data_copy("data-province");
    let map = data.join("scenarios/test/map.ron");
    replace_in(&map, r#"province: "flanders""#, r#"province: "narnia""#);
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("scenarios/test/map.ron"), "stderr: {err}");
    assert!(err.contains("narnia"), "stderr: {err}");
    assert!(err.contains("lille"), "the entry is not named: {err}");
}

#[test]
fn check_data_says_a_garbage_file_is_not_valid_ron_once() {
    let (_tmp, data) = data_copy("data-garbage");
    // Not even UTF-8: it is there, and it is not RON.
    std::fs::write(
        data.join("scenarios/test/map.ron"),
        [0xff, 0xfe, 0x00, 0x41],
    )
    .unwrap();
    std::fs::write(data.join("scenarios/test/powers.ron"), "garbage ((").unwrap();
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    for f in ["scenarios/test/map.ron", "scenarios/test/powers.ron"] {
        let lines: Vec<&str> = err.lines().filter(|l| l.contains(f)).collect();
        assert_eq!(lines.len(), 1, "{f} is reported once: {err}");
        assert!(lines[0].contains("not valid RON"), "stderr: {err}");
        assert!(!lines[0].contains("missing"), "stderr: {err}");
    }
}

#[test]
fn check_data_bad_folder_is_usage() {
    let dir = temp_dir("data-none");
    let o = coalition(&["check-data", s(&dir)]);
    expect_code(&o, 2);
}

#[test]
fn data_prints_json() {
    let o = coalition(&["data", "--scenario", "test", "--json"]);
    expect_code(&o, 0);
    let v = json(&o);
    assert!(v.is_object());
    let o = coalition(&["data", "--scenario", "test"]);
    expect_code(&o, 0);
    let o = coalition(&["data", "--scenario", "narnia"]);
    assert_ne!(code(&o), 0);
}

#[test]
fn host_adjustment_is_logged() {
    let dir = temp_dir("host");
    let g = new_game(&dir);
    let before = json(&coalition(&["replay", s(&g), "--json"]));
    let money = |v: &serde_json::Value| v["state"]["powers"]["austria"]["money"].as_i64();
    let o = coalition(&[
        "host",
        s(&g),
        r#"{"money":{"power":"austria","delta":5}}"#,
        "--note",
        "subsidy",
    ]);
    expect_code(&o, 0);
    let r = coalition(&["replay", s(&g), "--json"]);
    expect_code(&r, 0);
    assert!(stdout(&r).contains("subsidy"), "the note is not in the log");
    let after = json(&r);
    assert_eq!(
        money(&after),
        money(&before).map(|m| m + 5),
        "Austria's treasury"
    );
    let text = coalition(&["replay", s(&g)]);
    expect_code(&text, 0);
    assert!(stdout(&text).contains("subsidy"), "{}", stdout(&text));

    // A malformed adjustment is refused, and the file is unchanged.
    let kept = std::fs::read(&g).unwrap();
    let o = coalition(&["host", s(&g), r#"{"money":{"power":"narnia"}}"#]);
    expect_code(&o, 1);
    assert_eq!(std::fs::read(&g).unwrap(), kept);
}

#[test]
fn play_one_decision_then_quit() {
    let dir = temp_dir("play");
    let g = new_game(&dir);
    let before = std::fs::read(&g).unwrap();
    let o = coalition_with_input(&["play", s(&g), "--as", "france"], "1\nq\n");
    expect_code(&o, 0);
    assert!(stdout(&o).contains("Saved"), "{}", stdout(&o));
    let after = std::fs::read(&g).unwrap();
    assert!(after.len() > before.len(), "play saved nothing");
    let t: serde_json::Value = serde_json::from_slice(&after).unwrap();
    let script = t["script"].as_array().expect("a script");
    assert!(
        script.iter().any(|e| e["submit"]["power"] == "france"),
        "France's decision is not in the file: {script:?}"
    );
    // The saved game replays.
    expect_code(&coalition(&["replay", s(&g), "--json"]), 0);
}

#[test]
fn play_at_end_of_input_saves() {
    let dir = temp_dir("play-eof");
    let g = dir.join("new.json");
    let o = coalition_with_input(&["play", s(&g), "--seed", "7"], "");
    expect_code(&o, 0);
    assert!(g.is_file(), "play did not create the file");
    expect_code(&coalition(&["replay", s(&g)]), 0);
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in [
        "new",
        "replay",
        "view",
        "choices",
        "submit",
        "host",
        "play",
        "check-data",
        "data",
        "map",
        "records",
        "chart",
    ] {
        let o = coalition(&[sub, "--help"]);
        expect_code(&o, 0);
        assert!(
            stdout(&o).contains("Example"),
            "`coalition {sub} --help` shows no example:\n{}",
            stdout(&o)
        );
    }
    let o = coalition(&["--help"]);
    expect_code(&o, 0);
    expect_code(&coalition(&["--version"]), 0);
}

#[test]
fn map_writes_svg() {
    let dir = temp_dir("map");
    let svg = dir.join("map.svg");
    let o = coalition(&["map", "-o", s(&svg), "--scenario", "test"]);
    expect_code(&o, 0);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

// ---------------------------------------------------------------------------------------------------------------
// The written record (12.6), the chart, and the rulebook.

use coalition_engine::Decision;
use coalition_engine::calendar::{Date, Step};
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::embedded_scenario;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use std::sync::Arc;

/// Plays the 1805 campaign from January to the start of `until`, every power taking its default decision except
/// these, given as (month, step, power, decision text) and taken in order when that power is asked: France
/// declares war on Austria; Austria, Russia and Great Britain ally; Spain declares war on Russia, which calls
/// Austria, and Spain calls France; Prussia declares war on Mecklenburg; Austria sues France and Spain for peace
/// and France takes reparations (B.3); Great Britain breaks its alliance with Russia. Writes DIR/played.json.
fn played_game(dir: &Path, until: Date) -> PathBuf {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let mut script: Vec<(u8, Step, &str, &str)> = vec![
        (1, Step::DeclarationsOfWar, "france", "declare austria"),
        (1, Step::CreatingAlliances, "austria", "ally russia"),
        (
            1,
            Step::CreatingAlliances,
            "russia",
            "ally austria,great-britain",
        ),
        (1, Step::CreatingAlliances, "great-britain", "ally russia"),
        (2, Step::DeclarationsOfWar, "spain", "declare russia"),
        (2, Step::DeclarationsOfWar, "prussia", "declare mecklenburg"),
        (2, Step::CallToAllies, "russia", "call austria:spain"),
        (2, Step::CallToAllies, "austria", "answer yes"),
        (2, Step::CallToAllies, "spain", "call france:russia"),
        (2, Step::CallToAllies, "france", "answer yes"),
        (3, Step::Peace, "austria", "peace sue france,spain"),
        (3, Step::Peace, "france", "term B.3"),
        (3, Step::Peace, "france", "term done"),
        (4, Step::BreakingAlliances, "great-britain", "break russia"),
    ];
    let mut t = Transcript::new("1805", RulebookSpec::default(), 5);
    let mut g = t.start(s.clone()).unwrap();
    let mut guard = 0;
    while g.state().position.date < until && !g.state().finished {
        guard += 1;
        assert!(guard < 20_000, "the game does not move on");
        let pos = g.state().position;
        let Some(&power) = g.pending().first() else {
            panic!("nobody owes a decision at {pos}");
        };
        let wanted = script.iter().position(|(m, step, p, _)| {
            pos.date.year == 1805
                && pos.date.month == *m
                && pos.step == *step
                && *p == power.0.as_str()
        });
        // A scripted decision is tried when its power is asked; one the step does not take yet (an offer asked
        // before the victor's terms) waits for the next time.
        let entry = wanted
            .and_then(|i| {
                let d = Decision::parse(script[i].3, &s).unwrap();
                let ok = g.choices(power).iter().any(|c| c == &d)
                    || g.clone().submit(power, d.clone()).is_ok();
                ok.then(|| {
                    script.remove(i);
                    Entry::Submit { power, decision: d }
                })
            })
            .unwrap_or(Entry::Default { power });
        play_entry(&mut g, &entry).unwrap();
        t.script.push(entry);
    }
    assert!(
        script.is_empty(),
        "scripted decisions never asked for: {script:?}"
    );
    let f = dir.join("played.json");
    std::fs::write(&f, t.to_json()).unwrap();
    f
}

/// The played game through June 1805: two Economic Phases.
fn played(dir: &Path) -> PathBuf {
    played_game(dir, Date::new(1805, 7).unwrap())
}

/// A minimal CSV reader (RFC 4180 quoting), enough to check the records' table.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    rows
}

// rule: 12.6
#[test]
fn records_in_markdown_hold_the_blank_forms() {
    let dir = temp_dir("records-md");
    let g = played(&dir);
    let o = coalition(&["records", s(&g)]);
    expect_code(&o, 0);
    let md = stdout(&o);
    for section in [
        "## Wars",
        "## Peaces",
        "## Enforced peaces",
        "## Alliances",
        "## Minor countries",
        "## Economic Phases",
        "### 1805-03",
        "### 1805-06",
        "## Political points",
    ] {
        assert!(md.contains(section), "no `{section}` in:\n{md}");
    }
    // Who joined each war, and how: by declaration, at a call, as the campaign begins.
    assert!(
        md.contains("| France | Austria | declared [4.2] | 1805-01 | 1805-03 |"),
        "{md}"
    );
    assert!(
        md.contains("| Austria | Spain | at the call of Russia [4.3.2] | 1805-02 | 1805-03 |"),
        "{md}"
    );
    assert!(
        md.contains("| France | Russia | at the call of Spain [4.3.2] | 1805-02 | at war |"),
        "{md}"
    );
    // The peace with its terms by name and who chose them, and the enforced peace's end.
    assert!(md.contains("B.3 "), "no reparations term: {md}");
    assert!(md.contains(", by France"), "{md}");
    assert!(
        md.contains("| B.3 | Austria | France | reparations: "),
        "{md}"
    );
    assert!(
        md.contains("| Austria | France | 1805-03 | 1806-09 | in force | 4.4.6.3 |"),
        "{md}"
    );
    // An alliance broken, by whom and when; the others in force.
    assert!(
        md.contains("| Great Britain | Russia | 1805-01 [4.5] | 1805-04 | Great Britain |"),
        "{md}"
    );
    assert!(
        md.contains("| Austria | Russia | 1805-01 [4.5] | in force |"),
        "{md}"
    );
    // Mecklenburg's control: who runs it since February, by the control roll.
    let meck = md
        .lines()
        .find(|l| l.starts_with("| Mecklenburg |"))
        .unwrap_or_else(|| panic!("no Mecklenburg row: {md}"));
    assert!(
        meck.contains("| free state | 1805-02 |") && meck.contains("[4.6.3.1]"),
        "{meck}"
    );
    // Names, not ids.
    assert!(!md.contains("great-britain"), "an id in the record: {md}");
    // The political forms, pinned (the Economic Phases are checked by their balance in the CSV test).
    let political = &md[..md.find("## Economic Phases").unwrap()];
    insta::assert_snapshot!("records_1805_political", political);
}

// rule: 12.6
#[test]
fn records_in_csv_are_one_table_that_balances() {
    let dir = temp_dir("records-csv");
    let g = played(&dir);
    let out = dir.join("records.csv");
    let o = coalition(&["records", s(&g), "--format", "csv", "-o", s(&out)]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("records.csv"), "{}", stdout(&o));
    let rows = csv_rows(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(
        rows[0],
        [
            "section", "date", "until", "power", "other", "kind", "detail", "money", "manpower",
            "points", "rule"
        ]
    );
    for r in &rows {
        assert_eq!(r.len(), 11, "a row of {} cells: {r:?}", r.len());
    }
    let sections: std::collections::BTreeSet<&str> =
        rows[1..].iter().map(|r| r[0].as_str()).collect();
    for want in [
        "war",
        "peace",
        "enforced_peace",
        "alliance",
        "minor",
        "minor_change",
        "economy",
        "points",
    ] {
        assert!(sections.contains(want), "no `{want}` rows: {sections:?}");
    }
    assert!(rows.iter().any(|r| r[0] == "war"
        && r[3] == "Austria"
        && r[4] == "Spain"
        && r[5] == "call"
        && r[6].starts_with("at the call of Russia")));
    assert!(rows.iter().any(|r| r[0] == "alliance"
        && r[3] == "Great Britain"
        && r[4] == "Russia"
        && r[2] == "1805-04"
        && r[6].starts_with("broken by Great Britain")));
    // Each phase balances for each power: opening + income − spent + other = closing.
    let phases: std::collections::BTreeSet<(String, String)> = rows
        .iter()
        .filter(|r| r[0] == "economy")
        .map(|r| (r[1].clone(), r[3].clone()))
        .collect();
    assert_eq!(
        phases.len(),
        2 * 7,
        "two phases of seven powers: {phases:?}"
    );
    for (date, power) in &phases {
        let sum = |kind: &str, col: usize| -> i64 {
            rows.iter()
                .filter(|r| r[0] == "economy" && &r[1] == date && &r[3] == power && r[5] == kind)
                .map(|r| r[col].parse::<i64>().unwrap())
                .sum()
        };
        for col in [7, 8] {
            assert_eq!(
                sum("opening", col) + sum("income", col) - sum("spent", col) + sum("other", col),
                sum("closing", col),
                "{power} in {date} does not balance (column {col})"
            );
        }
        assert!(sum("income", 7) > 0, "{power} collected no money in {date}");
        // Issue 41: every source the collection counts has its row, so the sources add up to the income.
        let sources: i64 = rows
            .iter()
            .filter(|r| {
                r[0] == "economy" && &r[1] == date && &r[3] == power && r[5].starts_with("income: ")
            })
            .map(|r| r[7].parse::<i64>().unwrap())
            .sum();
        assert_eq!(
            sources,
            sum("income", 7),
            "{power}'s income sources in {date} do not add up to its income"
        );
    }
    // American trade (12.9) has rows of its own.
    assert!(
        rows.iter()
            .any(|r| r[0] == "economy" && r[5] == "income: American trade"),
        "no American trade row"
    );
    // Political points at the start and at each phase's close, for every power.
    assert_eq!(rows.iter().filter(|r| r[0] == "points").count(), 3 * 7);
}

#[test]
fn records_refuse_an_unknown_format_as_usage() {
    let dir = temp_dir("records-format");
    let g = new_game(&dir);
    let o = coalition(&["records", s(&g), "--format", "xml"]);
    expect_code(&o, 2);
    assert!(
        stderr(&o).contains("md") && stderr(&o).contains("csv"),
        "{}",
        stderr(&o)
    );
    // A game with no Economic Phase yet still has a record.
    let o = coalition(&["records", s(&g)]);
    expect_code(&o, 0);
    assert!(
        stdout(&o).contains("No Economic Phase yet."),
        "{}",
        stdout(&o)
    );
}

#[test]
fn chart_draws_a_band_per_zone_and_a_line_per_power() {
    let dir = temp_dir("chart");
    let g = played(&dir);
    let svg = dir.join("status.svg");
    let o = coalition(&["chart", s(&g), "-o", s(&svg)]);
    expect_code(&o, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    let scenario = embedded_scenario("1805").unwrap();
    let zones = &scenario.charts.status_display.zones;
    assert_eq!(text.matches(r#"<rect class="zone""#).count(), zones.len());
    for z in zones {
        assert!(
            text.contains(&format!(r#"data-zone="{}""#, z.name)),
            "no band for {}",
            z.name
        );
        assert!(
            text.contains(&format!("{} ({} to {})", z.name, z.from, z.to)),
            "no label for {}",
            z.name
        );
    }
    for p in &scenario.powers {
        for class in ["pp", "money", "legend"] {
            assert_eq!(
                text.matches(&format!(r#"<g class="{class}" data-power="{}">"#, p.id))
                    .count(),
                1,
                "no {class} line for {}",
                p.id
            );
        }
        assert!(text.contains(&p.name) && text.contains(&p.color));
    }
    // Three points per line: the start and the two phases' closes; the same file every time.
    let pp_line = text
        .lines()
        .find(|l| l.starts_with(r#"<g class="pp" data-power="france">"#))
        .unwrap();
    let points = pp_line
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(points.split(' ').count(), 3, "{points}");
    for label in ["start", "1805-03", "1805-06"] {
        assert!(
            text.contains(&format!(">{label}</text>")),
            "no axis label {label}"
        );
    }
    let again = dir.join("again.svg");
    expect_code(&coalition(&["chart", s(&g), "-o", s(&again)]), 0);
    assert_eq!(text, std::fs::read_to_string(&again).unwrap());
}

#[test]
fn new_takes_a_preset_or_a_list_and_views_show_the_rulebook() {
    let dir = temp_dir("rulebook");
    let g = dir.join("g.json");
    for (spec, json, shown) in [
        ("none", serde_json::json!("none"), "preset `none`"),
        ("all", serde_json::json!("all"), "preset `all`"),
        (
            "standard",
            serde_json::json!("standard"),
            "preset `standard`: 25 of 27",
        ),
        (
            "naval-raiding,12.9",
            serde_json::json!(["naval-raiding", "american-trade"]),
            "2 of 27 optional rules: naval-raiding (12.2.2), american-trade (12.9)",
        ),
    ] {
        let o = coalition(&[
            "new",
            "--seed",
            "1",
            "--rulebook",
            spec,
            "--force",
            "-o",
            s(&g),
        ]);
        expect_code(&o, 0);
        assert!(
            stdout(&o).contains(shown),
            "`new --rulebook {spec}`: {}",
            stdout(&o)
        );
        let file: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&g).unwrap()).unwrap();
        assert_eq!(file["rulebook"], json, "{spec}");
        let v = coalition(&["view", s(&g), "--as", "france"]);
        expect_code(&v, 0);
        assert!(
            stdout(&v).contains(&format!("rulebook: {shown}")),
            "view of {spec}: {}",
            stdout(&v)
        );
        let r = coalition(&["records", s(&g)]);
        assert!(
            stdout(&r).contains(&format!("Rulebook: {shown}")),
            "records of {spec}"
        );
    }
    let o = coalition(&[
        "new",
        "--rulebook",
        "naval-raiding,no-such-rule",
        "--force",
        "-o",
        s(&g),
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("no-such-rule") && stderr(&o).contains("american-trade (12.9)"));
    // `play` starts a new file with the rulebook asked for, and shows it.
    let p = dir.join("p.json");
    let o = coalition_with_input(&["play", s(&p), "--seed", "2", "--rulebook", "none"], "q\n");
    expect_code(&o, 0);
    assert!(
        stdout(&o).contains("rulebook: preset `none`"),
        "{}",
        stdout(&o)
    );
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    assert_eq!(file["rulebook"], "none");
    // An existing file keeps its rulebook, and says so when asked for another.
    let o = coalition_with_input(&["play", s(&p), "--rulebook", "all"], "q\n");
    expect_code(&o, 0);
    assert!(stdout(&o).contains("keeps the rulebook"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("rulebook: preset `none`"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    // `coalition data --json | head`: the scenario's JSON is far larger than a pipe holds, so the command is still
    // writing when the reader goes away; it must stop without a panic message.
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_coalition"))
        .args(["data", "--scenario", "1805", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the coalition binary runs");
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(!err.contains("panicked"), "stderr: {err}");
    assert!(!err.contains("Broken pipe"), "stderr: {err}");
}

/// What a player reads never shows Rust's debug formatting or raw JSON: every golden transcript's replay, in
/// text, is checked for `Area(...)`, `OffMap`, `FreeState`, `Some(...)`, `{"...` and `[1, 2]`-style lists.
#[test]
fn replayed_logs_read_as_words_not_debug_or_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).unwrap() {
        for f in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            files.push(f.unwrap().path());
        }
    }
    files.sort();
    assert!(files.len() > 30);
    let bad = [
        "Area(",
        "Sea(",
        "OffMap",
        "FreeState",
        "Conquered",
        "Some(",
        "None)",
        "{\"",
        "[1,",
        "Wounded {",
        "Infantry factor",
        "closes: austria",
        "closes: france",
        "Willing phase",
        "Support phase",
    ];
    for f in &files {
        let o = coalition(&["replay", s(f)]);
        let text = stdout(&o);
        for line in text.lines() {
            for b in bad {
                assert!(
                    !line.contains(b),
                    "{}: `{b}` in a line a player reads: {line}",
                    f.display()
                );
            }
        }
    }
}
