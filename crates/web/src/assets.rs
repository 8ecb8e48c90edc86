//! The pages' few static files (issue 18): htmx (vendored from npm's `htmx.org` 2.0.11, with its licence; no
//! front-end build), the page script that ties the seat's WebSocket to htmx, and the style sheet.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const HTMX: &str = include_str!("../assets/htmx.min.js");
const APP_JS: &str = include_str!("../assets/app.js");
const APP_CSS: &str = include_str!("../assets/app.css");

/// `/static/{file}`: one of the files above, cached for a day.
pub async fn file(Path(file): Path<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "htmx.min.js" => (HTMX, "text/javascript; charset=utf-8"),
        "app.js" => (APP_JS, "text/javascript; charset=utf-8"),
        "app.css" => (APP_CSS, "text/css; charset=utf-8"),
        _ => return (StatusCode::NOT_FOUND, "no such file").into_response(),
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        body,
    )
        .into_response()
}
