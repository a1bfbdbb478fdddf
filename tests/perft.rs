//! Perft fixtures from `tests/data/perft.txt`, checked against the engine and (where small)
//! against the reference generator.

use crate::common;

use jungle::engine::{Position, perft};

struct Fixture {
    position: String,
    depth: u32,
    nodes: u64,
}

fn fixtures() -> Vec<Fixture> {
    include_str!("data/perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad fixture line: {l}");
            Fixture {
                position: parts[0].to_string(),
                depth: parts[1].parse().unwrap(),
                nodes: parts[2].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn fixtures_match_the_engine() {
    let all = fixtures();
    assert!(all.len() >= 15);
    for f in &all {
        let p: Position = f.position.parse().unwrap();
        assert_eq!(
            perft::perft(&p, f.depth),
            f.nodes,
            "{} depth {}",
            f.position,
            f.depth
        );
    }
}

#[test]
fn fixtures_match_the_reference_generator() {
    for f in fixtures().iter().filter(|f| f.nodes <= 300_000) {
        let p: Position = f.position.parse().unwrap();
        assert_eq!(
            common::reference::perft(&p, f.depth),
            f.nodes,
            "{} depth {}",
            f.position,
            f.depth
        );
    }
}

#[test]
fn divide_sums_to_perft() {
    let p = Position::start();
    let rows = perft::divide(&p, 3);
    assert_eq!(rows.len(), 24);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 12240);
}

#[test]
fn bulk_counted_plies_match_the_reference_on_random_positions() {
    // perft counts its last two plies in bulk without playing them; check that against the
    // reference generator wherever random games go (captures, traps, rats in the water).
    let positions = common::random_positions(0xb1c, 150, 160);
    assert!(positions.len() > 10_000);
    for (i, p) in positions.iter().enumerate() {
        assert_eq!(perft::perft(p, 2), common::reference::perft(p, 2), "{p}");
        if i % 16 == 0 {
            assert_eq!(perft::perft(p, 3), common::reference::perft(p, 3), "{p}");
        }
    }
}
