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
mod deflate;
mod fonts;
pub mod graph;
mod header;
mod huffman;
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
    encode_png(&board::zlib(&scene, &mut Strips::default()))
}

/// Wraps image data (palette indices, one byte a pixel, as a zlib stream) as an indexed-colour
/// PNG. The data is compressed by [`deflate`], which knows that a board repeats the row above
/// and the pixel before, band by band (see [`board::zlib`]). Measured on boards of an opening
/// (release build): zlib's level 2 took 0.81 ms for 33 KB a board, [`deflate`] on the whole
/// frame 0.45 ms for 38 KB.
fn encode_png(idat: &[u8]) -> Vec<u8> {
    // The signature, four chunks of 12 bytes around their data, and the data: one allocation.
    let mut out = Vec::with_capacity(8 + 4 * 12 + 13 + palette::BYTES.len() + idat.len());
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&layout::WIDTH.to_be_bytes());
    ihdr.extend_from_slice(&layout::HEIGHT.to_be_bytes());
    // 8 bits a pixel, colour type 3 (palette), deflate, adaptive filtering, no interlace.
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &palette::BYTES);
    chunk(&mut out, b"IDAT", idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Appends a PNG chunk: length, type, data, and the CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards along a game (highlights, a selection, both ways up) decode, with an independent
    /// PNG decoder, to exactly the frame they were made of; made again, from bands kept, they
    /// are the same bytes.
    #[test]
    fn board_pngs_decode_to_their_frames() {
        let mut first = Vec::new();
        for pass in 0..2 {
            let pngs = boards_of_a_game();
            if pass == 0 {
                first = pngs;
            } else {
                assert!(first == pngs, "boards made again differ");
            }
        }
    }

    fn boards_of_a_game() -> Vec<Vec<u8>> {
        let mut pngs = Vec::new();
        let mut pos = Position::start();
        for i in 0..12usize {
            let legal = pos.legal_moves();
            let mv = legal[i * 7 % legal.len()];
            let last = LastMove::new(&pos, mv);
            pos.play(mv).expect("a legal move");
            let opts = BoardOptions {
                flip: i % 2 == 1,
                last_move: Some(last),
                selected: (i % 3 == 0).then(|| pos.legal_moves()[0].from),
                ..BoardOptions::default()
            };
            let png = board_png(&pos, &opts);

            let lang = Lang::default();
            let status = tr!(
                lang,
                "image-to-move",
                number = pos.fullmove_number(),
                side = side_name(lang, pos.turn())
            );
            let scene = Scene {
                pos: &pos,
                flip: opts.flip,
                last: opts.last_move,
                selected: opts.selected,
                names: &opts.names,
                clocks: &opts.clocks,
                status: (status, theme::FRAME_TEXT),
                pills: pills(lang, pos.turn(), None, true),
                lang,
            };
            let mut frame = Vec::new();
            board::draw(&scene, &mut Strips::default(), &mut frame);

            let mut reader = png::Decoder::new(std::io::Cursor::new(&png[..]))
                .read_info()
                .expect("a PNG header");
            let info = reader.info();
            assert_eq!((info.width, info.height), (layout::WIDTH, layout::HEIGHT));
            assert_eq!(info.color_type, png::ColorType::Indexed);
            assert_eq!(info.palette.as_deref(), Some(&palette::BYTES[..]));
            let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
            reader.next_frame(&mut pixels).expect("the image data");
            assert!(pixels == frame, "board {i} decodes to other pixels");
            pngs.push(png);
        }
        pngs
    }
}
