//! Animated GIF replays: one frame per half-move on a fixed palette, each frame after the first
//! holding only the rectangle that changed, with unchanged pixels left transparent.

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use std::borrow::Cow;
use thiserror::Error;

use super::board::{self, FRAME_LEN, Strips};
use super::layout::{HEIGHT, WIDTH};
use super::lzw::Lzw;
use super::palette::{self, TRANSPARENT};
use super::scene::{LastMove, Scene, pills, result_text};
use super::theme;
use crate::lang::{Lang, tr};
use engine::{BySide, IllegalMove, Move, Outcome, Position};

/// How a replay looks and moves. The default is Jade at the bottom, 0.8 s per half-move and
/// the final position held for 3 s.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayOptions {
    /// Crimson at the bottom.
    pub flip: bool,
    /// Player names, as in [`super::BoardOptions::names`].
    pub names: BySide<Option<String>>,
    /// How the game ended when the final position cannot tell (resignation, timeout, agreement).
    pub outcome: Option<Outcome>,
    /// How long each position shows, in milliseconds (GIF counts in 10 ms steps).
    pub frame_ms: u32,
    /// How long the final position shows.
    pub final_ms: u32,
    /// The language of the status line, the pills and the side names.
    pub lang: Lang,
}

impl Default for ReplayOptions {
    fn default() -> ReplayOptions {
        ReplayOptions {
            flip: false,
            names: BySide::default(),
            outcome: None,
            frame_ms: 800,
            final_ms: 3000,
            lang: Lang::En,
        }
    }
}

/// Why a replay could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// `moves[index]` is not legal in the position it is played in.
    #[error("move {} ({mv}) is illegal: {reason}", .index + 1)]
    IllegalMove {
        /// Index into the move list, from 0.
        index: usize,
        mv: Move,
        reason: IllegalMove,
    },
}

/// Plays `moves` from `start` and draws every position as one frame of a looping GIF: the start,
/// then each half-move with its squares highlighted, the last held longer. The moves are all
/// checked before any drawing; the first illegal one is the error.
pub fn replay_gif(
    start: &Position,
    moves: &[Move],
    opts: &ReplayOptions,
) -> Result<Vec<u8>, ReplayError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut lasts = Vec::with_capacity(moves.len());
    let mut pos = *start;
    positions.push(pos);
    for (index, &mv) in moves.iter().enumerate() {
        let last = LastMove::new(&pos, mv);
        pos.play(mv)
            .map_err(|reason| ReplayError::IllegalMove { index, mv, reason })?;
        positions.push(pos);
        lasts.push(last);
    }
    Ok(encode(&positions, &lasts, opts))
}

fn encode(positions: &[Position], lasts: &[LastMove], opts: &ReplayOptions) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    // The encoder writes into memory and every frame lies inside the image with indices into
    // its palette: there is no failure path, so the `expect`s below cannot fire.
    let mut enc = Encoder::new(&mut out, WIDTH as u16, HEIGHT as u16, &palette::BYTES)
        .expect("GIF header into memory");
    enc.set_repeat(Repeat::Infinite)
        .expect("GIF loop extension");
    let mut strips = Strips::default();
    let mut prev = Vec::with_capacity(FRAME_LEN);
    let mut cur = Vec::with_capacity(FRAME_LEN);
    let mut buf = Vec::new();
    let mut lzw = Lzw::new();
    let mut packed = Vec::new();
    let n = positions.len();
    let start = &positions[0];
    for (k, pos) in positions.iter().enumerate() {
        let last = k.checked_sub(1).map(|i| lasts[i]);
        let final_frame = k + 1 == n;
        let outcome = if final_frame {
            opts.outcome.or_else(|| pos.outcome())
        } else {
            None
        };
        // The status line stays the same until the end: a line that changed every frame would
        // stretch every frame's changed rectangle to the top of the image.
        let status = match outcome {
            Some(o) => (result_text(opts.lang, o), theme::RESULT_TEXT),
            None => (replay_title(opts.lang, start, n - 1), theme::FRAME_TEXT),
        };
        let scene = Scene {
            pos,
            flip: opts.flip,
            last,
            selected: None,
            names: &opts.names,
            clocks: &BySide::default(),
            status,
            pills: pills(opts.lang, pos.turn(), outcome, false),
            lang: opts.lang,
        };
        board::draw(&scene, &mut strips, &mut cur);
        let ms = if final_frame {
            opts.final_ms
        } else {
            opts.frame_ms
        };
        let delay = (ms / 10).min(u16::MAX as u32) as u16;
        let mut frame = if k == 0 {
            Frame {
                delay,
                width: WIDTH as u16,
                height: HEIGHT as u16,
                buffer: Cow::Borrowed(&cur),
                ..Frame::default()
            }
        } else {
            delta_frame(&prev, &cur, &mut buf, delay)
        };
        packed.clear();
        lzw.encode(&frame.buffer, &mut packed);
        frame.buffer = Cow::Borrowed(&packed);
        enc.write_lzw_pre_encoded_frame(&frame)
            .expect("GIF frame into memory");
        std::mem::swap(&mut prev, &mut cur);
    }
    drop(enc);
    out
}

/// "Replay – 40 half-moves from move 1": the status line while the game plays.
fn replay_title(lang: Lang, start: &Position, half_moves: usize) -> String {
    tr!(
        lang,
        "replay-title",
        count = half_moves,
        number = start.fullmove_number()
    )
}

/// The smallest rectangle holding every changed pixel, with the unchanged ones in it transparent.
fn delta_frame<'a>(prev: &[u8], cur: &[u8], buf: &'a mut Vec<u8>, delay: u16) -> Frame<'a> {
    let w = WIDTH as usize;
    let (mut x0, mut x1, mut y0, mut y1) = (w, 0, usize::MAX, 0);
    for (y, (a, b)) in prev.chunks_exact(w).zip(cur.chunks_exact(w)).enumerate() {
        if a == b {
            continue;
        }
        y0 = y0.min(y);
        y1 = y;
        // Rows differ, so both searches find a pixel.
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(w - 1);
        x0 = x0.min(first);
        x1 = x1.max(last);
    }
    buf.clear();
    let (left, top, width, height) = if y0 == usize::MAX {
        // Nothing changed: one transparent pixel keeps the frame's time.
        buf.push(TRANSPARENT);
        (0, 0, 1, 1)
    } else {
        for y in y0..=y1 {
            let row = y * w;
            let (a, b) = (&prev[row + x0..=row + x1], &cur[row + x0..=row + x1]);
            buf.extend(
                a.iter()
                    .zip(b)
                    .map(|(&p, &q)| if p == q { TRANSPARENT } else { q }),
            );
        }
        (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    };
    Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        left: left as u16,
        top: top as u16,
        width: width as u16,
        height: height as u16,
        buffer: Cow::Borrowed(buf),
        ..Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delta_frame_is_the_changed_rectangle_with_the_rest_transparent() {
        let w = WIDTH as usize;
        let prev = vec![3u8; FRAME_LEN];
        let mut cur = prev.clone();
        cur[10 * w + 20] = 7;
        cur[12 * w + 25] = 8;
        let mut buf = Vec::new();
        let f = delta_frame(&prev, &cur, &mut buf, 80);
        assert_eq!((f.left, f.top, f.width, f.height), (20, 10, 6, 3));
        assert_eq!(f.transparent, Some(TRANSPARENT));
        assert_eq!(f.buffer[0], 7);
        assert_eq!(f.buffer[2 * 6 + 5], 8);
        assert_eq!(f.buffer.iter().filter(|&&b| b == TRANSPARENT).count(), 16);
        let same = delta_frame(&prev, &prev, &mut buf, 80);
        assert_eq!((same.width, same.height, same.delay), (1, 1, 80));
    }

    #[test]
    fn the_title_counts_half_moves() {
        let start = Position::start();
        assert_eq!(
            replay_title(Lang::En, &start, 1),
            "Replay – 1 half-move from move 1"
        );
        assert_eq!(
            replay_title(Lang::En, &start, 40),
            "Replay – 40 half-moves from move 1"
        );
    }
}
