//! Post-game analysis: the search looks at the position before every move of a game, and each
//! move is judged by how much of its side's expected score it gave away, as lichess judges
//! chess moves. An evaluation becomes an expected score (0 lost, 1 won) through a logistic
//! curve; a move that drops it by 0.05 is an inaccuracy (`?!`), by 0.10 a mistake (`?`), by
//! 0.15 a blunder (`??`). Like every search here it owns no clock: the caller gives each
//! position its [`Stop`] and hears of progress through a callback.

use engine::{Move, Outcome, Position, Side};

use super::control::{Limits, Options, Stop};
use super::score::Score;

pub use engine::review::{Analysis, PlyReview, SideSummary, Tag, expected, move_accuracy};

/// Why a game cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// Worded as a replay words it: what is wrong with the move.
    #[error("move {ply} ({mv}) is illegal: {reason}")]
    Illegal {
        ply: usize,
        mv: Move,
        reason: engine::IllegalMove,
    },
    #[error("the game has no moves to look at")]
    Empty,
}

/// Analyses the game of `moves` played from `start`. Each position gets one search with
/// `limits` and the [`Stop`] that `stop_for` makes for it (a node limit alone makes the
/// result the same on every run); `progress(done, total)` is called after each position.
/// CPU-bound: call it off an async runtime.
pub fn analyse(
    start: &Position,
    moves: &[Move],
    limits: Limits,
    stop_for: &mut dyn FnMut() -> Box<dyn Stop>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, AnalysisError> {
    if moves.is_empty() {
        return Err(AnalysisError::Empty);
    }
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = *start;
    positions.push(pos);
    for (i, &mv) in moves.iter().enumerate() {
        let played = match pos.outcome() {
            Some(_) => Err(engine::IllegalMove::GameOver),
            None => pos.play(mv),
        };
        if let Err(reason) = played {
            return Err(AnalysisError::Illegal {
                ply: i + 1,
                mv,
                reason,
            });
        }
        positions.push(pos);
    }
    let total = positions.len();
    let mut history: Vec<u64> = Vec::with_capacity(total);
    // For each position: the search's score for the side to move, and its best move.
    let mut judged: Vec<(Score, Option<Move>)> = Vec::with_capacity(total);
    for (i, p) in positions.iter().enumerate() {
        let found = match p.outcome() {
            Some(outcome) => (over(outcome, p.turn()), None),
            None => {
                let options = Options {
                    limits,
                    hash_mb: 8,
                    ..Options::default()
                };
                let stop = stop_for();
                let r = super::search(p, &history, &options, &*stop, &mut ());
                (r.last.score, r.best)
            }
        };
        judged.push(found);
        history.push(p.hash());
        progress(i + 1, total);
    }
    let jade = |score: Score, turn: Side| {
        let e = expected(score);
        if turn == Side::Jade { e } else { 1.0 - e }
    };
    let plies = moves
        .iter()
        .enumerate()
        .map(|(i, &played)| {
            let side = positions[i].turn();
            let (score, best) = judged[i];
            let best = best.unwrap_or(played);
            let before = expected(score);
            let (next_score, _) = judged[i + 1];
            let jade_after = jade(next_score, positions[i + 1].turn());
            let eval_after = if positions[i + 1].turn() == Side::Jade {
                next_score
            } else {
                flip(next_score)
            };
            let after = if side == Side::Jade {
                jade_after
            } else {
                1.0 - jade_after
            };
            // The search's own move gives nothing away; its later, deeper look may differ.
            let drop = if played == best {
                0.0
            } else {
                (before - after).max(0.0)
            };
            PlyReview {
                ply: i + 1,
                side,
                played,
                best,
                score,
                eval_after,
                jade_after,
                drop,
                accuracy: move_accuracy(before, before - drop),
                tag: Tag::of_drop(drop),
            }
        })
        .collect();
    Ok(Analysis {
        jade_start: jade(judged[0].0, positions[0].turn()),
        plies,
    })
}

/// The same score seen by the other side.
fn flip(score: Score) -> Score {
    match score {
        Score::Value(v) => Score::Value(-v),
        Score::WinIn(n) => Score::LossIn(n),
        Score::LossIn(n) => Score::WinIn(n),
    }
}

/// The score of a finished game for the side to move.
fn over(outcome: Outcome, turn: Side) -> Score {
    match outcome.winner() {
        Some(w) if w == turn => Score::WinIn(0),
        Some(_) => Score::LossIn(0),
        None => Score::Value(0),
    }
}
