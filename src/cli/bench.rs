//! `jungle bench`: the regression benchmark, printing `name: value unit` lines.

use std::time::Instant;

use crate::engine::{Position, perft};

/// Runs every benchmark; `quick` shrinks the workloads for smoke tests.
pub fn run(quick: bool) -> anyhow::Result<()> {
    let depth = if quick { 4 } else { 6 };
    let start = Position::start();
    let t = Instant::now();
    let nodes = perft::perft(&start, depth);
    let secs = t.elapsed().as_secs_f64();
    println!("perft{depth}_nodes: {nodes} nodes");
    println!("perft{depth}_time: {:.1} ms", secs * 1000.0);
    println!(
        "perft{depth}_speed: {:.0} knodes/s",
        nodes as f64 / secs / 1000.0
    );

    let (games, plies) = if quick { (20, 4) } else { (1000, 20) };
    let (games, moves, secs) = super::bench_chat::run(games, plies)?;
    println!("chat_games: {games} games");
    println!("chat_moves: {moves} moves");
    println!("chat_speed: {:.0} moves/s", moves as f64 / secs);
    Ok(())
}
