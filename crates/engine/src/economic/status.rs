//! Rule 8.6 (Coalition's Status Step, `docs/rules/economic.md`): each power gains the victory points of its zone
//! on the Political Status Display, loses political points for each debt (reparations, a loan) it could not pay
//! in full this phase, and the phase's record is closed with what each power spent and its standing (12.6). Then
//! a power that holds enough of a nation's provinces takes its name (Coalition's unification rule).
//!
//! The step asks nothing.

use super::{Amount, Ctx, Cx, EconomicEvent, EconomyState, Standing, TransferKind};
use crate::kernel::dice::Dice;
use crate::kernel::error::RuleResult;
use crate::kernel::ids::PowerId;
use crate::kernel::limits;
use crate::scenario::UnitKind;
use crate::world::{Ask, Step, World, WorldEvent, name};
use std::collections::BTreeMap;
use std::convert::Infallible;

/// The Status Step (8.6): it asks nothing.
pub struct Status;

impl Step for Status {
    type State = EconomyState;
    type Event = EconomicEvent;
    type Decision = Infallible;

    fn begin(cx: &mut Cx, _dice: &mut Dice) -> Option<Ask> {
        begin(cx);
        None
    }

    asks_nothing!("Status Step (8.6)");
}

/// What each power spent this phase on purchases (8.5) and militia conversion (12.1.1), read from the queue.
pub fn spent(ctx: &Ctx) -> BTreeMap<PowerId, Amount> {
    let date = ctx.world.date();
    let e = &ctx.scenario.charts.economy;
    let mut out: BTreeMap<PowerId, Amount> = BTreeMap::new();
    for b in ctx.world.building.iter().filter(|b| b.bought == date) {
        // A minor free state's units are bought by its controller (4.8).
        let Some(p) = ctx.world.controller_of(b.owner) else {
            continue;
        };
        let a = match b.rule.as_str() {
            "8.5" | "12.1.2" => {
                let c = e.costs.get(&b.unit).copied().unwrap_or_default();
                Amount {
                    money: super::price(c.money, b.count),
                    manpower: super::price(c.manpower, b.count),
                }
            }
            "12.1.1" if b.unit == UnitKind::Infantry => Amount {
                money: super::price(e.militia_conversion_money, b.count),
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
/// Each power's zone is read, and its standing recorded, from its standing as the step begins plus the changes
/// this step makes to it.
pub fn begin(cx: &mut Cx) {
    let sc = cx.scenario;
    let e = &sc.charts.economy;
    let start: Vec<(PowerId, Standing)> = super::powers_with_economic_phase(cx.world())
        .into_iter()
        .map(|p| (p, Standing::of(&cx.world().powers[&p])))
        .collect();
    let mut standing = BTreeMap::new();
    for (p, mut s) in start {
        if let Some(z) = sc.status_zone(s.political_points) {
            if z.victory_points != 0 {
                cx.push(WorldEvent::VictoryPointsChanged {
                    power: p,
                    delta: z.victory_points,
                    rule: "8.6".into(),
                    reason: format!(
                        "{} stands in the {} zone ({} political points)",
                        name(sc, p),
                        z.name,
                        s.political_points
                    ),
                });
                s.victory_points = limits::VICTORY_POINTS.add(s.victory_points, z.victory_points);
            }
        }
        let defaults = debts_short(&cx.ctx(), p);
        if !defaults.is_empty() && e.default_points != 0 {
            let delta = e
                .default_points
                .saturating_mul(i32::try_from(defaults.len()).unwrap_or(i32::MAX));
            cx.push(WorldEvent::PointsChanged {
                power: p,
                delta,
                rule: "8.6".into(),
                reason: format!("debts not paid in full: {}", defaults.join("; ")),
            });
            s.political_points = limits::POLITICAL_POINTS.add(s.political_points, delta);
        }
        standing.insert(p, s);
    }
    let spent = spent(&cx.ctx());
    cx.emit(EconomicEvent::PhaseClosed { spent, standing });
    for e in crate::world::unification::due(sc, cx.world()) {
        cx.push(e);
    }
}

/// The debts (reparations, a loan) `p` could not pay in full in this phase's collection, each as a line.
fn debts_short(ctx: &Ctx, p: PowerId) -> Vec<String> {
    let date = ctx.world.date();
    ctx.own
        .phases
        .last()
        .filter(|r| r.date == date)
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
        .collect()
}
