//! The Expert's discards as a table lookup (the same decisions as
//! [`crate::analysis::discard::best_discard`], many times faster).
//!
//! `data/expert_discards.bin` holds one byte per canonical six-card deal (in
//! [`crate::analysis::deals`] order): the split [`crate::analysis::discard::best_discard`] picks
//! as pone (low four bits) and as dealer (high four bits), by the split order
//! of [`crate::analysis::deal_analysis`], or [`TIED`] when the best discard ties another
//! on net and hand EV. Suit relabelling changes no expectation, so a
//! hand's best discard is its canonical deal's mapped back to its own suits;
//! a tie was broken by card indices, which relabelling does change, so tied
//! deals (and 5-card hands) are analysed directly. The table is built by
//! [`build_table`] (`cribbage-fast tables expert`) and checked against the
//! direct analysis in tests.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use crate::analysis::deal_analysis::{deal_cards, split_of, DealRow, SPLITS, TIED};
use crate::analysis::deals::{canonical_deals, canonicalize, Canonical, DEAL_CARDS};
use crate::analysis::discard::best_discard;
use crate::ground::card::Card;
use crate::ground::error::Result;
use crate::rules::play::mask_cards;

static TABLE: &[u8] = include_bytes!("../data/expert_discards.bin");

/// The shipped table, if it has one byte per canonical deal.
fn table() -> Option<&'static [u8]> {
    (TABLE.len() == canonical_deals().len()).then_some(TABLE)
}

/// Whether the shipped table is present (else every discard is analysed).
pub fn has_table() -> bool {
    table().is_some()
}

/// One table byte per deal from the exact analysis of every canonical deal.
pub fn build_table(rows: &[DealRow]) -> Vec<u8> {
    rows.iter().map(|r| r.best[0] | r.best[1] << 4).collect()
}

/// The table's discard for a six-card `hand` (card mask), if not tied.
fn lookup(hand: u64, dealer: bool) -> Option<u64> {
    let canon = canonicalize(hand);
    let index = canonical_deals().index_of(canon.mask)?;
    real_discard(canon, usize::from(table_split(index, dealer)?))
}

/// The table's split for canonical deal `index` ([`TIED`] or a split).
fn table_split(index: usize, dealer: bool) -> Option<u8> {
    Some(table()?[index] >> (4 * u8::from(dealer)) & 0xF)
}

/// Split `split` of `canon`'s canonical deal, in the real suits.
fn real_discard(canon: Canonical, split: usize) -> Option<u64> {
    let (i, j) = *SPLITS.get(split)?;
    let cards = deal_cards(canon.mask);
    Some(canon.to_real(cards[i]).bit() | canon.to_real(cards[j]).bit())
}

/// Tied deals' best splits as found by analysing the canonical deal, by
/// canonical index and role (unknown until first asked: [`UNKNOWN`]).
fn tie_splits() -> &'static [[AtomicU8; 2]] {
    static SPLITS_OF_TIES: OnceLock<Vec<[AtomicU8; 2]>> = OnceLock::new();
    SPLITS_OF_TIES.get_or_init(|| {
        (0..canonical_deals().len())
            .map(|_| [AtomicU8::new(UNKNOWN), AtomicU8::new(UNKNOWN)])
            .collect()
    })
}

/// A split not yet analysed in [`tie_splits`].
const UNKNOWN: u8 = u8::MAX;

/// *A* best discard of a six-card `hand` (card mask) for a model of another
/// player: the Expert's choice, except that where several discards tie, any
/// of them may come back (the canonical deal's first, analysed once per
/// process), so no tie costs a full analysis twice.
pub fn modelled_discard(hand: u64, dealer: bool) -> Result<u64> {
    let canon = canonicalize(hand);
    let Some(index) = canonical_deals().index_of(canon.mask) else {
        return best_discard_mask(hand, dealer);
    };
    let mut split = table_split(index, dealer).unwrap_or(TIED);
    if split == TIED {
        let slot = &tie_splits()[index][usize::from(dealer)];
        split = slot.load(Ordering::Relaxed);
        if split == UNKNOWN {
            let cards = deal_cards(canon.mask);
            let best = best_discard(&cards, dealer)?;
            split = split_of(&cards, best.discard()).map_or(TIED, |k| k as u8);
            // Every thread finds the same split: a race stores it twice.
            slot.store(split, Ordering::Relaxed);
        }
    }
    real_discard(canon, usize::from(split)).map_or_else(|| best_discard_mask(hand, dealer), Ok)
}

/// The cards (a mask) [`best_discard`] lays away from `hand` (a card mask
/// of 6 or 5 cards): a table lookup where it can be.
pub fn best_discard_mask(hand: u64, dealer: bool) -> Result<u64> {
    if hand.count_ones() as usize == DEAL_CARDS {
        if let Some(discard) = lookup(hand, dealer) {
            return Ok(discard);
        }
    }
    let cards: Vec<Card> = mask_cards(hand).collect();
    let best = best_discard(&cards, dealer)?;
    Ok(best.discard().iter().fold(0, |m, c| m | c.bit()))
}

/// Whether `byte`'s entries are both [`TIED`] or valid splits.
pub fn valid_entry(byte: u8) -> bool {
    [byte & 0xF, byte >> 4]
        .iter()
        .all(|&s| s == TIED || usize::from(s) < SPLITS.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::rng::Rng;

    /// `size` random cards and their mask.
    fn random_hand(rng: &mut Rng, size: usize) -> (Vec<Card>, u64) {
        let mut deck: Vec<Card> = Card::deck().collect();
        rng.shuffle(&mut deck);
        deck.truncate(size);
        let mask = deck.iter().fold(0, |m, c| m | c.bit());
        (deck, mask)
    }

    #[test]
    fn lookups_equal_the_direct_analysis() {
        let mut rng = Rng::new(2026);
        let mut looked_up = 0;
        for round in 0..3000 {
            let size = if round % 10 == 9 { 5 } else { 6 };
            let (hand, mask) = random_hand(&mut rng, size);
            for dealer in [false, true] {
                let direct = best_discard(&hand, dealer).unwrap();
                let want = direct.discard().iter().fold(0, |m, c| m | c.bit());
                assert_eq!(best_discard_mask(mask, dealer).unwrap(), want, "{hand:?}");
                looked_up += usize::from(size == 6 && lookup(mask, dealer).is_some());
            }
        }
        if has_table() {
            assert!(looked_up > 4000, "{looked_up}");
            assert!(TABLE.iter().step_by(101).all(|&b| valid_entry(b)));
        }
    }

    #[test]
    fn modelled_discards_are_best_discards() {
        use crate::analysis::discard::analyze_discards;
        let mut rng = Rng::new(7);
        let mut tied = 0;
        for _ in 0..1500 {
            let (hand, mask) = random_hand(&mut rng, 6);
            for dealer in [false, true] {
                let modelled = modelled_discard(mask, dealer).unwrap();
                if let Some(exact) = lookup(mask, dealer) {
                    assert_eq!(modelled, exact);
                    continue;
                }
                tied += 1;
                // A tie: the modelled discard is worth what the best one is.
                let options = analyze_discards(&hand, dealer).unwrap();
                let value = |m: u64| {
                    let o = options
                        .iter()
                        .find(|o| o.discard().iter().fold(0, |a, c| a | c.bit()) == m)
                        .unwrap();
                    (o.net(), o.hand_ev())
                };
                assert_eq!(
                    value(modelled),
                    value(best_discard_mask(mask, dealer).unwrap())
                );
                // Asked again, it comes from the memo and is the same.
                assert_eq!(modelled_discard(mask, dealer).unwrap(), modelled);
            }
        }
        if has_table() {
            assert!(tied > 20, "{tied}");
        }
    }

    #[test]
    fn bad_hands_are_errors() {
        assert!(best_discard_mask(0b111, true).is_err());
    }
}
