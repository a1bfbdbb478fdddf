//! Challenges: open (anyone may take) or addressed to one player; they expire. Opening one
//! checks, in the same transaction and under the challenger's row lock, that the challenger
//! has no other open in that channel.

use super::games::lock_players;
use crate::codec;
use crate::decode::{self, CHALLENGE_COLUMNS};
use crate::failure::{Result, StoreError};
use crate::rows::{ChallengeRow, ChallengeStatus, NewChallenge};
use crate::sql::{Sql, args};

pub(crate) fn create(c: &mut dyn Sql, ch: &NewChallenge<'_>) -> Result<ChallengeRow> {
    c.tx(|tx| {
        // Both players: two rematch offers made at once see each other.
        let both: Vec<i64> = std::iter::once(ch.challenger_id)
            .chain(ch.challenged_id)
            .collect();
        lock_players(tx, &both)?;
        if let (true, Some(them)) = (ch.answers_theirs, ch.challenged_id) {
            let theirs = tx.row(
                "SELECT id FROM challenges WHERE platform = $1 AND channel = $2 AND challenger_id = $3
                 AND challenged_id = $4 AND status = 'open' AND expires_at > $5 LIMIT 1",
                args![ch.platform, ch.channel, them, ch.challenger_id, ch.now],
                |r| r.int(0),
            )?;
            if let Some(id) = theirs {
                return Err(StoreError::Crossed(id));
            }
        }
        let open = tx.row(
            "SELECT id FROM challenges WHERE platform = $1 AND channel = $2 AND challenger_id = $3
             AND status = 'open' AND expires_at > $4 LIMIT 1",
            args![ch.platform, ch.channel, ch.challenger_id, ch.now],
            |r| r.int(0),
        )?;
        if let Some(id) = open {
            return Err(StoreError::AlreadyOpen(id));
        }
        tx.one(
            "challenges",
            &format!(
                "INSERT INTO challenges (platform, scope, channel, challenger_id, challenged_id, side,
                                         created_at, expires_at, rated, time_control)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {CHALLENGE_COLUMNS}"
            ),
            args![
                ch.platform,
                ch.scope,
                ch.channel,
                ch.challenger_id,
                ch.challenged_id,
                codec::side_choice_code(ch.side),
                ch.now,
                ch.expires_at,
                ch.rated,
                ch.time_control.code()
            ],
            decode::challenge,
        )
    })
}

pub(crate) fn challenge(c: &mut dyn Sql, id: i64) -> Result<Option<ChallengeRow>> {
    c.row(
        &format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"),
        args![id],
        decode::challenge,
    )
}

pub(crate) fn open(
    c: &mut dyn Sql,
    platform: &str,
    channel: &str,
    now: i64,
) -> Result<Vec<ChallengeRow>> {
    c.rows(
        &format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE platform = $1 AND channel = $2
             AND status = 'open' AND expires_at > $3 ORDER BY id DESC"
        ),
        args![platform, channel, now],
        decode::challenge,
    )
}

pub(crate) fn lapsed(c: &mut dyn Sql, now: i64) -> Result<Vec<ChallengeRow>> {
    c.rows(
        &format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open'
             AND expires_at <= $1 ORDER BY id"
        ),
        args![now],
        decode::challenge,
    )
}

pub(crate) fn close(
    c: &mut dyn Sql,
    id: i64,
    status: ChallengeStatus,
    game_id: Option<i64>,
) -> Result<bool> {
    Ok(c.exec(
        "UPDATE challenges SET status = $2, game_id = $3 WHERE id = $1 AND status = 'open'",
        args![id, status.as_str(), game_id],
    )? == 1)
}
