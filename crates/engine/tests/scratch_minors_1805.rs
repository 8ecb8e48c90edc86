// Scratch check of the 1805 scenario files (delete when done).
use coalition_engine::scenario::{Scenario, ScenarioSources};
use std::collections::BTreeMap;

#[test]
fn load_1805() {
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
            println!("MISSING {f}");
            "[]".to_string()
        });
        files.insert(f.to_string(), text);
    }
    match Scenario::load(&ScenarioSources { files }, "1805") {
        Ok(s) => println!("OK: {} minors, {} leaders", s.minors.len(), s.leaders.len()),
        Err(e) => {
            for x in e.0.iter() {
                println!("ERR {x}");
            }
        }
    }
}
