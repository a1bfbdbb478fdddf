//! How a game moves and ends, whoever causes it (a player, the bot, a timer): a move checked,
//! committed and announced; an ending with its rating changes; the announcement of a new game.

use crate::engine::{DrawReason, Move, Outcome, Side, WinReason};
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
    let mover = game.to_move().clone();
    let step = Step::play(game.pos(), mv);
    let outcome = step.after.outcome();
    let finish = outcome.map(|o| finish_for(env, &game, o));
    if !env
        .store
        .commit_move(game.id(), game.row.ply, &step, env.now, finish.as_ref())?
    {
        return refuse("That move came too late: the game has already moved on.");
    }
    metrics::counter!(crate::metrics::MOVES).increment(1);
    let mut game = game;
    let row = &mut game.row;
    row.position = step.after;
    row.ply += 1;
    row.moves.push(mv);
    row.captures.push(step.captured);
    row.history.push(step.before);
    row.draw_offer = None;
    row.takeback_offer = None;
    let mut text = format!("{} played {mv}", mover.name());
    if let Some(c) = step.captured {
        text.push_str(&format!(", capturing the {}", c.animal));
    }
    text.push('.');
    if let (Some(o), Some(f)) = (outcome, finish.as_ref()) {
        let others = others_than(&game, &mover);
        return Ok(Handled::reply(end_reply(&game, o, f, text, others)));
    }
    let to_move = game.to_move();
    if let Seat::Human(_) = to_move {
        text.push_str(&format!(" Your move ({}).", game.pos().turn()));
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
        analysis: None,
    })
}

/// The players of `game` other than `seat` (whom a reply about what `seat` did should tell).
pub(crate) fn others_than(game: &Game, seat: &Seat) -> Vec<User> {
    Side::ALL
        .into_iter()
        .map(|s| game.seat(s))
        .filter(|s| !seat.player().is_some_and(|p| s.is(p.id)))
        .filter_map(Seat::user)
        .collect()
}

/// Ends a game by resignation, agreement or time-out, guarded by its ply; the reply starts
/// with `lead` (what happened) and tells `mentions`.
pub(crate) fn end_without_move(
    env: &mut Env<'_>,
    game: Game,
    outcome: Outcome,
    lead: String,
    mentions: Vec<User>,
) -> Result<Handled> {
    let finish = finish_for(env, &game, outcome);
    if !env
        .store
        .finish_game(game.id(), game.row.ply, &finish, env.now)?
    {
        return refuse("The game moved on before that arrived; try again.");
    }
    Ok(Handled::reply(end_reply(
        &game, outcome, &finish, lead, mentions,
    )))
}

/// Who won game #N and how, as one sentence (resignations and time-outs are said by the lead).
fn result_sentence(game: &Game, outcome: Outcome) -> String {
    let id = game.id();
    match outcome {
        Outcome::Win { winner, reason } => {
            let how = match reason {
                WinReason::Den => " by entering the den".to_string(),
                WinReason::AllCaptured => " by capturing every animal".to_string(),
                WinReason::NoMoves => format!(": {} has no legal move", winner.other()),
                WinReason::Resignation | WinReason::Timeout => String::new(),
            };
            format!(
                "{} wins game #{id} as {winner}{how}.",
                game.seat(winner).name()
            )
        }
        Outcome::Draw {
            reason: DrawReason::NoCaptureLimit,
        } => format!("Game #{id} is drawn: 100 half-moves without a capture."),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => format!("Game #{id} is drawn by agreement."),
    }
}

/// The closing message: what happened, who won and how, and each player's rating change.
pub(crate) fn end_reply(
    game: &Game,
    outcome: Outcome,
    finish: &Finish,
    lead: String,
    mentions: Vec<User>,
) -> Reply {
    let mut text = format!("{lead} {}", result_sentence(game, outcome));
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
    } else if !game.row.rated {
        text.push_str(" It was a casual game: ratings stay as they were.");
    }
    Reply {
        text,
        board: Some(game.view(Some(outcome))),
        mentions,
        retired_buttons: game.button_ids(),
        ..Reply::default()
    }
}

/// The rating changes an outcome brings (games against the bot rate the human only; casual
/// games rate nobody).
pub(crate) fn finish_for(env: &Env<'_>, game: &Game, outcome: Outcome) -> Finish {
    if !game.row.rated {
        return Finish {
            outcome: Some(outcome),
            changes: Vec::new(),
        };
    }
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

/// The announcement of a new game, and the bot's first move if it plays Jade. It speaks to
/// the player who moves first (or, against the bot moving first, to the player).
pub(crate) fn game_started(env: &Env<'_>, row: GameRow) -> Result<Handled> {
    let game = Game::load(env.store, row)?;
    let dialect = env.settings.dialect(&game.row.platform);
    let kind = if game.row.rated { "" } else { " (casual)" };
    let first = game.seat(Side::Jade);
    let second = game.seat(Side::Crimson);
    let (text, mentions) = match (first, second) {
        (Seat::Bot(_), _) => (
            format!(
                "Game #{}{kind} starts: you play Crimson against {}, which moves first.",
                game.id(),
                first.name()
            ),
            second.user().into_iter().collect::<Vec<User>>(),
        ),
        (Seat::Human(_), _) => (
            format!(
                "Game #{}{kind} starts: you play Jade against {} and move first. {}.",
                game.id(),
                second.name(),
                capitalize(&dialect.how_to_move())
            ),
            first.user().into_iter().collect(),
        ),
    };
    Ok(Handled {
        replies: vec![Reply {
            text,
            board: Some(game.view(None)),
            mentions,
            buttons: game.buttons(),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
        analysis: None,
    })
}
