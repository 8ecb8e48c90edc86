// Scratch check of the 1805 map/powers (temporary; to be deleted).
use coalition_engine::scenario::{Scenario, ScenarioSources};
use std::collections::BTreeMap;

#[test]
fn scratch_load_1805() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/");
    let mut files = BTreeMap::new();
    for f in [
        "scenarios/1805/scenario.ron",
        "scenarios/1805/map.ron",
        "scenarios/1805/powers.ron",
        "scenarios/1805/minors.ron",
        "scenarios/1805/leaders.ron",
        "rulesets/standard/charts.ron",
    ] {
        let text = std::fs::read_to_string(format!("{root}{f}")).unwrap_or_else(|_| {
            if f.ends_with("minors.ron") || f.ends_with("leaders.ron") || f.ends_with("powers.ron") {
                "[]".to_string()
            } else {
                panic!("missing {f}")
            }
        });
        files.insert(f.to_string(), text);
    }
    if let Ok(extra) = std::env::var("SCRATCH_MINORS") {
        files.insert("scenarios/1805/minors.ron".into(), std::fs::read_to_string(extra).unwrap());
    }
    if let Ok(extra) = std::env::var("SCRATCH_POWERS") {
        files.insert("scenarios/1805/powers.ron".into(), std::fs::read_to_string(extra).unwrap());
    }
    match Scenario::load(&ScenarioSources { files }, "1805") {
        Ok(s) => println!("LOADED OK: {} areas, {} provinces, {} seas", s.map.areas.len(), s.map.provinces.len(), s.map.seas.len()),
        Err(e) => {
            for d in &e.0 {
                println!("ERR {} | {} | {}", d.file, d.entry, d.message);
            }
            println!("{} errors", e.0.len());
        }
    }
}
