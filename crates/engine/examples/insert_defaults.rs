//! Rule 3.6 for transcripts: when a phase that asked nothing begins to ask (a newly plugged step), the golden
//! transcripts written before it need a default decision wherever it now asks. This replays each transcript given
//! and prints, as one JSON line per file, the default entries to insert before each script entry (and at the
//! end) while a round of the named kind is open. `scripts/insert_defaults.py` inserts them into the files,
//! keeping each file's layout.
//!
//! `cargo run -p coalition-engine --example insert_defaults -- naval tests/transcripts/**/*.json`
//!
//! With `--passing` after the kind, for a round that now asks more powers than before (the Reinforcement Phase
//! asking every power that moves a fleet, 5.1.3 and 5.1.4): only the owing powers whose default is a pass are
//! defaulted; the others are those the transcript already answers.
//!
//! `cargo run -p coalition-engine --example insert_defaults -- reinforcement --passing tests/transcripts/**/*.json`

use coalition_engine::scenario::embedded_scenario;
use coalition_engine::state::{RoundKind, State};
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use coalition_engine::{Game, ids::PowerId};
use std::sync::Arc;

/// The powers owing a round of `kind`, if one is open.
fn owing(g: &Game, kind: RoundKind) -> Option<Vec<PowerId>> {
    let s: &State = g.state();
    let r = s.round.as_ref()?;
    (r.kind == kind).then(|| r.owing.iter().copied().collect())
}

/// Plays defaults while a round of `kind` is open (with `passing`, only for the powers whose default is a pass);
/// the powers defaulted, in order.
fn drain(g: &mut Game, kind: RoundKind, passing: bool, file: &str) -> Vec<PowerId> {
    let mut out = Vec::new();
    while let Some(powers) = owing(g, kind) {
        let Some(p) = powers
            .iter()
            .copied()
            .find(|p| !passing || g.default_decision(*p) == Some(coalition_engine::Decision::Pass))
        else {
            break;
        };
        g.submit_default(p)
            .unwrap_or_else(|e| panic!("{file}: default for {p}: {e}"));
        out.push(p);
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let kind: RoundKind = serde_json::from_value(serde_json::Value::String(
        args.next().expect("usage: insert_defaults KIND FILE..."),
    ))
    .expect("a round kind, such as `naval`");
    let mut args = args.peekable();
    let passing = args.next_if(|a| a == "--passing").is_some();
    for file in args {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let t = Transcript::from_json(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let scenario = Arc::new(embedded_scenario(&t.scenario).unwrap());
        let mut g = t.start(scenario).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut inserts: Vec<(usize, Vec<PowerId>)> = Vec::new();
        for (i, e) in t.script.iter().enumerate() {
            if matches!(e, Entry::Logged(_)) {
                continue;
            }
            let before = drain(&mut g, kind, passing, &file);
            if !before.is_empty() {
                inserts.push((i, before));
            }
            play_entry(&mut g, e).unwrap_or_else(|err| panic!("{file}: entry {i}: {err}"));
        }
        println!("{}", serde_json::json!({ "file": file, "insert": inserts }));
    }
}
