//! Players, challenges and channels in PostgreSQL's words (games in `games.rs`), and reading
//! rows into the store's types: the same rows and guards as the SQLite queries, with the locks
//! that make each check-then-write safe across processes.

use ::postgres::Row;

use super::super::analyses;
use super::super::challenges::{ChallengeRow, ChallengeStatus, NewChallenge};
use super::super::codec;
use super::super::players::{PlayerRow, RankedPlayer};
use super::super::rows::{self, CHALLENGE_COLUMNS, PLAYER_COLUMNS};
use super::super::{Result, StoreError};
use super::Postgres;
use super::conn::Tx;
use engine::review::Analysis;

pub(super) const GAMES: &str = "games";
const CHALLENGES: &str = "challenges";

pub(super) fn all<T>(rows: Vec<Row>, f: fn(&Row) -> Result<T>) -> Result<Vec<T>> {
    rows.iter().map(f).collect()
}

/// Locks the rows of these players, in id order (the one order every transaction takes them
/// in, so two cannot wait for each other).
pub(super) fn lock_players(tx: &mut Tx<'_>, ids: &[i64]) -> Result<()> {
    tx.execute(
        "SELECT id FROM players WHERE id = ANY($1) ORDER BY id FOR UPDATE",
        &[&ids],
    )?;
    Ok(())
}

impl Postgres {
    // Players.

    pub(crate) fn upsert_player(
        &mut self,
        platform: &str,
        user_id: &str,
        name: &str,
        now: i64,
    ) -> Result<PlayerRow> {
        if let Some(p) = self.find_player(platform, user_id)?
            && p.display_name == name
        {
            return Ok(p);
        }
        self.with(|c| {
            rows::player(&c.query_one(
                &format!(
                    "INSERT INTO players (platform, user_id, display_name, created_at) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name
                     RETURNING {PLAYER_COLUMNS}"
                ),
                &[&platform, &user_id, &name, &now],
            )?)
        })
    }

    pub(crate) fn find_player(&self, platform: &str, user_id: &str) -> Result<Option<PlayerRow>> {
        self.with(|c| {
            c.query_opt(
                &format!(
                    "SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1 AND user_id = $2"
                ),
                &[&platform, &user_id],
            )?
            .as_ref()
            .map(rows::player)
            .transpose()
        })
    }

    pub(crate) fn player(&self, id: i64) -> Result<Option<PlayerRow>> {
        self.with(|c| {
            c.query_opt(
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"),
                &[&id],
            )?
            .as_ref()
            .map(rows::player)
            .transpose()
        })
    }

    pub(crate) fn players_named(&self, platform: &str, name: &str) -> Result<Vec<PlayerRow>> {
        self.with(|c| {
            all(
                c.query(
                    &format!(
                        "SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1
                         AND lower(display_name) = lower($2) ORDER BY id"
                    ),
                    &[&platform, &name],
                )?,
                rows::player,
            )
        })
    }

    pub(crate) fn leaderboard(
        &self,
        scope: Option<(&str, &str)>,
        limit: u32,
    ) -> Result<Vec<RankedPlayer>> {
        let limit = i64::from(limit);
        let rows = self.with(|c| {
            let rows = match scope {
                Some((platform, scope)) => c.query(
                    &format!(
                        "SELECT {PLAYER_COLUMNS} FROM players WHERE platform = $1 AND id IN
                           (SELECT h.player_id FROM rating_history h WHERE h.scope = $2)
                         ORDER BY rating DESC, rated_games DESC, id LIMIT $3"
                    ),
                    &[&platform, &scope, &limit],
                )?,
                None => c.query(
                    &format!(
                        "SELECT {PLAYER_COLUMNS} FROM players WHERE rated_games > 0
                         ORDER BY rating DESC, rated_games DESC, id LIMIT $1"
                    ),
                    &[&limit],
                )?,
            };
            all(rows, rows::player)
        })?;
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(i, player)| RankedPlayer {
                rank: i as u32 + 1,
                player,
            })
            .collect())
    }

    // Challenges.

    pub(crate) fn create_challenge(&mut self, ch: &NewChallenge<'_>) -> Result<ChallengeRow> {
        let id: i64 = self.with(|c| {
            let mut tx = c.transaction()?;
            lock_players(&mut tx, &[ch.challenger_id])?;
            let open = tx.query_opt(
                "SELECT id FROM challenges WHERE platform = $1 AND channel = $2 AND challenger_id = $3
                 AND status = 'open' AND expires_at > $4 LIMIT 1",
                &[&ch.platform, &ch.channel, &ch.challenger_id, &ch.now],
            )?;
            if let Some(row) = open {
                return Err(StoreError::AlreadyOpen(row.try_get(0)?));
            }
            let id = tx
                .query_one(
                    "INSERT INTO challenges (platform, scope, channel, challenger_id, challenged_id, side,
                                             created_at, expires_at, rated)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                    &[
                        &ch.platform,
                        &ch.scope,
                        &ch.channel,
                        &ch.challenger_id,
                        &ch.challenged_id,
                        &codec::side_choice_code(ch.side),
                        &ch.now,
                        &ch.expires_at,
                        &ch.rated,
                    ],
                )?
                .try_get(0)?;
            tx.commit()?;
            Ok(id)
        })?;
        self.challenge(id)?.ok_or(StoreError::Corrupt {
            table: CHALLENGES,
            detail: format!("challenge {id} vanished after insert"),
        })
    }

    pub(crate) fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        self.with(|c| {
            c.query_opt(
                &format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"),
                &[&id],
            )?
            .as_ref()
            .map(rows::challenge)
            .transpose()
        })
    }

    pub(crate) fn open_challenges(
        &self,
        platform: &str,
        channel: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>> {
        self.with(|c| {
            all(
                c.query(
                    &format!(
                        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE platform = $1 AND channel = $2
                         AND status = 'open' AND expires_at > $3 ORDER BY id DESC"
                    ),
                    &[&platform, &channel, &now],
                )?,
                rows::challenge,
            )
        })
    }

    pub(crate) fn lapsed_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        self.with(|c| {
            all(
                c.query(
                    &format!(
                        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open'
                         AND expires_at <= $1 ORDER BY id"
                    ),
                    &[&now],
                )?,
                rows::challenge,
            )
        })
    }

    pub(crate) fn close_challenge(
        &mut self,
        id: i64,
        status: ChallengeStatus,
        game_id: Option<i64>,
    ) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE challenges SET status = $2, game_id = $3 WHERE id = $1 AND status = 'open'",
                &[&id, &status.as_str(), &game_id],
            )? == 1)
        })
    }

    // Channels.

    pub(crate) fn analysis(&self, game_id: i64) -> Result<Option<Analysis>> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT jade_start, plies FROM analyses WHERE game_id = $1",
                &[&game_id],
            )?;
            match row {
                Some(r) => {
                    let plies: String = r.try_get(1)?;
                    Ok(Some(analyses::from_columns(
                        game_id,
                        r.try_get(0)?,
                        &plies,
                    )?))
                }
                None => Ok(None),
            }
        })
    }

    pub(crate) fn save_analysis(
        &mut self,
        game_id: i64,
        analysis: &Analysis,
        now: i64,
    ) -> Result<()> {
        let plies = analyses::encode(&analysis.plies);
        self.with(|c| {
            c.execute(
                "INSERT INTO analyses (game_id, jade_start, plies, created_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (game_id) DO UPDATE SET jade_start = $2, plies = $3, created_at = $4",
                &[&game_id, &analysis.jade_start, &plies, &now],
            )?;
            Ok(())
        })
    }

    pub(crate) fn language(&self, platform: &str, scope: &str) -> Result<Option<String>> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT lang FROM languages WHERE platform = $1 AND scope = $2",
                &[&platform, &scope],
            )?;
            match row {
                Some(r) => Ok(Some(r.try_get(0)?)),
                None => Ok(None),
            }
        })
    }

    pub(crate) fn set_language(
        &mut self,
        platform: &str,
        scope: &str,
        lang: &str,
        by: &str,
        now: i64,
    ) -> Result<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO languages (platform, scope, lang, changed_by, changed_at)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (platform, scope) DO UPDATE SET lang = $3, changed_by = $4, changed_at = $5",
                &[&platform, &scope, &lang, &by, &now],
            )?;
            Ok(())
        })
    }

    pub(crate) fn channel_enabled(&self, platform: &str, channel: &str) -> Result<bool> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT enabled FROM channels WHERE platform = $1 AND channel = $2",
                &[&platform, &channel],
            )?;
            Ok(match row {
                Some(r) => r.try_get(0)?,
                None => true,
            })
        })
    }

    pub(crate) fn set_channel_enabled(
        &mut self,
        platform: &str,
        channel: &str,
        enabled: bool,
        by: &str,
        now: i64,
    ) -> Result<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO channels (platform, channel, enabled, changed_by, changed_at)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (platform, channel) DO UPDATE SET enabled = $3, changed_by = $4, changed_at = $5",
                &[&platform, &channel, &enabled, &by, &now],
            )?;
            Ok(())
        })
    }
}
