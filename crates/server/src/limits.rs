//! Issue 39: every size, count and range the server accepts, in one table. Each limit says what it bounds, its
//! bounds, and how a request past it is answered (413, 414, 422 or 429, always with the JSON refusal of
//! `crate::error`). `docs/server.md` prints the same table, and a test checks that the two agree
//! ([`table_markdown`]).

use crate::error::ApiError;
use axum::http::StatusCode;
use coalition_engine::kernel::limits::MAX_NOTE;
use coalition_engine::political::diplomacy::{MAX_MESSAGE, MAX_SENDS};

/// One limit: a name for the code and the docs, what it bounds, its bounds, and the answer past them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The field or thing limited, as a request names it (`step_seconds`) or as the docs do.
    pub name: &'static str,
    /// What it bounds, in a few words.
    pub what: &'static str,
    pub min: u64,
    pub max: u64,
    /// The unit of `min` and `max` (`seconds`, `bytes`, `characters`, ...).
    pub unit: &'static str,
    /// The HTTP status of a request past it.
    pub status: u16,
}

const KIB: u64 = 1024;
const YEAR_SECONDS: u64 = 365 * 24 * 3600;

/// The body of `POST /api/games` and of the lobby's form.
pub const BODY_CREATE: Limit = body(
    "create",
    "a new game's request (API and lobby form)",
    16 * KIB,
);
/// The body of a decision (API and the table's form): a message of 4,000 characters, however escaped, fits.
pub const BODY_DECISION: Limit = body(
    "decision",
    "a decision (API and the table's form)",
    64 * KIB,
);
/// The body of a host's action.
pub const BODY_HOST: Limit = body("host", "a host's action", 64 * KIB);
/// The body of a seat's notice settings.
pub const BODY_NOTICES: Limit = body("notices", "a seat's notice settings", 4 * KIB);
/// The body of an import: a whole campaign's export (some 5 MB) fits.
pub const BODY_IMPORT: Limit = body(
    "import",
    "an imported game (a whole campaign's export)",
    8 * 1024 * KIB,
);
/// The body of any other request (a claim, a read).
pub const BODY_OTHER: Limit = body("other", "any other request", 4 * KIB);
/// The length of a request's path and query.
pub const URI: Limit = Limit {
    name: "uri",
    what: "a request's path and query",
    min: 1,
    max: 8 * KIB,
    unit: "bytes",
    status: 414,
};
/// The time each step of a game waits for its decisions.
pub const STEP_SECONDS: Limit = Limit {
    name: "step_seconds",
    what: "the time each step waits (a year at most)",
    min: 1,
    max: YEAR_SECONDS,
    unit: "seconds",
    status: 422,
};
/// The time a host's extension adds; the deadline it sets may lie at most [`DEADLINE_AHEAD`] ahead.
pub const EXTEND_SECONDS: Limit = Limit {
    name: "seconds",
    what: "a host's extension of the deadline",
    min: 1,
    max: YEAR_SECONDS,
    unit: "seconds",
    status: 422,
};
/// How far ahead any deadline may lie.
pub const DEADLINE_AHEAD: Limit = Limit {
    name: "deadline",
    what: "how far ahead of now a deadline may lie",
    min: 0,
    max: YEAR_SECONDS,
    unit: "seconds",
    status: 422,
};
/// A private message's words (the engine's limit, refused under its rule 3.3).
pub const MESSAGE: Limit = Limit {
    name: "message",
    what: "a private message's words (rule 3.3)",
    min: 0,
    max: MAX_MESSAGE as u64,
    unit: "bytes",
    status: 422,
};
/// The messages and proposals one power may send in one Diplomacy Step (the engine's limit, rule 4.1).
pub const MESSAGES_PER_STEP: Limit = Limit {
    name: "messages",
    what: "messages and proposals a power may send in one Diplomacy Step (rule 4.1)",
    min: 0,
    max: MAX_SENDS as u64,
    unit: "messages",
    status: 422,
};
/// A host's note (the engine's limit, rule 3.5).
pub const NOTE: Limit = Limit {
    name: "note",
    what: "a host's note on an adjustment or a change of seat (rule 3.5)",
    min: 0,
    max: MAX_NOTE as u64,
    unit: "characters",
    status: 422,
};
/// A player's name: 1 to 31 of `a-z`, `0-9`, `-`, `_` (the engine's keys).
pub const PLAYER_NAME: Limit = Limit {
    name: "player",
    what: "a player's name (a-z, 0-9, - and _)",
    min: 1,
    max: coalition_engine::kernel::ids::MAX_KEY_LEN as u64,
    unit: "characters",
    status: 400,
};
/// The games (and imports) one client address may create in an hour; `coalition serve --creations-per-hour`
/// sets it.
pub const CREATIONS_PER_HOUR: Limit = Limit {
    name: "creations",
    what: "games one client address may create or import in an hour (`--creations-per-hour`)",
    min: 0,
    max: 20,
    unit: "games",
    status: 429,
};
/// The entries the bots may play inside one request; past it, the clock plays the game on in the background.
pub const BOT_ENTRIES: Limit = Limit {
    name: "bot_entries",
    what: "bots' decisions played inside one request (the clock plays on after it)",
    min: 0,
    max: 400,
    unit: "decisions",
    status: 200,
};
/// An e-mail address for notices.
pub const EMAIL: Limit = Limit {
    name: "email",
    what: "a seat's e-mail address for notices",
    min: 3,
    max: 254,
    unit: "characters",
    status: 422,
};
/// A webhook URL for notices.
pub const WEBHOOK: Limit = Limit {
    name: "webhook",
    what: "a seat's webhook URL for notices",
    min: 8,
    max: 2048,
    unit: "characters",
    status: 422,
};
/// The WebSockets one seat may hold open at once (on one server).
pub const SOCKETS_PER_SEAT: Limit = Limit {
    name: "sockets",
    what: "WebSockets one seat may hold open at once",
    min: 0,
    max: 16,
    unit: "sockets",
    status: 429,
};

const fn body(name: &'static str, what: &'static str, max: u64) -> Limit {
    Limit {
        name,
        what,
        min: 0,
        max,
        unit: "bytes",
        status: 413,
    }
}

/// Every limit, in the order the docs list them.
pub const ALL: &[Limit] = &[
    BODY_CREATE,
    BODY_DECISION,
    BODY_HOST,
    BODY_NOTICES,
    BODY_IMPORT,
    BODY_OTHER,
    URI,
    STEP_SECONDS,
    EXTEND_SECONDS,
    DEADLINE_AHEAD,
    MESSAGE,
    MESSAGES_PER_STEP,
    NOTE,
    PLAYER_NAME,
    CREATIONS_PER_HOUR,
    BOT_ENTRIES,
    EMAIL,
    WEBHOOK,
    SOCKETS_PER_SEAT,
];

impl Limit {
    /// The range as people read it: `1 to 31,536,000 seconds`.
    pub fn range(&self) -> String {
        format!(
            "{} to {} {}",
            grouped(self.min),
            grouped(self.max),
            self.unit
        )
    }

    /// The limit as a `usize` (a byte count).
    pub fn bytes(&self) -> usize {
        self.max as usize
    }

    /// Refuses `v` outside the range: the status of the limit, naming the field and the range.
    pub fn check(&self, v: u64) -> Result<u64, ApiError> {
        if (self.min..=self.max).contains(&v) {
            Ok(v)
        } else {
            Err(self.refusal(format!(
                "{} {} is out of range ({})",
                self.name,
                grouped(v),
                self.range()
            )))
        }
    }

    /// Refuses a text longer than the limit (counted in characters).
    pub fn check_len(&self, s: &str) -> Result<(), ApiError> {
        let n = s.chars().count() as u64;
        if n < self.min || n > self.max {
            return Err(self.refusal(format!(
                "{} of {} characters is out of range ({})",
                self.name,
                grouped(n),
                self.range()
            )));
        }
        Ok(())
    }

    /// This limit's refusal with `reason`, naming the field.
    pub fn refusal(&self, reason: String) -> ApiError {
        ApiError {
            status: StatusCode::from_u16(self.status).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY),
            rule: None,
            reason,
            field: Some(self.name.to_string()),
        }
    }
}

/// `n` with its thousands grouped by commas: `31,536,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The table as `docs/server.md` prints it (a test compares them).
pub fn table_markdown() -> String {
    let mut out = String::from("| limit | what | range | past it |\n| --- | --- | --- | --- |\n");
    for l in ALL {
        let answer = if l.status == 200 {
            "the clock plays on".to_string()
        } else {
            l.status.to_string()
        };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            l.name,
            l.what,
            l.range(),
            answer
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_out_of_range_is_refused_with_its_field_and_range() {
        assert_eq!(STEP_SECONDS.check(60), Ok(60));
        let e = STEP_SECONDS.check(u64::MAX).unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.field.as_deref(), Some("step_seconds"));
        assert_eq!(
            e.reason,
            "step_seconds 18,446,744,073,709,551,615 is out of range (1 to 31,536,000 seconds)"
        );
        assert!(STEP_SECONDS.check(0).is_err());
        assert!(NOTE.check_len(&"x".repeat(MAX_NOTE)).is_ok());
        assert!(NOTE.check_len(&"é".repeat(MAX_NOTE + 1)).is_err());
    }

    #[test]
    fn the_docs_print_the_limits_table() {
        let docs = include_str!("../../../docs/server.md");
        assert!(
            docs.contains(&table_markdown()),
            "docs/server.md must hold the limits table as limits::table_markdown() prints it:\n{}",
            table_markdown()
        );
    }
}

/// An hourly allowance per client address ([`CREATIONS_PER_HOUR`]): the times of each client's last hour of
/// creations, in memory (each server counts its own).
pub struct Rate {
    per_hour: u64,
    seen: std::sync::Mutex<std::collections::BTreeMap<String, std::collections::VecDeque<i64>>>,
}

const HOUR_MS: i64 = 3_600_000;

impl Rate {
    pub fn new(per_hour: u64) -> Rate {
        Rate {
            per_hour,
            seen: Default::default(),
        }
    }

    /// Counts one creation by `client` at `now_ms`, or refuses it with the seconds until the oldest of its last
    /// hour's creations ages out.
    pub fn take(&self, client: &str, now_ms: i64) -> Result<(), (ApiError, i64)> {
        let mut seen = self.seen.lock().expect("rate");
        if seen.len() > 4096 {
            seen.retain(|_, times| times.back().is_some_and(|t| *t > now_ms - HOUR_MS));
        }
        let times = seen.entry(client.to_string()).or_default();
        while times.front().is_some_and(|t| *t <= now_ms - HOUR_MS) {
            times.pop_front();
        }
        if times.len() as u64 >= self.per_hour {
            let retry = times
                .front()
                .map_or(1, |t| ((t + HOUR_MS - now_ms) / 1000).max(1));
            return Err((
                CREATIONS_PER_HOUR.refusal(format!(
                    "this address created {} games in the last hour, the most it may; try again in {retry} s",
                    times.len()
                )),
                retry,
            ));
        }
        times.push_back(now_ms);
        Ok(())
    }
}

#[cfg(test)]
mod rate_tests {
    use super::*;

    #[test]
    fn a_client_creates_at_most_its_allowance_an_hour() {
        let r = Rate::new(2);
        assert!(r.take("a", 0).is_ok());
        assert!(r.take("a", 10).is_ok());
        let (e, retry) = r.take("a", 1_000).unwrap_err();
        assert_eq!(e.status, 429);
        assert_eq!(retry, 3_599);
        assert!(r.take("b", 1_000).is_ok(), "another client has its own");
        assert!(r.take("a", HOUR_MS + 1).is_ok(), "the oldest aged out");
    }
}
