//! Post-game analysis: a constructed game whose first move misses a win in one is tagged `??`
//! with the winning move named, by the library, by `jungle analyze` and through the chat
//! service (which answers at once, posts the result with its graph, and keeps it).

use std::process::Command;
use std::sync::Arc;

use jungle::ai::analysis::{self, Tag};
use jungle::ai::{Limits, MAX_DEPTH, NoStop, Stop};
use jungle::chat::{Event, Input, ManualClock, Place, Reply, Service, Settings, User};
use jungle::engine::{Outcome, Side, WinReason};
use jungle::store::{Finish, NewGame, Step, Store};

use crate::common::{board, mv, pos};

/// Jade's lion stands on Crimson's trap beside Crimson's den (D1): D2 D1 wins at once. Jade
/// plays A9 A8 instead, and Crimson's cat takes the lion (on an enemy trap it has rank 0).
const PIECES: &[(char, &str)] = &[('L', "D2"), ('R', "A9"), ('e', "G1"), ('c', "E2")];
const MOVES: &str = "A9 A8, E2 D2";

fn limits() -> Limits {
    Limits {
        depth: MAX_DEPTH,
        nodes: Some(20_000),
    }
}

#[test]
fn a_missed_win_is_a_blunder_and_the_win_is_named() {
    let start = pos('j', PIECES);
    let moves = [mv("A9 A8"), mv("E2 D2")];
    let mut stop = || -> Box<dyn Stop> { Box::new(NoStop) };
    let mut seen = Vec::new();
    let a = analysis::analyse(&start, &moves, limits(), &mut stop, &mut |d, t| {
        seen.push((d, t))
    })
    .unwrap();
    assert_eq!(seen.last(), Some(&(3, 3)));
    let first = &a.plies[0];
    assert_eq!(first.tag, Some(Tag::Blunder));
    assert_eq!(first.best, mv("D2 D1"));
    assert!(first.drop > 0.4, "{first:?}");
    // Crimson's capture was the right answer.
    assert_eq!(a.plies[1].tag, None);
    assert_eq!(a.plies[1].side, Side::Crimson);
    let jade = a.summary(Side::Jade);
    assert_eq!((jade.counts, jade.turning_point), ([0, 0, 1], Some(1)));
    assert!(jade.accuracy < 20.0, "{jade:?}");
    assert!(a.summary(Side::Crimson).accuracy > 99.0);
    // The curve starts high for Jade (a win in one) and ends low.
    let curve = a.curve();
    assert_eq!(curve.len(), 3);
    assert!(curve[0] > 0.95 && curve[2] < 0.4, "{curve:?}");
}

#[test]
fn a_move_that_is_not_legal_is_refused() {
    let start = pos('j', PIECES);
    let mut stop = || -> Box<dyn Stop> { Box::new(NoStop) };
    let e =
        analysis::analyse(&start, &[mv("A9 A7")], limits(), &mut stop, &mut |_, _| {}).unwrap_err();
    // Worded as `jungle replay` words it: the engine's reason after the move.
    let reason = { start }.play(mv("A9 A7")).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("move 1 (A9 A7) is illegal: {reason}")
    );
}

#[test]
fn jungle_analyze_prints_a_line_per_half_move_then_the_players() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("graph.png");
    let out = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args([
            "analyze",
            "--nodes",
            "20000",
            "--moves",
            MOVES,
            "--position",
        ])
        .arg(board('j', 0, PIECES))
        .arg("-o")
        .arg(&graph)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let first: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(first[0], "1");
    assert_eq!(first[1..3], ["A9", "A8"]);
    assert_eq!(first[4..], ["D2", "D1", "??"], "{text}");
    assert!(lines[1].starts_with("2 E2 D2 "), "{text}");
    assert!(lines[2].starts_with("Jade: accuracy "), "{text}");
    assert!(
        lines[2].contains("?? 1, costliest move A9 A8 at ply 1, D2 D1 was better"),
        "{text}"
    );
    assert!(lines[3].starts_with("Crimson: accuracy 100%"), "{text}");
    let img = image::open(&graph).unwrap();
    assert_eq!((img.width(), img.height()), (640, 260));

    let bad = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["analyze", "--nodes", "1000", "--moves", "G7 G6, G6 G5, xx"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("invalid --moves: move 3"), "{err}");
}

fn event(channel: &str, text: &str) -> Event {
    Event {
        place: Place {
            platform: "console".into(),
            scope: "home".into(),
            channel: channel.into(),
            locale: None,
        },
        sender: User::new("alice", "alice"),
        input: Input::Text(format!("!jungle {text}")),
        mentions: Vec::new(),
    }
}

/// The constructed game, finished by resignation, in a database file; its id.
fn finished_game(db: &std::path::Path) -> i64 {
    let mut store = Store::open(db).unwrap();
    let place = Place {
        platform: "console".into(),
        scope: "home".into(),
        channel: "games".into(),
        locale: None,
    };
    finished_game_in(&mut store, &place, ["alice", "bob"], ["alice", "bob"])
}

/// The constructed game between two users (ids, names) at `place`, finished by Jade's
/// resignation after its two moves; its id.
pub fn finished_game_in(store: &mut Store, place: &Place, ids: [&str; 2], names: [&str; 2]) -> i64 {
    let a = store
        .upsert_player(&place.platform, ids[0], names[0], 0)
        .unwrap();
    let b = store
        .upsert_player(&place.platform, ids[1], names[1], 0)
        .unwrap();
    let start = pos('j', PIECES);
    let id = store
        .create_game(&NewGame {
            platform: &place.platform,
            scope: &place.scope,
            channel: &place.channel,
            jade_id: Some(a.id),
            crimson_id: Some(b.id),
            bot_level: None,
            position: &start,
            rated: false,
            time_control: jungle::engine::TimeControl::DEFAULT,
            now: 0,
        })
        .unwrap()
        .id;
    let mut p = start;
    for (ply, m) in ["A9 A8", "E2 D2"].into_iter().enumerate() {
        let step = Step::play(&p, mv(m));
        assert!(store.commit_move(id, ply as u32, &step, 1, None).unwrap());
        p = step.after;
    }
    let resigned = Finish {
        outcome: Some(Outcome::Win {
            winner: Side::Crimson,
            reason: WinReason::Resignation,
        }),
        changes: Vec::new(),
    };
    assert!(store.finish_game(id, 2, &resigned, 2).unwrap());
    id
}

fn texts(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_in_chat_answers_at_once_then_posts_and_keeps_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jungle.db");
    let id = finished_game(&db);
    let settings = Settings {
        analysis_nodes: 20_000,
        ..Settings::default()
    };
    let service = Service::new(
        Store::open(&db).unwrap(),
        settings,
        Arc::new(ManualClock::new(100)),
    );
    let (first, pending) = service
        .handle_staged(event("games", &format!("analyze {id}")))
        .await;
    assert_eq!(
        texts(&first),
        format!("Analysing game #{id} (2 half-moves); the result follows here.")
    );
    let result = service
        .answer(pending.expect("the analysis is left for later"))
        .await;
    assert_eq!(result.len(), 1);
    let text = &result[0].text;
    assert!(
        text.starts_with(&format!(
            "**Game #{id}** analysed: alice as Jade vs bob as Crimson"
        )),
        "{text}"
    );
    assert!(text.contains("alice (Jade): accuracy "), "{text}");
    assert!(
        text.contains("blunders ?? 1; turning point move 1: A9 A8 (D2 D1 was better)"),
        "{text}"
    );
    assert!(text.contains(&format!("`!jungle export {id}`")), "{text}");
    let image = result[0].image.as_ref().expect("the graph");
    let decoded = image::load_from_memory(&image.bytes).unwrap();
    assert_eq!(
        (decoded.width(), decoded.height()),
        (image.width, image.height)
    );
    assert!(
        image.alt.contains("Blunders: move 1 by Jade"),
        "{}",
        image.alt
    );

    // Kept: asking again answers at once, and `export` shows the marks.
    let (again, pending) = service
        .handle_staged(event("games", &format!("analyze {id}")))
        .await;
    assert!(pending.is_none());
    assert_eq!(texts(&again), *text);
    let export = texts(
        &service
            .handle(event("games", &format!("export {id}")))
            .await,
    );
    assert!(export.contains("1. A9 A8??, E2 D2"), "{export}");
    assert!(
        export.contains("Analysis: move 1 A9 A8?? (D2 D1 was better)"),
        "{export}"
    );
    // The store holds it across a restart.
    drop(service);
    let stored = Store::open(&db).unwrap().analysis(id).unwrap().unwrap();
    assert_eq!(stored.plies[0].tag, Some(Tag::Blunder));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_refuses_games_of_other_channels_and_games_in_play() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jungle.db");
    let id = finished_game(&db);
    let service = Service::new(
        Store::open(&db).unwrap(),
        Settings::default(),
        Arc::new(ManualClock::new(100)),
    );
    let (r, pending) = service
        .handle_staged(event("elsewhere", &format!("analyze {id}")))
        .await;
    assert!(pending.is_none());
    assert_eq!(
        texts(&r),
        format!("There is no game #{id} in this channel.")
    );
    let started = texts(&service.handle(event("games", "play bot easy")).await);
    assert!(started.contains("Game #2"), "{started}");
    let (r, pending) = service.handle_staged(event("games", "analyze 2")).await;
    assert!(pending.is_none());
    assert_eq!(
        texts(&r),
        "Game #2 is still being played; it can be analysed when it is over."
    );
    assert!(Store::open(&db).unwrap().analysis(id).unwrap().is_none());
}
