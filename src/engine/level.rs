//! The bot's eight levels by name: a number from 1 to 8, three of them with the old names
//! (2 is `easy`, 4 is `medium`, 6 is `hard`). What each level does is the `ai` crate's
//! `LevelSettings`; the level itself is vocabulary the store, the catalogues and the chat
//! layer share.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A level from 1 (weakest) to 8 (strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

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
}
