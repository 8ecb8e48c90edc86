//! Snapshots (Coalition's rule 3): a game restored from its snapshot, written out as JSON and read back, plays on
//! exactly as the game it was taken from: for every golden transcript, cut at several points, the rest of the
//! script gives the same log, state, pending powers and views.

use coalition_engine::Game;
use coalition_engine::game::record;
use coalition_engine::game::snapshot::Snapshot;
use coalition_engine::scenario::embedded_scenario;
use coalition_engine::transcript::{Transcript, play_entry};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn cases(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            cases(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

/// The game as JSON: log, state, who owes, and every power's view.
fn face(g: &Game) -> serde_json::Value {
    serde_json::json!({
        "log": g.log(),
        "state": g.state(),
        "pending": g.pending(),
        "dice": g.dice_rolled(),
        "views": g.state().powers.keys().map(|p| g.view(*p)).collect::<Vec<_>>(),
    })
}

#[test]
fn a_restored_snapshot_plays_on_as_the_game_it_was_taken_from() {
    let mut files = Vec::new();
    cases(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts"),
        &mut files,
    );
    files.sort();
    assert!(files.len() > 20, "the golden transcripts are there");
    let mut checked = 0;
    for file in files {
        let t = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let scenario = Arc::new(embedded_scenario(&t.scenario).unwrap());
        let n = t.script.len();
        for cut in [0, n / 2, n] {
            let mut a = t.start(scenario.clone()).unwrap();
            for e in &t.script[..cut] {
                let _ = play_entry(&mut a, e);
            }
            let json = serde_json::to_string(&a.snapshot()).unwrap();
            let snap: Snapshot = serde_json::from_str(&json).unwrap();
            let mut b = Game::restore(scenario.clone(), t.rulebook.rulebook(), t.seed, snap);
            assert_eq!(
                face(&a),
                face(&b),
                "{}: restored at entry {cut}",
                file.display()
            );
            for e in &t.script[cut..] {
                let ra = play_entry(&mut a, e);
                let rb = play_entry(&mut b, e);
                assert_eq!(ra, rb, "{}: entry after {cut}", file.display());
            }
            assert_eq!(
                face(&a),
                face(&b),
                "{}: played on from entry {cut}",
                file.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 60);
}

/// A game that lets its older events go (`Game::forget_before`, what a server that stores the log does) plays,
/// reads and records exactly as one that holds its whole log: for every golden transcript, forgetting after each
/// entry, the state, who owes, the views' logs from the first event held, the written record (12.6) and the
/// events held are the whole game's; and a game restored from the log event by event (`resume`, `fold`),
/// forgetting as it reads, is the same game.
#[test]
fn a_game_that_lets_its_older_events_go_is_the_same_game() {
    let mut files = Vec::new();
    cases(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts"),
        &mut files,
    );
    files.sort();
    let (mut checked, mut recorded) = (0, 0);
    for file in files {
        let t = Transcript::from_json(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let scenario = Arc::new(embedded_scenario(&t.scenario).unwrap());
        let mut a = t.start(scenario.clone()).unwrap();
        let mut b = t.start(scenario.clone()).unwrap();
        for (i, e) in t.script.iter().enumerate() {
            assert_eq!(
                play_entry(&mut a, e),
                play_entry(&mut b, e),
                "{}: entry {i}",
                file.display()
            );
            // Keep a few events, or none at all now and then.
            let keep = if i % 3 == 0 { 0 } else { 5 };
            b.forget_before(b.log_len().saturating_sub(keep));
        }
        let same = |b: &Game, what: &str| {
            let from = b.log_start();
            assert_eq!(a.log_len(), b.log_len(), "{}: {what}", file.display());
            assert_eq!(&a.log()[from..], b.log(), "{}: {what}", file.display());
            assert_eq!(a.state(), b.state(), "{}: {what}", file.display());
            assert_eq!(a.pending(), b.pending(), "{}: {what}", file.display());
            assert_eq!(
                a.dice_rolled(),
                b.dice_rolled(),
                "{}: {what}",
                file.display()
            );
            for p in a.state().powers.keys() {
                assert_eq!(
                    a.view_since(*p, from),
                    b.view_since(*p, 0),
                    "{}: {what}: {p}'s view",
                    file.display()
                );
            }
            assert_eq!(
                record::compile(&scenario, &a, t.seed),
                record::compile(&scenario, b, t.seed),
                "{}: {what}: the record",
                file.display()
            );
        };
        same(&b, "played, forgetting");
        let mut c = Game::resume(
            scenario.clone(),
            t.rulebook.rulebook(),
            t.seed,
            &a.dice_position(),
        );
        for (i, e) in a.log().iter().enumerate() {
            c.fold(e.clone());
            if i % 7 == 0 {
                c.forget_before(c.log_len().saturating_sub(2));
            }
        }
        same(&c, "restored, forgetting");
        let r = record::compile(&scenario, &b, t.seed);
        if r.wars.iter().any(|w| !w.rule.is_empty())
            && r.alliances.iter().any(|a| !a.rule.is_empty())
            && !r.minor_changes.is_empty()
        {
            recorded += 1;
        }
        checked += 1;
    }
    assert!(checked > 20);
    assert!(
        recorded > 0,
        "some records read wars, alliances and minors from forgotten events"
    );
}
