//! Playing a game: the sender's moves, resigning, draws, the board and a piece's moves.

use crate::engine::{DrawReason, Move, Outcome, Square, WinReason};

use super::buttons::Action;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{ButtonStyle, Reply};
use super::game::{Game, Seat};
use super::lifecycle::{apply_move, end_without_move, others_than};
use super::lookup::{my_game, shown_game};

pub(crate) fn play_move(cx: &mut Ctx<'_>, mv: Move, plain: bool) -> Result<Handled> {
    let store = &*cx.env.store;
    let Some(row) = store.active_game_of(cx.platform(), cx.channel(), cx.me.id)? else {
        if plain {
            return Ok(Handled::default());
        }
        return refuse("You have no game in this channel.");
    };
    let game = Game::load(store, row)?;
    if game.side_of(cx.me.id) != Some(game.pos().turn()) {
        let turn = game.pos().turn();
        return refuse(format!(
            "It is not your turn: {} ({turn}) is to move.",
            game.seat(turn).name()
        ));
    }
    apply_move(&mut cx.env, game, mv)
}

/// Resigns; unconfirmed (a Resign button), asks first, privately, with a button that resigns.
pub(crate) fn resign(cx: &mut Ctx<'_>, id: Option<i64>, confirmed: bool) -> Result<Handled> {
    let game = my_game(cx, id)?;
    let side = game.side_of(cx.me.id).expect("my_game checks the seat");
    if !confirmed {
        return Ok(Handled::reply(Reply {
            text: format!(
                "Resign game #{}? Press **Confirm resign** to resign; ignore this to play on.",
                game.id()
            ),
            buttons: vec![
                Action::ConfirmResign(game.id()).button("Confirm resign", ButtonStyle::Danger),
            ],
            private: true,
            ..Reply::default()
        }));
    }
    let outcome = Outcome::Win {
        winner: side.other(),
        reason: WinReason::Resignation,
    };
    let lead = format!("{} resigned.", cx.me.display_name);
    let others = others_than(&game, game.seat(side));
    end_without_move(&mut cx.env, game, outcome, lead, others)
}

pub(crate) fn draw(cx: &mut Ctx<'_>, id: Option<i64>) -> Result<Handled> {
    let game = my_game(cx, id)?;
    let side = game.side_of(cx.me.id).expect("my_game checks the seat");
    let opponent = game.seat(side.other()).clone();
    if let Seat::Bot(_) = opponent {
        return Ok(Handled::reply(Reply::text(
            "I decline the draw: let's play on!",
        )));
    }
    match game.row.draw_offer {
        Some(s) if s == side.other() => {
            let outcome = Outcome::Draw {
                reason: DrawReason::Agreement,
            };
            let lead = format!("{} accepted the draw.", cx.me.display_name);
            let others = others_than(&game, game.seat(side));
            end_without_move(&mut cx.env, game, outcome, lead, others)
        }
        Some(_) => refuse("You have already offered a draw; it stands until the next move."),
        None => {
            if !cx
                .env
                .store
                .set_draw_offer(game.id(), game.row.ply, Some(side))?
            {
                return refuse("The game moved on; offer again if you like.");
            }
            Ok(Handled::reply(Reply {
                text: format!(
                    "{} offers a draw in game #{}: {} to accept; any move declines.",
                    cx.me.display_name,
                    game.id(),
                    cx.dialect().press("Accept draw", "draw"),
                ),
                mentions: opponent.user().into_iter().collect(),
                buttons: vec![Action::Draw(game.id()).button("Accept draw", ButtonStyle::Primary)],
                ..Reply::default()
            }))
        }
    }
}

pub(crate) fn board(cx: &mut Ctx<'_>) -> Result<Handled> {
    let game = shown_game(cx)?;
    let turn = game.pos().turn();
    Ok(Handled::reply(Reply {
        text: format!(
            "Game #{}: {}. Move {}: {} ({turn}) to move.",
            game.id(),
            game.title(),
            game.pos().fullmove_number(),
            game.seat(turn).name(),
        ),
        board: Some(game.view(None)),
        buttons: if game.side_of(cx.me.id).is_some() {
            game.buttons()
        } else {
            Vec::new()
        },
        ..Reply::default()
    }))
}

pub(crate) fn moves(cx: &mut Ctx<'_>, sq: Square) -> Result<Handled> {
    let game = shown_game(cx)?;
    let Some(piece) = game.pos().piece_at(sq) else {
        return refuse(format!("There is no piece on {sq}."));
    };
    let view_pos = game.pos().with_turn(piece.side);
    let dests: Vec<String> = view_pos
        .destinations(sq)
        .map(|to| {
            let mv = Move::new(sq, to);
            let mut s = to.to_string();
            if view_pos.piece_at(to).is_some() {
                s.push_str(" (capture)");
            } else if view_pos.leap_path(mv).is_some() {
                s.push_str(" (leap)");
            }
            s
        })
        .collect();
    let text = if dests.is_empty() {
        format!("The {piece} on {sq} has no legal move.")
    } else {
        format!("The {piece} on {sq} can go to {}.", dests.join(", "))
    };
    let mut view = game.view(None);
    view.selected = Some(sq);
    Ok(Handled::reply(Reply {
        text,
        board: Some(view),
        ..Reply::default()
    }))
}
