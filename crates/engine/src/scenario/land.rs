//! Rule 7 (Coalition's Land Phase, `docs/rules/land.md`): the numbers it reads from `charts.ron`'s `land`
//! section. The board game's movement, supply and forage numbers are not public; these are Coalition's.

use super::types::{CorpsKind, LinkKind, Terrain};
use crate::kernel::ids::PowerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Everything the Land Phase reads from data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LandChart {
    /// 7.1: the power that chooses its place in the order of movement (France).
    pub chooser: PowerId,
    /// 7.1: the others, in their fixed order (Russia, Turkey, Austria, Prussia, Great Britain, Spain).
    pub order: Vec<PowerId>,
    /// 7.1 (3.6): the place (1 = first) the chooser takes when it decides nothing.
    pub default_place: u8,
    /// 7.3.1: movement points to enter an area of each terrain.
    pub terrain_cost: BTreeMap<Terrain, u32>,
    /// 7.3.1: movement points added for crossing a border of each kind.
    pub link_cost: BTreeMap<LinkKind, u32>,
    /// 7.3.1: movement points added for crossing a sea crossing arrow.
    pub crossing_cost: u32,
    pub forced_march: ForcedMarchChart,
    pub depots: DepotChart,
    pub supply: SupplyChart,
    pub forage: ForageChart,
}

/// 7.3.2: the forced march (errata: +1 movement point, with an attrition roll).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForcedMarchChart {
    /// Movement points a forced march adds (1).
    pub extra: u32,
    /// Corps kinds that may not force march (errata: cossacks, freikorps, guerrillas, cavalry).
    pub not_for: Vec<CorpsKind>,
    /// Attrition: each force-marching corps rolls one die and loses factors on this face or higher.
    pub loss_from: u8,
    /// Factors a corps loses when its attrition roll fails.
    pub loss: u16,
}

/// 7.2: depots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepotChart {
    /// Money a depot costs to place (1).
    pub cost: u32,
    /// Depot counters each power has (the counter-mix limit on the map at one time).
    pub counters: BTreeMap<PowerId, u32>,
}

/// 7.4: supply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SupplyChart {
    /// Areas (land borders) from a supply source or a depot in a chain to a corps it supplies.
    pub reach: u32,
    /// Areas from a supply source or a depot in the chain to the next depot of the chain.
    pub chain: u32,
    /// 12.3.1 (when on): corps and besieged garrisons one depot may supply (4).
    pub per_depot: u32,
}

/// 7.4.2: foraging of a corps out of supply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForageChart {
    /// The forage value of an area of each terrain: a roll above it costs factors.
    pub value: BTreeMap<Terrain, i32>,
    /// Months (1 to 12) in which foraging is harder.
    pub winter_months: Vec<u8>,
    /// Added to the roll in those months.
    pub winter_modifier: i32,
    /// Land factors of the foraging power in the area above which the roll is harder.
    pub crowding: u32,
    /// Added to the roll above that number.
    pub crowding_modifier: i32,
    /// Factors lost by how far the roll is above the value: the first entry for 1, the next for 2 ...; the last
    /// entry for that and more.
    pub losses: Vec<u16>,
}
