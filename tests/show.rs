//! Exhaustive check of the show over all 12,994,800 (4-card hand, starter)
//! combinations against the public distribution table.

use cribbage_fast::Card;
use cribbage_fast::{explain_hand, score_hand, Show};
use rayon::prelude::*;

/// Number of (hand, starter) combinations scoring 0..=29 (public table).
const HAND_DISTRIBUTION: [u64; 30] = [
    1_009_008, 99_792, 2_813_796, 505_008, 2_855_676, 697_508, 1_800_268, 751_324, 1_137_236,
    361_224, 388_740, 51_680, 317_340, 19_656, 90_100, 9_168, 58_248, 11_196, 2_708, 0, 8_068,
    2_496, 444, 356, 3_680, 0, 0, 0, 76, 4,
];

/// Calls `f` with every 4-card hand and every starter not in it.
fn for_each_show(mut f: impl FnMut([Card; 4], Card)) {
    for a in 0..52 {
        for_each_show_from(a, &mut f);
    }
}

/// The shows whose lowest hand card has index `a`.
fn for_each_show_from(a: usize, mut f: impl FnMut([Card; 4], Card)) {
    let deck: Vec<Card> = Card::deck().collect();
    for b in a + 1..52 {
        for c in b + 1..52 {
            for d in c + 1..52 {
                let hand = [deck[a], deck[b], deck[c], deck[d]];
                for &starter in deck.iter().filter(|s| !hand.contains(s)) {
                    f(hand, starter);
                }
            }
        }
    }
}

#[test]
fn hand_distribution_matches_the_public_table() {
    let mut counts = [0u64; 30];
    for_each_show(|hand, starter| counts[score_hand(hand, starter, false) as usize] += 1);
    assert_eq!(counts, HAND_DISTRIBUTION);
    assert_eq!(counts.iter().sum::<u64>(), 12_994_800);
    let total: u64 = counts.iter().enumerate().map(|(s, n)| s as u64 * n).sum();
    assert_eq!(total, 61_974_180);
}

#[test]
fn itemised_totals_equal_the_fast_scorer_everywhere() {
    // Split by the lowest hand card across the cores.
    let crib_total: u64 = (0..52usize)
        .into_par_iter()
        .map(|a| {
            let mut crib_total = 0u64;
            for_each_show_from(a, |hand, starter| {
                for crib in [false, true] {
                    let fast = score_hand(hand, starter, crib);
                    let items = explain_hand(Show::new(&hand, starter, crib).unwrap());
                    assert_eq!(items.total(), fast, "{hand:?} {starter} crib={crib}");
                    if crib {
                        crib_total += u64::from(fast);
                    }
                }
            });
            crib_total
        })
        .sum();
    // A crib loses exactly the 4-card flushes: 4 points x 4 suits x C(13,4) x 39 starters.
    assert_eq!(61_974_180 - crib_total, 4 * 4 * 715 * 39);
}
