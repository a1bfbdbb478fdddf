//! The one connection that writes, with group commit. A caller that comes while another is
//! writing joins that caller's transaction, in a savepoint of its own (one that fails undoes
//! only itself), and the last caller of the batch commits for all of them: one sync to the disk
//! covers many moves. Every caller returns only once its batch is committed, so nothing is
//! answered before it is on the disk; when nobody else is waiting, a batch is one caller, and a
//! write is what it was without batches.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use rusqlite::Connection;

use crate::failure::{Result, StoreError};
use crate::sql::{EachRow, Sql, Value};

/// The most callers in one batch: a batch holds the database's write lock, which another
/// process on the same file waits for.
const MOST_IN_A_BATCH: usize = 16;

pub(crate) struct Writer {
    state: Mutex<State>,
    /// Callers waiting for the connection now: while there are some, a caller that has written
    /// leaves the commit to them.
    queued: AtomicUsize,
    /// Signalled when a batch ends.
    ended: Condvar,
}

struct State {
    conn: Connection,
    /// Callers in the batch whose transaction is open; 0 when none is.
    members: usize,
    /// A savepoint could not be ended: the batch must not be committed.
    doomed: bool,
    /// Batches ended so far; the open batch is number `done`.
    done: u64,
    /// Batches that failed to commit, with how many of their callers have still to hear it.
    failed: HashMap<u64, (rusqlite::ffi::Error, String, usize)>,
}

/// A lock whose holder panicked still guards a usable connection: callers' panics are caught
/// inside, and a transaction found open is rolled back.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Writer {
    pub(crate) fn new(conn: Connection) -> Writer {
        Writer {
            state: Mutex::new(State {
                conn,
                members: 0,
                doomed: false,
                done: 0,
                failed: HashMap::new(),
            }),
            queued: AtomicUsize::new(0),
            ended: Condvar::new(),
        }
    }

    fn arrive(&self) -> MutexGuard<'_, State> {
        self.queued.fetch_add(1, Ordering::SeqCst);
        let state = lock(&self.state);
        self.queued.fetch_sub(1, Ordering::SeqCst);
        state
    }

    /// Runs `f` in a transaction of its own or in a savepoint of the open batch, and returns
    /// once what it wrote is committed (or, if it failed, undone).
    pub(crate) fn write<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Result<T>) -> Result<T> {
        let mut st = self.arrive();
        if st.members == 0 {
            if !st.conn.is_autocommit() {
                // Left open by something that did not finish: nothing of it was committed.
                st.conn.execute_batch("ROLLBACK")?;
            }
            st.conn.execute_batch("BEGIN IMMEDIATE")?;
            st.doomed = false;
        }
        let batch = st.done;
        st.members += 1;
        let ran = st.member(f);
        let failure = if self.queued.load(Ordering::SeqCst) > 0 && st.members < MOST_IN_A_BATCH {
            // Someone is about to join: the batch's last caller commits it.
            while st.done == batch {
                st = self.ended.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            st.hear(batch)
        } else {
            let failure = st.end(1);
            self.ended.notify_all();
            failure
        };
        drop(st);
        match (ran, failure) {
            (Err(panic), _) => resume_unwind(panic),
            (Ok(Ok(v)), None) => Ok(v),
            (Ok(Err(e)), _) => Err(e),
            (Ok(Ok(_)), Some(e)) => Err(e),
        }
    }

    /// Runs `f` on the connection outside any batch (the one open is committed first).
    pub(crate) fn alone<T>(&self, f: impl FnOnce(&mut Connection) -> T) -> T {
        let mut st = self.arrive();
        if st.members > 0 {
            // Every member of the open batch is waiting to hear how it ended.
            st.end(0);
            self.ended.notify_all();
        }
        f(&mut st.conn)
    }
}

impl State {
    /// Runs `f` in a savepoint, undone if `f` fails or panics.
    fn member<T>(
        &mut self,
        f: impl FnOnce(&mut dyn Sql) -> Result<T>,
    ) -> std::thread::Result<Result<T>> {
        if let Err(e) = self.conn.execute_batch("SAVEPOINT member") {
            return Ok(Err(e.into()));
        }
        let ran = catch_unwind(AssertUnwindSafe(|| f(&mut Member(&mut self.conn))));
        let end = match &ran {
            Ok(Ok(_)) => "RELEASE member",
            _ => "ROLLBACK TO member; RELEASE member",
        };
        if let Err(e) = self.conn.execute_batch(end) {
            tracing::error!(error = %e, "cannot end a write's savepoint; its batch is rolled back");
            self.doomed = true;
        }
        ran
    }

    /// Commits the open batch (rolls it back if doomed or if the commit fails), leaving word of
    /// a failure for its members but `hearing_now` of them (those that return without waiting).
    fn end(&mut self, hearing_now: usize) -> Option<StoreError> {
        let committed = match self.doomed {
            true => Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ABORT),
                Some("a write in the same batch could not be undone".to_string()),
            )),
            false => self.conn.execute_batch("COMMIT"),
        };
        let batch = self.done;
        let waiting = self.members - hearing_now;
        self.members = 0;
        self.done += 1;
        let Err(e) = committed else {
            return None;
        };
        if !self.conn.is_autocommit()
            && let Err(undo) = self.conn.execute_batch("ROLLBACK")
        {
            tracing::warn!(error = %undo, "cannot roll a failed batch back");
        }
        let (code, message) = match &e {
            rusqlite::Error::SqliteFailure(code, message) => {
                (*code, message.clone().unwrap_or_else(|| e.to_string()))
            }
            other => (
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_ERROR),
                other.to_string(),
            ),
        };
        tracing::error!(error = %e, callers = waiting + hearing_now, "a batch of writes failed to commit");
        if waiting > 0 {
            self.failed.insert(batch, (code, message, waiting));
        }
        Some(StoreError::Sqlite(e))
    }

    /// How batch `batch`, which has ended, went for one of its members.
    fn hear(&mut self, batch: u64) -> Option<StoreError> {
        let (code, message, left) = self.failed.get_mut(&batch)?;
        let e = rusqlite::Error::SqliteFailure(*code, Some(message.clone()));
        *left -= 1;
        if *left == 0 {
            self.failed.remove(&batch);
        }
        Some(StoreError::Sqlite(e))
    }
}

/// The connection as one member of a batch sees it: its transactions are savepoints inside
/// the batch's.
struct Member<'a>(&'a mut Connection);

impl Sql for Member<'_> {
    fn exec(&mut self, sql: &str, args: &[Value<'_>]) -> Result<u64> {
        self.0.exec(sql, args)
    }

    fn each(&mut self, sql: &str, args: &[Value<'_>], f: EachRow<'_>) -> Result<()> {
        self.0.each(sql, args, f)
    }

    fn begin(&mut self) -> Result<()> {
        Ok(self.0.execute_batch("SAVEPOINT tx")?)
    }

    fn commit(&mut self) -> Result<()> {
        Ok(self.0.execute_batch("RELEASE tx")?)
    }

    fn rollback(&mut self) -> Result<()> {
        Ok(self.0.execute_batch("ROLLBACK TO tx; RELEASE tx")?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::args;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    fn writer() -> (tempfile::TempDir, Writer) {
        let dir = tempfile::tempdir().unwrap();
        let conn = Connection::open(dir.path().join("w.db")).unwrap();
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;
             CREATE TABLE t (n INTEGER NOT NULL);
             CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (parent INTEGER NOT NULL
                 REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);",
        )
        .unwrap();
        (dir, Writer::new(conn))
    }

    fn count(w: &Writer, table: &str) -> i64 {
        w.alone(|c| c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0)))
            .unwrap()
    }

    /// Writes `n` into `t` on a connection.
    fn put(c: &mut dyn Sql, n: i64) -> Result<()> {
        c.exec("INSERT INTO t VALUES ($1)", args![n]).map(|_| ())
    }

    fn insert(w: &Writer, n: i64) -> Result<()> {
        w.write(|c| put(c, n))
    }

    /// Waits until `n` callers are queued for the writer.
    fn until_queued(w: &Writer, n: usize) {
        let since = Instant::now();
        while w.queued.load(Ordering::SeqCst) < n {
            assert!(since.elapsed() < Duration::from_secs(20), "nobody queued");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Starts a write that holds the writer until `go` is sent, so that writes started
    /// meanwhile queue and join its batch.
    fn held_write<'s>(
        s: &'s std::thread::Scope<'s, '_>,
        w: &'s Writer,
        f: impl FnOnce(&mut dyn Sql) -> Result<()> + Send + 's,
    ) -> (
        mpsc::Sender<()>,
        std::thread::ScopedJoinHandle<'s, Result<()>>,
    ) {
        let (go, wait) = mpsc::channel::<()>();
        let (inside, entered) = mpsc::channel::<()>();
        let h = s.spawn(move || {
            w.write(|c| {
                inside.send(()).unwrap();
                wait.recv().unwrap();
                f(c)
            })
        });
        entered.recv().unwrap();
        (go, h)
    }

    #[test]
    fn many_writers_at_once_all_commit() {
        let (_dir, w) = writer();
        std::thread::scope(|s| {
            for t in 0..8 {
                let w = &w;
                s.spawn(move || {
                    for i in 0..50 {
                        insert(w, t * 100 + i).unwrap();
                    }
                });
            }
        });
        assert_eq!(count(&w, "t"), 400);
    }

    #[test]
    fn a_failing_write_in_a_batch_undoes_only_itself() {
        let (_dir, w) = writer();
        std::thread::scope(|s| {
            let (go, first) = held_write(s, &w, |c| put(c, 1));
            let failing = s.spawn(|| {
                w.write(|c| {
                    put(c, 2)?;
                    Err::<(), _>(StoreError::Conflict)
                })
            });
            until_queued(&w, 1);
            let third = s.spawn(|| insert(&w, 3));
            until_queued(&w, 2);
            go.send(()).unwrap();
            assert!(first.join().unwrap().is_ok());
            assert!(matches!(failing.join().unwrap(), Err(StoreError::Conflict)));
            assert!(third.join().unwrap().is_ok());
        });
        let kept: Vec<i64> = w
            .alone(|c| {
                c.prepare("SELECT n FROM t ORDER BY n")?
                    .query_map([], |r| r.get(0))?
                    .collect::<rusqlite::Result<_>>()
            })
            .unwrap();
        assert_eq!(kept, vec![1, 3]);
    }

    #[test]
    fn a_panicking_write_is_undone_and_its_batch_commits() {
        let (_dir, w) = writer();
        std::thread::scope(|s| {
            let (go, first) = held_write(s, &w, |c| put(c, 1));
            let panicking = s.spawn(|| {
                w.write(|c| -> Result<()> {
                    put(c, 2)?;
                    panic!("a caller's bug");
                })
            });
            until_queued(&w, 1);
            go.send(()).unwrap();
            assert!(first.join().unwrap().is_ok());
            assert!(panicking.join().is_err(), "the panic reaches its caller");
        });
        assert_eq!(count(&w, "t"), 1);
        // The writer goes on.
        insert(&w, 5).unwrap();
        assert_eq!(count(&w, "t"), 2);
    }

    #[test]
    fn a_batch_that_cannot_commit_fails_for_every_caller_in_it() {
        let (_dir, w) = writer();
        std::thread::scope(|s| {
            // A row whose parent does not exist: SQLite finds out at COMMIT (the key is deferred).
            let (go, orphan) = held_write(s, &w, |c| {
                c.exec("INSERT INTO child VALUES (42)", args![])?;
                Ok(())
            });
            let innocent = s.spawn(|| insert(&w, 7));
            until_queued(&w, 1);
            go.send(()).unwrap();
            assert!(matches!(orphan.join().unwrap(), Err(StoreError::Sqlite(_))));
            assert!(matches!(
                innocent.join().unwrap(),
                Err(StoreError::Sqlite(_))
            ));
        });
        assert_eq!(count(&w, "child"), 0);
        assert_eq!(count(&w, "t"), 0);
        assert!(
            w.state.lock().unwrap().failed.is_empty(),
            "every caller heard"
        );
        insert(&w, 8).unwrap();
        assert_eq!(count(&w, "t"), 1);
    }

    #[test]
    fn a_transaction_inside_a_write_is_a_savepoint() {
        let (_dir, w) = writer();
        let r: Result<()> = w.write(|c| {
            put(c, 1)?;
            let inner: Result<()> = c.tx(|tx| {
                put(tx, 2)?;
                Err(StoreError::Conflict)
            });
            assert!(inner.is_err());
            Ok(())
        });
        r.unwrap();
        assert_eq!(count(&w, "t"), 1);
    }
}
