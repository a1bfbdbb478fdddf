//! A zlib stream for an image's rows, made for boards: a board is flat colour and lines, so
//! nearly every stretch of a row repeats the row above it or the pixel before it. The matcher
//! tries only those two distances (no hash tables, no window search), which takes a fraction of
//! the time a general compressor needs, and a block with codes fitted to each part of the image
//! keeps the output about as small as zlib's fast levels make it. Parts are compressed apart
//! and joined (see [`Part`]), so that a part kept from an earlier image is not made again.

use std::cell::RefCell;

use super::huffman;

/// Deflate's shortest and longest match.
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
/// The end-of-block symbol, and the first length symbol.
const END: usize = 256;
const LITLEN_SYMBOLS: usize = 286;
const DIST_SYMBOLS: usize = 30;

/// Base lengths and extra bits of length symbols 257..=285 (RFC 1951, 3.2.5).
const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Base distances and extra bits of distance symbols 0..=29.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which the code-length code's lengths are sent.
const CLEN_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// `LEN_SYMBOL[len]`: the index into `LEN_BASE` for a match of `len` bytes (3..=258).
static LEN_SYMBOL: [u8; MAX_MATCH + 1] = {
    let mut t = [0u8; MAX_MATCH + 1];
    let mut s = 0;
    while s < 29 {
        let end = if s == 28 {
            MAX_MATCH + 1
        } else {
            LEN_BASE[s + 1] as usize
        };
        let mut len = LEN_BASE[s] as usize;
        while len < end && len <= MAX_MATCH {
            t[len] = s as u8;
            len += 1;
        }
        s += 1;
    }
    // 258 has a symbol of its own (285), not 284's last extra value.
    t[MAX_MATCH] = 28;
    t
};

fn dist_symbol(dist: usize) -> usize {
    DIST_BASE.partition_point(|&b| b as usize <= dist) - 1
}

/// One step of the stream: a byte as it is, or a copy of `len` bytes from `dist` back.
#[derive(Clone, Copy)]
enum Token {
    Literal(u8),
    Copy { len: u16, dist: u16 },
}

/// Rows compressed on their own, to be joined with others by [`zlib`]: the tokens as one
/// non-final block, then an empty stored block that ends it on a byte boundary (what zlib's
/// sync flush writes), so that parts made apart, at any time and on any thread, join by
/// putting their bytes one after another. A part's matches never reach before its first row.
pub(crate) struct Part {
    bytes: Box<[u8]>,
    /// The Adler-32 of the rows with their filter bytes, and how many bytes those are.
    adler: u32,
    len: usize,
}

/// `pixels`, rows of `width` bytes, each written with filter type 0 (none) before it, as a
/// [`Part`].
pub(crate) fn part(pixels: &[u8], width: usize) -> Part {
    thread_local! {
        /// The rows with their filter bytes, the tokens and the bits written (copied out at
        /// their size once the part is done): kept by each thread that draws rather than asked
        /// of the allocator every time.
        static SCRATCH: RefCell<(Vec<u8>, Vec<Token>, Vec<u8>)> =
            const { RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
    }
    SCRATCH.with_borrow_mut(|(data, tokens, bytes)| {
        with_filter_bytes(pixels, width, data);
        find_tokens(data, width + 1, tokens);
        bytes.clear();
        // Room for the longest token (48 bits) each: the hot loop never grows it.
        bytes.reserve(tokens.len() * 6 + 512);
        let mut out = Bits {
            bytes: std::mem::take(bytes),
            ..Bits::default()
        };
        block(tokens, false, &mut out);
        // An empty stored block: its 3 header bits, up to the byte, LEN 0 and NLEN !0.
        out.put(0, 3);
        out.flush();
        out.bytes.extend_from_slice(&[0, 0, 0xFF, 0xFF]);
        let part: Box<[u8]> = out.bytes.as_slice().into();
        *bytes = out.bytes;
        Part {
            bytes: part,
            adler: adler2::adler32_slice(data),
            len: data.len(),
        }
    })
}

/// The parts, in order, as one zlib stream (what a PNG's IDAT chunks hold).
pub(crate) fn zlib<'a>(parts: impl IntoIterator<Item = &'a Part> + Clone) -> Vec<u8> {
    let size: usize = parts.clone().into_iter().map(|p| p.bytes.len()).sum();
    let mut out = Vec::with_capacity(size + 11);
    // CMF: deflate, 32 KB window; FLG: fastest compression, check bits so that CMF·256+FLG is a
    // multiple of 31.
    out.extend_from_slice(&[0x78, 0x01]);
    let mut adler = 1;
    for p in parts {
        out.extend_from_slice(&p.bytes);
        adler = adler_join(adler, p.adler, p.len);
    }
    // The final block: stored and empty.
    out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    out.extend_from_slice(&adler.to_be_bytes());
    out
}

/// `rows` rows of `width` bytes, each written with filter type 0 (none) before it, as a zlib
/// stream of one part.
#[cfg(test)]
pub(crate) fn zlib_rows(pixels: &[u8], width: usize) -> Vec<u8> {
    zlib([&part(pixels, width)])
}

/// The Adler-32 of two byte strings one after the other, from the first's checksum and the
/// second's checksum and length: the sums `a` add (less the 1 each starts from), and the
/// second's `b` counts the first's `a` once for each of its bytes.
fn adler_join(first: u32, second: u32, len: usize) -> u32 {
    const MOD: u64 = 65_521;
    let (a1, b1) = (u64::from(first & 0xFFFF), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xFFFF), u64::from(second >> 16));
    let n = len as u64 % MOD;
    let a = (a1 + a2 + MOD - 1) % MOD;
    let b = (b1 + b2 + n * ((a1 + MOD - 1) % MOD)) % MOD;
    (b << 16 | a) as u32
}

fn with_filter_bytes(pixels: &[u8], width: usize, data: &mut Vec<u8>) {
    data.clear();
    for row in pixels.chunks(width.max(1)) {
        data.push(0);
        data.extend_from_slice(row);
    }
}

/// How many bytes from `at` equal those `dist` back, up to the longest match.
fn same(data: &[u8], at: usize, dist: usize) -> usize {
    let max = (data.len() - at).min(MAX_MATCH);
    let (a, b) = (&data[at..at + max], &data[at - dist..at - dist + max]);
    let mut n = 0;
    while n + 8 <= max {
        let x = u64::from_le_bytes(a[n..n + 8].try_into().unwrap_or_default());
        let y = u64::from_le_bytes(b[n..n + 8].try_into().unwrap_or_default());
        if x != y {
            return n + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && a[n] == b[n] {
        n += 1;
    }
    n
}

/// Greedy matching against the row above (`stride` back) and the byte before.
fn find_tokens(data: &[u8], stride: usize, out: &mut Vec<Token>) {
    out.clear();
    let mut at = 0;
    while at < data.len() {
        let starts = |dist: usize| {
            at >= dist
                && at + MIN_MATCH <= data.len()
                && data[at..at + MIN_MATCH] == data[at - dist..at - dist + MIN_MATCH]
        };
        let above = if starts(stride) {
            same(data, at, stride)
        } else {
            0
        };
        let run = if above < MAX_MATCH && starts(1) {
            same(data, at, 1)
        } else {
            0
        };
        let (len, dist) = if above >= run {
            (above, stride)
        } else {
            (run, 1)
        };
        if len >= MIN_MATCH {
            out.push(Token::Copy {
                len: len as u16,
                dist: dist as u16,
            });
            at += len;
        } else {
            out.push(Token::Literal(data[at]));
            at += 1;
        }
    }
}

/// The symbols of a token: its literal/length symbol, and its distance symbol if a copy.
fn symbols(t: Token) -> (usize, Option<usize>) {
    match t {
        Token::Literal(b) => (b as usize, None),
        Token::Copy { len, dist } => (
            END + 1 + LEN_SYMBOL[len as usize] as usize,
            Some(dist_symbol(dist as usize)),
        ),
    }
}

/// The tokens as one block with dynamic codes (RFC 1951, 3.2.7), the stream's last if `last`.
fn block(tokens: &[Token], last: bool, out: &mut Bits) {
    let mut lit_count = [0u32; LITLEN_SYMBOLS];
    let mut dist_count = [0u32; DIST_SYMBOLS];
    for &t in tokens {
        let (l, d) = symbols(t);
        lit_count[l] += 1;
        if let Some(d) = d {
            dist_count[d] += 1;
        }
    }
    lit_count[END] = 1;
    let lit_lens = huffman::lengths(&lit_count, 15);
    let mut dist_lens = huffman::lengths(&dist_count, 15);
    if dist_lens.iter().all(|&l| l == 0) {
        // No copies: one distance code of zero bits is allowed, but give it one bit for the
        // inflaters that insist on at least one code.
        dist_lens[0] = 1;
    }
    let hlit = 257.max(lit_lens.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let hdist = 1.max(dist_lens.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let mut all = lit_lens[..hlit].to_vec();
    all.extend_from_slice(&dist_lens[..hdist]);
    let runs = length_runs(&all);
    let mut clen_count = [0u32; 19];
    for &(sym, _) in &runs {
        clen_count[sym as usize] += 1;
    }
    let clen_lens = huffman::lengths(&clen_count, 7);
    let clen_codes = huffman::codes(&clen_lens);
    let hclen = 4.max(
        CLEN_ORDER
            .iter()
            .rposition(|&s| clen_lens[s] > 0)
            .map_or(0, |p| p + 1),
    );

    out.put(u64::from(last), 1); // the final block or not
    out.put(2, 2); // dynamic codes
    out.put((hlit - 257) as u64, 5);
    out.put((hdist - 1) as u64, 5);
    out.put((hclen - 4) as u64, 4);
    for &s in &CLEN_ORDER[..hclen] {
        out.put(u64::from(clen_lens[s]), 3);
    }
    for &(sym, extra) in &runs {
        let s = sym as usize;
        out.put(u64::from(clen_codes[s]), u32::from(clen_lens[s]));
        match sym {
            16 => out.put(u64::from(extra), 2),
            17 => out.put(u64::from(extra), 3),
            18 => out.put(u64::from(extra), 7),
            _ => {}
        }
    }

    // Each literal/length symbol's code and length in one word: (code << 8) | length.
    let lit_codes = huffman::codes(&lit_lens);
    let dist_codes = huffman::codes(&dist_lens);
    let lit: Vec<(u64, u32)> = (0..LITLEN_SYMBOLS)
        .map(|s| (u64::from(lit_codes[s]), u32::from(lit_lens[s])))
        .collect();
    // The hot loop keeps the bit buffer in locals, so that nothing goes through memory but the
    // bytes.
    let (mut acc, mut fill, bytes) = (out.acc, out.fill, &mut out.bytes);
    let mut put = |value: u64, bits: u32| {
        acc |= value << fill;
        fill += bits;
        if fill >= 32 {
            bytes.extend_from_slice(&(acc as u32).to_le_bytes());
            acc >>= 32;
            fill -= 32;
        }
    };
    for &t in tokens {
        match t {
            Token::Literal(b) => {
                let (code, bits) = lit[b as usize];
                put(code, bits);
            }
            Token::Copy { len, dist } => {
                let ls = LEN_SYMBOL[len as usize] as usize;
                let (code, bits) = lit[END + 1 + ls];
                let extra = u64::from(len - LEN_BASE[ls]);
                put(code | extra << bits, bits + u32::from(LEN_EXTRA[ls]));
                let ds = dist_symbol(dist as usize);
                let (code, bits) = (u64::from(dist_codes[ds]), u32::from(dist_lens[ds]));
                let extra = u64::from(dist - DIST_BASE[ds]);
                put(code | extra << bits, bits + u32::from(DIST_EXTRA[ds]));
            }
        }
    }
    let (code, bits) = lit[END];
    put(code, bits);
    (out.acc, out.fill) = (acc, fill);
}

/// Code lengths as the code-length alphabet: 0-15 as they are, 16 repeats the last length 3-6
/// times, 17 and 18 are 3-10 and 11-138 zeros; each with its extra bits' value.
fn length_runs(lens: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lens.len() {
        let l = lens[i];
        let mut n = 1;
        while i + n < lens.len() && lens[i + n] == l {
            n += 1;
        }
        i += n;
        if l == 0 {
            while n >= 11 {
                let k = n.min(138);
                out.push((18, (k - 11) as u8));
                n -= k;
            }
            if n >= 3 {
                out.push((17, (n - 3) as u8));
                n = 0;
            }
        } else {
            out.push((l, 0));
            n -= 1;
            while n >= 3 {
                let k = n.min(6);
                out.push((16, (k - 3) as u8));
                n -= k;
            }
        }
        out.extend(std::iter::repeat_n((l, 0), n));
    }
    out
}

/// Bits written first-bit-lowest, as deflate packs them.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    acc: u64,
    fill: u32,
}

impl Bits {
    /// Appends the low `bits` bits of `value` (at most 32).
    #[inline(always)]
    fn put(&mut self, value: u64, bits: u32) {
        self.acc |= value << self.fill;
        self.fill += bits;
        if self.fill >= 32 {
            self.bytes
                .extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.fill -= 32;
        }
    }

    fn flush(&mut self) {
        while self.fill > 0 {
            self.bytes.push(self.acc as u8);
            self.acc >>= 8;
            self.fill = self.fill.saturating_sub(8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn inflate(z: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(z)
            .read_to_end(&mut out)
            .expect("a valid zlib stream");
        out
    }

    #[test]
    fn length_symbols_cover_every_length() {
        for (len, &s) in LEN_SYMBOL.iter().enumerate().skip(MIN_MATCH) {
            let s = s as usize;
            let base = LEN_BASE[s] as usize;
            assert!(base <= len && len - base < 1 << LEN_EXTRA[s], "{len}");
        }
        for dist in 1..=32768usize {
            let s = dist_symbol(dist);
            let base = DIST_BASE[s] as usize;
            assert!(base <= dist && dist - base < 1 << DIST_EXTRA[s], "{dist}");
        }
    }

    #[test]
    fn rows_come_back_as_they_went_in() {
        let width = 37;
        let mut seed = 7u32;
        let mut noise = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![5; width],
            vec![9; width * 40],
            (0..width * 30).map(|_| noise() as u8).collect(),
            // Runs, repeated rows and noise mixed, and a row of a single other byte.
            (0..width * 50)
                .map(|i| match (i / width) % 5 {
                    0 | 1 => (i % width / 6) as u8,
                    2 => noise() as u8 & 3,
                    3 => 200,
                    _ => (i % 3) as u8,
                })
                .collect(),
        ];
        for pixels in &cases {
            let z = zlib_rows(pixels, width);
            let mut filtered = Vec::new();
            with_filter_bytes(pixels, width, &mut filtered);
            assert_eq!(inflate(&z), filtered);
        }
        // Parts made apart join into one stream (its Adler-32 checked by the inflater).
        let parts: Vec<Part> = cases.iter().map(|p| part(p, width)).collect();
        let mut filtered = Vec::new();
        for pixels in &cases {
            let mut rows = Vec::new();
            with_filter_bytes(pixels, width, &mut rows);
            filtered.extend(rows);
        }
        assert_eq!(inflate(&zlib(&parts)), filtered);
        // In another order too: a part does not lean on the one before it.
        let mut two = Vec::new();
        for pixels in [&cases[4], &cases[1]] {
            let mut rows = Vec::new();
            with_filter_bytes(pixels, width, &mut rows);
            two.extend(rows);
        }
        assert_eq!(inflate(&zlib([&parts[4], &parts[1]])), two);
    }

    #[test]
    fn joined_checksums_are_the_checksum_of_the_whole() {
        let data: Vec<u8> = (0..200_000u32)
            .map(|i| (i * 7 % 251) as u8 ^ 0xA5)
            .collect();
        for cut in [0, 1, 5_551, 65_521, 131_042, 199_999, 200_000] {
            let (a, b) = data.split_at(cut);
            assert_eq!(
                adler_join(adler2::adler32_slice(a), adler2::adler32_slice(b), b.len()),
                adler2::adler32_slice(&data),
                "cut at {cut}"
            );
        }
    }
}
