//! The sprites, drawn the same way every time and made once: piece tiles and capture badges
//! (once per language: the animal's character is the reader's script and the small label is
//! words), the marks of a selected piece's destinations,
//! the dots of a leap's path and the player-bar chips. Laid over the squares by `cells` and over
//! the bars by `header`.

use std::sync::LazyLock;

use image::{Rgb, Rgba, RgbaImage};

use super::layout::{
    self, BADGE, BADGE_EM, CHIP, SQUARE, TILE_HANZI_EM, TILE_INSET, TILE_LABEL_EM,
};
use super::paint::{self, circle, fill, round_rect};
use super::theme::{self, Colour, mix};
use crate::lang::{Lang, piece_char, tile_label};
use engine::{Piece, Side};

/// The sprites; built on first use.
pub(crate) static ASSETS: LazyLock<Assets> = LazyLock::new(Assets::build);

pub(crate) struct Assets {
    /// A quiet destination (`SQUARE` wide).
    pub dot: RgbaImage,
    /// A capture destination: corner marks (`SQUARE` wide).
    pub corners: RgbaImage,
    /// A dot on a leap's path (`SQUARE` wide).
    pub path: RgbaImage,
    /// Small tiles standing for each side in the player bars.
    pub chips: [RgbaImage; 2],
}

impl Assets {
    fn build() -> Assets {
        Assets {
            dot: dot(),
            corners: corners(),
            path: path_dot(),
            chips: [chip(Side::Jade), chip(Side::Crimson)],
        }
    }
}

/// Piece tiles in one language, indexed by [`Piece::index`], then `weakened as usize`, and
/// the capture badges, by [`Piece::index`].
struct Tiles {
    tiles: Vec<[RgbaImage; 2]>,
    badges: Vec<RgbaImage>,
}

fn tiles(lang: Lang) -> Tiles {
    let pieces = || (0..Piece::COUNT).map(Piece::from_index);
    Tiles {
        tiles: pieces()
            .map(|p| [tile(p, false, lang), tile(p, true, lang)])
            .collect(),
        badges: pieces().map(|p| badge_sprite(p, lang)).collect(),
    }
}

/// Each language's tiles, built on its first use, in the order of `Lang::ALL`.
static TILES: [LazyLock<Tiles>; 3] = [
    LazyLock::new(|| tiles(Lang::En)),
    LazyLock::new(|| tiles(Lang::ZhCn)),
    LazyLock::new(|| tiles(Lang::ZhTw)),
];

/// The tile (`SQUARE` wide) of `p`, weakened on an enemy trap or not, labelled in `lang`; each
/// language's tiles are built on its first use.
pub(crate) fn piece_tile(p: Piece, weak: bool, lang: Lang) -> &'static RgbaImage {
    &TILES[lang as usize].tiles[p.index()][usize::from(weak)]
}

/// The small badge showing a captured piece, its character in `lang`'s script.
pub(crate) fn badge(p: Piece, lang: Lang) -> &'static RgbaImage {
    &TILES[lang as usize].badges[p.index()]
}

/// A square sprite being drawn: transparent to begin with, each shape painted within the
/// whole of it.
struct Sprite {
    img: RgbaImage,
    /// Its side in pixels.
    s: f32,
}

impl Sprite {
    fn new(size: u32) -> Sprite {
        Sprite {
            img: RgbaImage::from_pixel(size, size, Rgba([0, 0, 0, 0])),
            s: size as f32,
        }
    }

    /// The centre's coordinate, the same on both axes.
    fn mid(&self) -> f32 {
        self.s / 2.0
    }

    /// The whole sprite as a box.
    fn all(&self) -> [f32; 4] {
        [0.0, 0.0, self.s, self.s]
    }

    /// Paints the inside of `sdf` with `colour` at `alpha`, its edge softened over `soft` pixels.
    fn fill(&mut self, colour: Colour, alpha: f32, soft: f32, sdf: impl Fn(f32, f32) -> f32) {
        let all = self.all();
        fill(&mut self.img, all, colour, alpha, soft, sdf);
    }

    /// An opaque shape with a one-pixel soft edge.
    fn solid(&mut self, colour: Colour, sdf: impl Fn(f32, f32) -> f32) {
        self.fill(colour, 1.0, 1.0, sdf);
    }
}

/// Width of the dark outline around Jade's light tiles.
const OUTLINE: f32 = 2.5;

/// `c` as a sprite colour with opacity `alpha`.
const fn with_alpha(c: Colour, alpha: u8) -> Rgba<u8> {
    Rgba([c.0[0], c.0[1], c.0[2], alpha])
}

/// A piece: a raised tile with the animal's character large and its rank (with its name, in
/// English) small, in `lang`. Jade's is light, outlined and lettered in dark jade; Crimson's
/// is dark and lettered in white, so that the two differ without colour. On an enemy trap
/// (`weak`) it is washed out and its rank reads 0.
fn tile(p: Piece, weak: bool, lang: Lang) -> RgbaImage {
    let mut sp = Sprite::new(SQUARE);
    let face = theme::piece(p, weak);
    let edge = theme::piece_edge(p.side, weak);
    let ink = theme::ink(p.side);
    let i = TILE_INSET as f32;
    let s = sp.s;
    let r = layout::TILE_RADIUS;
    // Shadow, then the tile's thickness, then its face: inside an outline on Jade's light
    // tiles, with a light rim on Crimson's dark ones.
    sp.fill(
        theme::SHADOW,
        0.35,
        2.5,
        round_rect([i + 1.0, i + 3.0, s - i + 1.0, s - i + 2.0], r),
    );
    sp.solid(edge, round_rect([i, i, s - i, s - i], r));
    match p.side {
        Side::Jade => {
            let o = OUTLINE;
            sp.solid(
                face,
                round_rect([i + o, i + o, s - i - o, s - i - 4.0], r - o),
            );
        }
        Side::Crimson => {
            sp.solid(face, round_rect([i, i, s - i, s - i - 4.0], r));
            let rim = round_rect([i + 2.0, i + 2.0, s - i - 2.0, s - i - 6.0], r - 2.0);
            sp.fill(
                Rgb([255, 255, 255]),
                theme::PIECE_RIM_ALPHA,
                1.0,
                move |x, y| rim(x, y).abs() - 0.7,
            );
        }
    }
    let hanzi = piece_char(lang, p.animal).to_string();
    paint::text_centered(
        &mut sp.img,
        with_alpha(ink, 255),
        lang,
        s / 2.0,
        33.0,
        TILE_HANZI_EM,
        false,
        &hanzi,
    );
    let label = tile_label(lang, p.animal, weak);
    paint::text_centered(
        &mut sp.img,
        with_alpha(ink, 215),
        lang,
        s / 2.0,
        59.5,
        TILE_LABEL_EM,
        true,
        &label,
    );
    sp.img
}

/// The captured piece, small, drawn on the capturing move's destination: light in a dark ring
/// with a dark character for Jade, dark in a white ring with a white character for Crimson.
fn badge_sprite(p: Piece, lang: Lang) -> RgbaImage {
    let mut sp = Sprite::new(BADGE);
    let c = sp.mid();
    sp.fill(theme::SHADOW, 0.4, 2.0, circle(c, c + 1.0, 13.0));
    let ring = match p.side {
        Side::Jade => theme::JADE_DEEP,
        Side::Crimson => Rgb([255, 255, 255]),
    };
    sp.solid(ring, circle(c, c, 13.5));
    sp.solid(theme::side(p.side), circle(c, c, 11.0));
    let hanzi = piece_char(lang, p.animal).to_string();
    let ink = with_alpha(theme::ink(p.side), 255);
    paint::text_centered(&mut sp.img, ink, lang, c, c, BADGE_EM, false, &hanzi);
    sp.img
}

fn dot() -> RgbaImage {
    let mut sp = Sprite::new(SQUARE);
    let c = sp.mid();
    sp.fill(theme::MARK.0, theme::MARK.1, 1.0, circle(c, c, 12.0));
    sp.img
}

/// Four corner triangles: a capture destination, around the piece that would be taken.
fn corners() -> RgbaImage {
    let mut sp = Sprite::new(SQUARE);
    let s = sp.s;
    let leg = 20.0;
    sp.fill(theme::MARK.0, theme::MARK.1, 1.0, move |x, y| {
        // Distance inside the square from the nearest corner, measured along the diagonal.
        let dx = x.min(s - x) - 1.0;
        let dy = y.min(s - y) - 1.0;
        (dx + dy - leg) / std::f32::consts::SQRT_2
    });
    sp.img
}

fn path_dot() -> RgbaImage {
    let mut sp = Sprite::new(SQUARE);
    let c = sp.mid();
    sp.fill(Rgb([90, 70, 10]), 0.5, 1.0, circle(c, c, 7.5));
    sp.solid(theme::PATH_DOT, circle(c, c, 6.0));
    sp.img
}

/// A side's chip: a small tile like its pieces, light with a dark outline for Jade, dark with
/// a lighter rim for Crimson.
fn chip(side: Side) -> RgbaImage {
    let mut sp = Sprite::new(CHIP);
    let s = sp.s;
    let face = theme::side(side);
    let rim = match side {
        Side::Jade => theme::JADE_DEEP,
        Side::Crimson => mix(face, Rgb([255, 255, 255]), 0.5),
    };
    sp.solid(rim, round_rect(sp.all(), 5.0));
    sp.solid(face, round_rect([2.0, 2.0, s - 2.0, s - 2.0], 4.0));
    sp.img
}
