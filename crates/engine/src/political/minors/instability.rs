//! Rule 4.6.1: a controller in the Instability or Fiasco zone may lose its minors, which revert to neutral
//! (their forces leave the map, their areas return to them); the same reverting serves 4.4.8 when a minor's
//! controller leaves the game.

use super::{MinorEvent, StepCx, minor_name};
use crate::kernel::dice::Dice;
use crate::kernel::ids::{MinorId, PowerId};
use crate::world::{WorldEvent, status};

/// 4.6.1 with Coalition's 10.5.2: one die per minor of a controller in the Instability or Fiasco zone.
pub(super) fn instability(cx: &mut StepCx, dice: &mut Dice) {
    let sc = cx.scenario;
    let chart = &sc.charts.minor_control;
    let minors: Vec<(MinorId, PowerId)> = cx
        .world()
        .minors
        .iter()
        .filter_map(|(id, m)| m.controller.map(|c| (*id, c)))
        .collect();
    for (m, c) in minors {
        let shown = crate::world::ump_rules::display_power(cx.world(), c);
        let Some(line) = status::status_line(sc, cx.world(), shown) else {
            continue;
        };
        let threshold = if line.fiasco {
            chart.fiasco_loss
        } else if line.instability {
            chart.instability_loss
        } else {
            continue;
        };
        let roll = dice.roll(
            c.as_str(),
            "4.6.1",
            &format!(
                "keeping control of {} in the {} zone (lost on {threshold} or less)",
                minor_name(sc, m),
                line.zone
            ),
            1,
            Vec::new(),
        );
        let lost = roll.total <= threshold as i32;
        cx.push(WorldEvent::DiceRolled { roll });
        if lost {
            revert(cx, m, c, &line.zone);
        }
    }
}

/// A minor reverts to neutral (4.6.1): its forces leave the map and its areas return to it.
fn revert(cx: &mut StepCx, m: MinorId, from: PowerId, zone: &str) {
    cx.emit(MinorEvent::Reverted {
        minor: m,
        from,
        zone: zone.to_string(),
    });
    let sc = cx.scenario;
    let reason = format!("{} reverts to neutral", minor_name(sc, m));
    let events = crate::world::neutral::revert_events(sc, cx.world(), m, "4.6.1", &reason);
    cx.push_all(events);
}
