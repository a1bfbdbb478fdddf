//! Metrics and health for operators: with `[metrics] listen = "127.0.0.1:9464"`, `/metrics`
//! serves Prometheus text and `/healthz` says whether every configured adapter is connected and
//! the database answers. The code that counts uses the `metrics` facade (like `tracing`: a
//! no-op until [`serve`] installs the Prometheus recorder); the names are here, in one place.

use std::collections::BTreeMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::Context as _;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::sync::lock;

/// Commands handled, by platform.
pub const COMMANDS: &str = "jungle_commands_total";
/// How long a command took, to the reply (the bot's answer included; an analysis is timed on
/// its own), in seconds.
pub const COMMAND_SECONDS: &str = "jungle_command_seconds";
/// Moves committed (players' and the bot's).
pub const MOVES: &str = "jungle_moves_total";
/// Games in the database, by status (active, finished, aborted), as of the last timer pass.
pub const GAMES: &str = "jungle_games";
/// The bot's search time per move, in seconds.
pub const BOT_SEARCH_SECONDS: &str = "jungle_bot_search_seconds";
/// How long one game's analysis took (searching only), in seconds.
pub const ANALYSIS_SECONDS: &str = "jungle_analysis_seconds";
/// Replies the platform did not take, by platform.
pub const REPLIES_FAILED: &str = "jungle_replies_failed_total";
/// 1 while an adapter is connected, by platform.
pub const ADAPTER_CONNECTED: &str = "jungle_adapter_connected";

/// Whether each configured adapter is connected now.
fn adapters() -> &'static Mutex<BTreeMap<&'static str, bool>> {
    static ADAPTERS: OnceLock<Mutex<BTreeMap<&'static str, bool>>> = OnceLock::new();
    ADAPTERS.get_or_init(Default::default)
}

/// Says that an adapter runs in this process (not connected yet): `/healthz` waits for it.
pub fn expect_adapter(platform: &'static str) {
    lock(adapters()).insert(platform, false);
    metrics::gauge!(ADAPTER_CONNECTED, "platform" => platform).set(0.0);
}

/// An adapter's connection came up or went down.
pub fn connected(platform: &'static str, up: bool) {
    lock(adapters()).insert(platform, up);
    metrics::gauge!(ADAPTER_CONNECTED, "platform" => platform).set(if up { 1.0 } else { 0.0 });
}

/// A reply the platform refused or that could not be sent.
pub fn reply_failed(platform: &'static str) {
    metrics::counter!(REPLIES_FAILED, "platform" => platform).increment(1);
}

/// Installs the Prometheus recorder (histograms with buckets, so Prometheus can aggregate
/// them); later calls return the one installed. Call it before anything is counted.
pub fn recorder() -> anyhow::Result<PrometheusHandle> {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    if let Some(h) = HANDLE.get() {
        return Ok(h.clone());
    }
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(
            Matcher::Suffix("_seconds".into()),
            &[
                0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
            ],
        )
        .context("setting the histogram buckets")?
        .install_recorder()
        .context("installing the metrics recorder")?;
    Ok(HANDLE.get_or_init(|| handle).clone())
}

/// Asks the database a trivial question; `Err` says why it did not answer.
pub type Ping =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync>;

#[derive(Clone)]
struct Shared {
    handle: PrometheusHandle,
    ping: Ping,
}

/// Serves `/metrics` and `/healthz` on `listen` until the process ends; `ping` checks the
/// database for `/healthz`.
pub async fn serve(listen: SocketAddr, ping: Ping) -> anyhow::Result<()> {
    let handle = recorder()?;
    if !listen.ip().is_loopback() {
        tracing::warn!(%listen, "metrics are served on a non-loopback address: keep it behind a firewall");
    }
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("listening for metrics on {listen}"))?;
    tracing::info!(%listen, "serving /metrics and /healthz");
    let app = Router::new()
        .route("/metrics", get(metrics_text))
        .route("/healthz", get(healthz))
        .with_state(Shared { handle, ping });
    axum::serve(listener, app).await.context("serving metrics")
}

async fn metrics_text(State(s): State<Shared>) -> String {
    s.handle.render()
}

/// 200 `ok` while every configured adapter is connected and the database answers; otherwise
/// 503 with one line per problem.
async fn healthz(State(s): State<Shared>) -> (StatusCode, String) {
    let database = (s.ping)().await;
    let adapters = lock(adapters()).clone();
    health(&adapters, database)
}

/// The answer to `/healthz` from the adapters' states and the database's.
fn health(
    adapters: &BTreeMap<&'static str, bool>,
    database: Result<(), String>,
) -> (StatusCode, String) {
    let mut problems: Vec<String> = adapters
        .iter()
        .filter(|(_, up)| !**up)
        .map(|(platform, _)| format!("{platform}: not connected"))
        .collect();
    if let Err(e) = database {
        problems.push(format!("database: {e}"));
    }
    if problems.is_empty() {
        (StatusCode::OK, "ok\n".into())
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, problems.join("\n") + "\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn healthy_only_when_every_adapter_is_up_and_the_database_answers() {
        let mut a = BTreeMap::from([("discord", true), ("matrix", true)]);
        assert_eq!(health(&a, Ok(())), (StatusCode::OK, "ok\n".into()));
        a.insert("matrix", false);
        assert_eq!(
            health(&a, Err("disk I/O error".into())),
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "matrix: not connected\ndatabase: disk I/O error\n".into()
            )
        );
    }
}
