//! The only module that touches SQL: players, ratings, challenges and games, kept durable
//! across restarts. Synchronous; the chat layer calls it off the async runtime. Two backends
//! behind one [`Store`]: SQLite (a file; the default) and PostgreSQL (a `postgresql://` URL,
//! feature `postgres`), for several bot processes sharing one database. Besides the [`Store`]
//! the bot uses: [`backup`] copies a live SQLite database, [`inspect`] looks at one without
//! writing (for `jungle check`).
//!
//! `games.rs`, `challenges.rs`, `players.rs`, `takebacks.rs`, `channels.rs` and `claims.rs`
//! (what one process holds for a while: leases, bot claims) hold the types the store speaks and
//! the SQLite queries; `postgres/` holds the PostgreSQL ones. The store is
//! an enum over the two rather than a trait object: callers keep one concrete, `Send` type with
//! the same methods as before, and each method is one `match` (see `forward!`) that fails to
//! compile when a backend lacks it.

mod analyses;
mod backup;
mod challenges;
mod channels;
mod claims;
mod codec;
pub mod errors;
pub mod files;
mod games;
mod inspect;
mod location;
mod players;
#[cfg(feature = "postgres")]
mod postgres;
mod rows;
mod schema;
pub mod secret;
mod sqlite;
mod takebacks;

use std::path::Path;

use thiserror::Error;

use engine::Side;
use engine::review::Analysis;

pub use backup::{BackupError, Copied, backup};
pub use challenges::{ChallengeRow, ChallengeStatus, NewChallenge};
pub use claims::{Lease, LeaseGrant};
pub use codec::BadValue;
pub use games::{Finish, GameRow, GameStatus, NewGame, RatingChange, Step};
pub use inspect::{DatabaseState, inspect};
pub use location::{Location, PostgresUrl, SslMode, Tls};
pub use players::{PlayerRow, RankedPlayer};
pub use schema::latest_version;
pub use secret::Secret;
pub use takebacks::Takeback;

/// A store failure. Chat replies say only that something went wrong; logs get the detail.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    /// An error from the PostgreSQL server or the connection to it (its text never holds the
    /// password: the client does not repeat the connection string).
    #[cfg(feature = "postgres")]
    #[error("database error: {0}")]
    Postgres(::postgres::Error),
    /// No connection could be made to the PostgreSQL server (shown without the password).
    #[error("cannot connect to the database {url}: {detail}")]
    Connect { url: String, detail: String },
    /// A PostgreSQL URL with a parameter this build cannot use (shown without the password).
    #[error("the database URL {url}: {problem}")]
    BadUrl { url: String, problem: String },
    /// A `postgresql://` database in a build without the `postgres` feature.
    #[error(
        "the database {0} is a PostgreSQL server, and this jungle-bot was built without PostgreSQL support (cargo feature \"postgres\")"
    )]
    NoPostgres(String),
    /// What only a SQLite file has (its journal mode, a file backup).
    #[error("{0} is for SQLite databases only")]
    SqliteOnly(&'static str),
    /// A row holds a value this build cannot read.
    #[error("unreadable row: {0}")]
    BadValue(Box<BadValue>),
    /// Another action changed the row first (a lost race): nothing was written.
    #[error("another action got there first")]
    Conflict,
    /// The player already has an active game in that channel.
    #[error("player {player_id} already plays game {game_id} in that channel")]
    Busy { player_id: i64, game_id: i64 },
    /// The challenger already has an open challenge in that channel.
    #[error("challenge {0} is already open in that channel")]
    AlreadyOpen(i64),
    #[error("cannot create the database folder {path}: {error}")]
    Folder { path: String, error: std::io::Error },
    #[error("cannot read the database {path}: {error}")]
    Unreadable { path: String, error: std::io::Error },
    #[error("cannot make the database {path} private: {error}")]
    Private { path: String, error: std::io::Error },
    #[error(
        "the database {0} was written by a newer jungle-bot (schema version {1}); upgrade jungle-bot"
    )]
    TooNew(String, i64),
    #[error("corrupt row in {table}: {detail}")]
    Corrupt { table: &'static str, detail: String },
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        match e {
            rusqlite::Error::FromSqlConversionFailure(_, _, inner) if inner.is::<BadValue>() => {
                StoreError::BadValue(inner.downcast().expect("checked by is"))
            }
            e => StoreError::Sqlite(e),
        }
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

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

/// The backend an open [`Store`] talks to.
enum Db {
    Sqlite(sqlite::Sqlite),
    #[cfg(feature = "postgres")]
    Postgres(Box<postgres::Postgres>),
}

/// An open database.
pub struct Store {
    db: Db,
}

/// Store methods that each backend implements alike: the method of the same name on the
/// backend is called with the same arguments.
macro_rules! forward {
    () => {};
    ($(#[$doc:meta])* fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(&self $(, $arg: $ty)*) -> $ret {
            match &self.db {
                Db::Sqlite(d) => d.$name($($arg),*),
                #[cfg(feature = "postgres")]
                Db::Postgres(d) => d.$name($($arg),*),
            }
        }
        forward!($($rest)*);
    };
    ($(#[$doc:meta])* fn $name:ident(&mut self $(, $arg:ident: $ty:ty)*) -> $ret:ty; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(&mut self $(, $arg: $ty)*) -> $ret {
            match &mut self.db {
                Db::Sqlite(d) => d.$name($($arg),*),
                #[cfg(feature = "postgres")]
                Db::Postgres(d) => d.$name($($arg),*),
            }
        }
        forward!($($rest)*);
    };
}

impl Store {
    /// Opens (creating if needed) the SQLite database file and brings its schema up to date.
    /// The file and its folder are for this user only (see [`files`](crate::files)).
    pub fn open(path: &Path) -> Result<Store> {
        Ok(Store {
            db: Db::Sqlite(sqlite::Sqlite::open(path)?),
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
            db: Db::Sqlite(sqlite::Sqlite::open_in_memory()?),
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

    /// A player's place on a scope's leaderboard (or the global one), if they are on it.
    pub fn rank_of(&self, player: &PlayerRow, scope: Option<(&str, &str)>) -> Result<Option<u32>> {
        let board = self.leaderboard(scope, u32::MAX)?;
        Ok(board
            .iter()
            .find(|r| r.player.id == player.id)
            .map(|r| r.rank))
    }

    /// Records or clears a standing draw offer, if the game is still at `expected_ply`.
    pub fn set_draw_offer(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        self.set_offer("draw_offer", game_id, expected_ply, side)
    }

    /// Records or clears a standing takeback request, if the game is still at `expected_ply`.
    pub fn set_takeback_offer(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        self.set_offer("takeback_offer", game_id, expected_ply, side)
    }
}

impl Store {
    /// Records or clears a standing offer (`draw_offer` or `takeback_offer`) if the game is
    /// still active at `expected_ply`; false when it moved on.
    fn set_offer(
        &mut self,
        column: &'static str,
        game_id: i64,
        expected_ply: u32,
        side: Option<Side>,
    ) -> Result<bool> {
        match &mut self.db {
            Db::Sqlite(d) => d.set_offer(column, game_id, expected_ply, side),
            #[cfg(feature = "postgres")]
            Db::Postgres(d) => d.set_offer(column, game_id, expected_ply, side),
        }
    }

    forward! {
        /// The schema version (SQLite: `PRAGMA user_version`; PostgreSQL: the `schema_version` table).
        fn schema_version(&self) -> Result<i64>;
        /// Runs raw SQL (maintenance and tests).
        fn raw_execute(&self, sql: &str) -> Result<()>;
        /// Answers a trivial query: the database is there and readable.
        fn ping(&self) -> Result<()>;

        /// The player with this platform id, created on first sight; the display name is refreshed.
        /// One statement writes, so two processes seeing a new player at once make one row.
        fn upsert_player(&mut self, platform: &str, user_id: &str, name: &str, now: i64) -> Result<PlayerRow>;
        fn find_player(&self, platform: &str, user_id: &str) -> Result<Option<PlayerRow>>;
        fn player(&self, id: i64) -> Result<Option<PlayerRow>>;
        /// Players of a platform whose display name matches, ignoring case.
        fn players_named(&self, platform: &str, name: &str) -> Result<Vec<PlayerRow>>;
        /// The best players by rating: of one scope (those with a rated game there) or of everyone.
        fn leaderboard(&self, scope: Option<(&str, &str)>, limit: u32) -> Result<Vec<RankedPlayer>>;

        /// Opens a challenge unless the challenger has one open in that channel already
        /// ([`StoreError::AlreadyOpen`]); the check and the insert are one transaction.
        fn create_challenge(&mut self, c: &NewChallenge<'_>) -> Result<ChallengeRow>;
        fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>>;
        /// Open, unexpired challenges in a channel, newest first.
        fn open_challenges(&self, platform: &str, channel: &str, now: i64) -> Result<Vec<ChallengeRow>>;
        /// Open challenges whose time is up.
        fn lapsed_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>>;
        /// Closes an open challenge; false if it was no longer open (someone else got there first).
        fn close_challenge(&mut self, id: i64, status: ChallengeStatus, game_id: Option<i64>) -> Result<bool>;

        /// Starts a game unless one of its players already has an active game in that channel;
        /// the check and the insert are one transaction, so two processes cannot both start one.
        fn create_game(&mut self, g: &NewGame<'_>) -> Result<GameRow>;
        /// Starts the game a challenge was accepted for and closes the challenge, in one
        /// transaction: [`StoreError::Conflict`] when the challenge is no longer open.
        fn accept_challenge(&mut self, challenge: i64, g: &NewGame<'_>) -> Result<GameRow>;
        fn game(&self, id: i64) -> Result<Option<GameRow>>;
        /// Active games in a channel, oldest first.
        fn active_games(&self, platform: &str, channel: &str) -> Result<Vec<GameRow>>;
        /// Active games in which the bot is to move (an index keeps this as cheap as the answer).
        fn bot_turns(&self) -> Result<Vec<GameRow>>;
        /// The player's active game in a channel (at most one).
        fn active_game_of(&self, platform: &str, channel: &str, player_id: i64) -> Result<Option<GameRow>>;
        /// How many games each status holds (`active`, `finished`, `aborted`).
        fn game_counts(&self) -> Result<Vec<(String, i64)>>;
        /// Recent games of a player in one channel, newest first.
        fn games_of(&self, player_id: i64, platform: &str, channel: &str, limit: u32) -> Result<Vec<GameRow>>;
        /// Active games whose player to move has not moved since `before` (the bot's turns are
        /// not theirs to lose); an index on the deadline finds only these.
        fn stale_games(&self, before: i64) -> Result<Vec<GameRow>>;
        /// Rating changes recorded for a game: (player id, before, after).
        fn rating_changes(&self, game_id: i64) -> Result<Vec<(i64, i32, i32)>>;
        /// Commits a move in one transaction if the game is still active at `expected_ply`; with
        /// `finish`, the game ends in the same transaction. Returns false (and changes nothing) when
        /// another move got there first.
        fn commit_move(&mut self, game_id: i64, expected_ply: u32, step: &Step, now: i64, finish: Option<&Finish>) -> Result<bool>;
        /// Ends an active game without a move (resignation, agreed draw, time-out, abort) if it is
        /// still at `expected_ply`. Returns false when the game moved on or had already ended.
        fn finish_game(&mut self, game_id: i64, expected_ply: u32, finish: &Finish, now: i64) -> Result<bool>;

        /// Takes back the last `plies` moves of an active game still at `expected_ply`, asked for
        /// by `side`, and records it, in one transaction. Returns the game as it is now, or `None`
        /// (and changes nothing) when the game moved on or ended first.
        fn take_back(&mut self, game_id: i64, expected_ply: u32, plies: u32, side: Side, now: i64) -> Result<Option<GameRow>>;
        /// Every takeback of a game, oldest first.
        fn takebacks(&self, game_id: i64) -> Result<Vec<Takeback>>;

        /// The stored analysis of a game, if there is one.
        fn analysis(&self, game_id: i64) -> Result<Option<Analysis>>;
        /// Keeps a game's analysis (replacing an older one).
        fn save_analysis(&mut self, game_id: i64, analysis: &Analysis, now: i64) -> Result<()>;

        /// The language code a moderator chose for this server or room, if any.
        fn language(&self, platform: &str, scope: &str) -> Result<Option<String>>;
        /// Chooses the language of a server or room, noting who did it and when.
        fn set_language(&mut self, platform: &str, scope: &str, lang: &str, by: &str, now: i64) -> Result<()>;

        /// Takes the lease `name` for `owner` until `expires_at` (unix seconds), unless another
        /// owner holds it past `now`: then says who and until when. One guarded write, so of
        /// several processes asking at once exactly one is granted it.
        fn take_lease(&mut self, name: &str, owner: &str, now: i64, expires_at: i64) -> Result<LeaseGrant>;
        /// Moves the expiry of a lease `owner` holds; false when it is no longer theirs (it
        /// expired and another process took it).
        fn renew_lease(&mut self, name: &str, owner: &str, expires_at: i64) -> Result<bool>;
        /// Gives a lease up; false when it was not `owner`'s.
        fn release_lease(&mut self, name: &str, owner: &str) -> Result<bool>;
        /// The lease of that name as stored, expired or not.
        fn lease(&self, name: &str) -> Result<Option<Lease>>;
        /// Claims the bot's move in a game for `owner` until `until`: only while the game is
        /// active at `ply` with the bot to move and no other owner's claim runs past `now`. One
        /// guarded write, so of several processes that found the same owed move exactly one
        /// searches it. A committed move or takeback ends the claim.
        fn claim_bot_turn(&mut self, game_id: i64, ply: u32, owner: &str, now: i64, until: i64) -> Result<bool>;
        /// Ends `owner`'s claim on a game's bot move without a move (so that another process
        /// need not wait for it to expire).
        fn release_bot_turn(&mut self, game_id: i64, owner: &str) -> Result<bool>;

        /// Whether the bot answers in this channel.
        fn channel_enabled(&self, platform: &str, channel: &str) -> Result<bool>;
        /// Switches the bot on or off in a channel, noting who did it and when.
        fn set_channel_enabled(&mut self, platform: &str, channel: &str, enabled: bool, by: &str, now: i64) -> Result<()>;
    }
}
