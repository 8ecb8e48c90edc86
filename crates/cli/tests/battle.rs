//! `coalition battle` (Coalition's field combat, `docs/rules/combat.md`): the README's example battle printed round
//! by round, the same seed giving the same battle, JSON for tools, and a refused outflank exiting 1 with its rule.

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
