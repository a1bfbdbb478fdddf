//! The board picture in words: the text alternative that goes with every board image (Discord's
//! attachment description, Matrix's image body), for readers who cannot see the picture.

use engine::terrain::trap_owner;
use engine::{Animal, Piece, Position, Side};

use super::event::BoardView;
use crate::lang::{Lang, animal_name, piece_name, side_name, tr};

/// What a board picture shows, as plain sentences: the game and its players, whose move it is
/// (or the result), the time on each clock shown, the last move, a selected piece's destinations, and every animal left with
/// its square, strongest first.
///
/// `Game #3, alice (Jade) vs bob (Crimson). Move 1, Jade to move. Last move: Crimson rat A3-A4.
/// Jade has 8 animals: elephant A7, … Crimson has 8 animals: …`
pub fn alt_text(view: &BoardView) -> String {
    let (pos, lang) = (&view.position, view.lang);
    let mut out = vec![tr!(
        lang,
        "alt-game",
        game = view.game_id,
        jade = &view.jade_name,
        crimson = &view.crimson_name
    )];
    out.push(match &view.result {
        Some(result) => tr!(
            lang,
            "alt-result",
            result = result.trim_end_matches(['.', '。'])
        ),
        None => tr!(
            lang,
            "alt-to-move",
            number = pos.fullmove_number(),
            side = side_name(lang, pos.turn())
        ),
    });
    for side in Side::ALL {
        if let Some(time) = &view.clocks[side] {
            out.push(tr!(
                lang,
                "alt-clock",
                side = side_name(lang, side),
                time = time.as_str()
            ));
        }
    }
    if let Some(mv) = view.last_move {
        let who = pos
            .piece_at(mv.to)
            .map(|p| piece_name(lang, p))
            .unwrap_or_default();
        let leap = if pos.leap_path(mv).is_some() {
            "yes"
        } else {
            "no"
        };
        let taken = view.captured.map(|p| piece_name(lang, p));
        out.push(tr!(
            lang,
            "alt-last-move",
            piece = who,
            from = mv.from.to_string(),
            to = mv.to.to_string(),
            leap = leap,
            took = taken.clone().unwrap_or_default(),
            captured = if taken.is_some() { "yes" } else { "no" }
        ));
    }
    if let Some(sq) = view.selected {
        let square = sq.to_string();
        out.push(match pos.piece_at(sq) {
            Some(p) if p.side == pos.turn() && view.result.is_none() => {
                let to: Vec<String> = pos.destinations(sq).map(|s| s.to_string()).collect();
                if to.is_empty() {
                    tr!(
                        lang,
                        "alt-selected-stuck",
                        piece = piece_name(lang, p),
                        square = square
                    )
                } else {
                    tr!(
                        lang,
                        "alt-selected-moves",
                        piece = piece_name(lang, p),
                        square = square,
                        squares = to.join(&tr!(lang, "list-separator"))
                    )
                }
            }
            Some(p) => tr!(
                lang,
                "alt-selected",
                piece = piece_name(lang, p),
                square = square
            ),
            None => tr!(lang, "alt-selected-empty", square = square),
        });
    }
    for side in Side::ALL {
        out.push(animals_left(lang, pos, side));
    }
    out.join(&tr!(lang, "sentence-separator"))
}

/// `Jade has 2 animals: lion G9, rat C1 (on a trap, rank 0).`
fn animals_left(lang: Lang, pos: &Position, side: Side) -> String {
    let mut left: Vec<String> = Vec::new();
    for animal in Animal::ALL.into_iter().rev() {
        if let Some(sq) = pos.square_of(Piece::new(side, animal)) {
            let weak = trap_owner(sq) == Some(side.other());
            let (animal, square) = (animal_name(lang, animal), sq.to_string());
            left.push(if weak {
                tr!(lang, "alt-animal-weak", animal = animal, square = square)
            } else {
                tr!(lang, "alt-animal", animal = animal, square = square)
            });
        }
    }
    tr!(
        lang,
        "alt-animals-left",
        side = side_name(lang, side),
        count = left.len(),
        animals = left.join(&tr!(lang, "list-separator"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Move, Outcome, WinReason};

    fn view(fen: &str) -> BoardView {
        BoardView {
            position: fen.parse().expect("a valid position"),
            ..BoardView::example()
        }
    }

    fn mv(s: &str) -> Move {
        s.parse().expect("a move")
    }

    #[test]
    fn the_start_says_whose_move_and_lists_every_animal_strongest_first() {
        let text = alt_text(&BoardView::example());
        assert!(
            text.starts_with("Game #3, alice (Jade) vs bob (Crimson). Move 1, Jade to move. Jade has 8 animals: elephant A7, lion G9, tiger A9, leopard E7, wolf C7, dog F8, cat B8, rat G7. Crimson has 8 animals: elephant G3, lion A1,"),
            "{text}"
        );
        assert!(text.ends_with("cat F2, rat A3."), "{text}");
        assert!(!text.contains("Last move"), "{text}");
    }

    #[test]
    fn the_clocks_shown_are_said() {
        let v = BoardView {
            clocks: engine::BySide::new(Some("4:05".into()), Some("2:59".into())),
            ..BoardView::example()
        };
        let text = alt_text(&v);
        assert!(
            text.contains(" Jade to move. Jade clock: 4:05. Crimson clock: 2:59. Jade has"),
            "{text}"
        );
    }

    #[test]
    fn the_last_move_names_the_mover_and_what_it_took() {
        let before: Position = "l5t/1d3c1/r2ew2/3p3/3L3/7/E1W1P1R/1C3D1/T6 j 0 5"
            .parse()
            .unwrap();
        let m = mv("D5 D4");
        let mut after = before;
        let taken = after.play_unchecked(m);
        assert_eq!(taken, Some(Piece::new(Side::Crimson, Animal::Leopard)));
        let v = BoardView {
            position: after,
            last_move: Some(m),
            captured: taken,
            ..BoardView::example()
        };
        let text = alt_text(&v);
        assert!(
            text.contains(
                " Move 5, Crimson to move. Last move: Jade lion D5-D4, took Crimson leopard. "
            ),
            "{text}"
        );
        assert!(text.contains("Crimson has 7 animals:"), "{text}");
        assert!(!text.contains("leopard D4"), "{text}");
    }

    #[test]
    fn a_leap_a_selection_and_a_weakened_animal_are_said() {
        // Jade lion leaps D5-A5; Crimson's rat stands on Jade's trap C9.
        let before: Position = "l6/7/7/7/3L3/7/7/7/2r4 j 0 9".parse().unwrap();
        let m = mv("D5 A5");
        let mut after = before;
        after.play_unchecked(m);
        let v = BoardView {
            position: after,
            last_move: Some(m),
            selected: Some("A1".parse().unwrap()),
            ..BoardView::example()
        };
        let text = alt_text(&v);
        assert!(
            text.contains("Last move: Jade lion D5-A5, leaping the lake."),
            "{text}"
        );
        assert!(
            text.contains("Selected: Crimson lion on A1, moves to B1, A2."),
            "{text}"
        );
        assert!(
            text.contains("Crimson has 2 animals: lion A1, rat C9 (on a trap, rank 0)."),
            "{text}"
        );
        assert!(text.contains("Jade has 1 animal: lion A5."), "{text}");
        // A piece whose side is not to move has no destinations to list.
        let text = alt_text(&BoardView {
            selected: Some("A5".parse().unwrap()),
            ..v
        });
        assert!(text.contains(" Selected: Jade lion on A5. "), "{text}");
    }

    #[test]
    fn a_finished_game_gives_the_result_instead_of_the_turn() {
        let mut v = view("7/7/7/7/7/7/7/7/L6 c 0 30");
        let o = Outcome::Win {
            winner: Side::Jade,
            reason: WinReason::AllCaptured,
        };
        v.outcome = Some(o);
        v.result = Some(super::super::game::capitalize(&o.to_string()));
        let text = alt_text(&v);
        assert!(
            text.contains(
                "(Crimson). Jade wins by capturing all of Crimson's animals. Jade has 1 animal"
            ),
            "{text}"
        );
        assert!(text.ends_with("Crimson has no animals left."), "{text}");
        assert!(!text.contains("to move"), "{text}");
    }
}
