//! Private files: the game database, its -wal and -shm files and its folder are for the user
//! running the bot only (0600 and 0700), however they came to be there.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use jungle::store::Store;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o7777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Opens the store at `db`, writes to it, and checks the folder and every file while it is
/// open (the -wal and -shm files exist only then).
fn open_write_and_check(db: &Path) {
    let store = Store::open(db).unwrap();
    store.upsert_player("test", "a", "Ann", 0).unwrap();
    assert_eq!(mode(db.parent().unwrap()), 0o700);
    for suffix in ["", "-wal", "-shm"] {
        let file = format!("{}{suffix}", db.display());
        assert_eq!(mode(Path::new(&file)), 0o600, "{file}");
    }
}

#[test]
fn a_new_database_in_a_new_folder_is_private() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("data/jungle.db");
    open_write_and_check(&db);
}

#[test]
fn a_folder_made_beforehand_is_made_private() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("jungle-bot");
    std::fs::create_dir(&dir).unwrap();
    set_mode(&dir, 0o755);
    open_write_and_check(&dir.join("jungle.db"));
}

#[test]
fn a_database_of_an_earlier_version_is_made_private() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("jungle-bot");
    let db = dir.join("jungle.db");
    drop(Store::open(&db).unwrap());
    // As an earlier version left them: readable by everyone, with board images beside.
    std::fs::create_dir(dir.join("boards")).unwrap();
    set_mode(&dir, 0o755);
    set_mode(&db, 0o644);
    for side in ["-wal", "-shm"] {
        let file = format!("{}{side}", db.display());
        std::fs::write(&file, b"").unwrap();
        set_mode(Path::new(&file), 0o644);
    }
    open_write_and_check(&db);
    let store = Store::open(&db).unwrap();
    assert!(store.find_player("test", "a").unwrap().is_some());
}

#[test]
fn a_folder_shared_with_other_things_keeps_its_permissions() {
    // A database put straight into a folder such as /var/lib: the folder is not the bot's to
    // close, the files are private all the same.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("lib");
    std::fs::create_dir_all(dir.join("postgresql")).unwrap();
    set_mode(&dir, 0o755);
    let db = dir.join("jungle.db");
    let store = Store::open(&db).unwrap();
    store.upsert_player("test", "a", "Ann", 0).unwrap();
    assert_eq!(mode(&dir), 0o755);
    assert_eq!(mode(&db), 0o600);
    assert_eq!(mode(&dir.join("jungle.db-wal")), 0o600);
}
