//! Coalition's 7.5 odds in the Land Phase (`docs/rules/land.md` 7.5): the exact odds of the battle under way as it
//! stands between two days, for a player choosing the day's chit (`coalition play`'s `o`).

use super::LCtx;
use crate::battle::Setup;
use crate::battle::odds::{Line, table_from};
use crate::scenario::combat::Role;

/// The odds of every pair of chits for the battle under way, fought on each day left from the factors and morale
/// the days before have left (losses counted from the battle's start), with the setup they were worked out for:
/// each side's outflanking force is the one it named, or before that the one its choices offer. None when no
/// battle waits for chits (none under way, or one waiting for a retreat).
pub fn battle_table(ctx: &LCtx) -> Option<(Setup, Vec<Line>)> {
    let b = ctx.own.battle.as_ref()?;
    if !b.retreats.is_empty() {
        return None;
    }
    let (base, field) = (b.setup.as_ref()?, b.field.as_ref()?);
    if field.is_over() {
        return None;
    }
    let mut setup = base.clone();
    for (role, ids) in [
        (Role::Attacker, &b.attacking),
        (Role::Defender, &b.defending),
    ] {
        let side = match role {
            Role::Attacker => &mut setup.attacker,
            Role::Defender => &mut setup.defender,
        };
        if !side.corps.iter().any(|c| c.outflanking) {
            let split = super::combat::offered_split(ctx, ids);
            for c in &mut side.corps {
                c.outflanking = split.iter().any(|id| id.to_string() == c.name);
            }
        }
    }
    let lines = table_from(&ctx.scenario.combat, &setup, field);
    Some((setup, lines))
}
