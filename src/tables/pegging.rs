//! The pegging table built into the engine: expected pegging points of each
//! kept four-card rank multiset against the Expert, by role (docs/rules.md,
//! "The play"). Built by [`crate::builders::pegging`].
//!
//! The shipped table (`data/pegging_sums.bin`: little-endian u64 sums in
//! [`SUMS_LEN`]'s layout, with its build record in `data/pegging_meta.json`)
//! is read by [`shipped_sums`] and [`net_pegging`].

use std::sync::OnceLock;

use crate::tables::shipped::decode;

/// Kept four-card rank multisets: C(16, 4).
pub const KEEP_COUNT: usize = 1820;

/// Sums per kept hand and role (0 pone, 1 dealer): samples, our points, our
/// squared points, the opponent's points, its squared points.
pub const STATS: usize = 5;

/// Sums in a table: `[keep][role][STATS]`.
pub const SUMS_LEN: usize = KEEP_COUNT * 2 * STATS;

/// The most samples of one keep (sample indices stay far inside `u64`).
pub const MAX_SAMPLES_PER_KEEP: u64 = 1 << 40;

static SHIPPED: &[u8] = include_bytes!("../data/pegging_sums.bin");

/// The shipped table's build record (JSON: engine version, method, seed,
/// samples, standard errors, seconds).
pub static SHIPPED_META: &str = include_str!("../data/pegging_meta.json");

/// The shipped table's sums (see [`SUMS_LEN`]), if it has the right size.
pub fn shipped_sums() -> Option<&'static [u64]> {
    static SUMS: OnceLock<Option<Vec<u64>>> = OnceLock::new();
    SUMS.get_or_init(|| decode(SHIPPED, SUMS_LEN, u64::from_le_bytes))
        .as_deref()
}

/// Our mean points pegged minus the opponent's holding the kept `ranks`
/// (1..=13, any order) as dealer or pone, from the shipped table; `None` for
/// invalid ranks or a table without samples of this keep.
pub fn net_pegging(ranks: [u8; 4], dealer: bool) -> Option<f64> {
    net_from_sums(shipped_sums()?, keep_index(ranks)?, dealer)
}

/// Our mean points pegged minus the opponent's for keep `keep` (its index in
/// [`keeps`]) as dealer or pone, from a table's sums ([`SUMS_LEN`]'s
/// layout); `None` outside the table or without samples of this keep. The
/// one place the net is computed: the master and every discard ranking with
/// pegging read it.
pub fn net_from_sums(sums: &[u64], keep: usize, dealer: bool) -> Option<f64> {
    let start = keep
        .checked_mul(2 * STATS)?
        .checked_add(usize::from(dealer) * STATS)?;
    let slot = sums.get(start..start.checked_add(STATS)?)?;
    (slot[0] > 0).then(|| (slot[1] as f64 - slot[3] as f64) / slot[0] as f64)
}

/// Every kept rank multiset (ranks 1..=13, ascending), in lexicographic order.
pub fn keeps() -> &'static [[u8; 4]] {
    static KEEPS: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    KEEPS.get_or_init(|| {
        let mut out = Vec::with_capacity(KEEP_COUNT);
        for a in 1..=13u8 {
            for b in a..=13 {
                for c in b..=13 {
                    for d in c..=13 {
                        out.push([a, b, c, d]);
                    }
                }
            }
        }
        out
    })
}

/// The index of a kept rank multiset (any order), if the ranks are valid.
pub fn keep_index(ranks: [u8; 4]) -> Option<usize> {
    let mut sorted = ranks;
    sorted.sort_unstable();
    keeps().binary_search(&sorted).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_are_every_rank_multiset_once() {
        let k = keeps();
        assert_eq!(k.len(), KEEP_COUNT);
        assert!(k.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(keep_index([5, 5, 11, 5]), keep_index([5, 5, 5, 11]));
        assert_eq!(keep_index([1, 1, 1, 1]), Some(0));
        assert_eq!(keep_index([0, 1, 2, 3]), None);
    }

    #[test]
    fn net_pegging_reads_the_shipped_table() {
        assert_eq!(net_pegging([0, 1, 2, 3], true), None);
        let Some(sums) = shipped_sums() else { return };
        let k = keep_index([5, 5, 10, 10]).unwrap();
        let slot = &sums[(k * 2 + 1) * STATS..][..STATS];
        let want = (slot[1] as f64 - slot[3] as f64) / slot[0] as f64;
        assert_eq!(net_pegging([10, 5, 10, 5], true), Some(want));
        assert!(net_pegging([5, 5, 10, 10], false).is_some());
    }

    #[test]
    fn net_from_sums_refuses_what_is_not_in_the_table() {
        let mut sums = vec![0u64; SUMS_LEN];
        sums[(3 * 2 + 1) * STATS..][..STATS].copy_from_slice(&[4, 10, 30, 2, 2]);
        assert_eq!(net_from_sums(&sums, 3, true), Some(2.0));
        assert_eq!(net_from_sums(&sums, 3, false), None);
        assert_eq!(net_from_sums(&sums, KEEP_COUNT, true), None);
        assert_eq!(net_from_sums(&sums[..10], 3, true), None);
    }
}
