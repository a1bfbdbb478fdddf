//! Taking back a move: a player asks, the opponent agrees (`takeback` or the button) and any
//! move declines, as with draws. If the opponent has replied since, both moves go. Against the
//! bot a takeback is granted at once in casual games and refused in rated ones.

use crate::engine::Side;

use super::buttons::Action;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{ButtonStyle, Reply};
use super::game::{Game, Seat};
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
            return refuse(
                "Takebacks against me are only for casual games, and this one is rated.",
            );
        }
        return take_back(cx, game, side);
    }
    match game.row.takeback_offer {
        Some(asker) if asker == side.other() => take_back(cx, game, asker),
        Some(_) => refuse("You have already asked; it stands until the next move."),
        None => ask(cx, game, side),
    }
}

/// Records the request and tells the opponent how to agree.
fn ask(cx: &mut Ctx<'_>, game: Game, side: Side) -> Result<Handled> {
    if game.row.ply < plies_for(&game, side) {
        return refuse("You have not moved yet in this game: there is nothing to take back.");
    }
    if !cx
        .env
        .store
        .set_takeback_offer(game.id(), game.row.ply, Some(side))?
    {
        return refuse("The game moved on; ask again if you like.");
    }
    let opponent = game.seat(side.other());
    Ok(Handled::reply(Reply {
        text: format!(
            "{} asks to take back their last move in game #{}: {} to agree; any move declines.",
            cx.me.display_name,
            game.id(),
            cx.dialect().press("Accept takeback", "takeback"),
        ),
        mentions: opponent.user().into_iter().collect(),
        buttons: vec![Action::Takeback(game.id()).button("Accept takeback", ButtonStyle::Primary)],
        ..Reply::default()
    }))
}

/// Takes back `asker`'s last move (and the reply since, if any) and shows the board.
fn take_back(cx: &mut Ctx<'_>, game: Game, asker: Side) -> Result<Handled> {
    let plies = plies_for(&game, asker);
    if game.row.ply < plies {
        return refuse("You have not moved yet in this game: there is nothing to take back.");
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
        return refuse("The game moved on before that arrived; try again.");
    };
    let game = Game { row, ..game };
    let turn = game.pos().turn();
    let what = match taken.as_slice() {
        [one] => format!("{one} is taken back"),
        many => format!("{} are taken back", many.join(" and ")),
    };
    let to_move = game.seat(turn);
    Ok(Handled {
        replies: vec![Reply {
            text: format!(
                "Game #{}: {what}. {} ({turn}) to move.",
                game.id(),
                to_move.name()
            ),
            board: Some(game.view(None)),
            mentions: to_move.user().into_iter().collect(),
            buttons: game.buttons(),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
        analysis: None,
    })
}
