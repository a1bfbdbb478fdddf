//! The bot opponent: a synchronous, deterministic (for a seed) alpha-beta search with a
//! Jungle-specific evaluation, and the difficulty levels built on it. It owns no clock and
//! does no I/O: callers pass limits, stop it through [`Stop`] and hear from it through [`Report`].
//!
//! A caller with a time limit (the level's `movetime_ms`) implements [`Stop`] on its own clock:
//! `should_stop` is polled about every thousand nodes (well under a millisecond), and
//! `may_deepen`, asked before each iteration, may decline one that would not finish in time
//! (the search then returns at once). The search is CPU-bound: run it off an async runtime.
//! With only depth and node limits the result is the same on every run for the same seed.
//!
//! ```
//! use engine::Position;
//! use jungle_ai::{self as ai, Level, LevelExt, NoStop};
//!
//! let mut settings = Level::HARD.settings();
//! settings.max_depth = 3; // a time limit would be the caller's Stop
//! let mv = ai::choose_move(&Position::start(), &settings, 7, &NoStop).unwrap();
//! assert!(Position::start().is_legal(mv));
//! ```

pub mod analysis;
pub mod attacks;
pub mod control;
pub mod eval;
mod evalcache;
pub mod level;
mod order;
mod path;
mod picker;
mod quiesce;
mod rng;
mod root;
mod search;
pub mod tables;
mod tt;
pub mod tune;
pub mod weights;

pub use engine::score;

pub use control::{Iteration, Limits, MAX_DEPTH, NoStop, Options, Report, SearchResult, Stop};
pub use level::{Level, LevelExt, LevelSettings, ParseLevelError};
pub use score::Score;

use engine::{Move, Position};

/// The move the bot plays in `pos` at the given settings, or `None` when the game is over.
/// The move is always legal. `seed` makes the choice among near-best moves reproducible.
pub fn choose_move(
    pos: &Position,
    settings: &LevelSettings,
    seed: u64,
    stop: &dyn Stop,
) -> Option<Move> {
    choose_move_in_game(pos, &[], settings, seed, stop)
}

/// Like [`choose_move`], knowing the hashes ([`Position::hash`]) of the positions that came
/// before in the game, oldest first, so that it sees repetitions and avoids drawing when ahead.
pub fn choose_move_in_game(
    pos: &Position,
    history: &[u64],
    settings: &LevelSettings,
    seed: u64,
    stop: &dyn Stop,
) -> Option<Move> {
    search(pos, history, &settings.options(seed), stop, &mut ()).best
}

/// What a level that remembers ([`LevelSettings::remembers`]) keeps from one move of a game
/// to the next: its transposition table, so that the search of the next move starts from what
/// the last one learned about the positions ahead.
pub struct Memory {
    table: tt::Table,
    hash_mb: usize,
}

impl Memory {
    /// A table of `hash_mb` megabytes, mapped in memory now: a caller on a clock makes it
    /// before the clock starts, so the first move's time is spent searching.
    pub fn new(hash_mb: usize) -> Memory {
        let mut table = tt::Table::new(hash_mb);
        table.prefault();
        Memory { table, hash_mb }
    }

    /// The size it was made with, in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets every position, keeping the table and its pages: a memory for another game
    /// without asking the system for (and faulting in) megabytes again.
    pub fn clear(&mut self) {
        self.table.clear();
    }
}

/// Builds the tables the evaluation computes on first use, so that a process's first search
/// does not pay for them inside its thinking time.
pub fn warm_up() {
    std::sync::LazyLock::force(&tables::LEAP_DISTANCE);
    std::sync::LazyLock::force(&eval::FITTED_EVAL);
    std::sync::LazyLock::force(&eval::BASELINE_EVAL);
}

/// [`search`] starting from, and adding to, what `memory` holds. `options.hash_mb` is not
/// used: the table keeps the size it was made with.
pub fn search_remembering(
    memory: &mut Memory,
    pos: &Position,
    history: &[u64],
    options: &Options,
    stop: &dyn Stop,
    report: &mut dyn Report,
) -> SearchResult {
    let table = std::mem::replace(&mut memory.table, tt::Table::new(0));
    let mut searcher = search::Searcher::with_table(options, stop, table);
    let result = searcher.run(pos, history, report);
    memory.table = searcher.into_table();
    result
}

/// The full search: every limit and option, a report after each iteration, and the result
/// with its score and principal variation.
pub fn search(
    pos: &Position,
    history: &[u64],
    options: &Options,
    stop: &dyn Stop,
    report: &mut dyn Report,
) -> SearchResult {
    search::Searcher::new(options, stop).run(pos, history, report)
}
