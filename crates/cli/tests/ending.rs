//! The end of the game as players meet it (Coalition's victory rule, `docs/rules/victory.md`): `play` prints the
//! winner and the standings, `view` and `records` show them, and the position is labelled as the game's end.

mod common;

use common::*;

/// A game of the test scenario set up in its last month, Austria far past its target.
fn last_month_game(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("game.json");
    std::fs::write(
        &file,
        r#"{
  "coalition": 1,
  "scenario": "test",
  "rulebook": "standard",
  "seed": 5,
  "setup": {
    "date": { "year": 1815, "month": 12 },
    "adjustments": [
      { "victory_points": { "power": "austria", "delta": 150 } },
      { "victory_points": { "power": "france", "delta": 40 } }
    ]
  },
  "script": []
}"#,
    )
    .unwrap();
    file
}

#[test]
fn play_prints_the_winner_and_every_standing_when_the_game_ends() {
    let dir = temp_dir("ending");
    let file = last_month_game(&dir);
    let f = file.to_str().unwrap();
    let out = coalition_with_input(&["play", f], &"d\n".repeat(200));
    let s = stdout(&out);
    assert!(out.status.success(), "{s}");
    assert!(s.contains("== The end of the game (1815-12) =="), "{s}");
    assert!(s.contains("Austria (+"), "{s}");
    assert!(s.contains("against its target) wins."), "{s}");
    for power in ["France", "Austria", "Prussia"] {
        assert!(
            s.lines()
                .any(|l| l.trim_start().starts_with(power) && l.contains("in the game")),
            "no standing for {power}: {s}"
        );
    }
    // The view and the written record show the same end.
    let view = stdout(&coalition(&["view", f, "--as", "prussia"]));
    assert!(view.contains("The end of the game"), "{view}");
    assert!(
        view.starts_with("1815-12 — the end of the game\n"),
        "{view}"
    );
    assert!(view.contains("Austria (+"), "{view}");
    assert!(!view.contains("owes a decision"), "{view}");
    let md = stdout(&coalition(&["records", f]));
    assert!(md.contains("## The end of the game"), "{md}");
    assert!(
        md.contains("The game is over: it ended in 1815-12."),
        "{md}"
    );
    let csv = stdout(&coalition(&["records", f, "--format", "csv"]));
    assert!(
        csv.lines()
            .any(|l| l.starts_with("end_player,1815-12,,Austria,austria,place 1,")),
        "{csv}"
    );
    assert_eq!(
        csv.lines().filter(|l| l.starts_with("end_power,")).count(),
        3,
        "{csv}"
    );
}
