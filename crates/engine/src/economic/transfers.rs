//! Coalition's rules for money passing between powers (`docs/rules/economic.md`): money given or lent in the
//! Expenditure Step (8.5; never by an uncontrolled major power, 14.3.2.1.2), loans repaid and reparations paid
//! (peace terms B.3 and C.3) in the Collection Step (8.2), never below zero, with what could not be paid recorded.

use super::{EconomicEvent, Gift, Transfer, TransferKind};
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::world::Obligation;
use crate::world::name;
use std::collections::BTreeMap;

/// Checks one gift or loan of `from` (8.5): to another power still in the game, at least 1 money, and never by
/// an uncontrolled major power (14.3.2.1.2).
pub fn check_gift(ctx: &Ctx, from: PowerId, g: &Gift) -> RuleResult<()> {
    let verb = if g.loan { "lend" } else { "give" };
    if crate::world::umps::is_ump(ctx.state, from) {
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
    if !ctx.state.in_game(g.to) {
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
    ctx.state
        .date()
        .plus_months(3 * ctx.scenario.charts.economy.loan_phases.max(1) as i32)
}

/// The transfer of a gift or loan (checked already).
pub fn gift_event(ctx: &Ctx, from: PowerId, g: &Gift) -> Event {
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
    Event::Economy(EconomicEvent::Transferred {
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
    })
}

fn short_text(t: &Transfer) -> String {
    if t.short() > 0 {
        format!(" ({} could not be paid)", t.short())
    } else {
        String::new()
    }
}

/// The reparations due this phase (B.3, C.3) and the loans due (8.5), paid from `money` (each power's money
/// after this phase's income), which they update. Reparations: the first Economic Phase at or after the peace,
/// the loser pays the whole `once` sum if it has it, else the first of two shares (the second is due at the next
/// Economic Phase); a share it cannot pay in full is paid as far as it can and the rest recorded as not paid.
/// Loans: due `loan_phases` phases after they were made, repaid as far as the borrower can, the rest carried
/// to the next phase.
pub fn collection_events(ctx: &Ctx, money: &mut BTreeMap<PowerId, i32>) -> Vec<Event> {
    let date = ctx.state.date();
    let mut out = Vec::new();
    let paid: Vec<&Transfer> = ctx.state.economy.reparations_paid().collect();
    for (i, o) in ctx.state.treaties.obligations.iter().enumerate() {
        let Obligation::Reparations {
            term,
            from,
            to,
            once,
            each_of_two,
            date: made,
            ..
        } = o
        else {
            continue;
        };
        if *made > date || !ctx.state.in_game(*from) || !ctx.state.in_game(*to) {
            continue;
        }
        let before: Vec<&&Transfer> = paid.iter().filter(|t| t.obligation == Some(i)).collect();
        let have = money.get(from).copied().unwrap_or(0).max(0);
        let (owed, installment, all_at_once) = match before.as_slice() {
            [] if have >= *once as i32 => (*once as i32, 1, true),
            [] => (*each_of_two as i32, 1, false),
            [first] if first.all_at_once == Some(false) => (*each_of_two as i32, 2, false),
            _ => continue,
        };
        let pay = owed.min(have);
        let t = Transfer {
            kind: TransferKind::Reparations,
            from: *from,
            to: *to,
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
            name(ctx.scenario, *from),
            name(ctx.scenario, *to),
            short_text(&t)
        );
        *money.entry(*from).or_default() -= pay;
        *money.entry(*to).or_default() += pay;
        out.push(Event::Economy(EconomicEvent::Transferred {
            transfer: t,
            reason,
        }));
    }
    for (i, l) in ctx.state.economy.loans.iter().enumerate() {
        if l.outstanding() == 0 || l.due > date || !ctx.state.in_game(l.borrower) {
            continue;
        }
        let owed = l.outstanding();
        let pay = owed.min(money.get(&l.borrower).copied().unwrap_or(0).max(0));
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
            name(ctx.scenario, l.borrower),
            name(ctx.scenario, l.lender),
            l.money,
            l.made,
            short_text(&t)
        );
        *money.entry(l.borrower).or_default() -= pay;
        *money.entry(l.lender).or_default() += pay;
        out.push(Event::Economy(EconomicEvent::Transferred {
            transfer: t,
            reason,
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::calendar::{Date, Step};
    use crate::world::WorldEvent;

    fn p(s: &str) -> PowerId {
        PowerId::new(s).unwrap()
    }

    // rule: 14.3.2.1.2
    #[test]
    fn an_uncontrolled_power_may_never_give_or_lend_money() {
        let g = crate::economic::test_game(1805, 3, Step::EconomicExpenditure);
        let mut st = g.state().clone();
        crate::apply::apply(
            &mut st,
            &Event::World(WorldEvent::UmpControl {
                ump: p("spain"),
                controller: Some(p("france")),
                status: crate::world::UmpStatus::Active,
                rule: "14.3.1.3".into(),
                reason: "test".into(),
            }),
        );
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        for loan in [false, true] {
            let gift = Gift {
                to: p("france"),
                money: 1,
                loan,
            };
            let e = check_gift(&ctx, p("spain"), &gift).unwrap_err();
            assert_eq!(e.rule, "14.3.2.1.2");
            // The same through the whole list check, and no such choice is listed.
            let sp = super::super::Spending {
                give: vec![gift],
                ..Default::default()
            };
            assert_eq!(
                super::super::expenditure::check(&ctx, p("spain"), &sp)
                    .unwrap_err()
                    .rule,
                "14.3.2.1.2"
            );
        }
        assert!(
            !super::super::expenditure::choices(&ctx, p("spain"))
                .iter()
                .any(|d| d.to_string().starts_with("give") || d.to_string().starts_with("lend"))
        );
        // A controlled power may give to the UMP.
        let gift = Gift {
            to: p("spain"),
            money: 1,
            loan: false,
        };
        assert!(check_gift(&ctx, p("france"), &gift).is_ok());
    }

    #[test]
    fn reparations_are_paid_once_when_the_loser_can_else_in_two_shares_never_below_zero() {
        let g = crate::economic::test_game(1805, 3, Step::EconomicExpenditure);
        let mut st = g.state().clone();
        let obligation = |term: &str, once: u32, each: u32| {
            Event::Peace(crate::political::peace::PeaceEvent::Recorded {
                obligation: Obligation::Reparations {
                    term: term.into(),
                    from: p("austria"),
                    to: p("france"),
                    money_value: 2 * once,
                    once,
                    each_of_two: each,
                    date: Date::new(1805, 3).unwrap(),
                },
            })
        };
        crate::apply::apply(&mut st, &obligation("B.3", 40, 27));
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        // Austria has 50 after income: it pays the 40 at once.
        let mut money = BTreeMap::from([(p("austria"), 50), (p("france"), 0)]);
        let ev = collection_events(&ctx, &mut money);
        let Event::Economy(EconomicEvent::Transferred { transfer: t, .. }) = &ev[0] else {
            panic!("{ev:?}")
        };
        assert_eq!((t.money, t.owed, t.all_at_once), (40, 40, Some(true)));
        assert_eq!(money[&p("austria")], 10);
        // With 30 it pays the first share of 27, then at the next phase the second, as far as it can (5 of 27).
        let mut money = BTreeMap::from([(p("austria"), 30)]);
        let ev = collection_events(&ctx, &mut money);
        let Event::Economy(EconomicEvent::Transferred { transfer: t, .. }) = &ev[0] else {
            panic!()
        };
        assert_eq!((t.money, t.owed, t.installment), (27, 27, Some(1)));
        for e in &ev {
            crate::apply::apply(&mut st, e);
        }
        st.position.date = Date::new(1805, 6).unwrap();
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        let mut money = BTreeMap::from([(p("austria"), 5)]);
        let ev = collection_events(&ctx, &mut money);
        let Event::Economy(EconomicEvent::Transferred { transfer: t, .. }) = &ev[0] else {
            panic!()
        };
        assert_eq!(
            (t.money, t.owed, t.installment, t.short()),
            (5, 27, Some(2), 22)
        );
        assert_eq!(money[&p("austria")], 0);
        for e in &ev {
            crate::apply::apply(&mut st, e);
        }
        // Nothing more is due after the second share.
        st.position.date = Date::new(1805, 9).unwrap();
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        let mut money = BTreeMap::from([(p("austria"), 100)]);
        assert!(collection_events(&ctx, &mut money).is_empty());
    }
}
