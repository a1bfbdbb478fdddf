//! A cache of evaluations by Zobrist hash: the search evaluates the same positions again and
//! again (every iteration revisits the last one's leaves), and the placement part of the
//! evaluation depends on the hash alone (the no-capture clock is applied after).

use super::score::Value;

/// Slots in the cache (a power of two): two megabytes.
const SLOTS: usize = 1 << 18;

/// One word per slot: the hash's upper 48 bits (the slot index holds the lower 16) and the
/// value as 16 bits. Zero is an empty slot.
pub struct EvalCache {
    slots: Vec<u64>,
}

const VALUE_BITS: u64 = 0xFFFF;

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![0; SLOTS],
        }
    }
}

impl EvalCache {
    #[inline]
    fn index(hash: u64) -> usize {
        (hash as usize) & (SLOTS - 1)
    }

    /// The value stored for `hash`, if any.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<Value> {
        let e = self.slots[Self::index(hash)];
        (e != 0 && (e ^ hash) & !VALUE_BITS == 0).then_some(Value::from(e as u16 as i16))
    }

    /// Remembers `value` for `hash` (values outside 16 bits are not kept).
    #[inline]
    pub fn put(&mut self, hash: u64, value: Value) {
        if let Ok(v) = i16::try_from(value) {
            self.slots[Self::index(hash)] = (hash & !VALUE_BITS) | u64::from(v as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_put_and_only_for_the_same_hash() {
        let mut c = EvalCache::default();
        let h = 0x1234_5678_9ABC_DEF0;
        assert_eq!(c.get(h), None);
        c.put(h, -321);
        assert_eq!(c.get(h), Some(-321));
        // Same slot, other upper bits: a miss, then it replaces.
        let other = h ^ (1 << 40);
        assert_eq!(c.get(other), None);
        c.put(other, 77);
        assert_eq!(c.get(other), Some(77));
        assert_eq!(c.get(h), None);
        // Too large for 16 bits: not kept.
        c.put(h, 40_000);
        assert_eq!(c.get(h), None);
    }
}
