//! What the browser tests share (issue 18): chromedriver and its sessions, the server in this process, each
//! page's screenshot, size and axe-core verdict, and the ways the tests read and act on the pages.

#![allow(dead_code)]

use coalition_server::{Config, bind};
use coalition_web::PAGE_LIMIT;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub const ADMIN: &str = "browser-test-operator-token";

/// How long a page may take to show what a test waits for.
pub const PATIENCE: Duration = Duration::from_secs(15);

pub static NEXT: AtomicU64 = AtomicU64::new(0);

// ---------------------------------------------------------------------------------------------------------------
// The browser: chromedriver as a child process, and the WebDriver sessions opened on it.

/// An executable found on `PATH` or in `/usr/bin`.
pub fn executable(name: &str) -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    dirs.into_iter()
        .chain([PathBuf::from("/usr/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// chromedriver, started by this test on a free port; killed (with the browsers it started) when dropped, also
/// when a test panics.
pub struct Driver {
    pub child: Child,
    pub url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // chromedriver leads its own process group (see `start`): end the group (chromedriver and any browser it
        // left behind), then chromedriver itself by its handle.
        let _ = Command::new("kill")
            .args(["-TERM", "--", &format!("-{}", self.child.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser to drive: chromedriver and chromium's path, and every session opened (closed by `close_all`).
pub struct Browser {
    pub driver: Driver,
    pub chromium: PathBuf,
    pub sessions: tokio::sync::Mutex<Vec<Client>>,
}

impl Browser {
    /// Starts chromedriver, or `None` (after saying why) when this machine has no browser.
    pub async fn start() -> Option<Browser> {
        let (chromium, chromedriver) = match (executable("chromium"), executable("chromedriver")) {
            (Some(c), Some(d)) => (c, d),
            (None, None) => {
                eprintln!("skipped: no browser: install chromium and chromium-driver");
                return None;
            }
            (c, d) => panic!(
                "a half-installed browser: chromium {c:?}, chromedriver {d:?}: install both chromium and \
                 chromium-driver"
            ),
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let log = std::env::temp_dir().join(format!("coalition-chromedriver-{port}.log"));
        let child = {
            use std::os::unix::process::CommandExt;
            Command::new(&chromedriver)
                .arg(format!("--port={port}"))
                .arg(format!("--log-path={}", log.display()))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .spawn()
                .expect("chromedriver starts")
        };
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let http = reqwest::Client::new();
        let since = Instant::now();
        loop {
            if let Ok(r) = http.get(format!("{}/status", driver.url)).send().await {
                if r.status().is_success() {
                    break;
                }
            }
            assert!(
                since.elapsed() < PATIENCE,
                "chromedriver did not answer on {} (its log: {})",
                driver.url,
                log.display()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Some(Browser {
            driver,
            chromium,
            sessions: tokio::sync::Mutex::new(Vec::new()),
        })
    }

    /// A new browser session: its own profile, so its own cookies.
    pub async fn session(&self) -> Client {
        self.session_with(json!({
            "binary": self.chromium,
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--window-size=1280,1800",
            ],
        }))
        .await
    }

    /// A new session whose viewport is exactly `width` × `height` CSS pixels (chromium's device emulation): a
    /// phone (`mobile`, at two device pixels a CSS pixel) or a desktop window.
    pub async fn session_sized(&self, width: u32, height: u32, mobile: bool) -> Client {
        self.session_with(json!({
            "binary": self.chromium,
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                format!("--window-size={width},{height}"),
            ],
            "mobileEmulation": {
                "deviceMetrics": {
                    "width": width,
                    "height": height,
                    "pixelRatio": if mobile { 2.0 } else { 1.0 },
                    "mobile": mobile,
                    "touch": mobile,
                }
            },
        }))
        .await
    }

    async fn session_with(&self, options: Value) -> Client {
        let mut caps = serde_json::Map::new();
        caps.insert("goog:chromeOptions".into(), options);
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&self.driver.url)
            .await
            .expect("chromedriver opens a session of chromium");
        self.sessions.lock().await.push(c.clone());
        c
    }

    /// Closes every session (each closes its browser).
    pub async fn close_all(&self) {
        for c in self.sessions.lock().await.drain(..) {
            let _ = c.close().await;
        }
    }
}

/// Runs `body` with a browser, then closes the browser's sessions and stops chromedriver, also when `body`
/// panics (the panic is then raised again).
pub async fn with_browser<F, Fut>(body: F)
where
    F: FnOnce(Arc<Browser>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let Some(browser) = Browser::start().await else {
        return;
    };
    let browser = Arc::new(browser);
    let outcome = tokio::spawn(body(browser.clone())).await;
    browser.close_all().await;
    drop(browser);
    if let Err(e) = outcome {
        if e.is_panic() {
            std::panic::resume_unwind(e.into_panic());
        }
        panic!("the test's task failed: {e}");
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The server.

/// A new SQLite file's path.
pub fn sqlite_file() -> String {
    let dir = std::env::temp_dir().join(format!(
        "coalition-web-browser-{}-{}-{}",
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

/// The server with the browser's pages, in this process.
pub struct Srv {
    pub url: String,
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub task: Option<tokio::task::JoinHandle<Result<(), String>>>,
}

impl Srv {
    pub async fn start() -> Srv {
        let bound = bind(Config {
            database: sqlite_file(),
            addr: "127.0.0.1:0".parse().unwrap(),
            admin_token: Some(ADMIN.to_string()),
            snapshot_every: None,
            creations_per_hour: Some(1_000_000),
            ..Default::default()
        })
        .await
        .expect("the server starts");
        let url = format!("http://{}", bound.addr);
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let serving = bound.with_routes(coalition_web::routes).serve(async move {
            let _ = rx.await;
        });
        let task = tokio::spawn(async move { serving.await.map_err(|e| e.to_string()) });
        Srv {
            url,
            stop: Some(tx),
            task: Some(task),
        }
    }

    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.unwrap().unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Each page visited: a screenshot, its size, and axe-core's verdict.

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn screenshots_dir() -> PathBuf {
    let d = workspace().join("target/screenshots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// One axe-core violation on one page.
pub struct Violation {
    pub page: String,
    pub id: String,
    pub impact: String,
    pub help: String,
    pub targets: Vec<String>,
    /// axe's summary of the first node's failure.
    pub why: String,
}

/// What the pages visited in one test showed: the screenshots saved, the pages over the size limit and axe's
/// violations, all asserted on by `finish` (so one run reports them all).
pub struct Pages {
    pub prefix: &'static str,
    pub n: usize,
    pub axe: String,
    pub shots: Vec<String>,
    pub too_big: Vec<String>,
    pub violations: Vec<Violation>,
    pub failed: Vec<String>,
}

impl Pages {
    pub fn new(prefix: &'static str) -> Pages {
        let axe = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vendor/axe.min.js"),
        )
        .expect("the vendored axe-core");
        Pages {
            prefix,
            n: 0,
            axe,
            shots: Vec::new(),
            too_big: Vec::new(),
            violations: Vec::new(),
            failed: Vec::new(),
        }
    }

    /// Saves a screenshot of `c`'s page as `{prefix}-{nn}-{name}.png`.
    pub async fn shot(&mut self, c: &Client, name: &str) {
        self.n += 1;
        let file = format!("{}-{:02}-{name}.png", self.prefix, self.n);
        let png = c.screenshot().await.expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "{file} is a PNG");
        std::fs::write(screenshots_dir().join(&file), png).unwrap();
        self.shots.push(file);
    }

    /// The HTML page `c` shows, visited: screenshot, size (the page as the browser holds it, in UTF-8 bytes) and,
    /// when `audit`, axe-core's violations.
    pub async fn visit(&mut self, c: &Client, name: &str, audit: bool) {
        self.shot(c, name).await;
        let size = c
            .execute(
                "return new TextEncoder().encode('<!doctype html>' + document.documentElement.outerHTML).length;",
                vec![],
            )
            .await
            .unwrap()
            .as_u64()
            .unwrap() as usize;
        let url = c.current_url().await.unwrap();
        println!("page {name}: {url} ({size} bytes)");
        if size >= PAGE_LIMIT {
            self.too_big.push(format!(
                "{name} ({url}): {size} bytes, the limit is {PAGE_LIMIT}"
            ));
        }
        if audit {
            for v in axe(c, &self.axe).await {
                self.violations.push(Violation {
                    page: name.to_string(),
                    ..v
                });
            }
        }
    }

    /// A check of what a page shows: a failure is kept (and printed) and fails the test in `finish`, so that one
    /// run reports every page's problems.
    pub fn check(&mut self, ok: bool, what: &str) {
        if ok {
            println!("ok: {what}");
        } else {
            println!("FAILED: {what}");
            self.failed.push(what.to_string());
        }
    }

    /// Prints everything found, then asserts: no page over the limit, no serious or critical violation.
    pub fn finish(self) {
        println!("screenshots of {}: {}", self.prefix, self.shots.join(", "));
        let mut bad = Vec::new();
        for v in &self.violations {
            let line = format!(
                "axe on {}: {} ({}): {} at {} ({})",
                v.page,
                v.id,
                v.impact,
                v.help,
                v.targets.join(" | "),
                v.why
            );
            println!("{line}");
            if v.impact == "serious" || v.impact == "critical" {
                bad.push(line);
            }
        }
        assert!(
            self.failed.is_empty(),
            "the pages do not show what they should:\n{}",
            self.failed.join("\n")
        );
        assert!(
            self.too_big.is_empty(),
            "pages over PAGE_LIMIT: {:?}",
            self.too_big
        );
        assert!(
            bad.is_empty(),
            "serious or critical accessibility violations:\n{}",
            bad.join("\n")
        );
    }
}

/// Runs axe-core on `c`'s page: its violations (the page's name left empty).
pub async fn axe(c: &Client, source: &str) -> Vec<Violation> {
    c.execute(source, vec![]).await.expect("axe-core loads");
    let r = c
        .execute_async(
            r#"const done = arguments[arguments.length - 1];
               axe.run(document, {resultTypes: ['violations']})
                 .then(r => done(r.violations.map(v => ({
                    id: v.id, impact: v.impact || '', help: v.help,
                    targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
                    why: v.nodes.length ? (v.nodes[0].failureSummary || '') : ''}))))
                 .catch(e => done({error: String(e)}));"#,
            vec![],
        )
        .await
        .expect("axe-core runs");
    let list = r
        .as_array()
        .unwrap_or_else(|| panic!("axe-core failed: {r}"));
    list.iter()
        .map(|v| Violation {
            page: String::new(),
            id: v["id"].as_str().unwrap_or("").to_string(),
            impact: v["impact"].as_str().unwrap_or("").to_string(),
            help: v["help"].as_str().unwrap_or("").to_string(),
            why: v["why"].as_str().unwrap_or("").replace('\n', " "),
            targets: v["targets"]
                .as_array()
                .map(|t| {
                    t.iter()
                        .map(|x| x.as_str().unwrap_or("").to_string())
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------------
// Reading and acting on the pages.

/// Waits until `script` (a function body) returns something other than null or false: its value.
pub async fn until(c: &Client, what: &str, script: &str) -> Value {
    let since = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.unwrap();
        if !(v.is_null() || v == Value::Bool(false)) {
            return v;
        }
        assert!(since.elapsed() < PATIENCE, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A string as a quoted CSS attribute value.
pub fn css_str(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The selector of the decision form of `power`.
pub fn form_of(power: &str) -> String {
    format!(
        "form.decision:has(input[type=hidden][name=power][value={}])",
        css_str(power)
    )
}

/// The radio values of `power`'s decision form on `c`'s page (empty when it shows none).
pub async fn choices(c: &Client, power: &str) -> Vec<String> {
    let v = c
        .execute(
            "return [...document.querySelectorAll(arguments[0] + ' input[type=radio][name=choice], ' + \
             arguments[0] + ' select[name=choice] option')].map(e => e.value);",
            vec![json!(form_of(power))],
        )
        .await
        .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The text of the first element matching `css` on the page, its white space folded, if any.
pub async fn text_of(c: &Client, css: &str) -> Option<String> {
    let v = c
        .execute(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            vec![json!(css)],
        )
        .await
        .unwrap();
    v.as_str()
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The diplomacy matrix on `c`'s table: (row power, column power) → the words in the cell.
pub async fn matrix(c: &Client) -> std::collections::BTreeMap<(String, String), String> {
    let v = c
        .execute(
            r#"const t = document.querySelector('#table table.matrix');
               if (!t) { return null; }
               const heads = [...t.tHead.rows[0].cells].slice(1).map(c => c.textContent.trim());
               const out = [];
               for (const r of t.tBodies[0].rows) {
                 const row = r.cells[0].textContent.trim();
                 [...r.cells].slice(1).forEach((c, i) => out.push([row, heads[i], c.textContent.trim()]));
               }
               return out;"#,
            vec![],
        )
        .await
        .unwrap();
    v.as_array()
        .expect("the table has a diplomacy matrix")
        .iter()
        .map(|x| {
            (
                (
                    x[0].as_str().unwrap().to_string(),
                    x[1].as_str().unwrap().to_string(),
                ),
                x[2].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

pub fn cell(m: &std::collections::BTreeMap<(String, String), String>, a: &str, b: &str) -> String {
    m.get(&(a.to_string(), b.to_string()))
        .unwrap_or_else(|| panic!("the matrix has no cell {a} × {b}: {m:?}"))
        .clone()
}

/// Opens the table of game `id` afresh.
pub async fn open_table(c: &Client, srv: &Srv, id: &str) {
    c.goto(&format!("{}/games/{id}", srv.url)).await.unwrap();
    c.wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css("#table"))
        .await
        .expect("the table");
}

/// Prepares to read the answer to the next form htmx posts: marks the table as stale and keeps the answer's
/// status and body in `window.__answer`.
pub async fn arm(c: &Client) {
    c.execute(
        r#"window.__answer = null;
           document.getElementById('table').dataset.stale = '1';
           document.addEventListener('htmx:beforeSwap', function h(e) {
             if (e.detail.requestConfig && e.detail.requestConfig.verb === 'post') {
               window.__answer = {status: e.detail.xhr.status, body: e.detail.xhr.responseText};
               document.removeEventListener('htmx:beforeSwap', h);
             }
           });"#,
        vec![],
    )
    .await
    .unwrap();
}

/// Waits for the answer to the form htmx posted and for the new table to replace the old: the answer's body.
pub async fn answer(c: &Client, what: &str) -> String {
    let a = until(
        c,
        &format!("the answer to {what}"),
        "return window.__answer;",
    )
    .await;
    until(
        c,
        &format!("the table after {what}"),
        "const t = document.getElementById('table'); return !!t && !t.dataset.stale;",
    )
    .await;
    assert_eq!(a["status"], 200, "{what}: {a}");
    a["body"].as_str().unwrap().to_string()
}

/// Whether an answer (a table htmx swaps in) shows a refusal; its words if so.
pub fn refusal_in(body: &str) -> Option<String> {
    let i = body.find("class=\"refusal\"")?;
    let rest = &body[i..];
    let start = rest.find('>')? + 1;
    let end = rest.find("</p>")?;
    Some(rest[start..end].to_string())
}

/// `power`'s seat plays `decision` on its table: waits (reloading the table, a bounded number of times) until its
/// form lists the decision, clicks its radio and the form's button, and checks that it was accepted. A decision
/// the form never lists is typed into the form's text field instead.
pub async fn play(c: &Client, srv: &Srv, id: &str, power: &str, decision: &str) {
    let form = form_of(power);
    let radio = format!(
        "{form} input[type=radio][name=choice][value={}]",
        css_str(decision)
    );
    let since = Instant::now();
    let listed = loop {
        open_table(c, srv, id).await;
        let listed = choices(c, power).await;
        if listed.iter().any(|d| d == decision) {
            break true;
        }
        if since.elapsed() > PATIENCE {
            assert!(
                !listed.is_empty(),
                "{power} never owed a decision to play `{decision}`"
            );
            println!("{power}: `{decision}` is not among {listed:?}: typed");
            break false;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    arm(c).await;
    if listed {
        if c.find(Locator::Css(&radio)).await.is_ok() {
            c.find(Locator::Css(&radio))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        } else {
            // More than 12 choices: a select.
            c.find(Locator::Css(&format!("{form} select[name=choice]")))
                .await
                .unwrap()
                .select_by_value(decision)
                .await
                .unwrap();
        }
    } else {
        c.find(Locator::Css(&format!("{form} input[name=typed]")))
            .await
            .unwrap()
            .send_keys(decision)
            .await
            .unwrap();
    }
    c.find(Locator::Css(&format!("{form} button[type=submit]")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let body = answer(c, &format!("{power}'s `{decision}`")).await;
    assert_eq!(
        refusal_in(&body),
        None,
        "{power}'s `{decision}` is accepted"
    );
    assert!(
        body.contains(&format!("Sent: {decision}")),
        "the table says {power}'s `{decision}` was sent"
    );
}

/// The page `c` shows, without the lists of its own choices (which may name the same decisions as another
/// power's): what must not leak.
pub async fn page_without_own_choices(c: &Client) -> String {
    c.execute(
        "const d = document.documentElement.cloneNode(true); \
         d.querySelectorAll('ul.choices, select[name=choice]').forEach(e => e.remove()); \
         return d.outerHTML;",
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap()
    .to_string()
}

/// The element focused now on `c`'s page.
pub async fn focused(c: &Client) -> Value {
    c.execute(
        "const a = document.activeElement; \
         return {tag: a.tagName, cls: a.className, text: a.textContent.trim(), type: a.type || '', \
                 value: a.value || '', checked: !!a.checked, name: a.name || ''};",
        vec![],
    )
    .await
    .unwrap()
}

/// Presses `key` on whatever has the focus.
pub async fn press(c: &Client, key: Key) {
    let k: char = key.into();
    c.perform_actions(
        KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: k })
            .then(KeyAction::Up { value: k }),
    )
    .await
    .unwrap();
}

/// The import body of `tests/transcripts/political/4.3-call-to-allies.json`: its setup only (no script, no
/// expectations).
pub fn fixture() -> Value {
    let path = workspace().join("tests/transcripts/political/4.3-call-to-allies.json");
    let mut t: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let o = t.as_object_mut().unwrap();
    o.remove("expect");
    o.remove("rules");
    o.insert("script".into(), json!([]));
    json!({ "transcript": t })
}

/// Imports the fixture through the API: the new game's id.
pub async fn import_fixture(srv: &Srv) -> String {
    let r = reqwest::Client::new()
        .post(format!("{}/api/import", srv.url))
        .json(&fixture())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201, "the fixture imports");
    r.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// On `c`, opens the seat `link`, presses "Take this seat" and waits for the taken page (each page visited as
/// `{name}-seat` and `{name}-taken`): the taken page's link to the table.
pub async fn take_from_link(
    c: &Client,
    pages: &mut Pages,
    link: &str,
    name: &str,
    audit: bool,
) -> fantoccini::elements::Element {
    c.goto(link).await.unwrap();
    pages.visit(c, &format!("{name}-seat"), audit).await;
    c.find(Locator::XPath(
        "//button[normalize-space()='Take this seat']",
    ))
    .await
    .expect("the seat page has a button to take it")
    .click()
    .await
    .unwrap();
    let go = c
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::LinkText("Go to the table"))
        .await
        .expect("the taken page links to the table");
    pages.visit(c, &format!("{name}-taken"), audit).await;
    go
}

/// Follows the taken page's link `go` and waits for the table.
pub async fn go_to_table(c: &Client, go: fantoccini::elements::Element) {
    go.click().await.unwrap();
    c.wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css("#table"))
        .await
        .expect("the table");
}

/// In a new session, `player` takes its seat of game `id` from the seat link and goes to the table.
pub async fn take_seat(
    browser: &Browser,
    srv: &Srv,
    pages: &mut Pages,
    id: &str,
    player: &str,
    audit: bool,
) -> Client {
    let c = browser.session().await;
    let link = format!("{}/games/{id}/seats/{player}", srv.url);
    let go = take_from_link(&c, pages, &link, player, audit).await;
    go_to_table(&c, go).await;
    c
}
