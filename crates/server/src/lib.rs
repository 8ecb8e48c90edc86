//! Coalition's game server (issue 17): games that live in a database (`coalition-store`), played over HTTP and
//! WebSocket, with seats, deadlines and fair dice. The engine stays pure; the server owns storage, transport,
//! identity and time. `coalition serve` runs it; `docs/server.md` describes the API.

pub mod api;
pub mod app;
pub mod clock;
pub mod error;
pub mod fair;
pub mod live;
pub mod notify;
pub mod openapi;
pub mod ws;

pub use app::{App, Server};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use coalition_store::Store;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;

/// The largest request body accepted (a decision or a host action is a few hundred bytes; an imported
/// transcript of a whole campaign some hundreds of kilobytes).
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// An SQLite file, `sqlite://...` or `postgres://...`.
    pub database: String,
    pub addr: SocketAddr,
    /// The operator's token (a random one when absent).
    pub admin_token: Option<String>,
    /// A snapshot of each game every this many log entries ([`SNAPSHOT_EVERY`] when absent).
    pub snapshot_every: Option<i64>,
}

/// How often, in log entries, a game's snapshot is kept by default.
pub const SNAPSHOT_EVERY: i64 = 200;

/// A server bound to its address, not yet serving.
pub struct Bound {
    pub server: Arc<Server>,
    pub listener: tokio::net::TcpListener,
    pub addr: SocketAddr,
    pub admin_token: String,
    database: String,
    /// More routes served beside the API's (the browser's pages, `coalition-web`).
    extra: Option<Router>,
}

/// The routes of the API.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/api/games", post(api::create_game))
        .route("/api/games/{id}", get(api::game_info))
        .route("/api/games/{id}/seats/{player}/claim", post(api::claim))
        .route("/api/games/{id}/owed", get(api::owed))
        .route("/api/games/{id}/decisions", post(api::submit))
        .route("/api/games/{id}/view/{power}", get(api::view))
        .route("/api/games/{id}/log", get(api::log))
        .route("/api/games/{id}/host", post(api::host))
        .route("/api/games/{id}/export", get(api::export))
        .route("/api/games/{id}/ws", get(ws::socket))
        .route("/api/import", post(api::import))
        .route("/api/docs", get(openapi::docs))
        .fallback(|| async { error::ApiError::not_found("no such route; see /api/docs") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(detached))
        .with_state(server)
}

/// Runs each request's handler in a task of its own. When a client hangs up, hyper drops the request's future;
/// a handler dropped inside `Hub::act`, after playing a decision on the game in memory and before its append
/// to the store finished, would leave the game in memory ahead of the store, and the entries appended after it
/// would not replay. In its own task the handler always runs to the end.
async fn detached(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    match tokio::spawn(next.run(req)).await {
        Ok(r) => r,
        Err(e) => error::ApiError::internal(e).into_response(),
    }
}

/// Opens the store, moves deadlines on by any time no server was up, and binds the address.
pub async fn bind(config: Config) -> anyhow::Result<Bound> {
    let store = Store::open(&config.database).await?;
    let admin_token = config
        .admin_token
        .clone()
        .unwrap_or_else(|| fair::random_hex(24));
    let server = Arc::new(Server {
        hub: Arc::new(live::Hub::new(
            store,
            config.snapshot_every.unwrap_or(SNAPSHOT_EVERY),
        )),
        id: fair::random_hex(8),
        shutdown: watch::channel(false).0,
        admin_hash: fair::sha256_hex(&admin_token),
    });
    clock::recover(&server).await?;
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    Ok(Bound {
        server,
        listener,
        addr,
        admin_token,
        database: coalition_store::database_url(&config.database),
        extra: None,
    })
}

impl Bound {
    /// Serves `routes` beside the API (they must not set a fallback: the API's answers unknown paths).
    pub fn with_routes(mut self, routes: impl FnOnce(App) -> Router) -> Bound {
        self.extra = Some(routes(self.server.clone()));
        self
    }

    /// Serves until `stop` completes, then shuts down cleanly: new connections refused, the clock and the
    /// WebSockets stopped, requests in flight finished.
    pub async fn serve(
        self,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let server = self.server.clone();
        let clock = tokio::spawn(clock::run(server.clone()));
        if server.hub.shared {
            tokio::spawn(notify::listen(self.database.clone(), server.hub.clone()));
        }
        let down = server.clone();
        let mut app = router(server.clone());
        if let Some(extra) = self.extra {
            app = app.merge(extra);
        }
        axum::serve(self.listener, app)
            .with_graceful_shutdown(async move {
                stop.await;
                down.shutdown.send_replace(true);
            })
            .await?;
        server.shutdown.send_replace(true);
        let _ = clock.await;
        tracing::info!("the server stopped");
        Ok(())
    }
}

/// Completes on SIGTERM or Ctrl-C.
pub async fn signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
