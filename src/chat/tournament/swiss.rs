//! Swiss-system pairing: score groups split top half against bottom half
//! (Dutch-like), never a repeat pairing, colours kept within ±2.

use std::collections::HashSet;

use super::types::{Colour, PlayerId};

/// The most a player's firsts may exceed their seconds, or the reverse.
const MAX_IMBALANCE: i64 = 2;
/// States the search may examine before it gives up (see [`pair_round`]).
const SEARCH_BUDGET: usize = 100_000;

/// A player's Swiss history as the pairing needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    pub id: PlayerId,
    pub rating: i32,
    /// Half-points: win 2, draw 1.
    pub points: u32,
    /// Colours of games played, in order.
    pub colours: Vec<Colour>,
    pub opponents: Vec<PlayerId>,
    pub had_bye: bool,
    pub withdrawn: bool,
}

/// One round's pairings, board 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Round {
    /// (first, second)
    pub pairings: Vec<(PlayerId, PlayerId)>,
    pub bye: Option<PlayerId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing without a repeat (and within the colour limit) exists,
    /// or none was found within the search bound.
    Exhausted,
    DuplicatePlayer(PlayerId),
}

impl std::fmt::Display for PairingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairingError::Exhausted => write!(f, "no pairing without a repeat exists"),
            PairingError::DuplicatePlayer(id) => write!(f, "player {id} is listed twice"),
        }
    }
}

impl std::error::Error for PairingError {}

impl SwissPlayer {
    fn balance(&self) -> i64 {
        self.colours.iter().fold(0, |acc, c| match c {
            Colour::First => acc + 1,
            Colour::Second => acc - 1,
        })
    }

    /// Whether taking `colour` keeps the player within the hard limit.
    fn can_take(&self, colour: Colour) -> bool {
        match colour {
            Colour::First => self.balance() < MAX_IMBALANCE,
            Colour::Second => self.balance() > -MAX_IMBALANCE,
        }
    }

    /// The colour the player had less, else the opposite of their last.
    fn preferred(&self) -> Option<Colour> {
        match self.balance() {
            b if b > 0 => Some(Colour::Second),
            b if b < 0 => Some(Colour::First),
            _ => self.colours.last().map(|c| c.opposite()),
        }
    }

    fn would_be_third_in_row(&self, colour: Colour) -> bool {
        self.colours.len() >= 2 && self.colours.iter().rev().take(2).all(|&c| c == colour)
    }
}

/// Pairs the next round.
///
/// Withdrawn players are ignored. Players are ranked by points desc,
/// rating desc, id asc. With an odd count the bye goes to the
/// lowest-ranked player without one (the next one up if that leaves no
/// pairing; anyone, lowest first, once everybody has had one).
///
/// The search is a depth-first backtracking over "the top unpaired player
/// takes a partner". Candidates come in Dutch order: inside the player's
/// score group the partner half a group below first, then the rest of the
/// bottom half, then the top half upwards, then lower groups (floating
/// down), each part with colour-compatible partners first. Repeats and
/// pairs that would push someone past ±2 colours are never considered.
/// Pruning: a set of unpaired players in which someone has no legal
/// partner is dead; dead sets are remembered, so each set of unpaired
/// players is examined once. That makes the search exact for up to 17
/// active players (at most 2^16 sets); beyond that it gives up with
/// `Exhausted` after 100 000 examined sets, each costing O(n²).
pub fn pair_round(players: &[SwissPlayer]) -> Result<Round, PairingError> {
    check_duplicates(players)?;
    let mut active: Vec<&SwissPlayer> = players.iter().filter(|p| !p.withdrawn).collect();
    active.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut pairer = Pairer::new(active);
    let everyone = Set::full(pairer.players.len());
    if pairer.players.len().is_multiple_of(2) {
        let pairs = pairer.search(everyone).ok_or(PairingError::Exhausted)?;
        return Ok(pairer.round(&pairs, None));
    }
    for bye in pairer.bye_candidates() {
        let mut rest = everyone.clone();
        rest.remove(bye);
        if let Some(pairs) = pairer.search(rest) {
            return Ok(pairer.round(&pairs, Some(bye)));
        }
        if pairer.budget == 0 {
            break;
        }
    }
    Err(PairingError::Exhausted)
}

fn check_duplicates(players: &[SwissPlayer]) -> Result<(), PairingError> {
    let mut seen = HashSet::new();
    match players.iter().find(|p| !seen.insert(p.id)) {
        Some(p) => Err(PairingError::DuplicatePlayer(p.id)),
        None => Ok(()),
    }
}

/// A set of player indices, used as the search state and its memo key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Set {
    words: Vec<u64>,
}

impl Set {
    fn full(n: usize) -> Set {
        let mut set = Set {
            words: vec![0; n.div_ceil(64)],
        };
        (0..n).for_each(|i| set.insert(i));
        set
    }

    fn insert(&mut self, i: usize) {
        if let Some(word) = self.words.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    fn remove(&mut self, i: usize) {
        if let Some(word) = self.words.get_mut(i / 64) {
            *word &= !(1 << (i % 64));
        }
    }

    /// Members in increasing order, i.e. best-ranked first.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                let bit = (rest != 0).then(|| rest.trailing_zeros() as usize)?;
                rest &= rest - 1;
                Some(k * 64 + bit)
            })
        })
    }
}

/// One decision of the search: `player` is being tried against
/// `candidates[next - 1]`.
struct Frame {
    player: usize,
    candidates: Vec<usize>,
    next: usize,
}

impl Frame {
    fn current(&self) -> Option<usize> {
        self.next
            .checked_sub(1)
            .and_then(|i| self.candidates.get(i).copied())
    }
}

struct Pairer<'a> {
    /// Active players, best-ranked first; indices below refer to this.
    players: Vec<&'a SwissPlayer>,
    /// `legal[i * n + j]`: i and j have not met and some colour
    /// assignment keeps both within the limit.
    legal: Vec<bool>,
    /// Sets of unpaired players known to have no complete pairing.
    dead: HashSet<Set>,
    budget: usize,
}

impl<'a> Pairer<'a> {
    fn new(players: Vec<&'a SwissPlayer>) -> Self {
        let met: HashSet<(PlayerId, PlayerId)> = players
            .iter()
            .flat_map(|p| p.opponents.iter().map(|&o| (p.id.min(o), p.id.max(o))))
            .collect();
        let fits = |f: &SwissPlayer, s: &SwissPlayer| {
            f.can_take(Colour::First) && s.can_take(Colour::Second)
        };
        let legal = players
            .iter()
            .flat_map(|a| players.iter().map(move |b| (a, b)))
            .map(|(a, b)| {
                a.id != b.id
                    && !met.contains(&(a.id.min(b.id), a.id.max(b.id)))
                    && (fits(a, b) || fits(b, a))
            })
            .collect();
        Pairer {
            players,
            legal,
            dead: HashSet::new(),
            budget: SEARCH_BUDGET,
        }
    }

    fn is_legal(&self, i: usize, j: usize) -> bool {
        let n = self.players.len();
        self.legal.get(i * n + j).copied().unwrap_or(false)
    }

    /// Lowest-ranked first; only those without a bye while any remain.
    fn bye_candidates(&self) -> Vec<usize> {
        let n = self.players.len();
        let fresh: Vec<usize> = (0..n).rev().filter(|&i| !self.players[i].had_bye).collect();
        if fresh.is_empty() {
            (0..n).rev().collect()
        } else {
            fresh
        }
    }

    /// Finds a complete pairing of `start`, as (higher, lower) index pairs
    /// in board order.
    fn search(&mut self, start: Set) -> Option<Vec<(usize, usize)>> {
        let mut unpaired = start;
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            let Some(top) = unpaired.iter().next() else {
                return Some(
                    stack
                        .iter()
                        .filter_map(|f| Some((f.player, f.current()?)))
                        .collect(),
                );
            };
            if !self.dead.contains(&unpaired) {
                self.budget = self.budget.checked_sub(1)?;
                if self.viable(&unpaired) {
                    let candidates = self.candidates(top, &unpaired);
                    unpaired.remove(top);
                    stack.push(Frame {
                        player: top,
                        candidates,
                        next: 0,
                    });
                } else {
                    self.dead.insert(unpaired.clone());
                }
            }
            if !self.advance(&mut stack, &mut unpaired) {
                return None;
            }
        }
    }

    /// Moves to the next untried choice, unwinding (and remembering dead
    /// sets) where a decision has no choices left. False when none remain.
    fn advance(&mut self, stack: &mut Vec<Frame>, unpaired: &mut Set) -> bool {
        while let Some(frame) = stack.last_mut() {
            if let Some(previous) = frame.current() {
                unpaired.insert(previous);
            }
            if let Some(&next) = frame.candidates.get(frame.next) {
                frame.next += 1;
                unpaired.remove(next);
                return true;
            }
            unpaired.insert(frame.player);
            self.dead.insert(unpaired.clone());
            stack.pop();
        }
        false
    }

    /// Cheap necessary condition: everyone left has some legal partner.
    fn viable(&self, unpaired: &Set) -> bool {
        unpaired
            .iter()
            .all(|i| unpaired.iter().any(|j| self.is_legal(i, j)))
    }

    /// Legal partners for `top` (the best-ranked unpaired), in the order
    /// described on [`pair_round`].
    fn candidates(&self, top: usize, unpaired: &Set) -> Vec<usize> {
        let points = |i: usize| self.players[i].points;
        let group: Vec<usize> = unpaired
            .iter()
            .filter(|&i| points(i) == points(top))
            .collect();
        let half = group.len() / 2;
        let mut bottom: Vec<usize> = group.get(half.max(1)..).unwrap_or_default().to_vec();
        let mut upper: Vec<usize> = group.get(1..half).unwrap_or_default().to_vec();
        upper.reverse();
        let mut lower: Vec<usize> = unpaired
            .iter()
            .filter(|&i| points(i) < points(top))
            .collect();
        // Stable sorts: colour fit first without losing the Dutch order.
        bottom.sort_by_key(|&j| self.colour_clash(top, j));
        upper.sort_by_key(|&j| self.colour_clash(top, j));
        lower.sort_by_key(|&j| (std::cmp::Reverse(points(j)), self.colour_clash(top, j)));
        bottom
            .into_iter()
            .chain(upper)
            .chain(lower)
            .filter(|&j| self.is_legal(top, j))
            .collect()
    }

    /// 0: preferences fit; 1: both want the same colour; 2: both want it
    /// because they had the other one more often.
    fn colour_clash(&self, i: usize, j: usize) -> u8 {
        let (a, b) = (self.players[i], self.players[j]);
        match (a.preferred(), b.preferred()) {
            (Some(x), Some(y)) if x == y => 1 + u8::from(a.balance() != 0 && b.balance() != 0),
            _ => 0,
        }
    }

    fn round(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> Round {
        Round {
            pairings: pairs
                .iter()
                .enumerate()
                .map(|(board, &(i, j))| self.orient(i, j, board))
                .collect(),
            bye: bye.map(|b| self.players[b].id),
        }
    }

    /// Colours for a legal pair; `i` is the higher-ranked player.
    fn orient(&self, i: usize, j: usize, board: usize) -> (PlayerId, PlayerId) {
        let (a, b) = (self.players[i], self.players[j]);
        let options = [(a, b), (b, a)];
        let valid = options
            .iter()
            .filter(|(f, s)| f.can_take(Colour::First) && s.can_take(Colour::Second));
        let best =
            valid.min_by_key(|(f, s)| (orientation_cost(f, s), !higher_gets_wish(a, f, board)));
        best.map_or((a.id, b.id), |(f, s)| (f.id, s.id))
    }
}

/// Soft colour costs, most important first: three in a row, then how far
/// both end up from balanced, then how many fail to alternate.
fn orientation_cost(first: &SwissPlayer, second: &SwissPlayer) -> (u8, i64, u8) {
    let third = u8::from(first.would_be_third_in_row(Colour::First))
        + u8::from(second.would_be_third_in_row(Colour::Second));
    let spread = (first.balance() + 1).abs() + (second.balance() - 1).abs();
    let repeats = u8::from(first.colours.last() == Some(&Colour::First))
        + u8::from(second.colours.last() == Some(&Colour::Second));
    (third, spread, repeats)
}

/// Final tie-break: the higher-ranked player `a` gets their preferred
/// colour; with no history, alternate by board so colours balance.
fn higher_gets_wish(a: &SwissPlayer, first: &SwissPlayer, board: usize) -> bool {
    let wish = a.preferred().unwrap_or(if board.is_multiple_of(2) {
        Colour::First
    } else {
        Colour::Second
    });
    (first.id == a.id) == (wish == Colour::First)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn player(id: PlayerId, rating: i32) -> SwissPlayer {
        SwissPlayer {
            id,
            rating,
            points: 0,
            colours: Vec::new(),
            opponents: Vec::new(),
            had_bye: false,
            withdrawn: false,
        }
    }

    fn field(n: i64) -> Vec<SwissPlayer> {
        (1..=n)
            .map(|id| player(id, 2000 - 10 * id as i32))
            .collect()
    }

    #[test]
    fn round_one_is_top_half_against_bottom_half() {
        let round = pair_round(&field(8)).expect("pairable");
        // Higher seed alternates First/Second by board.
        assert_eq!(round.pairings, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
        assert_eq!(round.bye, None);
    }

    #[test]
    fn bye_goes_to_lowest_ranked_without_one() {
        let mut players = field(5);
        players[4].had_bye = true;
        let round = pair_round(&players).expect("pairable");
        assert_eq!(round.bye, Some(4));
        assert_eq!(round.pairings.len(), 2);
    }

    #[test]
    fn withdrawn_players_are_left_out() {
        let mut players = field(4);
        players[0].withdrawn = true;
        let round = pair_round(&players).expect("pairable");
        assert_eq!(round.bye, Some(4));
        assert_eq!(round.pairings, vec![(2, 3)]);
        assert_eq!(pair_round(&[]), Ok(Round::default()));
    }

    #[test]
    fn duplicate_player_is_an_error() {
        let players = [player(7, 1500), player(7, 1600)];
        assert_eq!(pair_round(&players), Err(PairingError::DuplicatePlayer(7)));
    }

    #[test]
    fn exhausted_when_everyone_has_met() {
        let mut players = field(4);
        for p in &mut players {
            p.opponents = (1..=4).filter(|&o| o != p.id).collect();
        }
        assert_eq!(pair_round(&players), Err(PairingError::Exhausted));
    }

    #[test]
    fn float_avoids_repeat_inside_score_group() {
        // 1 and 2 lead but have met, so each meets someone from below.
        let mut players = field(4);
        players[0].points = 2;
        players[1].points = 2;
        players[0].opponents = vec![2];
        players[1].opponents = vec![1];
        let round = pair_round(&players).expect("pairable");
        let ids: Vec<(PlayerId, PlayerId)> = round
            .pairings
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        assert_eq!(ids, vec![(1, 3), (2, 4)]);
    }

    #[test]
    fn colour_limit_is_hard() {
        // Both have had First twice more: neither may take First.
        let mut players = field(2);
        for p in &mut players {
            p.colours = vec![Colour::First, Colour::First];
        }
        assert_eq!(pair_round(&players), Err(PairingError::Exhausted));
    }

    #[test]
    fn player_owed_first_gets_it() {
        let mut players = field(2);
        players[0].colours = vec![Colour::First];
        players[1].colours = vec![Colour::Second];
        assert_eq!(
            pair_round(&players).expect("pairable").pairings,
            vec![(2, 1)]
        );
    }

    #[derive(Debug, Clone)]
    struct Event {
        ratings: Vec<i32>,
        rounds: u32,
        results: Vec<u8>,
        withdraw_after: Vec<Option<u32>>,
    }

    fn event() -> impl Strategy<Value = Event> {
        (2usize..=16, 1u32..=7).prop_flat_map(|(n, rounds)| {
            (
                prop::collection::vec(1500i32..1510, n),
                prop::collection::vec(0u8..3, 8 * rounds as usize),
                prop::collection::vec(prop::option::weighted(0.08, 0u32..7), n),
            )
                .prop_map(move |(ratings, results, withdraw_after)| Event {
                    ratings,
                    rounds,
                    results,
                    withdraw_after,
                })
        })
    }

    /// Plays `event` out and checks every round's pairing.
    fn play(event: &Event) -> Result<(), TestCaseError> {
        let n = event.ratings.len();
        // Ids unrelated to seeding order, to catch index/id mix-ups.
        let mut players: Vec<SwissPlayer> = event
            .ratings
            .iter()
            .enumerate()
            .map(|(i, &r)| player((i as PlayerId * 37) % 101 + 1, r))
            .collect();
        let mut met = HashSet::new();
        let mut byes: HashMap<PlayerId, u32> = HashMap::new();
        let mut results = event.results.iter().copied();
        for r in 0..event.rounds {
            for (p, w) in players.iter_mut().zip(&event.withdraw_after) {
                p.withdrawn |= w.is_some_and(|w| w <= r);
            }
            let nobody_left = players.iter().all(|p| !p.withdrawn);
            let round = match pair_round(&players) {
                Ok(round) => round,
                // `r` counts rounds already played. While r < n/2 nobody has
                // met half the field, so by Dirac's theorem a fresh perfect
                // pairing exists (colours aside) and Exhausted is a bug.
                Err(PairingError::Exhausted) => {
                    let fresh_exists =
                        nobody_left && n.is_multiple_of(2) && n >= 4 && (r as usize) < n / 2;
                    prop_assert!(!fresh_exists, "exhausted in round {} of {} players", r, n);
                    break;
                }
                Err(e) => return Err(TestCaseError::fail(format!("{e}"))),
            };
            check_round(&players, &round, &mut met)?;
            if let Some(b) = round.bye {
                let all_had = players.iter().filter(|p| !p.withdrawn).all(|p| p.had_bye);
                let p = players
                    .iter_mut()
                    .find(|p| p.id == b)
                    .ok_or_else(|| TestCaseError::fail("bye to unknown"))?;
                prop_assert!(!p.had_bye || all_had, "second bye while others had none");
                p.had_bye = true;
                p.points += 2;
                *byes.entry(b).or_default() += 1;
            }
            for &(f, s) in &round.pairings {
                apply_game(&mut players, f, s, results.next().unwrap_or(1));
            }
            for p in &players {
                prop_assert!(
                    p.balance().abs() <= MAX_IMBALANCE,
                    "colours of {} out of limit",
                    p.id
                );
            }
        }
        if event.withdraw_after.iter().all(Option::is_none) && event.rounds as usize <= n {
            prop_assert!(byes.values().all(|&c| c <= 1));
        }
        Ok(())
    }

    /// Every active player exactly once, no repeat over the event.
    fn check_round(
        players: &[SwissPlayer],
        round: &Round,
        met: &mut HashSet<(PlayerId, PlayerId)>,
    ) -> Result<(), TestCaseError> {
        let mut seen: Vec<PlayerId> = round.pairings.iter().flat_map(|&(a, b)| [a, b]).collect();
        seen.extend(round.bye);
        seen.sort_unstable();
        let mut active: Vec<PlayerId> = players
            .iter()
            .filter(|p| !p.withdrawn)
            .map(|p| p.id)
            .collect();
        active.sort_unstable();
        prop_assert_eq!(&seen, &active);
        prop_assert_eq!(round.bye.is_some(), active.len() % 2 == 1);
        for &(a, b) in &round.pairings {
            prop_assert!(
                met.insert((a.min(b), a.max(b))),
                "repeat pairing {} - {}",
                a,
                b
            );
        }
        Ok(())
    }

    fn apply_game(players: &mut [SwissPlayer], first: PlayerId, second: PlayerId, result: u8) {
        for p in players.iter_mut() {
            let (colour, opponent, won) = match p.id {
                id if id == first => (Colour::First, second, result == 0),
                id if id == second => (Colour::Second, first, result == 2),
                _ => continue,
            };
            p.colours.push(colour);
            p.opponents.push(opponent);
            p.points += if won { 2 } else { u32::from(result == 1) };
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        #[test]
        fn simulated_events_keep_the_rules(event in event()) {
            play(&event)?;
        }
    }
}
