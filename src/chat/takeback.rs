//! Taking back a move: a player asks, the opponent agrees (`takeback` or the button) and any
//! move declines, as with draws. If the opponent has replied since, both moves go. Against the
//! bot a takeback is granted at once in casual games and refused in rated ones.

use crate::lang::tr;
use engine::Side;

use super::buttons::Action;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{ButtonStyle, Reply};
use super::game::{Game, Seat, side as side_name};
use super::lookup::my_game;

/// How many half-moves go when `asker` takes back their last move: theirs, and the reply if
/// one was made since.
fn plies_for(game: &Game, asker: Side) -> u32 {
    if game.pos().turn() == asker { 2 } else { 1 }
}

pub(crate) fn takeback(cx: &mut Ctx<'_>, id: Option<i64>) -> Result<Handled> {
    let game = my_game(cx, id)?;
    let side = game.side_of(cx.me.id).expect("my_game checks the seat");
    let opponent = game.seat(side.other()).clone();
    if let Seat::Bot(_) = opponent {
        if !game.is_casual() {
            return refuse(tr!(cx.reader(), "takeback-rated-bot"));
        }
        return take_back(cx, game, side);
    }
    match game.row.takeback_offer {
        Some(asker) if asker == side.other() => take_back(cx, game, asker),
        Some(_) => refuse(tr!(cx.reader(), "takeback-already-asked")),
        None => ask(cx, game, side),
    }
}

/// Records the request and tells the opponent how to agree.
fn ask(cx: &mut Ctx<'_>, game: Game, side: Side) -> Result<Handled> {
    if game.row.ply < plies_for(&game, side) {
        return refuse(tr!(cx.reader(), "takeback-nothing"));
    }
    if !cx
        .env
        .store
        .set_takeback_offer(game.id(), game.row.ply, Some(side))?
    {
        return refuse(tr!(cx.reader(), "takeback-moved-on"));
    }
    let opponent = game.seat(side.other());
    let lang = cx.lang();
    Ok(Handled::reply(Reply {
        text: tr!(
            lang,
            "takeback-asked",
            name = &cx.me.display_name,
            game = game.id(),
            agree = cx
                .dialect()
                .press(lang, "button-accept-takeback", "takeback")
        ),
        mentions: opponent.user().into_iter().collect(),
        buttons: vec![Action::Takeback(game.id()).button(
            lang,
            "button-accept-takeback",
            ButtonStyle::Primary,
        )],
        ..Reply::default()
    }))
}

/// Takes back `asker`'s last move (and the reply since, if any) and shows the board.
fn take_back(cx: &mut Ctx<'_>, game: Game, asker: Side) -> Result<Handled> {
    let plies = plies_for(&game, asker);
    if game.row.ply < plies {
        return refuse(tr!(cx.reader(), "takeback-nothing"));
    }
    let taken: Vec<String> = game.row.moves[(game.row.ply - plies) as usize..]
        .iter()
        .map(ToString::to_string)
        .collect();
    let Some(row) = cx
        .env
        .store
        .take_back(game.id(), game.row.ply, plies, asker, cx.now())?
    else {
        return refuse(tr!(cx.reader(), "game-moved-on"));
    };
    let game = Game { row, ..game };
    let turn = game.pos().turn();
    let lang = cx.lang();
    let to_move = game.seat(turn);
    let text = match taken.as_slice() {
        [one, two] => tr!(
            lang,
            "taken-back-two",
            game = game.id(),
            first = one,
            second = two,
            name = to_move.name(lang),
            side = side_name(lang, turn)
        ),
        many => tr!(
            lang,
            "taken-back-one",
            game = game.id(),
            mv = many.join(&tr!(lang, "list-separator")),
            name = to_move.name(lang),
            side = side_name(lang, turn)
        ),
    };
    Ok(Handled {
        replies: vec![Reply {
            text,
            board: Some(game.view(lang, None)),
            mentions: to_move.user().into_iter().collect(),
            buttons: game.buttons(lang),
            picker: game.picker(lang),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
        analysis: None,
    })
}
