//! Players and their ratings; leaderboards per scope (server or room) and global.

use crate::decode::{self, PLAYER_COLUMNS, PLAYER_FIELDS};
use crate::failure::Result;
use crate::rows::{PlayerRow, RankedPlayer, Seated};
use crate::sql::{Sql, args};

/// Creates the player or refreshes the display name: one statement, so two processes seeing
/// a new player at once make one row.
pub(crate) fn upsert(
    c: &mut dyn Sql,
    platform: &str,
    user_id: &str,
    name: &str,
    now: i64,
) -> Result<PlayerRow> {
    c.one(
        "players",
        &format!(
            "INSERT INTO players (platform, user_id, display_name, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name
             RETURNING {PLAYER_COLUMNS}"
        ),
        args![platform, user_id, name, now],
        decode::player,
    )
}

pub(crate) fn find(c: &mut dyn Sql, platform: &str, user_id: &str) -> Result<Option<PlayerRow>> {
    c.row(
        &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1 AND user_id = $2"),
        args![platform, user_id],
        decode::player,
    )
}

pub(crate) fn player(c: &mut dyn Sql, id: i64) -> Result<Option<PlayerRow>> {
    c.row(
        &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"),
        args![id],
        decode::player,
    )
}

/// The players of a game's two seats, each with whether they want turn mentions (no
/// `notify off`), in one statement; `None` for a seat without one (the bot's, or a player who
/// is missing).
pub(crate) fn pair(
    c: &mut dyn Sql,
    first: Option<i64>,
    second: Option<i64>,
) -> Result<[Option<Seated>; 2]> {
    let rows = c.rows(
        &format!(
            "SELECT {PLAYER_COLUMNS},
                    NOT EXISTS (SELECT 1 FROM quiet_players q WHERE q.player_id = players.id)
             FROM players WHERE id = $1 OR id = $2"
        ),
        args![first, second],
        |r| {
            Ok(Seated {
                player: decode::player(r)?,
                notifies: r.flag(PLAYER_FIELDS)?,
            })
        },
    )?;
    let of = |id: Option<i64>| id.and_then(|id| rows.iter().find(|s| s.player.id == id).cloned());
    Ok([of(first), of(second)])
}

/// Players whose display name matches, ignoring case (an index on `lower(display_name)` on
/// both databases).
pub(crate) fn named(c: &mut dyn Sql, platform: &str, name: &str) -> Result<Vec<PlayerRow>> {
    c.rows(
        &format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1
             AND lower(display_name) = lower($2) ORDER BY id"
        ),
        args![platform, name],
        decode::player,
    )
}

/// The best players by rating: of one scope (those with a rated game there) or of everyone
/// (those with a rated game anywhere). Without `bots`, only games between people put a
/// player on it.
pub(crate) fn leaderboard(
    c: &mut dyn Sql,
    scope: Option<(&str, &str)>,
    bots: bool,
    limit: u32,
) -> Result<Vec<RankedPlayer>> {
    let rows = match scope {
        Some((platform, scope)) => c.rows(
            &format!(
                "SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1 AND id IN
                   (SELECT h.player_id FROM rating_history h JOIN games g ON g.id = h.game_id
                    WHERE h.scope = $2 AND g.platform = $1 AND ($3 OR g.bot_level IS NULL))
                 ORDER BY rating DESC, rated_games DESC, id LIMIT $4"
            ),
            args![platform, scope, bots, limit],
            decode::player,
        )?,
        None => c.rows(
            &format!(
                "SELECT {PLAYER_COLUMNS} FROM players WHERE rated_games > 0 AND id IN
                   (SELECT h.player_id FROM rating_history h JOIN games g ON g.id = h.game_id
                    WHERE $1 OR g.bot_level IS NULL)
                 ORDER BY rating DESC, rated_games DESC, id LIMIT $2"
            ),
            args![bots, limit],
            decode::player,
        )?,
    };
    Ok(rows
        .into_iter()
        .zip(1..)
        .map(|(player, rank)| RankedPlayer { rank, player })
        .collect())
}

/// Whether the player wants to be mentioned when it is their turn and reminded before a game
/// ends on time (everyone does until they say `notify off`).
pub(crate) fn notifies(c: &mut dyn Sql, player_id: i64) -> Result<bool> {
    let quiet = c.row(
        "SELECT player_id FROM quiet_players WHERE player_id = $1",
        args![player_id],
        |r| r.int(0),
    )?;
    Ok(quiet.is_none())
}

/// `notify on|off`: one statement either way, so that saying it twice changes nothing.
pub(crate) fn set_notify(c: &mut dyn Sql, player_id: i64, on: bool) -> Result<()> {
    if on {
        c.exec(
            "DELETE FROM quiet_players WHERE player_id = $1",
            args![player_id],
        )?;
    } else {
        c.exec(
            "INSERT INTO quiet_players (player_id) VALUES ($1) ON CONFLICT (player_id) DO NOTHING",
            args![player_id],
        )?;
    }
    Ok(())
}
