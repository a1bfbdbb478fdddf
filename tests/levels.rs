//! The eight levels: the weakest still beats a random mover, a deeper level sees a threat a
//! shallower one walks into, the strongest level's memory carries over between the moves of a
//! game, and an iteration cut short by the limit still counts. Node and depth limits keep all
//! of it deterministic; nothing here is timed.

use jungle::ai::LevelExt as _;
use jungle::ai::{self, Level, Limits, Memory, NoStop, Options, Score};
use jungle::engine::{Move, Position, Side};

use crate::common::random_positions;

/// A seeded random mover.
fn random_move(pos: &Position, state: &mut u64) -> Move {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let moves = pos.legal_moves();
    moves[((*state >> 33) % moves.len() as u64) as usize]
}

/// Plays level 1 against a random mover; returns level 1's score (1, ½ or 0).
fn level_one_against_random(game: u64) -> f64 {
    let bot_side = if game.is_multiple_of(2) {
        Side::Jade
    } else {
        Side::Crimson
    };
    let settings = Level::new(1).unwrap().settings();
    let mut pos = Position::start();
    let mut history = Vec::new();
    let mut state = game;
    while pos.outcome().is_none() {
        let mv = if pos.turn() == bot_side {
            ai::choose_move_in_game(&pos, &history, &settings, game, &NoStop).unwrap()
        } else {
            random_move(&pos, &mut state)
        };
        history.push(pos.hash());
        pos.play(mv).unwrap();
    }
    match pos.outcome().and_then(|o| o.winner()) {
        Some(w) if w == bot_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

#[test]
fn the_weakest_level_beats_a_random_mover() {
    let scores: Vec<f64> = (0..12).map(level_one_against_random).collect();
    let total: f64 = scores.iter().sum();
    assert!(!scores.contains(&0.0), "level 1 lost a game: {scores:?}");
    assert!(total >= 11.0, "{scores:?}");
}

/// Searching the next move of a game from the memory of the last one costs fewer nodes, over
/// a set of positions, than searching it afresh, for the same depth. (Position by position
/// the remembered table can also reorder the search and cost more; without the memory the two
/// searches would be the same, node for node.)
#[test]
fn the_memory_of_the_last_move_saves_work_on_the_next() {
    let options = Options {
        limits: Limits {
            depth: 9,
            nodes: None,
        },
        hash_mb: 16,
        ..Options::default()
    };
    let positions: Vec<Position> = random_positions(0x5EED, 30, 80)
        .into_iter()
        .step_by(7)
        .take(10)
        .collect();
    let (mut remembered_nodes, mut fresh_nodes, mut compared) = (0, 0, 0);
    for p in &positions {
        let mut memory = Memory::new(16);
        let first = ai::search_remembering(&mut memory, p, &[], &options, &NoStop, &mut ());
        // The reply the search expected, then our next move's search.
        let [ours, theirs, ..] = first.last.pv[..] else {
            continue;
        };
        let mut next = *p;
        next.play(ours).unwrap();
        next.play(theirs).unwrap();
        if next.outcome().is_some() {
            continue;
        }
        let remembered =
            ai::search_remembering(&mut memory, &next, &[], &options, &NoStop, &mut ());
        let fresh = ai::search(&next, &[], &options, &NoStop, &mut ());
        assert_eq!(remembered.last.depth, fresh.last.depth, "{next}");
        assert!(next.is_legal(remembered.best.unwrap()));
        remembered_nodes += remembered.last.nodes;
        fresh_nodes += fresh.last.nodes;
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} positions compared");
    assert!(
        remembered_nodes < fresh_nodes,
        "with the memory {remembered_nodes} nodes, afresh {fresh_nodes}"
    );
}

/// When the limit cuts the last iteration short after a move overtook the previous best,
/// that move is played: the unfinished iteration's time is not lost.
#[test]
fn a_move_that_overtook_in_an_unfinished_iteration_is_played() {
    let mut overtaken = 0;
    for p in random_positions(0xC0FFEE, 120, 90).iter().step_by(7) {
        let full = |depth| {
            let options = Options {
                limits: Limits { depth, nodes: None },
                hash_mb: 2,
                ..Options::default()
            };
            ai::search(p, &[], &options, &NoStop, &mut ())
        };
        let (shallow, deep) = (full(6), full(7));
        let (Some(before), Some(after)) = (shallow.best, deep.best) else {
            continue;
        };
        if before == after || deep.last.nodes < shallow.last.nodes + 8_000 {
            continue;
        }
        // Stop a little before the depth-7 search would have ended.
        let cut = Options {
            limits: Limits {
                depth: 7,
                nodes: Some(deep.last.nodes - 2_100),
            },
            hash_mb: 2,
            ..Options::default()
        };
        let r = ai::search(p, &[], &cut, &NoStop, &mut ());
        assert_eq!(r.last.depth, 6, "{p}: the cut came in the last iteration");
        // Another move may have overtaken first and be played when cut before `after` did.
        let played = r.best.unwrap();
        assert!(p.is_legal(played), "{p}: {played}");
        if played == after {
            overtaken += 1;
        }
    }
    assert!(
        overtaken >= 3,
        "only {overtaken} unfinished iterations counted"
    );
}

/// The value of `mv` in `pos` for the side that plays it, as a deeper search judges it.
fn judged(pos: &Position, mv: Move) -> i32 {
    let mut after = *pos;
    after.play(mv).unwrap();
    let options = Options {
        limits: Limits {
            depth: 7,
            nodes: None,
        },
        hash_mb: 4,
        ..Options::default()
    };
    // From the mover's side; a forced result counts as a large value.
    match ai::search(&after, &[], &options, &NoStop, &mut ())
        .last
        .score
    {
        Score::Value(v) => -v.clamp(-5_000, 5_000),
        Score::WinIn(_) => -5_000,
        Score::LossIn(_) => 5_000,
    }
}

/// Over many positions, each level's moves are judged better on average than those of the
/// level two below: the weaker ones miss what takes a few more plies to see.
#[test]
fn higher_levels_choose_better_moves() {
    let positions: Vec<Position> = random_positions(0x1E7E15, 40, 60)
        .into_iter()
        .skip(20)
        .step_by(41)
        .filter(|p| p.outcome().is_none())
        .take(40)
        .collect();
    let levels = [1, 3, 5].map(|n| Level::new(n).unwrap());
    let means: Vec<f64> = levels
        .iter()
        .map(|level| {
            let settings = level.settings();
            let total: i64 = positions
                .iter()
                .map(|p| {
                    let mv = ai::choose_move(p, &settings, 7, &NoStop).unwrap();
                    i64::from(judged(p, mv))
                })
                .sum();
            total as f64 / positions.len() as f64
        })
        .collect();
    assert!(positions.len() >= 30, "{}", positions.len());
    assert!(
        means.windows(2).all(|w| w[0] < w[1]),
        "mean value of levels 1, 3, 5: {means:?}"
    );
}
