//! jungle-bot: Dou Shou Qi (Jungle, Animal Chess) for Discord, Matrix and the console.
//!
//! The layers, each depending only on those above it:
//! - [`engine`]: the rules, move generation, position strings and move text.
//! - [`ai`]: the bot opponent: search, evaluation and difficulty levels.
//! - [`render`]: board images (PNG) and game replays (animated GIF).
//! - [`rating`]: Elo arithmetic.
//! - [`store`]: players, games, challenges and ratings in SQLite.
//! - [`chat`]: the platform-agnostic command layer and game lifecycle.
//! - [`adapters`]: the console, Discord and Matrix in front of [`chat`].
//! - [`config`] and [`cli`]: the configuration file and the `jungle` command.
//! - [`secret`]: a password or token kept out of logs (the config and the store hold them).
//! - [`sync`]: the poison-tolerant lock the chat layer and the adapters share.
//! - [`lang`]: the languages the bot speaks and their message catalogues (Fluent).
//! - [`errors`]: errors as one line of text for logs, operators and the command line.
//! - [`files`]: owner-only folders and files for the database and the Matrix store.
//! - [`metrics`]: the metric names, adapter health, and `/metrics` + `/healthz` for operators.

pub mod adapters;
pub mod ai;
pub mod chat;
pub mod cli;
pub mod config;
pub mod engine;
pub mod errors;
pub mod files;
pub mod lang;
pub mod metrics;
pub mod rating;
pub mod render;
pub mod secret;
pub mod store;
pub mod sync;

pub use engine::{Animal, Bitboard, Move, Outcome, Piece, Position, Side, Square};
