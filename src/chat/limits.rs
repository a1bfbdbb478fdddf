//! Per-user rate limits: how many commands in a short window, and how many new games (bot
//! games, challenges, accepted challenges) in an hour. Beyond a limit the user gets one polite
//! reply, then silence until the window passes. Counted per process, in memory.

use std::collections::HashMap;

/// The limits, from the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Commands one user may send per window.
    pub commands: u32,
    pub window_secs: i64,
    /// Games one user may start per hour.
    pub games_per_hour: u32,
}

impl Default for Limits {
    /// Far above what a person playing ever sends.
    fn default() -> Self {
        Limits {
            commands: 30,
            window_secs: 30,
            games_per_hour: 60,
        }
    }
}

/// What to do with one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Refused with a warning (the id of its message); the same excess again is refused quietly.
    Warn(&'static str),
    /// Over a limit and told already: say nothing.
    Silent,
}

/// Where one more count puts a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Within,
    /// Over the limit, for the first time in this window.
    Over,
    /// Over the limit again.
    StillOver,
}

/// A counter over a fixed window.
#[derive(Clone, Copy, Debug, Default)]
struct Window {
    start: i64,
    count: u32,
    warned: bool,
}

impl Window {
    /// Counts one more at `now`; whether it is within `limit` over `len` seconds.
    fn count(&mut self, now: i64, len: i64, limit: u32) -> Count {
        if now >= self.start.saturating_add(len) || now < self.start {
            *self = Window {
                start: now,
                count: 0,
                warned: false,
            };
        }
        if self.count < limit {
            self.count += 1;
            return Count::Within;
        }
        if std::mem::replace(&mut self.warned, true) {
            Count::StillOver
        } else {
            Count::Over
        }
    }
}

/// One user's windows.
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    commands: Window,
    games: Window,
}

/// The counters of every user seen lately.
#[derive(Debug, Default)]
pub(crate) struct Limiter {
    users: HashMap<(String, String), Usage>,
}

const HOUR: i64 = 3600;

impl Limiter {
    /// Counts a command by `user` on `platform`; `starts_game` when it would start a game.
    pub fn check(
        &mut self,
        limits: &Limits,
        platform: &str,
        user: &str,
        starts_game: bool,
        now: i64,
    ) -> Verdict {
        if self.users.len() > 10_000 {
            // Forget users whose windows have all passed.
            let keep = |u: &Usage| {
                now < u.commands.start.saturating_add(limits.window_secs)
                    || now < u.games.start.saturating_add(HOUR)
            };
            self.users.retain(|_, u| keep(u));
        }
        let usage = self
            .users
            .entry((platform.to_string(), user.to_string()))
            .or_default();
        match usage
            .commands
            .count(now, limits.window_secs, limits.commands)
        {
            Count::Within => {}
            Count::Over => {
                return Verdict::Warn("limit-commands");
            }
            Count::StillOver => return Verdict::Silent,
        }
        if !starts_game {
            return Verdict::Allow;
        }
        match usage.games.count(now, HOUR, limits.games_per_hour) {
            Count::Within => Verdict::Allow,
            Count::Over => Verdict::Warn("limit-games"),
            Count::StillOver => Verdict::Silent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_warning_then_silence_until_the_window_passes() {
        let limits = Limits {
            commands: 3,
            window_secs: 10,
            games_per_hour: 2,
        };
        let mut l = Limiter::default();
        let mut at = |t: i64, game: bool| l.check(&limits, "p", "u", game, t);
        assert_eq!(at(0, false), Verdict::Allow);
        assert_eq!(at(1, false), Verdict::Allow);
        assert_eq!(at(2, false), Verdict::Allow);
        assert!(matches!(at(3, false), Verdict::Warn(_)));
        assert_eq!(at(4, false), Verdict::Silent);
        assert_eq!(at(9, false), Verdict::Silent);
        assert_eq!(at(10, true), Verdict::Allow, "a new window");
        assert_eq!(at(20, true), Verdict::Allow);
        assert!(
            matches!(at(30, true), Verdict::Warn(_)),
            "third game in the hour"
        );
        assert_eq!(at(40, true), Verdict::Silent);
        assert_eq!(at(50, false), Verdict::Allow, "other commands go on");
        assert_eq!(at(3610, true), Verdict::Allow, "an hour later");
        let mut other = Limiter::default();
        assert_eq!(other.check(&limits, "p", "v", true, 30), Verdict::Allow);
    }
}
