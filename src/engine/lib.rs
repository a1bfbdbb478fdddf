//! The rules of Dou Shou Qi as in `RULES.md`: board, pieces, legal moves, game end,
//! position strings and move text. Pure and synchronous; everything else builds on it.

pub mod bitboard;
mod bulk;
pub mod clock;
pub mod legality;
pub mod level;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod review;
pub mod score;
pub mod square;
pub mod terrain;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use clock::{ParseTimeError, TimeControl};
pub use legality::{CaptureBlock, IllegalMove};
pub use level::{Level, ParseLevelError};
pub use movegen::MoveList;
pub use notation::{ParseMoveError, ParsePositionError, START};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{DRAW_CLOCK, Move, Position};
pub use score::Score;
pub use square::{ParseSquareError, Square};
pub use types::{Animal, BySide, Piece, Side};
