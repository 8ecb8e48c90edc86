//! Rule 10.3 (Coalition's, `docs/rules/access.md`) and 12.8: when voluntary access lapses. A grant ends by
//! itself when grantor and grantee go to war, when either leaves the game, and, under the optional rule 12.8
//! (AlliedVoluntaryAccess), when their alliance ends. The game checks this after every batch of events
//! (`game::reactions`), so the lapse is recorded the moment its cause is.

use super::{Ctx, World, WorldEvent, name};
use crate::kernel::ids::{Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;

/// Why the grant of `grantor` to `grantee` can no longer stand, as (rule, reason), if it cannot.
pub fn lapse_cause(
    ctx: &Ctx,
    grantor: PowerId,
    grantee: PowerId,
) -> Option<(&'static str, String)> {
    let (w, sc) = (ctx.world, ctx.scenario);
    let (g, e) = (name(sc, grantor), name(sc, grantee));
    let left = [grantor, grantee].into_iter().find(|p| !w.in_game(*p));
    if left.is_none() && w.at_war(Nation::Power(grantor), Nation::Power(grantee)) {
        return Some(("10.3", format!("{g} and {e} are at war")));
    }
    // 12.8: a grant made to an ally lasts only as long as the alliance (which also ends when a side leaves).
    if ctx.rulebook.has(OptionalRule::AlliedVoluntaryAccess) && !w.allied(grantor, grantee) {
        let why = match left {
            Some(p) => format!("{} has left the game, ending its alliance", name(sc, p)),
            None => format!("{g} and {e} are no longer allied"),
        };
        return Some(("12.8", why));
    }
    if let Some(p) = left {
        return Some(("10.3", format!("{} has left the game", name(sc, p))));
    }
    None
}

/// The grants that have lapsed, each as its `AccessChanged { granted: false }` event, in (grantor, grantee)
/// order. Empty when every grant in force can stand.
pub fn lapses(ctx: &Ctx) -> Vec<WorldEvent> {
    ctx.world
        .relations
        .voluntary_access
        .iter()
        .filter_map(|(grantor, grantee)| {
            lapse_cause(ctx, *grantor, *grantee).map(|(rule, why)| WorldEvent::AccessChanged {
                grantor: *grantor,
                grantee: *grantee,
                granted: false,
                rule: rule.to_string(),
                reason: format!(
                    "the voluntary access {} granted {} lapses: {why}",
                    name(ctx.scenario, *grantor),
                    name(ctx.scenario, *grantee)
                ),
            })
        })
        .collect()
}

/// The powers `power` has granted voluntary access to, in key order.
pub fn granted_by(world: &World, power: PowerId) -> Vec<PowerId> {
    world
        .relations
        .voluntary_access
        .iter()
        .filter(|(g, _)| *g == power)
        .map(|(_, e)| *e)
        .collect()
}
