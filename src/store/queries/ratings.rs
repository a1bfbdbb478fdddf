//! Rating history read back: a player's rating game by game, two players' games against each
//! other, and a season's leaderboard in one server or room.

use crate::decode::{self, GAME_COLUMNS, PLAYER_COLUMNS};
use crate::failure::Result;
use crate::rows::{HeadToHead, RatingPoint, SeasonLine};
use crate::sql::{Sql, args};

/// A player's rated games in the order they ended, at most the latest `limit`.
pub(crate) fn points(c: &mut dyn Sql, player_id: i64, limit: u32) -> Result<Vec<RatingPoint>> {
    const TABLE: &str = "rating_history";
    let mut rows = c.rows(
        "SELECT game_id, at, before, after FROM rating_history WHERE player_id = $1
         ORDER BY at DESC, id DESC LIMIT $2",
        args![player_id, limit],
        |r| {
            Ok(RatingPoint {
                game_id: r.int(0)?,
                at: r.int(1)?,
                before: decode::int(r, TABLE, 2)?,
                after: decode::int(r, TABLE, 3)?,
            })
        },
    )?;
    rows.reverse();
    Ok(rows)
}

/// The condition that a game is between players `$1` and `$2` and ended with a result in
/// server or room `$4` of platform `$3`.
const BETWEEN: &str = "((jade_id = $1 AND crimson_id = $2) OR (jade_id = $2 AND crimson_id = $1))
     AND platform = $3 AND scope = $4 AND status = 'finished' AND result IS NOT NULL";

/// What `$1` won: the condition on a game's row.
const WON: &str = "(result = 'jade' AND jade_id = $1) OR (result = 'crimson' AND crimson_id = $1)";

/// The finished games between two players in one server or room: counts from `first`'s view
/// and the latest `limit` games.
pub(crate) fn head_to_head(
    c: &mut dyn Sql,
    (first, second): (i64, i64),
    (platform, scope): (&str, &str),
    limit: u32,
) -> Result<HeadToHead> {
    let (games, wins, draws) = c.one(
        "games",
        &format!(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE {WON}),
                    COUNT(*) FILTER (WHERE result = 'draw')
             FROM games WHERE {BETWEEN}"
        ),
        args![first, second, platform, scope],
        |r| {
            Ok((
                decode::int::<u32>(r, "games", 0)?,
                decode::int::<u32>(r, "games", 1)?,
                decode::int::<u32>(r, "games", 2)?,
            ))
        },
    )?;
    let latest = c.rows(
        &format!("SELECT {GAME_COLUMNS} FROM games WHERE {BETWEEN} ORDER BY id DESC LIMIT $5"),
        args![first, second, platform, scope, limit],
        decode::game,
    )?;
    Ok(HeadToHead {
        wins,
        draws,
        losses: games.saturating_sub(wins + draws),
        latest,
    })
}

/// Which season, where, and who counts on its leaderboard.
pub(crate) struct SeasonQuery<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    /// The season's first second and the first second after it.
    pub span: (i64, i64),
    pub min_games: u32,
    /// Whether rated games against the bot count towards `min_games`.
    pub bots: bool,
    pub limit: u32,
}

/// A season's leaderboard: the players with at least `min_games` rated games in the server or
/// room during the season, by their rating at its end.
pub(crate) fn season_board(c: &mut dyn Sql, q: &SeasonQuery<'_>) -> Result<Vec<SeasonLine>> {
    const TABLE: &str = "rating_history";
    let rows = c.rows(
        &format!(
            "SELECT {PLAYER_COLUMNS}, s.n_games, s.n_wins, s.n_draws,
                    (SELECT r.after FROM rating_history r WHERE r.player_id = players.id
                       AND r.at < $4 ORDER BY r.at DESC, r.id DESC LIMIT 1) AS season_rating
             FROM players JOIN (
                 SELECT h.player_id AS pid, COUNT(*) AS n_games,
                        COUNT(*) FILTER (WHERE (g.result = 'jade' AND g.jade_id = h.player_id)
                            OR (g.result = 'crimson' AND g.crimson_id = h.player_id)) AS n_wins,
                        COUNT(*) FILTER (WHERE g.result = 'draw') AS n_draws
                 FROM rating_history h JOIN games g ON g.id = h.game_id
                 WHERE h.scope = $2 AND g.platform = $1 AND h.at >= $3 AND h.at < $4
                   AND ($5 OR g.bot_level IS NULL)
                 GROUP BY h.player_id HAVING COUNT(*) >= $6
             ) s ON s.pid = players.id
             WHERE players.platform = $1
             ORDER BY season_rating DESC, s.n_games DESC, players.id LIMIT $7"
        ),
        args![
            q.platform,
            q.scope,
            q.span.0,
            q.span.1,
            q.bots,
            q.min_games,
            q.limit
        ],
        |r| {
            let games: u32 = decode::int(r, TABLE, 9)?;
            let wins: u32 = decode::int(r, TABLE, 10)?;
            let draws: u32 = decode::int(r, TABLE, 11)?;
            Ok((
                decode::player(r)?,
                decode::int::<i32>(r, TABLE, 12)?,
                games,
                wins,
                draws,
            ))
        },
    )?;
    Ok(rows
        .into_iter()
        .zip(1..)
        .map(|((player, rating, games, wins, draws), rank)| SeasonLine {
            rank,
            player,
            rating,
            games,
            wins,
            draws,
            losses: games.saturating_sub(wins + draws),
        })
        .collect())
}
