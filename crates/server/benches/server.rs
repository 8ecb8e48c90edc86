//! The server's figures (issue 17), printed: `cargo bench -p coalition-server --bench server`.
//!
//! A server runs in this process on a new SQLite file (WAL, `synchronous=FULL`, as the store opens it) and is
//! driven over HTTP on loopback, so every submission takes the API's path (`POST .../decisions`, `Hub::act`,
//! one durable append, then the acknowledgment). It measures:
//!
//! 1. submissions a second, one after another, over `COALITION_BENCH_SUBMISSIONS` submissions (default 5,000);
//! 2. in the same run, bare durable inserts a second into an SQLite table with the same settings (sqlx, one
//!    transaction per insert, the same number, in tenths alternating with the submissions' so both meet the same
//!    load from the rest of the machine), and the ratio of the two (target >= 0.5);
//! 3. the memory per live game: the process's resident set before and after creating `COALITION_BENCH_GAMES`
//!    games (default 1,000), divided by their number (target < 1 MiB); each figure twice, as the resident set
//!    grew, and once the allocator has given back the memory it holds free (glibc's `malloc_trim`, on Linux):
//!    what the games hold, without what the requests that made them used and freed;
//! 4. with those games loaded, the step-resolution latency: the submission that completes a sealed step (the
//!    last of the sealed decisions), from request to acknowledgment, over `COALITION_BENCH_STEPS` steps
//!    (default 1,000), p50 and p99 (target p99 < 20 ms);
//! 5. the memory per live game of the 1805 scenario, at its start (`COALITION_BENCH_GAMES_1805`, default 200)
//!    and after a whole campaign (`COALITION_BENCH_CAMPAIGNS_1805`, default 40: bots in every seat play it, 400
//!    decisions in the request that creates the game and the rest on the server's clock; enough games that what a run costs once, SQLite's page caches among
//!    it, weighs little in the figure per game), and after a whole campaign grown the way a played game grows
//!    (`COALITION_BENCH_PLAYED_1805`, default 10: France played by a person who sends each decision in a request
//!    of its own, the six other seats by bots answering in it);
//! 6. those late games let go from memory and loaded again from the store, as a restarted server loads them.
//!
//! The games are of the `test` scenario (france, austria, prussia, one seat each); each seat submits its first
//! listed choice. The client's lookup of what is owed is not timed.

use coalition_server::{Config, bind};
use sqlx::Row;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The process's resident set, in bytes (`VmRSS` of /proc/self/status).
fn rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map(|kb| kb * 1024)
        .unwrap_or(0)
}

/// Gives the allocator's free memory back to the system (glibc's `malloc_trim`), so that the resident set counts
/// what is held, not what was used and freed; elsewhere, nothing.
fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: malloc_trim only returns free memory of glibc's allocator, which this process uses.
        unsafe {
            malloc_trim(0);
        }
    }
}

/// The resident set now, after the allocator gave back its free memory ([`trim`]).
fn rss_trimmed() -> u64 {
    trim();
    rss()
}

/// "X KiB per game (Y KiB held)": the growth of the resident set from `before` (trimmed) per game, as it grew
/// and once trimmed.
fn per_game(before: u64, after: u64, after_trimmed: u64, n: usize) -> String {
    let each = |b: u64| b.saturating_sub(before) as f64 / n.max(1) as f64 / 1024.0;
    format!(
        "{:.1} KiB each as the resident set grew, {:.1} KiB once the allocator gave back its free memory",
        each(after),
        each(after_trimmed)
    )
}

/// One game with its seats' tokens by power.
struct Game {
    id: String,
    tokens: BTreeMap<String, String>,
}

const PLAYERS: [(&str, &str); 3] = [("anne", "france"), ("bill", "austria"), ("cleo", "prussia")];

struct Client {
    http: reqwest::Client,
    url: String,
    hub: std::sync::Arc<coalition_server::hub::Hub>,
}

impl Client {
    async fn create(&self) -> Game {
        let players: serde_json::Map<String, serde_json::Value> = PLAYERS
            .iter()
            .map(|(pl, p)| (pl.to_string(), serde_json::json!([p])))
            .collect();
        let r = self
            .http
            .post(format!("{}/api/games", self.url))
            .json(
                &serde_json::json!({"scenario": "test", "players": players, "step_seconds": null}),
            )
            .send()
            .await
            .expect("create");
        assert_eq!(r.status().as_u16(), 201);
        let v: serde_json::Value = r.json().await.unwrap();
        let id = v["id"].as_str().unwrap().to_string();
        let mut tokens = BTreeMap::new();
        for (pl, p) in PLAYERS {
            tokens.insert(p.to_string(), self.claim(&id, pl).await);
        }
        Game { id, tokens }
    }

    /// Claims the seat `player` of game `id`: its token.
    async fn claim(&self, id: &str, player: &str) -> String {
        let v: serde_json::Value = self
            .http
            .post(format!("{}/api/games/{id}/seats/{player}/claim", self.url))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        v["token"].as_str().unwrap().to_string()
    }

    /// The next decision owed in `g` (untimed, read from the hub): power, first choice, whether it completes a
    /// sealed step. None when the game is over.
    async fn next(&self, g: &Game) -> Option<(String, String, bool)> {
        let l = self.hub.live(&g.id).await.unwrap();
        let live = l.lock().await;
        let pending = live.game.pending();
        let p = *pending.first()?;
        let sealed = live.game.state().round.as_ref().is_some_and(|r| r.sealed);
        let choice = live.game.choices(p).first()?.to_string();
        Some((p.to_string(), choice, sealed && pending.len() == 1))
    }

    /// Submits over HTTP; the time from request to acknowledgment.
    async fn submit(&self, g: &Game, power: &str, decision: &str) -> Duration {
        let t = Instant::now();
        let r = self
            .http
            .post(format!("{}/api/games/{}/decisions", self.url, g.id))
            .bearer_auth(&g.tokens[power])
            .json(&serde_json::json!({"power": power, "decision": decision}))
            .send()
            .await
            .unwrap();
        let status = r.status();
        let body = r.bytes().await.unwrap();
        let took = t.elapsed();
        assert!(
            status.is_success(),
            "{power} {decision}: {status} {}",
            String::from_utf8_lossy(&body)
        );
        took
    }

    /// Plays one decision of `g`: (its time, whether it completed a sealed step), or None when over.
    async fn play_one(&self, g: &Game) -> Option<(Duration, bool)> {
        let (p, d, completes) = self.next(g).await?;
        Some((self.submit(g, &p, &d).await, completes))
    }
}

/// A bare table in an SQLite file opened as the store opens its own: the Any driver, WAL, synchronous=FULL.
async fn bare_table(dir: &std::path::Path) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=rwc", dir.join("bare.db").display());
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(4)
        .after_connect(|conn, _| {
            Box::pin(async move {
                for pragma in [
                    "PRAGMA journal_mode=WAL",
                    "PRAGMA synchronous=FULL",
                    "PRAGMA busy_timeout=10000",
                ] {
                    sqlx::query(pragma).execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .unwrap();
    sqlx::query(
        "CREATE TABLE log (game TEXT NOT NULL, seq BIGINT NOT NULL, kind TEXT NOT NULL, entry TEXT NOT NULL, \
         at_ms BIGINT NOT NULL, PRIMARY KEY (game, seq))",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool
}

/// Durable inserts `first..first + n` into the bare table, one transaction each, as the store appends.
async fn bare_inserts(pool: &sqlx::AnyPool, first: usize, n: usize, entry: &str) -> Duration {
    let t = Instant::now();
    for i in first..first + n {
        let mut tx = pool.begin().await.unwrap();
        sqlx::query(
            "INSERT INTO log (game, seq, kind, entry, at_ms) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game, seq) DO NOTHING",
        )
        .bind("bench")
        .bind(i as i64 + 1)
        .bind("submit_as")
        .bind(entry)
        .bind(i as i64)
        .execute(&mut *tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
    }
    t.elapsed()
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the command line.
    let submissions = env("COALITION_BENCH_SUBMISSIONS", 5_000);
    let games = env("COALITION_BENCH_GAMES", 1_000);
    let steps = env("COALITION_BENCH_STEPS", 1_000);
    let dir = std::env::temp_dir().join(format!("coalition-bench-server-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    println!("coalition-server bench: SQLite files in {}", dir.display());

    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let bound = bind(Config {
            database: dir.join("server.db").display().to_string(),
            addr: "127.0.0.1:0".parse().unwrap(),
            admin_token: None,
            snapshot_every: None,
            creations_per_hour: Some(1_000_000),
            ..Default::default()
        })
        .await
        .expect("the server binds");
        let url = format!("http://{}", bound.addr);
        let hub = bound.server.hub.clone();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(bound.serve(async {
            let _ = stop_rx.await;
        }));
        let c = Client {
            http: reqwest::Client::new(),
            url,
            hub,
        };

        // 1 and 2. Submissions through the API, one after another, and bare durable inserts of entries of the
        // same size, in alternating tenths of the run so that both meet the same load from the rest of the
        // machine (the disk's sync time varies a lot on a shared one).
        let bare = bare_table(&dir).await;
        let mut game = c.create().await;
        let sample = r#"{"submit_as":{"player":"cleo","power":"prussia","decision":{"declare_war":{"targets":[]}}}}"#;
        let tenth = submissions.div_ceil(10);
        let (mut busy, mut bare_busy) = (Duration::ZERO, Duration::ZERO);
        let mut tenths = Vec::new();
        let mut done = 0;
        let wall = Instant::now();
        while done < submissions {
            let n = tenth.min(submissions - done);
            let mut block = Duration::ZERO;
            let mut k = 0;
            while k < n {
                match c.play_one(&game).await {
                    Some((took, _)) => {
                        block += took;
                        k += 1;
                    }
                    None => game = c.create().await,
                }
            }
            let b = bare_inserts(&bare, done, n, sample).await;
            tenths.push((block, b, n));
            busy += block;
            bare_busy += b;
            done += n;
        }
        let wall = wall.elapsed();
        let count: i64 = sqlx::query("SELECT COUNT(*) FROM log")
            .fetch_one(&bare)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        assert_eq!(count as usize, submissions);
        let api_rate = submissions as f64 / busy.as_secs_f64();
        let bare_rate = submissions as f64 / bare_busy.as_secs_f64();
        println!(
            "submissions through the API (SQLite, WAL, synchronous=FULL): {submissions} in {:.2} s of requests = \
             {api_rate:.0} a second, {:.3} ms each",
            busy.as_secs_f64(),
            ms(busy) / submissions as f64
        );
        println!(
            "bare durable inserts (sqlx, one transaction each, {} bytes of entry): {submissions} in {:.2} s = \
             {bare_rate:.0} a second, {:.3} ms each",
            sample.len(),
            bare_busy.as_secs_f64(),
            ms(bare_busy) / submissions as f64
        );
        println!(
            "ratio, submissions to bare inserts: {:.2} (target >= 0.5); both took {:.1} s of wall time",
            api_rate / bare_rate,
            wall.as_secs_f64()
        );
        println!(
            "  ms a submission / a bare insert, by tenth of the run (one game's log growing; a new game when one \
             ends): {}",
            tenths
                .iter()
                .map(|(a, b, n)| format!("{:.2}/{:.2}", ms(*a) / *n as f64, ms(*b) / *n as f64))
                .collect::<Vec<_>>()
                .join(" ")
        );

        // 3. Memory per live game.
        let before = rss_trimmed();
        let mut live = Vec::with_capacity(games);
        for _ in 0..games {
            live.push(c.create().await);
        }
        let after = rss();
        let after_trimmed = rss_trimmed();
        assert!(c.hub.loaded() >= games);
        println!(
            "memory: resident {:.1} MiB before and {:.1} MiB after creating {games} live games ({:.1} MiB \
             trimmed): {} (target < 1024 KiB)",
            before as f64 / 1048576.0,
            after as f64 / 1048576.0,
            after_trimmed as f64 / 1048576.0,
            per_game(before, after, after_trimmed, games)
        );

        // 4. Step-resolution latency with those games loaded: the games are played in turn, one decision each
        // time round; the decisions that complete a sealed step are timed.
        let mut samples = Vec::with_capacity(steps);
        let mut others = 0usize;
        let mut i = 0usize;
        let t = Instant::now();
        while samples.len() < steps {
            let g = &live[i % live.len()];
            i += 1;
            match c.play_one(g).await {
                Some((took, true)) => samples.push(took),
                Some((_, false)) => others += 1,
                None => live[(i - 1) % games] = c.create().await,
            }
        }
        samples.sort();
        println!(
            "step resolution with {} live games: {} sealed steps completed ({} other decisions between) in {:.1} \
             s: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (target p99 < 20 ms)",
            c.hub.loaded(),
            samples.len(),
            others,
            t.elapsed().as_secs_f64(),
            ms(percentile(&samples, 0.5)),
            ms(percentile(&samples, 0.99)),
            ms(*samples.last().unwrap_or(&Duration::ZERO))
        );

        let mut late = Vec::new();
        // 5. Memory per live game of the 1805 scenario: at its start (seven seats), and at its end (bots in every
        // seat play the whole campaign, a share in the creating request and the rest on the server's clock, so the
        // game holds a whole campaign's log).
        for (what, n, body) in [
            (
                "at the start",
                env("COALITION_BENCH_GAMES_1805", 200),
                serde_json::json!({"scenario": "1805", "players": {
                    "a": ["france"], "b": ["great-britain"], "c": ["austria"], "d": ["prussia"],
                    "e": ["russia"], "f": ["spain"], "g": ["turkey"]}}),
            ),
            (
                "after a whole campaign",
                env("COALITION_BENCH_CAMPAIGNS_1805", 40),
                serde_json::json!({"scenario": "1805", "bots": {
                    "france": "heuristic", "great-britain": "heuristic", "austria": "heuristic",
                    "prussia": "heuristic", "russia": "heuristic", "spain": "heuristic", "turkey": "heuristic"}}),
            ),
        ] {
            let before = rss_trimmed();
            let t = Instant::now();
            let mut events = 0usize;
            let mut ids = Vec::new();
            for _ in 0..n {
                let r = c
                    .http
                    .post(format!("{}/api/games", c.url))
                    .json(&body)
                    .send()
                    .await
                    .expect("create");
                assert_eq!(r.status().as_u16(), 201);
                let v: serde_json::Value = r.json().await.unwrap();
                ids.push(v["id"].as_str().unwrap().to_string());
            }
            // Bots in every seat: the creating request plays a share of their decisions and the server's clock
            // the rest (issue 39); wait until each game is where its bots leave it.
            for id in &ids {
                loop {
                    let live = c.hub.read(id).await.unwrap();
                    if live.wake_ms.is_none() {
                        events += live.game.log_len();
                        break;
                    }
                    drop(live);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
            }
            let after = rss();
            let after_trimmed = rss_trimmed();
            println!(
                "memory, 1805 {what}: {n} live games ({} events each on average, created in {:.1} s): {} \
                 (target < 1024 KiB)",
                events / n.max(1),
                t.elapsed().as_secs_f64(),
                per_game(before, after, after_trimmed, n)
            );
            late = ids;
        }

        // 5b. Late 1805 games grown the way a played game grows: one person (France) sends each decision in a
        // request of its own and the bots holding the other six seats answer in it, to the campaign's end.
        let n = env("COALITION_BENCH_PLAYED_1805", 10);
        let before = rss_trimmed();
        let t = Instant::now();
        let (mut events, mut requests) = (0usize, 0usize);
        let mut played = Vec::new();
        for _ in 0..n {
            let r = c
                .http
                .post(format!("{}/api/games", c.url))
                .json(&serde_json::json!({"scenario": "1805",
                    "players": {"a": ["france"], "b": ["great-britain"], "c": ["austria"], "d": ["prussia"],
                        "e": ["russia"], "f": ["spain"], "g": ["turkey"]},
                    "bots": {"great-britain": "heuristic", "austria": "heuristic", "prussia": "heuristic",
                        "russia": "heuristic", "spain": "heuristic", "turkey": "heuristic"}}))
                .send()
                .await
                .expect("create");
            assert_eq!(r.status().as_u16(), 201);
            let v: serde_json::Value = r.json().await.unwrap();
            let id = v["id"].as_str().unwrap().to_string();
            let g = Game {
                id: id.clone(),
                tokens: [("france".to_string(), c.claim(&id, "a").await)].into(),
            };
            while let Some((p, d, _)) = c.next(&g).await {
                assert_eq!(p, "france", "only the person's seat waits for a request");
                c.submit(&g, &p, &d).await;
                requests += 1;
            }
            events += c.hub.live(&id).await.unwrap().lock().await.game.log_len();
            played.push(id);
        }
        let after = rss();
        let after_trimmed = rss_trimmed();
        println!(
            "memory, 1805 played to its end one request at a time: {n} live games ({} events and {} of France's \
             requests each on average, in {:.1} s): {} (target < 1024 KiB)",
            events / n.max(1),
            requests / n.max(1),
            t.elapsed().as_secs_f64(),
            per_game(before, after, after_trimmed, n)
        );
        drop(played);

        // 6. The late games again, let go from memory and loaded from the store (their snapshot and stored
        // events) as a server that restarts loads them.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let restored = c.hub.restored.load(std::sync::atomic::Ordering::Relaxed);
        let let_go = c.hub.evict_idle(i64::MAX / 2, 0);
        let before = rss_trimmed();
        let t = Instant::now();
        for id in &late {
            c.hub.live(id).await.unwrap();
        }
        let after = rss();
        let after_trimmed = rss_trimmed();
        println!(
            "memory, 1805 after a whole campaign, loaded again ({let_go} games let go first; {} of {} loaded from \
             their snapshot, in {:.2} s): {} (target < 1024 KiB)",
            c.hub.restored.load(std::sync::atomic::Ordering::Relaxed) - restored,
            late.len(),
            t.elapsed().as_secs_f64(),
            per_game(before, after, after_trimmed, late.len())
        );

        let _ = stop_tx.send(());
        serving.await.unwrap().unwrap();
    });
    let _ = std::fs::remove_dir_all(&dir);
}
