//! Captures and den threats computed for either side, whoever is to move: the quiescence
//! search's move source and the evaluation's view of hanging pieces. Built on the engine's
//! public tables; every move produced here is legal (tests check it against the engine).

use crate::engine::terrain::{LAND, LEAPS, STEPS, TRAPS, WATER};
use crate::engine::{Animal, Bitboard, BySide, Move, Position, Side, Square};

use super::tables::DEN_ADJACENT;

/// Where every animal stands, looked up once per node.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// `squares[side][animal]`, `None` once captured.
    pub squares: BySide<[Option<Square>; 8]>,
    pub occupied: BySide<Bitboard>,
    /// Both rats (they block leaps, whichever side they are on).
    pub rats: Bitboard,
}

impl Layout {
    pub fn new(pos: &Position) -> Layout {
        let squares = BySide::new(
            side_squares(pos, Side::Jade),
            side_squares(pos, Side::Crimson),
        );
        let rat = |s: Side| squares[s][0].map_or(Bitboard::EMPTY, Bitboard::from_square);
        Layout {
            squares,
            occupied: BySide::new(pos.occupied_by(Side::Jade), pos.occupied_by(Side::Crimson)),
            rats: rat(Side::Jade) | rat(Side::Crimson),
        }
    }

    /// Pieces of `side` that an animal of rank `animal` may capture by rank alone
    /// (rat/elephant rules and traps are applied in [`Layout::capture_targets`]).
    #[inline]
    fn at_most(&self, side: Side, animal: usize) -> Bitboard {
        let mut acc = Bitboard::EMPTY;
        for sq in self.squares[side][..=animal].iter().flatten() {
            acc = acc.with(*sq);
        }
        acc
    }

    /// Squares the `animal` of `side` standing on `from` can move to, captures or not,
    /// ignoring which pieces stand there (steps on the right terrain and unblocked leaps).
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
        let enemies = self.occupied[them] & terrain & self.reach(animal, from);
        if enemies.is_empty() {
            return enemies;
        }
        let weak = self.occupied[them] & TRAPS[side];
        let capturable = match animal {
            Animal::Rat => {
                let elephant = self.squares[them][7].map_or(Bitboard::EMPTY, Bitboard::from_square);
                self.at_most(them, 0) | elephant | weak
            }
            Animal::Elephant => {
                let rat = self.squares[them][0].map_or(Bitboard::EMPTY, Bitboard::from_square);
                (self.at_most(them, 7) & !rat) | weak
            }
            a => self.at_most(them, a.index()) | weak,
        };
        enemies & capturable
    }

    /// Every capture `side` could make if it were to move, as `(attacker, from, targets)`.
    pub fn captures(&self, side: Side) -> impl Iterator<Item = (Animal, Square, Bitboard)> + '_ {
        Animal::ALL.into_iter().filter_map(move |a| {
            let from = self.squares[side][a.index()]?;
            let t = self.capture_targets(side, a, from);
            t.any().then_some((a, from, t))
        })
    }

    /// The pieces of `side` that the enemy could capture if it were the enemy's move.
    pub fn attacked(&self, side: Side) -> Bitboard {
        self.captures(side.other())
            .fold(Bitboard::EMPTY, |acc, (_, _, t)| acc | t)
    }

    /// The animal of `side` on `sq` (which must hold one of `side`'s pieces).
    #[inline]
    pub fn animal_at(&self, side: Side, sq: Square) -> Animal {
        let i = self.squares[side]
            .iter()
            .position(|s| *s == Some(sq))
            .unwrap_or(0);
        Animal::from_index(i)
    }
}

fn side_squares(pos: &Position, side: Side) -> [Option<Square>; 8] {
    Animal::ALL.map(|a| pos.square_of(crate::engine::Piece::new(side, a)))
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

    fn random_positions(n: usize) -> Vec<Position> {
        let mut rng = super::super::rng::Rng::new(9);
        let mut out = Vec::new();
        while out.len() < n {
            let mut p = Position::start();
            for _ in 0..rng.below(160) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
            out.push(p);
        }
        out
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
