//! Issue 39: the trial's hostile requests (`shared/findings/server-and-browser-trial.md`, part 3), or their like,
//! scripted: each is answered as `docs/server.md` says (its status, and the JSON refusal with a reason), and none
//! changes the game. On SQLite, and on PostgreSQL when `COALITION_TEST_DATABASE_URL` names one.

mod common;

use common::*;
use serde_json::{Value, json};

/// A request's body.
#[derive(Clone)]
enum Body {
    None,
    Json(Value),
    /// Raw bytes with a content type (none: no header).
    Raw(Vec<u8>, Option<&'static str>),
}

/// One hostile request and the statuses it may get (most cases name one).
struct Case {
    what: String,
    method: reqwest::Method,
    path: String,
    /// The whole `Authorization` header (none: no header).
    auth: Option<String>,
    body: Body,
    want: Vec<u16>,
}

fn case(
    what: impl Into<String>,
    method: reqwest::Method,
    path: impl Into<String>,
    auth: Option<String>,
    body: Body,
    want: &[u16],
) -> Case {
    Case {
        what: what.into(),
        method,
        path: path.into(),
        auth,
        body,
        want: want.to_vec(),
    }
}

fn bearer(t: &str) -> Option<String> {
    Some(format!("Bearer {t}"))
}

/// A request over a bare connection that reads the answer while it writes the body: a server may answer a body
/// over its limit before reading it all, and close the connection, which an ordinary client takes for an error.
async fn raw_http(srv: &Srv, c: &Case, body: Vec<u8>) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = srv.url.trim_start_matches("http://").to_string();
    let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let (mut r, mut w) = stream.into_split();
    let mut head = format!(
        "{} {} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        c.method,
        c.path,
        body.len()
    );
    if let Some(a) = &c.auth {
        head.push_str(&format!("authorization: {a}\r\n"));
    }
    head.push_str("\r\n");
    let writer = tokio::spawn(async move {
        let _ = w.write_all(head.as_bytes()).await;
        let _ = w.write_all(&body).await;
    });
    let mut got = Vec::new();
    let _ = r.read_to_end(&mut got).await;
    writer.abort();
    let text = String::from_utf8_lossy(&got).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or_default();
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::String(body.to_string())),
    )
}

async fn run(srv: &Srv, c: &Case) -> (u16, Value) {
    if let Body::Json(v) = &c.body {
        let bytes = serde_json::to_vec(v).unwrap();
        if bytes.len() > 1_000_000 {
            return raw_http(srv, c, bytes).await;
        }
    }
    let mut r = srv
        .http
        .request(c.method.clone(), format!("{}{}", srv.url, c.path));
    if let Some(a) = &c.auth {
        r = r.header("authorization", a);
    }
    r = match &c.body {
        Body::None => r,
        Body::Json(v) => r.json(v),
        Body::Raw(b, ct) => {
            let r = r.body(b.clone());
            match ct {
                Some(ct) => r.header("content-type", *ct),
                None => r,
            }
        }
    };
    let resp = r.send().await.expect("the server answers");
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_are_refused_as_documented_and_change_nothing() {
    use reqwest::Method as M;
    for db in databases() {
        let srv = Srv::start(&db).await;
        let (id, host) = srv.with_a_bots_seat().await;
        let claim = |p: &'static str| {
            let (srv, id) = (&srv, id.clone());
            async move {
                let (s, v) = srv
                    .post(&format!("/api/games/{id}/seats/{p}/claim"), None, json!({}))
                    .await;
                assert_eq!(s, 200, "{v}");
                v["token"].as_str().unwrap().to_string()
            }
        };
        let anne = claim("anne").await;
        let bill = claim("bill").await;
        // A second game, for tokens that belong elsewhere.
        let (other, other_host, other_seats) = srv.three_seats(json!({})).await;
        let other_anne = other_seats[0].2.clone();
        let seat_routes = |id: &str| {
            vec![
                (M::GET, format!("/api/games/{id}/owed"), Body::None),
                (
                    M::POST,
                    format!("/api/games/{id}/decisions"),
                    Body::Json(json!({"power": "france", "decision": "pass"})),
                ),
                (M::GET, format!("/api/games/{id}/view/france"), Body::None),
                (M::GET, format!("/api/games/{id}/log"), Body::None),
                (M::GET, format!("/api/games/{id}/notices"), Body::None),
            ]
        };
        let host_path = format!("/api/games/{id}/host");
        let decisions = format!("/api/games/{id}/decisions");
        let mut cases = Vec::new();

        // 1. No token.
        for (m, p, b) in seat_routes(&id) {
            cases.push(case(format!("no token: {m} {p}"), m, p, None, b, &[401]));
        }
        for a in [json!("pause"), json!("expire")] {
            cases.push(case(
                "no token: host",
                M::POST,
                &host_path,
                None,
                Body::Json(a),
                &[401],
            ));
        }
        cases.push(case(
            "no token: export",
            M::GET,
            format!("/api/games/{id}/export"),
            None,
            Body::None,
            &[401],
        ));

        // 2. Wrong tokens, on each seat route.
        let changed = {
            let mut t = anne.clone().into_bytes();
            t[5] = if t[5] == b'a' { b'b' } else { b'a' };
            String::from_utf8(t).unwrap()
        };
        let wrong: Vec<(&str, Option<String>)> = vec![
            (
                "random",
                bearer("0123456789abcdef0123456789abcdef0123456789abcdef"),
            ),
            ("empty", bearer("")),
            ("5,000 characters", bearer(&"a".repeat(5000))),
            ("one digit changed", bearer(&changed)),
            ("upper-cased", bearer(&anne.to_uppercase())),
            ("SQL", bearer("' OR '1'='1")),
            ("Basic", Some(format!("Basic {anne}"))),
            ("lower-case bearer", Some(format!("bearer {anne}"))),
            ("no scheme", Some(anne.clone())),
            ("Bearer alone", Some("Bearer".into())),
        ];
        for (kind, auth) in &wrong {
            for (m, p, b) in seat_routes(&id).into_iter().take(4) {
                cases.push(case(
                    format!("wrong token ({kind}): {m} {p}"),
                    m,
                    p,
                    auth.clone(),
                    b,
                    &[401],
                ));
            }
        }

        // 3. A seat acting for or reading another seat's power, or a bot's.
        for (token, power) in [
            (&anne, "austria"),
            (&bill, "france"),
            (&anne, "prussia"),
            (&bill, "prussia"),
        ] {
            cases.push(case(
                format!("a seat submits for {power}"),
                M::POST,
                &decisions,
                bearer(token),
                Body::Json(json!({"power": power, "decision": "pass"})),
                &[403],
            ));
            cases.push(case(
                format!("a seat reads {power}"),
                M::GET,
                format!("/api/games/{id}/view/{power}"),
                bearer(token),
                Body::None,
                &[403],
            ));
        }

        // 4. One game's tokens on another.
        for (m, p, b) in seat_routes(&other).into_iter().take(4) {
            cases.push(case(
                format!("another game's seat token: {m} {p}"),
                m,
                p,
                bearer(&anne),
                b,
                &[401],
            ));
        }
        cases.push(case(
            "another game's host token",
            M::POST,
            format!("/api/games/{other}/host"),
            bearer(&host),
            Body::Json(json!("pause")),
            &[403],
        ));
        cases.push(case(
            "another game's host token: export",
            M::GET,
            format!("/api/games/{other}/export"),
            bearer(&host),
            Body::None,
            &[403],
        ));

        // 5. A seat's token for the host's actions; the host's token as a seat's.
        for a in [
            json!("pause"),
            json!("resume"),
            json!("expire"),
            json!({"extend": {"seconds": 60}}),
            json!({"replace": {"player": "bill"}}),
            json!({"seat": {"power": "france", "bot": "heuristic"}}),
            json!({"adjust": {"adjustment": {"money": {"power": "france", "delta": 5}}, "note": ""}}),
        ] {
            cases.push(case(
                format!("a seat's token: host {a}"),
                M::POST,
                &host_path,
                bearer(&anne),
                Body::Json(a),
                &[403],
            ));
        }
        cases.push(case(
            "a seat's token: export",
            M::GET,
            format!("/api/games/{id}/export"),
            bearer(&anne),
            Body::None,
            &[403],
        ));
        for (m, p, b) in seat_routes(&id).into_iter().take(2) {
            cases.push(case(
                format!("the host's token as a seat's: {m} {p}"),
                m,
                p,
                bearer(&host),
                b,
                &[401],
            ));
        }

        // 6. Malformed JSON.
        let raw = |b: &[u8], ct: Option<&'static str>| Body::Raw(b.to_vec(), ct);
        let js = Some("application/json");
        for (what, body, want) in [
            ("truncated", raw(b"{\"power\":", js), &[400][..]),
            ("not JSON", raw(b"pass", js), &[400]),
            ("empty", raw(b"", js), &[400]),
            (
                "text/plain",
                raw(
                    b"{\"power\":\"france\",\"decision\":\"pass\"}",
                    Some("text/plain"),
                ),
                &[415],
            ),
            (
                "no content type",
                raw(b"{\"power\":\"france\",\"decision\":\"pass\"}", None),
                &[415],
            ),
            ("binary", raw(&[0xff, 0xfe, 0x00, 0x7b], js), &[400]),
            ("an empty array", raw(b"[]", js), &[422]),
            (
                "trailing braces",
                raw(b"{\"power\":\"france\",\"decision\":\"pass\"}}}", js),
                &[400],
            ),
        ] {
            cases.push(case(
                format!("malformed decision: {what}"),
                M::POST,
                &decisions,
                bearer(&anne),
                body,
                want,
            ));
        }
        for (what, body, want) in [
            ("truncated", raw(b"{\"scenario\":", js), &[400][..]),
            ("an array of a number", raw(b"[1]", js), &[422]),
            ("empty", raw(b"", js), &[400]),
        ] {
            cases.push(case(
                format!("malformed creation: {what}"),
                M::POST,
                "/api/games",
                None,
                body,
                want,
            ));
        }

        // 7. Wrong types and values.
        for (what, body, want) in [
            (
                "power a number",
                json!({"power": 7, "decision": "pass"}),
                &[422][..],
            ),
            (
                "power null",
                json!({"power": null, "decision": "pass"}),
                &[422],
            ),
            (
                "power upper-case",
                json!({"power": "FRANCE", "decision": "pass"}),
                &[400],
            ),
            (
                "power empty",
                json!({"power": "", "decision": "pass"}),
                &[400],
            ),
            (
                "power unknown",
                json!({"power": "atlantis", "decision": "pass"}),
                &[403],
            ),
            (
                "power traversal",
                json!({"power": "../france", "decision": "pass"}),
                &[400],
            ),
            (
                "decision a number",
                json!({"power": "france", "decision": 12}),
                &[422],
            ),
            (
                "decision null",
                json!({"power": "france", "decision": null}),
                &[422],
            ),
            (
                "decision garbage",
                json!({"power": "france", "decision": "declare nowhere"}),
                &[422],
            ),
            (
                "decision empty",
                json!({"power": "france", "decision": ""}),
                &[422],
            ),
            (
                "decision another step's",
                json!({"power": "france", "decision": "bid none"}),
                &[409],
            ),
            (
                "decision typed wrong",
                json!({"power": "france", "decision": {"declare_war": 5}}),
                &[422],
            ),
            (
                "a message to itself",
                json!({"power": "france", "decision": "message france: hi"}),
                &[422],
            ),
            (
                "a message to nobody",
                json!({"power": "france", "decision": "message : hi"}),
                &[422],
            ),
        ] {
            cases.push(case(
                format!("decision: {what}"),
                M::POST,
                &decisions,
                bearer(&anne),
                Body::Json(body),
                want,
            ));
        }
        for (what, body, want) in [
            ("scenario a number", json!({"scenario": 1}), &[422][..]),
            ("scenario unknown", json!({"scenario": "1492"}), &[400]),
            (
                "rulebook nonsense",
                json!({"scenario": "test", "rulebook": "everything"}),
                &[422],
            ),
            (
                "a player name with a space",
                json!({"scenario": "test", "players": {"a b": ["france"]}}),
                &[400],
            ),
            (
                "a player name of 40 characters",
                json!({"scenario": "test", "players": {"a".repeat(40): ["france"]}}),
                &[400],
            ),
            (
                "an unknown power",
                json!({"scenario": "test", "players": {"anne": ["atlantis"]}}),
                &[422],
            ),
            (
                "a power twice",
                json!({"scenario": "test", "players": {"anne": ["france"], "bill": ["france"]}}),
                &[422],
            ),
            (
                "an unknown bot",
                json!({"scenario": "test", "bots": {"france": "genius"}}),
                &[400],
            ),
            (
                "a bot for no power",
                json!({"scenario": "test", "bots": {"atlantis": "heuristic"}}),
                &[422],
            ),
            (
                "step_seconds negative",
                json!({"scenario": "test", "step_seconds": -1}),
                &[422],
            ),
            (
                "step_seconds a string",
                json!({"scenario": "test", "step_seconds": "1e3"}),
                &[422],
            ),
            (
                "step_seconds 0",
                json!({"scenario": "test", "step_seconds": 0}),
                &[422],
            ),
            (
                "step_seconds 10^16",
                json!({"scenario": "test", "step_seconds": 10_000_000_000_000_000u64}),
                &[422],
            ),
            (
                "step_seconds 2^63-1",
                json!({"scenario": "test", "step_seconds": i64::MAX}),
                &[422],
            ),
            (
                "step_seconds 2^64-1",
                json!({"scenario": "test", "step_seconds": u64::MAX}),
                &[422],
            ),
            (
                "step_seconds 2^64",
                json!({"scenario": "test", "step_seconds": 18_446_744_073_709_551_616f64}),
                &[422],
            ),
            (
                "on_deadline unknown",
                json!({"scenario": "test", "on_deadline": "never"}),
                &[422],
            ),
        ] {
            cases.push(case(
                format!("creation: {what}"),
                M::POST,
                "/api/games",
                None,
                Body::Json(body),
                want,
            ));
        }
        for (what, body, want) in [
            (
                "extend 2^64-1",
                json!({"extend": {"seconds": u64::MAX}}),
                &[422][..],
            ),
            (
                "extend negative",
                json!({"extend": {"seconds": -5}}),
                &[422],
            ),
            (
                "extend a string",
                json!({"extend": {"seconds": "x"}}),
                &[422],
            ),
            ("extend 0", json!({"extend": {"seconds": 0}}), &[422]),
            (
                "a huge money delta",
                json!({"adjust": {"adjustment": {"money": {"power": "france", "delta": 1_000_000_000_000i64}}}}),
                &[422],
            ),
            (
                "money below zero",
                json!({"adjust": {"adjustment": {"money": {"power": "france", "delta": -1_000_000}}}}),
                &[422],
            ),
            (
                "an adjustment of an unknown power",
                json!({"adjust": {"adjustment": {"money": {"power": "atlantis", "delta": 1}}}}),
                &[422],
            ),
            (
                "a seat of an unknown power",
                json!({"seat": {"power": "atlantis", "bot": "heuristic"}}),
                &[400],
            ),
            (
                "a seat to an unknown bot",
                json!({"seat": {"power": "france", "bot": "genius"}}),
                &[400],
            ),
            (
                "replace a number",
                json!({"replace": {"player": 5}}),
                &[422],
            ),
            (
                "replace nobody",
                json!({"replace": {"player": "zoe"}}),
                &[404],
            ),
            (
                "replace a bot's seat",
                json!({"replace": {"player": "gb"}}),
                &[409],
            ),
            ("an unknown action", json!({"shutdown": {}}), &[422]),
            ("an action as a number", json!(5), &[400, 422]),
        ] {
            cases.push(case(
                format!("host: {what}"),
                M::POST,
                &host_path,
                bearer(&host),
                Body::Json(body),
                want,
            ));
        }
        for q in [
            "after=-1",
            "after=abc",
            "after=1e99",
            "after=99999999999999999999999",
        ] {
            cases.push(case(
                format!("log?{q}"),
                M::GET,
                format!("/api/games/{id}/log?{q}"),
                bearer(&anne),
                Body::None,
                &[400],
            ));
            cases.push(case(
                format!("view?{q}"),
                M::GET,
                format!("/api/games/{id}/view/france?{q}"),
                bearer(&anne),
                Body::None,
                &[400],
            ));
        }

        // 8. Huge bodies.
        let big = |n: usize| "x".repeat(n);
        for (what, path, auth, body, want) in [
            (
                "a 3 MB decision",
                decisions.clone(),
                bearer(&anne),
                json!({"power": "france", "decision": big(3_000_000)}),
                &[413][..],
            ),
            (
                "a 3 MB message",
                decisions.clone(),
                bearer(&anne),
                json!({"power": "france", "decision": format!("message austria: {}", big(3_000_000))}),
                &[413],
            ),
            (
                "a 5 MB decision",
                decisions.clone(),
                bearer(&anne),
                json!({"power": "france", "decision": big(5_000_000)}),
                &[413],
            ),
            (
                "a 3 MB player name",
                "/api/games".into(),
                None,
                json!({"scenario": "test", "players": {big(3_000_000): ["france"]}}),
                &[413],
            ),
            (
                "a 5 MB player name",
                "/api/games".into(),
                None,
                json!({"scenario": "test", "players": {big(5_000_000): ["france"]}}),
                &[413],
            ),
            (
                "a 10 MB import",
                "/api/import".into(),
                None,
                json!({"transcript": big(10_000_000)}),
                &[413],
            ),
            (
                "a 3 MB host note",
                host_path.clone(),
                bearer(&host),
                json!({"adjust": {"adjustment": {"money": {"power": "france", "delta": 0}}, "note": big(3_000_000)}}),
                &[413],
            ),
            (
                "a 3 MB notice setting",
                format!("/api/games/{id}/notices"),
                bearer(&anne),
                json!({"email": big(3_000_000)}),
                &[413],
            ),
        ] {
            let m = if path.ends_with("/notices") {
                M::PUT
            } else {
                M::POST
            };
            cases.push(case(what, m, path, auth, Body::Json(body), want));
        }
        cases.push(case(
            "a 9 KB path",
            M::GET,
            format!("/api/games/{}", "g".repeat(9_000)),
            None,
            Body::None,
            &[414],
        ));
        cases.push(case(
            "a 9 KB seat name",
            M::POST,
            format!("/api/games/{id}/seats/{}/claim", "s".repeat(9_000)),
            None,
            Body::None,
            &[414],
        ));

        // 9. Unknown fields.
        for (what, path, auth, body) in [
            (
                "decision",
                decisions.clone(),
                bearer(&anne),
                json!({"power": "france", "decision": "pass", "extra": 1}),
            ),
            (
                "creation",
                "/api/games".to_string(),
                None,
                json!({"scenario": "test", "admin": true}),
            ),
            (
                "host action",
                host_path.clone(),
                bearer(&host),
                json!({"pause": {}, "now": 1}),
            ),
            (
                "host extend",
                host_path.clone(),
                bearer(&host),
                json!({"extend": {"seconds": 60, "force": true}}),
            ),
        ] {
            cases.push(case(
                format!("an unknown field: {what}"),
                M::POST,
                path,
                auth,
                Body::Json(body),
                &[422],
            ));
        }
        cases.push(case(
            "an unknown field: notices",
            M::PUT,
            format!("/api/games/{id}/notices"),
            bearer(&anne),
            Body::Json(json!({"sms": "123"})),
            &[422],
        ));

        // 10. Traversal in ids.
        for bad in [
            "..%2F..%2Fetc%2Fpasswd",
            "..",
            "%2e%2e",
            "%5c..%5c",
            "a%00b",
            "..%252f",
        ] {
            cases.push(case(
                format!("a game id `{bad}`"),
                M::GET,
                format!("/api/games/{bad}"),
                None,
                Body::None,
                &[404],
            ));
            cases.push(case(
                format!("a power `{bad}`"),
                M::GET,
                format!("/api/games/{id}/view/{bad}"),
                bearer(&anne),
                Body::None,
                &[400, 403, 404],
            ));
        }
        for bad in ["..%2Fbill", "anne%00", "%2e%2e"] {
            cases.push(case(
                format!("a seat `{bad}`"),
                M::POST,
                format!("/api/games/{id}/seats/{bad}/claim"),
                None,
                Body::None,
                &[404],
            ));
        }
        cases.push(case(
            "a route outside the API",
            M::GET,
            "/api/../../etc/passwd",
            None,
            Body::None,
            &[404],
        ));

        // 11. SQL and HTML in names.
        for name in [
            "anne'; DROP TABLE games;--",
            "x\" OR \"1\"=\"1",
            "<script>alert(1)</script>",
            "<b>bill</b>",
            "robert');--",
        ] {
            cases.push(case(
                format!("a player named `{name}`"),
                M::POST,
                "/api/games",
                None,
                Body::Json(json!({"scenario": "test", "players": {name: ["france"]}})),
                &[400],
            ));
            let enc = name
                .replace(' ', "%20")
                .replace('<', "%3C")
                .replace('>', "%3E")
                .replace('"', "%22");
            cases.push(case(
                format!("a claim of `{name}`"),
                M::POST,
                format!("/api/games/{id}/seats/{enc}/claim"),
                None,
                Body::None,
                &[404],
            ));
        }
        for gid in ["1' OR '1'='1", "x;DROP TABLE log"] {
            let enc = gid.replace(' ', "%20").replace('\'', "%27");
            cases.push(case(
                format!("a game id `{gid}`"),
                M::GET,
                format!("/api/games/{enc}"),
                None,
                Body::None,
                &[404],
            ));
        }

        // 12. Claims: a taken seat, twice; no such seat; a bot's seat.
        for p in ["anne", "bill"] {
            cases.push(case(
                format!("a second claim of {p}"),
                M::POST,
                format!("/api/games/{id}/seats/{p}/claim"),
                None,
                Body::None,
                &[409],
            ));
        }
        cases.push(case(
            "a claim of no seat",
            M::POST,
            format!("/api/games/{id}/seats/zoe/claim"),
            None,
            Body::None,
            &[404],
        ));
        cases.push(case(
            "a claim of a bot's seat",
            M::POST,
            format!("/api/games/{id}/seats/gb/claim"),
            None,
            Body::None,
            &[409],
        ));
        cases.push(case(
            "a claim in no game",
            M::POST,
            "/api/games/nowhere/seats/anne/claim",
            None,
            Body::None,
            &[404],
        ));

        // 13. Routes and methods that do not exist.
        for (m, p) in [
            (M::DELETE, "/api/games".to_string()),
            (M::PUT, format!("/api/games/{id}/decisions")),
            (M::GET, format!("/api/games/{id}/host")),
            (M::GET, "/api/nowhere".into()),
        ] {
            let want: &[u16] = if p.ends_with("nowhere") {
                &[404]
            } else {
                &[405]
            };
            cases.push(case(
                format!("{m} {p}"),
                m,
                p,
                bearer(&anne),
                Body::None,
                want,
            ));
        }

        // Every case: its status, the JSON refusal with a reason; nothing changed.
        let before = (srv.info(&id).await, srv.info(&other).await);
        let mut wrong = Vec::new();
        for c in &cases {
            let (status, body) = run(&srv, c).await;
            let reason = body["error"]["reason"].as_str().unwrap_or_default();
            if !c.want.contains(&status) || reason.is_empty() {
                wrong.push(format!(
                    "{}: {} {} got {status} {}",
                    c.what,
                    c.method,
                    &c.path[..c.path.len().min(80)],
                    body.to_string().chars().take(200).collect::<String>()
                ));
            }
        }
        // WebSockets without a valid seat.
        let url = srv.url.replace("http://", "ws://");
        let mut ws_cases = 0;
        for (what, q, want) in [
            ("no token", format!("/api/games/{id}/ws"), 400),
            ("an empty token", format!("/api/games/{id}/ws?token="), 401),
            (
                "a wrong token",
                format!("/api/games/{id}/ws?token=abc"),
                401,
            ),
            (
                "another game's token",
                format!("/api/games/{id}/ws?token={other_anne}"),
                401,
            ),
            (
                "the host's token",
                format!("/api/games/{id}/ws?token={host}"),
                401,
            ),
            (
                "an unknown game",
                format!("/api/games/nowhere/ws?token={anne}"),
                404,
            ),
        ] {
            ws_cases += 1;
            match tokio_tungstenite::connect_async(format!("{url}{q}")).await {
                Err(tokio_tungstenite::tungstenite::Error::Http(r))
                    if r.status().as_u16() == want => {}
                Err(e) => wrong.push(format!("socket with {what}: {e}")),
                Ok(_) => wrong.push(format!("socket with {what}: opened")),
            }
        }
        let after = (srv.info(&id).await, srv.info(&other).await);
        assert!(
            wrong.is_empty(),
            "{} of {} answered wrongly:\n{}",
            wrong.len(),
            cases.len() + ws_cases,
            wrong.join("\n")
        );
        assert_eq!(
            before.0["seq"], after.0["seq"],
            "nothing was appended to the game"
        );
        assert_eq!(before.1["seq"], after.1["seq"]);
        assert_eq!(before.0["position"], after.0["position"]);
        assert_eq!(before.0["deadline_ms"], after.0["deadline_ms"]);
        assert_eq!(before.0["paused"], after.0["paused"]);
        assert_eq!(before.0["seats"], after.0["seats"], "no seat changed hands");
        assert!(
            cases.len() + ws_cases >= 165,
            "{} cases",
            cases.len() + ws_cases
        );
        eprintln!(
            "{} hostile requests, each answered as documented",
            cases.len() + ws_cases
        );
        let _ = other_host;
        srv.stop().await;
    }
}
