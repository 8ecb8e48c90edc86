//! Coalition in the browser (issue 18): the lobby, the game table, the map and the records, rendered on the
//! server (askama) from the seat's view only, made live with htmx and the seat's WebSocket. A seat holds its
//! secret token in a cookie; every page is built from `Game::view_since` of a power the seat holds, so no other
//! seat's sealed decision or private message reaches the browser (`docs/web.md`).

mod assets;
mod cookies;
mod lobby;
mod map;
mod markdown;
mod notices;
mod page;
mod panels;
mod seat;
mod table;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use coalition_server::App;
use coalition_server::limits;

pub use page::PAGE_LIMIT;

/// The browser's routes, served beside the API by `coalition serve`.
pub fn routes(app: App) -> Router {
    let body = |l: limits::Limit| DefaultBodyLimit::max(l.bytes());
    Router::new()
        .route("/", get(lobby::lobby))
        .route(
            "/games",
            post(lobby::create)
                .layer(body(limits::BODY_CREATE))
                .route_layer(axum::middleware::from_fn_with_state(
                    app.clone(),
                    coalition_server::creations,
                )),
        )
        .route("/games/{id}", get(table::page))
        .route(
            "/games/{id}/decide",
            post(table::decide).layer(body(limits::BODY_DECISION)),
        )
        .route("/games/{id}/map.svg", get(map::svg))
        .route("/games/{id}/records", get(panels::records_page))
        .route("/games/{id}/live", get(table::live))
        .route("/games/{id}/seats", get(lobby::seats))
        .route(
            "/games/{id}/seats/{player}",
            get(lobby::seat).post(lobby::take),
        )
        .route("/games/{id}/enter", get(lobby::enter))
        .route(
            "/games/{id}/notices",
            get(notices::show)
                .post(notices::save)
                .layer(body(limits::BODY_NOTICES)),
        )
        .route("/static/{file}", get(assets::file))
        .layer(body(limits::BODY_OTHER))
        .with_state(app)
}
