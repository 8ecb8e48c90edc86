//! Rule 14.3.2 (`000_…`): the rules for using UMPs — for every controlled UMP (14.3.2.1.1 to 14.3.2.1.8), for
//! active ones (14.3.2.2, the loss record of 14.3.2.2.1, the forced call of 14.3.2.2.2) and inactive ones
//! (14.3.2.3 to 14.3.2.3.3). Coalition's reading is in `docs/rules/umps-rules.md`.
//!
//! The checks every phase reads are queries of the world (`world::ump_rules`, re-exported here); the game's
//! emitter hands every political points change to `to_controller` (14.3.2.1.3) and asks `reversions` after every
//! batch of events, so an UMP changes status "at any time" the rules say (14.3.2.2.1, 14.3.2.3.2).

use super::{UmpOut, UmpStatus};
use crate::kernel::ids::Nation;
pub use crate::world::ump_rules::*;
pub use crate::world::umps::{CombinedPhase, OffMapRecord, UmpRecords};
use crate::world::{Ctx, WorldEvent, name};

pub use super::{UmpEvent, apply};

/// 14.3.2.2.1 and 14.3.2.3.2: the status changes due now. An active UMP whose counted losses reach the
/// threshold becomes inactive; an inactive UMP at war with no major power becomes neutral (its forces leave the
/// map: 14.3.2.4.2, 14.3.2.4.4). The game's emitter asks this after every batch of events; every event is read
/// from the world as the batch left it.
pub fn reversions(ctx: &Ctx) -> Vec<UmpOut> {
    let mut ev = Vec::new();
    for (ump, u) in &ctx.world.umps {
        if !ctx.world.in_game(*ump) {
            continue;
        }
        match u.status {
            UmpStatus::Active => {
                let t = loss_tally(ctx.scenario, ctx.world, *ump);
                let limit = reversion_threshold(ctx.scenario, *ump);
                if limit > 0 && t.equivalent >= limit {
                    ev.push(UmpOut::World(WorldEvent::UmpControl {
                        ump: *ump,
                        controller: u.controller,
                        status: UmpStatus::Inactive,
                        rule: "14.3.2.2.1".into(),
                        reason: format!(
                            "{} has lost {} land factor(s) and {} ship(s) (×{}) = {} equivalent land factors, at least twice its national manpower ({})",
                            name(ctx.scenario, *ump),
                            t.land_factors,
                            t.ships,
                            ctx.scenario.charts.ump_rules.ship_land_equivalent,
                            t.equivalent,
                            limit
                        ),
                    }));
                }
            }
            UmpStatus::Inactive if !ctx.world.at_war_with_a_major(Nation::Power(*ump)) => {
                ev.push(UmpOut::World(WorldEvent::UmpControl {
                    ump: *ump,
                    controller: u.controller,
                    status: UmpStatus::Neutral,
                    rule: "14.3.2.3.2".into(),
                    reason: format!("{} is at war with no major power", name(ctx.scenario, *ump)),
                }));
                ev.extend(super::on_becoming_neutral(ctx, *ump));
            }
            // 14.3.2.4.2: a neutral UMP keeps no forces on the map, even those a rule puts there after it went
            // neutral (a peace's repatriation in the same step).
            UmpStatus::Neutral if forces_on_map(ctx.world, *ump) > 0 => {
                ev.extend(super::neutral::stragglers(ctx, *ump));
            }
            _ => {}
        }
    }
    ev
}
