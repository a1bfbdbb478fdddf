//! The bot's eight levels: how deep and how long each thinks, and how much it varies its choice
//! among near-best moves. The weak levels see only a few plies (they miss a threat that takes
//! longer to land, as people do) and never play a move far worse than their best; levels 5 to 7
//! search a fixed number of nodes; level 8 uses its whole thinking time and remembers what it
//! learned across the moves of a game. Three levels keep the old names: 2 is `easy`, 4 is
//! `medium` and 6 is `hard`.

pub use engine::level::{Level, ParseLevelError};

use super::control::{Limits, MAX_DEPTH, Options};
use super::eval::{BASELINE_EVAL, Eval, FITTED_EVAL};

/// What a level means. The search enforces `max_depth` and `max_nodes`; `movetime_ms` is
/// the caller's to enforce through [`super::Stop`] (the search reads no clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Thinking time per move: the whole budget of a level without a node limit, a safety
    /// cap for the others.
    pub movetime_ms: u64,
    /// Deepest iteration, in plies.
    pub max_depth: u32,
    /// Node budget per move, if any (deterministic, unlike time).
    pub max_nodes: Option<u64>,
    /// Moves within this many centi-rats of the best may be played instead (0: always the best).
    pub randomness: i32,
    /// How much a draw is worth less than an even position to the bot (it plays on).
    pub contempt: i32,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// The transposition table is kept from one move of a game to the next.
    pub remembers: bool,
    /// The evaluation: the fitted weights for level 8, the hand-set ones (on which their
    /// measured ratings rest) below it.
    pub eval: &'static Eval,
}

/// What each level does: [`Level`] itself is the engine crate's vocabulary.
pub trait LevelExt {
    /// The default settings of the level.
    fn settings(self) -> LevelSettings;
}

impl LevelExt for Level {
    fn settings(self) -> LevelSettings {
        // (depth, nodes, randomness, contempt, hash)
        let (max_depth, max_nodes, randomness, contempt, hash_mb) = match self.number() {
            1 => (1, None, 60, 0, 1),
            2 => (2, None, 40, 0, 1),
            3 => (3, None, 25, 0, 1),
            4 => (4, None, 12, 0, 2),
            5 => (6, Some(20_000), 0, 20, 2),
            6 => (MAX_DEPTH, Some(80_000), 0, 40, 4),
            7 => (MAX_DEPTH, Some(300_000), 0, 40, 8),
            _ => (MAX_DEPTH, None, 0, 40, 32),
        };
        let last = self == Level::STRONGEST;
        LevelSettings {
            movetime_ms: if last { 200 } else { 1000 },
            max_depth,
            max_nodes,
            randomness,
            contempt,
            hash_mb,
            remembers: last,
            eval: if last { &FITTED_EVAL } else { &BASELINE_EVAL },
        }
    }
}

impl LevelSettings {
    /// The search options for one move; `seed` picks among near-best moves.
    pub fn options(&self, seed: u64) -> Options {
        Options {
            limits: Limits {
                depth: self.max_depth.clamp(1, MAX_DEPTH),
                nodes: self.max_nodes,
            },
            randomness: self.randomness.max(0),
            contempt: self.contempt,
            hash_mb: self.hash_mb.max(1),
            seed,
            eval: self.eval,
        }
    }
}

impl Default for LevelSettings {
    fn default() -> Self {
        Level::HARD.settings()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each level searches at least as much as the one below and varies its choice no more;
    /// only the strongest keeps its table across moves.
    #[test]
    fn levels_grow() {
        let reach = |s: &LevelSettings| (s.max_depth, s.max_nodes.unwrap_or(u64::MAX));
        for pair in Level::ALL.windows(2) {
            let (a, b) = (pair[0].settings(), pair[1].settings());
            assert!(reach(&a) < reach(&b), "{} {}", pair[0], pair[1]);
            assert!(a.randomness >= b.randomness, "{}", pair[1]);
            assert!(a.hash_mb <= b.hash_mb, "{}", pair[1]);
        }
        let remembering: Vec<Level> = Level::ALL
            .into_iter()
            .filter(|l| l.settings().remembers)
            .collect();
        assert_eq!(remembering, [Level::STRONGEST]);
    }
}
