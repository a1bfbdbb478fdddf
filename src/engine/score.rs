//! Search scores: heuristic values in centi-rat units and "wins in N" kept apart by size.

use std::fmt;

/// A score from the point of view of the side to move, as the search handles it.
pub type Value = i32;

/// The score of a game won right now; a win `p` plies from the root scores `WIN - p`.
pub const WIN: Value = 30_000;
/// Every score at least this large (in absolute value) is a forced game result.
pub const WIN_BOUND: Value = WIN - 1_000;
/// Larger than any score: the initial window.
pub const INFINITE: Value = WIN + 1;
pub const DRAW: Value = 0;

/// The score of winning when the game ends `ply` plies from the root.
#[inline]
pub const fn win_in(ply: u32) -> Value {
    WIN - ply as Value
}

/// The score of losing when the game ends `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: u32) -> Value {
    -WIN + ply as Value
}

#[inline]
pub const fn is_decisive(v: Value) -> bool {
    v >= WIN_BOUND || v <= -WIN_BOUND
}

/// A score as a caller reads it: a heuristic value, or a forced result in N moves of the
/// side to move (counting its own moves: "wins in 1" is entering the den now).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Heuristic value; 100 is about a rat's worth.
    Value(i32),
    /// The side to move wins with its N-th move at the latest.
    WinIn(u32),
    /// The side to move loses after at most N of its own moves (0: it has already lost).
    LossIn(u32),
}

impl Score {
    pub fn from_value(v: Value) -> Score {
        if v >= WIN_BOUND {
            Score::WinIn(((WIN - v) as u32).div_ceil(2))
        } else if v <= -WIN_BOUND {
            Score::LossIn(((WIN + v) as u32) / 2)
        } else {
            Score::Value(v)
        }
    }
}

impl fmt::Display for Score {
    /// `cp 35`, `win 3`, `loss 2`: the shape of the `info` lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "cp {v}"),
            Score::WinIn(n) => write!(f, "win {n}"),
            Score::LossIn(n) => write!(f, "loss {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_are_counted_in_own_moves() {
        // Entering the den now ends the game one ply after the root.
        assert_eq!(Score::from_value(win_in(1)), Score::WinIn(1));
        assert_eq!(Score::from_value(win_in(3)), Score::WinIn(2));
        assert_eq!(Score::from_value(loss_in(2)), Score::LossIn(1));
        assert_eq!(Score::from_value(loss_in(0)), Score::LossIn(0));
        assert_eq!(Score::from_value(-250), Score::Value(-250));
        assert!(is_decisive(win_in(100)) && !is_decisive(5_000));
        assert_eq!(Score::WinIn(3).to_string(), "win 3");
    }
}
