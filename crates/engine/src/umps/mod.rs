//! Rule 14.3 (uncontrolled major powers, `000_…`): which UMP each power controls, in which status, and the
//! records the UMP rules keep. The control step, the rules for every UMP and the combined economic phase build
//! on these types.
//!
//! What the UMP rules emit is an `UmpOut`: a change of the world, one of the UMP rules' own events, one of the
//! UMP Control Step's, or a peace it makes. The game writes each in its log (`game::plug_umps`); the reactions
//! it runs after every batch (`rules::reversions`) and after the Declarations of War and Call to Allies Steps
//! (`midyear`) are functions of the world that return or emit them.

pub mod bids;
pub mod control;
pub mod midyear;
pub mod neutral;
pub mod players;
pub mod rules;

use crate::kernel::ids::PowerId;
pub use crate::scenario::UmpStatus;
use crate::world::umps::{CombinedPhase, OffMapRecord};
pub use crate::world::umps::{UmpState, controller_of, is_ump, status_of};
use crate::world::{Ctx, PeaceRecord, WorldEvent};
use control::ControlEvent;
use serde::{Deserialize, Serialize};

/// What the UMP rules emit, in the order they emit it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UmpOut {
    /// A change of the world.
    World(WorldEvent),
    /// One of the UMP rules' own events (14.3.2.4.2, 14.3.2.4.6).
    Ump(UmpEvent),
    /// One of the UMP Control Step's own events (14.3.1, 14.3.1.3.3).
    Control(ControlEvent),
    /// 14.3.2.1: the informal peace a power makes with an UMP it gains control of while at war with it (written
    /// in the log as the Peace Step writes a peace made).
    PeaceMade(PeaceRecord),
}

impl From<WorldEvent> for UmpOut {
    fn from(e: WorldEvent) -> UmpOut {
        UmpOut::World(e)
    }
}

/// 14.3.2.4.6: the events that follow when a neutral UMP becomes active or inactive (the combined economic
/// phase and the return of its forces), read from the world as the `UmpControl` change has left it. Called by
/// whoever emits that change, after it. The rules for neutral UMPs fill it in (`neutral::leaving_neutral`).
pub fn on_leaving_neutral(ctx: &Ctx, ump: PowerId, controller: PowerId) -> Vec<UmpOut> {
    neutral::leaving_neutral(ctx, ump, controller)
}

/// 14.3.2.4.2 and 14.3.2.4.4: the events that follow when an UMP becomes neutral (its forces leave the map,
/// minors gained under 4.6.1 go back to the last controller). Called by whoever emits that change, after it.
/// The rules for neutral UMPs fill it in (`neutral::becoming_neutral`).
pub fn on_becoming_neutral(ctx: &Ctx, ump: PowerId) -> Vec<UmpOut> {
    neutral::becoming_neutral(ctx, ump)
}

/// The rules for UMPs' own events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UmpEvent {
    /// 14.3.2.4.2: an UMP that became neutral has its forces taken off the map; the record is kept.
    ForcesOffMap { ump: PowerId, record: OffMapRecord },
    /// 14.3.2.4.2: its forces are back on the map (the record is closed).
    ForcesReturned { ump: PowerId },
    /// 14.3.2.4.6: a combined economic phase, step by step.
    CombinedEconomicPhase { phase: CombinedPhase },
}

/// Applies one of the UMP rules' events to the world (the records of 14.3.2.4.2 and 14.3.2.4.6).
pub fn apply(world: &mut crate::world::World, e: &UmpEvent) {
    match e {
        UmpEvent::ForcesOffMap { ump, record } => {
            world.ump_records.off_map.insert(*ump, record.clone());
        }
        UmpEvent::ForcesReturned { ump } => {
            world.ump_records.off_map.remove(ump);
        }
        UmpEvent::CombinedEconomicPhase { phase } => world.ump_records.combined.push(phase.clone()),
    }
}
