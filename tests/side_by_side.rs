//! Commands served side by side by one process: commands in different channels run at the same
//! time, on both backends, and none is lost or applied twice; a read does not wait for a write
//! another connection holds.

use std::sync::Arc;
use std::time::Duration;

use jungle::chat::{Event, Input, ManualClock, Place, Service, Settings, User};
use jungle::store::{GameStatus, Location, Store};

use crate::common::backends::{Backend, backends};

fn event(channel: &str, who: &str, text: &str) -> Event {
    Event {
        place: Place {
            platform: "test".into(),
            scope: "guild".into(),
            channel: channel.into(),
            locale: None,
        },
        sender: User::new(who, who),
        input: Input::Text(text.into()),
        mentions: vec![],
    }
}

/// A service on `at`, opened off the runtime (the PostgreSQL client runs its own).
async fn service(at: &Location) -> Service {
    let at = at.clone();
    let store = tokio::task::spawn_blocking(move || Store::connect(&at).unwrap())
        .await
        .unwrap();
    let mut settings = Settings::default();
    settings.limits.commands = u32::MAX;
    Service::new(store, settings, Arc::new(ManualClock::new(100)))
}

/// The first moves of a game that ends nothing (pieces stepping on land).
const LINE: [&str; 8] = [
    "G7 G6", "A3 A4", "A7 A6", "G3 G4", "C7 D7", "C3 D3", "E7 F7", "E3 F3",
];

async fn many_channels_at_once(backend: &Backend) {
    let dir = tempfile::tempdir().unwrap();
    let at = backend.fresh(dir.path());
    let service = service(&at).await;
    let channels: Vec<String> = (0..24).map(|i| format!("c{i}")).collect();
    // A challenge accepted in each channel, all at once.
    let started = futures_join(channels.iter().map(|c| {
        let s = service.clone();
        let c = c.clone();
        async move {
            // Bob has spoken here, so that the challenge can name him.
            s.handle(event(&c, &format!("{c}b"), "!jungle top")).await;
            let asked = s
                .handle(event(
                    &c,
                    &format!("{c}a"),
                    &format!("!jungle challenge @{c}b jade"),
                ))
                .await;
            assert!(!asked[0].private, "{c}: {}", asked[0].text);
            let accepted = s
                .handle(event(&c, &format!("{c}b"), "!jungle accept"))
                .await;
            assert!(!accepted[0].private, "{c}: {}", accepted[0].text);
        }
    }))
    .await;
    assert_eq!(started, channels.len());
    // Then every channel plays its line, the channels side by side.
    let played = futures_join(channels.iter().map(|c| {
        let s = service.clone();
        let c = c.clone();
        async move {
            for (ply, mv) in LINE.iter().enumerate() {
                let who = if ply % 2 == 0 { "a" } else { "b" };
                let r = s.handle(event(&c, &format!("{c}{who}"), mv)).await;
                assert!(!r[0].private, "{c} ply {ply} {mv}: {}", r[0].text);
            }
        }
    }))
    .await;
    assert_eq!(played, channels.len());
    let rows = service
        .with_store(move |s| {
            (0..24)
                .map(|i| s.active_games("test", &format!("c{i}")).unwrap())
                .collect::<Vec<_>>()
        })
        .await
        .unwrap();
    for (i, games) in rows.iter().enumerate() {
        assert_eq!(games.len(), 1, "channel c{i}: {games:?}");
        let g = &games[0];
        assert_eq!(g.status, GameStatus::Active);
        let moves: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(moves, LINE, "channel c{i}: every move once, in order");
    }
}

/// Runs the futures at once (each on the runtime's threads); how many finished.
async fn futures_join<F>(futures: impl Iterator<Item = F>) -> usize
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let tasks: Vec<_> = futures.map(tokio::spawn).collect();
    let mut done = 0;
    for t in tasks {
        t.await.unwrap();
        done += 1;
    }
    done
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn commands_in_many_channels_run_at_once_and_each_applies_once() {
    for backend in backends() {
        many_channels_at_once(&backend).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_that_reads_does_not_wait_for_a_write_held_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jungle.db");
    let service = service(&Location::File(path.clone())).await;
    for (c, first) in [("busy", "G7 G6"), ("quiet", "G7 G6")] {
        service
            .handle(event(c, &format!("{c}b"), "!jungle top"))
            .await;
        service
            .handle(event(
                c,
                &format!("{c}a"),
                &format!("!jungle challenge @{c}b jade"),
            ))
            .await;
        service
            .handle(event(c, &format!("{c}b"), "!jungle accept"))
            .await;
        let r = service.handle(event(c, &format!("{c}a"), first)).await;
        assert!(!r[0].private, "{}", r[0].text);
    }
    // Another connection (another process, say) holds SQLite's write lock.
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let s = service.clone();
    let waiting = tokio::spawn(async move { s.handle(event("busy", "busyb", "A3 A4")).await });
    // Time for the move to reach the store and wait for the lock there.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let board = tokio::time::timeout(
        Duration::from_secs(20),
        service.handle(event("quiet", "quietb", "!jungle board")),
    )
    .await
    .expect("the board came while the write waited");
    assert!(
        board[0].board.is_some() && board[0].image.is_some(),
        "{:?}",
        board[0].text
    );
    assert!(!waiting.is_finished(), "the move did not wait for the lock");
    other.execute_batch("COMMIT").unwrap();
    let moved = waiting.await.unwrap();
    assert!(!moved[0].private, "{}", moved[0].text);
    let g = service
        .with_store(|s| s.active_games("test", "busy").unwrap())
        .await
        .unwrap();
    assert_eq!(g[0].ply, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_answer_to_a_game_that_moved_on_while_it_thought_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let service = service(&Location::File(dir.path().join("jungle.db"))).await;
    let started = service
        .handle(event("c", "ann", "!jungle play bot easy jade"))
        .await;
    assert!(!started[0].private, "{}", started[0].text);
    let (moved, pending) = service.handle_first(event("c", "ann", "G7 G6")).await;
    assert!(!moved[0].private, "{}", moved[0].text);
    let pending = pending.expect("the bot owes its answer");
    // While the bot would think, a moderator aborts the game.
    let aborted = service
        .with_store(|s| {
            let g = s.active_games("test", "c").unwrap().remove(0);
            s.finish_game(g.id, g.ply, &jungle::store::Finish::aborted(), 200)
                .unwrap()
        })
        .await
        .unwrap();
    assert!(aborted);
    let answer = service.answer(pending).await;
    assert!(answer.is_empty(), "{answer:?}");
    let g = service
        .with_store(|s| s.game(1).unwrap().unwrap())
        .await
        .unwrap();
    assert_eq!((g.ply, g.status), (1, GameStatus::Aborted));
}

/// A move chosen in a position the game has left is refused even at the same ply: here the
/// game was taken back and another move played meanwhile.
#[test]
fn a_move_from_a_position_the_game_left_is_refused_at_the_same_ply() {
    use jungle::Position;
    use jungle::store::{NewGame, Step};
    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::connect(&backend.fresh(dir.path())).unwrap();
        let a = s.upsert_player("test", "a", "Ann", 0).unwrap();
        let start = Position::start();
        let g = s
            .create_game(&NewGame {
                platform: "test",
                scope: "guild",
                channel: "c",
                jade_id: Some(a.id),
                crimson_id: None,
                bot_level: Some(jungle::engine::Level::STRONGEST),
                position: &start,
                rated: false,
                time_control: jungle::engine::TimeControl::DEFAULT,
                now: 1,
            })
            .unwrap();
        let first = Step::play(&start, "G7 G6".parse().unwrap());
        assert!(s.commit_move(g.id, 0, &first, 2, None).unwrap());
        // The bot starts thinking at ply 1 in `first.after`.
        let stale = Step::play(&first.after, "A3 A4".parse().unwrap());
        s.take_back(g.id, 1, 1, jungle::Side::Jade, 3)
            .unwrap()
            .unwrap();
        let other = Step::play(&start, "A7 A6".parse().unwrap());
        assert!(s.commit_move(g.id, 0, &other, 4, None).unwrap());
        assert!(
            !s.commit_move(g.id, 1, &stale, 5, None).unwrap(),
            "{}: the stale answer was committed",
            backend.name()
        );
        let row = s.game(g.id).unwrap().unwrap();
        assert_eq!(row.ply, 1);
        assert_eq!(row.position, other.after, "{}", backend.name());
        drop(s);
    }
}
