//! The live games of one server process (issue 17), and the one path by which anything is added to a game:
//! play the entries on the engine, append them to the store, and only then acknowledge and tell the seats. Two
//! writers (two server processes) cannot both append the same sequence number; the loser reloads the log and
//! tries again.

use crate::error::ApiError;
use crate::live::{Appended, CHUNK, Live, RoundKey, Settings, Signal, now_ms};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::kernel::dice::DicePosition;
use coalition_engine::scenario::{Scenario, embedded_scenario};
use coalition_engine::transcript::{Entry, Transcript};
use coalition_store::{GameRow, SeatRow, Store, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard, broadcast};

/// How many stored chunks a snapshot's read of a game's events asks for at once.
const PAGE: usize = 16;

/// A game's clock and marks, as they stood before an action (to write only what it changed).
#[derive(Clone, Copy)]
struct Clock {
    deadline_ms: Option<i64>,
    paused_ms: Option<i64>,
    finished: bool,
    wake_ms: Option<i64>,
}

impl Clock {
    fn of(live: &Live) -> Clock {
        Clock {
            deadline_ms: live.deadline_ms,
            paused_ms: live.paused_ms,
            finished: live.finished,
            wake_ms: live.wake_ms,
        }
    }
}

/// The entries as the store's log keeps them: (kind, JSON).
fn entry_rows(entries: &[Entry]) -> Vec<(String, String)> {
    entries
        .iter()
        .map(|e| {
            (
                kind_of(e).to_string(),
                serde_json::to_string(e).unwrap_or_default(),
            )
        })
        .collect()
}

/// The entry's kind, as the store's `kind` column keeps it.
fn kind_of(e: &Entry) -> &'static str {
    match e {
        Entry::Submit { .. } => "submit",
        Entry::SubmitAs { .. } => "submit_as",
        Entry::Bot { .. } => "bot",
        Entry::Seat { .. } => "seat",
        Entry::Default { .. } => "default",
        Entry::Host { .. } => "host",
        Entry::ForceDice { .. } => "force_dice",
        Entry::Refused { .. } => "refused",
        Entry::Logged(_) => "logged",
    }
}

/// Every live game of this server process, and the store they live in.
pub struct Hub {
    pub store: Store,
    games: std::sync::Mutex<BTreeMap<String, Arc<Mutex<Live>>>>,
    /// When each game held was last asked for (ms), for [`Hub::evict_idle`].
    touched: std::sync::Mutex<BTreeMap<String, i64>>,
    scenarios: std::sync::Mutex<BTreeMap<String, Arc<Scenario>>>,
    /// Set when the store is PostgreSQL: other processes may append, so catch up before each action and
    /// tell them after.
    pub shared: bool,
    /// A snapshot of a game is kept every this many entries of its log.
    pub snapshot_every: i64,
    /// Games this process loaded from a snapshot (and then the entries after it), not from their whole log.
    pub restored: std::sync::atomic::AtomicUsize,
    /// The notices to players this server writes (off unless `coalition serve` turns them on).
    pub notices: crate::notices::Notices,
    /// The WebSockets open on each seat (game, player), for [`crate::limits::SOCKETS_PER_SEAT`].
    pub sockets: std::sync::Mutex<BTreeMap<(String, String), usize>>,
}

/// What the server keeps in a snapshot: the entries it covers, the seating then, where the dice stood, how many
/// events the game had logged, and those of them after the last complete chunk (the store's chunks hold the
/// others).
#[derive(Serialize, Deserialize)]
struct Kept {
    seq: i64,
    bots: BTreeMap<PowerId, String>,
    dice: DicePosition,
    events: usize,
    tail: Vec<Event>,
}

impl Hub {
    pub fn new(store: Store, snapshot_every: i64) -> Hub {
        let shared = store.backend() == coalition_store::Backend::Postgres;
        Hub {
            store,
            games: Default::default(),
            touched: Default::default(),
            scenarios: Default::default(),
            shared,
            snapshot_every: snapshot_every.max(1),
            restored: Default::default(),
            notices: Default::default(),
            sockets: Default::default(),
        }
    }

    /// The built-in scenario `name`, loaded once.
    pub fn scenario(&self, name: &str) -> Result<Arc<Scenario>, ApiError> {
        let mut cache = self.scenarios.lock().expect("scenario cache");
        if let Some(s) = cache.get(name) {
            return Ok(s.clone());
        }
        let s = embedded_scenario(name).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let s = Arc::new(s);
        cache.insert(name.to_string(), s.clone());
        Ok(s)
    }

    /// How many games this process holds in memory.
    pub fn loaded(&self) -> usize {
        self.games.lock().expect("games").len()
    }

    /// Creates a game: the game started, its `opening` entries (an imported game's script) and the bots' first
    /// answers played in memory, then its row, seats and those entries stored in one transaction (a creation cut
    /// short leaves nothing), and only then held.
    pub async fn create(
        &self,
        header: Transcript,
        settings: Settings,
        commitment: String,
        host_hash: String,
        seats: Vec<SeatRow>,
        opening: &[Entry],
    ) -> Result<(String, Appended), ApiError> {
        let scenario = self.scenario(&header.scenario)?;
        let game = header
            .start(scenario)
            .map_err(|e| ApiError::rule(axum::http::StatusCode::UNPROCESSABLE_ENTITY, e))?;
        let id = crate::fair::random_hex(8);
        let now = now_ms();
        let round = RoundKey::of(&game);
        let mut live = Live {
            id: id.clone(),
            bots: header.bots.clone(),
            header,
            game,
            seq: 0,
            settings,
            commitment,
            host_hash,
            deadline_ms: None,
            paused_ms: None,
            finished: false,
            seats,
            addresses: Vec::new(),
            version: 0,
            wake_ms: None,
            tx: broadcast::channel(64).0,
            round: round.clone(),
            stored: 0,
            pending: Vec::new(),
        };
        let mut entries = Vec::new();
        for e in opening {
            live.play(e)
                .map_err(|e| ApiError::rule(axum::http::StatusCode::UNPROCESSABLE_ENTITY, e))?;
            entries.push(e.clone());
        }
        let (bots, more) = live.bot_answers();
        entries.extend(bots);
        let rows = entry_rows(&entries);
        let chunks = live.chunks_to_store();
        live.seq = rows.len() as i64;
        live.settle(&round, now, true, more);
        let row = GameRow {
            id: id.clone(),
            created_ms: now,
            header: serde_json::to_string(&live.header).map_err(ApiError::internal)?,
            commitment: live.commitment.clone(),
            host_hash: live.host_hash.clone(),
            settings: serde_json::to_string(&live.settings).map_err(ApiError::internal)?,
            deadline_ms: live.deadline_ms,
            paused_ms: None,
            finished: live.finished,
            wake_ms: live.wake_ms,
            version: 0,
        };
        self.store
            .create_game(&row, &live.seats, &rows, &chunks)
            .await?;
        live.stored_all();
        let done = live.appended(entries.len());
        self.games
            .lock()
            .expect("games")
            .insert(id.clone(), Arc::new(Mutex::new(live)));
        self.touched
            .lock()
            .expect("touched")
            .insert(id.clone(), now);
        Ok((id, done))
    }

    /// Game `id` to read, caught up with the store first when other servers may have written to it (one query
    /// of its last entry and its row's version; a reload only when either moved), so every server answers alike.
    pub async fn read(&self, id: &str) -> Result<OwnedMutexGuard<Live>, ApiError> {
        let l = self.live(id).await?;
        let mut live = l.lock_owned().await;
        if self.shared {
            match self.store.marks(id).await? {
                Some((seq, version)) if seq != live.seq || version != live.version => {
                    self.catch_up(&mut live).await?
                }
                Some(_) => {}
                None => return Err(ApiError::not_found(format!("no game `{id}`"))),
            }
        }
        Ok(live)
    }

    /// The live game `id`, loaded from the store when this process does not hold it yet.
    pub async fn live(&self, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
        // A game's id is a few letters and digits (`fair::random_hex`): anything else names no game, and never
        // reaches the database (a NUL byte is no text to PostgreSQL).
        if id.is_empty()
            || id.len() > 64
            || !id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(ApiError::not_found(format!(
                "no game `{}`",
                id.escape_debug()
            )));
        }
        self.touched
            .lock()
            .expect("touched")
            .insert(id.to_string(), now_ms());
        if let Some(l) = self.games.lock().expect("games").get(id) {
            return Ok(l.clone());
        }
        let live = self.load(id).await?;
        let mut games = self.games.lock().expect("games");
        Ok(games
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(live)))
            .clone())
    }

    /// Lets go of the games nobody has asked for since `now_ms - idle_ms` and nobody holds now (no request in
    /// flight, no WebSocket open): the next request loads them again from their snapshot. Returns how many.
    pub fn evict_idle(&self, now_ms: i64, idle_ms: i64) -> usize {
        let mut games = self.games.lock().expect("games");
        let mut touched = self.touched.lock().expect("touched");
        let idle: Vec<String> = games
            .iter()
            .filter(|(id, l)| {
                Arc::strong_count(l) == 1 && touched.get(*id).is_none_or(|t| *t <= now_ms - idle_ms)
            })
            .map(|(id, _)| id.clone())
            .collect();
        for id in &idle {
            games.remove(id);
            touched.remove(id);
        }
        idle.len()
    }

    /// Rebuilds game `id` from the store: its header, seats, its latest snapshot with the stored events it
    /// counts, and every entry of its log after it (every entry when there is no snapshot, or it or its events
    /// cannot be read). Only the recent events stay in memory.
    async fn load(&self, id: &str) -> Result<Live, ApiError> {
        let row = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))?;
        let header = Transcript::from_json(&row.header).map_err(ApiError::internal)?;
        let settings: Settings = serde_json::from_str(&row.settings).map_err(ApiError::internal)?;
        let scenario = self.scenario(&header.scenario)?;
        let kept = match self.store.snapshot(id).await? {
            Some((_, data)) => match serde_json::from_str::<Kept>(&data) {
                Ok(k) => Some(k),
                Err(e) => {
                    tracing::warn!(game = %id, "its snapshot cannot be read ({e}): replaying its whole log");
                    None
                }
            },
            None => None,
        };
        let restored = match kept {
            Some(k) => {
                let seq = k.seq;
                match self.restore(id, &header, scenario.clone(), k).await {
                    Ok(r) => Some(r),
                    Err(e) => {
                        tracing::warn!(game = %id, "its snapshot after entry {seq} cannot be restored ({}): replaying its whole log", e.reason);
                        None
                    }
                }
            }
            None => None,
        };
        let (game, seq, bots, stored) = match restored {
            Some(r) => {
                self.restored
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                r
            }
            None => (
                header.start(scenario).map_err(ApiError::internal)?,
                0,
                header.bots.clone(),
                self.store.event_chunks(id).await? as usize,
            ),
        };
        let round = RoundKey::of(&game);
        let mut live = Live {
            id: id.to_string(),
            bots,
            header,
            game,
            seq,
            settings,
            commitment: row.commitment,
            host_hash: row.host_hash,
            deadline_ms: row.deadline_ms,
            paused_ms: row.paused_ms,
            finished: row.finished,
            seats: self.store.seats(id).await?,
            addresses: self.store.addresses(id).await?,
            version: row.version,
            wake_ms: row.wake_ms,
            tx: broadcast::channel(64).0,
            round,
            stored,
            pending: Vec::new(),
        };
        self.catch_up(&mut live).await?;
        Ok(live)
    }

    /// The game a snapshot holds: the stored chunks of the events it counts, read a page at a time and folded
    /// over the scenario (the older events let go as they are read), then the snapshot's own last events. The
    /// game, the entries it covers, the seating then, and how many chunks the store holds.
    async fn restore(
        &self,
        id: &str,
        header: &Transcript,
        scenario: Arc<Scenario>,
        k: Kept,
    ) -> Result<(Game, i64, BTreeMap<PowerId, String>, usize), ApiError> {
        let mut game = Game::resume(scenario, header.rulebook.rulebook(), header.seed, &k.dice);
        let chunks = k.events / CHUNK;
        while game.log_len() < chunks * CHUNK {
            let from = game.log_len() / CHUNK;
            let to = (from + PAGE).min(chunks);
            let page = self.store.events(id, from as i64, to as i64).await?;
            if page.len() != to - from {
                return Err(ApiError::internal(format!(
                    "the store holds {} of the chunks of events {from} to {}",
                    page.len(),
                    to - 1
                )));
            }
            for (_, data) in page {
                let events: Vec<Event> = serde_json::from_str(&data).map_err(ApiError::internal)?;
                if events.len() != CHUNK {
                    return Err(ApiError::internal("a chunk of events of the wrong size"));
                }
                for e in events {
                    game.fold(e);
                }
            }
            game.forget_before(game.log_len().saturating_sub(CHUNK));
        }
        for e in k.tail {
            game.fold(e);
        }
        if game.log_len() != k.events {
            return Err(ApiError::internal(format!(
                "{} events restored, not {}",
                game.log_len(),
                k.events
            )));
        }
        Ok((game, k.seq, k.bots, chunks))
    }

    /// Plays the entries other writers appended since `live.seq`, and re-reads the game's row (clock, wake-up,
    /// version) and its seats. The events' chunks they completed are stored (by them, or now: a game stored
    /// before its events were). The sockets are told of new events, and of changed seats.
    pub async fn catch_up(&self, live: &mut Live) -> Result<(), ApiError> {
        // The row first: a version read before the seats never hides a change made after them.
        let row = self.store.game(&live.id).await?;
        let rows = self.store.log(&live.id, live.seq).await?;
        let before = live.game.log_len();
        for r in rows {
            let e: Entry = serde_json::from_str(&r.entry).map_err(ApiError::internal)?;
            live.play(&e).map_err(|err| {
                ApiError::internal(format!("entry {} of game {}: {err}", r.seq, live.id))
            })?;
            live.seq = r.seq;
        }
        if live.game.log_len() / CHUNK > live.written() || !live.pending.is_empty() {
            let stored = self.store.event_chunks(&live.id).await? as usize;
            live.learn_stored(stored);
            let chunks = live.chunks_to_store();
            if !chunks.is_empty() {
                self.store.put_events(&live.id, &chunks).await?;
            }
            live.stored_all();
        }
        if let Some(row) = row
            && (self.shared || row.version != live.version)
        {
            live.deadline_ms = row.deadline_ms;
            live.paused_ms = row.paused_ms;
            live.finished = row.finished;
            live.wake_ms = row.wake_ms;
            if row.version != live.version {
                live.version = row.version;
                self.reread_seats(live).await?;
            }
        }
        live.round = RoundKey::of(&live.game);
        if live.game.log_len() != before {
            let _ = live.tx.send(Signal::Log(live.game.log_len()));
        }
        Ok(())
    }

    /// Re-reads `live`'s seats and their notice addresses from the store; when the seats changed, the sockets
    /// check theirs again.
    async fn reread_seats(&self, live: &mut Live) -> Result<(), ApiError> {
        let seats = self.store.seats(&live.id).await?;
        live.addresses = self.store.addresses(&live.id).await?;
        if seats != live.seats {
            live.seats = seats;
            let _ = live.tx.send(Signal::Seats);
        }
        Ok(())
    }

    /// Catches game `id` up with the store if this process holds it (another process appended).
    pub async fn refresh(&self, id: &str) -> Result<(), ApiError> {
        let held = self.games.lock().expect("games").get(id).cloned();
        if let Some(l) = held {
            let mut live = l.lock().await;
            self.catch_up(&mut live).await?;
        }
        Ok(())
    }

    /// The one way anything is added to a game: `act` plays its entries on the game (refusing with the game
    /// unchanged), the bots answer, everything is appended to the store in one transaction, and only then is it
    /// acknowledged and pushed to the seats. When another writer appended first, the game is reloaded and the
    /// action tried again on the new position.
    pub async fn act(
        &self,
        id: &str,
        mut act: impl FnMut(&mut Live) -> Result<Vec<Entry>, ApiError>,
    ) -> Result<Appended, ApiError> {
        for _ in 0..8 {
            let l = self.live(id).await?;
            let mut live = l.lock().await;
            let current = self
                .games
                .lock()
                .expect("games")
                .get(id)
                .is_some_and(|g| Arc::ptr_eq(g, &l));
            if !current {
                // Dropped while this action waited (see below): load it afresh.
                continue;
            }
            if self.shared {
                self.catch_up(&mut live).await?;
            }
            let round_before = live.round.clone();
            let was = Clock::of(&live);
            let mut entries = act(&mut live)?;
            let (bots, more) = live.bot_answers();
            entries.extend(bots);
            let now = now_ms();
            live.settle(&round_before, now, false, more);
            if !entries.is_empty() {
                let rows = entry_rows(&entries);
                let chunks = live.chunks_to_store();
                let notices = self.notices.on_change(&live, &round_before, was.finished);
                match self
                    .store
                    .append(id, live.seq + 1, &rows, &chunks, &notices, now)
                    .await
                {
                    Ok(()) => {
                        live.seq += rows.len() as i64;
                        live.stored_all();
                    }
                    Err(err) => {
                        // The game in memory holds entries the store does not: rebuild it from the store,
                        // keeping its channel, so the seats' WebSockets stay subscribed.
                        let fresh = match self.load(id).await {
                            Ok(f) => f,
                            Err(e) => {
                                // Nor can it be rebuilt now (the database is down?): drop it, so that no
                                // action appends on top of the entries the store never got, and the next one
                                // loads it afresh from the store.
                                self.games.lock().expect("games").remove(id);
                                return Err(e);
                            }
                        };
                        let tx = live.tx.clone();
                        *live = fresh;
                        live.tx = tx;
                        match err {
                            StoreError::Conflict { .. } => continue,
                            e => return Err(e.into()),
                        }
                    }
                }
            }
            // The entries are stored: what follows (the clock, the finished mark, the pushes) must not turn the
            // acknowledgment into a refusal; a failure is logged, and the next action or load puts it right.
            if let Err(e) = self
                .after_append(&mut live, was, entries.len() as i64)
                .await
            {
                tracing::warn!(game = %id, "after appending: {}", e.reason);
            }
            return Ok(live.appended(entries.len()));
        }
        Err(ApiError::conflict(
            "other writers kept appending to this game; try again",
        ))
    }

    /// After an action (its entries appended, its clock settled): the store gets the new deadline or the
    /// finished mark, and the wake-up when the bots may owe more; the seats (and the other servers) are told.
    async fn after_append(&self, live: &mut Live, was: Clock, added: i64) -> Result<(), ApiError> {
        let Clock {
            deadline_ms: deadline,
            paused_ms: paused,
            finished,
            wake_ms: wake,
        } = was;
        if live.finished && !finished {
            self.store.set_finished(&live.id).await?;
            live.version += 1;
        } else if (live.deadline_ms, live.paused_ms) != (deadline, paused) {
            self.store
                .set_clock(&live.id, live.deadline_ms, live.paused_ms)
                .await?;
            live.version += 1;
        }
        if live.wake_ms != wake && !live.finished {
            self.store.set_wake(&live.id, live.wake_ms).await?;
        }
        if added > 0 && live.seq / self.snapshot_every > (live.seq - added) / self.snapshot_every {
            self.keep_snapshot(live);
        }
        if added > 0 {
            let _ = live.tx.send(Signal::Log(live.game.log_len()));
            self.tell_others(live).await;
        }
        Ok(())
    }

    /// On PostgreSQL, tells the other server processes that `live` changed (NOTIFY), so that they catch it up and
    /// push to the sockets they hold.
    async fn tell_others(&self, live: &Live) {
        if self.shared
            && let Err(e) = self
                .store
                .notify(&format!("{}:{}", live.id, live.seq))
                .await
        {
            // Only the other processes' pushes wait: they catch up on their next read or action.
            tracing::warn!(game = %live.id, "NOTIFY failed: {e}");
        }
    }

    /// Writes a snapshot of the game in the background (a failure only means a slower load). The store holds
    /// every complete chunk of its events now; the snapshot holds the events after them.
    fn keep_snapshot(&self, live: &Live) {
        let events = live.game.log_len();
        let from = (events / CHUNK * CHUNK).saturating_sub(live.game.log_start());
        let Some(tail) = live.game.log().get(from..) else {
            return;
        };
        let kept = Kept {
            seq: live.seq,
            bots: live.bots.clone(),
            dice: live.game.dice_position(),
            events,
            tail: tail.to_vec(),
        };
        let store = self.store.clone();
        let id = live.id.clone();
        tokio::spawn(async move {
            let data = match serde_json::to_string(&kept) {
                Ok(d) => d,
                Err(e) => return tracing::warn!(game = %id, "snapshot: {e}"),
            };
            if let Err(e) = store.put_snapshot(&id, kept.seq, &data).await {
                tracing::warn!(game = %id, "snapshot: {e}");
            }
        });
    }

    /// Sets the clock of game `id` (the host's pause, resume and extension): `f` changes it or refuses.
    pub async fn set_clock(
        &self,
        id: &str,
        f: impl FnOnce(&mut Live, i64) -> Result<(), ApiError>,
    ) -> Result<(Option<i64>, Option<i64>), ApiError> {
        let l = self.live(id).await?;
        let mut live = l.lock().await;
        if self.shared {
            self.catch_up(&mut live).await?;
        }
        let before = (live.deadline_ms, live.paused_ms);
        f(&mut live, now_ms())?;
        if (live.deadline_ms, live.paused_ms) != before {
            self.store
                .set_clock(&live.id, live.deadline_ms, live.paused_ms)
                .await?;
            live.version += 1;
            self.tell_others(&live).await;
        }
        Ok((live.deadline_ms, live.paused_ms))
    }

    /// After the store's seats of game `id` changed (a claim, a new token, a seat handed to a bot, notice
    /// addresses): re-reads them, tells this server's sockets to check their seats, and the other servers.
    pub async fn seats_changed(&self, id: &str) -> Result<(), ApiError> {
        let l = self.live(id).await?;
        let mut live = l.lock().await;
        if let Some(row) = self.store.game(id).await? {
            live.version = row.version;
        }
        self.reread_seats(&mut live).await?;
        self.tell_others(&live).await;
        Ok(())
    }

    /// The events of `live`'s game from event `from` (0 is the first) on: those it let go from the store's
    /// chunks, then those it holds.
    pub async fn events(&self, live: &Live, from: usize) -> Result<Vec<Event>, ApiError> {
        let start = live.game.log_start();
        let mut out = Vec::new();
        if from < start {
            let rows = self
                .store
                .events(
                    &live.id,
                    (from / CHUNK) as i64,
                    start.div_ceil(CHUNK) as i64,
                )
                .await?;
            for (want, (k, data)) in (from / CHUNK..).zip(rows) {
                if k as usize != want {
                    break;
                }
                let events: Vec<Event> = serde_json::from_str(&data).map_err(ApiError::internal)?;
                let first = want * CHUNK;
                out.extend(
                    (first..)
                        .zip(events)
                        .filter(|(n, _)| (from..start).contains(n))
                        .map(|(_, e)| e),
                );
            }
            if out.len() != start - from {
                return Err(ApiError::internal(format!(
                    "game `{}`: the store holds {} of its events {from} to {}",
                    live.id,
                    out.len(),
                    start - 1
                )));
            }
        }
        let held = from.saturating_sub(start).min(live.game.log().len());
        out.extend_from_slice(&live.game.log()[held..]);
        Ok(out)
    }

    /// The whole transcript of game `id`: its header and every entry of its log.
    pub async fn transcript(&self, id: &str) -> Result<Transcript, ApiError> {
        let l = self.live(id).await?;
        let header = l.lock().await.header.clone();
        let mut t = header;
        for r in self.store.log(id, 0).await? {
            t.script
                .push(serde_json::from_str(&r.entry).map_err(ApiError::internal)?);
        }
        Ok(t)
    }
}
