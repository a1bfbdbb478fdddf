//! The evaluation graph of an analysed game: Jade's expected score after every half-move, the
//! area above the middle in Jade's colour and below it in Crimson's, the costly moves marked
//! in the colour of the side that made them. Pure: the curve and the marks in, a PNG out.

use image::RgbImage;

use engine::{BySide, Side};

use super::paint::{self, circle, fill, segment};
use super::theme::{self, Colour};
use crate::lang::{Lang, side_name};

/// The image's size: wide and low, readable at chat size.
pub const WIDTH: u32 = 640;
pub const HEIGHT: u32 = 260;

/// The plot area inside the frame: room for the names above and the move numbers below.
const LEFT: f32 = 14.0;
const RIGHT: f32 = WIDTH as f32 - 14.0;
const TOP: f32 = 36.0;
const BOTTOM: f32 = HEIGHT as f32 - 30.0;

/// A costly move to mark on the curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphMark {
    /// The half-move (1 for the first).
    pub ply: usize,
    /// Who made it.
    pub side: Side,
    /// 1 inaccuracy, 2 mistake, 3 blunder: the size of the mark.
    pub severity: u8,
}

/// What the graph shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    /// Jade's expected score (0..=1) before the first move and after each half-move.
    pub curve: Vec<f64>,
    pub marks: Vec<GraphMark>,
    /// Shown above the plot, Jade's on the left; `None` shows the side's name.
    pub names: BySide<Option<String>>,
    /// The language of the side names, and the script shapes of the players' names.
    pub lang: Lang,
}

/// Draws the graph as a PNG of [`WIDTH`] x [`HEIGHT`] pixels. A curve of fewer than two
/// points draws an empty plot; values outside 0..=1 are clamped.
pub fn graph_png(graph: &Graph) -> Vec<u8> {
    png_of(&draw(graph))
}

/// Encodes a drawn plot (an opaque RGB image) as a PNG.
pub(crate) fn png_of(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(24 * 1024);
    let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_deflate_compression(png::DeflateCompression::Level(4));
    // A correctly sized image written into memory has no failure path.
    let mut w = enc.write_header().expect("PNG header into memory");
    w.write_image_data(img.as_raw())
        .expect("PNG data into memory");
    w.finish().expect("PNG end into memory");
    out
}

fn x_of(ply: usize, plies: usize) -> f32 {
    LEFT + (RIGHT - LEFT) * ply as f32 / plies.max(1) as f32
}

fn y_of(value: f64) -> f32 {
    let v = if value.is_finite() {
        value.clamp(0.0, 1.0)
    } else {
        0.5
    };
    BOTTOM - (BOTTOM - TOP) * v as f32
}

fn draw(graph: &Graph) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, theme::FRAME);
    paint::fill_rect(
        &mut img,
        LEFT as u32,
        TOP as u32,
        (RIGHT - LEFT) as u32,
        (BOTTOM - TOP) as u32,
        theme::BAR,
    );
    let plies = graph.curve.len().saturating_sub(1);
    let mid = y_of(0.5);
    // The areas: one column at a time, between the middle and the curve.
    if plies > 0 {
        for x in LEFT as u32..RIGHT as u32 {
            let t = (x as f32 + 0.5 - LEFT) / (RIGHT - LEFT) * plies as f32;
            let i = (t.floor() as usize).min(plies - 1);
            let f = f64::from(t - i as f32);
            let v = graph.curve[i] * (1.0 - f) + graph.curve[i + 1] * f;
            let y = y_of(v);
            let (from, to, colour) = if y < mid {
                (y, mid, theme::JADE)
            } else {
                (mid, y, theme::CRIMSON_DEEP)
            };
            for yy in from.round() as u32..to.round() as u32 {
                img.put_pixel(x, yy, colour);
            }
        }
    }
    // Quarter lines, the middle one stronger.
    for (v, alpha) in [(0.25, 0.25), (0.5, 0.6), (0.75, 0.25)] {
        let y = y_of(v);
        fill(
            &mut img,
            [LEFT, y - 1.0, RIGHT, y + 1.0],
            theme::FRAME_TEXT_DIM,
            alpha,
            1.0,
            segment((LEFT, y), (RIGHT, y), 0.5),
        );
    }
    // Move numbers under the plot, every 10 (or 20, 50 … in long games) moves.
    let moves = plies.div_ceil(2);
    let step = [5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|s| moves / s <= 8)
        .unwrap_or(1000);
    let mut m = step;
    while m * 2 <= plies + 1 && plies > 0 {
        let x = x_of(m * 2 - 1, plies);
        fill(
            &mut img,
            [x - 1.0, BOTTOM, x + 1.0, BOTTOM + 5.0],
            theme::FRAME_TEXT_DIM,
            1.0,
            1.0,
            segment((x, BOTTOM), (x, BOTTOM + 4.0), 0.6),
        );
        paint::text_centered(
            &mut img,
            theme::FRAME_TEXT_DIM,
            Lang::En,
            x,
            BOTTOM + 15.0,
            12.0,
            true,
            &m.to_string(),
        );
        m += step;
    }
    // The curve.
    for i in 0..plies {
        let a = (x_of(i, plies), y_of(graph.curve[i]));
        let b = (x_of(i + 1, plies), y_of(graph.curve[i + 1]));
        let bbox = [
            a.0.min(b.0) - 2.0,
            a.1.min(b.1) - 2.0,
            a.0.max(b.0) + 2.0,
            a.1.max(b.1) + 2.0,
        ];
        fill(
            &mut img,
            bbox,
            theme::FRAME_TEXT,
            1.0,
            1.0,
            segment(a, b, 1.1),
        );
    }
    // The marks: a ring in the frame's colour around a dot in the mover's colour.
    for mark in &graph.marks {
        if mark.ply == 0 || mark.ply > plies {
            continue;
        }
        let (cx, cy) = (x_of(mark.ply, plies), y_of(graph.curve[mark.ply]));
        let r = 2.5 + 1.5 * f32::from(mark.severity.clamp(1, 3));
        let bbox = [cx - r - 2.0, cy - r - 2.0, cx + r + 2.0, cy + r + 2.0];
        fill(
            &mut img,
            bbox,
            theme::FRAME,
            1.0,
            1.0,
            circle(cx, cy, r + 1.5),
        );
        fill(
            &mut img,
            bbox,
            side_colour(mark.side),
            1.0,
            1.0,
            circle(cx, cy, r),
        );
    }
    // The names, each beside a swatch of its colour.
    for side in [Side::Jade, Side::Crimson] {
        let name = graph.names[side]
            .as_deref()
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| side_name(graph.lang, side), str::to_string);
        let name = paint::fit(graph.lang, 15.0, &name, (RIGHT - LEFT) / 2.0 - 40.0);
        let width = paint::text_width(graph.lang, 15.0, &name);
        let swatch_x = match side {
            Side::Jade => LEFT,
            Side::Crimson => RIGHT - width - 22.0,
        };
        paint::fill_rect(&mut img, swatch_x as u32, 12, 14, 14, side_colour(side));
        let baseline = paint::caps_baseline(15.0, 19.0);
        paint::text(
            &mut img,
            theme::FRAME_TEXT,
            graph.lang,
            swatch_x + 22.0,
            baseline,
            15.0,
            &name,
        );
    }
    img
}

/// The colour a side's area and marks are drawn in: light jade against strong crimson, so the
/// two differ in lightness too.
fn side_colour(side: Side) -> Colour {
    match side {
        Side::Jade => theme::JADE,
        Side::Crimson => theme::CRIMSON_DEEP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory(png).unwrap().to_rgb8()
    }

    #[test]
    fn the_areas_follow_the_curve() {
        // Jade ahead in the first half, Crimson in the second.
        let curve: Vec<f64> = (0..=40).map(|i| if i < 20 { 0.9 } else { 0.1 }).collect();
        let img = decode(&graph_png(&Graph {
            curve,
            ..Graph::default()
        }));
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        let y_up = y_of(0.7) as u32;
        let y_down = y_of(0.3) as u32;
        let early = x_of(8, 40) as u32;
        let late = x_of(32, 40) as u32;
        assert_eq!(*img.get_pixel(early, y_up), theme::JADE);
        assert_eq!(*img.get_pixel(early, y_down), theme::BAR);
        assert_eq!(*img.get_pixel(late, y_down), theme::CRIMSON_DEEP);
        assert_eq!(*img.get_pixel(late, y_up), theme::BAR);
    }

    #[test]
    fn a_mark_is_drawn_where_its_move_is() {
        let curve = vec![0.5, 0.5, 0.5, 0.2, 0.2];
        let mark = GraphMark {
            ply: 3,
            side: Side::Jade,
            severity: 3,
        };
        let with = decode(&graph_png(&Graph {
            curve: curve.clone(),
            marks: vec![mark],
            ..Graph::default()
        }));
        let (cx, cy) = (x_of(3, 4) as u32, y_of(0.2) as u32);
        assert_eq!(*with.get_pixel(cx, cy), theme::JADE);
        let without = decode(&graph_png(&Graph {
            curve,
            ..Graph::default()
        }));
        assert_ne!(*without.get_pixel(cx, cy), theme::JADE);
    }

    #[test]
    fn strange_input_still_draws() {
        for curve in [vec![], vec![0.5], vec![f64::NAN, 2.0, -1.0]] {
            let png = graph_png(&Graph {
                curve,
                marks: vec![GraphMark {
                    ply: 9,
                    side: Side::Crimson,
                    severity: 7,
                }],
                ..Graph::default()
            });
            assert_eq!(decode(&png).dimensions(), (WIDTH, HEIGHT));
        }
    }
}
