//! Games: started with a check that no player is busy, moves committed with a ply guard,
//! endings with their rating changes. Every "check, then write" is one transaction that locks
//! what it checks, always in the order game, players by id, challenge (on PostgreSQL with
//! `FOR UPDATE`; SQLite's write transaction holds the whole database), so two processes cannot
//! both pass the same check, and ratings change relative to what is stored.

use crate::codec;
use crate::decode::{self, GAME_COLUMNS};
use crate::failure::{Result, StoreError};
use crate::rows::{Finish, GameRow, NewGame, Step, Timing};
use crate::sql::{Sql, args};
use engine::{BySide, Level, Side, TimeControl};

const TABLE: &str = "games";

/// Locks the rows of these players, in id order (the one order every transaction takes them
/// in, so that two cannot wait for each other).
pub(crate) fn lock_players(c: &mut dyn Sql, ids: &[i64]) -> Result<()> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        c.exec("SELECT id FROM players WHERE id = $1 FOR UPDATE", args![id])?;
    }
    Ok(())
}

/// Starts a game (for an accepted challenge, closing it in the same transaction:
/// [`StoreError::Conflict`] when it is no longer open) unless one of its players already has
/// an active game in that channel ([`StoreError::Busy`]).
pub(crate) fn start(c: &mut dyn Sql, g: &NewGame<'_>, challenge: Option<i64>) -> Result<GameRow> {
    c.tx(|tx| start_in(tx, g, challenge))
}

/// [`start`] inside a transaction the caller holds (a tournament's round starts several).
pub(crate) fn start_in(
    tx: &mut dyn Sql,
    g: &NewGame<'_>,
    challenge: Option<i64>,
) -> Result<GameRow> {
    {
        let players: Vec<i64> = [g.jade_id, g.crimson_id].into_iter().flatten().collect();
        lock_players(tx, &players)?;
        for &player in &players {
            let busy = tx.row(
                "SELECT id FROM games WHERE platform = $1 AND channel = $2 AND status = 'active'
                 AND (jade_id = $3 OR crimson_id = $3) LIMIT 1",
                args![g.platform, g.channel, player],
                |r| r.int(0),
            )?;
            if let Some(game_id) = busy {
                return Err(StoreError::Busy {
                    player_id: player,
                    game_id,
                });
            }
        }
        let bot_to_move = match g.position.turn() {
            Side::Jade => g.jade_id.is_none(),
            Side::Crimson => g.crimson_id.is_none(),
        };
        let t = Timing::start(g.time_control, g.position, g.now, bot_to_move);
        let clock = |side: Side| t.clocks.map(|c| c[side]);
        let game = tx.one(
            TABLE,
            &format!(
                "INSERT INTO games (platform, scope, channel, jade_id, crimson_id, bot_level, start_position,
                                    position, rated, created_at, last_move_at, bot_to_move,
                                    time_control, jade_clock, crimson_clock, deadline, next_reminder)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15)
                 RETURNING {GAME_COLUMNS}"
            ),
            args![
                g.platform,
                g.scope,
                g.channel,
                g.jade_id,
                g.crimson_id,
                g.bot_level.map(Level::name),
                g.position.to_string(),
                g.rated,
                g.now,
                bot_to_move,
                g.time_control.code(),
                clock(Side::Jade),
                clock(Side::Crimson),
                t.deadline,
                t.next_reminder
            ],
            decode::game,
        )?;
        if let Some(ch) = challenge {
            let closed = tx.exec(
                "UPDATE challenges SET status = 'accepted', game_id = $2
                 WHERE id = $1 AND status = 'open' AND expires_at > $3",
                args![ch, game.id, g.now],
            )?;
            if closed == 0 {
                return Err(StoreError::Conflict);
            }
        }
        Ok(game)
    }
}

pub(crate) fn game(c: &mut dyn Sql, id: i64) -> Result<Option<GameRow>> {
    c.row(
        &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"),
        args![id],
        decode::game,
    )
}

/// Games matching `condition` (a `WHERE` clause with its order).
fn games_where(
    c: &mut dyn Sql,
    condition: &str,
    args: &[crate::sql::Value<'_>],
) -> Result<Vec<GameRow>> {
    c.rows(
        &format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition}"),
        args,
        decode::game,
    )
}

pub(crate) fn active_games(c: &mut dyn Sql, platform: &str, channel: &str) -> Result<Vec<GameRow>> {
    games_where(
        c,
        "platform = $1 AND channel = $2 AND status = 'active' ORDER BY id",
        args![platform, channel],
    )
}

pub(crate) fn bot_turns(c: &mut dyn Sql) -> Result<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND bot_to_move = TRUE ORDER BY id",
        args![],
    )
}

pub(crate) fn active_game_of(
    c: &mut dyn Sql,
    platform: &str,
    channel: &str,
    player_id: i64,
) -> Result<Option<GameRow>> {
    c.row(
        &format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE platform = $1 AND channel = $2 AND status = 'active'
             AND (jade_id = $3 OR crimson_id = $3) ORDER BY id LIMIT 1"
        ),
        args![platform, channel, player_id],
        decode::game,
    )
}

pub(crate) fn game_counts(c: &mut dyn Sql) -> Result<Vec<(String, i64)>> {
    c.rows(
        "SELECT status, COUNT(*) FROM games GROUP BY status ORDER BY status",
        args![],
        |r| Ok((r.text(0)?, r.int(1)?)),
    )
}

pub(crate) fn games_of(
    c: &mut dyn Sql,
    player_id: i64,
    platform: &str,
    channel: &str,
    limit: u32,
) -> Result<Vec<GameRow>> {
    games_where(
        c,
        "(jade_id = $1 OR crimson_id = $1) AND platform = $2 AND channel = $3
         ORDER BY id DESC LIMIT $4",
        args![player_id, platform, channel, limit],
    )
}

/// Active games whose player to move ran out of time before `now`.
pub(crate) fn overdue_games(c: &mut dyn Sql, now: i64) -> Result<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND bot_to_move = FALSE AND deadline < $1 ORDER BY deadline, id",
        args![now],
    )
}

/// Active games whose player to move is due a reminder by `now`.
pub(crate) fn reminders_due(c: &mut dyn Sql, now: i64) -> Result<Vec<GameRow>> {
    games_where(
        c,
        "status = 'active' AND bot_to_move = FALSE AND next_reminder IS NOT NULL
         AND next_reminder <= $1 ORDER BY next_reminder, id",
        args![now],
    )
}

/// Marks the reminder due at `due` as sent, scheduling `next` (or none); false when another
/// process sent it, or the game moved on or ended meanwhile.
pub(crate) fn mark_reminded(
    c: &mut dyn Sql,
    game_id: i64,
    due: i64,
    next: Option<i64>,
) -> Result<bool> {
    Ok(c.exec(
        "UPDATE games SET next_reminder = $3 WHERE id = $1 AND status = 'active'
         AND next_reminder = $2",
        args![game_id, due, next],
    )? == 1)
}

pub(crate) fn rating_changes(c: &mut dyn Sql, game_id: i64) -> Result<Vec<(i64, i32, i32)>> {
    c.rows(
        "SELECT player_id, before, after FROM rating_history WHERE game_id = $1 ORDER BY id",
        args![game_id],
        |r| {
            Ok((
                r.int(0)?,
                decode::int(r, "rating_history", 1)?,
                decode::int(r, "rating_history", 2)?,
            ))
        },
    )
}

/// What a move's commit is worked out from, as the mover found the game: its id and ply, its
/// time control, its clocks and when the mover's turn began, and which seats are the bot's.
pub(crate) struct Seen {
    pub(crate) game_id: i64,
    pub(crate) ply: u32,
    pub(crate) time_control: TimeControl,
    pub(crate) clocks: Option<BySide<i64>>,
    pub(crate) since: i64,
    pub(crate) bots: BySide<bool>,
}

impl Seen {
    pub(crate) fn of(row: &GameRow) -> Seen {
        Seen {
            game_id: row.id,
            ply: row.ply,
            time_control: row.time_control,
            clocks: row.clocks,
            since: row.last_move_at,
            bots: BySide::new(row.jade_id.is_none(), row.crimson_id.is_none()),
        }
    }
}

/// Commits a move if the game is still active at `expected_ply` in the position the move was
/// played in (a takeback and another move bring a game back to the same ply elsewhere); with
/// `finish`, the game ends in the same transaction. False (nothing written) when another move
/// got there first. The game is read first, then [`commit_seen`] writes only if its clocks are
/// still what was read.
pub(crate) fn commit_move(
    c: &mut dyn Sql,
    game_id: i64,
    expected_ply: u32,
    step: &Step,
    now: i64,
    finish: Option<&Finish>,
) -> Result<bool> {
    match game(c, game_id)? {
        Some(row) => {
            let seen = Seen {
                ply: expected_ply,
                ..Seen::of(&row)
            };
            commit_seen(c, &seen, step, now, finish)
        }
        None => Ok(false),
    }
}

/// Commits a move worked out from `seen`, if the game is still active at the ply seen, in the
/// position the move was played in, with the clocks seen; with `finish`, the game ends in the
/// same transaction. Without it the commit is one statement (one round trip on PostgreSQL):
/// the guard is in the `UPDATE`, which PostgreSQL checks again after waiting for another
/// transaction's lock on the row (READ COMMITTED), so exactly one of two racing moves wins,
/// and on SQLite the writer runs one statement at a time.
pub(crate) fn commit_seen(
    c: &mut dyn Sql,
    seen: &Seen,
    step: &Step,
    now: i64,
    finish: Option<&Finish>,
) -> Result<bool> {
    match finish {
        None => advance(c, seen, step, now),
        Some(f) => c.tx(|tx| {
            if !advance(tx, seen, step, now)? {
                return Ok(false);
            }
            finish_in(tx, seen.game_id, f, now)?;
            Ok(true)
        }),
    }
}

/// The move's one `UPDATE`, guarded by what it was worked out from; whether it was written.
fn advance(c: &mut dyn Sql, seen: &Seen, step: &Step, now: i64) -> Result<bool> {
    let mover = step.from.turn();
    let t = Timing::after(
        seen.time_control,
        seen.clocks,
        seen.since,
        mover,
        now,
        seen.bots[mover.other()],
    );
    let clock = |side: Side| t.clocks.map(|c| c[side]);
    let seen_clock = |side: Side| seen.clocks.map(|c| c[side]);
    let changed = c.exec(
        "UPDATE games SET moves = CASE WHEN moves = '' THEN $3 ELSE moves || ',' || $3 END,
                captures = captures || $4, hashes = hashes || $5,
                position = $6, ply = ply + 1, last_move_at = $7, draw_offer = NULL, takeback_offer = NULL,
                bot_to_move = CASE WHEN $8 THEN jade_id IS NULL ELSE crimson_id IS NULL END,
                bot_claim = NULL, bot_claim_until = NULL,
                jade_clock = $10, crimson_clock = $11, deadline = $12, next_reminder = $13
         WHERE id = $1 AND ply = $2 AND status = 'active' AND position = $9
           AND last_move_at = $14 AND jade_clock IS NOT DISTINCT FROM $15
           AND crimson_clock IS NOT DISTINCT FROM $16",
        args![
            seen.game_id,
            seen.ply,
            step.mv.to_string(),
            codec::capture_code(step.captured).to_string(),
            codec::hash_code(step.before),
            step.after.to_string(),
            now,
            step.after.turn() == Side::Jade,
            step.from.to_string(),
            clock(Side::Jade),
            clock(Side::Crimson),
            t.deadline,
            t.next_reminder,
            seen.since,
            seen_clock(Side::Jade),
            seen_clock(Side::Crimson)
        ],
    )?;
    Ok(changed > 0)
}

/// Ends an active game without a move (resignation, agreed draw, time-out, abort) if it is
/// still at `expected_ply`; false when the game moved on or had already ended.
pub(crate) fn finish(
    c: &mut dyn Sql,
    game_id: i64,
    expected_ply: u32,
    finish: &Finish,
    now: i64,
) -> Result<bool> {
    c.tx(|tx| {
        let still = tx.row(
            "SELECT id FROM games WHERE id = $1 AND ply = $2 AND status = 'active' FOR UPDATE",
            args![game_id, expected_ply],
            |r| r.int(0),
        )?;
        if still.is_none() {
            return Ok(false);
        }
        finish_in(tx, game_id, finish, now)?;
        Ok(true)
    })
}

/// Records or clears a standing offer (`draw_offer` or `takeback_offer`) if the game is still
/// active at `expected_ply`; false when it moved on.
pub(crate) fn set_offer(
    c: &mut dyn Sql,
    column: &'static str,
    game_id: i64,
    expected_ply: u32,
    side: Option<Side>,
) -> Result<bool> {
    Ok(c.exec(
        &format!("UPDATE games SET {column} = $3 WHERE id = $1 AND ply = $2 AND status = 'active'"),
        args![game_id, expected_ply, side.map(codec::side_code)],
    )? == 1)
}

/// Ends a game whose row the transaction holds, applying its rating changes to the ratings as
/// stored now (another game may have moved them since this one read them).
fn finish_in(tx: &mut dyn Sql, game_id: i64, f: &Finish, now: i64) -> Result<()> {
    let scope = tx.one(
        TABLE,
        "UPDATE games SET status = $2, result = $3, reason = $4, finished_at = $5, draw_offer = NULL,
                takeback_offer = NULL, rated = CASE WHEN $6 THEN rated ELSE FALSE END
         WHERE id = $1 RETURNING scope",
        args![
            game_id,
            f.status().as_str(),
            f.outcome.map(codec::result_code),
            f.outcome.map_or(codec::ABORTED, codec::reason_code),
            now,
            f.outcome.is_some()
        ],
        |r| r.text(0),
    )?;
    let ids: Vec<i64> = f.changes.iter().map(|c| c.player_id).collect();
    lock_players(tx, &ids)?;
    for c in &f.changes {
        let (w, d, l): (i64, i64, i64) = if c.score > 0.75 {
            (1, 0, 0)
        } else if c.score > 0.25 {
            (0, 1, 0)
        } else {
            (0, 0, 1)
        };
        let delta = i64::from(c.after - c.before);
        let before = tx.one(
            "players",
            "UPDATE players SET rating = rating + $2, rated_games = rated_games + 1,
                    wins = wins + $3, draws = draws + $4, losses = losses + $5 WHERE id = $1
             RETURNING rating - $2",
            args![c.player_id, delta, w, d, l],
            |r| r.int(0),
        )?;
        tx.exec(
            "INSERT INTO rating_history (player_id, game_id, scope, before, after, at)
             VALUES ($1, $2, $3, $4, $5, $6)",
            args![c.player_id, game_id, &scope, before, before + delta, now],
        )?;
    }
    Ok(())
}
