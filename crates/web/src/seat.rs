//! The seat a page is for (issue 18): the seat whose key the browser's cookie holds, the powers it may act for
//! and see now (14.3: its own, and the uncontrolled powers its player controls), and their views with whole logs.
//! The table, the map and the records page all start here.

use crate::cookies;
use axum::http::HeaderMap;
use coalition_engine::ids::PowerId;
use coalition_server::App;
use coalition_server::api;
use coalition_server::error::ApiError;
use coalition_server::live::Live;
use coalition_store::SeatRow;

/// The seat whose key this browser's cookie holds for game `id` (refused when it holds none, or a stale one).
pub async fn by_cookie(app: &App, id: &str, headers: &HeaderMap) -> Result<SeatRow, ApiError> {
    let token = cookies::get(headers, &cookies::seat_name(id)).ok_or_else(|| {
        ApiError::unauthorized(
            "this browser holds no seat of this game: open your seat's link first",
        )
    })?;
    api::seat_by_token(app, id, &token).await
}

/// The powers `seat` may act for and see now: its own, and the uncontrolled powers its player controls (14.3).
pub fn seat_powers_now(live: &Live, seat: &SeatRow) -> Vec<PowerId> {
    live.game
        .scenario()
        .powers
        .iter()
        .map(|p| p.id)
        .filter(|p| api::holds(live, seat, *p).is_ok())
        .collect()
}

/// The power a page is for: `want` if the seat holds it (refused with its rule if not), else its first.
pub fn seat_power(live: &Live, seat: &SeatRow, want: Option<&str>) -> Result<PowerId, ApiError> {
    match want.filter(|w| !w.is_empty()) {
        Some(w) => {
            let p =
                PowerId::new(w).map_err(|e| ApiError::bad_request(format!("power `{w}`: {e}")))?;
            api::holds(live, seat, p)?;
            Ok(p)
        }
        None => seat_powers_now(live, seat)
            .into_iter()
            .next()
            .ok_or_else(|| ApiError::forbidden("this seat holds no power now")),
    }
}

/// The views of `powers` with their whole logs: the events a long game let go from memory are read back from
/// the store (the table's messages, log pages and battle, and the records, read the whole log).
pub async fn whole_views(
    app: &App,
    live: &Live,
    powers: &[PowerId],
) -> Result<Vec<coalition_engine::view::View>, ApiError> {
    let mut views: Vec<_> = powers.iter().map(|q| live.game.view_since(*q, 0)).collect();
    if live.game.log_start() > 0 {
        let events = app.hub.events(live, 0).await?;
        for v in &mut views {
            v.log = coalition_engine::view::View::visible_log(v.power, &events);
        }
    }
    Ok(views)
}
