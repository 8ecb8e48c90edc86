//! Seats held by computer players (issue 16): a game file records which seats bots hold (`bots`, and `Seat`
//! entries when the host hands a seat over), the bots answer for their seats as soon as a person has submitted,
//! `play --as` hands the other seats to bots (or leaves them to their defaults with `--bots none`), and every
//! bot decision keeps its reason, which `replay` prints.

mod common;

use coalition_engine::ids::PowerId;
use coalition_engine::transcript::{Entry, Transcript};
use common::*;
use std::path::Path;

fn transcript(f: &Path) -> Transcript {
    Transcript::from_json(&std::fs::read_to_string(f).unwrap()).unwrap()
}

fn pw(name: &str) -> PowerId {
    PowerId::new(name).unwrap()
}

/// `new` with seed 3, Anne playing France and Bill Austria, and `more` of its options, into `f`: what it printed.
fn anne_and_bill(f: &Path, more: &[&str]) -> String {
    let mut args = vec![
        "new",
        "--seed",
        "3",
        "--players",
        "anne=france,bill=austria",
        "-o",
        s(f),
    ];
    args.extend_from_slice(more);
    ok(&coalition(&args))
}

fn bot_entries(t: &Transcript, power: &str) -> usize {
    t.script
        .iter()
        .filter(|e| matches!(e, Entry::Bot { power: p, .. } if p.as_str() == power))
        .count()
}

#[test]
fn a_new_game_with_bot_seats_records_them_and_the_bots_answer_after_a_submission() {
    let dir = temp_dir("seats-new");
    let f = dir.join("g.json");
    ok(&coalition(&[
        "new",
        "--seed",
        "3",
        "--bots",
        "austria=heuristic,russia=random",
        "-o",
        s(&f),
    ]));
    let t = transcript(&f);
    assert_eq!(t.bot_seats().len(), 2);
    assert_eq!(
        t.bots.get(&pw("austria")).map(String::as_str),
        Some("heuristic")
    );
    // France passes in the Diplomacy Step: the bots of Austria and Russia pass at once, with their reasons; the
    // people's seats still owe theirs.
    let out = ok(&coalition(&["submit", s(&f), "--as", "france", "pass"]));
    assert!(out.contains("Austria (heuristic bot): "), "{out}");
    assert!(out.contains("Russia (random bot): "), "{out}");
    let t = transcript(&f);
    assert_eq!(bot_entries(&t, "austria"), 1);
    // The random bot may write messages and proposals before it passes.
    assert!(bot_entries(&t, "russia") >= 1);
    assert!(
        out.contains("waiting for: great-britain, prussia, spain, turkey"),
        "{out}"
    );
    // The reasons are kept in the file and printed by replay, never part of the state.
    assert!(
        t.script.iter().any(
            |e| matches!(e, Entry::Bot { reason, .. } if reason.contains("sends no messages"))
        )
    );
    let replayed = ok(&coalition(&["replay", s(&f)]));
    // Issue 41: the bot's line gives its reason and the log's own line the decision, once.
    assert!(
        replayed.contains(
            "  [Austria (heuristic bot): sends no messages or proposals]\nAustria: pass\n"
        ),
        "{replayed}"
    );
    assert_eq!(replayed.matches("Austria: pass").count(), 1, "{replayed}");
    // An unknown kind of bot is a usage error and writes nothing.
    let bad = dir.join("bad.json");
    let o = coalition(&["new", "--bots", "austria=genius", "-o", s(&bad)]);
    expect_code(&o, 2);
    assert!(
        stderr(&o).contains("unknown bot `genius`"),
        "{}",
        stderr(&o)
    );
    assert!(!bad.exists());
}

#[test]
fn the_host_hands_a_seat_to_a_bot_and_back_and_the_file_keeps_both() {
    let dir = temp_dir("seats-host");
    let f = dir.join("g.json");
    ok(&coalition(&["new", "--seed", "4", "-o", s(&f)]));
    ok(&coalition(&["submit", s(&f), "--as", "austria", "pass"]));
    // Spain's player is away: a bot takes the seat and answers what Spain owes now.
    let out = ok(&coalition(&[
        "seat",
        s(&f),
        "spain",
        "heuristic",
        "--note",
        "Carlos is away",
    ]));
    assert!(out.contains("Spain: heuristic bot"), "{out}");
    assert!(out.contains("Spain (heuristic bot): "), "{out}");
    let t = transcript(&f);
    assert!(t.script.iter().any(|e| matches!(
        e,
        Entry::Seat { power, bot: Some(b), note } if power.as_str() == "spain" && b == "heuristic" && note == "Carlos is away"
    )));
    assert_eq!(bot_entries(&t, "spain"), 1);
    // Handing it to the same bot again changes nothing.
    let again = ok(&coalition(&["seat", s(&f), "spain", "heuristic"]));
    assert!(again.contains("already held"), "{again}");
    assert_eq!(transcript(&f).script.len(), t.script.len());
    // Carlos is back: the seat is his again, and the bot no longer plays it.
    let out = ok(&coalition(&["seat", s(&f), "spain", "person"]));
    assert!(out.contains("Spain: person"), "{out}");
    let t = transcript(&f);
    assert!(t.bot_seats().is_empty());
    for p in ["france", "great-britain", "prussia", "russia", "turkey"] {
        ok(&coalition(&["submit", s(&f), "--as", p, "pass"]));
    }
    let t = transcript(&f);
    assert_eq!(
        bot_entries(&t, "spain"),
        1,
        "the bot played on after Spain's seat was handed back"
    );
    // The whole file replays.
    ok(&coalition(&["replay", s(&f), "--json"]));
    let bad = coalition(&["seat", s(&f), "spain", "genius"]);
    expect_code(&bad, 2);
}

#[test]
fn play_as_one_power_hands_every_other_seat_to_a_bot_or_to_its_defaults() {
    let dir = temp_dir("seats-play");
    let f = dir.join("g.json");
    let o = coalition_with_input(&["play", s(&f), "--seed", "5", "--as", "france"], "d\nq\n");
    let out = stdout(&o);
    assert_eq!(code(&o), 0, "{out}{}", stderr(&o));
    assert!(out.contains("France: person"), "{out}");
    assert!(out.contains("Austria (heuristic bot): "), "{out}");
    let t = transcript(&f);
    assert_eq!(t.bot_seats().len(), 6);
    assert!(!t.bot_seats().contains_key(&pw("france")));
    assert!(bot_entries(&t, "austria") >= 1);

    // --bots none: the other seats take their defaults, as before bots existed.
    let g = dir.join("h.json");
    let o = coalition_with_input(
        &[
            "play",
            s(&g),
            "--seed",
            "5",
            "--as",
            "france",
            "--bots",
            "none",
        ],
        "d\nq\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let t = transcript(&g);
    assert!(t.bot_seats().is_empty());
    assert_eq!(bot_entries(&t, "austria"), 0);
    assert!(
        t.script
            .iter()
            .any(|e| matches!(e, Entry::Default { power } if power.as_str() == "austria"))
    );

    // Playing a power a bot held takes the seat back, recorded as a hand-over.
    let o = coalition_with_input(&["play", s(&f), "--as", "austria"], "q\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let t = transcript(&f);
    let seats = t.bot_seats();
    assert!(!seats.contains_key(&pw("austria")));
    assert_eq!(
        seats.get(&pw("france")).map(String::as_str),
        Some("heuristic")
    );
}

/// Issue 41: two people and computer players in one command. `--bots heuristic` alone takes every seat the
/// players do not, and each of those powers is controlled (by its bot's seat), not an uncontrolled major power
/// that must surrender at the first UMP Control Step (14.3.1.3.3).
// rule: 14.3.1
#[test]
fn two_people_with_bots_in_every_other_seat_start_a_game_the_bots_play() {
    let dir = temp_dir("seats-two-people");
    let f = dir.join("g.json");
    let out = anne_and_bill(&f, &["--bots", "heuristic"]);
    let t = transcript(&f);
    assert_eq!(t.bot_seats().len(), 5, "{:?}", t.bots);
    for p in ["great-britain", "prussia", "russia", "spain", "turkey"] {
        assert_eq!(t.bots.get(&pw(p)).map(String::as_str), Some("heuristic"));
        assert!(
            t.players.iter().any(|pl| pl.powers.contains(&pw(p))),
            "{p} has a seat of its own: {:?}",
            t.players
        );
    }
    assert!(!t.bots.contains_key(&pw("france")));
    assert!(!t.bots.contains_key(&pw("austria")));
    // Nobody is uncontrolled, so the game starts at the first month, not at an UMP Control Step.
    assert!(out.contains("1805-01"), "{out}");
    assert!(!out.contains("UMP Control"), "{out}");
    // Anne passes: the bots answer at once and Austria (Bill) still owes its decision.
    let out = ok(&coalition(&["submit", s(&f), "--as", "france", "pass"]));
    assert!(out.contains("Great Britain (heuristic bot): "), "{out}");
    assert!(out.contains("waiting for: austria"), "{out}");
    let replayed = ok(&coalition(&["replay", s(&f)]));
    assert!(!replayed.contains("must surrender"), "{replayed}");
    assert!(!replayed.contains("no player controls"), "{replayed}");
    // A bot may not take a seat a person plays.
    let bad = dir.join("bad.json");
    let o = coalition(&[
        "new",
        "--players",
        "anne=france",
        "--bots",
        "france=heuristic",
        "-o",
        s(&bad),
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("played by a person"), "{}", stderr(&o));
    assert!(!bad.exists());
}

/// Issue 41: `new` names the game's real first step: with powers nobody takes, the UMP Control Step before
/// the first month (14.3.1), not the scenario's first month.
// rule: 14.3.1
#[test]
fn new_names_the_ump_control_step_when_powers_are_left_uncontrolled() {
    let dir = temp_dir("seats-first-step");
    let f = dir.join("g.json");
    let out = anne_and_bill(&f, &[]);
    assert!(
        out.contains("starting at 1804-12 — UMP Control Step"),
        "{out}"
    );
    let f2 = dir.join("g2.json");
    let out = ok(&coalition(&["new", "--seed", "3", "-o", s(&f2)]));
    assert!(
        out.contains("starting at 1805-01 — Diplomacy Step"),
        "{out}"
    );
}
