//! The chat-layer benchmark: accepted moves per second through the handler with a file
//! database and many games at once (no rendering, no search).

use std::time::Instant;

use crate::chat::{Core, Event, Input, Place, Settings, User};
use crate::engine::{Move, Position, TimeControl};
use crate::store::{Location, NewGame, Store};

/// Figures: (games, accepted moves, seconds).
pub fn run(games: usize, plies: usize) -> anyhow::Result<(usize, usize, f64)> {
    let path = std::env::temp_dir().join(format!("jungle-bench-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let result = Store::open(&path)
        .map_err(anyhow::Error::from)
        .and_then(|store| measure(store, "bench", games, plies, None, &mut || ()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result
}

/// [`run`] on the database `at` (`jungle bench --db`): the games are a platform of their own
/// (`bench-<tag>`), so that runs and processes side by side do not meet. With `latencies`, the
/// time each move took is pushed there.
pub fn run_at(
    at: &Location,
    tag: &str,
    games: usize,
    plies: usize,
    latencies: Option<&mut Vec<f64>>,
    ready: &mut dyn FnMut(),
) -> anyhow::Result<(usize, usize, f64)> {
    let store = Store::connect(at)?;
    measure(
        store,
        &format!("bench-{tag}"),
        games,
        plies,
        latencies,
        ready,
    )
}

fn measure(
    store: Store,
    platform: &str,
    games: usize,
    plies: usize,
    mut latencies: Option<&mut Vec<f64>>,
    ready: &mut dyn FnMut(),
) -> anyhow::Result<(usize, usize, f64)> {
    let mut scripts: Vec<(String, [String; 2], Vec<Move>)> = Vec::with_capacity(games);
    let mut seed = 0x1234_5678_9abc_def1u64;
    for g in 0..games {
        let channel = format!("chan{g}");
        let names = [format!("p{g}a"), format!("p{g}b")];
        let a = store.upsert_player(platform, &names[0], &names[0], 0)?;
        let b = store.upsert_player(platform, &names[1], &names[1], 0)?;
        store.create_game(&NewGame {
            platform,
            scope: "bench",
            channel: &channel,
            jade_id: Some(a.id),
            crimson_id: Some(b.id),
            bot_level: None,
            position: &Position::start(),
            rated: true,
            time_control: TimeControl::DEFAULT,
            now: 0,
        })?;
        // A random line that does not end the game within `plies`.
        let mut pos = Position::start();
        let mut line = Vec::with_capacity(plies);
        while line.len() < plies {
            let moves = pos.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            let mut next = pos;
            next.play_unchecked(mv);
            if next.outcome().is_some() {
                continue;
            }
            pos = next;
            line.push(mv);
        }
        scripts.push((channel, names, line));
    }
    let core = Core::new(store, Settings::default());
    ready();
    let start = Instant::now();
    let mut accepted = 0;
    for ply in 0..plies {
        for (channel, names, line) in &scripts {
            let who = &names[ply % 2];
            let ev = Event {
                place: Place {
                    platform: platform.into(),
                    scope: "bench".into(),
                    channel: channel.clone(),
                    locale: None,
                },
                sender: User::new(who, who),
                input: Input::Text(line[ply].to_string()),
                mentions: Vec::new(),
            };
            let t = Instant::now();
            let h = core.handle(&ev, 1 + ply as i64);
            if let Some(l) = latencies.as_deref_mut() {
                l.push(t.elapsed().as_secs_f64());
            }
            if h.replies.first().is_some_and(|r| !r.private) {
                accepted += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    anyhow::ensure!(
        accepted == games * plies,
        "only {accepted} of {} moves were accepted",
        games * plies
    );
    Ok((games, accepted, secs))
}

/// The timer pass with `games` active games on clock `tc`, none of them due, and a trivial
/// command beside them: (seconds per timer pass, seconds per command), the best of several
/// runs. The database is in memory: this measures what the queries read, not the disk.
pub fn timers(games: usize, tc: TimeControl) -> anyhow::Result<(f64, f64)> {
    let store = Store::open_in_memory()?;
    let start = Position::start();
    for g in 0..games {
        let a = store.upsert_player("bench", &format!("t{g}a"), "a", 0)?;
        let b = store.upsert_player("bench", &format!("t{g}b"), "b", 0)?;
        store.create_game(&NewGame {
            platform: "bench",
            scope: "bench",
            channel: &format!("timers{g}"),
            jade_id: Some(a.id),
            crimson_id: Some(b.id),
            bot_level: None,
            position: &start,
            rated: true,
            time_control: tc,
            now: 1_000,
        })?;
    }
    let core = Core::new(store, Settings::default());
    // Nothing is due a minute later: no challenge lapses, no clock runs out, no reminder is
    // due and no bot move is owed.
    let now = 1_000 + 60;
    let best = |f: &mut dyn FnMut()| {
        (0..5)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let mut due = 0;
    let tick = best(&mut || due += core.tick(now).messages.len());
    anyhow::ensure!(due == 0, "{due} timers fired where none was due");
    let ev = Event {
        place: Place {
            platform: "bench".into(),
            scope: "bench".into(),
            channel: "timers0".into(),
            locale: None,
        },
        sender: User::new("t0a", "a"),
        input: Input::Text("!jungle board".into()),
        mentions: Vec::new(),
    };
    let command = best(&mut || {
        core.handle(&ev, now);
    });
    Ok((tick, command))
}
