//! Rules 6.1 and 7.1: the order of movement of the Naval and Land Phases. One power (the chart's `chooser`)
//! chooses its place; the others follow in the chart's order; a minor free state moves in its controller's slot
//! (6.1.1, 7.1.1); allies that combined movement in the Political Phase (4.9) move in the slot of the one that
//! comes last, one after the other (6.1.2, 7.1.2).

use super::World;
use crate::kernel::ids::PowerId;
use std::collections::BTreeMap;

/// The number of places in an order whose chooser is `chooser` and whose others are `order`: the chooser and the
/// others still in the game.
pub fn places(w: &World, order: &[PowerId]) -> u8 {
    let others = order.iter().filter(|p| w.in_game(**p)).count();
    (others + 1).min(u8::MAX as usize) as u8
}

/// 6.1, 7.1 with 6.1.2, 7.1.2: the slots of a phase whose chooser `chooser` takes `place` (1 = first) among the
/// others in `order`, each slot with its movers in the order they move. Powers of the scenario `order` does not
/// name move last, in key order.
pub fn slots(w: &World, chooser: PowerId, order: &[PowerId], place: u8) -> Vec<Vec<PowerId>> {
    let mut base: Vec<PowerId> = order.iter().copied().filter(|p| w.in_game(*p)).collect();
    if w.in_game(chooser) {
        let at = (place.max(1) as usize - 1).min(base.len());
        base.insert(at, chooser);
    }
    for p in w.powers_in_game() {
        if !base.contains(&p) {
            base.push(p);
        }
    }
    // 6.1.2, 7.1.2: groups of allies combining movement (a chain of pairs is one group).
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

/// The movers of `order` from the one at `slot`, `mover` on, each with its slot and place in it, in the order
/// they move.
pub fn movers_from(
    order: &[Vec<PowerId>],
    slot: usize,
    mover: usize,
) -> Vec<(usize, usize, PowerId)> {
    order
        .iter()
        .enumerate()
        .flat_map(|(s, movers)| movers.iter().enumerate().map(move |(m, p)| (s, m, *p)))
        .filter(|(s, m, _)| (*s, *m) >= (slot, mover))
        .collect()
}
