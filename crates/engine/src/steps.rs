//! Rule 3 (Coalition's sequence of play): which steps ask for decisions, from whom, and how each resolves.
//!
//! Default decisions (3.6), taken for a power whose seat is empty or whose player is late:
//! - 4.1 Diplomacy: pass (no message).
//! - 4.2 Declarations of War: no declarations.
//! - 4.5 Creating Alliances: no alliance.
//! - 4.7 Breaking Alliances: keep every alliance (pass).
//! - 4.9 Combined Movement: no combined movement.
//!
//! Steps whose rules belong to later work (4.3, 4.4, 4.6, 4.8, 5, 6, 7, 8, 14.3.1) pass with no decision.

use crate::calendar::Step;
use crate::decision::Decision;
use crate::dice::Dice;
use crate::error::{RuleError, RuleResult};
use crate::event::Event;
use crate::game::Ctx;
use crate::ids::PowerId;
use crate::political::{alliances, breaking, combined, declarations, diplomacy};
use crate::state::RoundKind;
use std::collections::BTreeMap;

/// The round a step opens: its kind, whether it is sealed, and who owes a decision. `None` when the step asks
/// nothing of anyone this month.
pub fn open(ctx: &Ctx, step: Step) -> Option<(RoundKind, bool, Vec<PowerId>)> {
    let (kind, sealed, owing) = match step {
        Step::Diplomacy => (RoundKind::Diplomacy, false, diplomacy::owing(ctx)),
        Step::DeclarationsOfWar => (RoundKind::Declarations, true, declarations::owing(ctx)),
        Step::CreatingAlliances => (RoundKind::Alliances, true, alliances::owing(ctx)),
        Step::BreakingAlliances => (RoundKind::BreakAlliances, false, breaking::owing(ctx)),
        Step::CombinedMovement => (RoundKind::CombinedMovement, true, combined::owing(ctx)),
        _ => return None,
    };
    (!owing.is_empty()).then_some((kind, sealed, owing))
}

/// The step a round belongs to.
pub fn step_of(kind: RoundKind) -> Step {
    match kind {
        RoundKind::Diplomacy => Step::Diplomacy,
        RoundKind::Declarations => Step::DeclarationsOfWar,
        RoundKind::Alliances => Step::CreatingAlliances,
        RoundKind::BreakAlliances => Step::BreakingAlliances,
        RoundKind::CombinedMovement => Step::CombinedMovement,
    }
}

/// The legal decisions of `power` in a round of `kind`.
pub fn choices(ctx: &Ctx, kind: RoundKind, power: PowerId) -> Vec<Decision> {
    match kind {
        RoundKind::Diplomacy => diplomacy::choices(ctx, power),
        RoundKind::Declarations => declarations::choices(ctx, power),
        RoundKind::Alliances => alliances::choices(ctx, power),
        RoundKind::BreakAlliances => breaking::choices(ctx, power),
        RoundKind::CombinedMovement => combined::choices(ctx, power),
    }
}

/// The default decision of a round (3.6).
pub fn default(kind: RoundKind) -> Decision {
    match kind {
        RoundKind::Diplomacy | RoundKind::BreakAlliances => Decision::Pass,
        RoundKind::Declarations => Decision::DeclareWar { targets: vec![] },
        RoundKind::Alliances => Decision::Ally { with: vec![] },
        RoundKind::CombinedMovement => Decision::CombineMovement { with: vec![] },
    }
}

/// Checks a decision against the round's kind and the step's rules.
pub fn check(ctx: &Ctx, kind: RoundKind, power: PowerId, d: &Decision) -> RuleResult<()> {
    match (kind, d) {
        (RoundKind::Diplomacy, Decision::Pass) => Ok(()),
        (RoundKind::Diplomacy, Decision::Diplomacy { to, body }) => {
            diplomacy::check(ctx, power, to, body)
        }
        (RoundKind::Declarations, Decision::DeclareWar { targets }) => {
            declarations::check(ctx, power, targets)
        }
        (RoundKind::Declarations, Decision::Pass) => Ok(()),
        (RoundKind::Alliances, Decision::Ally { with }) => alliances::check(ctx, power, with),
        (RoundKind::Alliances, Decision::Pass) => Ok(()),
        (RoundKind::BreakAlliances, Decision::Pass) => Ok(()),
        (RoundKind::BreakAlliances, Decision::BreakAlliances { with }) => {
            breaking::check(ctx, power, with)
        }
        (RoundKind::CombinedMovement, Decision::CombineMovement { with }) => {
            combined::check(ctx, power, with)
        }
        (RoundKind::CombinedMovement, Decision::Pass) => Ok(()),
        (k, d) => {
            let step = step_of(k);
            Err(RuleError::new(
                "3.1",
                format!(
                    "the {} ({}) takes `{}` decisions, not `{}`",
                    step.name(),
                    step.rule(),
                    default(k).kind(),
                    d.kind()
                ),
            ))
        }
    }
}

/// Whether a decision acts at once without ending the power's part in the round (a diplomatic message).
pub fn is_immediate(d: &Decision) -> bool {
    matches!(d, Decision::Diplomacy { .. })
}

/// Resolves a round once every decision is in.
pub fn resolve(
    ctx: &Ctx,
    kind: RoundKind,
    decisions: &BTreeMap<PowerId, Decision>,
    _dice: &mut Dice,
) -> Vec<Event> {
    match kind {
        RoundKind::Diplomacy => vec![],
        RoundKind::Declarations => declarations::resolve(ctx, decisions),
        RoundKind::Alliances => alliances::resolve(ctx, decisions),
        RoundKind::BreakAlliances => breaking::resolve(ctx, decisions),
        RoundKind::CombinedMovement => combined::resolve(ctx, decisions),
    }
}
