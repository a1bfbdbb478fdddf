//! Legal move generation and counting with bitboards: the hot path of the search. Checking one
//! move and saying why it is illegal is `legality`.

use std::fmt;
use std::ops::Deref;

use super::bitboard::Bitboard;
use super::position::{Move, Position};
use super::square::Square;
use super::terrain::{DEN_BB, LAND, LEAPS, STEPS, TRAPS, WATER};
use super::types::{Animal, Side};

/// More than the most moves a side can ever have (8 animals x 4 steps + 2 leapers x 2 leaps):
/// the capacity of a [`MoveList`], and of the search's per-node move buffers.
pub const MAX_MOVES: usize = 40;

/// A fixed-capacity list of moves: no allocation in the hot path.
#[derive(Clone, Copy)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl Default for MoveList {
    fn default() -> Self {
        let zero = Square::from_index_unchecked(0);
        MoveList {
            len: 0,
            moves: [Move::new(zero, zero); MAX_MOVES],
        }
    }
}

impl MoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Per-node facts shared by every piece's move generation.
pub(crate) struct Context {
    us: Side,
    /// Squares not held by our own pieces and not our den.
    free: Bitboard,
    them: Bitboard,
    not_them: Bitboard,
    enemy_traps: Bitboard,
    /// Enemy pieces standing on our traps: effective rank 0.
    weak: Bitboard,
    /// `at_most[a]`: enemy pieces of rank at most that of animal `a`.
    at_most: [Bitboard; 8],
    enemy_rat: Bitboard,
    enemy_elephant: Bitboard,
    /// Both rats (a leap is blocked by a rat of either side on its path).
    rats: Bitboard,
}

/// The one-square set of a raw square index; empty for 63 (captured).
#[inline]
pub(crate) fn bb_of(raw: u8) -> Bitboard {
    Bitboard((1u64 << raw) & Bitboard::FULL.0)
}

impl Context {
    #[inline(always)]
    pub(crate) fn new(pos: &Position) -> Context {
        let us = pos.turn();
        let them = us.other();
        let mut at_most = [Bitboard::EMPTY; 8];
        let mut acc = Bitboard::EMPTY;
        for (a, slot) in at_most.iter_mut().enumerate() {
            acc |= bb_of(pos.raw_square(them, a));
            *slot = acc;
        }
        let enemy_rat = bb_of(pos.raw_square(them, Animal::Rat.index()));
        Context {
            us,
            free: !(pos.occupied_by(us) | DEN_BB[us]),
            them: pos.occupied_by(them),
            not_them: !pos.occupied_by(them),
            enemy_traps: TRAPS[them],
            weak: pos.occupied_by(them) & TRAPS[us],
            at_most,
            enemy_rat,
            enemy_elephant: bb_of(pos.raw_square(them, Animal::Elephant.index())),
            rats: enemy_rat | bb_of(pos.raw_square(us, Animal::Rat.index())),
        }
    }

    /// Enemy squares that animal `A` standing on raw square `from` may capture.
    #[inline(always)]
    fn capturable<const A: usize>(&self, from: u8) -> Bitboard {
        let cap = match A {
            0 => {
                if WATER.0 & bb_of(from).0 != 0 {
                    self.them & WATER
                } else {
                    (self.at_most[0] | self.enemy_elephant | self.weak) & LAND
                }
            }
            7 => (self.at_most[7] & !self.enemy_rat) | self.weak,
            a => self.at_most[a] | self.weak,
        };
        if self.enemy_traps.0 & bb_of(from).0 != 0 {
            Bitboard::EMPTY
        } else {
            cap
        }
    }

    /// Every legal destination of animal `A` standing on raw square `from` (63: none).
    #[inline(always)]
    pub(crate) fn targets<const A: usize>(&self, from: u8) -> Bitboard {
        let mut t = STEPS[from as usize];
        if A != 0 {
            t &= LAND;
            if A == 5 || A == 6 {
                for leap in LEAPS[from as usize].as_slice() {
                    if (leap.path & self.rats).is_empty() {
                        t = t.with(leap.to);
                    }
                }
            }
        }
        t &= self.free;
        t & (self.not_them | self.capturable::<A>(from))
    }

    /// Destinations of whichever animal `animal` is, standing on `from`.
    #[inline]
    fn targets_dyn(&self, animal: usize, from: u8) -> Bitboard {
        match animal {
            0 => self.targets::<0>(from),
            1 => self.targets::<1>(from),
            2 => self.targets::<2>(from),
            3 => self.targets::<3>(from),
            4 => self.targets::<4>(from),
            5 => self.targets::<5>(from),
            6 => self.targets::<6>(from),
            _ => self.targets::<7>(from),
        }
    }
}

impl Position {
    /// Pushes every legal move of the side to move, ignoring whether the game is already over.
    #[inline]
    pub fn generate_moves(&self, list: &mut MoveList) {
        let ctx = Context::new(self);
        for a in 0..8 {
            let raw = self.raw_square(ctx.us, a);
            if raw < 63 {
                let from = Square::from_index_unchecked(raw);
                for to in ctx.targets_dyn(a, raw) {
                    list.push(Move::new(from, to));
                }
            }
        }
    }

    /// The legal destinations of each animal of the side to move, by animal index (empty for
    /// a captured one): the moves of [`Position::generate_moves`], grouped by animal.
    #[inline(always)]
    pub fn targets_by_animal(&self) -> [Bitboard; 8] {
        let ctx = Context::new(self);
        let sq = |a: usize| self.raw_square(ctx.us, a);
        [
            ctx.targets::<0>(sq(0)),
            ctx.targets::<1>(sq(1)),
            ctx.targets::<2>(sq(2)),
            ctx.targets::<3>(sq(3)),
            ctx.targets::<4>(sq(4)),
            ctx.targets::<5>(sq(5)),
            ctx.targets::<6>(sq(6)),
            ctx.targets::<7>(sq(7)),
        ]
    }

    /// Whether `generate_moves` would list `mv` (a remembered move checked without
    /// generating the others).
    #[inline]
    pub fn generates(&self, mv: Move) -> bool {
        match decode_own(self, mv.from) {
            Some(animal) => Context::new(self)
                .targets_dyn(animal, mv.from.index() as u8)
                .contains(mv.to),
            None => false,
        }
    }

    /// Number of legal moves of the side to move, ignoring whether the game is already over.
    #[inline]
    pub fn count_moves(&self) -> u32 {
        let ctx = Context::new(self);
        let sq = |a: usize| self.raw_square(ctx.us, a);
        ctx.targets::<0>(sq(0)).count()
            + ctx.targets::<1>(sq(1)).count()
            + ctx.targets::<2>(sq(2)).count()
            + ctx.targets::<3>(sq(3)).count()
            + ctx.targets::<4>(sq(4)).count()
            + ctx.targets::<5>(sq(5)).count()
            + ctx.targets::<6>(sq(6)).count()
            + ctx.targets::<7>(sq(7)).count()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        if !self.is_decided_without_movegen() {
            self.generate_moves(&mut list);
        }
        list
    }

    /// Legal destinations of the piece on `from` if it belongs to the side to move.
    pub fn destinations(&self, from: Square) -> Bitboard {
        match self.piece_at(from) {
            Some(p) if p.side == self.turn() && !self.is_decided_without_movegen() => {
                Context::new(self).targets_dyn(p.animal.index(), from.index() as u8)
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// For a lion or tiger leap, the water squares it crosses.
    pub fn leap_path(&self, mv: Move) -> Option<Bitboard> {
        LEAPS[mv.from.index()]
            .as_slice()
            .iter()
            .find(|l| l.to == mv.to)
            .map(|l| l.path)
    }
}

/// The animal index of the side to move's piece on `sq`, if one stands there.
#[inline]
fn decode_own(pos: &Position, sq: Square) -> Option<usize> {
    pos.piece_at(sq)
        .filter(|p| p.side == pos.turn())
        .map(|p| p.animal.index())
}
