//! A plain, obviously correct move generator written straight from RULES.md with square
//! coordinates and no tables, used to check the engine's fast bitboard generator.

use jungle::engine::{Animal, Move, Piece, Position, Side, Square};

fn water(file: i32, rank: i32) -> bool {
    (4..=6).contains(&rank) && matches!(file, 1 | 2 | 4 | 5)
}

fn own_trap(side: Side, file: i32, rank: i32) -> bool {
    let (den_rank, trap_rank) = match side {
        Side::Jade => (9, 8),
        Side::Crimson => (1, 2),
    };
    (rank == den_rank && (file == 2 || file == 4)) || (rank == trap_rank && file == 3)
}

fn own_den(side: Side, file: i32, rank: i32) -> bool {
    file == 3 && rank == if side == Side::Jade { 9 } else { 1 }
}

fn sq(file: i32, rank: i32) -> Option<Square> {
    if (0..7).contains(&file) && (1..=9).contains(&rank) {
        Square::from_coords(file as u8, rank as u8)
    } else {
        None
    }
}

fn effective_rank(p: Piece, file: i32, rank: i32) -> u8 {
    if own_trap(p.side.other(), file, rank) {
        0
    } else {
        p.animal.rank()
    }
}

/// RULES.md "Capturing", in order.
pub fn can_capture(a: Piece, from: (i32, i32), d: Piece, to: (i32, i32)) -> bool {
    if water(from.0, from.1) != water(to.0, to.1) {
        return false;
    }
    let ea = effective_rank(a, from.0, from.1);
    let ed = effective_rank(d, to.0, to.1);
    if a.animal == Animal::Rat && d.animal == Animal::Elephant {
        return !own_trap(a.side.other(), from.0, from.1);
    }
    if a.animal == Animal::Elephant && d.animal == Animal::Rat {
        return own_trap(a.side, to.0, to.1);
    }
    ea >= ed
}

/// Every legal move, sorted; empty when the game is over by den, capture-all or the clock.
pub fn legal_moves(p: &Position) -> Vec<Move> {
    let turn = p.turn();
    let mover = turn.other();
    let den_taken = p
        .pieces()
        .any(|(s, pc)| pc.side == mover && own_den(turn, s.file() as i32, s.rank() as i32));
    let has_pieces = p.pieces().any(|(_, pc)| pc.side == turn);
    if den_taken || !has_pieces || p.halfmove_clock() >= 100 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (from, piece) in p.pieces().filter(|(_, pc)| pc.side == turn) {
        let (f, r) = (from.file() as i32, from.rank() as i32);
        for (df, dr) in [(0, -1), (0, 1), (-1, 0), (1, 0)] {
            let Some(mut to) = sq(f + df, r + dr) else {
                continue;
            };
            let (mut tf, mut tr) = (f + df, r + dr);
            if water(tf, tr) && piece.animal != Animal::Rat {
                if !matches!(piece.animal, Animal::Lion | Animal::Tiger) {
                    continue;
                }
                // Leap: cross the whole lake; blocked by any rat on the way.
                let mut blocked = false;
                while water(tf, tr) {
                    if p.piece_at(sq(tf, tr).unwrap()).is_some() {
                        blocked = true;
                    }
                    tf += df;
                    tr += dr;
                }
                match sq(tf, tr) {
                    Some(s) if !blocked => to = s,
                    _ => continue,
                }
            }
            if own_den(turn, tf, tr) {
                continue;
            }
            match p.piece_at(to) {
                Some(t) if t.side == turn => continue,
                Some(t) if !can_capture(piece, (f, r), t, (tf, tr)) => continue,
                _ => {}
            }
            out.push(Move::new(from, to));
        }
    }
    out.sort();
    out
}

/// The reference perft, with no bulk counting.
pub fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(p)
        .into_iter()
        .map(|m| {
            let mut c = *p;
            c.play_unchecked(m);
            perft(&c, depth - 1)
        })
        .sum()
}
