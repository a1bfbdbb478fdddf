//! The `[discord]` section of the config file, checked key by key so errors name the key.

use chat::section::Section;
use store::Secret;
use store::secret::SecretUrl;

/// How many gateway shards to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends (`GET /gateway/bot`).
    Auto,
    /// A fixed number, at least 1.
    Fixed(u32),
    /// Shards `first` to `last` (both included) of `total`, for one of several processes
    /// (`"0-3/16"`): Discord sends each process the servers of its shards.
    Range { first: u32, last: u32, total: u32 },
}

impl Shards {
    /// `"auto"` or a range `"FIRST-LAST/TOTAL"` (a number is a TOML integer, read elsewhere).
    fn parse(text: &str) -> Option<Shards> {
        if text == "auto" {
            return Some(Shards::Auto);
        }
        let (range, total) = text.split_once('/')?;
        let (first, last) = range.split_once('-')?;
        let [first, last, total] = [first, last, total].map(|n| n.trim().parse::<u32>().ok());
        let (first, last, total) = (first?, last?, total?);
        (first <= last && last < total).then_some(Shards::Range { first, last, total })
    }
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
    pub api_base_url: Option<SecretUrl>,
    pub shards: Shards,
    /// The privileged message-content intent is enabled for this bot: read plain-text moves in
    /// every message, not only in those that mention the bot.
    pub message_content: bool,
    /// Members with this role may use the moderators' commands, besides those with Manage
    /// Server.
    pub admin_role: Option<u64>,
}

const KEYS: [&str; 6] = [
    "token",
    "guild_id",
    "api_base_url",
    "shards",
    "message_content",
    "admin_role",
];

impl DiscordConfig {
    /// Reads the section, taking the token from `DISCORD_TOKEN` when the file has none.
    pub fn from_table(table: &toml::Table) -> Result<DiscordConfig, String> {
        DiscordConfig::parse(table, std::env::var("DISCORD_TOKEN").ok())
    }

    /// Reads the section with an explicit fallback token (the environment's, in practice).
    pub fn parse(table: &toml::Table, env_token: Option<String>) -> Result<DiscordConfig, String> {
        let s = Section::new("discord", table, &KEYS)?;
        let token = s
            .string("token")?
            .or(env_token)
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .ok_or_else(|| {
                s.missing(
                    "token",
                    "set token in [discord] or the DISCORD_TOKEN environment variable",
                )
            })?;
        if token.contains(char::is_whitespace) && !token.starts_with("Bot ") {
            return Err(s.error("token", "a bot token has no spaces").into());
        }
        let snowflake = |key: &str, what: &str| -> Result<Option<u64>, String> {
            match s.value(key) {
                None => Ok(None),
                Some(value) => {
                    let id = match value {
                        toml::Value::Integer(n) => u64::try_from(*n).ok(),
                        toml::Value::String(t) => t.trim().parse::<u64>().ok(),
                        _ => None,
                    };
                    Ok(Some(id.filter(|&n| n > 0).ok_or_else(|| {
                        s.error(
                            key,
                            format!("must be {what}, a number like 123456789012345678"),
                        )
                    })?))
                }
            }
        };
        let guild_id = snowflake("guild_id", "a server id")?;
        let admin_role = snowflake("admin_role", "a role id")?;
        let api_base_url = match s.string("api_base_url")? {
            None => None,
            Some(text) => {
                let text = text.trim().trim_end_matches('/');
                match url::Url::parse(text) {
                    Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => {
                        Some(secret_url(&url))
                    }
                    _ => {
                        return Err(s
                            .error(
                                "api_base_url",
                                format!(
                                    "{} is not a base URL: write it like \"http://127.0.0.1:8080\"",
                                    store::secret::quoted(text)
                                ),
                            )
                            .into());
                    }
                }
            }
        };
        let shards = match s.value("shards") {
            None => Shards::Auto,
            Some(toml::Value::String(t)) if Shards::parse(t).is_some() => {
                Shards::parse(t).expect("checked by the guard")
            }
            Some(toml::Value::Integer(n)) if (1..=u32::MAX as i64).contains(n) => {
                Shards::Fixed(*n as u32)
            }
            Some(other) => {
                return Err(s
                    .error(
                        "shards",
                        format!(
                            "{other} is not a shard count: write \"auto\", a number from 1, or a range of shards like \"0-3/16\" (shards 0 to 3 of 16)"
                        ),
                    )
                    .into());
            }
        };
        Ok(DiscordConfig {
            token: Secret::new(token),
            guild_id,
            api_base_url,
            shards,
            message_content: s.bool("message_content")?.unwrap_or(false),
            admin_role,
        })
    }
}

/// The proxy's URL as written (normalised by the URL parser) and as shown, a password in
/// it `***`.
fn secret_url(url: &url::Url) -> SecretUrl {
    let mut shown = url.clone();
    let _ = shown.set_password(url.password().map(|_| "***"));
    SecretUrl::new(url.as_str(), shown.as_str(), url.password())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn a_password_in_the_proxy_url_never_shows() {
        let written = "api_base_url = \"HTTP://user:SE%23CRET@proxy.example:8080/\"";
        let c = DiscordConfig::parse(&table(written), Some("t".into())).unwrap();
        let base = c.api_base_url.as_ref().unwrap();
        assert_eq!(base.expose(), "http://user:SE%23CRET@proxy.example:8080");
        assert_eq!(base.to_string(), "http://user:***@proxy.example:8080");
        let debug = format!("{c:?}");
        assert!(
            !debug.contains("CRET") && debug.contains("user:***@"),
            "{debug}"
        );
        assert_eq!(store::secret::scrub("SE#CRET and SE%23CRET"), "*** and ***");
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
        let base = c.api_base_url.as_ref().map(|u| u.expose());
        assert_eq!(base, Some("http://127.0.0.1:9"));
        assert_eq!(c.shards, Shards::Fixed(2));
        assert!(c.message_content);
        for (text, shards) in [
            (
                "0-3/16",
                Shards::Range {
                    first: 0,
                    last: 3,
                    total: 16,
                },
            ),
            (
                "15-15/16",
                Shards::Range {
                    first: 15,
                    last: 15,
                    total: 16,
                },
            ),
            ("auto", Shards::Auto),
        ] {
            let c = DiscordConfig::parse(&table(&format!("shards = \"{text}\"")), Some("t".into()))
                .unwrap();
            assert_eq!(c.shards, shards, "{text}");
        }
        // The file's token wins over the environment's.
        let c = DiscordConfig::parse(&table("token = \"file\"\nguild_id = 7"), Some("env".into()))
            .unwrap();
        assert_eq!((c.token.expose(), c.guild_id), ("file", Some(7)));
    }

    #[test]
    fn errors_name_the_key() {
        let err = |text: &str| DiscordConfig::parse(&table(text), Some("t".into())).unwrap_err();
        assert_eq!(
            DiscordConfig::parse(&table(""), None).unwrap_err(),
            "discord.token: missing; set token in [discord] or the DISCORD_TOKEN environment variable"
        );
        assert!(err("shards = 0").starts_with("discord.shards: 0 is not a shard count"));
        assert!(err("shards = \"many\"").starts_with("discord.shards:"));
        for bad in ["4-3/16", "0-16/16", "0-3", "0-3/x", "-1-3/16", "3/16"] {
            assert!(
                err(&format!("shards = \"{bad}\"")).contains("a range of shards like"),
                "{bad}"
            );
        }
        assert!(err("guild_id = -3").starts_with("discord.guild_id:"));
        assert!(err("guild_id = \"abc\"").starts_with("discord.guild_id:"));
        assert!(err("api_base_url = \"proxy:80\"").starts_with("discord.api_base_url:"));
        let e = err("api_base_url = \"http://user:SECRET@proxy:99999\"");
        assert!(e.contains("not shown") && !e.contains("SECRET"), "{e}");
        assert_eq!(
            err("api_base_url = 8080"),
            "discord.api_base_url: expected a string, found integer"
        );
        assert_eq!(
            err("message_content = \"yes\""),
            "discord.message_content: expected true or false, found string"
        );
        assert_eq!(
            err("tokn = \"x\""),
            "discord.tokn: unknown key; known keys: token, guild_id, api_base_url, shards, message_content, admin_role"
        );
        assert_eq!(
            err("token = 5"),
            "discord.token: expected a string, found integer"
        );
        assert_eq!(
            err("token = \"a b\""),
            "discord.token: a bot token has no spaces"
        );
    }

    #[test]
    fn the_example_config_documents_every_key() {
        let example = include_str!("../../config.example.toml");
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
        let mut known = KEYS.to_vec();
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
