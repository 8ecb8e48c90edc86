//! Issue 39, point 8: bad input at scale. Sends generated input to everything that reads what a stranger sends —
//! the text and JSON decision parser (with every decision it reads submitted to games in many positions), the
//! transcript reader and replay, the scenario data loader, and the JSON body, path and query of every API route
//! (in this process, on a fresh SQLite file) — and reports the inputs tried and the panics found.
//!
//! `cargo run -p coalition-server --example fuzz --profile fuzz -- --inputs 10000000` (docs/fuzzing.md). The
//! inputs come from a seeded ChaCha generator (`--seed`), so a run is the same on every machine; each input is a
//! mutation of a valid one (a byte flipped, a number made extreme, a name swapped, a JSON value replaced, a
//! piece repeated) or a mix of two. A panic, or an API answer of 500 or more, counts as a failure: the input is
//! written to `--out` and the run exits with status 1.

use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::{Scenario, ScenarioSources, embedded_scenario, embedded_sources};
use coalition_engine::transcript::Transcript;
use coalition_engine::{Decision, Game, PowerId};
use coalition_server::{Config, bind, router};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{Value, json};
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tower::ServiceExt;

/// Panics seen by the hook (in this thread or in a server task), and the last one's message.
static PANICS: AtomicU64 = AtomicU64::new(0);
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// The numbers that break arithmetic: limits of every integer width, around zero, and floats.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "7",
    "127",
    "128",
    "255",
    "256",
    "-128",
    "32767",
    "65535",
    "65536",
    "-32768",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1e308",
    "-0",
    "0.5",
    "1e-7",
    "340282366920938463463374607431768211455",
];

/// Strings that break readers and writers.
const STRINGS: &[&str] = &[
    "",
    " ",
    "\u{0}",
    "\n",
    "'",
    "\"",
    "\\",
    "é",
    "🦀",
    "\u{202e}",
    "none",
    "all",
    "box:",
    ">",
    ",",
    ":",
    "-",
    "null",
    "../../etc/passwd",
    "%00",
    "<script>",
];

struct Args {
    inputs: u64,
    seed: u64,
    out: PathBuf,
    root: PathBuf,
    /// Checks first that a panic in this thread and one in a server task are both caught and counted.
    self_check: bool,
}

fn args() -> Args {
    let mut a = Args {
        inputs: 100_000,
        seed: 1,
        out: std::env::temp_dir().join("coalition-fuzz"),
        root: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."),
        self_check: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{k} needs a value")))
        };
        match k.as_str() {
            "--inputs" => {
                a.inputs = v()
                    .replace('_', "")
                    .parse()
                    .unwrap_or_else(|_| usage("--inputs N"))
            }
            "--seed" => a.seed = v().parse().unwrap_or_else(|_| usage("--seed N")),
            "--out" => a.out = PathBuf::from(v()),
            "--root" => a.root = PathBuf::from(v()),
            "--self-check" => a.self_check = true,
            "-h" | "--help" => usage(""),
            other => usage(&format!("unknown option {other}")),
        }
    }
    a
}

fn usage(msg: &str) -> ! {
    if !msg.is_empty() {
        eprintln!("fuzz: {msg}");
    }
    eprintln!(
        "usage: fuzz [--inputs N (100000)] [--seed N (1)] [--out DIR (temp/coalition-fuzz)] [--root REPO] [--self-check]\n\
         Sends N generated inputs to the decision parser, the transcript and data loaders and the API's routes."
    );
    std::process::exit(2)
}

/// The fuzzer's generator.
struct Gen(ChaCha8Rng);

impl Gen {
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.0.next_u64() % n as u64) as usize
        }
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
    fn byte(&mut self) -> u8 {
        self.0.next_u64() as u8
    }

    /// One mutation of `text`, with `words` (names the scenario knows) and `other` (another input to splice).
    fn mutate_text(&mut self, text: &str, words: &[String], other: &str) -> Vec<u8> {
        let mut b = text.as_bytes().to_vec();
        let rounds = 1 + self.below(4);
        for _ in 0..rounds {
            match self.below(11) {
                0 if !b.is_empty() => {
                    let i = self.below(b.len());
                    b[i] ^= 1 << self.below(8);
                }
                1 => {
                    let i = self.below(b.len() + 1);
                    let x = self.byte();
                    b.insert(i, x);
                }
                2 if !b.is_empty() => {
                    let i = self.below(b.len());
                    let n = 1 + self.below(8.min(b.len() - i));
                    b.drain(i..i + n);
                }
                3 => b.truncate(self.below(b.len() + 1)),
                4 => {
                    // A number made extreme: replace a run of digits (or insert one).
                    let n = self.pick(NUMBERS).as_bytes().to_vec();
                    let at = self.below(b.len() + 1);
                    replace_run(&mut b, at, |c| c.is_ascii_digit() || c == b'-', &n);
                }
                5 if !words.is_empty() => {
                    let w = self.pick(words).as_bytes().to_vec();
                    let at = self.below(b.len() + 1);
                    replace_run(&mut b, at, |c| c.is_ascii_alphanumeric() || c == b'-', &w);
                }
                6 => {
                    let s = self.pick(STRINGS).as_bytes().to_vec();
                    let i = self.below(b.len() + 1);
                    b.splice(i..i, s);
                }
                7 if !b.is_empty() => {
                    // A piece repeated many times (long lists, deep nesting).
                    let i = self.below(b.len());
                    let n = 1 + self.below(16.min(b.len() - i));
                    let piece = b[i..i + n].to_vec();
                    let times = [2, 10, 100, 1000][self.below(4)];
                    let at = i + n;
                    b.splice(at..at, piece.repeat(times));
                }
                8 if !other.is_empty() => {
                    // Spliced with another input.
                    let o = other.as_bytes();
                    let i = self.below(b.len() + 1);
                    let j = self.below(o.len());
                    let k = j + self.below(o.len() - j + 1);
                    b.truncate(i);
                    b.extend_from_slice(&o[j..k]);
                }
                9 => {
                    let open = [b"[".as_slice(), b"{\"a\":", b"(", b"Some("][self.below(4)];
                    let i = self.below(b.len() + 1);
                    b.splice(i..i, open.repeat(1 + self.below(300)));
                }
                _ => {
                    let i = self.below(b.len() + 1);
                    let s =
                        [b",".as_slice(), b" ", b">", b":", b"\"", b"}", b"]", b")"][self.below(8)];
                    b.splice(i..i, s.iter().copied());
                }
            }
        }
        b
    }

    /// One mutation of a JSON value: a node replaced by an extreme number, another type, a known name, a long
    /// or empty list, a missing or unknown field.
    fn mutate_json(&mut self, v: &mut Value, words: &[String]) {
        let mut nodes = 0;
        count(v, &mut nodes);
        let target = self.below(nodes);
        let mut i = 0;
        self.mutate_at(v, target, &mut i, words);
    }

    fn mutate_at(&mut self, v: &mut Value, target: usize, i: &mut usize, words: &[String]) -> bool {
        if *i == target {
            *v = self.replacement(v, words);
            return true;
        }
        *i += 1;
        match v {
            Value::Array(a) => {
                for x in a.iter_mut() {
                    if self.mutate_at(x, target, i, words) {
                        return true;
                    }
                }
            }
            Value::Object(o) => {
                for (_, x) in o.iter_mut() {
                    if self.mutate_at(x, target, i, words) {
                        return true;
                    }
                }
            }
            _ => {}
        }
        false
    }

    fn replacement(&mut self, v: &Value, words: &[String]) -> Value {
        match self.below(9) {
            0 | 1 => {
                let n = *self.pick(NUMBERS);
                serde_json::from_str(n).unwrap_or(Value::Null)
            }
            2 if !words.is_empty() => Value::String(self.pick(words).clone()),
            3 => Value::String(self.pick(STRINGS).to_string()),
            4 => match v {
                Value::Array(a) if !a.is_empty() => {
                    let x = a[self.below(a.len())].clone();
                    Value::Array(vec![x; [2, 50, 5000][self.below(3)]])
                }
                _ => Value::Array(vec![]),
            },
            5 => match v {
                Value::Object(o) => {
                    let mut o = o.clone();
                    if let Some(k) = o.keys().nth(self.below(o.len().max(1))).cloned() {
                        o.remove(&k);
                    }
                    if self.chance(2) {
                        o.insert("unknown".into(), json!(1));
                    }
                    Value::Object(o)
                }
                _ => json!({}),
            },
            6 => Value::Null,
            7 => Value::Bool(self.chance(2)),
            _ => Value::String("x".repeat([1, 300, 70_000][self.below(3)])),
        }
    }
}

fn count(v: &Value, n: &mut usize) {
    *n += 1;
    match v {
        Value::Array(a) => a.iter().for_each(|x| count(x, n)),
        Value::Object(o) => o.values().for_each(|x| count(x, n)),
        _ => {}
    }
}

/// Replaces the run of bytes matching `is` around `at` with `with` (inserts it when there is none).
fn replace_run(b: &mut Vec<u8>, at: usize, is: impl Fn(u8) -> bool, with: &[u8]) {
    let at = at.min(b.len());
    let mut s = at;
    while s > 0 && is(b[s - 1]) {
        s -= 1;
    }
    let mut e = at;
    while e < b.len() && is(b[e]) {
        e += 1;
    }
    b.splice(s..e, with.iter().copied());
}

/// What one target tried and found.
#[derive(Default)]
struct Tally {
    tried: u64,
    accepted: u64,
    failures: u64,
}

/// Everything the inputs are made from.
struct Corpus {
    scenario: Arc<Scenario>,
    sources: ScenarioSources,
    /// Names the scenario knows (powers, minors, areas, seas, leaders, corps and fleet ids).
    words: Vec<String>,
    /// Games in many positions, from the golden transcripts.
    games: Vec<Game>,
    /// Decisions, in the text and JSON forms, each legal in one of `games` for one power.
    decisions: Vec<(usize, PowerId, String)>,
    /// The golden transcripts' text.
    transcripts: Vec<String>,
}

fn corpus(root: &std::path::Path) -> Corpus {
    let scenario = Arc::new(embedded_scenario("1805").expect("the 1805 scenario loads"));
    let test = Arc::new(embedded_scenario("test").expect("the test scenario loads"));
    let sources = embedded_sources("1805").expect("1805 is embedded");
    let mut words: Vec<String> = Vec::new();
    let v = serde_json::to_value(&*scenario).unwrap_or(Value::Null);
    collect_ids(&v, &mut words);
    words.sort();
    words.dedup();

    let mut transcripts = Vec::new();
    let mut files = Vec::new();
    walk(&root.join("tests/transcripts"), &mut files);
    files.sort();
    let mut games = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        if let Ok(t) = Transcript::from_json(&text) {
            let sc = if t.scenario == "test" {
                test.clone()
            } else {
                scenario.clone()
            };
            if t.scenario == "1805"
                && let Ok(g) = t.replay(sc)
            {
                games.push(g);
            }
        }
        transcripts.push(text);
    }
    // A bot campaign's positions too: every step of a few months of the 1805 game, played by its defaults.
    let Ok(mut g) = Game::new(
        scenario.clone(),
        RulebookSpec::default().rulebook(),
        11,
        &[],
    ) else {
        panic!("the 1805 game starts")
    };
    for n in 0..400 {
        let pending = g.pending();
        if pending.is_empty() {
            break;
        }
        if n % 10 == 0 {
            games.push(g.clone());
        }
        for p in pending {
            let _ = g.submit_default(p);
        }
    }
    let mut decisions = Vec::new();
    for (i, g) in games.iter().enumerate() {
        for p in g.pending() {
            for d in g.choices(p).into_iter().take(60) {
                decisions.push((i, p, d.to_string()));
                if let Ok(j) = serde_json::to_string(&d) {
                    decisions.push((i, p, j));
                }
            }
        }
    }
    decisions.sort();
    decisions.dedup();
    Corpus {
        scenario,
        sources,
        words,
        games,
        decisions,
        transcripts,
    }
}

fn collect_ids(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                if k == "id"
                    && let Value::String(s) = x
                {
                    out.push(s.clone());
                }
                collect_ids(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_ids(x, out)),
        _ => {}
    }
}

fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

/// Runs `f`, counting a panic as a failure and writing the input that caused it.
fn guarded(
    t: &mut Tally,
    out: &std::path::Path,
    name: &str,
    input: &[u8],
    f: impl FnOnce() -> bool,
) {
    t.tried += 1;
    let before = PANICS.load(Ordering::Relaxed);
    let r = std::panic::catch_unwind(AssertUnwindSafe(f));
    let panicked = r.is_err() || PANICS.load(Ordering::Relaxed) != before;
    match r {
        Ok(true) if !panicked => t.accepted += 1,
        _ => {}
    }
    if panicked {
        fail(
            t,
            out,
            name,
            input,
            &LAST_PANIC.lock().map(|s| s.clone()).unwrap_or_default(),
        );
    }
}

fn fail(t: &mut Tally, out: &std::path::Path, name: &str, input: &[u8], why: &str) {
    t.failures += 1;
    let _ = std::fs::create_dir_all(out);
    let file = out.join(format!("{name}-{}.bin", t.failures));
    let _ = std::fs::write(&file, input);
    if t.failures <= 20 {
        eprintln!(
            "FAILURE in {name}: {why}\n  input written to {}",
            file.display()
        );
    }
}

/// One request to the API, in this process.
struct Api {
    rt: tokio::runtime::Runtime,
    app: axum::Router,
    game: String,
    host: String,
    seat: String,
    power: String,
}

impl Api {
    fn start(out: &std::path::Path) -> Api {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let db = out.join(format!("fuzz-{}.db", std::process::id()));
        let _ = std::fs::create_dir_all(out);
        let _ = std::fs::remove_file(&db);
        let (app, created) = rt.block_on(async {
            let bound = bind(Config {
                database: db.to_string_lossy().to_string(),
                addr: "127.0.0.1:0".parse().unwrap(),
                admin_token: Some("fuzz-operator".into()),
                creations_per_hour: Some(u64::MAX / 2),
                ..Config::default()
            })
            .await
            .expect("a server on a new SQLite file");
            let app = router(bound.server.clone());
            let body = json!({"players": {"anne": ["france"], "bill": ["austria", "prussia"]},
                              "bots": {"russia": "random"}, "step_seconds": 3600});
            let (status, v) = call(
                &app,
                "POST",
                "/api/games",
                None,
                body.to_string().into_bytes(),
            )
            .await;
            assert_eq!(status, 201, "the fuzz game is created: {v}");
            (app, v)
        });
        let game = created["id"].as_str().unwrap_or_default().to_string();
        let host = created["host_token"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let (status, claimed) = rt.block_on(call(
            &app,
            "POST",
            &format!("/api/games/{game}/seats/anne/claim"),
            None,
            vec![],
        ));
        assert_eq!(status, 200, "anne's seat is claimed: {claimed}");
        Api {
            rt,
            app,
            game,
            host,
            seat: claimed["token"].as_str().unwrap_or_default().to_string(),
            power: "france".into(),
        }
    }
}

async fn call(
    app: &axum::Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Vec<u8>,
) -> (u16, Value) {
    let mut req = axum::http::Request::builder().method(method).uri(path);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let req = match req
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body))
    {
        Ok(r) => r,
        // A path the HTTP layer cannot even read is refused before any route: nothing to try.
        Err(_) => return (400, Value::Null),
    };
    let r = match app.clone().oneshot(req).await {
        Ok(r) => r,
        Err(e) => match e {},
    };
    let status = r.status().as_u16();
    let bytes = axum::body::to_bytes(r.into_body(), 4 << 20)
        .await
        .unwrap_or_default();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The routes, each with a valid body to start from (`None`: no body) and the tokens worth trying.
fn routes(api: &Api, c: &Corpus) -> Vec<(&'static str, String, Option<Value>)> {
    let id = &api.game;
    let decision = c
        .decisions
        .first()
        .map_or_else(|| "pass".into(), |d| d.2.clone());
    let transcript: Value = c
        .transcripts
        .iter()
        .find_map(|t| serde_json::from_str(t).ok())
        .unwrap_or(Value::Null);
    vec![
        (
            "POST",
            "/api/games".into(),
            Some(
                json!({"scenario": "test", "rulebook": "standard", "players": {"a": ["france"]},
                        "bots": {"austria": "random"}, "step_seconds": 60, "on_deadline": "bot"}),
            ),
        ),
        ("GET", format!("/api/games/{id}"), None),
        ("POST", format!("/api/games/{id}/seats/bill/claim"), None),
        ("GET", format!("/api/games/{id}/owed"), None),
        (
            "POST",
            format!("/api/games/{id}/decisions"),
            Some(json!({"power": api.power, "decision": decision})),
        ),
        (
            "POST",
            format!("/api/games/{id}/decisions"),
            Some(json!({"power": "france", "decision": {"pass": null}})),
        ),
        ("GET", format!("/api/games/{id}/view/france?after=3"), None),
        ("GET", format!("/api/games/{id}/log?after=2"), None),
        (
            "POST",
            format!("/api/games/{id}/host"),
            Some(json!({"extend": {"seconds": 60}})),
        ),
        (
            "POST",
            format!("/api/games/{id}/host"),
            Some(json!({"seat": {"power": "russia", "bot": "heuristic", "note": "n"}})),
        ),
        (
            "POST",
            format!("/api/games/{id}/host"),
            Some(
                json!({"adjust": {"adjustment": {"money": {"power": "france", "amount": 5}}, "note": "x"}}),
            ),
        ),
        (
            "POST",
            format!("/api/games/{id}/host"),
            Some(json!("pause")),
        ),
        ("GET", format!("/api/games/{id}/notices"), None),
        (
            "PUT",
            format!("/api/games/{id}/notices"),
            Some(json!({"email": "anne@example.org", "webhook": "http://127.0.0.1:9/h"})),
        ),
        ("GET", format!("/api/games/{id}/export"), None),
        (
            "POST",
            "/api/import".into(),
            Some(json!({"transcript": transcript, "step_seconds": 30})),
        ),
        ("GET", "/api/docs".into(), None),
    ]
}

fn main() {
    let a = args();
    std::panic::set_hook(Box::new(|info| {
        PANICS.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut s) = LAST_PANIC.lock() {
            *s = info.to_string();
        }
    }));
    let started = Instant::now();
    if a.self_check {
        self_check(&a.out);
    }
    let c = corpus(&a.root);
    let api = Api::start(&a.out);
    let routes = routes(&api, &c);
    eprintln!(
        "corpus: {} names, {} positions, {} decisions, {} transcripts, {} routes ({:.1} s)",
        c.words.len(),
        c.games.len(),
        c.decisions.len(),
        c.transcripts.len(),
        routes.len(),
        started.elapsed().as_secs_f64()
    );
    let mut g = Gen(ChaCha8Rng::seed_from_u64(a.seed));
    let names = [
        "decision text",
        "decision submitted",
        "transcript",
        "data",
        "api",
    ];
    let mut t: Vec<Tally> = (0..names.len()).map(|_| Tally::default()).collect();
    let step = (a.inputs / 20).max(1);
    for n in 0..a.inputs {
        if n > 0 && n % step == 0 {
            eprintln!("{n} inputs, {:.0} s", started.elapsed().as_secs_f64());
        }
        // Shares: the parser is cheap, a replay or a request dearer, a whole data load dearest.
        let k = g.below(1000);
        if k < 820 {
            let (at, power, base) = g.pick(&c.decisions).clone();
            let other = g.pick(&c.decisions).2.clone();
            let input = mutated(&mut g, &base, &other, &c.words);
            let text = String::from_utf8_lossy(&input).to_string();
            let mut parsed = None;
            guarded(&mut t[0], &a.out, names[0], &input, || {
                parsed = Decision::parse(&text, &c.scenario).ok();
                parsed.is_some()
            });
            if let Some(d) = parsed {
                // Submitted where its original was legal (mostly), or in another position.
                let (game, p) = if g.chance(4) {
                    let game = g.pick(&c.games);
                    (game, game.pending().first().copied().unwrap_or(power))
                } else {
                    (&c.games[at], power)
                };
                let mut game = game.clone();
                guarded(&mut t[1], &a.out, names[1], &input, || {
                    game.submit(p, d).is_ok()
                });
            }
        } else if k < 900 {
            let base = g.pick(&c.transcripts).clone();
            let other = g.pick(&c.transcripts).clone();
            let input = mutated(&mut g, &base, &other, &c.words);
            let text = String::from_utf8_lossy(&input).to_string();
            let sc = c.scenario.clone();
            guarded(&mut t[2], &a.out, names[2], &input, || {
                Transcript::from_json(&text).is_ok_and(|tr| {
                    tr.scenario == "1805" && tr.script.len() <= 400 && tr.replay(sc).is_ok()
                })
            });
        } else if k < 902 {
            let mut sources = c.sources.clone();
            let keys: Vec<String> = sources.files.keys().cloned().collect();
            let file = g.pick(&keys).clone();
            let text = sources.files[&file].clone();
            let input = g.mutate_text(&text, &c.words, "");
            sources
                .files
                .insert(file.clone(), String::from_utf8_lossy(&input).to_string());
            guarded(&mut t[3], &a.out, names[3], &input, || {
                Scenario::load(&sources, "1805").is_ok()
            });
        } else {
            let (method, path, body) = g.pick(&routes).clone();
            let path = if g.chance(8) {
                String::from_utf8_lossy(&g.mutate_text(&path, &c.words, "")).to_string()
            } else {
                path
            };
            let body = match body {
                Some(v) => {
                    let s = v.to_string();
                    mutated(&mut g, &s, "", &c.words)
                }
                None if g.chance(4) => g.mutate_text("{}", &c.words, ""),
                None => vec![],
            };
            let token = match g.below(4) {
                0 => None,
                1 => Some(api.host.as_str()),
                2 => Some(api.seat.as_str()),
                _ => Some("not-a-token"),
            };
            t[4].tried += 1;
            let before = PANICS.load(Ordering::Relaxed);
            let r = std::panic::catch_unwind(AssertUnwindSafe(|| {
                api.rt
                    .block_on(call(&api.app, method, &path, token, body.clone()))
            }));
            let panicked = PANICS.load(Ordering::Relaxed) != before;
            match r {
                Ok((status, _)) if status < 500 && !panicked => {
                    if status < 300 {
                        t[4].accepted += 1;
                    }
                }
                Ok((status, v)) => {
                    let why = format!(
                        "{method} {path}: {status} {v} {}",
                        LAST_PANIC.lock().map(|s| s.clone()).unwrap_or_default()
                    );
                    fail(&mut t[4], &a.out, names[4], &body, &why)
                }
                Err(_) => {
                    let why = LAST_PANIC.lock().map(|s| s.clone()).unwrap_or_default();
                    fail(&mut t[4], &a.out, names[4], &body, &why)
                }
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!("fuzz: {} inputs, seed {}, {:.0} s", a.inputs, a.seed, secs);
    for (name, x) in names.iter().zip(&t) {
        println!(
            "  {name:<20} {:>11} tried {:>10} accepted {:>6} failures",
            x.tried, x.accepted, x.failures
        );
    }
    let failures: u64 = t.iter().map(|x| x.failures).sum();
    println!("panics or 5xx answers: {failures}");
    if failures > 0 {
        eprintln!("failing inputs are in {}", a.out.display());
        std::process::exit(1);
    }
}

/// Shows that the run would see a panic: one in this thread (an overflow, as the `fuzz` profile checks them) and
/// one in a task of the runtime the API's requests run on. Exits with status 3 if either goes unseen.
fn self_check(out: &std::path::Path) {
    let mut t = Tally::default();
    let big = std::hint::black_box(u32::MAX);
    guarded(
        &mut t,
        out,
        "self-check (a panic on purpose)",
        b"overflow",
        || big + 1 > 0,
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let before = PANICS.load(Ordering::Relaxed);
    let joined =
        rt.block_on(async { tokio::spawn(async { panic!("a panic in a server task") }).await });
    let seen_in_task = joined.is_err() && PANICS.load(Ordering::Relaxed) == before + 1;
    if t.failures != 1 || !seen_in_task {
        eprintln!(
            "self-check failed: {} of 1 panics seen in this thread, task panic seen: {seen_in_task}",
            t.failures
        );
        std::process::exit(3);
    }
    PANICS.store(0, Ordering::Relaxed);
    eprintln!("self-check: a panic in this thread and one in a server task are both seen");
}

/// A mutated input: as JSON, a value replaced (half the time, when `base` is JSON), else bytes changed.
fn mutated(g: &mut Gen, base: &str, other: &str, words: &[String]) -> Vec<u8> {
    if g.chance(3) {
        // Only numbers made extreme, so that most inputs still read and reach the rules' arithmetic.
        let mut b = base.as_bytes().to_vec();
        let digits: Vec<usize> = (0..b.len()).filter(|&i| b[i].is_ascii_digit()).collect();
        if !digits.is_empty() {
            for _ in 0..1 + g.below(2) {
                let at = *g.pick(&digits);
                let n = g.pick(NUMBERS).as_bytes().to_vec();
                replace_run(&mut b, at, |c| c.is_ascii_digit() || c == b'-', &n);
            }
            return b;
        }
    }
    if g.chance(2)
        && let Ok(mut v) = serde_json::from_str::<Value>(base)
    {
        for _ in 0..1 + g.below(3) {
            g.mutate_json(&mut v, words);
        }
        return v.to_string().into_bytes();
    }
    g.mutate_text(base, words, other)
}
