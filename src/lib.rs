//! jungle-bot: Dou Shou Qi (Jungle, Animal Chess) for Discord, Matrix and the console.
//!
//! This is the `jungle` binary's crate: the configuration file, the command line and the
//! console adapter, on top of the layers, each its own crate under `src/` and re-exported here
//! under its short name:
//! - [`engine`]: the rules, move generation, position strings and move text, and the words the
//!   layers above share (bot levels, search scores, a game's review).
//! - [`ai`]: the bot opponent: search, evaluation and difficulty levels.
//! - [`render`]: board images (PNG), game replays (GIF), graphs, and [`lang`], the languages and
//!   their message catalogues (Fluent).
//! - [`store`]: players, games, challenges and ratings in SQLite or PostgreSQL; with [`secret`],
//!   [`files`] and [`errors`].
//! - [`chat`]: the platform-agnostic command layer and game lifecycle; with [`rating`] (Elo),
//!   [`sync`] (the poison-tolerant lock) and [`metrics`].
//! - [`adapters`]: the console here; Discord and Matrix, each its own crate (features `discord`,
//!   `matrix`).
//! - [`config`] and [`cli`]: the configuration file and the `jungle` command.

pub mod adapters;
pub mod cli;
pub mod config;

pub use ::ai;
pub use ::chat;
pub use ::engine;
pub use ::render;
pub use ::store;
pub use chat::{metrics, rating, sync};
pub use render::lang;
pub use store::{errors, files, secret};

pub use engine::{Animal, Bitboard, Move, Outcome, Piece, Position, Side, Square};
