//! Rule 14.3 (uncontrolled major powers, `000_…`): which UMP each power controls, in which status, and the
//! records the UMP rules keep. The control step, the rules for every UMP and the combined economic phase build
//! on these types.

pub mod control;
pub mod midyear;
pub mod neutral;
pub mod rules;

use crate::kernel::calendar::Date;
use crate::kernel::ids::PowerId;
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

/// Whether `power` is an uncontrolled major power (14.3): no player has a seat for it.
pub fn is_ump(state: &crate::state::State, power: PowerId) -> bool {
    state.umps.contains_key(&power)
}

/// The controlled major power running `ump` this year, if any (14.3.1.3).
pub fn controller_of(state: &crate::state::State, ump: PowerId) -> Option<PowerId> {
    state.umps.get(&ump).and_then(|u| u.controller)
}

/// The status of `ump`, or `None` for a power a player controls (14.3.1.3).
pub fn status_of(state: &crate::state::State, ump: PowerId) -> Option<UmpStatus> {
    state.umps.get(&ump).map(|u| u.status)
}

/// 14.3.2.4.6: the events that follow when a neutral UMP becomes active or inactive (the combined economic
/// phase and the return of its forces). Called by whoever emits that `UmpControl` change, after it.
/// The rules for neutral UMPs fill it in (`neutral::leaving_neutral`).
pub fn on_leaving_neutral(
    ctx: &crate::game::Ctx,
    ump: PowerId,
    controller: PowerId,
) -> Vec<crate::event::Event> {
    neutral::leaving_neutral(ctx, ump, controller)
}

/// 14.3.2.4.2 and 14.3.2.4.4: the events that follow when an UMP becomes neutral (its forces leave the map,
/// minors gained under 4.6.1 go back to the last controller). Called by whoever emits that change, after it.
/// The rules for neutral UMPs fill it in (`neutral::becoming_neutral`).
pub fn on_becoming_neutral(ctx: &crate::game::Ctx, ump: PowerId) -> Vec<crate::event::Event> {
    neutral::becoming_neutral(ctx, ump)
}
