//! The PostgreSQL backend, for several bot processes sharing one database: a pool of
//! connections (r2d2), so that commands about different games run at the same time; a lost
//! connection is made again with back-off. The sync `postgres` client runs its own small
//! runtime, so it is called only from blocking threads, which is where the store runs.
//!
//! The queries (`queries/`) lock what they check with `FOR UPDATE`. A transaction the server
//! rolls back over a conflict with another (a serialization failure, a deadlock) runs again;
//! TLS is as the URL's `sslmode` asks (`tls.rs`); the dialect is in `conn.rs`.

mod conn;
mod schema;
mod tls;

use std::time::Duration;

use ::postgres::error::SqlState;
use ::postgres::{Client, NoTls};
use r2d2::{HandleError, ManageConnection, Pool, PooledConnection};

use self::conn::Conn;
use crate::failure::{Result, StoreError};
use crate::inspect::DatabaseState;
use crate::location::PostgresUrl;
use crate::sql::Sql;

/// Connections a process keeps open at most: more commands than this at once wait for one.
const POOL_SIZE: u32 = 8;

/// How long a command waits for a connection (the server may be restarting) before it fails.
const CHECKOUT_WAIT: Duration = Duration::from_secs(15);

/// How many times a lost connection is made again before the operation fails, and the first
/// wait (doubled each time).
const RECONNECT_TRIES: u32 = 6;
const FIRST_WAIT: Duration = Duration::from_millis(100);

/// How many times a transaction the server rolled back over a conflict runs in all, and the
/// first pause before it runs again (doubled each time).
const CONFLICT_TRIES: u32 = 5;
const CONFLICT_WAIT: Duration = Duration::from_millis(5);

/// Whether the server rolled the whole transaction back to resolve a conflict with another
/// one, so that running it again is safe and may well work: a serialization failure (40001)
/// or a deadlock (40P01).
fn is_conflict(code: &SqlState) -> bool {
    *code == SqlState::T_R_SERIALIZATION_FAILURE || *code == SqlState::T_R_DEADLOCK_DETECTED
}

fn rolled_back(e: &StoreError) -> bool {
    matches!(e, StoreError::Postgres(e) if e.code().is_some_and(is_conflict))
}

/// Runs `attempt` until it succeeds, fails with an error `conflict` does not accept, or has
/// run `tries` times; pausing `first`, then twice as long each time (plus up to as much again
/// at random, so that the two sides of a conflict do not meet again), in between.
fn again_after_conflicts<T>(
    tries: u32,
    first: Duration,
    conflict: impl Fn(&StoreError) -> bool,
    mut attempt: impl FnMut() -> Result<T>,
) -> Result<T> {
    let mut pause = first;
    let mut run = 1;
    loop {
        match attempt() {
            Err(e) if run < tries && conflict(&e) => {
                let jitter = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let wait = pause + pause.mul_f64(f64::from(jitter % 1000) / 1000.0);
                tracing::info!(error = %e, run, "the database rolled a transaction back over a conflict; running it again in {wait:?}");
                std::thread::sleep(wait);
                pause *= 2;
                run += 1;
            }
            other => return other,
        }
    }
}

impl From<::postgres::Error> for StoreError {
    fn from(e: ::postgres::Error) -> StoreError {
        StoreError::Postgres(e)
    }
}

/// Makes the pool's connections: TLS and retries as [`connect`] does.
struct Manager {
    url: PostgresUrl,
}

impl ManageConnection for Manager {
    type Connection = Conn;
    type Error = StoreError;

    fn connect(&self) -> Result<Conn> {
        Ok(Conn::new(connect(&self.url)?))
    }

    fn is_valid(&self, conn: &mut Conn) -> Result<()> {
        conn.ping()
    }

    fn has_broken(&self, conn: &mut Conn) -> bool {
        conn.is_closed()
    }
}

/// The pool's failures to connect go to the log (never with the password: see [`connect`]).
#[derive(Debug)]
struct Warn;

impl HandleError<StoreError> for Warn {
    fn handle_error(&self, error: StoreError) {
        tracing::warn!(%error, "cannot open a connection to the database");
    }
}

/// An open PostgreSQL database.
pub(crate) struct Postgres {
    url: PostgresUrl,
    /// Always there until dropped (see the `Drop`).
    pool: Option<Pool<Manager>>,
}

impl Postgres {
    /// Connects (trying again with back-off) and brings the schema up to date.
    pub(crate) fn connect(url: &PostgresUrl) -> Result<Postgres> {
        let mut client = connect(url)?;
        let migrated = schema::migrate(&mut client, &url.to_string());
        off_the_runtime(client);
        migrated?;
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            // Made when asked for, so that one caller at a time meets one connection.
            .min_idle(Some(0))
            .connection_timeout(CHECKOUT_WAIT)
            // A connection the server closed says so (`has_broken`); no round trip to ask.
            .test_on_check_out(false)
            .error_handler(Box::new(Warn))
            .build_unchecked(Manager { url: url.clone() });
        Ok(Postgres {
            url: url.clone(),
            pool: Some(pool),
        })
    }

    /// Runs `f` on a connection of the pool. When the server rolled `f`'s transaction back to
    /// resolve a conflict with another one (a serialization failure or a deadlock: nothing of
    /// it was written), `f` runs again, a few times at most, after a short pause. Any other
    /// error is returned as it is: a write that may or may not have committed (the connection
    /// dropped) is not tried again, so a move is answered only after its commit.
    pub(crate) fn with<T>(&self, mut f: impl FnMut(&mut dyn Sql) -> Result<T>) -> Result<T> {
        self.with_conn(|c| f(c))
    }

    fn with_conn<T>(&self, mut f: impl FnMut(&mut Conn) -> Result<T>) -> Result<T> {
        again_after_conflicts(CONFLICT_TRIES, CONFLICT_WAIT, rolled_back, || {
            let mut conn = self.checkout()?;
            conn.settle()?;
            f(&mut conn)
        })
    }

    /// An open connection: one the server closed is dropped (the pool makes another).
    fn checkout(&self) -> Result<PooledConnection<Manager>> {
        let unavailable = |detail: String| StoreError::Connect {
            url: self.url.to_string(),
            detail,
        };
        let pool = self
            .pool
            .as_ref()
            .ok_or_else(|| unavailable("the store is closing".to_string()))?;
        for _ in 0..=POOL_SIZE {
            let conn = pool.get().map_err(|e| unavailable(e.to_string()))?;
            if !conn.is_closed() {
                return Ok(conn);
            }
            tracing::warn!(database = %self.url, "a connection to the database was lost; connecting again");
        }
        Err(unavailable("every connection was lost".to_string()))
    }

    pub(crate) fn schema_version(&self) -> Result<i64> {
        self.with(|c| {
            c.one(
                "schema_version",
                "SELECT version FROM schema_version",
                &[],
                |r| r.int(0),
            )
        })
    }

    pub(crate) fn raw_execute(&self, sql: &str) -> Result<()> {
        self.with_conn(|c| c.batch_execute(sql))
    }
}

impl Drop for Postgres {
    /// Closing a connection runs the client's own small runtime, which cannot start on a
    /// thread that drives async tasks: there the pool is closed on a thread of its own.
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            off_the_runtime(pool);
        }
    }
}

/// Drops `what` (which closes connections) where that can block: here, or on a thread of its
/// own when this thread drives async tasks.
fn off_the_runtime<T: Send + 'static>(what: T) {
    if tokio::runtime::Handle::try_current().is_ok() {
        std::thread::spawn(move || drop(what));
    }
}

/// The schema version of a PostgreSQL database, read without migrating it.
pub(crate) fn inspect(url: &PostgresUrl) -> Result<DatabaseState> {
    let mut client = connect(url)?;
    let row = client.query_one("SELECT to_regclass('schema_version') IS NOT NULL", &[])?;
    if !row.try_get::<_, bool>(0)? {
        return Ok(DatabaseState::Missing);
    }
    let version: i64 = client
        .query_opt("SELECT version FROM schema_version", &[])?
        .map_or(Ok(0), |r| r.try_get(0))?;
    let latest = crate::sqlite::schema::latest_version();
    if version > latest {
        return Err(StoreError::TooNew(url.to_string(), version));
    }
    Ok(if version == latest {
        DatabaseState::Current { version }
    } else {
        DatabaseState::Behind { version, latest }
    })
}

/// Connects, trying again with back-off: the server may be restarting. TLS as the URL's
/// `sslmode` says (see [`tls`]); a URL the client cannot read, and a failed TLS handshake, are
/// not tried again.
fn connect(url: &PostgresUrl) -> Result<Client> {
    let bad = |problem: String| StoreError::BadUrl {
        url: url.to_string(),
        problem,
    };
    let (tls, client_url) = url.tls().map_err(bad)?;
    let config: ::postgres::Config = client_url
        .parse()
        .map_err(|e: ::postgres::Error| bad(e.to_string()))?;
    let connector = tls::connector(&tls).map_err(bad)?;
    let mut wait = FIRST_WAIT;
    let mut tries = 0;
    loop {
        let connected = match &connector {
            Some(tls) => config.connect(tls.clone()),
            None => config.connect(NoTls),
        };
        match connected {
            Ok(client) => return Ok(client),
            Err(e)
                if tries + 1 < RECONNECT_TRIES
                    && e.as_db_error().is_none()
                    && !tls::is_tls_failure(&e) =>
            {
                tracing::warn!(database = %url, error = %e, "cannot connect to the database; trying again in {wait:?}");
                std::thread::sleep(wait);
                wait *= 2;
                tries += 1;
            }
            Err(e) => {
                return Err(StoreError::Connect {
                    url: url.to_string(),
                    detail: crate::errors::one_line(&e),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::sql::args;

    /// A conflict as the classification sees it, without a server: the error's code.
    fn fake(code: Option<&SqlState>) -> StoreError {
        match code {
            Some(code) => StoreError::Corrupt {
                table: "test",
                detail: code.code().to_string(),
            },
            None => StoreError::Conflict,
        }
    }

    fn fake_conflict(e: &StoreError) -> bool {
        matches!(e, StoreError::Corrupt { detail, .. } if is_conflict(&SqlState::from_code(detail)))
    }

    #[test]
    fn serialization_failures_and_deadlocks_are_conflicts() {
        assert!(is_conflict(&SqlState::T_R_SERIALIZATION_FAILURE));
        assert!(is_conflict(&SqlState::T_R_DEADLOCK_DETECTED));
        assert_eq!(SqlState::T_R_SERIALIZATION_FAILURE.code(), "40001");
        assert_eq!(SqlState::T_R_DEADLOCK_DETECTED.code(), "40P01");
        // A unique violation or a lost connection is not: the first will not go away, the
        // second may have committed.
        assert!(!is_conflict(&SqlState::UNIQUE_VIOLATION));
        assert!(!is_conflict(&SqlState::ADMIN_SHUTDOWN));
        assert!(!rolled_back(&StoreError::Conflict));
    }

    #[test]
    fn a_conflict_runs_the_transaction_again_a_bounded_number_of_times() {
        // Two conflicts, then success: three runs.
        let runs = Cell::new(0);
        let got = again_after_conflicts(5, Duration::from_micros(10), fake_conflict, || {
            runs.set(runs.get() + 1);
            match runs.get() {
                1 => Err(fake(Some(&SqlState::T_R_DEADLOCK_DETECTED))),
                2 => Err(fake(Some(&SqlState::T_R_SERIALIZATION_FAILURE))),
                _ => Ok("done"),
            }
        });
        assert_eq!(got.unwrap(), "done");
        assert_eq!(runs.get(), 3);
        // Conflicts every time: it gives up after the fifth run with the last error.
        runs.set(0);
        let got: Result<()> =
            again_after_conflicts(5, Duration::from_micros(10), fake_conflict, || {
                runs.set(runs.get() + 1);
                Err(fake(Some(&SqlState::T_R_SERIALIZATION_FAILURE)))
            });
        assert!(matches!(got, Err(StoreError::Corrupt { .. })));
        assert_eq!(runs.get(), 5);
        // Any other error: returned at once.
        runs.set(0);
        let got: Result<()> =
            again_after_conflicts(5, Duration::from_micros(10), fake_conflict, || {
                runs.set(runs.get() + 1);
                Err(fake(Some(&SqlState::UNIQUE_VIOLATION)))
            });
        assert!(got.is_err());
        assert_eq!(runs.get(), 1);
    }

    /// A new database on the test server (`tests/postgres.sh`), if the run has one.
    fn test_database() -> Option<PostgresUrl> {
        let server = std::env::var("JUNGLE_TEST_POSTGRES")
            .ok()
            .filter(|s| !s.trim().is_empty())?;
        let name = format!(
            "ju_{}_{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .subsec_nanos()
        );
        Client::connect(&server, NoTls)
            .unwrap()
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap();
        let (base, query) = server.split_at(server.find('?').unwrap_or(server.len()));
        let slash = base.rfind('/').unwrap();
        let url = format!("{}/{name}{query}", &base[..slash]);
        match crate::Location::parse(std::path::Path::new(&url)).expect("a URL") {
            crate::Location::Postgres(url) => Some(url),
            crate::Location::File(_) => unreachable!("{url} is a URL"),
        }
    }

    #[test]
    fn a_transaction_the_server_rolls_back_over_a_conflict_runs_again() {
        let Some(url) = test_database() else {
            eprintln!("note: JUNGLE_TEST_POSTGRES is not set: skipped");
            return;
        };
        let store = Postgres::connect(&url).unwrap();
        store
            .raw_execute("CREATE TABLE counter (n BIGINT NOT NULL); INSERT INTO counter VALUES (0)")
            .unwrap();
        let mut other = Client::connect(url.expose(), NoTls).unwrap();
        let mut runs = 0;
        store
            .with_conn(|c| {
                runs += 1;
                // REPEATABLE READ: the snapshot is taken at the first read; a row another
                // transaction changed after it cannot be updated (40001).
                let mut tx = c
                    .client()
                    .build_transaction()
                    .isolation_level(::postgres::IsolationLevel::RepeatableRead)
                    .start()?;
                let n: i64 = tx.query_one("SELECT n FROM counter", &[])?.get(0);
                if runs == 1 {
                    other.execute("UPDATE counter SET n = n + 100", &[])?;
                }
                tx.execute("UPDATE counter SET n = $1", &[&(n + 1)])?;
                tx.commit()?;
                Ok(())
            })
            .unwrap();
        assert_eq!(
            runs, 2,
            "the first run met the conflict, the second committed"
        );
        let n: i64 = other
            .query_one("SELECT n FROM counter", &[])
            .unwrap()
            .get(0);
        assert_eq!(n, 101, "both updates counted, neither lost");
    }

    #[test]
    fn a_query_text_is_prepared_once_per_connection() {
        let Some(url) = test_database() else {
            eprintln!("note: JUNGLE_TEST_POSTGRES is not set: skipped");
            return;
        };
        let store = Postgres::connect(&url).unwrap();
        let prepared = || store.with_conn(|c| Ok(c.prepared())).unwrap();
        assert_eq!(prepared(), 0, "migrations run on the bare client");
        let version = store.schema_version().unwrap();
        assert_eq!(store.schema_version().unwrap(), version);
        assert_eq!(prepared(), 1, "the same text twice is one statement");
        // Prepared inside a transaction that rolls back, the statement still serves after it.
        store
            .with(|c| {
                c.begin()?;
                c.one("t", "SELECT 1 + $1::BIGINT", args![1i64], |r| r.int(0))?;
                c.rollback()?;
                let two = c.one("t", "SELECT 1 + $1::BIGINT", args![1i64], |r| r.int(0))?;
                assert_eq!(two, 2);
                Ok(())
            })
            .unwrap();
        assert_eq!(prepared(), 2);
        // Statements as they are (the schema may change) drop what was prepared.
        store.raw_execute("CREATE TABLE later (n BIGINT)").unwrap();
        assert_eq!(prepared(), 0);
        assert_eq!(store.schema_version().unwrap(), version);
    }
}
