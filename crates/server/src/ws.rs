//! Live updates (issue 17): a WebSocket per seat pushing the numbered events of its view as they happen. A
//! client that reconnects with the number of the last event it saw gets what it missed; one that names a
//! number the game has not reached (its game was rebuilt, say) gets a full resync: each of its powers' views.

use crate::api::{Numbered, seat_by_token, seat_log};
use crate::app::App;
use crate::error::ApiError;
use crate::error::Query;
use crate::live::Signal;
use crate::seats;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
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
    let slot = Slot::take(&app, &id, &seat.player)?;
    Ok(ws.on_upgrade(move |socket| async move {
        run(app, id, seat, open.after, socket).await;
        drop(slot);
    }))
}

/// One of a seat's open sockets, counted against [`crate::limits::SOCKETS_PER_SEAT`] until dropped.
pub struct Slot {
    app: App,
    key: (String, String),
}

impl Slot {
    /// Counts a new socket of `player`'s seat of game `id`, or refuses it (429) when the seat holds as many as
    /// it may.
    pub fn take(app: &App, id: &str, player: &str) -> Result<Slot, ApiError> {
        let key = (id.to_string(), player.to_string());
        let mut open = app.hub.sockets.lock().expect("sockets");
        let n = open.entry(key.clone()).or_default();
        if *n >= crate::limits::SOCKETS_PER_SEAT.max as usize {
            return Err(crate::limits::SOCKETS_PER_SEAT.refusal(format!(
                "the seat `{player}` holds {n} open sockets already, the most a seat may; close one first"
            )));
        }
        *n += 1;
        Ok(Slot {
            app: app.clone(),
            key,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.app.hub.sockets.lock().expect("sockets");
        if let Some(n) = open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// Why a socket was closed by the server.
enum Closed {
    /// The seat no longer holds: its player was replaced, or its powers handed to a bot.
    Seat,
    /// The game could not be read.
    Failed,
}

/// Whether the socket's seat still holds (on a game caught up with the store).
async fn check(app: &App, id: &str, seat: &coalition_store::SeatRow) -> Result<(), Closed> {
    let live = app.hub.read(id).await.map_err(|_| Closed::Failed)?;
    if seats::still_holds(&live, seat) {
        Ok(())
    } else {
        Err(Closed::Seat)
    }
}

/// What the seat has not seen from event `after` on, as pushes; refused when the seat no longer holds (checked
/// before every push, on a game caught up with the store).
async fn catch_up(
    app: &App,
    id: &str,
    seat: &coalition_store::SeatRow,
    after: usize,
) -> Result<(Vec<Push>, usize), Closed> {
    let live = app.hub.read(id).await.map_err(|_| Closed::Failed)?;
    if !seats::still_holds(&live, seat) {
        return Err(Closed::Seat);
    }
    let n = live.game.log_len();
    let mut out = Vec::new();
    if after > n {
        let views = seats::seat_powers(&live, seat)
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
                .await
                .map_err(|_| Closed::Failed)?
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

/// Closes a socket, saying why.
async fn close(socket: &mut WebSocket, why: Closed) {
    let (code, reason) = match why {
        Closed::Seat => (
            4001,
            "this seat's token was replaced or its powers handed to a bot",
        ),
        Closed::Failed => (1011, "the game cannot be read now; connect again"),
    };
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })))
        .await;
}

/// Runs a seat's socket: what it missed since event `after`, then each new batch, until either side closes,
/// the seat stops holding (closed with code 4001 and its reason, before anything later is pushed) or the server
/// stops (the API's socket, and the browser's, which opens with the seat's cookie).
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
    let mut seen = match catch_up(&app, &id, &seat, after).await {
        Ok((pushes, n)) => {
            if !send(&mut socket, pushes).await {
                return;
            }
            n
        }
        Err(why) => return close(&mut socket, why).await,
    };
    loop {
        tokio::select! {
            got = rx.recv() => {
                match got {
                    Ok(Signal::Log(_)) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                    // The seats changed: check this one; nothing new to push.
                    Ok(Signal::Seats) => {
                        if let Err(why) = check(&app, &id, &seat).await {
                            return close(&mut socket, why).await;
                        }
                        continue;
                    }
                    Err(_) => return,
                }
                match catch_up(&app, &id, &seat, seen).await {
                    Ok((pushes, n)) => {
                        seen = n;
                        if !send(&mut socket, pushes).await {
                            return;
                        }
                    }
                    Err(why) => return close(&mut socket, why).await,
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
