//! Rules 12.7 and 5.4 (Coalition's): a leader whose wounds have healed returns with a corps of his nation or in
//! a city of it that its controller holds. His default place, the check and the placing.

use super::arrivals::{Arrivals, land_places};
use super::notation::list;
use super::{LeaderOrder, Placement, RCtx, RCx};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::Location;
use crate::world::{LeaderStatus, WorldEvent};
use std::collections::BTreeSet;

/// 5.4: where a returning leader may be placed: a held city of his nation, or an area with a corps of it.
pub(super) fn leader_places(ctx: &RCtx, nation: Nation) -> Vec<AreaId> {
    let mut v = land_places(ctx, nation);
    for c in ctx
        .world
        .forces
        .corps
        .values()
        .filter(|c| c.owner == nation)
    {
        if let Location::Area(a) = c.location
            && !v.contains(&a)
        {
            v.push(a);
        }
    }
    v
}

/// The default orders for returning leaders: the first of their places (the capital first).
pub(super) fn default_orders(ctx: &RCtx, arr: &Arrivals, pl: &mut Placement) {
    for l in &arr.leaders {
        let Some(ls) = ctx.world.forces.leaders.get(l) else {
            continue;
        };
        if let Some(a) = leader_places(ctx, ls.nation).first() {
            pl.leaders.push(LeaderOrder {
                leader: *l,
                area: *a,
            });
        }
    }
}

/// Checks the placement's returning leaders (12.7, 5.4).
pub(super) fn check(ctx: &RCtx, power: PowerId, arr: &Arrivals, pl: &Placement) -> RuleResult<()> {
    let st = ctx.world;
    let mut leaders_seen = BTreeSet::new();
    for o in &pl.leaders {
        if !arr.leaders.contains(&o.leader) {
            return Err(RuleError::new(
                "12.7",
                format!(
                    "{} is no leader of {power}'s whose wounds have healed by {}",
                    o.leader,
                    st.date()
                ),
            ));
        }
        if !leaders_seen.insert(o.leader) {
            return Err(RuleError::new(
                "3.3",
                format!("{} is placed twice", o.leader),
            ));
        }
        let nation = st.forces.leaders[&o.leader].nation;
        let places = leader_places(ctx, nation);
        if !places.contains(&o.area) {
            return Err(RuleError::new(
                "5.4",
                format!(
                    "{} returns with a corps of {nation} or in a city of {nation} that it holds ({}), not {}",
                    o.leader,
                    list(&places),
                    o.area
                ),
            ));
        }
    }
    Ok(())
}

/// Emits the return of the placement's leaders.
pub(super) fn place(cx: &mut RCx, pl: &Placement, reason: &str) {
    for o in &pl.leaders {
        cx.push(WorldEvent::LeaderChanged {
            leader: o.leader,
            status: LeaderStatus::Active,
            location: Location::Area(o.area),
            rule: "12.7".into(),
            reason: format!("back from his wounds, {reason}"),
        });
    }
}
