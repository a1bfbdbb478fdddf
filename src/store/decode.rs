//! Reading a row into the store's types, once for both backends: each says how to read one
//! cell ([`Cells`]); the decoders here say which cell is what. A value that does not decode is
//! an error naming the table, the row and the column.

use super::codec;
use super::rows::{ChallengeRow, ChallengeStatus, GameRow, GameStatus, Lease, PlayerRow};
use super::sql::{Cells, bad_value};
use crate::failure::Result;
use engine::{BySide, TimeControl};

/// Text column `col` decoded with `decode`.
pub(crate) fn column<T>(
    r: &dyn Cells,
    table: &'static str,
    col: usize,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Result<T> {
    let text = r.text(col)?;
    match decode(&text) {
        Some(v) => Ok(v),
        None => Err(bad_value(r, table, col, text)),
    }
}

/// Like [`column`] for a column that may be NULL.
pub(crate) fn optional<T>(
    r: &dyn Cells,
    table: &'static str,
    col: usize,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>> {
    match r.text_or_null(col)? {
        None => Ok(None),
        Some(text) => match decode(&text) {
            Some(v) => Ok(Some(v)),
            None => Err(bad_value(r, table, col, text)),
        },
    }
}

/// An integer column read as the narrower type the store speaks.
pub(crate) fn int<T: TryFrom<i64>>(r: &dyn Cells, table: &'static str, col: usize) -> Result<T> {
    let v = r.int(col)?;
    T::try_from(v).map_err(|_| bad_value(r, table, col, v.to_string()))
}

/// The columns [`game`] reads, in its order.
pub(crate) const GAME_COLUMNS: &str = "id, platform, scope, channel, jade_id, crimson_id, bot_level, start_position, moves, \
     position, ply, status, result, reason, rated, draw_offer, created_at, last_move_at, finished_at, \
     captures, hashes, takeback_offer, time_control, jade_clock, crimson_clock, deadline, next_reminder";

pub(crate) fn game(r: &dyn Cells) -> Result<GameRow> {
    const TABLE: &str = "games";
    let status = column(r, TABLE, 11, GameStatus::parse)?;
    let outcome = match status {
        GameStatus::Finished => {
            let result = r.text(12)?;
            Some(column(r, TABLE, 13, |reason| {
                codec::outcome(&result, reason)
            })?)
        }
        GameStatus::Active | GameStatus::Aborted => None,
    };
    let moves = column(r, TABLE, 8, codec::moves)?;
    let captures = column(r, TABLE, 19, codec::captures)?;
    let history = column(r, TABLE, 20, codec::hashes)?;
    if captures.len() != moves.len() {
        return column(r, TABLE, 19, |_| None);
    }
    if history.len() != moves.len() {
        return column(r, TABLE, 20, |_| None);
    }
    Ok(GameRow {
        id: r.int(0)?,
        platform: r.text(1)?,
        scope: r.text(2)?,
        channel: r.text(3)?,
        jade_id: r.int_or_null(4)?,
        crimson_id: r.int_or_null(5)?,
        bot_level: optional(r, TABLE, 6, codec::level)?,
        start_position: column(r, TABLE, 7, codec::position)?,
        moves,
        captures,
        history,
        position: column(r, TABLE, 9, codec::position)?,
        ply: int(r, TABLE, 10)?,
        status,
        outcome,
        rated: r.flag(14)?,
        draw_offer: optional(r, TABLE, 15, codec::side)?,
        takeback_offer: optional(r, TABLE, 21, codec::side)?,
        created_at: r.int(16)?,
        last_move_at: r.int(17)?,
        finished_at: r.int_or_null(18)?,
        time_control: column(r, TABLE, 22, TimeControl::from_code)?,
        clocks: match (r.int_or_null(23)?, r.int_or_null(24)?) {
            (Some(jade), Some(crimson)) => Some(BySide::new(jade, crimson)),
            _ => None,
        },
        deadline: r.int(25)?,
        next_reminder: r.int_or_null(26)?,
    })
}

/// The columns [`challenge`] reads, in its order.
pub(crate) const CHALLENGE_COLUMNS: &str = "id, platform, scope, channel, challenger_id, challenged_id, side, status, created_at, expires_at, game_id, rated, time_control";

pub(crate) fn challenge(r: &dyn Cells) -> Result<ChallengeRow> {
    const TABLE: &str = "challenges";
    Ok(ChallengeRow {
        id: r.int(0)?,
        platform: r.text(1)?,
        scope: r.text(2)?,
        channel: r.text(3)?,
        challenger_id: r.int(4)?,
        challenged_id: r.int_or_null(5)?,
        side: column(r, TABLE, 6, codec::side_choice)?,
        status: column(r, TABLE, 7, ChallengeStatus::parse)?,
        created_at: r.int(8)?,
        expires_at: r.int(9)?,
        game_id: r.int_or_null(10)?,
        rated: r.flag(11)?,
        time_control: column(r, TABLE, 12, TimeControl::from_code)?,
    })
}

/// The columns [`player`] reads, in its order.
pub(crate) const PLAYER_COLUMNS: &str =
    "id, platform, user_id, display_name, rating, rated_games, wins, draws, losses";
/// How many columns [`PLAYER_COLUMNS`] are: a query's own columns after them start here.
pub(crate) const PLAYER_FIELDS: usize = 9;

pub(crate) fn player(r: &dyn Cells) -> Result<PlayerRow> {
    const TABLE: &str = "players";
    Ok(PlayerRow {
        id: r.int(0)?,
        platform: r.text(1)?,
        user_id: r.text(2)?,
        display_name: r.text(3)?,
        rating: int(r, TABLE, 4)?,
        rated_games: int(r, TABLE, 5)?,
        wins: int(r, TABLE, 6)?,
        draws: int(r, TABLE, 7)?,
        losses: int(r, TABLE, 8)?,
    })
}

/// The columns [`lease`] reads, in its order.
pub(crate) const LEASE_COLUMNS: &str = "name, owner, acquired_at, expires_at";

pub(crate) fn lease(r: &dyn Cells) -> Result<Lease> {
    Ok(Lease {
        name: r.text(0)?,
        owner: r.text(1)?,
        acquired_at: r.int(2)?,
        expires_at: r.int(3)?,
    })
}
