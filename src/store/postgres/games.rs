//! Games and takebacks in PostgreSQL's words: moves committed with a ply guard, endings with
//! their rating changes, takebacks; each check-then-write one transaction holding the game's
//! row lock.

use super::super::codec;
use super::super::games::{Finish, GameRow, NewGame, Step};
use super::super::rows::{self, GAME_COLUMNS};
use super::super::takebacks::{Takeback, rewind};
use super::super::{Result, StoreError};
use super::Postgres;
use super::conn::Tx;
use super::queries::{GAMES, all, lock_players};
use engine::Level;
use engine::Side;

impl Postgres {
    pub(crate) fn create_game(&mut self, g: &NewGame<'_>) -> Result<GameRow> {
        self.start_game(g, None)
    }

    pub(crate) fn accept_challenge(&mut self, challenge: i64, g: &NewGame<'_>) -> Result<GameRow> {
        self.start_game(g, Some(challenge))
    }

    /// The players' rows are locked first, so two processes starting a game for the same
    /// player take turns, and the second sees the first one's game.
    fn start_game(&mut self, g: &NewGame<'_>, challenge: Option<i64>) -> Result<GameRow> {
        let id: i64 = self.with(|c| {
            let mut tx = c.transaction()?;
            let players: Vec<i64> = [g.jade_id, g.crimson_id].into_iter().flatten().collect();
            lock_players(&mut tx, &players)?;
            for player in &players {
                let busy = tx.query_opt(
                    "SELECT id FROM games WHERE platform = $1 AND channel = $2 AND status = 'active'
                     AND (jade_id = $3 OR crimson_id = $3) LIMIT 1",
                    &[&g.platform, &g.channel, player],
                )?;
                if let Some(row) = busy {
                    return Err(StoreError::Busy {
                        player_id: *player,
                        game_id: row.try_get(0)?,
                    });
                }
            }
            let bot_to_move = match g.position.turn() {
                Side::Jade => g.jade_id.is_none(),
                Side::Crimson => g.crimson_id.is_none(),
            };
            let id: i64 = tx
                .query_one(
                    "INSERT INTO games (platform, scope, channel, jade_id, crimson_id, bot_level, start_position,
                                        position, rated, created_at, last_move_at, bot_to_move)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $9, $10) RETURNING id",
                    &[
                        &g.platform,
                        &g.scope,
                        &g.channel,
                        &g.jade_id,
                        &g.crimson_id,
                        &g.bot_level.map(Level::name),
                        &g.position.to_string(),
                        &g.rated,
                        &g.now,
                        &bot_to_move,
                    ],
                )?
                .try_get(0)?;
            if let Some(ch) = challenge {
                let closed = tx.execute(
                    "UPDATE challenges SET status = 'accepted', game_id = $2
                     WHERE id = $1 AND status = 'open' AND expires_at > $3",
                    &[&ch, &id, &g.now],
                )?;
                if closed == 0 {
                    return Err(StoreError::Conflict);
                }
            }
            tx.commit()?;
            Ok(id)
        })?;
        self.game(id)?.ok_or(StoreError::Corrupt {
            table: GAMES,
            detail: format!("game {id} vanished after insert"),
        })
    }

    pub(crate) fn game(&self, id: i64) -> Result<Option<GameRow>> {
        self.with(|c| {
            c.query_opt(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"),
                &[&id],
            )?
            .as_ref()
            .map(rows::game)
            .transpose()
        })
    }

    fn games_where(
        &self,
        condition: &str,
        params: &[&(dyn ::postgres::types::ToSql + Sync)],
    ) -> Result<Vec<GameRow>> {
        self.with(|c| {
            all(
                c.query(
                    &format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition}"),
                    params,
                )?,
                rows::game,
            )
        })
    }

    pub(crate) fn active_games(&self, platform: &str, channel: &str) -> Result<Vec<GameRow>> {
        self.games_where(
            "platform = $1 AND channel = $2 AND status = 'active' ORDER BY id",
            &[&platform, &channel],
        )
    }

    pub(crate) fn bot_turns(&self) -> Result<Vec<GameRow>> {
        self.games_where("status = 'active' AND bot_to_move ORDER BY id", &[])
    }

    pub(crate) fn active_game_of(
        &self,
        platform: &str,
        channel: &str,
        player_id: i64,
    ) -> Result<Option<GameRow>> {
        Ok(self
            .games_where(
                "platform = $1 AND channel = $2 AND status = 'active'
                 AND (jade_id = $3 OR crimson_id = $3) ORDER BY id LIMIT 1",
                &[&platform, &channel, &player_id],
            )?
            .pop())
    }

    pub(crate) fn game_counts(&self) -> Result<Vec<(String, i64)>> {
        self.with(|c| {
            c.query(
                "SELECT status, COUNT(*) FROM games GROUP BY status ORDER BY status",
                &[],
            )?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
        })
    }

    pub(crate) fn games_of(
        &self,
        player_id: i64,
        platform: &str,
        channel: &str,
        limit: u32,
    ) -> Result<Vec<GameRow>> {
        self.games_where(
            "(jade_id = $1 OR crimson_id = $1) AND platform = $2 AND channel = $3
             ORDER BY id DESC LIMIT $4",
            &[&player_id, &platform, &channel, &i64::from(limit)],
        )
    }

    pub(crate) fn stale_games(&self, before: i64) -> Result<Vec<GameRow>> {
        self.games_where(
            "status = 'active' AND NOT bot_to_move AND last_move_at <= $1 ORDER BY id",
            &[&before],
        )
    }

    pub(crate) fn rating_changes(&self, game_id: i64) -> Result<Vec<(i64, i32, i32)>> {
        self.with(|c| {
            c.query(
                "SELECT player_id, before, after FROM rating_history WHERE game_id = $1 ORDER BY id",
                &[&game_id],
            )?
            .iter()
            .map(|r| {
                Ok((
                    r.try_get(0)?,
                    rows::int(r, "rating_history", 1)?,
                    rows::int(r, "rating_history", 2)?,
                ))
            })
            .collect()
        })
    }

    /// The guard `ply = expected` is checked again after waiting for another transaction's
    /// lock on the row (PostgreSQL's READ COMMITTED), so exactly one of two racing moves wins.
    pub(crate) fn commit_move(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        step: &Step,
        now: i64,
        finish: Option<&Finish>,
    ) -> Result<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let changed = tx.execute(
                "UPDATE games SET moves = CASE WHEN moves = '' THEN $3 ELSE moves || ',' || $3 END,
                        captures = captures || $4, hashes = hashes || $5,
                        position = $6, ply = ply + 1, last_move_at = $7, draw_offer = NULL, takeback_offer = NULL,
                        bot_to_move = CASE WHEN $8 THEN jade_id IS NULL ELSE crimson_id IS NULL END,
                        bot_claim = NULL, bot_claim_until = NULL
                 WHERE id = $1 AND ply = $2 AND status = 'active'",
                &[
                    &game_id,
                    &i64::from(expected_ply),
                    &step.mv.to_string(),
                    &codec::capture_code(step.captured).to_string(),
                    &codec::hash_code(step.before),
                    &step.after.to_string(),
                    &now,
                    &(step.after.turn() == Side::Jade),
                ],
            )?;
            if changed == 0 {
                return Ok(false);
            }
            if let Some(f) = finish {
                finish_in(&mut tx, game_id, f, now)?;
            }
            tx.commit()?;
            Ok(true)
        })
    }

    pub(crate) fn finish_game(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        finish: &Finish,
        now: i64,
    ) -> Result<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let still = tx.query_opt(
                "SELECT id FROM games WHERE id = $1 AND ply = $2 AND status = 'active' FOR UPDATE",
                &[&game_id, &i64::from(expected_ply)],
            )?;
            if still.is_none() {
                return Ok(false);
            }
            finish_in(&mut tx, game_id, finish, now)?;
            tx.commit()?;
            Ok(true)
        })
    }

    pub(crate) fn set_offer(
        &mut self,
        column: &'static str,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                &format!(
                    "UPDATE games SET {column} = $3 WHERE id = $1 AND ply = $2 AND status = 'active'"
                ),
                &[&game_id, &i64::from(expected_ply), &side.map(codec::side_code)],
            )? == 1)
        })
    }
}

/// Ends a game whose row the transaction has locked, applying its rating changes to the
/// ratings as stored now (another game may have moved them since this one read them).
fn finish_in(tx: &mut Tx<'_>, game_id: i64, f: &Finish, now: i64) -> Result<()> {
    let scope: String = tx
        .query_one(
            "UPDATE games SET status = $2, result = $3, reason = $4, finished_at = $5, draw_offer = NULL,
                    takeback_offer = NULL, rated = CASE WHEN $6 THEN rated ELSE FALSE END
             WHERE id = $1 RETURNING scope",
            &[
                &game_id,
                &f.status().as_str(),
                &f.outcome.map(codec::result_code),
                &f.outcome.map_or(codec::ABORTED, codec::reason_code),
                &now,
                &f.outcome.is_some(),
            ],
        )?
        .try_get(0)?;
    let mut ids: Vec<i64> = f.changes.iter().map(|c| c.player_id).collect();
    ids.sort_unstable();
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
        let before: i64 = tx
            .query_one(
                "UPDATE players SET rating = rating + $2, rated_games = rated_games + 1,
                        wins = wins + $3, draws = draws + $4, losses = losses + $5 WHERE id = $1
                 RETURNING rating - $2",
                &[&c.player_id, &delta, &w, &d, &l],
            )?
            .try_get(0)?;
        tx.execute(
            "INSERT INTO rating_history (player_id, game_id, scope, before, after, at)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &c.player_id,
                &game_id,
                &scope,
                &before,
                &(before + delta),
                &now,
            ],
        )?;
    }
    Ok(())
}

impl Postgres {
    pub(crate) fn take_back(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        plies: u32,
        side: Side,
        now: i64,
    ) -> Result<Option<GameRow>> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let row = tx.query_opt(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE id = $1 AND ply = $2 AND status = 'active'
                     FOR UPDATE"
                ),
                &[&game_id, &i64::from(expected_ply)],
            )?;
            let Some(row) = row else {
                return Ok(None);
            };
            let mut row = rows::game(&row)?;
            let columns = rewind(&mut row, plies, now)?;
            tx.execute(
                "UPDATE games SET moves = $2, captures = $3, hashes = $4, position = $5, ply = $6,
                        last_move_at = $7, draw_offer = NULL, takeback_offer = NULL,
                        bot_to_move = CASE WHEN $8 THEN jade_id IS NULL ELSE crimson_id IS NULL END,
                        bot_claim = NULL, bot_claim_until = NULL
                 WHERE id = $1",
                &[
                    &game_id,
                    &columns.moves,
                    &columns.captures,
                    &columns.hashes,
                    &row.position.to_string(),
                    &i64::from(row.ply),
                    &now,
                    &(row.position.turn() == Side::Jade),
                ],
            )?;
            tx.execute(
                "INSERT INTO takebacks (game_id, side, from_ply, moves, at) VALUES ($1, $2, $3, $4, $5)",
                &[
                    &game_id,
                    &codec::side_code(side),
                    &i64::from(expected_ply),
                    &columns.taken,
                    &now,
                ],
            )?;
            tx.commit()?;
            Ok(Some(row))
        })
    }

    pub(crate) fn takebacks(&self, game_id: i64) -> Result<Vec<Takeback>> {
        let rows = self.with(|c| {
            Ok(c.query(
                "SELECT side, from_ply, moves, at FROM takebacks WHERE game_id = $1 ORDER BY id",
                &[&game_id],
            )?)
        })?;
        let bad = || StoreError::Corrupt {
            table: "takebacks",
            detail: format!("game {game_id}: unreadable takeback"),
        };
        rows.iter()
            .map(|r| {
                let side: String = r.try_get(0)?;
                let from_ply: i64 = r.try_get(1)?;
                let moves: String = r.try_get(2)?;
                Ok(Takeback {
                    side: codec::side(&side).ok_or_else(bad)?,
                    from_ply: u32::try_from(from_ply).map_err(|_| bad())?,
                    moves: codec::moves(&moves).ok_or_else(bad)?,
                    at: r.try_get(3)?,
                })
            })
            .collect()
    }
}
