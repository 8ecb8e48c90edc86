//! Rule 4.9: the Declaration of Combined Movement. Allies who both name each other (sealed, revealed together
//! per the errata) combine their Naval and Land Phases for the rest of the turn, moving in the order of the
//! ally that moves last.

use super::name;
use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::agreement::mutual_pairs;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::state::RoundKind;
use crate::world::WorldEvent;
use std::collections::BTreeMap;

/// Powers with at least one ally.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    super::breaking::owing(ctx)
}

/// No combined movement, or with each ally.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let mut v = vec![Decision::CombineMovement { with: vec![] }];
    v.extend(
        ctx.state
            .allies(power)
            .into_iter()
            .map(|q| Decision::CombineMovement { with: vec![q] }),
    );
    v
}

/// Only allies may combine movement (4.9).
pub fn check(ctx: &Ctx, power: PowerId, with: &[PowerId]) -> RuleResult<()> {
    super::distinct(with)?;
    for q in with {
        if !ctx.state.allied(power, *q) {
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

/// Reveals the lists together and records every mutual pair for the rest of the turn.
pub fn resolve(_ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>) -> Vec<Event> {
    let named: BTreeMap<PowerId, Vec<PowerId>> = decisions
        .iter()
        .map(|(p, d)| match d {
            Decision::CombineMovement { with } => (*p, with.clone()),
            _ => (*p, vec![]),
        })
        .collect();
    let mut ev = vec![Event::Revealed {
        round: RoundKind::CombinedMovement,
        decisions: decisions.clone(),
    }];
    ev.extend(
        mutual_pairs(&named)
            .into_iter()
            .map(|(a, b)| Event::World(WorldEvent::CombinedMovementDeclared { a, b })),
    );
    ev
}
