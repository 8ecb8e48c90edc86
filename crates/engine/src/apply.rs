//! `apply`: the single point of mutation. Every change of `State` happens here, one event at a time.
//!
//! Events are produced only after every check has passed, so `apply` does not refuse: an event naming
//! something absent changes nothing.

use crate::event::Event;
use crate::kernel::calendar::Step;
use crate::kernel::ids::Nation;
use crate::scenario::Location;
use crate::state::{Alliance, BrokenAlliance, Round, RoyalMarriage, State, War};

/// Applies one event to the state.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::PlayerSeated { player, powers } => {
            state.players.insert(*player, powers.clone());
        }
        Event::StepBegan { position } => {
            state.position = *position;
            state.round = None;
            if position.step == Step::ALL[0] {
                // Combined movement lasts for the rest of the turn only (4.9).
                state.relations.combined_movement.clear();
            }
        }
        Event::RoundOpened {
            round,
            sealed,
            owing,
        } => {
            state.round = Some(Round {
                kind: *round,
                sealed: *sealed,
                owing: owing.iter().copied().collect(),
                submitted: Default::default(),
            });
        }
        Event::DefaultTaken { .. } | Event::Revealed { .. } | Event::DiceRolled { .. } => {}

        Event::Submitted {
            power, decision, ..
        } => {
            if let Some(r) = state.round.as_mut() {
                r.owing.remove(power);
                if let Some(d) = decision {
                    r.submitted.insert(*power, d.clone());
                }
            }
        }
        Event::RoundClosed => state.round = None,
        // Messages live in the log only; views show each to its sender and recipients.
        Event::MessageSent { .. } => {}
        Event::PointsChanged { power, delta, .. } => {
            if let Some(p) = state.powers.get_mut(power) {
                p.political_points += delta;
                state.records.points_changes += 1;
            }
        }
        Event::TreasuryChanged {
            power,
            money,
            manpower,
            income,
            ..
        } => {
            if let Some(p) = state.powers.get_mut(power) {
                p.money += money;
                p.manpower += manpower;
                if let Some(i) = income {
                    let date = state.position.date;
                    state.economy.record_income(date, *power, i);
                }
            }
        }
        Event::UmpControl {
            ump,
            controller,
            status,
            ..
        } => {
            let date = state.position.date;
            let was = state.umps.get(ump).map(|u| u.status);
            let u = state
                .umps
                .entry(*ump)
                .or_insert_with(crate::umps::UmpState::uncontrolled);
            if u.controller.is_some() && u.controller != *controller {
                u.last_controller = u.controller;
            }
            // The turn it becomes neutral, or is first recorded as neutral (14.3.2.4.6).
            if *status == crate::umps::UmpStatus::Neutral
                && was != Some(crate::umps::UmpStatus::Neutral)
            {
                u.neutral_since = Some(date);
            }
            let before = u.status;
            u.controller = *controller;
            u.status = *status;
            crate::umps::rules::status_applied(state, *ump, before, *status);
        }
        Event::UmpBidding(e) => crate::umps::control::apply(state, e),
        Event::BuildingQueued { item } => state.building.push(item.clone()),
        Event::VictoryPointsChanged { power, delta, .. } => {
            if let Some(p) = state.powers.get_mut(power) {
                p.victory_points += delta;
            }
        }
        Event::WarDeclared {
            aggressor,
            defender,
            cause,
            since,
            ..
        } => state.relations.wars.push(War {
            aggressor: *aggressor,
            defender: *defender,
            since: *since,
            cause: cause.clone(),
            ended: None,
        }),
        Event::WarEnded { a, b, date, .. } => {
            for w in state
                .relations
                .wars
                .iter_mut()
                .filter(|w| w.ended.is_none())
            {
                if (w.aggressor == *a && w.defender == *b)
                    || (w.aggressor == *b && w.defender == *a)
                {
                    w.ended = Some(*date);
                }
            }
        }
        Event::AllianceFormed { a, b, since, .. } => {
            let (a, b) = if a <= b { (*a, *b) } else { (*b, *a) };
            state.relations.alliances.push(Alliance {
                a,
                b,
                since: *since,
                broken: None,
            });
        }
        Event::AllianceBroken {
            a,
            b,
            by,
            date,
            rule,
            ..
        } => {
            let (a, b) = if a <= b { (*a, *b) } else { (*b, *a) };
            for al in state
                .relations
                .alliances
                .iter_mut()
                .filter(|al| al.a == a && al.b == b && al.broken.is_none())
            {
                al.broken = Some(BrokenAlliance {
                    by: by.clone(),
                    date: *date,
                    rule: rule.clone(),
                });
            }
            state.relations.combined_movement.remove(&(a, b));
        }
        Event::RoyalMarriage {
            a, b, made, date, ..
        } => {
            let (a, b) = if a <= b { (*a, *b) } else { (*b, *a) };
            if *made {
                state.relations.royal_marriages.push(RoyalMarriage {
                    a,
                    b,
                    since: *date,
                    broken: None,
                });
            } else {
                for m in state
                    .relations
                    .royal_marriages
                    .iter_mut()
                    .filter(|m| m.a == a && m.b == b && m.broken.is_none())
                {
                    m.broken = Some(*date);
                }
            }
        }
        Event::TradeRestrictionBroken {
            loser,
            victor,
            date,
            ..
        } => crate::political::peace::record_trade_breach(state, *loser, *victor, *date),
        Event::EnforcedPeaceRecorded { peace } => {
            state.relations.enforced_peaces.push(peace.clone())
        }
        Event::CombinedMovementDeclared { a, b } => {
            let p = if a <= b { (*a, *b) } else { (*b, *a) };
            state.relations.combined_movement.insert(p);
        }
        Event::MinorChanged {
            minor,
            controller,
            status,
            ..
        } => {
            if let Some(m) = state.minors.get_mut(minor) {
                m.controller = *controller;
                m.status = *status;
            }
        }
        Event::DistrictConquered {
            minor,
            district,
            conquered,
            ..
        } => {
            if let Some(m) = state.minors.get_mut(minor) {
                if *conquered {
                    m.conquered_districts.insert(*district);
                } else {
                    m.conquered_districts.remove(district);
                }
            }
        }
        Event::AreaControlChanged { area, holder, .. } => match holder {
            Some(h) => {
                state.area_control.insert(*area, *h);
            }
            None => {
                state.area_control.remove(area);
            }
        },
        Event::CorpsChanged {
            corps,
            factors,
            location,
            ..
        } => {
            if let Some(c) = state.forces.corps.get_mut(corps) {
                c.factors = *factors;
                c.location = *location;
            }
        }
        Event::FleetChanged {
            fleet,
            ships,
            location,
            ..
        } => {
            if let Some(f) = state.forces.fleets.get_mut(fleet) {
                f.ships = *ships;
                f.location = *location;
            }
        }
        Event::GarrisonChanged {
            area,
            owner,
            factors,
            ..
        } => {
            if factors.is_empty() {
                state.forces.garrisons.remove(&(*area, *owner));
            } else {
                state.forces.garrisons.insert((*area, *owner), *factors);
            }
        }
        Event::DepotChanged {
            area,
            owner,
            present,
            ..
        } => {
            let here = state.forces.depots.entry(*area).or_default();
            if *present {
                here.insert(*owner);
            } else {
                here.remove(owner);
            }
            if here.is_empty() {
                state.forces.depots.remove(area);
            }
        }
        Event::LeaderChanged {
            leader,
            status,
            location,
            ..
        } => {
            if let Some(l) = state.forces.leaders.get_mut(leader) {
                l.status = *status;
                l.location = *location;
            }
        }
        Event::LossRecorded { loss } => state.records.losses.push(loss.clone()),
        Event::PowerLeftGame { power, .. } => {
            if let Some(p) = state.powers.get_mut(power) {
                p.in_game = false;
            }
            let me = Nation::Power(*power);
            for c in state.forces.corps.values_mut().filter(|c| c.owner == me) {
                c.location = Location::OffMap;
                c.factors = Default::default();
            }
            for f in state.forces.fleets.values_mut().filter(|f| f.owner == me) {
                f.location = Location::OffMap;
                f.ships = 0;
            }
            state.forces.garrisons.retain(|(_, owner), _| *owner != me);
            for d in state.forces.depots.values_mut() {
                d.remove(&me);
            }
            state.forces.depots.retain(|_, d| !d.is_empty());
        }
        Event::CorpsCreated {
            corps, corps_def, ..
        } => {
            state.forces.corps.insert(*corps, corps_def.clone());
        }
        Event::FleetCreated {
            fleet, fleet_def, ..
        } => {
            state.forces.fleets.insert(*fleet, fleet_def.clone());
        }
        Event::FreeStateDeclared { minor, by, date } => {
            if let Some(m) = state.minors.get_mut(minor) {
                m.status = crate::scenario::MinorStatus::FreeState;
                m.free_state_since = Some(*date);
                m.declared_free_by.insert(*by);
            }
        }
        Event::Calls(e) => crate::political::calls::apply(state, e),
        Event::Peace(e) => crate::political::peace::apply(state, e),
        Event::MinorControl(e) => crate::political::minors::apply(state, e),
        Event::Reinforcement(e) => crate::reinforcement::apply(state, e),
        Event::Economy(e) => crate::economic::apply(state, e),
        Event::Ump(e) => crate::umps::rules::apply(state, e),
        Event::GameEnded { .. } => {
            state.finished = true;
            state.round = None;
        }
    }
}
