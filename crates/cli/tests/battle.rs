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
