//! Issue 39: who a seat is, and what dies with it; every number a request carries has a range; every limit answers
//! with the JSON refusal; a game of bots only is played on by the clock; reads agree across servers. On SQLite, and
//! on PostgreSQL when `COALITION_TEST_DATABASE_URL` names one.

mod common;

use common::*;
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens a seat's socket from event `after`.
async fn socket(srv: &Srv, id: &str, token: &str) -> Socket {
    let url = srv.url.replace("http://", "ws://");
    tokio_tungstenite::connect_async(format!("{url}/api/games/{id}/ws?token={token}&after=0"))
        .await
        .expect("the socket opens")
        .0
}

/// What a socket pushes within `ms` (JSON messages), and the close frame if it was closed: (code, reason).
async fn pushed(ws: &mut Socket, ms: u64) -> (Vec<Value>, Option<(u16, String)>) {
    let mut out = Vec::new();
    let end = tokio::time::Instant::now() + std::time::Duration::from_millis(ms);
    loop {
        match tokio::time::timeout_at(end, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => out.push(serde_json::from_str(&t).unwrap()),
            Ok(Some(Ok(Message::Close(c)))) => {
                return (
                    out,
                    Some(c.map_or((1005, String::new()), |c| {
                        (c.code.into(), c.reason.to_string())
                    })),
                );
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_))) | Ok(None) => return (out, Some((1006, String::new()))),
            Err(_) => return (out, None),
        }
    }
}

/// The statuses of a seat's reads with `token`: owed, a view, the log.
async fn reads(srv: &Srv, id: &str, token: &str, power: &str) -> [u16; 3] {
    [
        srv.get(&format!("/api/games/{id}/owed"), Some(token))
            .await
            .0,
        srv.get(&format!("/api/games/{id}/view/{power}"), Some(token))
            .await
            .0,
        srv.get(&format!("/api/games/{id}/log"), Some(token))
            .await
            .0,
    ]
}

fn seat<'a>(info: &'a Value, player: &str) -> &'a Value {
    info["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == player)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_seat_cannot_be_claimed_and_every_path_that_gives_out_a_token_is_the_hosts() {
    for db in databases() {
        let srv = Srv::start(&db).await;
        let (id, host) = srv.with_a_bots_seat().await;
        let info = srv.info(&id).await;
        assert_eq!(seat(&info, "gb")["held_by"], "bot", "{info}");
        assert_eq!(seat(&info, "gb")["bot"], "heuristic");
        assert_eq!(seat(&info, "anne")["held_by"], "free");

        // Claim: a bot's seat is refused, a free one taken once.
        let claim = |p: &'static str| {
            let srv = &srv;
            let id = id.clone();
            async move {
                srv.post(&format!("/api/games/{id}/seats/{p}/claim"), None, json!({}))
                    .await
            }
        };
        let (s, v) = claim("gb").await;
        assert_eq!(s, 409, "{v}");
        assert!(
            v["error"]["reason"].as_str().unwrap().contains("bot"),
            "{v}"
        );
        let (s, v) = claim("anne").await;
        assert_eq!(s, 200, "{v}");
        let anne = v["token"].as_str().unwrap().to_string();
        assert_eq!(claim("anne").await.0, 409, "taken");
        assert_eq!(seat(&srv.info(&id).await, "anne")["held_by"], "person");
        // Nobody reads a bot's power: not even with a seat of the game.
        assert_eq!(
            srv.get(&format!("/api/games/{id}/view/prussia"), Some(&anne))
                .await
                .0,
            403
        );

        // The host hands the bot's seat to a person: a new token, for the host to pass on.
        let (s, r) = srv
            .host(&id, &host, json!({"seat": {"power": "prussia"}}))
            .await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(r["seat"], "gb", "{r}");
        let gb = r["token"].as_str().expect("a token").to_string();
        assert!(r["link"].as_str().unwrap().contains(&gb));
        assert_eq!(reads(&srv, &id, &gb, "prussia").await, [200, 200, 200]);
        assert_eq!(claim("gb").await.0, 409, "a person holds it now");
        assert_eq!(seat(&srv.info(&id).await, "gb")["held_by"], "person");

        // ... and back to a bot: that token dies at once, everywhere.
        let (s, r) = srv
            .host(
                &id,
                &host,
                json!({"seat": {"power": "prussia", "bot": "random"}}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(r["revoked"], "gb", "{r}");
        assert_eq!(reads(&srv, &id, &gb, "prussia").await, [401, 401, 401]);
        let url = srv.url.replace("http://", "ws://");
        assert!(
            tokio_tungstenite::connect_async(format!("{url}/api/games/{id}/ws?token={gb}"))
                .await
                .is_err(),
            "a dead token opens no socket"
        );
        assert_eq!(claim("gb").await.0, 409);

        // Replace: a new token for a person's seat; the old one dies; a bot's seat is not replaced.
        let (s, r) = srv
            .host(&id, &host, json!({"replace": {"player": "anne"}}))
            .await;
        assert_eq!(s, 200, "{r}");
        let anne2 = r["token"].as_str().unwrap().to_string();
        assert_ne!(anne, anne2);
        assert_eq!(reads(&srv, &id, &anne, "france").await, [401, 401, 401]);
        assert_eq!(reads(&srv, &id, &anne2, "france").await, [200, 200, 200]);
        let (s, _) = srv
            .host(&id, &host, json!({"replace": {"player": "gb"}}))
            .await;
        assert_eq!(s, 409, "the bot's seat is handed on with `seat`");
        let (s, _) = srv
            .host(&id, &host, json!({"replace": {"player": "zoe"}}))
            .await;
        assert_eq!(s, 404);
        // Replace also gives a free seat its token: nobody else can claim it first.
        let (s, r) = srv
            .host(&id, &host, json!({"replace": {"player": "bill"}}))
            .await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(claim("bill").await.0, 409);

        // Import: the new game's bot seats are bots' too.
        let (_, e) = srv
            .get(&format!("/api/games/{id}/export"), Some(&host))
            .await;
        let (s, imported) = srv
            .post("/api/import", None, json!({"transcript": e["transcript"]}))
            .await;
        assert_eq!(s, 201, "{imported}");
        let new = imported["id"].as_str().unwrap();
        assert_eq!(seat(&srv.info(new).await, "gb")["held_by"], "bot");
        let (s, _) = srv
            .post(&format!("/api/games/{new}/seats/gb/claim"), None, json!({}))
            .await;
        assert_eq!(s, 409);
        let (s, v) = srv
            .post(
                &format!("/api/games/{new}/seats/anne/claim"),
                None,
                json!({}),
            )
            .await;
        assert_eq!(s, 200, "{v}");
        // A token of one game opens nothing in the other.
        assert_eq!(reads(&srv, new, &anne2, "france").await, [401, 401, 401]);
        srv.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seats_sockets_close_when_the_host_replaces_it_or_hands_it_to_a_bot_before_anything_later()
 {
    for db in databases() {
        let srv = Srv::start(&db).await;
        let (id, host, seats) = srv.three_seats(json!({})).await;
        let (anne, bill, cleo) = (&seats[0].2, &seats[1].2, &seats[2].2);
        let mut bill_ws = socket(&srv, &id, bill).await;
        let mut cleo_ws = socket(&srv, &id, cleo).await;
        let (first, closed) = pushed(&mut bill_ws, 300).await;
        assert!(closed.is_none() && !first.is_empty(), "{first:?}");
        pushed(&mut cleo_ws, 100).await;

        // Bill is replaced: his socket is closed, with its reason, and nothing else comes.
        let (s, r) = srv
            .host(&id, &host, json!({"replace": {"player": "bill"}}))
            .await;
        assert_eq!(s, 200, "{r}");
        let (got, closed) = pushed(&mut bill_ws, 3000).await;
        assert!(
            got.is_empty(),
            "pushed after the seat was replaced: {got:?}"
        );
        let (code, reason) = closed.expect("the socket is closed");
        assert_eq!(code, 4001, "{reason}");
        assert!(reason.contains("replaced"), "{reason}");

        // A private message to the seat's new holder reaches the new socket only.
        let bill2 = r["token"].as_str().unwrap();
        let mut bill2_ws = socket(&srv, &id, bill2).await;
        pushed(&mut bill2_ws, 200).await;
        let (_, owed) = srv.get(&format!("/api/games/{id}/owed"), Some(anne)).await;
        let choices = owed[0]["choices"].as_array().unwrap();
        assert!(
            choices
                .iter()
                .any(|c| c.as_str().unwrap().starts_with("message austria")),
            "France may write to Austria now: {owed}"
        );
        let (s, r) = srv
            .post(
                &format!("/api/games/{id}/decisions"),
                Some(anne),
                json!({"power": "france", "decision": "message austria: for the new holder only"}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
        let (got, _) = pushed(&mut bill2_ws, 1000).await;
        assert!(
            got.iter()
                .any(|v| v.to_string().contains("for the new holder only")),
            "{got:?}"
        );

        // Cleo's seat goes to a bot: her socket is closed before the bot's first move is pushed.
        let (s, r) = srv
            .host(
                &id,
                &host,
                json!({"seat": {"power": "prussia", "bot": "heuristic"}}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
        let (got, closed) = pushed(&mut cleo_ws, 3000).await;
        assert!(
            !got.iter().any(|v| v["type"] == "event"),
            "pushed after the seat went to a bot: {got:?}"
        );
        assert_eq!(closed.expect("closed").0, 4001);
        srv.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_number_a_request_carries_has_a_range() {
    for db in databases() {
        ranges(&db).await;
    }
}

async fn ranges(db: &str) {
    let srv = Srv::start(db).await;
    let create = |secs: Value| {
        let srv = &srv;
        async move {
            srv.post(
                "/api/games",
                None,
                json!({"scenario": "test", "step_seconds": secs}),
            )
            .await
        }
    };
    for bad in [
        json!(0),
        json!(31_536_001u64),
        json!(10_000_000_000_000_000u64),
        json!(9_223_372_036_854_775_807u64),
        json!(u64::MAX),
    ] {
        let (s, v) = create(bad.clone()).await;
        assert_eq!(s, 422, "step_seconds {bad}: {v}");
        assert_eq!(v["error"]["field"], "step_seconds", "{v}");
        assert!(
            v["error"]["reason"]
                .as_str()
                .unwrap()
                .contains("1 to 31,536,000 seconds"),
            "{v}"
        );
    }
    let (s, v) = create(json!(-1)).await;
    assert_eq!(s, 422, "a negative number is no u64: {v}");
    let (s, g) = create(json!(31_536_000u64)).await;
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap();
    let host = g["host_token"].as_str().unwrap();
    let deadline = srv.info(id).await["deadline_ms"].as_i64().unwrap();
    let now = coalition_server::live::now_ms();
    assert!(
        (deadline - now - 31_536_000_000).abs() < 60_000,
        "a year ahead"
    );
    // An extension: in range, and never past a year from now.
    for bad in [json!(0), json!(u64::MAX), json!(31_536_001u64)] {
        let (s, v) = srv
            .host(id, host, json!({"extend": {"seconds": bad}}))
            .await;
        assert_eq!(s, 422, "{v}");
        assert_eq!(v["error"]["field"], "seconds", "{v}");
    }
    let (s, v) = srv
        .host(id, host, json!({"extend": {"seconds": 3600}}))
        .await;
    assert_eq!(s, 422, "a year and an hour ahead: {v}");
    assert_eq!(v["error"]["field"], "deadline", "{v}");
    assert_eq!(
        srv.info(id).await["deadline_ms"].as_i64().unwrap(),
        deadline
    );
    let (s, g) = create(json!(60)).await;
    assert_eq!(s, 201);
    let (id, host) = (g["id"].as_str().unwrap(), g["host_token"].as_str().unwrap());
    let before = srv.info(id).await["deadline_ms"].as_i64().unwrap();
    let (s, v) = srv
        .host(id, host, json!({"extend": {"seconds": 3600}}))
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["deadline_ms"].as_i64().unwrap(), before + 3_600_000);
    // A paused game resumes with the time it had left.
    srv.host(id, host, json!("pause")).await;
    let (s, v) = srv.host(id, host, json!("resume")).await;
    assert_eq!(s, 200, "{v}");
    assert!(v["deadline_ms"].as_i64().unwrap() <= before + 3_600_000 + 5_000);
    // An import's clock too; and a query's number past any log.
    let (_, e) = srv
        .get(&format!("/api/games/{id}/export"), Some(host))
        .await;
    let (s, v) = srv
        .post(
            "/api/import",
            None,
            json!({"transcript": e["transcript"], "step_seconds": u64::MAX}),
        )
        .await;
    assert_eq!(s, 422, "{v}");
    assert_eq!(v["error"]["field"], "step_seconds", "{v}");
    let (s, v) = srv
        .get(
            &format!("/api/games/{id}/log?after=99999999999999999999999"),
            Some("x"),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert!(v["error"]["reason"].is_string(), "{v}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_limit_answers_with_the_json_refusal() {
    for db in databases() {
        limits(&db).await;
    }
}

async fn limits(db: &str) {
    let srv = Srv::start_config(Srv::config_with(|c| {
        c.database = db.to_string();
        c.creations_per_hour = Some(4);
    }))
    .await;
    let json_refusal = |what: &str, status: u16, want: u16, v: &Value| {
        assert_eq!(status, want, "{what}: {v}");
        assert!(
            !v["error"]["reason"].as_str().unwrap_or_default().is_empty(),
            "{what}: the JSON refusal, not {v}"
        );
    };
    let (id, host, seats) = srv.three_seats(json!({})).await;
    let anne = seats[0].2.as_str();
    let raw = |method: reqwest::Method, path: String, body: String| {
        let srv = &srv;
        async move {
            let r = srv
                .http
                .request(method, format!("{}{path}", srv.url))
                .bearer_auth(anne)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .unwrap();
            let s = r.status().as_u16();
            let t = r.text().await.unwrap();
            (s, serde_json::from_str(&t).unwrap_or(Value::String(t)))
        }
    };
    // Bodies over their route's limit.
    let (s, v) = raw(
        reqwest::Method::POST,
        format!("/api/games/{id}/decisions"),
        format!(
            "{{\"power\":\"france\",\"decision\":\"{}\"}}",
            "x".repeat(70_000)
        ),
    )
    .await;
    json_refusal("a decision of 70 KB", s, 413, &v);
    let (s, v) = raw(
        reqwest::Method::POST,
        "/api/games".into(),
        format!("{{\"scenario\":\"{}\"}}", "x".repeat(20_000)),
    )
    .await;
    json_refusal("a creation of 20 KB", s, 413, &v);
    // The browser's form answers the same way.
    let r = srv
        .http
        .post(format!("{}/api/games/{id}/host", srv.url))
        .bearer_auth(&host)
        .header("content-type", "application/json")
        .body(format!(
            "{{\"adjust\":{{\"adjustment\":{{\"money\":{{\"power\":\"france\",\"delta\":0}}}},\"note\":\"{}\"}}}}",
            "n".repeat(70_000)
        ))
        .send()
        .await
        .unwrap();
    let s = r.status().as_u16();
    json_refusal("a host action of 70 KB", s, 413, &r.json().await.unwrap());
    // A path over its limit; a method a route does not take.
    let (s, v) = srv
        .get(&format!("/api/games/{}", "g".repeat(9_000)), None)
        .await;
    json_refusal("a path of 9 KB", s, 414, &v);
    let (s, v) = raw(reqwest::Method::DELETE, "/api/games".into(), String::new()).await;
    json_refusal("DELETE", s, 405, &v);
    // A host's note, a message, messages in a step.
    let note = |n: usize| json!({"adjust": {"adjustment": {"money": {"power": "france", "delta": 0}}, "note": "n".repeat(n)}});
    let (s, v) = srv.host(&id, &host, note(2_001)).await;
    json_refusal("a note of 2,001 characters", s, 422, &v);
    assert_eq!(v["error"]["rule"], "3.5", "{v}");
    let (s, v) = srv.host(&id, &host, note(2_000)).await;
    assert_eq!(s, 200, "{v}");
    let send = |text: String| {
        let srv = &srv;
        let id = id.clone();
        async move {
            srv.post(
                &format!("/api/games/{id}/decisions"),
                Some(anne),
                json!({"power": "france", "decision": format!("message austria: {text}")}),
            )
            .await
        }
    };
    let (s, v) = send("w".repeat(4_001)).await;
    json_refusal("a message of 4,001 characters", s, 422, &v);
    assert_eq!(v["error"]["rule"], "3.3", "{v}");
    let most = coalition_engine::political::diplomacy::MAX_SENDS;
    for i in 0..most {
        let (s, v) = send(format!("letter {i}")).await;
        assert_eq!(s, 200, "letter {i}: {v}");
    }
    let (s, v) = send("one too many".into()).await;
    json_refusal("a message past the step's number", s, 422, &v);
    assert_eq!(v["error"]["rule"], "4.1", "{v}");
    // Creations an hour: this server allows four, and counts every attempt (the three seats' game and the
    // creation of 20 KB were two).
    for i in 0..2 {
        let (s, v) = srv
            .post("/api/games", None, json!({"scenario": "test"}))
            .await;
        assert_eq!(s, 201, "creation {}: {v}", i + 3);
    }
    let r = srv
        .http
        .post(format!("{}/api/games", srv.url))
        .json(&json!({"scenario": "test"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((3_500..=3_600).contains(&retry), "{retry}");
    let v: Value = r.json().await.unwrap();
    json_refusal("a fifth creation", 429, 429, &v);
    assert_eq!(v["error"]["field"], "creations");
    let (s, v) = srv
        .post("/api/import", None, json!({"transcript": {}}))
        .await;
    json_refusal("an import past the creations", s, 429, &v);
    // Sockets a seat may hold open at once.
    let most = coalition_server::limits::SOCKETS_PER_SEAT.max as usize;
    let mut open = Vec::new();
    for _ in 0..most {
        open.push(socket(&srv, &id, anne).await);
    }
    let url = srv.url.replace("http://", "ws://");
    match tokio_tungstenite::connect_async(format!("{url}/api/games/{id}/ws?token={anne}")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429)
        }
        other => panic!("a socket past the seat's number: {:?}", other.map(|_| ())),
    }
    drop(open);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    socket(&srv, &id, anne).await;
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_bots_only_is_played_by_the_clock_not_inside_the_request_that_creates_it() {
    let srv = Srv::start(&sqlite_file()).await;
    let bots = json!({"france": "heuristic", "great-britain": "heuristic", "austria": "heuristic",
        "prussia": "heuristic", "russia": "heuristic", "spain": "heuristic", "turkey": "heuristic"});
    let t = std::time::Instant::now();
    let (s, g) = srv
        .post(
            "/api/games",
            None,
            json!({"scenario": "1805", "bots": bots}),
        )
        .await;
    assert_eq!(s, 201, "{g}");
    let took = t.elapsed();
    assert_eq!(
        g["entries"].as_u64().unwrap(),
        coalition_server::limits::BOT_ENTRIES.max,
        "{g}"
    );
    assert_eq!(g["finished"], false);
    let id = g["id"].as_str().unwrap();
    let info = srv.info(id).await;
    assert_eq!(info["bots_playing"], true, "{info}");
    // The clock plays on to the end.
    let end = srv.settled(id).await;
    assert_eq!(end["finished"], true, "{end}");
    assert!(end["seq"].as_i64().unwrap() > 4 * 400, "{end}");
    eprintln!(
        "the creating request took {took:?} for 400 decisions; the clock played the rest to {} entries",
        end["seq"]
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_creation_leaves_nothing_behind() {
    // On a database of its own: other tests create games on a shared PostgreSQL database meanwhile.
    for db in [sqlite_file()] {
        let srv = Srv::start(&db).await;
        let store = &srv.server.hub.store;
        let before = store.games().await.unwrap().len();
        for bad in [
            json!({"scenario": "test", "players": {"anne": ["france", "france"]}}),
            json!({"scenario": "test", "bots": {"nowhere": "heuristic"}}),
            json!({"scenario": "test", "step_seconds": 0}),
            json!({"scenario": "nowhere"}),
        ] {
            let (s, v) = srv.post("/api/games", None, bad.clone()).await;
            assert!((400..500).contains(&s), "{bad}: {s} {v}");
        }
        assert_eq!(store.games().await.unwrap().len(), before);
        srv.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_still_playing_when_the_server_stops_play_on_after_it_starts_again() {
    let db = sqlite_file();
    let srv = Srv::start(&db).await;
    let (s, g) = srv
        .post(
            "/api/games",
            None,
            json!({"scenario": "test", "bots": {"france": "heuristic", "austria": "heuristic", "prussia": "random"}}),
        )
        .await;
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["finished"], false, "{g}");
    // Stopped at once: the clock has not played on yet (or not far).
    srv.stop().await;
    let srv = Srv::start(&db).await;
    let info = srv.info(&id).await;
    assert!(info["seq"].as_i64().unwrap() >= 400, "{info}");
    assert_eq!(
        info["finished"], false,
        "not over before the restart: {info}"
    );
    assert_eq!(info["bots_playing"], true, "{info}");
    let end = srv.settled(&id).await;
    assert_eq!(end["finished"], true, "{end}");
    srv.stop().await;
}
