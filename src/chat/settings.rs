//! What the chat layer is told by whoever runs it (the command line, the adapters): the prefix,
//! the timers, the bot's levels and ratings. The defaults here are the bot's defaults; the
//! config file overrides them.

use ai::{LevelExt, LevelSettings};
use engine::TimeControl;

use super::bot::Level;
use super::dialect::Dialect;
use super::limits::Limits;

/// The default of [`Settings::analysis_nodes`]: about 40 ms a position in a release build.
pub const ANALYSIS_NODES: u64 = 200_000;

/// The levels' ratings, 1 to 8, as measured by the selfplay ladder (`jungle selfplay
/// --ladder`, level 4 anchored at 1200; the README has the table).
pub const BOT_RATINGS: [i32; Level::COUNT] = [606, 788, 1057, 1200, 1321, 1466, 1579, 1828];

/// Settings the handler needs, typed.
#[derive(Clone, Debug)]
pub struct Settings {
    pub prefix: String,
    pub challenge_expiry_secs: i64,
    /// The time control of new games where a moderator chose none.
    pub time_control: TimeControl,
    /// Games between people get a thread of their own where the platform has threads, unless
    /// a moderator turned them off there (or, with `false`, on).
    pub threads: bool,
    /// The fixed Elo rating of each level, 1 to 8.
    pub bot_ratings: [i32; Level::COUNT],
    pub default_level: Level,
    /// How each level thinks, 1 to 8.
    pub levels: [LevelSettings; Level::COUNT],
    /// The most nodes `analyze` searches in each position of a game (long games get less,
    /// so that a review stays within a fixed total).
    pub analysis_nodes: u64,
    /// Per-user rate limits.
    pub limits: Limits,
    /// How commands are written on each platform (by platform name); a platform not listed
    /// uses the prefix.
    pub dialects: Vec<(String, Dialect)>,
}

impl Settings {
    pub fn bot_rating(&self, level: Level) -> i32 {
        self.bot_ratings[level.index()]
    }

    pub fn level(&self, level: Level) -> &LevelSettings {
        &self.levels[level.index()]
    }

    /// How commands are written on `platform`, in places of `scope` (where only commands
    /// reach the bot, neither typed moves nor mentions do).
    pub fn dialect(&self, platform: &str, scope: &str) -> Dialect {
        self.dialects
            .iter()
            .find(|(p, _)| p == platform)
            .map(|(_, d)| d.clone())
            .unwrap_or_else(|| Dialect::prefixed(&self.prefix))
            .in_scope(scope)
    }

    /// Says how commands are written on `platform` (replacing what was said before).
    pub fn set_dialect(&mut self, platform: &str, dialect: Dialect) {
        self.dialects.retain(|(p, _)| p != platform);
        self.dialects.push((platform.to_string(), dialect));
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            prefix: "!jungle".to_string(),
            challenge_expiry_secs: 15 * 60,
            time_control: TimeControl::DEFAULT,
            threads: true,
            bot_ratings: BOT_RATINGS,
            default_level: Level::HARD,
            levels: Level::ALL.map(Level::settings),
            analysis_nodes: ANALYSIS_NODES,
            limits: Limits::default(),
            dialects: Vec::new(),
        }
    }
}
