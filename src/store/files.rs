//! Owner-only folders and files for what other local users must not read: the game database
//! (every channel's games, private rooms included) and the Matrix store (the bot's end-to-end
//! identity keys). On Unix folders are made 0700 and files 0600; elsewhere the platform's
//! defaults apply.

use std::io;
use std::path::{Path, PathBuf};

/// The bot's own folder in the user's data directory (`~/.local/share/jungle-bot` on Linux;
/// `./jungle-bot` where there is none): where its files go when the config does not say.
pub fn data_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("jungle-bot")
}

/// Makes the data folder `dir` and its missing parents, the new ones for this user only. An
/// existing `dir` is narrowed to this user only as well when everything in it is the bot's: each
/// entry's name starts with one of `ours` (a folder made for the bot, or the bot's from an
/// earlier run). A folder shared with other things (a home folder, `/var/lib`, `/tmp`) is left
/// as it is, and so is the working folder (the empty path); the files in it are private anyway.
pub fn data_folder(dir: &Path, ours: &[&str]) -> io::Result<()> {
    if dir.as_os_str().is_empty() {
        return Ok(());
    }
    create_folders(dir)?;
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if !ours.iter().any(|p| !p.is_empty() && name.starts_with(p)) {
            return Ok(());
        }
    }
    match unix::narrow_shared(dir) {
        // Someone else's folder the bot may write in.
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => Ok(()),
        r => r,
    }
}

/// Makes the bot's own folder `dir` (one nobody else puts anything in, such as a store inside
/// the data folder) and narrows it to this user only, also when it existed.
pub fn own_folder(dir: &Path) -> io::Result<()> {
    create_folders(dir)?;
    unix::narrow(dir)
}

/// Makes the SQLite database `path` a file for this user only before SQLite opens it: created
/// empty (SQLite starts a new database in an empty file) or narrowed, and so are its `-wal`,
/// `-shm` and `-journal` files if they are there. SQLite gives those files the database's own
/// permissions when it creates them.
pub fn private_database(path: &Path) -> io::Result<()> {
    private_file(path)?;
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut side = path.as_os_str().to_owned();
        side.push(suffix);
        let side = Path::new(&side);
        match std::fs::metadata(side) {
            Ok(meta) if meta.is_file() => unix::narrow(side)?,
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Makes `path` exist as a file for this user only: created empty, or narrowed if it was there.
pub fn private_file(path: &Path) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    unix::owner_only(&mut options);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => unix::narrow(path),
        Err(e) => Err(e),
    }
}

/// Writes `bytes` to `path` (new or truncated) where only this user can read it.
pub fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    unix::owner_only(&mut options);
    options.open(path)?.write_all(bytes)?;
    // An existing file keeps its permissions through `open`.
    unix::narrow(path)
}

/// Narrows every file and folder in the tree at `dir` to this user only: for a store another
/// library made, after it made it. Symbolic links inside are left alone.
pub fn seal_tree(dir: &Path) -> io::Result<()> {
    unix::narrow(dir)?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        if kind.is_dir() {
            seal_tree(&entry.path())?;
        } else if kind.is_file() {
            unix::narrow(&entry.path())?;
        }
    }
    Ok(())
}

fn create_folders(dir: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    unix::owner_only_folders(&mut builder);
    builder.create(dir)
}

#[cfg(unix)]
mod unix {
    use std::io;
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
    use std::path::Path;

    /// The permission bits of the group and of everyone else.
    const OTHERS: u32 = 0o077;
    const STICKY: u32 = 0o1000;

    pub fn owner_only(options: &mut std::fs::OpenOptions) {
        options.mode(0o600);
    }

    pub fn owner_only_folders(builder: &mut std::fs::DirBuilder) {
        builder.mode(0o700);
    }

    /// Takes the group's and everyone else's permissions off `path` (a file or folder, or
    /// what a symbolic link there points to); the owner's stay as they are.
    pub fn narrow(path: &Path) -> io::Result<()> {
        let mode = std::fs::metadata(path)?.mode() & 0o7777;
        if mode & OTHERS == 0 {
            return Ok(());
        }
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & !OTHERS))
    }

    /// [`narrow`] for a data folder, but not a sticky one (such as `/tmp`): other users' files
    /// may come and go there.
    pub fn narrow_shared(dir: &Path) -> io::Result<()> {
        if std::fs::metadata(dir)?.mode() & STICKY != 0 {
            return Ok(());
        }
        narrow(dir)
    }
}

#[cfg(not(unix))]
mod unix {
    use std::io;
    use std::path::Path;

    pub fn owner_only(_: &mut std::fs::OpenOptions) {}

    pub fn owner_only_folders(_: &mut std::fs::DirBuilder) {}

    pub fn narrow(_: &Path) -> io::Result<()> {
        Ok(())
    }

    pub fn narrow_shared(_: &Path) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path)
            .unwrap()
            .permissions()
            .mode()
            & 0o7777
    }

    fn set_mode(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn new_folders_and_files_are_the_owners_only() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("a/b");
        data_folder(&dir, &[]).unwrap();
        assert_eq!(mode(&tmp.path().join("a")), 0o700);
        assert_eq!(mode(&dir), 0o700);
        let db = dir.join("x.db");
        private_database(&db).unwrap();
        assert_eq!(mode(&db), 0o600);
        assert_eq!(std::fs::metadata(&db).unwrap().len(), 0);
        write_private(&dir.join("s.json"), b"{}").unwrap();
        assert_eq!(mode(&dir.join("s.json")), 0o600);
    }

    #[test]
    fn existing_ones_are_narrowed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        std::fs::create_dir(&dir).unwrap();
        set_mode(&dir, 0o755);
        std::fs::write(dir.join("x.db"), b"").unwrap();
        data_folder(&dir, &["x.db"]).unwrap();
        assert_eq!(mode(&dir), 0o700);

        let db = dir.join("x.db");
        for f in ["x.db", "x.db-wal", "x.db-shm"] {
            std::fs::write(dir.join(f), b"").unwrap();
            set_mode(&dir.join(f), 0o644);
        }
        std::fs::write(&db, b"kept").unwrap();
        private_database(&db).unwrap();
        for f in ["x.db", "x.db-wal", "x.db-shm"] {
            assert_eq!(mode(&dir.join(f)), 0o600, "{f}");
        }
        assert_eq!(std::fs::read(&db).unwrap(), b"kept");

        // A database reached through a symbolic link: the file it points to.
        set_mode(&db, 0o644);
        std::os::unix::fs::symlink(&db, dir.join("link.db")).unwrap();
        private_database(&dir.join("link.db")).unwrap();
        assert_eq!(mode(&db), 0o600);

        // The owner's own bits stay: a read-only file is not made writable.
        set_mode(&db, 0o444);
        private_file(&db).unwrap();
        assert_eq!(mode(&db), 0o400);

        let store = dir.join("store");
        std::fs::create_dir_all(store.join("sub")).unwrap();
        for d in [&store, &store.join("sub")] {
            set_mode(d, 0o755);
        }
        std::fs::write(store.join("sub/k.sqlite3"), b"").unwrap();
        set_mode(&store.join("sub/k.sqlite3"), 0o664);
        seal_tree(&store).unwrap();
        assert_eq!(mode(&store), 0o700);
        assert_eq!(mode(&store.join("sub")), 0o700);
        assert_eq!(mode(&store.join("sub/k.sqlite3")), 0o600);
    }

    #[test]
    fn shared_folders_are_left_alone() {
        let tmp = tempfile::tempdir().unwrap();
        let shared = tmp.path().join("shared");
        std::fs::create_dir(&shared).unwrap();
        std::fs::write(shared.join("notes.txt"), b"").unwrap();
        set_mode(&shared, 0o755);
        data_folder(&shared, &["x.db"]).unwrap();
        assert_eq!(mode(&shared), 0o755);
        std::fs::remove_file(shared.join("notes.txt")).unwrap();
        set_mode(&shared, 0o1777);
        data_folder(&shared, &["x.db"]).unwrap();
        assert_eq!(mode(&shared), 0o1777);
        data_folder(Path::new(""), &[]).unwrap();
    }
}
