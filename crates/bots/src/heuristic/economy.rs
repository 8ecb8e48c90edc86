//! The heuristic bot's Economic Phase (8.4 with 12.5, 8.5) and Reinforcement Phase (rule 5): money and manpower
//! when at war, political points when they run low, an army bought within its means, and everything that
//! arrives placed, corps near the enemy first.

use super::{Ctx, choose};
use crate::Pick;
use coalition_engine::Decision;
use coalition_engine::economic::EconomicDecision;
use coalition_engine::reinforcement::LandTarget;
use coalition_engine::scenario::{Location, UnitKind};

/// Money the bot keeps in peace before it buys an army (it buys at once when at war).
const PEACE_RESERVE: i32 = 40;

/// 8.4 (12.5): the manipulation square worth most now: money and manpower count for more at war, political
/// points for more when the power's points are low.
pub fn manipulation(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let chart = &s.scenario.charts.economy.manipulation;
    let points = s.world.powers.get(&s.me).map_or(0, |p| p.political_points);
    let war = s.at_war();
    let pp_worth = if points < 5 {
        20
    } else if war {
        4
    } else {
        8
    };
    let (money_worth, men_worth) = if war { (1, 4) } else { (1, 1) };
    let value = |square: i32| -> i64 {
        chart.square(square).map_or(-1000, |q| {
            i64::from(q.pp * pp_worth + q.money * money_worth + q.manpower * men_worth)
        })
    };
    choose(
        cx,
        |d| match d {
            Decision::Economy(EconomicDecision::Manipulate { square }) => value(*square),
            _ => -1000,
        },
        |d| match d {
            Decision::Economy(EconomicDecision::Manipulate { square }) => format!(
                "sets manipulation to {square}: {}",
                if points < 5 {
                    "its political points are low"
                } else if war {
                    "money and manpower for the war"
                } else {
                    "the best return in peace"
                }
            ),
            _ => d.to_string(),
        },
    )
}

/// 8.5: at war as many infantry as its money and manpower allow; in peace, once it has its reserve, half as
/// many (the rest kept); never money given away; militia converted to infantry when at war.
pub fn expenditure(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let money = s.world.powers.get(&s.me).map_or(0, |p| p.money);
    let war = s.at_war();
    let buys = war || money >= PEACE_RESERVE;
    // The most infantry any listed list buys: all its means; a smaller list keeps a reserve.
    let most = cx
        .view
        .choices
        .iter()
        .filter_map(|d| match d {
            Decision::Economy(EconomicDecision::Spend(sp)) => sp
                .buy
                .iter()
                .filter(|b| b.unit == UnitKind::Infantry)
                .map(|b| b.count)
                .max(),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    choose(
        cx,
        |d| {
            let Decision::Economy(EconomicDecision::Spend(sp)) = d else {
                return -1000;
            };
            if sp.is_empty() {
                return 1;
            }
            if !sp.give.is_empty() {
                return -10;
            }
            if !sp.convert.is_empty() {
                return if war { 3 } else { -1 };
            }
            sp.buy
                .iter()
                .map(|b| match b.unit {
                    UnitKind::Infantry if b.count > 1 && buys => {
                        // At war all it can; in peace a reserve kept (half its means).
                        if (b.count == most) == war { 10 } else { 6 }
                    }
                    UnitKind::Depot if war => 2,
                    _ => -1,
                })
                .sum()
        },
        |d| match d {
            Decision::Economy(EconomicDecision::Spend(sp)) if sp.is_empty() => {
                format!("buys nothing: in peace it saves until it has {PEACE_RESERVE}")
            }
            _ if war => format!("{d}: its wars need every factor it can buy"),
            _ => format!("{d}: half its means, the rest kept in reserve"),
        },
    )
}

/// Rule 5: places whatever has arrived (every item counts), factors into the corps nearest an enemy first;
/// never scuttles or moves ships about.
pub fn reinforcement(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let front = |corps: &coalition_engine::ids::CorpsId| -> i64 {
        let Some(Location::Area(a)) = s.world.forces.corps.get(corps).map(|c| c.location) else {
            return 0;
        };
        let enemies = s
            .world
            .forces
            .corps
            .values()
            .filter(|c| s.hostile(c.owner))
            .filter_map(|c| match c.location {
                Location::Area(b) => Some(b),
                _ => None,
            });
        match cx.map.nearest(a, enemies) {
            Some((_, d)) => 10 - i64::from(d.min(10)),
            None => 0,
        }
    };
    choose(
        cx,
        |d| match d {
            Decision::Reinforce(p) => {
                if !p.scuttle.is_empty() || !p.transfers.is_empty() {
                    return -10;
                }
                let items =
                    p.corps.len() + p.depots.len() + p.land.len() + p.ships.len() + p.leaders.len();
                let near: i64 = p
                    .land
                    .iter()
                    .map(|o| match &o.to {
                        LandTarget::Corps(c) => front(c),
                        LandTarget::Garrison(_) => 0,
                    })
                    .sum();
                items as i64 * 20 + near
            }
            Decision::Pass => 0,
            _ => -1000,
        },
        |d| match d {
            Decision::Pass => "places nothing more: nothing has arrived".into(),
            _ => "places what has arrived, factors into the corps nearest the enemy".into(),
        },
    )
}
