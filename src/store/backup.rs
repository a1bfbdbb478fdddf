//! Copies of a live database for `jungle backup`: SQLite's online backup API copies one
//! consistent snapshot (every transaction committed before the copy began, none half) while the
//! bot goes on writing, into a file only this user can read, put in place whole or not at all.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

use crate::files;

/// How often a copy that finds the database locked tries again, and how long it waits between.
const LOCKED_TRIES: u32 = 100;
const LOCKED_PAUSE: Duration = Duration::from_millis(100);

/// Why a backup was not made. Nothing is left behind at the output path in any case (an
/// existing file there is kept as it was).
#[derive(Debug, Error)]
pub enum BackupError {
    #[error("the database {0} does not exist")]
    NoDatabase(String),
    #[error("cannot read the database {path}: {error}")]
    Unreadable { path: String, error: String },
    #[error("{0} is not a jungle-bot database (it has no schema version)")]
    NotOurs(String),
    #[error("{0} already exists; pass --force to replace it")]
    Exists(String),
    #[error("{0} is the database itself; write the backup to another file")]
    SameFile(String),
    #[error("reading the database {path}: {error}")]
    Source {
        path: String,
        error: rusqlite::Error,
    },
    #[error("the database stayed locked; try again")]
    Locked,
    #[error("writing the backup {path}: {error}")]
    Write { path: String, error: String },
    #[error("the copy failed its integrity check: {0}")]
    Corrupt(String),
}

/// What a backup copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The file's size in bytes.
    pub bytes: u64,
    /// Its schema version (`PRAGMA user_version`).
    pub schema_version: i64,
}

/// Copies the database `db` to `out` while other connections may be writing to it. `out` must
/// not exist unless `replace`; it is written beside its final place and renamed there once it
/// is complete and has passed `PRAGMA integrity_check`, so a failed or interrupted backup
/// never leaves a partial file (and an earlier backup being replaced stays whole until then).
pub fn backup(db: &Path, out: &Path, replace: bool) -> Result<Copied, BackupError> {
    let shown = |p: &Path| p.display().to_string();
    match std::fs::metadata(db) {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(BackupError::NoDatabase(shown(db)));
        }
        Err(e) => {
            return Err(BackupError::Unreadable {
                path: shown(db),
                error: e.to_string(),
            });
        }
    }
    if same_file(db, out) {
        return Err(BackupError::SameFile(shown(out)));
    }
    let source_error = |error| BackupError::Source {
        path: shown(db),
        error,
    };
    // The copy only reads (one read transaction, which in WAL mode never holds up the bot).
    // Opened for writing all the same when it may be: a read-only connection that finds no
    // `-wal` file makes one and cannot remove it, where this one, when the bot is not running,
    // leaves the folder as it found it. Never created: a wrong path is an error.
    let source = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .or_else(|_| {
        Connection::open_with_flags(
            db,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
    })
    .map_err(source_error)?;
    source
        .busy_timeout(Duration::from_secs(5))
        .map_err(source_error)?;
    let version: i64 = source
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(source_error)?;
    if version == 0 {
        return Err(BackupError::NotOurs(shown(db)));
    }
    let write_error = |path: &Path, error: &dyn std::fmt::Display| BackupError::Write {
        path: shown(path),
        error: error.to_string(),
    };
    // Claim the name first, so that two backups to one file cannot both succeed.
    let claimed = if replace {
        false
    } else {
        match claim(out) {
            Ok(()) => true,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                return Err(BackupError::Exists(shown(out)));
            }
            Err(e) => return Err(write_error(out, &e)),
        }
    };
    let partial = partial_path(out);
    let result = copy(&source, &partial, out);
    match result {
        Ok(copied) => Ok(copied),
        Err(e) => {
            remove_database_files(&partial);
            if claimed {
                let _ = std::fs::remove_file(out);
            }
            Err(e)
        }
    }
}

/// Copies `source` into the new file `partial`, checks it, and renames it to `out`.
fn copy(source: &Connection, partial: &Path, out: &Path) -> Result<Copied, BackupError> {
    let write_error = |path: &Path, error: &dyn std::fmt::Display| BackupError::Write {
        path: path.display().to_string(),
        error: error.to_string(),
    };
    files::write_private(partial, b"").map_err(|e| write_error(partial, &e))?;
    let mut dest = Connection::open(partial).map_err(|e| write_error(partial, &e))?;
    if !copy_pages(source, &mut dest).map_err(|e| write_error(partial, &e))? {
        return Err(BackupError::Locked);
    }
    // A file that stands alone: the copy keeps no `-wal` beside it (the bot turns WAL back on
    // when it opens a restored copy).
    dest.pragma_update(None, "journal_mode", "DELETE")
        .map_err(|e| write_error(partial, &e))?;
    let verdict = integrity(&dest).map_err(|e| write_error(partial, &e))?;
    if verdict != "ok" {
        return Err(BackupError::Corrupt(verdict));
    }
    let schema_version: i64 = dest
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| write_error(partial, &e))?;
    dest.close().map_err(|(_, e)| write_error(partial, &e))?;
    let file = std::fs::File::open(partial).map_err(|e| write_error(partial, &e))?;
    file.sync_all().map_err(|e| write_error(partial, &e))?;
    let bytes = file.metadata().map_err(|e| write_error(partial, &e))?.len();
    std::fs::rename(partial, out).map_err(|e| write_error(out, &e))?;
    sync_folder(out);
    Ok(Copied {
        bytes,
        schema_version,
    })
}

/// Copies every page of `source` into `dest` in one step: one read transaction, so one
/// snapshot, and no restart when another connection writes meanwhile. False when the source
/// stayed locked (while it recovers from a crash, say).
pub(super) fn copy_pages(source: &Connection, dest: &mut Connection) -> rusqlite::Result<bool> {
    let backup = Backup::new(source, dest)?;
    for _ in 0..LOCKED_TRIES {
        match backup.step(-1)? {
            StepResult::Done => return Ok(true),
            // A step of every page does not stop short; were it to, the next one goes on.
            StepResult::More => {}
            _ => std::thread::sleep(LOCKED_PAUSE),
        }
    }
    Ok(false)
}

/// `PRAGMA integrity_check`'s findings on one line: `ok`, or the problems it lists.
pub fn integrity(conn: &Connection) -> rusqlite::Result<String> {
    let rows: Vec<String> = conn
        .prepare("PRAGMA integrity_check")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows.join("; "))
}

/// Creates `path` as an empty owner-only file, failing if anything is there.
fn claim(path: &Path) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop)
}

/// Where the copy is written before it is complete: beside `out`, so the rename stays on one
/// file system.
fn partial_path(out: &Path) -> PathBuf {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    out.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Do two paths name one existing file?
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Removes a database file and the journal files SQLite may have left beside it.
fn remove_database_files(path: &Path) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(p));
    }
}

/// Makes the rename of `path` durable (on Unix; elsewhere the rename is what it is).
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    fn database(dir: &Path) -> PathBuf {
        let db = dir.join("j.db");
        let s = Store::open(&db).unwrap();
        s.raw_execute(
            "INSERT INTO players (platform, user_id, display_name, created_at) VALUES ('t', 'a', 'Ann', 0)",
        )
        .unwrap();
        db
    }

    #[test]
    fn a_copy_refuses_to_overwrite_unless_told() {
        let tmp = tempfile::tempdir().unwrap();
        let db = database(tmp.path());
        let out = tmp.path().join("copy.db");
        std::fs::write(&out, b"an older backup").unwrap();
        let e = backup(&db, &out, false).unwrap_err();
        assert!(matches!(e, BackupError::Exists(_)), "{e}");
        assert_eq!(std::fs::read(&out).unwrap(), b"an older backup");
        let copied = backup(&db, &out, true).unwrap();
        assert_eq!(
            copied.schema_version,
            crate::sqlite::schema::latest_version()
        );
        assert_eq!(copied.bytes, std::fs::metadata(&out).unwrap().len());
        let s = Store::open(&out).unwrap();
        assert_eq!(
            s.find_player("t", "a").unwrap().unwrap().display_name,
            "Ann"
        );
        // Nothing but the database, its copy and the database's WAL files is left.
        let mut names: Vec<String> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("partial"))
            .collect();
        names.sort();
        assert!(names.is_empty(), "{names:?}");
    }

    #[test]
    fn what_is_not_a_database_is_refused_and_nothing_is_left() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("copy.db");
        let e = backup(&tmp.path().join("none.db"), &out, false).unwrap_err();
        assert!(matches!(e, BackupError::NoDatabase(_)), "{e}");
        let text = tmp.path().join("notes.txt");
        std::fs::write(
            &text,
            "not sqlite at all, but long enough to look at ".repeat(20),
        )
        .unwrap();
        let e = backup(&text, &out, false).unwrap_err();
        assert!(e.to_string().contains("not a database"), "{e}");
        let empty = tmp.path().join("empty.db");
        drop(Connection::open(&empty).unwrap());
        let e = backup(&empty, &out, false).unwrap_err();
        assert!(matches!(e, BackupError::NotOurs(_)), "{e}");
        assert!(!out.exists());
        let db = database(tmp.path());
        let e = backup(&db, &db, true).unwrap_err();
        assert!(matches!(e, BackupError::SameFile(_)), "{e}");
        let e = backup(&db, &tmp.path().join("no/such/dir/copy.db"), false).unwrap_err();
        assert!(matches!(e, BackupError::Write { .. }), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn the_copy_is_private_also_when_it_replaces_a_readable_file() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let db = database(tmp.path());
        let out = tmp.path().join("copy.db");
        backup(&db, &out, false).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&out), 0o600);
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o644)).unwrap();
        backup(&db, &out, true).unwrap();
        assert_eq!(mode(&out), 0o600);
    }
}
