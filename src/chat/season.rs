//! A leaderboard's seasons: calendar months or quarters (UTC), which season a moment falls
//! in, its name in each language, and the post of a season's final top ten once it ends.

use crate::lang::{Lang, tr};
use crate::rating::shown_rating;
use store::{SeasonLength, SeasonLine, Store};

use super::context::{ChatError, Env};
use super::event::{Outgoing, Place, Reply};

/// The rated games in a season that put a player on its leaderboard, unless a moderator
/// chose otherwise.
pub const DEFAULT_MIN_GAMES: u32 = 5;

/// How many players a season's final post lists.
const FINAL_TOP: u32 = 10;

/// One season: a calendar month (`index` 1-12) or quarter (1-4) of a year.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Season {
    pub length: SeasonLength,
    pub year: i64,
    pub index: u32,
}

impl Season {
    /// The season that the moment `at` (Unix seconds) falls in.
    pub fn at(length: SeasonLength, at: i64) -> Season {
        let (year, month, _) = civil_from_days(at.div_euclid(86_400));
        let index = match length {
            SeasonLength::Month => month,
            SeasonLength::Quarter => (month - 1) / 3 + 1,
        };
        Season {
            length,
            year,
            index,
        }
    }

    /// The months in one season.
    fn months(self) -> u32 {
        match self.length {
            SeasonLength::Month => 1,
            SeasonLength::Quarter => 3,
        }
    }

    fn first_month(self) -> u32 {
        (self.index - 1) * self.months() + 1
    }

    /// Its first second and the first second after it.
    pub fn span(self) -> (i64, i64) {
        let start = days_from_civil(self.year, self.first_month(), 1) * 86_400;
        let next = self.next();
        let end = days_from_civil(next.year, next.first_month(), 1) * 86_400;
        (start, end)
    }

    pub fn next(self) -> Season {
        let per_year = 12 / self.months();
        if self.index == per_year {
            Season {
                year: self.year + 1,
                index: 1,
                ..self
            }
        } else {
            Season {
                index: self.index + 1,
                ..self
            }
        }
    }

    pub fn previous(self) -> Season {
        let per_year = 12 / self.months();
        if self.index == 1 {
            Season {
                year: self.year - 1,
                index: per_year,
                ..self
            }
        } else {
            Season {
                index: self.index - 1,
                ..self
            }
        }
    }

    /// As stored: `2026-11`, `2026-Q4`.
    pub fn key(self) -> String {
        match self.length {
            SeasonLength::Month => format!("{}-{:02}", self.year, self.index),
            SeasonLength::Quarter => format!("{}-Q{}", self.year, self.index),
        }
    }

    /// Its name for readers: "November 2026", "2026年11月".
    pub fn name(self, lang: Lang) -> String {
        match self.length {
            SeasonLength::Month => tr!(
                lang,
                "season-month",
                year = self.year.to_string(),
                month = self.index
            ),
            SeasonLength::Quarter => tr!(
                lang,
                "season-quarter",
                year = self.year.to_string(),
                quarter = self.index
            ),
        }
    }
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (eras of 400 years,
/// counted from 1 March so that the leap day ends a year).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day counted from 1970-01-01: (year, month 1-12, day 1-31).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The season under way in a server or room, if its leaderboard runs by season.
pub(crate) fn current(
    store: &Store,
    (platform, scope): (&str, &str),
    now: i64,
) -> Result<Option<Season>, ChatError> {
    Ok(store
        .season(platform, scope)?
        .map(|length| Season::at(length, now)))
}

/// A season's leaderboard in a server or room, with that place's rules (games asked for,
/// whether games against the bot count).
pub(crate) fn board(
    store: &Store,
    place: (&str, &str),
    season: Season,
    limit: u32,
) -> Result<(Vec<SeasonLine>, u32), ChatError> {
    let min = store
        .season_min_games(place.0, place.1)?
        .unwrap_or(DEFAULT_MIN_GAMES);
    let bots = store.leaderboard_bots(place.0, place.1)?;
    Ok((
        store.season_board(place, season.span(), min, bots, limit)?,
        min,
    ))
}

/// A leaderboard line of a season.
pub(crate) fn line(lang: Lang, l: &SeasonLine) -> String {
    tr!(
        lang,
        "top-season-line",
        rank = l.rank,
        name = &l.player.display_name,
        rating = shown_rating(l.rating, l.player.rated_games),
        games = l.games,
        wins = l.wins,
        draws = l.draws,
        losses = l.losses
    )
}

/// Posts the final top ten of each season that has ended where seasons run, once: of several
/// processes, the one whose note of it lands posts it.
pub(crate) fn announce_ended(
    env: &mut Env<'_>,
    out: &mut Vec<Outgoing>,
    serves: &dyn Fn(&str) -> bool,
) -> Result<(), ChatError> {
    for p in env.store.season_places()? {
        if !serves(&p.platform) {
            continue;
        }
        let ended = Season::at(p.length, env.now).previous();
        let key = ended.key();
        // Posted already, or ended before seasons were turned on: nothing to post. A note of
        // a later season (the clock turned back) waits for that one to end.
        if p.announced.as_deref().is_some_and(|a| a >= key.as_str()) {
            continue;
        }
        if !env.store.mark_season_announced(
            (&p.platform, &p.scope),
            p.announced.as_deref(),
            &key,
            env.now,
        )? {
            continue;
        }
        let (lines, min) = board(env.store, (&p.platform, &p.scope), ended, FINAL_TOP)?;
        let lang =
            super::context::language_set(env.store, &p.platform, &p.scope).unwrap_or_default();
        let text = if lines.is_empty() {
            tr!(
                lang,
                "season-ended-empty",
                season = ended.name(lang),
                games = min
            )
        } else {
            let mut text = vec![tr!(lang, "season-ended", season = ended.name(lang))];
            text.extend(lines.iter().map(|l| line(lang, l)));
            text.push(tr!(lang, "season-next", season = ended.next().name(lang)));
            text.join("\n")
        };
        out.push(Outgoing {
            place: Place {
                platform: p.platform,
                scope: p.scope,
                channel: p.channel,
                locale: None,
            },
            reply: Reply::text(text),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every day from 1900 to 2200 goes to a date and back, and dates follow each other.
    #[test]
    fn days_and_dates_agree() {
        let from = days_from_civil(1900, 1, 1);
        let to = days_from_civil(2200, 12, 31);
        let mut last = civil_from_days(from - 1);
        for d in from..=to {
            let (y, m, day) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, day), d);
            let next_day = (y, m, day) > last && (day == last.2 + 1 || day == 1);
            assert!(next_day, "{last:?} then {:?}", (y, m, day));
            last = (y, m, day);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // 2024 is a leap year, 2100 is not, 2000 is.
        assert_eq!(
            civil_from_days(days_from_civil(2024, 3, 1) - 1),
            (2024, 2, 29)
        );
        assert_eq!(
            civil_from_days(days_from_civil(2100, 3, 1) - 1),
            (2100, 2, 28)
        );
        assert_eq!(
            civil_from_days(days_from_civil(2000, 3, 1) - 1),
            (2000, 2, 29)
        );
    }

    #[test]
    fn seasons_follow_the_calendar() {
        // 2026-12-03 12:00 UTC.
        let now = days_from_civil(2026, 12, 3) * 86_400 + 43_200;
        let month = Season::at(SeasonLength::Month, now);
        assert_eq!(month.key(), "2026-12");
        assert_eq!(month.next().key(), "2027-01");
        assert_eq!(month.previous().key(), "2026-11");
        let (start, end) = month.span();
        assert_eq!(start, days_from_civil(2026, 12, 1) * 86_400);
        assert_eq!(end, days_from_civil(2027, 1, 1) * 86_400);
        assert!(start <= now && now < end);
        let quarter = Season::at(SeasonLength::Quarter, now);
        assert_eq!(quarter.key(), "2026-Q4");
        assert_eq!(quarter.previous().key(), "2026-Q3");
        assert_eq!(quarter.next().key(), "2027-Q1");
        assert_eq!(quarter.span().0, days_from_civil(2026, 10, 1) * 86_400);
        // The last second of a season is in it; the next is not.
        assert_eq!(Season::at(SeasonLength::Month, end - 1), month);
        assert_eq!(Season::at(SeasonLength::Month, end), month.next());
        // Keys sort as the seasons do, as the note of the last one announced needs.
        assert!(month.previous().key() < month.key());
        assert!("2026-12" < "2027-01" && "2026-Q4" < "2027-Q1");
    }

    #[test]
    fn season_names_read_in_each_language() {
        let s = Season {
            length: SeasonLength::Month,
            year: 2026,
            index: 11,
        };
        assert_eq!(s.name(Lang::En), "November 2026");
        assert_eq!(s.name(Lang::ZhCn), "2026年11月");
        assert_eq!(s.name(Lang::ZhTw), "2026 年 11 月");
        let q = Season {
            length: SeasonLength::Quarter,
            ..s
        };
        let q = Season { index: 4, ..q };
        assert_eq!(q.name(Lang::En), "Q4 2026");
        assert_eq!(q.name(Lang::ZhCn), "2026年第四季度");
        assert_eq!(q.name(Lang::ZhTw), "2026 年第 4 季");
    }
}
