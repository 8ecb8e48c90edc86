//! One server process's shared parts (issue 17): its live games, its id, its shutdown flag and the operator's
//! token, which every handler, the clock and the WebSockets reach through [`App`].

use crate::live::Hub;
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
