//! Channels a moderator switched off: the bot ignores them (except the command that switches
//! them back on). A channel without a row is on. Also the language a moderator chose for a
//! server or room (`languages`); without a row the platform's locales decide.

use rusqlite::{OptionalExtension, params};

use super::Result;
use super::sqlite::Sqlite;

impl Sqlite {
    /// Whether the bot answers in this channel.
    pub fn channel_enabled(&self, platform: &str, channel: &str) -> Result<bool> {
        let enabled: Option<bool> = self
            .conn
            .prepare_cached("SELECT enabled FROM channels WHERE platform = ?1 AND channel = ?2")?
            .query_row(params![platform, channel], |r| r.get(0))
            .optional()?;
        Ok(enabled.unwrap_or(true))
    }

    /// Switches the bot on or off in a channel, noting who did it and when.
    pub fn set_channel_enabled(
        &mut self,
        platform: &str,
        channel: &str,
        enabled: bool,
        by: &str,
        now: i64,
    ) -> Result<()> {
        self.conn
            .prepare_cached(
                "INSERT INTO channels (platform, channel, enabled, changed_by, changed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (platform, channel) DO UPDATE SET enabled = ?3, changed_by = ?4, changed_at = ?5",
            )?
            .execute(params![platform, channel, enabled, by, now])?;
        Ok(())
    }

    /// The language code a moderator chose for this server or room, if any.
    pub fn language(&self, platform: &str, scope: &str) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT lang FROM languages WHERE platform = ?1 AND scope = ?2")?
            .query_row(params![platform, scope], |r| r.get(0))
            .optional()?)
    }

    /// Chooses the language of a server or room, noting who did it and when.
    pub fn set_language(
        &mut self,
        platform: &str,
        scope: &str,
        lang: &str,
        by: &str,
        now: i64,
    ) -> Result<()> {
        self.conn
            .prepare_cached(
                "INSERT INTO languages (platform, scope, lang, changed_by, changed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (platform, scope) DO UPDATE SET lang = ?3, changed_by = ?4, changed_at = ?5",
            )?
            .execute(params![platform, scope, lang, by, now])?;
        Ok(())
    }
}
