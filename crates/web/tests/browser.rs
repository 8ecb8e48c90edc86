//! The browser front end tested in a real browser (issue 18): Debian's `chromium`, driven through `chromedriver`
//! (WebDriver) with fantoccini, against a server running in this process on a new SQLite file.
//!
//! - A Political Phase played by three seats, each in its own browser session (its own cookies, so its own seat
//!   key): the sealed Declarations of War Step shows who has submitted and never what, the calls to allies and
//!   their answers, and an informal peace, each decision sent by clicking the form's radio and its button.
//! - The lobby's form creates a game, its seats page lists the seats, a seat is taken, and the table, the records
//!   and the map open.
//! - Every page type passes axe-core (vendored, 4.14.1) with no serious or critical violation, every HTML page is
//!   under `PAGE_LIMIT`, the skip link is the first Tab stop and a decision can be sent with the keyboard alone.
//!
//! Each page visited is saved as a PNG under the workspace's `target/screenshots/`. Without a browser (neither
//! `chromium` nor `chromedriver` installed) the tests say so and pass.

mod browser_kit;

use browser_kit::*;
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::time::Instant;

// ---------------------------------------------------------------------------------------------------------------
// The tests.

/// The words a form shows for its radio `value` (the label around it).
async fn label_of(c: &Client, power: &str, value: &str) -> String {
    c.execute(
        "const r = document.querySelector(arguments[0]); \
         return r ? r.closest('label').textContent.trim() : null;",
        vec![json!(format!(
            "{} input[type=radio][name=choice][value={}]",
            form_of(power),
            css_str(value)
        ))],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap_or_else(|| panic!("{power}'s form lists `{value}`"))
    .to_string()
}

/// Whether the refusal shown on `c`'s table cites a rule by number: its words.
async fn refusal_with_rule(c: &Client) -> (bool, Option<String>) {
    let shown = text_of(c, "#table p[role=alert].refusal").await;
    let cites = shown.as_deref().is_some_and(|s| {
        s.split("rule ")
            .skip(1)
            .any(|rest| rest.starts_with(|ch: char| ch.is_ascii_digit()))
    });
    (cites, shown)
}

/// The Political Phase of `4.3-call-to-allies.json`, played by three seats in three browser sessions: France
/// declares war on Austria, Austria calls Prussia (who refuses), France calls Prussia (who accepts), and France
/// and Austria make an informal peace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_political_phase_played_by_three_browsers() {
    with_browser(|browser| async move {
        let started = Instant::now();
        let srv = Srv::start().await;
        let mut pages = Pages::new("political");
        let id = import_fixture(&srv).await;

        // Each player takes its seat from its link, in its own browser.
        let powers = ["france", "austria", "prussia"];
        let mut seats = Vec::new();
        for p in powers {
            let audit = p == "france";
            seats.push(take_seat(&browser, &srv, &mut pages, &id, p, audit).await);
        }
        let (france, austria, prussia) = (&seats[0], &seats[1], &seats[2]);
        for (c, p) in seats.iter().zip(powers) {
            pages
                .visit(c, &format!("{p}-declarations"), p == "france")
                .await;
        }

        // The Declarations of War Step is sealed: France writes down its declaration first; the others see that
        // France has submitted, never what.
        // rule: 4.2
        let france_words = label_of(france, "france", "declare austria").await;
        play(france, &srv, &id, "france", "declare austria").await;
        open_table(france, &srv, &id).await;
        pages.visit(france, "france-declared", true).await;
        pages.check(
            text_of(france, "#table")
                .await
                .unwrap_or_default()
                .contains("You submitted"),
            "France's table, after France's sealed declaration, says \"You submitted: ...\"",
        );
        for (c, p) in [(austria, "austria"), (prussia, "prussia")] {
            open_table(c, &srv, &id).await;
            pages
                .visit(c, &format!("{p}-sees-france-submitted"), false)
                .await;
            let sealed = text_of(c, &format!("{} p.sealed", form_of(p))).await;
            pages.check(
                sealed
                    .as_deref()
                    .is_some_and(|s| s.contains("Submitted so far: France.")),
                &format!("{p}'s sealed step says \"Submitted so far: France.\": {sealed:?}"),
            );
            let seen = page_without_own_choices(c).await.to_lowercase();
            for trace in [
                "declare austria",
                france_words.as_str(),
                "war on austria",
                "you submitted",
            ] {
                pages.check(
                    !seen.contains(&trace.to_lowercase()),
                    &format!("{p}'s table holds no trace of France's sealed decision (`{trace}`)"),
                );
            }
        }

        // An illegal decision, typed: refused, with the rule it breaks.
        open_table(austria, &srv, &id).await;
        arm(austria).await;
        austria
            .find(Locator::Css(&format!(
                "{} input[name=typed]",
                form_of("austria")
            )))
            .await
            .unwrap()
            .send_keys("declare nowhere")
            .await
            .unwrap();
        austria
            .find(Locator::Css(&format!(
                "{} button[type=submit]",
                form_of("austria")
            )))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        answer(austria, "Austria's `declare nowhere`").await;
        let (cites, shown) = refusal_with_rule(austria).await;
        pages.check(
            cites,
            &format!(
                "Austria's `declare nowhere` is refused on its table with a rule number: {shown:?}"
            ),
        );
        pages.visit(austria, "austria-refused", true).await;

        play(austria, &srv, &id, "austria", "declare none").await;
        pages.visit(austria, "austria-declared", false).await;
        play(prussia, &srv, &id, "prussia", "declare none").await;
        pages.visit(prussia, "prussia-declared", false).await;

        // Revealed together: everyone's matrix shows the war France declared.
        // rule: 4.2
        for (c, p) in seats.iter().zip(powers) {
            open_table(c, &srv, &id).await;
            pages
                .visit(c, &format!("{p}-declarations-revealed"), false)
                .await;
            let m = matrix(c).await;
            for (a, b) in [("France", "Austria"), ("Austria", "France")] {
                let w = cell(&m, a, b);
                pages.check(
                    w.contains("war since"),
                    &format!("{p}'s matrix shows {a} at war with {b}: {w:?}"),
                );
            }
        }

        // The Call to Allies Step, the defender first: France, the aggressor, owes nothing while Austria may call.
        // rule: 4.3.1.1
        open_table(france, &srv, &id).await;
        let early = choices(france, "france").await;
        pages.check(
            early.is_empty(),
            &format!("France, the aggressor, may not call before Austria, the defender: {early:?}"),
        );
        // Austria calls Prussia against France, with the keyboard alone; the skip link is the page's first Tab stop.
        // rule: 4.3
        open_table(austria, &srv, &id).await;
        let listed = choices(austria, "austria").await;
        assert!(
            listed.iter().any(|d| d == "call prussia:france"),
            "Austria may call Prussia against France: {listed:?}"
        );
        press(austria, Key::Tab).await;
        let f = focused(austria).await;
        pages.check(
            f["tag"] == "A" && f["cls"] == "skip" && f["text"] == "Skip to the content",
            &format!("Tab from the top of the table reaches the skip link first: {f}"),
        );
        keyboard_play(&mut pages, austria, "austria", "call prussia:france").await;
        pages.visit(austria, "austria-calls", false).await;

        // Prussia refuses the defender's call: it breaks its alliance with Austria. A destructive choice (issue
        // 41): nothing is chosen in advance, it is listed last, and Send asks to confirm before anything is sent.
        // rule: 4.3.1.3
        confirm_play(&mut pages, prussia, &srv, &id, "prussia", "answer no").await;
        pages.visit(prussia, "prussia-refuses", false).await;
        let m = matrix(prussia).await;
        let w = cell(&m, "Prussia", "Austria");
        pages.check(
            !w.contains("allied since"),
            &format!("Prussia's matrix shows its alliance with Austria broken: {w:?}"),
        );

        // The aggressor may call now; Prussia accepts and declares war on Austria (checked on the matrices below).
        // rule: 4.3.1.1
        // rule: 4.3.2
        play(france, &srv, &id, "france", "call prussia:austria").await;
        pages.visit(france, "france-calls", false).await;
        play(prussia, &srv, &id, "prussia", "answer yes").await;
        pages.visit(prussia, "prussia-accepts", false).await;

        // The Peace Step: France and Austria agree on an informal peace.
        // rule: 4.4.1
        play(france, &srv, &id, "france", "peace informal austria").await;
        pages.visit(france, "france-proposes-peace", false).await;
        play(austria, &srv, &id, "austria", "peace informal france").await;
        pages.visit(austria, "austria-proposes-peace", false).await;
        play(prussia, &srv, &id, "prussia", "peace none").await;
        pages.visit(prussia, "prussia-no-peace", false).await;
        for (c, p) in seats.iter().zip(powers) {
            open_table(c, &srv, &id).await;
            pages
                .visit(c, &format!("{p}-after-the-peace"), p == "austria")
                .await;
            let m = matrix(c).await;
            for (a, b) in [("France", "Austria"), ("Austria", "France")] {
                let w = cell(&m, a, b);
                pages.check(
                    w.contains("at peace") && !w.contains("war since"),
                    &format!("{p}'s matrix shows {a} at peace with {b}: {w:?}"),
                );
            }
            // rule: 4.3.2
            for (a, b) in [("Prussia", "Austria"), ("Austria", "Prussia")] {
                let w = cell(&m, a, b);
                pages.check(
                    w.contains("war since"),
                    &format!("{p}'s matrix shows {a} at war with {b}: {w:?}"),
                );
            }
        }

        pages.finish();
        srv.stop().await;
        println!("the political phase took {:?}", started.elapsed());
    })
    .await;
}

/// `power`'s seat plays `decision` with the keyboard alone: focus its radio, Space, Tab to the form's button,
/// Enter.
async fn keyboard_play(pages: &mut Pages, c: &Client, power: &str, decision: &str) {
    let radio = c
        .find(Locator::Css(&format!(
            "{} input[type=radio][name=choice][value={}]",
            form_of(power),
            css_str(decision)
        )))
        .await
        .unwrap();
    assert!(
        !radio.is_selected().await.unwrap(),
        "`{decision}` is not the form's default"
    );
    c.execute(
        "arguments[0].focus();",
        vec![serde_json::to_value(&radio).unwrap()],
    )
    .await
    .unwrap();
    arm(c).await;
    press(c, Key::Space).await;
    pages.check(
        radio.is_selected().await.unwrap(),
        &format!("Space selects {power}'s radio `{decision}`"),
    );
    let mut tabs = 0;
    loop {
        press(c, Key::Tab).await;
        tabs += 1;
        let f = focused(c).await;
        if f["tag"] == "BUTTON" {
            pages.check(
                f["type"] == "submit" && f["text"].as_str().unwrap_or("").starts_with("Send"),
                &format!("Tab from the radios reaches the form's button: {f}"),
            );
            break;
        }
        assert!(
            tabs < 5,
            "Tab from {power}'s radio never reached its button: {f}"
        );
    }
    press(c, Key::Enter).await;
    let body = answer(c, &format!("{power}'s `{decision}` by the keyboard")).await;
    pages.check(
        refusal_in(&body).is_none() && body.contains(&format!("Sent: {decision}")),
        &format!("{power}'s `{decision}`, sent with the keyboard, is accepted"),
    );
}

/// Issue 41: `power`'s seat plays the destructive `decision`: its form has nothing chosen in advance and lists
/// the decision last, marked; Send shows the question (in view, beside the form) and sends nothing; ticking the box
/// and "Confirm and send" sends it.
async fn confirm_play(
    pages: &mut Pages,
    c: &Client,
    srv: &Srv,
    id: &str,
    power: &str,
    decision: &str,
) {
    open_table(c, srv, id).await;
    let form = form_of(power);
    let checked = c
        .execute(
            "return document.querySelectorAll(arguments[0] + ' input[type=radio]:checked').length;",
            vec![json!(form)],
        )
        .await
        .unwrap();
    pages.check(
        checked == json!(0),
        &format!("{power}'s form has no choice made in advance: {checked} checked"),
    );
    let listed = choices(c, power).await;
    pages.check(
        listed.last().map(String::as_str) == Some(decision),
        &format!("the destructive `{decision}` is listed last: {listed:?}"),
    );
    let words = label_of(c, power, decision).await;
    pages.check(
        words.contains("cannot be taken back"),
        &format!("the destructive `{decision}` is marked as such: {words:?}"),
    );
    c.find(Locator::Css(&format!(
        "{form} input[type=radio][name=choice][value={}]",
        css_str(decision)
    )))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    arm(c).await;
    c.find(Locator::Css(&format!("{form} button[type=submit]")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let body = answer(c, &format!("{power}'s `{decision}` before confirming")).await;
    pages.check(
        body.contains("Not sent yet") && !body.contains("Sent: "),
        &format!("Send of `{decision}` asks to confirm and sends nothing"),
    );
    let asked = rect_of(c, "#result form.confirm").await;
    pages.check(
        shows(&asked, 40.0),
        &format!("the question is in view: {asked}"),
    );
    pages.shot(c, &format!("{power}-asked-to-confirm")).await;
    // Still owed: the form lists the decision again.
    let again = choices(c, power).await;
    pages.check(
        again.iter().any(|d| d == decision),
        &format!("{power} still owes its decision: {again:?}"),
    );
    c.find(Locator::Css("#result form.confirm input[name=confirm]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    arm(c).await;
    c.find(Locator::Css("#result form.confirm button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let body = answer(c, &format!("{power}'s confirmed `{decision}`")).await;
    pages.check(
        refusal_in(&body).is_none() && body.contains(&format!("Sent: {decision}")),
        &format!("with the box ticked, `{decision}` is sent"),
    );
}

/// The lobby's form creates a game of 1805, its seats page lists the seven powers' seats; one is taken, and the
/// table, the records and the map open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_creates_a_game_and_every_page_opens() {
    with_browser(|browser| async move {
        let started = Instant::now();
        let srv = Srv::start().await;
        let mut pages = Pages::new("lobby");
        let c = browser.session().await;
        c.goto(&format!("{}/", srv.url)).await.unwrap();
        pages.visit(&c, "lobby", true).await;
        c.find(Locator::XPath(
            "//button[normalize-space()='Create the game']",
        ))
        .await
        .expect("the lobby has a button to create a game")
        .click()
        .await
        .unwrap();
        c.wait()
            .at_most(PATIENCE)
            .for_element(Locator::XPath("//h1[starts-with(., 'Seats of game')]"))
            .await
            .expect("creating a game shows its seats");
        let url = c.current_url().await.unwrap();
        let path: Vec<String> = url.path().split('/').map(String::from).collect();
        assert!(
            path.len() == 4 && path[1] == "games" && path[3] == "seats",
            "the form lands on /games/{{id}}/seats: {url}"
        );
        let id = path[2].clone();
        pages.visit(&c, "seats", true).await;
        let rows = c
            .execute(
                "return [...document.querySelectorAll('main table tbody tr')].map(r => \
                 [r.cells[1].textContent.trim(), r.cells[3].querySelector('a') ? \
                 r.cells[3].querySelector('a').href : '']);",
                vec![],
            )
            .await
            .unwrap();
        let rows = rows.as_array().unwrap();
        println!("seats: {rows:?}");
        let mut named: Vec<&str> = rows.iter().map(|r| r[0].as_str().unwrap()).collect();
        named.sort();
        named.dedup();
        pages.check(
            rows.len() == 7 && named.len() == 7,
            &format!("the seats page lists seven powers' seats: {named:?}"),
        );
        let link = rows[0][1].as_str().unwrap().to_string();
        pages.check(
            link.starts_with(&format!("{}/games/{id}/seats/", srv.url)),
            &format!("each seat has its link to share: {link}"),
        );

        // Take the first seat, from its link, in the same browser (it holds the host's key too).
        let go = take_from_link(&c, &mut pages, &link, "lobby", true).await;
        let private = c
            .find(Locator::Id("private-link"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap()
            .unwrap_or_default();
        pages.check(
            private.starts_with(&format!("{}/games/{id}/enter?token=", srv.url)),
            &format!("the taken page shows the seat's private link: {private}"),
        );
        go_to_table(&c, go).await;
        pages.visit(&c, "table", true).await;

        // The records, from the table's navigation.
        c.find(Locator::LinkText("Records and chart (12.6)"))
            .await
            .expect("the table links to the records")
            .click()
            .await
            .unwrap();
        c.wait()
            .at_most(PATIENCE)
            .for_element(Locator::XPath("//h1[starts-with(., 'Records of game')]"))
            .await
            .expect("the records page");
        pages.visit(&c, "records", true).await;

        // The map the table shows in its <object>.
        open_table(&c, &srv, &id).await;
        let map = c
            .find(Locator::Css("#table object.map"))
            .await
            .expect("the table shows the map")
            .prop("data")
            .await
            .unwrap()
            .expect("the map's address");
        assert!(
            map.starts_with(&format!("{}/games/{id}/map.svg?", srv.url)),
            "the map's address: {map}"
        );
        c.goto(&map).await.unwrap();
        let svg = c
            .execute(
                "return [document.contentType, document.documentElement.tagName];",
                vec![],
            )
            .await
            .unwrap();
        pages.check(
            svg[0] == "image/svg+xml" && svg[1] == "svg",
            &format!("the map is an SVG document: {svg}"),
        );
        pages.shot(&c, "map").await;

        // Back in the lobby, the browser's game is listed.
        c.goto(&format!("{}/", srv.url)).await.unwrap();
        pages.visit(&c, "lobby-with-a-game", true).await;
        let listed = text_of(&c, "main table").await.unwrap_or_default();
        pages.check(
            listed.contains(&id),
            &format!("the lobby lists the game this browser holds a seat of: {listed:?}"),
        );

        pages.finish();
        srv.stop().await;
        println!("the lobby's pages took {:?}", started.elapsed());
    })
    .await;
}

/// The table is live: a seat whose page stays open sees another seat's submission without reloading (the page
/// script hears the seat's WebSocket and htmx redraws the table).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_updates_itself_when_another_seat_acts() {
    with_browser(|browser| async move {
        let srv = Srv::start().await;
        let mut pages = Pages::new("live");
        let id = import_fixture(&srv).await;
        let france = take_seat(&browser, &srv, &mut pages, &id, "france", false).await;
        let austria = take_seat(&browser, &srv, &mut pages, &id, "austria", false).await;
        // Austria's table is open, and is not reloaded from here on.
        until(
            &austria,
            "Austria's table before France acts",
            "const t = document.getElementById('table'); \
             return !!t && t.textContent.includes('Submitted so far: no one yet');",
        )
        .await;
        austria
            .execute("window.__same_page = true;", vec![])
            .await
            .unwrap();
        play(&france, &srv, &id, "france", "declare austria").await;
        until(
            &austria,
            "Austria's table to show France's submission by itself",
            "const t = document.getElementById('table'); \
             return !!t && t.textContent.includes('Submitted so far: France');",
        )
        .await;
        let same = austria
            .execute("return window.__same_page === true;", vec![])
            .await
            .unwrap();
        assert_eq!(same, Value::Bool(true), "the page was not reloaded");
        pages
            .visit(&austria, "austria-told-without-reloading", false)
            .await;
        pages.finish();
        srv.stop().await;
    })
    .await;
}

/// Where an element is in the viewport: `[top, bottom, left, right, innerWidth, innerHeight]`, or null.
async fn rect_of(c: &Client, css: &str) -> Value {
    c.execute(
        "const e = document.querySelector(arguments[0]); if (!e) { return null; } \
         const r = e.getBoundingClientRect(); \
         return [r.top, r.bottom, r.left, r.right, window.innerWidth, window.innerHeight];",
        vec![json!(css)],
    )
    .await
    .unwrap()
}

/// Whether a rectangle from `rect_of` is wholly inside the viewport.
fn inside(r: &Value) -> bool {
    let n = |i: usize| r[i].as_f64().unwrap_or(f64::NAN);
    r.is_array() && n(0) >= 0.0 && n(1) <= n(5) && n(2) >= 0.0 && n(3) <= n(4) && n(1) > n(0)
}

/// Whether a rectangle from `rect_of` shows at least `px` pixels of its height in the viewport.
fn shows(r: &Value, px: f64) -> bool {
    let n = |i: usize| r[i].as_f64().unwrap_or(f64::NAN);
    r.is_array() && n(1).min(n(5)) - n(0).max(0.0) >= px
}

/// Issue 41: the lobby on a phone, measured in chromium at 390 CSS pixels: nothing wider than the screen, so no
/// sideways scrolling, and every power's "Played by" choice within the screen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_fits_a_phone_390_pixels_wide() {
    with_browser(|browser| async move {
        let srv = Srv::start().await;
        let mut pages = Pages::new("phone");
        let c = browser.session_sized(390, 844, true).await;
        c.goto(&format!("{}/", srv.url)).await.unwrap();
        pages.visit(&c, "lobby-390", true).await;
        let m = c
            .execute(
                "return [window.innerWidth, document.documentElement.scrollWidth, document.body.scrollWidth, \
                 Math.max(...[...document.querySelectorAll('main select, main input, main button')] \
                 .map(e => e.getBoundingClientRect().right))];",
                vec![],
            )
            .await
            .unwrap();
        println!("phone lobby: viewport, document width, body width, rightmost control: {m}");
        let n = |i: usize| m[i].as_f64().unwrap();
        assert_eq!(n(0), 390.0, "the viewport is 390 CSS pixels wide: {m}");
        pages.check(
            n(1) <= n(0) && n(2) <= n(0),
            &format!("the lobby is no wider than the phone's 390 pixels (no sideways scrolling): {m}"),
        );
        pages.check(
            n(3) <= n(0),
            &format!("every field and button of the lobby is within the screen: {m}"),
        );
        let played_by = rect_of(&c, "#bot-turkey").await;
        pages.check(
            played_by.is_array() && played_by[3].as_f64().unwrap_or(999.0) <= 390.0,
            &format!("the last power's \"Played by\" is within the screen: {played_by}"),
        );
        pages.finish();
        srv.stop().await;
    })
    .await;
}

/// Issue 41: on a desktop (1400 × 1000) the table shows its map and the decision form together, and after Send
/// the answer (sent, or refused with its rule) is in view beside the form, however far down the page was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_send_the_answer_is_in_view_and_the_map_beside_the_decisions() {
    with_browser(|browser| async move {
        let srv = Srv::start().await;
        let mut pages = Pages::new("desktop");
        let id = import_fixture(&srv).await;
        let c = browser.session_sized(1400, 1000, false).await;
        let link = format!("{}/games/{id}/seats/france", srv.url);
        let go = take_from_link(&c, &mut pages, &link, "desktop-france", false).await;
        go_to_table(&c, go).await;
        pages.visit(&c, "desktop-table", true).await;

        // The map and the decisions, side by side, both in view at the top of the page.
        let form = rect_of(&c, &form_of("france")).await;
        let map = rect_of(&c, "#table object.map").await;
        println!("desktop: form {form}, map {map}");
        pages.check(
            shows(&form, 200.0) && shows(&map, 300.0),
            &format!("the decision form and the map are both in view: form {form}, map {map}"),
        );
        pages.check(
            map[2].as_f64().unwrap_or(0.0) >= form[3].as_f64().unwrap_or(f64::MAX) - 1.0,
            &format!("the map is beside the decisions, not below them: form {form}, map {map}"),
        );

        // A refusal, sent from the bottom of the page: it shows in view, beside the form.
        c.execute("window.scrollTo(0, document.body.scrollHeight);", vec![])
            .await
            .unwrap();
        arm(&c).await;
        c.find(Locator::Css(&format!(
            "{} input[name=typed]",
            form_of("france")
        )))
        .await
        .unwrap()
        .send_keys("declare nowhere")
        .await
        .unwrap();
        c.find(Locator::Css(&format!(
            "{} button[type=submit]",
            form_of("france")
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
        answer(&c, "France's `declare nowhere`").await;
        let shown = rect_of(&c, "#result").await;
        let words = text_of(&c, "#result").await.unwrap_or_default();
        pages.check(
            inside(&shown) && words.contains("Refused under rule"),
            &format!("after Send the refusal is in view: {shown} {words:?}"),
        );
        pages.shot(&c, "desktop-after-refusal").await;

        // An accepted decision, sent after scrolling to the log: "Sent: ..." in view.
        play(&c, &srv, &id, "france", "declare austria").await;
        let shown = rect_of(&c, "#result").await;
        let words = text_of(&c, "#result").await.unwrap_or_default();
        pages.check(
            inside(&shown) && words.contains("Sent: declare austria"),
            &format!("after Send the answer is in view: {shown} {words:?}"),
        );
        pages.shot(&c, "desktop-after-send").await;
        pages.finish();
        srv.stop().await;
    })
    .await;
}

/// A cut of the golden transcript `file` at the last entry after which France may move a corps, imported through
/// the API: the game's id.
async fn import_land_cut(srv: &Srv, file: &str) -> String {
    let path = workspace().join("tests/transcripts").join(file);
    let mut t: coalition_engine::transcript::Transcript =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    t.script
        .retain(|e| !matches!(e, coalition_engine::transcript::Entry::Refused { .. }));
    let s =
        std::sync::Arc::new(coalition_engine::scenario::embedded_scenario(&t.scenario).unwrap());
    let france = coalition_engine::ids::PowerId::new("france").unwrap();
    let full = t.script.clone();
    let mut keep = None;
    for k in 0..=full.len() {
        t.script = full[..k].to_vec();
        let g = t.replay(s.clone()).unwrap();
        if g.pending().contains(&france)
            && g.choices(france).iter().any(|d| {
                matches!(
                    d,
                    coalition_engine::Decision::Land(
                        coalition_engine::land::LandDecision::Move { .. }
                    )
                )
            })
        {
            keep = Some(k);
        }
    }
    t.script = full[..keep.expect("a point where France may move")].to_vec();
    let mut body = serde_json::to_value(&t).unwrap();
    body.as_object_mut().unwrap().remove("expect");
    let r = reqwest::Client::new()
        .post(format!("{}/api/import", srv.url))
        .json(&json!({ "transcript": body }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201, "the cut imports");
    r.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Issue 41: a move by destination in the browser. France chooses a stack, picks a place several steps away from
/// the list of destinations (the engine's cheapest legal path), sees the whole move with its way and cost, and
/// sends it with "Move" (confirming when the way forces a march).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stack_moves_by_its_destination() {
    with_browser(|browser| async move {
        let srv = Srv::start().await;
        let mut pages = Pages::new("destination");
        let id = import_land_cut(&srv, "land/7-paris-to-vienna-with-a-depot-chain.json").await;
        let c = take_seat(&browser, &srv, &mut pages, &id, "france", false).await;
        c.find(Locator::Css("#moves ul li a"))
            .await
            .expect("the table lists the stacks that may move")
            .click()
            .await
            .unwrap();
        c.wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css("#further select[name=to]"))
            .await
            .expect("a chosen stack lists its destinations beyond one step");
        pages.visit(&c, "destination-stack-chosen", true).await;
        let dest = c
            .execute(
                "const o = [...document.querySelectorAll('#further option')].find(o => o.value); \
                 return o ? [o.value, o.textContent] : null;",
                vec![],
            )
            .await
            .unwrap();
        let value = dest[0].as_str().expect("a destination").to_string();
        pages.check(
            dest[1]
                .as_str()
                .unwrap_or("")
                .contains("movement points, by "),
            &format!("a destination says its cost and its way: {dest}"),
        );
        c.find(Locator::Css("#further select[name=to]"))
            .await
            .unwrap()
            .select_by_value(&value)
            .await
            .unwrap();
        c.find(Locator::Css("#further button[type=submit]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let offered = c
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css("#moves form.move input[name=typed]"))
            .await
            .expect("the whole move is offered")
            .prop("value")
            .await
            .unwrap()
            .unwrap_or_default();
        let path = offered.rsplit(' ').next().unwrap_or("").to_string();
        pages.check(
            offered.starts_with("move ") && path.split('>').count() > 2 && path.ends_with(&value),
            &format!("the move to {value} takes several steps: {offered}"),
        );
        pages.visit(&c, "destination-move-offered", true).await;
        arm(&c).await;
        c.find(Locator::Css("#moves form.move button[type=submit]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let mut body = answer(&c, "France's move by destination").await;
        if body.contains("Not sent yet") {
            // The way forces a march: confirm it.
            c.find(Locator::Css("#result form.confirm input[name=confirm]"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            arm(&c).await;
            c.find(Locator::Css("#result form.confirm button[type=submit]"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            body = answer(&c, "France's confirmed move by destination").await;
        }
        let said = text_of(&c, "#result").await.unwrap_or_default();
        pages.check(
            refusal_in(&body).is_none() && said.contains(&format!("Sent: {offered}")),
            &format!("the move by destination is sent: {offered}: {said:?}"),
        );
        let shown = rect_of(&c, "#result").await;
        pages.check(inside(&shown), &format!("the answer is in view: {shown}"));
        pages.finish();
        srv.stop().await;
    })
    .await;
}
