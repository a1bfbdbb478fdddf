//! The bot's search on positions built for one tactic each, legality of every move it returns
//! across random positions, determinism for a seed, and stopping through the `Stop` trait.
//! Node and depth limits keep every test deterministic; nothing here is timed.

use crate::common;

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use common::{mv, pos, random_positions};
use jungle::ai::LevelExt as _;
use jungle::ai::{self, Level, Limits, NoStop, Options, Score, Stop};
use jungle::engine::{Move, Position};

fn options(depth: u32) -> Options {
    Options {
        limits: Limits { depth, nodes: None },
        hash_mb: 2,
        ..Options::default()
    }
}

fn best(p: &Position, depth: u32) -> (Move, Score) {
    let r = ai::search(p, &[], &options(depth), &NoStop, &mut ());
    (r.best.expect("a move"), r.last.score)
}

#[test]
fn enters_the_den_in_one() {
    // The cat beside Crimson's den, with a capture on offer elsewhere.
    let p = pos(
        'j',
        &[
            ('C', "C1"),
            ('L', "D5"),
            ('p', "D4"),
            ('l', "G1"),
            ('t', "A9"),
        ],
    );
    let (m, score) = best(&p, 6);
    assert_eq!(m, mv("C1 D1"));
    assert_eq!(score, Score::WinIn(1));
}

#[test]
fn walks_into_an_undefended_den() {
    // Two steps away and nobody guards the traps: win with the second move.
    let p = pos('j', &[('C', "C2"), ('e', "A9"), ('L', "G9")]);
    let (m, score) = best(&p, 6);
    assert!([mv("C2 C1"), mv("C2 D2")].contains(&m), "{m}");
    assert_eq!(score, Score::WinIn(2));
}

#[test]
fn stops_an_enemy_den_entry() {
    // Crimson's wolf stands beside Jade's den; Jade must take it, though its elephant could
    // take the lion instead.
    let p = pos(
        'j',
        &[
            ('w', "D8"),
            ('C', "C8"),
            ('E', "A6"),
            ('l', "A5"),
            ('T', "G9"),
            ('t', "G1"),
        ],
    );
    let (m, _) = best(&p, 6);
    assert_eq!(m, mv("C8 D8"));
}

#[test]
fn guards_a_trap_before_the_enemy_reaches_it() {
    // Crimson's dog on E7 threatens E8 then the den: the trap E9 is open and D8 too.
    // Jade has to cover the approach or lose; a far-away capture does not help.
    let p = pos(
        'j',
        &[
            ('d', "E7"),
            ('W', "C8"),
            ('L', "A3"),
            ('c', "A2"),
            ('t', "G1"),
        ],
    );
    let (m, score) = best(&p, 8);
    assert!(!matches!(score, Score::LossIn(_)), "{m} {score}");
    assert_ne!(m, mv("A3 A2"), "the cat is bait: the dog walks in");
}

#[test]
fn takes_a_hanging_piece() {
    let p = pos('j', &[('L', "D5"), ('t', "D4"), ('l', "A1"), ('E', "E9")]);
    let (m, _) = best(&p, 6);
    assert_eq!(m, mv("D5 D4"));
}

#[test]
fn does_not_step_onto_a_trap_beside_a_defender() {
    // The elephant beside Crimson's traps: C1 is guarded by the cat, D2 by the dog. On a trap
    // the elephant has rank 0 and would be taken.
    let p = pos(
        'j',
        &[
            ('E', "C2"),
            ('c', "B1"),
            ('d', "E2"),
            ('l', "A5"),
            ('L', "D8"),
        ],
    );
    for depth in [1, 2, 4, 8] {
        let (m, _) = best(&p, depth);
        assert!(m != mv("C2 C1") && m != mv("C2 D2"), "depth {depth}: {m}");
    }
}

#[test]
fn rat_takes_the_elephant() {
    let p = pos('j', &[('R', "A4"), ('e', "A3"), ('l', "G3"), ('T', "D8")]);
    let (m, _) = best(&p, 6);
    assert_eq!(m, mv("A4 A3"));
}

#[test]
fn lion_leaps_to_capture() {
    let p = pos('j', &[('L', "C7"), ('p', "C3"), ('t', "G1"), ('E', "A9")]);
    let (m, _) = best(&p, 6);
    assert_eq!(m, mv("C7 C3"));
}

#[test]
fn easy_still_takes_free_material_and_wins_when_it_can() {
    let hanging = pos('j', &[('L', "D5"), ('t', "D4"), ('l', "A1"), ('E', "E9")]);
    let den = pos('j', &[('C', "C2"), ('e', "A9"), ('L', "G9")]);
    for seed in 0..20 {
        let easy = Level::EASY.settings();
        assert_eq!(
            ai::choose_move(&hanging, &easy, seed, &NoStop),
            Some(mv("D5 D4"))
        );
        let m = ai::choose_move(&den, &easy, seed, &NoStop).unwrap();
        assert!([mv("C2 C1"), mv("C2 D2")].contains(&m), "seed {seed}: {m}");
    }
}

#[test]
fn every_returned_move_is_legal() {
    let positions = random_positions(0xA1, 60, 200);
    let mut searched = 0;
    for (i, p) in positions.iter().enumerate().step_by(23) {
        let opts = Options {
            limits: Limits {
                depth: 64,
                nodes: Some(3_000),
            },
            randomness: if i % 2 == 0 { 0 } else { 80 },
            seed: i as u64,
            hash_mb: 1,
            contempt: 0,
            ..Options::default()
        };
        let r = ai::search(p, &[], &opts, &NoStop, &mut ());
        match r.best {
            Some(m) => {
                assert!(p.is_legal(m), "{p}: {m}");
                assert!(r.last.pv.first() == Some(&m) || opts.randomness > 0, "{p}");
                searched += 1;
            }
            None => assert!(p.is_game_over(), "{p}"),
        }
    }
    assert!(searched > 300, "{searched}");
}

#[test]
fn principal_variations_are_playable() {
    for p in random_positions(0xB2, 20, 120).iter().step_by(37) {
        let r = ai::search(p, &[], &options(5), &NoStop, &mut ());
        let mut q = *p;
        for m in &r.last.pv {
            assert!(q.play(*m).is_ok(), "{p}: pv {:?} fails at {m}", r.last.pv);
        }
    }
}

#[test]
fn game_over_gives_no_move() {
    // Jade's rat already sits in Crimson's den.
    let p = pos('c', &[('R', "D1"), ('l', "A1")]);
    assert!(p.is_game_over());
    assert_eq!(
        ai::choose_move(&p, &Level::HARD.settings(), 0, &NoStop),
        None
    );
}

#[test]
fn same_seed_same_move_and_nodes() {
    let p = Position::start();
    let opts = Options {
        limits: Limits {
            depth: 7,
            nodes: None,
        },
        ..Options::default()
    };
    let a = ai::search(&p, &[], &opts, &NoStop, &mut ());
    let b = ai::search(&p, &[], &opts, &NoStop, &mut ());
    assert_eq!(a, b);
    // The node limit is deterministic too.
    let limited = Options {
        limits: Limits {
            depth: 64,
            nodes: Some(20_000),
        },
        ..opts
    };
    let c = ai::search(&p, &[], &limited, &NoStop, &mut ());
    let d = ai::search(&p, &[], &limited, &NoStop, &mut ());
    assert_eq!(c, d);
    assert!(c.last.nodes < 20_000 + 2_000, "{}", c.last.nodes);
}

#[test]
fn randomness_varies_the_opening_but_only_among_good_moves() {
    let start = Position::start();
    let easy = Level::EASY.settings();
    let moves: std::collections::BTreeSet<Move> = (0..30)
        .filter_map(|seed| ai::choose_move(&start, &easy, seed, &NoStop))
        .collect();
    assert!(moves.len() >= 3, "{moves:?}");
    let hard = Options {
        limits: Limits {
            depth: 4,
            nodes: None,
        },
        ..Options::default()
    };
    let a = ai::search(&start, &[], &Options { seed: 1, ..hard }, &NoStop, &mut ());
    let b = ai::search(&start, &[], &Options { seed: 2, ..hard }, &NoStop, &mut ());
    assert_eq!(a.best, b.best, "no randomness: the seed does not matter");
}

/// Stops after a fixed number of polls.
struct StopAfter {
    polls: Cell<u32>,
    limit: u32,
}

impl Stop for StopAfter {
    fn should_stop(&self) -> bool {
        self.polls.set(self.polls.get() + 1);
        self.polls.get() > self.limit
    }
}

#[test]
fn stops_when_told_and_still_returns_a_legal_move() {
    let p = Position::start();
    let stop = StopAfter {
        polls: Cell::new(0),
        limit: 30,
    };
    let r = ai::search(&p, &[], &Options::default(), &stop, &mut ());
    let m = r.best.unwrap();
    assert!(p.is_legal(m));
    // Polled about every thousand nodes: it stopped soon after the 30th poll.
    assert!(r.last.nodes < 40 * 1024, "{}", r.last.nodes);
    assert!(r.last.depth >= 1 && r.last.depth < 64);

    // Stopped before it starts: the first iteration still completes.
    let flag = AtomicBool::new(true);
    let r = ai::search(&p, &[], &Options::default(), &flag, &mut ());
    assert_eq!(r.last.depth, 1);
    assert!(p.is_legal(r.best.unwrap()));
}

#[test]
fn reports_every_iteration() {
    struct Collect(Vec<u32>);
    impl ai::Report for Collect {
        fn iteration(&mut self, info: &ai::Iteration) {
            self.0.push(info.depth);
        }
    }
    let mut c = Collect(Vec::new());
    let r = ai::search(&Position::start(), &[], &options(5), &NoStop, &mut c);
    assert_eq!(c.0, vec![1, 2, 3, 4, 5]);
    assert_eq!(r.last.depth, 5);
}

#[test]
fn avoids_repeating_when_ahead() {
    // Jade is a lion up. Having gone back and forth once already (the history), it should
    // not return to the position before, which the search scores as a draw.
    let p = pos('j', &[('L', "D5"), ('E', "G9"), ('r', "A1"), ('c', "G1")]);
    let mut q = p;
    let mut history = Vec::new();
    for m in ["D5 D6", "G1 F1", "D6 D5", "F1 G1"] {
        history.push(q.hash());
        q.play(mv(m)).unwrap();
    }
    assert_eq!(q.hash(), p.hash());
    let r = ai::search(&q, &history, &options(6), &NoStop, &mut ());
    assert_ne!(
        r.best,
        Some(mv("D5 D6")),
        "repeats the position after D5 D6"
    );
    assert!(
        matches!(r.last.score, Score::Value(v) if v > 300)
            || matches!(r.last.score, Score::WinIn(_))
    );
    // Without the history, D5 D6 is no repetition and may well be chosen; the score agrees.
    let fresh = ai::search(&q, &[], &options(6), &NoStop, &mut ());
    assert!(
        matches!(fresh.last.score, Score::Value(v) if v > 300)
            || matches!(fresh.last.score, Score::WinIn(_))
    );
}
