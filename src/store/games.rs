//! Games: creation, moves committed with a ply guard, endings with their rating changes.

use rusqlite::{OptionalExtension, Row, TransactionBehavior, params};

use super::codec;
use super::rows::{self, GAME_COLUMNS as COLUMNS};
use super::sqlite::Sqlite;
use super::{Result, StoreError};
use engine::Level;
use engine::{Move, Outcome, Piece, Position, Side};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    Aborted,
}

impl GameStatus {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    pub(super) fn parse(s: &str) -> Option<GameStatus> {
        [
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Aborted,
        ]
        .into_iter()
        .find(|g| g.as_str() == s)
    }
}

/// A game as stored, in the game's own types.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub platform: String,
    pub scope: String,
    pub channel: String,
    pub jade_id: Option<i64>,
    pub crimson_id: Option<i64>,
    /// Set when one side is the bot (the side whose player id is `None`).
    pub bot_level: Option<Level>,
    pub start_position: Position,
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// What each move captured, beside [`GameRow::moves`].
    pub captures: Vec<Option<Piece>>,
    /// The hash of the position before each move, oldest first (the bot's repetition check).
    pub history: Vec<u64>,
    pub position: Position,
    pub ply: u32,
    pub status: GameStatus,
    /// How a finished game ended (`None` while active and for aborted games).
    pub outcome: Option<Outcome>,
    pub rated: bool,
    /// Who has a draw offer standing.
    pub draw_offer: Option<Side>,
    /// Who has asked to take back a move.
    pub takeback_offer: Option<Side>,
    pub created_at: i64,
    pub last_move_at: i64,
    pub finished_at: Option<i64>,
}

impl GameRow {
    /// The last move and what it captured.
    pub fn last_move(&self) -> Option<(Move, Option<Piece>)> {
        Some((*self.moves.last()?, self.captures.last().copied().flatten()))
    }
}

pub struct NewGame<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    pub channel: &'a str,
    pub jade_id: Option<i64>,
    pub crimson_id: Option<i64>,
    pub bot_level: Option<Level>,
    pub position: &'a Position,
    pub rated: bool,
    pub now: i64,
}

/// One move as it is committed: the move, what it took, and the positions around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub mv: Move,
    pub captured: Option<Piece>,
    /// The hash of the position the move was played in.
    pub before: u64,
    /// The position after it.
    pub after: Position,
}

impl Step {
    /// Plays a legal `mv` on `pos`.
    pub fn play(pos: &Position, mv: Move) -> Step {
        let mut after = *pos;
        let captured = after.play_unchecked(mv);
        Step {
            mv,
            captured,
            before: pos.hash(),
            after,
        }
    }
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

/// How a game ends: finished with an outcome, or aborted (`outcome: None`).
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub outcome: Option<Outcome>,
    pub changes: Vec<RatingChange>,
}

impl Finish {
    /// Ended before it counted: no result, no rating change.
    pub fn aborted() -> Finish {
        Finish {
            outcome: None,
            changes: Vec::new(),
        }
    }

    pub(super) fn status(&self) -> GameStatus {
        match self.outcome {
            Some(_) => GameStatus::Finished,
            None => GameStatus::Aborted,
        }
    }
}

const TABLE: &str = "games";

pub(super) fn from_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    rows::game(r)
}

impl Sqlite {
    /// Starts a game unless one of its players already has an active game in that channel;
    /// the check and the insert are one transaction, so two processes cannot both start one.
    pub fn create_game(&mut self, g: &NewGame<'_>) -> Result<GameRow> {
        self.start_game(g, None)
    }

    /// Starts the game a challenge was accepted for and closes the challenge, in one
    /// transaction: [`StoreError::Conflict`] when the challenge is no longer open.
    pub fn accept_challenge(&mut self, challenge: i64, g: &NewGame<'_>) -> Result<GameRow> {
        self.start_game(g, Some(challenge))
    }

    fn start_game(&mut self, g: &NewGame<'_>, challenge: Option<i64>) -> Result<GameRow> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for player in [g.jade_id, g.crimson_id].into_iter().flatten() {
            let busy: Option<i64> = tx
                .prepare_cached(
                    "SELECT id FROM games WHERE platform = ?1 AND channel = ?2 AND status = 'active'
                     AND (jade_id = ?3 OR crimson_id = ?3) LIMIT 1",
                )?
                .query_row(params![g.platform, g.channel, player], |r| r.get(0))
                .optional()?;
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
        tx.prepare_cached(
            "INSERT INTO games (platform, scope, channel, jade_id, crimson_id, bot_level, start_position,
                                position, rated, created_at, last_move_at, bot_to_move)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?9, ?10)",
        )?
        .execute(params![
            g.platform,
            g.scope,
            g.channel,
            g.jade_id,
            g.crimson_id,
            g.bot_level.map(Level::name),
            g.position.to_string(),
            g.rated,
            g.now,
            bot_to_move
        ])?;
        let id = tx.last_insert_rowid();
        if let Some(c) = challenge {
            let closed = tx
                .prepare_cached(
                    "UPDATE challenges SET status = 'accepted', game_id = ?2
                     WHERE id = ?1 AND status = 'open' AND expires_at > ?3",
                )?
                .execute(params![c, id, g.now])?;
            if closed == 0 {
                return Err(StoreError::Conflict);
            }
        }
        tx.commit()?;
        self.game(id)?.ok_or(StoreError::Corrupt {
            table: TABLE,
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

    /// Active games in which the bot is to move (an index keeps this as cheap as the answer).
    pub fn bot_turns(&self) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'active' AND bot_to_move = 1 ORDER BY id"
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

    /// How many games each status holds (`active`, `finished`, `aborted`).
    pub fn game_counts(&self) -> Result<Vec<(String, i64)>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT status, COUNT(*) FROM games GROUP BY status ORDER BY status")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Answers a trivial query: the database is there and readable.
    pub fn ping(&self) -> Result<()> {
        self.conn.query_row("SELECT 1", [], |_| Ok(()))?;
        Ok(())
    }

    /// Recent games of a player in one channel, newest first.
    pub fn games_of(
        &self,
        player_id: i64,
        platform: &str,
        channel: &str,
        limit: u32,
    ) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE (jade_id = ?1 OR crimson_id = ?1)
             AND platform = ?2 AND channel = ?3 ORDER BY id DESC LIMIT ?4"
        ))?;
        let rows = stmt.query_map(params![player_id, platform, channel, limit], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Active games whose player to move has not moved since `before` (the bot's turns are
    /// not theirs to lose); an index on the deadline finds only these.
    pub fn stale_games(&self, before: i64) -> Result<Vec<GameRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM games WHERE status = 'active' AND bot_to_move = 0
             AND last_move_at <= ?1 ORDER BY id"
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
        step: &Step,
        now: i64,
        finish: Option<&Finish>,
    ) -> Result<bool> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let changed = tx.execute(
            "UPDATE games SET moves = CASE WHEN moves = '' THEN ?3 ELSE moves || ',' || ?3 END,
                    captures = captures || ?4, hashes = hashes || ?5,
                    position = ?6, ply = ply + 1, last_move_at = ?7, draw_offer = NULL, takeback_offer = NULL,
                    bot_to_move = CASE WHEN ?8 THEN jade_id IS NULL ELSE crimson_id IS NULL END,
                    bot_claim = NULL, bot_claim_until = NULL
             WHERE id = ?1 AND ply = ?2 AND status = 'active'",
            params![
                game_id,
                expected_ply,
                step.mv.to_string(),
                codec::capture_code(step.captured).to_string(),
                codec::hash_code(step.before),
                step.after.to_string(),
                now,
                step.after.turn() == Side::Jade
            ],
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

    /// Records or clears a standing offer (`draw_offer` or `takeback_offer`) if the game is
    /// still active at `expected_ply`; false when it moved on.
    pub(super) fn set_offer(
        &mut self,
        column: &'static str,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        Ok(self
            .conn
            .prepare_cached(&format!(
                "UPDATE games SET {column} = ?3 WHERE id = ?1 AND ply = ?2 AND status = 'active'"
            ))?
            .execute(params![game_id, expected_ply, side.map(codec::side_code)])?
            == 1)
    }
}

fn finish_in(tx: &rusqlite::Transaction<'_>, game_id: i64, f: &Finish, now: i64) -> Result<()> {
    tx.execute(
        "UPDATE games SET status = ?2, result = ?3, reason = ?4, finished_at = ?5, draw_offer = NULL,
                takeback_offer = NULL,
                rated = CASE WHEN ?6 THEN rated ELSE 0 END
         WHERE id = ?1",
        params![
            game_id,
            f.status().as_str(),
            f.outcome.map(codec::result_code),
            f.outcome.map_or(codec::ABORTED, codec::reason_code),
            now,
            f.outcome.is_some()
        ],
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
        // The change applies to the rating as stored now, which another game may have moved
        // since this one read it.
        let before: i32 = tx.query_row(
            "UPDATE players SET rating = rating + ?2, rated_games = rated_games + 1,
                    wins = wins + ?3, draws = draws + ?4, losses = losses + ?5 WHERE id = ?1
             RETURNING rating - ?2",
            params![c.player_id, c.after - c.before, w, d, l],
            |r| r.get(0),
        )?;
        let after = before + (c.after - c.before);
        tx.execute(
            "INSERT INTO rating_history (player_id, game_id, scope, before, after, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![c.player_id, game_id, scope, before, after, now],
        )?;
    }
    Ok(())
}
