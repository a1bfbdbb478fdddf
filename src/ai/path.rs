//! The positions before the current node: the game so far, then the search path. A small
//! count of the hashes by their low bits answers most repetition checks without a scan.

/// Slots of the filter (a power of two).
const SLOTS: usize = 1 << 12;

pub struct Path {
    hashes: Vec<u64>,
    /// How many hashes on the path fall in each slot.
    seen: Box<[u16; SLOTS]>,
}

impl Default for Path {
    fn default() -> Self {
        Path {
            hashes: Vec::with_capacity(256),
            seen: Box::new([0; SLOTS]),
        }
    }
}

#[inline]
fn slot(hash: u64) -> usize {
    (hash as usize) & (SLOTS - 1)
}

impl Path {
    /// Starts over from the game's positions (oldest first).
    pub fn reset(&mut self, history: &[u64]) {
        self.hashes.clear();
        self.seen.fill(0);
        for &h in history {
            self.push(h);
        }
    }

    #[inline]
    pub fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
        self.seen[slot(hash)] += 1;
    }

    #[inline]
    pub fn pop(&mut self) {
        if let Some(h) = self.hashes.pop() {
            self.seen[slot(h)] -= 1;
        }
    }

    /// Whether `hash` (with `clock` half-moves since the last capture) occurred on the path
    /// an even number of plies back, within the clock: the same side to move, no capture since.
    #[inline]
    pub fn repeats(&self, hash: u64, clock: u16) -> bool {
        if self.seen[slot(hash)] == 0 {
            return false;
        }
        let n = self.hashes.len();
        let clock = usize::from(clock).min(n);
        let recent = &self.hashes[n - clock..];
        let mut k = recent.len();
        while k >= 2 {
            k -= 2;
            if recent[k] == hash {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Position;

    #[test]
    fn repetitions_count_only_since_the_last_capture() {
        let start = Position::start();
        let mut path = Path::default();
        let mut p = start;
        for m in ["G7 G6", "A3 A4", "G6 G7", "A4 A3"] {
            path.push(p.hash());
            p.play(m.parse().unwrap()).unwrap();
        }
        assert_eq!(p.hash(), start.hash());
        assert!(path.repeats(p.hash(), p.halfmove_clock()));
        // The same pieces after a capture (clock 0) are no repetition.
        assert!(!path.repeats(p.hash(), 0));
        // Three plies back is the other side to move: no repetition.
        let mut odd = Path::default();
        odd.reset(&[start.hash(), 1, 2]);
        assert!(!odd.repeats(start.hash(), 10));
        odd.push(3);
        assert!(odd.repeats(start.hash(), 10));
    }

    #[test]
    fn the_filter_forgets_popped_and_reset_hashes() {
        let mut path = Path::default();
        path.reset(&[7, 8]);
        path.push(7 + SLOTS as u64);
        path.pop();
        path.pop();
        // 7 is two plies back again and still counted; 8 was popped.
        path.push(9);
        assert!(path.repeats(7, 10));
        assert!(!path.repeats(8, 10));
        path.reset(&[]);
        assert!(!path.repeats(7, 10));
    }
}
