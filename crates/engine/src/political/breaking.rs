//! Rule 4.7: the Breaking Alliances Step. A power may break any standing alliance, even one made this turn,
//! paying the chart's points; it is not a declaration of war.

use super::{name, points};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::world::{Ctx, Cx, OneRound, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;

/// 4.7: the alliances this power breaks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Break {
    pub with: Vec<PowerId>,
}

/// The Breaking Alliances Step (4.7): an open round of every power with an ally. A decision is `None` (pass:
/// keep every alliance) or the alliances broken.
pub struct BreakingAlliances;

impl OneRound for BreakingAlliances {
    type Decision = Option<Break>;
    const SEALED: bool = false;

    fn owing(ctx: &Ctx) -> Vec<PowerId> {
        owing(ctx)
    }

    fn options(ctx: &Ctx, power: PowerId) -> Vec<Option<Break>> {
        choices(ctx, power)
    }

    /// Default (3.6): keep every alliance (pass).
    fn fallback(_ctx: &Ctx, _power: PowerId) -> Option<Break> {
        None
    }

    fn verify(ctx: &Ctx, power: PowerId, d: &Option<Break>) -> RuleResult<()> {
        d.as_ref().map_or(Ok(()), |b| check(ctx, power, &b.with))
    }

    fn carry_out(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, Option<Break>>) {
        let events = resolve(&cx.ctx(), decisions);
        cx.push_all(events);
    }
}

/// Powers with at least one ally.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.world
        .powers_in_game()
        .into_iter()
        .filter(|p| !ctx.world.allies(*p).is_empty())
        .collect()
}

/// Keep every alliance (pass), or break one (several may be named together).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Option<Break>> {
    let mut v = vec![None];
    v.extend(
        ctx.world
            .allies(power)
            .into_iter()
            .map(|q| Some(Break { with: vec![q] })),
    );
    v
}

/// Each named power must be a current ally (4.7).
pub fn check(ctx: &Ctx, power: PowerId, with: &[PowerId]) -> RuleResult<()> {
    super::distinct(with)?;
    for q in with {
        if !ctx.world.allied(power, *q) {
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
fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Option<Break>>) -> Vec<WorldEvent> {
    let mut breakers: BTreeMap<(PowerId, PowerId), Vec<PowerId>> = BTreeMap::new();
    for (p, d) in decisions {
        if let Some(Break { with }) = d {
            for q in with {
                let key = if p < q { (*p, *q) } else { (*q, *p) };
                breakers.entry(key).or_default().push(*p);
            }
        }
    }
    let mut ev = Vec::new();
    for ((a, b), by) in breakers {
        ev.push(WorldEvent::AllianceBroken {
            a,
            b,
            by: by.clone(),
            date: ctx.world.date(),
            rule: "4.7".into(),
            reason: "broken in the Breaking Alliances Step".into(),
        });
        for x in by {
            let other = if x == a { b } else { a };
            ev.push(points(
                ctx.scenario,
                x,
                "break-alliance",
                1,
                "4.7",
                format!("broke its alliance with {}", name(ctx.scenario, other)),
            ));
        }
    }
    ev
}
