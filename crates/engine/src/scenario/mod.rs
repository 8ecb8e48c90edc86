//! The scenario: data files loaded, checked and indexed (Coalition's map, powers, minors, leaders and charts).
//!
//! The engine does no I/O: callers hand it the text of each file (`ScenarioSources`), either the copies
//! embedded in the binary (`embedded`) or files read from a folder by the command line.

mod charts;
pub mod combat;
mod embedded;
mod land;
mod naval;
pub mod overlay;
pub mod patch;
mod ranges;
pub mod ships;
mod types;
mod validate;

pub mod adjustment;
pub use adjustment::{Adjustment, BattlePoints, ForceShare};
pub use charts::ChartsFile;
pub use embedded::{EMBEDDED_SCENARIOS, embedded_scenario, embedded_sources};
pub use land::*;
pub use naval::*;
pub use ships::{NavalChit, ShipKind, ShipsFile};
pub use types::*;

use crate::kernel::error::{DataError, DataErrors};
use crate::kernel::ids::{AreaId, Key, LeaderId, MinorId, Nation, PowerId, ProvinceId, SeaId};
use crate::kernel::keymap::KeyMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The text of a scenario's data files, keyed by their path relative to `data/`
/// (`scenarios/1805/map.ron`, `rulesets/standard/charts.ron`).
#[derive(Clone, Debug, Default)]
pub struct ScenarioSources {
    pub files: BTreeMap<String, String>,
}

/// The files of a ruleset folder (`rulesets/<name>/`): the charts and the battle numbers.
pub const RULESET_FILES: [&str; 2] = ["charts.ron", "combat.ron"];

/// The files of a naval era's folder (`rulesets/<naval_era>/`, Coalition's `docs/rules/naval-1853.md`).
pub const ERA_FILES: [&str; 1] = ["ships.ron"];

/// The files a scenario folder may hold: `scenario.ron`, `powers.ron`, `minors.ron` and `leaders.ron` always;
/// `political.ron` when it names a shared map (`map.ron` when it does not); `charts.ron` when it has its own
/// power rows (rule 2, `docs/rules/scenarios.md`).
pub const SCENARIO_FILES: [&str; 7] = [
    "scenario.ron",
    "map.ron",
    "political.ron",
    "charts.ron",
    "powers.ron",
    "minors.ron",
    "leaders.ron",
];

/// The files of a shared map folder (`maps/<name>/`).
pub const MAP_FILES: [&str; 1] = ["map.ron"];

/// Most powers a scenario may have (rule 2: from 2 to 9).
pub const MAX_POWERS: usize = 9;

/// A loaded and checked scenario, with indexes for lookups by id.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Scenario {
    pub meta: ScenarioFile,
    pub map: MapFile,
    pub powers: Vec<PowerDef>,
    pub minors: Vec<MinorDef>,
    pub leaders: Vec<LeaderDef>,
    pub charts: ChartsFile,
    /// The ruleset's `combat.ron` (Coalition's field combat, `docs/rules/combat.md`).
    #[serde(default)]
    pub combat: combat::CombatChart,
    /// Coalition's rule 6 for an era of ship kinds (`docs/rules/naval-1853.md`): `rulesets/<naval_era>/ships.ron`
    /// when the scenario opts in; none for the 1805 campaign (every fleet all ships of the line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ships: Option<ships::ShipsFile>,
    #[serde(skip)]
    index: Index,
}

#[derive(Clone, Debug, Default)]
struct Index {
    powers: KeyMap<PowerId, usize>,
    minors: KeyMap<MinorId, usize>,
    provinces: KeyMap<ProvinceId, usize>,
    areas: KeyMap<AreaId, usize>,
    seas: KeyMap<SeaId, usize>,
    leaders: KeyMap<LeaderId, usize>,
    /// Each area's nation, and each nation's areas in id order.
    area_nation: KeyMap<AreaId, Nation>,
    territory: KeyMap<Nation, Vec<AreaId>>,
    /// Each province's areas, in the map's order.
    province_areas: KeyMap<ProvinceId, Vec<AreaId>>,
    /// Each area's steps (by its index in `map.areas`), in key order of the next area.
    steps: Vec<Vec<StepDef>>,
}

/// 7.3.1: a step from one land area into a next one, by a border or by sea crossing arrows, and what it costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepDef {
    /// The next area.
    pub to: AreaId,
    /// Its index in `map.areas`.
    pub to_index: usize,
    /// The step's cost: the terrain of `to` plus the border's cost, or plus a crossing arrow's.
    pub cost: u32,
    /// The indexes in `map.crossings` of the arrows joining the two areas when no border does (the step is
    /// open only while one of them is); empty when a border joins them (always open).
    pub crossings: Vec<usize>,
}

fn parse<T: for<'de> Deserialize<'de>>(
    sources: &ScenarioSources,
    path: &str,
    errors: &mut Vec<DataError>,
) -> Option<T> {
    let Some(text) = sources.files.get(path) else {
        errors.push(DataError {
            file: path.to_string(),
            entry: String::new(),
            message: "file is missing".into(),
        });
        return None;
    };
    match ron::from_str::<T>(text) {
        Ok(v) => Some(v),
        Err(e) => {
            errors.push(DataError {
                file: path.to_string(),
                entry: String::new(),
                message: format!("not valid RON: {e}"),
            });
            None
        }
    }
}

/// Coalition's 6.3.10: the ship kinds' numbers of the era the scenario opts into (`naval_era`), checked; none
/// when it opts into none.
fn ships_of(
    sources: &ScenarioSources,
    era: Option<&str>,
    errors: &mut Vec<DataError>,
) -> Option<ships::ShipsFile> {
    let era = era?;
    let path = format!("rulesets/{era}/ships.ron");
    let file: ships::ShipsFile = parse(sources, &path, errors)?;
    file.validate(&path, errors);
    Some(file)
}

/// Coalition's 6.3.10: the ship kinds of the era `era` alone (`rulesets/<era>/ships.ron`), checked (the naval
/// odds read them for any scenario's charts).
pub fn load_ships(sources: &ScenarioSources, era: &str) -> Result<ships::ShipsFile, DataErrors> {
    let mut errors = Vec::new();
    match ships_of(sources, Some(era), &mut errors) {
        Some(f) if errors.is_empty() => Ok(f),
        _ => Err(DataErrors(errors)),
    }
}

impl Scenario {
    /// Loads the scenario `name` from `sources`, checking everything and reporting every problem at once.
    pub fn load(sources: &ScenarioSources, name: &str) -> Result<Scenario, DataErrors> {
        let mut errors = Vec::new();
        let dir = format!("scenarios/{name}");
        let meta: Option<ScenarioFile> =
            parse(sources, &format!("{dir}/scenario.ron"), &mut errors);
        let powers: Option<Vec<PowerDef>> =
            parse(sources, &format!("{dir}/powers.ron"), &mut errors);
        let minors: Option<Vec<MinorDef>> =
            parse(sources, &format!("{dir}/minors.ron"), &mut errors);
        let leaders: Option<Vec<LeaderDef>> =
            parse(sources, &format!("{dir}/leaders.ron"), &mut errors);
        let map: Option<MapFile> =
            match meta.as_ref().map(|m| m.map.clone()) {
                Some(Some(shared)) => {
                    let geo: Option<overlay::GeoMapFile> =
                        parse(sources, &format!("maps/{shared}/map.ron"), &mut errors);
                    let pol_file = format!("{dir}/political.ron");
                    let pol: Option<overlay::PoliticalFile> =
                        parse(sources, &pol_file, &mut errors);
                    match (geo, pol, &powers, &minors) {
                        (Some(geo), Some(pol), Some(powers), Some(minors)) => Some(
                            overlay::compose(&geo, &pol, powers, minors, &pol_file, &mut errors),
                        ),
                        _ => None,
                    }
                }
                Some(None) => parse(sources, &format!("{dir}/map.ron"), &mut errors),
                None => None,
            };
        let charts: Option<ChartsFile> = meta.as_ref().and_then(|m| {
            parse(
                sources,
                &format!("rulesets/{}/charts.ron", m.ruleset),
                &mut errors,
            )
        });
        let combat: Option<combat::CombatChart> = meta.as_ref().and_then(|m| {
            parse(
                sources,
                &format!("rulesets/{}/combat.ron", m.ruleset),
                &mut errors,
            )
        });
        let patch_file = format!("{dir}/charts.ron");
        let patch: Option<patch::ChartsPatch> = if sources.files.contains_key(&patch_file) {
            parse(sources, &patch_file, &mut errors)
        } else {
            Some(patch::ChartsPatch::default())
        };
        let (
            Some(meta),
            Some(map),
            Some(powers),
            Some(minors),
            Some(leaders),
            Some(mut charts),
            Some(mut combat),
            Some(patch),
        ) = (meta, map, powers, minors, leaders, charts, combat, patch)
        else {
            return Err(DataErrors(errors));
        };
        patch.apply(&mut charts, &mut combat);
        let ships = ships_of(sources, meta.naval_era.as_deref(), &mut errors);
        let mut s = Scenario {
            meta,
            map,
            powers,
            minors,
            leaders,
            charts,
            combat,
            ships,
            index: Index::default(),
        };
        s.reindex();
        validate::validate(&s, name, &mut errors);
        ships::check_mixes(&s, name, &mut errors);
        s.combat.validate(
            &format!("rulesets/{}/combat.ron", s.meta.ruleset),
            &mut errors,
        );
        ranges::check(&s, name, &mut errors);
        s.check_world(name, &mut errors);
        if errors.is_empty() {
            Ok(s)
        } else {
            Err(DataErrors(errors))
        }
    }

    /// Rule 2 and rule 3: a world has 2 to 9 great powers and a calendar of real months.
    fn check_world(&self, name: &str, errors: &mut Vec<DataError>) {
        let n = self.powers.len();
        if !(2..=MAX_POWERS).contains(&n) {
            errors.push(DataError {
                file: format!("scenarios/{name}/powers.ron"),
                entry: String::new(),
                message: format!("a scenario has 2 to {MAX_POWERS} great powers, not {n}"),
            });
        }
        let file = format!("scenarios/{name}/scenario.ron");
        for u in &self.meta.unifications {
            let entry = format!("unifications {}", u.power);
            let mut err = |message: String| {
                errors.push(DataError {
                    file: file.clone(),
                    entry: entry.clone(),
                    message,
                })
            };
            if self.power(u.power).is_none() {
                err(format!("`{}` is not a power of powers.ron", u.power));
            }
            for part in &u.parts {
                if part.provinces.is_empty() {
                    err(format!("part `{}` lists no province", part.name));
                }
                for p in part
                    .provinces
                    .iter()
                    .filter(|p| self.province(**p).is_none())
                {
                    err(format!(
                        "`{p}` (part `{}`) is not a province of the map",
                        part.name
                    ));
                }
            }
            if u.needed == 0 || u.needed as usize > u.parts.len() {
                err(format!(
                    "needed {} must be 1 to the {} parts listed",
                    u.needed,
                    u.parts.len()
                ));
            }
        }
        let cal = &self.meta.calendar;
        for (field, months) in [
            ("economic_months", &cal.economic_months),
            ("ump_months", &cal.ump_months),
        ] {
            let mut sorted = months.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != months.len() || months.iter().any(|m| !(1..=12).contains(m)) {
                errors.push(DataError {
                    file: format!("scenarios/{name}/scenario.ron"),
                    entry: format!("calendar {field}"),
                    message: format!("{months:?}: months are 1 to 12, each listed once"),
                });
            }
        }
    }

    /// The file (relative to `data/`) that holds the scenario's geography: its shared map, or its own `map.ron`.
    pub fn map_file(&self, name: &str) -> String {
        match &self.meta.map {
            Some(shared) => format!("maps/{shared}/map.ron"),
            None => format!("scenarios/{name}/map.ron"),
        }
    }

    /// The scenario as players see it once powers have taken new names by unification (`titles`), or `None`
    /// when every name in `titles` is already the scenario's.
    pub fn with_titles(
        &self,
        titles: &std::collections::BTreeMap<PowerId, String>,
    ) -> Option<Scenario> {
        let stale = titles
            .iter()
            .any(|(p, n)| self.power(*p).is_some_and(|d| d.name != *n));
        if !stale {
            return None;
        }
        let mut s = self.clone();
        for d in &mut s.powers {
            if let Some(n) = titles.get(&d.id) {
                d.name = n.clone();
            }
        }
        Some(s)
    }

    /// Rule 3: the scenario's calendar (which months hold an Economic Phase and an UMP Control Step).
    pub fn calendar(&self) -> &crate::kernel::calendar::Calendar {
        &self.meta.calendar
    }

    /// A power's display name (its id if the scenario has no such power).
    pub fn power_name(&self, p: PowerId) -> String {
        self.power(p)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| p.to_string())
    }

    /// A minor country's display name (its id if the scenario has no such minor).
    pub fn minor_name(&self, m: MinorId) -> String {
        self.minor(m)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| m.to_string())
    }

    /// Rebuilds the lookup indexes (after deserialising a `Scenario` from JSON).
    pub fn reindex(&mut self) {
        fn idx<K: std::hash::Hash + Eq + Copy, T>(
            v: &[T],
            key: impl Fn(&T) -> K,
        ) -> KeyMap<K, usize> {
            v.iter().enumerate().map(|(i, t)| (key(t), i)).collect()
        }
        self.index = Index {
            powers: idx(&self.powers, |p| p.id),
            minors: idx(&self.minors, |m| m.id),
            provinces: idx(&self.map.provinces, |p| p.id),
            areas: idx(&self.map.areas, |a| a.id),
            seas: idx(&self.map.seas, |s| s.id),
            leaders: idx(&self.leaders, |l| l.id),
            area_nation: KeyMap::default(),
            territory: KeyMap::default(),
            province_areas: KeyMap::default(),
            steps: Vec::new(),
        };
        let mut area_nation = KeyMap::default();
        let mut territory: KeyMap<Nation, Vec<AreaId>> = KeyMap::default();
        let mut province_areas: KeyMap<ProvinceId, Vec<AreaId>> = KeyMap::default();
        for a in &self.map.areas {
            province_areas.entry(a.province).or_default().push(a.id);
            let n = self
                .province(a.province)
                .and_then(|p| self.nation(p.nation));
            if let Some(n) = n {
                area_nation.insert(a.id, n);
                territory.entry(n).or_default().push(a.id);
            }
        }
        for v in territory.values_mut() {
            v.sort();
        }
        self.index.area_nation = area_nation;
        self.index.territory = territory;
        self.index.province_areas = province_areas;
        self.index.steps = self.step_index();
    }

    /// 7.3.1: every area's steps into its next areas (by a border, else by sea crossing arrows), with their
    /// costs, as `geography::step_cost` reads the map: the first border listed to the next area, else the
    /// crossing chart's cost; next areas missing from the map are left out.
    fn step_index(&self) -> Vec<Vec<StepDef>> {
        let chart = &self.charts.land;
        self.map
            .areas
            .iter()
            .map(|area| {
                let mut next: Vec<AreaId> = area.links.iter().map(|l| l.to).collect();
                for c in &self.map.crossings {
                    if c.a == area.id {
                        next.push(c.b);
                    } else if c.b == area.id {
                        next.push(c.a);
                    }
                }
                next.sort();
                next.dedup();
                next.into_iter()
                    .filter_map(|b| {
                        let to_index = *self.index.areas.get(&b)?;
                        let terrain = self.map.areas[to_index].terrain;
                        let enter = chart.terrain_cost.get(&terrain).copied().unwrap_or(1);
                        if let Some(l) = area.links.iter().find(|l| l.to == b) {
                            let cost = enter + chart.link_cost.get(&l.kind).copied().unwrap_or(0);
                            return Some(StepDef {
                                to: b,
                                to_index,
                                cost,
                                crossings: Vec::new(),
                            });
                        }
                        let crossings = (self.map.crossings.iter().enumerate())
                            .filter(|(_, c)| {
                                (c.a == area.id && c.b == b) || (c.a == b && c.b == area.id)
                            })
                            .map(|(i, _)| i)
                            .collect();
                        Some(StepDef {
                            to: b,
                            to_index,
                            cost: enter + chart.crossing_cost,
                            crossings,
                        })
                    })
                    .collect()
            })
            .collect()
    }

    /// The index of the land area `id` in `map.areas`.
    pub fn area_index(&self, id: AreaId) -> Option<usize> {
        self.index.areas.get(&id).copied()
    }

    /// Each province's land areas, in the map's order (a table to look provinces up in).
    pub fn province_areas(&self) -> &KeyMap<ProvinceId, Vec<AreaId>> {
        &self.index.province_areas
    }

    /// The index of the sea area `id` in `map.seas`.
    pub fn sea_index(&self, id: SeaId) -> Option<usize> {
        self.index.seas.get(&id).copied()
    }

    /// 7.3.1: the steps from the area at `index` in `map.areas` into its next areas, in key order.
    pub fn steps_from(&self, index: usize) -> &[StepDef] {
        self.index.steps.get(index).map_or(&[], |v| v.as_slice())
    }

    /// The major power `id`.
    pub fn power(&self, id: PowerId) -> Option<&PowerDef> {
        self.index.powers.get(&id).map(|&i| &self.powers[i])
    }
    /// The minor country `id`.
    pub fn minor(&self, id: MinorId) -> Option<&MinorDef> {
        self.index.minors.get(&id).map(|&i| &self.minors[i])
    }
    /// The province `id`.
    pub fn province(&self, id: ProvinceId) -> Option<&ProvinceDef> {
        self.index
            .provinces
            .get(&id)
            .map(|&i| &self.map.provinces[i])
    }
    /// The land area `id`.
    pub fn area(&self, id: AreaId) -> Option<&AreaDef> {
        self.index.areas.get(&id).map(|&i| &self.map.areas[i])
    }
    /// The sea area `id`.
    pub fn sea(&self, id: SeaId) -> Option<&SeaDef> {
        self.index.seas.get(&id).map(|&i| &self.map.seas[i])
    }
    /// A place in the text form `Location`'s `Display` writes: an area's or a sea's key, `box:PORT` (the blockade
    /// box of a port, 6.2.1) or `none` (off the map).
    pub fn location(&self, text: &str) -> Option<Location> {
        let text = text.trim();
        if text == "none" {
            return Some(Location::OffMap);
        }
        if let Some(fleet) = text.strip_prefix("aboard:") {
            return crate::kernel::ids::FleetId::new(fleet)
                .ok()
                .map(Location::Aboard);
        }
        if let Some(port) = text.strip_prefix("box:") {
            let a = self.map.areas.iter().find(|a| a.id.as_str() == port)?;
            return a.port.then_some(Location::Blockade(a.id));
        }
        if let Some(a) = self.map.areas.iter().find(|a| a.id.as_str() == text) {
            return Some(Location::Area(a.id));
        }
        let s = self.map.seas.iter().find(|s| s.id.as_str() == text)?;
        Some(Location::Sea(s.id))
    }
    /// The leader `id`.
    pub fn leader(&self, id: LeaderId) -> Option<&LeaderDef> {
        self.index.leaders.get(&id).map(|&i| &self.leaders[i])
    }

    /// Every power id, in the data file's order.
    pub fn power_ids(&self) -> impl Iterator<Item = PowerId> + '_ {
        self.powers.iter().map(|p| p.id)
    }

    /// Resolves a nation key (`france`, `bavaria`) to a power or minor.
    pub fn nation(&self, key: Key) -> Option<Nation> {
        if self.index.powers.contains_key(&PowerId(key)) {
            Some(Nation::Power(PowerId(key)))
        } else if self.index.minors.contains_key(&MinorId(key)) {
            Some(Nation::Minor(MinorId(key)))
        } else {
            None
        }
    }

    /// Resolves a nation by its key as text.
    pub fn nation_by_name(&self, s: &str) -> Option<Nation> {
        Key::new(s).ok().and_then(|k| self.nation(k))
    }

    /// The nation an area belongs to (its province's nation).
    pub fn nation_of_area(&self, area: AreaId) -> Option<Nation> {
        self.index.area_nation.get(&area).copied()
    }

    /// Every area of a nation's territory (home nation of a power, or a minor country), in id order.
    pub fn areas_of(&self, nation: Nation) -> Vec<AreaId> {
        self.territory(nation).to_vec()
    }

    /// A nation's areas, in id order, without copying.
    pub fn territory(&self, nation: Nation) -> &[AreaId] {
        self.index
            .territory
            .get(&nation)
            .map_or(&[], |v| v.as_slice())
    }

    /// Areas next to `area` by land (not counting sea crossing arrows).
    pub fn land_neighbours(&self, area: AreaId) -> impl Iterator<Item = AreaId> + '_ {
        self.area(area)
            .into_iter()
            .flat_map(|a| a.links.iter().map(|l| l.to))
    }

    /// The status zone for `points` political points (the last zone at or below it; clamped to the display).
    pub fn status_zone(&self, points: i32) -> Option<&ZoneDef> {
        let d = &self.charts.status_display;
        let p = points.clamp(d.min, d.max);
        d.zones.iter().find(|z| z.from <= p && p <= z.to)
    }

    /// The political points of a chart entry, if the chart has it.
    pub fn points(&self, id: &str) -> Option<&PointsEntry> {
        self.charts.political_points.iter().find(|e| e.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_scenario_loads() {
        let s = embedded_scenario("test").expect("test scenario loads");
        assert!(s.powers.len() >= 3);
        let paris = AreaId::new("paris").unwrap();
        assert_eq!(
            s.nation_of_area(paris),
            Some(Nation::Power(PowerId::new("france").unwrap()))
        );
    }

    #[test]
    fn the_1805_scenario_loads_with_what_issue_3_asks() {
        let s = embedded_scenario("1805").unwrap_or_else(|e| panic!("{e}"));
        assert!(s.map.areas.len() >= 150, "{} areas", s.map.areas.len());
        assert!(s.map.seas.len() >= 20);
        assert!(s.minors.len() >= 20);
        assert!(s.leaders.len() >= 30);
        assert_eq!(s.powers.len(), 7);
        let spain = s.power(PowerId::new("spain").unwrap()).unwrap();
        assert_eq!(spain.national_manpower, 16);
    }

    #[test]
    fn a_missing_file_is_named() {
        let mut src = embedded_sources("test").unwrap();
        src.files.remove("scenarios/test/leaders.ron");
        let e = Scenario::load(&src, "test").unwrap_err();
        assert_eq!(e.0.len(), 1);
        assert_eq!(e.0[0].file, "scenarios/test/leaders.ron");
        assert!(e.0[0].message.contains("missing"));
    }
}
