//! Rule 4.9: the Declaration of Combined Movement. Allies who both name each other (sealed, revealed together
//! per the errata) combine their Naval and Land Phases for the rest of the turn, moving in the order of the
//! ally that moves last.

use super::name;
use crate::kernel::agreement::mutual_pairs;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::world::{Ctx, Cx, OneRound, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;

/// 4.9: the allies this power combines movement with (when both name each other).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Combine {
    pub with: Vec<PowerId>,
}

/// The Declaration of Combined Movement (4.9): a sealed round of every power with an ally.
pub struct CombinedMovement;

impl OneRound for CombinedMovement {
    type Decision = Combine;
    const SEALED: bool = true;

    fn owing(ctx: &Ctx) -> Vec<PowerId> {
        owing(ctx)
    }

    fn options(ctx: &Ctx, power: PowerId) -> Vec<Combine> {
        choices(ctx, power)
    }

    /// Default (3.6): no combined movement.
    fn fallback(_ctx: &Ctx, _power: PowerId) -> Combine {
        Combine::default()
    }

    fn verify(ctx: &Ctx, power: PowerId, d: &Combine) -> RuleResult<()> {
        check(ctx, power, &d.with)
    }

    /// Every mutual pair combines movement for the rest of the turn (the game has revealed the lists).
    fn carry_out(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, Combine>) {
        let named: BTreeMap<PowerId, Vec<PowerId>> = decisions
            .iter()
            .map(|(p, d)| (*p, d.with.clone()))
            .collect();
        for (a, b) in mutual_pairs(&named) {
            cx.push(WorldEvent::CombinedMovementDeclared { a, b });
        }
    }
}

/// Powers with at least one ally.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    super::breaking::owing(ctx)
}

/// No combined movement, or with each ally.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Combine> {
    let mut v = vec![Combine::default()];
    v.extend(
        ctx.world
            .allies(power)
            .into_iter()
            .map(|q| Combine { with: vec![q] }),
    );
    v
}

/// Only allies may combine movement (4.9).
pub fn check(ctx: &Ctx, power: PowerId, with: &[PowerId]) -> RuleResult<()> {
    super::distinct(with)?;
    for q in with {
        if !ctx.world.allied(power, *q) {
            return Err(RuleError::new(
                "4.9",
                format!(
                    "{} and {} are not allied; only allies may combine movement",
                    name(ctx.scenario, power),
                    name(ctx.scenario, *q)
                ),
            ));
        }
    }
    Ok(())
}
