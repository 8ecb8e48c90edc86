//! `apply`: the single point of mutation. Every change of `State` happens here, one event at a time.
//!
//! Events are produced only after every check has passed, so `apply` does not refuse: an event naming
//! something absent changes nothing.

use crate::event::Event;
use crate::kernel::calendar::Step;
use crate::political::diplomacy::Diplomatic;
use crate::state::{Round, State};
use crate::world::CessionOffer;

/// Applies one event to the state.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::PlayerSeated { player, powers } => {
            state.players.insert(*player, powers.clone());
        }
        Event::StepBegan { position } => {
            state.position = *position;
            crate::world::ledger::Ledger::on_step(&mut state.world, position.date, position.step);
            state.round = None;
            // Offers to cede a minor stand only in the Diplomacy Step they were made in (Coalition's cession).
            state.relations.cession_offers.clear();
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
                sent: Default::default(),
            });
        }
        Event::DefaultTaken { .. } | Event::Revealed { .. } => {}

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
        // Messages live in the log only; views show each to its sender and recipients. An offer to cede a minor
        // is also kept, privately, until accepted or lapsed (Coalition's cession; views show it to the two
        // powers only).
        Event::MessageSent { message } => {
            if let Some(r) = state.round.as_mut() {
                *r.sent.entry(message.from).or_default() += 1;
            }
            if let (Diplomatic::CedeMinor { minor }, [to]) = (&message.body, message.to.as_slice())
            {
                let offer = CessionOffer {
                    from: message.from,
                    to: *to,
                    minor: *minor,
                };
                if !state.relations.cession_offers.contains(&offer) {
                    state.relations.cession_offers.push(offer);
                }
            }
        }
        Event::UmpBidding(e) => {
            crate::umps::control::apply(&mut state.ump_control, &mut state.world, e)
        }
        Event::Calls(e) => crate::political::calls::apply(&mut state.calls, e),
        Event::Peace(e) => crate::political::peace::apply(&mut state.peace, &mut state.world, e),
        Event::MinorControl(e) => {
            crate::political::minors::apply(&mut state.minor_control, &mut state.world, e)
        }
        Event::Reinforcement(e) => {
            crate::reinforcement::apply(&mut state.reinforcement, &mut state.world, e)
        }
        Event::Naval(e) => crate::naval::apply(&mut state.naval, e),
        Event::Land(e) => crate::land::apply(&mut state.land, &mut state.world, e),
        Event::Economy(e) => crate::economic::apply(&mut state.economy, &mut state.world, e),
        Event::Ump(e) => crate::umps::rules::apply(&mut state.world, e),
        Event::GameEnded { outcome, .. } => {
            state.finished = true;
            state.outcome = Some(outcome.clone());
            state.round = None;
        }
        Event::World(e) => {
            crate::world::apply::apply(&mut state.world, e);
            crate::economic::observe(&mut state.economy, state.world.position.date, e);
        }
    }
}
