//! Rating history, head-to-head and the leaderboard's seasons: the settings a moderator
//! chooses for a server or room (how long a season runs, how many games put a player on it,
//! whether games against the bot count) and the season's leaderboard.

use crate::failure::Result;
use crate::queries;
use crate::queries::ratings::SeasonQuery;
use crate::rows::{HeadToHead, RatingPoint, SeasonLength, SeasonLine};
use crate::{Db, Store};

/// How long the place's seasons run (absent: no seasons).
const SEASON: &str = "season";
/// The channel a season's final leaderboard is posted in: where seasons were turned on.
const SEASON_CHANNEL: &str = "season_channel";
/// The rated games in a season that put a player on its leaderboard (absent: the default).
const SEASON_MIN_GAMES: &str = "season_min_games";
/// The last season whose final leaderboard was posted (or that ended before seasons were
/// turned on), as its key (`2026-11`, `2026-Q4`).
const SEASON_ANNOUNCED: &str = "season_announced";
/// Whether rated games against the bot put a player on the place's leaderboard (`on`).
const LEADERBOARD_BOTS: &str = "leaderboard_bots";

/// Where seasons run, as the timers see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonPlace {
    pub platform: String,
    pub scope: String,
    pub length: SeasonLength,
    /// Where its final leaderboard goes.
    pub channel: String,
    /// The key of the last season announced (or ended before seasons were turned on).
    pub announced: Option<String>,
}

impl Store {
    /// A player's rating history, oldest first: the latest `limit` rated games.
    pub fn rating_points(&self, player_id: i64, limit: u32) -> Result<Vec<RatingPoint>> {
        on!(self, read, |c| queries::ratings::points(
            c, player_id, limit
        ))
    }

    /// Two players' finished games against each other in a server or room.
    pub fn head_to_head(
        &self,
        players: (i64, i64),
        place: (&str, &str),
        limit: u32,
    ) -> Result<HeadToHead> {
        on!(self, read, |c| queries::ratings::head_to_head(
            c, players, place, limit
        ))
    }

    /// How long a server's or room's seasons run, if it has them.
    pub fn season(&self, platform: &str, scope: &str) -> Result<Option<SeasonLength>> {
        let v = on!(self, read, |c| queries::places::setting(
            c, platform, scope, SEASON
        ))?;
        Ok(v.and_then(|v| SeasonLength::from_code(&v)))
    }

    /// Turns seasons on (their final leaderboards posted in `channel`; `last` is the key of
    /// the season that ended before, which is never announced) or, with `None`, off.
    pub fn set_season(
        &self,
        (platform, scope): (&str, &str),
        length: Option<(SeasonLength, &str, &str)>,
        by: &str,
        now: i64,
    ) -> Result<()> {
        let set = |c: &mut dyn crate::sql::Sql, name, value: Option<&str>| {
            queries::places::set_setting(c, platform, scope, (name, value), by, now)
        };
        on!(self, write, |c| c.tx(|tx| {
            set(tx, SEASON, length.map(|l| l.0.code()))?;
            set(tx, SEASON_CHANNEL, length.map(|l| l.1))?;
            set(tx, SEASON_ANNOUNCED, length.map(|l| l.2))
        }))
    }

    /// Every place where seasons run.
    pub fn season_places(&self) -> Result<Vec<SeasonPlace>> {
        let all = on!(self, read, |c| queries::places::settings_named(c, SEASON))?;
        let mut out = Vec::with_capacity(all.len());
        for (platform, scope, code) in all {
            let Some(length) = SeasonLength::from_code(&code) else {
                continue;
            };
            let get = |name| {
                on!(self, read, |c| queries::places::setting(
                    c, &platform, &scope, name
                ))
            };
            let Some(channel) = get(SEASON_CHANNEL)? else {
                continue;
            };
            let announced = get(SEASON_ANNOUNCED)?;
            out.push(SeasonPlace {
                platform,
                scope,
                length,
                channel,
                announced,
            });
        }
        Ok(out)
    }

    /// Notes that the season `key` was announced in a place, if the note still says `old`:
    /// true for the one caller (of any process) that should post it.
    pub fn mark_season_announced(
        &self,
        (platform, scope): (&str, &str),
        old: Option<&str>,
        key: &str,
        now: i64,
    ) -> Result<bool> {
        on!(self, write, |c| queries::places::swap_setting(
            c,
            (platform, scope, SEASON_ANNOUNCED),
            old,
            key,
            now
        ))
    }

    /// The rated games in a season that put a player on its leaderboard, if a moderator chose.
    pub fn season_min_games(&self, platform: &str, scope: &str) -> Result<Option<u32>> {
        let v = on!(self, read, |c| queries::places::setting(
            c,
            platform,
            scope,
            SEASON_MIN_GAMES
        ))?;
        Ok(v.and_then(|v| v.parse().ok()))
    }

    /// Chooses the games a season asks for (`None`: the default again).
    pub fn set_season_min_games(
        &self,
        (platform, scope): (&str, &str),
        games: Option<u32>,
        by: &str,
        now: i64,
    ) -> Result<()> {
        let value = games.map(|g| g.to_string());
        on!(self, write, |c| queries::places::set_setting(
            c,
            platform,
            scope,
            (SEASON_MIN_GAMES, value.as_deref()),
            by,
            now
        ))
    }

    /// Whether games against the bot put players on this place's leaderboard.
    pub fn leaderboard_bots(&self, platform: &str, scope: &str) -> Result<bool> {
        let v = on!(self, read, |c| queries::places::setting(
            c,
            platform,
            scope,
            LEADERBOARD_BOTS
        ))?;
        Ok(v.as_deref() == Some("on"))
    }

    /// Lets games against the bot count for this place's leaderboard, or not (the default).
    pub fn set_leaderboard_bots(
        &self,
        (platform, scope): (&str, &str),
        on: bool,
        by: &str,
        now: i64,
    ) -> Result<()> {
        let value = on.then_some("on");
        on!(self, write, |c| queries::places::set_setting(
            c,
            platform,
            scope,
            (LEADERBOARD_BOTS, value),
            by,
            now
        ))
    }

    /// A season's leaderboard in a server or room: whoever played `min_games` rated games
    /// there between `span.0` and `span.1`, by their rating at its end.
    pub fn season_board(
        &self,
        (platform, scope): (&str, &str),
        span: (i64, i64),
        min_games: u32,
        bots: bool,
        limit: u32,
    ) -> Result<Vec<SeasonLine>> {
        let q = SeasonQuery {
            platform,
            scope,
            span,
            min_games,
            bots,
            limit,
        };
        on!(self, read, |c| queries::ratings::season_board(c, &q))
    }
}
