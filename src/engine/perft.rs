//! Perft: counting the leaves of the legal-move tree, the standard move-generator check.

use super::bulk;
use super::movegen::MoveList;
use super::position::{Move, Position};

/// Leaf nodes at `depth`. A finished game has no children. The last two plies are counted
/// in bulk, without playing the last move (see `bulk`).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the running CPU has the popcnt instruction.
        return unsafe { perft_popcnt(pos, depth) };
    }
    perft_portable(pos, depth)
}

/// One perft walk; instantiated twice so that the counting can use the CPU's popcount
/// instruction where it exists (the portable x86-64 target does not assume it).
macro_rules! perft_walk {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        fn $name(pos: &Position, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            if pos.is_decided_without_movegen() {
                return 0;
            }
            match depth {
                1 => u64::from(pos.count_moves()),
                2 => bulk::perft2(pos),
                _ => {
                    let mut list = MoveList::default();
                    pos.generate_moves(&mut list);
                    let mut sum = 0;
                    for &mv in list.iter() {
                        let mut child = *pos;
                        child.play_unchecked(mv);
                        sum += $name(&child, depth - 1);
                    }
                    sum
                }
            }
        }
    };
}

perft_walk!(perft_portable);
perft_walk!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    perft_popcnt
);

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

    #[test]
    fn both_walks_agree() {
        let p = Position::start();
        assert_eq!(perft_portable(&p, 4), 260_099);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the running CPU has the popcnt instruction.
            assert_eq!(unsafe { perft_popcnt(&p, 4) }, 260_099);
        }
    }
}
