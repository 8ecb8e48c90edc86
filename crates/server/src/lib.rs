//! Coalition's game server (issue 17): games that live in a database (`coalition-store`), played over HTTP and
//! WebSocket, with seats, deadlines and fair dice. The engine stays pure; the server owns storage, transport,
//! identity and time. `coalition serve` runs it; `docs/server.md` describes the API.

pub mod api;
pub mod app;
pub mod clock;
pub mod error;
pub mod fair;
pub mod hub;
pub mod limits;
pub mod live;
pub mod notices;
pub mod notify;
pub mod openapi;
pub mod seats;
pub mod sending;
pub mod ws;

pub use app::{App, Server};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use coalition_store::Store;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;

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
    /// The games one client address may create in an hour ([`limits::CREATIONS_PER_HOUR`] when absent).
    pub creations_per_hour: Option<u64>,
    /// The notices to players (off by default); an empty `base_url` is the server's own address.
    pub notices: notices::Notices,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            database: "coalition.db".into(),
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            admin_token: None,
            snapshot_every: None,
            creations_per_hour: None,
            notices: notices::Notices {
                base_url: String::new(),
                ..Default::default()
            },
        }
    }
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

/// The routes of the API, each with its body's limit (`limits`); a creation counts against the client's
/// hourly allowance.
pub fn router(server: Arc<Server>) -> Router {
    let body = |l: limits::Limit| DefaultBodyLimit::max(l.bytes());
    let counted = || axum::middleware::from_fn_with_state(server.clone(), creations);
    Router::new()
        .route(
            "/api/games",
            post(api::create_game)
                .layer(body(limits::BODY_CREATE))
                .route_layer(counted()),
        )
        .route("/api/games/{id}", get(api::game_info))
        .route("/api/games/{id}/seats/{player}/claim", post(api::claim))
        .route("/api/games/{id}/owed", get(api::owed))
        .route(
            "/api/games/{id}/decisions",
            post(api::submit).layer(body(limits::BODY_DECISION)),
        )
        .route("/api/games/{id}/view/{power}", get(api::view))
        .route("/api/games/{id}/log", get(api::log))
        .route(
            "/api/games/{id}/host",
            post(api::host).layer(body(limits::BODY_HOST)),
        )
        .route(
            "/api/games/{id}/notices",
            get(api::notices)
                .put(api::set_notices)
                .layer(body(limits::BODY_NOTICES)),
        )
        .route("/api/games/{id}/export", get(api::export))
        .route("/api/games/{id}/ws", get(ws::socket))
        .route(
            "/api/import",
            post(api::import)
                .layer(body(limits::BODY_IMPORT))
                .route_layer(counted()),
        )
        .route("/api/docs", get(openapi::docs))
        .fallback(|| async { error::ApiError::not_found("no such route; see /api/docs") })
        .layer(DefaultBodyLimit::max(limits::BODY_OTHER.bytes()))
        .layer(axum::middleware::from_fn(detached))
        .with_state(server)
}

/// Counts a creation against the client address's hourly allowance, or refuses it (429 with the JSON refusal
/// and `Retry-After`). The browser's lobby counts its creations here too.
pub async fn creations(
    axum::extract::State(app): axum::extract::State<App>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let client = req
        .extensions()
        .get::<axum::extract::ConnectInfo<SocketAddr>>()
        .map_or_else(|| "local".to_string(), |c| c.0.ip().to_string());
    match app.creations.take(&client, live::now_ms()) {
        Ok(()) => next.run(req).await,
        Err((e, retry)) => {
            let mut r = e.into_response();
            if let Ok(v) = axum::http::HeaderValue::from_str(&retry.to_string()) {
                r.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
            }
            r
        }
    }
}

/// Every refusal in the JSON body of `crate::error`, whoever made it: a path or query over its limit (414), and
/// the plain-text or empty answers of the HTTP layer (a form over its limit: 413; a wrong method: 405) turned
/// into it. The browser's pages (HTML) pass as they are.
async fn uniform(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let uri = req.uri().to_string();
    if uri.len() > limits::URI.bytes() {
        return limits::URI
            .refusal(format!(
                "the request's path and query hold {} bytes, over the limit ({})",
                limits::grouped(uri.len() as u64),
                limits::URI.range()
            ))
            .into_response();
    }
    let r = next.run(req).await;
    let status = r.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return r;
    }
    let kind = r
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    if kind.starts_with("application/json") || kind.starts_with("text/html") {
        return r;
    }
    let retry = r.headers().get(axum::http::header::RETRY_AFTER).cloned();
    let text = axum::body::to_bytes(r.into_body(), 16 * 1024)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("refused").to_string());
    let mut out = error::ApiError::new(status, text).into_response();
    if let Some(v) = retry {
        out.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
    }
    out
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
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let mut hub = hub::Hub::new(store, config.snapshot_every.unwrap_or(SNAPSHOT_EVERY));
    hub.notices = config.notices.clone();
    if hub.notices.base_url.is_empty() {
        hub.notices.base_url = format!("http://{addr}");
    }
    let server = Arc::new(Server {
        hub: Arc::new(hub),
        id: fair::random_hex(8),
        shutdown: watch::channel(false).0,
        admin_hash: fair::sha256_hex(&admin_token),
        creations: limits::Rate::new(
            config
                .creations_per_hour
                .unwrap_or(limits::CREATIONS_PER_HOUR.max),
        ),
    });
    clock::recover(&server).await?;
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
        if server.hub.notices.enabled() {
            tokio::spawn(sending::run(server.clone()));
        }
        let down = server.clone();
        let mut app = router(server.clone());
        if let Some(extra) = self.extra {
            app = app.merge(extra);
        }
        let app = app.layer(axum::middleware::from_fn(uniform));
        axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
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
