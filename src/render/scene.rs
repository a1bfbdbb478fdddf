//! What one image shows, worked out from the game before anything is drawn: the position and
//! its orientation, the move that led to it, the selected square, the names, the status line
//! and the pills in the player bars.

use super::header::Pill;
use super::theme::{self, Colour};
use crate::lang::{Lang, outcome_text, side_name};
use engine::{BySide, Move, Outcome, Piece, Position, Side, Square};

/// Everything one frame shows.
pub(crate) struct Scene<'a> {
    pub pos: &'a Position,
    pub flip: bool,
    pub last: Option<LastMove>,
    pub selected: Option<Square>,
    pub names: &'a BySide<Option<String>>,
    /// Each side's clock, as text.
    pub clocks: &'a BySide<Option<String>>,
    /// The status line and its colour.
    pub status: (String, Colour),
    pub pills: BySide<Option<Pill>>,
    /// The language of the side names shown for players without a name.
    pub lang: Lang,
}

impl Scene<'_> {
    /// The name in a side's bar: the player's, or the side's in the scene's language.
    pub fn name(&self, side: Side) -> String {
        match self.names[side].as_deref().map(str::trim) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => side_name(self.lang, side),
        }
    }
}

/// The move that led to the position shown: its squares are highlighted, the water a leap
/// crossed is marked as its path, and a captured piece is shown as a small badge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub mv: Move,
    /// The piece the move took, if any.
    pub captured: Option<Piece>,
}

impl LastMove {
    /// The move `mv` about to be played on `before`, with what it captures.
    pub fn new(before: &Position, mv: Move) -> LastMove {
        let mover = before.piece_at(mv.from).map(|p| p.side);
        let captured = before
            .piece_at(mv.to)
            .filter(|victim| Some(victim.side) != mover);
        LastMove { mv, captured }
    }

    /// A move that captured nothing.
    pub fn quiet(mv: Move) -> LastMove {
        LastMove { mv, captured: None }
    }
}

/// The result as a sentence starting with a capital.
pub(crate) fn result_text(lang: Lang, o: Outcome) -> String {
    let s = outcome_text(lang, o);
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// Pills for the player bars: the winner's (or both, on a draw) once the game is over,
/// otherwise "to move" beside the side to move if `turn_pill`.
pub(crate) fn pills(
    lang: Lang,
    turn: Side,
    outcome: Option<Outcome>,
    turn_pill: bool,
) -> BySide<Option<Pill>> {
    let mut out = BySide::default();
    match outcome {
        Some(o) => match o.winner() {
            Some(w) => {
                out[w] = Some(Pill {
                    text: "pill-winner",
                    lang,
                    fill: theme::WINNER,
                    ink: theme::PIECE_TEXT,
                })
            }
            None => {
                for s in Side::ALL {
                    out[s] = Some(Pill {
                        text: "pill-draw",
                        lang,
                        fill: theme::DRAW,
                        ink: theme::PIECE_TEXT,
                    });
                }
            }
        },
        None if turn_pill => {
            out[turn] = Some(Pill {
                text: "pill-to-move",
                lang,
                fill: theme::side(turn),
                ink: theme::ink(turn),
            })
        }
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Animal, DrawReason, WinReason};

    #[test]
    fn last_move_records_only_enemy_captures() {
        let start = Position::start();
        let quiet = LastMove::new(&start, "G7 G6".parse().unwrap());
        assert_eq!(quiet, LastMove::quiet("G7 G6".parse().unwrap()));
        let p: Position = "7/7/7/7/3L3/3p3/7/7/6l j 0 1".parse().unwrap();
        let take = LastMove::new(&p, "D5 D6".parse().unwrap());
        assert_eq!(
            take.captured,
            Some(Piece::new(Side::Crimson, Animal::Leopard))
        );
    }

    #[test]
    fn results_read_as_sentences_and_pills_follow_them() {
        let draw = Outcome::Draw {
            reason: DrawReason::NoCaptureLimit,
        };
        assert!(result_text(Lang::En, draw).starts_with("Draw: "));
        let win = Outcome::Win {
            winner: Side::Crimson,
            reason: WinReason::Den,
        };
        let p = pills(Lang::En, Side::Jade, Some(win), true);
        assert_eq!(p.crimson.map(|p| p.text), Some("pill-winner"));
        assert!(p.jade.is_none());
        assert_eq!(
            pills(Lang::En, Side::Jade, Some(draw), true)
                .jade
                .map(|p| p.text),
            Some("pill-draw")
        );
        let playing = pills(Lang::En, Side::Crimson, None, true);
        assert_eq!(playing.crimson.map(|p| p.text), Some("pill-to-move"));
        assert!(
            pills(Lang::En, Side::Crimson, None, false)
                .crimson
                .is_none()
        );
    }
}
