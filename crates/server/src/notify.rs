//! More than one server (issue 17): on PostgreSQL, a process that appends to a game says so with NOTIFY, and
//! every process LISTENs, catches the game up from the store and pushes the new events to the WebSockets it
//! holds.

use crate::live::Hub;
use coalition_store::Store;
use std::sync::Arc;

/// The channel the processes talk on.
const CHANNEL: &str = "coalition_games";

/// Tells the other processes that game `id` has entries up to `seq` (a failure only delays their pushes: they
/// catch up on their next action).
pub async fn tell(store: &Store, id: &str, seq: i64) {
    let r = sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{id}:{seq}"))
        .execute(store.pool())
        .await;
    if let Err(e) = r {
        tracing::warn!("NOTIFY for game {id} failed: {e}");
    }
}

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
