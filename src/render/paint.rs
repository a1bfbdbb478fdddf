//! Drawing primitives: anti-aliased shapes from distance functions, square tints, sprite blits
//! and text in the bundled font.

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgb, RgbImage, Rgba, RgbaImage};

use super::theme::{Colour, mix};

/// The bundled font: a subset of Noto Sans CJK SC Bold (see `fonts/README.md`).
static FONT_BYTES: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Bold-Jungle.otf");

/// The font, parsed once.
pub(crate) static FONT: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    // The bytes are part of the program and a unit test parses them: this cannot fail at run time.
    FontRef::try_from_slice(FONT_BYTES).expect("the bundled font parses")
});

/// Something to paint on with coverage-weighted colour.
pub(crate) trait Surface {
    fn dims(&self) -> (u32, u32);
    /// Lays `colour` over the pixel with opacity `alpha` (0..=1).
    fn blend(&mut self, x: u32, y: u32, colour: Colour, alpha: f32);
}

impl Surface for RgbImage {
    fn dims(&self) -> (u32, u32) {
        self.dimensions()
    }
    fn blend(&mut self, x: u32, y: u32, colour: Colour, alpha: f32) {
        let p = self.get_pixel_mut(x, y);
        *p = mix(*p, colour, alpha);
    }
}

impl Surface for RgbaImage {
    fn dims(&self) -> (u32, u32) {
        self.dimensions()
    }
    /// Straight-alpha "over".
    fn blend(&mut self, x: u32, y: u32, colour: Colour, alpha: f32) {
        let p = self.get_pixel_mut(x, y);
        let da = p[3] as f32 / 255.0;
        let oa = alpha + da * (1.0 - alpha);
        if oa <= 0.0 {
            return;
        }
        let ch = |s: u8, d: u8| {
            ((s as f32 * alpha + d as f32 * da * (1.0 - alpha)) / oa)
                .round()
                .clamp(0.0, 255.0) as u8
        };
        *p = Rgba([
            ch(colour[0], p[0]),
            ch(colour[1], p[1]),
            ch(colour[2], p[2]),
            (oa * 255.0).round() as u8,
        ]);
    }
}

/// Fills the shape whose signed distance (negative inside) `sdf` gives, within the box
/// `x0..x1, y0..y1`, with one pixel of anti-aliasing (`soft` widens it, for shadows).
pub(crate) fn fill(
    img: &mut impl Surface,
    bbox: [f32; 4],
    colour: Colour,
    alpha: f32,
    soft: f32,
    sdf: impl Fn(f32, f32) -> f32,
) {
    let (w, h) = img.dims();
    let x0 = (bbox[0] - soft - 1.0).floor().max(0.0) as u32;
    let y0 = (bbox[1] - soft - 1.0).floor().max(0.0) as u32;
    let x1 = ((bbox[2] + soft + 1.0).ceil().max(0.0) as u32).min(w);
    let y1 = ((bbox[3] + soft + 1.0).ceil().max(0.0) as u32).min(h);
    for y in y0..y1 {
        for x in x0..x1 {
            let d = sdf(x as f32 + 0.5, y as f32 + 0.5);
            let cov = (0.5 - d / soft).clamp(0.0, 1.0);
            if cov > 0.0 {
                img.blend(x, y, colour, alpha * cov);
            }
        }
    }
}

/// Distance to a circle.
pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> impl Fn(f32, f32) -> f32 {
    move |x, y| (x - cx).hypot(y - cy) - r
}

/// Distance to a rectangle with rounded corners.
pub(crate) fn round_rect(b: [f32; 4], r: f32) -> impl Fn(f32, f32) -> f32 {
    move |x, y| {
        let cx = (b[0] + b[2]) / 2.0;
        let cy = (b[1] + b[3]) / 2.0;
        let hx = (b[2] - b[0]) / 2.0 - r;
        let hy = (b[3] - b[1]) / 2.0 - r;
        let qx = (x - cx).abs() - hx;
        let qy = (y - cy).abs() - hy;
        qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - r
    }
}

/// Distance to a stroke from `a` to `b` of half-width `hw`, with round ends.
pub(crate) fn segment(a: (f32, f32), b: (f32, f32), hw: f32) -> impl Fn(f32, f32) -> f32 {
    move |x, y| {
        let (px, py) = (x - a.0, y - a.1);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            ((px * dx + py * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (px - dx * t).hypot(py - dy * t) - hw
    }
}

/// Lays a tint over a rectangle of an opaque image.
pub(crate) fn tint_rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, tint: (Colour, f32)) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.blend(xx, yy, tint.0, tint.1);
        }
    }
}

/// Fills a rectangle of an opaque image with one colour.
pub(crate) fn fill_rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, colour: Colour) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, colour);
        }
    }
}

/// Draws a sprite with its alpha over an opaque image, its top-left corner at `(x, y)`.
pub(crate) fn blit(dst: &mut RgbImage, src: &RgbaImage, x: u32, y: u32) {
    let w = src.width().min(dst.width().saturating_sub(x));
    let h = src.height().min(dst.height().saturating_sub(y));
    for sy in 0..h {
        for sx in 0..w {
            let s = src.get_pixel(sx, sy);
            let a = s[3] as u32;
            if a == 0 {
                continue;
            }
            let d = dst.get_pixel_mut(x + sx, y + sy);
            if a == 255 {
                *d = Rgb([s[0], s[1], s[2]]);
            } else {
                let ch = |s: u8, d: u8| ((s as u32 * a + d as u32 * (255 - a) + 127) / 255) as u8;
                *d = Rgb([ch(s[0], d[0]), ch(s[1], d[1]), ch(s[2], d[2])]);
            }
        }
    }
}

/// Text sizes are given as the em size in pixels (the size of a Chinese character).
fn scale(em: f32) -> PxScale {
    let f = &*FONT;
    let upem = f.units_per_em().unwrap_or(1000.0);
    PxScale::from(em * f.height_unscaled() / upem)
}

/// Replaces characters the bundled font lacks with `?`, so that every name can be drawn.
pub(crate) fn drawable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c == ' ' || FONT.glyph_id(c).0 != 0 {
                c
            } else {
                '?'
            }
        })
        .collect()
}

/// Width of a line of text, from the pen's start to its end.
pub(crate) fn text_width(em: f32, text: &str) -> f32 {
    let f = FONT.as_scaled(scale(em));
    text.chars().map(|c| f.h_advance(f.glyph_id(c))).sum()
}

/// Shortens text with an ellipsis until it is at most `max` pixels wide.
pub(crate) fn fit(em: f32, text: &str, max: f32) -> String {
    if text_width(em, text) <= max {
        return text.to_string();
    }
    let f = FONT.as_scaled(scale(em));
    let room = max - text_width(em, "…");
    let mut width = 0.0;
    let mut out = String::new();
    for c in text.chars() {
        width += f.h_advance(f.glyph_id(c));
        if width > room {
            break;
        }
        out.push(c);
    }
    let mut out = out.trim_end().to_string();
    out.push('…');
    out
}

/// The ink box of `text` drawn with its pen at (0, 0) top-left, as `[x0, y0, x1, y1]`.
fn ink_box(em: f32, text: &str) -> Option<[f32; 4]> {
    let sc = scale(em);
    let f = FONT.as_scaled(sc);
    let mut pen = 0.0;
    let mut b: Option<[f32; 4]> = None;
    for c in text.chars() {
        let id = f.glyph_id(c);
        let glyph = id.with_scale_and_position(sc, point(pen, f.ascent()));
        pen += f.h_advance(id);
        if let Some(g) = FONT.outline_glyph(glyph) {
            let r = g.px_bounds();
            b = Some(match b {
                None => [r.min.x, r.min.y, r.max.x, r.max.y],
                Some(o) => [
                    o[0].min(r.min.x),
                    o[1].min(r.min.y),
                    o[2].max(r.max.x),
                    o[3].max(r.max.y),
                ],
            });
        }
    }
    b
}

/// Draws a line of text with its left end at `x` and its baseline at `baseline`.
pub(crate) fn text<C>(img: &mut C, colour: C::Pixel, x: f32, baseline: f32, em: f32, text: &str)
where
    C: imageproc::drawing::Canvas,
    <C::Pixel as image::Pixel>::Subpixel: Into<f32> + imageproc::definitions::Clamp<f32>,
{
    let sc = scale(em);
    let ascent = FONT.as_scaled(sc).ascent();
    imageproc::drawing::draw_text_mut(
        img,
        colour,
        x.round() as i32,
        (baseline - ascent).round() as i32,
        sc,
        &*FONT,
        text,
    );
}

/// The baseline that puts the middle of a capital letter at `cy`.
pub(crate) fn caps_baseline(em: f32, cy: f32) -> f32 {
    let ascent = FONT.as_scaled(scale(em)).ascent();
    match ink_box(em, "H") {
        Some(h) => cy - (h[1] + h[3]) / 2.0 + ascent,
        None => cy,
    }
}

/// Draws text with the middle of its ink at `(cx, cy)`; with `caps`, centred on the height of a
/// capital letter instead, so that a row of labels shares one baseline.
pub(crate) fn text_centered<C>(
    img: &mut C,
    colour: C::Pixel,
    cx: f32,
    cy: f32,
    em: f32,
    caps: bool,
    s: &str,
) where
    C: imageproc::drawing::Canvas,
    <C::Pixel as image::Pixel>::Subpixel: Into<f32> + imageproc::definitions::Clamp<f32>,
{
    let Some(ink) = ink_box(em, s) else { return };
    let ascent = FONT.as_scaled(scale(em)).ascent();
    let (top, bottom) = if caps {
        let h = ink_box(em, "H").unwrap_or(ink);
        (h[1], h[3])
    } else {
        (ink[1], ink[3])
    };
    let x = cx - (ink[0] + ink[2]) / 2.0;
    let y = cy - (top + bottom) / 2.0;
    text(img, colour, x, y + ascent, em, s);
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Animal;

    #[test]
    fn font_has_every_glyph_the_board_needs() {
        for a in Animal::ALL {
            assert_ne!(FONT.glyph_id(a.hanzi()).0, 0, "{a}");
        }
        for c in (' '..='~').chain("…·".chars()) {
            assert_ne!(FONT.glyph_id(c).0, 0, "{c:?}");
        }
        assert_eq!(drawable("ok ☃"), "ok ?");
    }

    #[test]
    fn fit_shortens_with_an_ellipsis() {
        let long = "a very long player name that cannot fit";
        for max in (40..=300).step_by(7).map(|m| m as f32) {
            let s = fit(16.0, long, max);
            assert!(text_width(16.0, &s) <= max, "{s} is wider than {max}");
            let kept = s.strip_suffix('…').expect("shortened with an ellipsis");
            assert!(long.starts_with(kept) && !kept.ends_with(' '), "{s}");
            // The longest that fits: keeping up to the next letter (past any spaces the cut
            // trimmed) would not fit.
            let rest = &long[kept.len()..];
            let next = rest.find(|c: char| c != ' ').unwrap() + 1;
            let longer = format!("{}…", &long[..kept.len() + next]);
            assert!(
                text_width(16.0, &longer) > max,
                "{s} was trimmed too far: {longer} fits in {max}"
            );
        }
        assert_eq!(fit(16.0, "ann", 120.0), "ann");
        assert_eq!(fit(16.0, long, text_width(16.0, long)), long);
    }

    #[test]
    fn shapes_are_anti_aliased_and_inside_out() {
        let mut img = RgbImage::from_pixel(20, 20, Rgb([0, 0, 0]));
        fill(
            &mut img,
            [0.0, 0.0, 20.0, 20.0],
            Rgb([255, 255, 255]),
            1.0,
            1.0,
            circle(10.0, 10.0, 6.0),
        );
        assert_eq!(img.get_pixel(10, 10)[0], 255);
        assert_eq!(img.get_pixel(1, 1)[0], 0);
        // Some pixel on the edge is part-covered.
        assert!((0..20).any(|x| (1..255).contains(&img.get_pixel(x, 10)[0])));
    }
}
