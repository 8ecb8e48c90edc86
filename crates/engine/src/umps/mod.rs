//! Rule 14.3 (uncontrolled major powers, `000_…`): which UMP each power controls, in which status, and the
//! records the UMP rules keep. The control step, the rules for every UMP and the combined economic phase build
//! on these types.

pub mod control;
pub mod midyear;
pub mod neutral;
pub mod rules;

use crate::kernel::ids::PowerId;
pub use crate::scenario::UmpStatus;
pub use crate::world::umps::{UmpState, controller_of, is_ump, status_of};

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
