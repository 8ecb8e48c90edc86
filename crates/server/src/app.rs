//! One server process's shared parts (issue 17): its live games, its id, its shutdown flag and the operator's
//! token, which every handler, the clock and the WebSockets reach through [`App`]; and the seat or the host a
//! token opens in one of its games (which seat that is, is `crate::seats`' to say).

use crate::error::ApiError;
use crate::fair;
use crate::hub::Hub;
use crate::seats::by_hash;
use coalition_store::SeatRow;
use std::sync::Arc;
use tokio::sync::watch;

/// What the handlers share.
pub type App = Arc<Server>;

/// One server process.
pub struct Server {
    pub hub: Arc<Hub>,
    /// This process's id in the store's `servers` table.
    pub id: String,
    /// Turns true when the server shuts down: the clock and the WebSockets stop (a level, not an edge, so a task
    /// busy at that moment still sees it).
    pub shutdown: watch::Sender<bool>,
    /// The hash of the operator's token, which acts as host of every game on this server.
    pub admin_hash: String,
    /// The games each client address created in the last hour.
    pub creations: crate::limits::Rate,
}

impl Server {
    /// Completes when the server shuts down.
    pub async fn stopping(&self) {
        let mut rx = self.shutdown.subscribe();
        let _ = rx.wait_for(|s| *s).await;
    }
}

/// The seat `token` opens in game `id`, read from a game caught up with the store first (another server may
/// have claimed, replaced or handed it to a bot).
pub async fn by_token(app: &App, id: &str, token: &str) -> Result<SeatRow, ApiError> {
    let hash = fair::sha256_hex(token);
    let live = app.hub.read(id).await?;
    by_hash(&live, &hash)
        .cloned()
        .ok_or_else(|| ApiError::unauthorized("this token opens no seat of this game"))
}

/// Refuses unless `token` is the game's host token (or the operator's, which hosts every game).
pub async fn check_host_token(app: &App, id: &str, token: &str) -> Result<(), ApiError> {
    let hash = fair::sha256_hex(token);
    let live = app.hub.read(id).await?;
    if live.host_hash == hash || app.admin_hash == hash {
        Ok(())
    } else {
        Err(ApiError::forbidden("only the host's token may do this"))
    }
}
