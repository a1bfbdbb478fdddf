//! The `jungle` command line: one subcommand per job. `main.rs` only parses and calls [`run`].

mod bench;
mod engine_cmds;
mod render_cmds;

pub use render_cmds::{RenderArgs, ReplayArgs};

use clap::{Parser, Subcommand};

use crate::engine::Position;

#[derive(Debug, Parser)]
#[command(
    name = "jungle",
    version,
    about = "Dou Shou Qi (Jungle) bot, engine and tools"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal-move tree to a depth.
    Perft {
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long)]
        position: Option<String>,
        /// Print the count below each root move first.
        #[arg(long)]
        divide: bool,
    },
    /// Print every legal move, one per line, sorted.
    Moves {
        #[arg(long)]
        position: Option<String>,
    },
    /// Print benchmark figures as `name: value unit`.
    Bench {
        /// Smaller workloads (for smoke tests); the figures are then not comparable.
        #[arg(long)]
        quick: bool,
    },
    /// Draw a position as a PNG board image.
    Render(RenderArgs),
    /// Draw a game as an animated GIF, one frame per half-move.
    Replay(ReplayArgs),
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Perft {
            depth,
            position,
            divide,
        } => engine_cmds::perft(depth, position.as_deref(), divide),
        Command::Moves { position } => engine_cmds::moves(position.as_deref()),
        Command::Bench { quick } => bench::run(quick),
        Command::Render(args) => render_cmds::render(&args),
        Command::Replay(args) => render_cmds::replay(&args),
    }
}

/// Parses `--position`, defaulting to the start position.
pub(crate) fn position_arg(text: Option<&str>) -> anyhow::Result<Position> {
    match text {
        None => Ok(Position::start()),
        Some(t) => t
            .parse()
            .map_err(|e| anyhow::anyhow!("invalid --position: {e}")),
    }
}

/// An error and its causes on one line.
pub fn one_line(err: &anyhow::Error) -> String {
    err.chain()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}
