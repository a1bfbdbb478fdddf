//! What the chat layer is told by whoever runs it (the command line, the adapters): the prefix,
//! the timers, the bot's levels and ratings. The defaults here are the bot's defaults; the
//! config file overrides them.

use crate::ai::LevelSettings;

use super::bot::Level;
use super::limits::Limits;

/// Settings the handler needs, typed.
#[derive(Clone, Debug)]
pub struct Settings {
    pub prefix: String,
    pub challenge_expiry_secs: i64,
    pub move_timeout_secs: i64,
    /// The fixed Elo rating of each level (easy, medium, hard).
    pub bot_ratings: [i32; 3],
    pub default_level: Level,
    /// How each level thinks (easy, medium, hard).
    pub levels: [LevelSettings; 3],
    /// Per-user rate limits.
    pub limits: Limits,
}

impl Settings {
    pub fn bot_rating(&self, level: Level) -> i32 {
        self.bot_ratings[level as usize]
    }

    pub fn level(&self, level: Level) -> &LevelSettings {
        &self.levels[level as usize]
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            prefix: "!jungle".to_string(),
            challenge_expiry_secs: 15 * 60,
            move_timeout_secs: 24 * 3600,
            bot_ratings: [800, 1200, 1600],
            default_level: Level::Hard,
            levels: Level::ALL.map(Level::settings),
            limits: Limits::default(),
        }
    }
}
