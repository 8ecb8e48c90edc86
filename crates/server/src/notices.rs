//! Issue 39: players are told when it is their turn. A seat may leave an e-mail address and/or a webhook URL
//! (the JSON body that Discord's and Slack's incoming webhooks accept); the server then writes one notice when the
//! seat's powers come to owe a decision in a new step, one when a deadline is near, and one when the game ends,
//! each with the link to the seat's table and never the content of a decision or a message. Notices are written to
//! the store's outbox in the same transaction as the entries that caused them; a sender task takes them from
//! there, retries a failure later (with a longer wait each time) and gives up after a few tries, logging each
//! step, so a failing mail server never holds up or fails a decision. Off unless `coalition serve` sets them up.

use crate::error::ApiError;
use crate::limits;
use crate::live::{Live, RoundKey};
use crate::seats;
use coalition_engine::ids::PowerId;
use coalition_store::{Addresses, Notice};
use std::net::IpAddr;

/// Which webhook URLs a server calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Webhooks {
    /// None: a seat cannot leave a webhook.
    #[default]
    Off,
    /// `https://` URLs of public addresses only (no loopback, private, link-local or other special address,
    /// also after the name is resolved; no redirects).
    Public,
    /// Any `http://` or `https://` URL, local addresses included (a server on a private network, and tests).
    Local,
}

/// A server's notice settings.
#[derive(Clone, Debug)]
pub struct Notices {
    /// Where the players open the server (`https://coalition.example.org`), for the links in notices.
    pub base_url: String,
    /// The SMTP server, as a URL (`smtp://host:25`, `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host:465`); none: no e-mail.
    pub smtp: Option<String>,
    /// The sender of the e-mails.
    pub mail_from: String,
    pub webhooks: Webhooks,
    /// How long before a deadline its reminder goes out.
    pub remind_before_ms: i64,
    /// The wait before a failed notice's first retry; each later one waits twice as long.
    pub retry_ms: i64,
}

impl Default for Notices {
    fn default() -> Notices {
        Notices {
            base_url: "http://127.0.0.1:8080".into(),
            smtp: None,
            mail_from: "Coalition <coalition@localhost>".into(),
            webhooks: Webhooks::Off,
            remind_before_ms: REMIND_BEFORE_MS,
            retry_ms: RETRY_MS,
        }
    }
}

/// A deadline's reminder goes out an hour before it, unless the server says otherwise.
pub const REMIND_BEFORE_MS: i64 = 3_600_000;
/// How many times a notice is tried before it is given up.
pub const ATTEMPTS: i64 = 6;
/// The wait before the first retry, unless the server says otherwise.
pub const RETRY_MS: i64 = 30_000;

impl Notices {
    /// Whether this server sends any notice.
    pub fn enabled(&self) -> bool {
        self.smtp.is_some() || self.webhooks != Webhooks::Off
    }

    /// The notices an action causes: for each seat that wants them, one when its powers come to owe a decision
    /// in a new round (or owe one where they owed none), and one for everybody when the game has just ended.
    pub fn on_change(&self, live: &Live, before: &RoundKey, was_finished: bool) -> Vec<Notice> {
        if live.addresses.is_empty() || !self.enabled() {
            return Vec::new();
        }
        let st = live.game.state();
        if st.finished {
            if was_finished {
                return Vec::new();
            }
            return live
                .addresses
                .iter()
                .flat_map(|a| {
                    self.to(
                        live,
                        a,
                        format!("Coalition: game {} is over", live.id),
                        format!(
                            "Game {} has ended ({}). Its seed and salt are now public, and anyone may export \
                             and verify it. The last position and the records: {}",
                            live.id,
                            st.position,
                            self.link(live)
                        ),
                    )
                })
                .collect();
        }
        let now = RoundKey::of(&live.game);
        let new_round = now.starts_after(before);
        let mut out = Vec::new();
        for a in &live.addresses {
            let Some(seat) = live.seats.iter().find(|s| s.player == a.player) else {
                continue;
            };
            let owes = owing(live, seat, live.game.pending());
            let owed = owing(live, seat, before.owing.iter().copied().collect());
            if owes.is_empty() || !(new_round || owed.is_empty()) {
                continue;
            }
            out.extend(self.turn(live, a, &owes, false));
        }
        out
    }

    /// The reminders of a deadline: one for each seat that wants notices and still owes a decision.
    pub fn reminders(&self, live: &Live) -> Vec<Notice> {
        let mut out = Vec::new();
        for a in &live.addresses {
            let Some(seat) = live.seats.iter().find(|s| s.player == a.player) else {
                continue;
            };
            let owes = owing(live, seat, live.game.pending());
            if !owes.is_empty() {
                out.extend(self.turn(live, a, &owes, true));
            }
        }
        out
    }

    /// "It is your turn" (or, `still`, a reminder): who owes, in which step, by when, and the link.
    fn turn(&self, live: &Live, a: &Addresses, owes: &[PowerId], still: bool) -> Vec<Notice> {
        let verb = match (owes.len() == 1, still) {
            (true, false) => "owes",
            (false, false) => "owe",
            (true, true) => "still owes",
            (false, true) => "still owe",
        };
        let s = live.game.scenario();
        let names = power_names(s, owes);
        let st = live.game.state();
        let deadline = match (live.deadline_ms, live.paused_ms) {
            (_, Some(_)) => "The game is paused.".to_string(),
            (Some(d), None) => format!("The deadline is {}.", utc(d)),
            (None, None) => "This step has no deadline.".to_string(),
        };
        self.to(
            live,
            a,
            format!("Coalition: {names} {verb} a decision in game {}", live.id),
            format!(
                "{names} {verb} a decision in game {} ({}). {deadline} Your table: {}",
                live.id,
                st.position,
                self.link(live)
            ),
        )
    }

    /// The notices to `a` by each channel it asked for that this server sends.
    fn to(&self, live: &Live, a: &Addresses, subject: String, body: String) -> Vec<Notice> {
        let mut out = Vec::new();
        let mut add = |channel: &str, address: &str| {
            out.push(Notice {
                id: crate::fair::random_hex(12),
                game: live.id.clone(),
                player: a.player.clone(),
                channel: channel.to_string(),
                address: address.to_string(),
                subject: subject.clone(),
                body: body.clone(),
            })
        };
        if let (Some(e), Some(_)) = (&a.email, &self.smtp) {
            add("email", e);
        }
        if let (Some(w), true) = (&a.webhook, self.webhooks != Webhooks::Off) {
            add("webhook", w);
        }
        out
    }

    fn link(&self, live: &Live) -> String {
        format!("{}/games/{}", self.base_url.trim_end_matches('/'), live.id)
    }

    /// Refuses an e-mail address this server cannot send to, or that is not one.
    pub fn check_email(&self, e: &str) -> Result<(), ApiError> {
        limits::EMAIL.check_len(e)?;
        if self.smtp.is_none() {
            return Err(limits::EMAIL.refusal(
                "this server sends no e-mail (its operator has not set `--smtp`)".into(),
            ));
        }
        e.parse::<lettre::Address>()
            .map(|_| ())
            .map_err(|err| limits::EMAIL.refusal(format!("`{e}` is not an e-mail address: {err}")))
    }

    /// Refuses a webhook URL this server does not call.
    pub fn check_webhook(&self, w: &str) -> Result<(), ApiError> {
        limits::WEBHOOK.check_len(w)?;
        let refuse = |why: String| limits::WEBHOOK.refusal(why);
        if self.webhooks == Webhooks::Off {
            return Err(refuse(
                "this server calls no webhooks (its operator has not set `--webhooks`)".into(),
            ));
        }
        let url = reqwest::Url::parse(w).map_err(|e| refuse(format!("`{w}` is not a URL: {e}")))?;
        match (url.scheme(), self.webhooks) {
            ("https", _) | ("http", Webhooks::Local) => {}
            (s, _) => {
                return Err(refuse(format!(
                    "a webhook must be an https:// URL, not {s}://"
                )));
            }
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(refuse(
                "a webhook URL may not carry a user name or password".into(),
            ));
        }
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| refuse(format!("`{w}` names no host")))?;
        if self.webhooks == Webhooks::Public {
            let bare = host.trim_start_matches('[').trim_end_matches(']');
            let local = match bare.parse::<IpAddr>() {
                Ok(ip) => !is_public(ip),
                Err(_) => {
                    let d = bare.to_ascii_lowercase();
                    d == "localhost" || d.ends_with(".localhost") || !d.contains('.')
                }
            };
            if local {
                return Err(refuse(
                    "this server calls webhooks at public addresses only".into(),
                ));
            }
        }
        Ok(())
    }
}

/// The powers of `seat` (those it holds now, and the uncontrolled powers its player controls) among `among`.
fn owing(live: &Live, seat: &coalition_store::SeatRow, among: Vec<PowerId>) -> Vec<PowerId> {
    among
        .into_iter()
        .filter(|p| seats::holds(live, seat, *p).is_ok())
        .collect()
}

/// A time as people read it: `2026-11-28 21:05 UTC`.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// Whether `ip` is an address of the public internet (not loopback, private, link-local, shared, documentation,
/// multicast or unspecified).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v) => {
            let o = v.octets();
            !(v.is_loopback()
                || v.is_private()
                || v.is_link_local()
                || v.is_broadcast()
                || v.is_documentation()
                || v.is_unspecified()
                || v.is_multicast()
                || o[0] == 0
                || (o[0] == 100 && (o[1] & 0xc0) == 64)
                || (o[0] == 192 && o[1] == 0 && o[2] == 0)
                || (o[0] == 198 && (o[1] & 0xfe) == 18)
                || o[0] >= 240)
        }
        IpAddr::V6(v) => {
            if let Some(v4) = v.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let s = v.segments();
            !(v.is_loopback()
                || v.is_unspecified()
                || v.is_multicast()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
                || (s[0] == 0x2001 && s[1] == 0x0db8))
        }
    }
}

/// The powers' names as a sentence names them: `France`, `France and Austria`, `France, Spain and Austria`.
fn power_names(s: &coalition_engine::scenario::Scenario, powers: &[PowerId]) -> String {
    let names: Vec<String> = powers
        .iter()
        .map(|p| {
            s.power(*p)
                .map_or_else(|| p.to_string(), |d| d.name.clone())
        })
        .collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_795_900_000_000), "2026-11-28 21:06 UTC");
    }

    #[test]
    fn only_public_addresses_are_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.1",
            "172.16.0.1",
            "169.254.1.1",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["1.1.1.1", "8.8.8.8", "2606:4700::1111"] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn webhooks_are_refused_where_the_server_does_not_call_them() {
        let mut n = Notices::default();
        assert!(
            n.check_webhook("https://discord.com/api/webhooks/1/x")
                .is_err(),
            "off"
        );
        n.webhooks = Webhooks::Public;
        assert!(
            n.check_webhook("https://discord.com/api/webhooks/1/x")
                .is_ok()
        );
        for bad in [
            "http://discord.com/x",
            "https://127.0.0.1/x",
            "https://localhost/x",
            "https://[::1]/x",
            "https://10.0.0.1/x",
            "ftp://a.b/x",
            "https://u:p@a.example/x",
            "not a url",
        ] {
            let e = n.check_webhook(bad).unwrap_err();
            assert_eq!(e.status, 422, "{bad}");
            assert_eq!(e.field.as_deref(), Some("webhook"));
        }
        n.webhooks = Webhooks::Local;
        assert!(n.check_webhook("http://127.0.0.1:9/hook").is_ok());
        assert!(n.check_email("anne@example.org").is_err(), "no SMTP");
        n.smtp = Some("smtp://127.0.0.1:2525".into());
        assert!(n.check_email("anne@example.org").is_ok());
        assert!(n.check_email("anne").is_err());
    }
}
