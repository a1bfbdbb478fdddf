//! Move ordering: the hash move, captures by value, den threats, killers, then history.

use engine::terrain::STEPS;
use engine::{Bitboard, Move, Piece, Position, Side, Square};

use super::eval::MATERIAL;
use super::tables::{DEN_ADJACENT, DEN_ZONE};

pub const MAX_PLY: usize = 128;

const HASH_MOVE: i32 = 100_000_000;
const WINNING_THREAT: i32 = 60_000_000;
const CAPTURE: i32 = 50_000_000;
const DEN_THREAT: i32 = 40_000_000;
pub(super) const KILLER: i32 = 30_000_000;
const HISTORY_MAX: i32 = 1 << 14;

/// Killer moves by ply and the history of quiet moves by piece and destination.
pub struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// `history[piece index][to]` (see [`Piece::index`]).
    history: [[i32; 64]; Piece::COUNT],
}

/// What kind of move it is, for pruning decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Capture,
    /// Steps beside the enemy den (threatens to enter it).
    DenThreat,
    /// Steps within two squares of the enemy den.
    Approach,
    Quiet,
}

#[derive(Clone, Copy, Debug)]
pub struct Scored {
    pub mv: Move,
    pub score: i32,
    pub kind: Kind,
}

impl Scored {
    /// A placeholder for fixed-size buffers.
    pub const NONE: Scored = Scored {
        mv: Move::new(
            Square::from_index_unchecked(0),
            Square::from_index_unchecked(0),
        ),
        score: i32::MIN,
        kind: Kind::Quiet,
    };
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: [[0; 64]; Piece::COUNT],
        }
    }
}

fn piece_index(pos: &Position, mv: Move) -> usize {
    pos.piece_at(mv.from).map_or(0, Piece::index)
}

pub fn kind(pos: &Position, mv: Move) -> Kind {
    let them = pos.turn().other();
    if pos.is_capture(mv) {
        Kind::Capture
    } else if DEN_ADJACENT[them].contains(mv.to) {
        Kind::DenThreat
    } else if DEN_ZONE[them].contains(mv.to) {
        Kind::Approach
    } else {
        Kind::Quiet
    }
}

impl Heuristics {
    pub fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// The history of the quiet moves of `side`'s animal `a`, by destination.
    pub fn history_row(&self, side: Side, a: usize) -> &[i32; 64] {
        &self.history[Piece::index_of(side, a)]
    }

    /// Scores every move but `skip` (already tried: the hash move) into `out`, in order;
    /// returns how many were written. The caller picks them best first.
    pub fn score(
        &self,
        pos: &Position,
        moves: &[Move],
        skip: Option<Move>,
        ply: usize,
        out: &mut [Scored],
    ) -> usize {
        let ctx = ScoreContext::new(self, pos, ply);
        let mut n = 0;
        // Moves come grouped by the moving piece: look each one up once.
        let mut from = None;
        let mut piece = ctx.piece(0);
        for &mv in moves {
            if Some(mv) == skip {
                continue;
            }
            if from != Some(mv.from) {
                from = Some(mv.from);
                piece = ctx.piece(pos.piece_at(mv.from).map_or(0, |p| p.animal.index()));
            }
            out[n] = ctx.scored(pos, &piece, mv);
            n += 1;
        }
        n
    }

    /// The hash move, first of all, without scoring the others yet.
    pub fn hash_scored(pos: &Position, mv: Move) -> Scored {
        Scored {
            mv,
            score: HASH_MOVE,
            kind: kind(pos, mv),
        }
    }

    /// A quiet move caused a cut-off: remember it, and lower the quiet moves tried before it.
    pub fn reward(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize, tried: &[Move]) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        self.bump(pos, mv, bonus);
        for &m in tried {
            if m != mv {
                self.bump(pos, m, -bonus);
            }
        }
    }

    fn bump(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let h = &mut self.history[piece_index(pos, mv)][mv.to.index()];
        let b = bonus * 32;
        *h += b - *h * b.abs() / HISTORY_MAX;
    }

    pub fn clear_killers_from(&mut self, ply: usize) {
        if ply < MAX_PLY {
            self.killers[ply] = [None; 2];
        }
    }
}

/// What scoring the moves of one node needs, looked up once.
pub(super) struct ScoreContext<'a> {
    heur: &'a Heuristics,
    us: Side,
    pub(super) enemies: Bitboard,
    pub(super) adjacent: Bitboard,
    zone: Bitboard,
    killers: [Option<Move>; 2],
}

/// The moving piece: its history row and its rank for ordering captures.
pub(super) struct MovingPiece<'a> {
    history: &'a [i32; 64],
    attacker: i32,
}

impl<'a> ScoreContext<'a> {
    #[inline(always)]
    pub(super) fn new(heur: &'a Heuristics, pos: &Position, ply: usize) -> ScoreContext<'a> {
        let them = pos.turn().other();
        ScoreContext {
            heur,
            us: pos.turn(),
            enemies: pos.occupied_by(them),
            adjacent: DEN_ADJACENT[them],
            zone: DEN_ZONE[them],
            killers: heur.killers[ply],
        }
    }

    #[inline(always)]
    pub(super) fn piece(&self, animal: usize) -> MovingPiece<'a> {
        MovingPiece {
            history: &self.heur.history[Piece::index_of(self.us, animal)],
            attacker: animal as i32,
        }
    }

    #[inline(always)]
    pub(super) fn scored(&self, pos: &Position, piece: &MovingPiece<'_>, mv: Move) -> Scored {
        let to = mv.to;
        let (kind, score) = if self.enemies.contains(to) {
            let victim = pos.piece_at(to).map_or(0, |p| MATERIAL[p.animal.index()]);
            (Kind::Capture, CAPTURE + victim * 16 - piece.attacker)
        } else if self.adjacent.contains(to) {
            // No enemy beside the square to take the intruder: the den falls.
            let s = if (STEPS[to.index()] & self.enemies).is_empty() {
                WINNING_THREAT
            } else {
                DEN_THREAT
            };
            (Kind::DenThreat, s)
        } else {
            let kind = if self.zone.contains(to) {
                Kind::Approach
            } else {
                Kind::Quiet
            };
            let s = if Some(mv) == self.killers[0] {
                KILLER + 1
            } else if Some(mv) == self.killers[1] {
                KILLER
            } else {
                piece.history[to.index()]
            };
            (kind, s)
        };
        Scored { mv, score, kind }
    }
}
