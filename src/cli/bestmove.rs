//! `jungle bestmove`: search one position, print the search's progress as `info` lines and the
//! chosen move last.

use std::io::Write;

use crate::ai::LevelExt as _;
use crate::ai::{self, Iteration, Level, Report};
use crate::chat::bot::Deadline;
use crate::engine::Move;

use super::position_arg;

/// A principal variation as text: `G7 G6, A3 A4`.
pub fn pv_text(pv: &[Move]) -> String {
    pv.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Prints one `info` line per iteration, with speed measured on the caller's clock.
struct InfoLines<'a> {
    timer: &'a Deadline,
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

/// The thinking time without `--level` or `--movetime`: level 8, for a second.
const DEFAULT_MOVETIME_MS: u64 = 1000;

pub fn run(args: &Args) -> anyhow::Result<()> {
    let pos = position_arg(args.position)?;
    let mut settings = args.level.unwrap_or(Level::STRONGEST).settings();
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
        (None, None) => Some(DEFAULT_MOVETIME_MS),
        (None, Some(_)) => Some(settings.movetime_ms),
    };
    // The tables and the hash are made before the clock starts: a fresh process's start-up
    // is not the search's time.
    ai::warm_up();
    let mut memory = ai::Memory::new(settings.hash_mb);
    let timer = movetime.map_or_else(Deadline::unlimited, Deadline::new);
    let result = ai::search_remembering(
        &mut memory,
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
