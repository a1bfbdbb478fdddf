//! `jungle tune`: fits the evaluation's weights to self-play games (see `ai::tune`) and writes
//! them as a table, with how they were produced in its header. The games are played on
//! `--threads` threads with a node budget per move, so a run gives the same table on any
//! machine for the same options; the loss is computed on the same threads.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::builder::RangedU64ValueParser;

use crate::ai::eval::Eval;
use crate::ai::tune::{self, Play, Sample};
use crate::ai::weights::{BASELINE, Weights};

#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// Self-play games to learn from, 1 to 100000.
    #[arg(long, default_value_t = 2000, value_parser = RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    pub games: usize,
    /// Nodes each move's search may use, 100 to 10000000.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(100..=10_000_000))]
    pub nodes: u64,
    /// Passes over the weights at most, 1 to 1000.
    #[arg(long, default_value_t = 40, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1000))]
    pub passes: usize,
    /// Threads for the games and the fit, 1 to 256.
    #[arg(long, default_value_t = 2, value_parser = RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies at the start of each game (so that the games differ), 0 to 200.
    #[arg(long, default_value_t = 8, value_parser = RangedU64ValueParser::<usize>::new().range(0..=200))]
    pub opening_plies: usize,
    /// The table to start from and to play the games with (default: the hand-set baseline).
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Where to write the fitted table (`-`: stdout).
    #[arg(short = 'o', long)]
    pub output: PathBuf,
}

/// Reads a weight table file, naming the file in the error.
pub fn read_weights(path: &std::path::Path) -> anyhow::Result<Weights> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read the weight table {}: {e}", path.display()))?;
    text.parse()
        .map_err(|e| anyhow::anyhow!("the weight table {}: {e}", path.display()))
}

/// An evaluation made from a weight table file, kept for the rest of the process.
pub fn load_eval(path: &std::path::Path) -> anyhow::Result<&'static Eval> {
    Ok(Box::leak(Box::new(Eval::new(&read_weights(path)?))))
}

pub fn run(args: &TuneArgs) -> anyhow::Result<()> {
    let start = match &args.from {
        Some(path) => read_weights(path)?,
        None => BASELINE.clone(),
    };
    // Refuse an output that cannot be written before an hour of games.
    if args.output.as_os_str() != "-" {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.output)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.output.display()))?;
    }
    crate::ai::warm_up();
    let began = Instant::now();
    let play = Play {
        nodes: args.nodes,
        eval: Box::leak(Box::new(Eval::new(&start))),
        seed: args.seed,
    };
    let (samples, results) = play_games(args, &play);
    let played = began.elapsed().as_secs_f64();
    eprintln!(
        "{} games in {played:.0} s: {} quiet positions; fitting",
        args.games,
        samples.len()
    );
    let fit = tune::fit(
        &samples,
        &start,
        args.passes,
        args.threads,
        &mut |pass, step, loss| {
            eprintln!("pass {pass} (step {step}): loss {loss:.6}");
        },
    );
    let total = began.elapsed().as_secs_f64();
    let from = args.from.as_ref().map_or(
        "the hand-set baseline (src/ai/weights/baseline.txt)".to_string(),
        |p| p.display().to_string(),
    );
    let mut text = String::new();
    text.push_str("# The evaluation's weights fitted by `jungle tune` (Texel's method, see src/ai/tune.rs).\n");
    text.push_str(&format!(
        "# jungle tune --games {} --nodes {} --passes {} --threads {} --seed {} --opening-plies {}\n",
        args.games, args.nodes, args.passes, args.threads, args.seed, args.opening_plies
    ));
    text.push_str(&format!("# started from {from}\n"));
    text.push_str(&format!(
        "# games: {} (Jade won {}, drawn {}, Crimson won {}); quiet positions: {}\n",
        args.games,
        results[0],
        results[1],
        results[2],
        samples.len()
    ));
    text.push_str(&format!(
        "# curve scale k = {:.4}; loss before {:.6}, after {:.6}; {} passes; {played:.0} s of games, {total:.0} s in all\n",
        fit.k, fit.loss_before, fit.loss_after, fit.passes
    ));
    text.push_str(&fit.weights.to_string());
    if args.output.as_os_str() == "-" {
        print!("{text}");
    } else {
        std::fs::write(&args.output, text)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.output.display()))?;
        println!(
            "wrote {}: loss {:.6} -> {:.6} over {} positions from {} games",
            args.output.display(),
            fit.loss_before,
            fit.loss_after,
            samples.len(),
            args.games
        );
    }
    Ok(())
}

/// Plays the games on the threads; returns their samples (in game order, so the same on
/// every run) and the count of Jade wins, draws and Crimson wins.
fn play_games(args: &TuneArgs, play: &Play) -> (Vec<Sample>, [usize; 3]) {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Vec<Sample>, usize)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.clamp(1, args.games) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    // Game 0 is the start position's; the others each their own opening.
                    let (pos, history) = super::selfplay::opening(i, args.opening_plies, args.seed);
                    let game = tune::play_game(
                        pos,
                        history,
                        &Play {
                            seed: play.seed ^ (i as u64) << 24,
                            ..*play
                        },
                    );
                    // Jade won, drawn, Crimson won.
                    let outcome = 2 - (game.jade * 2.0) as usize;
                    let mut done = done.lock().expect("no thread panics holding the lock");
                    done.push((i, game.samples, outcome));
                    let n = done.len();
                    if n.is_multiple_of((args.games / 10).max(1)) {
                        eprintln!("{n} of {} games played", args.games);
                    }
                }
            });
        }
    });
    let mut done = done.into_inner().expect("the threads are done");
    done.sort_by_key(|(i, _, _)| *i);
    let mut results = [0; 3];
    let mut samples = Vec::new();
    for (_, s, outcome) in done {
        results[outcome] += 1;
        samples.extend(s);
    }
    (samples, results)
}
