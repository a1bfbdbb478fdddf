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
