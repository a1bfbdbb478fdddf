//! The colours of the board image, in one place. Chosen to read at a glance on both light and
//! dark chat backgrounds: the image brings its own dark frame, the board itself is light.

use image::Rgb;

use engine::{Piece, Side};

/// An opaque sRGB colour.
pub type Colour = Rgb<u8>;

const fn rgb(r: u8, g: u8, b: u8) -> Colour {
    Rgb([r, g, b])
}

/// The frame around the board: header, footer and coordinate margins.
pub const FRAME: Colour = rgb(39, 43, 52);
/// Player bars, a shade lighter than the frame.
pub const BAR: Colour = rgb(52, 57, 68);
/// Text on the frame: coordinates, names, the status line.
pub const FRAME_TEXT: Colour = rgb(226, 230, 238);
/// Quieter text on the frame (the coordinates).
pub const FRAME_TEXT_DIM: Colour = rgb(168, 176, 190);
/// The status line when the game is over.
pub const RESULT_TEXT: Colour = rgb(255, 210, 90);

/// Pills in the player bars: the winner's, and both on a draw.
pub const WINNER: Colour = rgb(196, 142, 20);
pub const DRAW: Colour = rgb(96, 104, 120);

/// Ordinary land squares.
pub const LAND: Colour = rgb(238, 226, 192);
/// Lines between squares.
pub const GRID: Colour = rgb(176, 156, 116);
/// The lakes.
pub const WATER: Colour = rgb(74, 150, 212);
/// Wave strokes drawn on the water.
pub const WAVE: Colour = rgb(150, 200, 240);
/// Trap squares: a darker sand with a spiked ring.
pub const TRAP: Colour = rgb(206, 178, 128);
/// The trap's ring of spikes.
pub const TRAP_MARK: Colour = rgb(120, 88, 50);
/// Den squares: dark earth with the owner's colour in the middle.
pub const DEN: Colour = rgb(104, 74, 48);

/// The faces of the piece tiles. The sides differ in lightness, not only in hue (red and green
/// look alike to many readers, and alike in greyscale): Jade's tiles are light, outlined and
/// lettered in dark jade; Crimson's are dark and lettered in white.
pub const JADE: Colour = rgb(190, 228, 208);
pub const CRIMSON: Colour = rgb(156, 24, 40);
/// Jade's characters on its light tiles and pills.
pub const JADE_INK: Colour = rgb(12, 84, 58);
/// The sides' strong colours: the outline of Jade's tiles and the dens' centres.
pub const JADE_DEEP: Colour = rgb(22, 132, 92);
pub const CRIMSON_DEEP: Colour = rgb(196, 40, 56);
/// White: Crimson's characters, and the text on the winner and draw pills.
pub const PIECE_TEXT: Colour = rgb(255, 255, 255);
/// A tile's lighter rim and darker base edge.
pub const PIECE_RIM_ALPHA: f32 = 0.35;
pub const SHADOW: Colour = rgb(40, 30, 20);

/// Tints laid over a whole square (colour, strength 0..1).
pub const LAST_MOVE: (Colour, f32) = (rgb(255, 214, 40), 0.55);
pub const CAPTURE: (Colour, f32) = (rgb(255, 110, 40), 0.6);
pub const SELECTED: (Colour, f32) = (rgb(40, 150, 255), 0.65);
/// Quiet-move dots and capture corners for the selected piece's destinations.
pub const MARK: (Colour, f32) = (rgb(20, 90, 210), 0.75);
/// The dots along a leap's path.
pub const PATH_DOT: Colour = rgb(255, 226, 90);

/// Side colour of a piece tile.
pub const fn side(side: Side) -> Colour {
    match side {
        Side::Jade => JADE,
        Side::Crimson => CRIMSON,
    }
}

/// The colour of the characters on a side's tiles (and on its "to move" pill): dark on
/// Jade's light face, white on Crimson's dark one.
pub const fn ink(side: Side) -> Colour {
    match side {
        Side::Jade => JADE_INK,
        Side::Crimson => PIECE_TEXT,
    }
}

/// A side's strong colour, the one its name calls to mind.
pub const fn deep(side: Side) -> Colour {
    match side {
        Side::Jade => JADE_DEEP,
        Side::Crimson => CRIMSON_DEEP,
    }
}

/// A piece on an enemy trap is drawn washed out toward grey: it has rank 0 there. Jade's stays
/// the lighter of the two.
pub fn weakened(side: Side) -> Colour {
    mix(self::side(side), GREY, 0.6)
}

/// What a weakened piece is washed out toward.
const GREY: Colour = rgb(150, 150, 150);

/// The rim of a piece tile: Jade's dark outline (washed out with the tile when `weak`), or
/// the darker base edge of Crimson's.
pub fn piece_edge(side: Side, weak: bool) -> Colour {
    match (side, weak) {
        (Side::Jade, false) => JADE_DEEP,
        (Side::Jade, true) => mix(JADE_DEEP, GREY, 0.5),
        (Side::Crimson, false) => mix(CRIMSON, rgb(0, 0, 0), 0.35),
        (Side::Crimson, true) => mix(weakened(side), rgb(0, 0, 0), 0.35),
    }
}

/// The face colour of a piece tile (where [`super::layout::piece_probe`] looks); `weak` for a
/// piece standing on an enemy trap.
pub fn piece(p: Piece, weak: bool) -> Colour {
    if weak { weakened(p.side) } else { side(p.side) }
}

/// The den's inner colour: the owner's strong colour, darkened.
pub fn den_inner(owner: Side) -> Colour {
    mix(deep(owner), rgb(0, 0, 0), 0.25)
}

/// `a` moved toward `b` by `t` (0 = a, 1 = b), rounded like the renderer rounds.
pub fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    let f = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    rgb(f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]))
}

/// A square's colour under a tint such as [`LAST_MOVE`].
pub fn tinted(base: Colour, tint: (Colour, f32)) -> Colour {
    mix(base, tint.0, tint.1)
}
