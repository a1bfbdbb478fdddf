//! The small vocabulary of the game: sides, animals and pieces.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// One of the two players. Jade sits at the bottom (ranks 7-9) and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Jade = 0,
    Crimson = 1,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::Jade, Side::Crimson];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The position-string letter: `j` or `c`.
    pub const fn letter(self) -> char {
        match self {
            Side::Jade => 'j',
            Side::Crimson => 'c',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::Jade => "Jade",
            Side::Crimson => "Crimson",
        }
    }

    pub const fn other(self) -> Side {
        match self {
            Side::Jade => Side::Crimson,
            Side::Crimson => Side::Jade,
        }
    }

    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'j' => Some(Side::Jade),
            'c' => Some(Side::Crimson),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pair of values, one per side, indexed by [`Side`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    pub jade: T,
    pub crimson: T,
}

impl<T> BySide<T> {
    pub const fn new(jade: T, crimson: T) -> Self {
        BySide { jade, crimson }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        match side {
            Side::Jade => &self.jade,
            Side::Crimson => &self.crimson,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Jade => &mut self.jade,
            Side::Crimson => &mut self.crimson,
        }
    }
}

/// The eight animals, weakest first, so that `animal as u8 + 1` is the rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Animal {
    Rat = 0,
    Cat = 1,
    Dog = 2,
    Wolf = 3,
    Leopard = 4,
    Tiger = 5,
    Lion = 6,
    Elephant = 7,
}

impl Animal {
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Animal {
        Animal::ALL[i]
    }

    /// Rank 1 (rat) to 8 (elephant).
    pub const fn rank(self) -> u8 {
        self as u8 + 1
    }

    /// The upper-case letter of the position string.
    pub const fn letter(self) -> char {
        match self {
            Animal::Rat => 'R',
            Animal::Cat => 'C',
            Animal::Dog => 'D',
            Animal::Wolf => 'W',
            Animal::Leopard => 'P',
            Animal::Tiger => 'T',
            Animal::Lion => 'L',
            Animal::Elephant => 'E',
        }
    }

    pub fn from_letter(c: char) -> Option<Animal> {
        Animal::ALL
            .into_iter()
            .find(|a| a.letter() == c.to_ascii_uppercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }

    /// Lions and tigers may leap across the lakes.
    pub const fn can_leap(self) -> bool {
        matches!(self, Animal::Lion | Animal::Tiger)
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An animal of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub animal: Animal,
}

impl Piece {
    /// How many distinct pieces there are: the rows of a table indexed by [`Piece::index`].
    pub const COUNT: usize = 16;

    pub const fn new(side: Side, animal: Animal) -> Piece {
        Piece { side, animal }
    }

    /// `side * 8 + animal`, 0 to 15: the row of a per-piece table (Zobrist keys, move
    /// history, sprites). The one place this numbering is written; [`Piece::code`] and the
    /// helpers below follow from it.
    #[inline]
    pub const fn index(self) -> usize {
        Piece::index_of(self.side, self.animal.index())
    }

    /// [`Piece::index`] of `side`'s animal with index `animal` (for loops over animal indices).
    #[inline]
    pub const fn index_of(side: Side, animal: usize) -> usize {
        side.index() * 8 + animal
    }

    /// The piece with a given [`Piece::index`].
    pub const fn from_index(index: usize) -> Piece {
        let (side, animal) = Piece::split_index(index);
        Piece::new(Side::ALL[side], Animal::ALL[animal])
    }

    /// The side index and the animal index of a [`Piece::index`], without building a `Piece`
    /// (for arrays laid out `[side][animal]`).
    #[inline]
    pub const fn split_index(index: usize) -> (usize, usize) {
        (index >> 3, index & 7)
    }

    /// The code of the piece on a board of bytes: `1 + index`, so that 0 is free to mean an
    /// empty square.
    #[inline]
    pub const fn code(self) -> u8 {
        1 + self.index() as u8
    }

    /// The [`Piece::index`] of a board code; meaningless for 0, the empty square.
    #[inline]
    pub const fn index_of_code(code: u8) -> usize {
        code.wrapping_sub(1) as usize
    }

    /// Position-string letter: upper case for Jade, lower case for Crimson.
    pub fn letter(self) -> char {
        match self.side {
            Side::Jade => self.animal.letter(),
            Side::Crimson => self.animal.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        let animal = Animal::from_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::Jade
        } else {
            Side::Crimson
        };
        Some(Piece { side, animal })
    }
}

impl fmt::Display for Piece {
    /// `Jade lion`, `Crimson rat`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side, self.animal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for side in Side::ALL {
            for animal in Animal::ALL {
                let p = Piece::new(side, animal);
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
        assert_eq!(Piece::from_letter('x'), None);
        assert_eq!(Animal::Elephant.rank(), 8);
        assert_eq!(Animal::Rat.rank(), 1);
    }

    #[test]
    fn indices_and_codes_round_trip() {
        let mut seen = [false; Piece::COUNT];
        for side in Side::ALL {
            for animal in Animal::ALL {
                let p = Piece::new(side, animal);
                let i = p.index();
                assert!(!seen[i], "{p}: index {i} twice");
                seen[i] = true;
                assert_eq!(Piece::from_index(i), p);
                assert_eq!(Piece::index_of(side, animal.index()), i);
                assert_eq!(Piece::split_index(i), (side.index(), animal.index()));
                assert_ne!(p.code(), 0, "0 is the empty square");
                assert_eq!(Piece::index_of_code(p.code()), i);
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
