//! Reading a row into the store's types, once for both backends: SQLite and PostgreSQL each
//! say how to read one cell ([`Cells`]); the decoders here say which cell is what. A value that
//! does not decode is an error naming the table, the row and the column.

use super::challenges::{ChallengeRow, ChallengeStatus};
use super::claims::Lease;
use super::codec::{self, BadValue};
use super::games::{GameRow, GameStatus};
use super::players::PlayerRow;

/// One row of a query, as a backend gives it. Integers are read as `i64` (SQLite's integers,
/// PostgreSQL's BIGINT) and narrowed here.
pub(super) trait Cells {
    /// The backend's error: what its query callbacks return.
    type Error;
    fn text(&self, col: usize) -> Result<String, Self::Error>;
    fn text_or_null(&self, col: usize) -> Result<Option<String>, Self::Error>;
    fn int(&self, col: usize) -> Result<i64, Self::Error>;
    fn int_or_null(&self, col: usize) -> Result<Option<i64>, Self::Error>;
    fn flag(&self, col: usize) -> Result<bool, Self::Error>;
    /// The name of column `col`, if the backend knows it.
    fn column_name(&self, col: usize) -> Option<String>;
    /// `bad`, found in column `col`, as the backend's error.
    fn bad_value(&self, col: usize, bad: BadValue) -> Self::Error;
}

/// The error for `value` in column `col` of a `table` row whose id is column 0.
fn bad<R: Cells>(r: &R, table: &'static str, col: usize, value: String) -> R::Error {
    r.bad_value(
        col,
        BadValue {
            table,
            id: r.int(0).unwrap_or(0),
            column: r.column_name(col).unwrap_or_else(|| col.to_string()),
            value,
        },
    )
}

/// Text column `col` decoded with `decode`.
pub(super) fn column<R: Cells, T>(
    r: &R,
    table: &'static str,
    col: usize,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Result<T, R::Error> {
    let text = r.text(col)?;
    match decode(&text) {
        Some(v) => Ok(v),
        None => Err(bad(r, table, col, text)),
    }
}

/// Like [`column`] for a column that may be NULL.
pub(super) fn optional<R: Cells, T>(
    r: &R,
    table: &'static str,
    col: usize,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>, R::Error> {
    match r.text_or_null(col)? {
        None => Ok(None),
        Some(text) => match decode(&text) {
            Some(v) => Ok(Some(v)),
            None => Err(bad(r, table, col, text)),
        },
    }
}

/// An integer column read as the narrower type the store speaks.
pub(super) fn int<R: Cells, T: TryFrom<i64>>(
    r: &R,
    table: &'static str,
    col: usize,
) -> Result<T, R::Error> {
    let v = r.int(col)?;
    T::try_from(v).map_err(|_| bad(r, table, col, v.to_string()))
}

/// The columns [`game`] reads, in its order.
pub(super) const GAME_COLUMNS: &str = "id, platform, scope, channel, jade_id, crimson_id, bot_level, start_position, moves, \
     position, ply, status, result, reason, rated, draw_offer, created_at, last_move_at, finished_at, \
     captures, hashes, takeback_offer";

pub(super) fn game<R: Cells>(r: &R) -> Result<GameRow, R::Error> {
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
    })
}

/// The columns [`challenge`] reads, in its order.
pub(super) const CHALLENGE_COLUMNS: &str = "id, platform, scope, channel, challenger_id, challenged_id, side, status, created_at, expires_at, game_id, rated";

pub(super) fn challenge<R: Cells>(r: &R) -> Result<ChallengeRow, R::Error> {
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
    })
}

/// The columns [`player`] reads, in its order.
pub(super) const PLAYER_COLUMNS: &str =
    "id, platform, user_id, display_name, rating, rated_games, wins, draws, losses";

pub(super) fn player<R: Cells>(r: &R) -> Result<PlayerRow, R::Error> {
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
pub(super) const LEASE_COLUMNS: &str = "name, owner, acquired_at, expires_at";

pub(super) fn lease<R: Cells>(r: &R) -> Result<Lease, R::Error> {
    Ok(Lease {
        name: r.text(0)?,
        owner: r.text(1)?,
        acquired_at: r.int(2)?,
        expires_at: r.int(3)?,
    })
}

impl Cells for rusqlite::Row<'_> {
    type Error = rusqlite::Error;

    fn text(&self, col: usize) -> rusqlite::Result<String> {
        self.get(col)
    }

    fn text_or_null(&self, col: usize) -> rusqlite::Result<Option<String>> {
        self.get(col)
    }

    fn int(&self, col: usize) -> rusqlite::Result<i64> {
        self.get(col)
    }

    fn int_or_null(&self, col: usize) -> rusqlite::Result<Option<i64>> {
        self.get(col)
    }

    fn flag(&self, col: usize) -> rusqlite::Result<bool> {
        self.get(col)
    }

    fn column_name(&self, col: usize) -> Option<String> {
        self.as_ref().column_name(col).ok().map(str::to_string)
    }

    fn bad_value(&self, col: usize, bad: BadValue) -> rusqlite::Error {
        // The store's error conversion takes the BadValue back out.
        rusqlite::Error::FromSqlConversionFailure(col, rusqlite::types::Type::Text, Box::new(bad))
    }
}
