//! jungle-bot: Dou Shou Qi (Jungle, Animal Chess) for Discord, Matrix and the console.
//!
//! The layers, each depending only on those above it:
//! - [`engine`]: the rules, move generation, position strings and move text.
//! - [`ai`]: the bot opponent: search, evaluation and difficulty levels.
//! - [`cli`]: the `jungle` command's subcommands.

pub mod ai;
pub mod cli;
pub mod engine;

pub use engine::{Animal, Bitboard, Move, Outcome, Piece, Position, Side, Square};
