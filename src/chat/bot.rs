//! The bot opponent as the chat layer sees it: levels, their ratings, and choosing a move.

use std::fmt;
use std::str::FromStr;

use crate::engine::{Move, Position};

/// The bot's difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl FromStr for Level {
    type Err = ();
    fn from_str(s: &str) -> Result<Level, ()> {
        match s.to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Picks the bot's move. Blocking: call it off the async runtime. `None` only when the game is over.
pub fn choose_move(pos: &Position, _level: Level, seed: u64) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    // Placeholder until the search lands: prefer captures and den entries, else a seeded pick.
    let den = crate::engine::terrain::DEN[pos.turn().other()];
    if let Some(&m) = moves.iter().find(|m| m.to == den) {
        return Some(m);
    }
    if let Some(&m) = moves.iter().find(|m| pos.is_capture(**m)) {
        return Some(m);
    }
    Some(moves[(seed % moves.len() as u64) as usize])
}
