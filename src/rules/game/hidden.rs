//! Dealing the hidden cards again (determinization, for search): the game
//! keeps its invariants to itself, so the cards are put back here.

use super::{Game, Phase, MAX_SEATS};
use crate::ground::card::{Card, CardSet};
use crate::ground::rng::Rng;

/// Takes `k` cards from the front of `pool`.
fn take(pool: &mut std::vec::IntoIter<Card>, k: u32) -> CardSet {
    (0..k)
        .map(|_| pool.next().expect("the pool holds every hidden card"))
        .collect()
}

impl Game {
    /// A copy of the game in which the cards `hidden` from `seat` (the
    /// complement of what it knows: `Observation::unseen`) are dealt again
    /// uniformly at random into the same places: each other seat keeps as
    /// many hidden cards in hand and in the crib as before, the stock keeps
    /// its size. The copy records nothing (its log would describe the true
    /// deal) and gets a fresh generator drawn from `rng`.
    pub fn redeal_hidden(&self, seat: usize, hidden: CardSet, rng: &mut Rng) -> Game {
        let mut g = self.clone();
        g.record = false;
        g.events.clear();
        g.moves.clear();
        g.rng = Rng::new(rng.next_u64());
        // A search must not read the true later deals from their seeds.
        g.deal_seeds = false;
        if g.phase == Phase::Over {
            return g;
        }
        let mut cards = hidden.to_vec();
        rng.shuffle(&mut cards);
        let mut pool = cards.into_iter();
        g.refill(seat, &mut pool);
        debug_assert!(pool.next().is_none(), "hidden cards left over");
        g
    }

    /// Cards held and not yet laid by each other seat.
    fn hidden_hands(&self, seat: usize) -> [u64; MAX_SEATS] {
        let mut hidden = [0u64; MAX_SEATS];
        for (s, slot) in hidden.iter_mut().enumerate() {
            if s != seat && s < usize::from(self.config.players) {
                *slot = match (&self.pegging, self.phase) {
                    (Some(play), Phase::Play) => play.hand_mask(s),
                    (_, Phase::Discard) => self.hands[s],
                    // After the play every kept card has been laid: all public.
                    _ => 0,
                };
            }
        }
        hidden
    }

    /// Deals the cards of `pool` into every place hidden from `seat`.
    fn refill(&mut self, seat: usize, pool: &mut std::vec::IntoIter<Card>) {
        let n = usize::from(self.config.players);
        let hidden_hands = self.hidden_hands(seat);
        // The crib is public once it is being shown.
        let crib_hidden =
            !(matches!(self.phase, Phase::Count | Phase::Claim) && self.showing_crib());
        for s in (0..n).filter(|&s| s != seat) {
            let fresh = take(pool, hidden_hands[s].count_ones()).mask();
            match (&mut self.pegging, self.phase) {
                (Some(play), Phase::Play) => {
                    play.replace_hand(s, fresh);
                    self.hands[s] = (self.hands[s] & !hidden_hands[s]) | fresh;
                }
                (_, Phase::Discard) => self.hands[s] = fresh,
                _ => {}
            }
            if crib_hidden {
                self.discards[s] = take(pool, self.discards[s].count_ones()).mask();
            }
        }
        if crib_hidden && self.crib_card.is_some() {
            self.crib_card = take(pool, 1).first();
        }
        if self.fixed_starter.is_some() {
            self.fixed_starter = take(pool, 1).first();
        }
        let stock_len = self.stock.len();
        self.stock = pool.by_ref().take(stock_len).collect();
        if crib_hidden {
            self.crib = self.discards.iter().take(n).fold(0, |m, &d| m | d)
                | self.crib_card.map_or(0, Card::bit);
        }
    }
}

#[cfg(test)]
impl Game {
    /// The crib's deck card, a starter fixed by a supplied deal, the stock.
    pub(crate) fn hidden_places(&self) -> (Option<Card>, Option<Card>, &[Card]) {
        (self.crib_card, self.fixed_starter, &self.stock)
    }
}
