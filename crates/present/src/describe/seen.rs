//! Events in words as one power may read them (Coalition's visibility rule V.3, `docs/rules/visibility.md`):
//! the lines that would tell another nation's corps, fleet or garrison strength, or its reinforcements, say
//! what happened without the numbers.

use super::forces::{corps_name, fleet_name, sees_factors};
use super::{area, event, location_words, nation, power};
use coalition_engine::Decision;
use coalition_engine::event::Event;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::reinforcement::ReinforcementEvent;
use coalition_engine::scenario::Scenario;
use coalition_engine::state::State;
use coalition_engine::world::WorldEvent;

/// V.3: one line for `e` as `viewer` may read it, or `None` for bookkeeping (see `event`).
pub fn event_seen_by(s: &Scenario, st: &State, viewer: PowerId, e: &Event) -> Option<String> {
    seen(s, st, Some(viewer), e)
}

/// V.3 at a shared screen: one line for `e` as every power at the table may read it (no nation's strengths).
pub fn event_public(s: &Scenario, st: &State, e: &Event) -> Option<String> {
    seen(s, st, None, e)
}

fn seen(s: &Scenario, st: &State, viewer: Option<PowerId>, e: &Event) -> Option<String> {
    let secret = |n: Nation| viewer.is_none_or(|v| !sees_factors(st, v, n));
    let owner_of_corps = |c| st.forces.corps.get(&c).map(|x| x.owner);
    let owner_of_fleet = |f| st.forces.fleets.get(&f).map(|x| x.owner);
    let line = match e {
        // Rule 7: the Land Phase's own line says what a move or a garrison change did (see `event`).
        Event::World(
            WorldEvent::CorpsChanged { rule, .. } | WorldEvent::GarrisonChanged { rule, .. },
        ) if rule == "7.3" || rule == "7.3.5" => return None,
        // Rule 6.2.1: the Naval Phase's own line says where a move took the fleets.
        Event::World(WorldEvent::FleetChanged { rule, .. }) if rule == "6.2.1" => return None,
        Event::World(WorldEvent::CorpsChanged {
            corps,
            location,
            rule,
            ..
        }) => match owner_of_corps(*corps).filter(|n| secret(*n)) {
            Some(n) => format!(
                "{} of {} changes; now {} [{rule}]",
                corps_name(s, *corps),
                nation(s, n),
                location_words(s, *location)
            ),
            None => return event(s, e),
        },
        Event::World(WorldEvent::CorpsCreated {
            corps,
            corps_def,
            rule,
            ..
        }) if secret(corps_def.owner) => format!(
            "{} of {} comes into play {} [{rule}]",
            corps_name(s, *corps),
            nation(s, corps_def.owner),
            location_words(s, corps_def.location)
        ),
        Event::World(WorldEvent::FleetChanged {
            fleet,
            location,
            rule,
            ..
        }) => match owner_of_fleet(*fleet).filter(|n| secret(*n)) {
            Some(n) => format!(
                "{} of {} changes; now {} [{rule}]",
                fleet_name(s, *fleet),
                nation(s, n),
                location_words(s, *location)
            ),
            None => return event(s, e),
        },
        Event::World(WorldEvent::FleetCreated {
            fleet,
            fleet_def,
            rule,
            ..
        }) if secret(fleet_def.owner) => format!(
            "{} of {} comes into play {} [{rule}]",
            fleet_name(s, *fleet),
            nation(s, fleet_def.owner),
            location_words(s, fleet_def.location)
        ),
        Event::World(WorldEvent::GarrisonChanged {
            area: a,
            owner,
            factors,
            rule,
            ..
        }) if secret(*owner) => format!(
            "the garrison of {} at {} {} [{rule}]",
            nation(s, *owner),
            area(s, *a),
            if factors.is_empty() {
                "is removed"
            } else {
                "changes"
            }
        ),
        Event::Reinforcement(ReinforcementEvent::Arrived { owner, .. }) if secret(*owner) => {
            format!("reinforcements of {} arrive", nation(s, *owner))
        }
        Event::Submitted {
            power: p,
            decision: Some(Decision::Reinforce(_)),
            ..
        } if Some(*p) != viewer => format!("{} places its reinforcements", power(s, *p)),
        // Rule 7 and V.3: a garrison changed by another nation's corps is told without its factors.
        Event::Land(l) => super::land::event(s, Some(st), viewer, false, l),
        e => return event(s, e),
    };
    Some(line)
}
