//! The `[discord]` section of the config file, checked key by key so errors name the key.

use crate::config::Secret;

/// How many gateway shards to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends (`GET /gateway/bot`).
    Auto,
    /// A fixed number, at least 1.
    Fixed(u32),
}

/// The Discord adapter's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscordConfig {
    /// The bot token (from `token` or `DISCORD_TOKEN`); `Debug` shows `[redacted]`.
    pub token: Secret,
    /// Register the slash command in this server only (instantly), instead of globally.
    pub guild_id: Option<u64>,
    /// Send every REST call to this base URL (a REST proxy that owns the rate limits) instead
    /// of `https://discord.com`; serenity's own rate limiter is then off.
    pub api_base_url: Option<String>,
    pub shards: Shards,
    /// The privileged message-content intent is enabled for this bot: read plain-text moves in
    /// every message, not only in those that mention the bot.
    pub message_content: bool,
}

const KEYS: &str = "token, guild_id, api_base_url, shards, message_content";

impl DiscordConfig {
    /// Reads the section, taking the token from `DISCORD_TOKEN` when the file has none.
    pub fn from_table(table: &toml::Table) -> Result<DiscordConfig, String> {
        DiscordConfig::parse(table, std::env::var("DISCORD_TOKEN").ok())
    }

    /// Reads the section with an explicit fallback token (the environment's, in practice).
    pub fn parse(table: &toml::Table, env_token: Option<String>) -> Result<DiscordConfig, String> {
        let mut config = DiscordConfig {
            token: Secret::new(""),
            guild_id: None,
            api_base_url: None,
            shards: Shards::Auto,
            message_content: false,
        };
        let mut file_token = None;
        for (key, value) in table {
            let bad = |what: &str| format!("discord.{key}: {what}");
            match key.as_str() {
                "token" => {
                    let t = value
                        .as_str()
                        .ok_or_else(|| bad("must be a string (the bot token)"))?;
                    file_token = Some(t.to_string());
                }
                "guild_id" => {
                    let id = match value {
                        toml::Value::Integer(n) => u64::try_from(*n).ok(),
                        toml::Value::String(s) => s.trim().parse::<u64>().ok(),
                        _ => None,
                    };
                    config.guild_id = Some(id.filter(|&n| n > 0).ok_or_else(|| {
                        bad("must be a server id, a number like 123456789012345678")
                    })?);
                }
                "api_base_url" => {
                    let url = value
                        .as_str()
                        .ok_or_else(|| bad("must be a string like \"http://127.0.0.1:8080\""))?
                        .trim()
                        .trim_end_matches('/');
                    let rest = url
                        .strip_prefix("http://")
                        .or_else(|| url.strip_prefix("https://"));
                    if rest.is_none_or(|r| r.is_empty() || r.contains(char::is_whitespace)) {
                        return Err(bad(&format!(
                            "'{url}' is not a base URL: write it like \"http://127.0.0.1:8080\""
                        )));
                    }
                    config.api_base_url = Some(url.to_string());
                }
                "shards" => {
                    config.shards = match value {
                        toml::Value::String(s) if s == "auto" => Shards::Auto,
                        toml::Value::Integer(n) if (1..=u32::MAX as i64).contains(n) => {
                            Shards::Fixed(*n as u32)
                        }
                        other => {
                            return Err(bad(&format!(
                                "{other} is not a shard count: write \"auto\" or a number from 1"
                            )));
                        }
                    };
                }
                "message_content" => {
                    config.message_content = value
                        .as_bool()
                        .ok_or_else(|| bad("must be true or false"))?;
                }
                _ => {
                    return Err(format!(
                        "discord.{key}: unknown key; the [discord] keys are {KEYS}"
                    ));
                }
            }
        }
        let token = file_token
            .or(env_token)
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or_else(|| {
                "discord.token: no bot token: set token in [discord] or the DISCORD_TOKEN environment variable"
                    .to_string()
            })?;
        if token.contains(char::is_whitespace) && !token.starts_with("Bot ") {
            return Err("discord.token: a bot token has no spaces".to_string());
        }
        config.token = Secret::new(token);
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn keys_and_defaults() {
        let c = DiscordConfig::parse(&table("token = \"abc.def\""), None).unwrap();
        assert_eq!(c.token.expose(), "abc.def");
        assert_eq!(c.shards, Shards::Auto);
        assert_eq!(
            (c.guild_id, c.api_base_url, c.message_content),
            (None, None, false)
        );
        let c = DiscordConfig::parse(
            &table(
                "guild_id = \"42\"\napi_base_url = \"http://127.0.0.1:9/\"\nshards = 2\nmessage_content = true",
            ),
            Some("env-token".into()),
        )
        .unwrap();
        assert_eq!(c.token.expose(), "env-token");
        assert_eq!(c.guild_id, Some(42));
        assert_eq!(c.api_base_url.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.shards, Shards::Fixed(2));
        assert!(c.message_content);
        // The file's token wins over the environment's.
        let c = DiscordConfig::parse(&table("token = \"file\"\nguild_id = 7"), Some("env".into()))
            .unwrap();
        assert_eq!((c.token.expose(), c.guild_id), ("file", Some(7)));
    }

    #[test]
    fn errors_name_the_key() {
        let err = |text: &str| DiscordConfig::parse(&table(text), Some("t".into())).unwrap_err();
        assert!(
            DiscordConfig::parse(&table(""), None)
                .unwrap_err()
                .starts_with("discord.token: no bot token")
        );
        assert!(err("shards = 0").starts_with("discord.shards: 0 is not a shard count"));
        assert!(err("shards = \"many\"").starts_with("discord.shards:"));
        assert!(err("guild_id = -3").starts_with("discord.guild_id:"));
        assert!(err("guild_id = \"abc\"").starts_with("discord.guild_id:"));
        assert!(err("api_base_url = \"proxy:80\"").starts_with("discord.api_base_url:"));
        assert!(err("message_content = \"yes\"").starts_with("discord.message_content:"));
        assert!(err("tokn = \"x\"").starts_with("discord.tokn: unknown key"));
        assert!(err("token = 5").starts_with("discord.token: must be a string"));
    }

    #[test]
    fn the_example_config_documents_every_key() {
        let example = include_str!("../../../config.example.toml");
        let section: String = example
            .lines()
            .skip_while(|l| *l != "# [discord]")
            .skip(1)
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{}\n", l.trim_start_matches('#').trim_start()))
            .collect();
        let t = table(&section);
        let c = DiscordConfig::parse(&t, None).unwrap();
        assert_eq!(c.guild_id, Some(123456789012345678));
        assert_eq!(c.shards, Shards::Auto);
        let mut documented: Vec<&str> = t.keys().map(String::as_str).collect();
        let mut known: Vec<&str> = KEYS.split(", ").collect();
        documented.sort();
        known.sort();
        assert_eq!(documented, known);
    }

    #[test]
    fn debug_never_shows_the_token() {
        let c = DiscordConfig::parse(&table("token = \"very-secret-token\""), None).unwrap();
        let shown = format!("{c:?} {c:#?}");
        assert!(!shown.contains("very-secret-token"), "{shown}");
        assert!(shown.contains("token: [redacted]"), "{shown}");
    }
}
