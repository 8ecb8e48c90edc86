//! Coalition's unification rule (`docs/rules/unification.md`): a power that holds enough of a nation's provinces
//! in a Status Step (8.6) takes that nation's name (Sardinia becomes Italy), keeping its seat, records and treaties.

use super::{World, WorldEvent};
use crate::kernel::ids::ProvinceId;
use crate::scenario::Scenario;

/// The rule a unification cites.
pub const RULE: &str = "unification";

/// The unifications due now: for each of the scenario's unifications whose power is in the game and has not yet
/// taken a name, the provinces of it the power holds (every area of the province controlled by the power or by a
/// minor it controls); one event for each that reaches its number.
pub fn due(scenario: &Scenario, world: &World) -> Vec<WorldEvent> {
    let areas = scenario.province_areas();
    let mut out = Vec::new();
    for u in &scenario.meta.unifications {
        let in_game = world.powers.get(&u.power).is_some_and(|p| p.in_game);
        if !in_game || world.titles.contains_key(&u.power) {
            continue;
        }
        let held: Vec<ProvinceId> = (u.provinces.iter().copied())
            .filter(|p| {
                let list = areas.get(p).map(|v| v.as_slice()).unwrap_or(&[]);
                !list.is_empty()
                    && list
                        .iter()
                        .all(|a| world.area_power(scenario, *a) == Some(u.power))
            })
            .collect();
        if held.len() as u64 >= u64::from(u.needed) {
            out.push(WorldEvent::Unified {
                power: u.power,
                name: u.name.clone(),
                provinces: held,
                rule: RULE.into(),
            });
        }
    }
    out
}
