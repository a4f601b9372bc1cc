//! Dealing (docs/rules.md, "Dealing"): the cut for the first deal, the
//! shuffle and deal from the left of the dealer, and deals supplied from
//! outside (a misdeal is refused and the same dealer deals again).

use super::{Game, GameEvent, Phase, ShowStep, SuppliedDeal, MAX_SEATS};
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::ground::rng::{mix_seed, Rng};

/// Kept apart from the seeds of the other streams of a game's seed.
const DEAL_SALT: u64 = 0xD0_B1E5_EA75_u64;

impl Game {
    /// Cuts until one seat holds the single lowest rank; that seat deals.
    pub(super) fn cut_for_deal(&mut self) -> u8 {
        let n = usize::from(self.config.players);
        loop {
            let mut deck: Vec<Card> = Card::deck().collect();
            self.rng.shuffle(&mut deck);
            let cuts = deck[..n].to_vec();
            let low = cuts.iter().map(|c| c.rank()).min().unwrap_or(1);
            let lowest: Vec<usize> = (0..n).filter(|&s| cuts[s].rank() == low).collect();
            let dealer = (lowest.len() == 1).then(|| lowest[0] as u8);
            self.log(GameEvent::CutForDeal { cuts, dealer });
            if let Some(dealer) = dealer {
                return dealer;
            }
        }
    }

    /// Shuffles and deals a new hand, one card at a time from the left of the
    /// dealer (3 players: then one card to the crib).
    pub(super) fn deal(&mut self) {
        let n = self.config.players;
        // A fixed array and a reused stock: no allocation per deal.
        let mut deck = [Card::MIN; 52];
        for (slot, card) in deck.iter_mut().zip(Card::deck()) {
            *slot = card;
        }
        // Only the dealt cards need a random order: the starter is cut from
        // the rest at random when it is turned.
        let dealt = usize::from(n) * self.config.hand_size() + usize::from(n == 3);
        if self.deal_seeds {
            // The salt keeps deal seeds apart from the other streams drawn
            // from the game's seed (the players' seeds).
            let deal = u64::from(self.deal_number) + 1;
            self.rng = Rng::new(mix_seed(self.seed ^ DEAL_SALT, deal));
        }
        self.rng.shuffle_prefix(&mut deck, dealt);
        let mut hands = [0u64; MAX_SEATS];
        let mut next = 0;
        for _ in 0..self.config.hand_size() {
            for k in 1..=n {
                let seat = usize::from((self.dealer + k) % n);
                hands[seat] |= deck[next].bit();
                next += 1;
            }
        }
        let crib_card = (n == 3).then(|| {
            next += 1;
            deck[next - 1]
        });
        self.stock.clear();
        self.stock.extend_from_slice(&deck[next..]);
        self.begin_deal(hands, crib_card, None, false);
    }

    fn begin_deal(
        &mut self,
        hands: [u64; MAX_SEATS],
        crib_card: Option<Card>,
        starter: Option<Card>,
        supplied: bool,
    ) {
        if !supplied {
            self.deal_number += 1;
        }
        self.phase = Phase::Discard;
        self.hands = hands;
        self.discards = [0; MAX_SEATS];
        self.crib = crib_card.map_or(0, Card::bit);
        self.crib_card = crib_card;
        self.fixed_starter = starter;
        self.starter = None;
        self.pegging = None;
        self.laid.clear();
        self.show = ShowStep {
            index: 0,
            missed: 0,
        };
        if self.record {
            self.events.push(GameEvent::Deal {
                number: self.deal_number,
                dealer: self.dealer,
                hands: hands[..usize::from(self.config.players)].to_vec(),
                crib_card,
                supplied,
            });
        }
    }

    /// Validates a supplied deal: before any discard, right counts, no repeats.
    pub(super) fn check_supplied(&self, deal: &SuppliedDeal) -> Result<()> {
        let misdeal = |why: String| Err(Error::Misdeal(why));
        if self.phase != Phase::Discard || self.discards.iter().any(|&d| d != 0) {
            return Err(Error::IllegalMove(
                "a deal can only be supplied before anyone discards".into(),
            ));
        }
        let n = usize::from(self.config.players);
        if deal.hands.len() != n {
            let plural = if deal.hands.len() == 1 { "" } else { "s" };
            return misdeal(format!("{} hand{plural} for {n} players", deal.hands.len()));
        }
        let size = self.config.hand_size();
        if let Some((seat, hand)) = deal.hands.iter().enumerate().find(|(_, h)| h.len() != size) {
            let plural = if hand.len() == 1 { "" } else { "s" };
            return misdeal(format!(
                "seat {seat} was dealt {} card{plural}, not {size}",
                hand.len()
            ));
        }
        match (n == 3, deal.crib_card) {
            (true, None) => {
                return misdeal("3 players: the crib needs its card from the deck".into())
            }
            (false, Some(card)) => {
                return misdeal(format!(
                    "only 3 players give the crib a card from the deck, got {card}"
                ))
            }
            _ => {}
        }
        if let Some(scores) = &deal.scores {
            let sides = self.config.sides();
            if scores.len() != sides {
                return Err(Error::Invalid(format!(
                    "{} scores given for {sides} sides",
                    scores.len()
                )));
            }
            if let Some(&s) = scores.iter().find(|&&s| s >= self.config.target) {
                return Err(Error::Invalid(format!(
                    "a score of {s} has already reached the target {}",
                    self.config.target
                )));
            }
        }
        let all: Vec<Card> = deal
            .hands
            .iter()
            .flatten()
            .copied()
            .chain(deal.crib_card)
            .chain(deal.starter)
            .collect();
        crate::ground::card::check_distinct(&all)
    }

    pub(super) fn supply(&mut self, deal: SuppliedDeal) {
        let mut hands = [0u64; MAX_SEATS];
        for (seat, cards) in deal.hands.iter().enumerate() {
            hands[seat] = cards.iter().fold(0, |m, &c| m | c.bit());
        }
        let used = hands.iter().fold(0, |m, &h| m | h)
            | deal.crib_card.map_or(0, Card::bit)
            | deal.starter.map_or(0, Card::bit);
        self.stock = Card::deck().filter(|&c| used & c.bit() == 0).collect();
        if let Some(scores) = &deal.scores {
            self.scores[..scores.len()].copy_from_slice(scores);
        }
        // The replaced deal is cancelled, not logged again as a new one.
        if self.record {
            if let Some(GameEvent::Deal { .. }) = self.events.last() {
                self.events.pop();
            }
        }
        self.begin_deal(hands, deal.crib_card, deal.starter, true);
    }
}
