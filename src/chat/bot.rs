//! The bot opponent as the chat layer sees it: its levels and a move within the level's time.

use std::time::{Duration, Instant};

use crate::ai::{self, LevelSettings, Stop};
use crate::engine::{Move, Position};

pub use crate::ai::Level;

/// Stops the search at the level's thinking time, and starts no iteration after half of it
/// (the next one usually takes longer than everything before it).
struct Deadline {
    start: Instant,
    budget: Duration,
}

impl Stop for Deadline {
    fn should_stop(&self) -> bool {
        self.start.elapsed() >= self.budget
    }

    fn may_deepen(&self) -> bool {
        self.start.elapsed() < self.budget / 2
    }
}

/// Picks the bot's move. Blocking (up to the level's thinking time): call it off the async
/// runtime. `history` holds the hashes of the game's earlier positions, oldest first, so the
/// bot sees repetitions. `None` only when the game is over.
pub fn choose_move(
    pos: &Position,
    settings: &LevelSettings,
    history: &[u64],
    seed: u64,
) -> Option<Move> {
    let stop = Deadline {
        start: Instant::now(),
        budget: Duration::from_millis(settings.movetime_ms.max(1)),
    };
    let mv = ai::choose_move_in_game(pos, history, settings, seed, &stop)?;
    // The search never returns an illegal move; should that ever change, play a legal one.
    if pos.is_legal(mv) {
        Some(mv)
    } else {
        tracing::error!(%mv, position = %pos, "the search returned an illegal move");
        pos.legal_moves().first().copied()
    }
}
