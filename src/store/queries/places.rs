//! Channels a moderator switched off (the bot ignores them, except the command that switches
//! them back on; a channel without a row is on), and the language a moderator chose for a
//! server or room (without a row the platform's locales decide), and the other settings a
//! moderator chose there (the default time control), each a named value.

use crate::decode::{self, PLAYER_COLUMNS, PLAYER_FIELDS};
use crate::failure::Result;
use crate::rows::Arrival;
use crate::sql::{Sql, args};

/// What every command reads where it was said ([`Arrival`]), in one statement: the sender's
/// player (none when the left join finds no row), then the place's language and whether the
/// channel is on.
pub(crate) fn arrival(
    c: &mut dyn Sql,
    platform: &str,
    scope: &str,
    channel: &str,
    user_id: &str,
) -> Result<Arrival> {
    let found = c.row(
        &format!(
            "SELECT {PLAYER_COLUMNS},
                    (SELECT lang FROM languages WHERE platform = $1 AND scope = $2),
                    COALESCE((SELECT enabled FROM channels WHERE platform = $1 AND channel = $3),
                             TRUE)
             FROM (SELECT 1) AS here LEFT JOIN players ON platform = $1 AND user_id = $4"
        ),
        args![platform, scope, channel, user_id],
        |r| {
            Ok(Arrival {
                sender: match r.int_or_null(0)? {
                    Some(_) => Some(decode::player(r)?),
                    None => None,
                },
                language: r.text_or_null(PLAYER_FIELDS)?,
                enabled: r.flag(PLAYER_FIELDS + 1)?,
            })
        },
    )?;
    Ok(found.unwrap_or(Arrival {
        language: None,
        enabled: true,
        sender: None,
    }))
}

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

/// A setting a moderator chose for a server or room (`name` is one of the store's setting
/// names), as stored.
pub(crate) fn setting(
    c: &mut dyn Sql,
    platform: &str,
    scope: &str,
    name: &str,
) -> Result<Option<String>> {
    c.row(
        "SELECT value FROM place_settings WHERE platform = $1 AND scope = $2 AND name = $3",
        args![platform, scope, name],
        |r| r.text(0),
    )
}

/// Sets a server's or room's setting, or with `None` goes back to the default.
pub(crate) fn set_setting(
    c: &mut dyn Sql,
    platform: &str,
    scope: &str,
    (name, value): (&str, Option<&str>),
    by: &str,
    now: i64,
) -> Result<()> {
    match value {
        Some(value) => c.exec(
            "INSERT INTO place_settings (platform, scope, name, value, changed_by, changed_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (platform, scope, name) DO UPDATE SET value = $4, changed_by = $5,
                 changed_at = $6",
            args![platform, scope, name, value, by, now],
        )?,
        None => c.exec(
            "DELETE FROM place_settings WHERE platform = $1 AND scope = $2 AND name = $3",
            args![platform, scope, name],
        )?,
    };
    Ok(())
}

/// Every place's value of setting `name`: `(platform, scope, value)`.
pub(crate) fn settings_named(c: &mut dyn Sql, name: &str) -> Result<Vec<(String, String, String)>> {
    c.rows(
        "SELECT platform, scope, value FROM place_settings WHERE name = $1
         ORDER BY platform, scope",
        args![name],
        |r| Ok((r.text(0)?, r.text(1)?, r.text(2)?)),
    )
}

/// Sets a place's setting to `new` only if it still holds `old` (`None`: no value yet): the
/// one process that wins says so with `true`.
pub(crate) fn swap_setting(
    c: &mut dyn Sql,
    (platform, scope, name): (&str, &str, &str),
    old: Option<&str>,
    new: &str,
    now: i64,
) -> Result<bool> {
    let n = match old {
        None => c.exec(
            "INSERT INTO place_settings (platform, scope, name, value, changed_by, changed_at)
             VALUES ($1, $2, $3, $4, 'bot', $5) ON CONFLICT (platform, scope, name) DO NOTHING",
            args![platform, scope, name, new, now],
        )?,
        Some(old) => c.exec(
            "UPDATE place_settings SET value = $4, changed_by = 'bot', changed_at = $6
             WHERE platform = $1 AND scope = $2 AND name = $3 AND value = $5",
            args![platform, scope, name, new, old, now],
        )?,
    };
    Ok(n == 1)
}
