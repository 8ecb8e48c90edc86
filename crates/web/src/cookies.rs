//! The browser's keys (issue 18): a seat's token and a host's token live in cookies (HttpOnly, SameSite=Strict),
//! one per game, so that a page is only ever built for the seat whose token the browser holds.

use axum::http::HeaderMap;
use std::collections::BTreeMap;

/// The cookie of the seat token of game `id`.
pub fn seat_name(id: &str) -> String {
    format!("coalition_seat_{id}")
}

/// The cookie of the host token of game `id`.
pub fn host_name(id: &str) -> String {
    format!("coalition_host_{id}")
}

/// Every cookie of a request, by name.
pub fn all(headers: &HeaderMap) -> BTreeMap<String, String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            Some((k.to_string(), v.to_string()))
        })
        .collect()
}

/// The cookie `name`, if the request has it.
pub fn get(headers: &HeaderMap, name: &str) -> Option<String> {
    all(headers).remove(name).filter(|v| !v.is_empty())
}

/// A `Set-Cookie` value keeping `value` under `name` for a year. Tokens are hex, so need no quoting.
pub fn set(name: &str, value: &str) -> String {
    format!("{name}={value}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict")
}

/// The games this browser holds a seat or the host's key of: (id, seat token, host token).
pub fn games(headers: &HeaderMap) -> Vec<(String, Option<String>, Option<String>)> {
    let mut out: BTreeMap<String, (Option<String>, Option<String>)> = BTreeMap::new();
    for (k, v) in all(headers) {
        if let Some(id) = k.strip_prefix("coalition_seat_") {
            out.entry(id.to_string()).or_default().0 = Some(v);
        } else if let Some(id) = k.strip_prefix("coalition_host_") {
            out.entry(id.to_string()).or_default().1 = Some(v);
        }
    }
    out.into_iter().map(|(id, (s, h))| (id, s, h)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_read_by_name_and_games_gathered() {
        let mut h = HeaderMap::new();
        h.insert(
            axum::http::header::COOKIE,
            "coalition_seat_g1=aa; other=x; coalition_host_g1=bb; coalition_host_g2=cc"
                .parse()
                .unwrap(),
        );
        assert_eq!(get(&h, "other").as_deref(), Some("x"));
        assert_eq!(get(&h, &seat_name("g1")).as_deref(), Some("aa"));
        assert_eq!(get(&h, &seat_name("g2")), None);
        assert_eq!(
            games(&h),
            vec![
                ("g1".into(), Some("aa".into()), Some("bb".into())),
                ("g2".into(), None, Some("cc".into()))
            ]
        );
    }
}
