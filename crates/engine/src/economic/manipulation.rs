//! Rule 12.5 (optional, `economic-manipulation`) in Coalition's Manipulation Step (8.4, `docs/rules/economic.md`):
//! each power's last setting of the Economic Manipulation Display is recorded (12.5.1), then each power sets its
//! marker for the next phase (12.5.2) within Coalition's 8.4.1 restrictions. Every marker starts in square 0;
//! uncontrolled major powers may not manipulate (14.3.2.1.6): they stay in square 0 and are not asked.
//!
//! Default decision (3.6) for an empty seat or a late player: the allowed square nearest to 0.

use super::{Ctx, Cx, EconomicEvent, EconomyState, ManipulationRecord};
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::OptionalRule;
use crate::world::{Ask, Step, World, WorldEvent, name};
use std::collections::BTreeMap;

/// The Manipulation Step (8.4, 12.5): a round open to all, whose decision is the square each power sets its
/// marker to.
pub struct Manipulation;

impl Step for Manipulation {
    type State = EconomyState;
    type Event = EconomicEvent;
    /// The square (12.5.2).
    type Decision = i32;

    /// 12.5.1: the last settings are recorded before the new ones are asked for.
    fn begin(cx: &mut Cx, _dice: &mut Dice) -> Option<Ask> {
        record(cx);
        Ask::open(owing(&cx.ctx()))
    }

    fn choices(ctx: &Ctx, power: PowerId) -> Vec<i32> {
        allowed(ctx, power)
    }

    fn default(ctx: &Ctx, power: PowerId) -> i32 {
        default(ctx, power)
    }

    fn check(ctx: &Ctx, power: PowerId, square: &i32) -> RuleResult<()> {
        check(ctx, power, *square)
    }

    fn resolve(cx: &mut Cx, decisions: &BTreeMap<PowerId, i32>, _dice: &mut Dice) -> Option<Ask> {
        resolve(cx, decisions);
        None
    }

    fn apply(own: &mut EconomyState, world: &mut World, e: &EconomicEvent) {
        super::apply(own, world, e);
    }
}

/// Whether the step runs: optional rule 12.5 is on.
fn on(ctx: &Ctx) -> bool {
    ctx.rulebook.has(OptionalRule::EconomicManipulation)
}

/// The powers asked to set their marker: every power in the game but the uncontrolled ones (14.3.2.1.6).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    if !on(ctx) {
        return vec![];
    }
    ctx.world
        .powers_in_game()
        .into_iter()
        .filter(|p| !crate::world::umps::is_ump(ctx.world, *p))
        .collect()
}

/// 12.5.1: records each power's setting (its points, money and manpower), before the round opens. A square
/// whose money or manpower the power cannot pay records nothing (Coalition's 8.4.1). An uncontrolled power's
/// marker goes back to 0 (14.3.2.1.6).
pub fn record(cx: &mut Cx) {
    if !on(&cx.ctx()) {
        return;
    }
    let sc = cx.scenario;
    let chart = &sc.charts.economy.manipulation;
    for p in cx.world().powers_in_game() {
        let n = cx.own().square(p);
        if crate::world::umps::is_ump(cx.world(), p) {
            if n != 0 {
                cx.emit(EconomicEvent::ManipulationSet {
                    power: p,
                    square: 0,
                });
            }
            continue;
        }
        let Some(sq) = chart.square(n).copied() else {
            continue;
        };
        if sq.pp == 0 && sq.money == 0 && sq.manpower == 0 {
            continue;
        }
        let (money, manpower) = {
            let st = &cx.world().powers[&p];
            (st.money, st.manpower)
        };
        let paid = money + sq.money >= 0 && manpower + sq.manpower >= 0;
        let rec = ManipulationRecord {
            square: n,
            pp: sq.pp,
            money: sq.money,
            manpower: sq.manpower,
            paid,
        };
        let who = name(sc, p);
        let what = format!(
            "square {n}: {:+} political points, {:+} money, {:+} manpower",
            sq.pp, sq.money, sq.manpower
        );
        if !paid {
            cx.emit(EconomicEvent::ManipulationRecorded {
                power: p,
                record: rec,
                reason: format!(
                    "{who} cannot pay its economic manipulation ({what}; it has {money} money, {manpower} manpower): nothing is recorded"
                ),
            });
            continue;
        }
        cx.emit(EconomicEvent::ManipulationRecorded {
            power: p,
            record: rec,
            reason: format!("{who}'s economic manipulation, {what}"),
        });
        if sq.pp != 0 {
            cx.push(WorldEvent::PointsChanged {
                power: p,
                delta: sq.pp,
                rule: "12.5.1".into(),
                reason: format!("economic manipulation, {what}"),
            });
        }
        if sq.money != 0 || sq.manpower != 0 {
            cx.push(WorldEvent::TreasuryChanged {
                power: p,
                money: sq.money,
                manpower: sq.manpower,
                rule: "12.5.1".into(),
                reason: format!("economic manipulation, {what}"),
                income: None,
            });
        }
    }
}

/// The squares `power` may set its marker to (12.5.2 within 8.4.1).
pub fn allowed(ctx: &Ctx, power: PowerId) -> Vec<i32> {
    ctx.scenario
        .charts
        .economy
        .manipulation
        .squares
        .iter()
        .map(|s| s.square)
        .filter(|n| check(ctx, power, *n).is_ok())
        .collect()
}

/// Checks a setting: a square of the display (12.5.2) within Coalition's 8.4.1 restrictions: the marker moves
/// at most `max_move` squares (it may always go back to square 0), and a power in the Instability or Fiasco zone may not choose a square losing
/// political points.
pub fn check(ctx: &Ctx, power: PowerId, square: i32) -> RuleResult<()> {
    let chart = &ctx.scenario.charts.economy.manipulation;
    let Some(sq) = chart.square(square) else {
        return Err(RuleError::new(
            "12.5.2",
            format!(
                "the Economic Manipulation Display has no square {square} (squares: {})",
                chart
                    .squares
                    .iter()
                    .map(|s| s.square.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    };
    let now = ctx.own.square(power);
    if square != 0 && (square - now).unsigned_abs() > chart.max_move {
        return Err(RuleError::new(
            "8.4.1",
            format!(
                "the marker stands in square {now} and moves at most {} squares a phase, or back to 0 (Coalition's 8.4.1), not to {square}",
                chart.max_move
            ),
        ));
    }
    if chart.unstable_no_pp_loss && sq.pp < 0 {
        if let Some(l) = crate::world::status::status_line(ctx.scenario, ctx.world, power)
            .filter(|l| l.instability || l.fiasco)
        {
            return Err(RuleError::new(
                "8.4.1",
                format!(
                    "{} stands in the {} zone ({} points) and may not choose square {square}, which loses political points (Coalition's 8.4.1)",
                    name(ctx.scenario, power),
                    l.zone,
                    l.political_points
                ),
            ));
        }
    }
    Ok(())
}

/// The allowed square nearest to 0 (the lower one on a tie).
pub fn default(ctx: &Ctx, power: PowerId) -> i32 {
    allowed(ctx, power)
        .into_iter()
        .min_by_key(|n| (n.abs(), *n))
        .unwrap_or(0)
}

/// Sets each marker that moves.
pub fn resolve(cx: &mut Cx, decisions: &BTreeMap<PowerId, i32>) {
    for (p, square) in decisions {
        if *square != cx.own().square(*p) {
            cx.emit(EconomicEvent::ManipulationSet {
                power: *p,
                square: *square,
            });
        }
    }
}
