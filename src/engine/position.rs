//! `Position`: where every animal stands, whose turn it is, the clocks, and the Zobrist hash.
//! Moves are applied here unchecked; generating them lives in `movegen`, checking one in
//! `legality`.

use std::fmt;

use super::bitboard::Bitboard;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::square::{NUM_SQUARES, Square};
use super::terrain::DEN_BB;
use super::types::{Animal, Piece, Side};
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
    /// 0 = empty, otherwise the piece's [`Piece::code`].
    board: [u8; NUM_SQUARES],
    /// `squares[side][animal]`: where each animal stands, `NO_SQUARE` once captured.
    squares: [[u8; 8]; 2],
    /// `occupied[side]`.
    occupied: [Bitboard; 2],
    turn: Side,
    clock: u16,
    fullmove: u32,
    hash: u64,
}

/// The piece of each board code ([`Piece::code`]); `None` for an empty square.
static DECODE: [Option<Piece>; Piece::COUNT + 1] = {
    let mut t = [None; Piece::COUNT + 1];
    let mut i = 0;
    while i < Piece::COUNT {
        let p = Piece::from_index(i);
        t[p.code() as usize] = Some(p);
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
            squares: [[NO_SQUARE; 8]; 2],
            occupied: [Bitboard::EMPTY; 2],
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
        self.board[sq.index()] = piece.code();
        let side = piece.side.index();
        self.squares[side][piece.animal.index()] = sq.index() as u8;
        self.occupied[side] = self.occupied[side].with(sq);
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.board[sq.index()])
    }

    /// Where an animal stands, if it is still on the board.
    pub fn square_of(&self, piece: Piece) -> Option<Square> {
        Square::new(self.squares[piece.side.index()][piece.animal.index()])
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
        self.occupied[side.index()]
    }

    pub fn occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
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

    /// `[side index][animal]`: where every animal stands (`63` once captured), for the search.
    #[inline]
    pub fn raw_squares(&self) -> [[u8; 8]; 2] {
        self.squares
    }

    /// The board by square: 0 for an empty square, else the piece's [`Piece::code`] (for the
    /// search).
    #[inline]
    pub fn raw_board(&self) -> &[u8; NUM_SQUARES] {
        &self.board
    }

    /// Internal square array, for the move generator.
    #[inline]
    pub(crate) fn raw_square(&self, side: Side, animal: usize) -> u8 {
        self.squares[side.index()][animal]
    }

    /// Whether the game is over and how. Checked in the order of the rules: den entered,
    /// no animals left, no legal move, then the 100-half-move draw.
    pub fn outcome(&self) -> Option<Outcome> {
        let mover = self.turn.other();
        if (self.occupied_by(mover) & DEN_BB[self.turn]).any() {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::Den,
            });
        }
        if self.occupied_by(self.turn).is_empty() {
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
        (self.occupied_by(self.turn.other()) & DEN_BB[self.turn]).any()
            || self.occupied_by(self.turn).is_empty()
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
        assert!(code != EMPTY, "play_unchecked: no piece on the from-square");
        // Index the tables by the code's piece index without decoding a `Piece`.
        let mover = Piece::index_of_code(code);
        let victim = self.board[to];
        if victim != EMPTY {
            let v = Piece::index_of_code(victim);
            let (side, animal) = Piece::split_index(v);
            self.squares[side][animal] = NO_SQUARE;
            self.occupied[side] = self.occupied[side].without(mv.to);
            self.hash ^= zobrist::piece_key_by_index(v, to);
            self.clock = 0;
        } else {
            self.clock += 1;
        }
        self.board[from] = EMPTY;
        self.board[to] = code;
        let (side, animal) = Piece::split_index(mover);
        self.squares[side][animal] = to as u8;
        self.occupied[side] =
            self.occupied[side] ^ Bitboard::from_square(mv.from) ^ Bitboard::from_square(mv.to);
        self.hash ^= zobrist::piece_key_by_index(mover, from)
            ^ zobrist::piece_key_by_index(mover, to)
            ^ zobrist::CRIMSON_TO_MOVE;
        if self.turn == Side::Crimson {
            self.fullmove += 1;
        }
        self.turn = self.turn.other();
        decode(victim)
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
