//! The noisy Expert (docs/rules.md, "The deal" and "The play"): the Expert
//! who errs. At each discard and each lay with a choice it plays a uniformly
//! random legal move with probability [`NOISE_RATE`], otherwise the Expert's
//! move. It stands for a good player who is careless now and then: most of
//! its moves are the Expert's, so an opponent model that keeps those moves as
//! evidence still reads it.

use crate::bots::random::{random_discard, random_lay};
use crate::ground::rng::Rng;

/// The chance of a random move at each decision, in thousandths.
pub const NOISE_RATE: u32 = 100;

/// Whether this decision is a careless one (one draw from `rng`).
pub fn careless(rng: &mut Rng) -> bool {
    rng.below(1000) < NOISE_RATE
}

/// The discard of `k` cards from `hand`: random when careless, else `expert`.
pub fn noisy_discard(hand: u64, k: usize, rng: &mut Rng, expert: impl FnOnce() -> u64) -> u64 {
    if careless(rng) {
        random_discard(hand, k, rng)
    } else {
        expert()
    }
}

/// The lay from `lays` (not empty): random when careless, else `expert`.
pub fn noisy_lay(
    lays: u64,
    rng: &mut Rng,
    expert: impl FnOnce() -> crate::ground::card::Card,
) -> crate::ground::card::Card {
    if careless(rng) {
        random_lay(lays, rng)
    } else {
        expert()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_the_rate_of_moves_is_random() {
        let mut rng = Rng::new(5);
        let n = 20_000;
        let random = (0..n).filter(|_| careless(&mut rng)).count() as f64;
        let rate = f64::from(NOISE_RATE) / 1000.0;
        assert!((random / f64::from(n) - rate).abs() < 0.015, "{random}");
    }
}
