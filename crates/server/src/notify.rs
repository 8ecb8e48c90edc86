//! More than one server (issue 17): on PostgreSQL, a process that appends to a game says so with NOTIFY
//! (`Store::notify`), and every process LISTENs, catches the game up from the store and pushes the new events to the WebSockets it
//! holds.

use crate::hub::Hub;
use coalition_store::CHANNEL;
use std::sync::Arc;

/// Listens for the other processes' appends until the connection fails for good.
pub async fn listen(url: String, hub: Arc<Hub>) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut l) => {
                if let Err(e) = l.listen(CHANNEL).await {
                    tracing::warn!("LISTEN failed: {e}");
                } else {
                    loop {
                        match l.recv().await {
                            Ok(n) => {
                                let id = n.payload().split(':').next().unwrap_or_default();
                                if let Err(e) = hub.refresh(id).await {
                                    tracing::warn!("catching up game {id}: {}", e.reason);
                                }
                            }
                            Err(e) => {
                                tracing::warn!("the LISTEN connection failed: {e}");
                                break;
                            }
                        }
                    }
                }
            }
            Err(e) => tracing::warn!("cannot LISTEN on PostgreSQL: {e}"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}
