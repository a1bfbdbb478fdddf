//! What happens with time alone: challenges lapse, a player to move is reminded before their
//! game ends on time, silent games end, and bot moves owed after a restart are picked up again
//! (the service claims each before it searches, so that of several processes on one database
//! one plays it).

use crate::lang::tr;
use engine::{Outcome, WinReason};
use store::Finish;

use super::buttons::challenge_button_ids;
use super::context::{ChatError, Env, language_set};
use super::event::{Outgoing, Place, Reply};
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
    let deadline = env.now - env.settings.move_timeout_secs;
    for row in env.store.stale_games(deadline)? {
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
        let name = game.to_move().name(lang);
        let hours = env.settings.move_timeout_secs as f64 / 3600.0;
        let hours = hours.to_string();
        let reply = if game.row.ply < 2 {
            if !env
                .store
                .finish_game(game.id(), game.row.ply, &Finish::aborted(), env.now)?
            {
                continue;
            }
            let mut view = game.view(lang, None);
            view.result = Some(tr!(lang, "result-aborted"));
            Reply {
                text: tr!(
                    lang,
                    "timeout-aborted",
                    game = game.id(),
                    name = name,
                    hours = hours
                ),
                board: Some(view),
                retired_buttons: game.button_ids(),
                mentions: game.users(),
                ..Reply::default()
            }
        } else {
            let outcome = Outcome::Win {
                winner: game.pos().turn().other(),
                reason: WinReason::Timeout,
            };
            let lead = tr!(lang, "timeout-lost", name = name, hours = hours);
            let mentions = game.users();
            match end_without_move(env, game, outcome, lead, mentions) {
                Ok(mut h) => h.replies.remove(0),
                Err(ChatError::Refuse(_)) => continue,
                Err(e) => return Err(e),
            }
        };
        out.messages.push(Outgoing { place, reply });
    }
    Ok(())
}

/// How long before a game ends on time its player to move is reminded: an hour, or a quarter
/// of the time a move may take when that is under two hours.
pub fn reminder_lead(move_timeout_secs: i64) -> i64 {
    if move_timeout_secs >= 2 * 3600 {
        3600
    } else {
        move_timeout_secs / 4
    }
}

/// Reminds the player to move, once per move and in a new message that mentions only them,
/// when the time they have left falls to [`reminder_lead`]. The mark is set before the message
/// is made, so that of several processes one sends it.
fn remind_players(
    env: &mut Env<'_>,
    out: &mut Ticked,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    let timeout = env.settings.move_timeout_secs;
    let lead = reminder_lead(timeout);
    if lead <= 0 {
        return Ok(());
    }
    for row in env.store.unreminded_games(env.now - (timeout - lead))? {
        if !serves(&row.platform) || !env.store.mark_reminded(row.id, row.last_move_at)? {
            continue;
        }
        let game = Game::load(env.store, row)?;
        let Some(user) = super::notify::turn_mention(env.store, game.to_move()) else {
            continue;
        };
        let place = place_of(&game);
        let lang = language_set(env.store, &place.platform, &place.scope).unwrap_or_default();
        let left = (game.row.last_move_at + timeout - env.now).max(60);
        let reply = Reply {
            text: tr!(
                lang,
                "turn-reminder",
                game = game.id(),
                minutes = (left + 59) / 60
            ),
            mentions: vec![user],
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
