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
//! The game calls `after_declarations` and `after_calls` after those steps resolve, with the wars their events
//! declared (the world does not record which step began a war); they emit through the UMP Control Step's `Cx`.
//!
//! Default decision (3.6): decline (`bid none`), as in `control`.

use super::control::{BiddingKind, Cx, force_surrender, open, set_control};
use super::{UmpStatus, controller_of, is_ump, status_of};
use crate::kernel::dice::Dice;
use crate::kernel::ids::PowerId;
use crate::world::{Ask, WarCause, World, WorldEvent, name};
use std::collections::BTreeSet;

/// The UMPs declared war upon by the events `ev` (a mutual war counts for both sides).
fn declared_upon<'a>(
    state: &World,
    ev: impl IntoIterator<Item = &'a WorldEvent>,
) -> BTreeSet<PowerId> {
    let mut out = BTreeSet::new();
    for e in ev {
        if let WorldEvent::WarDeclared {
            aggressor,
            defender,
            cause,
            ..
        } = e
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
fn activate_controlled(cx: &mut Cx, ump: PowerId) -> bool {
    match controller_of(cx.world(), ump) {
        Some(c) => {
            if status_of(cx.world(), ump) == Some(UmpStatus::Neutral) {
                let (them, me) = (name(cx.scenario, ump), name(cx.scenario, c));
                set_control(
                    cx,
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

/// After the Declarations of War Step's declarations (the world events `ev` it emitted, already applied): what
/// follows for the UMPs declared war upon (14.3.1.3.3, 14.3.2.4.1), with a bidding round for those nobody
/// controls: the sealed round it asks for, if any player may bid.
pub fn after_declarations<'a>(
    cx: &mut Cx,
    ev: impl IntoIterator<Item = &'a WorldEvent>,
    dice: &mut Dice,
) -> Option<Ask> {
    let targets = declared_upon(cx.world(), ev);
    if targets.is_empty() {
        return None;
    }
    let mut to_bid = Vec::new();
    for u in targets {
        if !activate_controlled(cx, u) {
            to_bid.push(u);
        }
    }
    open(cx, BiddingKind::MidYear, to_bid, dice)
}

/// After the Call to Allies Step (the world events `ev` it emitted, already applied): wars begun by calls on an
/// UMP make a neutral controlled one inactive, and one nobody controls must surrender in this month's Peace Step
/// (14.3.1.3.3).
pub fn after_calls<'a>(cx: &mut Cx, ev: impl IntoIterator<Item = &'a WorldEvent>) {
    let targets = declared_upon(cx.world(), ev);
    if targets.is_empty() {
        return;
    }
    let date = cx.world().date();
    for u in targets {
        if !activate_controlled(cx, u) && !must_surrender(cx.world(), u) {
            let them = name(cx.scenario, u);
            force_surrender(
                cx,
                u,
                date,
                format!("{them} is at war by a call to allies and nobody controls it"),
            );
        }
    }
}

pub use crate::world::ump_rules::must_surrender;
