//! Rule 12.5 (optional, `economic-manipulation`) in Coalition's Manipulation Step (8.4, `docs/rules/economic.md`):
//! each power's last setting of the Economic Manipulation Display is recorded (12.5.1), then each power sets its
//! marker for the next phase (12.5.2) within Coalition's 8.4.1 restrictions. Every marker starts in square 0;
//! uncontrolled major powers may not manipulate (14.3.2.1.6): they stay in square 0 and are not asked.
//!
//! Default decision (3.6) for an empty seat or a late player: the allowed square nearest to 0.

use super::{EconomicDecision, EconomicEvent, ManipulationRecord};
use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::OptionalRule;
use crate::world::WorldEvent;
use crate::world::name;
use std::collections::BTreeMap;

/// Whether the step runs: optional rule 12.5 is on.
fn on(ctx: &Ctx) -> bool {
    ctx.rulebook.has(OptionalRule::EconomicManipulation)
}

/// The powers asked to set their marker: every power in the game but the uncontrolled ones (14.3.2.1.6).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    if !on(ctx) {
        return vec![];
    }
    ctx.state
        .powers_in_game()
        .into_iter()
        .filter(|p| !crate::world::umps::is_ump(ctx.state, *p))
        .collect()
}

/// 12.5.1: records each power's setting (its points, money and manpower), before the round opens. A square
/// whose money or manpower the power cannot pay records nothing (Coalition's 8.4.1). An uncontrolled power's
/// marker goes back to 0 (14.3.2.1.6).
pub fn record(ctx: &Ctx) -> Vec<Event> {
    if !on(ctx) {
        return vec![];
    }
    let chart = &ctx.scenario.charts.economy.manipulation;
    let mut out = Vec::new();
    for p in ctx.state.powers_in_game() {
        let n = ctx.state.economy.square(p);
        if crate::world::umps::is_ump(ctx.state, p) {
            if n != 0 {
                out.push(Event::Economy(EconomicEvent::ManipulationSet {
                    power: p,
                    square: 0,
                }));
            }
            continue;
        }
        let Some(sq) = chart.square(n).copied() else {
            continue;
        };
        if sq.pp == 0 && sq.money == 0 && sq.manpower == 0 {
            continue;
        }
        let st = &ctx.state.powers[&p];
        let paid = st.money + sq.money >= 0 && st.manpower + sq.manpower >= 0;
        let rec = ManipulationRecord {
            square: n,
            pp: sq.pp,
            money: sq.money,
            manpower: sq.manpower,
            paid,
        };
        let who = name(ctx.scenario, p);
        let what = format!(
            "square {n}: {:+} political points, {:+} money, {:+} manpower",
            sq.pp, sq.money, sq.manpower
        );
        if !paid {
            out.push(Event::Economy(EconomicEvent::ManipulationRecorded {
                power: p,
                record: rec,
                reason: format!(
                    "{who} cannot pay its economic manipulation ({what}; it has {} money, {} manpower): nothing is recorded",
                    st.money, st.manpower
                ),
            }));
            continue;
        }
        out.push(Event::Economy(EconomicEvent::ManipulationRecorded {
            power: p,
            record: rec,
            reason: format!("{who}'s economic manipulation, {what}"),
        }));
        if sq.pp != 0 {
            out.push(Event::World(WorldEvent::PointsChanged {
                power: p,
                delta: sq.pp,
                rule: "12.5.1".into(),
                reason: format!("economic manipulation, {what}"),
            }));
        }
        if sq.money != 0 || sq.manpower != 0 {
            out.push(Event::World(WorldEvent::TreasuryChanged {
                power: p,
                money: sq.money,
                manpower: sq.manpower,
                rule: "12.5.1".into(),
                reason: format!("economic manipulation, {what}"),
                income: None,
            }));
        }
    }
    out
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
    let now = ctx.state.economy.square(power);
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
        if let Some(l) = crate::world::status::status_line(ctx.scenario, ctx.state, power)
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

/// The settings `power` may choose.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    allowed(ctx, power)
        .into_iter()
        .map(|square| Decision::Economy(EconomicDecision::Manipulate { square }))
        .collect()
}

/// The allowed square nearest to 0 (the lower one on a tie).
pub fn default(ctx: &Ctx, power: PowerId) -> Decision {
    let square = allowed(ctx, power)
        .into_iter()
        .min_by_key(|n| (n.abs(), *n))
        .unwrap_or(0);
    Decision::Economy(EconomicDecision::Manipulate { square })
}

/// Sets each marker that moves.
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>) -> Vec<Event> {
    decisions
        .iter()
        .filter_map(|(p, d)| match d {
            Decision::Economy(EconomicDecision::Manipulate { square })
                if *square != ctx.state.economy.square(*p) =>
            {
                Some(Event::Economy(EconomicEvent::ManipulationSet {
                    power: *p,
                    square: *square,
                }))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::kernel::calendar::Step;

    fn game() -> Game {
        crate::economic::test_game(1805, 6, Step::EconomicCollection)
    }

    fn p(s: &str) -> PowerId {
        PowerId::new(s).unwrap()
    }

    // rule: 12.5.1
    #[test]
    fn a_setting_the_power_cannot_pay_records_nothing() {
        let g = game();
        let mut st = g.state().clone();
        crate::apply::apply(
            &mut st,
            &Event::Economy(EconomicEvent::ManipulationSet {
                power: p("turkey"),
                square: -2,
            }),
        );
        st.powers.get_mut(&p("turkey")).unwrap().money = 14;
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        let ev = record(&ctx);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Economy(EconomicEvent::ManipulationRecorded { power, record, .. })
                if *power == p("turkey") && !record.paid
        )));
        assert!(!ev.iter().any(|e| matches!(
            e,
            Event::World(WorldEvent::PointsChanged { .. })
                | Event::World(WorldEvent::TreasuryChanged { .. })
        )));
        // With the 15 money square -2 costs, it pays and gains its points.
        st.powers.get_mut(&p("turkey")).unwrap().money = 15;
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        let ev = record(&ctx);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::World(WorldEvent::TreasuryChanged { power, money: -15, rule, .. }) if *power == p("turkey") && rule == "12.5.1"
        )));
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::World(WorldEvent::PointsChanged { power, delta: 2, .. }) if *power == p("turkey")
        )));
    }

    // rule: 14.3.2.1.6
    #[test]
    fn an_uncontrolled_power_is_not_asked_and_its_marker_goes_back_to_zero() {
        let g = game();
        let mut st = g.state().clone();
        for e in [
            Event::Economy(EconomicEvent::ManipulationSet {
                power: p("spain"),
                square: 1,
            }),
            Event::World(WorldEvent::UmpControl {
                ump: p("spain"),
                controller: None,
                status: crate::world::UmpStatus::Neutral,
                rule: "14.3".into(),
                reason: "test".into(),
            }),
        ] {
            crate::apply::apply(&mut st, &e);
        }
        let ctx = Ctx {
            scenario: g.scenario(),
            state: &st,
            rulebook: g.rulebook(),
        };
        assert!(!owing(&ctx).contains(&p("spain")));
        assert_eq!(owing(&ctx).len(), 6);
        let ev = record(&ctx);
        assert!(ev.contains(&Event::Economy(EconomicEvent::ManipulationSet {
            power: p("spain"),
            square: 0
        })));
        assert!(!ev.iter().any(|e| matches!(
            e,
            Event::World(WorldEvent::PointsChanged { power, .. }) if *power == p("spain")
        )));
    }
}
