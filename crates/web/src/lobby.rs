//! The lobby (issue 18): create a game (scenario, every optional rule by name and number, seats and bots,
//! deadlines), share its seat links, take a seat, and see this browser's games with what each owes and when.

use crate::cookies;
use crate::page::{Failure, html, html_with_cookie, origin, see_other, utc};
use askama::Template;
use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook, RulebookSpec};
use coalition_engine::scenario::EMBEDDED_SCENARIOS;
use coalition_present::describe;
use coalition_server::App;
use coalition_server::api::{self, CreateGame};
use coalition_server::error::ApiError;
use coalition_server::limits;
use coalition_server::live::OnDeadline;
use coalition_server::seats::{self, Holder};
use serde::Deserialize;
use std::collections::BTreeMap;

pub struct PowerRow {
    pub id: String,
    pub name: String,
}

pub struct RuleRow {
    pub name: String,
    pub number: &'static str,
    pub title: String,
    pub standard: bool,
}

pub struct MyGame {
    pub id: String,
    pub href: String,
    pub host: bool,
    pub position: String,
    pub seat: String,
    pub owed: String,
    pub deadline: String,
}

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyPage {
    title: String,
    error: Option<String>,
    games: Vec<MyGame>,
    scenarios: Vec<(String, bool)>,
    scenario: String,
    scenario_name: String,
    powers: Vec<PowerRow>,
    rules: Vec<RuleRow>,
}

#[derive(Deserialize)]
pub struct Pick {
    #[serde(default)]
    scenario: Option<String>,
}

/// `GET /`: the lobby.
pub async fn lobby(
    State(app): State<App>,
    Query(pick): Query<Pick>,
    headers: HeaderMap,
) -> Response {
    let scenario = pick.scenario.unwrap_or_else(|| "1805".into());
    lobby_page(&app, &headers, &scenario, None, StatusCode::OK).await
}

async fn lobby_page(
    app: &App,
    headers: &HeaderMap,
    scenario: &str,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let s = match app.hub.scenario(scenario) {
        Ok(s) => s,
        Err(e) => return Failure(e).into_response(),
    };
    let standard = Rulebook::preset(Preset::Standard);
    let page = LobbyPage {
        title: "The lobby".into(),
        error,
        games: my_games(app, headers).await,
        scenarios: EMBEDDED_SCENARIOS
            .iter()
            .map(|n| (n.to_string(), *n == scenario))
            .collect(),
        scenario: scenario.to_string(),
        scenario_name: s.meta.name.clone(),
        powers: s
            .powers
            .iter()
            .map(|p| PowerRow {
                id: p.id.to_string(),
                name: p.name.clone(),
            })
            .collect(),
        rules: OptionalRule::ALL
            .iter()
            .map(|r| RuleRow {
                name: r.name(),
                number: r.rule(),
                title: r.name().replace('-', " "),
                standard: standard.has(*r),
            })
            .collect(),
    };
    html(status, &page)
}

/// The games this browser holds a key of, each with where it stands, what the seat owes and the deadline.
async fn my_games(app: &App, headers: &HeaderMap) -> Vec<MyGame> {
    let mut out = Vec::new();
    for (id, seat_token, host_token) in cookies::games(headers) {
        let seat = match &seat_token {
            Some(t) => api::seat_by_token(app, &id, t).await.ok(),
            None => None,
        };
        let Ok(live) = app.hub.read(&id).await else {
            continue;
        };
        let s = live.game.scenario().clone();
        let st = live.game.state();
        let owed: Vec<String> = match &seat {
            Some(seat) => live
                .game
                .pending()
                .into_iter()
                .filter(|p| api::holds(&live, seat, *p).is_ok())
                .map(|p| describe::power(&s, p))
                .collect(),
            None => Vec::new(),
        };
        out.push(MyGame {
            href: if seat.is_some() {
                format!("/games/{id}")
            } else {
                format!("/games/{id}/seats")
            },
            host: host_token.is_some(),
            position: if st.finished {
                "the game is over".into()
            } else {
                format!("{} — {}", st.position.date, st.position.step)
            },
            seat: seat.as_ref().map_or("none".into(), |s| s.player.clone()),
            owed: if owed.is_empty() {
                "nothing now".into()
            } else {
                owed.join(", ")
            },
            deadline: match (live.deadline_ms, live.paused_ms) {
                (_, Some(_)) => "paused".into(),
                (Some(d), None) => utc(d),
                (None, None) => "none".into(),
            },
            id,
        });
    }
    out
}

/// `POST /games`: creates a game from the lobby's form, gives this browser the host's key, and shows the seats.
pub async fn create(
    State(app): State<App>,
    headers: HeaderMap,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let field = |k: &str| {
        fields
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.trim().to_string())
    };
    let scenario = field("scenario").unwrap_or_else(|| "1805".into());
    let req = match read_form(&app, &scenario, &fields, &field) {
        Ok(r) => r,
        Err(e) => {
            return lobby_page(&app, &headers, &scenario, Some(e.reason), e.status).await;
        }
    };
    match api::new_game(&app, req).await {
        Ok(created) => see_other(
            &format!("/games/{}/seats", created.id),
            Some(&cookies::set(
                &cookies::host_name(&created.id),
                &created.host_token,
            )),
        ),
        Err(e) => {
            let reason = match &e.rule {
                Some(r) => format!("Rule {r}: {}", e.reason),
                None => e.reason.clone(),
            };
            lobby_page(&app, &headers, &scenario, Some(reason), e.status).await
        }
    }
}

/// The API's request for the lobby's form.
fn read_form(
    app: &App,
    scenario: &str,
    fields: &[(String, String)],
    field: &dyn Fn(&str) -> Option<String>,
) -> Result<CreateGame, ApiError> {
    let s = app.hub.scenario(scenario)?;
    let mut players: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut bots = BTreeMap::new();
    for p in &s.powers {
        let id = p.id.to_string();
        if let Some(name) = field(&format!("player_{id}")).filter(|n| !n.is_empty()) {
            players.entry(name).or_default().push(id.clone());
        }
        match field(&format!("bot_{id}")).as_deref() {
            None | Some("person") => {}
            Some(kind) => {
                bots.insert(id, kind.to_string());
            }
        }
    }
    let rulebook = match field("preset").as_deref() {
        None | Some("standard") => RulebookSpec::Preset(Preset::Standard),
        Some("custom") => RulebookSpec::List(
            fields
                .iter()
                .filter(|(k, _)| k == "rule")
                .map(|(_, v)| {
                    OptionalRule::parse(v)
                        .ok_or_else(|| ApiError::bad_request(format!("no optional rule `{v}`")))
                })
                .collect::<Result<_, _>>()?,
        ),
        Some(p) => RulebookSpec::Preset(
            Preset::parse(p).ok_or_else(|| ApiError::bad_request(format!("no preset `{p}`")))?,
        ),
    };
    let step_seconds = match field("step_seconds").filter(|v| !v.is_empty()) {
        None => None,
        Some(v) => Some(limits::STEP_SECONDS.check(v.parse::<u64>().map_err(|_| {
            limits::STEP_SECONDS.refusal(format!(
                "the seconds a step waits must be a whole number from {}, not `{v}`",
                limits::STEP_SECONDS.range()
            ))
        })?)?),
    };
    Ok(CreateGame {
        scenario: scenario.to_string(),
        rulebook,
        players: Some(players),
        bots,
        step_seconds,
        on_deadline: match field("on_deadline").as_deref() {
            Some("bot") => OnDeadline::Bot,
            _ => OnDeadline::Default,
        },
    })
}

pub struct SeatLine {
    pub player: String,
    pub powers: String,
    pub claimed: bool,
    /// The computer player holding every power of the seat: nobody may take it.
    pub bot: Option<String>,
    pub bots: String,
    pub link: String,
    pub mine: bool,
}

#[derive(Template)]
#[template(path = "seats.html")]
struct SeatsPage {
    title: String,
    id: String,
    position: String,
    commitment: String,
    host: bool,
    seats: Vec<SeatLine>,
    mine: bool,
}

/// `GET /games/{id}/seats`: the game's seats, each with its link to share and whether it is taken.
pub async fn seats(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Failure> {
    let mine = match cookies::get(&headers, &cookies::seat_name(&id)) {
        Some(t) => api::seat_by_token(&app, &id, &t).await.ok(),
        None => None,
    };
    let host = match cookies::get(&headers, &cookies::host_name(&id)) {
        Some(t) => api::check_host_token(&app, &id, &t).await.is_ok(),
        None => false,
    };
    let live = app.hub.read(&id).await?;
    let s = live.game.scenario().clone();
    let base = origin(&headers);
    let seats = live
        .seats
        .iter()
        .map(|seat| {
            let powers = seats::listed_powers(seat);
            let holder = seats::holder(&live, seat);
            SeatLine {
                player: seat.player.clone(),
                powers: describe::powers(&s, &powers),
                claimed: holder == Holder::Person,
                bot: match holder {
                    Holder::Bot(k) => Some(k),
                    _ => None,
                },
                bots: powers
                    .iter()
                    .filter_map(|p| {
                        live.bots
                            .get(p)
                            .map(|k| format!("{} by the {k} bot", describe::power(&s, *p)))
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                link: format!("{base}/games/{id}/seats/{}", seat.player),
                mine: mine.as_ref().is_some_and(|m| m.player == seat.player),
            }
        })
        .collect();
    let st = live.game.state();
    Ok(html(
        StatusCode::OK,
        &SeatsPage {
            title: format!("Seats of game {id}"),
            position: format!("{} — {}", st.position.date, st.position.step),
            commitment: live.commitment.clone(),
            host,
            seats,
            mine: mine.is_some(),
            id,
        },
    ))
}

#[derive(Template)]
#[template(path = "seat.html")]
struct SeatPage {
    title: String,
    id: String,
    player: String,
    powers: String,
    claimed: bool,
    bot: Option<String>,
}

fn find_seat(
    live: &coalition_server::live::Live,
    id: &str,
    player: &str,
) -> Result<coalition_store::SeatRow, ApiError> {
    live.seats
        .iter()
        .find(|s| s.player == player)
        .cloned()
        .ok_or_else(|| ApiError::not_found(format!("game `{id}` has no seat `{player}`")))
}

/// `GET /games/{id}/seats/{player}`: the link a host shares: the seat, and a button to take it.
pub async fn seat(
    State(app): State<App>,
    Path((id, player)): Path<(String, String)>,
) -> Result<Response, Failure> {
    let live = app.hub.read(&id).await?;
    let seat = find_seat(&live, &id, &player)?;
    let powers: Vec<PowerId> = seats::listed_powers(&seat);
    let holder = seats::holder(&live, &seat);
    Ok(html(
        StatusCode::OK,
        &SeatPage {
            title: format!("Seat {player} of game {id}"),
            powers: describe::powers(live.game.scenario(), &powers),
            claimed: holder == Holder::Person,
            bot: match holder {
                Holder::Bot(k) => Some(k),
                _ => None,
            },
            id,
            player,
        },
    ))
}

#[derive(Template)]
#[template(path = "taken.html")]
struct TakenPage {
    title: String,
    id: String,
    player: String,
    link: String,
}

/// `POST /games/{id}/seats/{player}`: takes the seat; the browser keeps its token in a cookie, and the page shows
/// once the private link that opens the seat on another device.
pub async fn take(
    State(app): State<App>,
    Path((id, player)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, Failure> {
    let claimed = api::claim_seat(&app, &id, player).await?;
    let cookie = cookies::set(&cookies::seat_name(&id), &claimed.token);
    Ok(html_with_cookie(
        &TakenPage {
            title: format!("You hold seat {}", claimed.player),
            link: format!(
                "{}/games/{id}/enter?token={}",
                origin(&headers),
                claimed.token
            ),
            player: claimed.player,
            id,
        },
        &cookie,
    ))
}

#[derive(Deserialize)]
pub struct Enter {
    token: String,
}

/// `GET /games/{id}/enter?token=...`: a seat's private link: keeps the token in this browser and opens the table.
pub async fn enter(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(enter): Query<Enter>,
) -> Result<Response, Failure> {
    api::seat_by_token(&app, &id, &enter.token).await?;
    Ok(see_other(
        &format!("/games/{id}"),
        Some(&cookies::set(&cookies::seat_name(&id), &enter.token)),
    ))
}
