//! Leases and bot claims in PostgreSQL's words: the same guarded statements as SQLite's
//! (`store/claims.rs`). `INSERT … ON CONFLICT DO UPDATE … WHERE` locks the row it conflicts
//! with and checks the condition on the row as committed, and so does the guarded `UPDATE`:
//! of two processes asking at once, exactly one gets what they ask for.

use super::super::claims::{Lease, LeaseGrant, TAKE_LEASE};
use super::super::rows::{self, LEASE_COLUMNS};
use super::super::{Result, StoreError};
use super::Postgres;

impl Postgres {
    pub(crate) fn take_lease(
        &mut self,
        name: &str,
        owner: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<LeaseGrant> {
        // SQLite's statement with PostgreSQL's placeholders ($1 for ?1).
        let take = TAKE_LEASE.replace('?', "$");
        self.with(|c| {
            let mut tx = c.transaction()?;
            // Each statement sees what is committed when it starts (READ COMMITTED): a holder
            // that released the lease between the two is met by asking again.
            for _ in 0..3 {
                if tx.execute(&take, &[&name, &owner, &now, &expires_at])? == 1 {
                    tx.commit()?;
                    return Ok(LeaseGrant::Granted);
                }
                let holder = tx.query_opt(
                    &format!("SELECT {LEASE_COLUMNS} FROM leases WHERE name = $1"),
                    &[&name],
                )?;
                if let Some(row) = holder {
                    tx.commit()?;
                    return Ok(LeaseGrant::Held(rows::lease(&row)?));
                }
            }
            Err(StoreError::Conflict)
        })
    }

    pub(crate) fn renew_lease(&mut self, name: &str, owner: &str, expires_at: i64) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE leases SET expires_at = $3 WHERE name = $1 AND owner = $2",
                &[&name, &owner, &expires_at],
            )? == 1)
        })
    }

    pub(crate) fn release_lease(&mut self, name: &str, owner: &str) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "DELETE FROM leases WHERE name = $1 AND owner = $2",
                &[&name, &owner],
            )? == 1)
        })
    }

    pub(crate) fn lease(&self, name: &str) -> Result<Option<Lease>> {
        self.with(|c| {
            c.query_opt(
                &format!("SELECT {LEASE_COLUMNS} FROM leases WHERE name = $1"),
                &[&name],
            )?
            .as_ref()
            .map(rows::lease)
            .transpose()
        })
    }

    pub(crate) fn claim_bot_turn(
        &mut self,
        game_id: i64,
        ply: u32,
        owner: &str,
        now: i64,
        until: i64,
    ) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE games SET bot_claim = $3, bot_claim_until = $5
                 WHERE id = $1 AND ply = $2 AND status = 'active' AND bot_to_move
                   AND (bot_claim IS NULL OR bot_claim = $3 OR bot_claim_until <= $4)",
                &[&game_id, &i64::from(ply), &owner, &now, &until],
            )? == 1)
        })
    }

    pub(crate) fn release_bot_turn(&mut self, game_id: i64, owner: &str) -> Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE games SET bot_claim = NULL, bot_claim_until = NULL
                 WHERE id = $1 AND bot_claim = $2",
                &[&game_id, &owner],
            )? == 1)
        })
    }
}
