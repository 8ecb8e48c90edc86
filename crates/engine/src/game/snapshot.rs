//! Snapshots (rule 3, Coalition's): a game written as its log and where its dice stand, so that a long game is
//! restored by folding the log over the scenario (`apply`, the one point of mutation) instead of replaying every
//! decision with its checks. A game server keeps them; the transcript stays the record.

use crate::event::Event;
use crate::game::Game;
use crate::kernel::dice::{Dice, DicePosition};
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A game at one moment: every event so far and where the dice stand.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub log: Vec<Event>,
    pub dice: DicePosition,
}

impl Game {
    /// The game now, as a snapshot.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            log: self.log.clone(),
            dice: self.dice.position(),
        }
    }

    /// The game a snapshot holds, of `scenario` under `rulebook` with dice seeded `seed` (the game's own: the
    /// snapshot keeps only where they stand). The state is the scenario folded over the snapshot's log.
    pub fn restore(
        scenario: Arc<Scenario>,
        rulebook: Rulebook,
        seed: u64,
        snapshot: Snapshot,
    ) -> Game {
        let state = Game::rebuild(&scenario, &snapshot.log);
        Game {
            scenario,
            rulebook,
            seed,
            dice: Dice::at(seed, &snapshot.dice),
            state,
            log: snapshot.log,
        }
    }
}
