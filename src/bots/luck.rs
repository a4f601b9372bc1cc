//! The luck of a two-player game, measured by terms whose mean is known
//! exactly, for luck-adjusted match results (docs/duplicate.md).
//!
//! Each deal gives two terms, both as points to the dealer:
//!
//! - **the deal**: the best net expectation of the dealer's six cards (exact
//!   discard analysis: hand plus crib) minus its exact mean over every deal,
//!   less the same for the pone (hand minus crib). Each seat's six cards are
//!   uniform over all C(52, 6) deals whatever happened before, so each part
//!   has mean zero.
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

use crate::analysis::deal_analysis::{CRIB_DEALS, HAND_DEALS};
use crate::analysis::deals::{ALL_DEALS, DEAL_CARDS};
use crate::analysis::discard::analyze_discard;
use crate::ground::card::Card;
use crate::ground::error::Result;
use crate::rules::game::{Game, DEFAULT_TARGET};
use crate::rules::play::mask_cards;
use crate::rules::show::{his_heels, score_hand};
use crate::tables::discards::modelled_discard;
use crate::tables::positions::shipped_win;

/// The sum over all C(52, 6) deals of the best discard's net expectation
/// times 46 x 45,540 (an exact integer), as pone and as dealer: computed by
/// a test over every canonical deal (`cargo test --release --
/// --ignored the_mean_deal_values_are_exact`, about 3 minutes on 2 cores):
/// 3.9179 points as pone, 13.3010 as dealer.
pub const BEST_NET_SUMS: [i128; 2] = [167_088_292_791_888, 567_257_740_771_788];

/// The exact mean of the best net expectation of six dealt cards, as pone
/// (index 0) and as dealer (1), in points.
pub fn mean_best_net() -> [f64; 2] {
    let scale = (ALL_DEALS * HAND_DEALS * CRIB_DEALS) as f64;
    BEST_NET_SUMS.map(|s| s as f64 / scale)
}

/// The best net expectation of six cards (a card mask) for a role, in
/// points: the Expert's discard read from its table, then that one split
/// analysed exactly (a tied discard has the best net too).
fn best_net(hand: u64, dealer: bool) -> Result<f64> {
    let mut cards = [Card::MIN; DEAL_CARDS];
    for (slot, c) in cards.iter_mut().zip(mask_cards(hand)) {
        *slot = c;
    }
    let discard = modelled_discard(hand, dealer)?;
    Ok(analyze_discard(&cards, discard, dealer)?.net())
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
        LuckLedger::with_means(mean_best_net())
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

    /// Seat 0's luck in the game so far.
    pub fn luck(&self) -> f64 {
        self.deal_luck + self.starter_luck
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
        let d = best_net(game.hand(self.dealer), true)? - self.means[1];
        let p = best_net(game.hand(pone), false)? - self.means[0];
        self.deal_luck += self.sign() * self.weight * (d - p);
        Ok(())
    }

    fn starter_term(&mut self, game: &Game, starter: Card) {
        let pone = 1 - self.dealer;
        let kept = [four(game.kept(pone)), four(game.kept(self.dealer))];
        let crib = four(game.crib());
        let dealt = game.kept(0) | game.kept(1) | game.crib();
        let stock = !dealt & ((1u64 << 52) - 1);
        let total: i32 = mask_cards(stock).map(|c| show_margin(kept, crib, c)).sum();
        let mean = f64::from(total) / f64::from(stock.count_ones());
        let term = f64::from(show_margin(kept, crib, starter)) - mean;
        self.starter_luck += self.sign() * self.weight * term;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::deal_analysis::deal_cards;
    use crate::analysis::deals::canonical_deals;
    use crate::analysis::discard::best_discard;

    /// [`BEST_NET_SUMS`] over canonical deals `range`, each counted for the real
    /// deals it stands for.
    fn best_net_sums(range: std::ops::Range<usize>) -> Result<[i128; 2]> {
        use rayon::prelude::*;
        let deals = canonical_deals();
        let end = range.end.min(deals.len());
        let start = range.start.min(end);
        (start..end)
            .into_par_iter()
            .map(|i| {
                let cards = deal_cards(deals.masks[i]);
                let w = i128::from(deals.weights[i]);
                let pone = best_discard(&cards, false)?.net_scaled();
                let dealer = best_discard(&cards, true)?.net_scaled();
                Ok([w * pone, w * dealer])
            })
            .try_reduce(|| [0, 0], |a, b| Ok([a[0] + b[0], a[1] + b[1]]))
    }

    #[test]
    #[ignore = "every canonical deal: minutes in release"]
    fn the_mean_deal_values_are_exact() {
        let all = best_net_sums(0..canonical_deals().len()).unwrap();
        assert_eq!(all, BEST_NET_SUMS, "{all:?}");
    }

    #[test]
    fn the_weights_cover_every_deal_and_the_means_are_plausible() {
        let all: u64 = canonical_deals()
            .weights
            .iter()
            .map(|&w| u64::from(w))
            .sum();
        assert_eq!(all, ALL_DEALS);
        let [pone, dealer] = mean_best_net();
        assert!(
            (pone - 3.9179).abs() < 1e-4 && (dealer - 13.3010).abs() < 1e-4,
            "{pone} {dealer}"
        );
    }

    #[test]
    fn a_sample_of_deals_agrees_with_the_exact_means() {
        let mut rng = crate::ground::rng::Rng::new(37);
        let means = mean_best_net();
        for (role, dealer) in [(0, false), (1, true)] {
            let n = 3000;
            let values: Vec<f64> = (0..n)
                .map(|_| best_net(rng.draw((1u64 << 52) - 1, 6), dealer).unwrap())
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
    fn the_fast_best_net_is_the_full_analysis_best() {
        let mut rng = crate::ground::rng::Rng::new(5);
        for _ in 0..200 {
            let hand = rng.draw((1u64 << 52) - 1, 6);
            let cards = deal_cards(hand);
            for dealer in [false, true] {
                let full = best_discard(&cards, dealer).unwrap().net();
                assert!((best_net(hand, dealer).unwrap() - full).abs() < 1e-12);
            }
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
