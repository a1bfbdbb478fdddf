//! What happens with time alone: challenges lapse, a player to move in a correspondence game
//! is reminded before their deadline, a player whose time has run out loses on time, and bot moves owed after a restart are picked up again
//! (the service claims each before it searches, so that of several processes on one database
//! one plays it).

use crate::lang::{duration_name, time_control_name, tr};
use engine::{Outcome, WinReason};
use store::Finish;

use super::buttons::challenge_button_ids;
use super::context::{ChatError, Env, language_set};
use super::event::{Outgoing, Place, Reply, Thread};
use super::game::BotTurn;
use super::game::{Game, Seat};
use super::lifecycle::end_without_move;

/// What a tick produced: messages to post and bot moves to make.
#[derive(Debug, Default)]
pub struct Ticked {
    pub messages: Vec<Outgoing>,
    pub bot_turns: Vec<(Place, BotTurn)>,
}

/// Expires challenges, ends timed-out games, and lists bot moves still owed, of the platforms
/// `serves` accepts: a process leaves alone what it could not post (another process, which runs
/// that platform, does it).
pub(crate) fn tick(
    env: &mut Env<'_>,
    out: &mut Ticked,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    expire_challenges(env, out, serves)?;
    time_out_games(env, out, serves)?;
    remind_players(env, out, serves)?;
    super::season::announce_ended(env, &mut out.messages, serves)?;
    super::tournament::run::tick(env, &mut out.messages, serves)?;
    for row in env.store.bot_turns()? {
        if !serves(&row.platform) {
            continue;
        }
        let game = Game::load(env.store, row)?;
        if let Some(turn) = game.bot_turn() {
            out.bot_turns.push((place_of(&game), turn));
        }
    }
    Ok(())
}

fn expire_challenges(
    env: &mut Env<'_>,
    out: &mut Ticked,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    for c in env.store.lapsed_challenges(env.now)? {
        if !serves(&c.platform) {
            continue;
        }
        if !env
            .store
            .close_challenge(c.id, store::ChallengeStatus::Expired, None)?
        {
            continue;
        }
        let lang = language_set(env.store, &c.platform, &c.scope).unwrap_or_default();
        let challenger = env
            .store
            .player(c.challenger_id)?
            .map(|p| p.display_name)
            .unwrap_or_default();
        let to = match c.challenged_id {
            Some(id) => env.store.player(id)?.map(|p| p.display_name),
            None => None,
        };
        let text = match to {
            Some(to) => tr!(lang, "challenge-expired-to", name = challenger, to = to),
            None => tr!(lang, "challenge-expired", name = challenger),
        };
        out.messages.push(Outgoing {
            place: Place {
                platform: c.platform,
                scope: c.scope,
                channel: c.channel,
                locale: None,
            },
            reply: Reply {
                text,
                retired_buttons: challenge_button_ids(c.id),
                ..Reply::default()
            },
        });
    }
    Ok(())
}

fn time_out_games(
    env: &mut Env<'_>,
    out: &mut Ticked,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    for row in env.store.overdue_games(env.now)? {
        if !serves(&row.platform) {
            continue;
        }
        let game = Game::load(env.store, row)?;
        if let Seat::Bot(_) = game.to_move() {
            continue; // the bot's own turn is picked up with the owed moves
        }
        let place = place_of(&game);
        let lang = language_set(env.store, &place.platform, &place.scope).unwrap_or_default();
        (env.lang, env.reader) = (lang, lang);
        if let Some(reply) = end_on_time(env, game, lang)? {
            out.messages.push(Outgoing { place, reply });
        }
    }
    Ok(())
}

/// Ends `game`, whose player to move has run out of time: aborted and unrated before both
/// sides have moved, else lost on time. `None` when another command or process ended it
/// first.
pub(crate) fn end_on_time(
    env: &mut Env<'_>,
    game: Game,
    lang: crate::lang::Lang,
) -> Result<Option<Reply>, ChatError> {
    let name = game.to_move().name(lang);
    let time = time_control_name(lang, game.row.time_control);
    if game.row.ply < 2 {
        if !env
            .store
            .finish_game(game.id(), game.row.ply, &Finish::aborted(), env.now)?
        {
            return Ok(None);
        }
        let mut view = game.view(lang, None);
        view.result = Some(tr!(lang, "result-aborted"));
        let text = tr!(
            lang,
            "timeout-aborted",
            game = game.id(),
            name = name,
            time = time
        );
        return Ok(Some(Reply {
            headline: Some(text.clone()),
            text,
            board: Some(view),
            retired_buttons: game.button_ids(),
            mentions: game.users(),
            thread: Some(Thread::Close),
            ..Reply::default()
        }));
    }
    let outcome = Outcome::Win {
        winner: game.pos().turn().other(),
        reason: WinReason::Timeout,
    };
    let lead = tr!(lang, "timeout-lost", name = name, time = time);
    let mentions = game.users();
    match end_without_move(env, game, outcome, lead, mentions) {
        Ok(mut h) => Ok(Some(h.replies.remove(0))),
        Err(ChatError::Refuse(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Reminds the player to move in a correspondence game, in a new message that mentions only
/// them, when a reminder falls due (a day and an hour before the deadline, as the time control
/// says), at most once each. The mark is set before the message is made, so that of several
/// processes one sends it; a player who turned notifications off is not reminded.
fn remind_players(
    env: &mut Env<'_>,
    out: &mut Ticked,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    for row in env.store.reminders_due(env.now)? {
        let Some(due) = row.next_reminder else {
            continue;
        };
        let next = row
            .time_control
            .next_reminder(row.deadline, due.max(env.now));
        if !serves(&row.platform) || !env.store.mark_reminded(row.id, due, next)? {
            continue;
        }
        let game = Game::load(env.store, row)?;
        let Some(user) = game.turn_mention(game.pos().turn()) else {
            continue;
        };
        let place = place_of(&game);
        let lang = language_set(env.store, &place.platform, &place.scope).unwrap_or_default();
        let reply = Reply {
            text: tr!(
                lang,
                "turn-reminder",
                game = game.id(),
                left = duration_name(lang, game.row.deadline - env.now)
            ),
            mentions: vec![user],
            game: Some(game.id()),
            ..Reply::default()
        };
        out.messages.push(Outgoing { place, reply });
    }
    Ok(())
}

fn place_of(game: &Game) -> Place {
    Place {
        platform: game.row.platform.clone(),
        scope: game.row.scope.clone(),
        channel: game.row.channel.clone(),
        locale: None,
    }
}
