//! What the server's tests share: a server in this process on a new SQLite file (or on PostgreSQL when
//! `COALITION_TEST_DATABASE_URL` is set), and a small JSON client.

#![allow(dead_code)]

use coalition_server::{Config, bind};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, Ordering};

static NEXT: AtomicU64 = AtomicU64::new(0);

/// The operator's token of the test servers.
pub const ADMIN: &str = "test-operator-token";

/// A new SQLite file's path.
pub fn sqlite_file() -> String {
    let dir = std::env::temp_dir().join(format!(
        "coalition-server-test-{}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("coalition.db").to_str().unwrap().to_string()
}

/// The databases a test runs on: a new SQLite file, and PostgreSQL when the variable names one.
pub fn databases() -> Vec<String> {
    let mut v = vec![sqlite_file()];
    match std::env::var("COALITION_TEST_DATABASE_URL") {
        Ok(url) => v.push(url),
        Err(_) => {
            eprintln!("COALITION_TEST_DATABASE_URL is not set: this test runs on SQLite only")
        }
    }
    v
}

/// A server running in this process.
pub struct Srv {
    pub url: String,
    pub server: std::sync::Arc<coalition_server::Server>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
    pub http: reqwest::Client,
}

impl Srv {
    /// Starts a server on `database` at a free port.
    pub async fn start(database: &str) -> Srv {
        Srv::start_with(database, None).await
    }

    /// Starts a server on `database` that keeps a snapshot every `snapshot_every` entries.
    pub async fn start_with(database: &str, snapshot_every: Option<i64>) -> Srv {
        Srv::start_config(Config {
            database: database.to_string(),
            snapshot_every,
            ..Srv::config()
        })
        .await
    }

    /// The test servers' settings: a free port, the test operator's token, creations without a practical limit.
    pub fn config() -> Config {
        Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            admin_token: Some(ADMIN.to_string()),
            creations_per_hour: Some(1_000_000),
            ..Config::default()
        }
    }

    /// The test servers' settings, changed by `f`.
    pub fn config_with(f: impl FnOnce(&mut Config)) -> Config {
        let mut c = Srv::config();
        f(&mut c);
        c
    }

    /// Starts a server with `config`.
    pub async fn start_config(config: Config) -> Srv {
        let bound = bind(config).await.expect("the server starts");
        let url = format!("http://{}", bound.addr);
        let server = bound.server.clone();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(bound.serve(async move {
            let _ = rx.await;
        }));
        Srv {
            url,
            server,
            stop: Some(tx),
            task: Some(task),
            http: reqwest::Client::new(),
        }
    }

    /// Stops the server and waits until it has.
    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.unwrap().unwrap();
        }
    }

    /// A request to `path` with an optional bearer token and JSON body: the status and the JSON answer.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut r = self.http.request(method, format!("{}{path}", self.url));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        if let Some(b) = body {
            r = r.json(&b);
        }
        let resp = r.send().await.expect("the server answers");
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, v)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.call(reqwest::Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.call(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    /// Creates a game of the `test` scenario with three seats (anne: France, bill: Austria, cleo: Prussia)
    /// and claims them: the game's id, the host's token and the seats' (player, power, token).
    pub async fn three_seats(
        &self,
        extra: Value,
    ) -> (String, String, Vec<(String, String, String)>) {
        let mut body = json!({
            "scenario": "test",
            "players": {"anne": ["france"], "bill": ["austria"], "cleo": ["prussia"]},
        });
        if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                b.insert(k.clone(), v.clone());
            }
        }
        let (s, g) = self.post("/api/games", None, body).await;
        assert_eq!(s, 201, "{g}");
        let id = g["id"].as_str().unwrap().to_string();
        let host = g["host_token"].as_str().unwrap().to_string();
        let mut seats = Vec::new();
        for (player, power) in [("anne", "france"), ("bill", "austria"), ("cleo", "prussia")] {
            if g["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["player"] == player && s["held_by"] == "bot")
            {
                // A bot's seat cannot be claimed: it has no token.
                seats.push((player.to_string(), power.to_string(), String::new()));
                continue;
            }
            let (s, c) = self
                .post(
                    &format!("/api/games/{id}/seats/{player}/claim"),
                    None,
                    json!({}),
                )
                .await;
            assert_eq!(s, 200, "{c}");
            seats.push((
                player.to_string(),
                power.to_string(),
                c["token"].as_str().unwrap().to_string(),
            ));
        }
        (id, host, seats)
    }

    /// A game of the test scenario whose Prussia a bot plays: seats anne (France) and bill (Austria), free, and
    /// gb (Prussia), the bot's. Its id and host token.
    pub async fn with_a_bots_seat(&self) -> (String, String) {
        let (s, g) = self
            .post(
                "/api/games",
                None,
                json!({"scenario": "test", "players": {"anne": ["france"], "bill": ["austria"], "gb": ["prussia"]},
                       "bots": {"prussia": "heuristic"}}),
            )
            .await;
        assert_eq!(s, 201, "{g}");
        (
            g["id"].as_str().unwrap().to_string(),
            g["host_token"].as_str().unwrap().to_string(),
        )
    }

    /// A host action on game `id` with the token `host`.
    pub async fn host(&self, id: &str, host: &str, action: Value) -> (u16, Value) {
        self.post(&format!("/api/games/{id}/host"), Some(host), action)
            .await
    }

    /// The game once its bots have stopped playing on in the background (`bots_playing`), within a minute.
    pub async fn settled(&self, id: &str) -> Value {
        let t = std::time::Instant::now();
        loop {
            let v = self.info(id).await;
            if v["bots_playing"] == false {
                return v;
            }
            assert!(
                t.elapsed() < std::time::Duration::from_secs(60),
                "the bots still play on after a minute: {v}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }

    /// The game's public face.
    pub async fn info(&self, id: &str) -> Value {
        let (s, v) = self.get(&format!("/api/games/{id}"), None).await;
        assert_eq!(s, 200, "{v}");
        v
    }
}
