//! How a game moves and ends, whoever causes it (a player, the bot, a timer): a move checked,
//! committed and announced; an ending with its rating changes; the announcement of a new game.

use crate::engine::{Move, Outcome, Side};
use crate::rating::{self, Rated};
use crate::store::{Finish, GameRow, RatingChange, Step};

use super::context::{Env, Handled, Result, refuse};
use super::event::{Reply, User};
use super::game::{Game, Seat, capitalize};

/// Checks, commits and announces a move by whoever is to move (player or bot).
pub(crate) fn apply_move(env: &mut Env<'_>, game: Game, mv: Move) -> Result<Handled> {
    if let Err(why) = game.pos().check_move(mv) {
        return refuse(capitalize(&why.to_string()) + ".");
    }
    let mover = game.to_move().name();
    let step = Step::play(game.pos(), mv);
    let outcome = step.after.outcome();
    let finish = outcome.map(|o| finish_for(env, &game, o));
    if !env
        .store
        .commit_move(game.id(), game.row.ply, &step, env.now, finish.as_ref())?
    {
        return refuse("That move came too late: the game has already moved on.");
    }
    let mut game = game;
    let row = &mut game.row;
    row.position = step.after;
    row.ply += 1;
    row.moves.push(mv);
    row.captures.push(step.captured);
    row.history.push(step.before);
    let mut text = format!("{mover} played {mv}");
    if let Some(c) = step.captured {
        text.push_str(&format!(", capturing the {}", c.animal));
    }
    text.push('.');
    if let (Some(o), Some(f)) = (outcome, finish.as_ref()) {
        return Ok(Handled::reply(end_reply(&game, o, f, text)));
    }
    let to_move = game.to_move();
    if let Seat::Human(_) = to_move {
        text.push_str(&format!(
            " {} ({}) to move.",
            to_move.name(),
            game.pos().turn()
        ));
    }
    Ok(Handled {
        replies: vec![Reply {
            text,
            board: Some(game.view(None)),
            mentions: to_move.user().into_iter().collect(),
            buttons: game.buttons(),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
    })
}

/// Ends a game by resignation, agreement or time-out, guarded by its ply.
pub(crate) fn end_without_move(
    env: &mut Env<'_>,
    game: Game,
    outcome: Outcome,
    lead: String,
) -> Result<Handled> {
    let finish = finish_for(env, &game, outcome);
    if !env
        .store
        .finish_game(game.id(), game.row.ply, &finish, env.now)?
    {
        return refuse("The game moved on before that arrived; try again.");
    }
    Ok(Handled::reply(end_reply(&game, outcome, &finish, lead)))
}

/// The closing message: who won and how, and each player's rating change.
pub(crate) fn end_reply(game: &Game, outcome: Outcome, finish: &Finish, lead: String) -> Reply {
    let mut text = format!(
        "{lead} Game #{} is over: {}.",
        game.id(),
        capitalize(&outcome.to_string())
    );
    let changes: Vec<String> = finish
        .changes
        .iter()
        .filter_map(|c| {
            let seat = Side::ALL
                .into_iter()
                .map(|s| game.seat(s))
                .find(|s| s.is(c.player_id))?;
            Some(format!(
                "{} {} → {} ({:+})",
                seat.name(),
                c.before,
                c.after,
                c.after - c.before
            ))
        })
        .collect();
    if !changes.is_empty() {
        text.push_str(&format!(" Ratings: {}.", changes.join(", ")));
    }
    Reply {
        text,
        board: Some(game.view(Some(outcome))),
        mentions: game.users(),
        retired_buttons: game.button_ids(),
        ..Reply::default()
    }
}

/// The rating changes an outcome brings (games against the bot rate the human only).
pub(crate) fn finish_for(env: &Env<'_>, game: &Game, outcome: Outcome) -> Finish {
    let rated_of = |seat: &Seat| match seat {
        Seat::Human(p) => Rated {
            rating: p.rating,
            games: p.rated_games,
        },
        Seat::Bot(level) => Rated {
            rating: env.settings.bot_rating(*level),
            games: u32::MAX,
        },
    };
    let jade_score = outcome.jade_score();
    let (dj, dc) = rating::game_deltas(rated_of(&game.jade), rated_of(&game.crimson), jade_score);
    let changes = [
        (&game.jade, dj, jade_score),
        (&game.crimson, dc, 1.0 - jade_score),
    ]
    .into_iter()
    .filter_map(|(seat, delta, score)| {
        seat.player().map(|p| RatingChange {
            player_id: p.id,
            before: p.rating,
            after: p.rating + delta,
            score,
        })
    })
    .collect();
    Finish {
        outcome: Some(outcome),
        changes,
    }
}

/// The announcement of a new game, and the bot's first move if it plays Jade.
pub(crate) fn game_started(env: &Env<'_>, row: GameRow) -> Result<Handled> {
    let game = Game::load(env.store, row)?;
    let first = game.seat(Side::Jade);
    let mut text = format!("Game #{} starts: {}.", game.id(), game.title());
    match first {
        Seat::Bot(_) => text.push_str(" I move first as Jade."),
        Seat::Human(_) => text.push_str(&format!(
            " {}, you play Jade and move first: type a move like `G7 G6` or `{} move G7 G6`.",
            first.name(),
            env.settings.prefix
        )),
    }
    let mentions: Vec<User> = first.user().into_iter().collect();
    Ok(Handled {
        replies: vec![Reply {
            text,
            board: Some(game.view(None)),
            mentions,
            buttons: game.buttons(),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
    })
}
