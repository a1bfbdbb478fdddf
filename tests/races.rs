//! Several OS processes on one database, as several bot processes would be: `jungle console`
//! processes started at once on the same games, and `jungle run` processes with the same Matrix
//! account, on SQLite and on PostgreSQL. Each test checks one invariant: exactly one effect
//! (one game, one search of an owed bot move, one process on the account), ratings that add up,
//! nothing lost.

use std::collections::BTreeMap;

use jungle::store::{GameStatus, NewGame, Store};

use crate::common::backends::backends;
use crate::console::Channel;

/// Runs the scripts in as many console processes at once and returns their transcripts.
fn at_once(ch: &Channel, scripts: &[String]) -> Vec<String> {
    std::thread::scope(|s| {
        let runs: Vec<_> = scripts
            .iter()
            .map(|script| s.spawn(|| ch.run(script)))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    })
}

#[test]
fn two_processes_accepting_one_challenge_start_one_game() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        for round in 0..4 {
            let channel = format!("/channel r{round}\n");
            ch.run(&format!("{channel}alice: !jungle challenge\n"));
            let outs = at_once(
                &ch,
                &[
                    format!("{channel}bob: !jungle accept\n"),
                    format!("{channel}carol: !jungle accept\n"),
                ],
            );
            let started = outs.iter().filter(|o| o.contains("starts")).count();
            assert_eq!(started, 1, "{}, round {round}: {outs:?}", backend.name());
            let s = ch.store();
            let games = s.active_games("console", &format!("r{round}")).unwrap();
            assert_eq!(games.len(), 1, "{}: {games:?}", backend.name());
        }
    }
}

#[test]
fn three_processes_ending_the_same_games_end_each_once_and_ratings_add_up() {
    const GAMES: usize = 12;
    const PLAYERS: usize = 4;
    for backend in backends() {
        let ch = Channel::on(&backend);
        let s = ch.store();
        let names: Vec<String> = (0..PLAYERS).map(|i| format!("p{i}")).collect();
        let mut games = Vec::new();
        for g in 0..GAMES {
            let (a, b) = (g % PLAYERS, (g + 1 + g / PLAYERS) % PLAYERS);
            let (a, b) = if a == b {
                (a, (b + 1) % PLAYERS)
            } else {
                (a, b)
            };
            let ja = s.upsert_player("console", &names[a], &names[a], 0).unwrap();
            let jb = s.upsert_player("console", &names[b], &names[b], 0).unwrap();
            let row = s
                .create_game(&NewGame {
                    platform: "console",
                    scope: "console",
                    channel: &format!("g{g}"),
                    jade_id: Some(ja.id),
                    crimson_id: Some(jb.id),
                    bot_level: None,
                    position: &jungle::Position::start(),
                    rated: true,
                    time_control: jungle::engine::TimeControl::DEFAULT,
                    now: 1_800_000_000,
                })
                .unwrap();
            games.push((row.id, a, b));
        }
        drop(s);
        // Process 0 resigns for Jade, process 1 for Crimson, process 2 offers and accepts draws
        // and moves: every game ends exactly once, whichever process gets there first.
        let mut scripts = vec![String::new(), String::new(), String::new()];
        for (g, &(_, a, b)) in games.iter().enumerate() {
            let c = format!("/channel g{g}\n");
            scripts[0].push_str(&format!("{c}{}: !jungle resign\n", names[a]));
            scripts[1].push_str(&format!("{c}{}: !jungle resign\n", names[b]));
            scripts[2].push_str(&format!(
                "{c}{}: G7 G6\n{}: !jungle draw\n{}: !jungle draw\n",
                names[a], names[b], names[a]
            ));
        }
        let outs = at_once(&ch, &scripts);
        let s: Store = ch.store();
        let mut expected: BTreeMap<i64, i64> = BTreeMap::new();
        let mut history_rows = 0;
        for &(id, _, _) in &games {
            let g = s.game(id).unwrap().unwrap();
            assert_eq!(
                g.status,
                GameStatus::Finished,
                "{}: game {id}: {outs:?}",
                backend.name()
            );
            let changes = s.rating_changes(id).unwrap();
            assert_eq!(
                changes.len(),
                2,
                "{}: game {id}: {changes:?}",
                backend.name()
            );
            for (player, before, after) in changes {
                *expected.entry(player).or_insert(0) += i64::from(after - before);
                history_rows += 1;
            }
        }
        assert_eq!(history_rows, 2 * GAMES);
        // Each player's rating is where the recorded changes lead, and the games count.
        for name in &names {
            let p = s.find_player("console", name).unwrap().unwrap();
            let moved = expected.get(&p.id).copied().unwrap_or(0);
            assert_eq!(
                i64::from(p.rating),
                1200 + moved,
                "{}: {p:?}",
                backend.name()
            );
            assert_eq!(p.wins + p.draws + p.losses, p.rated_games);
        }
        let total: u32 = names
            .iter()
            .map(|n| s.find_player("console", n).unwrap().unwrap().rated_games)
            .sum();
        assert_eq!(total as usize, 2 * GAMES);
    }
}

#[test]
fn processes_that_find_the_same_owed_bot_moves_search_and_play_each_once() {
    const GAMES: usize = 4;
    const SEARCHES: &str = "the bot searches its move";
    for backend in backends() {
        let ch = Channel::on(&backend);
        let s = ch.store();
        let human = s.upsert_player("console", "hal", "hal", 0).unwrap();
        // Games in which the bot (Jade, `hard`: it thinks for its full second) is to move, as
        // after a restart: every process's timers find all of them owed at once.
        let games: Vec<i64> = (0..GAMES)
            .map(|g| {
                s.create_game(&NewGame {
                    platform: "console",
                    scope: "console",
                    channel: &format!("owed{g}"),
                    jade_id: None,
                    crimson_id: Some(human.id),
                    bot_level: Some(jungle::ai::Level::HARD),
                    position: &jungle::Position::start(),
                    rated: false,
                    time_control: jungle::engine::TimeControl::DEFAULT,
                    now: 1_800_000_000,
                })
                .unwrap()
                .id
            })
            .collect();
        drop(s);
        let runs: Vec<(String, String)> = std::thread::scope(|sc| {
            let runs: Vec<_> = (0..3)
                .map(|_| sc.spawn(|| ch.run_logged("/tick\n", "jungle_chat=debug")))
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let searched: usize = runs
            .iter()
            .map(|(_, log)| log.matches(SEARCHES).count())
            .sum();
        let played: usize = runs
            .iter()
            .map(|(out, _)| out.matches("Jungle bot (level 6, hard) played").count())
            .sum();
        assert_eq!(searched, GAMES, "{}: {runs:#?}", backend.name());
        assert_eq!(played, GAMES, "{}: {runs:#?}", backend.name());
        let s = ch.store();
        for id in games {
            let g = s.game(id).unwrap().unwrap();
            assert_eq!(g.ply, 1, "{}: game {id}: {runs:#?}", backend.name());
        }
    }
}

/// A `jungle run` process, stopped (killed) when dropped.
#[cfg(feature = "matrix")]
struct Running(std::process::Child);

#[cfg(feature = "matrix")]
impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[cfg(feature = "matrix")]
fn jungle_run(config: &std::path::Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_jungle"));
    command
        .args(["run", "--config"])
        .arg(config)
        .env_remove("RUST_LOG")
        .env_remove("MATRIX_PASSWORD")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null());
    command
}

/// Waits (a minute at most) until `check` holds.
#[cfg(feature = "matrix")]
fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !check() {
        assert!(std::time::Instant::now() < deadline, "never: {what}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[cfg(feature = "matrix")]
#[test]
fn a_second_process_with_the_same_matrix_account_refuses_to_start() {
    use std::process::Stdio;

    for backend in backends() {
        let dir = tempfile::tempdir().unwrap();
        let db = match backend.fresh(dir.path()) {
            jungle::store::Location::File(path) => path.display().to_string(),
            jungle::store::Location::Postgres(url) => url.expose().to_string(),
        };
        // A homeserver that does not answer: the adapter keeps trying to log in, and the
        // process keeps running (and holding the lease) meanwhile.
        let closed = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let config = dir.path().join("config.toml");
        std::fs::write(
            &config,
            format!(
                "[store]\ndatabase = {db:?}\n\n[matrix]\nhomeserver = \"http://127.0.0.1:{closed}\"\n\
                 user_id = \"@jungle:localhost\"\npassword = \"pw\"\ndata_dir = {:?}\n",
                dir.path().join("matrix")
            ),
        )
        .unwrap();
        let lease = format!("matrix http://127.0.0.1:{closed} @jungle:localhost");
        let store =
            Store::connect(&jungle::store::Location::parse(std::path::Path::new(&db)).unwrap())
                .unwrap();
        // A process that was killed a while ago left its lease behind, lapsed a second ago.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        assert_eq!(
            store
                .take_lease(&lease, "dead pid 0 ", now - 61, now - 1)
                .unwrap(),
            jungle::store::LeaseGrant::Granted
        );
        let holder = || store.lease(&lease).unwrap().map(|l| l.owner);
        let first = Running(jungle_run(&config).stderr(Stdio::null()).spawn().unwrap());
        let pid = |p: u32| format!(" pid {p} ");
        eventually("the first process takes the lapsed lease over", || {
            holder().is_some_and(|h| h.contains(&pid(first.0.id())))
        });

        // The second process refuses at once, saying why and who holds the account.
        let second = jungle_run(&config).stderr(Stdio::piped()).output().unwrap();
        let err = String::from_utf8_lossy(&second.stderr);
        assert!(!second.status.success(), "{}: {err}", backend.name());
        assert!(
            err.contains(
                "the Matrix account @jungle:localhost is in use by another jungle process"
            ) && err.contains(&pid(first.0.id())),
            "{}: {err}",
            backend.name()
        );
        assert!(holder().unwrap().contains(&pid(first.0.id())));

        // The first stops cleanly (Ctrl-C) and gives the lease up; a new process may start.
        let mut first = first;
        let stopped = std::process::Command::new("kill")
            .args(["-INT", &first.0.id().to_string()])
            .status()
            .unwrap();
        assert!(stopped.success());
        let mut status = None;
        eventually("the first process stops", || {
            status = first.0.try_wait().unwrap();
            status.is_some()
        });
        assert!(status.unwrap().success(), "{}", backend.name());
        assert_eq!(
            holder(),
            None,
            "{}: the lease was not given up",
            backend.name()
        );
        let third = Running(jungle_run(&config).stderr(Stdio::null()).spawn().unwrap());
        eventually("a new process takes the lease", || {
            holder().is_some_and(|h| h.contains(&pid(third.0.id())))
        });
    }
}

#[test]
fn processes_ticking_at_once_remind_the_player_to_move_once() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n",
        );
        let tick = "/advance 23h\n/tick\n".to_string();
        let outs = at_once(&ch, &[tick.clone(), tick.clone(), tick]);
        let reminded = outs
            .iter()
            .map(|o| o.matches("It is your move in game #1").count())
            .sum::<usize>();
        assert_eq!(reminded, 1, "{}: {outs:?}", backend.name());
    }
}

#[test]
fn two_players_asking_for_a_rematch_at_once_start_one_game() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        for round in 0..3 {
            let channel = format!("/channel r{round}\n");
            ch.run(&format!(
                "{channel}alice: !jungle challenge @bob jade\n\
                 bob: !jungle accept\n\
                 bob: !jungle resign\n"
            ));
            let outs = at_once(
                &ch,
                &[
                    format!("{channel}alice: !jungle rematch\n"),
                    format!("{channel}bob: !jungle rematch\n"),
                ],
            );
            let store = ch.store();
            let channel_id = format!("r{round}");
            let active = store.active_games("console", &channel_id).unwrap();
            let open = store.open_challenges("console", &channel_id, 0).unwrap();
            // Whichever offer came first, the other was its answer: one game, no offer left.
            assert_eq!(
                (active.len(), open.len()),
                (1, 0),
                "{}, round {round}: {outs:?}",
                backend.name()
            );
        }
    }
}
