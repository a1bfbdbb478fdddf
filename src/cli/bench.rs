//! `jungle bench`: the regression benchmark, printing `name: value unit` lines.

use std::time::Instant;

use crate::engine::{Move, Position, perft};
use crate::render::{self, BoardOptions, LastMove, ReplayOptions};

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
    search_figures(quick);
    render_figures(quick);
    Ok(())
}

/// Board images: one PNG (render + encode) and a 100-half-move replay GIF, at the default size.
/// Targets: PNG <= 5 ms and <= 40 KB, GIF <= 150 ms and <= 400 KB.
fn render_figures(quick: bool) {
    let game = sample_game(100);
    let mut pos = Position::start();
    for &mv in &game[..40] {
        pos.play_unchecked(mv);
    }
    let last = LastMove::new(&pos, game[40]);
    pos.play_unchecked(game[40]);
    let selected = pos
        .pieces()
        .find(|(_, p)| p.side == pos.turn())
        .map(|(sq, _)| sq);
    let opts = BoardOptions {
        last_move: Some(last),
        selected,
        ..BoardOptions::default()
    };
    // Building the font, artwork and palette happens once per process.
    let t = Instant::now();
    render::prepare();
    println!(
        "render_init_time: {:.1} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    // Each figure is the best of several batches: the machine is shared, and the best batch is
    // the one least disturbed by other work.
    let png = render::board_png(&pos, &opts);
    let batches = if quick { 1 } else { 10 };
    let per_batch = if quick { 3 } else { 20 };
    let ms = best_ms(batches, per_batch, || {
        std::hint::black_box(render::board_png(std::hint::black_box(&pos), &opts));
    });
    println!("render_png_time: {ms:.2} ms");
    println!("render_png_size: {:.1} KB", png.len() as f64 / 1000.0);

    let start = Position::start();
    // The game was played from the start position, so every move is legal.
    let replay =
        || render::replay_gif(&start, &game, &ReplayOptions::default()).unwrap_or_default();
    let size = replay().len();
    let ms = best_ms(if quick { 1 } else { 10 }, 1, || {
        std::hint::black_box(replay());
    });
    println!("replay_gif_time: {ms:.1} ms");
    println!("replay_gif_size: {:.1} KB", size as f64 / 1000.0);
    println!("replay_gif_half_moves: {} half-moves", game.len());
}

/// The fastest of `batches` batches of `runs` calls, in milliseconds per call.
fn best_ms(batches: u32, runs: u32, mut f: impl FnMut()) -> f64 {
    (0..batches)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..runs {
                f();
            }
            t.elapsed().as_secs_f64() * 1000.0 / runs as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// A game of `len` half-moves that does not end sooner, from pseudo-random legal moves that
/// favour captures (a fixed sequence, so the figures are comparable between runs).
fn sample_game(len: usize) -> Vec<Move> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    loop {
        let mut pos = Position::start();
        let mut moves = Vec::with_capacity(len);
        while moves.len() < len {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            let mv = if !captures.is_empty() && seed.is_multiple_of(3) {
                captures[(seed >> 8) as usize % captures.len()]
            } else {
                legal[(seed >> 8) as usize % legal.len()]
            };
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        if moves.len() == len {
            return moves;
        }
    }
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
