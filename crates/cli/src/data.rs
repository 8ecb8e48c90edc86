//! Loading the data files a game needs (rule 2, Coalition's data in `data/`): a scenario from a data folder or
//! the built-in data, and `coalition check-data`, which reports every problem with its file and entry.

use crate::{Failure, bail_usage};
use anyhow::{Context, Result};
use coalition_engine::error::{DataError, DataErrors};
use coalition_engine::scenario::{
    EMBEDDED_SCENARIOS, SCENARIO_FILES, Scenario, ScenarioSources, embedded_scenario,
};
use std::path::Path;
use std::sync::Arc;

/// A data file's text: a file that is not UTF-8 is kept (lossily) so that the loader reports it as not valid RON
/// rather than as missing; a file that does not exist is left out.
fn read_text(path: &Path) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Reads every data file of a scenario (and every ruleset and shared map) from a data folder.
pub(crate) fn read_sources(dir: &Path, scenario: &str) -> Result<ScenarioSources> {
    let mut src = ScenarioSources::default();
    for f in SCENARIO_FILES {
        let rel = format!("scenarios/{scenario}/{f}");
        if let Some(text) = read_text(&dir.join(&rel)) {
            src.files.insert(rel, text);
        }
    }
    use coalition_engine::scenario::{ERA_FILES, MAP_FILES, RULESET_FILES};
    let ruleset_files: Vec<&str> = RULESET_FILES.iter().chain(&ERA_FILES).copied().collect();
    let folders: [(&str, &[&str]); 2] = [("rulesets", &ruleset_files), ("maps", &MAP_FILES)];
    for (folder, files) in folders {
        if let Ok(entries) = std::fs::read_dir(dir.join(folder)) {
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().to_string();
                for f in files {
                    let rel = format!("{folder}/{name}/{f}");
                    if let Some(text) = read_text(&dir.join(&rel)) {
                        src.files.insert(rel, text);
                    }
                }
            }
        }
    }
    Ok(src)
}

pub(crate) fn load_scenario(data: Option<&Path>, name: &str) -> Result<Arc<Scenario>, Failure> {
    let s = match data {
        Some(dir) => {
            if !dir.join("scenarios").join(name).is_dir() {
                return bail_usage(&format!("no scenario `{name}` in {}", dir.display()));
            }
            coalition_engine::host::load_scenario(&read_sources(dir, name)?, name)?
        }
        None if !EMBEDDED_SCENARIOS.contains(&name) => {
            return bail_usage(&format!(
                "no scenario `{name}` (built in: {})",
                EMBEDDED_SCENARIOS.join(", ")
            ));
        }
        None => {
            let s = embedded_scenario(name)?;
            coalition_engine::host::check_campaign_setup(&s)?;
            s
        }
    };
    Ok(Arc::new(s))
}

/// Checks every scenario of a data folder (or the built-in data) and prints every problem.
pub(crate) fn check_data(path: Option<&Path>) -> Result<(), Failure> {
    let mut problems: Vec<DataError> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    match path {
        Some(dir) => {
            let scen = dir.join("scenarios");
            let entries = std::fs::read_dir(&scen)
                .with_context(|| format!("{} has no scenarios/ folder", dir.display()))?;
            for e in entries.flatten() {
                if e.path().is_dir() {
                    names.push(e.file_name().to_string_lossy().to_string());
                }
            }
            names.sort();
            if names.is_empty() {
                return bail_usage(&format!("no scenario folders in {}", scen.display()));
            }
            for n in &names {
                if let Err(e) = coalition_engine::host::load_scenario(&read_sources(dir, n)?, n) {
                    problems.extend(e.0);
                }
            }
        }
        None => {
            for n in EMBEDDED_SCENARIOS {
                names.push(n.to_string());
                match embedded_scenario(n) {
                    Ok(s) => {
                        if let Err(e) = coalition_engine::host::check_campaign_setup(&s) {
                            problems.extend(e.0);
                        }
                    }
                    Err(e) => problems.extend(e.0),
                }
            }
        }
    }
    // Coalition's 6.3.10: every naval era's ships.ron, whether a scenario opts into it or not.
    let sources = match path {
        Some(dir) => read_sources(dir, &names[0])?,
        None => {
            coalition_engine::scenario::embedded_sources(EMBEDDED_SCENARIOS[0]).unwrap_or_default()
        }
    };
    for file in sources.files.keys() {
        let era = file
            .strip_prefix("rulesets/")
            .and_then(|f| f.strip_suffix("/ships.ron"));
        if let Some(Err(e)) = era.map(|era| coalition_engine::scenario::load_ships(&sources, era)) {
            problems.extend(e.0);
        }
    }
    if problems.is_empty() {
        println!(
            "data OK: {} scenario(s) checked ({})",
            names.len(),
            names.join(", ")
        );
        Ok(())
    } else {
        Err(Failure::Data(DataErrors(problems)))
    }
}
