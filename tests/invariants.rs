//! Invariants along random games: fast generator == reference generator, move text and
//! position strings round-trip, incremental hash == hash from scratch.

use crate::common;

use common::{random_positions, reference};
use jungle::engine::{Move, Position};

#[test]
fn fast_generator_matches_reference_on_random_positions() {
    let positions = random_positions(0x5eed, 300, 160);
    assert!(positions.len() > 20_000);
    for p in &positions {
        let mut fast: Vec<Move> = p.legal_moves().to_vec();
        fast.sort();
        let slow = reference::legal_moves(p);
        assert_eq!(fast, slow, "{p}");
        if !p.is_decided_without_movegen() {
            assert_eq!(p.count_moves() as usize, fast.len(), "{p}");
        }
        for &m in &fast {
            assert!(p.is_legal(m), "{p}: {m}");
            assert!(p.destinations(m.from).contains(m.to));
        }
    }
}

#[test]
fn every_legal_move_round_trips_through_text() {
    for p in random_positions(7, 100, 200) {
        for &m in p.legal_moves().iter() {
            let text = m.to_string();
            assert_eq!(text.parse::<Move>(), Ok(m));
            assert_eq!(text.to_lowercase().replace(' ', "").parse::<Move>(), Ok(m));
        }
    }
}

#[test]
fn position_strings_round_trip() {
    for p in random_positions(11, 100, 200) {
        let text = p.to_string();
        let back: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, p, "{text}");
        assert_eq!(back.to_string(), text);
        assert_eq!(back.hash(), p.hash());
    }
}

#[test]
fn incremental_hash_equals_hash_from_scratch() {
    let positions = random_positions(23, 200, 200);
    for p in &positions {
        assert_eq!(p.hash(), p.compute_hash(), "{p}");
    }
    // Different placements (board and side to move; the hash leaves out the clocks) hash differently.
    let distinct: std::collections::HashSet<String> = positions
        .iter()
        .map(|p| {
            p.to_string()
                .split(' ')
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let hashes: std::collections::HashSet<u64> = positions.iter().map(|p| p.hash()).collect();
    assert_eq!(distinct.len(), hashes.len());
}

#[test]
fn games_reach_every_kind_of_finish() {
    let mut kinds = std::collections::HashSet::new();
    for p in random_positions(99, 400, 400) {
        if let Some(o) = p.outcome() {
            kinds.insert(
                format!("{o:?}")
                    .split(" }")
                    .next()
                    .unwrap()
                    .replace("winner: Crimson", "")
                    .replace("winner: Jade", ""),
            );
            assert!(p.legal_moves().is_empty());
        }
    }
    assert!(kinds.len() >= 2, "{kinds:?}");
}
