//! `coalition serve` and `coalition verify` (issue 17): the game server, and the check of an exported game's
//! dice against the commitment its server published.

use crate::Failure;
use coalition_server::fair::{Export, verify};
use std::path::{Path, PathBuf};

/// The options of `coalition serve`.
#[derive(clap::Args)]
pub struct Args {
    /// An SQLite file (created when missing), `sqlite://...`, or `postgres://user@host/db` (several servers may
    /// share a PostgreSQL database).
    #[arg(long, default_value = "coalition.db")]
    pub database: String,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// The operator's token, which hosts every game (default: COALITION_ADMIN_TOKEN when set, else a new
    /// random one, printed at start).
    #[arg(long)]
    pub admin_token: Option<String>,
    /// The games one client address may create (or import) in an hour.
    #[arg(long, default_value_t = coalition_server::limits::CREATIONS_PER_HOUR.max)]
    pub creations_per_hour: u64,
    /// The address players open, for the links in notices (default: http:// and the listening address).
    #[arg(long, env = "COALITION_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Send e-mail notices through this SMTP server: `smtp://host:25`, `smtp://user:pass@host:587?tls=required`
    /// (STARTTLS), `smtps://user:pass@host:465` (TLS). Off when absent.
    #[arg(long, env = "COALITION_SMTP_URL")]
    pub smtp: Option<String>,
    /// The sender of e-mail notices.
    #[arg(
        long,
        env = "COALITION_MAIL_FROM",
        default_value = "Coalition <coalition@localhost>"
    )]
    pub mail_from: String,
    /// Which webhook URLs seats may leave for notices: `off`, `public` (https:// at public addresses only) or
    /// `local` (http:// and local addresses too: a private network).
    #[arg(long, env = "COALITION_WEBHOOKS", default_value = "off", value_parser = ["off", "public", "local"])]
    pub webhooks: String,
    /// How many minutes before a deadline its reminder goes out.
    #[arg(long, env = "COALITION_REMIND_MINUTES", default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=10_080))]
    pub remind_minutes: u32,
}

/// Runs the server until SIGTERM or Ctrl-C.
pub fn serve(mut args: Args) -> Result<(), Failure> {
    if args.admin_token.is_none() {
        args.admin_token = std::env::var("COALITION_ADMIN_TOKEN").ok();
    }
    let printed = std::env::var("COALITION_ADMIN_TOKEN").is_err();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let rt = tokio::runtime::Runtime::new().map_err(|e| Failure::Other(e.into()))?;
    rt.block_on(async {
        use coalition_server::notices::{Notices, Webhooks};
        let bound = coalition_server::bind(coalition_server::Config {
            database: args.database.clone(),
            addr: args.addr,
            admin_token: args.admin_token.clone(),
            snapshot_every: None,
            creations_per_hour: Some(args.creations_per_hour),
            notices: Notices {
                base_url: args.public_url.clone().unwrap_or_default(),
                smtp: args.smtp.clone(),
                mail_from: args.mail_from.clone(),
                webhooks: match args.webhooks.as_str() {
                    "public" => Webhooks::Public,
                    "local" => Webhooks::Local,
                    _ => Webhooks::Off,
                },
                remind_before_ms: i64::from(args.remind_minutes) * 60_000,
                ..Notices::default()
            },
        })
        .await?
        .with_routes(coalition_web::routes);
        println!(
            "coalition serve: http://{}/ (open it in a browser; the API's document: http://{}/api/docs)",
            bound.addr, bound.addr
        );
        println!("database: {}", args.database);
        let n = &bound.server.hub.notices;
        println!(
            "notices: e-mail {}, webhooks {}",
            if n.smtp.is_some() { "on" } else { "off" },
            args.webhooks
        );
        if printed {
            println!("operator token (hosts every game): {}", bound.admin_token);
        }
        bound.serve(coalition_server::signal()).await
    })
    .map_err(Failure::Other)
}

/// Checks an exported game: the seed opens the commitment and replaying the script gives every event (every
/// roll) the server logged.
pub fn verify_file(data: Option<&Path>, file: &PathBuf) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure::Other(anyhow::anyhow!("{}: {e}", file.display())))?;
    let export: Export = serde_json::from_str(&text).map_err(|e| {
        Failure::Invalid(anyhow::anyhow!(
            "{} is not a game exported by `coalition serve`: {e}",
            file.display()
        ))
    })?;
    let s = crate::data::load_scenario(data, &export.transcript.scenario)?;
    match verify(&export, s) {
        Ok(v) => {
            println!(
                "{}: game {} verified: the seed {} opens the commitment {}, and replaying its {} entries gives \
                 all {} events the server logged, {} of them dice rolls",
                file.display(),
                export.game,
                export.transcript.seed,
                export.commitment,
                export.transcript.script.len(),
                v.events,
                v.rolls
            );
            Ok(())
        }
        Err(e) => Err(Failure::Invalid(anyhow::anyhow!(
            "{}: NOT verified: {e}",
            file.display()
        ))),
    }
}
