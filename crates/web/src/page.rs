//! What every page shares (issue 18): rendering a template to a response, and a refusal shown as a page with
//! its HTTP status, the rule it cites and the reason.

use askama::Template;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use coalition_server::error::ApiError;

/// The largest page the browser front end may send (issue 18: no page over 200 KiB); the browser and leak tests
/// check every page they fetch against it.
pub const PAGE_LIMIT: usize = 200 * 1024;

/// A template rendered as an HTML response with `status`.
pub fn html(status: StatusCode, t: &impl Template) -> Response {
    match t.render() {
        Ok(s) => (status, Html(s)).into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the page could not be drawn: {e}"),
        )
            .into_response(),
    }
}

/// A template rendered as an HTML response, with a cookie set.
pub fn html_with_cookie(t: &impl Template, cookie: &str) -> Response {
    let mut r = html(StatusCode::OK, t);
    if let Ok(v) = HeaderValue::from_str(cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    r
}

/// A redirect after a form (303: the browser then asks with GET), with a cookie set when one is given.
pub fn see_other(to: &str, cookie: Option<&str>) -> Response {
    let mut r = Redirect::to(to).into_response();
    if let Some(c) = cookie.and_then(|c| HeaderValue::from_str(c).ok()) {
        r.headers_mut().append(header::SET_COOKIE, c);
    }
    r
}

/// Whether htmx sent the request (it then wants only the part of the page it swaps).
pub fn from_htmx(headers: &HeaderMap) -> bool {
    headers.contains_key("hx-request")
}

#[derive(Template)]
#[template(path = "refusal.html")]
struct RefusalPage<'a> {
    title: &'a str,
    status: u16,
    rule: Option<&'a str>,
    reason: &'a str,
}

/// A refusal as a page: its status, the rule it cites and its reason.
pub struct Failure(pub ApiError);

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        Failure(e)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let e = self.0;
        html(
            e.status,
            &RefusalPage {
                title: e.status.canonical_reason().unwrap_or("Refused"),
                status: e.status.as_u16(),
                rule: e.rule.as_deref(),
                reason: &e.reason,
            },
        )
    }
}

/// The host a request was sent to, for links to share (`http://HOST/...`).
pub fn origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1:8080");
    format!("http://{host}")
}

/// Milliseconds since 1970 as a UTC date and time (`2026-11-27 17:05 UTC`), for deadlines.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn deadlines_read_as_utc_dates() {
        assert_eq!(super::utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(super::utc(1_795_798_800_000), "2026-11-27 17:00 UTC");
        assert_eq!(super::utc(951_782_400_000), "2000-02-29 00:00 UTC");
    }
}
