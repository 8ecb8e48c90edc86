//! Live updates (issue 17): a WebSocket per seat pushing the numbered events of its view as they happen. A
//! client that reconnects with the number of the last event it saw gets what it missed; one that names a
//! number the game has not reached (its game was rebuilt, say) gets a full resync: each of its powers' views.

use crate::api::{Numbered, seat_by_token, seat_log, seat_powers};
use crate::app::App;
use crate::error::ApiError;
use crate::error::Query;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How a seat's socket opens: its token (a browser cannot set headers on a WebSocket) and the last event seen.
#[derive(Deserialize, utoipa::IntoParams)]
pub struct Open {
    pub token: String,
    /// The number of the last event the client saw (0: none).
    #[serde(default)]
    pub after: usize,
}

/// What the socket pushes.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Push {
    /// One event of the seat's view.
    Event(Box<Numbered>),
    /// After each batch of events: where the game stands and who owes.
    Status {
        /// The number of the last event of the game's log.
        n: usize,
        position: String,
        owing: Vec<String>,
        finished: bool,
    },
    /// The client's number is ahead of the game: each of the seat's powers' whole views.
    Resync {
        n: usize,
        views: BTreeMap<String, serde_json::Value>,
    },
}

#[utoipa::path(get, path = "/api/games/{id}/ws", params(Open),
    responses((status = 101, description = "a WebSocket of JSON messages: `event` {n, event}, `status` {n, position, owing, finished}, `resync` {n, views}"),
        (status = 401, body = crate::error::ErrorBody)))]
/// Opens the seat's WebSocket.
pub async fn socket(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(open): Query<Open>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let seat = seat_by_token(&app, &id, &open.token).await?;
    Ok(ws.on_upgrade(move |socket| run(app, id, seat, open.after, socket)))
}

/// What the seat has not seen from event `after` on, as pushes.
async fn catch_up(
    app: &App,
    id: &str,
    seat: &coalition_store::SeatRow,
    after: usize,
) -> Result<(Vec<Push>, usize), ApiError> {
    let l = app.hub.live(id).await?;
    let live = l.lock().await;
    let n = live.game.log_len();
    let mut out = Vec::new();
    if after > n {
        let views = seat_powers(seat)
            .into_iter()
            .map(|p| {
                (
                    p.to_string(),
                    serde_json::to_value(live.game.view(p)).unwrap_or_default(),
                )
            })
            .collect();
        out.push(Push::Resync { n, views });
    } else {
        out.extend(
            seat_log(app, &live, seat, after)
                .await?
                .into_iter()
                .map(|e| Push::Event(Box::new(e))),
        );
    }
    out.push(Push::Status {
        n,
        position: live.game.state().position.to_string(),
        owing: live.game.pending().iter().map(|p| p.to_string()).collect(),
        finished: live.game.state().finished,
    });
    Ok((out, n))
}

async fn send(socket: &mut WebSocket, pushes: Vec<Push>) -> bool {
    for p in pushes {
        let text = serde_json::to_string(&p).unwrap_or_default();
        if socket.send(Message::Text(text.into())).await.is_err() {
            return false;
        }
    }
    true
}

/// Runs a seat's socket: what it missed since event `after`, then each new batch, until either side closes
/// or the server stops (the API's socket, and the browser's, which opens with the seat's cookie).
pub async fn run(
    app: App,
    id: String,
    seat: coalition_store::SeatRow,
    after: usize,
    mut socket: WebSocket,
) {
    let Ok(l) = app.hub.live(&id).await else {
        return;
    };
    // Subscribe before reading, so nothing appended in between is missed.
    let mut rx = l.lock().await.tx.subscribe();
    let stopping = app.stopping();
    tokio::pin!(stopping);
    let Ok((pushes, mut seen)) = catch_up(&app, &id, &seat, after).await else {
        return;
    };
    if !send(&mut socket, pushes).await {
        return;
    }
    loop {
        tokio::select! {
            got = rx.recv() => {
                match got {
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        let Ok((pushes, n)) = catch_up(&app, &id, &seat, seen).await else { return };
                        seen = n;
                        if !send(&mut socket, pushes).await {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
            msg = socket.recv() => {
                match msg {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    _ => {}
                }
            }
            _ = &mut stopping => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
        }
    }
}
