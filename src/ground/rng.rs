//! The engine's own seeded generator (xoshiro256**, seeded by SplitMix64), so
//! a seed gives the same deals on every machine and every version of the
//! dependencies.

/// A small, fast, reproducible pseudo-random generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// SplitMix64 step: spreads a seed over the generator's state.
fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed for stream `index` of `seed`: the games of a simulation, the deals
/// of a game. Distinct indices give unrelated seeds.
pub fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// Uniform in `[0, 1)`, from the top 53 bits of one draw.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `0..n` for n > 0, without bias (Lemire's method).
    pub fn below(&mut self, n: u32) -> u32 {
        let n64 = u64::from(n.max(1));
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n.max(1) {
            let threshold = n.max(1).wrapping_neg() % n.max(1);
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }

    /// `k` bits drawn uniformly from the set bits of `pool` (fewer if it
    /// holds fewer): cards from a card mask, without allocating.
    pub fn draw(&mut self, pool: u64, k: u32) -> u64 {
        let mut rest = pool;
        let mut out = 0;
        for _ in 0..k.min(pool.count_ones()) {
            let mut skip = self.below(rest.count_ones());
            let mut m = rest;
            while skip > 0 {
                m &= m - 1;
                skip -= 1;
            }
            let bit = m & m.wrapping_neg();
            out |= bit;
            rest &= !bit;
        }
        out
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.shuffle_prefix(items, items.len());
    }

    /// Puts a uniformly random choice of `k` items, in random order, first
    /// (the first `k` steps of a Fisher-Yates shuffle).
    pub fn shuffle_prefix<T>(&mut self, items: &mut [T], k: usize) {
        let n = items.len();
        for i in 0..k.min(n.saturating_sub(1)) {
            let j = i + self.below((n - i) as u32) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn the_stream_is_pinned() {
        // Changing the generator changes every seeded game: keep it fixed.
        let mut rng = Rng::new(0);
        let first: Vec<u32> = (0..4).map(|_| rng.below(52)).collect();
        assert_eq!(first, PINNED);
    }

    const PINNED: [u32; 4] = [31, 38, 5, 21];

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [false; 6];
        for _ in 0..1000 {
            let x = rng.below(6) as usize;
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
