//! Coalition's 6.3.19 (`docs/rules/naval-1853.md`, the facts' steamship upkeep): in a scenario with ship kinds,
//! each Economic Phase's Collection Step charges every power the upkeep of its ships at sea or in a blockade box
//! (a steamship or an ironclad 1 money), after its income.

use super::Cx;
use crate::kernel::ids::{Nation, PowerId};
use crate::scenario::Location;
use crate::world::{World, WorldEvent};
use std::collections::BTreeMap;

/// 6.3.19: each power's upkeep: its own fleets' ships at sea or in a blockade box, by their kinds' `upkeep`.
pub fn owed(s: &crate::scenario::Scenario, w: &World) -> BTreeMap<PowerId, (i32, u32)> {
    let mut out: BTreeMap<PowerId, (i32, u32)> = BTreeMap::new();
    let Some(sh) = s.ships.as_ref() else {
        return out;
    };
    for f in w.forces.fleets.values() {
        let Nation::Power(p) = f.owner else {
            continue;
        };
        if !matches!(f.location, Location::Sea(_) | Location::Blockade(_)) {
            continue;
        }
        for (k, n) in f.kinds() {
            let cost = sh.kind(k).upkeep;
            if cost > 0 {
                let e = out.entry(p).or_default();
                e.0 += cost * n as i32;
                e.1 += n as u32;
            }
        }
    }
    out
}

/// 6.3.19: charges the upkeep owed by the powers `payers`.
pub fn charge(cx: &mut Cx, payers: &[PowerId]) {
    for (p, (money, ships)) in owed(cx.scenario, cx.world()) {
        if money == 0 || !payers.contains(&p) {
            continue;
        }
        cx.push(WorldEvent::TreasuryChanged {
            power: p,
            money: -money,
            manpower: 0,
            rule: "6.3.19".into(),
            reason: format!("upkeep of {ships} steamship(s) at sea or in a blockade box"),
            income: None,
        });
    }
}
