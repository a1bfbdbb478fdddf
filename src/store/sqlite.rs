//! The SQLite backend: one connection to a file (or memory) in WAL mode. Its queries live beside
//! the types they read and write, in `games.rs`, `challenges.rs`, `players.rs`, `takebacks.rs`
//! and `channels.rs`; the schema in `schema.rs`.

use std::cell::Cell;
use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::Connection;

use super::{Result, StoreError, schema};
use crate::files;

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

/// How long a write waits for another connection's write to end before it fails with
/// "database is locked".
const BUSY_WAIT: Duration = Duration::from_secs(30);

thread_local! {
    /// When the wait for the lock now being waited for began (a connection is used by one
    /// thread at a time, and SQLite calls the busy handler on the thread that waits).
    static BUSY_SINCE: Cell<Instant> = Cell::new(Instant::now());
}

/// SQLite's busy handler. Its own (`busy_timeout`) sleeps longer and longer between tries, up
/// to 100 ms: beside a process that writes flat out, whose locks leave gaps of well under a
/// millisecond, it seldom looks at the right moment and gives up with "database is locked"
/// (two `jungle bench --db` processes on one file did). This one looks again every millisecond
/// or so, a little at random so that two waiters do not keep meeting, for up to [`BUSY_WAIT`].
fn busy(attempt: i32) -> bool {
    let now = Instant::now();
    if attempt == 0 {
        BUSY_SINCE.set(now);
    }
    let jitter = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    match busy_wait(now - BUSY_SINCE.get(), jitter) {
        Some(pause) => {
            std::thread::sleep(pause);
            true
        }
        None => false,
    }
}

/// The pause before the next look at the lock after waiting `waited`; `None` once it is time
/// to give up. `jitter` is any number (the pause is 0.25 to 1.25 ms).
fn busy_wait(waited: Duration, jitter: u32) -> Option<Duration> {
    (waited < BUSY_WAIT).then(|| Duration::from_micros(250 + u64::from(jitter % 1000)))
}

/// An open SQLite database.
pub(super) struct Sqlite {
    pub(super) conn: Connection,
}

impl Sqlite {
    /// Opens (creating if needed) the database file and brings its schema up to date. The
    /// file and its folder are for this user only (see [`files`](crate::files)).
    pub(super) fn open(path: &Path) -> Result<Sqlite> {
        if path.as_os_str() == ":memory:" {
            return Sqlite::open_in_memory();
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
        Sqlite::setup(conn, &path.display().to_string())
    }

    pub(super) fn open_in_memory() -> Result<Sqlite> {
        Sqlite::setup(Connection::open_in_memory()?, ":memory:")
    }

    fn setup(conn: Connection, name: &str) -> Result<Sqlite> {
        conn.busy_handler(Some(busy))?;
        wal(&conn)?;
        // FULL: a move that was answered survives a power cut too, not only a crash of the
        // process (NORMAL may roll back the last commits in WAL mode); `jungle bench` measures
        // what it costs.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut db = Sqlite { conn };
        schema::migrate(&mut db.conn, name)?;
        Ok(db)
    }

    pub(super) fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    pub(super) fn raw_execute(&self, sql: &str) -> Result<()> {
        self.conn.execute_batch(sql)?;
        Ok(())
    }

    pub(super) fn synchronous(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))?)
    }

    pub(super) fn journal_mode(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_writer_looks_again_often_and_gives_up_in_the_end() {
        for jitter in [0, 1, 999, 12_345_678, u32::MAX] {
            let pause = busy_wait(Duration::ZERO, jitter).unwrap();
            assert!(
                pause >= Duration::from_micros(250) && pause <= Duration::from_micros(1250),
                "{pause:?}"
            );
            assert!(busy_wait(BUSY_WAIT - Duration::from_millis(1), jitter).is_some());
            assert_eq!(busy_wait(BUSY_WAIT, jitter), None);
        }
    }
}
