//! The pegger (docs/rules.md, "The play"): a player who plays for the
//! pegging first and the show second, not a weakened Expert.
//!
//! **Discard**: the four cards with the best expected hand (the exact mean
//! show over every unseen starter) plus a bonus for pegging material:
//! [`PAIR_BONUS`] a pair kept (a pair royal is three pairs), [`FIVE_BONUS`] a
//! five, [`RUN_BONUS`] two ranks one or two apart (a run to build),
//! [`LOW_BONUS`] a card of value four or less (a card to play late); the crib
//! by rule of thumb: what the two cards thrown give a crib (fives, a pair, a
//! fifteen, ranks close together, as the cautious player counts them) is
//! [`CRIB_SHARE`] of a point each way, added in its own crib, taken off in
//! the opponent's.
//!
//! **Lay**: the most points now; then, leading, a card it holds a pair of
//! (to answer a pair with three of a kind); on a count, a card one or two
//! ranks from the last card laid (playing on for runs); it holds its fives
//! (never lays one that scores nothing while it has another card); it does
//! not leave the count at 5 or 21 (where any ten-card makes 15 or 31); then
//! the lower card.

use crate::bots::cautious::gifts;
use crate::bots::greedy::{hand_total, lay_points};
use crate::ground::card::{Card, CardSet};
use crate::rules::game::discard_choices;
use crate::rules::play::{mask_cards, ALL_CARDS};

/// Discard bonuses, in points of expected hand.
pub const PAIR_BONUS: f64 = 1.5;
pub const FIVE_BONUS: f64 = 1.0;
pub const RUN_BONUS: f64 = 0.5;
pub const LOW_BONUS: f64 = 0.3;
pub const CRIB_SHARE: f64 = 0.5;

/// The pegging material of the kept cards `keep` (see the module comment).
fn material(keep: u64) -> f64 {
    let cards: Vec<Card> = mask_cards(keep).collect();
    let mut bonus = 0.0;
    for (i, a) in cards.iter().enumerate() {
        bonus += if a.rank() == 5 { FIVE_BONUS } else { 0.0 };
        bonus += if a.value() <= 4 { LOW_BONUS } else { 0.0 };
        for b in &cards[i + 1..] {
            let gap = a.rank().abs_diff(b.rank());
            bonus += match gap {
                0 => PAIR_BONUS,
                1 | 2 => RUN_BONUS,
                _ => 0.0,
            };
        }
    }
    bonus
}

/// The discard of `k` cards from `hand` with the best expected hand plus
/// pegging material and the crib's rule of thumb (`own_crib`: the crib is its
/// side's); ties go to the first in index order.
pub fn pegger_discard(hand: u64, k: usize, own_crib: bool) -> u64 {
    let starters = f64::from((ALL_CARDS & !hand).count_ones().max(1));
    let mut best = (f64::NEG_INFINITY, 0u64);
    for discard in discard_choices(hand, k) {
        let keep = hand & !discard;
        let crib = CRIB_SHARE * gifts(discard) * if own_crib { 1.0 } else { -1.0 };
        let value =
            f64::from(hand_total(keep, ALL_CARDS & !hand)) / starters + material(keep) + crib;
        if value > best.0 {
            best = (value, discard);
        }
    }
    best.1
}

/// The pegger's lay from `lays` (not empty), holding `hand`, on `pile` at
/// `count`.
pub fn pegger_lay(pile: &[Card], count: u8, hand: u64, lays: u64) -> Card {
    let held = CardSet::from_mask(hand);
    let last = pile.last().map(|c| c.rank());
    let mut best = (i32::MIN, Card::MIN);
    for card in mask_cards(lays) {
        let points = i32::from(lay_points(pile, card));
        let pair_lead =
            last.is_none() && held.iter().filter(|c| c.rank() == card.rank()).count() > 1;
        let run_on = last.is_some_and(|r| matches!(r.abs_diff(card.rank()), 1 | 2));
        let holds_five = card.rank() == 5 && points == 0 && lays.count_ones() > 1;
        let after = count + card.value();
        let opens = i32::from(after == 5 || after == 21);
        let key = points * 100 + i32::from(pair_lead) * 30 + i32::from(run_on) * 15
            - i32::from(holds_five) * 25
            - opens * 20
            - i32::from(card.rank());
        if key > best.0 {
            best = (key, card);
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
    fn it_leads_from_a_pair_and_holds_its_fives() {
        let hand = mask("7C 7D 5S KH");
        assert_eq!(pegger_lay(&[], 0, hand, hand), "7C".parse().unwrap());
        let hand = mask("5S 9H");
        assert_eq!(pegger_lay(&[], 0, hand, hand), "9H".parse().unwrap());
        // A five that makes fifteen is laid.
        let pile = parse_cards("KH").unwrap();
        assert_eq!(
            pegger_lay(&pile, 10, mask("5S 9H"), mask("5S 9H")),
            "5S".parse().unwrap()
        );
    }

    #[test]
    fn it_plays_on_for_runs() {
        // On a 6 (count 6), an 8 sets up a run; a king does not.
        let pile = parse_cards("6H").unwrap();
        let hand = mask("8C KD");
        assert_eq!(pegger_lay(&pile, 6, hand, hand), "8C".parse().unwrap());
    }

    #[test]
    fn it_keeps_pegging_material() {
        // Keeps the pair of sevens and the five over a king and queen.
        let hand = mask("7C 7D 5S 2H KH QC");
        let discard = pegger_discard(hand, 2, false);
        assert_eq!(discard.count_ones(), 2);
        assert_eq!(discard & mask("7C 7D 5S"), 0, "{discard:x}");
    }
}
