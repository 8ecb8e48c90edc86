//! The OpenAPI document of the server's API (issue 17), served at `/api/docs`.

use crate::api;
use crate::error::{ErrorBody, ErrorDetail};
use crate::live::{Appended, OnDeadline, Settings};
use axum::Json;

/// The OpenAPI document of this API.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Coalition game server",
        description = "Games of Empires in Arms-style grand strategy, played by the rules over HTTP and WebSocket (issue 17). Seats authenticate with `Authorization: Bearer SEAT_TOKEN`, the host with its host token."
    ),
    paths(
        api::create_game,
        api::game_info,
        api::claim,
        api::owed,
        api::submit,
        api::view,
        api::log,
        api::host,
        api::export,
        api::import,
        api::notices,
        api::set_notices,
        crate::ws::socket
    ),
    components(schemas(
        api::CreateGame,
        api::Created,
        api::SeatInfo,
        api::GameInfo,
        api::Revealed,
        api::Claimed,
        api::Owed,
        api::Submission,
        api::HostAction,
        api::Clock,
        api::Numbered,
        api::Import,
        api::NoticeSettings,
        ErrorBody,
        ErrorDetail,
        Appended,
        Settings,
        OnDeadline
    ))
)]
pub struct ApiDoc;

/// `GET /api/docs`: the OpenAPI document.
pub async fn docs() -> Json<utoipa::openapi::OpenApi> {
    Json(<ApiDoc as utoipa::OpenApi>::openapi())
}
