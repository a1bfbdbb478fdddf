//! Elo arithmetic: expected scores and rating changes. Pure; the store keeps the numbers.

/// Every player's first rating.
pub const INITIAL_RATING: i32 = 1200;

/// Rated games after which K drops from 40 to 20.
pub const PROVISIONAL_GAMES: u32 = 30;

/// A rating from fewer rated games than this is shown as provisional (`1250?`), as lichess
/// shows one.
pub const PROVISIONAL_SHOWN: u32 = 10;

/// A rating as players read it: with a `?` while it rests on fewer than
/// [`PROVISIONAL_SHOWN`] rated games.
pub fn shown_rating(rating: i32, rated_games: u32) -> String {
    if rated_games < PROVISIONAL_SHOWN {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// K factor for a player who has played `rated_games` rated games before this one.
pub fn k_factor(rated_games: u32) -> f64 {
    if rated_games < PROVISIONAL_GAMES {
        40.0
    } else {
        20.0
    }
}

/// Expected score of a player rated `own` against one rated `opponent`.
pub fn expected_score(own: i32, opponent: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(f64::from(opponent - own) / 400.0))
}

/// Rating change for one player: `score` is 1 for a win, 0.5 for a draw, 0 for a loss.
/// Rounded to the nearest whole point.
pub fn delta(own: i32, opponent: i32, score: f64, rated_games: u32) -> i32 {
    (k_factor(rated_games) * (score - expected_score(own, opponent))).round() as i32
}

/// One side of a rated game: the player's rating and rated games before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    pub rating: i32,
    pub games: u32,
}

/// Changes for both players of a game between humans; `score_a` is A's score.
pub fn game_deltas(a: Rated, b: Rated, score_a: f64) -> (i32, i32) {
    (
        delta(a.rating, b.rating, score_a, a.games),
        delta(b.rating, a.rating, 1.0 - score_a, b.games),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_ratings() {
        assert_eq!(expected_score(1200, 1200), 0.5);
        // New players: K = 40, so +-20 for a decisive game and 0 for a draw.
        assert_eq!(delta(1200, 1200, 1.0, 0), 20);
        assert_eq!(delta(1200, 1200, 0.0, 0), -20);
        assert_eq!(delta(1200, 1200, 0.5, 0), 0);
        // Established players: K = 20.
        assert_eq!(delta(1200, 1200, 1.0, 30), 10);
        assert_eq!(delta(1200, 1200, 1.0, 29), 20);
    }

    #[test]
    fn hand_computed_values() {
        // 400 points apart: E = 1 / (1 + 10) = 0.0909...; 40 * (1 - 0.0909) = 36.36 -> 36.
        assert!((expected_score(1200, 1600) - 1.0 / 11.0).abs() < 1e-12);
        assert_eq!(delta(1200, 1600, 1.0, 0), 36);
        assert_eq!(delta(1600, 1200, 0.0, 0), -36);
        // 200 apart: E = 1 / (1 + 10^0.5) = 0.2403; a draw gives 40 * 0.2597 = 10.39 -> 10.
        assert_eq!(delta(1400, 1600, 0.5, 5), 10);
        // Against the easy bot (800) a 1200 player losing: E = 0.9091; 40 * -0.9091 = -36.
        assert_eq!(delta(1200, 800, 0.0, 3), -36);
        // 1500 vs 1450, K = 20, win: E = 0.5715; 20 * 0.4285 = 8.57 -> 9.
        assert_eq!(delta(1500, 1450, 1.0, 100), 9);
    }

    #[test]
    fn a_rating_from_few_games_is_marked() {
        assert_eq!(shown_rating(1250, 0), "1250?");
        assert_eq!(shown_rating(1250, PROVISIONAL_SHOWN - 1), "1250?");
        assert_eq!(shown_rating(1250, PROVISIONAL_SHOWN), "1250");
    }

    #[test]
    fn both_sides() {
        let a = Rated {
            rating: 1200,
            games: 0,
        };
        let b = Rated {
            rating: 1300,
            games: 40,
        };
        // E_a = 0.3599: A wins +25.6 -> 26; B (K 20) loses 20 * -0.6401 = -12.8 -> -13.
        assert_eq!(game_deltas(a, b, 1.0), (26, -13));
    }
}
