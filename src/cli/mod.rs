//! The `jungle` command line: one subcommand per job. `main.rs` only parses and calls [`run`].

mod bench;
pub mod bestmove;
mod engine_cmds;
mod selfplay;

use clap::{Parser, Subcommand};

use crate::ai::Level;
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
    /// Search a position and print the best move (last line) after `info` lines.
    Bestmove {
        #[arg(long)]
        position: Option<String>,
        /// Thinking time in milliseconds (default: the level's, 1000 for hard).
        #[arg(long)]
        movetime: Option<u64>,
        /// Search to this depth (without a time limit unless --movetime or --level is given).
        #[arg(long)]
        depth: Option<u32>,
        /// Stop after about this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// easy, medium or hard (default hard).
        #[arg(long)]
        level: Option<Level>,
        /// Seed for the levels' choice among near-best moves.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Transposition table size in megabytes (default: the level's).
        #[arg(long)]
        hash: Option<usize>,
    },
    /// Play two levels against each other and print W/D/L, score and Elo difference.
    Selfplay {
        #[arg(long)]
        a: Level,
        #[arg(long)]
        b: Level,
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Thinking time per move for both (default: each level's own).
        #[arg(long)]
        movetime: Option<u64>,
        /// Games played at the same time.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies before the engines take over (each opening is played twice, colours swapped).
        #[arg(long, default_value_t = 4)]
        opening_plies: usize,
        /// Print the moves of every game.
        #[arg(long)]
        moves: bool,
    },
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
        Command::Bestmove {
            position,
            movetime,
            depth,
            nodes,
            level,
            seed,
            hash,
        } => bestmove::run(&bestmove::Args {
            position: position.as_deref(),
            level,
            movetime,
            depth,
            nodes,
            seed,
            hash,
        }),
        Command::Selfplay {
            a,
            b,
            games,
            movetime,
            threads,
            seed,
            opening_plies,
            moves,
        } => selfplay::run(&selfplay::Args {
            a,
            b,
            games,
            movetime,
            threads,
            seed,
            opening_plies,
            show_moves: moves,
        }),
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
