//! Rule 8.6 (Coalition's Status Step, `docs/rules/economic.md`): each power gains the victory points of its zone
//! on the Political Status Display, loses political points for each debt (reparations, a loan) it could not pay
//! in full this phase, and the phase's record is closed with what each power spent and its standing (12.6).
//!
//! The step asks nothing.

use super::{Amount, EconomicEvent, Standing, TransferKind};
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::ids::PowerId;
use crate::scenario::UnitKind;
use crate::world::WorldEvent;
use crate::world::name;
use std::collections::BTreeMap;

/// What each power spent this phase on purchases (8.5) and militia conversion (12.1.1), read from the queue.
pub fn spent(ctx: &Ctx) -> BTreeMap<PowerId, Amount> {
    let date = ctx.state.date();
    let e = &ctx.scenario.charts.economy;
    let mut out: BTreeMap<PowerId, Amount> = BTreeMap::new();
    for b in ctx.state.building.iter().filter(|b| b.bought == date) {
        // A minor free state's units are bought by its controller (4.8).
        let Some(p) = ctx.state.controller_of(b.owner) else {
            continue;
        };
        let a = match b.rule.as_str() {
            "8.5" | "12.1.2" => {
                let c = e.costs.get(&b.unit).copied().unwrap_or_default();
                Amount {
                    money: c.money as i32 * b.count as i32,
                    manpower: c.manpower as i32 * b.count as i32,
                }
            }
            "12.1.1" if b.unit == UnitKind::Infantry => Amount {
                money: e.militia_conversion_money as i32 * b.count as i32,
                manpower: 0,
            },
            _ => continue,
        };
        let s = out.entry(p).or_default();
        *s = s.plus(a);
    }
    out
}

/// The step's events: victory points by zone, points lost for debts not paid, and the phase's record closed.
pub fn begin(ctx: &Ctx) -> Vec<Event> {
    let date = ctx.state.date();
    let e = &ctx.scenario.charts.economy;
    let phase = ctx.state.economy.phases.last().filter(|r| r.date == date);
    let mut out = Vec::new();
    let mut standing = BTreeMap::new();
    for p in super::powers_with_economic_phase(ctx.state) {
        let st = &ctx.state.powers[&p];
        let mut s = Standing {
            political_points: st.political_points,
            money: st.money,
            manpower: st.manpower,
            victory_points: st.victory_points,
        };
        if let Some(z) = ctx.scenario.status_zone(st.political_points) {
            if z.victory_points != 0 {
                out.push(Event::World(WorldEvent::VictoryPointsChanged {
                    power: p,
                    delta: z.victory_points,
                    rule: "8.6".into(),
                    reason: format!(
                        "{} stands in the {} zone ({} political points)",
                        name(ctx.scenario, p),
                        z.name,
                        st.political_points
                    ),
                }));
                s.victory_points += z.victory_points;
            }
        }
        let defaults: Vec<String> = phase
            .into_iter()
            .flat_map(|r| r.transfers.iter())
            .filter(|t| t.from == p && t.short() > 0)
            .filter(|t| matches!(t.kind, TransferKind::Reparations | TransferKind::Repayment))
            .map(|t| {
                format!(
                    "{} of {} owed to {} ({})",
                    t.short(),
                    t.owed,
                    name(ctx.scenario, t.to),
                    t.rule
                )
            })
            .collect();
        if !defaults.is_empty() && e.default_points != 0 {
            let delta = e.default_points * defaults.len() as i32;
            out.push(Event::World(WorldEvent::PointsChanged {
                power: p,
                delta,
                rule: "8.6".into(),
                reason: format!("debts not paid in full: {}", defaults.join("; ")),
            }));
            s.political_points += delta;
        }
        standing.insert(p, s);
    }
    out.push(Event::Economy(EconomicEvent::PhaseClosed {
        spent: spent(ctx),
        standing,
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::economic::Transfer;
    use crate::kernel::calendar::Step;

    fn p(s: &str) -> PowerId {
        PowerId::new(s).unwrap()
    }

    #[test]
    fn a_debt_not_paid_in_full_costs_points_in_the_status_step() {
        let g = crate::economic::test_game(1805, 3, Step::EconomicExpenditure);
        let mut st = g.state().clone();
        let t = |kind, owed, money| Transfer {
            kind,
            from: p("austria"),
            to: p("france"),
            money,
            owed,
            loan_due: None,
            loan: None,
            obligation: Some(0),
            installment: Some(1),
            all_at_once: Some(false),
            rule: "B.3".into(),
        };
        for tr in [
            t(TransferKind::Reparations, 20, 5),
            t(TransferKind::Repayment, 4, 4),
        ] {
            crate::apply::apply(
                &mut st,
                &Event::Economy(EconomicEvent::Transferred {
                    transfer: tr,
                    reason: String::new(),
                }),
            );
        }
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        let ev = begin(&ctx);
        let lost: Vec<(PowerId, i32)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::World(WorldEvent::PointsChanged {
                    power, delta, rule, ..
                }) if rule == "8.6" => Some((*power, *delta)),
                _ => None,
            })
            .collect();
        // One debt short (the reparations); the loan repaid in full costs nothing.
        assert_eq!(
            lost,
            [(p("austria"), g.scenario().charts.economy.default_points)]
        );
        let Some(Event::Economy(EconomicEvent::PhaseClosed { standing, .. })) = ev.last() else {
            panic!("the record is closed last")
        };
        assert_eq!(
            standing[&p("austria")].political_points,
            st.powers[&p("austria")].political_points + g.scenario().charts.economy.default_points
        );
    }
}
