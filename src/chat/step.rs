//! A move written as an animal and a direction: `虎上`, `狮左` / `獅左`, `tiger up`, `T up`.
//! Each side has one of each animal, so the two name one piece and where it heads; the
//! directions are the screen's, as the channel's board shows the game (rank 1 at the top
//! unless the board is turned round). The words are every language's (the catalogues' animal
//! and direction words, and the board's letters), whatever the channel speaks.

use std::str::FromStr;
use std::sync::LazyLock;

use engine::{Animal, Move, ParseMoveError, Piece, Position, Square};

use crate::lang::{Lang, animal_name, tr};

/// A direction on the board as it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The word for it in `lang`.
    pub fn word(self, lang: Lang) -> String {
        match self {
            Dir::Up => tr!(lang, "direction-up"),
            Dir::Down => tr!(lang, "direction-down"),
            Dir::Left => tr!(lang, "direction-left"),
            Dir::Right => tr!(lang, "direction-right"),
        }
    }

    /// The arrow a reaction names it with (`⬆️`).
    pub fn arrow(self) -> &'static str {
        match self {
            Dir::Up => "\u{2B06}\u{FE0F}",
            Dir::Down => "\u{2B07}\u{FE0F}",
            Dir::Left => "\u{2B05}\u{FE0F}",
            Dir::Right => "\u{27A1}\u{FE0F}",
        }
    }

    /// The direction of a reaction's arrow, with or without its emoji variation selector.
    pub fn of_arrow(key: &str) -> Option<Dir> {
        let bare = key.trim_end_matches('\u{FE0F}');
        Dir::ALL
            .into_iter()
            .find(|d| d.arrow().trim_end_matches('\u{FE0F}') == bare)
    }

    /// The direction of a step from `from` to `to` on the board shown (`flip`: turned round).
    fn of(from: Square, to: Square, flip: bool) -> Option<Dir> {
        let sign = if flip { -1 } else { 1 };
        let ranks = (i32::from(to.rank()) - i32::from(from.rank())) * sign;
        let files = (i32::from(to.file()) - i32::from(from.file())) * sign;
        match (files.signum(), ranks.signum()) {
            (0, -1) => Some(Dir::Up),
            (0, 1) => Some(Dir::Down),
            (-1, 0) => Some(Dir::Left),
            (1, 0) => Some(Dir::Right),
            _ => None,
        }
    }
}

/// An animal of the side to move and the way it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub animal: Animal,
    pub dir: Dir,
}

/// Why a step names no move in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The side to move has no such animal left.
    Taken(Animal),
    /// The animal cannot go that way.
    Blocked(Step, Square),
}

impl StepError {
    /// What the player reads.
    pub fn text(self, lang: Lang) -> String {
        match self {
            StepError::Taken(animal) => {
                tr!(lang, "step-taken", animal = animal_name(lang, animal))
            }
            StepError::Blocked(step, square) => tr!(
                lang,
                "step-blocked",
                animal = animal_name(lang, step.animal),
                square = square.to_string(),
                direction = step.dir.word(lang)
            ),
        }
    }
}

impl Step {
    /// The move it names for the side to move, on the board as shown (`flip`).
    pub fn resolve(self, pos: &Position, flip: bool) -> Result<Move, StepError> {
        let from = pos
            .square_of(Piece::new(pos.turn(), self.animal))
            .ok_or(StepError::Taken(self.animal))?;
        pos.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from == from && Dir::of(m.from, m.to, flip) == Some(self.dir))
            .ok_or(StepError::Blocked(self, from))
    }

    /// The step a legal move is, on the board as shown.
    pub fn of(pos: &Position, mv: Move, flip: bool) -> Option<Step> {
        let piece = pos.piece_at(mv.from)?;
        Some(Step {
            animal: piece.animal,
            dir: Dir::of(mv.from, mv.to, flip)?,
        })
    }

    /// How a reader of `lang` writes it: `虎上`, `tiger up`.
    pub fn text(self, lang: Lang) -> String {
        let (animal, dir) = (animal_name(lang, self.animal), self.dir.word(lang));
        if lang != Lang::En {
            format!("{animal}{dir}")
        } else {
            format!("{animal} {dir}")
        }
    }
}

/// Every word for an animal and for a direction, longest first, lower case.
struct Words {
    animals: Vec<(String, Animal)>,
    dirs: Vec<(String, Dir)>,
}

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    let mut animals: Vec<(String, Animal)> = Vec::new();
    let mut dirs: Vec<(String, Dir)> = Vec::new();
    for lang in Lang::ALL {
        for a in Animal::ALL {
            animals.push((animal_name(lang, a).to_lowercase(), a));
        }
        for d in Dir::ALL {
            dirs.push((d.word(lang).to_lowercase(), d));
        }
    }
    // The board's letters (`T` the tiger), and both scripts' characters in every language.
    for a in Animal::ALL {
        animals.push((a.letter().to_ascii_lowercase().to_string(), a));
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            animals.push((render::lang::piece_char(lang, a).to_string(), a));
        }
    }
    longest_first(&mut animals);
    longest_first(&mut dirs);
    Words { animals, dirs }
});

fn longest_first<T: PartialEq>(words: &mut Vec<(String, T)>) {
    words.sort_by(|a, b| {
        b.0.chars()
            .count()
            .cmp(&a.0.chars().count())
            .then(a.0.cmp(&b.0))
    });
    words.dedup();
}

/// Reads `虎上`, `虎 上`, `tiger up`, `T up`, `Tiger Up`; `None` for anything else. Latin
/// words stand apart (`tiger up`, never `tup`, which is chat), Chinese characters may touch.
pub fn parse_step(text: &str) -> Option<Step> {
    let lower = text.to_lowercase();
    let words = &*WORDS;
    let animal_of = |w: &str| words.animals.iter().find(|(a, _)| a == w).map(|(_, a)| *a);
    let dir_of = |w: &str| words.dirs.iter().find(|(d, _)| d == w).map(|(_, d)| *d);
    let apart: Vec<&str> = lower.split_whitespace().collect();
    if let [animal, dir] = apart[..] {
        return Some(Step {
            animal: animal_of(animal)?,
            dir: dir_of(dir)?,
        });
    }
    // Written together: only a Chinese animal, then a direction (`虎上`).
    let [together] = apart[..] else {
        return None;
    };
    words
        .animals
        .iter()
        .filter(|(word, _)| !word.is_ascii())
        .find_map(|(word, animal)| {
            let dir = dir_of(together.strip_prefix(word.as_str())?)?;
            Some(Step {
                animal: *animal,
                dir,
            })
        })
}

/// A move as typed: by its squares (`G7 G6`) or as a step (`虎上`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveText {
    Squares(Move),
    Step(Step),
}

impl MoveText {
    /// The move it is in the position, on the board as shown; squares are checked later,
    /// with every other move.
    pub fn resolve(self, pos: &Position, flip: bool) -> Result<Move, StepError> {
        match self {
            MoveText::Squares(mv) => Ok(mv),
            MoveText::Step(step) => step.resolve(pos, flip),
        }
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        match s.parse::<Move>() {
            Ok(mv) => Ok(MoveText::Squares(mv)),
            Err(e) => parse_step(s).map(MoveText::Step).ok_or(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(animal: Animal, dir: Dir) -> Option<Step> {
        Some(Step { animal, dir })
    }

    #[test]
    fn every_languages_words_read_as_steps() {
        assert_eq!(parse_step("虎上"), step(Animal::Tiger, Dir::Up));
        assert_eq!(parse_step(" 狮 左 "), step(Animal::Lion, Dir::Left));
        assert_eq!(parse_step("獅左"), step(Animal::Lion, Dir::Left));
        assert_eq!(parse_step("貓右"), step(Animal::Cat, Dir::Right));
        assert_eq!(parse_step("猫下"), step(Animal::Cat, Dir::Down));
        assert_eq!(parse_step("tiger up"), step(Animal::Tiger, Dir::Up));
        assert_eq!(parse_step("Tiger Up"), step(Animal::Tiger, Dir::Up));
        assert_eq!(parse_step("T up"), step(Animal::Tiger, Dir::Up));
        assert_eq!(parse_step("p left"), step(Animal::Leopard, Dir::Left));
        assert_eq!(parse_step("E down"), step(Animal::Elephant, Dir::Down));
        assert_eq!(parse_step("rat right"), step(Animal::Rat, Dir::Right));
        for nothing in [
            "",
            "tiger",
            "up",
            "虎",
            "tiger sideways",
            "G7 G6",
            "虎上上",
            "x up",
            // Chat, not moves: a letter joined to a direction.
            "tup",
            "cup",
            "dup",
            "tigerup",
            "tiger up now",
        ] {
            assert_eq!(parse_step(nothing), None, "{nothing:?}");
        }
        // Squares come first; a step is the other reading.
        assert_eq!(
            "g7g6".parse::<MoveText>(),
            Ok(MoveText::Squares("G7 G6".parse().unwrap()))
        );
        assert_eq!(
            "虎上".parse::<MoveText>(),
            Ok(MoveText::Step(Step {
                animal: Animal::Tiger,
                dir: Dir::Up
            }))
        );
        assert!("hello there".parse::<MoveText>().is_err());
    }

    #[test]
    fn arrows_name_directions_with_or_without_the_selector() {
        for d in Dir::ALL {
            assert_eq!(Dir::of_arrow(d.arrow()), Some(d));
        }
        assert_eq!(Dir::of_arrow("\u{2B06}"), Some(Dir::Up));
        assert_eq!(Dir::of_arrow("\u{27A1}\u{FE0F}"), Some(Dir::Right));
        assert_eq!(Dir::of_arrow("🐯"), None);
        assert_eq!(Dir::of_arrow(""), None);
    }

    #[test]
    fn directions_are_the_boards_as_shown() {
        let start = Position::start();
        let rat_up = Step {
            animal: Animal::Rat,
            dir: Dir::Up,
        };
        // Jade's rat on G7 heads up the board, towards rank 1.
        assert_eq!(rat_up.resolve(&start, false), Ok("G7 G6".parse().unwrap()));
        let rat_left = Step {
            animal: Animal::Rat,
            dir: Dir::Left,
        };
        assert_eq!(
            rat_left.resolve(&start, false),
            Ok("G7 F7".parse().unwrap())
        );
        // On the board turned round, up is towards rank 9, and right towards file A.
        assert_eq!(rat_up.resolve(&start, true), Ok("G7 G8".parse().unwrap()));
        assert_eq!(
            rat_left.resolve(&start, true),
            Err(StepError::Blocked(rat_left, "G7".parse().unwrap())),
            "off the board"
        );
        let rat_right = Step {
            animal: Animal::Rat,
            dir: Dir::Right,
        };
        assert_eq!(
            rat_right.resolve(&start, true),
            Ok("G7 F7".parse().unwrap())
        );
        assert_eq!(
            Step::of(&start, "G7 G6".parse().unwrap(), true),
            Some(Step {
                animal: Animal::Rat,
                dir: Dir::Down
            })
        );
        // A lion leaps the lake in one step.
        let pos: Position = "r6/7/7/7/7/7/1L5/7/7 j 0 1".parse().unwrap();
        let leap = Step {
            animal: Animal::Lion,
            dir: Dir::Up,
        };
        assert_eq!(leap.resolve(&pos, false), Ok("B7 B3".parse().unwrap()));
        // An animal no longer on the board is named as such.
        let gone = Step {
            animal: Animal::Tiger,
            dir: Dir::Up,
        };
        assert_eq!(
            gone.resolve(&pos, false),
            Err(StepError::Taken(Animal::Tiger))
        );
        let text = Step {
            animal: Animal::Lion,
            dir: Dir::Left,
        };
        assert_eq!(text.text(Lang::ZhCn), "狮左");
        assert_eq!(text.text(Lang::ZhTw), "獅左");
        assert_eq!(text.text(Lang::En), "lion left");
    }
}
