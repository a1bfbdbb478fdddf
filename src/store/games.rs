//! Games: creation, moves committed with a ply guard, endings with their rating changes.

use rusqlite::{OptionalExtension, Row, TransactionBehavior, params};

use super::{Result, Store, StoreError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    Aborted,
}

impl GameStatus {
    fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    fn parse(s: &str) -> Option<GameStatus> {
        match s {
            "active" => Some(GameStatus::Active),
            "finished" => Some(GameStatus::Finished),
            "aborted" => Some(GameStatus::Aborted),
            _ => None,
        }
    }
}

/// A game as stored. Positions and moves are text in the engine's formats.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub platform: String,
    pub scope: String,
    pub channel: String,
    pub jade_id: Option<i64>,
    pub crimson_id: Option<i64>,
    /// Set when one side is the bot (the side whose player id is `None`).
    pub bot_level: Option<String>,
    pub start_position: String,
    /// Canonical move texts (`G7 G6`), in order.
    pub moves: Vec<String>,
    pub position: String,
    pub ply: u32,
    pub status: GameStatus,
    /// `jade`, `crimson` or `draw` once over.
    pub result: Option<String>,
    pub reason: Option<String>,
    pub rated: bool,
    /// `jade` or `crimson`: who has a draw offer standing.
    pub draw_offer: Option<String>,
    pub created_at: i64,
    pub last_move_at: i64,
    pub finished_at: Option<i64>,
}

pub struct NewGame<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    pub channel: &'a str,
    pub jade_id: Option<i64>,
    pub crimson_id: Option<i64>,
    pub bot_level: Option<&'a str>,
    pub position: &'a str,
    pub rated: bool,
    pub now: i64,
}

/// One player's rating change at the end of a rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub player_id: i64,
    pub before: i32,
    pub after: i32,
    /// 1, 0.5 or 0.
    pub score: f64,
}

/// How a game ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub status: GameStatus,
    pub result: Option<String>,
    pub reason: String,
    pub changes: Vec<RatingChange>,
}

const COLUMNS: &str = "id, platform, scope, channel, jade_id, crimson_id, bot_level, start_position, moves, \
     position, ply, status, result, reason, rated, draw_offer, created_at, last_move_at, finished_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    let moves: String = r.get(8)?;
    let status: String = r.get(11)?;
    Ok(GameRow {
        id: r.get(0)?,
        platform: r.get(1)?,
        scope: r.get(2)?,
        channel: r.get(3)?,
        jade_id: r.get(4)?,
        crimson_id: r.get(5)?,
        bot_level: r.get(6)?,
        start_position: r.get(7)?,
        moves: if moves.is_empty() {
            Vec::new()
        } else {
            moves.split(',').map(str::to_string).collect()
        },
        position: r.get(9)?,
        ply: r.get(10)?,
        status: GameStatus::parse(&status).unwrap_or(GameStatus::Aborted),
        result: r.get(12)?,
        reason: r.get(13)?,
        rated: r.get(14)?,
        draw_offer: r.get(15)?,
        created_at: r.get(16)?,
        last_move_at: r.get(17)?,
        finished_at: r.get(18)?,
    })
}

impl Store {
    pub fn create_game(&mut self, g: &NewGame<'_>) -> Result<GameRow> {
        self.conn.prepare_cached("INSERT INTO games (platform, scope, channel, jade_id, crimson_id, bot_level, start_position,
                                position, rated, created_at, last_move_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?9)")?.execute(params![g.platform, g.scope, g.channel, g.jade_id, g.crimson_id, g.bot_level, g.position, g.rated, g.now],
        )?;
        let id = self.conn.last_insert_rowid();
        self.game(id)?.ok_or(StoreError::Corrupt {
            table: "games",
            detail: format!("game {id} vanished after insert"),
        })
    }

    pub fn game(&self, id: i64) -> Result<Option<GameRow>> {
        Ok(self
            .conn
            .prepare_cached(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"))?
            .query_row([id], from_row)
            .optional()?)
    }

    /// Active games in a channel, oldest first.
    pub fn active_games(&self, platform: &str, channel: &str) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE platform = ?1 AND channel = ?2 AND status = 'active' ORDER BY id"
        ))?;
        let rows = stmt.query_map(params![platform, channel], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every active game anywhere (for resuming and time-outs).
    pub fn all_active_games(&self) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'active' ORDER BY id"
        ))?;
        let rows = stmt.query_map([], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The player's active game in a channel (at most one).
    pub fn active_game_of(
        &self,
        platform: &str,
        channel: &str,
        player_id: i64,
    ) -> Result<Option<GameRow>> {
        Ok(self.conn.prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM games WHERE platform = ?1 AND channel = ?2 AND status = 'active'
                     AND (jade_id = ?3 OR crimson_id = ?3) ORDER BY id LIMIT 1"
                ))?.query_row(params![platform, channel, player_id],
                from_row,
            )
            .optional()?)
    }

    /// Recent games of a player, newest first.
    pub fn games_of(&self, player_id: i64, limit: u32) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE jade_id = ?1 OR crimson_id = ?1 ORDER BY id DESC LIMIT ?2"
        ))?;
        let rows = stmt.query_map(params![player_id, limit], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Active games whose side to move has not moved since `before`.
    pub fn stale_games(&self, before: i64) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'active' AND last_move_at <= ?1 ORDER BY id"
        ))?;
        let rows = stmt.query_map([before], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Rating changes recorded for a game: (player id, before, after).
    pub fn rating_changes(&self, game_id: i64) -> Result<Vec<(i64, i32, i32)>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT player_id, before, after FROM rating_history WHERE game_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Commits a move in one transaction if the game is still active at `expected_ply`; with
    /// `finish`, the game ends in the same transaction. Returns false (and changes nothing) when
    /// another move got there first.
    pub fn commit_move(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        move_text: &str,
        position: &str,
        now: i64,
        finish: Option<&Finish>,
    ) -> Result<bool> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let changed = tx.execute(
            "UPDATE games SET moves = CASE WHEN moves = '' THEN ?3 ELSE moves || ',' || ?3 END,
                    position = ?4, ply = ply + 1, last_move_at = ?5, draw_offer = NULL
             WHERE id = ?1 AND ply = ?2 AND status = 'active'",
            params![game_id, expected_ply, move_text, position, now],
        )?;
        if changed == 0 {
            return Ok(false);
        }
        if let Some(f) = finish {
            finish_in(&tx, game_id, f, now)?;
        }
        tx.commit()?;
        Ok(true)
    }

    /// Ends an active game without a move (resignation, agreed draw, time-out, abort) if it is
    /// still at `expected_ply`. Returns false when the game moved on or had already ended.
    pub fn finish_game(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        finish: &Finish,
        now: i64,
    ) -> Result<bool> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let still: Option<i64> = tx
            .query_row(
                "SELECT id FROM games WHERE id = ?1 AND ply = ?2 AND status = 'active'",
                params![game_id, expected_ply],
                |r| r.get(0),
            )
            .optional()?;
        if still.is_none() {
            return Ok(false);
        }
        finish_in(&tx, game_id, finish, now)?;
        tx.commit()?;
        Ok(true)
    }

    /// Records or clears a standing draw offer, if the game is still at `expected_ply`.
    pub fn set_draw_offer(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        side: Option<&str>,
    ) -> Result<bool> {
        Ok(self
            .conn
            .prepare_cached(
                "UPDATE games SET draw_offer = ?3 WHERE id = ?1 AND ply = ?2 AND status = 'active'",
            )?
            .execute(params![game_id, expected_ply, side])?
            == 1)
    }
}

fn finish_in(tx: &rusqlite::Transaction<'_>, game_id: i64, f: &Finish, now: i64) -> Result<()> {
    tx.execute(
        "UPDATE games SET status = ?2, result = ?3, reason = ?4, finished_at = ?5, draw_offer = NULL,
                rated = CASE WHEN ?6 THEN rated ELSE 0 END
         WHERE id = ?1",
        params![game_id, f.status.as_str(), f.result, f.reason, now, f.status == GameStatus::Finished],
    )?;
    let scope: String = tx.query_row("SELECT scope FROM games WHERE id = ?1", [game_id], |r| {
        r.get(0)
    })?;
    for c in &f.changes {
        let (w, d, l) = if c.score > 0.75 {
            (1, 0, 0)
        } else if c.score > 0.25 {
            (0, 1, 0)
        } else {
            (0, 0, 1)
        };
        tx.execute(
            "UPDATE players SET rating = ?2, rated_games = rated_games + 1,
                    wins = wins + ?3, draws = draws + ?4, losses = losses + ?5 WHERE id = ?1",
            params![c.player_id, c.after, w, d, l],
        )?;
        tx.execute(
            "INSERT INTO rating_history (player_id, game_id, scope, before, after, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![c.player_id, game_id, scope, c.before, c.after, now],
        )?;
    }
    Ok(())
}
