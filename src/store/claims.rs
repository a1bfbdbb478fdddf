//! What one process holds for a while when several share a database: a named lease (the
//! Matrix account, which has one sync stream) and a game's bot claim (the bot's move being
//! searched). Both carry the holder's id and an expiry, so that what a process that died was
//! holding is free again once its time is up. The types, and the SQLite queries.

use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::Result;
use super::rows::{self, LEASE_COLUMNS};
use super::sqlite::Sqlite;

/// Who holds a lease, and until when (unix seconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub name: String,
    pub owner: String,
    pub acquired_at: i64,
    pub expires_at: i64,
}

/// What asking for a lease gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaseGrant {
    /// The caller holds it now (it was free, had expired, or was the caller's already).
    Granted,
    /// Another owner holds it and it has not expired.
    Held(Lease),
}

/// The lease upsert: insert, or take over a row that is the caller's or has expired. The
/// same statement in both backends (`?`/`$` aside): the conflict clause decides atomically.
pub(super) const TAKE_LEASE: &str =
    "INSERT INTO leases (name, owner, acquired_at, expires_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at,
         acquired_at = CASE WHEN leases.owner = excluded.owner THEN leases.acquired_at
                            ELSE excluded.acquired_at END
     WHERE leases.owner = excluded.owner OR leases.expires_at <= excluded.acquired_at";

fn lease_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Lease> {
    rows::lease(r)
}

impl Sqlite {
    /// Takes the lease `name` for `owner` until `expires_at`, unless another owner holds it
    /// past `now`. The write and the look at the holder are one transaction.
    pub fn take_lease(
        &mut self,
        name: &str,
        owner: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<LeaseGrant> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let taken = tx.execute(TAKE_LEASE, params![name, owner, now, expires_at])?;
        let grant = if taken == 1 {
            LeaseGrant::Granted
        } else {
            let holder = tx.query_row(
                &format!("SELECT {LEASE_COLUMNS} FROM leases WHERE name = ?1"),
                [name],
                lease_from_row,
            )?;
            LeaseGrant::Held(holder)
        };
        tx.commit()?;
        Ok(grant)
    }

    /// Moves the expiry of a lease `owner` holds; false when it is no longer theirs.
    pub fn renew_lease(&mut self, name: &str, owner: &str, expires_at: i64) -> Result<bool> {
        Ok(self.conn.execute(
            "UPDATE leases SET expires_at = ?3 WHERE name = ?1 AND owner = ?2",
            params![name, owner, expires_at],
        )? == 1)
    }

    /// Gives a lease up; false when it was not `owner`'s.
    pub fn release_lease(&mut self, name: &str, owner: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "DELETE FROM leases WHERE name = ?1 AND owner = ?2",
            params![name, owner],
        )? == 1)
    }

    /// The lease row of that name, expired or not.
    pub fn lease(&self, name: &str) -> Result<Option<Lease>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {LEASE_COLUMNS} FROM leases WHERE name = ?1"),
                [name],
                lease_from_row,
            )
            .optional()?)
    }

    /// Claims the bot's move in a game still active at `ply` with the bot to move, for
    /// `owner` until `until`, unless another owner's claim runs past `now`. One guarded update,
    /// so of several processes claiming at once exactly one gets it.
    pub fn claim_bot_turn(
        &mut self,
        game_id: i64,
        ply: u32,
        owner: &str,
        now: i64,
        until: i64,
    ) -> Result<bool> {
        Ok(self.conn.execute(
            "UPDATE games SET bot_claim = ?3, bot_claim_until = ?5
             WHERE id = ?1 AND ply = ?2 AND status = 'active' AND bot_to_move = 1
               AND (bot_claim IS NULL OR bot_claim = ?3 OR bot_claim_until <= ?4)",
            params![game_id, ply, owner, now, until],
        )? == 1)
    }

    /// Drops `owner`'s claim on a game's bot move (the move was not played: another process
    /// may take it at once instead of waiting for it to expire).
    pub fn release_bot_turn(&mut self, game_id: i64, owner: &str) -> Result<bool> {
        Ok(self.conn.execute(
            "UPDATE games SET bot_claim = NULL, bot_claim_until = NULL
             WHERE id = ?1 AND bot_claim = ?2",
            params![game_id, owner],
        )? == 1)
    }
}
