//! Fitting the evaluation's weights to games (Texel's method): quiet positions from self-play
//! games, each labelled with how its game ended for the side to move, and the weights moved
//! one value at a time while the squared gap between the results and the evaluation's
//! predicted score (a logistic curve of the evaluation) shrinks. `jungle tune` drives it:
//! the games, the threads and the table it writes; everything here is deterministic.

use engine::{Position, Side};

use super::attacks::{Layout, den_attackers};
use super::control::{Limits, MAX_DEPTH, NoStop, Options};
use super::eval::Eval;
use super::weights::{LEN, Weights};

/// A position and how its game ended for the side to move there: 1 won, 0.5 drawn, 0 lost.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub pos: Position,
    pub result: f32,
}

/// Whether the static evaluation may judge `pos`: the game goes on, the side to move has no
/// capture and no animal stands beside either den (the search would look further there).
pub fn is_quiet(pos: &Position) -> bool {
    if pos.outcome().is_some() {
        return false;
    }
    let us = pos.turn();
    if !den_attackers(pos, us).is_empty() || !den_attackers(pos, us.other()).is_empty() {
        return false;
    }
    Layout::new(pos).attacked(us.other()).is_empty()
}

/// How one self-play game is played: each move a search of `nodes` nodes with `eval`.
#[derive(Clone, Copy, Debug)]
pub struct Play {
    pub nodes: u64,
    pub eval: &'static Eval,
    pub seed: u64,
}

/// One self-play game.
#[derive(Clone, Debug)]
pub struct Played {
    /// Its quiet positions, labelled with its result.
    pub samples: Vec<Sample>,
    /// Half-moves played.
    pub plies: usize,
    /// Jade's score: 1 won, 0.5 drawn, 0 lost.
    pub jade: f32,
}

/// Plays one game from `start` (reached through the positions `history`, oldest first).
pub fn play_game(start: Position, mut history: Vec<u64>, play: &Play) -> Played {
    let mut pos = start;
    let mut seen = Vec::new();
    let mut plies = 0;
    let outcome = loop {
        if let Some(o) = pos.outcome() {
            break o;
        }
        if is_quiet(&pos) {
            seen.push(pos);
        }
        let options = Options {
            limits: Limits {
                depth: MAX_DEPTH,
                nodes: Some(play.nodes),
            },
            randomness: 0,
            contempt: 40,
            hash_mb: 4,
            seed: play.seed ^ plies as u64,
            eval: play.eval,
        };
        let result = super::search(&pos, &history, &options, &NoStop, &mut ());
        let Some(mv) = result.best else {
            break pos.outcome().expect("no move only when the game is over");
        };
        history.push(pos.hash());
        pos.play_unchecked(mv);
        plies += 1;
    };
    let jade = match outcome.winner() {
        Some(Side::Jade) => 1.0,
        Some(Side::Crimson) => 0.0,
        None => 0.5,
    };
    let samples = seen
        .into_iter()
        .map(|pos| Sample {
            result: if pos.turn() == Side::Jade {
                jade
            } else {
                1.0 - jade
            },
            pos,
        })
        .collect();
    Played {
        samples,
        plies,
        jade,
    }
}

/// The score the evaluation `v` predicts for the side to move, on a curve of scale `k`.
fn predicted(v: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(v) / 400.0))
}

/// The mean squared gap between the results and what `eval` predicts, over `threads` threads.
pub fn loss(samples: &[Sample], eval: &Eval, k: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let part = |chunk: &[Sample]| -> f64 {
        chunk
            .iter()
            .map(|s| {
                let gap = f64::from(s.result) - predicted(eval.evaluate(&s.pos), k);
                gap * gap
            })
            .sum()
    };
    let threads = threads.clamp(1, samples.len());
    let size = samples.len().div_ceil(threads);
    let total: f64 = if threads == 1 {
        part(samples)
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = samples
                .chunks(size)
                .map(|chunk| scope.spawn(move || part(chunk)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a loss thread does not panic"))
                .sum()
        })
    };
    total / samples.len() as f64
}

/// The curve's scale that fits `eval` best to the samples (searched between 0.05 and 4).
pub fn fit_scale(samples: &[Sample], eval: &Eval, threads: usize) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if loss(samples, eval, a, threads) < loss(samples, eval, b, threads) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Fit {
    pub weights: Weights,
    /// The curve's scale, fitted to the starting weights and then held.
    pub k: f64,
    pub loss_before: f64,
    pub loss_after: f64,
    /// Passes over all values made.
    pub passes: usize,
}

/// Fits the weights to the samples from `start`: passes over every value, each moved by the
/// step in either direction while that lowers the loss; the step halves (from 8 down to 1)
/// when a pass changes nothing, and the fit ends after `max_passes` or a pass at step 1 that
/// changes nothing. `progress` hears after each pass its number, step and loss.
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    max_passes: usize,
    threads: usize,
    progress: &mut dyn FnMut(usize, i32, f64),
) -> Fit {
    let k = fit_scale(samples, &Eval::new(start), threads);
    let loss_of = |w: &Weights| loss(samples, &Eval::new(w), k, threads);
    let loss_before = loss_of(start);
    let mut best = start.clone();
    let mut best_loss = loss_before;
    let mut step = 8;
    let mut passes = 0;
    while passes < max_passes {
        passes += 1;
        let mut changed = false;
        for i in 0..LEN {
            let (min, max) = Weights::bounds(i);
            for dir in [1, -1] {
                let mut moved = false;
                loop {
                    let v = best.values[i] + dir * step;
                    if !(min..=max).contains(&v) {
                        break;
                    }
                    let mut trial = best.clone();
                    trial.values[i] = v;
                    let l = loss_of(&trial);
                    if l < best_loss {
                        best = trial;
                        best_loss = l;
                        moved = true;
                    } else {
                        break;
                    }
                }
                if moved {
                    changed = true;
                    break;
                }
            }
        }
        progress(passes, step, best_loss);
        if !changed {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    Fit {
        weights: best,
        k,
        loss_before,
        loss_after: best_loss,
        passes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::BASELINE_EVAL;
    use crate::weights::BASELINE;

    /// A few short games from different starts.
    fn tiny_sample() -> Vec<Sample> {
        let mut out = Vec::new();
        for g in 0..6u64 {
            let mut pos = Position::start();
            let mut history = Vec::new();
            // A different opening for each game: a few first moves by the game's number.
            for ply in 0..4 {
                let moves = pos.legal_moves();
                history.push(pos.hash());
                pos.play_unchecked(moves[((g * 7 + ply * 3) as usize) % moves.len()]);
            }
            let play = Play {
                nodes: 300,
                eval: &BASELINE_EVAL,
                seed: g,
            };
            let game = play_game(pos, history, &play);
            assert!(game.plies > 0);
            out.extend(game.samples);
        }
        out
    }

    #[test]
    fn samples_are_quiet_and_labelled_for_the_side_to_move() {
        let samples = tiny_sample();
        assert!(samples.len() > 50, "{}", samples.len());
        for s in &samples {
            assert!(is_quiet(&s.pos));
            assert!([0.0, 0.5, 1.0].contains(&s.result));
        }
        // Within a decided game the two sides' labels differ.
        assert!(samples.iter().any(|s| s.result != 0.5));
    }

    #[test]
    fn a_fit_on_a_tiny_sample_lowers_the_loss() {
        let samples = tiny_sample();
        let fit = fit(&samples, &BASELINE, 2, 2, &mut |_, _, _| {});
        assert!(fit.loss_after < fit.loss_before, "{fit:?}");
        assert_ne!(fit.weights, *BASELINE);
        // The loss reported is the loss of the weights returned.
        let again = loss(&samples, &Eval::new(&fit.weights), fit.k, 1);
        assert!((again - fit.loss_after).abs() < 1e-12);
        // Every value stays in its range.
        for (i, v) in fit.weights.values.iter().enumerate() {
            let (min, max) = Weights::bounds(i);
            assert!((min..=max).contains(v), "{} = {v}", Weights::name_of(i));
        }
    }

    #[test]
    fn a_position_with_a_capture_is_not_quiet() {
        // A Jade rat and a Crimson cat on rank 9: far apart it is quiet; side by side, with
        // Crimson to move, the cat takes the rat.
        let quiet: Position = "7/7/7/7/7/7/7/7/R5c j 0 1".parse().unwrap();
        assert!(is_quiet(&quiet));
        let capture: Position = "7/7/7/7/7/7/7/7/Rc5 c 0 1".parse().unwrap();
        assert!(!is_quiet(&capture));
    }
}
