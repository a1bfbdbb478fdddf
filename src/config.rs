//! The configuration file (TOML). Every key is optional; errors name the key and the problem, in
//! the wording [`Section`] gives every section (the adapters' too).

use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use crate::ai::Level;
use crate::ai::LevelExt as _;
use crate::chat::{Limits, Settings};
use crate::store::Location;
use engine::TimeControl;

pub use crate::chat::section::{KeyError, Section};
pub use crate::secret::Secret;

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {error}")]
    Read { path: String, error: std::io::Error },
    #[error("config file {path}: {message}")]
    Invalid { path: String, message: String },
}

/// The whole configuration. `Debug` lists only the keys of the adapter sections: their
/// values hold tokens and passwords.
#[derive(Clone, Default)]
pub struct Config {
    pub store: StoreConfig,
    pub chat: ChatConfig,
    pub bot: BotConfig,
    /// Per-user rate limits (`[limits]`).
    pub limits: Limits,
    /// The Discord adapter's section; absent means Discord is off.
    pub discord: Option<toml::Table>,
    /// The Matrix adapter's section; absent means Matrix is off.
    pub matrix: Option<toml::Table>,
    /// Where to serve `/metrics` and `/healthz` (`[metrics] listen`); absent means off.
    pub metrics: Option<std::net::SocketAddr>,
}

/// The keys of an adapter section, without their values.
fn section_keys(section: &Option<toml::Table>) -> Option<Vec<&String>> {
    section.as_ref().map(|t| t.keys().collect())
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("store", &self.store)
            .field("chat", &self.chat)
            .field("bot", &self.bot)
            .field("limits", &self.limits)
            .field("discord", &section_keys(&self.discord))
            .field("matrix", &section_keys(&self.matrix))
            .field("metrics", &self.metrics)
            .finish()
    }
}

/// `[store]`. `Debug` shows the database as [`Location`] does: a URL without its password.
#[derive(Clone, Default)]
pub struct StoreConfig {
    /// The SQLite file, or a PostgreSQL server; default `<data dir>/jungle-bot/jungle.db`.
    pub database: Option<Location>,
}

impl StoreConfig {
    /// The database: a SQLite file or a PostgreSQL server.
    pub fn location(&self) -> Location {
        self.database
            .clone()
            .unwrap_or_else(|| Location::File(default_database()))
    }
}

impl std::fmt::Debug for StoreConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoreConfig")
            .field("database", &self.database)
            .finish()
    }
}

pub use crate::files::data_dir;

/// Where the database lives when the config does not say.
pub fn default_database() -> PathBuf {
    data_dir().join("jungle.db")
}

#[derive(Clone, Debug)]
pub struct ChatConfig {
    /// What text commands start with.
    pub prefix: String,
    /// How long a challenge stays open.
    pub challenge_expiry: Duration,
    /// The time control of new games where no moderator chose one (`time_control = "5+3"`,
    /// or `"3d"`; `move_timeout = "24h"`, the older key, gives that long per move).
    pub time_control: TimeControl,
    /// Whether games between people get a thread of their own where no moderator chose
    /// (`threads = false`: they stay in the channel).
    pub threads: bool,
}

/// The chat layer's own defaults are the config's.
impl Default for ChatConfig {
    fn default() -> Self {
        let s = Settings::default();
        ChatConfig {
            prefix: s.prefix,
            challenge_expiry: Duration::from_secs(s.challenge_expiry_secs.unsigned_abs()),
            time_control: s.time_control,
            threads: s.threads,
        }
    }
}

#[derive(Clone, Debug)]
pub struct BotConfig {
    /// Fixed Elo ratings of the levels 1 to 8 (games against the bot are rated for the human).
    pub ratings: [i32; Level::COUNT],
    /// The level `play bot` uses when none is named.
    pub default_level: Level,
    /// How each level thinks, 1 to 8; unset keys keep the level's defaults.
    pub levels: [LevelConfig; Level::COUNT],
}

/// One level's thinking time, depth and nodes.
#[derive(Clone, Debug, Default)]
pub struct LevelConfig {
    /// Thinking time per move in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Deepest search in plies.
    pub max_depth: Option<u32>,
    /// Nodes searched per move.
    pub max_nodes: Option<u64>,
}

impl Default for BotConfig {
    fn default() -> Self {
        let s = Settings::default();
        BotConfig {
            ratings: s.bot_ratings,
            default_level: s.default_level,
            levels: Default::default(),
        }
    }
}

impl BotConfig {
    /// A level's settings: its defaults with this config's overrides.
    pub fn level_settings(&self, level: Level) -> crate::ai::LevelSettings {
        let over = &self.levels[level.index()];
        let mut s = level.settings();
        if let Some(ms) = over.movetime_ms {
            s.movetime_ms = ms;
        }
        if let Some(d) = over.max_depth {
            s.max_depth = d;
        }
        if let Some(n) = over.max_nodes {
            s.max_nodes = Some(n);
        }
        s
    }
}

/// The keys of `[bot]` that name one level's table: `level1` to `level8`, and the old names
/// of levels 2, 4 and 6.
fn level_keys() -> Vec<(String, Level)> {
    Level::ALL
        .into_iter()
        .map(|l| (format!("level{}", l.number()), l))
        .chain(
            Level::ALL
                .into_iter()
                .filter_map(|l| l.word().map(|w| (w.to_string(), l))),
        )
        .collect()
}

/// A level written as a number (`6`) or a name (`"hard"`, `"6"`).
fn level_value(s: &Section<'_>, key: &str) -> Result<Option<Level>, KeyError> {
    let bad = |e: crate::ai::ParseLevelError| s.error(key, e.to_string());
    match s.value(key) {
        None => Ok(None),
        Some(toml::Value::String(t)) => t.parse().map(Some).map_err(bad),
        Some(toml::Value::Integer(n)) => {
            let level = u8::try_from(*n).ok().and_then(Level::new);
            level
                .map(Some)
                .ok_or_else(|| bad(crate::ai::ParseLevelError(n.to_string())))
        }
        Some(other) => Err(s.wrong_type(key, "a level from 1 to 8", other.type_str())),
    }
}

/// `ratings = [...]`: one whole number per level, 1 to 8.
fn ratings_value(s: &Section<'_>, key: &str) -> Result<Option<[i32; Level::COUNT]>, KeyError> {
    let expected = "a list of 8 whole numbers, the ratings of levels 1 to 8";
    let Some(value) = s.value(key) else {
        return Ok(None);
    };
    let items = value
        .as_array()
        .ok_or_else(|| s.wrong_type(key, expected, value.type_str()))?;
    let numbers: Vec<i32> = items
        .iter()
        .map(|item| {
            item.as_integer()
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(|| s.wrong_type(key, expected, &format!("{item} in the list")))
        })
        .collect::<Result<_, _>>()?;
    numbers
        .try_into()
        .map(Some)
        .map_err(|v: Vec<i32>| s.error(key, format!("{expected}; found {} numbers", v.len())))
}

/// A duration in whole seconds, as the chat layer counts them.
fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
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

/// A duration key: `"15m"` and the like, or a number of seconds.
fn duration(s: &Section<'_>, key: &str) -> Result<Option<Duration>, KeyError> {
    let bad = |shown: &str| {
        s.error(
            key,
            format!(
                "'{shown}' is not a duration: write a whole number with s, m, h or d, like \"90s\", \"15m\" or \"24h\""
            ),
        )
    };
    match s.value(key) {
        None => Ok(None),
        Some(toml::Value::String(t)) => parse_duration(t).map(Some).ok_or_else(|| bad(t)),
        Some(toml::Value::Integer(n)) if *n > 0 => Ok(Some(Duration::from_secs(*n as u64))),
        Some(toml::Value::Integer(n)) => Err(bad(&n.to_string())),
        Some(other) => Err(s.wrong_type(key, "a duration like \"15m\"", other.type_str())),
    }
}

impl Config {
    /// What the chat layer is told: the settings this config gives it.
    pub fn settings(&self) -> Settings {
        Settings {
            prefix: self.chat.prefix.clone(),
            challenge_expiry_secs: secs(self.chat.challenge_expiry),
            time_control: self.chat.time_control,
            threads: self.chat.threads,
            bot_ratings: self.bot.ratings,
            default_level: self.bot.default_level,
            levels: Level::ALL.map(|l| self.bot.level_settings(l)),
            limits: self.limits,
            analysis_nodes: crate::chat::ANALYSIS_NODES,
            dialects: Vec::new(),
        }
    }

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

    /// Parses config text; the error names the key (and its line) and the problem.
    pub fn parse(text: &str) -> Result<Config, String> {
        let table: toml::Table = toml::from_str(text).map_err(|e| one_line_toml_error(text, &e))?;
        Config::from_table(&table).map_err(|e| match line_of(text, &e.key) {
            Some(line) => format!("{} (line {line}): {}", e.key, e.problem),
            None => e.to_string(),
        })
    }

    /// Reads the parsed file key by key.
    pub fn from_table(table: &toml::Table) -> Result<Config, KeyError> {
        let root = Section::new(
            "",
            table,
            &[
                "store", "chat", "bot", "limits", "discord", "matrix", "metrics",
            ],
        )?;
        let mut config = Config {
            discord: root.table("discord")?.cloned(),
            matrix: root.table("matrix")?.cloned(),
            ..Config::default()
        };
        if let Some(s) = root.section("metrics", &["listen"])?
            && let Some(text) = s.string("listen")?
        {
            let addr = text.trim().parse().map_err(|_| {
                s.error(
                    "listen",
                    format!("'{text}' is not an address and port, like \"127.0.0.1:9464\""),
                )
            })?;
            config.metrics = Some(addr);
        }
        if let Some(s) = root.section("store", &["database"])?
            && let Some(text) = s.string("database")?
        {
            let location = Location::parse(Path::new(&text))
                .map_err(|problem| s.error("database", problem))?;
            // A PostgreSQL URL's TLS settings are checked now rather than at the first
            // connection.
            if let Location::Postgres(url) = &location {
                url.tls().map_err(|problem| s.error("database", problem))?;
            }
            config.store.database = Some(location);
        }
        let chat_keys = [
            "prefix",
            "challenge_expiry",
            "time_control",
            "move_timeout",
            "threads",
        ];
        if let Some(s) = root.section("chat", &chat_keys)? {
            let chat = &mut config.chat;
            if let Some(p) = s.string("prefix")? {
                if p.trim().is_empty() || p.contains(char::is_whitespace) {
                    return Err(s.error(
                        "prefix",
                        format!("'{p}' must be one word without spaces, like \"!jungle\""),
                    ));
                }
                chat.prefix = p;
            }
            chat.challenge_expiry =
                duration(&s, "challenge_expiry")?.unwrap_or(chat.challenge_expiry);
            if let Some(d) = duration(&s, "move_timeout")? {
                let secs = u32::try_from(d.as_secs()).map_err(|_| {
                    s.error("move_timeout", "is longer than a move may take".to_string())
                })?;
                chat.time_control = TimeControl::PerMove { secs };
            }
            if let Some(t) = s.string("time_control")? {
                chat.time_control = t
                    .parse()
                    .map_err(|e: engine::ParseTimeError| s.error("time_control", e.to_string()))?;
            }
            if let Some(on) = s.bool("threads")? {
                chat.threads = on;
            }
        }
        if let Some(s) = root.section("limits", &["commands", "window", "games_per_hour"])? {
            let limits = &mut config.limits;
            if let Some(n) = s.integer("commands", 1, u32::MAX.into())? {
                limits.commands = n as u32;
            }
            if let Some(d) = duration(&s, "window")? {
                limits.window_secs = secs(d);
            }
            if let Some(n) = s.integer("games_per_hour", 1, u32::MAX.into())? {
                limits.games_per_hour = n as u32;
            }
        }
        let levels = level_keys();
        let mut bot_keys = vec!["ratings", "rating_easy", "rating_medium", "rating_hard"];
        bot_keys.push("default_level");
        bot_keys.extend(levels.iter().map(|(k, _)| k.as_str()));
        if let Some(s) = root.section("bot", &bot_keys)? {
            let bot = &mut config.bot;
            if let Some(r) = ratings_value(&s, "ratings")? {
                bot.ratings = r;
            }
            // The old keys of levels 2, 4 and 6 still work, and win over the list.
            for (key, level) in [
                ("rating_easy", Level::EASY),
                ("rating_medium", Level::MEDIUM),
                ("rating_hard", Level::HARD),
            ] {
                if let Some(r) = s.integer(key, i32::MIN.into(), i32::MAX.into())? {
                    bot.ratings[level.index()] = r as i32;
                }
            }
            if let Some(level) = level_value(&s, "default_level")? {
                bot.default_level = level;
            }
            for (key, level) in &levels {
                let keys = ["movetime_ms", "max_depth", "max_nodes"];
                if let Some(l) = s.section(key, &keys)? {
                    let over = &mut bot.levels[level.index()];
                    if let Some(ms) = l.integer("movetime_ms", 1, i64::MAX)? {
                        over.movetime_ms = Some(ms as u64);
                    }
                    let deepest = crate::ai::MAX_DEPTH.into();
                    if let Some(d) = l.integer("max_depth", 1, deepest)? {
                        over.max_depth = Some(d as u32);
                    }
                    if let Some(n) = l.integer("max_nodes", 1, i64::MAX)? {
                        over.max_nodes = Some(n as u64);
                    }
                }
            }
        }
        Ok(config)
    }
}

/// The line a key (named in full, like `bot.easy.max_depth`) is written on.
fn line_of(text: &str, key: &str) -> Option<usize> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let mut table = doc.get_ref();
    let mut parts = key.split('.').peekable();
    loop {
        let (k, v) = table.get_key_value(parts.next()?)?;
        if parts.peek().is_none() {
            return Some(text[..k.span().start].matches('\n').count() + 1);
        }
        table = match v.get_ref() {
            toml::de::DeValue::Table(t) => t,
            _ => return None,
        };
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
    fn a_postgres_database_hides_its_password() {
        let c = Config::parse(
            "[store]\ndatabase = \"postgresql://jungle:hunter2@db.example/jungle\"\n",
        )
        .unwrap();
        assert!(matches!(c.store.location(), Location::Postgres(_)));
        for shown in [
            format!("{c:?}"),
            format!("{:?}", c.store.location()),
            c.store.location().to_string(),
        ] {
            assert!(!shown.contains("hunter2"), "{shown}");
            assert!(shown.contains("jungle:***@db.example"), "{shown}");
        }
    }

    #[test]
    fn a_bad_sslmode_is_a_config_error_without_the_password() {
        let e = Config::parse(
            "[store]\ndatabase = \"postgresql://jungle:hunter2@db.example/jungle?sslmode=strict\"\n",
        )
        .unwrap_err();
        assert!(e.starts_with("store.database (line 2): "), "{e}");
        assert!(
            e.contains(
                "sslmode=\"strict\" is not one of disable, prefer, require, verify-ca, verify-full"
            ),
            "{e}"
        );
        assert!(!e.contains("hunter2"), "{e}");
        for mode in ["disable", "prefer", "require", "verify-ca", "verify-full"] {
            let c = Config::parse(&format!(
                "[store]\ndatabase = \"postgresql://db.example/jungle?sslmode={mode}\"\n"
            ))
            .unwrap_or_else(|e| panic!("sslmode={mode}: {e}"));
            assert!(
                matches!(c.store.location(), Location::Postgres(_)),
                "{mode}"
            );
        }
    }

    #[test]
    fn defaults_and_values() {
        let c = Config::parse("").unwrap();
        assert_eq!(c.chat.prefix, "!jungle");
        assert_eq!(c.chat.challenge_expiry, Duration::from_secs(900));
        assert_eq!(c.bot.ratings, crate::chat::BOT_RATINGS);
        assert_eq!(c.bot.default_level, Level::HARD);
        let c = Config::parse(
            "[chat]\nprefix = \"!j\"\nmove_timeout = \"2h\"\nchallenge_expiry = 60\n",
        )
        .unwrap();
        assert_eq!(c.chat.prefix, "!j");
        assert_eq!(c.chat.time_control, TimeControl::PerMove { secs: 7200 });
        assert_eq!(c.chat.challenge_expiry, Duration::from_secs(60));
        let live = Config::parse("[chat]\ntime_control = \"5+3\"\n").unwrap();
        assert_eq!(live.chat.time_control, TimeControl::live(5, 3));
        assert_eq!(
            Config::parse("").unwrap().chat.time_control,
            TimeControl::days(1)
        );
        let c = Config::parse(
            "[store]\ndatabase = \"/tmp/j.db\"\n[bot]\nrating_easy = 700\nrating_medium = 1100\nrating_hard = 1500\ndefault_level = \"easy\"\n[discord]\ntoken = \"t\"\n[matrix]\nuser_id = \"@j:x.org\"\n",
        )
        .unwrap();
        assert_eq!(
            c.store.location(),
            Location::File(PathBuf::from("/tmp/j.db"))
        );
        let r = c.bot.ratings;
        assert_eq!((r[1], r[3], r[5]), (700, 1100, 1500));
        assert_eq!(r[0], crate::chat::BOT_RATINGS[0]);
        assert_eq!(c.bot.default_level, Level::EASY);
        assert_eq!(c.discord.unwrap()["token"].as_str(), Some("t"));
        assert_eq!(c.matrix.unwrap()["user_id"].as_str(), Some("@j:x.org"));
    }

    #[test]
    fn errors_name_the_key() {
        let e = Config::parse("[chat]\nmove_timeout = \"soon\"\n").unwrap_err();
        assert!(
            e.starts_with("chat.move_timeout (line 2): 'soon' is not a duration"),
            "{e}"
        );
        let e = Config::parse("[chat]\ntime_control = \"5 minutes\"\n").unwrap_err();
        assert!(
            e.starts_with("chat.time_control (line 2): '5 minutes' is not a time control"),
            "{e}"
        );
        let e = Config::parse("[chat]\nmove_timeout = -5\n").unwrap_err();
        assert!(
            e.starts_with("chat.move_timeout (line 2): '-5' is not"),
            "{e}"
        );
        let e = Config::parse("\n[chat]\nprefix = \"!j\"\nprefx = \"!j\"\n").unwrap_err();
        assert_eq!(
            e,
            "chat.prefx (line 4): unknown key; known keys: prefix, challenge_expiry, time_control, move_timeout, threads"
        );
        let e = Config::parse("[metrics]\nlisten = \"localhost\"\n").unwrap_err();
        assert_eq!(
            e,
            "metrics.listen (line 2): 'localhost' is not an address and port, like \"127.0.0.1:9464\""
        );
        let c = Config::parse("[metrics]\nlisten = \"127.0.0.1:9464\"\n").unwrap();
        assert_eq!(c.metrics, Some("127.0.0.1:9464".parse().unwrap()));
        let e = Config::parse("[sotre]\n").unwrap_err();
        assert_eq!(
            e,
            "sotre (line 1): unknown key; known keys: store, chat, bot, limits, discord, matrix, metrics"
        );
        let e = Config::parse("[bot]\nrating_easy = \"low\"\n").unwrap_err();
        assert_eq!(
            e,
            "bot.rating_easy (line 2): expected a whole number, found string"
        );
        let e = Config::parse("chat = 5\n").unwrap_err();
        assert_eq!(e, "chat (line 1): expected a table, found integer");
        let e = Config::parse("discord = \"on\"\n").unwrap_err();
        assert_eq!(e, "discord (line 1): expected a table, found string");
        let e = Config::parse("[chat]\nprefix = \"! j\"\n").unwrap_err();
        assert!(
            e.starts_with("chat.prefix (line 2): '! j' must be one word"),
            "{e}"
        );
        let e = Config::parse("[bot]\ndefault_level = \"insane\"\n").unwrap_err();
        assert!(e.starts_with("bot.default_level (line 2): 'insane'"), "{e}");
        let c =
            Config::parse("[limits]\ncommands = 5\nwindow = \"1m\"\ngames_per_hour = 2\n").unwrap();
        assert_eq!(
            c.settings().limits,
            Limits {
                commands: 5,
                window_secs: 60,
                games_per_hour: 2
            }
        );
        let e = Config::parse("[limits]\ncommands = 0\n").unwrap_err();
        assert_eq!(e, "limits.commands (line 2): must be from 1 to 4294967295");
        let e = Config::parse("[chat\n").unwrap_err();
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn bot_levels_are_configurable() {
        let c = Config::parse("[bot.easy]\nmovetime_ms = 50\nmax_depth = 1\n").unwrap();
        let easy = c.bot.level_settings(crate::ai::Level::EASY);
        assert_eq!((easy.movetime_ms, easy.max_depth), (50, 1));
        let hard = c.bot.level_settings(crate::ai::Level::HARD);
        assert_eq!(hard, crate::ai::Level::HARD.settings());
        let e = Config::parse("[bot.hard]\nmax_depth = 0\n").unwrap_err();
        assert_eq!(
            e,
            format!(
                "bot.hard.max_depth (line 2): must be from 1 to {}",
                crate::ai::MAX_DEPTH
            )
        );
        let e = Config::parse("[bot]\neasy = { movetime_ms = 0 }\n").unwrap_err();
        assert_eq!(e, "bot.easy.movetime_ms (line 2): must be at least 1");
        let e = Config::parse("[bot.hard]\nthink = 3\n").unwrap_err();
        assert_eq!(
            e,
            "bot.hard.think (line 2): unknown key; known keys: movetime_ms, max_depth, max_nodes"
        );
    }

    #[test]
    fn eight_levels_are_configurable_by_number() {
        let c = Config::parse(
            "[bot]\nratings = [1, 2, 3, 4, 5, 6, 7, 8]\nrating_hard = 66\ndefault_level = 7\n[bot.level8]\nmovetime_ms = 2500\n[bot.level5]\nmax_nodes = 999\n",
        )
        .unwrap();
        assert_eq!(c.bot.ratings, [1, 2, 3, 4, 5, 66, 7, 8]);
        assert_eq!(c.bot.default_level, Level::new(7).unwrap());
        let eight = c.bot.level_settings(Level::STRONGEST);
        assert_eq!(eight.movetime_ms, 2500);
        assert!(eight.remembers);
        let five = Level::new(5).unwrap();
        assert_eq!(c.bot.level_settings(five).max_nodes, Some(999));
        let settings = c.settings();
        assert_eq!(settings.bot_rating(Level::HARD), 66);
        assert_eq!(settings.level(five).max_nodes, Some(999));
        assert_eq!(
            Config::parse("[bot]\ndefault_level = \"5\"\n")
                .unwrap()
                .bot
                .default_level,
            five
        );
        for (text, error) in [
            (
                "[bot]\nratings = [1, 2]\n",
                "bot.ratings (line 2): a list of 8 whole numbers, the ratings of levels 1 to 8; found 2 numbers",
            ),
            (
                "[bot]\nratings = [1, 2, 3, 4, 5, 6, 7, \"x\"]\n",
                "bot.ratings (line 2): expected a list of 8 whole numbers, the ratings of levels 1 to 8, found \"x\" in the list",
            ),
            (
                "[bot]\ndefault_level = 9\n",
                "bot.default_level (line 2): '9' is not a level: choose 1 to 8, or easy (2), medium (4) or hard (6)",
            ),
            (
                "[bot.level9]\nmovetime_ms = 5\n",
                "bot.level9 (line 1): unknown key",
            ),
        ] {
            let e = Config::parse(text).unwrap_err();
            assert!(e.starts_with(error), "{text}: {e}");
        }
    }

    #[test]
    fn debug_shows_no_adapter_secrets() {
        let c = Config::parse(
            "[discord]\ntoken = \"disc-sekrit\"\n[matrix]\npassword = \"mx-sekrit\"\n",
        )
        .unwrap();
        let shown = format!("{c:?}");
        assert!(
            shown.contains("token") && shown.contains("password"),
            "{shown}"
        );
        assert!(!shown.contains("sekrit"), "{shown}");
    }

    #[test]
    fn default_files_are_in_the_bots_data_dir() {
        assert!(data_dir().ends_with("jungle-bot"), "{:?}", data_dir());
        assert_eq!(
            Config::parse("").unwrap().store.location(),
            Location::File(default_database())
        );
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
