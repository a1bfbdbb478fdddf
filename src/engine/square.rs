//! Squares `A1`..`G9`: files A-G left to right, rank 1 at the top.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Number of files (columns) and ranks (rows).
pub const FILES: u8 = 7;
pub const RANKS: u8 = 9;
pub const NUM_SQUARES: usize = 63;

/// One of the 63 squares. Index = (rank - 1) * 7 + file, so `A1` is 0 and `G9` is 62.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Builds a square from its index; `None` past `G9`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < NUM_SQUARES as u8 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Callers guarantee `index < 63`.
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < NUM_SQUARES as u8);
        Square(index)
    }

    /// `file` 0..7 (A..G), `rank` 1..=9.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank >= 1 && rank <= RANKS {
            Some(Square((rank - 1) * FILES + file))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file A .. 6 for file G.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 1 (top row) ..= 9 (bottom row).
    pub const fn rank(self) -> u8 {
        self.0 / FILES + 1
    }

    pub fn file_char(self) -> char {
        (b'A' + self.file()) as char
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..NUM_SQUARES as u8).map(Square)
    }

    /// The neighbour one square toward rank 1, rank 9, file A and file G.
    pub const fn up(self) -> Option<Square> {
        if self.rank() > 1 {
            Some(Square(self.0 - FILES))
        } else {
            None
        }
    }
    pub const fn down(self) -> Option<Square> {
        if self.rank() < RANKS {
            Some(Square(self.0 + FILES))
        } else {
            None
        }
    }
    pub const fn left(self) -> Option<Square> {
        if self.file() > 0 {
            Some(Square(self.0 - 1))
        } else {
            None
        }
    }
    pub const fn right(self) -> Option<Square> {
        if self.file() < FILES - 1 {
            Some(Square(self.0 + 1))
        } else {
            None
        }
    }

    /// Manhattan distance in squares.
    pub const fn distance(self, other: Square) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }
}

/// Why a square's text was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    #[error("'{0}' is not a square: squares are a file A-G then a rank 1-9, like G7")]
    Invalid(String),
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Case-insensitive `g7` / `G7`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let rank = b[1].wrapping_sub(b'0');
            if let Some(sq) = Square::from_coords(file, rank) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError::Invalid(s.to_string()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Named squares used by the rules and the tests.
#[allow(dead_code)]
pub mod sq {
    use super::Square;
    macro_rules! squares {
        ($($name:ident = $i:expr),* $(,)?) => { $(pub const $name: Square = Square::from_index_unchecked($i);)* };
    }
    squares! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6,
        A2 = 7, B2 = 8, C2 = 9, D2 = 10, E2 = 11, F2 = 12, G2 = 13,
        A3 = 14, B3 = 15, C3 = 16, D3 = 17, E3 = 18, F3 = 19, G3 = 20,
        A4 = 21, B4 = 22, C4 = 23, D4 = 24, E4 = 25, F4 = 26, G4 = 27,
        A5 = 28, B5 = 29, C5 = 30, D5 = 31, E5 = 32, F5 = 33, G5 = 34,
        A6 = 35, B6 = 36, C6 = 37, D6 = 38, E6 = 39, F6 = 40, G6 = 41,
        A7 = 42, B7 = 43, C7 = 44, D7 = 45, E7 = 46, F7 = 47, G7 = 48,
        A8 = 49, B8 = 50, C8 = 51, D8 = 52, E8 = 53, F8 = 54, G8 = 55,
        A9 = 56, B9 = 57, C9 = 58, D9 = 59, E9 = 60, F9 = 61, G9 = 62,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for s in Square::all() {
            let text = s.to_string();
            assert_eq!(text.parse::<Square>(), Ok(s));
            assert_eq!(text.to_lowercase().parse::<Square>(), Ok(s));
        }
        assert_eq!(sq::G7.to_string(), "G7");
        assert_eq!(sq::A1.rank(), 1);
        assert_eq!(sq::G9.index(), 62);
        for bad in ["", "H1", "A0", "A10", "7G", "a", "ä1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours() {
        assert_eq!(sq::A1.up(), None);
        assert_eq!(sq::A1.left(), None);
        assert_eq!(sq::A1.down(), Some(sq::A2));
        assert_eq!(sq::G9.right(), None);
        assert_eq!(sq::G9.down(), None);
        assert_eq!(sq::D5.left(), Some(sq::C5));
        assert_eq!(sq::A1.distance(sq::G9), 14);
    }
}
