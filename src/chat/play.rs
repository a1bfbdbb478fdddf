//! Playing a game: the sender's moves, resigning, draws, the board and a piece's moves.

use crate::lang::{piece_name, tr};
use engine::{DrawReason, Move, Outcome, Square, WinReason};

use super::buttons::Action;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{ButtonStyle, Reply};
use super::game::{Game, Seat, side as side_name};
use super::lifecycle::{apply_move, end_without_move, others_than};
use super::lookup::{my_game, shown_game};
use super::step::MoveText;

pub(crate) fn play_move(cx: &mut Ctx<'_>, mv: MoveText, plain: bool) -> Result<Handled> {
    let store = cx.env.store;
    let Some(row) = store.active_game_of(cx.platform(), cx.channel(), cx.me.id)? else {
        if plain {
            return Ok(Handled::default());
        }
        return refuse(tr!(cx.reader(), "no-game-here"));
    };
    let game = Game::load(store, row)?;
    if game.side_of(cx.me.id) != Some(game.pos().turn()) {
        let (turn, lang) = (game.pos().turn(), cx.reader());
        return refuse(tr!(
            lang,
            "not-your-turn",
            name = game.seat(turn).name(lang),
            side = side_name(lang, turn)
        ));
    }
    // A step (`虎上`) names its move on the board as the players see it.
    match mv.resolve(game.pos(), game.flipped()) {
        Ok(mv) => apply_move(&mut cx.env, game, mv),
        Err(e) => refuse(e.text(cx.reader())),
    }
}

/// Resigns; unconfirmed (a Resign button), asks first, privately, with a button that resigns.
pub(crate) fn resign(cx: &mut Ctx<'_>, id: Option<i64>, confirmed: bool) -> Result<Handled> {
    let game = my_game(cx, id)?;
    let side = game.side_of(cx.me.id).expect("my_game checks the seat");
    if !confirmed {
        let lang = cx.reader();
        return Ok(Handled::reply(Reply {
            text: tr!(lang, "resign-confirm", game = game.id()),
            buttons: vec![Action::ConfirmResign(game.id()).button(
                lang,
                "button-confirm-resign",
                ButtonStyle::Danger,
            )],
            private: true,
            ..Reply::default()
        }));
    }
    let outcome = Outcome::Win {
        winner: side.other(),
        reason: WinReason::Resignation,
    };
    let lead = tr!(cx.lang(), "resigned", name = &cx.me.display_name);
    let others = others_than(&game, game.seat(side));
    end_without_move(&mut cx.env, game, outcome, lead, others)
}

pub(crate) fn draw(cx: &mut Ctx<'_>, id: Option<i64>) -> Result<Handled> {
    let game = my_game(cx, id)?;
    let side = game.side_of(cx.me.id).expect("my_game checks the seat");
    let opponent = game.seat(side.other()).clone();
    if let Seat::Bot(_) = opponent {
        return Ok(Handled::reply(Reply::text(tr!(
            cx.lang(),
            "bot-declines-draw"
        ))));
    }
    match game.row.draw_offer {
        Some(s) if s == side.other() => {
            let outcome = Outcome::Draw {
                reason: DrawReason::Agreement,
            };
            let lead = tr!(cx.lang(), "draw-accepted", name = &cx.me.display_name);
            let others = others_than(&game, game.seat(side));
            end_without_move(&mut cx.env, game, outcome, lead, others)
        }
        Some(_) => refuse(tr!(cx.reader(), "draw-already-offered")),
        None => {
            if !cx
                .env
                .store
                .set_draw_offer(game.id(), game.row.ply, Some(side))?
            {
                return refuse(tr!(cx.reader(), "draw-moved-on"));
            }
            let lang = cx.lang();
            Ok(Handled::reply(Reply {
                text: tr!(
                    lang,
                    "draw-offered",
                    name = &cx.me.display_name,
                    game = game.id(),
                    accept = cx.dialect().press(lang, "button-accept-draw", "draw")
                ),
                mentions: opponent.user().into_iter().collect(),
                buttons: vec![Action::Draw(game.id()).button(
                    lang,
                    "button-accept-draw",
                    ButtonStyle::Primary,
                )],
                ..Reply::default()
            }))
        }
    }
}

pub(crate) fn board(cx: &mut Ctx<'_>) -> Result<Handled> {
    let game = shown_game(cx)?;
    let turn = game.pos().turn();
    let lang = cx.lang();
    Ok(Handled::reply(Reply {
        text: tr!(
            lang,
            "board-status",
            game = game.id(),
            title = game.title(lang),
            number = game.pos().fullmove_number(),
            name = game.seat(turn).name(lang)
        ),
        board: Some(game.view(lang, None)),
        buttons: if game.side_of(cx.me.id).is_some() {
            game.buttons(lang)
        } else {
            Vec::new()
        },
        picker: game.side_of(cx.me.id).and_then(|_| game.picker(lang)),
        ..Reply::default()
    }))
}

pub(crate) fn moves(cx: &mut Ctx<'_>, sq: Square) -> Result<Handled> {
    let game = shown_game(cx)?;
    let Some(piece) = game.pos().piece_at(sq) else {
        return refuse(tr!(
            cx.reader(),
            "illegal-no-piece",
            square = sq.to_string()
        ));
    };
    let lang = cx.lang();
    let view_pos = game.pos().with_turn(piece.side);
    let dests: Vec<String> = view_pos
        .destinations(sq)
        .map(|to| {
            let mv = Move::new(sq, to);
            let square = to.to_string();
            if view_pos.piece_at(to).is_some() {
                tr!(lang, "destination-capture", square = square)
            } else if view_pos.leap_path(mv).is_some() {
                tr!(lang, "destination-leap", square = square)
            } else {
                square
            }
        })
        .collect();
    let (piece, square) = (piece_name(lang, piece), sq.to_string());
    let text = if dests.is_empty() {
        tr!(lang, "piece-stuck", piece = piece, square = square)
    } else {
        tr!(
            lang,
            "piece-can-go",
            piece = piece,
            square = square,
            squares = dests.join(&tr!(lang, "list-separator"))
        )
    };
    let mut view = game.view(lang, None);
    view.selected = Some(sq);
    Ok(Handled::reply(Reply {
        text,
        board: Some(view),
        ..Reply::default()
    }))
}
