//! Rule 7.1: the order of movement. France chooses its place; the others follow in the chart's order (7.1);
//! a minor free state's corps move in its controller's slot (7.1.1); allies that combined movement in the
//! Political Phase (4.9) move in the slot of the one that comes last, one after the other (7.1.2).

use super::LCtx;
use crate::kernel::ids::PowerId;
use std::collections::BTreeMap;

/// 7.1, 7.1.2: the slots of this phase with France at `place` (1 = first), each with its movers in order.
pub fn slots(ctx: &LCtx, place: u8) -> Vec<Vec<PowerId>> {
    let chart = &ctx.scenario.charts.land;
    let w = ctx.world;
    let mut base: Vec<PowerId> = chart
        .order
        .iter()
        .copied()
        .filter(|p| w.in_game(*p))
        .collect();
    if w.in_game(chart.chooser) {
        let at = (place.max(1) as usize - 1).min(base.len());
        base.insert(at, chart.chooser);
    }
    // Powers of the scenario the chart does not name move last, in key order.
    for p in w.powers_in_game() {
        if !base.contains(&p) {
            base.push(p);
        }
    }
    // 7.1.2: groups of allies combining movement (a chain of pairs is one group).
    let pos: BTreeMap<PowerId, usize> = base.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let mut group: BTreeMap<PowerId, usize> = pos.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for (a, b) in &w.relations.combined_movement {
            let (Some(&ga), Some(&gb)) = (group.get(a), group.get(b)) else {
                continue;
            };
            if ga != gb {
                let g = ga.min(gb);
                for v in group.values_mut() {
                    if *v == ga || *v == gb {
                        *v = g;
                    }
                }
                changed = true;
            }
        }
    }
    // Each group moves in the slot of its last member, its members in their own order.
    let mut out: Vec<(usize, Vec<PowerId>)> = Vec::new();
    for (g, _) in group.iter().filter(|(p, g)| pos[*p] == **g) {
        let mut members: Vec<PowerId> = group
            .iter()
            .filter(|(_, x)| **x == group[g])
            .map(|(p, _)| *p)
            .collect();
        members.sort_by_key(|p| pos[p]);
        let last = members.iter().map(|p| pos[p]).max().unwrap_or(0);
        out.push((last, members));
    }
    out.sort_by_key(|(last, _)| *last);
    out.into_iter().map(|(_, m)| m).collect()
}
