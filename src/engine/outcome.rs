//! How a game ended: who won and why, or why it was drawn.

use std::fmt;

use super::types::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// An animal entered the enemy den.
    Den,
    /// The loser has no animals left.
    AllCaptured,
    /// The loser, to move, had no legal move.
    NoMoves,
    /// The loser resigned (chat layer).
    Resignation,
    /// The loser did not move in time (chat layer).
    Timeout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// 100 consecutive half-moves without a capture.
    NoCaptureLimit,
    /// Both players agreed (chat layer).
    Agreement,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Score from Jade's point of view: 1, 0.5 or 0.
    pub fn jade_score(self) -> f64 {
        match self.winner() {
            Some(Side::Jade) => 1.0,
            Some(Side::Crimson) => 0.0,
            None => 0.5,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = winner.other();
                match reason {
                    WinReason::Den => write!(f, "{winner} wins by entering {loser}'s den"),
                    WinReason::AllCaptured => {
                        write!(f, "{winner} wins by capturing all of {loser}'s animals")
                    }
                    WinReason::NoMoves => write!(f, "{winner} wins: {loser} has no legal move"),
                    WinReason::Resignation => write!(f, "{winner} wins: {loser} resigned"),
                    WinReason::Timeout => write!(f, "{winner} wins: {loser} ran out of time"),
                }
            }
            Outcome::Draw {
                reason: DrawReason::NoCaptureLimit,
            } => f.write_str("draw: 100 half-moves without a capture"),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            } => f.write_str("draw by agreement"),
        }
    }
}
