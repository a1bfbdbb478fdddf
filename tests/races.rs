//! Several OS processes on one database, as several bot processes would be: `jungle console`
//! processes started at once on the same games, on SQLite and on PostgreSQL. Each test checks
//! one invariant: exactly one effect, ratings that add up, nothing lost.

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
        let mut s = ch.store();
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
