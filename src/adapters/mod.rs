//! Adapters: each maps one platform's events to [`crate::chat`] calls and replies back.
//! [`run_all`] starts every adapter the config names, side by side, on one [`Service`].
//! Discord and Matrix are cargo features (both on by default); a build without one refuses a
//! config that asks for it ([`not_built`]).

pub mod console;
#[cfg(feature = "discord")]
pub use ::discord;
#[cfg(feature = "matrix")]
pub use ::matrix;
#[cfg(feature = "matrix")]
use ::matrix::lease;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::{self, JoinSet};

use anyhow::Context as _;

use crate::chat::{Clock, Outgoing, Service, Settings, SystemClock};
use crate::config::Config;
use crate::store::Store;

/// How often the timers run (challenge expiry, time-outs, owed bot moves).
const TICK: Duration = Duration::from_secs(5);

pub use crate::chat::Outbox;

/// Opens the configured database, readies the renderer and builds the service the adapters
/// share (blocking; call it off the runtime or before it starts).
pub fn open_service(config: &Config, clock: Arc<dyn Clock>) -> anyhow::Result<Service> {
    open_service_with(config, settings(config), clock)
}

/// [`open_service`] with the chat settings given.
pub fn open_service_with(
    config: &Config,
    settings: Settings,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<Service> {
    crate::chat::prepare_renderer();
    let location = config.store.location();
    let store =
        Store::connect(&location).with_context(|| format!("opening the database {location}"))?;
    Ok(Service::new(store, settings, clock))
}

/// The chat settings, with how commands are written on each platform: on Discord the
/// `/jungle` command and buttons, with typed moves only when the Message Content intent is on;
/// on Matrix the prefix and reactions that move pieces; elsewhere the prefix.
pub fn settings(config: &Config) -> Settings {
    #[cfg_attr(not(any(feature = "discord", feature = "matrix")), allow(unused_mut))]
    let mut settings = config.settings();
    #[cfg(feature = "matrix")]
    {
        let dialect = crate::chat::Dialect::prefixed(&settings.prefix)
            .reacting()
            .threaded();
        settings.set_dialect(matrix::PLATFORM, dialect);
    }
    #[cfg(feature = "discord")]
    if let Some(section) = &config.discord {
        let typed = section
            .get("message_content")
            .and_then(toml::Value::as_bool)
            .unwrap_or(false);
        settings.set_dialect(
            discord::PLATFORM,
            crate::chat::Dialect::slash(discord::commands::NAME, typed).threaded(),
        );
    }
    settings
}

/// Why a config section cannot be used by this build: its platform's cargo feature was left
/// out. `None` when the platform is built in.
pub fn not_built(section: &str) -> Option<String> {
    let missing = (section == "discord" && !cfg!(feature = "discord"))
        || (section == "matrix" && !cfg!(feature = "matrix"));
    missing.then(|| {
        format!(
            "{section}: this jungle was built without the `{section}` cargo feature; remove the [{section}] section or build with the default features"
        )
    })
}

/// Starts every configured adapter and the timers. An adapter that stops (a revoked token,
/// say) is logged and the others go on; returns on Ctrl-C, or with an error once every
/// adapter has stopped (a single adapter's own error when it was the only one).
pub async fn run_all(config: Config) -> anyhow::Result<()> {
    // The config is read whole before the database is opened (or made): a config that cannot
    // run changes nothing.
    for (name, section) in [("discord", &config.discord), ("matrix", &config.matrix)] {
        if let (Some(_), Some(why)) = (section, not_built(name)) {
            anyhow::bail!(why);
        }
    }
    anyhow::ensure!(
        config.discord.is_some() || config.matrix.is_some(),
        "no adapter is configured: add a [discord] or [matrix] section (see config.example.toml), or use `jungle play`"
    );
    // Each adapter's section, parsed (errors name the key).
    #[cfg(feature = "discord")]
    let discord_config = config
        .discord
        .as_ref()
        .map(discord::DiscordConfig::from_table)
        .transpose()
        .map_err(anyhow::Error::msg)?;
    #[cfg(feature = "matrix")]
    let matrix_config = config
        .matrix
        .as_ref()
        .map(|s| matrix::MatrixConfig::from_table(s, |key| std::env::var(key).ok()))
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let service = {
        let config = config.clone();
        tokio::task::spawn_blocking(move || open_service(&config, Arc::new(SystemClock))).await??
    };
    let mut outboxes: HashMap<&'static str, mpsc::Sender<Outgoing>> = HashMap::new();
    #[cfg_attr(not(any(feature = "discord", feature = "matrix")), allow(unused_mut))]
    let mut adapters: JoinSet<anyhow::Result<()>> = JoinSet::new();
    #[cfg_attr(not(any(feature = "discord", feature = "matrix")), allow(unused_mut))]
    let mut names: HashMap<task::Id, &'static str> = HashMap::new();
    #[cfg_attr(
        not(any(feature = "discord", feature = "matrix")),
        allow(unused_variables, unused_mut)
    )]
    let mut outbox = |platform: &'static str| {
        let (tx, rx) = mpsc::channel(256);
        outboxes.insert(platform, tx);
        rx
    };
    // Each adapter runs with its outbox.
    #[cfg(feature = "discord")]
    if let Some(discord_config) = discord_config {
        let (service, rx) = (service.clone(), outbox(discord::PLATFORM));
        let task = adapters.spawn(async move { discord::run(discord_config, service, rx).await });
        names.insert(task.id(), discord::PLATFORM);
    }
    // Leases held while the adapters run, given up when they stop.
    #[cfg(feature = "matrix")]
    let mut leases = Vec::new();
    #[cfg(feature = "matrix")]
    if let Some(settings) = matrix_config {
        // One account, one sync stream: a second process with this account refuses to start.
        let lease = lease::Held::take(
            &service,
            &settings.lease_name(),
            &format!("the Matrix account {}", settings.user_id),
        )
        .await?;
        let lost = lease.lost();
        leases.push(lease);
        let run = matrix::run(settings, service.clone(), outbox(matrix::PLATFORM));
        let task = adapters.spawn(async move {
            tokio::select! {
                result = run => result,
                e = lost => Err(e),
            }
        });
        names.insert(task.id(), matrix::PLATFORM);
    }
    if config.metrics.is_some() {
        crate::metrics::recorder()?;
    }
    for platform in names.values() {
        crate::metrics::expect_adapter(platform);
    }
    anyhow::ensure!(
        !adapters.is_empty(),
        "no adapter is configured: add a [discord] or [matrix] section (see config.example.toml), or use `jungle play`"
    );
    // `/metrics` and `/healthz`, when configured. Failing to listen stops the bot: an operator
    // who asked for them should not find them silently missing.
    let mut servers = JoinSet::new();
    if let Some(listen) = config.metrics {
        let pinger = service.clone();
        let ping: crate::metrics::Ping = Arc::new(move || {
            let s = pinger.clone();
            Box::pin(async move { s.ping().await })
        });
        servers.spawn(crate::metrics::serve(listen, ping));
    }
    let ticker = service.clone();
    // The timers handle the platforms this process runs: what they do is posted here.
    let served: Vec<String> = outboxes.keys().map(|p| p.to_string()).collect();
    // A set of one, so that the timers stop when this returns.
    let mut timers = JoinSet::new();
    timers.spawn(async move {
        let mut every = tokio::time::interval(TICK);
        loop {
            every.tick().await;
            for o in ticker.tick_for(Some(served.clone())).await {
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
    let result = tokio::select! {
        result = until_all_stopped(&mut adapters, &names) => result,
        Some(done) = servers.join_next() => match done {
            Ok(result) => result.and(Err(anyhow::anyhow!("the metrics server stopped"))),
            Err(e) => Err(anyhow::Error::new(e).context("the metrics server failed")),
        },
        _ = tokio::signal::ctrl_c() => {
            tracing::info!("stopping");
            Ok(())
        }
    };
    // The adapters stop before their leases are given up, so that a process taking a lease
    // over never overlaps with this one.
    adapters.shutdown().await;
    #[cfg(feature = "matrix")]
    for lease in leases {
        lease.release().await;
    }
    result
}

/// Waits until every adapter has stopped, logging each one as it stops (its error, which
/// never holds a secret: the configs keep tokens out of `Debug` and errors).
async fn until_all_stopped(
    adapters: &mut JoinSet<anyhow::Result<()>>,
    names: &HashMap<task::Id, &'static str>,
) -> anyhow::Result<()> {
    let count = adapters.len();
    let mut stopped = Vec::new();
    while let Some(done) = adapters.join_next_with_id().await {
        let (id, result) = match done {
            Ok((id, result)) => (id, result),
            Err(e) => (
                e.id(),
                Err(anyhow::Error::new(e).context("the adapter's task failed")),
            ),
        };
        let name = names.get(&id).copied().unwrap_or("an adapter");
        let running = adapters.len();
        match &result {
            Ok(()) => tracing::warn!(adapter = name, running, "an adapter stopped"),
            Err(e) => tracing::error!(
                adapter = name,
                running,
                error = format!("{e:#}"),
                "an adapter stopped with an error"
            ),
        }
        stopped.push((name, result));
    }
    if count == 1 {
        return stopped.pop().map_or(Ok(()), |(_, result)| result);
    }
    let errors: Vec<String> = stopped
        .iter()
        .filter_map(|(name, result)| result.as_ref().err().map(|e| format!("{name}: {e:#}")))
        .collect();
    anyhow::ensure!(
        errors.is_empty(),
        "every adapter has stopped ({})",
        errors.join("; ")
    );
    Ok(())
}
