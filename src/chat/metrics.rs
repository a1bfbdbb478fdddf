//! Metrics and health for operators: with `[metrics] listen = "127.0.0.1:9464"`, `/metrics`
//! serves Prometheus text and `/healthz` says whether every configured adapter is connected and
//! the database answers. The code that counts uses the `metrics` facade (like `tracing`: a
//! no-op until [`serve`] installs the Prometheus recorder); the names are here, in one place.
//! The server holds at most [`MAX_CONNECTIONS`] connections, each for at most
//! [`HEADER_READ`] while it sends nothing: idle and half-sent connections cannot pile up until
//! the process runs out of files, and `/healthz` answers again within that time.

use std::collections::BTreeMap;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

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
/// Requests the platform answered with 429 (too many requests), by platform; each was waited
/// out before the one retry.
pub const RATE_LIMITED: &str = "jungle_rate_limited_total";
/// 1 while an adapter is connected, by platform.
pub const ADAPTER_CONNECTED: &str = "jungle_adapter_connected";
/// Connections to the metrics server closed unserved: [`MAX_CONNECTIONS`] were open.
pub const METRICS_REFUSED: &str = "jungle_metrics_connections_refused_total";

/// Connections the metrics server serves at once (a scraper needs one; `curl` another).
pub const MAX_CONNECTIONS: usize = 64;
/// How long a connection may take to send a request's headers, also while it waits idle for
/// its next request (hyper's header read timeout starts when a request is awaited).
pub const HEADER_READ: Duration = Duration::from_secs(2);

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

/// A request the platform refused for its rate limit.
pub fn rate_limited(platform: &'static str) {
    metrics::counter!(RATE_LIMITED, "platform" => platform).increment(1);
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
    if !listen.ip().is_loopback() {
        tracing::warn!(%listen, "metrics are served on a non-loopback address: keep it behind a firewall");
    }
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("listening for metrics on {listen}"))?;
    tracing::info!(%listen, "serving /metrics and /healthz");
    serve_on(listener, ping).await
}

/// Serves on a bound listener: each connection by hyper with its header read timeout, at
/// most [`MAX_CONNECTIONS`] at once; one more is closed at once and counted.
pub async fn serve_on(listener: tokio::net::TcpListener, ping: Ping) -> anyhow::Result<()> {
    let handle = recorder()?;
    let app = Router::new()
        .route("/metrics", get(metrics_text))
        .route("/healthz", get(healthz))
        .with_state(Shared { handle, ping });
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of files, most likely: wait for connections to end.
                tracing::warn!(error = %e, "cannot accept a metrics connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            metrics::counter!(METRICS_REFUSED).increment(1);
            drop(stream);
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _slot = slot;
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_READ)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "a metrics connection ended");
            }
        });
    }
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

    /// `GET path` on a new connection: the status line, or why there was none.
    async fn get(addr: SocketAddr, path: &str) -> Result<String, String> {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let mut c = tokio::net::TcpStream::connect(addr)
            .await
            .map_err(|e| e.to_string())?;
        let request = format!("GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
        c.write_all(request.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        let mut answer = String::new();
        c.read_to_string(&mut answer)
            .await
            .map_err(|e| e.to_string())?;
        answer
            .lines()
            .next()
            .filter(|l| l.starts_with("HTTP/1.1"))
            .map(str::to_string)
            .ok_or_else(|| "closed unanswered".to_string())
    }

    /// 500 connections that send nothing (and one that sends half a request) do not keep
    /// `/healthz` from answering: the extra ones are refused and counted, the held ones time
    /// out. The deadline is generous: it is about liveness, not speed.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn idle_connections_do_not_starve_healthz() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let ping: Ping = Arc::new(|| Box::pin(async { Ok(()) }));
        tokio::spawn(serve_on(listener, ping));
        assert_eq!(
            get(addr, "/healthz").await.as_deref(),
            Ok("HTTP/1.1 200 OK")
        );
        let mut held = Vec::new();
        for _ in 0..500 {
            held.push(tokio::net::TcpStream::connect(addr).await.unwrap());
        }
        let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
        tokio::io::AsyncWriteExt::write_all(&mut half, b"GET /healthz HTTP/1.1\r\nhost")
            .await
            .unwrap();
        let answered = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                match get(addr, "/healthz").await {
                    Ok(status) => return status,
                    Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
                }
            }
        })
        .await
        .expect("/healthz answers while 500 idle connections are held");
        assert_eq!(answered, "HTTP/1.1 200 OK");
        let text = recorder().unwrap().render();
        let refused = text
            .lines()
            .find_map(|l| l.strip_prefix(METRICS_REFUSED)?.trim().parse::<f64>().ok())
            .unwrap_or(0.0);
        assert!(refused >= (500 - MAX_CONNECTIONS) as f64, "{text}");
        // The server closed the held connections, the half-sent one among them.
        let mut first = held.swap_remove(0);
        for stream in [&mut half, &mut first] {
            let mut buf = [0u8; 64];
            let read = tokio::time::timeout(
                Duration::from_secs(20),
                tokio::io::AsyncReadExt::read(stream, &mut buf),
            )
            .await
            .expect("the server closes an idle connection");
            assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
        }
    }
}
