//! The `jungle` command line: one subcommand per job. `main.rs` only parses and calls [`run`].

mod analyze;
mod backup;
mod bench;
mod bench_chat;
mod bench_load;
pub mod bestmove;
mod chat_cmds;
pub mod check;
mod engine_cmds;
mod logs;
mod render_cmds;
mod selfplay;
mod tune;

pub use render_cmds::{RenderArgs, ReplayArgs};

use std::path::PathBuf;

use clap::builder::RangedU64ValueParser;
use clap::{Parser, Subcommand, ValueEnum};

use crate::ai::{self, Level};
use crate::config::Config;
use crate::engine::Position;
use crate::lang::Lang;

// Bounds of the numeric options: beyond them a command would not finish in any useful time, or
// would ask for more memory than a machine has. Clap checks them, so a run never starts with
// a value outside.
/// `perft`'s deepest depth: about 10^13 leaves from the start, hours of counting.
const MAX_PERFT_DEPTH: i64 = 10;
/// `bestmove --hash`: the largest transposition table, in megabytes.
const MAX_HASH_MB: u64 = 1024;
/// `--movetime`: an hour per move at most.
const MAX_MOVETIME_MS: u64 = 3_600_000;
/// `selfplay --games`.
const MAX_GAMES: u64 = 100_000;
/// `selfplay --threads`.
const MAX_THREADS: u64 = 256;
/// `selfplay --opening-plies`: every game ends long before (100 half-moves without a capture).
const MAX_OPENING_PLIES: u64 = 200;
/// `replay --delay`: the longest a GIF frame can show (655.35 s, in hundredths of a second).
pub(crate) const MAX_FRAME_DELAY_MS: i64 = 655_350;

fn movetime_ms() -> RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS)
}

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
        /// 0 to 10 (depth 10 from the start is about 10^13 leaves, hours of counting).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH))]
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
    /// Play the bot in this terminal (resumes your unfinished game).
    Play {
        /// 1 to 8, or easy (2), medium (4), hard (6).
        #[arg(long, default_value = "medium")]
        level: Level,
        #[arg(long, value_enum, default_value_t = SideArg::Jade)]
        side: SideArg,
        /// An unrated game, in which takebacks are granted at once.
        #[arg(long)]
        casual: bool,
        /// The language to speak, en, zh-CN or zh-TW, kept for later games (as `lang` at the
        /// prompt does); without it, the one chosen before, or English.
        #[arg(long, value_parser = render_cmds::parse_lang)]
        lang: Option<Lang>,
        #[command(flatten)]
        common: ChatArgs,
    },
    /// A scripted chat channel: each stdin line is `name: text` (`/channel NAME` moves to another
    /// channel); replies go to stdout.
    Console {
        /// Print the text board under replies that show a board.
        #[arg(long)]
        text_board: bool,
        /// Start a fake clock that `/advance 16m` lines move (tests and demos).
        #[arg(long)]
        test_clock: bool,
        #[command(flatten)]
        common: ChatArgs,
    },
    /// Run the bot on every platform configured in the config file (Discord, Matrix).
    Run {
        #[arg(long)]
        config: PathBuf,
    },
    /// Check a config file: say what each section will do, and try the database, the Discord
    /// token and the Matrix login without changing anything (status 1 when a problem is found).
    Check {
        #[arg(long)]
        config: PathBuf,
    },
    /// Copy the database consistently, also while the bot runs, to a file only you can read.
    Backup {
        /// The database (default: the config's, or the default place).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Take the database's path from this config file.
        #[arg(long, conflicts_with = "db")]
        config: Option<PathBuf>,
        /// The backup file to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// Replace the backup file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Print benchmark figures as `name: value unit`.
    Bench {
        /// Smaller workloads (for smoke tests); the figures are then not comparable.
        #[arg(long)]
        quick: bool,
        /// Only the chat figures, on this database (a file or `postgresql://...`): one process,
        /// two processes at once, and one player's move latency beside a busy process.
        #[arg(long)]
        db: Option<PathBuf>,
        /// One worker process of `--db` (started by it).
        #[arg(long, hide = true, conflicts_with = "db")]
        worker: Option<String>,
        /// The reply time of human moves while many play at once: 10,000 quiet games, 200
        /// channels of two humans moving as fast as answered, 20 games against level 8, for
        /// 30 s; on a new SQLite file, or with --db on that database from one process and
        /// from two.
        #[arg(long)]
        load: bool,
    },
    /// Search a position and print the best move (last line) after `info` lines.
    Bestmove {
        #[arg(long)]
        position: Option<String>,
        /// Thinking time in milliseconds, 1 to 3600000 (default: the level's with --level,
        /// else 1000).
        #[arg(long, value_parser = movetime_ms())]
        movetime: Option<u64>,
        /// Search to this depth, 1 to 64 (without a time limit unless --movetime or --level
        /// is given).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(ai::MAX_DEPTH)))]
        depth: Option<u32>,
        /// Stop after about this many nodes (at least 1).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// 1 to 8, or easy, medium, hard (default 8).
        #[arg(long)]
        level: Option<Level>,
        /// Seed for the levels' choice among near-best moves.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Transposition table size in megabytes, 1 to 1024 (default: the level's).
        #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_HASH_MB))]
        hash: Option<usize>,
    },
    /// Play two levels (or a level and a random mover) against each other and print W/D/L,
    /// score and Elo difference; or play the ladder of all levels.
    Selfplay {
        /// A level (1 to 8, easy, medium, hard) or `random`.
        #[arg(long, required_unless_present = "ladder", requires = "b")]
        a: Option<selfplay::Player>,
        /// A level or `random`.
        #[arg(long, required_unless_present = "ladder", requires = "a")]
        b: Option<selfplay::Player>,
        /// Play every neighbouring pair (random against 1, 1 against 2, … 7 against 8),
        /// `--games` each, and print each level's rating (level 4 = 1200).
        #[arg(long, conflicts_with_all = ["a", "b"])]
        ladder: bool,
        /// Games to play, 1 to 100000.
        #[arg(long, default_value_t = 100, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_GAMES))]
        games: usize,
        /// Thinking time per move for both in milliseconds, 1 to 3600000 (default: each
        /// level's own).
        #[arg(long, value_parser = movetime_ms())]
        movetime: Option<u64>,
        /// Games played at the same time, 1 to 256.
        #[arg(long, default_value_t = 1, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS))]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies before the engines take over (each opening is played twice, colours
        /// swapped), 0 to 200.
        #[arg(long, default_value_t = 4, value_parser = RangedU64ValueParser::<usize>::new().range(0..=MAX_OPENING_PLIES))]
        opening_plies: usize,
        /// Print the moves of every game.
        #[arg(long)]
        moves: bool,
        /// A weight table (as `jungle tune` writes) that player a evaluates with instead of
        /// its level's own.
        #[arg(long, value_name = "FILE", conflicts_with = "ladder")]
        a_weights: Option<PathBuf>,
        /// The same for player b.
        #[arg(long, value_name = "FILE", conflicts_with = "ladder")]
        b_weights: Option<PathBuf>,
    },
    /// Judge every move of a game: one line per half-move (`ply move score best tag`), then
    /// each player's accuracy; `-o` writes the evaluation graph as a PNG.
    Analyze(analyze::AnalyzeArgs),
    /// Draw a position as a PNG board image.
    Render(RenderArgs),
    /// Draw a game as an animated GIF, one frame per half-move.
    Replay(ReplayArgs),
    /// Fit the evaluation's weights to self-play games and write them as a table (a
    /// developer's tool; see "Tuning the evaluation" in the README).
    Tune(tune::TuneArgs),
}

/// Options of the commands that run the chat service.
#[derive(Debug, clap::Args)]
pub struct ChatArgs {
    /// The configuration file (TOML); without it, defaults apply.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// The SQLite database file (overrides the config).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Where board images are written (default: `boards/` beside the database).
    #[arg(long)]
    pub images: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SideArg {
    Jade,
    Crimson,
    Random,
}

impl From<SideArg> for crate::chat::SideChoice {
    fn from(side: SideArg) -> Self {
        match side {
            SideArg::Jade => Self::Jade,
            SideArg::Crimson => Self::Crimson,
            SideArg::Random => Self::Random,
        }
    }
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
        Command::Play {
            level,
            side,
            casual,
            lang,
            common,
        } => {
            let config = chat_cmds::load_config(common.config.as_ref(), common.db)?;
            chat_cmds::play(config, common.images, level, side.into(), casual, lang)
        }
        Command::Console {
            text_board,
            test_clock,
            common,
        } => {
            let config = chat_cmds::load_config(common.config.as_ref(), common.db)?;
            chat_cmds::console(config, common.images, text_board, test_clock)
        }
        Command::Run { config } => chat_cmds::run(Config::load(&config)?),
        Command::Check { config } => check::run(&config),
        Command::Backup {
            db,
            config,
            output,
            force,
        } => {
            let config = chat_cmds::load_config(config.as_ref(), db)?;
            backup::run(&config.store.location(), &output, force)
        }
        Command::Bench {
            quick,
            worker: Some(tag),
            load,
            ..
        } => match load {
            true => bench::load_worker(&tag, quick),
            false => bench::worker(&tag, quick),
        },
        Command::Bench {
            quick,
            db,
            load: true,
            ..
        } => bench::run_load(
            db.map(|db| bench::location(&db)).transpose()?.as_ref(),
            quick,
        ),
        Command::Bench {
            quick,
            db: Some(db),
            ..
        } => bench::run_db(&bench::location(&db)?, quick),
        Command::Bench { quick, .. } => bench::run(quick),
        Command::Analyze(args) => analyze::run(&args),
        Command::Render(args) => render_cmds::render(&args),
        Command::Replay(args) => render_cmds::replay(&args),
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
            ladder,
            games,
            movetime,
            threads,
            seed,
            opening_plies,
            moves,
            a_weights,
            b_weights,
        } => selfplay::run(&selfplay::Args {
            players: a.zip(b),
            ladder,
            games,
            movetime,
            threads,
            seed,
            opening_plies,
            show_moves: moves,
            weights: [
                a_weights.as_deref().map(tune::load_eval).transpose()?,
                b_weights.as_deref().map(tune::load_eval).transpose()?,
            ],
        }),
        Command::Tune(args) => tune::run(&args),
    }
}

/// What `jungle check` returns when it found problems: they are printed already (one line
/// each), so `main` only exits with status 1.
#[derive(Debug, thiserror::Error)]
#[error("{0} problem(s) found")]
pub struct ProblemsFound(pub usize);

/// Parses `--position`, defaulting to the start position.
pub(crate) fn position_arg(text: Option<&str>) -> anyhow::Result<Position> {
    match text {
        None => Ok(Position::start()),
        Some(t) => t
            .parse()
            .map_err(|e| anyhow::anyhow!("invalid --position: {e}")),
    }
}

/// A command-line error from clap on one line: its first paragraph (the problem, and for a
/// missing argument its names), without the usage and help hints that follow.
pub fn usage_line(err: &clap::Error) -> String {
    let text = err.render().to_string();
    crate::errors::squash(text.split("\n\n").next().unwrap_or_default())
}
