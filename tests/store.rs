//! The store on a real database, SQLite and PostgreSQL alike: schema, durability, and the ply
//! guard that lets exactly one of two racing moves through.

use std::sync::{Arc, Barrier};

use jungle::chat::{Event, Input, ManualClock, Place, Service, Settings, User};
use jungle::store::{Location, NewGame, Store};

use crate::common::backends::{Backend, backends, postgres_server};

fn open(at: &Location) -> Store {
    Store::connect(at).unwrap_or_else(|e| panic!("{at}: {e}"))
}

fn new_game(s: &mut Store) -> i64 {
    let a = s.upsert_player("test", "a", "Ann", 0).unwrap();
    let b = s.upsert_player("test", "b", "Ben", 0).unwrap();
    s.create_game(&NewGame {
        platform: "test",
        scope: "guild",
        channel: "chan",
        jade_id: Some(a.id),
        crimson_id: Some(b.id),
        bot_level: None,
        position: &jungle::Position::start(),
        rated: true,
        time_control: jungle::engine::TimeControl::DEFAULT,
        now: 0,
    })
    .unwrap()
    .id
}

#[test]
fn file_database_uses_wal_and_keeps_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/dir/j.db");
    let id = {
        let mut s = Store::open(&path).unwrap();
        assert_eq!(s.journal_mode().unwrap(), "wal");
        assert_eq!(s.schema_version().unwrap(), jungle::store::latest_version());
        new_game(&mut s)
    };
    let s = Store::open(&path).unwrap();
    let g = s.game(id).unwrap().unwrap();
    assert_eq!(g.position, jungle::Position::start());
    assert_eq!(
        s.find_player("test", "a").unwrap().unwrap().display_name,
        "Ann"
    );
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.db");
    drop(Store::open(&path).unwrap());
    let conn = rusqlite_version_bump(&path);
    drop(conn);
    let err = Store::open(&path)
        .err()
        .expect("a newer schema must be refused");
    assert!(err.to_string().contains("newer jungle-bot"), "{err}");
}

#[test]
fn a_postgres_database_keeps_data_and_refuses_a_newer_schema() {
    let Some(server) = postgres_server() else {
        eprintln!("note: JUNGLE_TEST_POSTGRES is not set: skipped");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let at = Backend::Postgres(server).fresh(dir.path());
    let id = {
        let mut s = open(&at);
        assert_eq!(s.backend(), "postgresql");
        assert_eq!(s.schema_version().unwrap(), jungle::store::latest_version());
        assert!(s.journal_mode().is_err());
        new_game(&mut s)
    };
    // A second process opening the same database finds it migrated and leaves it so.
    let s = open(&at);
    assert_eq!(s.schema_version().unwrap(), jungle::store::latest_version());
    assert_eq!(
        s.game(id).unwrap().unwrap().position,
        jungle::Position::start()
    );
    assert_eq!(
        s.find_player("test", "a").unwrap().unwrap().display_name,
        "Ann"
    );
    s.raw_execute("UPDATE schema_version SET version = 42")
        .unwrap();
    let err = Store::connect(&at)
        .err()
        .expect("a newer schema must be refused");
    assert!(err.to_string().contains("newer jungle-bot"), "{err}");
}

#[test]
fn a_postgres_password_stays_out_of_errors() {
    // Nothing listens on port 9 of the loopback: the connection fails, and says where without
    // the password.
    let at = Location::parse(std::path::Path::new(
        "postgresql://jungle:hunter2@127.0.0.1:9/jungle?connect_timeout=1",
    ))
    .unwrap();
    let err = Store::connect(&at).err().expect("nothing listens there");
    let shown = format!("{err} {err:?}");
    assert!(!shown.contains("hunter2"), "{shown}");
    if cfg!(feature = "postgres") {
        assert!(shown.contains("jungle:***@127.0.0.1:9"), "{shown}");
    } else {
        assert!(shown.contains("without PostgreSQL support"), "{shown}");
    }
}

#[test]
fn postgres_is_tested_when_ci_asks_for_it() {
    let required = ["CI", "JUNGLE_REQUIRE_POSTGRES"]
        .iter()
        .any(|v| std::env::var(v).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false"));
    if required {
        assert!(
            postgres_server().is_some(),
            "CI (or JUNGLE_REQUIRE_POSTGRES) is set, but JUNGLE_TEST_POSTGRES is not, or this build \
             lacks the `postgres` feature: the PostgreSQL runs would be skipped silently"
        );
    }
}

fn rusqlite_version_bump(path: &std::path::Path) -> Store {
    // Reach the raw connection through a second Store and a pragma statement.
    let s = Store::open(path).unwrap();
    s.raw_execute("PRAGMA user_version = 42").unwrap();
    s
}

#[test]
fn racing_moves_on_two_connections_apply_exactly_one() {
    for backend in backends() {
        racing_moves_on_two_connections(&backend);
    }
}

fn racing_moves_on_two_connections(backend: &Backend) {
    let dir = tempfile::tempdir().unwrap();
    let path = backend.fresh(dir.path());
    let id = new_game(&mut open(&path));
    for round in 0..20u32 {
        let barrier = Arc::new(Barrier::new(2));
        let handles: Vec<_> = [0, 1]
            .into_iter()
            .map(|which| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    let s = open(&path);
                    // Two different legal moves in the position the round began with, neither
                    // of which ends the game (which line wins each round is chance).
                    let at = s.game(id).unwrap().unwrap().position;
                    let open: Vec<_> = at
                        .legal_moves()
                        .iter()
                        .copied()
                        .filter(|&m| jungle::store::Step::play(&at, m).after.outcome().is_none())
                        .collect();
                    let mv = open[which];
                    barrier.wait();
                    let step = jungle::store::Step::play(&at, mv);
                    s.commit_move(id, round, &step, 1, None).unwrap()
                })
            })
            .collect();
        let wins: Vec<bool> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        assert_eq!(
            wins.iter().filter(|w| **w).count(),
            1,
            "{}, round {round}: {wins:?}",
            backend.name()
        );
    }
    let g = open(&path).game(id).unwrap().unwrap();
    assert_eq!(g.ply, 20);
    assert_eq!(g.moves.len(), 20);
    assert_eq!((g.captures.len(), g.history.len()), (20, 20));
    // The stored line replays to the stored position.
    let mut pos = g.start_position;
    for (i, mv) in g.moves.iter().enumerate() {
        assert_eq!(g.history[i], pos.hash());
        assert_eq!(pos.play(*mv).unwrap(), g.captures[i]);
    }
    assert_eq!(pos, g.position);
}

#[test]
fn a_move_worked_out_from_a_row_applies_once_and_only_while_the_game_is_as_read() {
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let path = backend.fresh(dir.path());
        let mut s = open(&path);
        let id = new_game(&mut s);
        let seen = s.game(id).unwrap().unwrap();
        let moves = seen.position.legal_moves();
        let step = |i: usize| jungle::store::Step::play(&seen.position, moves[i]);
        // Two processes that read the same row race with different moves: one wins.
        let racers: Vec<_> = [0, 1]
            .into_iter()
            .map(|which| {
                let (path, seen, step) = (path.clone(), seen.clone(), step(which));
                std::thread::spawn(move || open(&path).commit_seen_move(&seen, &step, 5, None))
            })
            .collect();
        let wins: Vec<bool> = racers
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect();
        assert_eq!(
            wins.iter().filter(|w| **w).count(),
            1,
            "{}: {wins:?}",
            backend.name()
        );
        let after = s.game(id).unwrap().unwrap();
        assert_eq!(
            (after.ply, after.last_move_at),
            (1, 5),
            "{}",
            backend.name()
        );
        // The same row again, once the game moved on: refused, nothing written.
        assert!(!s.commit_seen_move(&seen, &step(2), 6, None).unwrap());
        assert_eq!(s.game(id).unwrap().unwrap(), after, "{}", backend.name());
        // A game back at the ply and the position it was read in, but whose clocks are no
        // longer what was read: the move was worked out from other clocks and is refused.
        let seen = after.clone();
        s.raw_execute(&format!(
            "UPDATE games SET jade_clock = 100, crimson_clock = 100 WHERE id = {id}"
        ))
        .unwrap();
        let reply = jungle::store::Step::play(&seen.position, seen.position.legal_moves()[0]);
        assert!(
            !s.commit_seen_move(&seen, &reply, 7, None).unwrap(),
            "{}",
            backend.name()
        );
        assert_eq!(s.game(id).unwrap().unwrap().ply, 1, "{}", backend.name());
        // Read afresh, it goes through.
        let fresh = s.game(id).unwrap().unwrap();
        assert!(
            s.commit_seen_move(&fresh, &reply, 8, None).unwrap(),
            "{}",
            backend.name()
        );
        assert_eq!(s.game(id).unwrap().unwrap().ply, 2, "{}", backend.name());
    }
}

#[test]
fn a_place_and_a_games_players_are_each_read_in_one_go() {
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = open(&backend.fresh(dir.path()));
        let name = backend.name();
        let here = |s: &Store, user: &str| s.arrival("test", "guild", "chan", user).unwrap();
        let a = here(&s, "a");
        assert_eq!(
            (a.language, a.enabled, a.sender),
            (None, true, None),
            "{name}"
        );
        s.set_language("test", "guild", "zh-TW", "mod", 1).unwrap();
        s.set_channel_enabled("test", "chan", false, "mod", 1)
            .unwrap();
        let ann = s.upsert_player("test", "a", "Ann", 1).unwrap();
        let a = here(&s, "a");
        assert_eq!(a.language.as_deref(), Some("zh-TW"), "{name}");
        assert!(!a.enabled, "{name}");
        assert_eq!(a.sender.as_ref(), Some(&ann), "{name}");
        // Someone else, in another channel of the server: the server's language, on, and
        // no player yet; nor is a player of another platform taken for them.
        s.upsert_player("other", "z", "Zed", 1).unwrap();
        let z = s.arrival("test", "guild", "elsewhere", "z").unwrap();
        assert_eq!(
            (z.language.as_deref(), z.enabled, z.sender),
            (Some("zh-TW"), true, None),
            "{name}"
        );
        let id = new_game(&mut s);
        let g = s.game(id).unwrap().unwrap();
        let [jade, crimson] = s.player_pair(g.jade_id, g.crimson_id).unwrap();
        let (jade, crimson) = (jade.unwrap(), crimson.unwrap());
        assert_eq!(jade.player.display_name, "Ann", "{name}");
        assert_eq!(crimson.player.display_name, "Ben", "{name}");
        assert!(jade.notifies && crimson.notifies, "{name}");
        // `notify off` shows in the same read.
        s.set_notify(crimson.player.id, false).unwrap();
        let [ben, bot] = s.player_pair(g.crimson_id, None).unwrap();
        let ben = ben.unwrap();
        assert_eq!(
            (ben.player.user_id.as_str(), ben.notifies),
            ("b", false),
            "{name}"
        );
        // A bot's seat has no player; a missing player is none either.
        assert_eq!(bot, None, "{name}");
        let [missing, ann] = s.player_pair(Some(999_999), g.jade_id).unwrap();
        assert_eq!(
            (missing, ann.map(|s| s.player.id)),
            (None, g.jade_id),
            "{name}"
        );
    }
}

#[test]
fn an_unreadable_row_names_its_table_row_and_column() {
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        an_unreadable_row(&mut open(&backend.fresh(dir.path())));
    }
}

fn an_unreadable_row(s: &mut Store) {
    let id = new_game(s);
    s.raw_execute(&format!(
        "UPDATE games SET status = 'paused' WHERE id = {id}"
    ))
    .unwrap();
    let err = s.game(id).unwrap_err().to_string();
    assert!(
        err.contains(&format!("games row {id}, column status")),
        "{err}"
    );
    assert!(err.contains("'paused'"), "{err}");
    s.raw_execute(&format!(
        "UPDATE games SET status = 'active', moves = 'G7 G6,Z9 Z8', captures = '..', hashes = '' WHERE id = {id}"
    ))
    .unwrap();
    let err = s.game(id).unwrap_err().to_string();
    assert!(err.contains("column moves"), "{err}");
}

#[test]
fn a_version_one_database_is_migrated_with_its_games_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        // The schema as version 1 left it, with a game two moves in.
        let s = Store::open(&path).unwrap();
        let id = {
            let mut s = Store::open(&path).unwrap();
            new_game(&mut s)
        };
        let mut pos = jungle::Position::start();
        for mv in ["G7 G6", "A3 A4"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        s.raw_execute(&format!(
            "UPDATE games SET moves = 'G7 G6,A3 A4', ply = 2, position = '{pos}' WHERE id = {id};
             DROP INDEX games_bot_turns; DROP INDEX games_due; DROP INDEX games_reminders; DROP INDEX challenges_expiry;
             ALTER TABLE games DROP COLUMN captures; ALTER TABLE games DROP COLUMN hashes;
             ALTER TABLE games DROP COLUMN bot_to_move;
             DROP INDEX takebacks_by_game; DROP TABLE takebacks; DROP TABLE channels;
             DROP TABLE languages; DROP TABLE leases; DROP TABLE live_messages; DROP TABLE quiet_players;
             ALTER TABLE games DROP COLUMN bot_claim; ALTER TABLE games DROP COLUMN bot_claim_until;
             ALTER TABLE games DROP COLUMN time_control; ALTER TABLE games DROP COLUMN jade_clock;
             ALTER TABLE games DROP COLUMN crimson_clock; ALTER TABLE games DROP COLUMN deadline;
             ALTER TABLE games DROP COLUMN next_reminder; ALTER TABLE challenges DROP COLUMN time_control;
             DROP TABLE place_settings; DROP TABLE game_threads;
             DROP TABLE tournament_games; DROP TABLE tournament_players; DROP TABLE tournaments;
             ALTER TABLE games DROP COLUMN takeback_offer; ALTER TABLE challenges DROP COLUMN rated;
             DROP TABLE analyses; DROP INDEX players_by_lower_name;
             CREATE INDEX players_by_name ON players (platform, display_name COLLATE NOCASE);
             PRAGMA user_version = 1;"
        ))
        .unwrap();
    }
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), jungle::store::latest_version());
    let g = s.game(1).unwrap().unwrap();
    assert_eq!(g.captures, [None, None]);
    let start = jungle::Position::start();
    let mut second = start;
    second.play("G7 G6".parse().unwrap()).unwrap();
    assert_eq!(g.history, [start.hash(), second.hash()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_through_the_service_apply_exactly_one() {
    for backend in backends() {
        racing_moves_through_the_service(&backend).await;
    }
}

async fn racing_moves_through_the_service(backend: &Backend) {
    let dir = tempfile::tempdir().unwrap();
    let path = backend.fresh(dir.path());
    let setup = path.clone();
    // The PostgreSQL client runs its own runtime: the store is used off this one.
    let id = tokio::task::spawn_blocking(move || new_game(&mut open(&setup)))
        .await
        .unwrap();
    let opened = path.clone();
    let store = tokio::task::spawn_blocking(move || open(&opened))
        .await
        .unwrap();
    let service = Service::new(store, Settings::default(), Arc::new(ManualClock::new(10)));
    let ev = |text: &str| Event {
        place: Place {
            platform: "test".into(),
            scope: "guild".into(),
            channel: "chan".into(),
            locale: None,
        },
        sender: User::new("a", "Ann"),
        input: Input::Text(text.into()),
        mentions: vec![],
    };
    let (r1, r2) = tokio::join!(service.handle(ev("G7 G6")), service.handle(ev("A7 A6")));
    let played = [&r1, &r2]
        .iter()
        .filter(|r| r[0].text.starts_with("Ann played"))
        .count();
    assert_eq!(played, 1, "{r1:?} {r2:?}");
    let refused: Vec<&str> = [&r1, &r2]
        .iter()
        .filter(|r| r[0].private)
        .map(|r| r[0].text.as_str())
        .collect();
    assert_eq!(
        refused,
        vec!["It is not your turn: Ben (Crimson) is to move."]
    );
    let g = tokio::task::spawn_blocking(move || open(&path).game(id).unwrap().unwrap())
        .await
        .unwrap();
    assert_eq!(g.ply, 1);
}

#[test]
fn the_live_message_of_an_item_is_swapped_and_taken_on_both_backends() {
    use jungle::store::LiveMessage;
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let path = backend.fresh(dir.path());
        let s = open(&path);
        let at = |m: &str| LiveMessage {
            channel: "5".into(),
            message: m.into(),
        };
        let name = backend.name();
        assert_eq!(
            s.swap_live("discord", "game:1", &at("10")).unwrap(),
            None,
            "{name}"
        );
        assert_eq!(
            s.swap_live("discord", "game:1", &at("10")).unwrap(),
            None,
            "{name}: same"
        );
        assert_eq!(
            s.swap_live("discord", "game:1", &at("11")).unwrap(),
            Some(at("10")),
            "{name}"
        );
        // Another item, another platform: their own rows.
        assert_eq!(s.swap_live("discord", "offer:1", &at("12")).unwrap(), None);
        assert_eq!(s.swap_live("matrix", "game:1", &at("$e")).unwrap(), None);
        // A second store on the same database (another process) sees the row: a restart too.
        let again = open(&path);
        assert_eq!(
            again.take_live("discord", "game:1").unwrap(),
            Some(at("11"))
        );
        assert_eq!(
            s.take_live("discord", "game:1").unwrap(),
            None,
            "{name}: taken once"
        );
        assert_eq!(s.take_live("discord", "offer:1").unwrap(), Some(at("12")));
        assert_eq!(s.take_live("matrix", "game:1").unwrap(), Some(at("$e")));
    }
}

#[test]
fn a_games_thread_is_found_from_both_ends_and_closed_once() {
    for backend in backends() {
        games_thread(&backend);
    }
}

fn games_thread(backend: &Backend) {
    let dir = tempfile::tempdir().unwrap();
    let path = backend.fresh(dir.path());
    let s = open(&path);
    let id = new_game(&mut open(&path));
    let name = backend.name();
    assert_eq!(s.thread_of_game("discord", id).unwrap(), None, "{name}");
    s.open_thread("discord", id, "100", "200").unwrap();
    let t = s.thread_of_game("discord", id).unwrap().expect("stored");
    assert_eq!(
        (t.channel.as_str(), t.thread.as_str(), t.open),
        ("100", "200", true),
        "{name}"
    );
    assert_eq!(
        s.game_of_thread("discord", "200").unwrap(),
        Some(t),
        "{name}"
    );
    assert_eq!(s.game_of_thread("matrix", "200").unwrap(), None, "{name}");
    // Of two processes ending the game, one archives its thread.
    let other = open(&path);
    assert!(s.close_thread("discord", id).unwrap(), "{name}");
    assert!(!other.close_thread("discord", id).unwrap(), "{name}");
    assert!(!s.thread_of_game("discord", id).unwrap().unwrap().open);
    // The per-place switch and the moderators' note.
    assert_eq!(s.threads_enabled("discord", "9").unwrap(), None, "{name}");
    s.set_threads_enabled("discord", "9", false, "mod", 1)
        .unwrap();
    assert_eq!(
        s.threads_enabled("discord", "9").unwrap(),
        Some(false),
        "{name}"
    );
    s.set_threads_enabled("discord", "9", true, "mod", 2)
        .unwrap();
    assert_eq!(
        s.threads_enabled("discord", "9").unwrap(),
        Some(true),
        "{name}"
    );
    assert!(
        s.note_threads_problem("discord", "9", Some("full"), 3)
            .unwrap()
    );
    assert!(
        !s.note_threads_problem("discord", "9", Some("full"), 4)
            .unwrap()
    );
    assert_eq!(
        s.threads_problems().unwrap(),
        [("discord".to_string(), "9".to_string(), "full".to_string())],
        "{name}"
    );
    assert!(s.note_threads_problem("discord", "9", None, 5).unwrap());
    assert!(s.threads_problems().unwrap().is_empty(), "{name}");
}
