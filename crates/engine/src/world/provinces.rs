//! Rule 8.2 (with 14.3.2.4.6): the provinces of a nation and who holds them, as the map and the world say. The
//! Economic Phase's collection and the UMPs' combined economic phase both read them.

use super::{Amount, World};
use crate::kernel::ids::{AreaId, Nation, PowerId, ProvinceId};
use crate::kernel::keymap::KeyMap;
use crate::scenario::Scenario;
use std::collections::BTreeSet;

/// The land areas of every province (the scenario's table, worked out at load).
pub fn province_areas(scenario: &Scenario) -> &KeyMap<ProvinceId, Vec<AreaId>> {
    scenario.province_areas()
}

/// The provinces of `nation`: the money and manpower of those `power` holds whole, and those another power
/// holds part of (with the holders).
pub fn provinces_of(
    scenario: &Scenario,
    world: &World,
    areas: &KeyMap<ProvinceId, Vec<AreaId>>,
    nation: Nation,
    power: PowerId,
) -> (Amount, Vec<(ProvinceId, BTreeSet<PowerId>)>) {
    let mut held = Amount::default();
    let mut lost = Vec::new();
    for prov in &scenario.map.provinces {
        if scenario.nation(prov.nation) != Some(nation) {
            continue;
        }
        let holders: BTreeSet<PowerId> = areas
            .get(&prov.id)
            .into_iter()
            .flatten()
            .filter_map(|a| world.area_power(scenario, *a))
            .filter(|h| *h != power)
            .collect();
        if holders.is_empty() {
            held = held.plus(Amount {
                money: prov.money as i32,
                manpower: prov.manpower as i32,
            });
        } else {
            lost.push((prov.id, holders));
        }
    }
    (held, lost)
}
