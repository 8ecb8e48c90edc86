//! Issue 39: the sending of the notices `crate::notices` writes to the store's outbox: a task takes them from
//! there, retries a failure later (with a longer wait each time) and gives up after a few tries, logging each
//! step; and the clock's queueing of the deadlines' reminders.

use crate::app::Server;
use crate::live::now_ms;
use crate::notices::{ATTEMPTS, Notices, Webhooks, is_public};
use coalition_store::{Notice, Queued};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How many notices the sender takes at once.
const BATCH: i64 = 20;
/// How long a server holds a notice it took before another may take it: longer than a whole batch's sending
/// at its slowest (`BATCH` times `SEND_TIMEOUT`), so no two servers send one notice.
const LEASE_MS: i64 = 600_000;
/// How long one sending may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(20);

/// Resolves webhook hosts to public addresses only (a public server's guard against being made to call its own
/// network).
struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| is_public(a.ip()))
                .collect();
            if addrs.is_empty() {
                return Err(format!("{host} has no public address").into());
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// What sends notices: the SMTP transport and the HTTP client, built once.
struct Sender {
    smtp: Option<lettre::AsyncSmtpTransport<lettre::Tokio1Executor>>,
    from: Option<lettre::message::Mailbox>,
    http: reqwest::Client,
}

impl Sender {
    fn new(n: &Notices) -> anyhow::Result<Sender> {
        let smtp = match &n.smtp {
            Some(url) => Some(
                lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url)?
                    .timeout(Some(SEND_TIMEOUT))
                    .build(),
            ),
            None => None,
        };
        let from = match &n.smtp {
            Some(_) => Some(n.mail_from.parse()?),
            None => None,
        };
        let mut http = reqwest::Client::builder()
            .timeout(SEND_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none());
        if n.webhooks == Webhooks::Public {
            http = http.dns_resolver(Arc::new(PublicOnly));
        }
        Ok(Sender {
            smtp,
            from,
            http: http.build()?,
        })
    }

    /// Sends one notice; the reason when it fails.
    async fn send(&self, n: &Notice) -> Result<(), String> {
        match n.channel.as_str() {
            "email" => {
                let (Some(smtp), Some(from)) = (&self.smtp, &self.from) else {
                    return Err("this server sends no e-mail now".into());
                };
                let to: lettre::message::Mailbox = n.address.parse().map_err(|e| format!("{e}"))?;
                let mail = lettre::Message::builder()
                    .from(from.clone())
                    .to(to)
                    .subject(&n.subject)
                    .header(lettre::message::header::ContentType::TEXT_PLAIN)
                    .body(n.body.clone())
                    .map_err(|e| e.to_string())?;
                lettre::AsyncTransport::send(smtp, mail)
                    .await
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            "webhook" => {
                // Discord reads `content`, Slack `text`; each ignores the other.
                let body = serde_json::json!({
                    "content": format!("**{}**\n{}", n.subject, n.body),
                    "text": format!("*{}*\n{}", n.subject, n.body),
                });
                let r = self
                    .http
                    .post(&n.address)
                    .json(&body)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?;
                if r.status().is_success() {
                    Ok(())
                } else {
                    Err(format!("the webhook answered {}", r.status()))
                }
            }
            other => Err(format!("no channel `{other}`")),
        }
    }
}

/// The sender task: every half second, takes the notices due, sends each, and records how it went (a failure is
/// tried again after 30 s, 1 min, 2 min ..., and given up after [`ATTEMPTS`] tries). Runs until the server
/// stops.
pub async fn run(server: Arc<Server>) {
    let n = &server.hub.notices;
    let sender = match Sender::new(n) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("notices: cannot set up sending ({e}); no notice will be sent");
            return;
        }
    };
    let mut full = false;
    loop {
        if !full {
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(500)) => {}
                _ = server.stopping() => return,
            }
        }
        let due = match server
            .hub
            .store
            .take_notices(now_ms(), LEASE_MS, BATCH)
            .await
        {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!("notices: reading the outbox: {e}");
                full = false;
                continue;
            }
        };
        // A full batch: more may wait; take them at once.
        full = due.len() as i64 == BATCH;
        for q in due {
            send_one(&server, &sender, q).await;
        }
    }
}

async fn send_one(server: &Server, sender: &Sender, q: Queued) {
    let n = &q.notice;
    let outcome = sender.send(n).await;
    let now = now_ms();
    let result = match &outcome {
        Ok(()) => {
            tracing::info!(game = %n.game, player = %n.player, channel = %n.channel, "notice sent");
            Ok(())
        }
        Err(e) if q.attempts < ATTEMPTS => {
            let wait = server
                .hub
                .notices
                .retry_ms
                .saturating_mul(1 << (q.attempts - 1).clamp(0, 20));
            tracing::warn!(game = %n.game, player = %n.player, channel = %n.channel,
                "notice not sent (try {} of {ATTEMPTS}; again in {} s): {e}", q.attempts, wait / 1000);
            Err((e.as_str(), Some(now.saturating_add(wait))))
        }
        Err(e) => {
            tracing::warn!(game = %n.game, player = %n.player, channel = %n.channel,
                "notice given up after {ATTEMPTS} tries: {e}");
            Err((e.as_str(), None))
        }
    };
    if let Err(e) = server.hub.store.notice_result(&n.id, now, result).await {
        tracing::warn!(game = %n.game, "notices: recording a sending: {e}");
    }
}

/// Queues the reminders of the deadlines that fall within the reminder's time from now (each deadline once,
/// whichever server gets there first). The clock calls it.
pub async fn remind(server: &Server, now: i64) {
    let hub = &server.hub;
    if !hub.notices.enabled() {
        return;
    }
    let due = match hub
        .store
        .to_remind(now.saturating_add(hub.notices.remind_before_ms))
        .await
    {
        Ok(d) => d,
        Err(e) => return tracing::warn!("notices: reading the deadlines: {e}"),
    };
    for (id, deadline) in due {
        let notices = match hub.read(&id).await {
            Ok(live) if live.deadline_ms == Some(deadline) => hub.notices.reminders(&live),
            Ok(_) => continue,
            Err(e) => {
                tracing::warn!(game = %id, "notices: {}", e.reason);
                continue;
            }
        };
        if let Err(e) = hub.store.remind(&id, deadline, &notices, now).await {
            tracing::warn!(game = %id, "notices: queueing reminders: {e}");
        }
    }
}
