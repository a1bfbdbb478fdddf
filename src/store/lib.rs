//! The only module that touches SQL: players, ratings, challenges and games, kept durable
//! across restarts. Synchronous; the chat layer calls it off the async runtime. Two backends
//! behind one [`Store`]: SQLite (a file; the default) and PostgreSQL (a `postgresql://` URL,
//! feature `postgres`), for several bot processes sharing one database. Besides the [`Store`]
//! the bot uses: [`backup`] copies a live SQLite database, [`inspect`] looks at one without
//! writing (for `jungle check`).
//!
//! The layers inside, from the bottom: `rows.rs` holds the types the store speaks, `codec.rs`
//! their column texts, `sql.rs` the small interface the queries are written against, and
//! `decode.rs` reads a row of either database into those types. `queries/` has every query and
//! transaction, written once. `sqlite/` and `postgres/` each implement the interface in their
//! dialect, with their schema and their connections: SQLite one writer and readers beside it,
//! PostgreSQL a pool. The [`Store`] says which connection each method runs on. It is `Sync`:
//! callers on several threads share one store, and commands about different games run side by
//! side.

mod backup;
mod codec;
mod conninfo;
mod decode;
pub mod errors;
mod failure;
pub mod files;
mod inspect;
mod location;
#[cfg(feature = "postgres")]
mod postgres;
mod queries;
mod rows;
pub mod secret;
mod sql;
mod sqlite;

use std::path::Path;

use engine::review::Analysis;
use engine::{Side, TimeControl};

pub use backup::{BackupError, Copied, backup};
pub use codec::BadValue;
pub use failure::{Result, StoreError};
pub use inspect::{DatabaseState, inspect};
pub use location::{Location, PostgresUrl, SslMode, Tls};
pub use rows::{
    Arrival, ChallengeRow, ChallengeStatus, Finish, GameRow, GameStatus, GameThread, HeadToHead,
    Lease, LeaseGrant, LiveMessage, NewChallenge, NewGame, NewTournament, PlayerRow, RankedPlayer,
    RatingChange, RatingPoint, SeasonLength, SeasonLine, Seated, Step, Takeback, Timing,
    TournamentChange, TournamentEntry, TournamentKind, TournamentPlayer, TournamentRow,
    TournamentStatus,
};
pub use seasons::SeasonPlace;
pub use secret::Secret;
pub use sqlite::schema::latest_version;

/// Looks at the database a setting names without writing to it (for `jungle check`): a SQLite
/// file as [`inspect`] does; a PostgreSQL server: whether it answers and its schema version.
pub fn inspect_location(location: &Location) -> Result<DatabaseState> {
    match location {
        Location::File(path) => inspect(path),
        #[cfg(feature = "postgres")]
        Location::Postgres(url) => postgres::inspect(url),
        #[cfg(not(feature = "postgres"))]
        Location::Postgres(url) => Err(StoreError::NoPostgres(url.to_string())),
    }
}

/// Where games could not get a thread of their own, as noted in the database a setting names
/// (`(platform, scope, why)`), read without writing to it (for `jungle check`).
pub fn thread_problems_at(location: &Location) -> Result<Vec<(String, String, String)>> {
    match location {
        Location::File(path) => inspect::thread_problems(path),
        #[cfg(feature = "postgres")]
        Location::Postgres(_) => Store::connect(location)?.threads_problems(),
        #[cfg(not(feature = "postgres"))]
        Location::Postgres(url) => Err(StoreError::NoPostgres(url.to_string())),
    }
}

/// The backend an open [`Store`] talks to.
enum Db {
    Sqlite(Box<sqlite::Sqlite>),
    #[cfg(feature = "postgres")]
    Postgres(Box<postgres::Postgres>),
}

/// An open database, shared by the threads that use it.
pub struct Store {
    db: Db,
}

/// Runs a query function on a connection of the store's backend: `read` (SQLite: a reader
/// that does not wait for a write) or `write` (SQLite: the one writer). PostgreSQL's pool
/// serves both.
macro_rules! on {
    ($self:ident, $mode:ident, |$c:ident| $body:expr) => {
        match &$self.db {
            Db::Sqlite(d) => d.$mode(|$c| $body),
            #[cfg(feature = "postgres")]
            Db::Postgres(d) => d.with(|$c| $body),
        }
    };
}

// After `on!`, which they use.
mod seasons;
mod tournaments;

impl Store {
    /// Opens (creating if needed) the SQLite database file and brings its schema up to date.
    /// The file and its folder are for this user only (see [`files`](crate::files)).
    pub fn open(path: &Path) -> Result<Store> {
        Ok(Store {
            db: Db::Sqlite(Box::new(sqlite::Sqlite::open(path)?)),
        })
    }

    /// Opens the database a setting names: a SQLite file, or a PostgreSQL server (whose
    /// schema is brought up to date too).
    pub fn connect(location: &Location) -> Result<Store> {
        match location {
            Location::File(path) => Store::open(path),
            #[cfg(feature = "postgres")]
            Location::Postgres(url) => Ok(Store {
                db: Db::Postgres(Box::new(postgres::Postgres::connect(url)?)),
            }),
            #[cfg(not(feature = "postgres"))]
            Location::Postgres(url) => Err(StoreError::NoPostgres(url.to_string())),
        }
    }

    /// A private in-memory SQLite database (tests and benchmarks).
    pub fn open_in_memory() -> Result<Store> {
        Ok(Store {
            db: Db::Sqlite(Box::new(sqlite::Sqlite::open_in_memory()?)),
        })
    }

    /// Which backend this is: `sqlite` or `postgresql`.
    pub fn backend(&self) -> &'static str {
        match &self.db {
            Db::Sqlite(_) => "sqlite",
            #[cfg(feature = "postgres")]
            Db::Postgres(_) => "postgresql",
        }
    }

    /// The journal mode in force (`wal` for SQLite files).
    pub fn journal_mode(&self) -> Result<String> {
        match &self.db {
            Db::Sqlite(d) => d.journal_mode(),
            #[cfg(feature = "postgres")]
            Db::Postgres(_) => Err(StoreError::SqliteOnly("the journal mode")),
        }
    }

    /// SQLite's `synchronous` level in force (2: FULL).
    pub fn synchronous(&self) -> Result<i64> {
        match &self.db {
            Db::Sqlite(d) => d.synchronous(),
            #[cfg(feature = "postgres")]
            Db::Postgres(_) => Err(StoreError::SqliteOnly("the synchronous setting")),
        }
    }

    /// The schema version (SQLite: `PRAGMA user_version`; PostgreSQL: the `schema_version` table).
    pub fn schema_version(&self) -> Result<i64> {
        match &self.db {
            Db::Sqlite(d) => d.schema_version(),
            #[cfg(feature = "postgres")]
            Db::Postgres(d) => d.schema_version(),
        }
    }

    /// Runs raw SQL (maintenance and tests).
    pub fn raw_execute(&self, sql: &str) -> Result<()> {
        match &self.db {
            Db::Sqlite(d) => d.raw_execute(sql),
            #[cfg(feature = "postgres")]
            Db::Postgres(d) => d.raw_execute(sql),
        }
    }

    /// Answers a trivial query: the database is there and readable.
    pub fn ping(&self) -> Result<()> {
        on!(self, read, |c| c.one("", "SELECT 1", &[], |_| Ok(())))
    }
}

/// Players.
impl Store {
    /// The player with this platform id, created on first sight; the display name is refreshed.
    /// One statement writes, so two processes seeing a new player at once make one row.
    pub fn upsert_player(
        &self,
        platform: &str,
        user_id: &str,
        name: &str,
        now: i64,
    ) -> Result<PlayerRow> {
        let known = self.find_player(platform, user_id)?;
        self.refresh_player(known, platform, user_id, name, now)
    }

    /// [`Store::upsert_player`] for a player already read (`known`, none if they have no
    /// row): written only when new or renamed.
    pub fn refresh_player(
        &self,
        known: Option<PlayerRow>,
        platform: &str,
        user_id: &str,
        name: &str,
        now: i64,
    ) -> Result<PlayerRow> {
        if let Some(p) = known
            && p.display_name == name
        {
            return Ok(p);
        }
        on!(self, write, |c| queries::players::upsert(
            c, platform, user_id, name, now
        ))
    }

    pub fn find_player(&self, platform: &str, user_id: &str) -> Result<Option<PlayerRow>> {
        on!(self, read, |c| queries::players::find(c, platform, user_id))
    }

    /// Whether the player wants turn mentions and reminders (`notify on`, the default).
    pub fn notifies(&self, player_id: i64) -> Result<bool> {
        on!(self, read, |c| queries::players::notifies(c, player_id))
    }

    /// Records `notify on` or `notify off` for the player.
    pub fn set_notify(&self, player_id: i64, on: bool) -> Result<()> {
        on!(self, write, |c| queries::players::set_notify(
            c, player_id, on
        ))
    }

    pub fn player(&self, id: i64) -> Result<Option<PlayerRow>> {
        on!(self, read, |c| queries::players::player(c, id))
    }

    /// The players of two seats (a game's jade and crimson) in one read, each with whether
    /// they want turn mentions (as [`Store::notifies`]); `None` for a seat without a player id,
    /// or whose player is missing.
    pub fn player_pair(
        &self,
        first: Option<i64>,
        second: Option<i64>,
    ) -> Result<[Option<Seated>; 2]> {
        on!(self, read, |c| queries::players::pair(c, first, second))
    }

    /// Players of a platform whose display name matches, ignoring case.
    pub fn players_named(&self, platform: &str, name: &str) -> Result<Vec<PlayerRow>> {
        on!(self, read, |c| queries::players::named(c, platform, name))
    }

    /// The best players by rating: of one scope (those with a rated game there) or of everyone.
    /// Without `bots`, games against the bot do not put a player on it.
    pub fn leaderboard(
        &self,
        scope: Option<(&str, &str)>,
        bots: bool,
        limit: u32,
    ) -> Result<Vec<RankedPlayer>> {
        on!(self, read, |c| queries::players::leaderboard(
            c, scope, bots, limit
        ))
    }

    /// A player's place on a scope's leaderboard (or the global one), if they are on it.
    pub fn rank_of(
        &self,
        player: &PlayerRow,
        scope: Option<(&str, &str)>,
        bots: bool,
    ) -> Result<Option<u32>> {
        let board = self.leaderboard(scope, bots, u32::MAX)?;
        Ok(board
            .iter()
            .find(|r| r.player.id == player.id)
            .map(|r| r.rank))
    }
}

/// Challenges.
impl Store {
    /// Opens a challenge unless the challenger has one open in that channel already
    /// ([`StoreError::AlreadyOpen`]) or, for a rematch, the other player's offer to the
    /// challenger is open ([`StoreError::Crossed`]); the checks and the insert are one
    /// transaction.
    pub fn create_challenge(&self, ch: &NewChallenge<'_>) -> Result<ChallengeRow> {
        on!(self, write, |c| queries::challenges::create(c, ch))
    }

    pub fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>> {
        on!(self, read, |c| queries::challenges::challenge(c, id))
    }

    /// Open, unexpired challenges in a channel, newest first.
    pub fn open_challenges(
        &self,
        platform: &str,
        channel: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>> {
        on!(self, read, |c| queries::challenges::open(
            c, platform, channel, now
        ))
    }

    /// Open challenges whose time is up.
    pub fn lapsed_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>> {
        on!(self, read, |c| queries::challenges::lapsed(c, now))
    }

    /// Closes an open challenge; false if it was no longer open (someone else got there first).
    pub fn close_challenge(
        &self,
        id: i64,
        status: ChallengeStatus,
        game_id: Option<i64>,
    ) -> Result<bool> {
        on!(self, write, |c| queries::challenges::close(
            c, id, status, game_id
        ))
    }
}

/// Games.
impl Store {
    /// Starts a game unless one of its players already has an active game in that channel;
    /// the check and the insert are one transaction, so two processes cannot both start one.
    pub fn create_game(&self, g: &NewGame<'_>) -> Result<GameRow> {
        on!(self, write, |c| queries::games::start(c, g, None))
    }

    /// Starts the game a challenge was accepted for and closes the challenge, in one
    /// transaction: [`StoreError::Conflict`] when the challenge is no longer open.
    pub fn accept_challenge(&self, challenge: i64, g: &NewGame<'_>) -> Result<GameRow> {
        on!(self, write, |c| queries::games::start(
            c,
            g,
            Some(challenge)
        ))
    }

    pub fn game(&self, id: i64) -> Result<Option<GameRow>> {
        on!(self, read, |c| queries::games::game(c, id))
    }

    /// Active games in a channel, oldest first.
    pub fn active_games(&self, platform: &str, channel: &str) -> Result<Vec<GameRow>> {
        on!(self, read, |c| queries::games::active_games(
            c, platform, channel
        ))
    }

    /// Active games in which the bot is to move (an index keeps this as cheap as the answer).
    pub fn bot_turns(&self) -> Result<Vec<GameRow>> {
        on!(self, read, |c| queries::games::bot_turns(c))
    }

    /// The player's active game in a channel (at most one).
    pub fn active_game_of(
        &self,
        platform: &str,
        channel: &str,
        player_id: i64,
    ) -> Result<Option<GameRow>> {
        on!(self, read, |c| queries::games::active_game_of(
            c, platform, channel, player_id
        ))
    }

    /// How many games each status holds (`active`, `finished`, `aborted`).
    pub fn game_counts(&self) -> Result<Vec<(String, i64)>> {
        on!(self, read, |c| queries::games::game_counts(c))
    }

    /// Recent games of a player in one channel, newest first.
    pub fn games_of(
        &self,
        player_id: i64,
        platform: &str,
        channel: &str,
        limit: u32,
    ) -> Result<Vec<GameRow>> {
        on!(self, read, |c| queries::games::games_of(
            c, player_id, platform, channel, limit
        ))
    }

    /// Active games whose player to move ran out of time before `now` (the bot's turns are
    /// not theirs to lose); an index on the deadline finds only these.
    pub fn overdue_games(&self, now: i64) -> Result<Vec<GameRow>> {
        on!(self, read, |c| queries::games::overdue_games(c, now))
    }

    /// Active games whose player to move is due a reminder by `now` (an index finds them).
    pub fn reminders_due(&self, now: i64) -> Result<Vec<GameRow>> {
        on!(self, read, |c| queries::games::reminders_due(c, now))
    }

    /// Notes that the reminder due at `due` in game `game_id` was sent and schedules `next`:
    /// true for exactly one caller, also across processes.
    pub fn mark_reminded(&self, game_id: i64, due: i64, next: Option<i64>) -> Result<bool> {
        on!(self, write, |c| queries::games::mark_reminded(
            c, game_id, due, next
        ))
    }

    /// Rating changes recorded for a game: (player id, before, after).
    pub fn rating_changes(&self, game_id: i64) -> Result<Vec<(i64, i32, i32)>> {
        on!(self, read, |c| queries::games::rating_changes(c, game_id))
    }

    /// Commits a move in one transaction if the game is still active at `expected_ply`; with
    /// `finish`, the game ends in the same transaction. Returns false (and changes nothing) when
    /// another move got there first.
    pub fn commit_move(
        &self,
        game_id: i64,
        expected_ply: u32,
        step: &Step,
        now: i64,
        finish: Option<&Finish>,
    ) -> Result<bool> {
        on!(self, write, |c| queries::games::commit_move(
            c,
            game_id,
            expected_ply,
            step,
            now,
            finish
        ))
    }

    /// Commits a move on the game as `row` shows it, worked out from the row's clocks: as
    /// [`Store::commit_move`] without reading the game again, and without `finish` one
    /// statement. False (and nothing changed) when the game is no longer as `row` shows it.
    pub fn commit_seen_move(
        &self,
        row: &GameRow,
        step: &Step,
        now: i64,
        finish: Option<&Finish>,
    ) -> Result<bool> {
        let seen = queries::games::Seen::of(row);
        on!(self, write, |c| queries::games::commit_seen(
            c, &seen, step, now, finish
        ))
    }

    /// Ends an active game without a move (resignation, agreed draw, time-out, abort) if it is
    /// still at `expected_ply`. Returns false when the game moved on or had already ended.
    pub fn finish_game(
        &self,
        game_id: i64,
        expected_ply: u32,
        finish: &Finish,
        now: i64,
    ) -> Result<bool> {
        on!(self, write, |c| queries::games::finish(
            c,
            game_id,
            expected_ply,
            finish,
            now
        ))
    }

    /// Records or clears a standing draw offer, if the game is still at `expected_ply`.
    pub fn set_draw_offer(
        &self,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        self.set_offer("draw_offer", game_id, expected_ply, side)
    }

    /// Records or clears a standing takeback request, if the game is still at `expected_ply`.
    pub fn set_takeback_offer(
        &self,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        self.set_offer("takeback_offer", game_id, expected_ply, side)
    }

    /// Records or clears the offer in `column`, if the game is still at `expected_ply`.
    fn set_offer(
        &self,
        column: &'static str,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        on!(self, write, |c| queries::games::set_offer(
            c,
            column,
            game_id,
            expected_ply,
            side
        ))
    }

    /// Takes back the last `plies` moves of an active game still at `expected_ply`, asked for
    /// by `side`, and records it, in one transaction. Returns the game as it is now, or `None`
    /// (and changes nothing) when the game moved on or ended first.
    pub fn take_back(
        &self,
        game_id: i64,
        expected_ply: u32,
        plies: u32,
        side: Side,
        now: i64,
    ) -> Result<Option<GameRow>> {
        on!(self, write, |c| queries::takebacks::take_back(
            c,
            game_id,
            expected_ply,
            plies,
            side,
            now
        ))
    }

    /// Every takeback of a game, oldest first.
    pub fn takebacks(&self, game_id: i64) -> Result<Vec<Takeback>> {
        on!(self, read, |c| queries::takebacks::takebacks(c, game_id))
    }

    /// The stored analysis of a game, if there is one.
    pub fn analysis(&self, game_id: i64) -> Result<Option<Analysis>> {
        on!(self, read, |c| queries::analyses::analysis(c, game_id))
    }

    /// Keeps a game's analysis (replacing an older one).
    pub fn save_analysis(&self, game_id: i64, analysis: &Analysis, now: i64) -> Result<()> {
        on!(self, write, |c| queries::analyses::save(
            c, game_id, analysis, now
        ))
    }
}

/// Messages with live controls.
impl Store {
    /// Makes `now` the message carrying `item`'s live controls on `platform` (`game:12`,
    /// `offer:12`, `challenge:7`); returns the message that carried them before, if another.
    pub fn swap_live(
        &self,
        platform: &str,
        item: &str,
        now: &LiveMessage,
    ) -> Result<Option<LiveMessage>> {
        on!(self, write, |c| queries::live::swap_live(
            c, platform, item, now
        ))
    }

    /// The message carrying `item`'s live controls, if one does.
    pub fn live_message(&self, platform: &str, item: &str) -> Result<Option<LiveMessage>> {
        on!(self, read, |c| queries::live::live(c, platform, item))
    }

    /// Forgets the message carrying `item`'s live controls and returns it.
    pub fn take_live(&self, platform: &str, item: &str) -> Result<Option<LiveMessage>> {
        on!(self, write, |c| queries::live::take_live(c, platform, item))
    }
}

/// The name of the default time control among a place's settings.
const TIME_CONTROL: &str = "time_control";
/// The setting that says games get no thread of their own (`off`).
const THREADS: &str = "threads";
/// Why the bot could not open a game's thread in a server or room, noted for its moderators.
const THREADS_PROBLEM: &str = "threads_problem";

/// Games' threads.
impl Store {
    /// Notes that game `game_id`'s conversation is `thread` in `channel`.
    pub fn open_thread(
        &self,
        platform: &str,
        game_id: i64,
        channel: &str,
        thread: &str,
    ) -> Result<()> {
        on!(self, write, |c| queries::threads::open_thread(
            c, platform, game_id, channel, thread
        ))
    }

    /// The game's thread, if it has one (open or closed).
    pub fn thread_of_game(&self, platform: &str, game_id: i64) -> Result<Option<GameThread>> {
        on!(self, read, |c| queries::threads::thread_of_game(
            c, platform, game_id
        ))
    }

    /// The game whose thread `thread` is, if it is one.
    pub fn game_of_thread(&self, platform: &str, thread: &str) -> Result<Option<GameThread>> {
        on!(self, read, |c| queries::threads::game_of_thread(
            c, platform, thread
        ))
    }

    /// Marks the game's thread closed; true for the one caller (of several processes) that
    /// closed it.
    pub fn close_thread(&self, platform: &str, game_id: i64) -> Result<bool> {
        on!(self, write, |c| queries::threads::close_thread(
            c, platform, game_id
        ))
    }

    /// Whether a moderator turned games' own threads on or off in this server or room
    /// (`None`: nobody chose).
    pub fn threads_enabled(&self, platform: &str, scope: &str) -> Result<Option<bool>> {
        let v = on!(self, read, |c| queries::places::setting(
            c, platform, scope, THREADS
        ))?;
        Ok(v.map(|v| v != "off"))
    }

    /// Turns games' threads on or off in a server or room.
    pub fn set_threads_enabled(
        &self,
        platform: &str,
        scope: &str,
        enabled: bool,
        by: &str,
        now: i64,
    ) -> Result<()> {
        let value = Some(if enabled { "on" } else { "off" });
        on!(self, write, |c| queries::places::set_setting(
            c,
            platform,
            scope,
            (THREADS, value),
            by,
            now
        ))
    }

    /// Why the bot could not open a thread here last time it tried, if it could not.
    pub fn threads_problem(&self, platform: &str, scope: &str) -> Result<Option<String>> {
        on!(self, read, |c| queries::places::setting(
            c,
            platform,
            scope,
            THREADS_PROBLEM
        ))
    }

    /// Notes (or, with `None`, clears) why threads cannot be opened in a server or room.
    /// Returns whether that changed what was noted (a moderator is told once).
    pub fn note_threads_problem(
        &self,
        platform: &str,
        scope: &str,
        problem: Option<&str>,
        now: i64,
    ) -> Result<bool> {
        let before = self.threads_problem(platform, scope)?;
        if before.as_deref() == problem {
            return Ok(false);
        }
        on!(self, write, |c| queries::places::set_setting(
            c,
            platform,
            scope,
            (THREADS_PROBLEM, problem),
            "bot",
            now
        ))?;
        Ok(true)
    }

    /// Every server or room where threads could not be opened: `(platform, scope, why)`.
    pub fn threads_problems(&self) -> Result<Vec<(String, String, String)>> {
        on!(self, read, |c| queries::places::settings_named(
            c,
            THREADS_PROBLEM
        ))
    }
}

/// Channels, languages and a place's settings.
impl Store {
    /// The language code a moderator chose for this server or room, if any.
    pub fn language(&self, platform: &str, scope: &str) -> Result<Option<String>> {
        on!(self, read, |c| queries::places::language(
            c, platform, scope
        ))
    }

    /// Chooses the language of a server or room, noting who did it and when.
    pub fn set_language(
        &self,
        platform: &str,
        scope: &str,
        lang: &str,
        by: &str,
        now: i64,
    ) -> Result<()> {
        on!(self, write, |c| queries::places::set_language(
            c, platform, scope, lang, by, now
        ))
    }

    /// The time control a moderator chose for new games in this server or room, if any.
    pub fn default_time_control(&self, platform: &str, scope: &str) -> Result<Option<TimeControl>> {
        let code = on!(self, read, |c| queries::places::setting(
            c,
            platform,
            scope,
            TIME_CONTROL
        ))?;
        Ok(code.and_then(|c| TimeControl::from_code(&c)))
    }

    /// Chooses the time control of new games in a server or room (`None`: the default again).
    pub fn set_default_time_control(
        &self,
        platform: &str,
        scope: &str,
        tc: Option<TimeControl>,
        by: &str,
        now: i64,
    ) -> Result<()> {
        let code = tc.map(TimeControl::code);
        on!(self, write, |c| queries::places::set_setting(
            c,
            platform,
            scope,
            (TIME_CONTROL, code.as_deref()),
            by,
            now
        ))
    }

    /// What a command reads where it was said, in one statement: the language chosen for the
    /// server or room (as [`Store::language`]), whether the bot answers in the channel (as
    /// [`Store::channel_enabled`]) and the sender's player (as [`Store::find_player`]).
    pub fn arrival(
        &self,
        platform: &str,
        scope: &str,
        channel: &str,
        user_id: &str,
    ) -> Result<Arrival> {
        on!(self, read, |c| queries::places::arrival(
            c, platform, scope, channel, user_id
        ))
    }

    /// Whether the bot answers in this channel.
    pub fn channel_enabled(&self, platform: &str, channel: &str) -> Result<bool> {
        on!(self, read, |c| queries::places::channel_enabled(
            c, platform, channel
        ))
    }

    /// Switches the bot on or off in a channel, noting who did it and when.
    pub fn set_channel_enabled(
        &self,
        platform: &str,
        channel: &str,
        enabled: bool,
        by: &str,
        now: i64,
    ) -> Result<()> {
        on!(self, write, |c| queries::places::set_channel_enabled(
            c, platform, channel, enabled, by, now
        ))
    }
}

/// Leases and bot claims.
impl Store {
    /// Takes the lease `name` for `owner` until `expires_at` (unix seconds), unless another
    /// owner holds it past `now`: then says who and until when. One guarded write, so of
    /// several processes asking at once exactly one is granted it.
    pub fn take_lease(
        &self,
        name: &str,
        owner: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<LeaseGrant> {
        on!(self, write, |c| queries::claims::take_lease(
            c, name, owner, now, expires_at
        ))
    }

    /// Moves the expiry of a lease `owner` holds; false when it is no longer theirs (it
    /// expired and another process took it).
    pub fn renew_lease(&self, name: &str, owner: &str, expires_at: i64) -> Result<bool> {
        on!(self, write, |c| queries::claims::renew_lease(
            c, name, owner, expires_at
        ))
    }

    /// Gives a lease up; false when it was not `owner`'s.
    pub fn release_lease(&self, name: &str, owner: &str) -> Result<bool> {
        on!(self, write, |c| queries::claims::release_lease(
            c, name, owner
        ))
    }

    /// The lease of that name as stored, expired or not.
    pub fn lease(&self, name: &str) -> Result<Option<Lease>> {
        on!(self, read, |c| queries::claims::lease(c, name))
    }

    /// Claims the bot's move in a game for `owner` until `until`: only while the game is
    /// active at `ply` with the bot to move and no other owner's claim runs past `now`. One
    /// guarded write, so of several processes that found the same owed move exactly one
    /// searches it. A committed move or takeback ends the claim.
    pub fn claim_bot_turn(
        &self,
        game_id: i64,
        ply: u32,
        owner: &str,
        now: i64,
        until: i64,
    ) -> Result<bool> {
        on!(self, write, |c| queries::claims::claim_bot_turn(
            c, game_id, ply, owner, now, until
        ))
    }

    /// Ends `owner`'s claim on a game's bot move without a move (so that another process
    /// need not wait for it to expire).
    pub fn release_bot_turn(&self, game_id: i64, owner: &str) -> Result<bool> {
        on!(self, write, |c| queries::claims::release_bot_turn(
            c, game_id, owner
        ))
    }
}
