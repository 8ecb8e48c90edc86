//! `coalition serve` as processes (issue 17): a server killed with SIGKILL at random moments under a load of
//! submissions loses no acknowledged decision and its game still replays; two servers sharing one PostgreSQL
//! database play one game between them, push each other's events to their WebSockets, and never let two
//! submissions win the same step.
//!
//! The PostgreSQL test runs only when `COALITION_TEST_DATABASE_URL` names a database (CI sets it).

mod common;

use common::*;

use coalition_engine::transcript::{Entry, Transcript};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// A running `coalition serve`.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    /// Starts `coalition serve` on `database` at `addr` (port 0: any free one) and waits for the first line, which
    /// names the address it bound. Its log goes to `log` (appended).
    fn start(database: &str, addr: &str, log: &Path) -> Server {
        let err = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_coalition"))
            .args([
                "serve",
                "--database",
                database,
                "--addr",
                addr,
                "--admin-token",
                "operator",
            ])
            .env_remove("COALITION_ADMIN_TOKEN")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(err))
            .spawn()
            .expect("coalition serve starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line
            .strip_prefix("coalition serve: http://")
            .and_then(|r| r.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "coalition serve's first line names no address: {line:?}\nits log:\n{}",
                    std::fs::read_to_string(log).unwrap_or_default()
                )
            });
        // Keep reading stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = String::new();
            while out.read_line(&mut sink).is_ok_and(|n| n > 0) {
                sink.clear();
            }
        });
        Server { child, addr }
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// SIGKILL, and wait for the process to be gone.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, and the exit status (within 20 s).
    fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let o = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(o.success(), "kill -TERM {pid} failed");
        let t = Instant::now();
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                return st;
            }
            if t.elapsed() > Duration::from_secs(20) {
                let _ = self.child.kill();
                panic!("coalition serve (pid {pid}) did not stop within 20 s of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    /// A test that fails leaves no server behind.
    fn drop(&mut self) {
        if self.child.try_wait().is_ok_and(|st| st.is_none()) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A small seeded generator (xorshift64*), so a failing run can be run again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(2))
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

/// A request's status and JSON body (an error when the body does not arrive whole: a client that gave up
/// after the status line has no acknowledgment to count on).
async fn send(r: reqwest::RequestBuilder) -> Result<(u16, Value), reqwest::Error> {
    let resp = r.send().await?;
    let status = resp.status().as_u16();
    let bytes = resp.bytes().await?;
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// Creates a game of the `test` scenario (anne: france, bill: austria, cleo: prussia) without deadlines.
async fn create_game(c: &reqwest::Client, url: &str) -> Value {
    let (st, body) = send(c.post(format!("{url}/api/games")).json(&json!({
        "scenario": "test",
        "players": {"anne": ["france"], "bill": ["austria"], "cleo": ["prussia"]},
        "step_seconds": null
    })))
    .await
    .unwrap();
    assert_eq!(st, 201, "creating a game: {body}");
    body
}

async fn claim(c: &reqwest::Client, url: &str, game: &str, player: &str) -> String {
    let (st, body) = send(c.post(format!("{url}/api/games/{game}/seats/{player}/claim")))
        .await
        .unwrap();
    assert_eq!(st, 200, "claiming {player}: {body}");
    body["token"].as_str().unwrap().to_string()
}

/// What the seat owes: (power, its first listed choice) for each owing power.
async fn owed(
    c: &reqwest::Client,
    url: &str,
    game: &str,
    token: &str,
) -> Result<Vec<(String, String)>, reqwest::Error> {
    let (st, body) = send(
        c.get(format!("{url}/api/games/{game}/owed"))
            .bearer_auth(token),
    )
    .await?;
    assert_eq!(st, 200, "owed: {body}");
    Ok(body
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| {
            Some((
                o["power"].as_str()?.to_string(),
                o["choices"].as_array()?.first()?.as_str()?.to_string(),
            ))
        })
        .collect())
}

async fn submit(
    c: &reqwest::Client,
    url: &str,
    game: &str,
    token: &str,
    power: &str,
    decision: &str,
) -> Result<(u16, Value), reqwest::Error> {
    send(
        c.post(format!("{url}/api/games/{game}/decisions"))
            .bearer_auth(token)
            .json(&json!({"power": power, "decision": decision})),
    )
    .await
}

async fn export(c: &reqwest::Client, url: &str, game: &str, host: &str) -> Value {
    let (st, body) = send(
        c.get(format!("{url}/api/games/{game}/export"))
            .bearer_auth(host),
    )
    .await
    .unwrap();
    assert_eq!(st, 200, "export: {body}");
    body
}

/// `coalition verify` on an export written to `dir`: exit 0 and its message.
fn verify(dir: &Path, export: &Value) {
    let f = dir.join("export.json");
    std::fs::write(&f, serde_json::to_string(export).unwrap()).unwrap();
    let o = coalition(&["verify", s(&f)]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "coalition verify refused the export:\n{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The export's script, read as the engine reads it.
fn script(export: &Value) -> Vec<Entry> {
    let t: Transcript = serde_json::from_value(export["transcript"].clone()).unwrap();
    t.script
}

/// A game of the crash test: its id, host token, seat tokens (anne, bill, cleo) and first sequence number.
#[derive(Clone, Debug)]
struct Played {
    id: String,
    host: String,
    tokens: Vec<String>,
    seq0: i64,
}

/// Creates a game and claims its three seats.
async fn new_game(c: &reqwest::Client, url: &str) -> Result<Played, reqwest::Error> {
    let (st, g) = send(c.post(format!("{url}/api/games")).json(&json!({
        "scenario": "test",
        "players": {"anne": ["france"], "bill": ["austria"], "cleo": ["prussia"]},
        "step_seconds": null
    })))
    .await?;
    assert_eq!(st, 201, "creating a game: {g}");
    let id = g["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for p in ["anne", "bill", "cleo"] {
        let (st, v) = send(c.post(format!("{url}/api/games/{id}/seats/{p}/claim"))).await?;
        assert_eq!(st, 200, "claiming {p}: {v}");
        tokens.push(v["token"].as_str().unwrap().to_string());
    }
    Ok(Played {
        id,
        host: g["host_token"].as_str().unwrap().to_string(),
        tokens,
        seq0: g["seq"].as_i64().unwrap(),
    })
}

/// A submission the server acknowledged: the entry it says it stored at `seq` of `game`.
#[derive(Clone, Debug)]
struct Ack {
    game: String,
    seq: i64,
    power: String,
    decision: String,
}

/// Checks that `entry` is the submission `ack`.
fn is_ack(entry: &Entry, ack: &Ack) -> bool {
    match entry {
        Entry::SubmitAs {
            power, decision, ..
        } => power.to_string() == ack.power && decision.to_string() == ack.decision,
        _ => false,
    }
}

/// The seed of the kill schedule: `COALITION_CRASH_SEED`, else a fixed one.
fn crash_seed() -> u64 {
    std::env::var("COALITION_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_C0A1_1710)
}

#[test]
fn a_server_killed_at_random_moments_loses_no_acknowledged_decision() {
    let seed = crash_seed();
    eprintln!("crash schedule seed {seed} (COALITION_CRASH_SEED replays it)");
    let mut rng = Rng(seed | 1);
    let dir = temp_dir("crash");
    let db = dir.join("games.db");
    let log = dir.join("serve.log");
    let kills: usize = std::env::var("COALITION_CRASH_KILLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let started = Instant::now();

    let mut server = Server::start(s(&db), "127.0.0.1:0", &log);
    // Restarts listen on the same port; the clients read the address from here all the same.
    let base = Arc::new(RwLock::new(server.url()));
    let fixed_addr = server.addr.to_string();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let c = client();
    let first = rt
        .block_on(new_game(&c, &base.read().unwrap().clone()))
        .expect("the first game");
    // The games played, in order; the clients play the last. When one ends (the `test` scenario ends after
    // 1815), anne's client starts the next, so the kills always meet a game in play.
    let games = Arc::new(RwLock::new(vec![first]));

    // The load: each seat submits its first listed choice whenever it owes, in a loop, until told to stop; every
    // 2xx is recorded with the sequence number it gave. Connection errors (the server is down) are retried.
    let stop = Arc::new(AtomicBool::new(false));
    let acks = Arc::new(Mutex::new(Vec::<Ack>::new()));
    let refused = Arc::new(Mutex::new(0usize));
    let down_errors = Arc::new(Mutex::new(0usize));
    let hung_up = Arc::new(Mutex::new(0usize));
    let mut tasks = Vec::new();
    for seat in 0..3 {
        let mut rng = Rng((seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1);
        let (stop, acks, refused, down, hung_up, base, games, c) = (
            stop.clone(),
            acks.clone(),
            refused.clone(),
            down_errors.clone(),
            hung_up.clone(),
            base.clone(),
            games.clone(),
            c.clone(),
        );
        tasks.push(rt.spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let url = base.read().unwrap().clone();
                let (game, token) = {
                    let g = games.read().unwrap();
                    let g = g.last().unwrap();
                    (g.id.clone(), g.tokens[seat].clone())
                };
                let todo = match owed(&c, &url, &game, &token).await {
                    Ok(t) => t,
                    Err(_) => {
                        *down.lock().unwrap() += 1;
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        continue;
                    }
                };
                if todo.is_empty() {
                    if seat == 0 {
                        let over = send(c.get(format!("{url}/api/games/{game}"))).await;
                        if over.is_ok_and(|(_, v)| v["finished"] == true) {
                            if let Ok(g) = new_game(&c, &url).await {
                                games.write().unwrap().push(g);
                            }
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    continue;
                }
                for (power, decision) in todo {
                    // Now and then the client gives up on its request after a few milliseconds, as a
                    // client that crashes or times out does: the server must not be left half-way.
                    let hang_up = rng.below(5) == 0;
                    let mut req = c
                        .post(format!("{url}/api/games/{game}/decisions"))
                        .bearer_auth(&token)
                        .json(&json!({"power": power, "decision": decision}));
                    if hang_up {
                        req = req.timeout(Duration::from_millis(1 + rng.below(15)));
                    }
                    match send(req).await {
                        Ok((st, body)) if (200..300).contains(&st) => {
                            // The person's entry comes first; any bots' answers follow it.
                            let seq = body["seq"].as_i64().unwrap()
                                - body["entries"].as_i64().unwrap()
                                + 1;
                            acks.lock().unwrap().push(Ack {
                                game: game.clone(),
                                seq,
                                power,
                                decision,
                            });
                        }
                        Ok((st, body)) => {
                            assert!(
                                (400..500).contains(&st),
                                "a submission got {st} (not a refusal): {body}"
                            );
                            *refused.lock().unwrap() += 1;
                        }
                        Err(_) if hang_up => *hung_up.lock().unwrap() += 1,
                        Err(_) => *down.lock().unwrap() += 1,
                    }
                }
            }
        }));
    }

    // The kills: at random moments, some right after the start, some after a while of load.
    for _ in 0..kills {
        let wait = match rng.below(4) {
            0 => rng.below(30),
            _ => 30 + rng.below(500),
        };
        std::thread::sleep(Duration::from_millis(wait));
        server.kill();
        if rng.below(3) == 0 {
            std::thread::sleep(Duration::from_millis(rng.below(200)));
        }
        server = Server::start(s(&db), &fixed_addr, &log);
        *base.write().unwrap() = server.url();
    }
    // A last stretch of load on a server left running, then the clients stop.
    std::thread::sleep(Duration::from_millis(800));
    stop.store(true, Ordering::Relaxed);
    rt.block_on(async {
        for t in tasks {
            t.await.unwrap();
        }
    });

    let acks = acks.lock().unwrap().clone();
    let games = games.read().unwrap().clone();
    let url = server.url();
    let mut entries = 0;
    let mut seen = std::collections::BTreeMap::new();
    for (i, g) in games.iter().enumerate() {
        let (ex, info) = rt.block_on(async {
            let ex = export(&c, &url, &g.id, &g.host).await;
            let (st, info) = send(c.get(format!("{url}/api/games/{}", g.id)))
                .await
                .unwrap();
            assert_eq!(st, 200, "{info}");
            (ex, info)
        });
        let script = script(&ex);
        entries += script.len() as i64 - g.seq0;
        eprintln!(
            "game {} ({}): {} entries, at {}{}",
            i + 1,
            g.id,
            script.len(),
            info["position"],
            if info["finished"] == true {
                ", finished"
            } else {
                ""
            }
        );
        // Every acknowledged entry is in the log, where its sequence number says, and no two share a number.
        for a in acks.iter().filter(|a| a.game == g.id) {
            if let Some(b) = seen.insert((a.game.clone(), a.seq), a.clone()) {
                panic!("two acknowledgments for entry {}: {b:?} and {a:?}", a.seq);
            }
            let e = script.get(a.seq as usize - 1).unwrap_or_else(|| {
                panic!(
                    "{a:?} acknowledged but the log has {} entries",
                    script.len()
                )
            });
            assert!(
                is_ack(e, a),
                "{a:?} acknowledged, but entry {} is {e:?}",
                a.seq
            );
        }
        // The server's count is the log's, and the log replays, giving every event (every roll) the server
        // logged.
        assert_eq!(info["seq"].as_i64(), Some(script.len() as i64));
        verify(&dir, &ex);
    }
    eprintln!(
        "{kills} kills in {:.1} s: {} acknowledged submissions, {} refused, {} connection errors, {} hung up by \
         the client; {entries} entries in {} game(s)",
        started.elapsed().as_secs_f64(),
        acks.len(),
        refused.lock().unwrap(),
        down_errors.lock().unwrap(),
        hung_up.lock().unwrap(),
        games.len()
    );
    assert_eq!(seen.len(), acks.len(), "acknowledgments for no game played");
    // The games went on.
    assert!(
        acks.len() >= 20 && entries >= acks.len() as i64,
        "only {} submissions were acknowledged, {entries} entries logged",
        acks.len()
    );

    let st = server.terminate();
    assert!(st.success(), "coalition serve exited with {st} on SIGTERM");
}

/// The seats' first listed choices, submitted until `n` are accepted: the acknowledgments.
async fn play(c: &reqwest::Client, url: &str, g: &Played, n: usize) -> Vec<Ack> {
    let mut acks = Vec::new();
    while acks.len() < n {
        let mut any = false;
        for token in &g.tokens {
            for (power, decision) in owed(c, url, &g.id, token).await.unwrap() {
                let (st, body) = submit(c, url, &g.id, token, &power, &decision)
                    .await
                    .unwrap();
                assert_eq!(st, 200, "{power} {decision}: {body}");
                any = true;
                acks.push(Ack {
                    game: g.id.clone(),
                    seq: body["seq"].as_i64().unwrap() - body["entries"].as_i64().unwrap() + 1,
                    power,
                    decision,
                });
            }
        }
        assert!(any, "nobody owes anything");
    }
    acks
}

#[test]
fn a_failed_append_leaves_the_game_as_the_store_has_it() {
    let dir = temp_dir("failed-append");
    let db = dir.join("games.db");
    let server = Server::start(s(&db), "127.0.0.1:0", &dir.join("serve.log"));
    let url = server.url();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let c = client();
    rt.block_on(async {
        let g = new_game(&c, &url).await.unwrap();
        let mut acks = play(&c, &url, &g, 5).await;
        // The log table gone for a moment: the append fails, and so does rebuilding the game from the store.
        let db = sqlx::sqlite::SqlitePool::connect(&format!("sqlite://{}", s(&db)))
            .await
            .unwrap();
        sqlx::query("ALTER TABLE log RENAME TO log_away")
            .execute(&db)
            .await
            .unwrap();
        let (power, decision) = owed(&c, &url, &g.id, &g.tokens[0])
            .await
            .unwrap()
            .into_iter()
            .chain(owed(&c, &url, &g.id, &g.tokens[1]).await.unwrap())
            .chain(owed(&c, &url, &g.id, &g.tokens[2]).await.unwrap())
            .next()
            .expect("someone owes");
        let token = &g.tokens[["france", "austria", "prussia"]
            .iter()
            .position(|p| *p == power)
            .unwrap()];
        let (st, body) = submit(&c, &url, &g.id, token, &power, &decision)
            .await
            .unwrap();
        assert!(st >= 500, "an append without a log table got {st}: {body}");
        sqlx::query("ALTER TABLE log_away RENAME TO log")
            .execute(&db)
            .await
            .unwrap();
        // The decision that was not stored is owed again, and the game goes on from what the store holds.
        let again = owed(&c, &url, &g.id, token).await.unwrap();
        assert!(
            again.iter().any(|(p, _)| *p == power),
            "{power}'s decision was never stored, yet it no longer owes it: {again:?}"
        );
        acks.extend(play(&c, &url, &g, 20).await);
        let ex = export(&c, &url, &g.id, &g.host).await;
        let script = script(&ex);
        for a in &acks {
            assert!(is_ack(&script[a.seq as usize - 1], a), "{a:?}");
        }
        verify(&dir, &ex);
    });
    drop(rt);
    assert!(server.terminate().success());
}

/// The WebSocket messages of a seat, read until `until` says stop or `limit` passes.
async fn read_ws<S>(
    ws: &mut S,
    limit: Duration,
    mut until: impl FnMut(&Value) -> bool,
) -> Vec<Value>
where
    S: futures_util::Stream<
            Item = Result<
                tokio_tungstenite::tungstenite::Message,
                tokio_tungstenite::tungstenite::Error,
            >,
        > + Unpin,
{
    use futures_util::StreamExt;
    let mut got = Vec::new();
    let end = tokio::time::Instant::now() + limit;
    loop {
        let m = match tokio::time::timeout_at(end, ws.next()).await {
            Ok(Some(Ok(m))) => m,
            Ok(Some(Err(e))) => panic!("the WebSocket failed: {e}"),
            Ok(None) | Err(_) => return got,
        };
        let Ok(text) = m.to_text() else { continue };
        if text.is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        let done = until(&v);
        got.push(v);
        if done {
            return got;
        }
    }
}

/// The game as a process sees it: (seq, position).
async fn info(c: &reqwest::Client, url: &str, game: &str) -> (i64, String) {
    let (st, v) = send(c.get(format!("{url}/api/games/{game}")))
        .await
        .unwrap();
    assert_eq!(st, 200, "{v}");
    (
        v["seq"].as_i64().unwrap(),
        v["position"].as_str().unwrap().to_string(),
    )
}

#[test]
fn two_servers_on_one_postgresql_database_play_one_game() {
    let Ok(database) = std::env::var("COALITION_TEST_DATABASE_URL") else {
        eprintln!(
            "COALITION_TEST_DATABASE_URL is not set: skipping the two-process PostgreSQL test"
        );
        return;
    };
    let dir = temp_dir("two-servers");
    let a = Server::start(&database, "127.0.0.1:0", &dir.join("a.log"));
    let b = Server::start(&database, "127.0.0.1:0", &dir.join("b.log"));
    let (ua, ub) = (a.url(), b.url());
    let rt = tokio::runtime::Runtime::new().unwrap();
    let c = client();
    rt.block_on(async {
        // A game made on A, its seats claimed on both.
        let g = create_game(&c, &ua).await;
        let game = g["id"].as_str().unwrap().to_string();
        let host = g["host_token"].as_str().unwrap().to_string();
        let anne = claim(&c, &ua, &game, "anne").await;
        let bill = claim(&c, &ub, &game, "bill").await;
        let cleo = claim(&c, &ua, &game, "cleo").await;
        let (seq0, start) = info(&c, &ua, &game).await;

        // Bill's WebSocket on B.
        let (mut ws, _) = tokio_tungstenite::connect_async(format!(
            "ws://{}/api/games/{game}/ws?token={bill}&after=0",
            b.addr
        ))
        .await
        .expect("the WebSocket on B opens");
        let first = read_ws(&mut ws, Duration::from_secs(10), |v| v["type"] == "status").await;
        let n0 = first.last().expect("a status on opening")["n"]
            .as_u64()
            .unwrap();

        // The same power's decision sent to both processes at once: one wins, the other is refused, and the log
        // holds it once.
        let todo = owed(&c, &ua, &game, &anne).await.unwrap();
        let (power, decision) = todo.first().cloned().expect("france owes at the start");
        assert!(
            owed(&c, &ua, &game, &bill).await.unwrap().len()
                + owed(&c, &ua, &game, &cleo).await.unwrap().len()
                > 0,
            "the race needs a step that stays open after france's decision"
        );
        let (ra, rb) = tokio::join!(
            submit(&c, &ua, &game, &anne, &power, &decision),
            submit(&c, &ub, &game, &anne, &power, &decision)
        );
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        let wins = [&ra, &rb]
            .iter()
            .filter(|r| (200..300).contains(&r.0))
            .count();
        assert_eq!(wins, 1, "both or neither won the race: A {ra:?}, B {rb:?}");
        let (winner, loser) = if (200..300).contains(&ra.0) {
            ("A", &rb)
        } else {
            ("B", &ra)
        };
        assert!((400..500).contains(&loser.0), "the loser got {loser:?}");
        let after_race = script(&export(&c, &ua, &game, &host).await);
        assert_eq!(
            after_race.len() as i64,
            seq0 + 1,
            "the race's log: {after_race:?}"
        );

        // A submission accepted by A reaches Bill's WebSocket on B (LISTEN/NOTIFY).
        let todo = owed(&c, &ua, &game, &cleo).await.unwrap();
        let (p, d) = todo.first().cloned().expect("prussia owes");
        let (st, body) = submit(&c, &ua, &game, &cleo, &p, &d).await.unwrap();
        assert_eq!(st, 200, "{body}");
        let pushed = read_ws(&mut ws, Duration::from_secs(10), |v| {
            v["type"] == "status" && v["n"].as_u64().unwrap() > n0
        })
        .await;
        let last = pushed.last().cloned().unwrap_or(Value::Null);
        assert!(
            last["type"] == "status" && last["n"].as_u64().unwrap() > n0,
            "B's WebSocket got nothing of A's submission within 10 s: {pushed:?}"
        );
        assert!(
            pushed.iter().any(|v| v["type"] == "event"),
            "no event pushed: {pushed:?}"
        );

        // The rest of the month, each seat on its own process (anne on A, bill on B, cleo alternating), until the
        // month changes.
        let month = start.split(' ').next().unwrap().to_string();
        let seats = [(&anne, &ua), (&bill, &ub), (&cleo, &ua), (&cleo, &ub)];
        let other = |url: &String| if *url == ua { ub.clone() } else { ua.clone() };
        let t = Instant::now();
        let mut round = 0usize;
        let mut accepted = 0;
        let mut reads = 0;
        loop {
            let (_, pos) = info(&c, &ua, &game).await;
            if !pos.starts_with(&month) {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(120),
                "the month did not end within 120 s (at {pos}, {accepted} accepted)"
            );
            round += 1;
            let mut any = false;
            for (i, (token, url)) in seats.iter().enumerate() {
                if i == 2 + round % 2 {
                    continue;
                }
                for (p, d) in owed(&c, url, &game, token).await.unwrap() {
                    let (st, body) = submit(&c, url, &game, token, &p, &d).await.unwrap();
                    if st == 200 {
                        accepted += 1;
                        any = true;
                        // Read at once through the other process: it shows this decision (issue 39).
                        let acked = body["seq"].as_i64().unwrap();
                        let there = other(url);
                        let (seq, _) = info(&c, &there, &game).await;
                        assert!(
                            seq >= acked,
                            "a read through the other process right after entry {acked} was acknowledged \
                             showed entry {seq}"
                        );
                        let (st, v) = send(
                            c.get(format!("{there}/api/games/{game}/view/{p}"))
                                .bearer_auth(token.as_str()),
                        )
                        .await
                        .unwrap();
                        assert_eq!(st, 200, "{v}");
                        reads += 2;
                    }
                }
            }
            if !any {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }

        assert!(reads > 20, "too few reads through the other process: {reads}");

        // The host replaces Bill through A: his token dies on B at once, and his socket on B is closed with
        // its reason before anything later is pushed.
        let (st, r) = send(
            c.post(format!("{ua}/api/games/{game}/host"))
                .bearer_auth(&host)
                .json(&json!({"replace": {"player": "bill"}})),
        )
        .await
        .unwrap();
        assert_eq!(st, 200, "{r}");
        let (st, _) = send(
            c.get(format!("{ub}/api/games/{game}/owed"))
                .bearer_auth(&bill),
        )
        .await
        .unwrap();
        assert_eq!(st, 401, "B still took the replaced token");
        let closed = tokio::time::timeout(Duration::from_secs(10), async {
            use futures_util::StreamExt;
            while let Some(m) = ws.next().await {
                match m {
                    Ok(tokio_tungstenite::tungstenite::Message::Close(f)) => return f,
                    Ok(tokio_tungstenite::tungstenite::Message::Text(_)) => {}
                    _ => {}
                }
            }
            None
        })
        .await
        .expect("B closes the replaced seat's socket within 10 s");
        assert_eq!(
            closed.map(|f| u16::from(f.code)),
            Some(4001),
            "the close frame says why"
        );

        // Both processes agree with each other and with the log.
        let ex = export(&c, &ub, &game, &host).await;
        let n = script(&ex).len() as i64;
        let t = Instant::now();
        let (ia, ib) = loop {
            let (ia, ib) = (info(&c, &ua, &game).await, info(&c, &ub, &game).await);
            if (ia == ib && ia.0 == n) || t.elapsed() > Duration::from_secs(10) {
                break (ia, ib);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert_eq!(ia, ib, "A and B disagree");
        assert_eq!(ia.0, n, "the processes' seq is not the log's length");
        assert!(n > seq0 + 3, "too few steps played: {n}");
        verify(&dir, &ex);
        eprintln!(
            "two servers: the race won by {winner} (the other got {}), then {accepted} submissions alternated \
             between them, from {start} to {}",
            loser.0, ia.1
        );
    });
    drop(rt);
    for (name, s) in [("A", a), ("B", b)] {
        let st = s.terminate();
        assert!(st.success(), "server {name} exited with {st} on SIGTERM");
    }
}
