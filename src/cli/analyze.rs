//! `jungle analyze`: every half-move of a game judged by the search, one line each
//! (`ply move score best tag`), then each player's accuracy and costliest move; `-o` also
//! writes the evaluation graph as a PNG.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context as _;

use crate::ai::analysis::{self, Analysis, Tag};
use crate::ai::{Limits, MAX_DEPTH, Score, Stop};
use crate::chat::analysis_graph;
use crate::engine::{BySide, Side};
use crate::lang::Lang;
use crate::render;

use super::position_arg;
use super::render_cmds::{parse_moves, write_output};
use crate::chat::bot::Deadline;

/// Thinking time per position when neither `--movetime` nor `--nodes` is given.
const DEFAULT_MOVETIME_MS: u64 = 100;

#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The moves, separated by commas, e.g. "G7 G6, A3 A4".
    #[arg(long)]
    pub moves: String,
    /// The position the game started from (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// Thinking time per position in milliseconds, 1 to 3600000 (default 100).
    #[arg(long, value_parser = super::movetime_ms())]
    pub movetime: Option<u64>,
    /// A node budget per position instead of a time: the same output on every run.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Write the evaluation graph to this PNG file (`-` for stdout, then no text is printed).
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
    /// The language of the graph's words: en, zh-CN or zh-TW.
    #[arg(long, default_value = "en", value_parser = super::render_cmds::parse_lang)]
    pub lang: Lang,
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let start = position_arg(args.position.as_deref())?;
    let moves = parse_moves(&args.moves)?;
    let limits = Limits {
        depth: MAX_DEPTH,
        nodes: args.nodes,
    };
    let movetime = match (args.movetime, args.nodes) {
        (Some(ms), _) => Some(ms),
        (None, Some(_)) => None,
        (None, None) => Some(DEFAULT_MOVETIME_MS),
    };
    let mut stop_for = || -> Box<dyn Stop> {
        match movetime {
            Some(ms) => Box::new(Deadline::new(ms)),
            None => Box::new(Deadline::unlimited()),
        }
    };
    let analysis = analysis::analyse(&start, &moves, limits, &mut stop_for, &mut |_, _| {})
        .context("invalid --moves")?;
    let to_stdout = args.output.as_deref() == Some(std::path::Path::new("-"));
    if let Some(path) = &args.output {
        write_output(
            path,
            &render::graph_png(&analysis_graph(&analysis, BySide::default(), args.lang)),
        )?;
    }
    if !to_stdout {
        let mut out = std::io::stdout().lock();
        for line in lines(&analysis) {
            // A closed stdout (e.g. piped into `head`) only ends the output.
            if writeln!(out, "{line}").is_err() {
                break;
            }
        }
    }
    Ok(())
}

/// The report: `ply move score best tag` per half-move, then a line per player.
pub fn lines(analysis: &Analysis) -> Vec<String> {
    let mut out: Vec<String> = analysis
        .plies
        .iter()
        .map(|p| {
            let tag = p.tag.map_or("", Tag::mark);
            format!(
                "{} {} {} {} {tag}",
                p.ply,
                p.played,
                eval(p.eval_after),
                p.best
            )
            .trim_end()
            .to_string()
        })
        .collect();
    for side in [Side::Jade, Side::Crimson] {
        let s = analysis.summary(side);
        let turning = match s.turning_point {
            Some(ply) => {
                let p = &analysis.plies[ply - 1];
                format!(
                    "costliest move {} at ply {ply}, {} was better",
                    p.played, p.best
                )
            }
            None => "no costly move".to_string(),
        };
        out.push(format!(
            "{side}: accuracy {:.0}%, ?! {}, ? {}, ?? {}, {turning}",
            s.accuracy, s.counts[0], s.counts[1], s.counts[2]
        ));
    }
    out
}

/// A score from Jade's point of view: `+120`, `-35`, `0`, `#+3` (Jade wins in 3), `#-2`.
pub fn eval(score: Score) -> String {
    match score {
        Score::Value(0) => "0".to_string(),
        Score::Value(v) => format!("{v:+}"),
        Score::WinIn(n) => format!("#+{n}"),
        Score::LossIn(n) => format!("#-{n}"),
    }
}
