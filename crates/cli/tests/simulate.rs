//! `coalition simulate`: bots play campaigns; each game is printed with its figures, and kept as a transcript
//! that `coalition replay` rebuilds.

mod common;

use common::*;

#[test]
fn simulate_plays_games_with_bots_and_keeps_transcripts_that_replay() {
    let dir = temp_dir("simulate");
    let out = dir.join("sims");
    let o = coalition(&[
        "simulate",
        "--games",
        "2",
        "--seed",
        "4",
        "--months",
        "2",
        "--out",
        s(&out),
    ]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert_eq!(text.matches("game seed ").count(), 2, "{text}");
    assert!(text.contains("stopped 1805-03 after 2 month(s)"), "{text}");
    assert!(text.contains("game-months/s"), "{text}");
    for seed in [4, 5] {
        let f = out.join(format!("game-{seed}.json"));
        assert!(f.is_file(), "no transcript for seed {seed}");
        let a = coalition(&["replay", s(&f), "--json"]);
        expect_code(&a, 0);
    }
    // The same seeds play the same games.
    let again = dir.join("again");
    expect_code(
        &coalition(&[
            "simulate",
            "--games",
            "1",
            "--seed",
            "4",
            "--months",
            "2",
            "--out",
            s(&again),
        ]),
        0,
    );
    assert_eq!(
        std::fs::read_to_string(out.join("game-4.json")).unwrap(),
        std::fs::read_to_string(again.join("game-4.json")).unwrap()
    );
    // Unknown bots are refused with a usage error.
    let bad = coalition(&["simulate", "--bots", "genius", "--months", "1"]);
    assert_ne!(bad.status.code(), Some(0));
}

#[test]
fn the_arena_seats_two_kinds_of_bot_and_prints_their_win_rates_with_intervals() {
    let o = coalition(&[
        "simulate",
        "--arena",
        "heuristic,random",
        "--games",
        "3",
        "--months",
        "1",
        "--jobs",
        "2",
    ]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert_eq!(text.matches("game seed ").count(), 3, "{text}");
    assert!(text.contains("arena: 3 games"), "{text}");
    // Three arrangements of seven seats: the first kind holds 1, 1 and 2 of them (the masks 1, 2, 3).
    assert!(text.contains("| heuristic | 4 | 0 |"), "{text}");
    assert!(text.contains("| random | 17 | 0 |"), "{text}");
    assert!(text.contains("95% interval"), "{text}");
    assert!(text.contains("the intervals overlap"), "{text}");
    for bad in [["--arena", "heuristic"], ["--arena", "random,random"]] {
        let o = coalition(&["simulate", bad[0], bad[1], "--months", "1"]);
        expect_code(&o, 2);
    }
}

#[test]
fn simulate_prints_the_summary_by_power_and_the_speed_for_each_kind_of_seating() {
    for bots in ["heuristic", "random", "mix"] {
        let o = coalition(&[
            "simulate", "--games", "2", "--months", "3", "--bots", bots, "--jobs", "1",
        ]);
        expect_code(&o, 0);
        let text = stdout(&o);
        assert!(text.contains("2 game(s), 3.0 months on average"), "{text}");
        assert!(text.contains("game-months/s a thread"), "{text}");
        assert!(text.contains("| France | 0 |"), "{text}");
    }
}

/// Issue 41: a finished game says why each winner won: its victory points against its target.
#[test]
fn simulate_says_why_each_winner_won() {
    let o = coalition(&["simulate", "--games", "1", "--seed", "1", "--jobs", "1"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    let line = text
        .lines()
        .find(|l| l.starts_with("game seed 1: ended"))
        .unwrap_or_else(|| panic!("no finished game: {text}"));
    let winners = line
        .split("winners: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        winners.contains("victory points against a target of"),
        "{line}"
    );
    assert!(!winners.starts_with("none"), "{line}");
    // The table by power names the powers and gives the average margin of a finished game.
    assert!(text.contains("| France | "), "{text}");
    assert!(text.contains("victory points against the target"), "{text}");
}
