//! The SQLite backend: one connection to a file (or memory) in WAL mode. Its queries live beside
//! the types they read and write, in `games.rs`, `challenges.rs`, `players.rs`, `takebacks.rs`
//! and `channels.rs`; the schema in `schema.rs`.

use std::path::Path;

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
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
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
