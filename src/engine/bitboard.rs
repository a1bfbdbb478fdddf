//! `Bitboard`: a set of squares as one `u64` (bit i = square index i).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::square::{FILES, NUM_SQUARES, RANKS, Square};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard((1u64 << NUM_SQUARES) - 1);

    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index())
    }

    pub const fn from_squares(squares: &[Square]) -> Bitboard {
        let mut bits = 0;
        let mut i = 0;
        while i < squares.len() {
            bits |= 1u64 << squares[i].index();
            i += 1;
        }
        Bitboard(bits)
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.index()) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two squares or more (cheaper than `count() >= 2` without popcnt).
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether the set holds three squares or more.
    #[inline]
    pub const fn more_than_two(self) -> bool {
        let b = self.0 & self.0.wrapping_sub(1);
        b & b.wrapping_sub(1) != 0
    }

    /// The number of squares, for sets known to be small: one step per square, which beats
    /// the portable popcount for up to a few squares.
    #[inline]
    pub const fn count_sparse(self) -> u32 {
        let mut b = self.0;
        let mut n = 0;
        while b != 0 {
            b &= b - 1;
            n += 1;
        }
        n
    }

    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u64 << sq.index()))
    }

    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u64 << sq.index()))
    }

    /// The lowest square in the set.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $afn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $afn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the 7x9 grid, rank 1 on top, `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#x})", self.0)?;
        for rank in 1..=RANKS {
            for file in 0..FILES {
                let sq = Square::from_coords(file, rank).expect("on the board");
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::sq;

    #[test]
    fn set_operations() {
        let b = Bitboard::from_squares(&[sq::A1, sq::G9, sq::D5]);
        assert_eq!(b.count(), 3);
        assert!(b.contains(sq::D5));
        assert!(!b.contains(sq::D4));
        assert_eq!(b.collect::<Vec<_>>(), vec![sq::A1, sq::D5, sq::G9]);
        assert_eq!((!Bitboard::EMPTY).count(), 63);
        assert_eq!((!b).count(), 60);
        assert!(format!("{:?}", Bitboard::from_square(sq::A1)).contains("\nX......\n"));
    }
}
