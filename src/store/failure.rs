//! What a store call can fail with: [`StoreError`], for every backend.

use thiserror::Error;

use crate::codec::BadValue;

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
    /// A rematch offered where the other player's offer to the challenger is open already:
    /// that one is the answer.
    #[error("challenge {0} is the other player's offer of the same")]
    Crossed(i64),
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
