//! Per-power views: what a power may see. Other powers' sealed decisions and private messages are removed.

use crate::decision::Decision;
use crate::event::Event;
use crate::game::Game;
use crate::kernel::calendar::Position;
use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::Rulebook;
use crate::state::State;
use crate::world::status::{StatusLine, status_line};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one power may see now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub power: PowerId,
    pub position: Position,
    pub finished: bool,
    /// The game's end and its winners, once it is over (`docs/rules/victory.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<crate::world::victory::Outcome>,
    /// The game's optional rules.
    pub rulebook: Rulebook,
    /// Every power's political points, zone and status modifier (the Political Status Display is public).
    pub status: BTreeMap<PowerId, StatusLine>,
    /// Each player's score: that of its highest-scoring seated power (14.1.1.3, 14.3).
    pub scores: BTreeMap<crate::kernel::ids::PlayerId, i32>,
    /// Powers that owe a decision now.
    pub owing: Vec<PowerId>,
    /// This power's legal decisions now.
    pub choices: Vec<Decision>,
    /// The state, with other powers' sealed decisions and the offers to cede a minor between other powers removed
    /// (private messages are only in the log); shared with the game's when there is nothing to remove.
    pub state: std::sync::Arc<State>,
    /// The log as this power may see it.
    pub log: Vec<Event>,
}

impl View {
    /// Builds `power`'s view of `game`.
    pub fn of(game: &Game, power: PowerId) -> View {
        View::since(game, power, 0)
    }

    /// `power`'s view of `game` with only the log from event `from` on (what a seat has not seen yet: a bot or a
    /// client that keeps the earlier events gets the rest without copying the whole log again). Events are
    /// numbered from the game's first; a game that let its older events go (`Game::forget_before`) gives those
    /// it holds, from `Game::log_start` on, and its keeper the others (`View::visible_log`).
    pub fn since(game: &Game, power: PowerId, from: usize) -> View {
        let st = game.state();
        // Other powers' sealed submissions are removed. An offer to cede a minor is private to its two powers
        // until accepted (Coalition's cession). The state is shared with the game's unless there is something
        // to remove (the game copies it when it next changes while a view still holds it).
        let private = |o: &crate::world::relations::CessionOffer| o.from == power || o.to == power;
        let sealed = |r: &crate::state::Round| r.sealed && r.submitted.keys().any(|p| *p != power);
        let state = if st.round.as_ref().is_some_and(sealed)
            || !st.relations.cession_offers.iter().all(private)
        {
            let mut state = st.clone();
            if let Some(r) = state.round.as_mut()
                && r.sealed
            {
                r.submitted.retain(|p, _| *p == power);
            }
            if !state.relations.cession_offers.iter().all(private) {
                state.relations.cession_offers.retain(private);
            }
            std::sync::Arc::new(state)
        } else {
            game.state.clone()
        };
        let status = game
            .state()
            .powers
            .keys()
            .filter_map(|p| status_line(game.scenario(), game.state(), *p).map(|l| (*p, l)))
            .collect();
        View {
            power,
            position: state.position,
            finished: state.finished,
            outcome: state.outcome.clone(),
            rulebook: game.rulebook().clone(),
            status,
            scores: crate::umps::control::scores(game.state()),
            owing: game.pending(),
            choices: game.choices(power),
            log: View::visible_log(
                power,
                &game.log()[from.saturating_sub(game.log_start()).min(game.log().len())..],
            ),
            state,
        }
    }

    /// Events of a log as `power` may see them: other powers' private messages left out, their sealed decisions
    /// removed (`Event::visible_to`, `Event::redacted_for`).
    pub fn visible_log<'a>(
        power: PowerId,
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Vec<Event> {
        events
            .into_iter()
            .filter(|e| e.visible_to(power))
            .map(|e| e.redacted_for(power))
            .collect()
    }
}
