//! `Position`: where every animal stands, whose turn it is, the clocks, and the Zobrist hash.
//! Moves are applied here; generating them lives in `movegen`.

use std::fmt;

use super::bitboard::Bitboard;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::square::{NUM_SQUARES, Square};
use super::terrain::DEN_BB;
use super::types::{Animal, BySide, Piece, Side};
use super::zobrist;

/// A move: one animal from one square to another. Captures and leaps follow from the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    /// Canonical text: `G7 G6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Half-moves without a capture after which the game is drawn.
pub const DRAW_CLOCK: u16 = 100;

/// The square index of a captured animal (one past `G9`).
pub(crate) const NO_SQUARE: u8 = 63;
const EMPTY: u8 = 0;

/// A validated position. Build one with [`Position::start`] or by parsing a position string.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// 0 = empty, otherwise 1 + side * 8 + animal.
    board: [u8; NUM_SQUARES],
    /// Where each animal stands, `NO_SQUARE` once captured.
    squares: BySide<[u8; 8]>,
    occupied: BySide<Bitboard>,
    turn: Side,
    clock: u16,
    fullmove: u32,
    hash: u64,
}

const fn encode(p: Piece) -> u8 {
    1 + p.side as u8 * 8 + p.animal as u8
}

static DECODE: [Option<Piece>; 17] = {
    let mut t = [None; 17];
    let mut i = 0;
    while i < 16 {
        let side = if i >= 8 { Side::Crimson } else { Side::Jade };
        t[i + 1] = Some(Piece::new(side, Animal::ALL[i % 8]));
        i += 1;
    }
    t
};

#[inline]
fn decode(code: u8) -> Option<Piece> {
    DECODE[code as usize]
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// An empty board, Jade to move. Only for building positions; not every empty-ish
    /// position is valid, which `notation` checks.
    pub(crate) fn empty(turn: Side, clock: u16, fullmove: u32) -> Position {
        Position {
            board: [EMPTY; NUM_SQUARES],
            squares: BySide::new([NO_SQUARE; 8], [NO_SQUARE; 8]),
            occupied: BySide::default(),
            turn,
            clock,
            fullmove,
            hash: zobrist::side_key(turn),
        }
    }

    /// The standard starting position.
    pub fn start() -> Position {
        use super::square::sq::*;
        use Animal::*;
        let mut p = Position::empty(Side::Jade, 0, 1);
        let crimson = [
            (Lion, A1),
            (Tiger, G1),
            (Dog, B2),
            (Cat, F2),
            (Rat, A3),
            (Leopard, C3),
            (Wolf, E3),
            (Elephant, G3),
        ];
        let jade = [
            (Tiger, A9),
            (Lion, G9),
            (Cat, B8),
            (Dog, F8),
            (Elephant, A7),
            (Wolf, C7),
            (Leopard, E7),
            (Rat, G7),
        ];
        for (a, s) in crimson {
            p.put(Piece::new(Side::Crimson, a), s);
        }
        for (a, s) in jade {
            p.put(Piece::new(Side::Jade, a), s);
        }
        p
    }

    /// Places a piece on an empty square (building positions only).
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        debug_assert!(self.board[sq.index()] == EMPTY);
        self.board[sq.index()] = encode(piece);
        self.squares[piece.side][piece.animal.index()] = sq.index() as u8;
        self.occupied[piece.side] = self.occupied[piece.side].with(sq);
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.board[sq.index()])
    }

    /// Where an animal stands, if it is still on the board.
    pub fn square_of(&self, piece: Piece) -> Option<Square> {
        Square::new(self.squares[piece.side][piece.animal.index()])
    }

    /// Every piece on the board with its square, Jade's first, weakest first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Side::ALL.into_iter().flat_map(move |side| {
            Animal::ALL.into_iter().filter_map(move |a| {
                let p = Piece::new(side, a);
                self.square_of(p).map(|s| (s, p))
            })
        })
    }

    pub fn occupied_by(&self, side: Side) -> Bitboard {
        self.occupied[side]
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied.jade | self.occupied.crimson
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Half-moves since the last capture.
    pub fn halfmove_clock(&self) -> u16 {
        self.clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Number of half-moves played since the game's first move, if it started at move 1.
    pub fn ply(&self) -> u32 {
        (self.fullmove - 1) * 2 + self.turn.index() as u32
    }

    /// The incrementally maintained Zobrist hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (for checking the incremental one).
    pub fn compute_hash(&self) -> u64 {
        self.pieces()
            .fold(zobrist::side_key(self.turn), |h, (s, p)| {
                h ^ zobrist::piece_key(p, s)
            })
    }

    /// Where every animal of both sides stands (`63` once captured), for the search.
    #[inline]
    pub(crate) fn raw_squares(&self) -> BySide<[u8; 8]> {
        self.squares
    }

    /// The board by square: 0 for an empty square, else 1 + side * 8 + animal (for the search).
    #[inline]
    pub(crate) fn raw_board(&self) -> &[u8; NUM_SQUARES] {
        &self.board
    }

    /// Internal square array, for the move generator.
    #[inline]
    pub(crate) fn raw_square(&self, side: Side, animal: usize) -> u8 {
        self.squares[side][animal]
    }

    /// Whether the game is over and how. Checked in the order of the rules: den entered,
    /// no animals left, no legal move, then the 100-half-move draw.
    pub fn outcome(&self) -> Option<Outcome> {
        let mover = self.turn.other();
        if (self.occupied[mover] & DEN_BB[self.turn]).any() {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::Den,
            });
        }
        if self.occupied[self.turn].is_empty() {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::AllCaptured,
            });
        }
        if self.count_moves() == 0 {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::NoMoves,
            });
        }
        if self.clock >= DRAW_CLOCK {
            return Some(Outcome::Draw {
                reason: DrawReason::NoCaptureLimit,
            });
        }
        None
    }

    /// Cheap part of [`Position::outcome`]: true when the game ended by den, capture-all or
    /// the clock. A position where this is false may still be lost for lack of moves.
    #[inline]
    pub fn is_decided_without_movegen(&self) -> bool {
        (self.occupied[self.turn.other()] & DEN_BB[self.turn]).any()
            || self.occupied[self.turn].is_empty()
            || self.clock >= DRAW_CLOCK
    }

    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whether a move (assumed legal) captures.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to.index()] != EMPTY
    }

    /// Plays a move that is known to be legal, updating the hash and clocks.
    /// Returns the captured piece, if any.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Option<Piece> {
        let (from, to) = (mv.from.index(), mv.to.index());
        let code = self.board[from];
        let piece = decode(code).expect("play_unchecked: no piece on the from-square");
        let captured = decode(self.board[to]);
        if let Some(c) = captured {
            self.squares[c.side][c.animal.index()] = NO_SQUARE;
            self.occupied[c.side] = self.occupied[c.side].without(mv.to);
            self.hash ^= zobrist::piece_key(c, mv.to);
            self.clock = 0;
        } else {
            self.clock += 1;
        }
        self.board[from] = EMPTY;
        self.board[to] = code;
        self.squares[piece.side][piece.animal.index()] = to as u8;
        self.occupied[piece.side] = self.occupied[piece.side]
            ^ Bitboard::from_square(mv.from)
            ^ Bitboard::from_square(mv.to);
        self.hash ^= zobrist::piece_key(piece, mv.from)
            ^ zobrist::piece_key(piece, mv.to)
            ^ zobrist::CRIMSON_TO_MOVE;
        if self.turn == Side::Crimson {
            self.fullmove += 1;
        }
        self.turn = self.turn.other();
        captured
    }

    /// Plays a move after checking it; an illegal move leaves the position unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Option<Piece>, super::movegen::IllegalMove> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Passes the turn without moving (search use only, e.g. null-move ideas).
    pub fn with_turn(&self, turn: Side) -> Position {
        let mut p = *self;
        if p.turn != turn {
            p.turn = turn;
            p.hash ^= zobrist::CRIMSON_TO_MOVE;
        }
        p
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
        state.write_u16(self.clock);
    }
}
