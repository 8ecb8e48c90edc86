//! Snapshots (rule 3, Coalition's): a game written as its log and where its dice stand, so that a long game is
//! restored by folding the log over the scenario (`apply`, the one point of mutation) instead of replaying every
//! decision with its checks. A game server keeps them; the transcript stays the record. A keeper that stores the
//! log itself restores a game by feeding it the stored events one by one (`Game::resume`, `Game::fold`), letting
//! the older ones go as it reads them.

use crate::event::Event;
use crate::game::Game;
use crate::kernel::dice::{Dice, DicePosition};
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use crate::state::State;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A game at one moment: every event so far and where the dice stand.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub log: Vec<Event>,
    pub dice: DicePosition,
}

impl Game {
    /// The game now, as a snapshot. The game must hold its whole log (`log_start() == 0`): a keeper that let
    /// events go stores them itself, with `dice_position`.
    pub fn snapshot(&self) -> Snapshot {
        assert_eq!(
            self.log_start, 0,
            "a snapshot of a game that let its first events go"
        );
        Snapshot {
            log: self.log.clone(),
            dice: self.dice.position(),
        }
    }

    /// Where the dice stand now.
    pub fn dice_position(&self) -> DicePosition {
        self.dice.position()
    }

    /// The game a snapshot holds, of `scenario` under `rulebook` with dice seeded `seed` (the game's own: the
    /// snapshot keeps only where they stand). The state is the scenario folded over the snapshot's log.
    pub fn restore(
        scenario: Arc<Scenario>,
        rulebook: Rulebook,
        seed: u64,
        snapshot: Snapshot,
    ) -> Game {
        let mut g = Game::resume(scenario, rulebook, seed, &snapshot.dice);
        for e in snapshot.log {
            g.fold(e);
        }
        g
    }

    /// A game to restore from a stored log: the scenario's starting position with no event yet, its dice where
    /// they stood when the log was stored. `fold` then gives it the log's events, in order.
    pub fn resume(
        scenario: Arc<Scenario>,
        rulebook: Rulebook,
        seed: u64,
        dice: &DicePosition,
    ) -> Game {
        Game {
            state: std::sync::Arc::new(State::initial(&scenario)),
            scenario,
            rulebook,
            seed,
            dice: Dice::at(seed, dice),
            log: Vec::new(),
            log_start: 0,
            forgotten: Default::default(),
        }
    }

    /// Restores the next event of a stored log (`resume`): applied to the state (`apply`) and logged as it was,
    /// with none of the checks or reactions of play (the log already holds their events).
    pub fn fold(&mut self, e: Event) {
        crate::apply::apply(std::sync::Arc::make_mut(&mut self.state), &e);
        let renamed = matches!(e, Event::World(crate::world::WorldEvent::Unified { .. }));
        self.log.push(e);
        if renamed {
            self.take_titles();
        }
    }
}
