//! Squares as cells: the inside of one square (everything but the grid lines) is a pure function
//! of a small key — terrain, tint, piece, marks — drawn here in colour, so that `board` can turn
//! each distinct cell into palette indices once and copy it into every later frame that needs it.

use std::f32::consts::TAU;

use image::RgbImage;

use super::assets::{ASSETS, piece_tile};
use super::layout::{BADGE, DEN_EM, SQUARE};
use super::paint::{self, circle, fill, segment};
use super::theme::{self, Colour, mix};
use crate::lang::Lang;
use engine::terrain::{den_owner, is_water, trap_owner};
use engine::{Piece, Side, Square};

/// Side of a cell: a square less the two grid-line pixels it shares with its neighbours.
pub(crate) const CELL: u32 = SQUARE - 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Terrain {
    Land,
    Water,
    Trap,
    Den(Side),
}

impl Terrain {
    pub fn of(sq: Square) -> Terrain {
        if is_water(sq) {
            Terrain::Water
        } else if let Some(owner) = den_owner(sq) {
            Terrain::Den(owner)
        } else if trap_owner(sq).is_some() {
            Terrain::Trap
        } else {
            Terrain::Land
        }
    }

    /// The colour that fills the square (where [`super::layout::corner_probe`] looks).
    pub fn colour(self) -> Colour {
        match self {
            Terrain::Land => theme::LAND,
            Terrain::Water => theme::WATER,
            Terrain::Trap => theme::TRAP,
            Terrain::Den(_) => theme::DEN,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Tint {
    LastMove,
    Capture,
    Selected,
}

impl Tint {
    fn colour(self) -> (Colour, f32) {
        match self {
            Tint::LastMove => theme::LAST_MOVE,
            Tint::Capture => theme::CAPTURE,
            Tint::Selected => theme::SELECTED,
        }
    }
}

/// A destination of the selected piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mark {
    Quiet,
    Capture,
}

/// Everything that decides how one square looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CellKey {
    pub terrain: Terrain,
    pub tint: Option<Tint>,
    /// A dot on a leap's path.
    pub path: bool,
    /// The piece standing here, whether it is weakened (on an enemy trap), and the language of
    /// its tile's label.
    pub piece: Option<(Piece, bool, Lang)>,
    /// The piece the last move captured here.
    pub badge: Option<(Piece, Lang)>,
    pub mark: Option<Mark>,
}

impl CellKey {
    pub fn plain(terrain: Terrain) -> CellKey {
        CellKey {
            terrain,
            tint: None,
            path: false,
            piece: None,
            badge: None,
            mark: None,
        }
    }
}

/// Draws a whole square (`SQUARE` wide, grid-line pixels included) in full colour.
pub(crate) fn square_rgb(key: &CellKey) -> RgbImage {
    let a = &*ASSETS;
    let mut img = RgbImage::from_pixel(SQUARE, SQUARE, key.terrain.colour());
    terrain_emblem(&mut img, key.terrain);
    if let Some(t) = key.tint {
        paint::tint_rect(&mut img, 0, 0, SQUARE, SQUARE, t.colour());
    }
    if key.path {
        paint::blit(&mut img, &a.path, 0, 0);
    }
    if let Some((p, weak, lang)) = key.piece {
        paint::blit(&mut img, piece_tile(p, weak, lang), 0, 0);
    }
    if let Some((v, lang)) = key.badge {
        paint::blit(
            &mut img,
            super::assets::badge(v, lang),
            SQUARE - 1 - BADGE,
            1,
        );
    }
    match key.mark {
        Some(Mark::Quiet) => paint::blit(&mut img, &a.dot, 0, 0),
        Some(Mark::Capture) => paint::blit(&mut img, &a.corners, 0, 0),
        None => {}
    }
    img
}

/// The drawing in the middle of a water, trap or den square.
fn terrain_emblem(img: &mut RgbImage, terrain: Terrain) {
    let c = SQUARE as f32 / 2.0;
    let inner = [c - 30.0, c - 30.0, c + 30.0, c + 30.0];
    match terrain {
        Terrain::Land => {}
        Terrain::Water => {
            for (dy, dx) in [(-16.0, -8.0), (0.0, 6.0), (16.0, -4.0)] {
                wave(img, c + dx, c + dy);
            }
        }
        Terrain::Den(owner) => {
            let ring = circle(c, c, 25.0);
            fill(
                img,
                inner,
                theme::den_inner(owner),
                1.0,
                1.0,
                circle(c, c, 25.0),
            );
            let rim = mix(theme::LAND, theme::DEN, 0.2);
            fill(img, inner, rim, 1.0, 1.0, move |x, y| {
                ring(x, y).abs() - 1.5
            });
            paint::text_centered(img, theme::LAND, Lang::En, c, c, DEN_EM, false, "穴");
        }
        Terrain::Trap => {
            // A round net: a ring with a diagonal mesh inside.
            let m = theme::TRAP_MARK;
            let ring = move |x: f32, y: f32| (x - c).hypot(y - c) - 23.0;
            fill(img, inner, m, 1.0, 1.0, move |x, y| ring(x, y).abs() - 1.8);
            let mesh = move |x: f32, y: f32| {
                let (u, v) = (
                    (x - c + y - c) / 2f32.sqrt(),
                    (x - c - (y - c)) / 2f32.sqrt(),
                );
                let line = |t: f32| ((t / 9.0).round() * 9.0 - t).abs() - 1.0;
                line(u).min(line(v)).max(ring(x, y) + 1.0)
            };
            fill(img, inner, m, 0.85, 1.0, mesh);
        }
    }
}

/// One wave stroke: a short sine, as a chain of round-ended segments.
fn wave(img: &mut RgbImage, cx: f32, cy: f32) {
    let pts: Vec<(f32, f32)> = (0..=12)
        .map(|i| {
            let t = i as f32 / 12.0;
            (cx - 14.0 + 28.0 * t, cy + 3.0 * (t * TAU).sin())
        })
        .collect();
    let b = [cx - 16.0, cy - 6.0, cx + 16.0, cy + 6.0];
    for w in pts.windows(2) {
        fill(img, b, theme::WAVE, 1.0, 1.0, segment(w[0], w[1], 1.4));
    }
}

/// The inside of a square (`CELL` wide) from a full-square drawing.
pub(crate) fn interior(square: &RgbImage) -> RgbImage {
    image::imageops::crop_imm(square, 1, 1, CELL, CELL).to_image()
}

/// A few colours every kind of cell shows, for choosing the palette.
#[cfg(test)]
pub(crate) fn samples() -> Vec<RgbImage> {
    let mut keys = Vec::new();
    let terrains = [
        Terrain::Land,
        Terrain::Water,
        Terrain::Trap,
        Terrain::Den(Side::Jade),
        Terrain::Den(Side::Crimson),
    ];
    for t in terrains {
        keys.push(CellKey::plain(t));
        for tint in [Tint::LastMove, Tint::Capture, Tint::Selected] {
            keys.push(CellKey {
                tint: Some(tint),
                ..CellKey::plain(t)
            });
        }
        for mark in [Mark::Quiet, Mark::Capture] {
            keys.push(CellKey {
                mark: Some(mark),
                ..CellKey::plain(t)
            });
        }
    }
    keys.push(CellKey {
        tint: Some(Tint::LastMove),
        path: true,
        ..CellKey::plain(Terrain::Water)
    });
    for side in Side::ALL {
        for a in engine::Animal::ALL {
            let p = Piece::new(side, a);
            // English labels: the palette was learnt from them, and the others use the same inks.
            for weak in [false, true] {
                keys.push(CellKey {
                    piece: Some((p, weak, Lang::En)),
                    ..CellKey::plain(if weak { Terrain::Trap } else { Terrain::Land })
                });
            }
            keys.push(CellKey {
                tint: Some(Tint::Capture),
                piece: Some((Piece::new(side.other(), a), false, Lang::En)),
                badge: Some((p, Lang::En)),
                ..CellKey::plain(Terrain::Land)
            });
        }
    }
    keys.iter().map(|k| interior(&square_rgb(k))).collect()
}

/// Colours that must come out exactly, for the pixel tests and flat areas.
#[cfg(test)]
pub(crate) fn flat_colours() -> Vec<Colour> {
    let terrains = [
        Terrain::Land,
        Terrain::Water,
        Terrain::Trap,
        Terrain::Den(Side::Jade),
    ];
    let mut v = Vec::new();
    for t in terrains {
        let base = t.colour();
        v.push(base);
        for tint in [Tint::LastMove, Tint::Capture, Tint::Selected] {
            v.push(theme::tinted(base, tint.colour()));
        }
        v.push(theme::tinted(base, theme::MARK));
    }
    v.push(image::Rgb([255, 255, 255]));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Animal;
    use image::Rgb;

    fn tile(animal: Animal, lang: Lang) -> RgbImage {
        square_rgb(&CellKey {
            piece: Some((Piece::new(Side::Jade, animal), false, lang)),
            ..CellKey::plain(Terrain::Land)
        })
    }

    /// The pixels of rows `from..to`.
    fn rows(img: &RgbImage, from: u32, to: u32) -> Vec<u8> {
        (from..to)
            .flat_map(|y| (0..SQUARE).flat_map(move |x| img.get_pixel(x, y).0))
            .collect()
    }

    #[test]
    fn a_tile_is_labelled_in_the_language_of_its_picture() {
        let (en, cn) = (
            tile(Animal::Elephant, Lang::En),
            tile(Animal::Elephant, Lang::ZhCn),
        );
        // The character (centred at y = 33) is the same; the label under it (y = 59.5) is not.
        assert_eq!(rows(&en, 0, 45), rows(&cn, 0, 45));
        assert_ne!(
            rows(&en, 50, 70),
            rows(&cn, 50, 70),
            "8 elephant against 八"
        );
    }

    #[test]
    fn traditional_readers_see_traditional_characters_in_taiwan_shapes() {
        // 獅 and 貓 instead of 狮 and 猫.
        for a in [Animal::Lion, Animal::Cat] {
            let (cn, tw) = (tile(a, Lang::ZhCn), tile(a, Lang::ZhTw));
            assert_ne!(rows(&cn, 0, 45), rows(&tw, 0, 45), "{a}");
        }
        // 象 is one character in both scripts, drawn in Taiwan's shape for zh-TW.
        let (cn, tw) = (
            tile(Animal::Elephant, Lang::ZhCn),
            tile(Animal::Elephant, Lang::ZhTw),
        );
        assert_ne!(rows(&cn, 0, 45), rows(&tw, 0, 45));
        // The tile draws the character the language names, and no other: drawn on its own in
        // the same place, 獅 gives the zh-TW lion's pixels, 狮 does not.
        let glyph_tile = |c: char| {
            let mut img = RgbImage::from_pixel(SQUARE, SQUARE, theme::LAND);
            paint::text_centered(
                &mut img,
                Rgb([0, 0, 0]),
                Lang::ZhTw,
                SQUARE as f32 / 2.0,
                33.0,
                super::super::layout::TILE_HANZI_EM,
                false,
                &c.to_string(),
            );
            img
        };
        let dark = |img: &RgbImage| -> Vec<bool> {
            (0..45)
                .flat_map(|y| (0..SQUARE).map(move |x| (x, y)))
                .map(|(x, y)| {
                    img.get_pixel(x, y)
                        .0
                        .iter()
                        .map(|&v| u32::from(v))
                        .sum::<u32>()
                        < 200
                })
                .collect()
        };
        let lion = dark(&tile(Animal::Lion, Lang::ZhTw));
        let same = |a: &[bool], b: &[bool]| a.iter().zip(b).filter(|(x, y)| x == y).count();
        let trad = same(&lion, &dark(&glyph_tile('獅')));
        let simp = same(&lion, &dark(&glyph_tile('狮')));
        assert!(trad > simp, "獅 {trad} against 狮 {simp}");
    }
}
