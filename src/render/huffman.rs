//! Huffman codes for deflate: code lengths from symbol counts, no longer than a limit and
//! complete (every decoder accepts them), and the canonical codes those lengths stand for.

/// Code lengths for `counts` (0 for a symbol that never occurs), each at most `limit` bits.
/// The lengths form a complete code whenever a symbol occurs; a lone symbol gets a one-bit code
/// and a second (unused) symbol the other, as inflaters want a complete code.
pub(crate) fn lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut lens = vec![0u8; counts.len()];
    let mut used: Vec<usize> = (0..counts.len()).filter(|&s| counts[s] > 0).collect();
    match used.len() {
        0 => return lens,
        1 => {
            let other = usize::from(used[0] == 0);
            lens[used[0]] = 1;
            if other < lens.len() {
                lens[other] = 1;
            }
            return lens;
        }
        _ => {}
    }
    // Huffman's construction with two queues: the leaves sorted by count, then the joined nodes
    // in the order they were made (their weights never decrease).
    used.sort_by_key(|&s| (counts[s], s));
    let leaves = used.len();
    // Room for the joined nodes too, so that making them never reallocates.
    let mut weight: Vec<u64> = Vec::with_capacity(2 * leaves - 1);
    weight.extend(used.iter().map(|&s| u64::from(counts[s])));
    let mut parent = vec![usize::MAX; 2 * leaves - 1];
    let (mut leaf, mut joined) = (0, leaves);
    for node in leaves..2 * leaves - 1 {
        let mut pick = || {
            let take_leaf = leaf < leaves && (joined >= node || weight[leaf] <= weight[joined]);
            let at = if take_leaf { &mut leaf } else { &mut joined };
            *at += 1;
            *at - 1
        };
        let (a, b) = (pick(), pick());
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    // Depths from the root down (a parent is always made after its children).
    let mut depth = vec![0u32; 2 * leaves - 1];
    for node in (0..2 * leaves - 2).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    for (i, &s) in used.iter().enumerate() {
        lens[s] = depth[i].min(u32::from(limit)) as u8;
    }
    if depth[..leaves].iter().any(|&d| d > u32::from(limit)) {
        fit(&mut lens, &used, limit);
    }
    lens
}

/// Makes clamped lengths a complete code again: lengthens the rarest codes that are not yet at
/// the limit until the code is not over-full, then shortens the longest while room is left.
/// `used` lists the occurring symbols, rarest first.
fn fit(lens: &mut [u8], used: &[usize], limit: u8) {
    let full = 1u64 << limit;
    let unit = |l: u8| 1u64 << (limit - l);
    let mut kraft: u64 = used.iter().map(|&s| unit(lens[s])).sum();
    while kraft > full {
        // Lengthening a code of length l frees unit(l) / 2; the longest (below the limit) free
        // the least, which keeps the code close to optimal.
        let s = used
            .iter()
            .copied()
            .filter(|&s| lens[s] < limit)
            .max_by_key(|&s| lens[s])
            .expect("a code over-full at the limit has a code shorter than the limit");
        kraft -= unit(lens[s]) / 2;
        lens[s] += 1;
    }
    while kraft < full {
        // The room left is a multiple of the longest code's unit, so one always fits.
        let Some(s) = used
            .iter()
            .rev()
            .copied()
            .filter(|&s| lens[s] > 1 && kraft + unit(lens[s]) <= full)
            .max_by_key(|&s| lens[s])
        else {
            break;
        };
        kraft += unit(lens[s]);
        lens[s] -= 1;
    }
}

/// The canonical codes for `lens`, bit-reversed as deflate writes them (first bit lowest).
pub(crate) fn codes(lens: &[u8]) -> Vec<u16> {
    let max = lens.iter().copied().max().unwrap_or(0) as usize;
    let mut count = vec![0u16; max + 1];
    for &l in lens.iter().filter(|&&l| l > 0) {
        count[l as usize] += 1;
    }
    let mut next = vec![0u16; max + 2];
    for bits in 1..=max {
        next[bits + 1] = (next[bits] + count[bits]) << 1;
    }
    lens.iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let code = next[l as usize];
            next[l as usize] += 1;
            code.reverse_bits() >> (16 - l)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sum of 2^-length over the used codes, in units of 2^-15.
    fn kraft(lens: &[u8]) -> u64 {
        lens.iter()
            .filter(|&&l| l > 0)
            .map(|&l| 1u64 << (15 - l))
            .sum()
    }

    #[test]
    fn lengths_are_complete_and_favour_the_common() {
        let counts = [10, 1, 0, 5, 5, 100, 2, 0];
        let lens = lengths(&counts, 15);
        assert_eq!(kraft(&lens), 1 << 15);
        assert_eq!(lens[2], 0);
        assert_eq!(lens[7], 0);
        assert!(lens[5] <= lens[0] && lens[0] <= lens[1]);
        assert_eq!(lens[5], 1);
    }

    #[test]
    fn skewed_counts_stay_within_the_limit_and_complete() {
        // Fibonacci counts give a Huffman tree as deep as there are symbols.
        let mut counts = vec![1u32, 1];
        while counts.len() < 30 {
            let n = counts.len();
            counts.push(counts[n - 1] + counts[n - 2]);
        }
        for limit in [7u8, 15] {
            let lens = lengths(&counts, limit);
            assert!(lens.iter().all(|&l| (1..=limit).contains(&l)), "{lens:?}");
            let full = 1u64 << limit;
            let sum: u64 = lens.iter().map(|&l| 1u64 << (limit - l)).sum();
            assert_eq!(sum, full, "{lens:?}");
            // The commonest symbol keeps the shortest code.
            assert_eq!(lens[29], *lens.iter().min().unwrap());
        }
    }

    #[test]
    fn a_lone_symbol_gets_a_one_bit_code() {
        assert_eq!(lengths(&[0, 0, 7], 15), vec![1, 0, 1]);
        assert_eq!(lengths(&[7, 0], 15), vec![1, 1]);
        assert_eq!(lengths(&[0, 0], 15), vec![0, 0]);
    }

    #[test]
    fn canonical_codes_follow_the_rfc_example() {
        // RFC 1951 section 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010, 011, 100,
        // 101, 110, 00, 1110, 1111.
        let codes = codes(&[3, 3, 3, 3, 3, 2, 4, 4]);
        let plain = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111];
        let lens = [3, 3, 3, 3, 3, 2, 4, 4];
        for i in 0..8 {
            assert_eq!(codes[i], (plain[i] as u16).reverse_bits() >> (16 - lens[i]));
        }
    }
}
