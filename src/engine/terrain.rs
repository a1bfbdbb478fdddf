//! The fixed board: water, traps and dens, and the step and leap tables built at compile time.

use super::bitboard::Bitboard;
use super::square::{NUM_SQUARES, Square, sq};
use super::types::{BySide, Side};

/// The two lakes.
pub const WATER: Bitboard = Bitboard::from_squares(&[
    sq::B4,
    sq::B5,
    sq::B6,
    sq::C4,
    sq::C5,
    sq::C6,
    sq::E4,
    sq::E5,
    sq::E6,
    sq::F4,
    sq::F5,
    sq::F6,
]);

pub const LAND: Bitboard = Bitboard(!WATER.0 & Bitboard::FULL.0);

/// Each side's den: Jade defends `D9`, Crimson defends `D1`.
pub const DEN: BySide<Square> = BySide::new(sq::D9, sq::D1);
pub const DEN_BB: BySide<Bitboard> =
    BySide::new(Bitboard::from_square(sq::D9), Bitboard::from_square(sq::D1));

/// Each side's traps, around its own den.
pub const TRAPS: BySide<Bitboard> = BySide::new(
    Bitboard::from_squares(&[sq::C9, sq::E9, sq::D8]),
    Bitboard::from_squares(&[sq::C1, sq::E1, sq::D2]),
);

pub const ALL_TRAPS: Bitboard = Bitboard(TRAPS.jade.0 | TRAPS.crimson.0);

pub fn is_water(s: Square) -> bool {
    WATER.contains(s)
}

/// The side whose trap this is, if it is one.
pub fn trap_owner(s: Square) -> Option<Side> {
    Side::ALL.into_iter().find(|&side| TRAPS[side].contains(s))
}

/// The side whose den this is, if it is one.
pub fn den_owner(s: Square) -> Option<Side> {
    Side::ALL.into_iter().find(|&side| DEN[side] == s)
}

/// Orthogonal neighbours of every square; entry 63 (no square: a captured piece) is empty.
pub static STEPS: [Bitboard; NUM_SQUARES + 1] = build_steps();

const fn build_steps() -> [Bitboard; NUM_SQUARES + 1] {
    let mut out = [Bitboard::EMPTY; NUM_SQUARES + 1];
    let mut i = 0;
    while i < NUM_SQUARES {
        let s = Square::from_index_unchecked(i as u8);
        let mut bits = 0u64;
        if let Some(n) = s.up() {
            bits |= 1 << n.index();
        }
        if let Some(n) = s.down() {
            bits |= 1 << n.index();
        }
        if let Some(n) = s.left() {
            bits |= 1 << n.index();
        }
        if let Some(n) = s.right() {
            bits |= 1 << n.index();
        }
        out[i] = Bitboard(bits);
        i += 1;
    }
    out
}

/// A lion or tiger leap from a square: where it lands and the water squares it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    pub to: Square,
    pub path: Bitboard,
}

/// At most two leaps start from any square (e.g. `D5` leaps left and right).
#[derive(Clone, Copy, Debug)]
pub struct Leaps {
    pub len: u8,
    pub leaps: [Leap; 2],
}

impl Leaps {
    pub fn as_slice(&self) -> &[Leap] {
        &self.leaps[..self.len as usize]
    }
}

/// Entry 63 (no square) has no leaps.
pub static LEAPS: [Leaps; NUM_SQUARES + 1] = build_leaps();

/// Squares that a leap can start from (land squares beside a lake).
pub static LEAP_FROM: Bitboard = leap_sources(&LEAPS);

const fn step(s: Square, dir: u8) -> Option<Square> {
    match dir {
        0 => s.up(),
        1 => s.down(),
        2 => s.left(),
        _ => s.right(),
    }
}

const fn build_leaps() -> [Leaps; NUM_SQUARES + 1] {
    let blank = Leap {
        to: Square::from_index_unchecked(0),
        path: Bitboard::EMPTY,
    };
    let mut out = [Leaps {
        len: 0,
        leaps: [blank; 2],
    }; NUM_SQUARES + 1];
    let mut i = 0;
    while i < NUM_SQUARES {
        let from = Square::from_index_unchecked(i as u8);
        if !WATER.contains(from) {
            let mut dir = 0;
            while dir < 4 {
                let mut path = 0u64;
                let mut cur = step(from, dir);
                while let Some(c) = cur {
                    if !WATER.contains(c) {
                        break;
                    }
                    path |= 1 << c.index();
                    cur = step(c, dir);
                }
                if path != 0
                    && let Some(to) = cur
                {
                    let n = out[i].len as usize;
                    out[i].leaps[n] = Leap {
                        to,
                        path: Bitboard(path),
                    };
                    out[i].len += 1;
                }
                dir += 1;
            }
        }
        i += 1;
    }
    out
}

const fn leap_sources(leaps: &[Leaps; NUM_SQUARES + 1]) -> Bitboard {
    let mut bits = 0u64;
    let mut i = 0;
    while i < NUM_SQUARES {
        if leaps[i].len > 0 {
            bits |= 1 << i;
        }
        i += 1;
    }
    Bitboard(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow twin of `STEPS`: neighbours by coordinates.
    fn slow_steps(s: Square) -> Vec<Square> {
        let (f, r) = (s.file() as i32, s.rank() as i32);
        let mut v: Vec<Square> = [(0, -1), (0, 1), (-1, 0), (1, 0)]
            .iter()
            .filter_map(|(df, dr)| {
                let (nf, nr) = (f + df, r + dr);
                (0..7).contains(&nf).then_some(())?;
                (1..=9).contains(&nr).then_some(())?;
                Square::from_coords(nf as u8, nr as u8)
            })
            .collect();
        v.sort();
        v
    }

    /// The slow twin of `LEAPS`: walk across water square by square in coordinates.
    fn slow_leaps(s: Square) -> Vec<(Square, Vec<Square>)> {
        let mut out = Vec::new();
        if is_water(s) {
            return out;
        }
        for (df, dr) in [(0i32, -1i32), (0, 1), (-1, 0), (1, 0)] {
            let (mut f, mut r) = (s.file() as i32 + df, s.rank() as i32 + dr);
            let mut path = Vec::new();
            while (0..7).contains(&f) && (1..=9).contains(&r) {
                let c = Square::from_coords(f as u8, r as u8).unwrap();
                if !is_water(c) {
                    if !path.is_empty() {
                        path.sort();
                        out.push((c, path.clone()));
                    }
                    break;
                }
                path.push(c);
                f += df;
                r += dr;
            }
        }
        out.sort();
        out
    }

    #[test]
    fn step_table_matches_slow_twin() {
        for s in Square::all() {
            assert_eq!(STEPS[s.index()].collect::<Vec<_>>(), slow_steps(s), "{s}");
        }
    }

    #[test]
    fn leap_table_matches_slow_twin() {
        for s in Square::all() {
            let mut fast: Vec<(Square, Vec<Square>)> = LEAPS[s.index()]
                .as_slice()
                .iter()
                .map(|l| (l.to, l.path.collect()))
                .collect();
            fast.sort();
            assert_eq!(fast, slow_leaps(s), "{s}");
        }
    }

    #[test]
    fn named_leaps() {
        let d5: Vec<Square> = LEAPS[sq::D5.index()]
            .as_slice()
            .iter()
            .map(|l| l.to)
            .collect();
        assert!(d5.contains(&sq::A5) && d5.contains(&sq::G5));
        let c3: Vec<Square> = LEAPS[sq::C3.index()]
            .as_slice()
            .iter()
            .map(|l| l.to)
            .collect();
        assert_eq!(c3, vec![sq::C7]);
        assert_eq!(LEAP_FROM.count(), 17);
        assert_eq!(WATER.count(), 12);
        assert_eq!(trap_owner(sq::D8), Some(Side::Jade));
        assert_eq!(den_owner(sq::D1), Some(Side::Crimson));
    }
}
