//! Rules 4.6.1 and 4.4.8: a minor country made neutral again, as changes of the world: the Minor Country
//! Control Step (4.6.1, an instability) and the Peace Step (4.4.8, its controller leaves the game) both emit them.

use super::{World, WorldEvent};
use crate::kernel::ids::{MinorId, Nation};
use crate::scenario::{Factors, Location, MinorStatus, Scenario};

/// The events of a minor reverting to neutral under `rule` (4.6.1; 4.4.8 when its controller leaves the game):
/// it has no controller, its areas return to it, its corps and fleets leave the map and its garrisons go.
pub fn revert_events(
    scenario: &Scenario,
    st: &World,
    m: MinorId,
    rule: &str,
    reason: &str,
) -> Vec<WorldEvent> {
    let me = Nation::Minor(m);
    let (rule, reason) = (rule.to_string(), reason.to_string());
    let mut out = vec![WorldEvent::MinorChanged {
        minor: m,
        controller: None,
        status: MinorStatus::Neutral,
        rule: rule.clone(),
        reason: reason.clone(),
    }];
    for a in scenario.areas_of(me) {
        if st.area_control.contains_key(&a) {
            out.push(WorldEvent::AreaControlChanged {
                area: a,
                holder: None,
                rule: rule.clone(),
                reason: reason.clone(),
            });
        }
    }
    out.extend(forces_removed(scenario, st, me, &rule, &reason, false));
    out
}

/// The events that take all of `me`'s forces off the map: its corps (emptied) and fleets (sunk to no ships) off
/// the map, its garrisons gone; other nations' forces aboard its fleets are put ashore first (6.2.5). `all`: also
/// the counters already off the map (emptied where they wait).
pub fn forces_removed(
    scenario: &Scenario,
    st: &World,
    me: Nation,
    rule: &str,
    reason: &str,
    all: bool,
) -> Vec<WorldEvent> {
    let (rule, reason) = (rule.to_string(), reason.to_string());
    let fleets: Vec<_> = st
        .forces
        .fleets
        .iter()
        .filter(|(_, f)| f.owner == me)
        .map(|(id, _)| *id)
        .collect();
    let mut out = super::cargo::put_ashore(scenario, st, &fleets, true, Some(me), &rule, &reason);
    for (id, c) in &st.forces.corps {
        if c.owner == me && (all || c.location != Location::OffMap) {
            out.push(WorldEvent::CorpsChanged {
                corps: *id,
                factors: Factors::default(),
                location: Location::OffMap,
                rule: rule.clone(),
                reason: reason.clone(),
            });
        }
    }
    for (id, f) in &st.forces.fleets {
        if f.owner == me && (all || f.location != Location::OffMap) {
            out.push(WorldEvent::FleetChanged {
                fleet: *id,
                ships: 0,
                location: Location::OffMap,
                rule: rule.clone(),
                reason: reason.clone(),
            });
        }
    }
    for (a, o) in st.forces.garrisons.keys() {
        if *o == me {
            out.push(WorldEvent::GarrisonChanged {
                area: *a,
                owner: me,
                factors: Factors::default(),
                rule: rule.clone(),
                reason: reason.clone(),
            });
        }
    }
    out
}
