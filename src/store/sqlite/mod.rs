//! The SQLite backend: a file (or memory) in WAL mode, with one connection that writes (its
//! callers sharing commits, `writer.rs`) and readers beside it that do not wait for it (WAL
//! lets a reader see the last commit while a write is under way). The dialect is in `conn.rs`,
//! the schema in `schema.rs`.

mod conn;
pub(crate) mod schema;
mod writer;

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rusqlite::{Connection, OpenFlags};

use crate::failure::{Result, StoreError};
use crate::files;
use crate::sql::Sql;

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

/// Readers open at most: more reads at once wait for one (reading is CPU work, and a machine
/// runs only so many threads at once).
const MOST_READERS: usize = 8;

/// The readers: those not in use, and how many are open in all.
#[derive(Default)]
struct Readers {
    idle: Vec<Connection>,
    open: usize,
}

/// An open SQLite database.
pub(crate) struct Sqlite {
    /// The file; `None` in memory, where the writer serves reads too (a second connection to
    /// `:memory:` is another database).
    path: Option<PathBuf>,
    writer: writer::Writer,
    readers: Mutex<Readers>,
    /// Signalled when a reader is given back.
    given_back: Condvar,
}

/// A lock whose holder panicked still guards a usable connection (an open transaction is
/// rolled back before the next use).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Sqlite {
    /// Opens (creating if needed) the database file and brings its schema up to date. The
    /// file and its folder are for this user only (see [`files`](crate::files)).
    pub(crate) fn open(path: &Path) -> Result<Sqlite> {
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
        Sqlite::setup(conn, Some(path))
    }

    pub(crate) fn open_in_memory() -> Result<Sqlite> {
        Sqlite::setup(Connection::open_in_memory()?, None)
    }

    fn setup(mut conn: Connection, path: Option<&Path>) -> Result<Sqlite> {
        conn.busy_handler(Some(busy))?;
        wal(&conn)?;
        // FULL: a move that was answered survives a power cut too, not only a crash of the
        // process (NORMAL may roll back the last commits in WAL mode); `jungle bench` measures
        // what it costs.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let name = path.map_or(":memory:".to_string(), |p| p.display().to_string());
        schema::migrate(&mut conn, &name)?;
        Ok(Sqlite {
            path: path.map(Path::to_path_buf),
            writer: writer::Writer::new(conn),
            readers: Mutex::default(),
            given_back: Condvar::new(),
        })
    }

    /// Runs `f` on the connection that writes, one caller at a time; callers that come while
    /// another writes share one commit (see [`writer`]). Returns once `f`'s writes are
    /// committed.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Result<T>) -> Result<T> {
        self.writer.write(f)
    }

    /// Runs `f` on a reader: it sees every commit made before it starts and does not wait for
    /// a write under way.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Result<T>) -> Result<T> {
        let Some(path) = &self.path else {
            return self.write(f);
        };
        let mut lent = Lent {
            db: self,
            conn: Some(self.take_reader(path)?),
        };
        match &mut lent.conn {
            Some(conn) => f(conn),
            None => unreachable!("lent with a connection"),
        }
    }

    /// An idle reader, a new one while fewer than [`MOST_READERS`] are open, or else the next
    /// one given back.
    fn take_reader(&self, path: &Path) -> Result<Connection> {
        let mut readers = lock(&self.readers);
        loop {
            if let Some(conn) = readers.idle.pop() {
                return Ok(conn);
            }
            if readers.open < MOST_READERS {
                readers.open += 1;
                drop(readers);
                let opened = reader(path);
                if opened.is_err() {
                    lock(&self.readers).open -= 1;
                    // The slot is free again for a caller waiting for one.
                    self.given_back.notify_one();
                }
                return opened;
            }
            readers = self
                .given_back
                .wait(readers)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    pub(crate) fn schema_version(&self) -> Result<i64> {
        Ok(self
            .writer
            .alone(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))?)
    }

    pub(crate) fn raw_execute(&self, sql: &str) -> Result<()> {
        self.writer.alone(|c| c.execute_batch(sql))?;
        Ok(())
    }

    pub(crate) fn synchronous(&self) -> Result<i64> {
        Ok(self
            .writer
            .alone(|c| c.query_row("PRAGMA synchronous", [], |r| r.get(0)))?)
    }

    pub(crate) fn journal_mode(&self) -> Result<String> {
        Ok(self
            .writer
            .alone(|c| c.query_row("PRAGMA journal_mode", [], |r| r.get(0)))?)
    }
}

/// A reader in use: given back when dropped (also when its user panicked).
struct Lent<'a> {
    db: &'a Sqlite,
    conn: Option<Connection>,
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        let mut readers = lock(&self.db.readers);
        match self.conn.take() {
            Some(conn) if conn.is_autocommit() => readers.idle.push(conn),
            // A reader left inside a transaction is closed instead.
            _ => readers.open -= 1,
        }
        drop(readers);
        self.db.given_back.notify_one();
    }
}

/// A connection that only reads (`query_only`), to a database the writer has set up.
fn reader(path: &Path) -> Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_handler(Some(busy))?;
    conn.pragma_update(None, "query_only", "ON")?;
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::args;

    fn n(db: &Sqlite) -> i64 {
        db.read(|c| c.one("t", "SELECT n FROM t", args![], |r| r.int(0)))
            .unwrap()
    }

    #[test]
    fn a_reader_sees_the_last_commit_while_a_write_is_under_way() {
        let dir = tempfile::tempdir().unwrap();
        let opened = Sqlite::open(&dir.path().join("t.db")).unwrap();
        let db = &opened;
        db.write(|c| {
            c.exec("CREATE TABLE t (n INTEGER NOT NULL)", args![])?;
            c.exec("INSERT INTO t VALUES (1)", args![])
        })
        .unwrap();
        let (writing, written) = std::sync::mpsc::channel();
        let (finish, finished) = std::sync::mpsc::channel::<()>();
        let (answer, answered) = std::sync::mpsc::channel();
        std::thread::scope(|s| {
            s.spawn(move || {
                db.write(|c| {
                    c.tx(|tx| {
                        tx.exec("UPDATE t SET n = 2", args![])?;
                        writing.send(()).unwrap();
                        finished.recv().unwrap();
                        Ok(())
                    })
                })
                .unwrap()
            });
            written.recv().unwrap();
            // The writer and SQLite's write lock are held: a reader answers all the same.
            s.spawn(move || answer.send(n(db)).unwrap());
            let seen = answered.recv_timeout(Duration::from_secs(20));
            finish.send(()).unwrap();
            assert_eq!(
                seen,
                Ok(1),
                "the read waited for the write, or saw it uncommitted"
            );
        });
        assert_eq!(n(db), 2, "a read after the commit sees it");
    }

    #[test]
    fn a_transaction_that_fails_leaves_nothing() {
        let db = Sqlite::open_in_memory().unwrap();
        db.raw_execute("CREATE TABLE t (n INTEGER NOT NULL); INSERT INTO t VALUES (1)")
            .unwrap();
        let failed: Result<()> = db.write(|c| {
            c.tx(|tx| {
                tx.exec("UPDATE t SET n = 5", args![])?;
                Err(StoreError::Conflict)
            })
        });
        assert!(matches!(failed, Err(StoreError::Conflict)));
        assert_eq!(n(&db), 1);
    }

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
