//! The data files compiled into the binary, so `coalition` runs with no data folder beside it.

use super::{Scenario, ScenarioSources};
use crate::kernel::error::DataErrors;

macro_rules! data_file {
    ($path:literal) => {
        ($path, include_str!(concat!("../../../../data/", $path)))
    };
}

/// Every embedded data file: its path under `data/` and its text.
const FILES: &[(&str, &str)] = &[
    data_file!("rulesets/standard/charts.ron"),
    data_file!("rulesets/standard/combat.ron"),
    data_file!("maps/europe/map.ron"),
    data_file!("rulesets/steam/ships.ron"),
    data_file!("scenarios/1805/scenario.ron"),
    data_file!("scenarios/1805/political.ron"),
    data_file!("scenarios/1805/powers.ron"),
    data_file!("scenarios/1805/minors.ron"),
    data_file!("scenarios/1805/leaders.ron"),
    data_file!("scenarios/1853/scenario.ron"),
    data_file!("scenarios/1853/political.ron"),
    data_file!("scenarios/1853/powers.ron"),
    data_file!("scenarios/1853/minors.ron"),
    data_file!("scenarios/1853/leaders.ron"),
    data_file!("scenarios/1853/charts.ron"),
    data_file!("scenarios/test/scenario.ron"),
    data_file!("scenarios/test/map.ron"),
    data_file!("scenarios/test/powers.ron"),
    data_file!("scenarios/test/minors.ron"),
    data_file!("scenarios/test/leaders.ron"),
];

/// The names of the embedded scenarios.
pub const EMBEDDED_SCENARIOS: &[&str] = &["1805", "1853", "test"];

/// The embedded files of scenario `name` and of every ruleset and shared map, or `None` if it is not embedded.
pub fn embedded_sources(name: &str) -> Option<ScenarioSources> {
    if !EMBEDDED_SCENARIOS.contains(&name) {
        return None;
    }
    let prefix = format!("scenarios/{name}/");
    let files = FILES
        .iter()
        .filter(|(p, _)| {
            p.starts_with("rulesets/") || p.starts_with("maps/") || p.starts_with(&prefix)
        })
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    Some(ScenarioSources { files })
}

/// Loads an embedded scenario.
pub fn embedded_scenario(name: &str) -> Result<Scenario, DataErrors> {
    let sources = embedded_sources(name).ok_or_else(|| {
        DataErrors(vec![crate::kernel::error::DataError {
            file: format!("scenarios/{name}"),
            entry: String::new(),
            message: format!(
                "no such embedded scenario (there are: {})",
                EMBEDDED_SCENARIOS.join(", ")
            ),
        }])
    })?;
    Scenario::load(&sources, name)
}
