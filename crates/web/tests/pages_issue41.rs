//! Issue 41 in the pages, kept apart from `pages.rs` (the project's files stay under 1,000 lines): a destructive
//! choice asks to confirm and nothing is chosen in advance, a move by destination, and a log entry of several
//! lines (decisions revealed together) shown line by line. The server harness is
//! shared with `pages.rs` (`page_kit`).
#![allow(dead_code)]

use coalition_engine::Decision;
use coalition_engine::ids::PowerId;
use serde_json::Value;

mod page_kit;
use page_kit::*;

/// Issue 41, point 2 in the pages: nothing is chosen in advance (no radio checked, the select's first line is no
/// decision, and a form sent without a choice is answered, not guessed at), a destructive choice is listed last
/// and marked, and sending it asks to confirm (a plain form with a box to tick, so it works without JavaScript):
/// it is sent only with the box ticked.
// rule: 4.3.1.3
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destructive_choice_asks_to_confirm_and_nothing_is_chosen_in_advance() {
    let srv = start().await;
    let (id, g) = import_cut(&srv, "political/4.3-call-to-allies.json", |g| {
        let prussia = PowerId::new("prussia").unwrap();
        g.pending().contains(&prussia)
            && g.choices(prussia)
                .contains(&Decision::AnswerCall { accept: false })
    })
    .await;
    let cookie = srv.claim(&id, "prussia").await;
    let (s, html) = srv.page(&format!("/games/{id}"), &cookie).await;
    assert_eq!(s, 200, "{html}");
    let form = &html[html.find("class=\"decision\"").expect("Prussia's form")..];
    let form = &form[..form.find("</form>").unwrap()];
    assert!(
        !form.contains(" checked"),
        "nothing is chosen in advance: {form}"
    );
    // The refusal of the call is marked and listed after the acceptance.
    let yes = form
        .find("value=\"answer yes\"")
        .expect("answer yes listed");
    let no = form.find("value=\"answer no\"").expect("answer no listed");
    assert!(yes < no, "the destructive choice comes last: {form}");
    assert!(
        form[no..].contains("cannot be taken back"),
        "the destructive choice is marked: {form}"
    );
    // A form sent with no choice: answered with a word, nothing sent.
    let (s, _, html) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookie,
            &[("power", "prussia")],
            false,
        )
        .await;
    assert_eq!(s, 422, "{html}");
    assert!(html.contains("nothing is chosen for you"), "{html}");
    // The refusal of the call, sent: not sent yet, the question asked instead.
    let seq = |srv: &Srv| {
        let url = format!("{}/api/games/{id}", srv.url);
        let http = srv.http.clone();
        async move {
            http.get(url)
                .send()
                .await
                .unwrap()
                .json::<Value>()
                .await
                .unwrap()["seq"]
                .clone()
        }
    };
    let before = seq(&srv).await;
    let (s, _, html) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookie,
            &[("power", "prussia"), ("choice", "answer no")],
            true,
        )
        .await;
    assert_eq!(s, 200, "{html}");
    assert!(
        html.contains("Not sent yet"),
        "the question is asked: {html}"
    );
    assert!(html.contains("name=\"confirm\""), "{html}");
    assert!(
        html.contains("4.3.1.3"),
        "the question cites its rule: {html}"
    );
    assert!(!html.contains("Sent: "), "{html}");
    assert_eq!(seq(&srv).await, before, "nothing was sent");
    // With the box ticked: sent.
    let (s, _, html) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookie,
            &[
                ("power", "prussia"),
                ("typed", "answer no"),
                ("confirm", "yes"),
            ],
            true,
        )
        .await;
    assert_eq!(s, 200, "{html}");
    assert!(html.contains("Sent: answer no"), "{html}");
    assert_ne!(seq(&srv).await, before, "the decision was sent");
    drop(g);
}

/// Issue 41: a move by destination in the pages. A chosen land stack lists the places its cheapest legal paths
/// reach this phase beyond one step (the engine's route finding); choosing one shows the whole move with its way
/// and cost, and "Move" plays it (a forced march on the way asks to confirm first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stack_is_moved_by_naming_its_destination() {
    let srv = start().await;
    let france = PowerId::new("france").unwrap();
    let (id, _) = import_cut(
        &srv,
        "land/7-paris-to-vienna-with-a-depot-chain.json",
        |g| {
            g.pending().contains(&france)
                && g.choices(france).iter().any(|d| {
                    matches!(
                        d,
                        Decision::Land(coalition_engine::land::LandDecision::Move { .. })
                    )
                })
        },
    )
    .await;
    let cookie = srv.claim(&id, "france").await;
    let (_, html) = srv.page(&format!("/games/{id}"), &cookie).await;
    let stack = attr_after(&html, "<div id=\"moves\">", "href").unwrap();
    let (_, html) = srv.page(&unescape(&stack), &cookie).await;
    let form = &html[html
        .find("id=\"further\"")
        .unwrap_or_else(|| panic!("the stack lists its destinations beyond one step: {html}"))..];
    let form = &form[..form.find("</form>").unwrap()];
    assert!(form.contains("movement points, by "), "{form}");
    let stack_key = attr_after(form, "name=\"stack\"", "value").unwrap();
    // The first destination listed (after the empty line).
    let options: Vec<&str> = form.split("<option value=\"").skip(1).collect();
    let dest = options
        .iter()
        .map(|o| o.split('"').next().unwrap())
        .find(|v| !v.is_empty())
        .expect("a destination");
    let (_, html) = srv
        .page(
            &format!(
                "/games/{id}?power=france&stack={}&to={dest}",
                coalition_web_enc(&unescape(&stack_key))
            ),
            &cookie,
        )
        .await;
    let i = html
        .find("<input type=\"hidden\" name=\"typed\"")
        .unwrap_or_else(|| panic!("the whole move is offered: {html}"));
    let typed = unescape(&attr_after(&html[i..], "name=\"typed\"", "value").unwrap());
    assert!(typed.starts_with("move "), "{typed}");
    let path = typed.rsplit(' ').next().unwrap();
    assert!(
        path.split('>').count() > 2 && path.ends_with(dest),
        "a path of several steps to {dest}: {typed}"
    );
    assert!(html.contains("(costs "), "the move's cost is shown: {html}");
    let before = srv.server.hub.live(&id).await.unwrap().lock().await.seq;
    let (s, _, body) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookie,
            &[("power", "france"), ("typed", &typed)],
            false,
        )
        .await;
    let fields = [
        ("power", "france"),
        ("typed", typed.as_str()),
        ("confirm", "yes"),
    ];
    let s = if s == 200 && body.contains("Not sent yet") {
        // A forced march on the way: asked, then confirmed.
        assert!(body.contains("7.3.2"), "{body}");
        srv.form(&format!("/games/{id}/decide"), &cookie, &fields, false)
            .await
            .0
    } else {
        s
    };
    assert_eq!(s, 303, "{body}");
    let after = srv.server.hub.live(&id).await.unwrap().lock().await.seq;
    assert!(after > before, "the move was played and stored");
}

/// A query value percent-encoded as the pages' links encode it.
fn coalition_web_enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Issue 41, point 5: the log's entry of sealed decisions revealed together (4.2) breaks into one line for each
/// power's decision in the pages, as the terminal prints it, not one run-on line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decisions_revealed_together_are_shown_one_to_a_line() {
    let srv = start().await;
    let revealed = |e: &coalition_engine::Event| matches!(e, coalition_engine::Event::Revealed { decisions, .. } if decisions.len() > 1);
    let (id, g) = import_cut(&srv, "political/4.2-declarations-and-alliances.json", |g| {
        g.log()
            .iter()
            .rposition(revealed)
            .is_some_and(|i| g.log().len() - i < 40)
    })
    .await;
    let cookie = srv.claim(&id, "france").await;
    let (s, html) = srv.page(&format!("/games/{id}"), &cookie).await;
    assert_eq!(s, 200, "{html}");
    let log = &html[html.find("<h2 id=\"log-h\">").expect("the log")..];
    let at = log
        .rfind("revealed together:")
        .expect("the entry is on the log's last page");
    let entry = &log[at..at + log[at..].find("</li>").unwrap()];
    let n = match g.log().iter().rev().find(|e| revealed(e)) {
        Some(coalition_engine::Event::Revealed { decisions, .. }) => decisions.len(),
        _ => unreachable!(),
    };
    assert_eq!(
        entry.matches("<br>").count(),
        n,
        "one line for each decision: {entry}"
    );
    assert!(entry.starts_with("revealed together:<br>"), "{entry}");
}
