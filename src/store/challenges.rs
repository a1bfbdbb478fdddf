//! Challenges: open (anyone may take) or addressed to one player; they expire.

use rusqlite::{OptionalExtension, Row, TransactionBehavior, params};

use super::codec;
use super::rows::{self, CHALLENGE_COLUMNS as COLUMNS};
use super::sqlite::Sqlite;
use super::{Result, StoreError};
use engine::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl ChallengeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }

    pub(super) fn parse(s: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Open,
            ChallengeStatus::Accepted,
            ChallengeStatus::Declined,
            ChallengeStatus::Cancelled,
            ChallengeStatus::Expired,
        ]
        .into_iter()
        .find(|c| c.as_str() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: i64,
    pub platform: String,
    pub scope: String,
    pub channel: String,
    pub challenger_id: i64,
    /// `None` for an open challenge.
    pub challenged_id: Option<i64>,
    /// The side the challenger asked for; `None`: drawn at random.
    pub side: Option<Side>,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub game_id: Option<i64>,
    /// Whether the game it starts is rated (`challenge ... casual` is not).
    pub rated: bool,
}

pub struct NewChallenge<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    pub channel: &'a str,
    pub challenger_id: i64,
    pub challenged_id: Option<i64>,
    pub side: Option<Side>,
    pub rated: bool,
    pub now: i64,
    pub expires_at: i64,
}

const TABLE: &str = "challenges";

fn from_row(r: &Row<'_>) -> rusqlite::Result<ChallengeRow> {
    rows::challenge(r)
}

impl Sqlite {
    /// Opens a challenge unless the challenger has one open in that channel already
    /// ([`StoreError::AlreadyOpen`]); the check and the insert are one transaction.
    pub fn create_challenge(&mut self, c: &NewChallenge<'_>) -> Result<ChallengeRow> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let open: Option<i64> = tx
            .prepare_cached(
                "SELECT id FROM challenges WHERE platform = ?1 AND channel = ?2 AND challenger_id = ?3
                 AND status = 'open' AND expires_at > ?4 LIMIT 1",
            )?
            .query_row(params![c.platform, c.channel, c.challenger_id, c.now], |r| r.get(0))
            .optional()?;
        if let Some(id) = open {
            return Err(StoreError::AlreadyOpen(id));
        }
        tx.prepare_cached("INSERT INTO challenges (platform, scope, channel, challenger_id, challenged_id, side, created_at, expires_at, rated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")?.execute(params![c.platform, c.scope, c.channel, c.challenger_id, c.challenged_id, codec::side_choice_code(c.side), c.now, c.expires_at, c.rated],
        )?;
        let id = tx.last_insert_rowid();
        tx.commit()?;
        self.challenge(id)?.ok_or(StoreError::Corrupt {
            table: TABLE,
            detail: format!("challenge {id} vanished after insert"),
        })
    }

    pub fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        Ok(self
            .conn
            .prepare_cached(&format!("SELECT {COLUMNS} FROM challenges WHERE id = ?1"))?
            .query_row([id], from_row)
            .optional()?)
    }

    /// Open, unexpired challenges in a channel, newest first.
    pub fn open_challenges(
        &self,
        platform: &str,
        channel: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM challenges WHERE platform = ?1 AND channel = ?2 AND status = 'open'
             AND expires_at > ?3 ORDER BY id DESC"
        ))?;
        let rows = stmt.query_map(params![platform, channel, now], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Open challenges whose time is up.
    pub fn lapsed_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} FROM challenges WHERE status = 'open' AND expires_at <= ?1 ORDER BY id"
        ))?;
        let rows = stmt.query_map([now], from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Closes an open challenge; false if it was no longer open (someone else got there first).
    pub fn close_challenge(
        &mut self,
        id: i64,
        status: ChallengeStatus,
        game_id: Option<i64>,
    ) -> Result<bool> {
        Ok(self
            .conn
            .prepare_cached(
                "UPDATE challenges SET status = ?2, game_id = ?3 WHERE id = ?1 AND status = 'open'",
            )?
            .execute(params![id, status.as_str(), game_id])?
            == 1)
    }
}
