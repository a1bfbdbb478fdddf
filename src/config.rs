//! The configuration file (TOML). Every key is optional; errors name the key and the problem.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Deserializer};
use thiserror::Error;

mod secret;

pub use secret::Secret;

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("config file {path}: {message}")]
    Invalid { path: String, message: String },
}

/// The whole configuration.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub store: StoreConfig,
    pub chat: ChatConfig,
    pub bot: BotConfig,
    /// The Discord adapter's section; absent means Discord is off.
    pub discord: Option<toml::Table>,
    /// The Matrix adapter's section; absent means Matrix is off.
    pub matrix: Option<toml::Table>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StoreConfig {
    /// The SQLite file; default `<data dir>/jungle-bot/jungle.db`.
    pub database: Option<PathBuf>,
}

impl StoreConfig {
    pub fn database_path(&self) -> PathBuf {
        self.database.clone().unwrap_or_else(default_database)
    }
}

/// Where the database lives when the config does not say.
pub fn default_database() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("jungle-bot")
        .join("jungle.db")
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ChatConfig {
    /// What text commands start with.
    pub prefix: String,
    /// How long a challenge stays open.
    #[serde(deserialize_with = "duration")]
    pub challenge_expiry: Duration,
    /// How long the player to move may take before losing (or the game is aborted).
    #[serde(deserialize_with = "duration")]
    pub move_timeout: Duration,
}

impl Default for ChatConfig {
    fn default() -> Self {
        ChatConfig {
            prefix: "!jungle".to_string(),
            challenge_expiry: Duration::from_secs(15 * 60),
            move_timeout: Duration::from_secs(24 * 3600),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BotConfig {
    /// Fixed Elo ratings of the bot's levels (games against the bot are rated for the human).
    pub rating_easy: i32,
    pub rating_medium: i32,
    pub rating_hard: i32,
    /// The level `play bot` uses when none is named.
    pub default_level: String,
    /// How each level thinks; unset keys keep the level's defaults.
    pub easy: LevelConfig,
    pub medium: LevelConfig,
    pub hard: LevelConfig,
}

/// One level's thinking time and depth.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LevelConfig {
    /// Thinking time per move in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Deepest search in plies.
    pub max_depth: Option<u32>,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            rating_easy: 800,
            rating_medium: 1200,
            rating_hard: 1600,
            default_level: "hard".to_string(),
            easy: LevelConfig::default(),
            medium: LevelConfig::default(),
            hard: LevelConfig::default(),
        }
    }
}

impl BotConfig {
    /// A level's settings: its defaults with this config's overrides.
    pub fn level_settings(&self, level: crate::ai::Level) -> crate::ai::LevelSettings {
        use crate::ai::Level;
        let over = match level {
            Level::Easy => &self.easy,
            Level::Medium => &self.medium,
            Level::Hard => &self.hard,
        };
        let mut s = level.settings();
        if let Some(ms) = over.movetime_ms {
            s.movetime_ms = ms;
        }
        if let Some(d) = over.max_depth {
            s.max_depth = d;
        }
        s
    }
}

/// Parses `90s`, `15m`, `24h`, `2d` or a plain number of seconds.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: u64 = num.parse().ok()?;
    let secs = match unit.trim() {
        "" | "s" => n,
        "m" | "min" => n.checked_mul(60)?,
        "h" => n.checked_mul(3600)?,
        "d" => n.checked_mul(86400)?,
        _ => return None,
    };
    (secs > 0).then(|| Duration::from_secs(secs))
}

fn duration<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Text(String),
        Seconds(u64),
    }
    let bad = |shown: String| {
        serde::de::Error::custom(format!(
            "'{shown}' is not a duration: write a whole number with s, m, h or d, like \"90s\", \"15m\" or \"24h\""
        ))
    };
    match Raw::deserialize(d)? {
        Raw::Text(t) => parse_duration(&t).ok_or_else(|| bad(t)),
        Raw::Seconds(0) => Err(bad("0".into())),
        Raw::Seconds(n) => Ok(Duration::from_secs(n)),
    }
}

impl Config {
    /// Reads and checks a config file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError::Read {
            path: path.display().to_string(),
            error,
        })?;
        Config::parse(&text).map_err(|message| ConfigError::Invalid {
            path: path.display().to_string(),
            message,
        })
    }

    /// Parses config text; the error names the key and the problem.
    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| one_line_toml_error(text, &e))?;
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> Result<(), String> {
        if self.chat.prefix.trim().is_empty() || self.chat.prefix.contains(char::is_whitespace) {
            return Err(format!(
                "chat.prefix: '{}' must be one word without spaces, like \"!jungle\"",
                self.chat.prefix
            ));
        }
        for (name, l) in [
            ("easy", &self.bot.easy),
            ("medium", &self.bot.medium),
            ("hard", &self.bot.hard),
        ] {
            if l.movetime_ms == Some(0) {
                return Err(format!("bot.{name}.movetime_ms: must be at least 1"));
            }
            if l.max_depth
                .is_some_and(|d| d == 0 || d > crate::ai::MAX_DEPTH)
            {
                return Err(format!(
                    "bot.{name}.max_depth: must be from 1 to {}",
                    crate::ai::MAX_DEPTH
                ));
            }
        }
        if self
            .bot
            .default_level
            .parse::<crate::chat::Level>()
            .is_err()
        {
            return Err(format!(
                "bot.default_level: '{}' is not a level: use easy, medium or hard",
                self.bot.default_level
            ));
        }
        Ok(())
    }
}

/// toml's errors quote the source over several lines; say instead which key (or line) is wrong.
fn one_line_toml_error(text: &str, e: &toml::de::Error) -> String {
    let msg = e.message().trim().replace('\n', " ");
    let Some(span) = e.span() else { return msg };
    let start = span.start.min(text.len());
    let line_no = text[..start].matches('\n').count() + 1;
    let line = text.lines().nth(line_no - 1).unwrap_or("").trim();
    let section = text[..start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && l.ends_with(']'))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim().to_string());
    match line.split_once('=') {
        Some((key, _)) => {
            let key = key.trim();
            let full = section.map_or(key.to_string(), |s| format!("{s}.{key}"));
            format!("{full} (line {line_no}): {msg}")
        }
        None => format!("line {line_no}: {msg}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_values() {
        let c = Config::parse("").unwrap();
        assert_eq!(c.chat.prefix, "!jungle");
        assert_eq!(c.chat.challenge_expiry, Duration::from_secs(900));
        assert_eq!(c.bot.rating_hard, 1600);
        let c = Config::parse(
            "[chat]\nprefix = \"!j\"\nmove_timeout = \"2h\"\nchallenge_expiry = 60\n",
        )
        .unwrap();
        assert_eq!(c.chat.prefix, "!j");
        assert_eq!(c.chat.move_timeout, Duration::from_secs(7200));
        assert_eq!(c.chat.challenge_expiry, Duration::from_secs(60));
    }

    #[test]
    fn errors_name_the_key() {
        let e = Config::parse("[chat]\nmove_timeout = \"soon\"\n").unwrap_err();
        assert!(e.contains("'soon' is not a duration"), "{e}");
        let e = Config::parse("[chat]\nprefx = \"!j\"\n").unwrap_err();
        assert!(e.contains("prefx"), "{e}");
        let e = Config::parse("[bot]\nrating_easy = \"low\"\n").unwrap_err();
        assert!(
            e.starts_with("bot.rating_easy (line 2): invalid type"),
            "{e}"
        );
        let e = Config::parse("[bot]\ndefault_level = \"insane\"\n").unwrap_err();
        assert!(e.starts_with("bot.default_level"), "{e}");
        let e = Config::parse("[chat\n").unwrap_err();
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn bot_levels_are_configurable() {
        let c = Config::parse("[bot.easy]\nmovetime_ms = 50\nmax_depth = 1\n").unwrap();
        let easy = c.bot.level_settings(crate::ai::Level::Easy);
        assert_eq!((easy.movetime_ms, easy.max_depth), (50, 1));
        let hard = c.bot.level_settings(crate::ai::Level::Hard);
        assert_eq!(hard, crate::ai::Level::Hard.settings());
        let e = Config::parse("[bot.hard]\nmax_depth = 0\n").unwrap_err();
        assert!(
            e.starts_with("bot.hard.max_depth: must be from 1 to"),
            "{e}"
        );
        let e = Config::parse("[bot.hard]\nthink = 3\n").unwrap_err();
        assert!(e.contains("think"), "{e}");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90s"), Some(Duration::from_secs(90)));
        assert_eq!(parse_duration("15m"), Some(Duration::from_secs(900)));
        assert_eq!(parse_duration("1d"), Some(Duration::from_secs(86400)));
        assert_eq!(parse_duration("0m"), None);
        assert_eq!(parse_duration("m"), None);
        assert_eq!(parse_duration("5 weeks"), None);
    }
}
