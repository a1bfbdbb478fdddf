//! The bot's eight levels: how deep and how long each thinks, and how much it varies its choice
//! among near-best moves. The weak levels see only a few plies (they miss a threat that takes
//! longer to land, as people do) and never play a move far worse than their best; levels 5 to 7
//! search a fixed number of nodes; level 8 uses its whole thinking time and remembers what it
//! learned across the moves of a game. Three levels keep the old names: 2 is `easy`, 4 is
//! `medium` and 6 is `hard`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::control::{Limits, MAX_DEPTH, Options};

/// A level from 1 (weakest) to 8 (strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

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
}

/// The old names, and the level each stands for.
const NAMED: [(&str, Level); 3] = [
    ("easy", Level::EASY),
    ("medium", Level::MEDIUM),
    ("hard", Level::HARD),
];

/// The number of each level as text, for [`Level::name`].
const NUMBERS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];

impl Level {
    pub const COUNT: usize = 8;
    pub const ALL: [Level; Level::COUNT] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];
    pub const EASY: Level = Level(2);
    pub const MEDIUM: Level = Level(4);
    pub const HARD: Level = Level(6);
    pub const STRONGEST: Level = Level(8);

    /// Level `n`, if it is one of 1 to 8.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n as usize <= Level::COUNT {
            Some(Level(n))
        } else {
            None
        }
    }

    /// 1 to 8.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// 0 to 7, for tables indexed by level.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The old name of levels 2, 4 and 6.
    pub fn word(self) -> Option<&'static str> {
        NAMED.iter().find(|(_, l)| *l == self).map(|(w, _)| *w)
    }

    /// A stable name for files and databases: the old name where there is one (so that games
    /// stored before there were eight levels read the same), else the number.
    pub fn name(self) -> &'static str {
        self.word().unwrap_or(NUMBERS[self.index()])
    }

    /// The default settings of the level.
    pub const fn settings(self) -> LevelSettings {
        // (depth, nodes, randomness, contempt, hash)
        let (max_depth, max_nodes, randomness, contempt, hash_mb) = match self.0 {
            1 => (1, None, 60, 0, 1),
            2 => (2, None, 40, 0, 1),
            3 => (3, None, 25, 0, 1),
            4 => (4, None, 12, 0, 2),
            5 => (6, Some(20_000), 0, 20, 2),
            6 => (MAX_DEPTH, Some(80_000), 0, 40, 4),
            7 => (MAX_DEPTH, Some(300_000), 0, 40, 8),
            _ => (MAX_DEPTH, None, 0, 40, 32),
        };
        let last = self.0 as usize == Level::COUNT;
        LevelSettings {
            movetime_ms: if last { 200 } else { 1000 },
            max_depth,
            max_nodes,
            randomness,
            contempt,
            hash_mb,
            remembers: last,
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
        Level::HARD.settings()
    }
}

/// `level 6`.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a level: choose 1 to 8, or easy (2), medium (4) or hard (6)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// `1` to `8` (also `level 3`, `L3`), or `easy`, `medium`, `hard`, in any case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let t = s.trim().to_ascii_lowercase();
        if let Some((_, l)) = NAMED.iter().find(|(w, _)| *w == t) {
            return Ok(*l);
        }
        let digits = t
            .strip_prefix("level")
            .or_else(|| t.strip_prefix('l'))
            .unwrap_or(&t)
            .trim_start();
        digits
            .parse::<u8>()
            .ok()
            .filter(|_| digits.len() == 1)
            .and_then(Level::new)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.number().to_string().parse::<Level>(), Ok(l));
            assert_eq!(Level::ALL[l.index()], l);
        }
        assert_eq!(" HARD ".parse::<Level>(), Ok(Level(6)));
        assert_eq!("easy".parse::<Level>(), Ok(Level(2)));
        assert_eq!("Level 3".parse::<Level>(), Ok(Level(3)));
        assert_eq!("l7".parse::<Level>(), Ok(Level(7)));
        assert_eq!(Level::HARD.name(), "hard");
        assert_eq!(Level(5).name(), "5");
        for bad in ["0", "9", "expert", "08", "+3", "level", "-1", "٣"] {
            let err = bad.parse::<Level>().unwrap_err().to_string();
            assert!(err.contains("1 to 8"), "{bad}: {err}");
        }
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
    }

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
