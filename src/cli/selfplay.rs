//! `jungle selfplay`: two players (levels, or a random mover) play each other from the start
//! and from varied openings, each opening twice with colours swapped; prints W/D/L, the score
//! and the Elo difference. `--ladder` plays every neighbouring pair, a random mover against
//! level 1 up to level 7 against level 8, and chains the results into each level's rating.

use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::ai::LevelExt as _;
use crate::ai::eval::Eval;
use crate::ai::{Level, LevelSettings, Memory, ParseLevelError};
use crate::chat::bot::{Deadline, think};
use crate::engine::{Outcome, Position, Side};

/// One side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Plays a legal move at random (seeded): the floor no level may fall below.
    Random,
    Bot(Level),
}

impl FromStr for Player {
    type Err = ParseLevelError;

    /// `random`, or a level.
    fn from_str(s: &str) -> Result<Player, ParseLevelError> {
        if s.trim().eq_ignore_ascii_case("random") {
            Ok(Player::Random)
        } else {
            s.parse().map(Player::Bot)
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Bot(level) => write!(f, "{level}"),
        }
    }
}

/// The CPU time this thread has used. Time-limited levels think on it in selfplay, so that a
/// match on a busy machine (or with more threads than cores) measures the same levels as one
/// on an idle machine; in chat they think on the wall clock, on a core of their own.
#[cfg(unix)]
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is handed, which lives on this stack.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

/// Without a thread CPU clock, the wall clock.
#[cfg(not(unix))]
fn thread_cpu_time() -> Duration {
    static BASE: std::sync::LazyLock<std::time::Instant> =
        std::sync::LazyLock::new(std::time::Instant::now);
    BASE.elapsed()
}

/// What `jungle selfplay` was asked.
pub struct Args {
    /// The two players; `None` with `ladder`.
    pub players: Option<(Player, Player)>,
    /// Play the ladder of neighbouring pairs instead.
    pub ladder: bool,
    /// Games per match (per pair on the ladder).
    pub games: usize,
    pub movetime: Option<u64>,
    pub threads: usize,
    pub seed: u64,
    /// Random plies played before the engines take over (game pairs 2..: the first pair
    /// starts from the start position).
    pub opening_plies: usize,
    /// Print each game's moves after its result.
    pub show_moves: bool,
    /// Evaluations players a and b use instead of their levels' own (from weight tables).
    pub weights: [Option<&'static Eval>; 2],
}

/// One finished game.
struct Game {
    index: usize,
    /// Score of player `a`: 1, 0.5 or 0.
    a_score: f64,
    outcome: Outcome,
    plies: usize,
    a_side: Side,
    /// Per player (a, b): total nodes, total depth, moves, seconds thinking.
    stats: [(u64, u64, u64, f64); 2],
    /// The moves the engines played, after the opening.
    moves: Vec<String>,
    /// The position the engines started from.
    opening: Position,
}

/// xorshift for the openings; independent of the engine's generator.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The opening of game pair `pair`: a few random plies from the start (none for pair 0).
pub(super) fn opening(pair: usize, plies: usize, seed: u64) -> (Position, Vec<u64>) {
    let mut pos = Position::start();
    let mut history = Vec::new();
    if pair == 0 {
        return (pos, history);
    }
    let mut state = mix(seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = mix(state.wrapping_add(1));
        history.push(pos.hash());
        pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
    }
    (pos, history)
}

/// The move of a random mover: legal, picked by the seed.
fn random_move(pos: &Position, seed: u64) -> Option<crate::engine::Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| moves[(mix(seed) % moves.len() as u64) as usize])
}

fn play_game(index: usize, args: &Args, players: [(Player, LevelSettings); 2]) -> Game {
    let (mut pos, mut history) = opening(index / 2, args.opening_plies, args.seed);
    // Even games: a plays Jade; odd games: b plays Jade.
    let a_side = if index.is_multiple_of(2) {
        Side::Jade
    } else {
        Side::Crimson
    };
    let mut stats = [(0u64, 0u64, 0u64, 0f64); 2];
    // What each player's level remembers between its moves (if it does).
    let mut memories: [Option<Memory>; 2] = [None, None];
    let mut plies = history.len();
    let start = pos;
    let mut moves = Vec::new();
    let outcome = loop {
        if let Some(o) = pos.outcome() {
            break o;
        }
        let player = usize::from(pos.turn() != a_side);
        let (who, mut s) = players[player];
        if let Some(ms) = args.movetime {
            s.movetime_ms = ms;
        }
        let seed = mix(args.seed ^ ((index as u64) << 20) ^ plies as u64);
        // A remembering level's table is made before its first move's clock starts.
        if let Player::Bot(_) = who
            && s.remembers
            && memories[player].is_none()
        {
            memories[player] = Some(Memory::new(s.hash_mb));
        }
        let timer = Deadline::on_clock(s.movetime_ms, thread_cpu_time);
        let mv = match who {
            Player::Random => random_move(&pos, seed),
            Player::Bot(_) => {
                let result = think(&pos, &s, &history, seed, &timer, &mut memories[player]);
                let st = &mut stats[player];
                st.0 += result.last.nodes;
                st.1 += u64::from(result.last.depth);
                st.2 += 1;
                st.3 += timer.elapsed().as_secs_f64();
                result.best
            }
        };
        let mv = mv.expect("the game is not over");
        history.push(pos.hash());
        pos.play(mv).expect("the players play legal moves");
        moves.push(mv.to_string());
        plies += 1;
    };
    let a_score = match outcome.winner() {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    Game {
        index,
        a_score,
        outcome,
        plies,
        a_side,
        stats,
        moves,
        opening: start,
    }
}

/// The Elo difference for a score fraction (clamped away from 0 and 1).
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Elo difference and its 95% margin from per-game scores.
pub fn elo_with_margin(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let (lo, hi) = (elo(mean - 1.96 * se), elo(mean + 1.96 * se));
    (elo(mean), (hi - lo) / 2.0)
}

/// The settings a player searches with (a random mover searches nothing).
fn settings(p: Player) -> LevelSettings {
    match p {
        Player::Random => Level::new(1).expect("level 1").settings(),
        Player::Bot(level) => level.settings(),
    }
}

/// Plays one match and prints each game and the summary; returns player a's scores.
fn play_match(args: &Args, a: Player, b: Player) -> Vec<f64> {
    let mut players = [(a, settings(a)), (b, settings(b))];
    for (player, eval) in players.iter_mut().zip(args.weights) {
        if let Some(eval) = eval {
            player.1.eval = eval;
        }
    }
    let next = AtomicUsize::new(0);
    let games: Mutex<Vec<Game>> = Mutex::new(Vec::new());
    let names = [format!("{a} (a)"), format!("{b} (b)")];
    std::thread::scope(|scope| {
        for _ in 0..args.threads.clamp(1, args.games) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let g = play_game(i, args, players);
                    let (jade, crimson) = if g.a_side == Side::Jade {
                        (&names[0], &names[1])
                    } else {
                        (&names[1], &names[0])
                    };
                    println!(
                        "game {}: {jade} as Jade vs {crimson}: {}, {} plies",
                        g.index + 1,
                        g.outcome,
                        g.plies
                    );
                    if args.show_moves {
                        println!("  from {}: {}", g.opening, g.moves.join(", "));
                    }
                    games
                        .lock()
                        .expect("no thread panics while holding the lock")
                        .push(g);
                }
            });
        }
    });
    let games = games.into_inner().expect("the threads are done");
    let scores: Vec<f64> = games.iter().map(|g| g.a_score).collect();
    let wins = scores.iter().filter(|s| **s == 1.0).count();
    let draws = scores.iter().filter(|s| **s == 0.5).count();
    let losses = scores.len() - wins - draws;
    let score = scores.iter().sum::<f64>() / scores.len() as f64;
    let (diff, margin) = elo_with_margin(&scores);
    println!(
        "{a} vs {b}: {} games, W/D/L {wins}/{draws}/{losses}, score {:.1}%, Elo {:+.0} ± {:.0}",
        scores.len(),
        score * 100.0,
        diff,
        margin
    );
    for (p, name) in names.iter().enumerate() {
        let (nodes, depth, moves, secs) = games.iter().fold((0, 0, 0, 0.0), |acc, g| {
            let s = g.stats[p];
            (acc.0 + s.0, acc.1 + s.1, acc.2 + s.2, acc.3 + s.3)
        });
        if moves == 0 {
            continue;
        }
        println!(
            "{name}: {moves} moves, mean depth {:.1}, mean nodes {:.0}, mean time {:.0} ms, nps {:.0}",
            depth as f64 / moves as f64,
            nodes as f64 / moves as f64,
            secs * 1000.0 / moves as f64,
            nodes as f64 / secs.max(1e-9)
        );
    }
    scores
}

/// One rung of the ladder: a level's rating from the chain of neighbouring matches.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub level: Level,
    /// Elo relative to level 8.
    pub vs_strongest: f64,
    /// The 95% margin of `vs_strongest`, the pairs' margins added in quadrature.
    pub margin: f64,
    /// Anchored so that level 4 is 1200.
    pub rating: f64,
}

/// The level that the ladder's ratings are anchored on, and its rating.
pub const ANCHOR: (u8, f64) = (4, 1200.0);

/// Chains the neighbouring matches (`pairs[i]`: the Elo difference and margin of level
/// `i + 1` against level `i + 2`) into ratings.
pub fn ladder(pairs: &[(f64, f64)]) -> Vec<Rung> {
    assert_eq!(
        pairs.len() + 1,
        Level::COUNT,
        "one match per neighbouring pair"
    );
    let mut chain = vec![(0.0, 0.0); Level::COUNT];
    for i in (0..pairs.len()).rev() {
        let (diff, margin) = pairs[i];
        let (above, above_margin) = chain[i + 1];
        chain[i] = (above + diff, f64::hypot(above_margin, margin));
    }
    let anchor = Level::new(ANCHOR.0).expect("a level").index();
    let at_anchor = chain[anchor].0;
    Level::ALL
        .into_iter()
        .zip(chain)
        .map(|(level, (vs_strongest, margin))| Rung {
            level,
            vs_strongest,
            margin,
            rating: ANCHOR.1 + vs_strongest - at_anchor,
        })
        .collect()
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    // The evaluation's tables before any game's clock starts.
    crate::ai::warm_up();
    if !args.ladder {
        let (a, b) = args
            .players
            .ok_or_else(|| anyhow::anyhow!("name two players with --a and --b, or use --ladder"))?;
        play_match(args, a, b);
        return Ok(());
    }
    // The floor first: the weakest level against a random mover.
    let weakest = Player::Bot(Level::ALL[0]);
    let floor = play_match(args, weakest, Player::Random);
    let pairs: Vec<(f64, f64)> = Level::ALL
        .windows(2)
        .map(|w| elo_with_margin(&play_match(args, Player::Bot(w[0]), Player::Bot(w[1]))))
        .collect();
    let rungs = ladder(&pairs);
    println!("ladder: {} games per pair", args.games);
    println!("| level | vs level 8 | rating |");
    println!("|---|---|---|");
    for r in &rungs {
        println!(
            "| {} | {:+.0} ± {:.0} | {:.0} |",
            r.level.number(),
            r.vs_strongest,
            r.margin,
            r.rating
        );
    }
    println!(
        "level 1 scored {:.1}% against a random mover",
        floor.iter().sum::<f64>() * 100.0 / floor.len() as f64
    );
    let ratings: Vec<String> = rungs.iter().map(|r| format!("{:.0}", r.rating)).collect();
    println!("ratings = [{}]", ratings.join(", "));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_margin_shrinks_with_games_and_is_symmetric() {
        let even = [1.0, 0.0, 0.5, 0.5];
        assert!(elo_with_margin(&even).0.abs() < 1e-9);
        let (d, _) = elo_with_margin(&[1.0, 1.0, 1.0, 0.0]);
        assert!((d - 190.8).abs() < 0.5, "{d}");
        let few = elo_with_margin(&[1.0, 0.0, 1.0, 0.5]).1;
        let many = elo_with_margin(&[1.0, 0.0, 1.0, 0.5].repeat(25)).1;
        assert!(many < few / 4.0);
        assert_eq!(opening(3, 4, 1).0, opening(3, 4, 1).0);
        assert_eq!(opening(0, 4, 1).0, Position::start());
    }

    #[test]
    fn the_ladder_chains_the_pairs_and_anchors_level_four() {
        // Each level 50 below the next, margins 10 each.
        let rungs = ladder(&[(-50.0, 10.0); 7]);
        assert_eq!(rungs.len(), 8);
        assert_eq!(rungs[7].level, Level::STRONGEST);
        assert_eq!((rungs[7].vs_strongest, rungs[7].margin), (0.0, 0.0));
        assert!((rungs[3].rating - 1200.0).abs() < 1e-9);
        assert!((rungs[7].rating - 1400.0).abs() < 1e-9);
        assert!((rungs[0].rating - 1050.0).abs() < 1e-9);
        assert!((rungs[0].vs_strongest + 350.0).abs() < 1e-9);
        assert!((rungs[0].margin - 10.0 * 7f64.sqrt()).abs() < 1e-9);
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        assert_eq!("hard".parse::<Player>(), Ok(Player::Bot(Level::HARD)));
        assert!("9".parse::<Player>().is_err());
    }

    /// A random mover picks only legal moves and stops when none is left.
    #[test]
    fn a_random_mover_plays_legal_moves() {
        let mut pos = Position::start();
        for seed in 0..200 {
            let Some(mv) = random_move(&pos, seed) else {
                break;
            };
            assert!(pos.is_legal(mv), "{pos} {mv}");
            pos.play(mv).unwrap();
        }
    }
}
