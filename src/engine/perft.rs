//! Perft: counting the leaves of the legal-move tree, the standard move-generator check.

use super::movegen::MoveList;
use super::position::{Move, Position};

/// Leaf nodes at `depth`. A finished game has no children. Bulk-counts at the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_decided_without_movegen() {
        return 0;
    }
    if depth == 1 {
        return u64::from(pos.count_moves());
    }
    let mut list = MoveList::default();
    pos.generate_moves(&mut list);
    list.iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft split by root move, sorted by move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_shallow() {
        let p = Position::start();
        assert_eq!(perft(&p, 1), 24);
        assert_eq!(perft(&p, 2), 576);
        assert_eq!(perft(&p, 3), 12240);
        assert_eq!(divide(&p, 2).iter().map(|x| x.1).sum::<u64>(), 576);
    }
}
