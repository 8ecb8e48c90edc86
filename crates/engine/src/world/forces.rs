//! The forces on the map and off it: corps, fleets, garrisons, depots and leaders.

use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, Nation};
use crate::scenario::{CorpsKind, Factors, LeaderStatus, Location, ShipKind};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A corps counter on the map or off it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corps {
    pub owner: Nation,
    pub kind: CorpsKind,
    pub capacity: Factors,
    pub factors: Factors,
    pub location: Location,
}

/// A fleet counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub owner: Nation,
    pub ships: u16,
    pub location: Location,
    /// Coalition's 6.3.10 (`docs/rules/naval-1853.md`): the ships by kind, summing to `ships`, in a scenario with
    /// ship kinds; none: all ships of the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mix: Option<BTreeMap<ShipKind, u16>>,
}

/// Coalition's 6.3.17: the order in which ships a rule takes without naming their kinds (a transfer, a peace, a
/// scuttling) leave a fleet with a mix; ships it adds without a kind are ships of the line.
pub const UNNAMED_LOSS_ORDER: [ShipKind; 6] = [
    ShipKind::Transport,
    ShipKind::Frigate,
    ShipKind::ShipOfTheLine,
    ShipKind::Heavy,
    ShipKind::Steamship,
    ShipKind::Ironclad,
];

impl Fleet {
    /// Coalition's 6.3.10: the fleet's ships by kind (all ships of the line without a mix), kinds with none left out.
    pub fn kinds(&self) -> BTreeMap<ShipKind, u16> {
        match &self.mix {
            Some(m) => m
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(k, n)| (*k, *n))
                .collect(),
            None if self.ships > 0 => BTreeMap::from([(ShipKind::ShipOfTheLine, self.ships)]),
            None => BTreeMap::new(),
        }
    }

    /// Coalition's 6.3.17: sets the fleet's ships to `ships`, keeping its mix (if any) summing to them: ships
    /// added are ships of the line, ships taken go in `UNNAMED_LOSS_ORDER`.
    pub fn set_ships(&mut self, ships: u16) {
        if let Some(mix) = self.mix.as_mut() {
            let sum: u16 = mix.values().sum();
            if ships > sum {
                *mix.entry(ShipKind::ShipOfTheLine).or_default() += ships - sum;
            } else {
                let mut take = sum - ships;
                for k in UNNAMED_LOSS_ORDER {
                    let n = mix.entry(k).or_default();
                    let t = take.min(*n);
                    *n -= t;
                    take -= t;
                }
            }
            mix.retain(|_, n| *n > 0);
        }
        self.ships = ships;
    }
}

/// A leader's place and status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    pub nation: Nation,
    pub status: LeaderStatus,
    pub location: Location,
}

/// Every force in the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forces {
    pub corps: BTreeMap<CorpsId, Corps>,
    pub fleets: BTreeMap<FleetId, Fleet>,
    /// Garrison factors by area and owner.
    #[serde(with = "crate::kernel::serde_pairs")]
    pub garrisons: BTreeMap<(AreaId, Nation), Factors>,
    /// Depots by area: the nations that have one there.
    pub depots: BTreeMap<AreaId, BTreeSet<Nation>>,
    /// Coalition's 6.2.5 (invasion supply): depots aboard fleets, by fleet, with their owner (one a fleet).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub depots_aboard: BTreeMap<FleetId, Nation>,
    pub leaders: BTreeMap<LeaderId, LeaderState>,
    /// Coalition's 7.5.4 (errata 4.2.2.2 and 7.3.5): the corps standing inside the city of the area where they are
    /// (not in the field): out of field combat, besieged with the city's garrison.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub in_city: BTreeSet<CorpsId>,
}

impl Forces {
    /// Coalition's 7.5.4: whether the corps stands inside its area's city rather than in the field.
    pub fn in_city(&self, id: CorpsId) -> bool {
        self.in_city.contains(&id)
    }

    /// Coalition's 7.5.4: whether the corps stands in the field of `area` (there, with factors, not in its city).
    pub fn in_field(&self, id: CorpsId, area: AreaId) -> bool {
        self.corps.get(&id).is_some_and(|c| {
            c.location == Location::Area(area) && !c.factors.is_empty() && !self.in_city(id)
        })
    }

    /// Coalition's 7.5.4: the corps with factors inside the city of `area`, in key order.
    pub fn sheltered_in(&self, area: AreaId) -> Vec<CorpsId> {
        self.in_city
            .iter()
            .copied()
            .filter(|id| {
                self.corps
                    .get(id)
                    .is_some_and(|c| c.location == Location::Area(area) && !c.factors.is_empty())
            })
            .collect()
    }
}
