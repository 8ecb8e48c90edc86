//! The browser's pages over HTTP (issue 18), as a browser with a seat's cookie fetches them: a month of the test
//! scenario played through the table's forms by three seats, with every page each seat may open checked after
//! every submission for another seat's sealed decision (3.3) and against the page size limit; refusals with
//! their rule and status; the lobby's form; htmx's partial answers.

use coalition_bots::{Bot, HeuristicBot};
use coalition_engine::Decision;
use coalition_engine::ids::PowerId;
use coalition_engine::scenario::embedded_scenario;
use coalition_present::describe;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

mod page_kit;
use page_kit::*;

/// The text of a page less its own decisions (its forms, and what its powers submitted): a seat's own choices,
/// and its own sealed decision, may be worded like another seat's sealed one; what must never show is another
/// seat's decision as made.
fn outside_forms(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    loop {
        let form = rest.find("<form").map(|i| (i, "</form>"));
        let own = rest.find("<div class=\"decision\">").map(|i| (i, "</div>"));
        let next = match (form, own) {
            (Some(a), Some(b)) => Some(if a.0 < b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        let Some((i, end)) = next else { break };
        out.push_str(&rest[..i]);
        match rest[i..].find(end) {
            Some(j) => rest = &rest[i + j + end.len()..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// The secrets a page must not hold that it does (each long enough not to be found by chance: "pass" is in "mountain
/// pass").
fn leaks(html: &str, secrets: &[String]) -> Vec<String> {
    // The text as a browser shows it: character references read.
    let body = unescape(&outside_forms(html));
    secrets
        .iter()
        .filter(|s| s.len() >= 12)
        .filter(|s| body.contains(s.as_str()))
        .cloned()
        .collect()
}

/// The sealed decisions held now by powers outside `own`, in words and text form.
fn secrets_now(live: &coalition_server::live::Live, own: &[PowerId]) -> Vec<String> {
    let st = live.game.state();
    let s = live.game.scenario();
    let Some(r) = st.round.as_ref().filter(|r| r.sealed) else {
        return Vec::new();
    };
    r.submitted
        .iter()
        .filter(|(p, _)| !own.contains(p))
        .flat_map(|(_, d): (&PowerId, &Decision)| {
            [d.to_string(), describe::choice::choice_at(s, st, d)]
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_seats_play_a_month_in_the_pages_and_no_page_shows_another_seats_sealed_decision() {
    // Sealed lists (3.3) of this month: declarations and alliances.
    // rule: 4.2
    // rule: 4.5
    let srv = start().await;
    let (id, seats) = srv.three_seats().await;
    let scenario = Arc::new(embedded_scenario("test").unwrap());
    let mut bots: BTreeMap<PowerId, HeuristicBot> = seats
        .iter()
        .enumerate()
        .map(|(i, (_, p, _))| (*p, HeuristicBot::new(i as u64 + 7, scenario.clone())))
        .collect();
    let mut submissions = 0;
    let mut checked = std::collections::BTreeSet::new();
    let mut pages = 0;
    for _ in 0..400 {
        let l = srv.server.hub.live(&id).await.unwrap();
        let (position, owing) = {
            let live = l.lock().await;
            (live.game.state().position.to_string(), live.game.pending())
        };
        if position.as_str() >= "1805-02" {
            break;
        }
        assert!(!owing.is_empty(), "nobody owes at {position}");
        for (player, power, cookie) in &seats {
            if !owing.contains(power) {
                continue;
            }
            let view = l.lock().await.game.view_since(*power, 0);
            let pick = bots.get_mut(power).unwrap().pick(&view);
            let d = view.choices[pick.index].to_string();
            let (status, to, body) = srv
                .form(
                    &format!("/games/{id}/decide"),
                    cookie,
                    // The bot's pick is deliberate: a destructive one is confirmed at once (issue 41).
                    &[
                        ("power", power.as_str()),
                        ("choice", &d),
                        ("confirm", "yes"),
                    ],
                    false,
                )
                .await;
            assert_eq!(status, 303, "{player} {power} `{d}`: {body}");
            assert_eq!(
                to.as_deref(),
                Some(format!("/games/{id}?power={power}#owed").as_str())
            );
            submissions += 1;
            // Every page each seat may open now.
            for (other, own, c) in &seats {
                let secrets = secrets_now(&*l.lock().await, &[*own]);
                for path in [
                    format!("/games/{id}?power={own}"),
                    format!("/games/{id}/map.svg?power={own}"),
                    format!("/games/{id}/records"),
                    format!("/games/{id}/seats"),
                    "/".to_string(),
                ] {
                    let (s, html) = srv.page(&path, c).await;
                    assert_eq!(s, 200, "{other} {path}: {html}");
                    assert!(
                        html.len() < coalition_web::PAGE_LIMIT,
                        "{path} is {} bytes",
                        html.len()
                    );
                    let found = leaks(&html, &secrets);
                    assert!(
                        found.is_empty(),
                        "after submission {submissions}, {other}'s {path} shows another seat's sealed decision: \
                         {found:?}"
                    );
                    pages += 1;
                }
                checked.extend(secrets.into_iter().filter(|s| s.len() >= 12));
            }
        }
    }
    let position = srv
        .server
        .hub
        .live(&id)
        .await
        .unwrap()
        .lock()
        .await
        .game
        .state()
        .position
        .to_string();
    assert!(
        position.as_str() >= "1805-02",
        "a month was played: at {position}"
    );
    assert!(submissions > 10, "{submissions} submissions");
    assert!(
        checked.len() >= 3,
        "the check looked for at least three sealed decisions: {checked:?}"
    );
    eprintln!(
        "{submissions} submissions, {pages} pages checked, sealed decisions looked for: {checked:?}"
    );
}

#[test]
fn the_leak_check_finds_a_sealed_decision_outside_the_forms_only() {
    let secret = vec!["declare war on Austria".to_string()];
    let inside = "<p>x</p><form class=\"decision\"><label>declare war on Austria</label></form>";
    assert!(leaks(inside, &secret).is_empty());
    let own = "<div class=\"decision\"><p>You submitted: declare war on Austria.</p></div><p>y</p>";
    assert!(leaks(own, &secret).is_empty());
    let outside = "<p>Austria submitted: declare war on Austria</p>";
    assert_eq!(leaks(outside, &secret), secret);
    let escaped = "<p>move fr-1 paris&#62;dijon, O&#39;Brien&#x27;s &amp; co</p>";
    assert_eq!(
        leaks(
            escaped,
            &["move fr-1 paris>dijon, O'Brien's & co".to_string()]
        )
        .len(),
        1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_refuse_with_the_rule_and_the_status_and_htmx_gets_the_table_alone() {
    let srv = start().await;
    let (id, seats) = srv.three_seats().await;
    let (_, france, anne) = &seats[0];
    // No cookie: the table sends the browser to the seats.
    let (s, _, _) = srv
        .form(
            &format!("/games/{id}/decide"),
            "",
            &[("power", "france")],
            false,
        )
        .await;
    assert_eq!(s, 303);
    let r = srv
        .http
        .get(format!("{}/games/{id}", srv.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 303);
    assert_eq!(
        r.headers()["location"],
        format!("/games/{id}/seats").as_str()
    );
    // Another seat's power: refused under 14.2.1 with 403.
    let (s, html) = srv.page(&format!("/games/{id}?power=austria"), anne).await;
    assert_eq!(s, 403, "{html}");
    assert!(html.contains("Rule 14.2.1"), "{html}");
    // A decision the rules refuse: the table again, with the rule and reason, and 422 (200 for htmx, which swaps
    // only successful answers).
    let (s, _, html) = srv
        .form(
            &format!("/games/{id}/decide"),
            anne,
            &[("power", france.as_str()), ("typed", "declare nowhere")],
            false,
        )
        .await;
    assert_eq!(s, 422, "{html}");
    assert!(
        html.contains("Refused under rule 3."),
        "the rule is cited: {html}"
    );
    assert!(html.contains("role=\"alert\""), "{html}");
    assert!(html.contains("Refused"), "{html}");
    assert!(
        html.starts_with("<!doctype html>"),
        "a whole page without htmx"
    );
    let (s, _, frag) = srv
        .form(
            &format!("/games/{id}/decide"),
            anne,
            &[("power", france.as_str()), ("typed", "declare nowhere")],
            true,
        )
        .await;
    assert_eq!(s, 200);
    assert!(
        frag.starts_with("\n<div id=\"table\"") || frag.starts_with("<div id=\"table\""),
        "{frag}"
    );
    assert!(!frag.contains("<html"), "htmx gets the table alone");
    assert!(frag.contains("Refused"), "{frag}");
    // A seat's private link keeps its key and opens the table.
    let token = anne.split('=').nth(1).unwrap();
    let r = srv
        .http
        .get(format!("{}/games/{id}/enter?token={token}", srv.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 303);
    assert!(
        r.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .contains("HttpOnly")
    );
    let r = srv
        .http
        .get(format!("{}/games/{id}/enter?token=nope", srv.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_creates_a_game_with_its_rules_seats_bots_and_deadline() {
    let srv = start().await;
    let (s, lobby) = srv.page("/", "").await;
    assert_eq!(s, 200);
    // Every optional rule by name and number.
    for r in coalition_engine::rulebook::OptionalRule::ALL {
        assert!(
            lobby.contains(&format!("value=\"{}\"", r.name())),
            "{}",
            r.name()
        );
        assert!(lobby.contains(r.rule()), "{}", r.rule());
    }
    let fields = [
        ("scenario", "test"),
        ("player_france", "anne"),
        ("bot_france", "person"),
        ("player_austria", "anne"),
        ("bot_austria", "person"),
        ("player_prussia", "cleo"),
        ("bot_prussia", "heuristic"),
        ("preset", "custom"),
        ("rule", "naval-raiding"),
        ("step_seconds", "3600"),
        ("on_deadline", "bot"),
    ];
    let (s, to, body) = srv.form("/games", "", &fields, false).await;
    assert_eq!(s, 303, "{body}");
    let to = to.unwrap();
    let id = to
        .trim_start_matches("/games/")
        .trim_end_matches("/seats")
        .to_string();
    let l = srv.server.hub.live(&id).await.unwrap();
    {
        let live = l.lock().await;
        assert_eq!(
            live.seats.len(),
            2,
            "anne holds France and Austria, cleo Prussia"
        );
        assert_eq!(live.bots.len(), 1);
        assert_eq!(live.settings.step_seconds, Some(3600));
        assert_eq!(
            live.game.rulebook().optional.len(),
            1,
            "only the ticked rule: {:?}",
            live.game.rulebook()
        );
        assert!(live.deadline_ms.is_some(), "a deadline is set");
    }
    let (s, seats) = srv.page(&to, "").await;
    assert_eq!(s, 200);
    assert!(
        seats.contains(&format!("/games/{id}/seats/anne")),
        "{seats}"
    );
    assert!(seats.contains("Prussia by the heuristic bot"), "{seats}");
    // Cleo's seat is the bot's: shown as played by it, with no link to take it; its own page offers nothing.
    assert!(seats.contains("the heuristic bot"), "{seats}");
    assert!(
        !seats.contains(&format!("/games/{id}/seats/cleo")),
        "a bot's seat has no link to share: {seats}"
    );
    let (s, page) = srv.page(&format!("/games/{id}/seats/cleo"), "").await;
    assert_eq!(s, 200);
    assert!(
        page.contains("nobody may take it") && !page.contains("Take this seat"),
        "{page}"
    );
    let (s, _, body) = srv
        .form(&format!("/games/{id}/seats/cleo"), "", &[], false)
        .await;
    assert_eq!(s, 409, "taking a bot's seat: {body}");
    // A bad number is refused with the reason and its range, on the lobby.
    for (v, why) in [
        ("soon", "whole number"),
        ("18446744073709551615", "1 to 31,536,000 seconds"),
        ("0", "1 to 31,536,000 seconds"),
    ] {
        let mut bad = fields.to_vec();
        bad.retain(|(k, _)| *k != "step_seconds");
        bad.push(("step_seconds", v));
        let (s, _, body) = srv.form("/games", "", &bad, false).await;
        assert_eq!(s, 422, "{v}");
        assert!(body.contains(why), "{v}: {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_battle_in_progress_shows_its_days_and_odds_to_its_sides() {
    // Coalition's 7.5.2 (docs/rules/combat.md): a battle of several days.
    let srv = start().await;
    let (id, g) = import_cut(
        &srv,
        "battles/7.5.2-a-battle-of-several-days-with-an-outflank-that-arrives.json",
        |g| {
            g.state().land.battle.as_ref().is_some_and(|b| {
                b.field.as_ref().is_some_and(|f| f.day() >= 2) && g.pending().contains(&b.attacker)
            })
        },
    )
    .await;
    let b = g.state().land.battle.clone().unwrap();
    let attacker = b.attacker;
    let c = srv
        .api(
            &format!("/api/games/{id}/seats/{attacker}/claim"),
            json!({}),
        )
        .await;
    let cookie = format!("coalition_seat_{id}={}", c["token"].as_str().unwrap());
    let (s, html) = srv.page(&format!("/games/{id}"), &cookie).await;
    assert_eq!(s, 200, "{html}");
    assert!(html.contains("The battle (7.5)"), "{html}");
    assert!(html.contains("Day by day"), "{html}");
    assert!(
        html.contains("The odds of each pair of chits"),
        "from the second day the odds are shown: {}",
        &html[html.find("The battle").unwrap_or(0)..][..1500]
    );
    // A power outside the battle sees no battle section.
    let outsider = g
        .state()
        .world
        .powers
        .keys()
        .find(|p| **p != attacker && Some(**p) != b.defender)
        .copied()
        .unwrap();
    let c = srv
        .api(
            &format!("/api/games/{id}/seats/{outsider}/claim"),
            json!({}),
        )
        .await;
    let other = format!("coalition_seat_{id}={}", c["token"].as_str().unwrap());
    let (_, html) = srv.page(&format!("/games/{id}"), &other).await;
    assert!(!html.contains("The battle (7.5)"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stack_is_moved_by_choosing_it_and_clicking_where_it_goes() {
    // Coalition's 7.3 (docs/rules/land.md): one step of a stack.
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
    assert!(html.contains("Move a stack"), "{html}");
    // Choose the first stack: the map marks where it may step.
    let stack = attr_after(&html, "<div id=\"moves\">", "href").unwrap();
    let (_, html) = srv.page(&stack, &cookie).await;
    let map = attr_after(&html, "<object", "data").unwrap();
    let (s, svg) = srv.page(&map, &cookie).await;
    assert_eq!(s, 200);
    assert!(
        svg.contains("fill=\"#fff3a0\""),
        "a marked area on the map: {stack} {map}"
    );
    // Click a marked area (its link on the map): the table offers the move as a decision.
    let marked = svg.split("fill=\"#fff3a0\"").next().unwrap();
    let href = marked
        .rsplit("<a href=\"")
        .next()
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let href = unescape(href);
    assert!(href.contains("to="), "{href}");
    let (_, html) = srv.page(&href, &cookie).await;
    assert!(html.contains("movement points left this phase"), "{html}");
    let typed = attr_after(&html, "name=\"typed\" value", "value")
        .or_else(|| {
            let i = html.find("<input type=\"hidden\" name=\"typed\"")?;
            attr_after(&html[i..], "name=\"typed\"", "value")
        })
        .unwrap();
    assert!(typed.starts_with("move "), "{typed}");
    let before = srv.server.hub.live(&id).await.unwrap().lock().await.seq;
    let (s, _, body) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookie,
            &[("power", "france"), ("typed", &typed)],
            false,
        )
        .await;
    assert_eq!(s, 303, "{body}");
    let after = srv.server.hub.live(&id).await.unwrap().lock().await.seq;
    assert!(after > before, "the move was played and stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_message_written_at_the_table_reaches_its_reader_only() {
    // rule: 4.1
    let srv = start().await;
    let france = PowerId::new("france").unwrap();
    let (id, _) = import_cut(&srv, "political/4.1-messages-and-proposals.json", |g| {
        g.pending().contains(&france)
            && g.choices(france)
                .iter()
                .any(|d| d.to_string().starts_with("message austria"))
    })
    .await;
    let mut cookies = BTreeMap::new();
    for p in ["france", "austria", "prussia"] {
        let c = srv
            .api(&format!("/api/games/{id}/seats/{p}/claim"), json!({}))
            .await;
        cookies.insert(
            p,
            format!("coalition_seat_{id}={}", c["token"].as_str().unwrap()),
        );
    }
    let (_, html) = srv.page(&format!("/games/{id}"), &cookies["france"]).await;
    assert!(
        html.contains("Or write a private message (4.1) to"),
        "{html}"
    );
    let words = "Meet me at Ulm before the snow";
    let (s, _, body) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookies["france"],
            &[
                ("power", "france"),
                ("choice", "pass"),
                ("message_to", "austria"),
                ("message_body", words),
            ],
            false,
        )
        .await;
    assert_eq!(s, 303, "{body}");
    let (_, austria) = srv.page(&format!("/games/{id}"), &cookies["austria"]).await;
    assert!(austria.contains(words), "Austria reads France's message");
    let (_, prussia) = srv.page(&format!("/games/{id}"), &cookies["prussia"]).await;
    assert!(!prussia.contains(words), "Prussia does not");
    let (_, own) = srv.page(&format!("/games/{id}"), &cookies["france"]).await;
    assert!(own.contains(words), "France sees what it sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_is_sailed_by_choosing_it_and_clicking_a_marked_sea() {
    // Coalition's 6.2.1 (docs/rules/naval.md): one step of a fleet, with the movement points it has left.
    let srv = start().await;
    let sails = |g: &coalition_engine::game::Game, p: PowerId| {
        g.pending().contains(&p)
            && g.choices(p).iter().any(|d| {
                matches!(
                    d,
                    Decision::Naval(coalition_engine::naval::NavalDecision::Sail { path, .. })
                        if path.len() == 2
                            && matches!(path[1], coalition_engine::scenario::Location::Sea(_))
                )
            })
    };
    let (id, g) = import_cut(
        &srv,
        "naval/12.2.3-three-fleets-through-five-seas.json",
        |g| g.state().powers.keys().any(|p| sails(g, *p)),
    )
    .await;
    let p = *g.state().powers.keys().find(|p| sails(&g, **p)).unwrap();
    let c = srv
        .api(&format!("/api/games/{id}/seats/{p}/claim"), json!({}))
        .await;
    let cookie = format!("coalition_seat_{id}={}", c["token"].as_str().unwrap());
    let (_, html) = srv.page(&format!("/games/{id}"), &cookie).await;
    assert!(html.contains("Move a stack"), "{html}");
    // The fleets among the movers; the first whose steps include a sea (a fleet in port may only have its
    // blockade box to go to).
    let i = html.find("<div id=\"moves\">").unwrap();
    let fleets: Vec<String> = html[i..]
        .split("href=\"")
        .skip(1)
        .map(|h| unescape(h.split('"').next().unwrap()))
        .filter(|h| h.contains("stack=naval"))
        .collect();
    assert!(!fleets.is_empty(), "fleets among the movers");
    let mut found = None;
    for fleet in &fleets {
        let (_, html) = srv.page(fleet, &cookie).await;
        assert!(
            html.contains("movement points left this phase (6.2.1)"),
            "{html}"
        );
        let map = attr_after(&html, "<object", "data").unwrap();
        let (_, svg) = srv.page(&map, &cookie).await;
        if let Some(marked) = svg
            .split("<a href=\"")
            .skip(1)
            .find(|a| a.contains("stroke=\"#c0392b\" stroke-width=\"3.0\""))
        {
            found = Some(marked.to_string());
            break;
        }
    }
    let marked = found.expect("a fleet with a marked sea on the map");
    let href = unescape(marked.split('"').next().unwrap());
    let (_, html) = srv.page(&href, &cookie).await;
    let typed = {
        let i = html
            .find("<input type=\"hidden\" name=\"typed\"")
            .expect("a move to send");
        attr_after(&html[i..], "name=\"typed\"", "value").unwrap()
    };
    let before = srv.server.hub.live(&id).await.unwrap().lock().await.seq;
    let (s, _, body) = srv
        .form(
            &format!("/games/{id}/decide"),
            &cookie,
            &[("power", p.as_str()), ("typed", &typed)],
            false,
        )
        .await;
    assert_eq!(s, 303, "{typed}: {body}");
    let after = srv.server.hub.live(&id).await.unwrap().lock().await.seq;
    assert!(after > before, "the sail was played and stored");
}

/// Issue 39: however many and long the messages another player sends, and however long the host's notes, no page
/// grows past its limit: the messages and the log are shown a page at a time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_long_messages_and_notes_are_paged_and_no_page_passes_its_limit() {
    // rule: 4.1
    let srv = start().await;
    let (id, seats) = srv.three_seats().await;
    let token = |cookie: &str| cookie.split('=').nth(1).unwrap().to_string();
    let anne = token(&seats[0].2);
    let letter = "w".repeat(coalition_engine::political::diplomacy::MAX_MESSAGE - 20);
    let most = coalition_engine::political::diplomacy::MAX_SENDS;
    for i in 0..most {
        let r = srv
            .http
            .post(format!("{}/api/games/{id}/decisions", srv.url))
            .bearer_auth(&anne)
            .json(&json!({"power": "france", "decision": format!("message austria: {i:03} {letter}")}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "letter {i}");
    }
    for i in 0..30 {
        let r = srv
            .http
            .post(format!("{}/api/games/{id}/host", srv.url))
            .bearer_auth("operator")
            .json(&json!({"adjust": {"adjustment": {"money": {"power": "france", "delta": 0}}, "note": format!("{i} {}", "n".repeat(1_990))}}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "note {i}");
    }
    for (_, power, cookie) in &seats {
        for path in [
            format!("/games/{id}"),
            format!("/games/{id}?msg=0"),
            format!("/games/{id}?log=0"),
            format!("/games/{id}/records"),
        ] {
            let (s, html) = srv.page(&path, cookie).await;
            assert_eq!(s, 200, "{power} {path}");
            assert!(
                html.len() < coalition_web::PAGE_LIMIT,
                "{power} {path}: {} bytes",
                html.len()
            );
        }
    }
    // Austria reads the latest letters first, and the earliest a page at a time.
    let (_, html) = srv.page(&format!("/games/{id}"), &seats[1].2).await;
    assert!(
        html.contains(&format!("{:03} www", most - 1)),
        "the latest letter"
    );
    assert!(html.contains("Earlier messages"));
    assert!(
        !html.contains("000 www"),
        "the first letter is on an earlier page"
    );
    let (_, first) = srv.page(&format!("/games/{id}?msg=0"), &seats[1].2).await;
    assert!(first.contains("000 www") && first.contains("Later messages"));
    // Prussia was written nothing.
    let (_, html) = srv.page(&format!("/games/{id}"), &seats[2].2).await;
    assert!(!html.contains("www"), "another power's letters");
}

/// Issue 39: a seat sets where its notices go from its table (the server's checks, its refusals in words).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_sets_its_notices_in_the_pages() {
    let srv = start_with(|c| {
        c.notices.webhooks = coalition_server::notices::Webhooks::Local;
    })
    .await;
    let (id, seats) = srv.three_seats().await;
    let anne = &seats[0].2;
    let (s, table) = srv.page(&format!("/games/{id}"), anne).await;
    assert_eq!(s, 200);
    assert!(
        table.contains(&format!("/games/{id}/notices")),
        "the table links to it"
    );
    let (s, page) = srv.page(&format!("/games/{id}/notices"), anne).await;
    assert_eq!(s, 200);
    assert!(page.contains("this server sends no e-mail"), "{page}");
    let (s, _, page) = srv
        .form(
            &format!("/games/{id}/notices"),
            anne,
            &[("webhook", "ftp://nowhere/x")],
            false,
        )
        .await;
    assert_eq!(s, 422);
    assert!(page.contains("not ftp://"), "{page}");
    assert!(
        page.contains("ftp://nowhere/x"),
        "what was typed stays: {page}"
    );
    let (s, _, page) = srv
        .form(
            &format!("/games/{id}/notices"),
            anne,
            &[("webhook", "http://127.0.0.1:9/hook")],
            false,
        )
        .await;
    assert_eq!(s, 200, "{page}");
    assert!(page.contains("Saved."));
    let token = anne.split('=').nth(1).unwrap();
    let r = srv
        .http
        .get(format!("{}/api/games/{id}/notices", srv.url))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["webhook"], "http://127.0.0.1:9/hook");
    // Without a seat's cookie: no page.
    let (s, _) = srv.page(&format!("/games/{id}/notices"), "").await;
    assert!((400..500).contains(&s), "{s}");
}
