//! Rule 4.7: the Breaking Alliances Step. A power may break any standing alliance, even one made this turn,
//! paying the chart's points; it is not a declaration of war.

use super::{name, points};
use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::world::WorldEvent;
use std::collections::BTreeMap;

/// Powers with at least one ally.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.state
        .powers_in_game()
        .into_iter()
        .filter(|p| !ctx.state.allies(*p).is_empty())
        .collect()
}

/// Keep every alliance (pass), or break one (several may be named together).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let mut v = vec![Decision::Pass];
    v.extend(
        ctx.state
            .allies(power)
            .into_iter()
            .map(|q| Decision::BreakAlliances { with: vec![q] }),
    );
    v
}

/// Each named power must be a current ally (4.7).
pub fn check(ctx: &Ctx, power: PowerId, with: &[PowerId]) -> RuleResult<()> {
    super::distinct(with)?;
    for q in with {
        if !ctx.state.allied(power, *q) {
            return Err(RuleError::new(
                "4.7",
                format!(
                    "{} has no alliance with {} to break",
                    name(ctx.scenario, power),
                    name(ctx.scenario, *q)
                ),
            ));
        }
    }
    Ok(())
}

/// Breaks every named alliance; each power that broke it pays the chart's points.
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>) -> Vec<Event> {
    let mut breakers: BTreeMap<(PowerId, PowerId), Vec<PowerId>> = BTreeMap::new();
    for (p, d) in decisions {
        if let Decision::BreakAlliances { with } = d {
            for q in with {
                let key = if p < q { (*p, *q) } else { (*q, *p) };
                breakers.entry(key).or_default().push(*p);
            }
        }
    }
    let mut ev = Vec::new();
    for ((a, b), by) in breakers {
        ev.push(Event::World(WorldEvent::AllianceBroken {
            a,
            b,
            by: by.clone(),
            date: ctx.state.date(),
            rule: "4.7".into(),
            reason: "broken in the Breaking Alliances Step".into(),
        }));
        for x in by {
            let other = if x == a { b } else { a };
            ev.push(
                points(
                    ctx.scenario,
                    x,
                    "break-alliance",
                    1,
                    "4.7",
                    format!("broke its alliance with {}", name(ctx.scenario, other)),
                )
                .into(),
            );
        }
    }
    ev
}
