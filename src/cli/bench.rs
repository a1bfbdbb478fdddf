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
    search_figures(quick);
    Ok(())
}

/// The search from the start: a fixed depth (same nodes on every run, so the speed compares),
/// then the depth reached in a fixed time (1 s, as the `hard` level thinks).
fn search_figures(quick: bool) {
    use super::bestmove::MoveTimer;
    use crate::ai::{self, Level, Limits, NoStop, Options};

    let start = Position::start();
    let depth = if quick { 7 } else { 13 };
    let options = Options {
        limits: Limits { depth, nodes: None },
        hash_mb: Level::Hard.settings().hash_mb,
        ..Options::default()
    };
    let t = Instant::now();
    let r = ai::search(&start, &[], &options, &NoStop, &mut ());
    let secs = t.elapsed().as_secs_f64();
    println!("search_depth{depth}_nodes: {} nodes", r.last.nodes);
    println!("search_depth{depth}_time: {:.1} ms", secs * 1000.0);
    println!(
        "search_depth{depth}_speed: {:.0} knodes/s",
        r.last.nodes as f64 / secs / 1000.0
    );

    let ms = if quick { 100 } else { 1000 };
    let timer = MoveTimer::new(ms);
    let options = Level::Hard.settings().options(0);
    let r = ai::search(&start, &[], &options, &timer, &mut ());
    let secs = timer.elapsed().as_secs_f64();
    println!("search_{ms}ms_depth: {} plies", r.last.depth);
    println!("search_{ms}ms_nodes: {} nodes", r.last.nodes);
    println!(
        "search_{ms}ms_speed: {:.0} knodes/s",
        r.last.nodes as f64 / secs / 1000.0
    );
    println!("search_{ms}ms_time: {:.1} ms", secs * 1000.0);
}
