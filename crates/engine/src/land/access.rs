//! Rule 7.3.4 (Coalition's access, `docs/rules/land.md`): which areas a power's land forces may enter. Its own
//! and its controlled minors' areas; those of nations it is at war with; and others only with voluntary access
//! from their controller (10.3 as Coalition writes it, `docs/rules/access.md`; only an ally's under 12.8), or, for
//! forces already there after a peace, the limited access of 12.4.

use super::LCtx;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::world::World;

/// Whether `power` is at war with the holder `h` of an area, or with the power controlling it.
pub fn hostile(w: &World, power: PowerId, h: Nation) -> bool {
    let me = Nation::Power(power);
    w.at_war(me, h) || w.controller_of(h).is_some_and(|c| w.at_war(me, c.into()))
}

/// Whether the nations `a` and `b` (or the powers controlling them) are at war.
pub fn at_war_sides(w: &World, a: Nation, b: Nation) -> bool {
    if w.at_war(a, b) {
        return true;
    }
    let (ca, cb) = (w.controller_of(a), w.controller_of(b));
    let side =
        |n: Nation, c: Option<PowerId>| c.map(Nation::Power).into_iter().chain(std::iter::once(n));
    side(a, ca).any(|x| side(b, cb).any(|y| x != y && w.at_war(x, y)))
}

/// 7.3.4: whether `power`'s forces may enter `area` (`from`: where the move comes from, for 12.4's limited access).
pub fn may_enter(ctx: &LCtx, power: PowerId, from: AreaId, area: AreaId) -> RuleResult<()> {
    let w = ctx.world;
    let Some(holder) = w.area_holder(ctx.scenario, area) else {
        return Ok(());
    };
    if w.controller_of(holder) == Some(power) || hostile(w, power, holder) {
        return Ok(());
    }
    if let Some(c) = w.controller_of(holder)
        && granted(ctx, power, c, from)
    {
        return Ok(());
    }
    let holder_name = nation_name(ctx, holder);
    Err(RuleError::new(
        "7.3.4",
        format!(
            "{} may not enter {} ({holder_name}'s): it is neither its own, nor an enemy's, and {holder_name} has \
             granted it no access (10.3{})",
            ctx.scenario.power_name(power),
            area_name(ctx, area),
            if ctx
                .rulebook
                .has(crate::kernel::rulebook::OptionalRule::AlliedVoluntaryAccess)
            {
                "; under 12.8 only to an ally"
            } else {
                ""
            }
        ),
    ))
}

/// Voluntary access from `grantor` to `power` (10.3), or 12.4's limited access for forces already inside
/// `grantor`'s territory (`from` inside it).
fn granted(ctx: &LCtx, power: PowerId, grantor: PowerId, from: AreaId) -> bool {
    let w = ctx.world;
    if w.has_access(power, grantor) {
        return true;
    }
    // 12.4: forces already inside the former enemy's territory may move within it and out of it.
    w.area_power(ctx.scenario, from) == Some(grantor)
        && crate::world::treaties::limited_access(w, power, grantor)
            .is_some_and(|la| la.forces_may_stay(w.date()))
}

pub(crate) fn nation_name(ctx: &LCtx, n: Nation) -> String {
    match n {
        Nation::Power(p) => ctx.scenario.power_name(p),
        Nation::Minor(m) => ctx.scenario.minor_name(m),
    }
}

pub(crate) fn area_name(ctx: &LCtx, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}
