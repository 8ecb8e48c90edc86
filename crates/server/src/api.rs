//! The HTTP API (issue 17): games, seats, decisions, views, logs, the host's actions, export and import. State
//! leaves the server only through the engine's view of a power the seat holds; every refusal is a JSON error
//! with the rule and the reason (`crate::error`).

pub use crate::app::App;
pub use crate::app::check_host_token;
use crate::error::{ApiError, ErrorBody};
use crate::error::{Body, Query};
use crate::fair::{self, Export};
use crate::limits;
use crate::live::{Appended, Live, OnDeadline, Settings};
pub use crate::seats::holds;
use crate::seats::{self, Holder};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use coalition_engine::event::Event;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{PlayerId, PowerId};
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::PlayerDef;
use coalition_engine::transcript::{Entry, Sent, Transcript};
use coalition_engine::view::View;
use coalition_store::SeatRow;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

type Res<T> = Result<Json<T>, ApiError>;

/// A new game.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A built-in scenario (`1805`, `test`).
    #[serde(default = "default_scenario")]
    pub scenario: String,
    /// A preset (`none`, `all`, `standard`) or a list of optional rules (rule 12).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub rulebook: RulebookSpec,
    /// Players and their powers (`{"anne": ["france"], "bill": ["great-britain", "austria"]}`); absent: one
    /// seat per power, named after it. Powers nobody takes are uncontrolled (14.3).
    #[serde(default)]
    pub players: Option<BTreeMap<String, Vec<String>>>,
    /// Powers computer players hold, with the kind (`heuristic`, `random`).
    #[serde(default)]
    pub bots: BTreeMap<String, String>,
    /// Seconds each step waits for its decisions.
    #[serde(default)]
    pub step_seconds: Option<u64>,
    /// What a late power does: `default` or `bot`.
    #[serde(default)]
    pub on_deadline: OnDeadline,
}

fn default_scenario() -> String {
    "1805".into()
}

/// A game created: its id, the host's secret token (shown once), the commitment to its seed, its seats.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Created {
    pub id: String,
    pub host_token: String,
    /// The hex SHA-256 of `salt:seed`; both are revealed when the game ends.
    pub commitment: String,
    pub seats: Vec<SeatInfo>,
    #[serde(flatten)]
    pub state: Appended,
}

/// A seat, as anyone may see it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SeatInfo {
    pub player: String,
    pub powers: Vec<String>,
    /// Whether a person holds it (its token has been given out).
    pub claimed: bool,
    /// Who holds it: `free` (anyone with its link may claim it), `person`, or `bot` (nobody may claim it; the
    /// host hands it to a person).
    pub held_by: String,
    /// The kind of the computer player holding it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// A game, as anyone with its id may see it (no state: that comes through a seat's view).
#[derive(Serialize, utoipa::ToSchema)]
pub struct GameInfo {
    pub id: String,
    pub scenario: String,
    pub position: String,
    pub finished: bool,
    pub owing: Vec<String>,
    pub seq: i64,
    pub deadline_ms: Option<i64>,
    pub paused: bool,
    /// Whether the bots still owe decisions the server is playing on (a request plays a bounded share of them;
    /// the clock plays the rest, a share each half second).
    pub bots_playing: bool,
    pub commitment: String,
    /// The seed and its salt, once the game is over.
    pub revealed: Option<Revealed>,
    pub seats: Vec<SeatInfo>,
    pub bots: BTreeMap<String, String>,
}

/// The opened commitment.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Revealed {
    pub seed: u64,
    pub salt: String,
}

/// A seat's token (shown once; only its hash is kept).
#[derive(Serialize, utoipa::ToSchema)]
pub struct Claimed {
    pub player: String,
    pub token: String,
    pub powers: Vec<String>,
}

/// A decision owed by one of the seat's powers.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Owed {
    pub power: String,
    /// The step's decisions stay unseen until all are in.
    pub sealed: bool,
    pub deadline_ms: Option<i64>,
    /// The legal decisions, in the short text form `decisions` accepts.
    pub choices: Vec<String>,
}

/// A decision for one of the seat's powers: the short text form (`declare austria`) or the typed JSON.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    pub power: String,
    #[schema(value_type = Object)]
    pub decision: Sent,
}

/// What the host does.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum HostAction {
    /// A public, logged correction (3.5).
    Adjust {
        #[schema(value_type = Object)]
        adjustment: Adjustment,
        #[serde(default)]
        note: String,
    },
    /// Stops the clock.
    Pause,
    /// Starts it again, with the time that was left.
    Resume,
    /// Gives the current step this many more seconds.
    Extend { seconds: u64 },
    /// Frees a player's seat: its token stops working and a new person may claim it.
    Replace { player: String },
    /// Hands a power's seat to a bot (`heuristic`, `random`) or back to a person (`bot` absent).
    Seat {
        power: String,
        #[serde(default)]
        bot: Option<String>,
        #[serde(default)]
        note: String,
    },
    /// The late powers take their default decisions (or their bots play) now, as at the deadline.
    Expire,
}

/// The clock after a host's action.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Clock {
    pub deadline_ms: Option<i64>,
    pub paused: bool,
}

/// The bearer token of a request.
fn token(headers: &HeaderMap) -> Result<String, ApiError> {
    let h = headers
        .get(axum::http::header::AUTHORIZATION)
        .ok_or_else(|| ApiError::unauthorized("this needs `Authorization: Bearer TOKEN`"))?;
    let s = h
        .to_str()
        .map_err(|_| ApiError::unauthorized("the Authorization header is not text"))?;
    s.strip_prefix("Bearer ")
        .map(|t| t.trim().to_string())
        .ok_or_else(|| ApiError::unauthorized("the Authorization header must be `Bearer TOKEN`"))
}

/// The seat a request's token opens.
pub async fn seat_of(app: &App, id: &str, headers: &HeaderMap) -> Result<SeatRow, ApiError> {
    crate::app::by_token(app, id, &token(headers)?).await
}

/// The seat `token` opens in game `id` (see [`crate::app::by_token`]).
pub async fn seat_by_token(app: &App, id: &str, token: &str) -> Result<SeatRow, ApiError> {
    crate::app::by_token(app, id, token).await
}

/// Refuses unless the request carries the game's host token (or the operator's, which hosts every game).
async fn check_host(app: &App, id: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    check_host_token(app, id, &token(headers)?).await
}

fn power(s: &str) -> Result<PowerId, ApiError> {
    PowerId::new(s.trim()).map_err(|e| ApiError::bad_request(format!("power `{s}`: {e}")))
}

/// A free seat for each player, holding its powers.
fn open_seats(players: &[PlayerDef]) -> Vec<SeatRow> {
    players
        .iter()
        .map(|pl| SeatRow {
            player: pl.id.to_string(),
            powers: pl
                .powers
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(","),
            token_hash: None,
        })
        .collect()
}

/// The seats of a game as anyone may see them, with who holds each.
pub fn seat_infos(live: &Live) -> Vec<SeatInfo> {
    live.seats
        .iter()
        .map(|s| {
            let holder = seats::holder(live, s);
            SeatInfo {
                player: s.player.clone(),
                powers: s.powers.split(',').map(str::to_string).collect(),
                claimed: holder == Holder::Person,
                held_by: match &holder {
                    Holder::Free => "free",
                    Holder::Person => "person",
                    Holder::Bot(_) => "bot",
                }
                .to_string(),
                bot: match holder {
                    Holder::Bot(k) => Some(k),
                    _ => None,
                },
            }
        })
        .collect()
}

#[utoipa::path(post, path = "/api/games", request_body = CreateGame,
    responses((status = 201, body = Created), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// Creates a game; the response holds the host's token and the commitment to the seed.
pub async fn create_game(
    State(app): State<App>,
    Body(req): Body<CreateGame>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    Ok((StatusCode::CREATED, Json(new_game(&app, req).await?)))
}

/// Creates a game (the API's and the browser's lobby's one way): a fresh seed and its commitment, the players'
/// seats, the bots, the clock's settings.
pub async fn new_game(app: &App, req: CreateGame) -> Result<Created, ApiError> {
    let scenario = app.hub.scenario(&req.scenario)?;
    let seed = fair::random_seed();
    let salt = fair::random_hex(32);
    let commitment = fair::commitment(&salt, seed);
    let mut header = Transcript::new(&req.scenario, req.rulebook, seed);
    let players: Vec<PlayerDef> = match &req.players {
        Some(map) => map
            .iter()
            .map(|(name, powers)| {
                Ok(PlayerDef {
                    id: PlayerId::new(name.trim())
                        .map_err(|e| ApiError::bad_request(format!("player `{name}`: {e}")))?,
                    powers: powers.iter().map(|p| power(p)).collect::<Result<_, _>>()?,
                })
            })
            .collect::<Result<_, ApiError>>()?,
        None => coalition_engine::game::hot_seat(&scenario),
    };
    coalition_engine::game::check_players(&scenario, &players)
        .map_err(|e| ApiError::rule(StatusCode::UNPROCESSABLE_ENTITY, e))?;
    header.players = players.clone();
    for (p, kind) in &req.bots {
        coalition_bots::Kind::parse(kind).map_err(ApiError::bad_request)?;
        let p = power(p)?;
        if scenario.power(p).is_none() {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("a bot for `{p}`: the scenario has no such power"),
            ));
        }
        header.bots.insert(p, kind.clone());
    }
    let settings = Settings {
        step_seconds: req
            .step_seconds
            .map(|s| limits::STEP_SECONDS.check(s))
            .transpose()?,
        on_deadline: req.on_deadline,
        salt,
    };
    found(app, header, settings, commitment, &players, &[]).await
}

/// Stores a new game with a free seat per player and a new host token, and starts it: its `opening` entries
/// (an imported game's script), then the bots' answers, in one transaction.
async fn found(
    app: &App,
    header: Transcript,
    settings: Settings,
    commitment: String,
    players: &[PlayerDef],
    opening: &[Entry],
) -> Result<Created, ApiError> {
    let seats = open_seats(players);
    let host_token = fair::random_hex(24);
    let (id, state) = app
        .hub
        .create(
            header,
            settings,
            commitment.clone(),
            fair::sha256_hex(&host_token),
            seats.clone(),
            opening,
        )
        .await?;
    tracing::info!(game = %id, "game created");
    let seats = seat_infos(&*app.hub.read(&id).await?);
    Ok(Created {
        id,
        host_token,
        commitment,
        seats,
        state,
    })
}

#[utoipa::path(get, path = "/api/games/{id}", responses((status = 200, body = GameInfo), (status = 404, body = ErrorBody)))]
/// A game's public face: position, who owes, the clock, the seats and the commitment.
pub async fn game_info(State(app): State<App>, Path(id): Path<String>) -> Res<GameInfo> {
    let live = app.hub.read(&id).await?;
    Ok(Json(GameInfo {
        id: live.id.clone(),
        scenario: live.header.scenario.clone(),
        position: live.game.state().position.to_string(),
        finished: live.game.state().finished,
        owing: live.game.pending().iter().map(|p| p.to_string()).collect(),
        seq: live.seq,
        deadline_ms: live.deadline_ms,
        paused: live.paused_ms.is_some(),
        bots_playing: live.wake_ms.is_some(),
        commitment: live.commitment.clone(),
        revealed: live.game.state().finished.then(|| Revealed {
            seed: live.header.seed,
            salt: live.settings.salt.clone(),
        }),
        seats: seat_infos(&live),
        bots: live
            .bots
            .iter()
            .map(|(p, k)| (p.to_string(), k.clone()))
            .collect(),
    }))
}

#[utoipa::path(post, path = "/api/games/{id}/seats/{player}/claim",
    responses((status = 200, body = Claimed), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
/// Claims a free seat: the response holds its secret token, shown once.
pub async fn claim(
    State(app): State<App>,
    Path((id, player)): Path<(String, String)>,
) -> Res<Claimed> {
    Ok(Json(claim_seat(&app, &id, player).await?))
}

/// Claims the free seat `player` of game `id`: a new secret token, of which only the hash is kept. A seat a
/// person holds, or a computer player, is refused (409): only the host hands those on.
pub async fn claim_seat(app: &App, id: &str, player: String) -> Result<Claimed, ApiError> {
    let seat = {
        let live = app.hub.read(id).await?;
        let seat = live
            .seats
            .iter()
            .find(|s| s.player == player)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("game `{id}` has no seat `{player}`")))?;
        if let Holder::Bot(kind) = seats::holder(&live, &seat) {
            return Err(ApiError::conflict(format!(
                "the {kind} bot plays the seat `{player}`; nobody may claim it: only the host hands it to a \
                 person (host action `seat`)"
            )));
        }
        seat
    };
    let token = fair::random_hex(24);
    if !app
        .hub
        .store
        .claim_seat(id, &player, &fair::sha256_hex(&token))
        .await?
    {
        return Err(ApiError::conflict(format!(
            "the seat `{player}` is taken; the host can give it a new token"
        )));
    }
    app.hub.seats_changed(id).await?;
    Ok(Claimed {
        player,
        token,
        powers: seat.powers.split(',').map(str::to_string).collect(),
    })
}

#[utoipa::path(get, path = "/api/games/{id}/owed", security(("seat" = [])),
    responses((status = 200, body = Vec<Owed>), (status = 401, body = ErrorBody)))]
/// What the seat owes now: each of its powers (and UMPs it controls) that owes a decision, with the legal ones.
pub async fn owed(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Res<Vec<Owed>> {
    let seat = seat_of(&app, &id, &headers).await?;
    let live = app.hub.read(&id).await?;
    let sealed = live.game.state().round.as_ref().is_some_and(|r| r.sealed);
    Ok(Json(
        live.game
            .pending()
            .into_iter()
            .filter(|p| holds(&live, &seat, *p).is_ok())
            .map(|p| Owed {
                power: p.to_string(),
                sealed,
                deadline_ms: live.deadline_ms,
                choices: live.game.choices(p).iter().map(|d| d.to_string()).collect(),
            })
            .collect(),
    ))
}

#[utoipa::path(post, path = "/api/games/{id}/decisions", request_body = Submission, security(("seat" = [])),
    responses((status = 200, body = Appended), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
/// Submits a decision for one of the seat's powers: accepted and stored, or refused with its rule.
pub async fn submit(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(sub): Body<Submission>,
) -> Res<Appended> {
    let seat = seat_of(&app, &id, &headers).await?;
    Ok(Json(
        submit_for(&app, &id, &seat, &sub.power, &sub.decision).await?,
    ))
}

/// Plays `decision` for `power`, which `seat` must hold, in game `id` (the API's and the browser's one way).
pub async fn submit_for(
    app: &App,
    id: &str,
    seat: &SeatRow,
    power_name: &str,
    decision: &Sent,
) -> Result<Appended, ApiError> {
    let p = power(power_name)?;
    app.hub
        .act(id, |live| {
            if !seats::still_holds(live, seat) {
                return Err(ApiError::unauthorized(
                    "this seat's token was replaced or its powers handed to a bot",
                ));
            }
            let player = holds(live, seat, p)?;
            let decision = decision
                .decision(live.game.scenario())
                .map_err(ApiError::refused)?;
            let e = Entry::SubmitAs {
                player,
                power: p,
                decision,
            };
            live.play(&e).map_err(ApiError::refused)?;
            Ok(vec![e])
        })
        .await
}

/// Where a seat's view or log starts.
#[derive(Deserialize, utoipa::IntoParams)]
pub struct Since {
    /// The number of events already seen (0: all).
    #[serde(default)]
    pub after: usize,
}

#[utoipa::path(get, path = "/api/games/{id}/view/{power}", params(Since), security(("seat" = [])),
    responses((status = 200, body = Object), (status = 403, body = ErrorBody)))]
/// The engine's view of one of the seat's powers (the only way the state leaves the server).
pub async fn view(
    State(app): State<App>,
    Path((id, p)): Path<(String, String)>,
    Query(since): Query<Since>,
    headers: HeaderMap,
) -> Res<View> {
    let seat = seat_of(&app, &id, &headers).await?;
    let p = power(&p)?;
    let live = app.hub.read(&id).await?;
    holds(&live, &seat, p)?;
    let mut view = live.game.view_since(p, since.after);
    if since.after < live.game.log_start() {
        // The events the game let go are in the store.
        view.log = View::visible_log(p, &app.hub.events(&live, since.after).await?);
    }
    Ok(Json(view))
}

/// A numbered event of a seat's log.
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct Numbered {
    /// The event's number in the game's log (1 is the first).
    pub n: usize,
    #[schema(value_type = Object)]
    pub event: Event,
}

/// The events of the game from event `after` on that the seat may see, numbered, sealed decisions of other seats
/// removed (those the game let go read from the store).
pub async fn seat_log(
    app: &App,
    live: &Live,
    seat: &SeatRow,
    after: usize,
) -> Result<Vec<Numbered>, ApiError> {
    let powers = seats::seat_powers(live, seat);
    let from = after.min(live.game.log_len());
    Ok(app
        .hub
        .events(live, from)
        .await?
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            Live::seat_event(e, &powers).map(|event| Numbered {
                n: from + i + 1,
                event,
            })
        })
        .collect())
}

#[utoipa::path(get, path = "/api/games/{id}/log", params(Since), security(("seat" = [])),
    responses((status = 200, body = Vec<Numbered>), (status = 401, body = ErrorBody)))]
/// The seat's log: every event its powers may see, numbered.
pub async fn log(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(since): Query<Since>,
    headers: HeaderMap,
) -> Res<Vec<Numbered>> {
    let seat = seat_of(&app, &id, &headers).await?;
    let live = app.hub.read(&id).await?;
    Ok(Json(seat_log(&app, &live, &seat, since.after).await?))
}

#[utoipa::path(post, path = "/api/games/{id}/host", request_body = HostAction, security(("host" = [])),
    responses((status = 200, body = Object), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// The host's actions: corrections (3.5), the clock, replacing a player, handing seats to bots.
pub async fn host(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(action): Body<HostAction>,
) -> Result<Json<serde_json::Value>, ApiError> {
    check_host(&app, &id, &headers).await?;
    let hub = &app.hub;
    let clock = |c: (Option<i64>, Option<i64>)| {
        Json(serde_json::json!(Clock {
            deadline_ms: c.0,
            paused: c.1.is_some()
        }))
    };
    match action {
        HostAction::Adjust { adjustment, note } => {
            let done = hub
                .act(&id, |live| {
                    let e = Entry::Host {
                        adjustment: adjustment.clone(),
                        note: note.clone(),
                    };
                    live.play(&e)
                        .map_err(|e| ApiError::rule(StatusCode::UNPROCESSABLE_ENTITY, e))?;
                    Ok(vec![e])
                })
                .await?;
            Ok(Json(serde_json::json!(done)))
        }
        HostAction::Pause => Ok(clock(
            hub.set_clock(&id, |l, now| {
                if l.paused_ms.is_none() {
                    l.paused_ms = Some(now);
                }
                Ok(())
            })
            .await?,
        )),
        HostAction::Resume => Ok(clock(
            hub.set_clock(&id, |l, now| {
                if let Some(p) = l.paused_ms.take() {
                    // The time that was left, from now: never past the furthest a deadline may lie.
                    let left = l.deadline_ms.map(|d| d.saturating_sub(p).max(0));
                    l.deadline_ms = left.map(|left| {
                        now.saturating_add(left.min(limits::DEADLINE_AHEAD.max as i64 * 1000))
                    });
                }
                Ok(())
            })
            .await?,
        )),
        HostAction::Extend { seconds } => {
            let seconds = limits::EXTEND_SECONDS.check(seconds)? as i64;
            Ok(clock(
                hub.set_clock(&id, |l, now| {
                    let base = l.deadline_ms.unwrap_or(now).max(now);
                    let deadline = seconds
                        .checked_mul(1000)
                        .and_then(|ms| base.checked_add(ms))
                        .filter(|d| {
                            *d <= now.saturating_add(limits::DEADLINE_AHEAD.max as i64 * 1000)
                        })
                        .ok_or_else(|| {
                            limits::DEADLINE_AHEAD.refusal(format!(
                                "extending by {seconds} s would set the deadline more than {} ahead",
                                limits::DEADLINE_AHEAD.range().replace("0 to ", "")
                            ))
                        })?;
                    l.deadline_ms = Some(deadline);
                    Ok(())
                })
                .await?,
            ))
        }
        HostAction::Replace { player } => {
            {
                let live = hub.read(&id).await?;
                let seat = live
                    .seats
                    .iter()
                    .find(|s| s.player == player)
                    .ok_or_else(|| {
                        ApiError::not_found(format!("game `{id}` has no seat `{player}`"))
                    })?;
                if let Holder::Bot(kind) = seats::holder(&live, seat) {
                    return Err(ApiError::conflict(format!(
                        "the {kind} bot plays the seat `{player}`: hand its powers to a person with the host \
                         action `seat`"
                    )));
                }
            }
            let token = new_token(&app, &id, &player).await?;
            Ok(Json(serde_json::json!({
                "replaced": player,
                "token": token,
                "link": format!("/games/{id}/enter?token={token}"),
            })))
        }
        HostAction::Seat {
            power: p,
            bot,
            note,
        } => {
            let p = power(&p)?;
            if let Some(k) = &bot {
                coalition_bots::Kind::parse(k).map_err(ApiError::bad_request)?;
            }
            let seat_of_power = |live: &Live| {
                live.seats
                    .iter()
                    .find(|s| seats::listed_powers(s).contains(&p))
                    .map(|s| (s.clone(), seats::holder(live, s)))
            };
            let before = seat_of_power(&*hub.read(&id).await?);
            let done = hub
                .act(&id, |live| {
                    if !live.game.state().powers.contains_key(&p) {
                        return Err(ApiError::bad_request(format!(
                            "no power `{p}` in this game"
                        )));
                    }
                    let e = Entry::Seat {
                        power: p,
                        bot: bot.clone(),
                        note: note.clone(),
                    };
                    live.play(&e).map_err(ApiError::refused)?;
                    Ok(vec![e])
                })
                .await?;
            let mut answer = serde_json::json!(done);
            let after = seat_of_power(&*hub.read(&id).await?);
            match (before, after) {
                // Every power of a person's seat went to bots: its token dies with it.
                (_, Some((seat, Holder::Bot(_)))) if seat.token_hash.is_some() => {
                    hub.store.set_seat_token(&id, &seat.player, None).await?;
                    hub.seats_changed(&id).await?;
                    answer["revoked"] = serde_json::json!(seat.player);
                }
                // A bot's seat handed to a person: a new token, for the host to pass on.
                (Some((_, Holder::Bot(_))), Some((seat, h))) if !matches!(h, Holder::Bot(_)) => {
                    let token = new_token(&app, &id, &seat.player).await?;
                    answer["seat"] = serde_json::json!(seat.player);
                    answer["token"] = serde_json::json!(token);
                    answer["link"] = serde_json::json!(format!("/games/{id}/enter?token={token}"));
                }
                _ => {}
            }
            Ok(Json(answer))
        }
        HostAction::Expire => {
            let done = hub.act(&id, |live| Ok(live.late_answers())).await?;
            Ok(Json(serde_json::json!(done)))
        }
    }
}

/// Gives `player`'s seat of game `id` a new token (the old one, if any, stops working at once on every route and
/// socket, on every server) and returns it: shown once, for the host to pass on.
async fn new_token(app: &App, id: &str, player: &str) -> Result<String, ApiError> {
    let token = fair::random_hex(24);
    if !app
        .hub
        .store
        .set_seat_token(id, player, Some(&fair::sha256_hex(&token)))
        .await?
    {
        return Err(ApiError::not_found(format!(
            "game `{id}` has no seat `{player}`"
        )));
    }
    app.hub.seats_changed(id).await?;
    Ok(token)
}

/// Whether an export may be read: by the host at any time, by anyone once the game is over.
#[utoipa::path(get, path = "/api/games/{id}/export", security(("host" = [])),
    responses((status = 200, body = Object), (status = 403, body = ErrorBody)))]
/// The whole game as a transcript, with the commitment, its salt and the server's log, for `coalition verify`
/// and for import elsewhere. Before the end only the host may export (the export holds the seed and every
/// sealed decision).
pub async fn export(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Res<Export> {
    let l = app.hub.live(&id).await?;
    let finished = l.lock().await.game.state().finished;
    if !finished {
        check_host(&app, &id, &headers).await?;
    }
    let transcript = app.hub.transcript(&id).await?;
    let live = l.lock().await;
    Ok(Json(Export {
        coalition_export: 1,
        game: id.clone(),
        transcript,
        commitment: live.commitment.clone(),
        salt: live.settings.salt.clone(),
        finished,
        log: app.hub.events(&live, 0).await?,
    }))
}

/// A game to import: a transcript, played to its end of script.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct Import {
    #[schema(value_type = Object)]
    pub transcript: Transcript,
    #[serde(default)]
    pub step_seconds: Option<u64>,
}

#[utoipa::path(post, path = "/api/import", request_body = Import,
    responses((status = 201, body = Created), (status = 422, body = ErrorBody)))]
/// Imports a game from a transcript (another server's export, or a `coalition` game file). Its seed is known
/// to whoever holds the file, so the commitment is to that seed with an empty salt.
pub async fn import(
    State(app): State<App>,
    Body(req): Body<Import>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let t = req.transcript;
    let scenario = app.hub.scenario(&t.scenario)?;
    t.replay(scenario.clone()).map_err(|e| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        rule: Some(e.error.rule.clone()),
        reason: e.to_string(),
        field: None,
    })?;
    let mut header = t.clone();
    header.script.clear();
    let players = if header.players.is_empty() {
        coalition_engine::game::hot_seat(&scenario)
    } else {
        header.players.clone()
    };
    let settings = Settings {
        step_seconds: req
            .step_seconds
            .map(|s| limits::STEP_SECONDS.check(s))
            .transpose()?,
        on_deadline: OnDeadline::Default,
        salt: String::new(),
    };
    let commitment = fair::commitment("", header.seed);
    let opening: Vec<Entry> = t
        .script
        .iter()
        .filter(|e| !matches!(e, Entry::Refused { .. } | Entry::Logged(_)))
        .cloned()
        .collect();
    let created = found(&app, header, settings, commitment, &players, &opening).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Where a seat wants its notices (`docs/server.md`, "Notices"): an e-mail address, a webhook URL, both or
/// neither. They go with the seat's token: a new token clears them.
#[derive(Serialize, Deserialize, Default, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NoticeSettings {
    #[serde(default)]
    pub email: Option<String>,
    /// A URL that takes a JSON POST (Discord's and Slack's incoming webhooks do).
    #[serde(default)]
    pub webhook: Option<String>,
}

#[utoipa::path(get, path = "/api/games/{id}/notices", security(("seat" = [])),
    responses((status = 200, body = NoticeSettings), (status = 401, body = ErrorBody)))]
/// Where the seat's notices go.
pub async fn notices(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Res<NoticeSettings> {
    let seat = seat_of(&app, &id, &headers).await?;
    Ok(Json(notices_of(&app, &id, &seat).await?))
}

#[utoipa::path(put, path = "/api/games/{id}/notices", request_body = NoticeSettings, security(("seat" = [])),
    responses((status = 200, body = NoticeSettings), (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
/// Sets where the seat's notices go (absent or empty: none of that kind).
pub async fn set_notices(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(req): Body<NoticeSettings>,
) -> Res<NoticeSettings> {
    let seat = seat_of(&app, &id, &headers).await?;
    Ok(Json(set_notices_for(&app, &id, &seat, req).await?))
}

/// The notice settings of `seat` (the seat a request's token opened), or those it holds now.
pub async fn notices_of(app: &App, id: &str, seat: &SeatRow) -> Result<NoticeSettings, ApiError> {
    let live = app.hub.read(id).await?;
    Ok(live
        .addresses
        .iter()
        .find(|a| a.player == seat.player)
        .map(|a| NoticeSettings {
            email: a.email.clone(),
            webhook: a.webhook.clone(),
        })
        .unwrap_or_default())
}

/// Sets where `seat`'s notices go (the API's and the browser's one way): each address checked against what this
/// server sends, stored only while the seat still carries the token that asked.
pub async fn set_notices_for(
    app: &App,
    id: &str,
    seat: &SeatRow,
    req: NoticeSettings,
) -> Result<NoticeSettings, ApiError> {
    let clean = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    let (email, webhook) = (clean(req.email), clean(req.webhook));
    let n = &app.hub.notices;
    if let Some(e) = &email {
        n.check_email(e)?;
    }
    if let Some(w) = &webhook {
        n.check_webhook(w)?;
    }
    let hash = seat.token_hash.clone().unwrap_or_default();
    if !app
        .hub
        .store
        .set_addresses(
            id,
            &seat.player,
            &hash,
            email.as_deref(),
            webhook.as_deref(),
        )
        .await?
    {
        return Err(ApiError::unauthorized(
            "this token opens no seat of this game (the host gave the seat a new one)",
        ));
    }
    app.hub.seats_changed(id).await?;
    Ok(NoticeSettings { email, webhook })
}
