//! Rule 8.5 (Coalition's Expenditure Step, `docs/rules/economic.md`): what a shopping list costs and what it
//! leaves in a power's treasury, read from the chart's prices, for a player weighing a list before submitting
//! it. Sums saturate: a list never wraps to a small or negative price.

use super::decision::Spending;
use crate::kernel::ids::PowerId;
use crate::scenario::Scenario;
use crate::world::World;
use crate::world::treasury::Amount;

/// Rule 8.5: the money and manpower a list costs at the chart's prices (purchases, militia conversions under
/// 12.1.1, money given or lent), saturating at `i32::MAX`.
pub fn price(scenario: &Scenario, s: &Spending) -> Amount {
    let e = &scenario.charts.economy;
    let mut money = 0i64;
    let mut manpower = 0i64;
    for b in &s.buy {
        let c = e.costs.get(&b.unit).copied().unwrap_or_default();
        money = money.saturating_add(i64::from(c.money).saturating_mul(i64::from(b.count)));
        manpower =
            manpower.saturating_add(i64::from(c.manpower).saturating_mul(i64::from(b.count)));
    }
    for c in &s.convert {
        money = money.saturating_add(
            i64::from(e.militia_conversion_money).saturating_mul(i64::from(c.count)),
        );
    }
    for g in &s.give {
        money = money.saturating_add(i64::from(g.money));
    }
    Amount {
        money: clamp(money),
        manpower: clamp(manpower),
    }
}

/// Rule 8.5: what `power` would have left after paying for the list now (negative when it cannot pay), or
/// `None` for a power not in the world.
pub fn left_after(
    scenario: &Scenario,
    world: &World,
    power: PowerId,
    s: &Spending,
) -> Option<Amount> {
    let st = world.powers.get(&power)?;
    let p = price(scenario, s);
    Some(Amount {
        money: clamp(i64::from(st.money) - i64::from(p.money)),
        manpower: clamp(i64::from(st.manpower) - i64::from(p.manpower)),
    })
}

fn clamp(x: i64) -> i32 {
    x.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::economic::decision::{Gift, Purchase};
    use crate::scenario::UnitKind;

    fn scenario() -> Scenario {
        crate::scenario::embedded_scenario("1805").expect("the 1805 scenario loads")
    }

    fn buy(unit: UnitKind, count: u16) -> Spending {
        Spending {
            buy: vec![Purchase {
                unit,
                count,
                port: None,
                minor: None,
            }],
            ..Default::default()
        }
    }

    #[test]
    fn a_list_costs_the_charts_price_of_each_line() {
        let s = scenario();
        let inf = s.charts.economy.costs[&UnitKind::Infantry];
        let mut list = buy(UnitKind::Infantry, 3);
        list.give.push(Gift {
            to: s.powers[0].id,
            money: 4,
            loan: false,
        });
        let p = price(&s, &list);
        assert_eq!(p.money, 3 * inf.money as i32 + 4);
        assert_eq!(p.manpower, 3 * inf.manpower as i32);
    }

    #[test]
    fn a_huge_list_saturates_instead_of_wrapping() {
        let s = scenario();
        let mut list = buy(UnitKind::Ship, u16::MAX);
        for _ in 0..10 {
            list.give.push(Gift {
                to: s.powers[0].id,
                money: u32::MAX,
                loan: false,
            });
        }
        assert_eq!(price(&s, &list).money, i32::MAX);
        let w = World::initial(&s);
        let left = left_after(&s, &w, s.powers[0].id, &list).expect("a power of the world");
        assert!(
            left.money < 0,
            "a list nobody can pay leaves less than nothing"
        );
    }

    #[test]
    fn what_is_left_is_the_treasury_less_the_price() {
        let s = scenario();
        let w = World::initial(&s);
        let p = s.powers[0].id;
        let list = buy(UnitKind::Infantry, 1);
        let inf = s.charts.economy.costs[&UnitKind::Infantry];
        let left = left_after(&s, &w, p, &list).expect("a power of the world");
        assert_eq!(left.money, w.powers[&p].money - inf.money as i32);
        assert_eq!(left.manpower, w.powers[&p].manpower - inf.manpower as i32);
    }
}
