//! Tournaments: the pure rules (Arena scoring and pairing, Swiss pairing, standings with
//! their tie-breaks) and, on top, the commands and the timers' pass that run them in a
//! channel.

pub mod arena;
pub(crate) mod commands;
pub(crate) mod run;
pub mod standings;
mod state;
pub mod swiss;
pub mod types;
mod view;

pub use arena::{ArenaEntrant, ArenaScore, arena_score, pair_free};
pub use standings::{Mark, Standing, arena_standings, swiss_standings};
pub use swiss::{PairingError, Round, SwissPlayer, pair_round};
pub use types::{Colour, GameResult, Outcome, Participant, PlayerId, Record};
