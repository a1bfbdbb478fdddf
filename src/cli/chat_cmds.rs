//! `jungle play` and `jungle console`: the console adapter's two modes.

use std::path::PathBuf;

use anyhow::Context as _;

use crate::adapters::console::{self, ConsoleOptions};
use crate::chat::{Level, SideChoice};
use crate::config::Config;
use crate::lang::Lang;
use crate::store::Location;

/// Loads `--config` (or the defaults) and applies `--db`.
pub fn load_config(config: Option<&PathBuf>, db: Option<PathBuf>) -> anyhow::Result<Config> {
    let mut c = match config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    if let Some(db) = db {
        let location = Location::parse(&db).map_err(|e| anyhow::anyhow!("--db: {e}"))?;
        c.store.database = Some(location);
    }
    Ok(c)
}

fn options(config: Config, images: Option<PathBuf>, text_board: bool) -> ConsoleOptions {
    let image_dir = images.unwrap_or_else(|| match config.store.location() {
        Location::File(path) => console::default_image_dir(&path),
        // Beside where the database would be, when it is not a file.
        Location::Postgres(_) => console::default_image_dir(&crate::config::default_database()),
    });
    ConsoleOptions {
        config,
        image_dir,
        text_board,
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

/// The console modes keep stderr quiet unless `RUST_LOG` asks for logs (a filter, as for
/// `jungle run`): their stdout is the conversation.
fn logs_if_asked() {
    if let Ok(filter) = tracing_subscriber::EnvFilter::try_from_default_env() {
        super::logs::init(filter);
    }
}

pub fn play(
    config: Config,
    images: Option<PathBuf>,
    level: Level,
    side: SideChoice,
    casual: bool,
    lang: Option<Lang>,
) -> anyhow::Result<()> {
    logs_if_asked();
    let opts = options(config, images, true);
    runtime()?.block_on(console::run_play(opts, level, side, casual, lang))
}

pub fn console(
    config: Config,
    images: Option<PathBuf>,
    text_board: bool,
    test_clock: bool,
) -> anyhow::Result<()> {
    logs_if_asked();
    let opts = options(config, images, text_board);
    runtime()?.block_on(console::run_console(opts, test_clock))
}

/// The log filter when `RUST_LOG` is not set: what needs the operator. matrix-sdk logs every
/// failed request as an error, also the answers it expects (404 for a secret-storage key that
/// was never set, no encryption state in an unencrypted room), and warns about the missing
/// key backup on every message; the adapter logs the failures that matter itself.
pub const DEFAULT_LOG_FILTER: &str = "info,matrix_sdk=warn,matrix_sdk_base=warn,matrix_sdk_crypto=warn,\
     matrix_sdk::http_client=off,matrix_sdk_crypto::backups=error";

/// `jungle run`: every configured adapter, with logs on stderr (`RUST_LOG` filters them).
pub fn run(config: Config) -> anyhow::Result<()> {
    super::logs::init(
        tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER)),
    );
    runtime()?.block_on(crate::adapters::run_all(config))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::DEFAULT_LOG_FILTER;

    /// Collects what the subscriber writes.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_default_filter_keeps_what_needs_the_operator() {
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER))
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::error!(target: "matrix_sdk::http_client", "expected 404");
            tracing::warn!(target: "matrix_sdk_crypto::backups", "no backup key");
            tracing::info!(target: "matrix_sdk::sync", "sync chatter");
            tracing::error!(target: "matrix_sdk::encryption", "a real sdk error");
            tracing::info!(target: "jungle_discord", "adapter started");
            tracing::debug!(target: "jungle_chat", "debug detail");
        });
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        for hidden in [
            "expected 404",
            "no backup key",
            "sync chatter",
            "debug detail",
        ] {
            assert!(!out.contains(hidden), "{hidden} is logged:\n{out}");
        }
        for shown in ["a real sdk error", "adapter started"] {
            assert!(out.contains(shown), "{shown} is not logged:\n{out}");
        }
    }
}
