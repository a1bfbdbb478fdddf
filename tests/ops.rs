//! Running the bot for a community: `jungle backup` while moves are written, `jungle check`
//! against the Discord double and with broken settings, and the systemd unit in `assets/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jungle::Position;
use jungle::store::{NewGame, Step, Store};

use crate::common::Rng;
#[cfg(feature = "discord")]
use crate::discord::double::Double;

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Plays random games on `db` until `stop`, one committed move at a time; `committed` holds
/// each game's ply as of its last commit that returned.
fn write_moves(db: PathBuf, stop: Arc<AtomicBool>, committed: Arc<Mutex<BTreeMap<i64, u32>>>) {
    let store = Store::open(&db).unwrap();
    let a = store.upsert_player("test", "a", "Ann", 0).unwrap();
    let b = store.upsert_player("test", "b", "Ben", 0).unwrap();
    let mut rng = Rng(7);
    let mut game = 0;
    while !stop.load(Ordering::Relaxed) {
        game += 1;
        let channel = format!("chan{game}");
        let id = store
            .create_game(&NewGame {
                platform: "test",
                scope: "guild",
                channel: &channel,
                jade_id: Some(a.id),
                crimson_id: Some(b.id),
                bot_level: None,
                position: &Position::start(),
                rated: false,
                time_control: jungle::engine::TimeControl::DEFAULT,
                now: 0,
            })
            .unwrap()
            .id;
        let mut pos = Position::start();
        let mut ply = 0;
        while pos.outcome().is_none() && !stop.load(Ordering::Relaxed) {
            let moves = pos.legal_moves();
            let step = Step::play(&pos, moves[rng.below(moves.len())]);
            assert!(store.commit_move(id, ply, &step, 1, None).unwrap());
            ply += 1;
            pos = step.after;
            jungle::sync::lock(&committed).insert(id, ply);
        }
    }
}

#[test]
fn a_backup_while_moves_are_written_holds_every_move_committed_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jungle.db");
    drop(Store::open(&db).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let committed = Arc::new(Mutex::new(BTreeMap::new()));
    let writer = {
        let (db, stop, committed) = (db.clone(), stop.clone(), committed.clone());
        std::thread::spawn(move || write_moves(db, stop, committed))
    };
    let total = |c: &BTreeMap<i64, u32>| c.values().map(|&p| u64::from(p)).sum::<u64>();
    let wait_for = |n: u64| {
        for _ in 0..3000 {
            if total(&jungle::sync::lock(&committed)) >= n {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the writer did not commit {n} moves");
    };
    wait_for(50);
    let before = jungle::sync::lock(&committed).clone();
    let out = dir.path().join("backup.db");
    // Another process, as an operator runs it beside the bot.
    let o = jungle(&["backup", "--db", path(&db), "-o", path(&out)]);
    let after = jungle::sync::lock(&committed).clone();
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with("backed up "),
        "{}",
        text(&o.stdout)
    );
    assert!(
        total(&after) > total(&before),
        "the writer kept writing while the backup ran"
    );

    let conn = rusqlite::Connection::open(&out).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    drop(conn);
    let live = Store::open(&db).unwrap();
    let copy = Store::open(&out).unwrap();
    for (&id, &ply) in &before {
        let saved = copy
            .game(id)
            .unwrap()
            .expect("every game begun before the backup");
        assert!(saved.ply >= ply, "game {id}: {} < {ply}", saved.ply);
        // A consistent snapshot: the copy's moves are the live game's first ones.
        let now = live.game(id).unwrap().unwrap();
        assert_eq!(saved.moves[..], now.moves[..saved.moves.len()], "game {id}");
        assert_eq!(saved.moves.len() as u32, saved.ply);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}

#[test]
fn backup_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jungle.db");
    drop(Store::open(&db).unwrap());
    let out = dir.path().join("backup.db");
    std::fs::write(&out, b"yesterday's backup").unwrap();
    let o = jungle(&["backup", "--db", path(&db), "-o", path(&out)]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("already exists; pass --force"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"yesterday's backup");
    let o = jungle(&["backup", "--db", path(&db), "-o", path(&out), "--force"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        Store::open(&out).unwrap().schema_version().unwrap(),
        jungle::store::latest_version()
    );
    // The database may come from the config file too.
    let config = dir.path().join("config.toml");
    std::fs::write(&config, format!("[store]\ndatabase = {:?}\n", path(&db))).unwrap();
    let second = dir.path().join("second.db");
    let o = jungle(&["backup", "--config", path(&config), "-o", path(&second)]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(second.exists());
    let o = jungle(&[
        "backup",
        "--db",
        path(&dir.path().join("none.db")),
        "-o",
        path(&dir.path().join("third.db")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("does not exist"),
        "{}",
        text(&o.stderr)
    );
    assert!(!dir.path().join("third.db").exists());
}

/// The unit's `key=value` lines, by section.
fn unit_keys(unit: &str) -> BTreeMap<(String, String), Vec<String>> {
    let mut keys: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    let mut section = String::new();
    for line in unit.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            continue;
        }
        let (k, v) = line.split_once('=').expect(line);
        keys.entry((section.clone(), k.to_string()))
            .or_default()
            .push(v.to_string());
    }
    keys
}

const UNIT: &str = include_str!("../assets/jungle-bot.service");

#[test]
fn the_systemd_unit_has_the_required_keys() {
    let keys = unit_keys(UNIT);
    let one = |section: &str, key: &str| -> String {
        let values = keys
            .get(&(section.to_string(), key.to_string()))
            .unwrap_or_else(|| panic!("[{section}] {key} is missing"));
        assert_eq!(values.len(), 1, "[{section}] {key} is set more than once");
        values[0].clone()
    };
    let service = |key: &str| one("Service", key);
    assert_eq!(service("User"), "jungle");
    assert_eq!(service("StateDirectory"), "jungle-bot");
    assert_eq!(service("StateDirectoryMode"), "0700");
    assert_eq!(service("ProtectSystem"), "strict");
    assert_eq!(service("ProtectHome"), "yes");
    assert_eq!(service("NoNewPrivileges"), "yes");
    assert_eq!(service("Restart"), "on-failure");
    assert_eq!(service("UMask"), "0077");
    assert_eq!(
        service("ExecStart"),
        "/usr/local/bin/jungle run --config /etc/jungle-bot/config.toml"
    );
    assert_eq!(service("EnvironmentFile"), "/etc/jungle-bot/env");
    assert!(
        keys[&("Service".to_string(), "Environment".to_string())]
            .contains(&"XDG_DATA_HOME=%S".to_string())
    );
    assert_eq!(one("Install", "WantedBy"), "multi-user.target");
    assert_eq!(one("Unit", "After"), "network-online.target");
    // The README's install steps name the same paths.
    let readme = include_str!("../README.md");
    for needle in [
        "assets/jungle-bot.service",
        "/etc/jungle-bot/config.toml",
        "/etc/jungle-bot/env",
        "/usr/local/bin/jungle",
        "useradd --system",
    ] {
        assert!(readme.contains(needle), "the README does not say {needle}");
    }
}

#[test]
fn systemd_analyze_verifies_the_unit() {
    let which = Command::new("systemd-analyze").arg("--version").output();
    if !which.is_ok_and(|o| o.status.success()) {
        eprintln!(
            "SKIPPED: systemd-analyze is not installed; the unit's keys are checked statically"
        );
        return;
    }
    // verify insists that ExecStart's program exists: point it at this build's.
    let dir = tempfile::tempdir().unwrap();
    let unit = dir.path().join("jungle-bot.service");
    std::fs::write(
        &unit,
        UNIT.replace("/usr/local/bin/jungle", env!("CARGO_BIN_EXE_jungle")),
    )
    .unwrap();
    let o = Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .arg(&unit)
        .output()
        .unwrap();
    let err = text(&o.stderr);
    let ours: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("jungle-bot.service"))
        .collect();
    assert!(o.status.success() && ours.is_empty(), "{err}");
}

#[cfg(any(feature = "discord", feature = "matrix"))]
/// Runs `jungle check --config` on `config` off the runtime (the double answers on it).
pub async fn check(config: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_jungle"));
    command.args(["check", "--config"]).arg(config);
    for var in ["DISCORD_TOKEN", "MATRIX_PASSWORD", "MATRIX_ACCESS_TOKEN"] {
        command.env_remove(var);
    }
    for (k, v) in env {
        command.env(k, v);
    }
    tokio::time::timeout(Duration::from_secs(120), command.output())
        .await
        .expect("jungle check finishes")
        .unwrap()
}

#[cfg(feature = "discord")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_accepts_good_discord_settings_and_names_a_bad_token() {
    let double = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data/jungle.db");
    let config = dir.path().join("config.toml");
    let write = |token: &str| {
        std::fs::write(
            &config,
            format!(
                "[store]\ndatabase = {:?}\n[discord]\ntoken = \"{token}\"\napi_base_url = \"{}\"\nguild_id = 42\n",
                path(&db),
                double.base_url()
            ),
        )
        .unwrap()
    };
    write(crate::discord::double::TOKEN);
    let o = check(&config, &[]).await;
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(err.is_empty(), "{err}");
    let sections: Vec<&str> = out.lines().map(|l| l.split_once(':').unwrap().0).collect();
    assert_eq!(
        sections,
        [
            "config", "store", "chat", "limits", "bot", "metrics", "discord"
        ],
        "{out}"
    );
    assert!(out.contains("not there yet"), "{out}");
    assert!(
        out.contains("the token is accepted: connects as jungle") && out.contains("server 42"),
        "{out}"
    );
    assert!(!db.exists(), "the check created the database");
    assert!(!out.contains(crate::discord::double::TOKEN), "{out}");

    // An existing database is looked at, not changed; where the bot could not open a game's
    // thread, the operator reads why.
    let store = Store::open(&db).unwrap();
    assert!(
        store
            .note_threads_problem("discord", "42", Some("forbidden"), 1)
            .unwrap()
    );
    assert!(
        !store
            .note_threads_problem("discord", "42", Some("forbidden"), 2)
            .unwrap(),
        "the same problem again is not news"
    );
    drop(store);
    let before = std::fs::read(&db).unwrap();
    let o = check(&config, &[]).await;
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains(&format!(
        "schema version {}, up to date",
        jungle::store::latest_version()
    )));
    assert!(
        out.contains("threads: discord 42: a game stayed in its channel because the bot may not create public threads"),
        "{out}"
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);

    write("a-revoked-token");
    let o = check(&config, &[]).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("discord.token: Discord refused the token (401"),
        "{err}"
    );
    assert!(!err.contains("a-revoked-token") && !text(&o.stdout).contains("a-revoked-token"));
    assert!(
        double.seen().unknown.is_empty(),
        "{:?}",
        double.seen().unknown
    );
}

#[cfg(all(feature = "discord", feature = "matrix"))]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_names_every_problem_on_its_own_line() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    // A broken file: one line, status 1.
    std::fs::write(&config, "[chat]\nmove_timeout = \"soon\"\n").unwrap();
    let o = check(&config, &[]).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("chat.move_timeout (line 2)"), "{err}");
    let o = check(&dir.path().join("missing.toml"), &[]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("cannot read the config file"));

    // A homeserver that does not answer, a database from a newer jungle-bot, and a Discord
    // section without a token: three lines.
    let db = dir.path().join("jungle.db");
    Store::open(&db)
        .unwrap()
        .raw_execute("PRAGMA user_version = 99")
        .unwrap();
    std::fs::write(
        &config,
        format!(
            "[store]\ndatabase = {:?}\n[discord]\nguild_id = 1\n[matrix]\nhomeserver = \"http://127.0.0.1:9\"\nuser_id = \"@jungle:example.org\"\npassword = \"sekrit-pass\"\ndata_dir = {:?}\n",
            path(&db),
            path(&dir.path().join("matrix"))
        ),
    )
    .unwrap();
    let o = check(&config, &[]).await;
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("store.database: ") && lines[0].contains("newer jungle-bot"));
    assert!(lines[1].starts_with("discord.token: missing"), "{err}");
    assert!(
        lines[2].starts_with("matrix.homeserver: http://127.0.0.1:9 does not answer"),
        "{err}"
    );
    assert!(
        out.contains(
            "matrix: logs in to http://127.0.0.1:9 as @jungle:example.org with a password"
        ),
        "{out}"
    );
    assert!(!out.contains("sekrit-pass") && !err.contains("sekrit-pass"));
    assert!(
        !dir.path().join("matrix").exists(),
        "the check made the data_dir"
    );

    // No adapter at all: `jungle run` would refuse to start.
    std::fs::write(&config, "").unwrap();
    let o = check(&config, &[]).await;
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("no adapter is configured"));
}
