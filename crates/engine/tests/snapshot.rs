//! Snapshots (Coalition's rule 3): a game restored from its snapshot, written out as JSON and read back, plays on
//! exactly as the game it was taken from: for every golden transcript, cut at several points, the rest of the
//! script gives the same log, state, pending powers and views.

use coalition_engine::Game;
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
