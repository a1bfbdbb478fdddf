//! An analysis waiting to run: the game as the handler read it, and the search over it. The
//! handler (`review`) makes one, the service runs it off the runtime when its turn comes.

use crate::lang::Lang;
use ai::analysis::{self, Analysis, AnalysisError};
use ai::{Limits, MAX_DEPTH, NoStop, Stop};
use engine::{BySide, Move, Position};

/// The whole review's node budget: each position gets its share, at most the per-position
/// budget of the settings (about 10 s for 100 plies in a release build at the default).
const TOTAL_NODES: u64 = 40_000_000;

/// A game to analyse, taken from the store when the command was handled.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisJob {
    pub game_id: i64,
    /// Where the command came from (the result's commands are written for that platform).
    pub platform: String,
    /// And the place's scope (a group DM's, say, where only commands arrive).
    pub scope: String,
    /// The channel's language: the result is for everyone there.
    pub lang: Lang,
    pub title: String,
    pub names: BySide<String>,
    pub start: Position,
    pub moves: Vec<Move>,
    pub nodes_per_position: u64,
}

impl AnalysisJob {
    /// Runs the search over the game. Blocking and CPU-bound: call it off the runtime.
    /// `progress(done, total)` hears of every position.
    pub fn run(
        &self,
        progress: &mut dyn FnMut(usize, usize),
    ) -> std::result::Result<Analysis, AnalysisError> {
        let limits = Limits {
            depth: MAX_DEPTH,
            nodes: Some(self.nodes_per_position),
        };
        let mut stop_for = || -> Box<dyn Stop> { Box::new(NoStop) };
        analysis::analyse(&self.start, &self.moves, limits, &mut stop_for, progress)
    }
}

/// The nodes each position gets in a game of `plies` half-moves.
pub fn nodes_per_position(per_position: u64, plies: usize) -> u64 {
    (TOTAL_NODES / (plies as u64 + 1)).clamp(1_000, per_position.max(1_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_games_get_less_per_position() {
        assert_eq!(nodes_per_position(200_000, 40), 200_000);
        assert!(nodes_per_position(200_000, 1_000) < 50_000);
        assert_eq!(nodes_per_position(10, 40), 1_000);
    }
}
