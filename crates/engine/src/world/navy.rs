//! Coalition's rule 6 for the navies of the 1850s (`docs/rules/naval-1853.md`): what the state keeps of them
//! beyond the fleets' mixes: hulks (6.3.17), port guns (6.3.18), and the technologies a power holds (6.3.20).

use super::World;
use crate::kernel::calendar::Date;
use crate::kernel::ids::{AreaId, FleetId, Key, Nation, PowerId};
use crate::scenario::ShipKind;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Hulks and port guns (empty in a scenario without ship kinds, and then not written out).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Navy {
    /// 6.3.17: each power's hulks, waiting to be rebuilt (6.3.20).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hulks: BTreeMap<PowerId, u16>,
    /// 6.3.18: the port guns bought for each port area.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub port_guns: BTreeMap<AreaId, u32>,
    /// 6.3.20: ships bought by kind, waiting in their port for their month.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub building: Vec<ShipBuild>,
}

/// 6.3.20: ships of one kind bought in a port, due in a month.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipBuild {
    pub owner: PowerId,
    pub kind: ShipKind,
    pub count: u16,
    pub port: AreaId,
    pub due: Date,
}

impl Navy {
    pub fn is_empty(&self) -> bool {
        self.hulks.is_empty() && self.port_guns.is_empty() && self.building.is_empty()
    }
}

/// A fresh fleet id for `owner`: `OWNER-fleet-N` with the lowest unused N (or `fleet-N` for a long key).
pub fn new_fleet_id(st: &World, owner: Nation) -> Option<FleetId> {
    (1..10_000u32).find_map(|n| {
        let long = format!("{owner}-fleet-{n}");
        let key = if long.len() <= crate::kernel::ids::MAX_KEY_LEN {
            long
        } else {
            format!("fleet-{n}")
        };
        FleetId::new(&key)
            .ok()
            .filter(|id| !st.forces.fleets.contains_key(id))
    })
}

/// Coalition's 6.3.20 (issue 42, point 5 builds how technologies are gained): whether `power` holds the
/// technology `key` (`ironclads`).
pub fn has_technology(world: &World, power: PowerId, key: &str) -> bool {
    Key::new(key).is_ok_and(|k| {
        world
            .technologies
            .get(&power)
            .is_some_and(|t: &BTreeSet<Key>| t.contains(&k))
    })
}
