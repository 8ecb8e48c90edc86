//! Rule 4.1: the Diplomacy Step. Private messages and formal, non-binding proposals, seen only by sender and
//! recipients and kept in the log; grants and revocations of voluntary access (Coalition's 10.3, 12.8:
//! `political::access`), public and recorded at once; offers to cede a minor country, private, and their
//! acceptance, public (Coalition's cession, refused under 12.3.9: `political::cession`); each power passes when
//! done.

use super::name;
use crate::kernel::calendar::Date;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{MinorId, PowerId};
use crate::world::{Ctx, Cx, OneRound};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;

/// The body of a diplomatic message or formal, non-binding proposal (4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Diplomatic {
    /// A private message.
    Message { text: String },
    /// A proposal to ally (4.5); binding only when both sides submit matching alliances.
    ProposeAlliance,
    /// A proposal of informal peace (4.4.1).
    ProposeInformalPeace,
    /// A proposal to combine movement this turn (4.9).
    ProposeCombinedMovement,
    /// Coalition's 10.3 (12.8): grant the recipients voluntary access to this power's territory. Not a message:
    /// a public act, recorded at once (`political::access`).
    GrantAccess,
    /// Coalition's 10.3: revoke the voluntary access this power granted the recipients (public, at once).
    RevokeAccess,
    /// Coalition's cession (`docs/rules/cession.md`): offer the one recipient a minor country this power
    /// controls. Private, like a proposal; it stands until the end of the step. Refused under 12.3.9.
    CedeMinor { minor: MinorId },
    /// Coalition's cession: accept the minor the one recipient offered in this step. The minor passes at once, a
    /// public act recorded as world events. Refused under 12.3.9.
    AcceptCession { minor: MinorId },
}

impl Diplomatic {
    /// A grant (`Some(true)`) or revocation (`Some(false)`) of voluntary access, a public act rather than a
    /// message (Coalition's 10.3); `None` for any other body.
    pub fn access(&self) -> Option<bool> {
        match self {
            Diplomatic::GrantAccess => Some(true),
            Diplomatic::RevokeAccess => Some(false),
            _ => None,
        }
    }

    /// Whether the body is a public act recorded at once (a grant or revocation of access, an accepted cession)
    /// rather than a private message or proposal.
    pub fn is_public(&self) -> bool {
        self.access().is_some() || matches!(self, Diplomatic::AcceptCession { .. })
    }

    /// The body granting (`true`) or revoking access.
    pub fn of_access(granted: bool) -> Diplomatic {
        if granted {
            Diplomatic::GrantAccess
        } else {
            Diplomatic::RevokeAccess
        }
    }
}

/// 4.1: a message or proposal to one or more powers; only they and the sender see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Send {
    pub to: Vec<PowerId>,
    pub body: Diplomatic,
}

/// The Diplomacy Step (4.1): an open round of every power; messages act at once (the game logs them as they are
/// sent), and a power passes (`None`) when done.
pub struct Diplomacy;

impl OneRound for Diplomacy {
    type Decision = Option<Send>;
    const SEALED: bool = false;

    fn owing(ctx: &Ctx) -> Vec<PowerId> {
        owing(ctx)
    }

    fn options(ctx: &Ctx, power: PowerId) -> Vec<Option<Send>> {
        choices(ctx, power)
    }

    /// Default (3.6): pass, with no message.
    fn fallback(_ctx: &Ctx, _power: PowerId) -> Option<Send> {
        None
    }

    fn verify(ctx: &Ctx, power: PowerId, d: &Option<Send>) -> RuleResult<()> {
        d.as_ref()
            .map_or(Ok(()), |s| check(ctx, power, &s.to, &s.body))
    }

    /// Messages act as they are sent; the round's passes change nothing.
    fn carry_out(_cx: &mut Cx<(), Infallible>, _decisions: &BTreeMap<PowerId, Option<Send>>) {}
}

/// Longest message accepted.
pub const MAX_MESSAGE: usize = 4000;

/// Coalition's limit on 4.1: the messages and proposals one power may send in one Diplomacy Step (grants and
/// revocations of access and accepted cessions are public acts, not messages, and do not count). Generous for
/// play (a proposal of each kind to each other power and many letters), it keeps what one player can make the
/// others read bounded.
pub const MAX_SENDS: u32 = 60;

/// Coalition's limit on 4.1: refuses a message or proposal from a power that sent `sent` already this step.
pub fn check_sent(ctx: &Ctx, power: PowerId, sent: u32) -> RuleResult<()> {
    if sent >= MAX_SENDS {
        return Err(RuleError::new(
            "4.1",
            format!(
                "{} has sent {sent} messages and proposals this step, the most one power may send in a Diplomacy \
                 Step; pass, and write again next month",
                name(ctx.scenario, power)
            ),
        ));
    }
    Ok(())
}

/// Every power in the game takes part (open round: messages are sent at once).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.world.powers_in_game()
}

/// Pass, or a message or proposal to each other power (proposals only where they could be acted on).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Option<Send>> {
    let mut v = vec![None];
    for q in ctx
        .world
        .powers_in_game()
        .into_iter()
        .filter(|q| *q != power)
    {
        let mut bodies = vec![Diplomatic::Message {
            text: String::new(),
        }];
        if super::alliances::may_partner(ctx, power, q) {
            bodies.push(Diplomatic::ProposeAlliance);
        }
        if ctx.world.at_war(power.into(), q.into()) {
            bodies.push(Diplomatic::ProposeInformalPeace);
        }
        if ctx.world.allied(power, q) {
            bodies.push(Diplomatic::ProposeCombinedMovement);
        }
        bodies.extend(
            super::access::choices(ctx, power, q)
                .into_iter()
                .map(Diplomatic::of_access),
        );
        bodies.extend(
            super::cession::offers(ctx, power, q)
                .into_iter()
                .map(|minor| Diplomatic::CedeMinor { minor }),
        );
        bodies.extend(
            super::cession::acceptances(ctx, power, q)
                .into_iter()
                .map(|minor| Diplomatic::AcceptCession { minor }),
        );
        v.extend(
            bodies
                .into_iter()
                .map(|body| Some(Send { to: vec![q], body })),
        );
    }
    v
}

/// 4.1: recipients must be other powers in the game; messages have a length limit; grants and revocations of
/// access follow Coalition's 10.3 and 12.8 (`political::access::check`); offers and acceptances of a cession
/// follow Coalition's cession and 12.3.9 (`political::cession`).
pub fn check(ctx: &Ctx, power: PowerId, to: &[PowerId], body: &Diplomatic) -> RuleResult<()> {
    // 12.3.9 first: with the option on, no cession is offered or accepted, whoever it names.
    match body {
        Diplomatic::CedeMinor { .. } | Diplomatic::AcceptCession { .. } => {
            super::cession::check_option(ctx)?
        }
        _ => {}
    }
    if to.is_empty() {
        return Err(RuleError::new(
            "4.1",
            "a message or proposal needs at least one recipient",
        ));
    }
    for q in to {
        if *q == power && body.access().is_some() {
            return Err(RuleError::new(
                "10.3",
                format!(
                    "{} cannot grant or revoke access to itself: its own territory needs none",
                    name(ctx.scenario, power)
                ),
            ));
        }
        if *q == power {
            return Err(RuleError::new(
                "4.1",
                format!("{} cannot write to itself", name(ctx.scenario, power)),
            ));
        }
        if ctx.scenario.power(*q).is_none() {
            return Err(RuleError::new("3.4", format!("unknown power `{q}`")));
        }
        if !ctx.world.in_game(*q) {
            return Err(RuleError::new(
                "4.4.8",
                format!("{} has left the game", name(ctx.scenario, *q)),
            ));
        }
    }
    if let Some(granted) = body.access() {
        super::access::check(ctx, power, to, granted)?;
    }
    match body {
        Diplomatic::CedeMinor { minor } => super::cession::check_offer(ctx, power, to, *minor)?,
        Diplomatic::AcceptCession { minor } => {
            super::cession::check_accept(ctx, power, to, *minor)?
        }
        _ => {}
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

/// The private message a decision sends (the game logs it at once, for sender and recipients).
pub fn message(ctx: &Ctx, power: PowerId, send: &Send) -> Message {
    let mut to = send.to.clone();
    to.sort();
    to.dedup();
    Message {
        date: ctx.world.date(),
        from: power,
        to,
        body: send.body.clone(),
    }
}

/// A private message or proposal of the Diplomacy Step (4.1), kept in the log for its sender and recipients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub date: Date,
    pub from: PowerId,
    pub to: Vec<PowerId>,
    pub body: Diplomatic,
}
