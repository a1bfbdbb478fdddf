//! Drawing primitives: anti-aliased shapes from distance functions, square tints, sprite blits
//! and text, each character in the font `fonts` chooses for it (a box where none has it).

use ab_glyph::{Font, ScaleFont, point};
use image::{Pixel, Rgb, RgbImage, Rgba, RgbaImage};
use imageproc::definitions::Clamp;
use imageproc::drawing::Canvas;

use super::fonts::{self, Glyph, main_font};
use super::theme::{Colour, mix};
use crate::lang::Lang;

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

/// The width of the box drawn for a character no font has, and the gap after it, in ems.
const TOFU_WIDTH: f32 = 0.5;
const TOFU_GAP: f32 = 0.15;

/// How far the pen moves past `g` at `em`.
fn advance(g: &Glyph, em: f32) -> f32 {
    match g {
        Glyph::Font(font, id) => font.as_scaled(fonts::scale(font, em)).h_advance(*id),
        Glyph::Invisible => 0.0,
        Glyph::Tofu => em * (TOFU_WIDTH + TOFU_GAP),
    }
}

/// The main font's ascent at `em`: every line is placed by it, whichever font draws a glyph.
fn ascent(em: f32) -> f32 {
    let f = main_font();
    f.as_scaled(fonts::scale(f, em)).ascent()
}

/// Width of a line of text in `lang`, from the pen's start to its end.
pub(crate) fn text_width(lang: Lang, em: f32, text: &str) -> f32 {
    text.chars()
        .map(|c| advance(&fonts::glyph(lang, c), em))
        .sum()
}

/// Shortens text with an ellipsis until it is at most `max` pixels wide. Only the characters
/// up to the cut are measured (and looked up), however long the text.
pub(crate) fn fit(lang: Lang, em: f32, text: &str, max: f32) -> String {
    let room = max - text_width(lang, em, "…");
    let mut width = 0.0;
    // The text up to where an ellipsis would go, and whether the rest fits after it.
    let mut cut = None;
    for (i, c) in text.char_indices() {
        width += advance(&fonts::glyph(lang, c), em);
        if cut.is_none() && width > room {
            cut = Some(i);
        }
        if width > max {
            let kept = &text[..cut.unwrap_or(i)];
            let mut out = kept.trim_end().to_string();
            out.push('…');
            return out;
        }
    }
    text.to_string()
}

/// The ink of one character placed with its pen at `pen` and its baseline at `baseline`.
enum Ink {
    Outline(ab_glyph::OutlinedGlyph),
    /// A box's edges, `[x0, y0, x1, y1]`.
    Tofu([f32; 4]),
}

impl Ink {
    fn bounds(&self) -> [f32; 4] {
        match self {
            Ink::Outline(g) => {
                let r = g.px_bounds();
                [r.min.x, r.min.y, r.max.x, r.max.y]
            }
            Ink::Tofu(b) => *b,
        }
    }
}

/// Lays out `text` with its pen starting at `x` on `baseline` and hands each glyph's ink to
/// `f`, left to right.
fn layout(lang: Lang, em: f32, text: &str, x: f32, baseline: f32, mut f: impl FnMut(Ink)) {
    let mut pen = x;
    for c in text.chars() {
        let g = fonts::glyph(lang, c);
        match &g {
            Glyph::Font(font, id) => {
                let sc = fonts::scale(font, em);
                let glyph = id.with_scale_and_position(sc, point(pen, baseline));
                if let Some(o) = font.outline_glyph(glyph) {
                    f(Ink::Outline(o));
                }
            }
            Glyph::Invisible => {}
            Glyph::Tofu => {
                // As tall as a capital letter, from the baseline up.
                let cap = em * 0.72;
                f(Ink::Tofu([
                    pen + em * 0.05,
                    baseline - cap,
                    pen + em * (0.05 + TOFU_WIDTH),
                    baseline,
                ]))
            }
        }
        pen += advance(&g, em);
    }
}

/// The ink box of `text` drawn with its pen at (0, 0) top-left, as `[x0, y0, x1, y1]`.
fn ink_box(lang: Lang, em: f32, text: &str) -> Option<[f32; 4]> {
    let mut b: Option<[f32; 4]> = None;
    layout(lang, em, text, 0.0, ascent(em), |ink| {
        let r = ink.bounds();
        b = Some(match b {
            None => r,
            Some(o) => [
                o[0].min(r[0]),
                o[1].min(r[1]),
                o[2].max(r[2]),
                o[3].max(r[3]),
            ],
        });
    });
    b
}

/// Lays `colour` over one pixel of a canvas with coverage `cov`, if the pixel is inside it.
fn cover<C>(img: &mut C, colour: C::Pixel, x: i32, y: i32, cov: f32)
where
    C: Canvas,
    <C::Pixel as Pixel>::Subpixel: Into<f32> + Clamp<f32>,
{
    let (w, h) = img.dimensions();
    let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else {
        return;
    };
    if x >= w || y >= h {
        return;
    }
    let cov = cov.clamp(0.0, 1.0);
    let mut pixel = img.get_pixel(x, y);
    if C::Pixel::HAS_ALPHA {
        let c = colour.map_with_alpha(|v| v, |a| Clamp::clamp(a.into() * cov));
        pixel.blend(&c);
    } else {
        pixel = imageproc::pixelops::weighted_sum(pixel, colour, 1.0 - cov, cov);
    }
    img.draw_pixel(x, y, pixel);
}

/// Draws a line of text in `lang` with its left end at `x` and its baseline at `baseline`.
pub(crate) fn text<C>(
    img: &mut C,
    colour: C::Pixel,
    lang: Lang,
    x: f32,
    baseline: f32,
    em: f32,
    text: &str,
) where
    C: Canvas,
    <C::Pixel as Pixel>::Subpixel: Into<f32> + Clamp<f32>,
{
    // Whole pixels for the line's origin, as the glyphs' bitmaps are placed on whole pixels.
    let ascent = ascent(em);
    let ox = x.round();
    let oy = (baseline - ascent).round();
    layout(lang, em, text, 0.0, ascent, |ink| match ink {
        Ink::Outline(g) => {
            let r = g.px_bounds();
            let dx = ox as i32 + r.min.x.round() as i32;
            let dy = oy as i32 + r.min.y.round() as i32;
            g.draw(|gx, gy, cov| cover(img, colour, dx + gx as i32, dy + gy as i32, cov));
        }
        Ink::Tofu(b) => {
            let [x0, y0, x1, y1] = b.map(f32::round).map(|v| v as i32);
            let (x0, x1) = (x0 + ox as i32, x1 + ox as i32);
            let (y0, y1) = (y0 + oy as i32, y1 + oy as i32);
            let stroke = ((em / 14.0).round() as i32).max(1);
            for y in y0..y1 {
                for x in x0..x1 {
                    let edge =
                        x < x0 + stroke || x >= x1 - stroke || y < y0 + stroke || y >= y1 - stroke;
                    if edge {
                        cover(img, colour, x, y, 1.0);
                    }
                }
            }
        }
    });
}

/// The baseline that puts the middle of a capital letter at `cy`.
pub(crate) fn caps_baseline(em: f32, cy: f32) -> f32 {
    match ink_box(Lang::En, em, "H") {
        Some(h) => cy - (h[1] + h[3]) / 2.0 + ascent(em),
        None => cy,
    }
}

/// Draws text in `lang` with the middle of its ink at `(cx, cy)`; with `caps`, centred on the
/// height of a capital letter instead, so that a row of labels shares one baseline.
#[allow(clippy::too_many_arguments)]
pub(crate) fn text_centered<C>(
    img: &mut C,
    colour: C::Pixel,
    lang: Lang,
    cx: f32,
    cy: f32,
    em: f32,
    caps: bool,
    s: &str,
) where
    C: Canvas,
    <C::Pixel as Pixel>::Subpixel: Into<f32> + Clamp<f32>,
{
    let Some(ink) = ink_box(lang, em, s) else {
        return;
    };
    let (top, bottom) = if caps {
        let h = ink_box(Lang::En, em, "H").unwrap_or(ink);
        (h[1], h[3])
    } else {
        (ink[1], ink[3])
    };
    let x = cx - (ink[0] + ink[2]) / 2.0;
    let y = cy - (top + bottom) / 2.0;
    text(img, colour, lang, x, y + ascent(em), em, s);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_no_font_has_is_a_box_not_a_question_mark() {
        let draw = |s: &str| {
            let mut img = RgbImage::from_pixel(60, 30, Rgb([255, 255, 255]));
            text(&mut img, Rgb([0, 0, 0]), Lang::En, 4.0, 24.0, 20.0, s);
            img
        };
        let ink = |img: &RgbImage| img.pixels().filter(|p| p[0] < 128).count();
        let tofu = draw("\u{10FFFD}");
        let question = draw("?");
        // A box: ink on its edges, none in its middle.
        assert!(ink(&tofu) > 20);
        assert_ne!(tofu, question);
        let b = ink_box(Lang::En, 20.0, "\u{10FFFD}").unwrap();
        let (mx, my) = (4.0 + (b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
        assert_eq!(tofu.get_pixel(mx as u32, my as u32)[0], 255);
        // It takes room, so the text after it does not draw over it.
        assert!(text_width(Lang::En, 20.0, "a\u{10FFFD}") > text_width(Lang::En, 20.0, "a"));
    }

    #[test]
    fn fit_shortens_with_an_ellipsis() {
        let long = "a very long player name that cannot fit";
        for max in (40..=300).step_by(7).map(|m| m as f32) {
            let s = fit(Lang::En, 16.0, long, max);
            assert!(
                text_width(Lang::En, 16.0, &s) <= max,
                "{s} is wider than {max}"
            );
            let kept = s.strip_suffix('…').expect("shortened with an ellipsis");
            assert!(long.starts_with(kept) && !kept.ends_with(' '), "{s}");
            // The longest that fits: keeping up to the next letter (past any spaces the cut
            // trimmed) would not fit.
            let rest = &long[kept.len()..];
            let next = rest.find(|c: char| c != ' ').unwrap() + 1;
            let longer = format!("{}…", &long[..kept.len() + next]);
            assert!(
                text_width(Lang::En, 16.0, &longer) > max,
                "{s} was trimmed too far: {longer} fits in {max}"
            );
        }
        assert_eq!(fit(Lang::En, 16.0, "ann", 120.0), "ann");
        assert_eq!(
            fit(Lang::En, 16.0, long, text_width(Lang::En, 16.0, long)),
            long
        );
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
