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
