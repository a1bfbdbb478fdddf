//! The transposition table: search results keyed by the Zobrist hash (mixed with the
//! no-capture clock near the draw, where the clock changes the result).

use engine::{Move, Position, Square};

use super::score::{Value, WIN_BOUND};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the stored one (a beta cut-off).
    Lower,
    /// The true value is at most the stored one (no move raised alpha).
    Upper,
}

/// One entry: the key, and the data packed in a second word (so that the table is
/// allocated zeroed, without writing it).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u16,
    value: i16,
    depth: i8,
    /// 0: empty, 1 + Bound.
    bound: u8,
    /// The search that stored it (see [`Table::new_search`]).
    age: u8,
}

impl Entry {
    fn unpack(w: [u64; 2]) -> Entry {
        let d = w[1];
        Entry {
            key: w[0],
            mv: d as u16,
            value: (d >> 16) as u16 as i16,
            depth: (d >> 32) as u8 as i8,
            bound: (d >> 40) as u8,
            age: (d >> 48) as u8,
        }
    }

    fn pack(self) -> [u64; 2] {
        let d = u64::from(self.mv)
            | u64::from(self.value as u16) << 16
            | u64::from(self.depth as u8) << 32
            | u64::from(self.bound) << 40
            | u64::from(self.age) << 48;
        [self.key, d]
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Option<Move>,
    pub value: Value,
    pub depth: i32,
    pub bound: Bound,
}

/// Buckets of two entries (four words, within one cache line): one kept for depth, one
/// always replaced.
pub struct Table {
    /// Allocated zeroed (fast: no pages are written), with room to align the buckets.
    words: Vec<u64>,
    /// Index of the first word of bucket 0 (aligned to 32 bytes).
    offset: usize,
    /// Number of buckets - 1.
    mask: usize,
    /// Counts the searches that used the table: an entry from an earlier search gives way in
    /// the slot kept for depth, however deep it was.
    age: u8,
}

/// From this clock on, positions with different clocks are stored apart.
const CLOCK_KEYED_FROM: u16 = 60;

/// The table key of a position.
#[inline]
pub fn key(pos: &Position) -> u64 {
    let clock = pos.halfmove_clock();
    let h = pos.hash();
    if clock < CLOCK_KEYED_FROM {
        h
    } else {
        h ^ u64::from(clock)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(17)
    }
}

fn encode(mv: Move) -> u16 {
    (mv.from.index() as u16) << 6 | mv.to.index() as u16
}

fn decode(code: u16) -> Option<Move> {
    if code == 0 {
        return None;
    }
    Some(Move::new(
        Square::new((code >> 6) as u8)?,
        Square::new((code & 63) as u8)?,
    ))
}

/// Win scores are stored relative to the node, not the root.
fn to_stored(v: Value, ply: usize) -> i16 {
    let v = if v >= WIN_BOUND {
        v + ply as Value
    } else if v <= -WIN_BOUND {
        v - ply as Value
    } else {
        v
    };
    v as i16
}

fn from_stored(v: i16, ply: usize) -> Value {
    let v = Value::from(v);
    if v >= WIN_BOUND {
        v - ply as Value
    } else if v <= -WIN_BOUND {
        v + ply as Value
    } else {
        v
    }
}

impl Table {
    /// A table of at most `mb` megabytes (at least a few thousand buckets).
    pub fn new(mb: usize) -> Table {
        let want = (mb.max(1) << 20) / 32;
        let buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        }
        .max(1 << 11);
        let words = vec![0u64; buckets * 4 + 4];
        let misalign = (words.as_ptr() as usize / 8) % 4;
        Table {
            offset: (4 - misalign) % 4,
            words,
            mask: buckets - 1,
            age: 0,
        }
    }

    /// Marks what is stored from now on as the new search's: the entries of earlier searches
    /// are still found, but no longer keep their slot by depth alone.
    /// Touches every page of the table, so that the operating system maps it now (a zeroed
    /// allocation is mapped page by page on first use, which would slow the first search).
    pub fn prefault(&mut self) {
        const PAGE_WORDS: usize = 4096 / 8;
        for i in (0..self.words.len()).step_by(PAGE_WORDS) {
            // The word stored back as it was, through a value the compiler cannot see (a
            // store of zero into zeroed memory may be left out): what the table holds stays.
            self.words[i] = std::hint::black_box(self.words[i]);
        }
    }

    /// Empties every bucket; the memory stays mapped.
    pub fn clear(&mut self) {
        self.words.fill(0);
        self.age = 0;
    }

    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Index of the first word of the key's bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.offset + ((key as usize) & self.mask) * 4
    }

    #[inline]
    fn entry(&self, i: usize) -> Entry {
        Entry::unpack([self.words[i], self.words[i + 1]])
    }

    #[inline]
    fn set(&mut self, i: usize, e: Entry) {
        let [a, b] = e.pack();
        self.words[i] = a;
        self.words[i + 1] = b;
    }

    /// Asks the processor to bring the key's bucket into the cache before it is probed.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p = self.words.as_ptr().wrapping_add(self.bucket(key));
            // SAFETY: a prefetch is only a hint: it cannot fault and changes neither memory
            // nor the program's state, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = self.bucket(key);
        let bucket = &self.words[b..b + 4];
        // A slot matches on its key word; its data word is unpacked only then.
        let data = if bucket[0] == key && bucket[1] >> 40 != 0 {
            bucket[1]
        } else if bucket[2] == key && bucket[3] >> 40 != 0 {
            bucket[3]
        } else {
            return None;
        };
        let e = Entry::unpack([key, data]);
        Some(Hit {
            mv: decode(e.mv),
            value: from_stored(e.value, ply),
            depth: i32::from(e.depth),
            bound: match e.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        value: Value,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let b = self.bucket(key);
        let depth = depth.clamp(-1, 120) as i8;
        let first = self.entry(b);
        let slot = if first.key == key
            || first.bound == 0
            || depth >= first.depth
            || first.age != self.age
        {
            b
        } else {
            b + 2
        };
        let old = self.entry(slot);
        // Keep a known move when the new result has none.
        let mv = match mv {
            Some(m) => encode(m),
            None if old.key == key => old.mv,
            None => 0,
        };
        self.set(
            slot,
            Entry {
                key,
                mv,
                value: to_stored(value, ply),
                depth,
                bound: 1 + bound as u8,
                age: self.age,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::win_in;
    use engine::square::sq;

    #[test]
    fn stores_and_finds_with_wins_relative_to_the_node() {
        let mut t = Table::new(1);
        let mv = Move::new(sq::G7, sq::G6);
        t.store(42, 3, 5, win_in(7), Bound::Exact, Some(mv));
        let hit = t.probe(42, 1).unwrap();
        assert_eq!(hit.mv, Some(mv));
        assert_eq!(hit.value, win_in(5));
        assert_eq!(hit.depth, 5);
        assert_eq!(hit.bound, Bound::Exact);
        assert!(t.probe(43, 1).is_none());
        t.store(42, 0, 2, -30, Bound::Upper, None);
        let hit = t.probe(42, 0).unwrap();
        assert_eq!(
            (hit.mv, hit.value, hit.bound),
            (Some(mv), -30, Bound::Upper)
        );
    }

    /// A deep entry of an earlier search gives way to a shallow one of the current search;
    /// within one search the deeper entry keeps its slot. Both stay findable meanwhile.
    #[test]
    fn prefaulting_keeps_what_the_table_holds() {
        let mut t = Table::new(1);
        let buckets = t.mask as u64 + 1;
        // One entry a page apart, so that each touched word is one of theirs.
        let keys: Vec<u64> = (0..buckets).step_by(16).collect();
        for &k in &keys {
            t.store(k, 0, 4, k as i32, Bound::Exact, None);
        }
        t.prefault();
        for &k in &keys {
            assert_eq!(t.probe(k, 0).map(|h| h.value), Some(k as i32), "key {k}");
        }
    }

    #[test]
    fn a_cleared_table_holds_nothing() {
        let mut t = Table::new(1);
        for k in 0..64u64 {
            t.store(k, 0, 4, 7, Bound::Exact, None);
        }
        assert!(t.probe(5, 0).is_some());
        t.clear();
        assert!((0..64u64).all(|k| t.probe(k, 0).is_none()));
        t.store(9, 0, 3, 2, Bound::Exact, None);
        assert_eq!(t.probe(9, 0).map(|h| h.value), Some(2));
    }

    #[test]
    fn old_searches_give_way_in_the_depth_slot() {
        let mut t = Table::new(1);
        let buckets = t.mask as u64 + 1;
        let (a, b, c) = (5, 5 + buckets, 5 + 2 * buckets);
        t.store(a, 0, 9, 10, Bound::Exact, None);
        t.store(b, 0, 2, 20, Bound::Exact, None);
        assert_eq!(t.probe(a, 0).map(|h| h.depth), Some(9));
        assert_eq!(t.probe(b, 0).map(|h| h.depth), Some(2));
        // Same search: the shallow newcomer takes the always-replaced slot.
        t.store(c, 0, 3, 30, Bound::Exact, None);
        assert!(t.probe(a, 0).is_some() && t.probe(b, 0).is_none());
        t.new_search();
        assert_eq!(t.probe(a, 0).map(|h| h.value), Some(10));
        t.store(b, 0, 1, 40, Bound::Exact, None);
        assert!(t.probe(a, 0).is_none(), "the old deep entry gave way");
        assert_eq!(t.probe(b, 0).map(|h| h.value), Some(40));
        assert_eq!(t.probe(c, 0).map(|h| h.value), Some(30));
    }

    #[test]
    fn clock_separates_positions_near_the_draw() {
        let a: Position = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 10 1"
            .parse()
            .unwrap();
        let b: Position = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 20 1"
            .parse()
            .unwrap();
        let c: Position = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 90 1"
            .parse()
            .unwrap();
        assert_eq!(key(&a), key(&b));
        assert_ne!(key(&a), key(&c));
    }
}
