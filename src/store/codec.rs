//! The one place where the game's types meet their column text: positions and moves in the
//! engine's notations, outcomes, sides, levels and captures as short codes. A value a row
//! holds that does not decode is an error naming the table, the row and the column.

use engine::Level;
use engine::{DrawReason, Move, Outcome, Piece, Position, Side, WinReason};

/// A stored value this build cannot read.
#[derive(Debug, thiserror::Error)]
#[error("{table} row {id}, column {column}: cannot read '{value}'")]
pub struct BadValue {
    pub table: &'static str,
    pub id: i64,
    pub column: String,
    pub value: String,
}

pub(super) fn position(text: &str) -> Option<Position> {
    text.parse().ok()
}

/// Moves are stored as their canonical texts joined by commas (`G7 G6,A3 A4`).
pub(super) fn moves(text: &str) -> Option<Vec<Move>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(|m| m.parse().ok()).collect()
}

/// What each move captured, one character per move: `.` for nothing, else the piece letter.
pub(super) fn captures(text: &str) -> Option<Vec<Option<Piece>>> {
    text.chars()
        .map(|c| match c {
            '.' => Some(None),
            c => Piece::from_letter(c).map(Some),
        })
        .collect()
}

pub(super) fn capture_code(captured: Option<Piece>) -> char {
    captured.map_or('.', Piece::letter)
}

/// Position hashes, sixteen hex digits each, oldest first.
pub(super) fn hashes(text: &str) -> Option<Vec<u64>> {
    if !text.len().is_multiple_of(16) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(16)
        .map(|i| u64::from_str_radix(&text[i..i + 16], 16).ok())
        .collect()
}

pub(super) fn hash_code(hash: u64) -> String {
    format!("{hash:016x}")
}

pub(super) fn side_code(side: Side) -> &'static str {
    match side {
        Side::Jade => "jade",
        Side::Crimson => "crimson",
    }
}

pub(super) fn side(text: &str) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| side_code(s) == text)
}

/// A challenger's wish: a side, or `random` (`None`).
pub(super) fn side_choice_code(side: Option<Side>) -> &'static str {
    side.map_or("random", side_code)
}

pub(super) fn side_choice(text: &str) -> Option<Option<Side>> {
    match text {
        "random" => Some(None),
        t => self::side(t).map(Some),
    }
}

pub(super) fn level(text: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|l| l.name() == text)
}

/// The `result` column of an outcome: `jade`, `crimson` or `draw`.
pub(super) fn result_code(outcome: Outcome) -> &'static str {
    outcome.winner().map_or("draw", side_code)
}

const WINS: [(WinReason, &str); 5] = [
    (WinReason::Den, "den"),
    (WinReason::AllCaptured, "all_captured"),
    (WinReason::NoMoves, "no_moves"),
    (WinReason::Resignation, "resignation"),
    (WinReason::Timeout, "timeout"),
];

const DRAWS: [(DrawReason, &str); 2] = [
    (DrawReason::NoCaptureLimit, "no_capture_limit"),
    (DrawReason::Agreement, "agreement"),
];

/// The reason code an aborted game is stored with.
pub(super) const ABORTED: &str = "aborted";

/// The `reason` column of an outcome.
pub(super) fn reason_code(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => WINS.iter().find(|(r, _)| *r == reason).map(|w| w.1),
        Outcome::Draw { reason } => DRAWS.iter().find(|(r, _)| *r == reason).map(|d| d.1),
    }
    .expect("every reason has a code")
}

/// An outcome from its `result` and `reason` columns.
pub(super) fn outcome(result: &str, reason: &str) -> Option<Outcome> {
    match result {
        "draw" => DRAWS
            .iter()
            .find(|d| d.1 == reason)
            .map(|&(reason, _)| Outcome::Draw { reason }),
        winner => {
            let winner = side(winner)?;
            WINS.iter()
                .find(|w| w.1 == reason)
                .map(|&(reason, _)| Outcome::Win { winner, reason })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for winner in Side::ALL {
            for (reason, _) in WINS {
                let o = Outcome::Win { winner, reason };
                assert_eq!(outcome(result_code(o), reason_code(o)), Some(o));
            }
        }
        for (reason, _) in DRAWS {
            let o = Outcome::Draw { reason };
            assert_eq!(outcome(result_code(o), reason_code(o)), Some(o));
        }
        assert_eq!(outcome("draw", "den"), None);
        assert_eq!(outcome("blue", "den"), None);
        for l in Level::ALL {
            assert_eq!(level(l.name()), Some(l));
        }
        for s in [None, Some(Side::Jade), Some(Side::Crimson)] {
            assert_eq!(side_choice(side_choice_code(s)), Some(s));
        }
        let hs = vec![0, u64::MAX, 0x0123_4567_89ab_cdef];
        let text: String = hs.iter().map(|&h| hash_code(h)).collect();
        assert_eq!(hashes(&text), Some(hs));
        assert_eq!(hashes("12"), None);
        assert_eq!(
            captures(".r.E"),
            Some(vec![
                None,
                Piece::from_letter('r'),
                None,
                Piece::from_letter('E')
            ])
        );
        assert_eq!(captures("x"), None);
        assert_eq!(moves("G7 G6,A3 A4").map(|m| m.len()), Some(2));
        assert_eq!(moves("G7 G6,nonsense"), None);
    }
}
