//! The exact discard analysis of every canonical six-card deal (see
//! [`crate::analysis::deals`]), computed once by [`crate::analysis::discard::analyze_discards`]
//! and kept per deal by split: the source of the crib tables, the Expert's
//! discard table and the atlas.
//!
//! A deal's cards are taken in index order; its 15 splits are the discarded
//! positions `(i, j)`, `i < j`, in the order (0, 1), (0, 2), ..., (4, 5)
//! ([`SPLITS`]).

use rayon::prelude::*;

use crate::analysis::deals::{canonical_deals, DEAL_CARDS};
use crate::analysis::discard::{analyze_discards, DiscardOption};
use crate::ground::card::Card;
use crate::ground::error::Result;
use crate::rules::play::mask_cards;

/// Ways to discard two of six cards.
pub const SPLIT_COUNT: usize = 15;

/// The discarded positions of each split, in split order.
pub const SPLITS: [(usize, usize); SPLIT_COUNT] = {
    let mut out = [(0, 0); SPLIT_COUNT];
    let mut k = 0;
    let mut i = 0;
    while i < DEAL_CARDS {
        let mut j = i + 1;
        while j < DEAL_CARDS {
            out[k] = (i, j);
            k += 1;
            j += 1;
        }
        i += 1;
    }
    out
};

/// Unseen starters of a six-card deal.
pub const HAND_DEALS: u64 = 46;
/// (Crib completion, starter) deals of the uniform model: C(46, 2) * 44.
pub const CRIB_DEALS: u64 = 45_540;

/// Marks a deal whose best discard ties another on net and hand EV: the
/// choice then rests on card indices, which suit relabelling changes.
pub const TIED: u8 = 15;

/// One canonical deal's exact analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRow {
    /// Kept hand's show summed over the 46 starters, by split.
    pub hand_total: [u16; SPLIT_COUNT],
    /// Crib show summed over the uniform model's 45,540 deals, by split.
    pub crib_total: [u32; SPLIT_COUNT],
    /// The split `best_discard` picks as pone (0) and dealer (1), or [`TIED`].
    pub best: [u8; 2],
}

/// The six cards of a deal mask, in index order.
pub fn deal_cards(mask: u64) -> [Card; DEAL_CARDS] {
    let mut cards = [Card::MIN; DEAL_CARDS];
    for (slot, c) in cards.iter_mut().zip(mask_cards(mask)) {
        *slot = c;
    }
    cards
}

/// The split index of a discard (two cards of `cards`).
pub fn split_of(cards: &[Card; DEAL_CARDS], discard: &[Card]) -> Option<usize> {
    let pos = |c: &Card| cards.iter().position(|x| x == c);
    let (mut a, mut b) = (pos(discard.first()?)?, pos(discard.get(1)?)?);
    if a > b {
        std::mem::swap(&mut a, &mut b);
    }
    SPLITS.iter().position(|&s| s == (a, b))
}

/// The split the analysis ranks first, or [`TIED`] when the runner-up has
/// the same net and hand EV (so the first place was decided by card index).
fn best_split(cards: &[Card; DEAL_CARDS], options: &[DiscardOption]) -> u8 {
    match options {
        [first, second, ..]
            if first.hand_total() == second.hand_total()
                && first.crib_total() == second.crib_total() =>
        {
            TIED
        }
        [first, ..] => split_of(cards, first.discard()).map_or(TIED, |k| k as u8),
        [] => TIED,
    }
}

/// The analysis of one deal (given as a card mask of six cards).
pub fn analyze_deal(mask: u64) -> Result<DealRow> {
    let cards = deal_cards(mask);
    let mut row = DealRow {
        hand_total: [0; SPLIT_COUNT],
        crib_total: [0; SPLIT_COUNT],
        best: [TIED; 2],
    };
    for dealer in [false, true] {
        let options = analyze_discards(&cards, dealer)?;
        for o in &options {
            if let Some(k) = split_of(&cards, o.discard()) {
                row.hand_total[k] = o.hand_total() as u16;
                row.crib_total[k] = o.crib_total() as u32;
            }
        }
        row.best[usize::from(dealer)] = best_split(&cards, &options);
    }
    Ok(row)
}

/// The analysis of canonical deals `range` (indices into
/// [`canonical_deals`]), in parallel.
pub fn analyze_range(range: std::ops::Range<usize>) -> Result<Vec<DealRow>> {
    let deals = canonical_deals();
    let end = range.end.min(deals.len());
    let start = range.start.min(end);
    deals.masks[start..end]
        .par_iter()
        .map(|&m| analyze_deal(m))
        .collect()
}

/// The analysis of every canonical deal.
pub fn analyze_all() -> Result<Vec<DealRow>> {
    analyze_range(0..canonical_deals().len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::discard::best_discard;
    use crate::ground::card::parse_cards;

    #[test]
    fn rows_match_the_analysis() {
        let cards = parse_cards("5C 5D JH 4S 6H KD").unwrap();
        let mask = cards.iter().fold(0, |m, c| m | c.bit());
        let row = analyze_deal(mask).unwrap();
        let sorted = deal_cards(mask);
        for dealer in [false, true] {
            let best = best_discard(&sorted, dealer).unwrap();
            let k = split_of(&sorted, best.discard()).unwrap();
            assert_eq!(row.best[usize::from(dealer)], k as u8);
            assert_eq!(u64::from(row.hand_total[k]), best.hand_total());
            assert_eq!(u64::from(row.crib_total[k]), best.crib_total());
            assert_eq!(best.hand_deals(), HAND_DEALS);
            assert_eq!(best.crib_deals(), CRIB_DEALS);
        }
    }
}
