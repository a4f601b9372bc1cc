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
//!
//! `data/expert_ties.bin` (built by `crate::builders::expert_ties`, shipped by
//! `scripts/ship_tables.py expert-ties`) lists the tied deals: their indexes
//! (little-endian u32, ascending), then one byte each with the split the
//! canonical deal's own analysis ranks first (pone low, dealer high; [`TIED`]
//! for a role the main table answers). [`modelled_discard`] reads it.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use crate::analysis::deal_analysis::{deal_cards, split_of, DealRow, SPLITS, TIED};
use crate::analysis::deals::{canonical_deals, canonicalize, Canonical, DEAL_CARDS};
use crate::analysis::discard::best_discard;
use crate::ground::card::Card;
use crate::ground::error::Result;
use crate::rules::play::mask_cards;

static TABLE: &[u8] = include_bytes!("../data/expert_discards.bin");
static TIES: &[u8] = include_bytes!("../data/expert_ties.bin");

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
pub fn table_split(index: usize, dealer: bool) -> Option<u8> {
    Some(table()?[index] >> (4 * u8::from(dealer)) & 0xF)
}

/// Split `split` of `canon`'s canonical deal, in the real suits.
fn real_discard(canon: Canonical, split: usize) -> Option<u64> {
    let (i, j) = *SPLITS.get(split)?;
    let cards = deal_cards(canon.mask);
    Some(canon.to_real(cards[i]).bit() | canon.to_real(cards[j]).bit())
}

/// The ties file's bytes for `rows` of (canonical index, splits byte), in
/// ascending index order.
pub fn encode_ties(rows: &[(u32, u8)]) -> Vec<u8> {
    let mut bytes: Vec<u8> = rows.iter().flat_map(|r| r.0.to_le_bytes()).collect();
    bytes.extend(rows.iter().map(|r| r.1));
    bytes
}

/// The shipped ties: ascending canonical indexes and their splits bytes
/// (empty if the file does not match the main table's deals).
fn ties() -> &'static (Vec<u32>, &'static [u8]) {
    static TIE_ROWS: OnceLock<(Vec<u32>, &'static [u8])> = OnceLock::new();
    TIE_ROWS.get_or_init(|| {
        let n = TIES.len() / 5;
        let (indexes, splits) = TIES.split_at(4 * n);
        let indexes: Vec<u32> = indexes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let fits = has_table()
            && TIES.len() % 5 == 0
            && indexes.windows(2).all(|w| w[0] < w[1])
            && indexes
                .last()
                .is_none_or(|&i| (i as usize) < canonical_deals().len());
        if fits {
            (indexes, splits)
        } else {
            (Vec::new(), &[])
        }
    })
}

/// The shipped first split of tied canonical deal `index` for the role.
fn shipped_tie_split(index: usize, dealer: bool) -> Option<u8> {
    let (indexes, splits) = ties();
    let row = indexes.binary_search(&u32::try_from(index).ok()?).ok()?;
    let split = splits[row] >> (4 * u8::from(dealer)) & 0xF;
    (split != TIED).then_some(split)
}

/// Tied deals' best splits as found by analysing the canonical deal, by
/// canonical index and role (unknown until first asked: [`UNKNOWN`]), for
/// deals the shipped ties do not cover.
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
        split = shipped_tie_split(index, dealer).unwrap_or(TIED);
    }
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
    fn shipped_ties_are_the_canonical_analysis() {
        if !has_table() {
            return;
        }
        let deals = canonical_deals();
        let tied = (0..deals.len())
            .filter(|&i| table_split(i, false) == Some(TIED) || table_split(i, true) == Some(TIED))
            .count();
        assert_eq!(ties().0.len(), tied, "the ties file lists every tied deal");
        for &index in ties().0.iter().step_by(997) {
            let index = index as usize;
            let cards = deal_cards(deals.masks[index]);
            for dealer in [false, true] {
                if table_split(index, dealer) != Some(TIED) {
                    continue;
                }
                let best = best_discard(&cards, dealer).unwrap();
                let split = split_of(&cards, best.discard()).unwrap() as u8;
                assert_eq!(shipped_tie_split(index, dealer), Some(split));
            }
        }
    }

    #[test]
    fn bad_hands_are_errors() {
        assert!(best_discard_mask(0b111, true).is_err());
    }
}
