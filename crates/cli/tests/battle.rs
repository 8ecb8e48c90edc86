//! `coalition battle` (Coalition's field combat, `docs/rules/combat.md`): the README's example battle printed round
//! by round, the same seed giving the same battle, JSON for tools, a refused outflank exiting 1 with its rule, and
//! the exact odds of every pair of chits (`--odds`).

mod common;

use common::*;
use std::path::Path;

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/battle.json")
        .display()
        .to_string()
}

#[test]
fn the_example_battle_is_printed_round_by_round_and_repeats_with_its_seed() {
    let o = coalition(&["battle", &example(), "--seed", "7"]);
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(
        out.contains("commander Napoleon (strategic 5, tactical 6)"),
        "{out}"
    );
    assert!(out.contains("day 1, round 1"), "{out}");
    assert!(out.contains("commander chart"), "{out}");
    assert!(out.contains("outflank arrives before round 2"), "{out}");
    assert!(out.contains("losses: attacker"), "{out}");
    assert_eq!(
        stdout(&coalition(&["battle", &example(), "--seed", "7"])),
        out
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&coalition(&[
        "battle",
        &example(),
        "--seed",
        "7",
        "--json",
    ])))
    .unwrap();
    assert!(json["rounds"].as_array().is_some_and(|r| !r.is_empty()));
}

#[test]
fn an_outflank_without_a_leader_is_refused_with_its_rule() {
    let dir = temp_dir("battle-refused");
    let mut setup: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(example()).unwrap()).unwrap();
    setup["attacker"]["leaders"] = serde_json::json!([]);
    let file = dir.join("b.json");
    std::fs::write(&file, setup.to_string()).unwrap();
    let o = coalition(&["battle", s(&file)]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("7.5.2"), "{}", stderr(&o));
    assert!(stderr(&o).contains("no leader"), "{}", stderr(&o));
}

#[test]
fn the_odds_of_every_pair_of_chits_are_printed_as_a_table_and_as_json() {
    let o = coalition(&["battle", &example(), "--odds"]);
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("att wins"), "{out}");
    assert!(
        out.contains("not counted"),
        "leader casualties are left out: {out}"
    );
    // Probe v Withdraw: the defender withdraws without a roll.
    let probe = out
        .lines()
        .find(|l| l.starts_with("probe ") && l.contains(" withdraw "))
        .unwrap();
    assert!(probe.contains("100.00%"), "{probe}");
    // No Allied corps is marked to outflank: the defender's Outflank is refused, with the rule.
    assert!(
        out.contains("refused: assault v outflank: rule 7.5.2"),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&coalition(&[
        "battle",
        &example(),
        "--odds",
        "--json",
    ])))
    .unwrap();
    let lines = json.as_array().unwrap();
    assert_eq!(lines.len(), 30, "5 attacker's chits by 6 defender's");
    for l in lines {
        if let Some(e) = l.get("refused") {
            assert_eq!(e["rule"], "7.5.2");
            continue;
        }
        let total: f64 = ["attacker_wins", "defender_wins", "withdrew", "undecided"]
            .iter()
            .map(|k| l[k]["percent"].as_f64().unwrap())
            .sum();
        assert!((total - 100.0).abs() < 1e-9, "{l}");
        assert!(l["attacker_wins"]["exact"].as_str().unwrap().contains('/'));
    }
    let pw = lines
        .iter()
        .find(|l| l["attacker"] == "probe" && l["defender"] == "withdraw")
        .unwrap();
    assert_eq!(pw["withdrew"]["exact"], "1/1");
}

/// `tests/odds/NAME.json`.
fn odds_file(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../tests/odds/{name}.json"))
        .display()
        .to_string()
}

/// The `--odds --json` line of the chits `(attacker, defender)` for the battle description `file`.
fn odds_line(file: &str, chits: (&str, &str)) -> serde_json::Value {
    let o = coalition(&["battle", file, "--odds", "--json"]);
    expect_code(&o, 0);
    let lines: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    lines
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["attacker"] == chits.0 && l["defender"] == chits.1)
        .cloned()
        .unwrap()
}

/// The exact chances of a line: attacker wins, defender wins, undecided.
fn exact(l: &serde_json::Value) -> [String; 3] {
    ["attacker_wins", "defender_wins", "undecided"]
        .map(|k| l[k]["exact"].as_str().unwrap().to_string())
}

/// The description `name` with `side` led by a leader of `nation` serving `power`, ratings 2/2/4.
fn with_leader(dir: &Path, name: &str, side: &str, power: &str, nation: &str) -> String {
    let mut setup: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(odds_file(name)).unwrap()).unwrap();
    setup[side]["leaders"] = serde_json::json!([{
        "name": "a leader", "power": power, "nation": nation, "strategic": 2, "tactical": 2, "tactical_max": 4
    }]);
    let file = dir.join(format!("{name}-{nation}.json"));
    std::fs::write(&file, setup.to_string()).unwrap();
    s(&file).to_string()
}

/// Issue 40: the chart's national specials follow the commander's nationality; a side without a leader gets none.
/// The exact odds of a leaderless side's line are pinned, and a leader of the nation (against one of the same
/// ratings of another nation) is shown to move them.
fn leaderless(name: &str, side: &str, nation: &str, chits: (&str, &str), pinned: [&str; 3]) {
    let line = odds_line(&odds_file(name), chits);
    assert_eq!(exact(&line), pinned.map(String::from), "{name}: {line}");
    let dir = temp_dir(&format!("odds-{name}"));
    let own = odds_line(&with_leader(&dir, name, side, nation, nation), chits);
    let foreign = odds_line(&with_leader(&dir, name, side, nation, "egypt"), chits);
    assert_ne!(
        exact(&own),
        exact(&foreign),
        "{name}: a leader of {nation} brings the chart's special, one of another nation does not"
    );
}

#[test]
fn a_leaderless_turkish_side_fights_without_the_turkish_morale() {
    // rule: 7.5.2
    leaderless(
        "leaderless-turkish-attack",
        "attacker",
        "turkey",
        ("assault", "counterattack"),
        ["97/1458", "38561/46656", "4991/46656"],
    );
}

#[test]
fn a_leaderless_russian_defence_fights_without_the_russian_morale() {
    // rule: 7.5.2
    leaderless(
        "leaderless-russian-defence",
        "defender",
        "russia",
        ("assault", "defend"),
        ["889/23328", "28361/46656", "16517/46656"],
    );
}

#[test]
fn a_leaderless_austrian_cordon_fights_without_the_austrian_die() {
    // rule: 7.5.2
    leaderless(
        "leaderless-austrian-cordon",
        "defender",
        "austria",
        ("echelon", "cordon"),
        ["9901/23328", "3161/23328", "1711/3888"],
    );
}
