//! Rule 14.3 (uncontrolled major powers, `000_…`): which UMP each power controls, in which status, and the
//! records the UMP rules keep. The control step, the rules for every UMP and the combined economic phase build
//! on these types.

use crate::calendar::Date;
use crate::ids::PowerId;
use serde::{Deserialize, Serialize};

/// How an uncontrolled major power is run for the year (14.3.1.3).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum UmpStatus {
    /// 14.3.1.3.1, 14.3.2.2.
    Active,
    /// 14.3.1.3.2, 14.3.2.3.
    Inactive,
    /// 14.3.1.3.3, 14.3.2.4.
    Neutral,
}

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
