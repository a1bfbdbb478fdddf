//! The only module that touches SQLite: players, ratings, challenges and games, kept durable
//! across restarts. Synchronous; the chat layer calls it off the async runtime. Besides the
//! [`Store`] the bot uses: [`backup`] copies a live database, [`inspect`] looks at one without
//! writing (for `jungle check`).

mod analyses;
mod backup;
mod challenges;
mod channels;
mod codec;
mod games;
mod inspect;
mod players;
mod schema;
mod takebacks;

use std::path::Path;

use rusqlite::Connection;
use thiserror::Error;

use crate::files;

pub use backup::{BackupError, Copied, backup};
pub use challenges::{ChallengeRow, ChallengeStatus, NewChallenge};
pub use codec::BadValue;
pub use games::{Finish, GameRow, GameStatus, NewGame, RatingChange, Step};
pub use inspect::{DatabaseState, inspect};
pub use players::{PlayerRow, RankedPlayer};
pub use schema::latest_version;
pub use takebacks::Takeback;

/// A store failure. Chat replies say only that something went wrong; logs get the detail.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
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

/// Puts the database in WAL mode. Switching a new file needs it to itself for a moment, and
/// SQLite does not always wait for that: while another process creates the same database the
/// switch can fail at once with "database is locked". It is tried again for up to ten seconds.
fn wal(conn: &Connection) -> Result<()> {
    let mut tries = 0;
    loop {
        match conn.pragma_update(None, "journal_mode", "WAL") {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::DatabaseBusy && tries < 100 =>
            {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            other => return Ok(other?),
        }
    }
}

/// An open database.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date. The
    /// file and its folder are for this user only (see [`files`](crate::files)).
    pub fn open(path: &Path) -> Result<Store> {
        if path.as_os_str() == ":memory:" {
            return Store::open_in_memory();
        }
        if let Some(dir) = path.parent() {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            // By default the console's board images and the Matrix data folder go beside it.
            files::data_folder(dir, &[&name, "boards", "matrix"]).map_err(|error| {
                StoreError::Folder {
                    path: dir.display().to_string(),
                    error,
                }
            })?;
        }
        files::private_database(path).map_err(|error| StoreError::Private {
            path: path.display().to_string(),
            error,
        })?;
        let conn = Connection::open(path)?;
        Store::setup(conn, &path.display().to_string())
    }

    /// A private in-memory database (tests and benchmarks).
    pub fn open_in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?, ":memory:")
    }

    fn setup(conn: Connection, name: &str) -> Result<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        wal(&conn)?;
        // FULL: a move that was answered survives a power cut too, not only a crash of the
        // process (NORMAL may roll back the last commits in WAL mode); `jungle bench` measures
        // what it costs.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut store = Store { conn };
        schema::migrate(&mut store.conn, name)?;
        Ok(store)
    }

    /// The schema version (`PRAGMA user_version`).
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Runs raw SQL (maintenance and tests).
    pub fn raw_execute(&self, sql: &str) -> Result<()> {
        self.conn.execute_batch(sql)?;
        Ok(())
    }

    /// The `synchronous` level in force (2: FULL).
    pub fn synchronous(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))?)
    }

    /// The journal mode in force (`wal` for file databases).
    pub fn journal_mode(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))?)
    }
}
