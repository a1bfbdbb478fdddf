//! A tiny seeded random number generator (SplitMix64): the only randomness in the AI.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x6A75_6E67_6C65_5F61)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// `n` positions from random legal games of up to 160 half-moves (seeded, so the same every run).
#[cfg(test)]
pub fn random_positions(n: usize) -> Vec<engine::Position> {
    use engine::Position;
    let mut rng = Rng::new(9);
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = Position::start();
        for _ in 0..rng.below(160) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        out.push(p);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_and_in_range() {
        let a: Vec<u64> = (0..5)
            .scan(Rng::new(1), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..5)
            .scan(Rng::new(1), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a, b);
        let mut r = Rng::new(2);
        let mut seen = [false; 3];
        for _ in 0..100 {
            seen[r.below(3) as usize] = true;
        }
        assert_eq!(seen, [true; 3]);
    }
}
