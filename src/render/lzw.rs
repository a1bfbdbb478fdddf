//! GIF's LZW compression for 8-bit pixels. Replay frames are mostly long runs of the
//! transparent index, so runs take a shortcut: LZW lets the encoder emit any code the decoder
//! knows, so a run of one byte is emitted as the longest known run code of that byte without
//! walking the table pixel by pixel. Everything else is the usual greedy match on a flat table.

/// Codes 0..=255 are the pixels themselves.
const CLEAR: u16 = 256;
const END: u16 = 257;
const FIRST_FREE: u16 = 258;
const MAX_CODES: u16 = 4096;
const MIN_CODE_SIZE: u8 = 8;
/// Runs at least this long skip the table walk.
const RUN_SHORTCUT: usize = 8;

/// An encoder whose tables are kept between frames.
pub(crate) struct Lzw {
    /// `next[prefix << 8 | byte]` is the code for prefix + byte, or 0 when there is none yet
    /// (0 is never a valid code for a string longer than one pixel).
    next: Vec<u16>,
    /// Entries of `next` set since the last reset, so that a reset clears only those.
    used: Vec<u32>,
    /// `runs[b][k - 1]` is the code for `k` pixels of value `b`.
    runs: Vec<Vec<u16>>,
    free: u16,
    /// The last code emitted and, if its string is a run, the run's byte and length.
    prev: Option<(u16, Option<(u8, usize)>)>,
}

impl Lzw {
    pub fn new() -> Lzw {
        Lzw {
            next: vec![0; (MAX_CODES as usize) << 8],
            used: Vec::with_capacity(MAX_CODES as usize),
            runs: (0..=255u16).map(|b| vec![b]).collect(),
            free: FIRST_FREE,
            prev: None,
        }
    }

    fn reset(&mut self) {
        for &i in &self.used {
            self.next[i as usize] = 0;
        }
        self.used.clear();
        for (b, run) in self.runs.iter_mut().enumerate() {
            run.truncate(1);
            run[0] = b as u16;
        }
        self.free = FIRST_FREE;
        self.prev = None;
    }

    /// Appends the minimum code size byte and the compressed `data` (the form
    /// `gif::Encoder::write_lzw_pre_encoded_frame` takes).
    pub fn encode(&mut self, data: &[u8], out: &mut Vec<u8>) {
        out.push(MIN_CODE_SIZE);
        let mut bits = Bits {
            out,
            acc: 0,
            n: 0,
            width: MIN_CODE_SIZE as u32 + 1,
        };
        bits.put(CLEAR);
        self.reset();
        let (mut pos, mut run_end) = (0, 0);
        while pos < data.len() {
            let b = data[pos];
            self.learn(&mut bits, b);
            if pos >= run_end {
                run_end = pos + data[pos..].iter().take_while(|&&x| x == b).count();
            }
            let run = run_end - pos;
            // Where the greedy walk starts: at `pos` itself, or, inside a long run, with the
            // longest known run code; a code that covers the rest of the run walks on greedily,
            // so that strings crossing the run's end get used.
            let (mut code, mut end) = (b as u16, pos + 1);
            if run >= RUN_SHORTCUT {
                let k = run.min(self.runs[b as usize].len());
                (code, end) = (self.runs[b as usize][k - 1], pos + k);
                if k < run {
                    self.emit(&mut bits, code, Some((b, k)));
                    pos = end;
                    continue;
                }
            }
            while let Some(&next) = data.get(end) {
                let c = self.next[(code as usize) << 8 | next as usize];
                if c == 0 {
                    break;
                }
                code = c;
                end += 1;
            }
            let len = end - pos;
            self.emit(&mut bits, code, (len <= run).then_some((b, len)));
            pos = end;
        }
        bits.put(END);
        bits.flush();
    }

    /// Before the next code, whose string starts with `first`: adds the entry the decoder will
    /// add on reading it (the previous string followed by `first`), or starts the table afresh
    /// when it is full.
    fn learn(&mut self, bits: &mut Bits<'_>, first: u8) {
        let Some((prev, prev_run)) = self.prev else {
            return;
        };
        if self.free >= MAX_CODES {
            bits.put(CLEAR);
            self.reset();
            bits.width = MIN_CODE_SIZE as u32 + 1;
            return;
        }
        let i = (prev as usize) << 8 | first as usize;
        if self.next[i] == 0 {
            self.next[i] = self.free;
            self.used.push(i as u32);
        }
        if let Some((pb, m)) = prev_run
            && pb == first
            && self.runs[pb as usize].len() == m
        {
            self.runs[pb as usize].push(self.free);
        }
        self.free += 1;
        // The decoder learns each code one step later, so it widens when `free` passes a power
        // of two, not when it reaches it.
        if self.free as u32 > 1 << bits.width && bits.width < 12 {
            bits.width += 1;
        }
    }

    fn emit(&mut self, bits: &mut Bits<'_>, code: u16, run: Option<(u8, usize)>) {
        bits.put(code);
        self.prev = Some((code, run));
    }
}

/// Codes packed least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
    width: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, code: u16) {
        self.acc |= (code as u64) << self.n;
        self.n += self.width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn flush(&mut self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.acc = 0;
        self.n = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with the `gif` crate's own decoder by wrapping the data in a one-frame GIF.
    fn round_trip(data: &[u8], w: u16, h: u16) -> Vec<u8> {
        let mut lzw = Lzw::new();
        let mut packed = Vec::new();
        lzw.encode(data, &mut packed);
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut file = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut file, w, h, &palette).unwrap();
            let frame = gif::Frame {
                width: w,
                height: h,
                buffer: std::borrow::Cow::Owned(packed),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut d = opts.read_info(&file[..]).unwrap();
        d.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    #[test]
    fn decodes_back_to_the_input() {
        // Runs, noise (which fills the table and forces clears) and every byte value.
        let mut data = vec![255u8; 5000];
        let mut x = 12345u32;
        data.extend((0..60_000).map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        }));
        data.extend(0..=255u8);
        data.extend(std::iter::repeat_n(7u8, 15_000));
        data.truncate(400 * 200);
        data.resize(400 * 200, 3);
        assert_eq!(round_trip(&data, 400, 200), data);
        assert_eq!(round_trip(&[9], 1, 1), vec![9]);
        // Runs of every length mixed with single pixels, long enough to fill the table often.
        let mut runs = Vec::new();
        while runs.len() < 500 * 400 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let (b, len) = ((x >> 16) as u8 % 6, (x >> 24) as usize % 40 + 1);
            runs.extend(std::iter::repeat_n(b, len));
        }
        runs.truncate(500 * 400);
        assert_eq!(round_trip(&runs, 500, 400), runs);
    }
}
