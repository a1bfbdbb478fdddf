//! `jungle play` and `jungle console`: the console adapter's two modes.

use std::path::PathBuf;

use anyhow::Context as _;

use crate::adapters::console::{self, ConsoleOptions};
use crate::chat::{Level, SideChoice};
use crate::config::Config;

/// Loads `--config` (or the defaults) and applies `--db`.
pub fn load_config(config: Option<&PathBuf>, db: Option<PathBuf>) -> anyhow::Result<Config> {
    let mut c = match config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    if let Some(db) = db {
        c.store.database = Some(db);
    }
    Ok(c)
}

fn options(config: Config, images: Option<PathBuf>, text_board: bool) -> ConsoleOptions {
    let image_dir =
        images.unwrap_or_else(|| console::default_image_dir(&config.store.database_path()));
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

pub fn play(
    config: Config,
    images: Option<PathBuf>,
    level: Level,
    side: SideChoice,
) -> anyhow::Result<()> {
    let opts = options(config, images, true);
    runtime()?.block_on(console::run_play(opts, level, side))
}

pub fn console(
    config: Config,
    images: Option<PathBuf>,
    text_board: bool,
    test_clock: bool,
) -> anyhow::Result<()> {
    let opts = options(config, images, text_board);
    runtime()?.block_on(console::run_console(opts, test_clock))
}

/// `jungle run`: every configured adapter, with logs on stderr (`RUST_LOG` filters them).
pub fn run(config: Config) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    runtime()?.block_on(crate::adapters::run_all(config))
}
