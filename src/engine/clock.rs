//! Time controls, shared by the layers above: a live clock (minutes for each side and seconds
//! added after every move, `5+3`) or a time for each move (correspondence, `3d`); and the
//! arithmetic of a move against them: what the clocks hold after it, by when the side to move
//! must move, and when they are reminded. Times are whole unix seconds.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::{BySide, Side};

/// How much time a game gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// Each side's clock starts at `base` seconds and gains `increment` after each of its
    /// moves; a side whose clock runs out loses.
    Live { base: u32, increment: u32 },
    /// Each move must come within `secs` of the one before.
    PerMove { secs: u32 },
}

/// The live presets offered as choices (minutes, increment seconds).
pub const LIVE_PRESETS: [(u32, u32); 5] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10)];

/// The days per move offered as choices.
pub const DAY_PRESETS: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];

/// The longest live clock and increment that can be typed (minutes, seconds).
pub const MAX_LIVE_MINUTES: u32 = 180;
pub const MAX_INCREMENT: u32 = 180;
/// The most days a move may be given.
pub const MAX_DAYS: u32 = 14;

const DAY: u32 = 86_400;
const HOUR: u32 = 3_600;

/// Why a time control was not understood.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseTimeError {
    #[error(
        "'{0}' is not a time control: write minutes+increment like 5+3, or days per move like 3d"
    )]
    Syntax(String),
    #[error("'{0}' is out of range: 1 to 180 minutes, 0 to 180 seconds added, 1 to 14 days")]
    Range(String),
}

impl TimeControl {
    /// A live clock of `minutes` with `increment` seconds a move.
    pub const fn live(minutes: u32, increment: u32) -> TimeControl {
        TimeControl::Live {
            base: minutes * 60,
            increment,
        }
    }

    /// `days` for each move.
    pub const fn days(days: u32) -> TimeControl {
        TimeControl::PerMove { secs: days * DAY }
    }

    /// Out of the box: one day per move.
    pub const DEFAULT: TimeControl = TimeControl::days(1);

    pub fn is_live(self) -> bool {
        matches!(self, TimeControl::Live { .. })
    }

    /// Both clocks at the start of a live game; `None` for a time per move.
    pub fn start_clocks(self) -> Option<BySide<i64>> {
        match self {
            TimeControl::Live { base, .. } => Some(BySide::new(base.into(), base.into())),
            TimeControl::PerMove { .. } => None,
        }
    }

    /// By when the side to move (`turn`) must move, their turn having begun at `since` with
    /// `clocks` as they stood then.
    pub fn deadline(self, since: i64, clocks: Option<&BySide<i64>>, turn: Side) -> i64 {
        match (self, clocks) {
            (TimeControl::Live { .. }, Some(c)) => since + c[turn].max(0),
            (TimeControl::Live { base, .. }, None) => since + i64::from(base),
            (TimeControl::PerMove { secs }, _) => since + i64::from(secs),
        }
    }

    /// The clocks after `mover` moved, having spent `spent` seconds on it: their time less
    /// what they spent, plus the increment. `None` for a time per move.
    pub fn after_move(
        self,
        clocks: Option<BySide<i64>>,
        mover: Side,
        spent: i64,
    ) -> Option<BySide<i64>> {
        let TimeControl::Live { increment, .. } = self else {
            return None;
        };
        let mut c = clocks.or_else(|| self.start_clocks())?;
        c[mover] = c[mover] - spent.max(0) + i64::from(increment);
        Some(c)
    }

    /// How long before the deadline a player to move is reminded: none in a live game; a day
    /// and an hour before when a move may take two days or more, an hour when it may take two
    /// hours or more, else a quarter of the time.
    pub fn reminder_leads(self) -> Vec<i64> {
        let TimeControl::PerMove { secs } = self else {
            return Vec::new();
        };
        let secs = i64::from(secs);
        let mut leads: Vec<i64> = [i64::from(DAY), i64::from(HOUR)]
            .into_iter()
            .filter(|lead| 2 * lead <= secs)
            .collect();
        if leads.is_empty() && secs >= 4 {
            leads.push(secs / 4);
        }
        leads
    }

    /// When the next reminder before `deadline` is due, after `after`; `None` when no
    /// reminder is left.
    pub fn next_reminder(self, deadline: i64, after: i64) -> Option<i64> {
        self.reminder_leads()
            .into_iter()
            .map(|lead| deadline - lead)
            .filter(|&at| at > after)
            .min()
    }

    /// The stored form, exact for any value: `L300+3`, `M86400`.
    pub fn code(self) -> String {
        match self {
            TimeControl::Live { base, increment } => format!("L{base}+{increment}"),
            TimeControl::PerMove { secs } => format!("M{secs}"),
        }
    }

    /// Reads [`TimeControl::code`].
    pub fn from_code(s: &str) -> Option<TimeControl> {
        if let Some(rest) = s.strip_prefix('L') {
            let (base, inc) = rest.split_once('+')?;
            Some(TimeControl::Live {
                base: base.parse().ok().filter(|&b| b > 0)?,
                increment: inc.parse().ok()?,
            })
        } else {
            let secs = s.strip_prefix('M')?.parse().ok().filter(|&s| s > 0)?;
            Some(TimeControl::PerMove { secs })
        }
    }
}

/// `5+3`, `3d`; a time per move that is not whole days in hours (`12h`), else minutes
/// (`90m`).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Live { base, increment } if base % 60 == 0 => {
                write!(f, "{}+{increment}", base / 60)
            }
            TimeControl::Live { base, increment } => write!(f, "{base}s+{increment}"),
            TimeControl::PerMove { secs } if secs % DAY == 0 => write!(f, "{}d", secs / DAY),
            TimeControl::PerMove { secs } if secs % HOUR == 0 => write!(f, "{}h", secs / HOUR),
            TimeControl::PerMove { secs } => write!(f, "{}m", secs.div_ceil(60)),
        }
    }
}

/// What a player types: `5+3` (1-180 minutes, 0-180 seconds added) or `3d` (1-14 days).
impl FromStr for TimeControl {
    type Err = ParseTimeError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeError> {
        let t = s.trim();
        let syntax = || ParseTimeError::Syntax(s.to_string());
        let range = || ParseTimeError::Range(s.to_string());
        let number = |n: &str| -> Result<u32, ParseTimeError> {
            if n.is_empty() || n.len() > 4 || !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            n.parse().map_err(|_| syntax())
        };
        if let Some((m, inc)) = t.split_once('+') {
            let (m, inc) = (number(m)?, number(inc)?);
            if !(1..=MAX_LIVE_MINUTES).contains(&m) || inc > MAX_INCREMENT {
                return Err(range());
            }
            return Ok(TimeControl::live(m, inc));
        }
        let days = t
            .strip_suffix(['d', 'D'])
            .ok_or_else(syntax)
            .and_then(number)?;
        if !(1..=MAX_DAYS).contains(&days) {
            return Err(range());
        }
        Ok(TimeControl::days(days))
    }
}

/// A clock's time as players read it: `4:05`, `1:02:03`; under ten seconds with no colon
/// needed (`0:07`).
pub fn clock_text(secs: i64) -> String {
    let s = secs.max(0);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_what_players_type() {
        assert_eq!("5+3".parse(), Ok(TimeControl::live(5, 3)));
        assert_eq!("1+0".parse(), Ok(TimeControl::live(1, 0)));
        assert_eq!("3d".parse(), Ok(TimeControl::days(3)));
        assert_eq!("14D".parse(), Ok(TimeControl::days(14)));
        for tc in ["5+3", "15+10", "1d", "10d"] {
            assert_eq!(tc.parse::<TimeControl>().unwrap().to_string(), tc);
        }
        for bad in [
            "", "+", "5+", "+3", "5+3+1", "d", "3x", "-1d", "5 + 3", "٣d", "99999+1",
        ] {
            assert!(
                matches!(bad.parse::<TimeControl>(), Err(ParseTimeError::Syntax(_))),
                "{bad}"
            );
        }
        for out in ["0+5", "181+0", "5+181", "0d", "15d"] {
            assert!(
                matches!(out.parse::<TimeControl>(), Err(ParseTimeError::Range(_))),
                "{out}"
            );
        }
    }

    #[test]
    fn codes_round_trip_any_value() {
        for tc in [
            TimeControl::live(3, 2),
            TimeControl::Live {
                base: 45,
                increment: 0,
            },
            TimeControl::PerMove { secs: 7200 },
            TimeControl::PerMove { secs: 90 },
        ] {
            assert_eq!(TimeControl::from_code(&tc.code()), Some(tc));
        }
        for bad in ["", "L", "L0+1", "L5", "M", "M0", "Mx", "X5"] {
            assert_eq!(TimeControl::from_code(bad), None, "{bad}");
        }
        assert_eq!(TimeControl::PerMove { secs: 7200 }.to_string(), "2h");
    }

    #[test]
    fn a_live_clock_loses_what_is_spent_and_gains_the_increment() {
        let tc = TimeControl::live(3, 2);
        let start = tc.start_clocks().unwrap();
        assert_eq!(start, BySide::new(180, 180));
        let after = tc.after_move(Some(start), Side::Jade, 10).unwrap();
        assert_eq!(after, BySide::new(172, 180));
        assert_eq!(tc.deadline(1_000, Some(&after), Side::Crimson), 1_180);
        assert_eq!(tc.deadline(1_000, Some(&after), Side::Jade), 1_172);
        assert_eq!(TimeControl::days(2).after_move(None, Side::Jade, 5), None);
        assert_eq!(
            TimeControl::days(2).deadline(1_000, None, Side::Jade),
            1_000 + 2 * 86_400
        );
    }

    #[test]
    fn reminders_come_a_day_and_an_hour_before_where_there_is_room() {
        assert_eq!(TimeControl::days(3).reminder_leads(), vec![86_400, 3_600]);
        assert_eq!(TimeControl::days(1).reminder_leads(), vec![3_600]);
        assert_eq!(
            TimeControl::PerMove { secs: 4_000 }.reminder_leads(),
            vec![1_000]
        );
        assert!(TimeControl::live(5, 3).reminder_leads().is_empty());
        let deadline = 10 * 86_400;
        let tc = TimeControl::days(3);
        let first = tc.next_reminder(deadline, 7 * 86_400).unwrap();
        assert_eq!(first, 9 * 86_400);
        let second = tc.next_reminder(deadline, first).unwrap();
        assert_eq!(second, deadline - 3_600);
        assert_eq!(tc.next_reminder(deadline, second), None);
    }

    #[test]
    fn clocks_read_as_minutes_and_seconds() {
        assert_eq!(clock_text(245), "4:05");
        assert_eq!(clock_text(7), "0:07");
        assert_eq!(clock_text(3723), "1:02:03");
        assert_eq!(clock_text(-3), "0:00");
    }
}
