//! Coalition's 7.5 odds in the Land Phase (`docs/rules/land.md` 7.5): the exact odds of the battle under way as it
//! stands between two days, for a player choosing the day's chit (`coalition play`'s `o`), and the default chits
//! they choose for an empty seat (3.6, `docs/rules/combat.md` "The default chit").

use super::LCtx;
use crate::battle::Setup;
use crate::battle::day::Battle;
use crate::battle::foresight::{foresee, playable};
use crate::battle::odds::{Line, table_from};
use crate::scenario::combat::{AttackChit, DefendChit, Role};

/// The battle under way as the odds see it, between two days: its setup, each side's outflanking force the one
/// it named or before that the one its choices offer, and its state. None when no battle waits for chits (none
/// under way, one waiting for a retreat, one over).
fn under_way<'a>(ctx: &'a LCtx) -> Option<(Setup, &'a Battle)> {
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
            let split = super::setup::offered_split(ctx, ids);
            for c in &mut side.corps {
                c.outflanking = split.iter().any(|id| id.to_string() == c.name);
            }
        }
    }
    Some((setup, field))
}

/// The odds of every pair of chits for the battle under way, fought on each day left from the factors and morale
/// the days before have left (losses counted from the battle's start), with the setup they were worked out for:
/// each side's outflanking force is the one it named, or before that the one its choices offer. None when no
/// battle waits for chits (none under way, or one waiting for a retreat).
pub fn battle_table(ctx: &LCtx) -> Option<(Setup, Vec<Line>)> {
    let (setup, field) = under_way(ctx)?;
    let lines = table_from(&ctx.scenario.combat, &setup, field);
    Some((setup, lines))
}

/// The fixed default (3.6): the attacker Assaults, the defender Defends.
pub const FIXED: (AttackChit, DefendChit) = (AttackChit::Assault, DefendChit::Defend);

/// 3.6 with Coalition's default chit: each side's chit for the day by the odds of its first round
/// ([`foresee`]), among the chits each side may play ([`playable`]: every one but Withdraw that its forces
/// allow), the fixed default first; the fixed default where the odds say nothing (a trivial combat, a day of too
/// many dice, no battle waiting for chits). An uncontrolled minor defending alone (`minor`) has no one to name an
/// outflanking force: it does not outflank.
pub fn default_chits(ctx: &LCtx, minor: bool) -> (AttackChit, DefendChit) {
    let Some((mut setup, field)) = under_way(ctx) else {
        return FIXED;
    };
    if minor {
        for c in &mut setup.defender.corps {
            c.outflanking = false;
        }
    }
    let chart = &ctx.scenario.combat;
    let (mut attacker, mut defender) = playable(chart, &setup, field);
    // The fixed default first, where ties go (a stable sort keeps the chart's order for the rest).
    attacker.sort_by_key(|a| *a != FIXED.0);
    defender.sort_by_key(|d| *d != FIXED.1);
    match foresee(chart, &setup, field, &attacker, &defender) {
        Some(f) => (f.attacker.unwrap_or(FIXED.0), f.defender.unwrap_or(FIXED.1)),
        None => FIXED,
    }
}
