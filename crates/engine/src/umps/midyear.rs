//! Rule 14.3.1.3.3 and 14.3.2.4.1: control of UMPs during the year.
//!
//! - War declared on a neutral UMP that a power controls makes it inactive for that power at once (the combined
//!   economic phase follows, 14.3.2.4.6).
//! - War declared in the Declarations of War Step on an UMP nobody controls (neutral or already at war) opens a
//!   sealed bidding round right after the declarations resolve, for inactive status only; a player with a power
//!   that declared war on it this month may not bid (14.3.2.4.1), and the other bars of 14.3.1.1 hold. The bids
//!   are charged and rolled as in December (`control`).
//! - When nobody bids, the UMP must sue for peace in that month's Peace Step and accept an unconditional peace
//!   with all its enemies: a forced surrender is recorded, and the Peace Step takes the UMP's decisions for it
//!   (it sues every major enemy, then accepts every offer). It stays as it was until then (a neutral one keeps
//!   its forces off the map).
//! - Wars begun on an UMP by calls to allies (4.3) come after the Declarations of War Step: an UMP nobody
//!   controls is then at war with no bidding, and a forced surrender is recorded for that month's Peace Step.
//!
//! Default decision (3.6): decline (`bid none`), as in `control`.

use super::control::{BiddingKind, Run, force_surrender, open, set_control};
use super::{UmpStatus, controller_of, is_ump, status_of};
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::dice::Dice;
use crate::kernel::ids::PowerId;
use crate::state::{State, WarCause};
use crate::world::WorldEvent;
use crate::world::name;
use std::collections::BTreeSet;

/// The UMPs declared war upon by the events `ev` (a mutual war counts for both sides).
fn declared_upon(state: &State, ev: &[Event]) -> BTreeSet<PowerId> {
    let mut out = BTreeSet::new();
    for e in ev {
        if let Event::World(WorldEvent::WarDeclared {
            aggressor,
            defender,
            cause,
            ..
        }) = e
        {
            if let Some(d) = defender.power().filter(|d| is_ump(state, *d)) {
                out.insert(d);
            }
            if *cause == WarCause::Mutual
                && let Some(a) = aggressor.power().filter(|a| is_ump(state, *a))
            {
                out.insert(a);
            }
        }
    }
    out
}

/// 14.3.1.3.3: a neutral UMP with a controller, declared war upon, becomes inactive for its controller.
fn activate_controlled(run: &mut Run, ump: PowerId) -> bool {
    match controller_of(&run.st, ump) {
        Some(c) => {
            if status_of(&run.st, ump) == Some(UmpStatus::Neutral) {
                let (them, me) = (name(run.ctx().scenario, ump), name(run.ctx().scenario, c));
                set_control(
                    run,
                    ump,
                    Some(c),
                    UmpStatus::Inactive,
                    "14.3.1.3.3",
                    format!("war was declared on the neutral {them}: it becomes inactive for {me}"),
                );
            }
            true
        }
        None => false,
    }
}

/// After the Declarations of War Step's declarations (events `ev`, already applied to `ctx`): what follows for
/// the UMPs declared war upon (14.3.1.3.3, 14.3.2.4.1), with a bidding round for those nobody controls.
pub fn after_declarations(ctx: &Ctx, ev: &[Event], dice: &mut Dice) -> Vec<Event> {
    let targets = declared_upon(ctx.state, ev);
    if targets.is_empty() {
        return vec![];
    }
    let mut run = Run::new(ctx);
    let mut to_bid = Vec::new();
    for u in targets {
        if !activate_controlled(&mut run, u) {
            to_bid.push(u);
        }
    }
    open(&mut run, BiddingKind::MidYear, to_bid, dice);
    run.ev
}

/// After the Call to Allies Step's events `ev` (already applied to `ctx`): wars begun by calls on an UMP make a
/// neutral controlled one inactive, and one nobody controls must surrender in this month's Peace Step
/// (14.3.1.3.3).
pub fn after_calls(ctx: &Ctx, ev: &[Event]) -> Vec<Event> {
    let targets = declared_upon(ctx.state, ev);
    if targets.is_empty() {
        return vec![];
    }
    let after = *ctx;
    let mut run = Run::new(ctx);
    let date = ctx.state.date();
    for u in targets {
        if !activate_controlled(&mut run, u) && !must_surrender(&run.st, u) {
            let them = name(after.scenario, u);
            force_surrender(
                &mut run,
                u,
                date,
                format!("{them} is at war by a call to allies and nobody controls it"),
            );
        }
    }
    run.ev
}

pub use crate::world::ump_rules::must_surrender;
