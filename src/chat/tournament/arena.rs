//! Arena (lichess-style) scoring and pairing: points with win streaks
//! ("on fire"), and pairing of whoever is free right now.

use super::types::{Outcome, PlayerId};

/// Points a win is worth normally, and while on fire.
const WIN_POINTS: u32 = 2;
const FIRE_WIN_POINTS: u32 = 4;
const DRAW_POINTS: u32 = 1;
/// Wins in a row after which further wins count double.
const FIRE_STREAK: u32 = 2;

/// A player's arena score, game by game.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArenaScore {
    /// Points earned by each game, in the order given.
    pub per_game: Vec<u32>,
    pub total: u32,
    /// The next win would score double.
    pub on_fire: bool,
}

/// Scores a player's results in the order they were played.
///
/// A win is 2, a draw 1, a loss 0; once a player has won two in a row,
/// every further consecutive win is worth 4 until a draw or loss ends the
/// streak.
pub fn arena_score(results: &[Outcome]) -> ArenaScore {
    let mut score = ArenaScore::default();
    let mut streak: u32 = 0;
    for &outcome in results {
        let points = match outcome {
            Outcome::Win if streak >= FIRE_STREAK => FIRE_WIN_POINTS,
            Outcome::Win => WIN_POINTS,
            Outcome::Draw => DRAW_POINTS,
            Outcome::Loss => 0,
        };
        streak = match outcome {
            Outcome::Win => streak.saturating_add(1),
            Outcome::Draw | Outcome::Loss => 0,
        };
        score.per_game.push(points);
        // Saturate: a pathological history must not be able to panic.
        score.total = score.total.saturating_add(points);
    }
    score.on_fire = streak >= FIRE_STREAK;
    score
}

/// A player currently waiting for an arena game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaEntrant {
    pub id: PlayerId,
    pub rating: i32,
    pub points: u32,
    pub last_opponent: Option<PlayerId>,
    pub firsts: u32,
    pub seconds: u32,
    /// When the player became free (any monotonic unit the caller likes).
    pub free_since: i64,
}

/// Pairs players who are free now: close in points, then rating; never the
/// same opponent as their last game if any other pairing exists for them;
/// an odd one out waits (the one free for the shortest time). Colours: the
/// one who played First less often (firsts - seconds smaller) plays First;
/// ties by lower id. Returns (first, second) pairs. Deterministic.
///
/// Algorithm (O(n³) at worst, n = free players):
/// 1. Later entries with an id already seen are dropped (a player cannot
///    be paired with themselves).
/// 2. With an odd count one player waits: the one free for the shortest
///    time (ties: the larger id), unless that leaves a rematch that another
///    choice of who waits avoids; then the first such choice in that order.
/// 3. Sort by points desc, rating desc, id asc; each unpaired player in
///    turn takes the nearest following unpaired player who is not a
///    rematch, or the nearest one at all if every option is a rematch.
/// 4. Repair: a rematch pair swaps partners with the nearest other pair
///    where the swap leaves neither pair a rematch. Greedy pairing alone
///    would leave the last two players stuck with each other.
pub fn pair_free(free: &[ArenaEntrant]) -> Vec<(PlayerId, PlayerId)> {
    let pool = distinct(free);
    let pairs = if pool.len().is_multiple_of(2) {
        pair_pool(pool)
    } else {
        pair_all_but_one(pool)
    };
    pairs.into_iter().map(|(a, b)| colour_pair(a, b)).collect()
}

/// Steps 3 and 4 on an even pool.
fn pair_pool(mut pool: Vec<&ArenaEntrant>) -> Vec<Pair<'_>> {
    pool.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut pairs = greedy_pairs(&pool);
    repair_rematches(&mut pairs);
    pairs
}

/// Step 2: who waits, tried from the latest arrival on.
fn pair_all_but_one(pool: Vec<&ArenaEntrant>) -> Vec<Pair<'_>> {
    let mut order: Vec<usize> = (0..pool.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse((pool[i].free_since, pool[i].id)));
    let mut first_try = None;
    for i in order {
        let mut rest = pool.clone();
        rest.remove(i);
        let pairs = pair_pool(rest);
        if pairs.iter().all(|(a, b)| !is_rematch(a, b)) {
            return pairs;
        }
        first_try.get_or_insert(pairs);
    }
    first_try.unwrap_or_default()
}

/// Keeps the first entry for each id.
fn distinct(free: &[ArenaEntrant]) -> Vec<&ArenaEntrant> {
    let mut seen = std::collections::HashSet::new();
    free.iter().filter(|e| seen.insert(e.id)).collect()
}

fn is_rematch(a: &ArenaEntrant, b: &ArenaEntrant) -> bool {
    a.last_opponent == Some(b.id) || b.last_opponent == Some(a.id)
}

/// Step 3 of [`pair_free`]; `pool` is sorted and has an even length.
fn greedy_pairs<'a>(pool: &[&'a ArenaEntrant]) -> Vec<(&'a ArenaEntrant, &'a ArenaEntrant)> {
    let mut taken = vec![false; pool.len()];
    let mut pairs = Vec::with_capacity(pool.len() / 2);
    for i in 0..pool.len() {
        if taken[i] {
            continue;
        }
        let open = |j: &usize| !taken[*j];
        let fresh = (i + 1..pool.len())
            .filter(open)
            .find(|&j| !is_rematch(pool[i], pool[j]));
        let partner = fresh.or_else(|| (i + 1..pool.len()).find(open));
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            pairs.push((pool[i], pool[j]));
        }
    }
    pairs
}

type Pair<'a> = (&'a ArenaEntrant, &'a ArenaEntrant);

/// Step 4 of [`pair_free`].
fn repair_rematches(pairs: &mut [Pair<'_>]) {
    for k in 0..pairs.len() {
        let (a, b) = pairs[k];
        if !is_rematch(a, b) {
            continue;
        }
        if let Some((l, mine, theirs)) = find_swap(pairs, k) {
            pairs[k] = mine;
            pairs[l] = theirs;
        }
    }
}

/// The nearest pair `l` to `k` whose partners can be exchanged with pair
/// `k` so that neither resulting pair is a rematch.
fn find_swap<'a>(pairs: &[Pair<'a>], k: usize) -> Option<(usize, Pair<'a>, Pair<'a>)> {
    let (a, b) = pairs[k];
    let mut others: Vec<usize> = (0..pairs.len()).filter(|&l| l != k).collect();
    others.sort_by_key(|&l| (l.abs_diff(k), l));
    others.into_iter().find_map(|l| {
        let (c, d) = pairs[l];
        let options = [((a, c), (b, d)), ((a, d), (b, c))];
        options
            .into_iter()
            .find(|(p, q)| !is_rematch(p.0, p.1) && !is_rematch(q.0, q.1))
            .map(|(p, q)| (l, p, q))
    })
}

/// Orders a pair as (first, second).
fn colour_pair(a: &ArenaEntrant, b: &ArenaEntrant) -> (PlayerId, PlayerId) {
    let balance = |e: &ArenaEntrant| i64::from(e.firsts) - i64::from(e.seconds);
    if (balance(a), a.id) <= (balance(b), b.id) {
        (a.id, b.id)
    } else {
        (b.id, a.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::{Draw as D, Loss as L, Win as W};
    use proptest::prelude::*;

    fn entrant(id: PlayerId, points: u32, last: Option<PlayerId>) -> ArenaEntrant {
        ArenaEntrant {
            id,
            rating: 1500,
            points,
            last_opponent: last,
            firsts: 0,
            seconds: 0,
            free_since: 0,
        }
    }

    /// Three free at once, the leader just back from a game with 4 and the third's last game
    /// against the leader: waiting the leader out is the only pairing without a rematch.
    #[test]
    fn who_waits_is_chosen_to_avoid_a_rematch() {
        let free = [
            entrant(1, 8, Some(4)),
            entrant(4, 0, Some(1)),
            entrant(5, 0, Some(1)),
        ];
        assert_eq!(unordered(&pair_free(&free)), vec![(4, 5)]);
        // With no rematch in the way, the latest arrival (ties: the larger id) waits.
        let free = [
            entrant(1, 8, None),
            entrant(4, 0, None),
            entrant(5, 0, None),
        ];
        assert_eq!(unordered(&pair_free(&free)), vec![(1, 4)]);
    }

    fn unordered(pairs: &[(PlayerId, PlayerId)]) -> Vec<(PlayerId, PlayerId)> {
        let mut v: Vec<_> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        v.sort();
        v
    }

    #[test]
    fn streak_rule_from_the_brief() {
        let score = arena_score(&[W, W, W, W, D, W, W, W, L]);
        assert_eq!(score.per_game, vec![2, 2, 4, 4, 1, 2, 2, 4, 0]);
        assert_eq!(score.total, 21);
        assert!(!score.on_fire);
    }

    #[test]
    fn two_wins_set_on_fire() {
        assert!(arena_score(&[W, W]).on_fire);
        assert!(!arena_score(&[W]).on_fire);
        assert!(!arena_score(&[W, W, D]).on_fire);
        assert_eq!(arena_score(&[]), ArenaScore::default());
    }

    #[test]
    fn avoids_rematch_of_neighbours() {
        // 1 and 2 are closest but just played each other.
        let free = [
            entrant(1, 10, Some(2)),
            entrant(2, 9, Some(1)),
            entrant(3, 8, None),
            entrant(4, 7, None),
        ];
        assert_eq!(unordered(&pair_free(&free)), vec![(1, 3), (2, 4)]);
    }

    #[test]
    fn repairs_rematch_left_at_the_bottom() {
        // Greedy would give 1-2 and then force 3-4, a rematch.
        let free = [
            entrant(1, 10, None),
            entrant(2, 9, None),
            entrant(3, 8, Some(4)),
            entrant(4, 7, Some(3)),
        ];
        let pairs = unordered(&pair_free(&free));
        assert_eq!(pairs, vec![(1, 3), (2, 4)]);
    }

    #[test]
    fn unavoidable_rematch_still_pairs() {
        let free = [entrant(1, 0, Some(2)), entrant(2, 0, Some(1))];
        assert_eq!(unordered(&pair_free(&free)), vec![(1, 2)]);
    }

    #[test]
    fn odd_player_out_is_latest_arrival() {
        let mut free = vec![
            entrant(1, 0, None),
            entrant(2, 0, None),
            entrant(3, 0, None),
        ];
        free[0].free_since = 50;
        free[1].free_since = 10;
        free[2].free_since = 20;
        assert_eq!(unordered(&pair_free(&free)), vec![(2, 3)]);
        assert!(pair_free(&free[..1]).is_empty());
    }

    #[test]
    fn colours_go_to_the_player_who_needs_first() {
        let mut free = vec![entrant(1, 0, None), entrant(2, 0, None)];
        free[0].firsts = 3;
        free[0].seconds = 1;
        free[1].firsts = 1;
        free[1].seconds = 1;
        assert_eq!(pair_free(&free), vec![(2, 1)]);
        // Equal balance: lower id plays First.
        free[1].firsts = 3;
        assert_eq!(pair_free(&free), vec![(1, 2)]);
    }

    #[test]
    fn duplicate_entries_are_not_self_paired() {
        let free = [entrant(1, 0, None), entrant(1, 0, None)];
        assert!(pair_free(&free).is_empty());
    }

    #[test]
    fn pairing_is_deterministic_and_order_free() {
        let mut free: Vec<ArenaEntrant> = (1..=9)
            .map(|i| {
                let mut e = entrant(i, (i as u32 * 7) % 5, Some((i % 9) + 1));
                e.rating = 1400 + (i as i32 * 37) % 200;
                e.free_since = i * 3 % 7;
                e
            })
            .collect();
        let first = pair_free(&free);
        free.reverse();
        assert_eq!(pair_free(&free), first);
        assert_eq!(first.len(), 4);
    }

    proptest! {
        /// Everyone just finished a game against a neighbour: with four or
        /// more players a fresh opponent always exists, so no rematch.
        #[test]
        fn no_rematch_when_last_games_were_among_the_free(
            points in prop::collection::vec(0u32..4, 2..10usize),
        ) {
            let n = points.len() / 2 * 2;
            prop_assume!(n >= 4);
            let free: Vec<ArenaEntrant> = (0..n)
                .map(|i| entrant(i as PlayerId, points[i], Some((i ^ 1) as PlayerId)))
                .collect();
            for (a, b) in pair_free(&free) {
                prop_assert_ne!(a ^ 1, b, "rematch {} - {}", a, b);
            }
        }

        #[test]
        fn every_free_player_used_at_most_once(
            specs in prop::collection::vec((0u32..6, 0i64..12, 0u32..4, 0u32..4, 0i64..5), 0..20)
        ) {
            let free: Vec<ArenaEntrant> = specs
                .iter()
                .enumerate()
                .map(|(i, &(points, last, firsts, seconds, since))| ArenaEntrant {
                    id: i as PlayerId,
                    rating: 1500,
                    points,
                    last_opponent: Some(last),
                    firsts,
                    seconds,
                    free_since: since,
                })
                .collect();
            let pairs = pair_free(&free);
            prop_assert_eq!(pairs.len(), free.len() / 2);
            let mut seen = std::collections::HashSet::new();
            for (a, b) in pairs {
                prop_assert!(seen.insert(a) && seen.insert(b));
            }
        }
    }
}
