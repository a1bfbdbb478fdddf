//! Which message carries an item's live controls (a game's newest board, a game's open offer,
//! a challenge), per platform. Posting the next one swaps it in and says which message to
//! strip; an ended item's row is taken away with the message it names.

use crate::failure::Result;
use crate::rows::LiveMessage;
use crate::sql::{Sql, args};

pub(crate) fn live(c: &mut dyn Sql, platform: &str, item: &str) -> Result<Option<LiveMessage>> {
    c.row(
        "SELECT channel, message FROM live_messages WHERE platform = $1 AND item = $2",
        args![platform, item],
        |r| {
            Ok(LiveMessage {
                channel: r.text(0)?,
                message: r.text(1)?,
            })
        },
    )
}

/// Makes `now` the item's live message; returns the one it replaces (if another).
pub(crate) fn swap_live(
    c: &mut dyn Sql,
    platform: &str,
    item: &str,
    now: &LiveMessage,
) -> Result<Option<LiveMessage>> {
    c.tx(|tx| {
        let before = live(tx, platform, item)?;
        tx.exec(
            "INSERT INTO live_messages (platform, item, channel, message) VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, item) DO UPDATE SET channel = $3, message = $4",
            args![platform, item, &now.channel, &now.message],
        )?;
        Ok(before.filter(|b| b != now))
    })
}

/// Forgets the item's live message and returns it (its controls are to go).
pub(crate) fn take_live(
    c: &mut dyn Sql,
    platform: &str,
    item: &str,
) -> Result<Option<LiveMessage>> {
    c.tx(|tx| {
        let before = live(tx, platform, item)?;
        if before.is_some() {
            tx.exec(
                "DELETE FROM live_messages WHERE platform = $1 AND item = $2",
                args![platform, item],
            )?;
        }
        Ok(before)
    })
}
