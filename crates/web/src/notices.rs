//! Issue 39: a seat's notices in the browser: where the seat wants to be told that it is its turn (an e-mail
//! address, a webhook), set through the server's one way (`api::set_notices_for`) with the seat's cookie.

use crate::page::{Failure, html};
use crate::seat;
use askama::Template;
use axum::Form;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use coalition_server::App;
use coalition_server::api::{self, NoticeSettings};
use coalition_server::notices::Webhooks;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "notices.html")]
struct NoticesPage {
    title: String,
    id: String,
    player: String,
    email: String,
    webhook: String,
    email_on: bool,
    webhook_on: bool,
    error: Option<String>,
    saved: Option<String>,
}

fn page(
    app: &App,
    id: &str,
    player: &str,
    settings: &NoticeSettings,
    error: Option<String>,
    saved: Option<String>,
    status: StatusCode,
) -> Response {
    let n = &app.hub.notices;
    html(
        status,
        &NoticesPage {
            title: format!("Notices of seat {player}"),
            id: id.to_string(),
            player: player.to_string(),
            email: settings.email.clone().unwrap_or_default(),
            webhook: settings.webhook.clone().unwrap_or_default(),
            email_on: n.smtp.is_some(),
            webhook_on: n.webhooks != Webhooks::Off,
            error,
            saved,
        },
    )
}

/// `GET /games/{id}/notices`: where the seat's notices go, in a form.
pub async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Failure> {
    let seat = seat::by_cookie(&app, &id, &headers).await?;
    let settings = api::notices_of(&app, &id, &seat).await?;
    Ok(page(
        &app,
        &id,
        &seat.player,
        &settings,
        None,
        None,
        StatusCode::OK,
    ))
}

#[derive(Deserialize)]
pub struct Fields {
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    webhook: Option<String>,
}

/// `POST /games/{id}/notices`: saves them, or shows the refusal with what was typed.
pub async fn save(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(f): Form<Fields>,
) -> Result<Response, Failure> {
    let seat = seat::by_cookie(&app, &id, &headers).await?;
    let asked = NoticeSettings {
        email: f.email,
        webhook: f.webhook,
    };
    let typed = NoticeSettings {
        email: asked.email.clone(),
        webhook: asked.webhook.clone(),
    };
    Ok(match api::set_notices_for(&app, &id, &seat, asked).await {
        Ok(s) => page(
            &app,
            &id,
            &seat.player,
            &s,
            None,
            Some("Saved.".into()),
            StatusCode::OK,
        ),
        Err(e) => page(
            &app,
            &id,
            &seat.player,
            &typed,
            Some(e.reason),
            None,
            e.status,
        ),
    })
}
