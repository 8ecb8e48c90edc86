//! Issue 39: players are told when it is their turn, by e-mail (to a local SMTP sink this test runs) and by
//! webhook (to a local HTTP receiver it runs): one notice per step a seat comes to owe, none for a seat that
//! acted, a reminder before a deadline to the seats that still owe, one at the end; none carries a decision or a
//! message; a failing mail server holds up no decision. Only loopback addresses. On SQLite only: servers sharing
//! a database share its outbox, so on the tests' shared PostgreSQL database another test's server would send
//! these notices through its own SMTP sink (the outbox's queries are checked on PostgreSQL in the store's suite).

mod common;

use common::*;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// One e-mail the sink took: its recipients and its whole text (headers and body).
#[derive(Clone, Debug)]
struct Mail {
    to: Vec<String>,
    text: String,
}

/// A local SMTP server that accepts every message (enough of RFC 5321 for lettre): its port and what it took.
async fn smtp_sink() -> (u16, Arc<Mutex<Vec<Mail>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let mails = Arc::new(Mutex::new(Vec::new()));
    let got = mails.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let got = got.clone();
            tokio::spawn(async move {
                let (r, mut w) = stream.into_split();
                let mut lines = BufReader::new(r).lines();
                w.write_all(b"220 sink ESMTP\r\n").await.unwrap();
                let mut to = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.to_ascii_uppercase();
                    let answer: &[u8] = if verb.starts_with("EHLO") || verb.starts_with("HELO") {
                        b"250 sink\r\n"
                    } else if verb.starts_with("RCPT TO:") {
                        to.push(line[8..].trim().trim_matches(['<', '>']).to_string());
                        b"250 ok\r\n"
                    } else if verb.starts_with("DATA") {
                        w.write_all(b"354 go on\r\n").await.unwrap();
                        let mut text = String::new();
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                            text.push_str(&l);
                            text.push('\n');
                        }
                        got.lock().unwrap().push(Mail {
                            to: std::mem::take(&mut to),
                            text: unquote(&text),
                        });
                        b"250 queued\r\n"
                    } else if verb.starts_with("QUIT") {
                        let _ = w.write_all(b"221 bye\r\n").await;
                        return;
                    } else {
                        b"250 ok\r\n"
                    };
                    if w.write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (port, mails)
}

/// A message's text with its quoted-printable soft breaks and escapes undone (enough for these ASCII texts).
fn unquote(text: &str) -> String {
    let joined = text.replace("=\n", "");
    let mut out = String::new();
    let mut rest = joined.as_str();
    while let Some(i) = rest.find('=') {
        out.push_str(&rest[..i]);
        match u8::from_str_radix(rest.get(i + 1..i + 3).unwrap_or("zz"), 16) {
            Ok(b) => {
                out.push(b as char);
                rest = &rest[i + 3..];
            }
            Err(_) => {
                out.push('=');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A local HTTP receiver of webhooks: its address and the JSON bodies it took.
async fn webhook_receiver() -> (String, Arc<Mutex<Vec<Value>>>) {
    let got = Arc::new(Mutex::new(Vec::new()));
    let keep = got.clone();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |axum::Json(v): axum::Json<Value>| {
            let keep = keep.clone();
            async move {
                keep.lock().unwrap().push(v);
                axum::http::StatusCode::NO_CONTENT
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, got)
}

/// A server that sends notices to `smtp` and local webhooks, reminding `remind_ms` before a deadline.
async fn server(smtp: u16, remind_ms: i64) -> Srv {
    Srv::start_config(Srv::config_with(|c| {
        c.database = sqlite_file();
        c.notices = coalition_server::notices::Notices {
            base_url: "http://coalition.test".into(),
            smtp: Some(format!("smtp://127.0.0.1:{smtp}")),
            mail_from: "Coalition <coalition@coalition.test>".into(),
            webhooks: coalition_server::notices::Webhooks::Local,
            remind_before_ms: remind_ms,
            retry_ms: 50,
        };
    }))
    .await
}

/// Waits until `f` holds, for at most ten seconds.
async fn until(what: &str, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < Duration::from_secs(10), "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Sends each decision the seat owes as its first listed pass-like choice: `pass` where listed, else the first.
async fn act(srv: &Srv, id: &str, token: &str) -> usize {
    let (_, owed) = srv.get(&format!("/api/games/{id}/owed"), Some(token)).await;
    let mut n = 0;
    for o in owed.as_array().unwrap() {
        let choices = o["choices"].as_array().unwrap();
        let pick = choices
            .iter()
            .find(|c| {
                c.as_str().unwrap().starts_with("pass") || c.as_str().unwrap().contains("none")
            })
            .unwrap_or(&choices[0]);
        let (s, r) = srv
            .post(
                &format!("/api/games/{id}/decisions"),
                Some(token),
                json!({"power": o["power"], "decision": pick}),
            )
            .await;
        assert_eq!(s, 200, "{r}");
        n += 1;
    }
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_seat_is_told_once_per_step_it_comes_to_owe_and_never_a_secret() {
    let (port, mails) = smtp_sink().await;
    let (hook, hooks) = webhook_receiver().await;
    let srv = server(port, 60_000).await;
    let (id, _, seats) = srv.three_seats(json!({})).await;
    let (anne, bill, cleo) = (&seats[0].2, &seats[1].2, &seats[2].2);
    let put = |token: &str, body: Value| {
        let srv = &srv;
        let id = id.clone();
        let token = token.to_string();
        async move {
            let r = srv
                .http
                .put(format!("{}/api/games/{id}/notices", srv.url))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        }
    };
    let (s, v) = put(anne, json!({"email": "anne@example.org"})).await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = put(bill, json!({"webhook": hook})).await;
    assert_eq!(s, 200, "{v}");
    // Refused: not an address, a URL this server does not call, an unknown field, no token.
    assert_eq!(put(cleo, json!({"email": "cleo"})).await.0, 422);
    assert_eq!(put(cleo, json!({"webhook": "ftp://x/y"})).await.0, 422);
    assert_eq!(put(cleo, json!({"phone": "1"})).await.0, 422);
    assert_eq!(put("wrong", json!({})).await.0, 401);
    let (s, v) = srv
        .get(&format!("/api/games/{id}/notices"), Some(anne))
        .await;
    assert_eq!(
        (s, v),
        (200, json!({"email": "anne@example.org", "webhook": null}))
    );

    // France writes privately to Austria, then every seat passes: the Diplomacy Step ends and the sealed
    // Declarations of War Step begins, owed by all three.
    let secret = "meet me at Ulm, tell nobody";
    let (s, _) = srv
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(anne),
            json!({"power": "france", "decision": format!("message austria: {secret}")}),
        )
        .await;
    assert_eq!(s, 200);
    assert!(mails.lock().unwrap().is_empty(), "a message is no new step");
    for t in [anne, bill, cleo] {
        act(&srv, &id, t).await;
    }
    let step = srv.info(&id).await["position"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(step.contains("Declarations of War"), "{step}");
    until("anne's e-mail", || mails.lock().unwrap().len() == 1).await;
    until("bill's webhook", || hooks.lock().unwrap().len() == 1).await;
    {
        let m = &mails.lock().unwrap()[0];
        assert_eq!(m.to, ["anne@example.org"]);
        assert!(m.text.contains("France owes a decision"), "{}", m.text);
        assert!(
            m.text
                .contains(&format!("http://coalition.test/games/{id}")),
            "{}",
            m.text
        );
        assert!(m.text.contains("Declarations of War"), "{}", m.text);
        let h = &hooks.lock().unwrap()[0];
        let content = h["content"].as_str().unwrap();
        assert!(content.contains("Austria owes a decision"), "{h}");
        assert!(
            h["text"].as_str().unwrap().contains("Austria"),
            "Slack's field: {h}"
        );
    }

    // Anne declares war in the sealed step; Bill and Cleo decide nothing: no new step, no notice, and no
    // notice ever shows a decision or a message.
    let (_, owed) = srv.get(&format!("/api/games/{id}/owed"), Some(anne)).await;
    let declare = owed[0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c.as_str().unwrap().starts_with("declare "))
        .cloned()
        .expect("France may declare war");
    let (s, _) = srv
        .post(
            &format!("/api/games/{id}/decisions"),
            Some(anne),
            json!({"power": "france", "decision": declare}),
        )
        .await;
    assert_eq!(s, 200);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        mails.lock().unwrap().len(),
        1,
        "nothing new for the seat that acted"
    );
    assert_eq!(
        hooks.lock().unwrap().len(),
        1,
        "nothing new while the step is the same"
    );
    // The rest of the month: each new step a seat owes brings it one notice.
    let mut steps = 1;
    let month = step.split(' ').next().unwrap().to_string();
    for _ in 0..200 {
        let pos = srv.info(&id).await["position"]
            .as_str()
            .unwrap()
            .to_string();
        if !pos.starts_with(&month) {
            break;
        }
        let mut n = 0;
        for t in [anne, bill, cleo] {
            n += act(&srv, &id, t).await;
        }
        if n > 0 {
            steps += 1;
        }
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let outbox = srv.server.hub.store.outbox(&id).await.unwrap();
    assert!(outbox.iter().all(|q| q.sent_ms.is_some()), "{outbox:?}");
    let all: Vec<String> = mails
        .lock()
        .unwrap()
        .iter()
        .map(|m| m.text.clone())
        .chain(hooks.lock().unwrap().iter().map(|h| h.to_string()))
        .collect();
    for text in &all {
        assert!(
            !text.contains("Ulm"),
            "a message's words in a notice: {text}"
        );
        assert!(!text.contains("declare"), "a decision in a notice: {text}");
    }
    // One notice per step each seat came to owe (a seat may owe in fewer steps than were played, never more).
    let per = |who: &str| outbox.iter().filter(|q| q.notice.player == who).count();
    assert!(
        per("anne") > 1 && per("anne") <= steps,
        "{} of {steps}",
        per("anne")
    );
    assert!(per("bill") > 1 && per("bill") <= steps);
    assert_eq!(per("cleo"), 0, "cleo asked for none");
    let per_step: std::collections::BTreeSet<(String, String, String)> = outbox
        .iter()
        .map(|q| {
            (
                q.notice.player.clone(),
                q.notice.channel.clone(),
                q.notice.body.clone(),
            )
        })
        .collect();
    assert_eq!(per_step.len(), outbox.len(), "no notice twice for one step");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_is_reminded_of_once_to_the_seats_that_still_owe() {
    let (port, mails) = smtp_sink().await;
    // Every deadline of an hour is within the two hours of the reminder.
    let srv = server(port, 7_200_000).await;
    let (id, _, seats) = srv.three_seats(json!({"step_seconds": 3600})).await;
    let (anne, bill) = (&seats[0].2, &seats[1].2);
    // Anne acts first, then both ask for notices (so the step's start brought none).
    act(&srv, &id, anne).await;
    for (t, who) in [(anne, "anne"), (bill, "bill")] {
        let r = srv
            .http
            .put(format!("{}/api/games/{id}/notices", srv.url))
            .bearer_auth(t)
            .json(&json!({"email": format!("{who}@example.org")}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    until("bill's reminder", || mails.lock().unwrap().len() == 1).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let m = mails.lock().unwrap().clone();
    assert_eq!(
        m.len(),
        1,
        "one reminder, to the seat that still owes: {m:?}"
    );
    assert_eq!(m[0].to, ["bill@example.org"]);
    assert!(
        m[0].text.contains("Austria still owes a decision"),
        "{}",
        m[0].text
    );
    assert!(m[0].text.contains("The deadline is"), "{}", m[0].text);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_end_of_a_game_is_told_once() {
    let (port, mails) = smtp_sink().await;
    let srv = server(port, 60_000).await;
    // Anne plays France; bots the others. The host takes France's defaults step after step (as a deadline would)
    // until the last month, then Anne asks for notices and the game is played to its end.
    let (s, g) = srv
        .post(
            "/api/games",
            None,
            json!({"scenario": "test", "players": {"anne": ["france"], "bill": ["austria"], "cleo": ["prussia"]},
                   "bots": {"austria": "heuristic", "prussia": "heuristic"}}),
        )
        .await;
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let host = g["host_token"].as_str().unwrap().to_string();
    let (_, c) = srv
        .post(
            &format!("/api/games/{id}/seats/anne/claim"),
            None,
            json!({}),
        )
        .await;
    let anne = c["token"].as_str().unwrap().to_string();
    let mut asked = false;
    for _ in 0..20_000 {
        let info = srv.settled(&id).await;
        if info["finished"] == true {
            break;
        }
        if !asked && info["position"].as_str().unwrap() >= "1815-12" {
            let r = srv
                .http
                .put(format!("{}/api/games/{id}/notices", srv.url))
                .bearer_auth(&anne)
                .json(&json!({"email": "anne@example.org"}))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200);
            asked = true;
        }
        let (s, v) = srv.host(&id, &host, json!("expire")).await;
        assert_eq!(s, 200, "{v}");
    }
    assert!(asked, "the game reached its last month");
    assert_eq!(srv.info(&id).await["finished"], true);
    until("the end's notice", || {
        mails
            .lock()
            .unwrap()
            .iter()
            .any(|m| m.text.contains("is over"))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let ends = mails
        .lock()
        .unwrap()
        .iter()
        .filter(|m| m.text.contains("is over"))
        .count();
    assert_eq!(ends, 1);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_mail_server_holds_up_no_decision_and_its_notices_are_retried_then_given_up() {
    // A port nobody listens on.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let srv = server(closed, 60_000).await;
    let (id, _, seats) = srv.three_seats(json!({})).await;
    for (t, who) in seats.iter().map(|s| (&s.2, &s.0)) {
        let r = srv
            .http
            .put(format!("{}/api/games/{id}/notices", srv.url))
            .bearer_auth(t)
            .json(&json!({"email": format!("{who}@example.org")}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    let t = Instant::now();
    for s in &seats {
        act(&srv, &id, &s.2).await;
    }
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "the decisions waited: {:?}",
        t.elapsed()
    );
    let store = &srv.server.hub.store;
    let t = Instant::now();
    loop {
        let q = store.outbox(&id).await.unwrap();
        if !q.is_empty() && q.iter().all(|q| q.next_ms.is_none()) {
            for n in &q {
                assert_eq!(n.sent_ms, None);
                assert_eq!(n.attempts, coalition_server::notices::ATTEMPTS, "{n:?}");
                assert!(n.error.is_some());
            }
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(30), "still trying: {q:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The game went on all the while.
    let (s, _) = srv
        .get(&format!("/api/games/{id}/owed"), Some(&seats[0].2))
        .await;
    assert_eq!(s, 200);
    srv.stop().await;
}
