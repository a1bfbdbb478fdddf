//! Channels a moderator switched off (the bot ignores them, except the command that switches
//! them back on; a channel without a row is on), and the language a moderator chose for a
//! server or room (without a row the platform's locales decide).

use crate::failure::Result;
use crate::sql::{Sql, args};

pub(crate) fn channel_enabled(c: &mut dyn Sql, platform: &str, channel: &str) -> Result<bool> {
    Ok(c.row(
        "SELECT enabled FROM channels WHERE platform = $1 AND channel = $2",
        args![platform, channel],
        |r| r.flag(0),
    )?
    .unwrap_or(true))
}

pub(crate) fn set_channel_enabled(
    c: &mut dyn Sql,
    platform: &str,
    channel: &str,
    enabled: bool,
    by: &str,
    now: i64,
) -> Result<()> {
    c.exec(
        "INSERT INTO channels (platform, channel, enabled, changed_by, changed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (platform, channel) DO UPDATE SET enabled = $3, changed_by = $4, changed_at = $5",
        args![platform, channel, enabled, by, now],
    )?;
    Ok(())
}

pub(crate) fn language(c: &mut dyn Sql, platform: &str, scope: &str) -> Result<Option<String>> {
    c.row(
        "SELECT lang FROM languages WHERE platform = $1 AND scope = $2",
        args![platform, scope],
        |r| r.text(0),
    )
}

pub(crate) fn set_language(
    c: &mut dyn Sql,
    platform: &str,
    scope: &str,
    lang: &str,
    by: &str,
    now: i64,
) -> Result<()> {
    c.exec(
        "INSERT INTO languages (platform, scope, lang, changed_by, changed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (platform, scope) DO UPDATE SET lang = $3, changed_by = $4, changed_at = $5",
        args![platform, scope, lang, by, now],
    )?;
    Ok(())
}
