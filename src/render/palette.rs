//! The fixed 255-colour palette shared by replay GIFs and board PNGs: the theme's flat colours
//! exactly, then the colours sample boards use most (anti-aliased edges), with a lookup table
//! from 15-bit colour to palette index.

use std::collections::HashMap;
use std::sync::LazyLock;

use image::RgbImage;

use super::{assets, cells, header, theme};
use crate::engine::Side;

/// The index left out of the palette, for transparent GIF pixels.
pub(crate) const TRANSPARENT: u8 = 255;

/// The fixed palette of every replay: the theme's flat colours exactly, then the colours most
/// used by sample boards (the anti-aliased edges), with a lookup from 15-bit colour to index.
pub(crate) struct Palette {
    /// `r g b` triples, 256 entries (the last is the transparent one).
    pub bytes: Vec<u8>,
    lut: Box<[u8]>,
}

pub(crate) static PALETTE: LazyLock<Palette> = LazyLock::new(Palette::build);

const fn key(c: [u8; 3]) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

impl Palette {
    #[inline]
    pub(crate) fn index(&self, c: [u8; 3]) -> u8 {
        self.lut[key(c)]
    }

    /// The image as palette indices, one byte a pixel.
    pub(crate) fn indices(&self, img: &RgbImage) -> Vec<u8> {
        img.pixels().map(|p| self.index(p.0)).collect()
    }

    fn build() -> Palette {
        let mut colours: Vec<[u8; 3]> = Vec::with_capacity(256);
        let push = |colours: &mut Vec<[u8; 3]>, c: [u8; 3]| {
            if colours.len() < TRANSPARENT as usize && !colours.contains(&c) {
                colours.push(c);
            }
        };
        let flat = flat_colours();
        for &c in &flat {
            push(&mut colours, c);
        }
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for img in samples() {
            for p in img.pixels() {
                *counts.entry(p.0).or_default() += 1;
            }
        }
        let mut by_use: Vec<_> = counts.into_iter().collect();
        by_use.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (c, _) in by_use {
            push(&mut colours, c);
        }
        let mut lut = vec![0u8; 1 << 15].into_boxed_slice();
        for (k, slot) in lut.iter_mut().enumerate() {
            let centre = [
                ((k >> 10) as u8) << 3 | 4,
                (((k >> 5) & 31) as u8) << 3 | 4,
                ((k & 31) as u8) << 3 | 4,
            ];
            *slot = nearest(&colours, centre);
        }
        // The flat colours map to themselves exactly; the first listed wins a shared cell.
        for (i, c) in colours.iter().enumerate().take(flat.len()).rev() {
            lut[key(*c)] = i as u8;
        }
        let mut bytes: Vec<u8> = colours.iter().flatten().copied().collect();
        bytes.resize(256 * 3, 0);
        Palette { bytes, lut }
    }
}

fn nearest(colours: &[[u8; 3]], c: [u8; 3]) -> u8 {
    let dist = |p: &[u8; 3]| {
        let d = |i: usize| (p[i] as i32 - c[i] as i32).pow(2);
        // Weighted roughly by how much the eye cares about each channel.
        2 * d(0) + 4 * d(1) + 3 * d(2)
    };
    let best = colours
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| dist(p))
        .map_or(0, |(i, _)| i);
    best as u8
}

/// Colours that fill whole areas and must come out exactly.
fn flat_colours() -> Vec<[u8; 3]> {
    let mut v = vec![
        theme::FRAME,
        theme::BAR,
        theme::GRID,
        theme::JADE,
        theme::CRIMSON,
        theme::weakened(Side::Jade),
        theme::weakened(Side::Crimson),
        theme::den_inner(Side::Jade),
        theme::den_inner(Side::Crimson),
        theme::PIECE_TEXT,
        theme::FRAME_TEXT,
        theme::RESULT_TEXT,
        theme::WINNER,
        theme::DRAW,
    ];
    v.extend(cells::flat_colours());
    v.into_iter().map(|c| c.0).collect()
}

/// Everything drawn in colour before it becomes indices, to learn the edge colours from.
fn samples() -> Vec<RgbImage> {
    let mut v = vec![assets::board(false)];
    v.extend(cells::samples());
    v.extend(header::samples());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_colours_come_out_exactly() {
        let pal = &*PALETTE;
        for c in flat_colours() {
            let i = pal.index(c) as usize;
            assert_eq!(&pal.bytes[i * 3..i * 3 + 3], &c, "{c:?}");
        }
        assert_eq!(pal.bytes.len(), 768);
    }
}
