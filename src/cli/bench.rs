//! `jungle bench`: the regression benchmark, printing `name: value unit` lines.

use std::time::Instant;

use crate::ai::LevelExt as _;
use crate::engine::{Move, Position, TimeControl, perft};
use crate::render::{self, BoardOptions, LastMove, ReplayOptions};
use crate::store::Location;

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
    // The timers cost what is due, not what is stored: a pass over 10,000 quiet
    // correspondence games, and over 10,000 live clocks ticking.
    let active = if quick { 500 } else { 10_000 };
    let (tick, command) = super::bench_chat::timers(active, TimeControl::DEFAULT)?;
    println!("timer_pass_{active}_games: {:.2} ms", tick * 1000.0);
    println!("command_beside_{active}_games: {:.2} ms", command * 1000.0);
    let (tick, _) = super::bench_chat::timers(active, TimeControl::live(10, 5))?;
    println!("timer_pass_{active}_live_clocks: {:.2} ms", tick * 1000.0);
    search_figures(quick);
    render_figures(quick);
    analysis_figures(quick);
    Ok(())
}

/// `analyze` on a 100-half-move game at the chat's default budget (the whole review), and
/// drawing its graph. Targets: the review within 10 s, the graph under 50 ms.
fn analysis_figures(quick: bool) {
    let plies = if quick { 10 } else { 100 };
    let game = sample_game(plies);
    let job = crate::chat::AnalysisJob {
        game_id: 1,
        platform: "console".into(),
        scope: "console".into(),
        lang: crate::lang::Lang::default(),
        title: String::new(),
        names: crate::engine::BySide::new("alice".into(), "bob".into()),
        start: Position::start(),
        moves: game,
        nodes_per_position: if quick {
            2_000
        } else {
            crate::chat::ANALYSIS_NODES
        },
    };
    let t = Instant::now();
    // The game was played from the start position, so every move is legal.
    let Ok(analysis) = job.run(&mut |_, _| {}) else {
        return;
    };
    println!(
        "analysis_{plies}_plies_time: {:.2} s",
        t.elapsed().as_secs_f64()
    );
    // Per position searched.
    println!(
        "analysis_{plies}_plies_nodes: {} nodes",
        job.nodes_per_position
    );
    let graph = crate::chat::analysis_graph(
        &analysis,
        crate::engine::BySide::default(),
        crate::lang::Lang::En,
    );
    let png = render::graph_png(&graph);
    let ms = best_ms(if quick { 1 } else { 10 }, 3, || {
        std::hint::black_box(render::graph_png(&graph));
    });
    println!("analysis_graph_time: {ms:.2} ms");
    println!("analysis_graph_size: {:.1} KB", png.len() as f64 / 1000.0);
}

/// The environment variable that hands the database to `jungle bench --worker` processes
/// (not their command line, which other users may read).
const WORKER_DB: &str = "JUNGLE_BENCH_DB";

/// `jungle bench --db`: the chat figures on that database (PostgreSQL, typically): moves per
/// second from one process, from two processes at once, and the latency of one player's moves
/// while another process is busy.
pub fn run_db(db: &Location, quick: bool) -> anyhow::Result<()> {
    let (games, plies) = if quick { (20, 4) } else { (1000, 20) };
    let tag = run_tag();
    let (_, moves, secs) =
        super::bench_chat::run_at(db, &format!("{tag}-one"), games, plies, None, &mut || ())?;
    println!("db_chat_games: {games} games, {plies} moves each");
    println!(
        "db_chat_speed_one_process: {:.0} moves/s",
        moves as f64 / secs
    );

    let mut workers = (0..2)
        .map(|i| Worker::start(db, &format!("{tag}-two{i}"), quick, false))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for w in &mut workers {
        w.wait_ready()?;
    }
    let mut both = 0.0;
    for w in workers {
        both += w.finish()?;
    }
    println!("db_chat_speed_two_processes: {both:.0} moves/s (the sum of both)");

    let mut busy = Worker::start(db, &format!("{tag}-busy"), quick, false)?;
    busy.wait_ready()?;
    let mut latencies = Vec::new();
    let (lat_games, lat_plies) = if quick { (2, 4) } else { (10, 20) };
    super::bench_chat::run_at(
        db,
        &format!("{tag}-latency"),
        lat_games,
        lat_plies,
        Some(&mut latencies),
        &mut || (),
    )?;
    busy.finish()?;
    latencies.sort_by(f64::total_cmp);
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize] * 1000.0;
    println!(
        "db_move_latency_beside_a_busy_process: p50 {:.2} ms, p99 {:.2} ms ({} moves)",
        at(0.5),
        at(0.99),
        latencies.len()
    );
    Ok(())
}

/// `--db`, read.
pub fn location(db: &std::path::Path) -> anyhow::Result<Location> {
    Location::parse(db).map_err(|e| anyhow::anyhow!("--db: {e}"))
}

/// `jungle bench --worker TAG`: one process's share of [`run_db`], on the database in
/// `JUNGLE_BENCH_DB`. Prints `ready` once its games are set up, then `done MOVES SECONDS`.
pub fn worker(tag: &str, quick: bool) -> anyhow::Result<()> {
    use std::io::Write as _;
    let db = std::env::var(WORKER_DB).map_err(|_| anyhow::anyhow!("{WORKER_DB} is not set"))?;
    let db = location(std::path::Path::new(&db))?;
    let (games, plies) = if quick { (20, 4) } else { (1000, 20) };
    let (_, moves, secs) = super::bench_chat::run_at(&db, tag, games, plies, None, &mut || {
        println!("ready");
        let _ = std::io::stdout().flush();
    })?;
    println!("done {moves} {secs}");
    Ok(())
}

/// A `jungle bench --worker` child process.
struct Worker {
    child: std::process::Child,
    lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl Worker {
    /// Starts a worker of `--db` or (`load`) of `--load --db`.
    fn start(db: &Location, tag: &str, quick: bool, load: bool) -> anyhow::Result<Worker> {
        use std::io::BufRead as _;
        let url = match db {
            Location::File(p) => p.display().to_string(),
            Location::Postgres(url) => url.expose().to_string(),
        };
        let mut command = std::process::Command::new(std::env::current_exe()?);
        command.args(["bench", "--worker", tag]);
        if quick {
            command.arg("--quick");
        }
        if load {
            command.arg("--load");
        }
        let mut child = command
            .env(WORKER_DB, url)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()?;
        let stdout = child.stdout.take().expect("piped above");
        Ok(Worker {
            child,
            lines: std::io::BufReader::new(stdout).lines(),
        })
    }

    fn next_line(&mut self) -> anyhow::Result<String> {
        match self.lines.next() {
            Some(line) => Ok(line?),
            None => anyhow::bail!("a bench worker process stopped early"),
        }
    }

    fn wait_ready(&mut self) -> anyhow::Result<()> {
        let line = self.next_line()?;
        anyhow::ensure!(line == "ready", "a bench worker said {line:?}");
        Ok(())
    }

    /// Tells a `--load` worker that is ready to begin.
    fn go(&mut self) -> anyhow::Result<()> {
        use std::io::Write as _;
        let input = self
            .child
            .stdin
            .as_mut()
            .ok_or_else(|| anyhow::anyhow!("a bench worker has no input"))?;
        writeln!(input, "go")?;
        input.flush()?;
        Ok(())
    }

    /// Waits for a `--load` worker's end: its reply times and how long it ran.
    fn finish_load(mut self) -> anyhow::Result<super::bench_load::Figures> {
        let line = self.next_line()?;
        let seconds: f64 = line
            .strip_prefix("done ")
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("a bench worker said {line:?}"))?;
        let times = self.next_line()?;
        let replies = times
            .split_whitespace()
            .map(|t| t.parse::<f64>())
            .collect::<Result<Vec<_>, _>>()?;
        self.child.wait()?;
        Ok(super::bench_load::Figures { replies, seconds })
    }

    /// Waits for the end; the worker's moves per second.
    fn finish(mut self) -> anyhow::Result<f64> {
        let line = self.next_line()?;
        let figures: Vec<f64> = line
            .strip_prefix("done ")
            .map(|rest| rest.split(' ').filter_map(|x| x.parse().ok()).collect())
            .unwrap_or_default();
        self.child.wait()?;
        match figures[..] {
            [moves, secs] => Ok(moves / secs),
            _ => anyhow::bail!("a bench worker said {line:?}"),
        }
    }
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
    // The same board again: every band of it is kept (see render's board.rs).
    println!("render_png_time: {ms:.2} ms");
    println!("render_png_size: {:.1} KB", png.len() as f64 / 1000.0);
    // What a game's moves cost: each board of a game once, after the one before, as a channel
    // shows them (the bands a move leaves as they were are kept; the others are drawn). A game
    // no earlier figure drew, so that nothing of it is kept yet.
    let fresh = sample_game(101);
    let mut pos = Position::start();
    let t = Instant::now();
    for &mv in &fresh {
        let opts = BoardOptions {
            last_move: Some(LastMove::new(&pos, mv)),
            ..BoardOptions::default()
        };
        pos.play_unchecked(mv);
        std::hint::black_box(render::board_png(&pos, &opts));
    }
    println!(
        "render_png_move_time: {:.2} ms",
        t.elapsed().as_secs_f64() * 1000.0 / fresh.len().max(1) as f64
    );

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

/// Positions from random play (8 to 40 half-moves in), for a search speed figure beyond the
/// opening: the start's evaluation and move ordering are not typical of a game.
const SEARCH_SUITE: [&str; 8] = [
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1",
    "l5t/rd1wc2/2p3e/7/7/7/EW3PR/6D/CT4L j 16 9",
    "2l3t/1dp2c1/r3we1/7/7/6R/1W1P3/E3C2/T4DL j 20 11",
    "d4ct/l6/1r3we/3p3/7/7/1EW1PRL/T1C2D1/7 j 24 13",
    "l4ct/d6/1p2w1e/r6/6R/7/1C5/1E2DP1/1TW2L1 j 28 15",
    "l3wt1/4ce1/pd5/r6/7/E6/7/CWP2DR/1T3L1 j 32 17",
    "6t/2d1c2/1lp3e/r2w3/E6/3P3/1C1R3/2W1D2/T3L2 j 36 19",
    "d1l4/p3c1t/r4we/7/7/C6/2P4/1E2WRD/2T2L1 j 40 21",
];

/// Searches each position to `depth` with a fresh table; the nodes and the seconds taken.
fn timed_searches(positions: &[Position], depth: u32) -> (u64, f64) {
    use crate::ai::{self, Level, Limits, NoStop, Options};

    let options = Options {
        limits: Limits { depth, nodes: None },
        hash_mb: Level::HARD.settings().hash_mb,
        ..Options::default()
    };
    let t = Instant::now();
    let nodes = positions
        .iter()
        .map(|p| ai::search(p, &[], &options, &NoStop, &mut ()).last.nodes)
        .sum();
    (nodes, t.elapsed().as_secs_f64())
}

/// Prints a fixed-depth search figure: the same nodes on every run, so the speed compares;
/// the fastest and the median of `runs` runs (the machine's other work only slows runs down).
fn search_speed(name: &str, positions: &[Position], depth: u32, runs: usize) {
    let mut times = Vec::with_capacity(runs);
    let mut nodes = 0;
    for _ in 0..runs {
        let (n, secs) = timed_searches(positions, depth);
        nodes = n;
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    let (best, median) = (times[0], times[times.len() / 2]);
    let speed = |secs: f64| nodes as f64 / secs / 1000.0;
    println!("{name}_nodes: {nodes} nodes");
    println!("{name}_time: {:.1} ms", best * 1000.0);
    println!("{name}_speed: {:.0} knodes/s", speed(best));
    println!("{name}_speed_median: {:.0} knodes/s", speed(median));
}

/// The search: fixed depths from the start and over [`SEARCH_SUITE`], then the depth reached
/// in a fixed time from the start: 1 s of the strongest level's search (no node or depth
/// limit; only the deadline stops it, as it stops level 8 on its own clock).
fn search_figures(quick: bool) {
    use crate::ai::{self, Level};
    use crate::chat::bot::Deadline;

    let runs = if quick { 1 } else { 5 };
    let depth = if quick { 7 } else { 13 };
    search_speed(
        &format!("search_depth{depth}"),
        &[Position::start()],
        depth,
        runs,
    );
    let suite: Vec<Position> = SEARCH_SUITE
        .iter()
        .map(|s| s.parse().expect("a valid suite position"))
        .collect();
    let depth = if quick { 5 } else { 12 };
    search_speed(&format!("search_suite_depth{depth}"), &suite, depth, runs);

    let start = Position::start();
    let ms = if quick { 100 } else { 1000 };
    let timer = Deadline::new(ms);
    let options = Level::STRONGEST.settings().options(0);
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

/// `jungle bench --load`: the reply time of human moves while many play at once (see
/// `bench_load.rs`), on a SQLite file, or with `--db` on that database from one process and
/// then from two at once.
pub fn run_load(db: Option<&Location>, quick: bool) -> anyhow::Result<()> {
    let load = super::bench_load::Load::new(quick);
    let tag = run_tag();
    println!(
        "load: {} quiet games, {} channels of two humans, {} games against level 8, {} s",
        load.quiet_games, load.channels, load.bot_games, load.seconds
    );
    let Some(db) = db else {
        let path = std::env::temp_dir().join(format!("jungle-load-{tag}.db"));
        let figures = super::bench_load::run(&Location::File(path.clone()), &tag, load, &mut || ());
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
        println!("load_sqlite: {}", figures?.line());
        return Ok(());
    };
    let backend = match db {
        Location::File(_) => "sqlite",
        Location::Postgres(_) => "postgresql",
    };
    let one = super::bench_load::run(db, &format!("{tag}-one"), load, &mut || ())?;
    println!("load_{backend}_one_process: {}", one.line());
    let mut workers = (0..2)
        .map(|i| Worker::start(db, &format!("{tag}-two{i}"), quick, true))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for w in &mut workers {
        w.wait_ready()?;
    }
    for w in &mut workers {
        w.go()?;
    }
    let mut both = super::bench_load::Figures {
        replies: Vec::new(),
        seconds: 0.0,
    };
    for w in workers {
        let f = w.finish_load()?;
        both.replies.extend(f.replies);
        both.seconds = both.seconds.max(f.seconds);
    }
    println!(
        "load_{backend}_two_processes: {} (both together)",
        both.line()
    );
    Ok(())
}

/// `jungle bench --load --worker TAG`: one process's share of [`run_load`] on the database in
/// `JUNGLE_BENCH_DB`: `ready` once set up, then it waits for a line on its input, runs, and
/// prints `done SECONDS` and the reply times in seconds on the next line.
pub fn load_worker(tag: &str, quick: bool) -> anyhow::Result<()> {
    use std::io::{BufRead as _, Write as _};
    let db = std::env::var(WORKER_DB).map_err(|_| anyhow::anyhow!("{WORKER_DB} is not set"))?;
    let db = location(std::path::Path::new(&db))?;
    let load = super::bench_load::Load::new(quick);
    let figures = super::bench_load::run(&db, tag, load, &mut || {
        println!("ready");
        let _ = std::io::stdout().flush();
        let _ = std::io::stdin().lock().lines().next();
    })?;
    println!("done {}", figures.seconds);
    let times: Vec<String> = figures.replies.iter().map(|s| format!("{s:.6}")).collect();
    println!("{}", times.join(" "));
    Ok(())
}

/// A tag no other run shares: the process id and the time.
fn run_tag() -> String {
    format!(
        "{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis())
    )
}
