//! Difficulty levels: how long and how deep the bot thinks, and how much it varies its choice
//! among near-best moves. Lower levels are weaker by design, never by playing nonsense.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::control::{Limits, MAX_DEPTH, Options};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

/// What a level means. The search enforces `max_depth` and `max_nodes`; `movetime_ms` is
/// the caller's to enforce through [`super::Stop`] (the search reads no clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Thinking time per move.
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
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The default settings of the level.
    pub const fn settings(self) -> LevelSettings {
        match self {
            Level::Easy => LevelSettings {
                movetime_ms: 300,
                max_depth: 2,
                max_nodes: None,
                randomness: 120,
                contempt: 0,
                hash_mb: 1,
            },
            Level::Medium => LevelSettings {
                movetime_ms: 500,
                max_depth: 4,
                max_nodes: None,
                randomness: 40,
                contempt: 0,
                hash_mb: 4,
            },
            Level::Hard => LevelSettings {
                movetime_ms: 1000,
                max_depth: MAX_DEPTH,
                max_nodes: None,
                randomness: 0,
                contempt: 40,
                hash_mb: 8,
            },
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
        }
    }
}

impl Default for LevelSettings {
    fn default() -> Self {
        Level::Hard.settings()
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a level: choose easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// `easy`, `medium`, `hard`, in any case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let t = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_levels_grow() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert_eq!(" HARD ".parse::<Level>(), Ok(Level::Hard));
        assert!(
            "expert"
                .parse::<Level>()
                .unwrap_err()
                .to_string()
                .contains("easy, medium or hard")
        );
        assert_eq!(Level::Hard.settings().movetime_ms, 1000);
        let (e, m, h) = (
            Level::Easy.settings(),
            Level::Medium.settings(),
            Level::Hard.settings(),
        );
        assert!(e.max_depth < m.max_depth && m.max_depth < h.max_depth);
        assert!(e.randomness > m.randomness && m.randomness > h.randomness);
    }
}
