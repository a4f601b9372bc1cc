//! Six-card deals up to suit relabelling (docs/rules.md, "Cards": no suit
//! outranks another, so relabelling suits changes no score).
//!
//! A deal's *suit patterns* are the 13-bit rank masks of its four suits. Two
//! deals are the same up to suit relabelling exactly when their patterns are
//! the same multiset, so the canonical deal gives the patterns, sorted by
//! (card count, mask) descending, to clubs, diamonds, hearts and spades in
//! turn. [`canonical_deals`] lists every canonical six-card deal in ascending
//! card-mask order with the number of real deals it stands for; the position in
//! that list is the deal's index in the tables.

use std::sync::OnceLock;

use crate::ground::card::Card;

/// Cards in a two-player deal.
pub const DEAL_CARDS: usize = 6;

/// Six-card deals: C(52, 6).
pub const ALL_DEALS: u64 = 20_358_520;

/// A deal's canonical form and the suit relabelling that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The canonical deal as a card mask.
    pub mask: u64,
    /// `to_canonical[s]`: the canonical suit of real suit `s`.
    pub to_canonical: [u8; 4],
}

impl Canonical {
    /// The real card of a card of the canonical deal.
    pub fn to_real(self, card: Card) -> Card {
        let suit = self
            .to_canonical
            .iter()
            .position(|&c| c == card.suit())
            .unwrap_or(0);
        Card::new(card.rank(), suit as u8).unwrap_or(card)
    }
}

/// Sort key of a suit pattern: more cards first, then the larger mask.
fn pattern_key(pattern: u16) -> u32 {
    (pattern.count_ones() << 13) | u32::from(pattern)
}

/// The card mask with pattern `patterns[s]` in suit `s`.
fn mask_of_patterns(patterns: [u16; 4]) -> u64 {
    let mut mask = 0u64;
    for (suit, &p) in patterns.iter().enumerate() {
        for rank in 0..13 {
            if p >> rank & 1 == 1 {
                mask |= 1u64 << (rank * 4 + suit);
            }
        }
    }
    mask
}

/// The canonical form of any card mask (any number of cards).
pub fn canonicalize(mask: u64) -> Canonical {
    let mut patterns = [0u16; 4];
    for (i, slot) in patterns.iter_mut().enumerate() {
        for rank in 0..13 {
            if mask >> (rank * 4 + i) & 1 == 1 {
                *slot |= 1 << rank;
            }
        }
    }
    let mut order = [0usize, 1, 2, 3];
    // Stable: equal patterns keep their suit order, so the map is a bijection.
    order.sort_by_key(|&s| std::cmp::Reverse(pattern_key(patterns[s])));
    let mut to_canonical = [0u8; 4];
    let mut sorted = [0u16; 4];
    for (canon, &real) in order.iter().enumerate() {
        to_canonical[real] = canon as u8;
        sorted[canon] = patterns[real];
    }
    Canonical {
        mask: mask_of_patterns(sorted),
        to_canonical,
    }
}

/// Real deals a canonical deal stands for: 24 / (the permutations of equal
/// suit patterns).
fn orbit_size(patterns: [u16; 4]) -> u32 {
    let mut stabilizer = 1u32;
    let mut i = 0;
    while i < 4 {
        let run = patterns[i..]
            .iter()
            .take_while(|&&p| p == patterns[i])
            .count();
        stabilizer *= (1..=run as u32).product::<u32>();
        i += run;
    }
    24 / stabilizer
}

/// Every canonical six-card deal (ascending card mask) with its number of
/// real deals.
pub struct CanonicalDeals {
    pub masks: Vec<u64>,
    pub weights: Vec<u32>,
    /// Open-addressing index into `masks` ([`EMPTY`] where free): one cache
    /// miss or two per look-up where a binary search over 7.7 MB takes ten.
    slots: Vec<u32>,
}

/// A free slot of [`CanonicalDeals::slots`].
const EMPTY: u32 = u32::MAX;

/// log2 of the slot count: 2^21 slots for 962,988 deals.
const SLOT_BITS: u32 = 21;

/// The first slot to probe for `mask` (Fibonacci hashing).
fn home_slot(mask: u64) -> usize {
    (mask.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

fn index_slots(masks: &[u64]) -> Vec<u32> {
    let mut slots = vec![EMPTY; 1 << SLOT_BITS];
    let last = slots.len() - 1;
    for (i, &mask) in masks.iter().enumerate() {
        let mut at = home_slot(mask);
        while slots[at] != EMPTY {
            at = (at + 1) & last;
        }
        slots[at] = i as u32;
    }
    slots
}

impl CanonicalDeals {
    /// Number of canonical deals.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// The index of a canonical mask, if it is a canonical six-card deal.
    pub fn index_of(&self, canonical_mask: u64) -> Option<usize> {
        let last = self.slots.len() - 1;
        let mut at = home_slot(canonical_mask);
        loop {
            let i = self.slots[at];
            if i == EMPTY {
                return None;
            }
            if self.masks[i as usize] == canonical_mask {
                return Some(i as usize);
            }
            at = (at + 1) & last;
        }
    }
}

/// The list of canonical six-card deals, built once.
pub fn canonical_deals() -> &'static CanonicalDeals {
    static DEALS: OnceLock<CanonicalDeals> = OnceLock::new();
    DEALS.get_or_init(|| {
        let mut by_count: Vec<Vec<u16>> = vec![Vec::new(); DEAL_CARDS + 1];
        for p in (0..1u16 << 13).rev() {
            if let Some(list) = by_count.get_mut(p.count_ones() as usize) {
                list.push(p);
            }
        }
        let mut found: Vec<(u64, u32)> = Vec::with_capacity(1_000_000);
        let mut patterns = [0u16; 4];
        fill(
            0,
            DEAL_CARDS,
            u32::MAX,
            &by_count,
            &mut patterns,
            &mut found,
        );
        found.sort_unstable();
        let masks: Vec<u64> = found.iter().map(|f| f.0).collect();
        CanonicalDeals {
            slots: index_slots(&masks),
            weights: found.iter().map(|f| f.1).collect(),
            masks,
        }
    })
}

/// Chooses suit `suit`'s pattern (key at most `max_key`, `left` cards to go).
fn fill(
    suit: usize,
    left: usize,
    max_key: u32,
    by_count: &[Vec<u16>],
    patterns: &mut [u16; 4],
    out: &mut Vec<(u64, u32)>,
) {
    if suit == 4 {
        if left == 0 {
            out.push((mask_of_patterns(*patterns), orbit_size(*patterns)));
        }
        return;
    }
    let suits_after = 3 - suit;
    for count in (0..=left).rev() {
        // Later suits hold no more cards than this one.
        if left - count > count * suits_after {
            break;
        }
        for &p in &by_count[count] {
            let key = pattern_key(p);
            if key > max_key {
                continue;
            }
            patterns[suit] = p;
            fill(suit + 1, left - count, key, by_count, patterns, out);
        }
    }
    patterns[suit] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::rng::Rng;

    #[test]
    fn canonical_deals_cover_every_deal_once() {
        let deals = canonical_deals();
        assert_eq!(deals.len(), 962_988);
        let total: u64 = deals.weights.iter().map(|&w| u64::from(w)).sum();
        assert_eq!(total, ALL_DEALS);
        assert!(deals.masks.windows(2).all(|w| w[0] < w[1]));
        for &m in deals.masks.iter().step_by(997) {
            assert_eq!(m.count_ones(), 6);
            assert_eq!(canonicalize(m).mask, m);
        }
    }

    #[test]
    fn every_canonical_deal_is_found_at_its_index_and_nothing_else() {
        let deals = canonical_deals();
        for (i, &m) in deals.masks.iter().enumerate() {
            assert_eq!(deals.index_of(m), Some(i));
        }
        // Not canonical (clubs hold fewer cards than diamonds), or not six cards.
        let diamonds = (0..6).fold(0u64, |m, r| m | 1 << (r * 4 + 1));
        assert_eq!(deals.index_of(diamonds), None);
        assert_eq!(deals.index_of(0), None);
        assert_eq!(deals.index_of(deals.masks[0] | 1 << 51), None);
    }

    #[test]
    fn relabelled_deals_share_a_canonical_form() {
        let mut rng = Rng::new(5);
        let deals = canonical_deals();
        for _ in 0..500 {
            let mut deck: Vec<Card> = Card::deck().collect();
            rng.shuffle(&mut deck);
            let hand = &deck[..6];
            let mask = hand.iter().fold(0, |m, c| m | c.bit());
            let canon = canonicalize(mask);
            assert!(deals.index_of(canon.mask).is_some());
            // Every card maps into the canonical deal and back.
            for &c in hand {
                let suit = canon.to_canonical[usize::from(c.suit())];
                let image = Card::new(c.rank(), suit).unwrap();
                assert_ne!(canon.mask & image.bit(), 0);
                assert_eq!(canon.to_real(image), c);
            }
            let relabel = [2u8, 0, 3, 1];
            let other = hand.iter().fold(0, |m, c| {
                m | Card::new(c.rank(), relabel[usize::from(c.suit())])
                    .unwrap()
                    .bit()
            });
            assert_eq!(canonicalize(other).mask, canon.mask);
        }
    }
}
