//! Peace term B.4 (Coalition's loan, `docs/rules/land.md` 7.1.1): a corps lent to the victor moves, is supplied
//! and fights with its borrower while the loan runs (`World::moves_corps`); when it ends, the corps is its
//! owner's again where it stands, and if its owner may not be there (7.3.4) it is picked up and placed in the
//! nearest area its owner controls, by movement cost (as 4.4.6.2 repatriates), at the start of the next Land Phase.

use super::LCx;
use crate::scenario::Location;
use crate::world::WorldEvent;
use crate::world::geography::{may_enter, nearest};
use crate::world::treaties::ended_loans;

/// B.4: returns every corps whose loan has ended and which stands where its owner may not be.
pub fn return_ended(cx: &mut LCx) {
    let ctx = cx.ctx();
    let (w, sc) = (ctx.world, ctx.scenario);
    let mut moves = Vec::new();
    for (corps, lender, borrower) in ended_loans(w) {
        let Some(c) = w.forces.corps.get(&corps) else {
            continue;
        };
        let Location::Area(at) = c.location else {
            continue;
        };
        let Some(owner) = w.controller_of(c.owner) else {
            continue;
        };
        if may_enter(&ctx, owner, at, at).is_ok() {
            continue;
        }
        let home = |x| w.area_power(sc, x) == Some(owner);
        let location = nearest(&ctx, c.owner, at, home)
            .first()
            .map_or(Location::OffMap, |a| Location::Area(*a));
        moves.push(WorldEvent::CorpsChanged {
            corps,
            factors: c.factors,
            location,
            rule: "B.4".into(),
            reason: format!(
                "its loan to {} has ended; {} may not stay in {}, so it returns to the nearest area it controls",
                sc.power_name(borrower),
                sc.power_name(lender),
                crate::world::geography::area_name(&ctx, at)
            ),
        });
    }
    cx.push_all(moves);
}
