//! `jungle bestmove`: search one position, print the search's progress as `info` lines and the
//! chosen move last. Also the clock-reading [`MoveTimer`] that gives searches a time limit.

use std::cell::Cell;
use std::io::Write;
use std::time::{Duration, Instant};

use crate::ai::{self, Iteration, Level, Report, Stop};
use crate::engine::Move;

use super::position_arg;

/// Stops a search after a fixed time, and declines a new iteration that would not finish in
/// time: one usually takes about twice the previous one, which it measures between calls.
pub struct MoveTimer {
    start: Instant,
    limit: Duration,
    /// When the previous iteration started (the last `may_deepen` call).
    last_start: Cell<Duration>,
}

impl MoveTimer {
    pub fn new(limit_ms: u64) -> MoveTimer {
        MoveTimer {
            start: Instant::now(),
            limit: Duration::from_millis(limit_ms),
            last_start: Cell::new(Duration::ZERO),
        }
    }

    /// No time limit at all.
    pub fn unlimited() -> MoveTimer {
        MoveTimer {
            limit: Duration::MAX,
            ..MoveTimer::new(0)
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

impl Stop for MoveTimer {
    fn should_stop(&self) -> bool {
        self.start.elapsed() >= self.limit
    }

    fn may_deepen(&self) -> bool {
        let now = self.start.elapsed();
        let previous = now.saturating_sub(self.last_start.replace(now));
        self.limit == Duration::MAX || now + previous * 2 < self.limit
    }
}

/// A principal variation as text: `G7 G6, A3 A4`.
pub fn pv_text(pv: &[Move]) -> String {
    pv.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Prints one `info` line per iteration, with speed measured on the caller's clock.
struct InfoLines<'a> {
    timer: &'a MoveTimer,
}

impl Report for InfoLines<'_> {
    fn iteration(&mut self, it: &Iteration) {
        let secs = self.timer.elapsed().as_secs_f64();
        let nps = if secs > 0.0 {
            (it.nodes as f64 / secs) as u64
        } else {
            0
        };
        // A closed stdout (e.g. piped into `head`) only ends the output, not the search.
        let _ = writeln!(
            std::io::stdout(),
            "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            it.depth,
            it.seldepth,
            it.score,
            it.nodes,
            nps,
            (secs * 1000.0) as u64,
            pv_text(&it.pv)
        );
    }
}

/// What `jungle bestmove` was asked.
pub struct Args<'a> {
    pub position: Option<&'a str>,
    pub level: Option<Level>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub seed: u64,
    pub hash: Option<usize>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let pos = position_arg(args.position)?;
    let mut settings = args.level.unwrap_or(Level::Hard).settings();
    if let Some(d) = args.depth {
        settings.max_depth = d;
    }
    if args.nodes.is_some() {
        settings.max_nodes = args.nodes;
    }
    if let Some(mb) = args.hash {
        settings.hash_mb = mb;
    }
    // A depth or node limit alone means no time limit; otherwise the level's time applies.
    let movetime = match (args.movetime, args.level) {
        (Some(ms), _) => Some(ms),
        (None, None) if args.depth.is_some() || args.nodes.is_some() => None,
        (None, _) => Some(settings.movetime_ms),
    };
    let timer = movetime.map_or_else(MoveTimer::unlimited, MoveTimer::new);
    let result = ai::search(
        &pos,
        &[],
        &settings.options(args.seed),
        &timer,
        &mut InfoLines { timer: &timer },
    );
    let Some(best) = result.best else {
        let why = pos
            .outcome()
            .map_or_else(|| "the game is over".to_string(), |o| o.to_string());
        anyhow::bail!("no move to search: {why}");
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{best}")?;
    Ok(())
}
