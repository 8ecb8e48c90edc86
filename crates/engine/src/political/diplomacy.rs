//! Rule 4.1: the Diplomacy Step. Private messages and formal, non-binding proposals, seen only by sender and
//! recipients and kept in the log; each power passes when done.

use super::name;
use crate::decision::{Decision, Diplomatic};
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::calendar::Date;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use serde::{Deserialize, Serialize};

/// Longest message accepted.
pub const MAX_MESSAGE: usize = 4000;

/// Every power in the game takes part (open round: messages are sent at once).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.state.powers_in_game()
}

/// Pass, or a message or proposal to each other power (proposals only where they could be acted on).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let mut v = vec![Decision::Pass];
    for q in ctx
        .state
        .powers_in_game()
        .into_iter()
        .filter(|q| *q != power)
    {
        let mut bodies = vec![Diplomatic::Message {
            text: String::new(),
        }];
        if super::alliances::check_partner(ctx, power, q).is_ok() {
            bodies.push(Diplomatic::ProposeAlliance);
        }
        if ctx.state.at_war(power.into(), q.into()) {
            bodies.push(Diplomatic::ProposeInformalPeace);
        }
        if ctx.state.allied(power, q) {
            bodies.push(Diplomatic::ProposeCombinedMovement);
        }
        v.extend(
            bodies
                .into_iter()
                .map(|body| Decision::Diplomacy { to: vec![q], body }),
        );
    }
    v
}

/// 4.1: recipients must be other powers in the game; messages have a length limit.
pub fn check(ctx: &Ctx, power: PowerId, to: &[PowerId], body: &Diplomatic) -> RuleResult<()> {
    if to.is_empty() {
        return Err(RuleError::new(
            "4.1",
            "a message or proposal needs at least one recipient",
        ));
    }
    for q in to {
        if *q == power {
            return Err(RuleError::new(
                "4.1",
                format!("{} cannot write to itself", name(ctx.scenario, power)),
            ));
        }
        if ctx.scenario.power(*q).is_none() {
            return Err(RuleError::new("3.4", format!("unknown power `{q}`")));
        }
        if !ctx.state.in_game(*q) {
            return Err(RuleError::new(
                "4.4.8",
                format!("{} has left the game", name(ctx.scenario, *q)),
            ));
        }
    }
    if let Diplomatic::Message { text } = body
        && text.len() > MAX_MESSAGE
    {
        return Err(RuleError::new(
            "3.3",
            format!(
                "a message may hold at most {MAX_MESSAGE} characters; this one has {}",
                text.len()
            ),
        ));
    }
    Ok(())
}

/// The private event a message becomes.
pub fn send(ctx: &Ctx, power: PowerId, to: &[PowerId], body: &Diplomatic) -> Event {
    let mut to = to.to_vec();
    to.sort();
    to.dedup();
    Event::MessageSent {
        message: Message {
            date: ctx.state.date(),
            from: power,
            to,
            body: body.clone(),
        },
    }
}

/// A private message or proposal of the Diplomacy Step (4.1), kept in the log for its sender and recipients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub date: Date,
    pub from: PowerId,
    pub to: Vec<PowerId>,
    pub body: crate::decision::Diplomatic,
}
