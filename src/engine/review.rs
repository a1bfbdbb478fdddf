//! A game judged move by move: the records the post-game analysis produces, and how a search
//! score becomes an expected score and a move's accuracy (lichess's curves). The search that
//! fills them is the `ai` crate's `analysis`; the store keeps them and the chat layer shows them.

use std::fmt;

use crate::score::Score;
use crate::{BySide, Move, Side};

/// Evaluation (centi-rats) at which the side to move expects about 73% (`1 / (1 + e^-1)`):
/// a rat or a cat up is a clear edge, a lion up is nearly won.
const SCALE: f64 = 400.0;

/// The drop in expected score that makes a move an inaccuracy, a mistake, a blunder.
const THRESHOLDS: [(f64, Tag); 3] = [
    (0.15, Tag::Blunder),
    (0.10, Tag::Mistake),
    (0.05, Tag::Inaccuracy),
];

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tag {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Tag {
    pub const ALL: [Tag; 3] = [Tag::Inaccuracy, Tag::Mistake, Tag::Blunder];

    /// The annotation: `?!`, `?`, `??`.
    pub const fn mark(self) -> &'static str {
        match self {
            Tag::Inaccuracy => "?!",
            Tag::Mistake => "?",
            Tag::Blunder => "??",
        }
    }

    /// The tag of a move that lost `drop` of its side's expected score, if any.
    pub fn of_drop(drop: f64) -> Option<Tag> {
        THRESHOLDS
            .iter()
            .find(|(limit, _)| drop >= *limit)
            .map(|&(_, tag)| tag)
    }

    /// Reads `?!`, `?` or `??`.
    pub fn from_mark(mark: &str) -> Option<Tag> {
        Tag::ALL.into_iter().find(|t| t.mark() == mark)
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mark())
    }
}

/// The expected score of the side to move for a search score.
pub fn expected(score: Score) -> f64 {
    match score {
        Score::Value(v) => 1.0 / (1.0 + (-f64::from(v) / SCALE).exp()),
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => 0.0,
    }
}

/// A move's accuracy (0-100) from the expected score its side had before and after it:
/// lichess's curve, 100 for a move that gives nothing away, near 0 for one that gives all.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let lost = ((before - after) * 100.0).max(0.0);
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One half-move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// 1 for the first half-move.
    pub ply: usize,
    pub side: Side,
    pub played: Move,
    /// The search's choice in the position before the move.
    pub best: Move,
    /// The search's score of the position before the move, for the side that moved.
    pub score: Score,
    /// The search's score of the position after the move, from Jade's point of view
    /// (`WinIn`: Jade wins; `LossIn`: Crimson wins).
    pub eval_after: Score,
    /// Jade's expected score after the move.
    pub jade_after: f64,
    /// How much of its expected score the move gave away (0 when it was the search's choice).
    pub drop: f64,
    pub accuracy: f64,
    pub tag: Option<Tag>,
}

/// One player's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    /// The mean of the player's move accuracies (100 without moves).
    pub accuracy: f64,
    /// How many moves got each tag, in the order of [`Tag::ALL`].
    pub counts: [usize; 3],
    /// The player's costliest move: its ply, when it gave anything away.
    pub turning_point: Option<usize>,
}

/// A whole game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Jade's expected score before the first move.
    pub jade_start: f64,
    pub plies: Vec<PlyReview>,
}

impl Analysis {
    /// Jade's expected score at each position: the start and after every half-move.
    pub fn curve(&self) -> Vec<f64> {
        std::iter::once(self.jade_start)
            .chain(self.plies.iter().map(|p| p.jade_after))
            .collect()
    }

    pub fn summary(&self, side: Side) -> SideSummary {
        let own: Vec<&PlyReview> = self.plies.iter().filter(|p| p.side == side).collect();
        let accuracy = if own.is_empty() {
            100.0
        } else {
            own.iter().map(|p| p.accuracy).sum::<f64>() / own.len() as f64
        };
        let mut counts = [0; 3];
        for p in &own {
            if let Some(tag) = p.tag {
                counts[tag as usize] += 1;
            }
        }
        let turning_point = own
            .iter()
            .filter(|p| p.drop > 0.0)
            .max_by(|a, b| a.drop.total_cmp(&b.drop).then(b.ply.cmp(&a.ply)))
            .map(|p| p.ply);
        SideSummary {
            accuracy,
            counts,
            turning_point,
        }
    }

    pub fn summaries(&self) -> BySide<SideSummary> {
        BySide::new(self.summary(Side::Jade), self.summary(Side::Crimson))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_follow_the_drop() {
        assert_eq!(Tag::of_drop(0.0), None);
        assert_eq!(Tag::of_drop(0.049), None);
        assert_eq!(Tag::of_drop(0.05), Some(Tag::Inaccuracy));
        assert_eq!(Tag::of_drop(0.12), Some(Tag::Mistake));
        assert_eq!(Tag::of_drop(0.6), Some(Tag::Blunder));
        for t in Tag::ALL {
            assert_eq!(Tag::from_mark(t.mark()), Some(t));
        }
    }

    #[test]
    fn expected_score_is_even_at_zero_and_grows() {
        assert!((expected(Score::Value(0)) - 0.5).abs() < 1e-9);
        assert!(expected(Score::Value(200)) > 0.6 && expected(Score::Value(200)) < 0.65);
        assert!(expected(Score::Value(-850)) < 0.15);
        assert_eq!(expected(Score::WinIn(3)), 1.0);
        assert_eq!(expected(Score::LossIn(0)), 0.0);
    }

    #[test]
    fn accuracy_is_full_for_nothing_lost_and_falls_with_the_loss() {
        assert!((move_accuracy(0.6, 0.6) - 100.0).abs() < 0.01);
        assert!(move_accuracy(0.6, 0.5) < 70.0);
        assert!(move_accuracy(0.9, 0.1) < 5.0);
        assert!(move_accuracy(0.4, 0.7) > 99.9);
    }
}
