//! Deadlines (issue 17): each step of a game may carry one; when it passes, the late powers take their default
//! decisions (rule 3.6) or their bots play, and the game moves on. The clock also plays on the games whose bots
//! still owe decisions after a request played its share of them (issue 39: `limits::BOT_ENTRIES`), a share each
//! tick, and queues the reminders of deadlines that are near (`sending::remind`). Each server process says it is alive every
//! second; one that starts after every server was down moves every running deadline on by the time they were
//! down, so nobody misses a deadline while no server could take their decision. Every minute it lets go of the
//! games nobody asked for in ten minutes.

use crate::app::Server;
use crate::live::now_ms;
use std::sync::Arc;
use std::time::Duration;

/// How often the clock looks at the deadlines and says this process is alive.
const TICK: Duration = Duration::from_millis(500);
/// A game nobody asked for in this long is let go from memory (it loads again from its snapshot when asked).
const IDLE_MS: i64 = 10 * 60 * 1000;
/// Silence longer than this means every server was down.
const DOWN_AFTER_MS: i64 = 3_000;

/// Moves the deadlines on by the time no server was up; returns that time (0 when a server was up).
pub async fn recover(server: &Server) -> anyhow::Result<i64> {
    let now = now_ms();
    let down = match server.hub.store.last_alive().await? {
        Some(last) if now - last > DOWN_AFTER_MS => now - last,
        _ => 0,
    };
    if down > 0 {
        let n = server.hub.store.shift_deadlines(down).await?;
        tracing::info!(
            "no server was up for {} s: {n} deadline(s) moved on",
            down / 1000
        );
    }
    server.hub.store.heartbeat(&server.id, now).await?;
    Ok(down)
}

/// Runs the clock until the server shuts down.
pub async fn run(server: Arc<Server>) {
    let mut ticks: u64 = 0;
    loop {
        ticks += 1;
        tokio::select! {
            _ = tokio::time::sleep(TICK) => {}
            _ = server.stopping() => return,
        }
        let now = now_ms();
        if ticks % 120 == 0 {
            let n = server.hub.evict_idle(now, IDLE_MS);
            if n > 0 {
                tracing::info!("{n} idle game(s) let go from memory");
            }
        }
        if let Err(e) = server.hub.store.heartbeat(&server.id, now).await {
            tracing::warn!("heartbeat: {e}");
        }
        if ticks % 2 == 0 {
            crate::sending::remind(&server, now).await;
        }
        let due = match server.hub.store.due_games(now).await {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!("reading the deadlines: {e}");
                continue;
            }
        };
        for id in due {
            let r = server
                .hub
                .act(&id, |live| {
                    let late = live.deadline_ms.is_some_and(|d| d <= now)
                        && live.paused_ms.is_none()
                        && !live.finished;
                    Ok(if late {
                        live.late_answers()
                    } else {
                        Vec::new()
                    })
                })
                .await;
            match r {
                Ok(done) if done.entries > 0 => {
                    tracing::info!(game = %id, "{} decision(s) taken: late powers' defaults, or bots playing on", done.entries)
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(game = %id, "deadline: {}", e.reason),
            }
        }
    }
}
