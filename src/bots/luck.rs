//! The luck of a two-player game, measured by terms whose mean is known
//! exactly, for luck-adjusted match results (docs/duplicate.md).
//!
//! Each deal gives two terms, both as points to the dealer:
//!
//! - **the deal**: the value of the dealer's six cards minus its exact mean
//!   over every deal, less the same for the pone. A six's value is the
//!   Expert's keep's exact expected show over the 46 starters the holder
//!   cannot see, plus (dealer) or minus (pone) the blind crib of its discard
//!   (the crib's expected show when only those two cards are known). Each
//!   seat's six cards are uniform over all C(52, 6) deals whatever happened
//!   before, so each part has mean zero.
//! - **the starter**: the dealer's show (hand, crib, his heels) less the
//!   pone's, scored with the starter turned, minus its mean over the 40
//!   cards neither dealt nor in the crib. Given the twelve dealt cards the
//!   starter is uniform over those 40 (not over the 46 a seat cannot see: six
//!   of those are in the other hand), so the term has mean zero given
//!   anything the players did.
//!
//! Each deal's terms are weighed by the value of a point at the board before
//! the deal ([`point_value`], from the position table). The weight is fixed
//! before either chance event, so a weighted term keeps mean zero, and the
//! game's luck (their sum) has mean zero for any players: subtracting it
//! from a result leaves an unbiased estimate with less noise.
//!
//! Every sum is in closed form (a table row per kept hand, a table entry per
//! discard), so measuring a deal costs about a microsecond.

use crate::analysis::deals::{ALL_DEALS, DEAL_CARDS};
use crate::analysis::discard::{
    blind_crib_total, hand_total_closed, show_total_closed, UnseenCounts, BLIND_CRIB_DEALS,
};
use crate::ground::card::{Card, JACK};
use crate::ground::error::Result;
use crate::rules::game::{Game, DEFAULT_TARGET};
use crate::rules::play::mask_cards;
use crate::rules::show::{his_heels, score_hand};
use crate::tables::discards::modelled_discard;
use crate::tables::positions::shipped_win;

/// The terms a game's luck is measured by: the deal and the starter.
pub const TERMS: usize = 2;

/// Every card.
const DECK: u64 = (1u64 << 52) - 1;

/// The starters a holder of six cards cannot see.
const STARTERS: u64 = 46;

/// A six's value times this is an exact integer ([`deal_value_scaled`]).
pub const DEAL_SCALE: u64 = STARTERS * BLIND_CRIB_DEALS;

/// The sum of [`deal_value_scaled`] over all C(52, 6) deals, as pone and as
/// dealer: computed by a test over every canonical deal
/// (`the_mean_deal_values_are_exact`): 3.9926 points as pone, 13.1324 as
/// dealer.
pub const DEAL_VALUE_SUMS: [i128; 2] = [219_857_240_351_928, 723_143_545_846_560];

/// The exact mean of a six's value ([`deal_value_scaled`]), as pone (index
/// 0) and as dealer (1), in points.
pub fn mean_deal_value() -> [f64; 2] {
    let scale = (ALL_DEALS * DEAL_SCALE) as f64;
    DEAL_VALUE_SUMS.map(|s| s as f64 / scale)
}

/// The value of six cards (a card mask) to a role, times [`DEAL_SCALE`]:
/// the Expert's keep (read from its table) with its exact show summed over
/// the 46 unseen starters, plus or minus the blind crib of its discard.
pub fn deal_value_scaled(hand: u64, dealer: bool) -> Result<i64> {
    let discard = modelled_discard(hand, dealer)?;
    let hand_total = hand_total_closed(four(hand & !discard), &counts(DECK & !hand));
    let mut laid = mask_cards(discard);
    let (a, b) = (laid.next(), laid.next());
    let crib = match (a, b) {
        (Some(a), Some(b)) => blind_crib_total([a, b])?,
        _ => 0,
    };
    let hand = i64::from(hand_total) * BLIND_CRIB_DEALS as i64;
    let crib = crib as i64 * STARTERS as i64;
    Ok(if dealer { hand + crib } else { hand - crib })
}

fn counts(mask: u64) -> UnseenCounts {
    UnseenCounts::of(mask_cards(mask))
}

/// Points apart on the board over which [`point_value`] measures a point.
const SPREAD: u16 = 3;

/// What one point more for the dealer than for the pone is worth in the
/// dealer's chance to win, before a deal at (dealer, pone): a centred
/// difference of the position table over [`SPREAD`] points, a reached target
/// counting as won.
pub fn point_value(dealer: u16, pone: u16) -> f64 {
    let win = |d: u16, p: u16| {
        if d >= DEFAULT_TARGET {
            1.0
        } else if p >= DEFAULT_TARGET {
            0.0
        } else {
            shipped_win(d, p).unwrap_or(0.5)
        }
    };
    (win(dealer + SPREAD, pone) - win(dealer, pone + SPREAD)) / f64::from(2 * SPREAD)
}

/// The dealer's show less the pone's with `starter` turned (his heels counted).
fn show_margin(kept: [[Card; 4]; 2], crib: [Card; 4], starter: Card) -> i32 {
    let [pone, dealer] = kept.map(|h| i32::from(score_hand(h, starter, false)));
    dealer + i32::from(score_hand(crib, starter, true)) + i32::from(his_heels(starter)) - pone
}

/// [`show_margin`] summed over every starter in `stock` (a card mask).
fn show_margin_total(kept: [[Card; 4]; 2], crib: [Card; 4], stock: u64) -> i64 {
    let starters = counts(stock);
    let [pone, dealer] = kept.map(|h| i64::from(hand_total_closed(h, &starters)));
    let crib = i64::from(show_total_closed(crib, &starters, true));
    let heels: i64 = mask_cards(stock)
        .filter(|c| c.rank() == JACK)
        .map(|c| i64::from(his_heels(c)))
        .sum();
    dealer + crib + heels - pone
}

fn four(mask: u64) -> [Card; 4] {
    let mut out = [Card::MIN; 4];
    for (slot, c) in out.iter_mut().zip(mask_cards(mask)) {
        *slot = c;
    }
    out
}

/// The luck of one two-player game so far, for seat 0 in win-probability
/// units (seat 1's is minus it): fed at each deal's start and after each
/// starter ([`LuckLedger::observe`]).
#[derive(Clone, Debug)]
pub struct LuckLedger {
    /// The means the deal term subtracts, as pone and as dealer.
    means: [f64; 2],
    /// The current deal: its number, dealer and weight.
    deal: u32,
    dealer: usize,
    weight: f64,
    starter_seen: bool,
    /// Seat 0's luck: deal terms and starter terms.
    pub deal_luck: f64,
    pub starter_luck: f64,
}

impl Default for LuckLedger {
    fn default() -> LuckLedger {
        LuckLedger::with_means(mean_deal_value())
    }
}

impl LuckLedger {
    /// A ledger whose deal term subtracts `means` (a test's wrong means show
    /// the bias a luck term of non-zero mean gives).
    pub fn with_means(means: [f64; 2]) -> LuckLedger {
        LuckLedger {
            means,
            deal: 0,
            dealer: 0,
            weight: 0.0,
            starter_seen: false,
            deal_luck: 0.0,
            starter_luck: 0.0,
        }
    }

    /// Seat 0's luck in the game so far, term by term: the deals, the
    /// starters.
    pub fn terms(&self) -> [f64; TERMS] {
        [self.deal_luck, self.starter_luck]
    }

    /// Seat 0's share of points to the dealer.
    fn sign(&self) -> f64 {
        if self.dealer == 0 {
            1.0
        } else {
            -1.0
        }
    }

    /// Takes the terms `game` (two players) has revealed since the last call:
    /// call it before every move and once at the end.
    pub fn observe(&mut self, game: &Game) -> Result<()> {
        if game.deal_number() != self.deal {
            self.start_deal(game)?;
        }
        if !self.starter_seen {
            if let Some(starter) = game.starter() {
                self.starter_seen = true;
                self.starter_term(game, starter);
            }
        }
        Ok(())
    }

    fn start_deal(&mut self, game: &Game) -> Result<()> {
        self.deal = game.deal_number();
        self.dealer = game.dealer();
        self.starter_seen = false;
        let pone = 1 - self.dealer;
        let scores = game.scores();
        self.weight = point_value(scores[self.dealer], scores[pone]);
        // Only a deal seen before any discard is taken (the game's first, or
        // the next one): its six cards are still in hand.
        if game.hand(self.dealer).count_ones() as usize != DEAL_CARDS {
            return Ok(());
        }
        let value = |seat: usize, role: usize| -> Result<f64> {
            let scaled = deal_value_scaled(game.hand(seat), role == 1)?;
            Ok(scaled as f64 / DEAL_SCALE as f64 - self.means[role])
        };
        let (d, p) = (value(self.dealer, 1)?, value(pone, 0)?);
        self.deal_luck += self.sign() * self.weight * (d - p);
        Ok(())
    }

    fn starter_term(&mut self, game: &Game, starter: Card) {
        let pone = 1 - self.dealer;
        let kept = [four(game.kept(pone)), four(game.kept(self.dealer))];
        let crib = four(game.crib());
        let stock = DECK & !(game.kept(0) | game.kept(1) | game.crib());
        let mean = show_margin_total(kept, crib, stock) as f64 / f64::from(stock.count_ones());
        let term = f64::from(show_margin(kept, crib, starter)) - mean;
        self.starter_luck += self.sign() * self.weight * term;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::deals::canonical_deals;

    /// [`DEAL_VALUE_SUMS`] over canonical deals `range`, each counted for the
    /// real deals it stands for.
    fn deal_value_sums(range: std::ops::Range<usize>) -> Result<[i128; 2]> {
        use rayon::prelude::*;
        let deals = canonical_deals();
        let end = range.end.min(deals.len());
        let start = range.start.min(end);
        (start..end)
            .into_par_iter()
            .map(|i| {
                let w = i128::from(deals.weights[i]);
                let [pone, dealer] =
                    [false, true].map(|role| deal_value_scaled(deals.masks[i], role));
                Ok([w * i128::from(pone?), w * i128::from(dealer?)])
            })
            .try_reduce(|| [0, 0], |a, b| Ok([a[0] + b[0], a[1] + b[1]]))
    }

    #[test]
    fn the_mean_deal_values_are_exact() {
        let all = deal_value_sums(0..canonical_deals().len()).unwrap();
        assert_eq!(all, DEAL_VALUE_SUMS, "{all:?}");
    }

    #[test]
    fn the_weights_cover_every_deal_and_the_means_are_plausible() {
        let all: u64 = canonical_deals()
            .weights
            .iter()
            .map(|&w| u64::from(w))
            .sum();
        assert_eq!(all, ALL_DEALS);
        let [pone, dealer] = mean_deal_value();
        assert!(
            (pone - PONE_MEAN).abs() < 1e-4 && (dealer - DEALER_MEAN).abs() < 1e-4,
            "{pone} {dealer}"
        );
    }

    /// The means in points, as the docs give them.
    const PONE_MEAN: f64 = 3.9926;
    const DEALER_MEAN: f64 = 13.1324;

    #[test]
    fn a_sample_of_deals_agrees_with_the_exact_means() {
        let mut rng = crate::ground::rng::Rng::new(37);
        let means = mean_deal_value();
        for (role, dealer) in [(0, false), (1, true)] {
            let n = 3000;
            let values: Vec<f64> = (0..n)
                .map(|_| {
                    let hand = rng.draw(DECK, 6);
                    deal_value_scaled(hand, dealer).unwrap() as f64 / DEAL_SCALE as f64
                })
                .collect();
            let mean = values.iter().sum::<f64>() / f64::from(n);
            let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
            let se = (var / f64::from(n)).sqrt();
            assert!(
                (mean - means[role]).abs() < 4.0 * se,
                "{mean} vs {}",
                means[role]
            );
        }
    }

    #[test]
    fn a_deal_value_is_its_keep_scored_with_every_starter_and_its_blind_crib() {
        let mut rng = crate::ground::rng::Rng::new(5);
        for _ in 0..200 {
            let hand = rng.draw(DECK, 6);
            for dealer in [false, true] {
                let discard = modelled_discard(hand, dealer).unwrap();
                let keep = four(hand & !discard);
                let shows: i64 = mask_cards(DECK & !hand)
                    .map(|s| i64::from(score_hand(keep, s, false)))
                    .sum();
                let laid: Vec<Card> = mask_cards(discard).collect();
                let crib = blind_crib_total([laid[0], laid[1]]).unwrap() as i64;
                let sign = if dealer { 1 } else { -1 };
                let want = shows * BLIND_CRIB_DEALS as i64 + sign * crib * STARTERS as i64;
                assert_eq!(deal_value_scaled(hand, dealer).unwrap(), want);
            }
        }
    }

    #[test]
    fn the_starter_mean_is_every_stock_card_turned() {
        let mut rng = crate::ground::rng::Rng::new(8);
        for _ in 0..200 {
            let pone = rng.draw(DECK, 4);
            let dealer = rng.draw(DECK & !pone, 4);
            let crib = rng.draw(DECK & !pone & !dealer, 4);
            // Some seen cards besides: the dealt ones that went to the crib.
            let stock =
                DECK & !pone & !dealer & !crib & !rng.draw(DECK & !pone & !dealer & !crib, 4);
            let kept = [four(pone), four(dealer)];
            let direct: i64 = mask_cards(stock)
                .map(|c| i64::from(show_margin(kept, four(crib), c)))
                .sum();
            assert_eq!(show_margin_total(kept, four(crib), stock), direct);
        }
    }

    #[test]
    fn a_point_is_worth_more_near_the_end() {
        let early = point_value(0, 0);
        assert!(early > 0.0 && early < 0.05, "{early}");
        assert!(point_value(110, 110) > early);
        assert_eq!(point_value(0, 120), point_value(0, 120).max(0.0));
    }
}
