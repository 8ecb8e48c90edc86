//! Rule 3 (Coalition's sequence of play): which steps ask for decisions, from whom, and how each resolves.
//!
//! Default decisions (3.6), taken for a power whose seat is empty or whose player is late:
//! - 4.1 Diplomacy: pass (no message).
//! - 4.2 Declarations of War: no declarations.
//! - 4.5 Creating Alliances: no alliance.
//! - 4.7 Breaking Alliances: keep every alliance (pass).
//! - 4.9 Combined Movement: no combined movement.
//!
//! - 4.3 Call to Allies: no calls (an UMP makes the calls 14.3.2.2.2 and 14.3.2.3.3 force on it); a called ally
//!   answers yes when it can declare war, no when it cannot.
//! - 4.8 Free State Declaration: none.
//! - 4.4 and 4.6: see their modules (4.4: `political::peace`, `docs/rules/peace.md`; 4.6: `political::minors`,
//!   `docs/rules/minor-control.md`).
//!
//! - 5 Reinforcement Phase: the default placement (`reinforcement`, `docs/rules/reinforcement.md`): everything
//!   that has arrived goes where it can by a fixed order (corps and cities of the capital first), the taker of
//!   a minor free state's port keeps its ships building (12.1.2.2); what cannot be placed waits.
//!
//! - 14.3.1 UMP Control Step (and the mid-year bidding of 14.3.1.3.3 after the declarations of war): decline
//!   every UMP (`umps::control`, `docs/rules/umps.md`).
//!
//! Steps whose rules belong to later work (6, 7) pass with no decision.

use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::calendar::Step;
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::political::peace;
use crate::state::RoundKind;
use std::collections::BTreeMap;

/// The events that begin a step: for most steps the round it opens (its kind, whether it is sealed, who owes a
/// decision), none when it asks nothing of anyone this month. Steps with several rounds (4.3, 4.4, 4.6) may roll
/// dice and record their own sub-state first.
pub fn begin(ctx: &Ctx, step: Step, dice: &mut Dice) -> Vec<Event> {
    match step {
        // 4.6.6: wars with minor countries lapse in the Peace Step, before its own rounds (`peace::begin`).
        Step::Peace => return peace::begin(ctx, dice),
        _ => {}
    }
    vec![]
}

use super::steps::step_of;

/// The legal decisions of `power` in a round of `kind`.
pub fn choices(ctx: &Ctx, kind: RoundKind, power: PowerId) -> Vec<Decision> {
    match kind {
        RoundKind::Peace => peace::choices(ctx, power),
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}

/// The default decision of `power` in a round (3.6).
pub fn default(ctx: &Ctx, kind: RoundKind, power: PowerId) -> Decision {
    match kind {
        RoundKind::Peace => peace::default(ctx, power),
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}

/// The name of the kind of decision a round takes, for refusals.
fn kind_name(kind: RoundKind) -> &'static str {
    match kind {
        RoundKind::Peace => "peace",
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}

/// Checks a decision against the round's kind and the step's rules.
pub fn check(ctx: &Ctx, kind: RoundKind, power: PowerId, d: &Decision) -> RuleResult<()> {
    match (kind, d) {
        (RoundKind::Peace, Decision::Peace(p)) => peace::check(ctx, power, p),
        (k, d) => {
            let step = step_of(k);
            Err(RuleError::new(
                "3.1",
                format!(
                    "the {} ({}) takes `{}` decisions, not `{}`",
                    step.name(),
                    step.rule(),
                    kind_name(k),
                    d.kind()
                ),
            ))
        }
    }
}

/// Resolves a round once every decision is in.
pub fn resolve(
    ctx: &Ctx,
    kind: RoundKind,
    decisions: &BTreeMap<PowerId, Decision>,
    dice: &mut Dice,
) -> Vec<Event> {
    match kind {
        RoundKind::Peace => peace::resolve(ctx, decisions, dice),
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}
