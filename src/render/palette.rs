//! The fixed palette of every board PNG and replay GIF: 255 colours in a table, the 256th index
//! left for transparent GIF pixels, and the lookup from a colour to its index, built once from
//! the table. Nothing is drawn to make it.
//!
//! The theme's flat colours come first and map to themselves exactly; the rest are the
//! anti-aliased edge colours the drawings use most. They were chosen by counting the colours of
//! sample drawings with [`learn`]; the test `board::tests::the_palette_is_what_the_drawings_use`
//! counts again and prints a new table when the look has changed.

use std::sync::LazyLock;

use image::RgbImage;

/// The index left out of the palette, for transparent GIF pixels.
pub(crate) const TRANSPARENT: u8 = 255;

/// How many of the first [`COLOURS`] are flat colours, which must come out exactly.
pub(crate) const FLAT: usize = 36;

/// The palette as `0xRRGGBB`, by index: the flat colours, then the edge colours by use.
pub(crate) const COLOURS: [u32; TRANSPARENT as usize] = [
    // Flat: frame, bar, grid, the sides' tile faces, the washed-out faces, the den centres,
    // white, Jade's ink and outline, frame text, result text, the winner and draw pills, then
    // land, water, trap and den, each plain, under each tint and under the selection mark.
    0x272B34, 0x343944, 0xB09C74, 0xBEE4D0, 0x9C1828, 0xA6B5AD, 0x98646A, 0x116345, 0x931E2A,
    0xFFFFFF, 0x0C543A, 0x16845C, 0xE2E6EE, 0xFFD25A, 0xC48E14, 0x606878, 0xEEE2C0, 0xF7DB6C,
    0xF89C65, 0x6DB1E9, 0x4B7CCE, 0x4A96D4, 0xAEB975, 0xB77E6D, 0x3496F0, 0x2269D3, 0xCEB280,
    0xE9C650, 0xEB894B, 0x62A0D3, 0x4370BE, 0x684A30, 0xBB972C, 0xC3602B, 0x3E7BB7, 0x2956AA,
    // Edges, most used first.
    0xB4515D, 0x568D79, 0x65101A, 0x785832, 0xFEFEFE, 0x96C8F0, 0xD3C4A3, 0xB18A8F, 0x85663E,
    0x3D80BB, 0x634145, 0x6AB496, 0x2956A9, 0x2084BE, 0x94A235, 0xA06A34, 0xD44E29, 0x4D6CB4,
    0xCE8329, 0xA68E66, 0xBEB296, 0xBCA275, 0xD9CDAE, 0xC57D51, 0xE28F5C, 0x4B7CCD, 0xE1E5ED,
    0x7EA193, 0x4370BD, 0x947E5A, 0xA99E84, 0xAF7049, 0x94754B, 0xA28458, 0x86673F, 0xC8AB7A,
    0x64A6DF, 0xEBCE5F, 0xED9059, 0xBA9D6E, 0xEDE1BF, 0xAC8E61, 0xA8B0BE, 0xD0D082, 0x4480B7,
    0xC29D2D, 0xC9652C, 0xB09365, 0xCE8C94, 0x62A6DD, 0x8AC0EC, 0xFED159, 0x4985BB, 0x276A51,
    0xEFDADD, 0xA73240, 0xC8A432, 0xCE6B31, 0xB4505C, 0xA7AFBD, 0xB5525E, 0xBF6973, 0x24634C,
    0xEEE6E7, 0xA22635, 0xEFD9DC, 0x4FA8FA, 0xD59278, 0x9D1A2A, 0xBC9A9E, 0x135CAF, 0x344BA8,
    0x6DB0E9, 0xF89C64, 0x75593E, 0x8E1625, 0x9D1B2B, 0xEEE1BF, 0xA83442, 0x4F99D6, 0x509AD6,
    0x549CD8, 0x569ED9, 0x7EB8E7, 0x84BCE9, 0xAB9369, 0xC4B89C, 0x579ED9, 0xBE6873, 0xBDE3CF,
    0xA4767B, 0x9F202F, 0xB85965, 0xFED15A, 0xBCE3CF, 0x48506D, 0xCC8154, 0x286B52, 0x7F5F38,
    0x896941, 0x8D6E45, 0xAC8F62, 0xBEA171, 0xB1898E, 0x9B1828, 0xA9D3BE, 0xBB616C, 0xB28B8F,
    0xAB3B48, 0x739474, 0x91795C, 0x9D8669, 0xB19E7F, 0xB37267, 0xBDA375, 0xC2A778, 0xDACEAE,
    0xDFD3B3, 0xE9935F, 0xBA5E69, 0x4A7CCD, 0xBCE2CE, 0x99656B, 0x8AC6AC, 0xB14955, 0xB75762,
    0xB7DECA, 0xA02231, 0xD47136, 0xE38F5D, 0x9E6E73, 0xB59094, 0x9F8055, 0x4E8AC0, 0xB1B5BE,
    0xCFAA38, 0xE0E4EC, 0x353A45, 0x9C1929, 0x9FCBB6, 0x20644B, 0x68B395, 0x8B5B61, 0xA28B63,
    0xA7313F, 0xA9D8C2, 0xACDAC4, 0xB9AE92, 0xC17A4F, 0xC2B090, 0x73A791, 0xC57882, 0xD49BA2,
    0x49856D, 0xC2A34F, 0xADB1B9, 0xFEFDFD, 0x66A8DE, 0x7CB7E7, 0x7DB7E6, 0x7DB7E7, 0xBBE2CE,
    0x4986BC, 0x5390C5, 0x74B1E3, 0x74B2E3, 0x9B696F, 0xC9A432, 0xCF6B31, 0xD5B13E, 0xDA773B,
    0xFFE25A, 0x0E563C, 0x417E66, 0x7FB19B, 0xA73341, 0xFDFBFB, 0xCCD0D9, 0xF69B64, 0x787F8B,
    0x9C6B71, 0xA4777C, 0xB89599, 0xB8BCC5, 0xFDFCFC, 0x367FD3, 0x4B9B75, 0x5B98CC, 0x609DD0,
    0x74967B, 0x88919F, 0x916265, 0x97232F, 0x9CAFC7, 0xB9E0CC, 0xC0A677, 0xC7AC7B, 0xCAAF7D,
    0xCDB180, 0xDED2B2, 0xDEE2EA, 0xE5DAB9, 0xE6C34D, 0xE98649, 0xE9DDBC, 0x5D616C, 0x616670,
    0x6C707A, 0x6E737D, 0x9E1D2D, 0xB48E92, 0x6AA089, 0xB2DAC6, 0xDCE0E8, 0xEDD5D8, 0x2C6D55,
    0x12593F, 0x4A866E, 0x282C35,
];

/// The palette as `r g b` bytes for the PNG and GIF headers, 256 entries (the transparent one
/// black).
pub(crate) const BYTES: [u8; 768] = {
    let mut b = [0u8; 768];
    let mut i = 0;
    while i < COLOURS.len() {
        let [r, g, bl] = rgb(i);
        b[3 * i] = r;
        b[3 * i + 1] = g;
        b[3 * i + 2] = bl;
        i += 1;
    }
    b
};

/// Colour `i` of the palette.
pub(crate) const fn rgb(i: usize) -> [u8; 3] {
    let c = COLOURS[i];
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

/// The palette index of every 15-bit colour (5 bits a channel).
static LUT: LazyLock<Box<[u8]>> = LazyLock::new(build_lut);

const fn key(c: [u8; 3]) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

/// The image as palette indices, one byte a pixel: exact for the flat colours, the nearest
/// otherwise.
pub(crate) fn indices(img: &RgbImage) -> Vec<u8> {
    let lut = &**LUT;
    img.pixels().map(|p| lut[key(p.0)]).collect()
}

fn build_lut() -> Box<[u8]> {
    let colours: Vec<[u8; 3]> = (0..COLOURS.len()).map(rgb).collect();
    let mut lut = vec![0u8; 1 << 15].into_boxed_slice();
    for (k, slot) in lut.iter_mut().enumerate() {
        let centre = [
            ((k >> 10) as u8) << 3 | 4,
            (((k >> 5) & 31) as u8) << 3 | 4,
            ((k & 31) as u8) << 3 | 4,
        ];
        *slot = nearest(&colours, centre);
    }
    // The flat colours map to themselves exactly; the first listed wins a shared cell.
    for (i, c) in colours.iter().enumerate().take(FLAT).rev() {
        lut[key(*c)] = i as u8;
    }
    lut
}

fn nearest(colours: &[[u8; 3]], c: [u8; 3]) -> u8 {
    let dist = |p: &[u8; 3]| {
        let d = |i: usize| (p[i] as i32 - c[i] as i32).pow(2);
        // Weighted roughly by how much the eye cares about each channel.
        2 * d(0) + 4 * d(1) + 3 * d(2)
    };
    let best = colours
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| dist(p))
        .map_or(0, |(i, _)| i);
    best as u8
}

/// The palette sample drawings call for: the `flat` colours first (each once), then the other
/// colours of the `samples` by how many pixels show them, most first (ties by colour), until
/// the palette is full. How [`COLOURS`] was made.
#[cfg(test)]
pub(crate) fn learn(flat: &[[u8; 3]], samples: &[RgbImage]) -> Vec<[u8; 3]> {
    use std::collections::HashMap;

    let mut colours: Vec<[u8; 3]> = Vec::with_capacity(TRANSPARENT as usize);
    let push = |colours: &mut Vec<[u8; 3]>, c: [u8; 3]| {
        if colours.len() < TRANSPARENT as usize && !colours.contains(&c) {
            colours.push(c);
        }
    };
    for &c in flat {
        push(&mut colours, c);
    }
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for img in samples {
        for p in img.pixels() {
            *counts.entry(p.0).or_default() += 1;
        }
    }
    let mut by_use: Vec<_> = counts.into_iter().collect();
    by_use.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (c, _) in by_use {
        push(&mut colours, c);
    }
    colours
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(c: [u8; 3]) -> u8 {
        LUT[key(c)]
    }

    #[test]
    fn every_colour_once_and_the_flat_ones_exactly() {
        for i in 0..COLOURS.len() {
            assert!(
                !COLOURS[..i].contains(&COLOURS[i]),
                "colour {i} ({:06X}) repeats",
                COLOURS[i]
            );
        }
        for i in 0..FLAT {
            assert_eq!(index(rgb(i)) as usize, i, "flat colour {i}");
        }
        for (i, c) in BYTES.chunks(3).enumerate() {
            let want = if i < COLOURS.len() { rgb(i) } else { [0; 3] };
            assert_eq!(c, want, "entry {i}");
        }
    }
}
