//! The greedy player keeps the four cards with the best expected hand (the
//! exact mean show over every unseen starter, ignoring the crib; computed from
//! a table of rank points per kept rank multiset and starter rank, with flush
//! and nobs counted in closed form, about 15 × 13 table reads per discard). In
//! the play it lays the card that pegs the most points at once; ties go to the
//! card that does not leave the count at 5 or 21 (where any ten-card makes 15
//! or 31), then to the lower card.

use crate::analysis::discard::{hand_total_closed, UnseenCounts};
use crate::ground::card::{Card, CardSet};
use crate::rules::observe::four;
use crate::rules::play::{mask_cards, score_play, ALL_CARDS, MAX_PILE};

/// The exact sum of the show of the four cards `keep` over every starter in
/// `unseen` (a hand, not a crib). Equal to summing [`crate::rules::show::score_hand`].
pub fn hand_total(keep: u64, unseen: u64) -> u32 {
    let Some(cards) = four(CardSet::from_mask(keep)) else {
        return 0;
    };
    hand_total_closed(cards, &UnseenCounts::of(mask_cards(unseen & !keep)))
}

/// The discard (of `k` cards) keeping the best expected hand, crib ignored;
/// ties go to the first in index order.
pub(crate) fn greedy_discard(hand: u64, k: usize) -> u64 {
    let unseen = UnseenCounts::of(mask_cards(ALL_CARDS & !hand));
    let mut best = (0u64, None::<u32>);
    let mut consider = |discard: u64| {
        if let Some(keep) = four(CardSet::from_mask(hand & !discard)) {
            let total = hand_total_closed(keep, &unseen);
            if best.1.is_none_or(|b| total > b) {
                best = (discard, Some(total));
            }
        }
    };
    let mut first = hand;
    while first != 0 {
        let a = first & first.wrapping_neg();
        first &= first - 1;
        if k == 1 {
            consider(a);
        } else {
            let mut second = first;
            while second != 0 {
                let b = second & second.wrapping_neg();
                second &= second - 1;
                consider(a | b);
            }
        }
    }
    best.0
}

/// Points pegged by laying `card` on `pile` (a valid count stays valid).
pub(crate) fn lay_points(pile: &[Card], card: Card) -> u8 {
    let mut buf = [Card::MIN; MAX_PILE + 1];
    let n = pile.len().min(MAX_PILE);
    buf[..n].copy_from_slice(&pile[..n]);
    buf[n] = card;
    score_play(&buf[..=n])
}

/// The lay with the most points now; then not leaving 5 or 21; then the lower card.
pub(crate) fn greedy_lay(pile: &[Card], count: u8, lays: u64) -> Card {
    let mut best = (i32::MIN, Card::MIN);
    for card in mask_cards(lays) {
        let after = count + card.value();
        let dangerous = i32::from(after == 5 || after == 21);
        let key = i32::from(lay_points(pile, card)) * 100 - dangerous * 20 - i32::from(card.rank());
        if key > best.0 {
            best = (key, card);
        }
    }
    best.1
}
