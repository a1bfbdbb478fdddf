//! Tournaments: one live per server or room, its players joining and withdrawing, and each
//! change (a round paired, byes, withdrawals, the end) applied in one transaction that only
//! the writer who saw the step before it gets through.

use crate::decode::{self, GAME_COLUMNS, PLAYER_COLUMNS};
use crate::failure::{Result, StoreError};
use crate::rows::{
    NewTournament, TournamentChange, TournamentEntry, TournamentKind, TournamentPlayer,
    TournamentRow, TournamentStatus,
};
use crate::sql::{Cells, Sql, args};
use engine::TimeControl;

const TABLE: &str = "tournaments";

const COLUMNS: &str = "id, platform, scope, channel, kind, status, rated, time_control, rounds, \
     length_secs, starts_at, round, round_deadline, step, created_by, created_at, finished_at";

fn row(r: &dyn Cells) -> Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.int(0)?,
        platform: r.text(1)?,
        scope: r.text(2)?,
        channel: r.text(3)?,
        kind: decode::column(r, TABLE, 4, TournamentKind::from_code)?,
        status: decode::column(r, TABLE, 5, TournamentStatus::from_code)?,
        rated: r.flag(6)?,
        time_control: decode::column(r, TABLE, 7, TimeControl::from_code)?,
        rounds: decode::int(r, TABLE, 8)?,
        length_secs: r.int(9)?,
        starts_at: r.int(10)?,
        round: decode::int(r, TABLE, 11)?,
        round_deadline: r.int_or_null(12)?,
        step: r.int(13)?,
        created_by: r.text(14)?,
        created_at: r.int(15)?,
        finished_at: r.int_or_null(16)?,
    })
}

/// A new tournament, pending: [`StoreError::Conflict`] when the place has a live one.
pub(crate) fn create(c: &mut dyn Sql, t: &NewTournament<'_>) -> Result<TournamentRow> {
    c.row(
        &format!(
            "INSERT INTO tournaments (platform, scope, channel, kind, status, rated, time_control,
                                      rounds, length_secs, starts_at, created_by, created_at)
             VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT DO NOTHING
             RETURNING {COLUMNS}"
        ),
        args![
            t.platform,
            t.scope,
            t.channel,
            t.kind.code(),
            t.rated,
            t.time_control.code(),
            t.rounds,
            t.length_secs,
            t.starts_at,
            t.created_by,
            t.now
        ],
        row,
    )?
    .ok_or(StoreError::Conflict)
}

pub(crate) fn by_id(c: &mut dyn Sql, id: i64) -> Result<Option<TournamentRow>> {
    c.row(
        &format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"),
        args![id],
        row,
    )
}

/// The place's pending or running tournament.
pub(crate) fn live_in(
    c: &mut dyn Sql,
    platform: &str,
    scope: &str,
) -> Result<Option<TournamentRow>> {
    c.row(
        &format!(
            "SELECT {COLUMNS} FROM tournaments WHERE platform = $1 AND scope = $2
             AND status IN ('pending', 'running') ORDER BY id DESC LIMIT 1"
        ),
        args![platform, scope],
        row,
    )
}

/// Every pending or running tournament, for the timers.
pub(crate) fn live(c: &mut dyn Sql) -> Result<Vec<TournamentRow>> {
    c.rows(
        &format!(
            "SELECT {COLUMNS} FROM tournaments WHERE status IN ('pending', 'running') ORDER BY id"
        ),
        args![],
        row,
    )
}

/// The place's ended tournaments, the latest first.
pub(crate) fn ended_in(
    c: &mut dyn Sql,
    (platform, scope): (&str, &str),
    limit: u32,
) -> Result<Vec<TournamentRow>> {
    c.rows(
        &format!(
            "SELECT {COLUMNS} FROM tournaments WHERE platform = $1 AND scope = $2
             AND status IN ('finished', 'cancelled') ORDER BY id DESC LIMIT $3"
        ),
        args![platform, scope, limit],
        row,
    )
}

/// Joins a live tournament (again, after a withdrawal): false when already in it or when it
/// is no longer live.
pub(crate) fn join(c: &mut dyn Sql, id: i64, player: i64, now: i64) -> Result<bool> {
    c.tx(|tx| {
        let live = tx.row(
            "SELECT status FROM tournaments WHERE id = $1 FOR UPDATE",
            args![id],
            |r| r.text(0),
        )?;
        if !live.is_some_and(|s| TournamentStatus::from_code(&s).is_some_and(|s| s.is_live())) {
            return Ok(false);
        }
        let back = tx.exec(
            "UPDATE tournament_players SET withdrawn = FALSE WHERE tournament_id = $1
             AND player_id = $2 AND withdrawn = TRUE",
            args![id, player],
        )?;
        if back > 0 {
            return Ok(true);
        }
        let added = tx.exec(
            "INSERT INTO tournament_players (tournament_id, player_id, joined_at)
             VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            args![id, player, now],
        )?;
        Ok(added > 0)
    })
}

/// Withdraws a player: false when they were not in it (or had withdrawn).
pub(crate) fn withdraw(c: &mut dyn Sql, id: i64, player: i64) -> Result<bool> {
    Ok(c.exec(
        "UPDATE tournament_players SET withdrawn = TRUE
         WHERE tournament_id = $1 AND player_id = $2 AND withdrawn = FALSE",
        args![id, player],
    )? > 0)
}

pub(crate) fn players(c: &mut dyn Sql, id: i64) -> Result<Vec<TournamentPlayer>> {
    let columns: String = PLAYER_COLUMNS
        .split(", ")
        .map(|col| format!("p.{col}"))
        .collect::<Vec<_>>()
        .join(", ");
    c.rows(
        &format!(
            "SELECT {columns}, t.joined_at, t.withdrawn FROM tournament_players t
             JOIN players p ON p.id = t.player_id WHERE t.tournament_id = $1
             ORDER BY t.joined_at, p.id"
        ),
        args![id],
        |r| {
            Ok(TournamentPlayer {
                player: decode::player(r)?,
                joined_at: r.int(9)?,
                withdrawn: r.flag(10)?,
            })
        },
    )
}

/// Its games and byes, round by round in the order they were made.
pub(crate) fn entries(c: &mut dyn Sql, id: i64) -> Result<Vec<TournamentEntry>> {
    let mut games = c.rows(
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN
             (SELECT game_id FROM tournament_games WHERE tournament_id = $1)"
        ),
        args![id],
        decode::game,
    )?;
    let links = c.rows(
        "SELECT round, game_id, bye_player FROM tournament_games WHERE tournament_id = $1
         ORDER BY round, game_id, bye_player",
        args![id],
        |r| {
            Ok((
                decode::int::<u32>(r, "tournament_games", 0)?,
                r.int_or_null(1)?,
                r.int_or_null(2)?,
            ))
        },
    )?;
    Ok(links
        .into_iter()
        .map(|(round, game, bye)| {
            let game = game.and_then(|id| {
                let at = games.iter().position(|g| g.id == id)?;
                Some(games.swap_remove(at))
            });
            TournamentEntry { round, game, bye }
        })
        .collect())
}

/// Applies a change made from `step`: `None` when another writer changed the tournament
/// first (nothing is written), else the games it started.
pub(crate) fn change(
    c: &mut dyn Sql,
    (id, step): (i64, i64),
    ch: &TournamentChange<'_>,
) -> Result<Option<Vec<crate::rows::GameRow>>> {
    c.tx(|tx| {
        let finished = (!ch.status.is_live()).then_some(ch.now);
        let moved = tx.exec(
            "UPDATE tournaments SET step = step + 1, status = $3, round = $4, round_deadline = $5,
                    finished_at = $6
             WHERE id = $1 AND step = $2",
            args![
                id,
                step,
                ch.status.code(),
                ch.round,
                ch.round_deadline,
                finished
            ],
        )?;
        if moved == 0 {
            return Ok(None);
        }
        for &player in &ch.withdraw {
            tx.exec(
                "UPDATE tournament_players SET withdrawn = TRUE
                 WHERE tournament_id = $1 AND player_id = $2",
                args![id, player],
            )?;
        }
        for &player in &ch.byes {
            tx.exec(
                "INSERT INTO tournament_games (tournament_id, round, bye_player) VALUES ($1, $2, $3)",
                args![id, ch.round, player],
            )?;
        }
        let mut started = Vec::with_capacity(ch.games.len());
        for g in &ch.games {
            let game = super::games::start_in(tx, g, None)?;
            tx.exec(
                "INSERT INTO tournament_games (tournament_id, round, game_id) VALUES ($1, $2, $3)",
                args![id, ch.round, game.id],
            )?;
            started.push(game);
        }
        Ok(Some(started))
    })
}

/// The tournament a game was played in, and its round.
pub(crate) fn of_game(c: &mut dyn Sql, game_id: i64) -> Result<Option<(TournamentRow, u32)>> {
    let link = c.row(
        "SELECT tournament_id, round FROM tournament_games WHERE game_id = $1",
        args![game_id],
        |r| Ok((r.int(0)?, decode::int::<u32>(r, "tournament_games", 1)?)),
    )?;
    let Some((id, round)) = link else {
        return Ok(None);
    };
    Ok(by_id(c, id)?.map(|t| (t, round)))
}

/// Brings a pending tournament's start forward to `now`: false when it changed meanwhile.
pub(crate) fn start_now(c: &mut dyn Sql, (id, step): (i64, i64), now: i64) -> Result<bool> {
    Ok(c.exec(
        "UPDATE tournaments SET starts_at = $3, step = step + 1
         WHERE id = $1 AND step = $2 AND status = 'pending'",
        args![id, step, now],
    )? > 0)
}
