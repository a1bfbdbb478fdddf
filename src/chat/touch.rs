//! Moves by touch: the board's menu of the pieces the side to move can move, the private
//! answer to a choice (that piece's destinations marked, one button each), and the press that
//! plays one. A choice or press made on an older board than the game's position is refused
//! with the current board; the move itself goes through the same path as `move G7 G6`.

use crate::lang::{Lang, animal_name, piece_name, tr};
use engine::{Animal, Move, Piece, Square, terrain::den_owner};

use super::buttons::Action;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{Button, ButtonStyle, Choice, Picker, Reply};
use super::game::{Game, capitalize, side as side_name};
use super::lifecycle::apply_move;
use super::lookup::my_game;
use super::step::Step;

/// The emoji of an animal in menus (and the reaction that picks it on Matrix).
pub fn emoji(animal: Animal) -> &'static str {
    match animal {
        Animal::Elephant => "🐘",
        Animal::Lion => "🦁",
        Animal::Tiger => "🐯",
        Animal::Leopard => "🐆",
        Animal::Wolf => "🐺",
        Animal::Dog => "🐶",
        Animal::Cat => "🐱",
        Animal::Rat => "🐭",
    }
}

/// The animal a reaction names: its menu emoji, or the whole animal's (🐅 for 🐯), with or
/// without an emoji variation selector.
pub fn animal_of_emoji(key: &str) -> Option<Animal> {
    let bare = key.trim_end_matches('\u{FE0F}');
    let whole = |a: Animal| match a {
        Animal::Elephant => "🐘",
        Animal::Lion => "🦁",
        Animal::Tiger => "🐅",
        Animal::Leopard => "🐆",
        Animal::Wolf => "🐺",
        Animal::Dog => "🐕",
        Animal::Cat => "🐈",
        Animal::Rat => "🐀",
    };
    Animal::ALL
        .into_iter()
        .find(|&a| emoji(a) == bare || whole(a) == bare || (a == Animal::Rat && bare == "🐁"))
}

/// The menu of a game's board: each piece of the side to move that has a move, strongest
/// first. `None` when no piece can move (the game is then over).
pub(crate) fn picker(game: &Game, lang: Lang) -> Option<Picker> {
    let pos = game.pos();
    let mut movable: Vec<(Square, Piece)> = pos
        .pieces()
        .filter(|(sq, p)| p.side == pos.turn() && pos.destinations(*sq).next().is_some())
        .collect();
    movable.sort_by_key(|(_, p)| std::cmp::Reverse(p.animal));
    let choices: Vec<Choice> = movable
        .into_iter()
        .map(|(sq, p)| Choice {
            value: sq.to_string(),
            label: capitalize(&tr!(
                lang,
                "picker-choice",
                animal = animal_name(lang, p.animal),
                square = sq.to_string()
            )),
            emoji: Some(emoji(p.animal).to_string()),
        })
        .collect();
    (!choices.is_empty()).then(|| Picker {
        id: Action::picker_id(game.id(), game.row.ply),
        placeholder: tr!(lang, "picker-placeholder"),
        choices,
    })
}

/// The sender's game `id` if it is their turn and still at `ply`; otherwise the answer to give
/// instead (a refusal, or the current board when the position moved on).
fn my_turn_at(cx: &Ctx<'_>, id: i64, ply: u32) -> Result<std::result::Result<Game, Handled>> {
    let game = my_game(cx, Some(id))?;
    let lang = cx.reader();
    if game.row.ply != ply {
        return Ok(Err(Handled::reply(Reply {
            text: tr!(lang, "board-moved-on", game = game.id()),
            board: Some(game.view(lang, None)),
            private: true,
            ..Reply::default()
        })));
    }
    let turn = game.pos().turn();
    if game.side_of(cx.me.id) != Some(turn) {
        return refuse(tr!(
            lang,
            "not-your-turn",
            name = game.seat(turn).name(lang),
            side = side_name(lang, turn)
        ));
    }
    Ok(Ok(game))
}

/// A piece chosen: privately, the board with its destinations marked and a button for each.
pub(crate) fn pick(cx: &mut Ctx<'_>, id: i64, ply: u32, from: Square) -> Result<Handled> {
    let game = match my_turn_at(cx, id, ply)? {
        Ok(game) => game,
        Err(answer) => return Ok(answer),
    };
    let lang = cx.reader();
    let pos = game.pos();
    let Some(piece) = pos.piece_at(from).filter(|p| p.side == pos.turn()) else {
        return refuse(tr!(lang, "illegal-no-piece", square = from.to_string()));
    };
    let buttons: Vec<Button> = pos
        .destinations(from)
        .map(|to| {
            let mv = Move::new(from, to);
            Button {
                id: Action::Go { game: id, ply, mv }.id(),
                label: destination_label(lang, &game, mv),
                style: ButtonStyle::Primary,
            }
        })
        .collect();
    let (name, square) = (piece_name(lang, piece), from.to_string());
    if buttons.is_empty() {
        return refuse(tr!(lang, "piece-stuck", piece = name, square = square));
    }
    let mut view = game.view(lang, None);
    view.selected = Some(from);
    // Where reactions move pieces, the answer lists the arrows to react with.
    let dialect = cx.dialect();
    let text = if dialect.reactions && !dialect.buttons {
        let arrows: Vec<String> = pos
            .destinations(from)
            .filter_map(|to| {
                let step = Step::of(pos, Move::new(from, to), view.flip)?;
                Some(format!("{} {to}", step.dir.arrow()))
            })
            .collect();
        tr!(
            lang,
            "pick-where-react",
            piece = name,
            square = square,
            arrows = arrows.join(&tr!(lang, "list-separator"))
        )
    } else {
        tr!(lang, "pick-where", piece = name, square = square)
    };
    Ok(Handled::reply(Reply {
        text,
        board: Some(view),
        buttons,
        private: true,
        ..Reply::default()
    }))
}

/// What a destination's button says: the square, and what happens there.
fn destination_label(lang: Lang, game: &Game, mv: Move) -> String {
    let pos = game.pos();
    let square = mv.to.to_string();
    let leap = pos.leap_path(mv).is_some();
    match pos.piece_at(mv.to) {
        Some(taken) => {
            let animal = animal_name(lang, taken.animal);
            if leap {
                tr!(lang, "go-leap-capture", square = square, animal = animal)
            } else {
                tr!(lang, "go-capture", square = square, animal = animal)
            }
        }
        None if den_owner(mv.to).is_some() => tr!(lang, "go-den", square = square),
        None if leap => tr!(lang, "go-leap", square = square),
        None => square,
    }
}

/// A destination pressed: the move, as `move` plays it, if the game is still where it was.
pub(crate) fn go(cx: &mut Ctx<'_>, id: i64, ply: u32, mv: Move) -> Result<Handled> {
    match my_turn_at(cx, id, ply)? {
        Ok(game) => apply_move(&mut cx.env, game, mv),
        Err(answer) => Ok(answer),
    }
}
