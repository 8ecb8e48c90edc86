//! Rule 14.3: the uncontrolled major powers as the world records them: which power controls each this year,
//! and in which status.

use super::World;
use crate::kernel::calendar::Date;
use crate::kernel::calendar::Position;
use crate::kernel::ids::{AreaId, CorpsId, FleetId, PowerId};
pub use crate::scenario::UmpStatus;
use crate::scenario::{Factors, Location};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One uncontrolled major power: a major power no player has a seat for (14.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UmpState {
    /// The controlled major power running it this year, if any.
    pub controller: Option<PowerId>,
    pub status: UmpStatus,
    /// The last power that controlled it (14.3.2.4.4, 14.3.2.4.5).
    #[serde(default)]
    pub last_controller: Option<PowerId>,
    /// When it last became neutral (14.3.2.4.6 counts the Economic Phases since).
    #[serde(default)]
    pub neutral_since: Option<Date>,
}

impl UmpState {
    /// An UMP nobody controls yet, neutral.
    pub fn uncontrolled() -> UmpState {
        UmpState {
            controller: None,
            status: UmpStatus::Neutral,
            last_controller: None,
            neutral_since: None,
        }
    }
}

/// Whether `power` is an uncontrolled major power (14.3): no player has a seat for it.
pub fn is_ump(state: &World, power: PowerId) -> bool {
    state.umps.contains_key(&power)
}

/// The controlled major power running `ump` this year, if any (14.3.1.3).
pub fn controller_of(state: &World, ump: PowerId) -> Option<PowerId> {
    state.umps.get(&ump).and_then(|u| u.controller)
}

/// The status of `ump`, or `None` for a power a player controls (14.3.1.3).
pub fn status_of(state: &World, ump: PowerId) -> Option<UmpStatus> {
    state.umps.get(&ump).map(|u| u.status)
}

/// 14.3.2.4.2: a neutral UMP's forces held off the map, where each stood, and its treasury on record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OffMapRecord {
    pub date: Date,
    /// Each corps removed and where it stood (its strength stays on the counter, off the map).
    pub corps: Vec<(CorpsId, Location)>,
    /// Each fleet removed and where it stood (its ships stay on the counter, off the map).
    pub fleets: Vec<(FleetId, Location)>,
    /// Each garrison removed, with its strength.
    pub garrisons: Vec<(AreaId, Factors)>,
    /// Money on record.
    pub money: i32,
    /// Manpower on record, for a power that keeps it (Prussia); none for the others.
    #[serde(default)]
    pub manpower: Option<i32>,
}

/// 14.3.2.4.6: a combined economic phase, step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombinedPhase {
    pub ump: PowerId,
    pub controller: PowerId,
    pub date: Date,
    /// The Economic Phases it was neutral.
    pub phases: u32,
    /// One line per source and per step of the computation.
    pub lines: Vec<String>,
    /// Money and manpower to spend, after halving.
    pub money: i32,
    pub manpower: i32,
    /// Land factors bought for the UMP, and where each lot was deployed.
    pub bought: u32,
    pub placed: Vec<(AreaId, u32)>,
}

/// The rules for UMPs' records, kept in `State` (`ump_records`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UmpRecords {
    /// 14.3.2.2.1: for each UMP, the first entry of `records.losses` counted (set when it becomes active).
    #[serde(default)]
    pub losses_from: BTreeMap<PowerId, usize>,
    /// 14.3.2.4.6: when each UMP last became neutral.
    #[serde(default)]
    pub neutral_at: BTreeMap<PowerId, Position>,
    /// 14.3.2.4.2: the forces and treasury of each neutral UMP held off the map.
    #[serde(default)]
    pub off_map: BTreeMap<PowerId, OffMapRecord>,
    /// 14.3.2.4.6: every combined economic phase performed.
    #[serde(default)]
    pub combined: Vec<CombinedPhase>,
}

/// 14.3.1.3.3: an UMP nobody controls, at war, must sue for peace in the Peace Step of `date` (the next one after
/// the bidding) and accept an unconditional peace with all its enemies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedSurrender {
    pub ump: PowerId,
    pub date: Date,
    pub rule: String,
}
