//! `jungle render` (a position as PNG) and `jungle replay` (a game as animated GIF).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use clap::Args;

use crate::engine::{BySide, Move, Square};
use crate::lang::Lang;
use crate::render::{self, BoardOptions, LastMove, ReplayOptions};

use super::position_arg;

/// How both commands draw the board: its orientation and the players' names.
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// Draw Crimson at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Name shown for the Jade player.
    #[arg(long)]
    pub jade: Option<String>,
    /// Name shown for the Crimson player.
    #[arg(long)]
    pub crimson: Option<String>,
    /// The language of the image's words: en, zh-CN or zh-TW.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
}

/// `--lang`: a language the bot speaks.
pub(super) fn parse_lang(text: &str) -> Result<Lang, String> {
    Lang::from_locale(text).ok_or_else(|| format!("'{text}' is not one of en, zh-CN, zh-TW"))
}

impl ViewArgs {
    fn names(&self) -> BySide<Option<String>> {
        BySide::new(self.jade.clone(), self.crimson.clone())
    }
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The position to draw (a position string); the start position if left out.
    #[arg(long)]
    pub position: Option<String>,
    /// Play this move on the position first and highlight it as the last move, e.g. "G7 G6".
    #[arg(long)]
    pub last: Option<String>,
    /// Highlight this square and mark its piece's legal destinations, e.g. G7.
    #[arg(long)]
    pub select: Option<String>,
    #[command(flatten)]
    pub view: ViewArgs,
    /// Where to write the PNG; `-` for standard output.
    #[arg(short, long)]
    pub output: PathBuf,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The moves, separated by commas, e.g. "G7 G6, A3 A4".
    #[arg(long)]
    pub moves: String,
    /// The position the game started from; the start position if left out.
    #[arg(long)]
    pub position: Option<String>,
    #[command(flatten)]
    pub view: ViewArgs,
    /// Milliseconds per half-move, 0 to 655350 (a GIF counts hundredths of a second, in
    /// 16 bits).
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u32).range(0..=super::MAX_FRAME_DELAY_MS))]
    pub delay: u32,
    /// Where to write the GIF; `-` for standard output.
    #[arg(short, long)]
    pub output: PathBuf,
}

pub fn render(args: &RenderArgs) -> anyhow::Result<()> {
    let mut pos = position_arg(args.position.as_deref())?;
    let mut opts = BoardOptions {
        flip: args.view.flip,
        names: args.view.names(),
        lang: args.view.lang,
        ..BoardOptions::default()
    };
    if let Some(text) = &args.last {
        let mv: Move = text.parse().map_err(|e| anyhow!("invalid --last: {e}"))?;
        let last = LastMove::new(&pos, mv);
        pos.play(mv)
            .map_err(|e| anyhow!("invalid --last: {mv} is illegal: {e}"))?;
        opts.last_move = Some(last);
    }
    if let Some(text) = &args.select {
        let sq: Square = text.parse().map_err(|e| anyhow!("invalid --select: {e}"))?;
        opts.selected = Some(sq);
    }
    write_output(&args.output, &render::board_png(&pos, &opts))
}

pub fn replay(args: &ReplayArgs) -> anyhow::Result<()> {
    let start = position_arg(args.position.as_deref())?;
    let moves = parse_moves(&args.moves)?;
    let opts = ReplayOptions {
        flip: args.view.flip,
        names: args.view.names(),
        frame_ms: args.delay,
        lang: args.view.lang,
        ..ReplayOptions::default()
    };
    let gif = render::replay_gif(&start, &moves, &opts).context("invalid --moves")?;
    write_output(&args.output, &gif)
}

/// Moves separated by commas (or semicolons, or new lines); empty items are skipped.
pub(super) fn parse_moves(text: &str) -> anyhow::Result<Vec<Move>> {
    text.split([',', ';', '\n'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| {
            t.parse()
                .map_err(|e| anyhow!("invalid --moves: move {}: {e}", i + 1))
        })
        .collect()
}

pub(super) fn write_output(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        out.flush()?;
        return Ok(());
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_split_on_commas() {
        let m = parse_moves("G7 G6, a3a4,\n").unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(m[1].to_string(), "A3 A4");
        let err = parse_moves("G7 G6, xx").unwrap_err().to_string();
        assert!(err.contains("move 2") && err.contains("'xx'"), "{err}");
    }
}
