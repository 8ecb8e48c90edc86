//! Rule 7.1: the order of movement. France chooses its place; the others follow in the chart's order (7.1);
//! a minor free state's corps move in its controller's slot (7.1.1); allies that combined movement in the
//! Political Phase (4.9) move in the slot of the one that comes last, one after the other (7.1.2). The slots are
//! the world's (`world::order`), shared with the Naval Phase.

use super::LCtx;
use crate::kernel::ids::PowerId;

/// 7.1, 7.1.2: the slots of this phase with France at `place` (1 = first), each with its movers in order.
pub fn slots(ctx: &LCtx, place: u8) -> Vec<Vec<PowerId>> {
    let chart = &ctx.scenario.charts.land;
    crate::world::order::slots(ctx.world, chart.chooser, &chart.order, place)
}

/// The number of places in the order (France and the others still in the game, 7.1).
pub fn places(ctx: &LCtx) -> u8 {
    crate::world::order::places(ctx.world, &ctx.scenario.charts.land.order)
}
