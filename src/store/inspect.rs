//! A look at a database file that changes nothing in it, for `jungle check`: opened read-only,
//! checked with `PRAGMA quick_check`, and any migrations it still needs tried on a copy in
//! memory instead of on the file.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use super::sqlite::schema;
use crate::failure::{Result, StoreError};

/// What the bot would find at a database path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseState {
    /// Nothing there yet: the bot creates the database on its first start.
    Missing,
    /// The schema this build writes.
    Current { version: i64 },
    /// An older schema: the bot migrates it on start. `version` 0 is a new, empty file.
    /// The migrations ran cleanly on a copy.
    Behind { version: i64, latest: i64 },
}

/// Looks at the database `path` without writing to it (see [`open_read_only`]). Errors: not a database, damaged (what
/// `quick_check` found), written by a newer jungle-bot, or a migration that fails on the copy.
pub fn inspect(path: &Path) -> Result<DatabaseState> {
    let name = path.display().to_string();
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(DatabaseState::Missing),
        Err(error) => return Err(StoreError::Unreadable { path: name, error }),
        Ok(meta) if meta.len() == 0 => {
            // An empty file is a new database to SQLite; there is nothing to read yet.
            return Ok(DatabaseState::Behind {
                version: 0,
                latest: schema::latest_version(),
            });
        }
        Ok(_) => {}
    }
    let conn = open_read_only(path)?;
    conn.busy_timeout(Duration::from_secs(5))?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let latest = schema::latest_version();
    if version > latest {
        return Err(StoreError::TooNew(name, version));
    }
    let rows: Vec<String> = conn
        .prepare("PRAGMA quick_check")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    if rows != ["ok"] {
        return Err(StoreError::Corrupt {
            table: "the database file",
            detail: rows.join("; "),
        });
    }
    if version == latest {
        return Ok(DatabaseState::Current { version });
    }
    // The migrations, on a copy in memory.
    let mut copy = Connection::open_in_memory()?;
    if !super::backup::copy_pages(&conn, &mut copy)? {
        return Err(StoreError::Sqlite(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
            Some("the database stayed locked".into()),
        )));
    }
    schema::migrate(&mut copy, &name)?;
    Ok(DatabaseState::Behind { version, latest })
}

/// Opens `path` for reading only, leaving no file behind: a read-only connection to a WAL
/// database makes the `-wal` and `-shm` files when they are missing and cannot remove them, so
/// when there is no `-wal` (the bot is not running) the file is opened as immutable, which
/// makes none. The bot starting meanwhile could at worst make this look see an older state.
/// The thread problems noted in a current SQLite file, read-only (see
/// [`crate::thread_problems_at`]).
pub(crate) fn thread_problems(path: &Path) -> Result<Vec<(String, String, String)>> {
    let conn = open_read_only(path)?;
    let mut q = conn.prepare(
        "SELECT platform, scope, value FROM place_settings WHERE name = 'threads_problem'
         ORDER BY platform, scope",
    )?;
    let rows = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

fn open_read_only(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    match path.to_str() {
        Some(text) if !Path::new(&wal).exists() => {
            let escaped = text
                .replace('%', "%25")
                .replace('?', "%3f")
                .replace('#', "%23");
            Connection::open_with_flags(
                format!("file:{escaped}?immutable=1"),
                flags | OpenFlags::SQLITE_OPEN_URI,
            )
        }
        _ => Connection::open_with_flags(path, flags),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn a_missing_current_or_older_database() {
        let tmp = tempfile::tempdir().unwrap();
        let db = tmp.path().join("j.db");
        assert_eq!(inspect(&db).unwrap(), DatabaseState::Missing);
        assert!(!db.exists(), "inspecting made the file");
        drop(Store::open(&db).unwrap());
        let latest = schema::latest_version();
        assert_eq!(
            inspect(&db).unwrap(),
            DatabaseState::Current { version: latest }
        );
        // An older schema is migrated on a copy; the file keeps its version.
        Store::open(&db)
            .unwrap()
            .raw_execute(
                "DROP TABLE analyses; DROP INDEX games_bot_turns; DROP INDEX games_due; DROP INDEX games_reminders; DROP INDEX challenges_expiry;
                 ALTER TABLE games DROP COLUMN bot_to_move;
                 DROP INDEX takebacks_by_game; DROP TABLE takebacks; DROP TABLE channels;
                 DROP TABLE languages; DROP TABLE leases; DROP TABLE live_messages; DROP TABLE quiet_players;
                 ALTER TABLE games DROP COLUMN bot_claim; ALTER TABLE games DROP COLUMN bot_claim_until;
                 ALTER TABLE games DROP COLUMN time_control; ALTER TABLE games DROP COLUMN jade_clock;
                 ALTER TABLE games DROP COLUMN crimson_clock; ALTER TABLE games DROP COLUMN deadline;
                 ALTER TABLE games DROP COLUMN next_reminder; ALTER TABLE challenges DROP COLUMN time_control;
                 DROP TABLE place_settings; DROP TABLE game_threads;
                 DROP TABLE tournament_games; DROP TABLE tournament_players; DROP TABLE tournaments;
                 ALTER TABLE games DROP COLUMN takeback_offer;
                 ALTER TABLE challenges DROP COLUMN rated; DROP INDEX players_by_lower_name;
                 CREATE INDEX players_by_name ON players (platform, display_name COLLATE NOCASE);
                 PRAGMA user_version = 2;",
            )
            .unwrap();
        let before = std::fs::read(&db).unwrap();
        assert_eq!(
            inspect(&db).unwrap(),
            DatabaseState::Behind { version: 2, latest }
        );
        assert_eq!(std::fs::read(&db).unwrap(), before, "the file changed");
        let mut left: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        left.sort();
        assert_eq!(left, ["j.db"], "inspecting left files behind");
        // A name that needs escaping in a URI.
        let odd = tmp.path().join("a?b#c%d.db");
        std::fs::copy(&db, &odd).unwrap();
        assert_eq!(
            inspect(&odd).unwrap(),
            DatabaseState::Behind { version: 2, latest }
        );
    }

    #[test]
    fn a_newer_broken_or_foreign_file_is_an_error() {
        let tmp = tempfile::tempdir().unwrap();
        let db = tmp.path().join("j.db");
        Store::open(&db)
            .unwrap()
            .raw_execute("PRAGMA user_version = 99")
            .unwrap();
        let e = inspect(&db).unwrap_err();
        assert!(matches!(e, StoreError::TooNew(_, 99)), "{e}");
        // A version 2 database whose games table lacks what migration 2 -> 3 needs.
        let old = tmp.path().join("old.db");
        Connection::open(&old)
            .unwrap()
            .execute_batch("CREATE TABLE games (id INTEGER PRIMARY KEY); PRAGMA user_version = 2;")
            .unwrap();
        let e = inspect(&old).unwrap_err().to_string();
        assert!(
            e.contains("no such column") || e.contains("position"),
            "{e}"
        );
        let text = tmp.path().join("notes.txt");
        std::fs::write(&text, "plain text, not a database; ".repeat(40)).unwrap();
        let e = inspect(&text).unwrap_err().to_string();
        assert!(e.contains("not a database"), "{e}");
        let empty = tmp.path().join("empty.db");
        std::fs::write(&empty, b"").unwrap();
        assert!(matches!(
            inspect(&empty).unwrap(),
            DatabaseState::Behind { version: 0, .. }
        ));
    }
}
