//! The chat-layer benchmark: accepted moves per second through the handler with a file
//! database and many games at once (no rendering, no search).

use std::time::Instant;

use crate::chat::{Core, Event, Input, Place, Settings, User};
use crate::engine::{Move, Position};
use crate::store::{NewGame, Store};

/// Figures: (games, accepted moves, seconds).
pub fn run(games: usize, plies: usize) -> anyhow::Result<(usize, usize, f64)> {
    let path = std::env::temp_dir().join(format!("jungle-bench-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let result = measure(&path, games, plies);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result
}

fn measure(
    path: &std::path::Path,
    games: usize,
    plies: usize,
) -> anyhow::Result<(usize, usize, f64)> {
    let mut store = Store::open(path)?;
    let mut scripts: Vec<(String, [String; 2], Vec<Move>)> = Vec::with_capacity(games);
    let mut seed = 0x1234_5678_9abc_def1u64;
    for g in 0..games {
        let channel = format!("chan{g}");
        let names = [format!("p{g}a"), format!("p{g}b")];
        let a = store.upsert_player("bench", &names[0], &names[0], 0)?;
        let b = store.upsert_player("bench", &names[1], &names[1], 0)?;
        store.create_game(&NewGame {
            platform: "bench",
            scope: "bench",
            channel: &channel,
            jade_id: Some(a.id),
            crimson_id: Some(b.id),
            bot_level: None,
            position: &Position::start(),
            rated: true,
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
    let mut core = Core::new(store, Settings::default());
    let start = Instant::now();
    let mut accepted = 0;
    for ply in 0..plies {
        for (channel, names, line) in &scripts {
            let who = &names[ply % 2];
            let ev = Event {
                place: Place {
                    platform: "bench".into(),
                    scope: "bench".into(),
                    channel: channel.clone(),
                },
                sender: User::new(who, who),
                input: Input::Text(line[ply].to_string()),
                mentions: Vec::new(),
            };
            let h = core.handle(&ev, 1 + ply as i64);
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
