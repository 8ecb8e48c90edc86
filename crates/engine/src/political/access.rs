//! Rule 10.3 (Coalition's, `docs/rules/access.md`) with 12.8: voluntary access granted and revoked in the
//! Diplomacy Step (4.1). A major power grants another major power access to its territory (its home nation and
//! the minors it controls) as a public act, recorded at once; the grant lasts until the grantor revokes it in a
//! Diplomacy Step or it lapses (`world::access`: war between the two, a side leaving the game, and under 12.8
//! the end of their alliance). Under 12.8 (AlliedVoluntaryAccess) it may be granted only to an ally.

use super::name;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::world::{Ctx, WorldEvent};

/// Coalition's 10.3, 12.8: whether `grantor` may grant `grantee` voluntary access now.
pub fn check_grant(ctx: &Ctx, grantor: PowerId, grantee: PowerId) -> RuleResult<()> {
    let (g, e) = (name(ctx.scenario, grantor), name(ctx.scenario, grantee));
    if grantor == grantee {
        return Err(RuleError::new(
            "10.3",
            format!("{g} cannot grant access to itself: its own territory needs none"),
        ));
    }
    if !ctx.world.in_game(grantee) || !ctx.world.in_game(grantor) {
        return Err(RuleError::new("4.4.8", format!("{e} has left the game")));
    }
    if ctx.world.has_access(grantee, grantor) {
        return Err(RuleError::new(
            "10.3",
            format!(
                "{g} has already granted {e} voluntary access; it stands until revoked or lapsed"
            ),
        ));
    }
    if let Some(w) = ctx
        .world
        .current_war(Nation::Power(grantor), Nation::Power(grantee))
    {
        return Err(RuleError::new(
            "10.3",
            format!(
                "{g} and {e} are at war (since {}): voluntary access is not granted to an enemy",
                w.since
            ),
        ));
    }
    if ctx.rulebook.has(OptionalRule::AlliedVoluntaryAccess) && !ctx.world.allied(grantor, grantee)
    {
        return Err(RuleError::new(
            "12.8",
            format!(
                "{g} and {e} are not allied: with optional rule 12.8 voluntary access may be granted only to an ally"
            ),
        ));
    }
    Ok(())
}

/// Coalition's 10.3: whether `grantor` may revoke a grant to `grantee` now: only a grant in force.
pub fn check_revoke(ctx: &Ctx, grantor: PowerId, grantee: PowerId) -> RuleResult<()> {
    if !ctx.world.has_access(grantee, grantor) {
        return Err(RuleError::new(
            "10.3",
            format!(
                "{} has granted {} no voluntary access to revoke",
                name(ctx.scenario, grantor),
                name(ctx.scenario, grantee)
            ),
        ));
    }
    Ok(())
}

/// Checks a grant (`granted`) or revocation by `power` to each of `to`.
pub fn check(ctx: &Ctx, power: PowerId, to: &[PowerId], granted: bool) -> RuleResult<()> {
    super::distinct(to)?;
    for q in to {
        if granted {
            check_grant(ctx, power, *q)?;
        } else {
            check_revoke(ctx, power, *q)?;
        }
    }
    Ok(())
}

/// The world events of a checked grant or revocation: one `AccessChanged` for each power named, in the order
/// named.
pub fn events(ctx: &Ctx, power: PowerId, to: &[PowerId], granted: bool) -> Vec<WorldEvent> {
    let rule = if granted && ctx.rulebook.has(OptionalRule::AlliedVoluntaryAccess) {
        "12.8"
    } else {
        "10.3"
    };
    to.iter()
        .map(|q| {
            let (g, e) = (name(ctx.scenario, power), name(ctx.scenario, *q));
            WorldEvent::AccessChanged {
                grantor: power,
                grantee: *q,
                granted,
                rule: rule.to_string(),
                reason: if granted {
                    format!("{g} grants {e} voluntary access to its territory")
                } else {
                    format!("{g} revokes the voluntary access it granted {e}")
                },
            }
        })
        .collect()
}

/// What `power` may do about access for `q` now: grant it (`true`) if it may, revoke it (`false`) if a grant to
/// `q` is in force.
pub fn choices(ctx: &Ctx, power: PowerId, q: PowerId) -> Vec<bool> {
    let mut v = Vec::new();
    if check_grant(ctx, power, q).is_ok() {
        v.push(true);
    }
    if check_revoke(ctx, power, q).is_ok() {
        v.push(false);
    }
    v
}
