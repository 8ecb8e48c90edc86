//! The game table (issue 18): the date and step; what this seat owes now, as forms built from `choices()` (a
//! sealed step, 3.3, says so and shows who has submitted, never what); the panels (`panels`); the map and the
//! movers (`map`). Every part is built from the view of a power the seat holds (14.2.1, 14.3: its own powers and
//! the uncontrolled powers its player controls). A decision goes through the server's one path
//! (`coalition_server::api::submit_for`), and a refusal shows its rule and reason.

use crate::cookies;
use crate::map::{self, Focus};
use crate::page::{Failure, from_htmx, html, see_other, utc};
use crate::panels::{self, LogPage, Matrix, MinorLine, StatusRow};
use crate::seat::{self, seat_power, seat_powers_now, whole_views};
use askama::Template;
use axum::Form;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use coalition_engine::Decision;
use coalition_engine::event::Event;
use coalition_engine::ids::PowerId;
use coalition_engine::land::LandDecision;
use coalition_engine::transcript::Sent;
use coalition_present::{describe, economy};
use coalition_server::App;
use coalition_server::api;
use coalition_server::error::ApiError;
use coalition_store::SeatRow;
use serde::Deserialize;

/// The seat whose key this browser holds for game `id`, or the way to take one.
async fn seat_of(app: &App, id: &str, headers: &HeaderMap) -> Result<SeatRow, Response> {
    if cookies::get(headers, &cookies::seat_name(id)).is_none() {
        return Err(see_other(&format!("/games/{id}/seats"), None));
    }
    seat::by_cookie(app, id, headers)
        .await
        .map_err(|e| Failure(e).into_response())
}

pub struct PowerTab {
    pub name: String,
    pub href: String,
    pub current: bool,
    pub owes: bool,
}

pub struct ChoiceRow {
    pub value: String,
    pub label: String,
    /// A destructive choice's warning: sending it asks to confirm first (issue 41).
    pub warn: Option<String>,
}

pub struct OwedForm {
    pub power: String,
    pub name: String,
    pub sealed: bool,
    pub submitted_by: String,
    pub waiting_for: String,
    pub own: Option<String>,
    pub intro: Vec<String>,
    pub choices: Vec<ChoiceRow>,
    pub select: bool,
    pub bot: Option<String>,
    /// 4.1: the powers a private message may go to now (id, name).
    pub message_to: Vec<(String, String)>,
}

pub struct MoverRow {
    pub label: String,
    pub href: String,
    pub current: bool,
}

pub struct StepRow {
    pub label: String,
    pub href: String,
    pub current: bool,
}

pub struct Chosen {
    pub label: String,
    pub left: String,
    pub steps: Vec<StepRow>,
    /// The chosen step: its words and the decision's text form.
    pub confirm: Option<(String, String)>,
    /// Coalition's 7.3 move by destination: the places a land stack reaches this phase beyond one step, each
    /// (area key, words with the cost and the way, chosen now), by the engine's cheapest legal path.
    pub further: Vec<(String, String, bool)>,
}

#[derive(Template)]
#[template(path = "table.html")]
pub struct Table {
    pub title: String,
    pub full: bool,
    pub id: String,
    pub seen: usize,
    pub player: String,
    pub power: String,
    pub power_name: String,
    pub tabs: Vec<PowerTab>,
    pub position: String,
    pub ending: Vec<String>,
    pub deadline: String,
    pub refusal: Option<String>,
    pub notice: Option<String>,
    pub owing: String,
    pub owed: Vec<OwedForm>,
    pub status: Vec<StatusRow>,
    pub matrix: Matrix,
    pub minors: Vec<MinorLine>,
    pub messages: panels::Paged<String>,
    /// The addresses of the messages' earlier and later pages.
    pub msg_earlier: Option<String>,
    pub msg_later: Option<String>,
    pub log: LogPage,
    /// The addresses of the log's earlier and later pages.
    pub log_earlier: Option<String>,
    pub log_later: Option<String>,
    pub battle: Option<panels::BattleView>,
    pub map_src: String,
    pub area_title: Option<String>,
    pub area_lines: Vec<String>,
    pub places: Vec<(String, String, bool)>,
    pub movers: Vec<MoverRow>,
    pub chosen: Option<Chosen>,
    /// The chosen stack's key (the destination form sends it back).
    pub stack_key: Option<String>,
    /// A destructive decision sent without its confirmation: the question, in the answer's place.
    pub confirm: Option<Confirm>,
}

/// The question a destructive decision asks before it is sent (Coalition's 3.3 reading, issue 41): the decision
/// again, with a box to tick. It is a plain form, so it works without the page script.
pub struct Confirm {
    pub power: String,
    pub name: String,
    /// The decision's text form, sent again with the box ticked.
    pub text: String,
    pub label: String,
    pub reason: String,
    pub rule: String,
}

/// Coalition's 3.3 reading: why `d`, sent by `who` now, cannot be taken back and loses something (the one
/// classification the terminal and the pages share, `describe::destructive`), with its rule.
fn warning(
    s: &coalition_engine::scenario::Scenario,
    rb: &coalition_engine::rulebook::Rulebook,
    st: &coalition_engine::state::State,
    who: PowerId,
    d: &Decision,
) -> Option<(String, String)> {
    describe::destructive::destructive(s, rb, st, who, d).map(|w| (w.rule.to_string(), w.reason))
}

/// Who has submitted in the round now open (from the view's log: a sealed submission shows its author, not its
/// decision).
fn submitted_in_round(v: &coalition_engine::view::View) -> Vec<PowerId> {
    let start = v
        .log
        .iter()
        .rposition(|e| matches!(e, Event::RoundOpened { .. }))
        .map_or(0, |i| i + 1);
    let mut out: Vec<PowerId> = v.log[start..]
        .iter()
        .filter_map(|e| match e {
            Event::Submitted { power, .. } => Some(*power),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Builds the table of game `id` for `seat`, showing `focus`.
pub async fn build(
    app: &App,
    id: &str,
    seat: &SeatRow,
    focus: &Focus,
    refusal: Option<String>,
    notice: Option<String>,
) -> Result<Table, ApiError> {
    let live = app.hub.read(id).await?;
    let p = seat_power(&live, seat, focus.power.as_deref())?;
    let mine = seat_powers_now(&live, seat);
    let s = live.game.scenario().clone();
    let pending = live.game.pending();
    let seen = live.game.log_len();
    let deadline = match (live.deadline_ms, live.paused_ms) {
        (_, Some(_)) => "The clock is paused".to_string(),
        (Some(d), None) => format!("Decisions are due by {}", utc(d)),
        (None, None) => "This game has no deadlines".to_string(),
    };
    let bots = live.bots.clone();
    let views = whole_views(app, &live, &mine).await?;
    drop(live);
    let v = views
        .iter()
        .find(|v| v.power == p)
        .expect("the power is one of the seat's");
    let st = &v.state;
    let base = format!("/games/{id}");
    let sealed = st.round.as_ref().is_some_and(|r| r.sealed);
    // The powers that owe, and those that have submitted in the sealed round still open (they see their own).
    let owed = views
        .iter()
        .filter(|w| {
            pending.contains(&w.power)
                || sealed
                    && w.state
                        .round
                        .as_ref()
                        .is_some_and(|r| r.submitted.contains_key(&w.power))
        })
        .map(|w| {
            let q = w.power;
            let own = w
                .state
                .round
                .as_ref()
                .and_then(|r| r.submitted.get(&q))
                .map(|d| describe::choice::choice_at(&s, &w.state, d));
            let mut intro = economy::preamble(&s, &w.state, q);
            if describe::land::moving(&w.state, q) {
                intro.extend(describe::land::stacks(&s, &w.rulebook, &w.state, q));
            }
            intro.extend(describe::naval::mover_fleets(&s, &w.state, q));
            let mut choices: Vec<ChoiceRow> = economy::listing(&s, &w.state, q, w.choices.clone())
                .into_iter()
                .map(|(d, label)| {
                    let warn = warning(&s, &w.rulebook, &w.state, q, &d)
                        .map(|(rule, reason)| format!("{reason} ({rule})"));
                    ChoiceRow {
                        value: d.to_string(),
                        label,
                        warn,
                    }
                })
                .collect();
            // No list shows a destructive choice first (issue 41): they go last, in their order.
            choices.sort_by_key(|c| c.warn.is_some());
            let submitted = submitted_in_round(w);
            let message_to = choices
                .iter()
                .filter_map(|c| {
                    let to = c
                        .value
                        .strip_prefix("message ")?
                        .trim_end()
                        .strip_suffix(':')?;
                    let name = PowerId::new(to)
                        .map(|p| describe::power(&s, p))
                        .unwrap_or_else(|_| to.to_string());
                    Some((to.to_string(), name))
                })
                .collect();
            OwedForm {
                power: q.to_string(),
                name: describe::power(&s, q),
                sealed,
                submitted_by: if submitted.is_empty() {
                    "no one yet".into()
                } else {
                    describe::powers(&s, &submitted)
                },
                waiting_for: describe::powers(&s, &pending),
                own,
                intro,
                select: choices.len() > 12,
                choices,
                bot: bots.get(&q).cloned(),
                message_to,
            }
        })
        .collect();
    let tabs = mine
        .iter()
        .map(|q| PowerTab {
            name: describe::power(&s, *q),
            href: format!("{base}?power={q}"),
            current: *q == p,
            owes: pending.contains(q),
        })
        .collect();
    let log = panels::log(&s, v, focus.log.as_deref().and_then(|l| l.parse().ok()));
    let log_page = |k: usize| format!("{base}?power={p}&log={k}#log-h");
    let log_earlier = (log.page > 0).then(|| log_page(log.page - 1));
    let log_later = (log.page + 1 < log.pages).then(|| log_page(log.page + 1));
    let messages = panels::messages(&s, v, focus.msg.as_deref().and_then(|m| m.parse().ok()));
    let msg_page = |k: usize| format!("{base}?power={p}&msg={k}#msg-h");
    let msg_earlier = (messages.page > 0).then(|| msg_page(messages.page - 1));
    let msg_later = (messages.page + 1 < messages.pages).then(|| msg_page(messages.page + 1));
    // The map's places, for the keyboard's way to them; the chosen one's forces.
    let mut places: Vec<(String, String, bool)> = s
        .map
        .areas
        .iter()
        .map(|a| (a.id.to_string(), a.name.clone(), false))
        .chain(
            s.map
                .seas
                .iter()
                .map(|x| (x.id.to_string(), format!("{} (sea)", x.name), false)),
        )
        .collect();
    let area = focus.area.as_deref().and_then(|a| s.location(a));
    if let Some(a) = area {
        let key = a.to_string();
        for pl in places.iter_mut() {
            pl.2 = pl.0 == key;
        }
    }
    let movers = map::movers(&s, &v.choices);
    let chosen_mover = focus
        .stack
        .as_ref()
        .and_then(|k| movers.iter().find(|m| &m.key == k));
    let chosen = chosen_mover.map(|m| {
        let left = match m.steps.first().map(|x| &x.1) {
            Some(Decision::Land(LandDecision::Move { corps, .. })) => {
                let ctx = coalition_engine::world::Ctx {
                    scenario: &s,
                    rulebook: &v.rulebook,
                    world: &st.world,
                    own: &*st.land,
                };
                let n = corps
                    .iter()
                    .map(|c| coalition_engine::land::movement::left(&ctx, *c))
                    .min()
                    .unwrap_or(0);
                format!("{n} movement points left this phase (7.3.1)")
            }
            Some(Decision::Naval(coalition_engine::naval::NavalDecision::Sail {
                fleets, ..
            })) => {
                let n = fleets.iter().map(|f| st.naval.left(*f)).min().unwrap_or(0);
                format!("{n} movement points left this phase (6.2.1)")
            }
            _ => String::new(),
        };
        let to = focus.to.as_deref().and_then(|t| s.location(t));
        let steps = m
            .steps
            .iter()
            .map(|(l, _)| StepRow {
                label: describe::place_words(&s, *l),
                href: format!(
                    "{base}?{}#moves",
                    Focus {
                        to: Some(l.to_string()),
                        ..focus.clone()
                    }
                    .query(p)
                ),
                current: Some(*l) == to,
            })
            .collect();
        // A land stack: the places its cheapest legal paths reach this phase beyond one step (the engine's route
        // finding, docs/rules/land.md "Moves by destination").
        let land_move = match m.steps.first().map(|x| &x.1) {
            Some(Decision::Land(LandDecision::Move { corps, leaders, .. })) => {
                Some((corps.clone(), leaders.clone()))
            }
            _ => None,
        };
        let ctx = coalition_engine::world::Ctx {
            scenario: &s,
            rulebook: &v.rulebook,
            world: &st.world,
            own: &*st.land,
        };
        let further: Vec<(String, String, bool)> = land_move
            .as_ref()
            .map(|(corps, _)| {
                coalition_engine::land::route::reachable(&ctx, p, corps)
                    .into_iter()
                    .filter(|(_, (_, path))| path.len() > 2)
                    .map(|(a, (cost, path))| {
                        let via: Vec<String> = path[1..path.len() - 1]
                            .iter()
                            .map(|x| describe::area(&s, *x))
                            .collect();
                        (
                            a.to_string(),
                            format!(
                                "{} — {cost} movement points, by {}",
                                describe::area(&s, a),
                                via.join(", ")
                            ),
                            to == Some(coalition_engine::scenario::Location::Area(a)),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        // A destination beyond one step: the whole move by its cheapest legal path, with its cost.
        let by_route = match (to, &land_move) {
            (Some(coalition_engine::scenario::Location::Area(a)), Some((corps, leaders)))
                if !m
                    .steps
                    .iter()
                    .any(|(l, _)| *l == coalition_engine::scenario::Location::Area(a)) =>
            {
                coalition_engine::land::route::route(&ctx, p, corps, leaders, a)
                    .ok()
                    .map(|(d, cost)| {
                        let path = match &d {
                            LandDecision::Move { path, .. } => path.clone(),
                            _ => Vec::new(),
                        };
                        (
                            format!(
                                "{} to {} by {} (costs {cost})",
                                m.label,
                                describe::area(&s, a),
                                path.iter()
                                    .map(|x| describe::area(&s, *x))
                                    .collect::<Vec<_>>()
                                    .join(" → ")
                            ),
                            Decision::Land(d).to_string(),
                        )
                    })
            }
            _ => None,
        };
        let confirm = by_route.or_else(|| {
            to.and_then(|t| {
                m.steps.iter().find(|(l, _)| *l == t).map(|(_, d)| {
                    let cost = match d {
                        Decision::Land(LandDecision::Move { path, .. }) => {
                            format!(" (costs {})", describe::land::path_cost(&s, path))
                        }
                        _ => String::new(),
                    };
                    (
                        format!("{} to {}{cost}", m.label, describe::place_words(&s, t)),
                        d.to_string(),
                    )
                })
            })
        });
        Chosen {
            label: m.label.clone(),
            left,
            steps,
            confirm,
            further,
        }
    });
    let movers = movers
        .iter()
        .map(|m| MoverRow {
            label: m.label.clone(),
            href: format!(
                "{base}?{}#moves",
                Focus {
                    stack: Some(m.key.clone()),
                    to: None,
                    ..focus.clone()
                }
                .query(p)
            ),
            current: Some(&m.key) == focus.stack.as_ref(),
        })
        .collect();
    let ending = match &v.outcome {
        Some(o) => {
            let name = |q: PowerId| describe::power(&s, q);
            let mut lines = vec![coalition_present::ending::why(o)];
            lines.push(coalition_present::ending::verdict(o, &name));
            lines
        }
        None => Vec::new(),
    };
    Ok(Table {
        title: format!("Game {id}: {}", describe::power(&s, p)),
        full: true,
        id: id.to_string(),
        seen,
        player: seat.player.clone(),
        power: p.to_string(),
        power_name: describe::power(&s, p),
        tabs,
        position: if v.finished {
            format!("{}: the game is over", st.position.date)
        } else {
            format!("{} — {}", st.position.date, st.position.step)
        },
        ending,
        deadline,
        refusal,
        notice,
        owing: if pending.is_empty() {
            "no one".into()
        } else {
            describe::powers(&s, &pending)
        },
        owed,
        status: panels::status(&s, v),
        matrix: panels::diplomacy(&s, v),
        minors: panels::minors(&s, v),
        messages,
        msg_earlier,
        msg_later,
        log,
        log_earlier,
        log_later,
        battle: panels::battle(&s, v),
        map_src: format!("{base}/map.svg?{}", focus.query(p)),
        area_title: area.map(|a| describe::location_words(&s, a)),
        area_lines: area
            .map(|a| map::at_place(&s, st, p, a))
            .unwrap_or_default(),
        places,
        movers,
        stack_key: focus.stack.clone(),
        chosen,
        confirm: None,
    })
}

/// `GET /games/{id}`: the table (the whole page, or only the table when htmx asks).
pub async fn page(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(focus): Query<Focus>,
    headers: HeaderMap,
) -> Response {
    let seat = match seat_of(&app, &id, &headers).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match build(&app, &id, &seat, &focus, None, None).await {
        Ok(mut t) => {
            t.full = !from_htmx(&headers);
            html(StatusCode::OK, &t)
        }
        Err(e) => Failure(e).into_response(),
    }
}

/// A decision from the table's forms: a listed choice, or one typed in the text form.
#[derive(Deserialize)]
pub struct Decide {
    power: String,
    #[serde(default)]
    choice: Option<String>,
    #[serde(default)]
    typed: Option<String>,
    /// 4.1: a private message's recipient and words (the form's message field).
    #[serde(default)]
    message_to: Option<String>,
    #[serde(default)]
    message_body: Option<String>,
    /// `yes` when the player ticked the box of a destructive decision's question (issue 41).
    #[serde(default)]
    confirm: Option<String>,
}

/// `POST /games/{id}/decide`: plays a decision for one of the seat's powers through the server's one path; a
/// refusal is shown on the table with its rule and reason (and its HTTP status, for a page without htmx).
pub async fn decide(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(d): Form<Decide>,
) -> Response {
    let seat = match seat_of(&app, &id, &headers).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let message = match (&d.message_to, &d.message_body) {
        (Some(to), Some(body)) if !body.trim().is_empty() => {
            Some(format!("message {to}: {}", body.trim()))
        }
        _ => None,
    };
    let text = message
        .or(d.typed.filter(|t| !t.trim().is_empty()))
        .or(d.choice)
        .unwrap_or_default();
    let focus = Focus {
        power: Some(d.power.clone()),
        ..Focus::default()
    };
    let htmx = from_htmx(&headers);
    // Nothing is chosen in advance (issue 41): a form sent with no choice is answered, not guessed at.
    if text.trim().is_empty() {
        let refusal =
            "Choose one of the decisions (or type one) before sending: nothing is chosen for you."
                .to_string();
        return match build(&app, &id, &seat, &focus, Some(refusal), None).await {
            Ok(mut t) => {
                t.full = !htmx;
                html(
                    if htmx {
                        StatusCode::OK
                    } else {
                        StatusCode::UNPROCESSABLE_ENTITY
                    },
                    &t,
                )
            }
            Err(e) => Failure(e).into_response(),
        };
    }
    // A destructive decision is sent only with its box ticked; else the table asks (issue 41).
    if d.confirm.as_deref() != Some("yes")
        && let Some(ask) = confirmation(&app, &id, &d.power, &text).await
    {
        return match build(&app, &id, &seat, &focus, None, None).await {
            Ok(mut t) => {
                t.full = !htmx;
                t.confirm = Some(ask);
                html(StatusCode::OK, &t)
            }
            Err(e) => Failure(e).into_response(),
        };
    }
    let (status, refusal, notice) =
        match api::submit_for(&app, &id, &seat, &d.power, &Sent::Text(text.clone())).await {
            Ok(_) if !htmx => {
                // Without htmx: back to the table at the decisions, where the next question (or none) is.
                return see_other(
                    &format!("/games/{id}?power={}#owed", map::enc(&d.power)),
                    None,
                );
            }
            Ok(_) => (StatusCode::OK, None, Some(format!("Sent: {text}"))),
            Err(e) => {
                let reason = match &e.rule {
                    Some(r) => format!("Refused under rule {r}: {}", e.reason),
                    None => format!("Refused: {}", e.reason),
                };
                (e.status, Some(reason), None)
            }
        };
    match build(&app, &id, &seat, &focus, refusal, notice).await {
        Ok(mut t) => {
            t.full = !htmx;
            // htmx swaps only successful answers: a refusal it shows comes with 200, the page's own with its status.
            html(if htmx { StatusCode::OK } else { status }, &t)
        }
        Err(e) => Failure(e).into_response(),
    }
}

/// The question to ask before `text` is sent for `power`, if it is a destructive decision (issue 41). A text
/// that does not read as a decision, or a power the game does not know, asks nothing: the submission refuses it
/// with its rule.
async fn confirmation(app: &App, id: &str, power: &str, text: &str) -> Option<Confirm> {
    let live = app.hub.read(id).await.ok()?;
    let p = PowerId::new(power).ok()?;
    let s = live.game.scenario().clone();
    let d = Decision::parse(text, &s).ok()?;
    let v = live.game.view(p);
    let (rule, reason) = warning(&s, &v.rulebook, &v.state, p, &d)?;
    Some(Confirm {
        power: power.to_string(),
        name: describe::power(&s, p),
        text: text.to_string(),
        label: describe::choice::choice_at(&s, &v.state, &d),
        reason,
        rule,
    })
}

#[derive(Deserialize)]
pub struct After {
    #[serde(default)]
    after: usize,
}

/// `GET /games/{id}/live`: the seat's WebSocket (issue 17's, opened with the browser's cookie): the page script
/// redraws the table when the game moves on.
pub async fn live(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(after): Query<After>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let seat = match seat_of(&app, &id, &headers).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let slot = match coalition_server::ws::Slot::take(&app, &id, &seat.player) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    ws.on_upgrade(move |socket| async move {
        coalition_server::ws::run(app, id, seat, after.after, socket).await;
        drop(slot);
    })
}
