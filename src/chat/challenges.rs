//! Starting games: challenges between players (open or addressed), accepting, declining,
//! cancelling, games against the bot, and rematches. Each reads as: load, decide, commit,
//! reply.

use crate::lang::{Arg, time_control_name, tr};
use engine::{Position, Side, TimeControl};
use store::{ChallengeRow, ChallengeStatus, NewChallenge, NewGame, PlayerRow, StoreError};

use super::bot::Level;
use super::buttons::{challenge_button_ids, challenge_buttons};
use super::command::SideChoice;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{Reply, Thread, User};
use super::game::{Game, Seat};
use super::lifecycle::game_started;
use super::lookup::{busy, coin, ensure_free, resolve_user};

pub(crate) fn challenge(
    cx: &mut Ctx<'_>,
    opponent: Option<&str>,
    side: SideChoice,
    casual: bool,
    time: Option<TimeControl>,
) -> Result<Handled> {
    let target = match opponent {
        Some(token) => Some(resolve_user(cx, token)?),
        None => None,
    };
    if target.as_ref().is_some_and(|t| t.id == cx.me.id) {
        return refuse(tr!(
            cx.reader(),
            "challenge-yourself",
            command = cx.cmd(cx.reader(), "play bot")
        ));
    }
    let time = match time {
        Some(t) => t,
        None => place_time(cx)?,
    };
    offer(cx, target, (side, time), casual, None)
}

/// The time control of new games here: a moderator's choice, else the operator's.
pub(crate) fn place_time(cx: &Ctx<'_>) -> Result<TimeControl> {
    Ok(cx
        .env
        .store
        .default_time_control(cx.platform(), cx.scope())?
        .unwrap_or(cx.env.settings.time_control))
}

/// Posts a challenge to `target` (anyone, when `None`) on the challenger's side and clock;
/// `rematch_of` names the game it plays again.
fn offer(
    cx: &mut Ctx<'_>,
    target: Option<PlayerRow>,
    (side, time): (SideChoice, TimeControl),
    casual: bool,
    rematch_of: Option<i64>,
) -> Result<Handled> {
    ensure_free(cx, &cx.me)?;
    if let Some(t) = &target {
        ensure_free(cx, t)?;
    }
    let expiry = cx.env.settings.challenge_expiry_secs;
    let place = &cx.ev.place;
    let created = cx.env.store.create_challenge(&NewChallenge {
        platform: &place.platform,
        scope: &place.scope,
        channel: &place.channel,
        challenger_id: cx.me.id,
        challenged_id: target.as_ref().map(|t| t.id),
        side: side.side(),
        rated: !casual,
        time_control: time,
        now: cx.now(),
        expires_at: cx.now().saturating_add(expiry),
        answers_theirs: rematch_of.is_some(),
    });
    let c = match created {
        // The other player offered the rematch first: this accepts it.
        Err(StoreError::Crossed(id)) => return accept(cx, Some(id), None),
        Err(StoreError::AlreadyOpen(id)) => {
            return refuse(tr!(
                cx.reader(),
                "challenge-already-open",
                challenge = id,
                command = cx.cmd(cx.reader(), "cancel")
            ));
        }
        other => other?,
    };
    let minutes = expiry / 60;
    let me = &cx.me.display_name;
    let lang = cx.lang();
    let side = match side {
        SideChoice::Random => "random",
        SideChoice::Jade => "jade",
        SideChoice::Crimson => "crimson",
    };
    let kind = if casual { "casual" } else { "rated" };
    let clock = time_control_name(lang, time);
    let d = cx.dialect();
    let (text, mentions) = match &target {
        Some(t) => {
            // A rematch names the game it plays again; the offer is otherwise a challenge's.
            let id = match rematch_of {
                Some(_) => "rematch-offer",
                None => "challenge-to-you",
            };
            let text = lang.tr(
                id,
                &[
                    ("name", Arg::from(me)),
                    ("game", Arg::from(rematch_of.unwrap_or_default())),
                    ("kind", Arg::from(kind)),
                    ("side", Arg::from(side)),
                    (
                        "accept",
                        Arg::from(d.press(lang, "button-accept", "accept")),
                    ),
                    (
                        "decline",
                        Arg::from(d.press(lang, "button-decline", "decline")),
                    ),
                    ("minutes", Arg::from(minutes)),
                    ("time", Arg::from(clock)),
                ],
            );
            (text, vec![User::new(&t.user_id, &t.display_name)])
        }
        None => (
            tr!(
                lang,
                "challenge-open",
                name = me,
                kind = kind,
                side = side,
                accept = d.press(lang, "button-accept", "accept"),
                minutes = minutes,
                time = clock
            ),
            Vec::new(),
        ),
    };
    Ok(Handled::reply(Reply {
        text,
        mentions,
        buttons: challenge_buttons(lang, c.id),
        ..Reply::default()
    }))
}

/// Which challenges a command may pick.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Whose {
    /// The sender's own (cancel).
    Mine,
    /// Someone else's, addressed to the sender or open (accept, decline).
    ForMe,
}

/// The challenge a command or button means, checked to be open.
fn pick_challenge(
    cx: &mut Ctx<'_>,
    id: Option<i64>,
    from: Option<&str>,
    whose: Whose,
) -> Result<ChallengeRow> {
    if let Some(id) = id {
        // A challenge is answered where it was posted.
        let c = match cx.env.store.challenge(id)? {
            Some(c) if c.platform == cx.platform() && c.channel == cx.channel() => c,
            _ => return refuse(tr!(cx.reader(), "no-such-challenge", challenge = id)),
        };
        if c.status != ChallengeStatus::Open || c.expires_at <= cx.now() {
            let state = if c.status == ChallengeStatus::Open {
                "expired"
            } else {
                c.status.as_str()
            };
            return refuse(tr!(cx.reader(), "challenge-closed-was", state = state));
        }
        return Ok(c);
    }
    let from_id = match from {
        Some(token) => Some(resolve_user(cx, token)?.id),
        None => None,
    };
    let open = cx
        .env
        .store
        .open_challenges(cx.platform(), cx.channel(), cx.now())?;
    let me = cx.me.id;
    let found = match whose {
        Whose::Mine => open.into_iter().find(|c| c.challenger_id == me),
        Whose::ForMe => {
            // Those addressed to the sender first, then open ones; newest first within each.
            let theirs: Vec<ChallengeRow> = open
                .into_iter()
                .filter(|c| c.challenger_id != me && from_id.is_none_or(|f| c.challenger_id == f))
                .collect();
            let addressed = theirs.iter().find(|c| c.challenged_id == Some(me));
            let anyone = theirs.iter().find(|c| c.challenged_id.is_none());
            addressed.or(anyone).cloned()
        }
    };
    match (found, whose) {
        (Some(c), _) => Ok(c),
        (None, Whose::Mine) => refuse(tr!(cx.reader(), "no-own-challenge")),
        (None, Whose::ForMe) => refuse(tr!(cx.reader(), "no-challenge-for-you")),
    }
}

fn challenger_of(cx: &Ctx<'_>, c: &ChallengeRow) -> Result<PlayerRow> {
    cx.env.store.player(c.challenger_id)?.ok_or_else(|| {
        StoreError::Corrupt {
            table: "challenges",
            detail: format!("challenge {} names a missing player", c.id),
        }
        .into()
    })
}

pub(crate) fn accept(cx: &mut Ctx<'_>, id: Option<i64>, from: Option<&str>) -> Result<Handled> {
    let c = pick_challenge(cx, id, from, Whose::ForMe)?;
    let challenger = challenger_of(cx, &c)?;
    if c.challenger_id == cx.me.id {
        return refuse(tr!(
            cx.reader(),
            "accept-own-challenge",
            command = cx.cmd(cx.reader(), "cancel")
        ));
    }
    if let Some(target) = c.challenged_id
        && target != cx.me.id
    {
        let name = cx
            .env
            .store
            .player(target)?
            .map(|p| p.display_name)
            .unwrap_or_default();
        return refuse(tr!(cx.reader(), "challenge-for-other", name = name));
    }
    ensure_free(cx, &cx.me)?;
    ensure_free(cx, &challenger)?;
    let challenger_side = c.side.unwrap_or_else(|| coin(c.id, cx.me.id, cx.now()));
    let (jade, crimson) = match challenger_side {
        Side::Jade => (challenger.id, cx.me.id),
        Side::Crimson => (cx.me.id, challenger.id),
    };
    let start = Position::start();
    let new = new_game(
        cx,
        &start,
        (Some(jade), Some(crimson)),
        None,
        (c.rated, c.time_control),
    );
    let row = match cx.env.store.accept_challenge(c.id, &new) {
        Ok(row) => row,
        // Someone else accepted or it was cancelled between our read and write.
        Err(StoreError::Conflict) => return refuse(tr!(cx.reader(), "challenge-closed")),
        Err(e) => return Err(busy(cx, e)),
    };
    let threaded = threads_here(cx)?;
    let mut h = game_started(&cx.env, row)?;
    if let Some(r) = h.replies.first_mut() {
        r.retired_buttons = challenge_button_ids(c.id);
        if threaded && let Some(view) = &r.board {
            let lang = cx.lang();
            let (jade, crimson) = (view.jade_name.clone(), view.crimson_name.clone());
            let game = view.game_id;
            r.thread = Some(Thread::Open {
                name: tr!(
                    lang,
                    "thread-name",
                    jade = &jade,
                    crimson = &crimson,
                    game = game
                ),
                challenge: Some(c.id),
            });
            r.headline = Some(tr!(
                lang,
                "thread-game-starts",
                game = game,
                jade = jade,
                crimson = crimson,
                time = time_control_name(lang, c.time_control)
            ));
        }
    }
    Ok(h)
}

/// Whether a game between people started here gets a thread of its own: the platform has
/// them, this is a server's or room's channel (not a direct message) and its moderators did
/// not turn them off.
fn threads_here(cx: &Ctx<'_>) -> Result<bool> {
    if !cx.dialect().threads || cx.ev.place.is_private() {
        return Ok(false);
    }
    threads_on(cx)
}

/// Whether threads are on here: as a moderator chose, else as the config says.
pub(crate) fn threads_on(cx: &Ctx<'_>) -> Result<bool> {
    let chosen = cx.env.store.threads_enabled(cx.platform(), cx.scope())?;
    Ok(chosen.unwrap_or(cx.env.settings.threads))
}

pub(crate) fn decline(cx: &mut Ctx<'_>, id: Option<i64>, from: Option<&str>) -> Result<Handled> {
    let c = pick_challenge(cx, id, from, Whose::ForMe)?;
    match c.challenged_id {
        None => return refuse(tr!(cx.reader(), "decline-open-challenge")),
        Some(target) if target != cx.me.id => {
            return refuse(tr!(cx.reader(), "decline-not-yours"));
        }
        Some(_) => {}
    }
    if !cx
        .env
        .store
        .close_challenge(c.id, ChallengeStatus::Declined, None)?
    {
        return refuse(tr!(cx.reader(), "challenge-closed"));
    }
    let challenger = challenger_of(cx, &c)?;
    Ok(Handled::reply(Reply {
        text: tr!(cx.lang(), "challenge-declined", name = &cx.me.display_name),
        mentions: vec![User::new(&challenger.user_id, &challenger.display_name)],
        retired_buttons: challenge_button_ids(c.id),
        ..Reply::default()
    }))
}

pub(crate) fn cancel(cx: &mut Ctx<'_>, id: Option<i64>) -> Result<Handled> {
    let c = pick_challenge(cx, id, None, Whose::Mine)?;
    if c.challenger_id != cx.me.id {
        return refuse(tr!(cx.reader(), "cancel-not-yours"));
    }
    if !cx
        .env
        .store
        .close_challenge(c.id, ChallengeStatus::Cancelled, None)?
    {
        return refuse(tr!(cx.reader(), "challenge-closed"));
    }
    Ok(Handled::reply(Reply {
        text: tr!(cx.lang(), "challenge-withdrawn", name = &cx.me.display_name),
        retired_buttons: challenge_button_ids(c.id),
        ..Reply::default()
    }))
}

/// The sender's last game in this channel (or game `id`, if it is theirs and here) again, the
/// colours swapped and rated as it was: against the bot it starts at once; to a person it is
/// offered as a challenge, or accepts theirs when they asked first.
pub(crate) fn rematch(cx: &mut Ctx<'_>, id: Option<i64>) -> Result<Handled> {
    let lang = cx.reader();
    let store = cx.env.store;
    let row = match id {
        Some(id) => store
            .game(id)?
            .filter(|g| g.platform == cx.platform() && g.channel == cx.channel()),
        None => store
            .games_of(cx.me.id, cx.platform(), cx.channel(), 1)?
            .into_iter()
            .next(),
    };
    let Some(row) = row else {
        return refuse(tr!(lang, "rematch-none"));
    };
    let game = Game::load(store, row)?;
    let Some(mine) = game.side_of(cx.me.id) else {
        return refuse(tr!(lang, "rematch-not-yours", game = game.id()));
    };
    if game.is_active() {
        return refuse(tr!(lang, "rematch-still-playing", game = game.id()));
    }
    let side = match mine.other() {
        Side::Jade => SideChoice::Jade,
        Side::Crimson => SideChoice::Crimson,
    };
    let (casual, time) = (game.is_casual(), game.row.time_control);
    match game.seat(mine.other()).clone() {
        Seat::Bot(level) => play_bot(cx, Some(level), side, casual, Some(time)),
        Seat::Human(opponent) => offer(cx, Some(opponent), (side, time), casual, Some(game.id())),
    }
}

pub(crate) fn play_bot(
    cx: &mut Ctx<'_>,
    level: Option<Level>,
    side: SideChoice,
    casual: bool,
    time: Option<TimeControl>,
) -> Result<Handled> {
    ensure_free(cx, &cx.me)?;
    let time = match time {
        Some(t) => t,
        None => place_time(cx)?,
    };
    let level = level.unwrap_or(cx.env.settings.default_level);
    let my_side = side.side().unwrap_or_else(|| coin(cx.me.id, 7, cx.now()));
    let (jade_id, crimson_id) = match my_side {
        Side::Jade => (Some(cx.me.id), None),
        Side::Crimson => (None, Some(cx.me.id)),
    };
    let start = Position::start();
    let new = new_game(
        cx,
        &start,
        (jade_id, crimson_id),
        Some(level),
        (!casual, time),
    );
    let row = cx.env.store.create_game(&new).map_err(|e| busy(cx, e))?;
    game_started(&cx.env, row)
}

/// A game in the sender's channel from the start position: the seats' player ids (Jade,
/// Crimson; `None` for the bot's seat), the bot's level, whether it is rated and its clock.
fn new_game<'a>(
    cx: &Ctx<'a>,
    start: &'a Position,
    (jade_id, crimson_id): (Option<i64>, Option<i64>),
    bot_level: Option<Level>,
    (rated, time_control): (bool, TimeControl),
) -> NewGame<'a> {
    let place = &cx.ev.place;
    NewGame {
        platform: &place.platform,
        scope: &place.scope,
        channel: &place.channel,
        jade_id,
        crimson_id,
        bot_level,
        position: start,
        rated,
        time_control,
        now: cx.now(),
    }
}
