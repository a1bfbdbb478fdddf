//! Shared vocabulary of the tournament code: player ids, colours, game
//! results, the record of what happened, and the players taking part.

/// A player's id as the chat platform knows it.
pub type PlayerId = i64;

/// Which side a player takes. `First` moves first (Jade).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    First,
    Second,
}

impl Colour {
    /// The other side of the board.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}

/// How a game ended, seen from the board (not from one player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    FirstWins,
    Draw,
    SecondWins,
}

impl GameResult {
    /// The outcome for the player who had `colour` in this game.
    pub fn outcome_for(self, colour: Colour) -> Outcome {
        match (self, colour) {
            (GameResult::Draw, _) => Outcome::Draw,
            (GameResult::FirstWins, Colour::First) | (GameResult::SecondWins, Colour::Second) => {
                Outcome::Win
            }
            _ => Outcome::Loss,
        }
    }
}

/// A game's outcome from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// One thing that happened in a tournament, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A game played to a result. `round` is the Swiss round (arena: 0).
    Game {
        round: u32,
        first: PlayerId,
        second: PlayerId,
        result: GameResult,
    },
    /// A game lost without being played (a Swiss no-show): counts as a win
    /// for `winner`, a loss for `loser`, but for no tie-break and no
    /// performance.
    Forfeit {
        round: u32,
        winner: PlayerId,
        loser: PlayerId,
    },
    /// A Swiss bye: worth a win (2 half-points), no opponent.
    Bye { round: u32, player: PlayerId },
}

/// A player entered in a tournament, with the rating used for seeding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Participant {
    pub id: PlayerId,
    pub rating: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_for_each_side() {
        assert_eq!(
            GameResult::FirstWins.outcome_for(Colour::First),
            Outcome::Win
        );
        assert_eq!(
            GameResult::FirstWins.outcome_for(Colour::Second),
            Outcome::Loss
        );
        assert_eq!(
            GameResult::SecondWins.outcome_for(Colour::Second),
            Outcome::Win
        );
        assert_eq!(
            GameResult::SecondWins.outcome_for(Colour::First),
            Outcome::Loss
        );
        assert_eq!(GameResult::Draw.outcome_for(Colour::First), Outcome::Draw);
        assert_eq!(Colour::First.opposite(), Colour::Second);
    }
}
