//! Helpers shared by the image tests: decoding, colour checks, replay frames, golden files.
#![allow(dead_code)]

use std::path::PathBuf;

use image::{AnimationDecoder, Rgb, RgbImage};
use jungle::engine::terrain::{den_owner, is_water, trap_owner};
use jungle::render::{self, BoardOptions, layout, theme};
use jungle::{Move, Position, Square};

pub fn decode(png: &[u8]) -> RgbImage {
    let img = image::load_from_memory(png).expect("the PNG decodes");
    assert_eq!((img.width(), img.height()), (layout::WIDTH, layout::HEIGHT));
    img.to_rgb8()
}

pub fn draw(pos: &Position, opts: &BoardOptions) -> RgbImage {
    decode(&render::board_png(pos, opts))
}

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

pub fn near(a: Rgb<u8>, b: Rgb<u8>, tol: u8) -> bool {
    (0..3).all(|i| a[i].abs_diff(b[i]) <= tol)
}

#[track_caller]
pub fn assert_colour(img: &RgbImage, (x, y): (u32, u32), want: Rgb<u8>, what: &str) {
    let got = *img.get_pixel(x, y);
    assert!(
        near(got, want, 6),
        "{what}: pixel ({x}, {y}) is {got:?}, want {want:?}"
    );
}

pub fn terrain_colour(s: Square) -> Rgb<u8> {
    if is_water(s) {
        theme::WATER
    } else if den_owner(s).is_some() {
        theme::DEN
    } else if trap_owner(s).is_some() {
        theme::TRAP
    } else {
        theme::LAND
    }
}

pub fn count(img: &RgbImage, (x, y, w, h): (u32, u32, u32, u32), c: Rgb<u8>) -> usize {
    let mut n = 0;
    for yy in y..y + h {
        for xx in x..x + w {
            n += near(*img.get_pixel(xx, yy), c, 2) as usize;
        }
    }
    n
}

pub fn bar(y: u32) -> (u32, u32, u32, u32) {
    (0, y, layout::WIDTH, layout::BAR_H)
}

/// A legal game from the start, `n` half-moves long, from seeded random moves.
pub fn game(seed: u64, n: usize) -> Vec<Move> {
    let mut rng = crate::common::Rng(seed);
    let mut p = Position::start();
    let mut out = Vec::new();
    while out.len() < n {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        p.play(m).unwrap();
        out.push(m);
    }
    out
}

pub fn frames(gif: &[u8]) -> Vec<image::Frame> {
    let d =
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("the GIF decodes");
    d.into_frames()
        .collect_frames()
        .expect("every frame decodes")
}

pub fn board_area(img: &RgbImage) -> RgbImage {
    let y = layout::TOP_BAR_Y + layout::BAR_H;
    image::imageops::crop_imm(img, 0, y, layout::WIDTH, layout::BOTTOM_BAR_Y - y).to_image()
}

pub fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/render")
        .join(name)
}

/// Compares decoded pixels with the stored golden: every channel within 8, and at most one
/// pixel in a thousand further off. `JUNGLE_BLESS=1` writes the golden instead.
pub fn check_golden(name: &str, bytes: &[u8], frames_of: fn(&[u8]) -> Vec<RgbImage>) {
    let path = golden_path(name);
    if std::env::var_os("JUNGLE_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, bytes).unwrap();
        return;
    }
    let stored = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with JUNGLE_BLESS=1 to create it",
            path.display()
        )
    });
    let (want, got) = (frames_of(&stored), frames_of(bytes));
    assert_eq!(want.len(), got.len(), "{name}: frame count");
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        assert_eq!(w.dimensions(), g.dimensions(), "{name} frame {i}");
        let off = w
            .pixels()
            .zip(g.pixels())
            .filter(|(a, b)| !near(**a, **b, 8))
            .count();
        let allowed = (w.width() * w.height() / 1000) as usize;
        assert!(
            off <= allowed,
            "{name} frame {i}: {off} pixels differ (allowed {allowed}); if intended, re-bless"
        );
    }
}

pub fn png_frames(bytes: &[u8]) -> Vec<RgbImage> {
    vec![decode(bytes)]
}

pub fn gif_frames(bytes: &[u8]) -> Vec<RgbImage> {
    frames(bytes)
        .into_iter()
        .map(|f| image::DynamicImage::ImageRgba8(f.into_buffer()).to_rgb8())
        .collect()
}

/// Luma (ITU-R BT.601 weights on the sRGB values, as a greyscale conversion does), 0 to 255.
pub fn luma(p: Rgb<u8>) -> f64 {
    0.299 * p[0] as f64 + 0.587 * p[1] as f64 + 0.114 * p[2] as f64
}

/// The pixels of a square, grid lines left out, row by row.
pub fn square_pixels(img: &RgbImage, s: Square, flip: bool) -> Vec<Rgb<u8>> {
    let (x, y) = layout::origin(s, flip);
    let inner = 1..layout::SQUARE - 1;
    inner
        .clone()
        .flat_map(|dy| inner.clone().map(move |dx| (dx, dy)))
        .map(|(dx, dy)| *img.get_pixel(x + dx, y + dy))
        .collect()
}

/// The mean over two equally long pixel lists of `dist` between pixels at the same place.
pub fn mean_difference(
    a: &[Rgb<u8>],
    b: &[Rgb<u8>],
    dist: impl Fn(Rgb<u8>, Rgb<u8>) -> f64,
) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(p, q)| dist(*p, *q)).sum::<f64>() / a.len() as f64
}

/// How a deuteranope (no working green cones) sees a colour: the severity-1 matrix of Machado,
/// Oliveira and Fernandes (2009), applied to linear RGB.
pub fn deuteranope(p: Rgb<u8>) -> Rgb<u8> {
    const M: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let encode = |c: f64| {
        let c = c.clamp(0.0, 1.0);
        let s = if c <= 0.0031308 {
            12.92 * c
        } else {
            1.055 * c.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    };
    let l = [linear(p[0]), linear(p[1]), linear(p[2])];
    Rgb(M.map(|row| encode(row[0] * l[0] + row[1] * l[1] + row[2] * l[2])))
}

/// Straight-line distance between two colours in RGB, 0 to about 441.
pub fn rgb_distance(a: Rgb<u8>, b: Rgb<u8>) -> f64 {
    (0..3)
        .map(|i| (a[i] as f64 - b[i] as f64).powi(2))
        .sum::<f64>()
        .sqrt()
}
