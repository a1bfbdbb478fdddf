//! What one process holds for a while when several share a database: a named lease (the
//! Matrix account, which has one sync stream) and a game's bot claim (the bot's move being
//! searched). Both carry the holder's id and an expiry, so that what a process that died was
//! holding is free again once its time is up. `INSERT … ON CONFLICT DO UPDATE … WHERE` and the
//! guarded `UPDATE` check their condition on the row as committed (PostgreSQL locks the row
//! it conflicts with): of several processes asking at once, exactly one gets what it asks for.

use crate::decode::{self, LEASE_COLUMNS};
use crate::failure::{Result, StoreError};
use crate::rows::{Lease, LeaseGrant};
use crate::sql::{Sql, args};

/// The lease upsert: insert, or take over a row that is the caller's or has expired.
const TAKE_LEASE: &str =
    "INSERT INTO leases (name, owner, acquired_at, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at,
         acquired_at = CASE WHEN leases.owner = excluded.owner THEN leases.acquired_at
                            ELSE excluded.acquired_at END
     WHERE leases.owner = excluded.owner OR leases.expires_at <= excluded.acquired_at";

/// Takes the lease `name` for `owner` until `expires_at`, unless another owner holds it past
/// `now`: then says who holds it.
pub(crate) fn take_lease(
    c: &mut dyn Sql,
    name: &str,
    owner: &str,
    now: i64,
    expires_at: i64,
) -> Result<LeaseGrant> {
    c.tx(|tx| {
        // Each PostgreSQL statement sees what is committed when it starts (READ COMMITTED): a
        // holder that released the lease between the two is met by asking again.
        for _ in 0..3 {
            if tx.exec(TAKE_LEASE, args![name, owner, now, expires_at])? == 1 {
                return Ok(LeaseGrant::Granted);
            }
            if let Some(holder) = lease(tx, name)? {
                return Ok(LeaseGrant::Held(holder));
            }
        }
        Err(StoreError::Conflict)
    })
}

pub(crate) fn renew_lease(
    c: &mut dyn Sql,
    name: &str,
    owner: &str,
    expires_at: i64,
) -> Result<bool> {
    Ok(c.exec(
        "UPDATE leases SET expires_at = $3 WHERE name = $1 AND owner = $2",
        args![name, owner, expires_at],
    )? == 1)
}

pub(crate) fn release_lease(c: &mut dyn Sql, name: &str, owner: &str) -> Result<bool> {
    Ok(c.exec(
        "DELETE FROM leases WHERE name = $1 AND owner = $2",
        args![name, owner],
    )? == 1)
}

pub(crate) fn lease(c: &mut dyn Sql, name: &str) -> Result<Option<Lease>> {
    c.row(
        &format!("SELECT {LEASE_COLUMNS} FROM leases WHERE name = $1"),
        args![name],
        decode::lease,
    )
}

pub(crate) fn claim_bot_turn(
    c: &mut dyn Sql,
    game_id: i64,
    ply: u32,
    owner: &str,
    now: i64,
    until: i64,
) -> Result<bool> {
    Ok(c.exec(
        "UPDATE games SET bot_claim = $3, bot_claim_until = $5
         WHERE id = $1 AND ply = $2 AND status = 'active' AND bot_to_move = TRUE
           AND (bot_claim IS NULL OR bot_claim = $3 OR bot_claim_until <= $4)",
        args![game_id, ply, owner, now, until],
    )? == 1)
}

pub(crate) fn release_bot_turn(c: &mut dyn Sql, game_id: i64, owner: &str) -> Result<bool> {
    Ok(c.exec(
        "UPDATE games SET bot_claim = NULL, bot_claim_until = NULL
         WHERE id = $1 AND bot_claim = $2",
        args![game_id, owner],
    )? == 1)
}
