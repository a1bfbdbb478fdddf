//! A player's rating over time: one point per rated game, the rating's scale at the left, the
//! starts of seasons as dashed lines, the name above. Pure: the points in, a PNG out.

use image::RgbImage;

use super::graph::png_of;
use super::paint::{self, circle, fill, segment};
use super::theme;
use crate::lang::Lang;

/// The image's size: the same as the evaluation graph's, so both read alike in chat.
pub const WIDTH: u32 = super::graph::WIDTH;
pub const HEIGHT: u32 = super::graph::HEIGHT;

/// The plot area: room for the scale's numbers at the left, the name above.
const LEFT: f32 = 52.0;
const RIGHT: f32 = WIDTH as f32 - 16.0;
const TOP: f32 = 40.0;
const BOTTOM: f32 = HEIGHT as f32 - 18.0;

/// What the graph shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingGraph {
    /// Whose rating it is, shown above the plot.
    pub name: String,
    /// The rating before the first rated game, then after each one.
    pub points: Vec<i32>,
    /// The indexes in `points` where a season begins: a dashed line is drawn just before them.
    pub seasons: Vec<usize>,
    /// The script shapes of the name.
    pub lang: Lang,
}

/// Draws the graph as a PNG of [`WIDTH`] x [`HEIGHT`] pixels. No points draw an empty plot;
/// one point draws a dot.
pub fn rating_graph_png(graph: &RatingGraph) -> Vec<u8> {
    png_of(&draw(graph))
}

/// The scale: from a round number under the lowest point to one over the highest, at least
/// 100 apart, and the step of its lines.
fn scale(points: &[i32]) -> (i64, i64, i64) {
    let lo = i64::from(points.iter().copied().min().unwrap_or(1200));
    let hi = i64::from(points.iter().copied().max().unwrap_or(1200));
    let span = (hi - lo).max(1);
    // 25, 50, 100, 200, 500, 1000, 2000, 5000 …: at most five steps across the points.
    let mut step: i64 = 25;
    while span / step > 5 {
        // 25 and every 5 × 10^k double; 1 × 10^k doubles; 2 × 10^k goes to 5 × 10^k.
        let mut lead = step;
        while lead >= 10 && lead % 10 == 0 {
            lead /= 10;
        }
        step = if lead == 2 { step / 2 * 5 } else { step * 2 };
    }
    let mut from = lo.div_euclid(step) * step;
    let mut to = (hi.div_euclid(step) + 1) * step;
    if to - from < 2 * step {
        from -= step;
        to += step;
    }
    (from, to, step)
}

fn x_of(i: usize, n: usize) -> f32 {
    if n <= 1 {
        return (LEFT + RIGHT) / 2.0;
    }
    LEFT + 6.0 + (RIGHT - LEFT - 12.0) * i as f32 / (n - 1) as f32
}

fn y_of(r: i64, (from, to, _): (i64, i64, i64)) -> f32 {
    BOTTOM - (BOTTOM - TOP) * (r - from) as f32 / (to - from).max(1) as f32
}

fn draw(graph: &RatingGraph) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, theme::FRAME);
    paint::fill_rect(
        &mut img,
        LEFT as u32,
        TOP as u32,
        (RIGHT - LEFT) as u32,
        (BOTTOM - TOP) as u32,
        theme::BAR,
    );
    let points = &graph.points;
    let sc = scale(points);
    // The scale's lines and numbers.
    let mut r = sc.0;
    while r <= sc.1 {
        let y = y_of(r, sc);
        fill(
            &mut img,
            [LEFT, y - 1.0, RIGHT, y + 1.0],
            theme::FRAME_TEXT_DIM,
            0.25,
            1.0,
            segment((LEFT, y), (RIGHT, y), 0.5),
        );
        let label = r.to_string();
        let w = paint::text_width(Lang::En, 12.0, &label);
        let baseline = paint::caps_baseline(12.0, y);
        paint::text(
            &mut img,
            theme::FRAME_TEXT_DIM,
            Lang::En,
            LEFT - 6.0 - w,
            baseline,
            12.0,
            &label,
        );
        r += sc.2;
    }
    // The seasons' starts: dashed, between the last game of one and the first of the next.
    for &s in &graph.seasons {
        if s == 0 || s >= points.len() {
            continue;
        }
        let x = (x_of(s - 1, points.len()) + x_of(s, points.len())) / 2.0;
        let mut y = TOP;
        while y < BOTTOM {
            let end = (y + 5.0).min(BOTTOM);
            fill(
                &mut img,
                [x - 1.0, y, x + 1.0, end],
                theme::RESULT_TEXT,
                0.8,
                1.0,
                segment((x, y), (x, end), 0.6),
            );
            y += 9.0;
        }
    }
    // The line, and a dot for each game while they are few enough to tell apart.
    for i in 1..points.len() {
        let a = (x_of(i - 1, points.len()), y_of(points[i - 1].into(), sc));
        let b = (x_of(i, points.len()), y_of(points[i].into(), sc));
        let bbox = [
            a.0.min(b.0) - 2.0,
            a.1.min(b.1) - 2.0,
            a.0.max(b.0) + 2.0,
            a.1.max(b.1) + 2.0,
        ];
        fill(&mut img, bbox, theme::JADE, 1.0, 1.0, segment(a, b, 1.2));
    }
    if points.len() <= 60 {
        for (i, &p) in points.iter().enumerate() {
            let (cx, cy) = (x_of(i, points.len()), y_of(p.into(), sc));
            fill(
                &mut img,
                [cx - 5.0, cy - 5.0, cx + 5.0, cy + 5.0],
                theme::JADE_DEEP,
                1.0,
                1.0,
                circle(cx, cy, 3.0),
            );
        }
    }
    // The name at the left above the plot, the latest rating at the right.
    let latest = points.last().map(i32::to_string).unwrap_or_default();
    let latest_w = paint::text_width(Lang::En, 15.0, &latest);
    let baseline = paint::caps_baseline(15.0, 20.0);
    let name = paint::fit(
        graph.lang,
        15.0,
        &graph.name,
        RIGHT - LEFT - latest_w - 24.0,
    );
    paint::text(
        &mut img,
        theme::FRAME_TEXT,
        graph.lang,
        LEFT,
        baseline,
        15.0,
        &name,
    );
    paint::text(
        &mut img,
        theme::RESULT_TEXT,
        Lang::En,
        RIGHT - latest_w,
        baseline,
        15.0,
        &latest,
    );
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory(png).unwrap().to_rgb8()
    }

    #[test]
    fn the_scale_holds_every_point_on_round_numbers() {
        for points in [vec![1200], vec![1180, 1230, 1207], vec![900, 1650]] {
            let (from, to, step) = scale(&points);
            assert_eq!(from % step, 0);
            assert_eq!(to % step, 0);
            assert!(
                points
                    .iter()
                    .all(|&p| from < i64::from(p) && i64::from(p) < to),
                "{points:?}"
            );
            assert!((to - from) / step <= 8);
        }
    }

    #[test]
    fn the_line_goes_through_each_game() {
        let points = vec![1200, 1216, 1231, 1214, 1240];
        let img = decode(&rating_graph_png(&RatingGraph {
            name: "Ann".into(),
            points: points.clone(),
            ..RatingGraph::default()
        }));
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        let sc = scale(&points);
        for (i, &p) in points.iter().enumerate() {
            let (x, y) = (x_of(i, points.len()) as u32, y_of(p.into(), sc) as u32);
            assert_eq!(*img.get_pixel(x, y), theme::JADE_DEEP, "game {i}");
        }
        // Far from the line, the plot is empty.
        let y = y_of(sc.0, sc) as u32 - 3;
        assert_eq!(*img.get_pixel(x_of(2, 5) as u32, y), theme::BAR);
    }

    #[test]
    fn a_season_start_is_marked_between_its_games() {
        let points = vec![1200, 1210, 1220, 1230];
        let at = |seasons: Vec<usize>| {
            let img = decode(&rating_graph_png(&RatingGraph {
                points: points.clone(),
                seasons,
                ..RatingGraph::default()
            }));
            let x = (x_of(1, 4) + x_of(2, 4)) / 2.0;
            *img.get_pixel(x as u32, (TOP + 2.0) as u32)
        };
        assert_ne!(at(vec![]), at(vec![2]));
        assert_eq!(at(vec![]), theme::BAR);
    }

    #[test]
    fn strange_input_still_draws() {
        for points in [vec![], vec![i32::MIN / 4, i32::MAX / 4], vec![1200; 500]] {
            let png = rating_graph_png(&RatingGraph {
                name: "\u{202e}x".repeat(200),
                points,
                seasons: vec![0, 7, 10_000],
                lang: Lang::ZhTw,
            });
            assert_eq!(decode(&png).dimensions(), (WIDTH, HEIGHT));
        }
    }
}
