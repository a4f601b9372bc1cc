//! The show and muggins (docs/rules.md, "The show order and the end of the
//! game" and "Muggins"): left of the dealer first, clockwise, the dealer's
//! hand last, then the crib. With muggins each owner announces a count; an
//! over-count is corrected, and the first opponent clockwise of the owner may
//! claim what was missed.

use super::{Game, GameEvent, Phase, ShowStep, Source};
use crate::ground::card::{Card, CardSet};
use crate::rules::play::mask_cards;
use crate::rules::show::score_hand;

impl Game {
    /// The seat whose hand is being shown (the dealer for the crib).
    pub(super) fn show_owner(&self) -> usize {
        let n = self.config.players;
        let index = self.show.index.min(n - 1);
        usize::from((self.dealer + 1 + index) % n)
    }

    /// Whether the show being counted is the crib.
    pub fn showing_crib(&self) -> bool {
        self.show.index >= self.config.players
    }

    /// The seat counting its hand (muggins phases), with the crib flag.
    pub fn showing(&self) -> Option<(usize, bool)> {
        matches!(self.phase, Phase::Count | Phase::Claim)
            .then(|| (self.show_owner(), self.showing_crib()))
    }

    /// Muggins: what the show being counted is worth (its cards are public
    /// once shown); 0 outside the count and claim phases.
    pub fn show_value(&self) -> u8 {
        self.showing().map_or(0, |_| self.show_points())
    }

    /// Muggins, claim phase: the points the owner missed (public once the
    /// show is laid down and announced); 0 otherwise.
    pub fn claimable(&self) -> u8 {
        if self.phase == Phase::Claim {
            self.show.missed
        } else {
            0
        }
    }

    /// Muggins, claim phase: what the owner announced for the show being
    /// claimed on (its worth less what was missed); `None` otherwise.
    pub fn announced(&self) -> Option<u8> {
        (self.phase == Phase::Claim).then(|| self.show_points() - self.show.missed)
    }

    /// The first opponent clockwise of the owner of the show.
    pub(super) fn claimant(&self) -> usize {
        let n = usize::from(self.config.players);
        let owner = self.show_owner();
        (1..n)
            .map(|k| (owner + k) % n)
            .find(|&s| self.config.side_of(s) != self.config.side_of(owner))
            .unwrap_or((owner + 1) % n)
    }

    /// The cards of the show being counted.
    pub(super) fn show_cards(&self) -> u64 {
        if self.showing_crib() {
            self.crib
        } else {
            self.hands[self.show_owner()]
        }
    }

    pub(super) fn start_show(&mut self) {
        self.show = ShowStep {
            index: 0,
            missed: 0,
        };
        if self.config.muggins {
            self.phase = Phase::Count;
        } else {
            self.count_shows_automatically();
        }
    }

    /// Without muggins every hand and the crib count at once, in order.
    fn count_shows_automatically(&mut self) {
        for _ in 0..=self.config.players {
            let points = self.show_points();
            if self.finish_show(points, None) {
                return;
            }
        }
    }

    pub(super) fn show_points(&self) -> u8 {
        let mut hand = [Card::MIN; 4];
        let mut cards = mask_cards(self.show_cards());
        for slot in &mut hand {
            *slot = cards
                .next()
                .expect("a show has four cards besides the starter");
        }
        let starter = self.starter.expect("the starter is turned before the show");
        score_hand(hand, starter, self.showing_crib())
    }

    /// Pegs one show and moves on. Returns true when the game ended.
    fn finish_show(&mut self, pegged: u8, announced: Option<u8>) -> bool {
        let owner = self.show_owner();
        if self.record {
            self.log(GameEvent::Show {
                seat: owner as u8,
                crib: self.showing_crib(),
                cards: self.show_cards(),
                points: self.show_points(),
                announced,
                pegged,
            });
        }
        if self.peg_points(owner, pegged, self.show_source()) {
            return true;
        }
        self.next_show();
        self.is_over()
    }

    fn next_show(&mut self) {
        self.show.missed = 0;
        if self.showing_crib() {
            self.dealer = (self.dealer + 1) % self.config.players;
            self.deal();
        } else {
            self.show.index += 1;
            if self.config.muggins {
                self.phase = Phase::Count;
            }
        }
    }

    pub(super) fn count(&mut self, announced: u8) {
        let actual = self.show_points();
        // An over-count is corrected: the owner pegs what the show is worth.
        let pegged = announced.min(actual);
        let missed = actual - pegged;
        let owner = self.show_owner();
        self.log(GameEvent::Show {
            seat: owner as u8,
            crib: self.showing_crib(),
            cards: self.show_cards(),
            points: actual,
            announced: Some(announced),
            pegged,
        });
        if self.peg_points(owner, pegged, self.show_source()) {
            return;
        }
        if missed > 0 {
            self.show.missed = missed;
            self.phase = Phase::Claim;
        } else {
            self.next_show();
        }
    }

    pub(super) fn claim(&mut self, seat: usize, claimed: u8) {
        let pegged = claimed.min(self.show.missed);
        self.log(GameEvent::Muggins {
            seat: seat as u8,
            owner: self.show_owner() as u8,
            claimed,
            pegged,
        });
        if self.peg_points(seat, pegged, Source::Muggins) {
            return;
        }
        self.next_show();
    }

    fn show_source(&self) -> Source {
        if self.showing_crib() {
            Source::Crib
        } else {
            Source::Hand
        }
    }

    /// Count and claim phases: every card laid down in the show so far this
    /// deal, the show being counted included (public once shown).
    pub fn shown(&self) -> CardSet {
        if self.showing().is_none() {
            return CardSet::EMPTY;
        }
        let n = self.config.players;
        let hands = self.show.index.min(n - 1);
        let mut cards: CardSet = (0..=hands)
            .map(|i| CardSet::from_mask(self.hands[usize::from((self.dealer + 1 + i) % n)]))
            .fold(CardSet::EMPTY, |a, b| a | b);
        if self.showing_crib() {
            cards |= CardSet::from_mask(self.crib);
        }
        cards
    }
}
