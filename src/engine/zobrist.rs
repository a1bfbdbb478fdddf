//! Zobrist keys, generated at compile time from a fixed seed.

use super::square::{NUM_SQUARES, Square};
use super::types::{Piece, Side};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build() -> ([[u64; NUM_SQUARES]; Piece::COUNT], u64) {
    let mut keys = [[0u64; NUM_SQUARES]; Piece::COUNT];
    let mut state = 0x4A75_6E67_6C65_2121; // "Jungle!!"
    let mut p = 0;
    while p < Piece::COUNT {
        let mut s = 0;
        while s < NUM_SQUARES {
            let (next, value) = splitmix(state);
            state = next;
            keys[p][s] = value;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

const TABLES: ([[u64; NUM_SQUARES]; Piece::COUNT], u64) = build();
static PIECE_KEYS: [[u64; NUM_SQUARES]; Piece::COUNT] = TABLES.0;

/// XORed in when Crimson is to move.
pub const CRIMSON_TO_MOVE: u64 = TABLES.1;

#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}

/// [`piece_key`] by [`Piece::index`] and square index.
#[inline]
pub(crate) fn piece_key_by_index(piece: usize, sq: usize) -> u64 {
    PIECE_KEYS[piece][sq]
}

#[inline]
pub fn side_key(side: Side) -> u64 {
    match side {
        Side::Jade => 0,
        Side::Crimson => CRIMSON_TO_MOVE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct() {
        let mut seen = HashSet::new();
        for row in PIECE_KEYS.iter() {
            for &k in row {
                assert!(seen.insert(k));
            }
        }
        assert!(seen.insert(CRIMSON_TO_MOVE));
    }
}
