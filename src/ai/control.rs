//! How a caller drives a search: limits, the stop trait it polls, the report trait it
//! calls after each completed iteration, and what it hands back. The search reads no clock:
//! a caller with a time limit implements [`Stop`] with its own clock.

use std::sync::atomic::{AtomicBool, Ordering};

use engine::Move;

use super::eval::{Eval, FITTED_EVAL};
use super::score::Score;

/// Polled by the search, every thousand nodes or so.
pub trait Stop {
    /// True aborts the search at once; the best move of the last completed iteration is returned.
    fn should_stop(&self) -> bool;

    /// Asked before each new iteration. A caller with a clock can say no when too little time
    /// is left for another iteration to finish (it usually takes a few times the previous one).
    fn may_deepen(&self) -> bool {
        !self.should_stop()
    }
}

/// Never stops: the search ends on its depth or node limit.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStop;

impl Stop for NoStop {
    fn should_stop(&self) -> bool {
        false
    }
}

/// A flag another thread sets.
impl Stop for AtomicBool {
    fn should_stop(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// Called after every completed iteration of iterative deepening.
pub trait Report {
    fn iteration(&mut self, info: &Iteration);
}

/// Reports nothing.
impl Report for () {
    fn iteration(&mut self, _: &Iteration) {}
}

/// Limits the search itself enforces (a time limit is the caller's, through [`Stop`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Nodes (including quiescence nodes) after which the search stops; deterministic.
    pub nodes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: MAX_DEPTH,
            nodes: None,
        }
    }
}

/// The deepest iteration the search ever starts.
pub const MAX_DEPTH: u32 = 64;

/// Everything that shapes one search besides the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub limits: Limits,
    /// Root moves whose score is within this margin of the best may be chosen instead
    /// (weighted toward the best, by the seeded generator). 0 plays the best move.
    pub randomness: i32,
    /// How much worse than even a draw is for the side to move at the root (it then avoids
    /// repetitions and the no-capture draw unless clearly behind). 0: a draw is even.
    pub contempt: i32,
    /// Size of the transposition table in megabytes.
    pub hash_mb: usize,
    pub seed: u64,
    /// The evaluation the search scores positions with.
    pub eval: &'static Eval,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            randomness: 0,
            contempt: 0,
            hash_mb: 16,
            seed: 0,
            eval: &FITTED_EVAL,
        }
    }
}

/// The state of the search after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub score: Score,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Move>,
    /// The last completed iteration (depth 0 and an empty line when the game is over).
    pub last: Iteration,
}
