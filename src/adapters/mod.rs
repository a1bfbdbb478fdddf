//! Adapters: each maps one platform's events to [`crate::chat`] calls and replies back.
//! [`run_all`] starts every adapter the config names, side by side, on one [`Service`].

pub mod console;
pub mod discord;
pub mod matrix;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use tokio::sync::mpsc;
use tokio::task::JoinSet;

use crate::chat::{Outgoing, Service, SystemClock};
use crate::config::Config;

/// How often the timers run (challenge expiry, time-outs, owed bot moves).
const TICK: Duration = Duration::from_secs(5);

/// Messages the service sends on its own, for one platform's adapter to post.
pub type Outbox = mpsc::Receiver<Outgoing>;

/// Starts every configured adapter and the timers; returns when one adapter fails or on Ctrl-C.
pub async fn run_all(config: Config) -> anyhow::Result<()> {
    let service = {
        let config = config.clone();
        tokio::task::spawn_blocking(move || Service::open(&config, Arc::new(SystemClock))).await??
    };
    let mut outboxes: HashMap<&'static str, mpsc::Sender<Outgoing>> = HashMap::new();
    let mut tasks: JoinSet<anyhow::Result<()>> = JoinSet::new();
    let mut outbox = |platform: &'static str| {
        let (tx, rx) = mpsc::channel(256);
        outboxes.insert(platform, tx);
        rx
    };
    // Each adapter: parse its section (errors name the key), then run it with its outbox.
    if let Some(section) = &config.discord {
        let discord_config =
            discord::DiscordConfig::from_table(section).map_err(anyhow::Error::msg)?;
        let (service, rx) = (service.clone(), outbox(discord::PLATFORM));
        tasks.spawn(async move { discord::run(discord_config, service, rx).await });
    }
    if let Some(section) = &config.matrix {
        let settings = matrix::MatrixConfig::from_table(section, |key| std::env::var(key).ok())
            .map_err(anyhow::Error::msg)?;
        tasks.spawn(matrix::run(
            settings,
            service.clone(),
            outbox(matrix::PLATFORM),
        ));
    }
    anyhow::ensure!(
        !tasks.is_empty(),
        "no adapter is configured: add a [discord] or [matrix] section (see config.example.toml), or use `jungle play`"
    );
    let ticker = service.clone();
    tasks.spawn(async move {
        let mut every = tokio::time::interval(TICK);
        loop {
            every.tick().await;
            for o in ticker.tick().await {
                match outboxes.get(o.place.platform.as_str()) {
                    Some(tx) => {
                        if tx.send(o).await.is_err() {
                            tracing::warn!("an adapter stopped taking messages");
                        }
                    }
                    None => tracing::warn!(platform = %o.place.platform, "no adapter runs for this platform"),
                }
            }
        }
    });
    tokio::select! {
        done = tasks.join_next() => match done {
            Some(Ok(Ok(()))) | None => Ok(()),
            Some(Ok(Err(e))) => Err(e),
            Some(Err(e)) => Err(e).context("an adapter task failed"),
        },
        _ = tokio::signal::ctrl_c() => {
            tracing::info!("stopping");
            Ok(())
        }
    }
}
