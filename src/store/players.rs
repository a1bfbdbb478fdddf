//! Players and their ratings; leaderboards per scope (server or room) and global.

use rusqlite::{OptionalExtension, Row, params};

use super::Result;
use super::rows::{self, PLAYER_COLUMNS as COLUMNS};
use super::sqlite::Sqlite;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: i64,
    pub platform: String,
    pub user_id: String,
    pub display_name: String,
    pub rating: i32,
    pub rated_games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A leaderboard line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedPlayer {
    pub rank: u32,
    pub player: PlayerRow,
}

fn from_row(r: &Row<'_>) -> rusqlite::Result<PlayerRow> {
    rows::player(r)
}

impl Sqlite {
    /// The player with this platform id, created on first sight; the display name is refreshed.
    /// One statement writes, so two processes seeing a new player at once make one row.
    pub fn upsert_player(
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
        Ok(self
            .conn
            .prepare_cached(&format!(
                "INSERT INTO players (platform, user_id, display_name, created_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name
                 RETURNING {COLUMNS}"
            ))?
            .query_row(params![platform, user_id, name, now], from_row)?)
    }

    pub fn find_player(&self, platform: &str, user_id: &str) -> Result<Option<PlayerRow>> {
        Ok(self
            .conn
            .prepare_cached(&format!(
                "SELECT {COLUMNS} FROM players WHERE platform = ?1 AND user_id = ?2"
            ))?
            .query_row(params![platform, user_id], from_row)
            .optional()?)
    }

    pub fn player(&self, id: i64) -> Result<Option<PlayerRow>> {
        Ok(self
            .conn
            .prepare_cached(&format!("SELECT {COLUMNS} FROM players WHERE id = ?1"))?
            .query_row([id], from_row)
            .optional()?)
    }

    /// Players of a platform whose display name matches, ignoring case.
    pub fn players_named(&self, platform: &str, name: &str) -> Result<Vec<PlayerRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM players WHERE platform = ?1 AND display_name = ?2 COLLATE NOCASE ORDER BY id"
        ))?;
        let rows = stmt.query_map(params![platform, name], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The best players by rating: of one scope (those with a rated game there) or of everyone.
    pub fn leaderboard(
        &self,
        scope: Option<(&str, &str)>,
        limit: u32,
    ) -> Result<Vec<RankedPlayer>> {
        let rows: Vec<PlayerRow> = match scope {
            Some((platform, scope)) => {
                let mut stmt = self.conn.prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM players WHERE platform = ?1 AND id IN
                       (SELECT h.player_id FROM rating_history h WHERE h.scope = ?2)
                     ORDER BY rating DESC, rated_games DESC, id LIMIT ?3"
                ))?;
                stmt.query_map(params![platform, scope, limit], from_row)?
                    .collect::<rusqlite::Result<_>>()?
            }
            None => {
                let mut stmt = self.conn.prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM players WHERE rated_games > 0
                     ORDER BY rating DESC, rated_games DESC, id LIMIT ?1"
                ))?;
                stmt.query_map(params![limit], from_row)?
                    .collect::<rusqlite::Result<_>>()?
            }
        };
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(i, player)| RankedPlayer {
                rank: i as u32 + 1,
                player,
            })
            .collect())
    }
}
