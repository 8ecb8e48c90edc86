//! Every transcript under `tests/transcripts/` replays to the same log, byte for byte, twice; its outcome (final
//! position, political points, relations, records, log) is pinned by a snapshot.

use coalition_engine::scenario::embedded_scenario;
use coalition_engine::transcript::Transcript;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn transcripts() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_transcript_replays_identically_twice_and_matches_its_snapshot() {
    let files = transcripts();
    assert!(files.len() >= 4, "transcripts found: {files:?}");
    for f in files {
        let name = f
            .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/transcripts"))
            .unwrap()
            .to_string_lossy()
            .replace(['/', '.'], "_");
        let t = Transcript::from_json(&std::fs::read_to_string(&f).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let scenario = Arc::new(embedded_scenario(&t.scenario).unwrap());
        let a = t
            .replay(scenario.clone())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let b = t.replay(scenario.clone()).unwrap();
        let log_a = serde_json::to_string(a.log()).unwrap();
        let log_b = serde_json::to_string(b.log()).unwrap();
        assert_eq!(log_a, log_b, "{} replays differently", f.display());
        // The transcript survives a round trip through its own format.
        assert_eq!(Transcript::from_json(&t.to_json()).unwrap(), t);
        let s = a.state();
        let outcome = serde_json::json!({
            "position": s.position,
            "finished": s.finished,
            "pending": a.pending(),
            "powers": s.powers,
            "relations": s.relations,
            "minors": s.minors.iter().filter(|(_, m)| m.controller.is_some()).collect::<std::collections::BTreeMap<_, _>>(),
            "losses": s.records.losses,
            "log": a.log(),
        });
        insta::assert_json_snapshot!(name, outcome);
    }
}

#[test]
fn the_documented_json_schema_is_the_one_the_types_give() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/transcript.schema.json");
    let generated = coalition_engine::transcript::json_schema();
    if std::env::var_os("COALITION_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let documented = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        documented == generated,
        "docs/transcript.schema.json is out of date: run COALITION_UPDATE_SCHEMA=1 cargo test -p coalition-engine --test transcripts"
    );
}
