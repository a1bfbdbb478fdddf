//! Legality of one move: [`Position::check_move`] says exactly why a move is illegal, in words a
//! player reads ([`IllegalMove`]), and [`Position::play`] plays a move only after that check.
//! The capture rule is spelled out here one case at a time; the move generator (`movegen`)
//! applies the same rule with bitboards, and the tests check that the two agree.

use thiserror::Error;

use super::position::{Move, Position};
use super::square::Square;
use super::terrain::{DEN, STEPS, TRAPS, is_water};
use super::types::{Animal, Piece};

impl Position {
    /// Whether [`Position::check_move`] accepts the move.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Plays a move after checking it; an illegal move leaves the position unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Option<Piece>, IllegalMove> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Checks a move and explains why it is illegal.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let Move { from, to } = mv;
        if self.is_game_over() {
            return Err(IllegalMove::GameOver);
        }
        let piece = self.piece_at(from).ok_or(IllegalMove::NoPiece(from))?;
        if piece.side != self.turn() {
            return Err(IllegalMove::NotYourTurn {
                square: from,
                piece,
            });
        }
        let animal = piece.animal;
        if from == to {
            return Err(IllegalMove::NullMove(from));
        }
        let leap = if STEPS[from.index()].contains(to) {
            None
        } else if let (true, Some(path)) = (animal.can_leap(), self.leap_path(mv)) {
            Some(path)
        } else {
            return Err(IllegalMove::NotAdjacent { animal, from, to });
        };
        if is_water(to) && animal != Animal::Rat {
            return Err(IllegalMove::Water { animal, square: to });
        }
        if to == DEN[piece.side] {
            return Err(IllegalMove::OwnDen { animal, square: to });
        }
        if let Some(path) = leap
            && let Some(rat_sq) = (path & self.occupied()).first()
        {
            return Err(IllegalMove::LeapBlocked {
                animal,
                rat: rat_sq,
            });
        }
        if let Some(target) = self.piece_at(to) {
            if target.side == piece.side {
                return Err(IllegalMove::OwnPiece {
                    square: to,
                    animal: target.animal,
                });
            }
            capture_rule(piece, from, target, to)?;
        }
        debug_assert!(self.destinations(from).contains(to));
        Ok(())
    }
}

/// The capture rules spelled out one by one, for explanations (the fast path is `movegen`'s
/// bitboard `Context`).
pub fn capture_rule(
    attacker: Piece,
    from: Square,
    defender: Piece,
    to: Square,
) -> Result<(), IllegalMove> {
    let refuse = |why| {
        Err(IllegalMove::CannotCapture {
            attacker: attacker.animal,
            defender: defender.animal,
            why,
        })
    };
    if is_water(from) != is_water(to) {
        return refuse(CaptureBlock::Terrain {
            from_water: is_water(from),
        });
    }
    if TRAPS[attacker.side.other()].contains(from) {
        return refuse(CaptureBlock::AttackerOnTrap);
    }
    let defender_trapped = TRAPS[attacker.side].contains(to);
    match (attacker.animal, defender.animal) {
        (Animal::Rat, Animal::Elephant) => Ok(()),
        (Animal::Elephant, Animal::Rat) if !defender_trapped => refuse(CaptureBlock::ElephantRat),
        _ if defender_trapped || attacker.animal >= defender.animal => Ok(()),
        _ => refuse(CaptureBlock::Stronger),
    }
}

/// Why a capture is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureBlock {
    /// One of the two is in the water and the other on land.
    Terrain { from_water: bool },
    /// The attacker stands on an enemy trap: rank 0, it captures nothing.
    AttackerOnTrap,
    /// An elephant captures a rat only on the elephant's own trap.
    ElephantRat,
    /// The defender outranks the attacker.
    Stronger,
}

/// Why a move is illegal. The text is what a player reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the {} on {square} is {}'s; it is {}'s turn", .piece.animal, .piece.side, .piece.side.other())]
    NotYourTurn { square: Square, piece: Piece },
    #[error("a move must go somewhere: {0} to {0} is no move")]
    NullMove(Square),
    #[error("{}", not_adjacent(*.animal, *.from, *.to))]
    NotAdjacent {
        animal: Animal,
        from: Square,
        to: Square,
    },
    #[error("{square} is water: only the rat can swim, not the {animal}")]
    Water { animal: Animal, square: Square },
    #[error("the {animal} cannot enter its own den {square}")]
    OwnDen { animal: Animal, square: Square },
    #[error("the {animal}'s leap is blocked by the rat in the water at {rat}")]
    LeapBlocked { animal: Animal, rat: Square },
    #[error("{square} is occupied by your own {animal}")]
    OwnPiece { square: Square, animal: Animal },
    #[error("{}", cannot_capture(*.attacker, *.defender, *.why))]
    CannotCapture {
        attacker: Animal,
        defender: Animal,
        why: CaptureBlock,
    },
}

fn not_adjacent(animal: Animal, from: Square, to: Square) -> String {
    if animal.can_leap() {
        format!(
            "the {animal} on {from} cannot reach {to}: it moves one square up, down, left or right, or leaps straight across a lake"
        )
    } else {
        format!(
            "the {animal} on {from} cannot reach {to}: it moves one square up, down, left or right"
        )
    }
}

fn cannot_capture(attacker: Animal, defender: Animal, why: CaptureBlock) -> String {
    match why {
        CaptureBlock::Terrain { from_water: true } => {
            format!("the {attacker} cannot capture the {defender} from the water onto land")
        }
        CaptureBlock::Terrain { from_water: false } => {
            format!("the {attacker} cannot capture the {defender} in the water from land")
        }
        CaptureBlock::AttackerOnTrap => {
            format!("the {attacker} stands on an enemy trap and cannot capture anything")
        }
        CaptureBlock::ElephantRat => "the elephant cannot capture the rat (only when the rat stands on one of the elephant's traps)".to_string(),
        CaptureBlock::Stronger => {
            format!("the {attacker} cannot capture the stronger {defender}")
        }
    }
}
