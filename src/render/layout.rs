//! Where everything goes on the image: sizes, text sizes and the square <-> pixel mapping, in one
//! place.
//!
//! From top to bottom: the status line, the bar of the player at the top, file letters, the
//! 7 x 9 board, file letters, the bar of the player at the bottom. Rank numbers run down both sides.

use engine::Square;
use engine::square::{FILES, RANKS};

/// Side of one square in pixels.
pub const SQUARE: u32 = 80;
/// Width of the coordinate margins left/right and height above/below the board.
pub const MARGIN: u32 = 22;
/// Height of the status line at the very top.
pub const STATUS_H: u32 = 34;
/// Height of each player bar.
pub const BAR_H: u32 = 38;

pub const BOARD_W: u32 = SQUARE * FILES as u32;
pub const BOARD_H: u32 = SQUARE * RANKS as u32;
/// Left edge of the board (file column 0).
pub const BOARD_X: u32 = MARGIN;
/// Top edge of the board (display row 0).
pub const BOARD_Y: u32 = STATUS_H + BAR_H + MARGIN;

/// The whole image.
pub const WIDTH: u32 = BOARD_W + 2 * MARGIN;
pub const HEIGHT: u32 = BOARD_Y + BOARD_H + MARGIN + BAR_H;
// Chat clients shrink images; below this width the animals' names stop being readable.
const _: () = assert!(WIDTH >= 560);

/// Top of the player bar above the board and of the one below it.
pub const TOP_BAR_Y: u32 = STATUS_H;
pub const BOTTOM_BAR_Y: u32 = BOARD_Y + BOARD_H + MARGIN;

/// Inset of a piece tile inside its square.
pub const TILE_INSET: u32 = 6;
/// Corner radius of a piece tile.
pub const TILE_RADIUS: f32 = 13.0;

/// Side of the chip in a side's colour at the left end of each player bar.
pub const CHIP: u32 = 20;

// Text sizes, each the em in pixels (the size of a Chinese character).

/// The status line.
pub const STATUS_EM: f32 = 17.0;
/// A player's name in a bar.
pub const NAME_EM: f32 = 17.0;
/// The label of a pill at the right end of a bar ("to move", "winner").
pub const PILL_EM: f32 = 13.0;
/// The file letters and rank numbers in the margins.
pub const COORD_EM: f32 = 15.0;
/// The animal's character on a piece tile.
pub const TILE_HANZI_EM: f32 = 33.0;
/// The rank and name under the character.
pub const TILE_LABEL_EM: f32 = 11.0;
/// The animal's character on a capture badge.
pub const BADGE_EM: f32 = 13.0;
/// The character in the middle of a den.
pub const DEN_EM: f32 = 24.0;

/// Display column (0 = left) and row (0 = top) of a square. Jade at the bottom puts rank 1 at
/// the top and file A on the left; `flip` turns the board half round.
pub const fn cell(sq: Square, flip: bool) -> (u32, u32) {
    let col = sq.file() as u32;
    let row = sq.rank() as u32 - 1;
    if flip {
        (FILES as u32 - 1 - col, RANKS as u32 - 1 - row)
    } else {
        (col, row)
    }
}

/// The square shown in a display column and row (the inverse of [`cell`]).
pub fn square_at_cell(col: u32, row: u32, flip: bool) -> Option<Square> {
    if col >= FILES as u32 || row >= RANKS as u32 {
        return None;
    }
    let (col, row) = if flip {
        (FILES as u32 - 1 - col, RANKS as u32 - 1 - row)
    } else {
        (col, row)
    };
    Square::from_coords(col as u8, row as u8 + 1)
}

/// Top-left pixel of a square.
pub const fn origin(sq: Square, flip: bool) -> (u32, u32) {
    let (col, row) = cell(sq, flip);
    (BOARD_X + col * SQUARE, BOARD_Y + row * SQUARE)
}

/// Centre pixel of a square.
pub const fn center(sq: Square, flip: bool) -> (u32, u32) {
    let (x, y) = origin(sq, flip);
    (x + SQUARE / 2, y + SQUARE / 2)
}

/// A pixel near a square's top-left corner that shows only the square's terrain colour, or the
/// tint laid over the square (last move, selection), or a capture-destination corner mark.
/// Pieces, dots and terrain emblems never reach it.
pub const fn corner_probe(sq: Square, flip: bool) -> (u32, u32) {
    let (x, y) = origin(sq, flip);
    (x + 3, y + 3)
}

/// A pixel inside a piece tile, left of the character, that shows the tile's colour.
pub const fn piece_probe(sq: Square, flip: bool) -> (u32, u32) {
    let (x, y) = origin(sq, flip);
    (x + TILE_INSET + 5, y + SQUARE / 2)
}

/// Side of the badge that shows a captured piece, in the destination's top-right corner.
pub const BADGE: u32 = 30;

/// Top-left pixel of the capture badge on a square.
pub const fn badge_origin(sq: Square, flip: bool) -> (u32, u32) {
    let (x, y) = origin(sq, flip);
    (x + SQUARE - 1 - BADGE, y + 1)
}

/// A pixel inside the capture badge that shows the captured piece's side colour.
pub const fn badge_probe(sq: Square, flip: bool) -> (u32, u32) {
    let (x, y) = badge_origin(sq, flip);
    (x + BADGE / 2 - 9, y + BADGE / 2)
}

/// The square under a pixel, if it is on the board.
pub fn square_at(x: u32, y: u32, flip: bool) -> Option<Square> {
    if x < BOARD_X || y < BOARD_Y {
        return None;
    }
    square_at_cell((x - BOARD_X) / SQUARE, (y - BOARD_Y) / SQUARE, flip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_and_rank_one_is_on_top() {
        for flip in [false, true] {
            for sq in Square::all() {
                let (c, r) = cell(sq, flip);
                assert_eq!(square_at_cell(c, r, flip), Some(sq));
                let (x, y) = center(sq, flip);
                assert_eq!(square_at(x, y, flip), Some(sq));
            }
        }
        let a1 = Square::from_coords(0, 1).unwrap();
        assert_eq!(cell(a1, false), (0, 0));
        assert_eq!(cell(a1, true), (6, 8));
    }
}
