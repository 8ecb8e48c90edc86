//! The game server through its HTTP API and WebSockets (issue 17): a month played by three seats on SQLite and
//! PostgreSQL, with every response and push checked for another seat's sealed decision; bad input; deadlines;
//! reconnection; export, verification and import.

mod common;

use coalition_bots::{Bot, HeuristicBot};
use coalition_engine::event::Event;
use coalition_engine::scenario::embedded_scenario;
use coalition_engine::view::View;
use coalition_server::fair::{Export, verify};
use common::*;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Checks that nothing in `v` (a view, a log or a push, as JSON) shows a sealed decision of a power outside
/// `own`: the round's held submissions and the log's `submitted` events of others carry none.
fn assert_no_leak(v: &Value, own: &[String], what: &str) {
    match v {
        Value::Object(m) => {
            if let Some(s) = m.get("submitted").and_then(|s| s.as_object())
                && let Some(sub) = s.get("power")
                && s.get("sealed") == Some(&Value::Bool(true))
                && !own.iter().any(|p| Value::String(p.clone()) == *sub)
            {
                assert!(
                    s.get("decision").is_none_or(Value::is_null),
                    "{what}: another seat's sealed decision leaked: {s:?}"
                );
            }
            if let Some(round) = m.get("round").and_then(|r| r.as_object())
                && round.get("sealed") == Some(&Value::Bool(true))
                && let Some(held) = round.get("submitted").and_then(|h| h.as_object())
            {
                for p in held.keys() {
                    assert!(
                        own.contains(p),
                        "{what}: the round shows {p}'s sealed decision to a seat holding {own:?}"
                    );
                }
            }
            for x in m.values() {
                assert_no_leak(x, own, what);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| assert_no_leak(x, own, what)),
        _ => {}
    }
}

/// Reads every message a seat's WebSocket pushed so far.
async fn drain(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Vec<Value> {
    let mut out = Vec::new();
    while let Ok(Some(Ok(m))) =
        tokio::time::timeout(std::time::Duration::from_millis(30), ws.next()).await
    {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            out.push(serde_json::from_str(&t).unwrap());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_seats_play_a_month_through_the_api_and_no_seat_sees_another_seats_sealed_decision() {
    for db in databases() {
        let srv = Srv::start(&db).await;
        let (id, host, seats) = srv.three_seats(json!({})).await;
        let scenario = Arc::new(embedded_scenario("test").unwrap());
        let mut bots: BTreeMap<String, HeuristicBot> = seats
            .iter()
            .enumerate()
            .map(|(i, (_, p, _))| (p.clone(), HeuristicBot::new(i as u64, scenario.clone())))
            .collect();
        let ws_url = srv.url.replace("http://", "ws://");
        let mut sockets = Vec::new();
        for (_, _, token) in &seats {
            let (ws, _) = tokio_tungstenite::connect_async(format!(
                "{ws_url}/api/games/{id}/ws?token={token}"
            ))
            .await
            .unwrap();
            sockets.push(ws);
        }
        let mut pushed = vec![0usize; seats.len()];
        let mut submitted = 0;
        for _ in 0..2000 {
            let info = srv.info(&id).await;
            let pos = info["position"].as_str().unwrap().to_string();
            if pos.as_str() >= "1805-02" || info["finished"] == true {
                break;
            }
            let mut acted = false;
            for (player, _, token) in seats.iter() {
                let (s, owed) = srv.get(&format!("/api/games/{id}/owed"), Some(token)).await;
                assert_eq!(s, 200, "{owed}");
                for o in owed.as_array().unwrap() {
                    let power = o["power"].as_str().unwrap();
                    let (s, v) = srv
                        .get(&format!("/api/games/{id}/view/{power}"), Some(token))
                        .await;
                    assert_eq!(s, 200, "{v}");
                    let view: View = serde_json::from_value(v).unwrap();
                    let pick = bots.get_mut(power).unwrap().pick(&view);
                    let d = view.choices[pick.index].clone();
                    let (s, r) = srv
                        .post(
                            &format!("/api/games/{id}/decisions"),
                            Some(token),
                            json!({"power": power, "decision": d}),
                        )
                        .await;
                    assert_eq!(s, 200, "{player} {power} {d}: {r}");
                    submitted += 1;
                    acted = true;
                    // After every submission, every seat's every surface.
                    for (j, (_, own, t)) in seats.iter().enumerate() {
                        let own = vec![own.clone()];
                        let what = format!("seat {j} after submission {submitted}");
                        let (_, v) = srv
                            .get(&format!("/api/games/{id}/view/{}", own[0]), Some(t))
                            .await;
                        assert_no_leak(&v, &own, &what);
                        let (_, l) = srv.get(&format!("/api/games/{id}/log"), Some(t)).await;
                        assert_no_leak(&l, &own, &what);
                        let (_, o) = srv.get(&format!("/api/games/{id}/owed"), Some(t)).await;
                        assert_no_leak(&o, &own, &what);
                        let msgs = drain(&mut sockets[j]).await;
                        pushed[j] += msgs.len();
                        assert_no_leak(&Value::Array(msgs), &own, &what);
                    }
                }
            }
            assert!(
                acted,
                "nobody owes anything at {pos}, yet the month is not over"
            );
        }
        let info = srv.info(&id).await;
        assert!(
            info["position"].as_str().unwrap() >= "1805-02",
            "a month was played: {info}"
        );
        assert!(submitted > 10, "{submitted} submissions");
        assert!(
            pushed.iter().all(|n| *n > 0),
            "every socket got pushes: {pushed:?}"
        );
        // The host's export replays to the same log, and the seed opens the commitment.
        let (s, e) = srv
            .get(&format!("/api/games/{id}/export"), Some(&host))
            .await;
        assert_eq!(s, 200);
        let export: Export = serde_json::from_value(e).unwrap();
        assert_eq!(
            export.transcript.script.len() as u64,
            info["seq"].as_u64().unwrap()
        );
        let v = verify(&export, scenario.clone()).unwrap();
        assert_eq!(v.events, export.log.len());
        srv.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_a_4xx_with_a_reason_and_change_nothing() {
    for db in databases() {
        let srv = Srv::start(&db).await;
        let (id, host, seats) = srv.three_seats(json!({})).await;
        let anne = seats[0].2.as_str();
        let before = srv.info(&id).await;
        let owed = srv
            .get(&format!("/api/games/{id}/owed"), Some(anne))
            .await
            .1;
        assert!(
            !owed.as_array().unwrap().is_empty(),
            "France owes a decision at the start: {owed}"
        );
        let path = format!("/api/games/{id}/decisions");
        let raw = |body: &'static str, ct: Option<&'static str>| {
            let mut r = srv
                .http
                .post(format!("{}{path}", srv.url))
                .bearer_auth(anne)
                .body(body);
            if let Some(ct) = ct {
                r = r.header("content-type", ct);
            }
            r
        };
        let mut cases: Vec<(&str, u16, Value)> = Vec::new();
        let resp = raw("{\"power\":", Some("application/json"))
            .send()
            .await
            .unwrap();
        cases.push((
            "malformed JSON",
            resp.status().as_u16(),
            resp.json().await.unwrap(),
        ));
        let resp = raw("{}", None).send().await.unwrap();
        cases.push((
            "no content type",
            resp.status().as_u16(),
            resp.json().await.unwrap(),
        ));
        let big = "x".repeat(coalition_server::limits::BODY_DECISION.bytes() + 10);
        let resp = srv
            .http
            .post(format!("{}{path}", srv.url))
            .bearer_auth(anne)
            .header("content-type", "application/json")
            .body(format!("{{\"power\":\"france\",\"decision\":\"{big}\"}}"))
            .send()
            .await
            .unwrap();
        cases.push((
            "oversized body",
            resp.status().as_u16(),
            resp.json().await.unwrap(),
        ));
        let (s, v) = srv
            .post(
                &path,
                Some(anne),
                json!({"power": "france", "decision": "pass", "extra": 1}),
            )
            .await;
        cases.push(("unknown field", s, v));
        let (s, v) = srv
            .post(
                "/api/games/no-such-game/decisions",
                Some(anne),
                json!({"power": "france", "decision": "pass"}),
            )
            .await;
        cases.push(("unknown game", s, v));
        let (s, v) = srv
            .post(
                &path,
                Some("wrong-token"),
                json!({"power": "france", "decision": "pass"}),
            )
            .await;
        cases.push(("wrong token", s, v));
        let (s, v) = srv
            .post(&path, None, json!({"power": "france", "decision": "pass"}))
            .await;
        cases.push(("no token", s, v));
        let (s, v) = srv
            .post(
                &path,
                Some(anne),
                json!({"power": "austria", "decision": "pass"}),
            )
            .await;
        assert_eq!(v["error"]["rule"], "14.2.1", "{v}");
        cases.push(("another seat's power", s, v));
        let (s, v) = srv
            .post(
                &path,
                Some(anne),
                json!({"power": "france", "decision": "declare nowhere"}),
            )
            .await;
        assert!(
            v["error"]["rule"].is_string(),
            "a refused decision cites its rule: {v}"
        );
        cases.push(("a decision that cannot be read", s, v));
        let (s, v) = srv
            .post(
                &path,
                Some(anne),
                json!({"power": "france-x", "decision": "pass"}),
            )
            .await;
        cases.push(("an unknown power", s, v));
        let (s, v) = srv
            .post(&format!("/api/games/{id}/host"), Some(anne), json!("pause"))
            .await;
        cases.push(("a host action with a seat's token", s, v));
        let (s, v) = srv
            .post(
                &format!("/api/games/{id}/seats/anne/claim"),
                None,
                json!({}),
            )
            .await;
        cases.push(("a taken seat", s, v));
        let (s, v) = srv
            .get(&format!("/api/games/{id}/view/austria"), Some(anne))
            .await;
        cases.push(("another seat's view", s, v));
        let (s, v) = srv
            .get(&format!("/api/games/{id}/export"), Some(anne))
            .await;
        cases.push(("an export before the end without the host's token", s, v));
        let (s, v) = srv.get("/api/nowhere", None).await;
        cases.push(("an unknown route", s, v));
        for (what, status, body) in &cases {
            assert!((400..500).contains(status), "{what}: {status} {body}");
            let reason = body["error"]["reason"].as_str().unwrap_or_default();
            assert!(!reason.is_empty(), "{what}: a reason in {body}");
        }
        let statuses: BTreeMap<&str, u16> = cases.iter().map(|(w, s, _)| (*w, *s)).collect();
        assert_eq!(statuses["malformed JSON"], 400);
        assert_eq!(statuses["no content type"], 415);
        assert_eq!(statuses["oversized body"], 413);
        assert_eq!(statuses["unknown game"], 404);
        assert_eq!(statuses["wrong token"], 401);
        assert_eq!(statuses["another seat's power"], 403);
        assert_eq!(statuses["a taken seat"], 409);
        assert_eq!(statuses["a host action with a seat's token"], 403);
        let after = srv.info(&id).await;
        assert_eq!(after["seq"], before["seq"], "nothing was appended");
        assert_eq!(after["position"], before["position"]);
        // The host's token works where the seat's did not.
        let (s, v) = srv.host(&id, &host, json!("pause")).await;
        assert_eq!(s, 200, "{v}");
        srv.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_deadline_takes_the_default_decisions_unless_the_host_pauses() {
    let srv = Srv::start(&sqlite_file()).await;
    let (id, host, _) = srv.three_seats(json!({"step_seconds": 1})).await;
    let start = srv.info(&id).await;
    assert!(
        start["deadline_ms"].is_i64(),
        "the first step has a deadline: {start}"
    );
    // Paused: the clock does not run.
    let (s, _) = srv.host(&id, &host, json!("pause")).await;
    assert_eq!(s, 200);
    tokio::time::sleep(std::time::Duration::from_millis(1800)).await;
    assert_eq!(
        srv.info(&id).await["seq"],
        0,
        "nothing happens while paused"
    );
    let (s, _) = srv.host(&id, &host, json!("resume")).await;
    assert_eq!(s, 200);
    let mut seq = 0;
    for _ in 0..40 {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        seq = srv.info(&id).await["seq"].as_u64().unwrap();
        if seq > 0 {
            break;
        }
    }
    assert!(
        seq > 0,
        "the deadline passed and the late powers' defaults were taken"
    );
    let (_, e) = srv
        .get(&format!("/api/games/{id}/export"), Some(&host))
        .await;
    let export: Export = serde_json::from_value(e).unwrap();
    assert!(
        export
            .log
            .iter()
            .any(|e| matches!(e, Event::DefaultTaken { .. })),
        "the log says the defaults were taken (3.6)"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_move_on_by_the_time_the_server_was_down() {
    let db = sqlite_file();
    let srv = Srv::start(&db).await;
    let (id, _, _) = srv.three_seats(json!({"step_seconds": 3600})).await;
    let deadline = srv.info(&id).await["deadline_ms"].as_i64().unwrap();
    let me = srv.server.id.clone();
    srv.stop().await;
    // The server was last alive ten minutes ago.
    let store = coalition_store::Store::open(&db).await.unwrap();
    let now = coalition_server::live::now_ms();
    store.heartbeat(&me, now - 600_000).await.unwrap();
    let srv = Srv::start(&db).await;
    let moved = srv.info(&id).await["deadline_ms"].as_i64().unwrap();
    assert!(
        moved - deadline >= 600_000 && moved - deadline < 660_000,
        "the deadline moved on by the ten minutes: {deadline} -> {moved}"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_reconnects_gets_what_it_missed_or_a_resync() {
    let srv = Srv::start(&sqlite_file()).await;
    let (id, _, seats) = srv.three_seats(json!({})).await;
    let ws_url = srv.url.replace("http://", "ws://");
    let token = &seats[0].2;
    let open = |after: usize| {
        let u = format!("{ws_url}/api/games/{id}/ws?token={token}&after={after}");
        async move { tokio_tungstenite::connect_async(u).await.unwrap().0 }
    };
    let mut ws = open(0).await;
    let first = drain(&mut ws).await;
    let last_n = first
        .iter()
        .filter(|m| m["type"] == "event")
        .map(|m| m["n"].as_u64().unwrap())
        .max()
        .unwrap();
    assert!(first.iter().any(|m| m["type"] == "status"));
    drop(ws);
    // Bill submits while Anne is away.
    let (_, owed) = srv
        .get(&format!("/api/games/{id}/owed"), Some(&seats[1].2))
        .await;
    let d = owed[0]["choices"][0].clone();
    let (s, r) = srv
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(&seats[1].2),
            json!({"power": "austria", "decision": d}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    let mut ws = open(last_n as usize).await;
    let missed = drain(&mut ws).await;
    let ns: Vec<u64> = missed
        .iter()
        .filter(|m| m["type"] == "event")
        .map(|m| m["n"].as_u64().unwrap())
        .collect();
    assert!(!ns.is_empty(), "Anne gets what she missed: {missed:?}");
    assert!(ns.iter().all(|n| *n > last_n), "only what she missed");
    let mut ws = open(1_000_000).await;
    let resync = drain(&mut ws).await;
    assert_eq!(resync[0]["type"], "resync", "{resync:?}");
    assert!(resync[0]["views"]["france"].is_object());
    assert!(
        resync[0]["views"].get("austria").is_none(),
        "only the seat's powers"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_reveals_its_seed_and_verifies_and_a_tampered_export_does_not() {
    let srv = Srv::start(&sqlite_file()).await;
    // Bots in every seat: the creating request plays a bounded share of their decisions, the clock the rest.
    let (s, g) = srv
        .post(
            "/api/games",
            None,
            json!({"scenario": "test", "bots": {"france": "heuristic", "austria": "random", "prussia": "heuristic"}}),
        )
        .await;
    assert_eq!(s, 201, "{g}");
    assert!(
        g["entries"].as_u64().unwrap() <= coalition_server::limits::BOT_ENTRIES.max,
        "{g}"
    );
    let id = g["id"].as_str().unwrap();
    let info = srv.settled(id).await;
    assert_eq!(info["finished"], true, "{info}");
    let seed = info["revealed"]["seed"].as_u64().unwrap();
    let salt = info["revealed"]["salt"].as_str().unwrap();
    assert_eq!(
        coalition_server::fair::commitment(salt, seed),
        g["commitment"].as_str().unwrap()
    );
    // Once the game is over anyone may export it.
    let (s, e) = srv.get(&format!("/api/games/{id}/export"), None).await;
    assert_eq!(s, 200, "{e}");
    let export: Export = serde_json::from_value(e).unwrap();
    let scenario = Arc::new(embedded_scenario("test").unwrap());
    let v = verify(&export, scenario.clone()).unwrap();
    assert!(v.rolls > 0, "a whole campaign rolls dice");
    let mut wrong_seed = export.clone();
    wrong_seed.transcript.seed ^= 1;
    assert!(
        verify(&wrong_seed, scenario.clone())
            .unwrap_err()
            .contains("commitment")
    );
    let mut wrong_roll = export.clone();
    let i = wrong_roll
        .log
        .iter()
        .position(|e| serde_json::to_string(e).unwrap().contains("\"faces\""))
        .unwrap();
    let text = serde_json::to_string(&wrong_roll.log[i]).unwrap();
    let faces = text.find("\"faces\":[").unwrap() + 9;
    let mut t = text.into_bytes();
    t[faces] = if t[faces] == b'6' { b'1' } else { b'6' };
    wrong_roll.log[i] = serde_json::from_slice(&t).unwrap();
    let err = verify(&wrong_roll, scenario).unwrap_err();
    assert!(err.contains(&format!("event {}", i + 1)), "{err}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exported_game_is_imported_at_the_same_point_and_a_seat_goes_to_a_bot_and_back() {
    let srv = Srv::start(&sqlite_file()).await;
    let (id, host, seats) = srv.three_seats(json!({})).await;
    // The host hands France to a bot: it answers at once, and Anne may no longer submit for France.
    let (s, r) = srv
        .host(
            &id,
            &host,
            json!({"seat": {"power": "france", "bot": "heuristic"}}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    assert!(
        r["entries"].as_u64().unwrap() >= 2,
        "the seat entry and the bot's answer: {r}"
    );
    // Anne's seat held only France: its token died with it.
    assert_eq!(r["revoked"], "anne", "{r}");
    let (s, _) = srv
        .get(&format!("/api/games/{id}/owed"), Some(&seats[0].2))
        .await;
    assert_eq!(s, 401, "a seat handed to a bot keeps no token");
    let (s, r) = srv
        .host(&id, &host, json!({"seat": {"power": "france"}}))
        .await;
    assert_eq!(s, 200, "{r}");
    let anne = r["token"]
        .as_str()
        .expect("a new token for the seat")
        .to_string();
    let (s, _) = srv.get(&format!("/api/games/{id}/owed"), Some(&anne)).await;
    assert_eq!(s, 200);
    // The host replaces Bill: his token stops working, and the new one is the host's to pass on; nobody else
    // can claim the seat.
    let (s, r) = srv
        .host(&id, &host, json!({"replace": {"player": "bill"}}))
        .await;
    assert_eq!(s, 200, "{r}");
    let (s, _) = srv
        .get(&format!("/api/games/{id}/owed"), Some(&seats[1].2))
        .await;
    assert_eq!(s, 401);
    let (s, _) = srv
        .get(&format!("/api/games/{id}/owed"), r["token"].as_str())
        .await;
    assert_eq!(s, 200);
    let (s, _) = srv
        .post(
            &format!("/api/games/{id}/seats/bill/claim"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(s, 409);
    let (_, e) = srv
        .get(&format!("/api/games/{id}/export"), Some(ADMIN))
        .await;
    let export: Export = serde_json::from_value(e).unwrap();
    let (s, imported) = srv
        .post(
            "/api/import",
            None,
            json!({"transcript": export.transcript}),
        )
        .await;
    assert_eq!(s, 201, "{imported}");
    let a = srv.info(&id).await;
    let b = srv.info(imported["id"].as_str().unwrap()).await;
    assert_eq!(a["position"], b["position"]);
    assert_eq!(a["owing"], b["owing"]);
    assert_eq!(a["seq"], b["seq"]);
    srv.stop().await;
}

#[test]
fn the_leak_check_catches_a_sealed_decision_of_another_seat() {
    let own = vec!["france".to_string()];
    let held = json!({"state": {"round": {"sealed": true, "submitted": {"austria": {"declare": ["france"]}}}}});
    let logged = json!([{"n": 7, "event": {"submitted": {"power": "austria", "sealed": true, "decision": "x"}}}]);
    let mine = json!([{"n": 7, "event": {"submitted": {"power": "france", "sealed": true, "decision": "x"}}}]);
    let hidden = json!([{"n": 7, "event": {"submitted": {"power": "austria", "sealed": true, "decision": null}}}]);
    assert!(std::panic::catch_unwind(|| assert_no_leak(&held, &own, "t")).is_err());
    assert!(std::panic::catch_unwind(|| assert_no_leak(&logged, &own, "t")).is_err());
    assert_no_leak(&mine, &own, "t");
    assert_no_leak(&hidden, &own, "t");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_game_loads_from_its_snapshot_as_it_was() {
    let db = sqlite_file();
    let srv = Srv::start_with(&db, Some(50)).await;
    // Two bots play until France, a person's seat, owes a decision; then France hands its seat to a bot for a
    // while, so the log grows past several snapshots.
    let (s, g) = srv
        .post(
            "/api/games",
            None,
            json!({"scenario": "test", "players": {"anne": ["france"], "bill": ["austria"], "cleo": ["prussia"]},
                   "bots": {"austria": "heuristic", "prussia": "random"}}),
        )
        .await;
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let host = g["host_token"].as_str().unwrap().to_string();
    let (s, r) = srv
        .host(
            &id,
            &host,
            json!({"seat": {"power": "france", "bot": "heuristic"}}),
        )
        .await;
    assert_eq!(s, 200, "{r}");
    srv.settled(&id).await;
    let (s, r) = srv
        .host(&id, &host, json!({"seat": {"power": "austria"}}))
        .await;
    assert_eq!(s, 200, "{r}");
    let bill = r["token"]
        .as_str()
        .expect("a bot's seat handed to a person gets a token")
        .to_string();
    let before = srv.settled(&id).await;
    let (_, e) = srv
        .get(&format!("/api/games/{id}/export"), Some(&host))
        .await;
    let export_before: Export = serde_json::from_value(e).unwrap();
    assert!(export_before.transcript.script.len() > 100, "a long log");
    // Let the background snapshot land, then load the game in a new server.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    srv.stop().await;
    let srv = Srv::start_with(&db, Some(50)).await;
    let after = srv.info(&id).await;
    assert_eq!(
        srv.server
            .hub
            .restored
            .load(std::sync::atomic::Ordering::Relaxed),
        1,
        "loaded from its snapshot"
    );
    assert_eq!(before, after);
    let (_, e) = srv
        .get(&format!("/api/games/{id}/export"), Some(&host))
        .await;
    let export_after: Export = serde_json::from_value(e).unwrap();
    assert_eq!(
        serde_json::to_value(&export_before.log).unwrap(),
        serde_json::to_value(&export_after.log).unwrap()
    );
    // Austria, a person's seat again, plays on in the restored game, and it still verifies.
    let (_, owed) = srv.get(&format!("/api/games/{id}/owed"), Some(&bill)).await;
    if let Some(o) = owed.as_array().unwrap().first() {
        let (s, r) = srv
            .post(
                &format!("/api/games/{id}/decisions"),
                Some(&bill),
                json!({"power": "austria", "decision": o["choices"][0]}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
    }
    let (_, e) = srv
        .get(&format!("/api/games/{id}/export"), Some(&host))
        .await;
    let export: Export = serde_json::from_value(e).unwrap();
    verify(&export, Arc::new(embedded_scenario("test").unwrap())).unwrap();
    srv.stop().await;
}

/// A long game holds only its recent events in memory (the store keeps the others in chunks), and a seat's log,
/// its views and the export read from any point are what the whole game's log gives: the same events, numbered
/// the same, as the engine's replay of the exported transcript shows them. A new server loading the game from
/// its snapshot and the stored events serves the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_game_holds_its_recent_events_and_serves_the_older_ones_from_the_store() {
    use coalition_server::live::{CHUNK, Live};
    for db in databases() {
        let srv = Srv::start_with(&db, Some(50)).await;
        let (id, host, seats) = srv
            .three_seats(json!({"bots": {"austria": "heuristic", "prussia": "random"}}))
            .await;
        // France's seat to a bot too: the bots play on, and the log grows past many chunks; then France back to
        // a person, whose new token reads the log.
        let (s, r) = srv
            .host(
                &id,
                &host,
                json!({"seat": {"power": "france", "bot": "heuristic"}}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(r["revoked"], "anne", "{r}");
        assert_eq!(seats[0].0, "anne");
        srv.settled(&id).await;
        let (s, r) = srv
            .host(&id, &host, json!({"seat": {"power": "france"}}))
            .await;
        assert_eq!(s, 200, "{r}");
        let anne = r["token"].as_str().unwrap().to_string();
        let (_, e) = srv
            .get(&format!("/api/games/{id}/export"), Some(&host))
            .await;
        let export: Export = serde_json::from_value(e).unwrap();
        let scenario = Arc::new(embedded_scenario("test").unwrap());
        let whole = export.transcript.replay(scenario).unwrap();
        assert_eq!(
            serde_json::to_value(whole.log()).unwrap(),
            serde_json::to_value(&export.log).unwrap(),
            "the export's log is the whole game's"
        );
        let n = whole.log().len();
        assert!(n > 10 * CHUNK, "a long log: {n} events");
        let france = coalition_engine::ids::PowerId::new("france").unwrap();
        let mut srv = srv;
        for (i, round) in ["the server that played it", "a server that loaded it"]
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                // Let the background snapshot land, then load the game in a new server.
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                srv.stop().await;
                srv = Srv::start_with(&db, Some(50)).await;
            }
            {
                let l = srv.server.hub.live(&id).await.unwrap();
                let live = l.lock().await;
                assert_eq!(live.game.log_len(), n, "{round}");
                assert!(
                    live.game.log_start() > 0 && live.game.log().len() < 2 * CHUNK + 1,
                    "{round}: holds events {} to {n}",
                    live.game.log_start()
                );
            }
            assert_eq!(
                srv.server
                    .hub
                    .restored
                    .load(std::sync::atomic::Ordering::Relaxed),
                i,
                "{round}: loaded from its snapshot"
            );
            for after in [
                0,
                1,
                CHUNK - 1,
                CHUNK,
                5 * CHUNK + 3,
                n - CHUNK - 7,
                n - 1,
                n,
                n + 5,
            ] {
                let (s, log) = srv
                    .get(&format!("/api/games/{id}/log?after={after}"), Some(&anne))
                    .await;
                assert_eq!(s, 200, "{log}");
                let want: Vec<Value> = whole.log()[after.min(n)..]
                    .iter()
                    .enumerate()
                    .filter_map(|(i, e)| {
                        Live::seat_event(e, &[france])
                            .map(|e| json!({"n": after + i + 1, "event": e}))
                    })
                    .collect();
                assert_eq!(
                    log,
                    Value::Array(want),
                    "{round}: the seat's log after {after}"
                );
                let (s, view) = srv
                    .get(
                        &format!("/api/games/{id}/view/france?after={after}"),
                        Some(&anne),
                    )
                    .await;
                assert_eq!(s, 200, "{view}");
                assert_eq!(
                    view,
                    serde_json::to_value(whole.view_since(france, after)).unwrap(),
                    "{round}: France's view after {after}"
                );
            }
            let (_, e) = srv
                .get(&format!("/api/games/{id}/export"), Some(&host))
                .await;
            assert_eq!(
                serde_json::to_value(&e["log"]).unwrap(),
                serde_json::to_value(whole.log()).unwrap(),
                "{round}: the export's log"
            );
        }
        srv.stop().await;
    }
}
