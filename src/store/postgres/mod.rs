//! The PostgreSQL backend, for several bot processes sharing one database: one connection per
//! process (the chat layer holds the store behind one lock anyway), made again with back-off
//! when it was lost. The sync `postgres` client runs its own small runtime, so it is called
//! only from blocking threads, which is where the store already runs.
//!
//! Every "check, then write" is one transaction that locks what it checks (`FOR UPDATE` on the
//! game or the players' rows, always in the order game, players by id, challenge), so that two
//! processes cannot both pass the same check; ratings change relative to what is stored.

mod games;
mod queries;
mod schema;

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use ::postgres::{Client, NoTls, Row};

use super::codec::BadValue;
use super::{DatabaseState, PostgresUrl, Result, StoreError};

/// How many times a lost connection is made again before the operation fails, and the first
/// wait (doubled each time).
const RECONNECT_TRIES: u32 = 6;
const FIRST_WAIT: Duration = Duration::from_millis(100);

impl From<::postgres::Error> for StoreError {
    fn from(e: ::postgres::Error) -> StoreError {
        StoreError::Postgres(e)
    }
}

/// An open PostgreSQL database.
pub(in crate::store) struct Postgres {
    url: PostgresUrl,
    /// `None` after a connection was lost and could not be made again yet.
    client: Mutex<Option<Client>>,
}

impl Postgres {
    /// Connects (trying again with back-off) and brings the schema up to date.
    pub(in crate::store) fn connect(url: &PostgresUrl) -> Result<Postgres> {
        let mut client = connect(url)?;
        schema::migrate(&mut client, &url.to_string())?;
        Ok(Postgres {
            url: url.clone(),
            client: Mutex::new(Some(client)),
        })
    }

    /// Runs `f` on the connection, made again first if it was lost. An error while `f` runs
    /// is returned as it is: a write that may or may not have committed is not tried again,
    /// so a move is answered only after its commit.
    fn with<T>(&self, f: impl FnOnce(&mut Client) -> Result<T>) -> Result<T> {
        let mut client = self.lock();
        let client = match &mut *client {
            Some(c) if !c.is_closed() => c,
            lost => {
                tracing::warn!(database = %self.url, "the connection to the database was lost; connecting again");
                *lost = None;
                lost.insert(connect(&self.url)?)
            }
        };
        f(client)
    }

    fn lock(&self) -> MutexGuard<'_, Option<Client>> {
        // A panic while the lock was held leaves a connection that is still usable (an open
        // transaction was rolled back when it was dropped).
        self.client.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(in crate::store) fn schema_version(&self) -> Result<i64> {
        self.with(|c| {
            Ok(c.query_one("SELECT version FROM schema_version", &[])?
                .get(0))
        })
    }

    pub(in crate::store) fn raw_execute(&self, sql: &str) -> Result<()> {
        self.with(|c| Ok(c.batch_execute(sql)?))
    }

    pub(in crate::store) fn ping(&self) -> Result<()> {
        self.with(|c| {
            c.query_one("SELECT 1", &[])?;
            Ok(())
        })
    }
}

impl Drop for Postgres {
    /// Closing the connection runs the client's own small runtime, which cannot start on a
    /// thread that drives async tasks: there it is closed on a thread of its own.
    fn drop(&mut self) {
        let client = self
            .client
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(client) = client
            && tokio::runtime::Handle::try_current().is_ok()
        {
            std::thread::spawn(move || drop(client));
        }
    }
}

/// The schema version of a PostgreSQL database, read without migrating it.
pub(in crate::store) fn inspect(url: &PostgresUrl) -> Result<DatabaseState> {
    let mut client = connect(url)?;
    let row = client.query_one("SELECT to_regclass('schema_version') IS NOT NULL", &[])?;
    if !row.try_get::<_, bool>(0)? {
        return Ok(DatabaseState::Missing);
    }
    let version: i64 = client
        .query_opt("SELECT version FROM schema_version", &[])?
        .map_or(Ok(0), |r| r.try_get(0))?;
    let latest = super::schema::latest_version();
    if version > latest {
        return Err(StoreError::TooNew(url.to_string(), version));
    }
    Ok(if version == latest {
        DatabaseState::Current { version }
    } else {
        DatabaseState::Behind { version, latest }
    })
}

/// Connects, trying again with back-off: the server may be restarting.
fn connect(url: &PostgresUrl) -> Result<Client> {
    let mut wait = FIRST_WAIT;
    let mut tries = 0;
    loop {
        match Client::connect(url.expose(), NoTls) {
            Ok(client) => return Ok(client),
            Err(e) if tries + 1 < RECONNECT_TRIES && e.as_db_error().is_none() => {
                tracing::warn!(database = %url, error = %e, "cannot connect to the database; trying again in {wait:?}");
                std::thread::sleep(wait);
                wait *= 2;
                tries += 1;
            }
            Err(e) => {
                return Err(StoreError::Connect {
                    url: url.to_string(),
                    detail: e.to_string(),
                });
            }
        }
    }
}

/// Reads text column `col` of a row whose id is column 0 and decodes it with `decode`.
fn column<T>(
    r: &Row,
    table: &'static str,
    col: usize,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Result<T> {
    let text: String = r.try_get(col)?;
    match decode(&text) {
        Some(v) => Ok(v),
        None => Err(bad(r, table, col, text)),
    }
}

/// Like [`column`] for a column that may be NULL.
fn optional<T>(
    r: &Row,
    table: &'static str,
    col: usize,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>> {
    let text: Option<String> = r.try_get(col)?;
    match text {
        None => Ok(None),
        Some(text) => match decode(&text) {
            Some(v) => Ok(Some(v)),
            None => Err(bad(r, table, col, text)),
        },
    }
}

/// An integer column (all are BIGINT) read as the narrower type the store speaks.
fn int<T: TryFrom<i64>>(r: &Row, table: &'static str, col: usize) -> Result<T> {
    let v: i64 = r.try_get(col)?;
    T::try_from(v).map_err(|_| bad(r, table, col, v.to_string()))
}

fn bad(r: &Row, table: &'static str, col: usize, value: String) -> StoreError {
    StoreError::BadValue(Box::new(BadValue {
        table,
        id: r.try_get::<_, i64>(0).unwrap_or(0),
        column: r
            .columns()
            .get(col)
            .map_or_else(|| col.to_string(), |c| c.name().to_string()),
        value,
    }))
}
