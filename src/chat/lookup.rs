//! Finding what a command is about: the player it names, the sender's game, the game a board
//! request means, and whether someone is free to start a game here.

use crate::lang::tr;
use engine::Side;
use store::{PlayerRow, StoreError};

use super::context::{ChatError, Ctx, Result, refuse};
use super::game::Game;
use super::markup::{plain_name, unmarked, verbatim};

/// Finds the player a command names: a mention, a platform id, or a known display name.
pub(crate) fn resolve_user(cx: &mut Ctx<'_>, token: &str) -> Result<PlayerRow> {
    let bare = token
        .trim_start_matches("<@")
        .trim_start_matches('!')
        .trim_start_matches('@')
        .trim_end_matches('>');
    let mentioned = cx.ev.mentions.iter().find(|m| {
        m.id == token
            || m.id == bare
            || m.id.trim_start_matches('@') == bare
            || m.name.eq_ignore_ascii_case(bare)
    });
    let (platform, now) = (cx.ev.place.platform.as_str(), cx.env.now);
    if let Some(m) = mentioned {
        let name = plain_name(&m.name, &m.id);
        return Ok(cx.env.store.upsert_player(platform, &m.id, &name, now)?);
    }
    for id in [token, bare] {
        if let Some(p) = cx.env.store.find_player(platform, id)? {
            return Ok(p);
        }
    }
    // Typed as the name was stored: `al\u{200B}ice` is `alice`.
    let named = cx.env.store.players_named(platform, &unmarked(bare))?;
    match <[PlayerRow; 1]>::try_from(named) {
        Ok([one]) => Ok(one),
        Err(named) if named.is_empty() => {
            refuse(tr!(cx.reader(), "unknown-player", name = verbatim(token)))
        }
        Err(_) => refuse(tr!(cx.reader(), "ambiguous-player", name = verbatim(bare))),
    }
}

/// The sender's active game in this channel, or the game a button names (which must be theirs
/// and still going).
pub(crate) fn my_game(cx: &Ctx<'_>, id: Option<i64>) -> Result<Game> {
    let store = cx.env.store;
    let row = match id {
        Some(id) => match store.game(id)? {
            Some(row) if row.platform == cx.platform() => row,
            _ => return refuse(tr!(cx.reader(), "no-such-game", game = id)),
        },
        None => match store.active_game_of(cx.platform(), cx.channel(), cx.me.id)? {
            Some(row) => row,
            None => return refuse(tr!(cx.reader(), "no-game-here")),
        },
    };
    let game = Game::load(store, row)?;
    let lang = cx.reader();
    if game.side_of(cx.me.id).is_none() {
        return refuse(tr!(
            lang,
            "not-your-game",
            jade = game.jade.name(lang),
            crimson = game.crimson.name(lang),
            game = game.id()
        ));
    }
    if !game.is_active() {
        return refuse(tr!(lang, "game-over-already", game = game.id()));
    }
    Ok(game)
}

/// The game a `board`/`moves` command is about: the sender's, else the channel's only one.
pub(crate) fn shown_game(cx: &Ctx<'_>) -> Result<Game> {
    let store = cx.env.store;
    if let Some(row) = store.active_game_of(cx.platform(), cx.channel(), cx.me.id)? {
        return Ok(Game::load(store, row)?);
    }
    let mut all = store.active_games(cx.platform(), cx.channel())?;
    match all.len() {
        0 => refuse(tr!(cx.reader(), "no-game-in-channel")),
        1 => Ok(Game::load(store, all.remove(0))?),
        n => refuse(tr!(
            cx.reader(),
            "games-not-yours",
            count = n,
            command = cx.cmd(cx.reader(), "games")
        )),
    }
}

/// Refuses when `who` already has an active game in this channel. (Starting a game checks
/// again in the same transaction as its insert; this is for refusing before anything else.)
pub(crate) fn ensure_free(cx: &Ctx<'_>, who: &PlayerRow) -> Result<()> {
    match cx
        .env
        .store
        .active_game_of(cx.platform(), cx.channel(), who.id)?
    {
        Some(g) => Err(already_playing(cx, who, g.id)),
        None => Ok(()),
    }
}

fn already_playing(cx: &Ctx<'_>, who: &PlayerRow, game_id: i64) -> ChatError {
    let text = if who.id == cx.me.id {
        tr!(cx.reader(), "you-are-playing", game = game_id)
    } else {
        tr!(
            cx.reader(),
            "they-are-playing",
            name = &who.display_name,
            game = game_id
        )
    };
    ChatError::Refuse(text)
}

/// A store error as the chat layer reports it: a player found busy when the game was about
/// to start is a refusal like [`ensure_free`]'s.
pub(crate) fn busy(cx: &Ctx<'_>, e: StoreError) -> ChatError {
    match e {
        StoreError::Busy { player_id, game_id } => match cx.env.store.player(player_id) {
            Ok(Some(who)) => already_playing(cx, &who, game_id),
            Ok(None) => ChatError::Store(StoreError::Busy { player_id, game_id }),
            Err(e) => ChatError::Store(e),
        },
        e => ChatError::Store(e),
    }
}

/// A seeded coin for random sides.
pub(crate) fn coin(a: i64, b: i64, now: i64) -> Side {
    let mut x = (a as u64)
        ^ (b as u64).rotate_left(21)
        ^ (now as u64).rotate_left(42)
        ^ 0x9E37_79B9_7F4A_7C15;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    if x & 1 == 0 {
        Side::Jade
    } else {
        Side::Crimson
    }
}
