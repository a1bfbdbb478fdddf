//! Standings tables: Swiss (half-points, Buchholz, Sonneborn-Berger) and
//! arena (streak points, performance), built from the record of events.

use std::collections::HashMap;

use super::arena::arena_score;
use super::types::{Colour, Outcome, Participant, PlayerId, Record};

/// One entry of a player's row of results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    Bye,
}

/// One line of a standings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1-based, strictly increasing: ties are broken, never shared.
    pub rank: u32,
    pub player: PlayerId,
    pub rating: i32,
    /// Swiss: half-points; arena: arena points.
    pub points: u32,
    /// Games played over the board (forfeits and byes excluded).
    pub games_played: u32,
    pub row: Vec<Mark>,
    /// Half-points (Swiss only; 0 in arena).
    pub buchholz: u32,
    /// Quarter-points: beaten opponent's half-points ×2 + drawn
    /// opponent's half-points ×1 (Swiss only; 0 in arena).
    pub sonneborn_berger: u32,
    pub performance: Option<i32>,
    pub on_fire: bool,
}

/// Rating points a win (or loss) shifts the performance by.
const PERFORMANCE_SPREAD: i128 = 400;

/// What the records say about one player.
#[derive(Default)]
struct Tally {
    row: Vec<Mark>,
    /// Results that score, forfeits included, in record order.
    outcomes: Vec<Outcome>,
    /// Opponents met over the board, with this player's outcome.
    games: Vec<(PlayerId, Outcome)>,
}

/// Collects each known player's tally. Records naming an unknown player,
/// or pitting a player against themselves, are ignored; so are arena byes
/// when `byes_count` is false.
fn tally(
    players: &[Participant],
    records: &[Record],
    byes_count: bool,
) -> HashMap<PlayerId, Tally> {
    let mut tallies: HashMap<PlayerId, Tally> =
        players.iter().map(|p| (p.id, Tally::default())).collect();
    for record in records {
        match *record {
            Record::Game {
                first,
                second,
                result,
                ..
            } => {
                if first == second
                    || !tallies.contains_key(&first)
                    || !tallies.contains_key(&second)
                {
                    continue;
                }
                let sides = [
                    (first, second, Colour::First),
                    (second, first, Colour::Second),
                ];
                for (me, them, colour) in sides {
                    let outcome = result.outcome_for(colour);
                    if let Some(t) = tallies.get_mut(&me) {
                        t.row.push(game_mark(outcome));
                        t.outcomes.push(outcome);
                        t.games.push((them, outcome));
                    }
                }
            }
            Record::Forfeit { winner, loser, .. } => {
                if winner == loser
                    || !tallies.contains_key(&winner)
                    || !tallies.contains_key(&loser)
                {
                    continue;
                }
                for (who, mark, outcome) in [
                    (winner, Mark::ForfeitWin, Outcome::Win),
                    (loser, Mark::ForfeitLoss, Outcome::Loss),
                ] {
                    if let Some(t) = tallies.get_mut(&who) {
                        t.row.push(mark);
                        t.outcomes.push(outcome);
                    }
                }
            }
            Record::Bye { player, .. } => {
                if let Some(t) = tallies.get_mut(&player).filter(|_| byes_count) {
                    t.row.push(Mark::Bye);
                    t.outcomes.push(Outcome::Win);
                }
            }
        }
    }
    tallies
}

fn game_mark(outcome: Outcome) -> Mark {
    match outcome {
        Outcome::Win => Mark::Win,
        Outcome::Draw => Mark::Draw,
        Outcome::Loss => Mark::Loss,
    }
}

fn half_points(outcomes: &[Outcome]) -> u32 {
    outcomes.iter().fold(0u32, |acc, o| {
        let add = match o {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        };
        acc.saturating_add(add)
    })
}

/// Players listed twice are taken once, first listing wins.
fn distinct(players: &[Participant]) -> Vec<Participant> {
    let mut seen = std::collections::HashSet::new();
    players
        .iter()
        .copied()
        .filter(|p| seen.insert(p.id))
        .collect()
}

/// round(average opponent rating + 400 × (wins − losses) / games),
/// rounding halves away from zero; None without any game.
fn performance(games: &[(PlayerId, Outcome)], ratings: &HashMap<PlayerId, i32>) -> Option<i32> {
    let count = i128::try_from(games.len()).ok().filter(|&c| c > 0)?;
    let total: i128 = games
        .iter()
        .map(|(opponent, outcome)| {
            let rating = i128::from(ratings.get(opponent).copied().unwrap_or(0));
            let shift = match outcome {
                Outcome::Win => PERFORMANCE_SPREAD,
                Outcome::Draw => 0,
                Outcome::Loss => -PERFORMANCE_SPREAD,
            };
            rating + shift
        })
        .sum();
    let rounded = (2 * total.abs() + count) / (2 * count) * total.signum();
    Some(i32::try_from(rounded).unwrap_or(if rounded < 0 { i32::MIN } else { i32::MAX }))
}

fn games_played(t: &Tally) -> u32 {
    u32::try_from(t.games.len()).unwrap_or(u32::MAX)
}

fn base_standing(p: &Participant, t: &Tally, ratings: &HashMap<PlayerId, i32>) -> Standing {
    Standing {
        rank: 0,
        player: p.id,
        rating: p.rating,
        points: 0,
        games_played: games_played(t),
        row: t.row.clone(),
        buchholz: 0,
        sonneborn_berger: 0,
        performance: performance(&t.games, ratings),
        on_fire: false,
    }
}

fn assign_ranks(table: &mut [Standing]) {
    for (i, s) in table.iter_mut().enumerate() {
        s.rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
}

/// Swiss table: half-points (win, forfeit win and bye 2, draw 1), ranked
/// by points, Buchholz, Sonneborn-Berger, rating (all desc), then id.
pub fn swiss_standings(players: &[Participant], records: &[Record]) -> Vec<Standing> {
    let players = distinct(players);
    let tallies = tally(&players, records, true);
    let ratings: HashMap<PlayerId, i32> = players.iter().map(|p| (p.id, p.rating)).collect();
    let finals: HashMap<PlayerId, u32> = tallies
        .iter()
        .map(|(&id, t)| (id, half_points(&t.outcomes)))
        .collect();
    let mut table: Vec<Standing> = players
        .iter()
        .filter_map(|p| {
            let t = tallies.get(&p.id)?;
            let mut s = base_standing(p, t, &ratings);
            s.points = finals.get(&p.id).copied().unwrap_or(0);
            (s.buchholz, s.sonneborn_berger) = tie_breaks(&t.games, &finals);
            Some(s)
        })
        .collect();
    table.sort_by(|a, b| {
        (b.points, b.buchholz, b.sonneborn_berger, b.rating, a.player).cmp(&(
            a.points,
            a.buchholz,
            a.sonneborn_berger,
            a.rating,
            b.player,
        ))
    });
    assign_ranks(&mut table);
    table
}

/// (Buchholz, Sonneborn-Berger) from the games played over the board.
fn tie_breaks(games: &[(PlayerId, Outcome)], finals: &HashMap<PlayerId, u32>) -> (u32, u32) {
    games
        .iter()
        .fold((0u32, 0u32), |(bh, sb), (opponent, outcome)| {
            let theirs = finals.get(opponent).copied().unwrap_or(0);
            let weight = match outcome {
                Outcome::Win => 2,
                Outcome::Draw => 1,
                Outcome::Loss => 0,
            };
            (
                bh.saturating_add(theirs),
                sb.saturating_add(theirs.saturating_mul(weight)),
            )
        })
}

/// Arena table: points from [`arena_score`] over each player's results in
/// record order (forfeits count as a win or loss; byes are ignored),
/// ranked by points, performance, games played (all desc), then id.
pub fn arena_standings(players: &[Participant], records: &[Record]) -> Vec<Standing> {
    let players = distinct(players);
    let tallies = tally(&players, records, false);
    let ratings: HashMap<PlayerId, i32> = players.iter().map(|p| (p.id, p.rating)).collect();
    let mut table: Vec<Standing> = players
        .iter()
        .filter_map(|p| {
            let t = tallies.get(&p.id)?;
            let score = arena_score(&t.outcomes);
            let mut s = base_standing(p, t, &ratings);
            s.points = score.total;
            s.on_fire = score.on_fire;
            Some(s)
        })
        .collect();
    // Option orders None below any Some, which is what "no performance" means.
    table.sort_by(|a, b| {
        (b.points, b.performance, b.games_played, a.player).cmp(&(
            a.points,
            a.performance,
            a.games_played,
            b.player,
        ))
    });
    assign_ranks(&mut table);
    table
}

#[cfg(test)]
mod tests {
    use super::super::types::GameResult::{Draw, FirstWins, SecondWins};
    use super::*;

    fn game(
        round: u32,
        first: PlayerId,
        second: PlayerId,
        result: super::super::GameResult,
    ) -> Record {
        Record::Game {
            round,
            first,
            second,
            result,
        }
    }

    fn find(table: &[Standing], id: PlayerId) -> &Standing {
        table
            .iter()
            .find(|s| s.player == id)
            .expect("player listed")
    }

    /// Five players A..E = ids 1..5, rated 1800, 1700, 1600, 1500, 1400.
    ///
    /// R1: A beats B, C draws D, E bye      -> A2 B0 C1 D1 E2
    /// R2: A draws E, B beats C, D bye      -> A3 B2 C1 D3 E3
    /// R3: D wins by forfeit against A, E beats B, C bye
    ///                                      -> A3 B2 C3 D5 E5
    /// Buchholz (games only, final half-points of opponents):
    ///   A: B2 + E5 = 7 (the forfeit against D adds nothing)
    ///   B: A3 + C3 + E5 = 11;  C: D5 + B2 = 7;  D: C3 = 3;  E: A3 + B2 = 5
    /// Sonneborn-Berger (quarter-points: won ×2, drawn ×1):
    ///   A: B2×2 + E5×1 = 9;  B: C3×2 = 6;  C: D5×1 = 5
    ///   D: C3×1 = 3;  E: A3×1 + B2×2 = 7
    /// Ranks: E and D tie on 5, Buchholz 5 > 3 puts E first;
    ///   A and C tie on 3 and Buchholz 7, SB 9 > 5 puts A ahead; B last.
    /// Performance: A (1700+1400+400)/2 = 1750; B (4800-400)/3 = 1466.7 -> 1467;
    ///   C (3200-400)/2 = 1400; D 1600/1 = 1600; E (3500+400)/2 = 1950.
    #[test]
    fn five_player_swiss_by_hand() {
        let players: Vec<Participant> = (1..=5)
            .map(|id| Participant {
                id,
                rating: 1900 - 100 * id as i32,
            })
            .collect();
        let records = vec![
            game(1, 1, 2, FirstWins),
            game(1, 3, 4, Draw),
            Record::Bye {
                round: 1,
                player: 5,
            },
            game(2, 5, 1, Draw),
            game(2, 3, 2, SecondWins),
            Record::Bye {
                round: 2,
                player: 4,
            },
            Record::Forfeit {
                round: 3,
                winner: 4,
                loser: 1,
            },
            game(3, 2, 5, SecondWins),
            Record::Bye {
                round: 3,
                player: 3,
            },
            // Ignored: names a player who is not in the event.
            game(3, 9, 1, FirstWins),
        ];
        let table = swiss_standings(&players, &records);
        let order: Vec<PlayerId> = table.iter().map(|s| s.player).collect();
        assert_eq!(order, vec![5, 4, 1, 3, 2]);
        let ranks: Vec<u32> = table.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, vec![1, 2, 3, 4, 5]);
        let expect = [
            // (id, points, buchholz, sb, games, performance)
            (1, 3, 7, 9, 2, 1750),
            (2, 2, 11, 6, 3, 1467),
            (3, 3, 7, 5, 2, 1400),
            (4, 5, 3, 3, 1, 1600),
            (5, 5, 5, 7, 2, 1950),
        ];
        for (id, points, bh, sb, games, perf) in expect {
            let s = find(&table, id);
            assert_eq!(
                (
                    s.points,
                    s.buchholz,
                    s.sonneborn_berger,
                    s.games_played,
                    s.performance
                ),
                (points, bh, sb, games, Some(perf)),
                "player {id}"
            );
            assert!(!s.on_fire);
        }
        let row = |id| find(&table, id).row.clone();
        assert_eq!(row(1), vec![Mark::Win, Mark::Draw, Mark::ForfeitLoss]);
        assert_eq!(row(4), vec![Mark::Draw, Mark::Bye, Mark::ForfeitWin]);
        assert_eq!(row(3), vec![Mark::Draw, Mark::Loss, Mark::Bye]);
    }

    /// X (1600) wins three in a row: 2 + 2 + 4 = 8, still on fire.
    /// Y (1500): loss, draw, forfeit win = 0 + 1 + 2 = 3.
    /// Z (1400): loss, draw, loss, forfeit loss = 1.
    /// W (1300) never plays: 0 points, no performance, ranked last.
    /// X's performance: (1500 + 1400 + 1400 + 3 × 400) / 3 = 1833.3 -> 1833.
    #[test]
    fn arena_table_with_a_streak() {
        let players: Vec<Participant> = [(1, 1600), (2, 1500), (3, 1400), (4, 1300)]
            .into_iter()
            .map(|(id, rating)| Participant { id, rating })
            .collect();
        let records = vec![
            game(0, 1, 2, FirstWins),
            game(0, 3, 1, SecondWins),
            game(0, 2, 3, Draw),
            game(0, 1, 3, FirstWins),
            Record::Forfeit {
                round: 0,
                winner: 2,
                loser: 3,
            },
        ];
        let table = arena_standings(&players, &records);
        let summary: Vec<(u32, PlayerId, u32, u32, bool)> = table
            .iter()
            .map(|s| (s.rank, s.player, s.points, s.games_played, s.on_fire))
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, 1, 8, 3, true),
                (2, 2, 3, 2, false),
                (3, 3, 1, 3, false),
                (4, 4, 0, 0, false),
            ]
        );
        assert_eq!(find(&table, 1).performance, Some(1833));
        assert_eq!(find(&table, 4).performance, None);
        assert_eq!(
            find(&table, 2).row,
            vec![Mark::Loss, Mark::Draw, Mark::ForfeitWin]
        );
        assert_eq!(find(&table, 1).buchholz, 0);
    }

    /// All on 2 points except 3 and 5. 1 beat 3 (1500): performance
    /// 1500 + 400 = 1900 in one game. 2 drew twice with 4 (1900):
    /// performance 1900 in two games, so 2 ranks above 1 on games played.
    /// 4: two draws against 2 (1500) -> 1500. 3: 1500 - 400 = 1100.
    /// 5 never played: no performance, below 3 on equal (zero) points.
    #[test]
    fn arena_ties_fall_to_performance_then_games() {
        let players: Vec<Participant> = [(1, 1500), (2, 1500), (3, 1500), (4, 1900), (5, 1500)]
            .into_iter()
            .map(|(id, rating)| Participant { id, rating })
            .collect();
        let records = vec![
            game(0, 1, 3, FirstWins),
            game(0, 2, 4, Draw),
            game(0, 4, 2, Draw),
        ];
        let table = arena_standings(&players, &records);
        let order: Vec<(PlayerId, u32, Option<i32>)> = table
            .iter()
            .map(|s| (s.player, s.points, s.performance))
            .collect();
        assert_eq!(
            order,
            vec![
                (2, 2, Some(1900)),
                (1, 2, Some(1900)),
                (4, 2, Some(1500)),
                (3, 0, Some(1100)),
                (5, 0, None),
            ]
        );
    }
}
