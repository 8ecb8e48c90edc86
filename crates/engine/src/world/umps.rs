//! Rule 14.3: the uncontrolled major powers as the world records them: which power controls each this year,
//! and in which status.

use super::World;
use crate::kernel::calendar::Date;
use crate::kernel::ids::PowerId;
pub use crate::scenario::UmpStatus;
use serde::{Deserialize, Serialize};

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
