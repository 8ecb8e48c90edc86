//! Rule 2 (Coalition's data, `docs/rules/scenarios.md`): a shared map of Europe and a scenario's political overlay,
//! composed into the map a game reads.
//!
//! The geography (provinces with their money and manpower, land areas, seas, links, crossing arrows) lives once in
//! `maps/<name>/map.ron`; a scenario's `political.ron` says which provinces make each great power's home nation
//! (a minor country's provinces are its districts in `minors.ron`), which are outposts, the era's values where they
//! differ, and any provinces, areas and borders it adds, replaces or removes. Capitals come from `powers.ron` and
//! `minors.ron`.

use super::types::{
    AreaDef, CrossingDef, Link, LinkKind, MapFile, MinorDef, PowerDef, ProvinceDef, SeaDef,
};
use crate::kernel::error::DataError;
use crate::kernel::ids::{AreaId, Key, PowerId, ProvinceId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A province of a shared map: geography and its values, with no nation (the scenario's overlay gives that).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeoProvince {
    pub id: ProvinceId,
    pub name: String,
    /// Money value (8.2.1.1).
    pub money: u32,
    /// Manpower value (8.2.2).
    pub manpower: u32,
}

/// `maps/<name>/map.ron`: the geography scenarios share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeoMapFile {
    pub provinces: Vec<GeoProvince>,
    /// Land areas; `capital` is left out here (a scenario's capitals are its powers' and minors').
    pub areas: Vec<AreaDef>,
    pub seas: Vec<SeaDef>,
    #[serde(default)]
    pub crossings: Vec<CrossingDef>,
}

/// A province's money and manpower in a scenario's era.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProvinceValues {
    pub money: u32,
    pub manpower: u32,
}

/// `scenarios/<id>/political.ron`: the scenario's political overlay on its shared map.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PoliticalFile {
    /// Each great power's home nation: its provinces.
    pub home: BTreeMap<PowerId, Vec<ProvinceId>>,
    /// Provinces of a home nation far from it (Gibraltar, Malta): their coast is not the home nation's (12.2.2).
    pub outposts: Vec<ProvinceId>,
    /// The era's money and manpower of a province, where they differ from the map's.
    pub values: BTreeMap<ProvinceId, ProvinceValues>,
    /// Provinces the scenario adds to the map.
    pub add_provinces: Vec<GeoProvince>,
    /// Areas the scenario adds; one with the id of a map area replaces it (a split or a change).
    pub add_areas: Vec<AreaDef>,
    /// Borders the scenario adds, listed on both areas.
    pub add_links: Vec<(AreaId, AreaId, LinkKind)>,
    /// Borders the scenario removes from both areas.
    pub remove_links: Vec<(AreaId, AreaId)>,
}

/// Rule 2: the map of a scenario: the shared map `geo` under the overlay `pol`, each province given to the power
/// whose home lists it or the minor whose districts list it, capitals marked from `powers` and `minors`. Problems
/// are reported against `pol_file` (the overlay) with the entry they concern.
pub fn compose(
    geo: &GeoMapFile,
    pol: &PoliticalFile,
    powers: &[PowerDef],
    minors: &[MinorDef],
    pol_file: &str,
    errors: &mut Vec<DataError>,
) -> MapFile {
    let mut err = |entry: String, message: String| {
        errors.push(DataError {
            file: pol_file.to_string(),
            entry,
            message,
        })
    };
    // Provinces: the map's, then the overlay's additions.
    let mut provinces: Vec<GeoProvince> = geo.provinces.clone();
    for p in &pol.add_provinces {
        if provinces.iter().any(|q| q.id == p.id) {
            err(
                format!("add_provinces {}", p.id),
                "the map already has this province".into(),
            );
        } else {
            provinces.push(p.clone());
        }
    }
    let known: BTreeSet<ProvinceId> = provinces.iter().map(|p| p.id).collect();
    // Who holds each province: a power's home or a minor's districts, exactly one.
    let mut nation: BTreeMap<ProvinceId, Key> = BTreeMap::new();
    let mut claim = |p: ProvinceId, by: Key, entry: String, err: &mut dyn FnMut(String, String)| {
        if !known.contains(&p) {
            err(entry, format!("province `{p}` is not on the map"));
        } else if let Some(other) = nation.insert(p, by) {
            if other != by {
                err(
                    entry,
                    format!("province `{p}` is claimed by both `{other}` and `{by}`"),
                );
            } else {
                err(entry, format!("province `{p}` is listed twice"));
            }
        }
    };
    for (power, list) in &pol.home {
        if !powers.iter().any(|d| d.id == *power) {
            err(
                format!("home {power}"),
                format!("`{power}` is not a power of powers.ron"),
            );
        }
        for p in list {
            claim(*p, power.0, format!("home {power}"), &mut err);
        }
    }
    for m in minors {
        for d in &m.districts {
            for p in &d.provinces {
                claim(
                    *p,
                    m.id.0,
                    format!("minors.ron {} district {}", m.id, d.id),
                    &mut err,
                );
            }
        }
    }
    for p in &provinces {
        if !nation.contains_key(&p.id) {
            err(
                format!("province {}", p.id),
                "belongs to no power's home and no minor's districts".into(),
            );
        }
    }
    for p in &pol.outposts {
        if !pol.home.values().any(|l| l.contains(p)) {
            err(
                format!("outposts {p}"),
                "an outpost must be a province of a power's home".into(),
            );
        }
    }
    for p in pol.values.keys() {
        if !known.contains(p) {
            err(format!("values {p}"), "no such province on the map".into());
        }
    }
    let provinces: Vec<ProvinceDef> = provinces
        .iter()
        .filter_map(|p| {
            let v = pol.values.get(&p.id);
            Some(ProvinceDef {
                id: p.id,
                name: p.name.clone(),
                nation: *nation.get(&p.id)?,
                money: v.map_or(p.money, |v| v.money),
                manpower: v.map_or(p.manpower, |v| v.manpower),
                outpost: pol.outposts.contains(&p.id),
            })
        })
        .collect();
    // Areas: the map's, with the overlay's replacing those of the same id and the rest added.
    let mut areas: Vec<AreaDef> = geo.areas.clone();
    for a in &pol.add_areas {
        match areas.iter_mut().find(|b| b.id == a.id) {
            Some(b) => *b = a.clone(),
            None => areas.push(a.clone()),
        }
    }
    for (a, b) in &pol.remove_links {
        let mut found = false;
        for (x, y) in [(a, b), (b, a)] {
            if let Some(area) = areas.iter_mut().find(|t| t.id == *x) {
                let before = area.links.len();
                area.links.retain(|l| l.to != *y);
                found |= area.links.len() != before;
            }
        }
        if !found {
            err(
                format!("remove_links {a} {b}"),
                "no such border on the map".into(),
            );
        }
    }
    for (a, b, kind) in &pol.add_links {
        for (x, y) in [(a, b), (b, a)] {
            match areas.iter_mut().find(|t| t.id == *x) {
                Some(area) if area.links.iter().any(|l| l.to == *y) => err(
                    format!("add_links {a} {b}"),
                    format!("`{x}` already borders `{y}`"),
                ),
                Some(area) => area.links.push(Link {
                    to: *y,
                    kind: *kind,
                }),
                None => err(format!("add_links {a} {b}"), format!("no land area `{x}`")),
            }
        }
    }
    let capitals: BTreeSet<AreaId> = powers
        .iter()
        .map(|p| p.capital)
        .chain(minors.iter().map(|m| m.capital))
        .collect();
    for a in &mut areas {
        a.capital = capitals.contains(&a.id);
    }
    MapFile {
        provinces,
        areas,
        seas: geo.seas.clone(),
        crossings: geo.crossings.clone(),
    }
}
