//! Rules 8.5 and 8.2 (Coalition's rules for money passing between powers, `docs/rules/economic.md`): money given
//! or lent in the Expenditure Step (8.5; never by an uncontrolled major power, 14.3.2.1.2), loans repaid and
//! reparations paid (peace terms B.3 and C.3) in the Collection Step (8.2), never below zero, with what could not
//! be paid recorded.

use super::{Ctx, Cx, EconomicEvent, Gift, Transfer, TransferKind};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::world::{Obligation, name};
use std::collections::BTreeMap;

/// Checks one gift or loan of `from` (8.5): to another power still in the game, at least 1 money, and never by
/// an uncontrolled major power (14.3.2.1.2).
pub fn check_gift(ctx: &Ctx, from: PowerId, g: &Gift) -> RuleResult<()> {
    let verb = if g.loan { "lend" } else { "give" };
    if crate::world::umps::is_ump(ctx.world, from) {
        return Err(RuleError::new(
            "14.3.2.1.2",
            format!(
                "{} is an uncontrolled major power: it may never give or lend money",
                name(ctx.scenario, from)
            ),
        ));
    }
    if g.to == from {
        return Err(RuleError::new(
            "3.3",
            format!("a power cannot {verb} money to itself"),
        ));
    }
    if !ctx.world.in_game(g.to) {
        return Err(RuleError::new(
            "3.4",
            format!("`{}` is not a major power in the game", g.to),
        ));
    }
    if g.money == 0 {
        return Err(RuleError::new("3.3", format!("{verb} at least 1 money")));
    }
    Ok(())
}

/// The month a loan made now is due: `loan_phases` Economic Phases later (three months each).
pub fn loan_due(ctx: &Ctx) -> crate::kernel::calendar::Date {
    ctx.world
        .date()
        .plus_months(3 * ctx.scenario.charts.economy.loan_phases.max(1) as i32)
}

/// The transfer of a gift or loan (checked already).
pub fn gift_event(ctx: &Ctx, from: PowerId, g: &Gift) -> EconomicEvent {
    let (kind, loan_due, reason) = if g.loan {
        let due = loan_due(ctx);
        (
            TransferKind::Loan,
            Some(due),
            format!(
                "{} lends {} money to {}, to be repaid in the Economic Phase of {due}",
                name(ctx.scenario, from),
                g.money,
                name(ctx.scenario, g.to)
            ),
        )
    } else {
        (
            TransferKind::Gift,
            None,
            format!(
                "{} gives {} money to {}",
                name(ctx.scenario, from),
                g.money,
                name(ctx.scenario, g.to)
            ),
        )
    };
    EconomicEvent::Transferred {
        transfer: Transfer {
            kind,
            from,
            to: g.to,
            money: g.money as i32,
            owed: g.money as i32,
            loan_due,
            loan: None,
            obligation: None,
            installment: None,
            all_at_once: None,
            rule: "8.5".into(),
        },
        reason,
    }
}

fn short_text(t: &Transfer) -> String {
    if t.short() > 0 {
        format!(" ({} could not be paid)", t.short())
    } else {
        String::new()
    }
}

/// The reparations due this phase (B.3, C.3) and the loans due (8.5), paid from each power's money after this
/// phase's income. Reparations: the first Economic Phase at or after the peace, the loser pays the whole `once`
/// sum if it has it, else the first of two shares (the second is due at the next Economic Phase); a share it
/// cannot pay in full is paid as far as it can and the rest recorded as not paid. Loans: due `loan_phases`
/// phases after they were made, repaid as far as the borrower can, the rest carried to the next phase.
///
/// `payers` are the powers with an Economic Phase: they pay from their treasury; a power without one (a neutral
/// UMP, 14.3.2.4.3) pays only from what it receives in this collection.
pub fn collect(cx: &mut Cx, payers: &[PowerId]) {
    let mut purse = Purse {
        payers,
        outside: BTreeMap::new(),
    };
    let date = cx.world().date();
    for i in 0..cx.world().treaties.obligations.len() {
        let Obligation::Reparations {
            term,
            from,
            to,
            once,
            each_of_two,
            date: made,
            ..
        } = cx.world().treaties.obligations[i].clone()
        else {
            continue;
        };
        if made > date || !cx.world().in_game(from) || !cx.world().in_game(to) {
            continue;
        }
        let before: Vec<&Transfer> = cx
            .own()
            .reparations_paid()
            .filter(|t| t.obligation == Some(i))
            .collect();
        let have = purse.money(cx, from);
        // 3.5: an amount beyond the treasury's range is owed as the most a treasury holds.
        let (once, each_of_two) = (
            i32::try_from(once).unwrap_or(i32::MAX),
            i32::try_from(each_of_two).unwrap_or(i32::MAX),
        );
        let (owed, installment, all_at_once) = match before.as_slice() {
            [] if have >= once => (once, 1, true),
            [] => (each_of_two, 1, false),
            [first] if first.all_at_once == Some(false) => (each_of_two, 2, false),
            _ => continue,
        };
        let pay = owed.min(have);
        let t = Transfer {
            kind: TransferKind::Reparations,
            from,
            to,
            money: pay,
            owed,
            loan_due: None,
            loan: None,
            obligation: Some(i),
            installment: Some(installment),
            all_at_once: Some(all_at_once),
            rule: term.clone(),
        };
        let how = if all_at_once {
            "all at once".to_string()
        } else {
            format!("share {installment} of 2")
        };
        let reason = format!(
            "{term}: {} pays {} reparations of {owed} ({how}): {pay} paid{}",
            name(cx.scenario, from),
            name(cx.scenario, to),
            short_text(&t)
        );
        purse.pass(from, to, pay);
        cx.emit(EconomicEvent::Transferred {
            transfer: t,
            reason,
        });
    }
    for i in 0..cx.own().loans.len() {
        let l = cx.own().loans[i].clone();
        if l.outstanding() == 0 || l.due > date || !cx.world().in_game(l.borrower) {
            continue;
        }
        let owed = l.outstanding();
        let pay = owed.min(purse.money(cx, l.borrower));
        let t = Transfer {
            kind: TransferKind::Repayment,
            from: l.borrower,
            to: l.lender,
            money: pay,
            owed,
            loan_due: None,
            loan: Some(i),
            obligation: None,
            installment: None,
            all_at_once: None,
            rule: "8.2".into(),
        };
        let reason = format!(
            "{} repays {} the loan of {} made in {}: {pay} of {owed} owed{}",
            name(cx.scenario, l.borrower),
            name(cx.scenario, l.lender),
            l.money,
            l.made,
            short_text(&t)
        );
        purse.pass(l.borrower, l.lender, pay);
        cx.emit(EconomicEvent::Transferred {
            transfer: t,
            reason,
        });
    }
}

/// What each power may pay from in a collection: a payer's treasury as the events so far have left it; for any
/// other power, what it has received in this collection less what it has paid.
struct Purse<'a> {
    payers: &'a [PowerId],
    outside: BTreeMap<PowerId, i32>,
}

impl Purse<'_> {
    /// The money `p` may pay now (never below zero).
    fn money(&self, cx: &Cx, p: PowerId) -> i32 {
        let m = if self.payers.contains(&p) {
            cx.world().powers.get(&p).map_or(0, |s| s.money)
        } else {
            self.outside.get(&p).copied().unwrap_or(0)
        };
        m.max(0)
    }

    /// Money passes from `from` to `to` (the treasuries change by the transfer's own event).
    fn pass(&mut self, from: PowerId, to: PowerId, money: i32) {
        for (p, m) in [(from, money.saturating_neg()), (to, money)] {
            if !self.payers.contains(&p) {
                let o = self.outside.entry(p).or_default();
                *o = o.saturating_add(m);
            }
        }
    }
}
