//! Live games (issue 17): one game the server holds in memory, rebuilt from the store's log (the games held
//! and the one path by which anything is added to them are `crate::hub`'s).
//!
//! A live game holds only the recent part of its event log: the store keeps the events in chunks of [`CHUNK`],
//! written with the entries that complete them, and the engine lets the stored events go
//! (`Game::forget_before`). A request for older events (a seat's whole log, an export) reads them from the store.

use coalition_bots::{Kind, Table};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use coalition_store::{Addresses, SeatRow};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use tokio::sync::broadcast;

/// How many events a stored chunk holds: chunk `k` holds the game's events `k * CHUNK` to `k * CHUNK + CHUNK - 1`.
pub const CHUNK: usize = 64;

/// How many events a game may hold in memory during one long action (a bot-played campaign, an import) before
/// the complete chunks among them are written out as JSON until the action's append stores them.
const SPILL: usize = 4 * CHUNK;

/// A game's settings, chosen at creation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Settings {
    /// Seconds each step waits for its decisions (none: no deadline).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step_seconds: Option<u64>,
    /// What a power that misses a deadline does: `default` (its default decision, rule 3.6) or `bot` (the
    /// heuristic bot plays for it).
    #[serde(default)]
    pub on_deadline: OnDeadline,
    /// The seed's salt (kept secret until the end, with the seed).
    #[serde(default)]
    #[schema(ignore)]
    pub salt: String,
}

/// What a late power does when the deadline passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnDeadline {
    #[default]
    Default,
    Bot,
}

/// What a game tells the WebSockets it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// The log's new length.
    Log(usize),
    /// The seats changed (a claim, a new token, a seat handed to a bot): each socket checks its seat again.
    Seats,
}

/// What identifies a round for its deadline: a new round starts when the position or the round's kind changes,
/// or when a power owes a decision it did not owe before (in a sealed round the owing powers only get fewer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundKey {
    position: String,
    kind: Option<String>,
    /// The powers owing a decision.
    pub owing: BTreeSet<PowerId>,
}

impl RoundKey {
    pub fn of(g: &Game) -> RoundKey {
        let st = g.state();
        RoundKey {
            position: st.position.to_string(),
            kind: st.round.as_ref().map(|r| format!("{:?}", r.kind)),
            owing: g.pending().into_iter().collect(),
        }
    }
    /// Whether this round is a new one after `before` (its deadline starts again; its owing seats are told).
    pub fn starts_after(&self, before: &RoundKey) -> bool {
        self.position != before.position
            || self.kind != before.kind
            || !self.owing.is_subset(&before.owing)
    }
}

/// A game held in memory.
pub struct Live {
    pub id: String,
    /// The transcript's header: scenario, rulebook, seed, players, starting bots, set-up (no script).
    pub header: Transcript,
    pub game: Game,
    /// The last sequence number of the log played on `game`.
    pub seq: i64,
    /// The seats computer players hold now.
    pub bots: BTreeMap<PowerId, String>,
    pub settings: Settings,
    pub commitment: String,
    pub host_hash: String,
    pub deadline_ms: Option<i64>,
    pub paused_ms: Option<i64>,
    pub finished: bool,
    pub seats: Vec<SeatRow>,
    /// Where the seats that asked for notices want them.
    pub addresses: Vec<Addresses>,
    /// The store's count of changes to the game's row and seats, as last read.
    pub version: i64,
    /// When the clock plays the game on (bots still owing after a request's share of their decisions).
    pub wake_ms: Option<i64>,
    /// Tells the game's WebSockets what changed.
    pub tx: broadcast::Sender<Signal>,
    pub(crate) round: RoundKey,
    /// How many chunks of the game's events the store holds (its events `0 .. stored * CHUNK`).
    pub(crate) stored: usize,
    /// The complete chunks after those, written out during the action in progress for its append to store:
    /// (number, JSON), in order.
    pub(crate) pending: Vec<(i64, String)>,
}

impl Live {
    /// Plays one entry read from the log (or made by the server) on the game, keeping the seating.
    pub fn play(&mut self, e: &Entry) -> Result<(), coalition_engine::RuleError> {
        play_entry(&mut self.game, e)?;
        if let Entry::Seat { power, bot, .. } = e {
            match bot {
                Some(k) => self.bots.insert(*power, k.clone()),
                None => self.bots.remove(power),
            };
        }
        self.spill();
        Ok(())
    }

    /// The chunks stored or written out for storing: the game's events before `written() * CHUNK`.
    pub(crate) fn written(&self) -> usize {
        self.stored + self.pending.len()
    }

    /// Writes out the complete chunks after those written, up to chunk `upto` (excluded), for storing.
    pub(crate) fn write_out(&mut self, upto: usize) {
        let start = self.game.log_start();
        for k in self.written()..upto {
            let events = &self.game.log()[k * CHUNK - start..(k + 1) * CHUNK - start];
            self.pending
                .push((k as i64, serde_json::to_string(events).unwrap_or_default()));
        }
    }

    /// During a long action, keeps the events held in memory few: the complete chunks but the last are written
    /// out for the action's append, and let go.
    pub(crate) fn spill(&mut self) {
        if self.game.log().len() < SPILL {
            return;
        }
        self.write_out((self.game.log_len() / CHUNK).saturating_sub(1));
        self.game.forget_before(self.written() * CHUNK);
    }

    /// The chunks to store with the next append: those written out, then every other complete chunk held.
    pub(crate) fn chunks_to_store(&mut self) -> Vec<(i64, String)> {
        self.write_out(self.game.log_len() / CHUNK);
        std::mem::take(&mut self.pending)
    }

    /// After the store took every complete chunk: the game holds the events of its last complete chunk and
    /// those after it (what the seats' WebSockets are about to be pushed), and lets the others go.
    pub(crate) fn stored_all(&mut self) {
        self.pending.clear();
        self.stored = self.game.log_len() / CHUNK;
        self.game
            .forget_before(self.stored.saturating_sub(1) * CHUNK);
    }

    /// The events the store holds from `stored` on, learned after others appended: the chunks written out
    /// below it need no storing.
    pub(crate) fn learn_stored(&mut self, stored: usize) {
        if stored > self.stored {
            let drop = (stored - self.stored).min(self.pending.len());
            self.pending.drain(..drop);
            self.stored = stored;
        }
    }

    /// The bots' answers: the decisions owed by seats bots hold, played on the game until only people owe or
    /// [`crate::limits::BOT_ENTRIES`] are played; true when the bots may owe more (the clock plays on).
    pub(crate) fn bot_answers(&mut self) -> (Vec<Entry>, bool) {
        if self.bots.is_empty() || self.game.state().finished {
            return (Vec::new(), false);
        }
        let seed = bot_seed(&self.commitment, self.seq);
        let bots = self.bots.clone();
        let mut table = Table::of(&self.game, seed, |p| {
            bots.get(&p).and_then(|k| Kind::parse(k).ok())
        });
        let mut played = Vec::new();
        while played.len() < crate::limits::BOT_ENTRIES.max as usize {
            let Some(e) = table.play_next_bot(&mut self.game) else {
                return (played, false);
            };
            played.push(e);
            self.spill();
        }
        (played, true)
    }

    /// The late powers' decisions when the deadline passes: each owing power's default (3.6), or its bot's pick
    /// when the game's settings say so.
    pub fn late_answers(&mut self) -> Vec<Entry> {
        let owing = self.game.pending();
        let seed = bot_seed(&self.commitment, self.seq);
        let kind = match self.settings.on_deadline {
            OnDeadline::Default => None,
            OnDeadline::Bot => Some(Kind::Heuristic),
        };
        let mut table = Table::of(&self.game, seed, |_| kind);
        let mut played = Vec::new();
        for p in owing {
            played.extend(table.play(&mut self.game, p));
            self.spill();
        }
        played
    }

    /// After entries were played: a new round gets its deadline (`step_seconds` on, with checked arithmetic), a
    /// finished game none; the clock is asked to play on at once when the bots may owe more (`more`).
    /// `first`: the game's first entries (at its creation), which start its first round.
    pub(crate) fn settle(&mut self, round_before: &RoundKey, now: i64, first: bool, more: bool) {
        let round = RoundKey::of(&self.game);
        let new_round = first || round.starts_after(round_before);
        self.round = round;
        if self.game.state().finished {
            self.finished = true;
            self.deadline_ms = None;
            self.wake_ms = None;
            return;
        }
        if new_round {
            // A round that starts while the game is paused gets its time too: resuming adds the pause to it.
            self.deadline_ms = self
                .settings
                .step_seconds
                .filter(|_| !self.game.pending().is_empty())
                .and_then(|s| i64::try_from(s).ok()?.checked_mul(1000)?.checked_add(now));
        }
        self.wake_ms = more.then_some(now);
    }

    /// What the last action added, as its answer says.
    pub(crate) fn appended(&self, entries: usize) -> Appended {
        Appended {
            seq: self.seq,
            entries,
            position: self.game.state().position.to_string(),
            owing: self.game.pending(),
            finished: self.game.state().finished,
        }
    }

    /// `power`'s seat-visible event, for a seat holding `powers`: `None` when none of them may see it; another
    /// power's sealed decision removed.
    pub fn seat_event(e: &Event, powers: &[PowerId]) -> Option<Event> {
        let own = match e {
            Event::Submitted { power, .. } if powers.contains(power) => Some(*power),
            _ => None,
        };
        let p = own.or_else(|| powers.iter().copied().find(|p| e.visible_to(*p)))?;
        Some(e.redacted_for(p))
    }
}

/// The bots' seed for the decisions after entry `seq`: from the published commitment, so it reveals nothing of
/// the dice.
fn bot_seed(commitment: &str, seq: i64) -> u64 {
    let head = u64::from_str_radix(commitment.get(..16).unwrap_or("0"), 16).unwrap_or(0);
    head ^ (seq as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The milliseconds since 1970 now.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// What an action added to a game.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Appended {
    /// The log's last sequence number after the action.
    pub seq: i64,
    /// How many entries the action added (the person's, then the bots' answers).
    pub entries: usize,
    /// The position now.
    pub position: String,
    /// The powers owing a decision now.
    #[schema(value_type = Vec<String>)]
    pub owing: Vec<PowerId>,
    pub finished: bool,
}
