//! Text forms: the position string (`l5t/1d3c1/... j 0 1`) and move text (`G7 G6`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::position::{DRAW_CLOCK, Move, Position};
use super::square::{FILES, RANKS, Square};
use super::terrain::{DEN, den_owner, is_water};
use super::types::{Piece, Side};

/// The starting position as a string.
pub const START: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1";

/// Why a position string was rejected. Each message names the problem.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    #[error(
        "a position has 4 fields separated by spaces (board, side, clock, move number); found {0}"
    )]
    FieldCount(usize),
    #[error("the board field has 9 ranks separated by '/'; found {0}")]
    RankCount(usize),
    #[error("rank {rank} describes {squares} squares; each rank has 7")]
    RankLength { rank: u8, squares: usize },
    #[error(
        "rank {rank}: '{ch}' is not a piece letter (R C D W P T L E, lower case for Crimson) or a digit 1-7"
    )]
    UnknownLetter { rank: u8, ch: char },
    #[error("there are two {0}s")]
    DuplicatePiece(Piece),
    #[error("the {piece} stands in its own den {square}")]
    OwnDen { piece: Piece, square: Square },
    #[error("the {piece} stands in the water at {square}; only rats can swim")]
    InWater { piece: Piece, square: Square },
    #[error("the side to move must be 'j' (Jade) or 'c' (Crimson), not '{0}'")]
    Side(String),
    #[error("the half-move clock '{0}' is not a number")]
    Clock(String),
    #[error("the half-move clock {0} is past the draw limit of 100")]
    ClockTooLarge(u32),
    #[error("the move number '{0}' is not a whole number from 1 up")]
    Fullmove(String),
    #[error("{0} has a piece in the enemy den but it is {0}'s turn: that game ended a move ago")]
    DenOnTurn(Side),
    #[error("{0} has no animals but moved last")]
    MoverHasNoPieces(Side),
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(ParsePositionError::FieldCount(fields.len()));
        }
        let turn = match fields[1] {
            "j" | "J" => Side::Jade,
            "c" | "C" => Side::Crimson,
            other => return Err(ParsePositionError::Side(other.to_string())),
        };
        let clock: u32 = fields[2]
            .parse()
            .map_err(|_| ParsePositionError::Clock(fields[2].to_string()))?;
        if clock > u32::from(DRAW_CLOCK) {
            return Err(ParsePositionError::ClockTooLarge(clock));
        }
        let fullmove: u32 = match fields[3].parse() {
            Ok(n) if n >= 1 => n,
            _ => return Err(ParsePositionError::Fullmove(fields[3].to_string())),
        };
        let mut pos = Position::empty(turn, clock as u16, fullmove);
        parse_board(fields[0], &mut pos)?;
        let mover = turn.other();
        if pos.occupied_by(turn).contains(DEN[mover]) {
            return Err(ParsePositionError::DenOnTurn(turn));
        }
        if pos.occupied_by(mover).is_empty() {
            return Err(ParsePositionError::MoverHasNoPieces(mover));
        }
        Ok(pos)
    }
}

fn parse_board(board: &str, pos: &mut Position) -> Result<(), ParsePositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(ParsePositionError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = i as u8 + 1;
        let mut file = 0usize;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=7).contains(d)) {
                file += d as usize;
                continue;
            }
            let piece =
                Piece::from_letter(ch).ok_or(ParsePositionError::UnknownLetter { rank, ch })?;
            if file < FILES as usize {
                let square = Square::from_coords(file as u8, rank).expect("file and rank in range");
                if pos.square_of(piece).is_some() {
                    return Err(ParsePositionError::DuplicatePiece(piece));
                }
                if den_owner(square) == Some(piece.side) {
                    return Err(ParsePositionError::OwnDen { piece, square });
                }
                if is_water(square) && piece.animal != super::types::Animal::Rat {
                    return Err(ParsePositionError::InWater { piece, square });
                }
                pos.put(piece, square);
            }
            file += 1;
        }
        if file != FILES as usize {
            return Err(ParsePositionError::RankLength {
                rank,
                squares: file,
            });
        }
    }
    Ok(())
}

impl fmt::Display for Position {
    /// The position string, e.g. `l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in 1..=RANKS {
            if rank > 1 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for file in 0..FILES {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.turn().letter(),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

/// Why a text is not a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    #[error("'{0}' is not a move: write the from-square and the to-square, like G7 G6")]
    Syntax(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Accepts `G7 G6`, `g7g6`, `G7-G6`, `g7 to g6`, with surrounding spaces and any case.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError::Syntax(s.trim().to_string());
        let t = s.trim().to_ascii_lowercase();
        if !t.is_ascii() || t.len() < 4 {
            return Err(err());
        }
        let from: Square = t[..2].parse().map_err(|_| err())?;
        let to: Square = t[t.len() - 2..].parse().map_err(|_| err())?;
        let sep = t[2..t.len() - 2].trim();
        let sep_ok = match sep {
            "" | "-" | "to" => {
                // "g7to g6" without a space before "to" reads badly but is unambiguous; require the
                // word "to" to stand apart so that "g7tog6" is rejected.
                sep != "to" || (t.as_bytes()[2] == b' ' && t.as_bytes()[t.len() - 3] == b' ')
            }
            _ => false,
        };
        if !sep_ok {
            return Err(err());
        }
        Ok(Move::new(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::sq;

    #[test]
    fn start_round_trips() {
        let p: Position = START.parse().unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(p.to_string(), START);
    }

    #[test]
    fn move_text_forms() {
        let want = Move::new(sq::G7, sq::G6);
        for text in [
            "G7 G6",
            "g7g6",
            "G7-G6",
            "g7 to g6",
            "  g7 G6  ",
            "G7  G6",
            "g7 - g6",
            "G7 TO G6",
        ] {
            assert_eq!(text.parse::<Move>(), Ok(want), "{text}");
        }
        for text in [
            "", "g7", "g7 g", "g7 x g6", "h7 g6", "g7g0", "g7tog6", "g7 g6 g5", "hello", "g7—g6",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
        assert_eq!(want.to_string(), "G7 G6");
    }

    fn err(s: &str) -> ParsePositionError {
        s.parse::<Position>().unwrap_err()
    }

    #[test]
    fn malformed_positions() {
        use ParsePositionError as E;
        assert_eq!(err(""), E::FieldCount(0));
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0"),
            E::FieldCount(3)
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 j 0 1"),
            E::RankCount(8)
        );
        assert_eq!(
            err("l6t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1"),
            E::RankLength {
                rank: 1,
                squares: 8
            }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/6/7/7/E1W1P1R/1C3D1/T5L j 0 1"),
            E::RankLength {
                rank: 4,
                squares: 6
            }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X j 0 1"),
            E::UnknownLetter { rank: 9, ch: 'X' }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/0/7/7/E1W1P1R/1C3D1/T5L j 0 1"),
            E::UnknownLetter { rank: 4, ch: '0' }
        );
        assert!(matches!(
            err("l5l/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1"),
            E::DuplicatePiece(p) if p.to_string() == "Crimson lion"
        ));
        assert!(matches!(
            err("l2c2t/1d5/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1"),
            E::OwnDen { square, .. } if square == sq::D1
        ));
        assert!(matches!(
            err("l5t/1d3c1/r1p1w1e/1W5/7/7/E3P1R/1C3D1/T5L j 0 1"),
            E::InWater { square, .. } if square == sq::B4
        ));
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 0 1"),
            E::Side("x".into())
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j z 1"),
            E::Clock("z".into())
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j -1 1"),
            E::Clock("-1".into())
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 101 1"),
            E::ClockTooLarge(101)
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 0"),
            E::Fullmove("0".into())
        );
        assert_eq!(err("3L3/7/7/7/7/7/7/7/3l3 j 0 1"), E::DenOnTurn(Side::Jade));
        assert_eq!(
            err("7/7/7/7/7/7/7/7/L6 j 0 1"),
            E::MoverHasNoPieces(Side::Crimson)
        );
        // Every error has a message that names the problem.
        assert!(
            err("l5t/1d3c1/r1p1w1e/1W5/7/7/E3P1R/1C3D1/T5L j 0 1")
                .to_string()
                .contains("B4")
        );
    }
}
