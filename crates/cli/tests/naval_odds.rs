//! `coalition battle FILE --naval steam --odds` (Coalition's 6.3.21, `docs/rules/naval-1853.md`): the exact odds of
//! a naval battle with ship kinds for every pair of chits, as a table and as JSON.

mod common;

use common::*;
use std::path::Path;

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/naval-battle.json")
        .display()
        .to_string()
}

#[test]
fn the_naval_odds_of_every_pair_of_chits_are_printed_as_a_table_and_as_json() {
    let o = coalition(&["battle", &example(), "--naval", "steam", "--odds"]);
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("attacker wins"), "{out}");
    assert_eq!(out.lines().count(), 1 + 25, "a header and 25 pairs: {out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("line_of_battle  doubling")),
        "{out}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&coalition(&[
        "battle",
        &example(),
        "--naval",
        "steam",
        "--odds",
        "--json",
    ])))
    .unwrap();
    let lines = json.as_array().unwrap();
    assert_eq!(lines.len(), 25);
    for l in lines {
        let n = |k: &str| {
            l[k].as_u64()
                .unwrap_or_else(|| l[k].as_str().unwrap().parse().unwrap())
        };
        assert_eq!(
            n("attacker_wins") + n("defender_wins") + n("no_winner"),
            n("total")
        );
    }
}

#[test]
fn an_era_without_its_ships_file_is_refused_with_the_file() {
    let o = coalition(&["battle", &example(), "--naval", "nowhere", "--odds"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("rulesets/nowhere/ships.ron"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
