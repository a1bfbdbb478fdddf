//! Board images: a position as a PNG ([`board_png`]) and a whole game as an animated GIF
//! ([`replay_gif`]). Pure functions of their input; the font and the fixed artwork are made once
//! on first use, and drawing a validated position cannot fail.
//!
//! ```
//! use engine::{Move, Position};
//! use jungle_render::{self as render, BoardOptions, LastMove};
//!
//! let mut pos = Position::start();
//! let mv: Move = "G7 G6".parse().unwrap();
//! let last = LastMove::new(&pos, mv);
//! pos.play(mv).unwrap();
//! let opts = BoardOptions { last_move: Some(last), ..BoardOptions::default() };
//! let png: Vec<u8> = render::board_png(&pos, &opts);
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

mod assets;
mod backdrop;
mod board;
mod cells;
mod fonts;
pub mod graph;
mod header;
pub mod lang;
pub mod layout;
mod lzw;
mod paint;
mod palette;
pub mod rating_graph;
mod replay;
mod scene;
pub mod standings;
pub mod theme;

use crate::lang::{Lang, side_name, tr};
use board::Strips;
use engine::{BySide, Outcome, Position, Square};
use scene::{Scene, pills, result_text};

pub use fonts::{missing_bundled, missing_glyphs};
pub use graph::{Graph, GraphMark, graph_png};
pub use rating_graph::{RatingGraph, rating_graph_png};
pub use replay::{ReplayError, ReplayOptions, replay_gif};
pub use scene::LastMove;

/// What a board image shows besides the pieces. The default is Jade at the bottom, no
/// highlights, the side names as player names, and a status line worked out from the position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardOptions {
    /// Turn the board half round so that Crimson sits at the bottom (for the Crimson player).
    /// The coordinate labels follow their squares.
    pub flip: bool,
    /// The move that led to this position: from and to highlighted, a leap's path marked,
    /// a capture shown.
    pub last_move: Option<LastMove>,
    /// A square to highlight; if it holds a piece of the side to move, each legal destination
    /// is marked, leap landings included: a dot for a quiet move, corner marks for a capture.
    pub selected: Option<Square>,
    /// Player names, shown in the bar beside each side; `None` (or blank) shows "Jade" / "Crimson".
    /// Any script: a character the bundled fonts lack comes from the system's fonts, else it is
    /// drawn as a box (see [`missing_glyphs`]); long names are shortened.
    pub names: BySide<Option<String>>,
    /// Each side's clock as text (`4:05`), shown at the right of its bar; `None` shows none.
    pub clocks: BySide<Option<String>>,
    /// How the game ended when the position cannot tell (resignation, timeout, agreed draw).
    /// Endings on the board (den, all captured, no moves, 100 half-moves) are found without it.
    pub outcome: Option<Outcome>,
    /// Replaces the status line, which otherwise reads "Move 12 – Jade to move" or the result.
    pub status: Option<String>,
    /// The language of the status line, the pills and the side names, and the script of the
    /// pieces' characters (Traditional for zh-TW).
    pub lang: Lang,
}

/// Builds the font, the artwork and the palette lookup now instead of with the first image; a
/// bot can call it at start-up. Later calls do nothing.
pub fn prepare() {
    board::prepare();
}

/// Draws the position and encodes it as a PNG of [`layout::WIDTH`] x [`layout::HEIGHT`] pixels.
pub fn board_png(pos: &Position, opts: &BoardOptions) -> Vec<u8> {
    let outcome = opts.outcome.or_else(|| pos.outcome());
    let status = match (&opts.status, outcome) {
        (Some(s), _) => (s.clone(), theme::FRAME_TEXT),
        (None, Some(o)) => (result_text(opts.lang, o), theme::RESULT_TEXT),
        (None, None) => (
            tr!(
                opts.lang,
                "image-to-move",
                number = pos.fullmove_number(),
                side = side_name(opts.lang, pos.turn())
            ),
            theme::FRAME_TEXT,
        ),
    };
    let scene = Scene {
        pos,
        flip: opts.flip,
        last: opts.last_move,
        selected: opts.selected,
        names: &opts.names,
        clocks: &opts.clocks,
        status,
        pills: pills(opts.lang, pos.turn(), outcome, true),
        lang: opts.lang,
    };
    let mut frame = Vec::with_capacity(board::FRAME_LEN);
    board::draw(&scene, &mut Strips::default(), &mut frame);
    encode_png(&frame)
}

/// Encodes a frame of palette indices as an indexed-colour PNG: one byte a pixel keeps the file
/// small and the encoding quick.
fn encode_png(frame: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(48 * 1024);
    let mut enc = png::Encoder::new(&mut out, layout::WIDTH, layout::HEIGHT);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(&palette::BYTES[..]);
    // Measured on the start position: zlib level 2 without row filters gives ~33 KB in ~1 ms;
    // fdeflate's fast mode gives 50+ KB, higher levels save a few KB for twice the time.
    enc.set_deflate_compression(png::DeflateCompression::Level(2));
    enc.set_filter(png::Filter::NoFilter);
    // A correctly sized indexed image written into memory has no failure path.
    let mut w = enc.write_header().expect("PNG header into memory");
    w.write_image_data(frame).expect("PNG data into memory");
    w.finish().expect("PNG end into memory");
    out
}
