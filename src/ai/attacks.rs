//! Captures and den threats computed for either side, whoever is to move: the quiescence
//! search's move source and the evaluation's view of hanging pieces. Built on the engine's
//! public tables; every move produced here is legal (tests check it against the engine).

use engine::square::NUM_SQUARES;
use engine::terrain::{LAND, LEAP_FROM, LEAPS, STEPS, TRAPS, WATER};
use engine::{Animal, Bitboard, Move, Piece, Position, Side, Square};

use super::tables::{DEN_ADJACENT, DEN_FIELD};

/// Where every animal stands, looked up once per node.
#[derive(Clone, Copy, Debug)]
pub struct Layout<'a> {
    /// `raw[side index][animal]`: the square index, 63 once captured.
    pub raw: [[u8; 8]; 2],
    /// `occupied[side index]`.
    pub occupied: [Bitboard; 2],
    /// Both rats (they block leaps, whichever side they are on).
    pub rats: Bitboard,
    /// The position's board: 0 for an empty square, else the piece's [`Piece::code`].
    board: &'a [u8; NUM_SQUARES],
}

/// `TAKES[a]`: bit `v` set when animal `a` may capture animal `v` by rank alone (on an
/// ordinary square; anything on one's own trap can be taken).
const TAKES: [u8; 8] = {
    let mut t = [0u8; 8];
    let mut a = 1;
    while a < 7 {
        t[a] = ((1u16 << (a + 1)) - 1) as u8;
        a += 1;
    }
    // The rat takes the rat and the elephant; the elephant everything but the rat.
    t[0] = 0b1000_0001;
    t[7] = 0b1111_1110;
    t
};

/// The one-square set of a raw square index; empty for 63 (captured).
#[inline]
fn bit(raw: u8) -> Bitboard {
    Bitboard(BITS[usize::from(raw & 63)])
}

/// `BITS[i]`: the set of square `i` alone; empty for 63. One load instead of a variable
/// shift and a mask (the portable x86-64 target shifts only by `cl`).
static BITS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 63 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

const FILE_A: u64 = 0x0102_0408_1020_4081;
const FILE_G: u64 = FILE_A << 6;

/// Every square next to a square of `b`.
#[inline]
fn neighbours(b: Bitboard) -> Bitboard {
    let b = b.0;
    Bitboard(((b >> 7) | (b << 7) | ((b & !FILE_A) >> 1) | ((b & !FILE_G) << 1)) & Bitboard::FULL.0)
}

impl<'a> Layout<'a> {
    #[inline]
    pub fn new(pos: &'a Position) -> Layout<'a> {
        let raw = pos.raw_squares();
        Layout {
            raw,
            occupied: [pos.occupied_by(Side::Jade), pos.occupied_by(Side::Crimson)],
            rats: bit(raw[0][0]) | bit(raw[1][0]),
            board: pos.raw_board(),
        }
    }

    /// The side index and the animal index of the piece on an occupied square.
    #[inline]
    fn split(&self, sq: Square) -> (usize, usize) {
        Piece::split_index(Piece::index_of_code(self.board[sq.index()]))
    }

    /// The animal index on an occupied square.
    #[inline]
    fn animal_index(&self, sq: Square) -> usize {
        self.split(sq).1
    }

    /// Of the pieces on `squares`, those that animal `a` may capture by rank alone.
    #[inline]
    fn takeable(&self, a: usize, squares: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in squares {
            if TAKES[a] >> self.animal_index(sq) & 1 != 0 {
                out = out.with(sq);
            }
        }
        out
    }

    /// Pieces of `side` within four steps of its own den that could capture an enemy `animal`
    /// by rank (on ordinary squares; on `side`'s traps anything can be taken anyway).
    #[inline]
    pub fn capturers_near_den(&self, side: Side, animal: Animal) -> Bitboard {
        let victim = animal.index();
        let mut out = Bitboard::EMPTY;
        for sq in self.occupied[side.index()] & DEN_FIELD[side] {
            if TAKES[self.animal_index(sq)] >> victim & 1 != 0 {
                out = out.with(sq);
            }
        }
        out
    }

    /// Where the `animal` of `side` stands, if it is on the board.
    #[inline]
    pub fn square(&self, side: Side, animal: Animal) -> Option<Square> {
        Square::new(self.raw[side.index()][animal.index()])
    }

    /// Squares the `animal` standing on `from` can move to, captures or not, ignoring which
    /// pieces stand there (steps on the right terrain and unblocked leaps).
    #[inline]
    pub fn reach(&self, animal: Animal, from: Square) -> Bitboard {
        let mut t = STEPS[from.index()];
        if animal != Animal::Rat {
            t &= LAND;
            if animal.can_leap() {
                for leap in LEAPS[from.index()].as_slice() {
                    if (leap.path & self.rats).is_empty() {
                        t = t.with(leap.to);
                    }
                }
            }
        }
        t
    }

    /// Enemy squares the `animal` of `side` on `from` may capture on its next move.
    #[inline]
    pub fn capture_targets(&self, side: Side, animal: Animal, from: Square) -> Bitboard {
        let them = side.other();
        if TRAPS[them].contains(from) {
            return Bitboard::EMPTY;
        }
        let terrain = if WATER.contains(from) { WATER } else { LAND };
        let enemies = self.occupied[them.index()] & terrain & self.reach(animal, from);
        if enemies.is_empty() {
            return enemies;
        }
        // Anything on our traps is rank 0 (and only enemies stand there).
        let weak = enemies & TRAPS[side];
        weak | self.takeable(animal.index(), enemies & !weak)
    }

    /// Every capture `side` could make if it were to move, as `(attacker, from, targets)`.
    pub fn captures(&self, side: Side) -> impl Iterator<Item = (Animal, Square, Bitboard)> + '_ {
        self.in_contact(side).filter_map(move |from| {
            let a = Animal::from_index(self.animal_index(from));
            let t = self.capture_targets(side, a, from);
            t.any().then_some((a, from, t))
        })
    }

    /// The pieces of `side` that could capture anything: those next to an enemy, and the
    /// leapers beside a lake.
    #[inline]
    fn in_contact(&self, side: Side) -> Bitboard {
        let (raw, own) = (&self.raw[side.index()], self.occupied[side.index()]);
        let leapers = (bit(raw[5]) | bit(raw[6])) & LEAP_FROM;
        (own & neighbours(self.occupied[side.other().index()])) | leapers
    }

    /// The pieces of `side` that the enemy could capture if it were the enemy's move.
    pub fn attacked(&self, side: Side) -> Bitboard {
        let them = side.other();
        let mut out = Bitboard::EMPTY;
        for from in self.in_contact(them) {
            let a = Animal::from_index(self.animal_index(from));
            out |= self.capture_targets(them, a, from);
        }
        out
    }

    /// The animal of `side` on `sq` (which must hold one of `side`'s pieces).
    #[inline]
    pub fn animal_at(&self, side: Side, sq: Square) -> Animal {
        debug_assert_eq!(self.split(sq).0, side.index());
        Animal::from_index(self.animal_index(sq))
    }
}

/// Pieces of `side` standing beside the enemy den: `side` enters it on its next move.
#[inline]
pub fn den_attackers(pos: &Position, side: Side) -> Bitboard {
    pos.occupied_by(side) & DEN_ADJACENT[side.other()]
}

/// The moves of the side to move that step beside the enemy den onto an empty square,
/// threatening to enter it next move.
pub fn den_threat_moves(pos: &Position, mut out: impl FnMut(Move)) {
    let us = pos.turn();
    let them = us.other();
    let empty = !pos.occupied();
    for to in DEN_ADJACENT[them] & empty {
        for from in STEPS[to.index()] & pos.occupied_by(us) {
            out(Move::new(from, to));
        }
    }
}

/// The moves of the side to move that capture the enemy piece on `target`: the only
/// answers to a piece beside one's den (it stands on one's own trap, so any neighbour takes it).
pub fn evasions(pos: &Position, target: Square, mut out: impl FnMut(Move)) {
    let us = pos.turn();
    for from in STEPS[target.index()] & pos.occupied_by(us) & LAND {
        if !TRAPS[us.other()].contains(from) {
            out(Move::new(from, target));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rng::random_positions;

    #[test]
    fn neighbours_stay_on_the_board() {
        use engine::square::sq;
        let n = neighbours(Bitboard::from_squares(&[sq::A1, sq::G5]));
        assert_eq!(
            n,
            Bitboard::from_squares(&[sq::B1, sq::A2, sq::G4, sq::G6, sq::F5])
        );
        for s in Square::all() {
            assert_eq!(
                neighbours(Bitboard::from_square(s)),
                STEPS[s.index()],
                "{s}"
            );
        }
    }

    #[test]
    fn captures_match_the_engine() {
        for p in random_positions(3000) {
            if p.is_decided_without_movegen() {
                continue;
            }
            let us = p.turn();
            let mut engine: Vec<Move> = p
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| p.is_capture(*m))
                .collect();
            engine.sort();
            let layout = Layout::new(&p);
            let mut ours: Vec<Move> = layout
                .captures(us)
                .flat_map(|(_, from, t)| t.map(move |to| Move::new(from, to)))
                .collect();
            ours.sort();
            assert_eq!(ours, engine, "{p}");
            // The other side's captures, by passing the turn.
            let q = p.with_turn(us.other());
            if !q.is_decided_without_movegen() {
                let theirs: Bitboard = q
                    .legal_moves()
                    .iter()
                    .filter(|m| q.is_capture(**m))
                    .map(|m| m.to)
                    .collect();
                assert_eq!(layout.attacked(us), theirs, "{p}");
            }
        }
    }

    #[test]
    fn den_threats_and_evasions_are_legal() {
        for p in random_positions(3000) {
            if p.is_decided_without_movegen() {
                continue;
            }
            let mut v = Vec::new();
            den_threat_moves(&p, |m| v.push(m));
            for t in den_attackers(&p, p.turn().other()) {
                evasions(&p, t, |m| v.push(m));
            }
            for m in v {
                assert!(p.is_legal(m), "{p}: {m}");
            }
        }
    }
}
