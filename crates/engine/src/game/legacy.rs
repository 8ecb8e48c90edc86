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
//! - 8.2 Money and Manpower Collection: asks nothing; every power collects (`economic::collection`).
//!
//! - 8.4 Manipulation (12.5): the allowed square nearest to 0 (`economic::manipulation`).
//! - 8.5 Expenditure: buy nothing (`economic::expenditure`).
//! - 8.6 Status: asks nothing (`economic::status`).
//!
//! - 14.3.1 UMP Control Step (and the mid-year bidding of 14.3.1.3.3 after the declarations of war): decline
//!   every UMP (`umps::control`, `docs/rules/umps.md`).
//!
//! Steps whose rules belong to later work (6, 7) pass with no decision.

use crate::decision::Decision;
use crate::economic::{EconomicDecision, expenditure, manipulation};
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::calendar::Step;
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::political::{calls, minors};
use crate::reinforcement;
use crate::state::RoundKind;
use crate::umps;
use std::collections::BTreeMap;

/// The events that begin a step: for most steps the round it opens (its kind, whether it is sealed, who owes a
/// decision), none when it asks nothing of anyone this month. Steps with several rounds (4.3, 4.4, 4.6) may roll
/// dice and record their own sub-state first.
pub fn begin(ctx: &Ctx, step: Step, dice: &mut Dice) -> Vec<Event> {
    match step {
        Step::CallToAllies => return calls::begin(ctx, dice),
        Step::MinorCountryControl => return minors::begin(ctx, dice),
        Step::Reinforcement => return reinforcement::begin(ctx, dice),
        Step::UmpControl => {
            return umps::control::begin(ctx, dice, umps::control::BiddingKind::December);
        }
        Step::EconomicCollection => return crate::economic::collection::begin(ctx, dice),
        Step::EconomicStatus => return crate::economic::status::begin(ctx),
        _ => {}
    }
    // 12.5.1: the last settings are recorded before the new ones are asked for.
    let mut out = match step {
        Step::EconomicManipulation => crate::economic::manipulation::record(ctx),
        _ => vec![],
    };
    out.extend(match open(ctx, step) {
        Some((round, sealed, owing)) => vec![Event::RoundOpened {
            round,
            sealed,
            owing,
        }],
        None => vec![],
    });
    out
}

/// The single round of a one-round step, if anyone owes a decision in it.
fn open(ctx: &Ctx, step: Step) -> Option<(RoundKind, bool, Vec<PowerId>)> {
    let (kind, sealed, owing) = match step {
        Step::EconomicManipulation => (RoundKind::Manipulation, false, manipulation::owing(ctx)),
        Step::EconomicExpenditure => (RoundKind::Expenditure, false, expenditure::owing(ctx)),
        _ => return None,
    };
    (!owing.is_empty()).then_some((kind, sealed, owing))
}

use super::steps::step_of;

/// The legal decisions of `power` in a round of `kind`.
pub fn choices(ctx: &Ctx, kind: RoundKind, power: PowerId) -> Vec<Decision> {
    match kind {
        RoundKind::CallToAllies => calls::choices(ctx, power),
        RoundKind::MinorControl => minors::choices(ctx, power),
        RoundKind::Reinforcement => reinforcement::choices(ctx, power),
        RoundKind::UmpBids => umps::control::choices(ctx, power),
        RoundKind::Manipulation => manipulation::choices(ctx, power),
        RoundKind::Expenditure => expenditure::choices(ctx, power),
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}

/// The default decision of `power` in a round (3.6).
pub fn default(ctx: &Ctx, kind: RoundKind, power: PowerId) -> Decision {
    match kind {
        RoundKind::CallToAllies => calls::default(ctx, power),
        RoundKind::MinorControl => minors::default(ctx, power),
        RoundKind::Reinforcement => reinforcement::default(ctx, power),
        RoundKind::UmpBids => umps::control::default(ctx, power),
        RoundKind::Manipulation => manipulation::default(ctx, power),
        RoundKind::Expenditure => Decision::Economy(EconomicDecision::Spend(Default::default())),
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}

/// The name of the kind of decision a round takes, for refusals.
fn kind_name(kind: RoundKind) -> &'static str {
    match kind {
        RoundKind::CallToAllies => "call or answer",
        RoundKind::MinorControl => "minor control",
        RoundKind::Reinforcement => "reinforce or pass",
        RoundKind::UmpBids => "bid",
        RoundKind::Manipulation => "manipulate",
        RoundKind::Expenditure => "buy",
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}

/// Checks a decision against the round's kind and the step's rules.
pub fn check(ctx: &Ctx, kind: RoundKind, power: PowerId, d: &Decision) -> RuleResult<()> {
    match (kind, d) {
        (RoundKind::CallToAllies, Decision::CallAllies { .. } | Decision::AnswerCall { .. }) => {
            calls::check(ctx, power, d)
        }
        (RoundKind::MinorControl, Decision::MinorControl(m)) => minors::check(ctx, power, m),
        (RoundKind::Reinforcement, Decision::Reinforce(pl)) => reinforcement::check(ctx, power, pl),
        (RoundKind::Reinforcement, Decision::Pass) => Ok(()),
        (RoundKind::UmpBids, Decision::UmpBids { bids }) => umps::control::check(ctx, power, bids),
        (RoundKind::Manipulation, Decision::Economy(EconomicDecision::Manipulate { square })) => {
            manipulation::check(ctx, power, *square)
        }
        (RoundKind::Expenditure, Decision::Economy(EconomicDecision::Spend(s))) => {
            expenditure::check(ctx, power, s)
        }
        (RoundKind::Expenditure, Decision::Pass) => Ok(()),
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
        RoundKind::CallToAllies => calls::resolve(ctx, decisions, dice),
        RoundKind::MinorControl => minors::resolve(ctx, decisions, dice),
        RoundKind::UmpBids => umps::control::resolve(ctx, decisions, dice),
        RoundKind::Reinforcement => reinforcement::resolve(ctx, decisions, dice),
        RoundKind::Manipulation => manipulation::resolve(ctx, decisions),
        RoundKind::Expenditure => expenditure::resolve(ctx, decisions),
        k => unreachable!("{k:?} is plugged into the steps table"),
    }
}
