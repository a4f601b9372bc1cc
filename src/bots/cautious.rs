//! The cautious player (docs/rules.md, "The deal" and "The play"): a
//! player who gives nothing away, at the cost of points of its own.
//!
//! **Discard**: the best expected hand (exact over every unseen starter)
//! less, when the crib is the opponent's, a penalty for every gift in the
//! two cards thrown: [`FIVE_GIFT`] a five, [`PAIR_GIFT`] a pair,
//! [`FIFTEEN_GIFT`] two cards making fifteen, [`RUN_GIFT`] two ranks one or
//! two apart. In its own crib it throws what its hand can spare.
//!
//! **Lay**: the points it pegs now less [`DANGER_WEIGHT`] times the danger
//! of the lay: the expected points of the next opponent's reply, every
//! unseen card equally likely to be laid on it (fifteens, pairs, runs and 31
//! all count). It never weighs its own counter: it only avoids giving.

use crate::bots::greedy::{hand_total, lay_points};
use crate::ground::card::Card;
use crate::rules::game::discard_choices;
use crate::rules::play::{mask_cards, LayPoints, ALL_CARDS, MAX_COUNT};

/// Penalties for gifts to the opponent's crib, in points of expected hand.
pub const FIVE_GIFT: f64 = 2.0;
pub const PAIR_GIFT: f64 = 1.5;
pub const FIFTEEN_GIFT: f64 = 1.5;
pub const RUN_GIFT: f64 = 0.75;

/// How much the danger of a lay weighs against its points.
pub const DANGER_WEIGHT: f64 = 1.5;

/// What the two (or one) cards `thrown` give an opponent's crib.
pub(crate) fn gifts(thrown: u64) -> f64 {
    let cards: Vec<Card> = mask_cards(thrown).collect();
    let mut gift: f64 = cards.iter().filter(|c| c.rank() == 5).count() as f64 * FIVE_GIFT;
    if let [a, b] = cards[..] {
        let gap = a.rank().abs_diff(b.rank());
        gift += match gap {
            0 => PAIR_GIFT,
            1 | 2 => RUN_GIFT,
            _ => 0.0,
        };
        if a.value() + b.value() == 15 {
            gift += FIFTEEN_GIFT;
        }
    }
    gift
}

/// The discard of `k` cards from `hand` (`own_crib`: the crib is its side's).
pub fn cautious_discard(hand: u64, k: usize, own_crib: bool) -> u64 {
    let unseen = ALL_CARDS & !hand;
    let starters = f64::from(unseen.count_ones().max(1));
    let mut best = (f64::NEG_INFINITY, 0u64);
    for discard in discard_choices(hand, k) {
        let keep = hand & !discard;
        let penalty = if own_crib { 0.0 } else { gifts(discard) };
        let value = f64::from(hand_total(keep, unseen)) / starters - penalty;
        if value > best.0 {
            best = (value, discard);
        }
    }
    best.1
}

/// The cautious lay from `lays` (not empty) on `pile` at `count`, with the
/// cards `unseen` that the opponent may reply with.
pub fn cautious_lay(pile: &[Card], count: u8, lays: u64, unseen: u64) -> Card {
    let unseen_cards: Vec<Card> = mask_cards(unseen).collect();
    let mut best = (f64::NEG_INFINITY, Card::MIN);
    for card in mask_cards(lays) {
        let now = f64::from(lay_points(pile, card));
        let after = count + card.value();
        let danger = if after == MAX_COUNT || unseen_cards.is_empty() {
            0.0
        } else {
            let mut next: Vec<Card> = pile.to_vec();
            next.push(card);
            let replies = LayPoints::of(&next, after);
            let room = MAX_COUNT - after;
            let total: u32 = unseen_cards
                .iter()
                .filter(|c| c.value() <= room)
                .map(|c| u32::from(replies.of_rank(c.rank())))
                .sum();
            f64::from(total) / unseen_cards.len() as f64
        };
        // Of equal values the lower card (cards come lowest first).
        let value = now - DANGER_WEIGHT * danger;
        if value > best.0 {
            best = (value, card);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::parse_cards;
    use crate::ground::card::test_mask as mask;

    #[test]
    fn it_never_leads_a_five_and_avoids_leaving_21() {
        let unseen = ALL_CARDS & !mask("5C 4D 9S KH");
        assert_eq!(
            cautious_lay(&[], 0, mask("5C 4D"), unseen),
            "4D".parse().unwrap()
        );
        // On a count of 12 the 3 makes fifteen.
        let pile = parse_cards("QH 2C").unwrap();
        assert_eq!(
            cautious_lay(&pile, 12, mask("3S 9S"), unseen & !mask("QH 2C")),
            "3S".parse().unwrap()
        );
    }

    #[test]
    fn it_gives_no_five_or_pair_to_the_opponents_crib() {
        let hand = mask("5C 5D KH QS 2C 9D");
        let theirs = cautious_discard(hand, 2, false);
        assert_eq!(theirs & mask("5C 5D"), 0, "{theirs:x}");
        assert!(gifts(mask("5C 5D")) > gifts(mask("KH 2C")));
    }
}
