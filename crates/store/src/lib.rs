//! Coalition's game store (issue 17): games, seats, the append-only log of each game's transcript entries, the
//! events the engine logged for them (in chunks), snapshots and the servers' signs of life, on SQLite (a file, the default) or PostgreSQL, with one set of
//! queries through sqlx's Any driver and the migrations embedded in the binary.
//!
//! The store knows nothing of the rules: an entry is JSON that the server wrote. What it guarantees is the
//! order and the durability of the log: `append` either writes every entry at the sequence numbers asked or
//! none of them, and two writers cannot both write the same (game, sequence).

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another writer appended at this sequence number first: reload the log and try again.
    #[error("game `{game}`: entry {seq} was written by another writer first")]
    Conflict { game: String, seq: i64 },
    #[error("the database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("the database's migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Which database the store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub created_ms: i64,
    /// The transcript's header (everything but the script) as JSON.
    pub header: String,
    /// The published commitment to the seed (hex SHA-256).
    pub commitment: String,
    /// The hash of the host's token.
    pub host_hash: String,
    /// The game's settings as JSON.
    pub settings: String,
    /// When the current step's time runs out.
    pub deadline_ms: Option<i64>,
    /// When the host paused the game (none: running).
    pub paused_ms: Option<i64>,
    pub finished: bool,
    /// When the clock plays the game on (bots still owing after a request's bounded share; none: not needed).
    pub wake_ms: Option<i64>,
    /// How many times the row or the seats changed (kept by the store; ignored when a game is created).
    pub version: i64,
}

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    pub seq: i64,
    /// The entry's kind (`submit_as`, `default`, `bot`, `host`, `seat`), for reading the log without parsing it.
    pub kind: String,
    /// The transcript entry as JSON.
    pub entry: String,
    pub at_ms: i64,
}

/// A seat: a player and the powers they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub player: String,
    /// The powers, comma-separated.
    pub powers: String,
    /// The hash of the seat's token, once claimed.
    pub token_hash: Option<String>,
}

/// Where a seat's player wants notices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Addresses {
    pub player: String,
    pub email: Option<String>,
    pub webhook: Option<String>,
}

/// A notice to one player by one channel (`email` or `webhook`), as the server wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// A unique id (the server draws it).
    pub id: String,
    pub game: String,
    pub player: String,
    pub channel: String,
    pub address: String,
    pub subject: String,
    pub body: String,
}

/// A notice in the outbox, with how its sending went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub notice: Notice,
    pub created_ms: i64,
    pub attempts: i64,
    /// When it is (next) due; none once sent or given up.
    pub next_ms: Option<i64>,
    pub sent_ms: Option<i64>,
    /// The last failure.
    pub error: Option<String>,
}

/// The PostgreSQL channel on which server processes tell each other what they appended.
pub const CHANNEL: &str = "coalition_games";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The store: a pool of connections to one database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// A database address from what a person types: `postgres://...` as is, `sqlite://...` as is, and anything
/// else is taken as the path of an SQLite file, created when missing.
pub fn database_url(arg: &str) -> String {
    if arg.starts_with("postgres://")
        || arg.starts_with("postgresql://")
        || arg.starts_with("sqlite:")
    {
        arg.to_string()
    } else {
        format!("sqlite://{arg}?mode=rwc")
    }
}

impl Store {
    /// Opens (creating an SQLite file when needed) and migrates the database at `url` (see [`database_url`]).
    /// SQLite runs in WAL mode with `synchronous=FULL`: a committed append survives a crash of the process or
    /// the machine.
    pub async fn open(url: &str) -> StoreResult<Store> {
        install_default_drivers();
        let url = database_url(url);
        let backend = if url.starts_with("postgres") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        for pragma in [
                            "PRAGMA journal_mode=WAL",
                            "PRAGMA synchronous=FULL",
                            "PRAGMA busy_timeout=10000",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(Store { pool, backend })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Creates a game with its seats, its first log entries (kind, JSON) and the chunks of events they
    /// complete, in one transaction: a creation cut short leaves nothing behind.
    pub async fn create_game(
        &self,
        g: &GameRow,
        seats: &[SeatRow],
        entries: &[(String, String)],
        chunks: &[(i64, String)],
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, created_ms, header, commitment, host_hash, settings, deadline_ms, paused_ms, finished, wake_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&g.id)
        .bind(g.created_ms)
        .bind(&g.header)
        .bind(&g.commitment)
        .bind(&g.host_hash)
        .bind(&g.settings)
        .bind(g.deadline_ms)
        .bind(g.paused_ms)
        .bind(g.finished as i64)
        .bind(g.wake_ms)
        .execute(&mut *tx)
        .await?;
        for s in seats {
            sqlx::query(
                "INSERT INTO seats (game, player, powers, token_hash) VALUES ($1, $2, $3, $4)",
            )
            .bind(&g.id)
            .bind(&s.player)
            .bind(&s.powers)
            .bind(&s.token_hash)
            .execute(&mut *tx)
            .await?;
        }
        Self::insert_entries(&mut tx, &g.id, 1, entries, g.created_ms).await?;
        Self::insert_chunks(&mut tx, &g.id, chunks).await?;
        tx.commit().await?;
        Ok(())
    }

    const GAME_COLUMNS: &'static str = "id, created_ms, header, commitment, host_hash, settings, deadline_ms, paused_ms, finished, wake_ms, version";

    fn game_row(r: &sqlx::any::AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: r.try_get(0)?,
            created_ms: r.try_get(1)?,
            header: r.try_get(2)?,
            commitment: r.try_get(3)?,
            host_hash: r.try_get(4)?,
            settings: r.try_get(5)?,
            deadline_ms: r.try_get(6)?,
            paused_ms: r.try_get(7)?,
            finished: r.try_get::<i64, _>(8)? != 0,
            wake_ms: r.try_get(9)?,
            version: r.try_get(10)?,
        })
    }

    /// The game `id`, if there is one.
    pub async fn game(&self, id: &str) -> StoreResult<Option<GameRow>> {
        let q = format!("SELECT {} FROM games WHERE id = $1", Self::GAME_COLUMNS);
        let row = sqlx::query(&q).bind(id).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| Self::game_row(&r)).transpose()?)
    }

    /// Every game, oldest first.
    pub async fn games(&self) -> StoreResult<Vec<GameRow>> {
        let q = format!(
            "SELECT {} FROM games ORDER BY created_ms, id",
            Self::GAME_COLUMNS
        );
        let rows = sqlx::query(&q).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(Self::game_row).collect::<Result<_, _>>()?)
    }

    /// Appends `entries` (kind, JSON) at sequence numbers `first`, `first + 1`, ... with the chunks of events
    /// (number, JSON) they complete and the notices they cause, in one transaction: all are written, or none,
    /// and [`StoreError::Conflict`] says another writer holds one of those numbers. A chunk already stored is
    /// left as it is (the events of a log are the same whoever plays it).
    pub async fn append(
        &self,
        game: &str,
        first: i64,
        entries: &[(String, String)],
        chunks: &[(i64, String)],
        notices: &[Notice],
        at_ms: i64,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        Self::insert_entries(&mut tx, game, first, entries, at_ms).await?;
        Self::insert_chunks(&mut tx, game, chunks).await?;
        Self::insert_notices(&mut tx, notices, at_ms).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Writes `entries` at `first`, `first + 1`, ...; a number another writer holds rolls the transaction back.
    async fn insert_entries(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &str,
        first: i64,
        entries: &[(String, String)],
        at_ms: i64,
    ) -> StoreResult<()> {
        for (i, (kind, entry)) in entries.iter().enumerate() {
            let seq = first + i as i64;
            let done = sqlx::query(
                "INSERT INTO log (game, seq, kind, entry, at_ms) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (game, seq) DO NOTHING",
            )
            .bind(game)
            .bind(seq)
            .bind(kind)
            .bind(entry)
            .bind(at_ms)
            .execute(&mut **tx)
            .await?;
            if done.rows_affected() == 0 {
                return Err(StoreError::Conflict {
                    game: game.to_string(),
                    seq,
                });
            }
        }
        Ok(())
    }

    async fn insert_chunks(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &str,
        chunks: &[(i64, String)],
    ) -> StoreResult<()> {
        for (chunk, data) in chunks {
            sqlx::query(
                "INSERT INTO events (game, chunk, data) VALUES ($1, $2, $3) \
                 ON CONFLICT (game, chunk) DO NOTHING",
            )
            .bind(game)
            .bind(chunk)
            .bind(data)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// Stores chunks of `game`'s events (number, JSON) that are missing, in one transaction (a game stored
    /// before its events were, or whose log another writer appended).
    pub async fn put_events(&self, game: &str, chunks: &[(i64, String)]) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        Self::insert_chunks(&mut tx, game, chunks).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The chunks of `game`'s events numbered `from` to `to - 1` that are stored, in order: (number, JSON).
    pub async fn events(&self, game: &str, from: i64, to: i64) -> StoreResult<Vec<(i64, String)>> {
        let rows = sqlx::query(
            "SELECT chunk, data FROM events WHERE game = $1 AND chunk >= $2 AND chunk < $3 ORDER BY chunk",
        )
        .bind(game)
        .bind(from)
        .bind(to)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// How many chunks of `game`'s events are stored.
    pub async fn event_chunks(&self, game: &str) -> StoreResult<i64> {
        let row = sqlx::query("SELECT COUNT(*) FROM events WHERE game = $1")
            .bind(game)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// The entries of `game` after sequence number `after` (0: all; the first entry is 1), in order.
    pub async fn log(&self, game: &str, after: i64) -> StoreResult<Vec<LogRow>> {
        let rows = sqlx::query(
            "SELECT seq, kind, entry, at_ms FROM log WHERE game = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(game)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok(LogRow {
                    seq: r.try_get(0)?,
                    kind: r.try_get(1)?,
                    entry: r.try_get(2)?,
                    at_ms: r.try_get(3)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// The last sequence number of `game` (0 when its log is empty).
    pub async fn last_seq(&self, game: &str) -> StoreResult<i64> {
        let row = sqlx::query("SELECT COALESCE(MAX(seq), 0) FROM log WHERE game = $1")
            .bind(game)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// The seats of `game`, by player.
    pub async fn seats(&self, game: &str) -> StoreResult<Vec<SeatRow>> {
        let rows = sqlx::query(
            "SELECT player, powers, token_hash FROM seats WHERE game = $1 ORDER BY player",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok(SeatRow {
                    player: r.try_get(0)?,
                    powers: r.try_get(1)?,
                    token_hash: r.try_get(2)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// Claims `player`'s free seat with a token's hash: true when the seat was free (and is now taken), false
    /// when it is taken or there is no such seat. (Whether a bot holds it is the server's to judge.)
    pub async fn claim_seat(
        &self,
        game: &str,
        player: &str,
        token_hash: &str,
    ) -> StoreResult<bool> {
        self.change_seat(
            game,
            sqlx::query(
            "UPDATE seats SET token_hash = $1 WHERE game = $2 AND player = $3 AND token_hash IS NULL",
        )
        .bind(token_hash)
        .bind(game)
        .bind(player),
        )
        .await
    }

    /// Gives `player`'s seat a new token's hash, or none (the seat is freed, or a bot took all its powers): the
    /// old token stops working, and the old player's notice addresses go with it. False when there is no such
    /// seat.
    pub async fn set_seat_token(
        &self,
        game: &str,
        player: &str,
        token_hash: Option<&str>,
    ) -> StoreResult<bool> {
        self.change_seat(
            game,
            sqlx::query(
            "UPDATE seats SET token_hash = $1, email = NULL, webhook = NULL WHERE game = $2 AND player = $3",
        )
        .bind(token_hash)
        .bind(game)
        .bind(player),
        )
        .await
    }

    /// Where `player`'s seat wants its notices (none: no notice of that kind), if the seat still carries the
    /// token whose hash is `token_hash`. False when it does not (or there is no such seat).
    pub async fn set_addresses(
        &self,
        game: &str,
        player: &str,
        token_hash: &str,
        email: Option<&str>,
        webhook: Option<&str>,
    ) -> StoreResult<bool> {
        self.change_seat(
            game,
            sqlx::query(
            "UPDATE seats SET email = $1, webhook = $2 WHERE game = $3 AND player = $4 AND token_hash = $5",
        )
        .bind(email)
        .bind(webhook)
        .bind(game)
        .bind(player)
        .bind(token_hash),
        )
        .await
    }

    /// The notice addresses of `game`'s seats that have any, by player.
    pub async fn addresses(&self, game: &str) -> StoreResult<Vec<Addresses>> {
        let rows = sqlx::query(
            "SELECT player, email, webhook FROM seats WHERE game = $1 \
             AND (email IS NOT NULL OR webhook IS NOT NULL) ORDER BY player",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok(Addresses {
                    player: r.try_get(0)?,
                    email: r.try_get(1)?,
                    webhook: r.try_get(2)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// Runs one change of a seat of `game`, counted in the game's version, in one transaction: true when it
    /// changed exactly one seat (else nothing changed).
    async fn change_seat<'q>(
        &self,
        game: &str,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        if q.execute(&mut *tx).await?.rows_affected() != 1 {
            return Ok(false);
        }
        Self::bump(&mut tx, game).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Counts a change of `game`'s row or seats.
    async fn bump(tx: &mut sqlx::Transaction<'_, sqlx::Any>, game: &str) -> StoreResult<()> {
        sqlx::query("UPDATE games SET version = version + 1 WHERE id = $1")
            .bind(game)
            .execute(&mut **tx)
            .await?;
        Ok(())
    }

    /// Where `game` stands in the store: its log's last sequence number and its row's version (none: no such
    /// game). One query: a server compares them with the game it holds before answering a read.
    pub async fn marks(&self, game: &str) -> StoreResult<Option<(i64, i64)>> {
        let row = sqlx::query(
            "SELECT (SELECT COALESCE(MAX(seq), 0) FROM log WHERE game = $1), version FROM games WHERE id = $1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .map(|r| Ok::<_, sqlx::Error>((r.try_get(0)?, r.try_get(1)?)))
            .transpose()?)
    }

    /// Sets the current step's deadline and the pause of `game`.
    pub async fn set_clock(
        &self,
        game: &str,
        deadline_ms: Option<i64>,
        paused_ms: Option<i64>,
    ) -> StoreResult<()> {
        sqlx::query(
            "UPDATE games SET deadline_ms = $1, paused_ms = $2, version = version + 1 WHERE id = $3",
        )
        .bind(deadline_ms)
        .bind(paused_ms)
        .bind(game)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Marks `game` finished.
    pub async fn set_finished(&self, game: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE games SET finished = 1, deadline_ms = NULL, wake_ms = NULL, version = version + 1 WHERE id = $1",
        )
        .bind(game)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// When the clock should play `game` on (none: no need).
    pub async fn set_wake(&self, game: &str, wake_ms: Option<i64>) -> StoreResult<()> {
        sqlx::query("UPDATE games SET wake_ms = $1 WHERE id = $2")
            .bind(wake_ms)
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The games the clock must act on at `now_ms`: a deadline passed (running, not paused), or a wake-up due;
    /// none finished.
    pub async fn due_games(&self, now_ms: i64) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE finished = 0 AND ( \
               (deadline_ms IS NOT NULL AND deadline_ms <= $1 AND paused_ms IS NULL) \
               OR (wake_ms IS NOT NULL AND wake_ms <= $1)) \
             ORDER BY created_ms, id",
        )
        .bind(now_ms)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// The running games whose deadline falls before `before_ms` and has not been reminded of, with that
    /// deadline, among those with a seat that wants notices.
    pub async fn to_remind(&self, before_ms: i64) -> StoreResult<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT id, deadline_ms FROM games WHERE finished = 0 AND paused_ms IS NULL \
             AND deadline_ms IS NOT NULL AND deadline_ms <= $1 \
             AND (reminded_ms IS NULL OR reminded_ms <> deadline_ms) \
             AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id \
                         AND (seats.email IS NOT NULL OR seats.webhook IS NOT NULL)) \
             ORDER BY deadline_ms, id",
        )
        .bind(before_ms)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// Marks the deadline `deadline_ms` of `game` reminded of and queues `notices`, in one transaction; false
    /// (nothing queued) when it was marked already (by another server).
    pub async fn remind(
        &self,
        game: &str,
        deadline_ms: i64,
        notices: &[Notice],
        now_ms: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE games SET reminded_ms = $1 WHERE id = $2 \
             AND (reminded_ms IS NULL OR reminded_ms <> $1)",
        )
        .bind(deadline_ms)
        .bind(game)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        Self::insert_notices(&mut tx, notices, now_ms).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Queues `notices` (outside an append: the end of a game found by the clock, say).
    pub async fn enqueue(&self, notices: &[Notice], now_ms: i64) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        Self::insert_notices(&mut tx, notices, now_ms).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn insert_notices(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        notices: &[Notice],
        now_ms: i64,
    ) -> StoreResult<()> {
        for n in notices {
            sqlx::query(
                "INSERT INTO outbox (id, game, player, channel, address, subject, body, created_ms, attempts, next_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $8)",
            )
            .bind(&n.id)
            .bind(&n.game)
            .bind(&n.player)
            .bind(&n.channel)
            .bind(&n.address)
            .bind(&n.subject)
            .bind(&n.body)
            .bind(now_ms)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// Takes up to `limit` notices due at `now_ms` for sending: each is leased to the caller until
    /// `now_ms + lease_ms` (another server takes it only after that) and its attempts counted.
    pub async fn take_notices(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: i64,
    ) -> StoreResult<Vec<Queued>> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM outbox WHERE sent_ms IS NULL AND next_ms IS NOT NULL AND next_ms <= $1 \
             ORDER BY next_ms, id LIMIT $2",
            Self::OUTBOX_COLUMNS
        ))
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let q = Self::queued(&r)?;
            let done = sqlx::query(
                "UPDATE outbox SET next_ms = $1, attempts = attempts + 1 \
                 WHERE id = $2 AND next_ms = $3 AND sent_ms IS NULL",
            )
            .bind(now_ms.saturating_add(lease_ms))
            .bind(&q.notice.id)
            .bind(q.next_ms)
            .execute(&self.pool)
            .await?;
            if done.rows_affected() == 1 {
                out.push(Queued {
                    attempts: q.attempts + 1,
                    ..q
                });
            }
        }
        Ok(out)
    }

    /// Records how sending notice `id` went: sent at `now_ms`, or failed with `error` and tried again at
    /// `retry_ms` (none: given up).
    pub async fn notice_result(
        &self,
        id: &str,
        now_ms: i64,
        outcome: Result<(), (&str, Option<i64>)>,
    ) -> StoreResult<()> {
        match outcome {
            Ok(()) => {
                sqlx::query(
                    "UPDATE outbox SET sent_ms = $1, next_ms = NULL, error = NULL WHERE id = $2",
                )
                .bind(now_ms)
                .bind(id)
                .execute(&self.pool)
                .await?;
            }
            Err((error, retry_ms)) => {
                sqlx::query("UPDATE outbox SET next_ms = $1, error = $2 WHERE id = $3")
                    .bind(retry_ms)
                    .bind(error)
                    .bind(id)
                    .execute(&self.pool)
                    .await?;
            }
        }
        Ok(())
    }

    /// Every notice of `game`, queued, sent or given up, oldest first.
    pub async fn outbox(&self, game: &str) -> StoreResult<Vec<Queued>> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM outbox WHERE game = $1 ORDER BY created_ms, id",
            Self::OUTBOX_COLUMNS
        ))
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(Self::queued).collect::<Result<_, _>>()?)
    }

    const OUTBOX_COLUMNS: &'static str = "id, game, player, channel, address, subject, body, created_ms, attempts, next_ms, sent_ms, error";

    fn queued(r: &sqlx::any::AnyRow) -> Result<Queued, sqlx::Error> {
        Ok(Queued {
            notice: Notice {
                id: r.try_get(0)?,
                game: r.try_get(1)?,
                player: r.try_get(2)?,
                channel: r.try_get(3)?,
                address: r.try_get(4)?,
                subject: r.try_get(5)?,
                body: r.try_get(6)?,
            },
            created_ms: r.try_get(7)?,
            attempts: r.try_get(8)?,
            next_ms: r.try_get(9)?,
            sent_ms: r.try_get(10)?,
            error: r.try_get(11)?,
        })
    }

    /// Keeps a snapshot of `game` after entry `seq`.
    pub async fn put_snapshot(&self, game: &str, seq: i64, data: &str) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO snapshots (game, seq, data) VALUES ($1, $2, $3) ON CONFLICT (game, seq) DO NOTHING",
        )
        .bind(game)
        .bind(seq)
        .bind(data)
        .execute(&self.pool)
        .await?;
        sqlx::query("DELETE FROM snapshots WHERE game = $1 AND seq < $2")
            .bind(game)
            .bind(seq)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The latest snapshot of `game`: the sequence number it was taken after, and its data.
    pub async fn snapshot(&self, game: &str) -> StoreResult<Option<(i64, String)>> {
        let row = sqlx::query(
            "SELECT seq, data FROM snapshots WHERE game = $1 ORDER BY seq DESC LIMIT 1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .map(|r| Ok::<_, sqlx::Error>((r.try_get(0)?, r.try_get(1)?)))
            .transpose()?)
    }

    /// Records that server `id` is alive at `now_ms`.
    pub async fn heartbeat(&self, id: &str, now_ms: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO servers (id, alive_ms) VALUES ($1, $2) \
             ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
        )
        .bind(id)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The last time any server said it was alive.
    pub async fn last_alive(&self) -> StoreResult<Option<i64>> {
        let row = sqlx::query("SELECT MAX(alive_ms) FROM servers")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// Moves every running game's deadline on by `delta_ms` (the time no server was up to keep it).
    pub async fn shift_deadlines(&self, delta_ms: i64) -> StoreResult<u64> {
        let done = sqlx::query(
            "UPDATE games SET deadline_ms = deadline_ms + $1, version = version + 1 \
             WHERE deadline_ms IS NOT NULL AND paused_ms IS NULL AND finished = 0",
        )
        .bind(delta_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Tells the other server processes on this PostgreSQL database something (`GAME:SEQ`) on [`CHANNEL`]; on
    /// SQLite, where one process serves a file, nothing.
    pub async fn notify(&self, payload: &str) -> StoreResult<()> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// The pool, for what the server does beyond these queries.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}
