//! The empty board of each orientation, drawn in colour: the frame, the player bars' ground,
//! every square's terrain, the grid and the coordinates. Every image starts from it.

use image::{Rgb, RgbImage};

use super::cells::{self, CellKey, Terrain};
use super::layout::{self, BOARD_H, BOARD_W, BOARD_X, BOARD_Y, COORD_EM, MARGIN, SQUARE};
use super::paint::{self, fill, round_rect};
use super::theme::{self, mix};
use crate::lang::Lang;
use engine::Square;
use engine::square::{FILES, RANKS};
use engine::terrain::is_water;

fn sq_f(v: u32) -> f32 {
    v as f32
}

/// The empty board: frame, bars, terrain, grid and coordinates.
pub(crate) fn draw(flip: bool) -> RgbImage {
    let mut img = RgbImage::from_pixel(layout::WIDTH, layout::HEIGHT, theme::FRAME);
    for y in [layout::TOP_BAR_Y, layout::BOTTOM_BAR_Y] {
        paint::fill_rect(&mut img, 0, y, layout::WIDTH, layout::BAR_H, theme::BAR);
    }
    for sq in Square::all() {
        let (x, y) = layout::origin(sq, flip);
        let square = cells::square_rgb(&CellKey::plain(Terrain::of(sq)));
        image::imageops::replace(&mut img, &square, x as i64, y as i64);
    }
    grid(&mut img, flip);
    // A dark rim round the board.
    let b = [
        sq_f(BOARD_X) - 2.0,
        sq_f(BOARD_Y) - 2.0,
        sq_f(BOARD_X + BOARD_W) + 2.0,
        sq_f(BOARD_Y + BOARD_H) + 2.0,
    ];
    let rim = round_rect(b, 3.0);
    fill(&mut img, b, theme::GRID, 1.0, 1.0, move |x, y| {
        let d = rim(x, y);
        d.max(-d - 3.0)
    });
    coordinates(&mut img, flip);
    img
}

/// Lines between squares; between two water squares they are a darker blue so the lakes read
/// as one body of water.
fn grid(img: &mut RgbImage, flip: bool) {
    let lake_line = mix(theme::WATER, Rgb([20, 60, 110]), 0.25);
    for sq in Square::all() {
        let (x, y) = layout::origin(sq, flip);
        let (col, row) = layout::cell(sq, flip);
        if let Some(right) = layout::square_at_cell(col + 1, row, flip) {
            let c = if is_water(sq) && is_water(right) {
                lake_line
            } else {
                theme::GRID
            };
            paint::fill_rect(img, x + SQUARE - 1, y, 2, SQUARE, c);
        }
        if let Some(below) = layout::square_at_cell(col, row + 1, flip) {
            let c = if is_water(sq) && is_water(below) {
                lake_line
            } else {
                theme::GRID
            };
            paint::fill_rect(img, x, y + SQUARE - 1, SQUARE, 2, c);
        }
    }
}

fn coordinates(img: &mut RgbImage, flip: bool) {
    let c = theme::FRAME_TEXT_DIM;
    for col in 0..FILES as u32 {
        let Some(sq) = layout::square_at_cell(col, 0, flip) else {
            continue;
        };
        let cx = sq_f(BOARD_X + col * SQUARE + SQUARE / 2);
        let label = sq.file_char().to_string();
        for cy in [
            sq_f(BOARD_Y - MARGIN / 2) - 1.0,
            sq_f(BOARD_Y + BOARD_H + MARGIN / 2) + 1.0,
        ] {
            paint::text_centered(img, c, Lang::En, cx, cy, COORD_EM, true, &label);
        }
    }
    for row in 0..RANKS as u32 {
        let Some(sq) = layout::square_at_cell(0, row, flip) else {
            continue;
        };
        let cy = sq_f(BOARD_Y + row * SQUARE + SQUARE / 2);
        let label = sq.rank().to_string();
        for cx in [
            sq_f(MARGIN / 2) - 1.0,
            sq_f(BOARD_X + BOARD_W + MARGIN / 2) + 1.0,
        ] {
            paint::text_centered(img, c, Lang::En, cx, cy, COORD_EM, true, &label);
        }
    }
}
