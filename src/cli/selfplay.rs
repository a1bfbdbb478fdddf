//! `jungle selfplay`: two levels play each other from the start and from varied openings,
//! each opening twice with colours swapped; prints W/D/L, the score and the Elo difference.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::ai::{self, Level, LevelSettings};
use crate::engine::{Outcome, Position, Side};

use super::bestmove::MoveTimer;

/// What `jungle selfplay` was asked.
pub struct Args {
    pub a: Level,
    pub b: Level,
    pub games: usize,
    pub movetime: Option<u64>,
    pub threads: usize,
    pub seed: u64,
    /// Random plies played before the engines take over (game pairs 2..: the first pair
    /// starts from the start position).
    pub opening_plies: usize,
    /// Print each game's moves after its result.
    pub show_moves: bool,
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
fn opening(pair: usize, plies: usize, seed: u64) -> (Position, Vec<u64>) {
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

fn play_game(index: usize, args: &Args, settings: [LevelSettings; 2]) -> Game {
    let (mut pos, mut history) = opening(index / 2, args.opening_plies, args.seed);
    // Even games: a plays Jade; odd games: b plays Jade.
    let a_side = if index.is_multiple_of(2) {
        Side::Jade
    } else {
        Side::Crimson
    };
    let mut stats = [(0u64, 0u64, 0u64, 0f64); 2];
    let mut plies = history.len();
    let start = pos;
    let mut moves = Vec::new();
    let outcome = loop {
        if let Some(o) = pos.outcome() {
            break o;
        }
        let player = usize::from(pos.turn() != a_side);
        let mut s = settings[player];
        if let Some(ms) = args.movetime {
            s.movetime_ms = ms;
        }
        let timer = MoveTimer::new(s.movetime_ms);
        let seed = mix(args.seed ^ ((index as u64) << 20) ^ plies as u64);
        let result = ai::search(&pos, &history, &s.options(seed), &timer, &mut ());
        let mv = result.best.expect("the game is not over");
        let st = &mut stats[player];
        st.0 += result.last.nodes;
        st.1 += u64::from(result.last.depth);
        st.2 += 1;
        st.3 += timer.elapsed().as_secs_f64();
        history.push(pos.hash());
        pos.play(mv).expect("the search returns legal moves");
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

pub fn run(args: &Args) -> anyhow::Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    let settings = [args.a.settings(), args.b.settings()];
    let next = AtomicUsize::new(0);
    let games: Mutex<Vec<Game>> = Mutex::new(Vec::new());
    let names = [format!("{} (a)", args.a), format!("{} (b)", args.b)];
    std::thread::scope(|scope| {
        for _ in 0..args.threads.clamp(1, args.games) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let g = play_game(i, args, settings);
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
        "{} vs {}: {} games, W/D/L {wins}/{draws}/{losses}, score {:.1}%, Elo {:+.0} ± {:.0}",
        args.a,
        args.b,
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
        let moves = moves.max(1);
        println!(
            "{name}: {moves} moves, mean depth {:.1}, mean nodes {:.0}, nps {:.0}",
            depth as f64 / moves as f64,
            nodes as f64 / moves as f64,
            nodes as f64 / secs.max(1e-9)
        );
    }
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
}
