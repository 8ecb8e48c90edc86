//! Issue 39: who a seat is, in one place. A seat is a player's name and the powers listed on it; it is held by a
//! computer player when a bot holds every one of those powers, else by the person whose token it carries, else
//! by nobody (free). A token opens only a seat a person holds; a seat acts for and reads only the powers it holds
//! now (listed on it and not given to a bot, or an uncontrolled power its player controls, 14.3). Every route,
//! the WebSockets and the browser's pages ask here.

use crate::error::ApiError;
use crate::live::Live;
use axum::http::StatusCode;
use coalition_engine::ids::{PlayerId, PowerId};
use coalition_store::SeatRow;

/// Who holds a seat now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// Nobody: anyone with the seat's link may claim it.
    Free,
    /// The person whose token the seat carries.
    Person,
    /// A computer player holds every power of the seat (the kinds, as listed for those powers, deduplicated):
    /// nobody may claim it; only the host hands it to a person.
    Bot(String),
}

/// The powers listed on a seat at its creation.
pub fn listed_powers(seat: &SeatRow) -> Vec<PowerId> {
    seat.powers
        .split(',')
        .filter_map(|p| PowerId::new(p).ok())
        .collect()
}

/// Who holds `seat` in `live`'s game now.
pub fn holder(live: &Live, seat: &SeatRow) -> Holder {
    let powers = listed_powers(seat);
    let mut kinds: Vec<&str> = powers
        .iter()
        .filter_map(|p| live.bots.get(p).map(String::as_str))
        .collect();
    if !powers.is_empty() && kinds.len() == powers.len() {
        kinds.sort();
        kinds.dedup();
        return Holder::Bot(kinds.join(" and "));
    }
    if seat.token_hash.is_some() {
        Holder::Person
    } else {
        Holder::Free
    }
}

/// The powers listed on `seat` that no bot holds now: those whose events the seat's log and socket carry.
pub fn seat_powers(live: &Live, seat: &SeatRow) -> Vec<PowerId> {
    listed_powers(seat)
        .into_iter()
        .filter(|p| !live.bots.contains_key(p))
        .collect()
}

/// Whether `seat` may act for and see `p` now: a power its player plays (one of its own, or an UMP its player
/// controls, 14.3) that no bot holds. The player's id, or the refusal (403, citing the rule when the rules
/// refuse).
pub fn holds(live: &Live, seat: &SeatRow, p: PowerId) -> Result<PlayerId, ApiError> {
    let player = PlayerId::new(&seat.player)
        .map_err(|_| ApiError::internal("a seat without a player id"))?;
    coalition_engine::umps::players::check_player(&live.game.ctx(), player, p)
        .map_err(|e| ApiError::rule(StatusCode::FORBIDDEN, e))?;
    if let Some(kind) = live.bots.get(&p) {
        return Err(ApiError::forbidden(format!(
            "a {kind} bot plays {p} now: this seat neither acts for it nor sees it; the host hands it back"
        )));
    }
    Ok(player)
}

/// The seat of `live` a token opens: a seat a person holds whose token hashes to `hash`.
pub fn by_hash<'a>(live: &'a Live, hash: &str) -> Option<&'a SeatRow> {
    live.seats
        .iter()
        .find(|s| s.token_hash.as_deref() == Some(hash))
        .filter(|s| holder(live, s) == Holder::Person)
}

/// Whether `seat` (as a request or socket found it) still holds: the same player, the same token, a person's.
/// False once the host replaced its player or handed it to a bot.
pub fn still_holds(live: &Live, seat: &SeatRow) -> bool {
    seat.token_hash
        .as_deref()
        .and_then(|h| by_hash(live, h))
        .is_some_and(|s| s.player == seat.player)
}
