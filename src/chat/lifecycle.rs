//! How a game moves and ends, whoever causes it (a player, the bot, a timer): a move checked,
//! committed and announced; an ending with its rating changes; the announcement of a new game.

use crate::lang::{animal_name, illegal_move, time_control_name, tr};
use crate::rating::{self, Rated};
use engine::{DrawReason, Move, Outcome, Side, WinReason};
use store::{Finish, GameRow, RatingChange, Step, Timing};

use super::buttons::Action;
use super::context::{Env, Handled, Result, refuse};
use super::dialect::Dialect;
use super::event::{ButtonStyle, Reply, Thread, User};
use super::game::{Game, Seat, side};
use crate::lang::Lang;

/// Checks, commits and announces a move by whoever is to move (player or bot).
///
/// A move that comes after its side's time ran out is not played: the game ends on time.
pub(crate) fn apply_move(env: &mut Env<'_>, game: Game, mv: Move) -> Result<Handled> {
    if game.row.flagged(env.now) {
        let lang = env.lang;
        return match super::timers::end_on_time(env, game, lang)? {
            Some(reply) => Ok(Handled::reply(reply)),
            None => refuse(tr!(env.reader, "game-moved-on")),
        };
    }
    if let Err(why) = game.pos().check_move(mv) {
        return refuse(illegal_move(env.reader, why));
    }
    let mover = game.to_move().clone();
    let bot_next = matches!(game.seat(game.pos().turn().other()), Seat::Bot(_));
    let timing = Timing::after_move(&game.row, env.now, bot_next);
    // In a live game, a player whose own move (or the start) came within the last minute is
    // watching the game: their turn needs no ping.
    let watching =
        game.row.time_control.is_live() && env.now - game.row.last_move_at < WATCHING_SECS;
    let step = Step::play(game.pos(), mv);
    let outcome = step.after.outcome();
    let finish = outcome.map(|o| finish_for(env, &game, o));
    if !env
        .store
        .commit_seen_move(&game.row, &step, env.now, finish.as_ref())?
    {
        return refuse(tr!(env.reader, "move-too-late"));
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
    row.last_move_at = env.now;
    (row.clocks, row.deadline, row.next_reminder) =
        (timing.clocks, timing.deadline, timing.next_reminder);
    let lang = env.lang;
    let (name, mv_text) = (mover.name(lang), mv.to_string());
    let played = match step.captured {
        Some(c) => tr!(
            lang,
            "played-capture",
            name = name,
            mv = mv_text,
            animal = animal_name(lang, c.animal)
        ),
        None => tr!(lang, "played", name = name, mv = mv_text),
    };
    if let (Some(o), Some(f)) = (outcome, finish.as_ref()) {
        let others = others_than(&game, &mover);
        let dialect = game_dialect(env, &game);
        return Ok(Handled::reply(end_reply(
            (lang, &dialect),
            &game,
            o,
            f,
            played,
            others,
        )));
    }
    let to_move = game.to_move();
    let text = match to_move {
        Seat::Human(_) => tr!(
            lang,
            "played-your-move",
            played = played,
            side = side(lang, game.pos().turn())
        ),
        Seat::Bot(_) => played,
    };
    Ok(Handled {
        replies: vec![Reply {
            text,
            board: Some(game.view(lang, None)),
            // Not read at all for a player who is watching.
            mentions: game
                .turn_mention(game.pos().turn())
                .filter(|_| !watching)
                .into_iter()
                .collect(),
            buttons: game.buttons(lang),
            picker: game.picker(lang),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
        analysis: None,
    })
}

/// How recently a player in a live game acted for the game to count them as watching.
const WATCHING_SECS: i64 = 60;

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
        return refuse(tr!(env.reader, "game-moved-on"));
    }
    let dialect = game_dialect(env, &game);
    Ok(Handled::reply(end_reply(
        (env.lang, &dialect),
        &game,
        outcome,
        &finish,
        lead,
        mentions,
    )))
}

/// How commands are written where `game` is played.
fn game_dialect(env: &Env<'_>, game: &Game) -> Dialect {
    env.settings.dialect(&game.row.platform, &game.row.scope)
}

/// Who won game #N and how, as one sentence (resignations and time-outs are said by the lead).
fn result_sentence(lang: Lang, game: &Game, outcome: Outcome) -> String {
    let id = game.id();
    match outcome {
        Outcome::Win { winner, reason } => {
            let (name, as_side) = (game.seat(winner).name(lang), side(lang, winner));
            match reason {
                WinReason::Den => tr!(lang, "won-den", name = name, side = as_side, game = id),
                WinReason::AllCaptured => {
                    tr!(
                        lang,
                        "won-all-captured",
                        name = name,
                        side = as_side,
                        game = id
                    )
                }
                WinReason::NoMoves => tr!(
                    lang,
                    "won-no-moves",
                    name = name,
                    side = as_side,
                    game = id,
                    loser = side(lang, winner.other())
                ),
                WinReason::Resignation | WinReason::Timeout => {
                    tr!(lang, "won", name = name, side = as_side, game = id)
                }
            }
        }
        Outcome::Draw {
            reason: DrawReason::NoCaptureLimit,
        } => tr!(lang, "drawn-limit", game = id),
        Outcome::Draw {
            reason: DrawReason::Agreement,
        } => tr!(lang, "drawn-agreed", game = id),
    }
}

/// The closing message: what happened, who won and how, and each player's rating change.
pub(crate) fn end_reply(
    (lang, dialect): (Lang, &Dialect),
    game: &Game,
    outcome: Outcome,
    finish: &Finish,
    lead: String,
    mentions: Vec<User>,
) -> Reply {
    let result = result_sentence(lang, game, outcome);
    let changes: Vec<String> = finish
        .changes
        .iter()
        .filter_map(|c| {
            let seat = Side::ALL
                .into_iter()
                .map(|s| game.seat(s))
                .find(|s| s.is(c.player_id))?;
            Some(tr!(
                lang,
                "rating-change",
                name = seat.name(lang),
                before = c.before,
                after = c.after,
                delta = format!("{:+}", c.after - c.before)
            ))
        })
        .collect();
    let text = if !changes.is_empty() {
        tr!(
            lang,
            "game-end-rated",
            lead = lead,
            result = result,
            changes = changes.join(&tr!(lang, "list-separator"))
        )
    } else if !game.row.rated {
        tr!(lang, "game-end-casual", lead = lead, result = result)
    } else {
        tr!(lang, "game-end", lead = lead, result = result)
    };
    // Where the game had a thread, the channel reads this much of its end.
    let headline = text.clone();
    // Between people, the same game again is one press (or one command) away.
    let people = matches!(
        (&game.jade, &game.crimson),
        (Seat::Human(_), Seat::Human(_))
    );
    let (text, buttons) = if people {
        let rematch = dialect.press(lang, "button-rematch", "rematch");
        (
            tr!(lang, "game-end-rematch", text = text, rematch = rematch),
            vec![Action::Rematch(game.id()).button(lang, "button-rematch", ButtonStyle::Primary)],
        )
    } else {
        (text, Vec::new())
    };
    Reply {
        text,
        board: Some(game.view(lang, Some(outcome))),
        mentions,
        buttons,
        retired_buttons: game.button_ids(),
        // Where the game had a thread, the channel reads the result.
        thread: Some(Thread::Close),
        headline: Some(headline),
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
    let lang = env.lang;
    let dialect = game_dialect(env, &game);
    let casual = if game.row.rated { "rated" } else { "casual" };
    let first = game.seat(Side::Jade);
    let second = game.seat(Side::Crimson);
    let (text, mentions) = match (first, second) {
        (Seat::Bot(_), _) => (
            tr!(
                lang,
                "game-starts-bot-first",
                game = game.id(),
                kind = casual,
                bot = first.name(lang),
                time = time_control_name(lang, game.row.time_control)
            ),
            game.turn_mention(Side::Crimson)
                .into_iter()
                .collect::<Vec<User>>(),
        ),
        (Seat::Human(_), _) => (
            tr!(
                lang,
                "game-starts",
                game = game.id(),
                kind = casual,
                opponent = second.name(lang),
                time = time_control_name(lang, game.row.time_control),
                how = dialect.how_to_move(lang)
            ),
            game.turn_mention(Side::Jade).into_iter().collect(),
        ),
    };
    Ok(Handled {
        replies: vec![Reply {
            text,
            board: Some(game.view(lang, None)),
            mentions,
            buttons: game.buttons(lang),
            picker: game.picker(lang),
            ..Reply::default()
        }],
        bot_turn: game.bot_turn(),
        analysis: None,
    })
}
