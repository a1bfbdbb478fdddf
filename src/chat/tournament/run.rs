//! The timers' pass over live tournaments: a pending one begins at its time; an Arena pairs
//! whoever is free until its end, then waits for the games in progress and posts the final
//! standings; a Swiss pairs its next round when the last game of a round has ended (or at the
//! round's deadline, when the games still going end unrated and count as draws), withdraws a
//! player after a second no-show, and posts the final standings after its last round. Each
//! change is one store transaction named after the step it follows, so that of two processes
//! one makes it.

use engine::{Position, Side, TimeControl};
use store::{
    Finish, GameRow, GameStatus, NewGame, TournamentChange, TournamentKind, TournamentRow,
    TournamentStatus,
};

use super::state::State;
use super::swiss::{PairingError, SwissPlayer, pair_round};
use super::types::{Colour, PlayerId, Record};
use super::view;
use super::{ArenaEntrant, pair_free};
use crate::context::{ChatError, Env, language_set};
use crate::event::{Outgoing, Place, Reply, Thread};
use crate::game::Game;
use crate::lang::{Lang, tr};

/// No-shows after which a Swiss player is withdrawn.
const NO_SHOWS_OUT: usize = 2;

pub(crate) fn tick(
    env: &mut Env<'_>,
    out: &mut Vec<Outgoing>,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    for t in env.store.live_tournaments()? {
        if !serves(&t.platform) || env.now < t.starts_at {
            continue;
        }
        let lang = language_set(env.store, &t.platform, &t.scope).unwrap_or_default();
        (env.lang, env.reader) = (lang, lang);
        let place = place_of(&t);
        let state = State::load(env.store, t)?;
        let replies = match state.t.kind {
            TournamentKind::Arena => arena(env, state, lang)?,
            TournamentKind::Swiss => swiss(env, state, lang)?,
        };
        out.extend(replies.into_iter().map(|reply| Outgoing {
            place: place.clone(),
            reply,
        }));
    }
    Ok(())
}

fn place_of(t: &TournamentRow) -> Place {
    Place {
        platform: t.platform.clone(),
        scope: t.scope.clone(),
        channel: t.channel.clone(),
        locale: None,
    }
}

/// An Arena's step: its end once time is up and its games are over, else new pairings.
fn arena(env: &Env<'_>, state: State, lang: Lang) -> Result<Vec<Reply>, ChatError> {
    let now = env.now;
    if now >= state.t.ends_at() {
        if state.active_games().next().is_some() {
            return Ok(Vec::new()); // the games in progress finish and count
        }
        return finish(env, &state, lang);
    }
    let mut replies = Vec::new();
    let mut state = state;
    if state.t.status == TournamentStatus::Pending {
        let Some(_) = change(env, &state, TournamentStatus::Running, 0, None, &[])? else {
            return Ok(Vec::new());
        };
        replies.push(Reply::text(view::begun(env, &state.t, lang)));
        // Paired at once, from the step just made.
        match env.store.tournament(state.t.id)? {
            Some(t) => state = State::load(env.store, t)?,
            None => return Ok(replies),
        }
    }
    let pairs = pair_free(&arena_entrants(env, &state)?);
    if pairs.is_empty() {
        return Ok(replies);
    }
    if let Some(rows) = change(env, &state, TournamentStatus::Running, 0, None, &pairs)? {
        replies.extend(started(env, &state, rows, lang)?);
    }
    Ok(replies)
}

/// The players of an Arena who are free now, with what its pairing weighs.
fn arena_entrants(env: &Env<'_>, state: &State) -> Result<Vec<ArenaEntrant>, ChatError> {
    let busy = busy_here(env, state)?;
    let standings = state.standings();
    let games: Vec<&GameRow> = state.games().map(|(_, g)| g).collect();
    Ok(state
        .active_players()
        .filter(|p| !busy.contains(&p.player.id))
        .map(|p| {
            let id = p.player.id;
            let mine: Vec<&&GameRow> = games
                .iter()
                .filter(|g| g.jade_id == Some(id) || g.crimson_id == Some(id))
                .collect();
            let last = mine.last();
            ArenaEntrant {
                id,
                rating: p.player.rating,
                points: standings
                    .iter()
                    .find(|s| s.player == id)
                    .map_or(0, |s| s.points),
                last_opponent: last.and_then(|g| opponent(g, id)),
                firsts: mine.iter().filter(|g| g.jade_id == Some(id)).count() as u32,
                seconds: mine.iter().filter(|g| g.crimson_id == Some(id)).count() as u32,
                free_since: last.and_then(|g| g.finished_at).unwrap_or(p.joined_at),
            }
        })
        .collect())
}

fn opponent(g: &GameRow, id: PlayerId) -> Option<PlayerId> {
    if g.jade_id == Some(id) {
        g.crimson_id
    } else {
        g.jade_id
    }
}

/// Players with a game under way in the tournament's channel, of it or not.
fn busy_here(
    env: &Env<'_>,
    state: &State,
) -> Result<std::collections::HashSet<PlayerId>, ChatError> {
    let mut busy = state.playing();
    for g in env
        .store
        .active_games(&state.t.platform, &state.t.channel)?
    {
        busy.extend([g.jade_id, g.crimson_id].into_iter().flatten());
    }
    Ok(busy)
}

/// A Swiss's step: the deadline's draws, then the next round or the end.
fn swiss(env: &Env<'_>, mut state: State, lang: Lang) -> Result<Vec<Reply>, ChatError> {
    let mut replies = Vec::new();
    let round_games: Vec<GameRow> = state
        .games()
        .filter(|(r, g)| *r == state.t.round && g.status == GameStatus::Active)
        .map(|(_, g)| g.clone())
        .collect();
    if !round_games.is_empty() {
        let due = state.t.round_deadline.is_some_and(|d| env.now >= d);
        if !due {
            return Ok(replies);
        }
        for g in round_games {
            if env
                .store
                .finish_game(g.id, g.ply, &Finish::aborted(), env.now)?
            {
                replies.push(Reply {
                    thread: Some(Thread::Close),
                    game: Some(g.id),
                    ..Reply::text(tr!(lang, "tournament-deadline-draw", game = g.id))
                });
            }
        }
        state = State::load(env.store, state.t)?;
    }
    if state.t.round >= state.t.rounds {
        replies.extend(finish(env, &state, lang)?);
        return Ok(replies);
    }
    // A second no-show withdraws a player; the round after pairs the others.
    let out: Vec<PlayerId> = state
        .active_players()
        .map(|p| p.player.id)
        .filter(|&id| state.no_shows(id) >= NO_SHOWS_OUT)
        .collect();
    let players = swiss_players(&state, &out);
    if players.iter().filter(|p| !p.withdrawn).count() < 2 {
        if state.t.round == 0 {
            return cancel_few(env, &state, lang);
        }
        replies.extend(finish(env, &state, lang)?);
        return Ok(replies);
    }
    let round = match pair_round(&players) {
        Ok(round) => round,
        // Everyone has met everyone they could: the tournament ends here.
        Err(PairingError::Exhausted | PairingError::DuplicatePlayer(_)) => {
            replies.extend(finish(env, &state, lang)?);
            return Ok(replies);
        }
    };
    let next = state.t.round + 1;
    let deadline = env.now.saturating_add(round_length(state.t.time_control));
    let byes: Vec<PlayerId> = round.bye.into_iter().collect();
    let Some(rows) = change_with(
        env,
        &state,
        (TournamentStatus::Running, next, Some(deadline)),
        &round.pairings,
        (&byes, &out),
    )?
    else {
        return Ok(replies);
    };
    let mut lines = vec![tr!(
        lang,
        "tournament-round",
        name = view::name(lang, &state.t),
        round = next,
        rounds = state.t.rounds
    )];
    for &(first, second) in &round.pairings {
        lines.push(tr!(
            lang,
            "tournament-pairing",
            first = state.name(first),
            second = state.name(second)
        ));
    }
    for &b in &byes {
        lines.push(tr!(lang, "tournament-bye", name = state.name(b)));
    }
    for &w in &out {
        lines.push(tr!(lang, "tournament-no-show-out", name = state.name(w)));
    }
    replies.push(Reply::text(lines.join("\n")));
    replies.extend(started(env, &state, rows, lang)?);
    Ok(replies)
}

/// The Swiss players as the pairing takes them; `out` are withdrawn now.
fn swiss_players(state: &State, out: &[PlayerId]) -> Vec<SwissPlayer> {
    let standings = state.standings();
    let records = state.records();
    state
        .players
        .iter()
        .map(|p| {
            let id = p.player.id;
            let mut colours = Vec::new();
            let mut opponents = Vec::new();
            let mut had_bye = false;
            for r in &records {
                match *r {
                    Record::Game { first, second, .. } if first == id => {
                        colours.push(Colour::First);
                        opponents.push(second);
                    }
                    Record::Game { first, second, .. } if second == id => {
                        colours.push(Colour::Second);
                        opponents.push(first);
                    }
                    Record::Forfeit { winner, loser, .. } if winner == id || loser == id => {
                        opponents.push(if winner == id { loser } else { winner });
                    }
                    Record::Bye { player, .. } if player == id => had_bye = true,
                    _ => {}
                }
            }
            SwissPlayer {
                id,
                rating: p.player.rating,
                points: standings
                    .iter()
                    .find(|s| s.player == id)
                    .map_or(0, |s| s.points),
                colours,
                opponents,
                had_bye,
                withdrawn: p.withdrawn || out.contains(&id),
            }
        })
        .collect()
}

/// How long a Swiss round may take before its unfinished games end: time for a long game on
/// a live clock; a week per day a move for correspondence.
pub(crate) fn round_length(tc: TimeControl) -> i64 {
    match tc {
        TimeControl::Live { base, increment } => {
            2 * (i64::from(base) + 60 * i64::from(increment)) + 600
        }
        TimeControl::PerMove { secs } => 7 * i64::from(secs),
    }
}

fn change(
    env: &Env<'_>,
    state: &State,
    status: TournamentStatus,
    round: u32,
    deadline: Option<i64>,
    pairs: &[(PlayerId, PlayerId)],
) -> Result<Option<Vec<GameRow>>, ChatError> {
    change_with(env, state, (status, round, deadline), pairs, (&[], &[]))
}

/// Makes one change from the step `state` was read at: its games from the start position,
/// the first of each pair playing Jade.
fn change_with(
    env: &Env<'_>,
    state: &State,
    (status, round, round_deadline): (TournamentStatus, u32, Option<i64>),
    pairs: &[(PlayerId, PlayerId)],
    (byes, withdraw): (&[PlayerId], &[PlayerId]),
) -> Result<Option<Vec<GameRow>>, ChatError> {
    let t = &state.t;
    let start = Position::start();
    let games = pairs
        .iter()
        .map(|&(first, second)| NewGame {
            platform: &t.platform,
            scope: &t.scope,
            channel: &t.channel,
            jade_id: Some(first),
            crimson_id: Some(second),
            bot_level: None,
            position: &start,
            rated: t.rated,
            time_control: t.time_control,
            now: env.now,
        })
        .collect();
    let change = TournamentChange {
        status,
        round,
        round_deadline,
        games,
        byes: byes.to_vec(),
        withdraw: withdraw.to_vec(),
        now: env.now,
    };
    match env.store.change_tournament(t, &change) {
        Ok(rows) => Ok(rows),
        // A player started a game of their own meanwhile: the next pass pairs again.
        Err(store::StoreError::Busy { .. }) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Each new game's start, in its own thread where the place has them, both players told.
fn started(
    env: &Env<'_>,
    state: &State,
    rows: Vec<GameRow>,
    lang: Lang,
) -> Result<Vec<Reply>, ChatError> {
    let dialect = env.settings.dialect(&state.t.platform, &state.t.scope);
    let threads = dialect.threads
        && env
            .store
            .threads_enabled(&state.t.platform, &state.t.scope)?
            .unwrap_or(env.settings.threads);
    let mut replies = Vec::new();
    for row in rows {
        let game = Game::load(env.store, row.clone())?;
        let users = game.users();
        let (jade, crimson) = (
            game.seat(Side::Jade).name(lang),
            game.seat(Side::Crimson).name(lang),
        );
        let id = row.id;
        let time = crate::lang::time_control_name(lang, row.time_control);
        let mut h = crate::lifecycle::game_started(env, row)?;
        for mut r in h.replies.drain(..) {
            // Both players are told, so the words name both, not "you".
            r.mentions = users.clone();
            r.text = tr!(
                lang,
                "tournament-game-board",
                name = view::name(lang, &state.t),
                game = id,
                jade = &jade,
                crimson = &crimson,
                time = &time,
                how = dialect.how_to_move(lang)
            );
            if threads && r.board.is_some() {
                r.thread = Some(Thread::Open {
                    name: tr!(
                        lang,
                        "thread-name",
                        jade = &jade,
                        crimson = &crimson,
                        game = id
                    ),
                    challenge: None,
                });
                r.headline = Some(tr!(
                    lang,
                    "tournament-game-starts",
                    name = view::name(lang, &state.t),
                    game = id,
                    jade = &jade,
                    crimson = &crimson
                ));
            }
            replies.push(r);
        }
    }
    Ok(replies)
}

/// The end: the final standings posted, the top three mentioned.
fn finish(env: &Env<'_>, state: &State, lang: Lang) -> Result<Vec<Reply>, ChatError> {
    if change(
        env,
        state,
        TournamentStatus::Finished,
        state.t.round,
        None,
        &[],
    )?
    .is_none()
    {
        return Ok(Vec::new());
    }
    Ok(vec![view::final_standings(state, lang)])
}

fn cancel_few(env: &Env<'_>, state: &State, lang: Lang) -> Result<Vec<Reply>, ChatError> {
    if change(env, state, TournamentStatus::Cancelled, 0, None, &[])?.is_none() {
        return Ok(Vec::new());
    }
    Ok(vec![Reply::text(tr!(
        lang,
        "tournament-too-few",
        name = view::name(lang, &state.t)
    ))])
}
