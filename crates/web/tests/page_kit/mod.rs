//! What the page tests (`pages.rs`, `pages_issue41.rs`) share: a server in this process with the browser's pages,
//! a client that sends forms and follows htmx, and a golden transcript imported part way.
#![allow(dead_code)]

use coalition_engine::ids::PowerId;
use coalition_engine::scenario::embedded_scenario;
use coalition_server::{Config, bind};
use serde_json::{Value, json};
use std::sync::Arc;

pub struct Srv {
    pub url: String,
    pub server: Arc<coalition_server::Server>,
    pub http: reqwest::Client,
}

pub async fn start() -> Srv {
    start_with(|_| {}).await
}

/// A server with its settings changed by `f`.
pub async fn start_with(f: impl FnOnce(&mut Config)) -> Srv {
    let dir = std::env::temp_dir().join(format!(
        "coalition-web-test-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut config = Config {
        database: dir.join("coalition.db").to_str().unwrap().to_string(),
        addr: "127.0.0.1:0".parse().unwrap(),
        admin_token: Some("operator".into()),
        snapshot_every: None,
        creations_per_hour: Some(1_000_000),
        ..Default::default()
    };
    f(&mut config);
    let bound = bind(config)
        .await
        .expect("the server starts")
        .with_routes(coalition_web::routes);
    let url = format!("http://{}", bound.addr);
    let server = bound.server.clone();
    tokio::spawn(bound.serve(std::future::pending()));
    Srv {
        url,
        server,
        http: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
    }
}

impl Srv {
    /// A page as the browser holding `cookie` gets it: its status and text.
    pub async fn page(&self, path: &str, cookie: &str) -> (u16, String) {
        let r = self
            .http
            .get(format!("{}{path}", self.url))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    /// A form posted by the browser holding `cookie`: the status, the redirect, the text.
    pub async fn form(
        &self,
        path: &str,
        cookie: &str,
        fields: &[(&str, &str)],
        htmx: bool,
    ) -> (u16, Option<String>, String) {
        let mut rq = self
            .http
            .post(format!("{}{path}", self.url))
            .header("cookie", cookie)
            .form(fields);
        if htmx {
            rq = rq.header("hx-request", "true");
        }
        let r = rq.send().await.unwrap();
        let to = r
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_string());
        (r.status().as_u16(), to, r.text().await.unwrap())
    }

    pub async fn api(&self, path: &str, body: Value) -> Value {
        let r = self
            .http
            .post(format!("{}{path}", self.url))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.json().await.unwrap()
    }

    /// Claims seat `seat` of game `id`: the cookie that opens its pages.
    pub async fn claim(&self, id: &str, seat: &str) -> String {
        let c = self
            .api(&format!("/api/games/{id}/seats/{seat}/claim"), json!({}))
            .await;
        format!("coalition_seat_{id}={}", c["token"].as_str().unwrap())
    }

    /// A game of the test scenario with seats anne (France), bill (Austria), cleo (Prussia), each claimed: the
    /// id and each seat's (player, power, cookie).
    pub async fn three_seats(&self) -> (String, Vec<(String, PowerId, String)>) {
        let g = self
            .api(
                "/api/games",
                json!({"scenario": "test", "players": {"anne": ["france"], "bill": ["austria"], "cleo": ["prussia"]}}),
            )
            .await;
        let id = g["id"].as_str().unwrap().to_string();
        let mut seats = Vec::new();
        for (player, power) in [("anne", "france"), ("bill", "austria"), ("cleo", "prussia")] {
            let c = self
                .api(&format!("/api/games/{id}/seats/{player}/claim"), json!({}))
                .await;
            seats.push((
                player.to_string(),
                PowerId::new(power).unwrap(),
                format!("coalition_seat_{id}={}", c["token"].as_str().unwrap()),
            ));
        }
        (id, seats)
    }
}

/// A golden transcript cut at the last entry after which `keep` holds of the game, imported through the API:
/// the game's id and the game as cut.
pub async fn import_cut(
    srv: &Srv,
    file: &str,
    keep: impl Fn(&coalition_engine::game::Game) -> bool,
) -> (String, coalition_engine::game::Game) {
    let path = format!(
        "{}/../../tests/transcripts/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut t: coalition_engine::transcript::Transcript =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    t.script
        .retain(|e| !matches!(e, coalition_engine::transcript::Entry::Refused { .. }));
    let s = Arc::new(embedded_scenario(&t.scenario).unwrap());
    let full = t.script.clone();
    let mut cut = None;
    for k in 0..=full.len() {
        t.script = full[..k].to_vec();
        let g = t.replay(s.clone()).unwrap();
        if keep(&g) {
            cut = Some((k, g));
        }
    }
    let (k, g) = cut.unwrap_or_else(|| panic!("{file}: no point where the test's condition holds"));
    t.script = full[..k].to_vec();
    let mut body = serde_json::to_value(&t).unwrap();
    if let Some(o) = body.as_object_mut() {
        o.remove("expect");
    }
    let created = srv.api("/api/import", json!({ "transcript": body })).await;
    (created["id"].as_str().unwrap().to_string(), g)
}

/// The value of the first `attr="..."` after `from` in `html`, unescaped.
pub fn attr_after(html: &str, from: &str, attr: &str) -> Option<String> {
    let i = html.find(from)?;
    let k = format!("{attr}=\"");
    let j = html[i..].find(&k)? + i + k.len();
    let v = html[j..].split('"').next()?;
    Some(unescape(v))
}

/// HTML's character references as a browser reads them (named: amp, lt, gt, quot; numeric, decimal and hex).
pub fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut rest = v;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let Some(j) = tail.find(';') else {
            out.push_str(tail);
            return out;
        };
        let name = &tail[1..j];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            n if n.starts_with("#x") => u32::from_str_radix(&n[2..], 16)
                .ok()
                .and_then(char::from_u32),
            n if n.starts_with('#') => n[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match c {
            Some(c) => out.push(c),
            None => out.push_str(&tail[..=j]),
        }
        rest = &tail[j + 1..];
    }
    out.push_str(rest);
    out
}
