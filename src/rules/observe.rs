//! What one seat may know (docs/rules.md, "The play" and "Dealing"): its own
//! cards and discards, the starter once cut, every card laid, the scores, who
//! deals and who is to move, who said go, the shows laid down, and (muggins)
//! what may be claimed. Never another seat's unlaid cards, the crib before it
//! is shown, nor the stock.
//!
//! [`Observation::from_game`] is the one place that reads a seat's view out
//! of a [`Game`]: the bots decide from it, determinization resamples its
//! complement ([`Observation::unseen`]), and the Python `PlayerView` wraps it.

use crate::ground::card::{Card, CardSet};
use crate::rules::game::{Game, GameConfig, Phase};
use crate::rules::play::{fits_mask, MAX_COUNT, MAX_HAND, MAX_PILE, MAX_SEATS};
use crate::rules::show::score_hand;

/// Most cards laid in one deal.
const MAX_LAID: usize = MAX_SEATS * MAX_HAND;

/// What one seat may know when it decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observation {
    pub seat: usize,
    /// Players, target and muggins of the game.
    pub config: GameConfig,
    pub dealer: usize,
    pub phase: Phase,
    /// The seat to move (`None` once the game is over).
    pub to_move: Option<usize>,
    /// Cards held now (during the play, those not yet laid).
    pub hand: CardSet,
    /// The cards kept for the show (before the discard: every card dealt).
    pub kept: CardSet,
    /// What this seat gave to the crib.
    pub discards: CardSet,
    pub starter: Option<Card>,
    /// The running count of the play (the last count once the play is over).
    pub count: u8,
    pile: [Card; MAX_PILE],
    pile_len: usize,
    /// The seat that laid the most recent card of the current count.
    pub last_to_lay: Option<usize>,
    laid_order: [(u8, Card); MAX_LAID],
    laid_len: usize,
    /// Cards laid this deal, per seat.
    pub laid: [CardSet; MAX_SEATS],
    /// How many cards each seat holds now (everyone sees the backs).
    pub held: [u8; MAX_SEATS],
    /// The seats that said go in the current count.
    pub said_go: [bool; MAX_SEATS],
    /// Scores per side (per team with 4 players).
    pub scores: [u16; MAX_SEATS],
    /// Count and claim phases: whose show it is, its cards, whether it is the crib.
    pub show_owner: Option<usize>,
    pub show_cards: CardSet,
    pub show_is_crib: bool,
    /// Every card laid down in the show so far this deal (the current show too).
    pub shown: CardSet,
    /// Claim phase: the points the owner missed.
    pub claimable: u8,
}

impl Observation {
    /// An observation with no cards, nothing laid or shown; fill the rest by
    /// hand (positions for tests and puzzles).
    pub fn new(seat: usize, config: GameConfig, dealer: usize, phase: Phase) -> Observation {
        Observation {
            seat,
            config,
            dealer,
            phase,
            to_move: None,
            hand: CardSet::EMPTY,
            kept: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            starter: None,
            count: 0,
            pile: [Card::MIN; MAX_PILE],
            pile_len: 0,
            last_to_lay: None,
            laid_order: [(0, Card::MIN); MAX_LAID],
            laid_len: 0,
            laid: [CardSet::EMPTY; MAX_SEATS],
            held: [0; MAX_SEATS],
            said_go: [false; MAX_SEATS],
            scores: [0; MAX_SEATS],
            show_owner: None,
            show_cards: CardSet::EMPTY,
            show_is_crib: false,
            shown: CardSet::EMPTY,
            claimable: 0,
        }
    }

    /// What `seat` may know of `game` now.
    pub fn from_game(game: &Game, seat: usize) -> Observation {
        let config = game.config();
        let mut obs = Observation::new(seat, config, game.dealer(), game.phase());
        obs.hand = CardSet::from_mask(game.hand(seat));
        obs.kept = CardSet::from_mask(game.kept(seat));
        obs.discards = CardSet::from_mask(game.discards_of(seat));
        obs.starter = game.starter();
        obs.to_move = game.to_move();
        obs.set_scores(game.scores());
        for &(s, card) in game.laid() {
            obs.lay(usize::from(s), card);
        }
        for s in 0..usize::from(config.players) {
            obs.held[s] = game.hand(s).count_ones() as u8;
        }
        if let Some(play) = game.pegging() {
            obs.set_pile(play.count(), play.pile());
            for (s, go) in obs.said_go.iter_mut().enumerate() {
                *go = play.said_go(s);
            }
        }
        if let Some((owner, crib)) = game.showing() {
            obs.show_owner = Some(owner);
            obs.show_cards = CardSet::from_mask(if crib { game.crib() } else { game.kept(owner) });
            obs.show_is_crib = crib;
        }
        obs.shown = game.shown();
        obs.claimable = game.claimable();
        obs
    }

    /// Sets the scores per side.
    pub fn set_scores(&mut self, scores: &[u16]) {
        for (slot, &s) in self.scores.iter_mut().zip(scores) {
            *slot = s;
        }
    }

    /// Records a card laid by `seat` (in the order laid).
    pub fn lay(&mut self, seat: usize, card: Card) {
        if let Some(set) = self.laid.get_mut(seat) {
            set.insert(card);
        }
        if self.laid_len < MAX_LAID {
            self.laid_order[self.laid_len] = (seat as u8, card);
            self.laid_len += 1;
        }
    }

    /// Sets the running count and the cards of the current count; the last
    /// card laid (see [`Observation::lay`]) is the current count's last.
    pub fn set_pile(&mut self, count: u8, pile: &[Card]) {
        self.count = count;
        self.pile_len = pile.len().min(MAX_PILE);
        self.pile[..self.pile_len].copy_from_slice(&pile[..self.pile_len]);
        self.last_to_lay = match self.pile_len {
            0 => None,
            _ => self.laid_order().last().map(|&(s, _)| usize::from(s)),
        };
    }

    /// Cards laid since the count last reset.
    pub fn pile(&self) -> &[Card] {
        &self.pile[..self.pile_len]
    }

    /// Every card laid this deal, in order, with its seat.
    pub fn laid_order(&self) -> &[(u8, Card)] {
        &self.laid_order[..self.laid_len]
    }

    /// Scores per side.
    pub fn side_scores(&self) -> &[u16] {
        &self.scores[..self.config.sides()]
    }

    /// This seat's side (team with 4 players).
    pub fn side(&self) -> usize {
        self.config.side_of(self.seat)
    }

    /// Cards this seat has not seen: not its own, not laid, not shown, not
    /// the starter. Determinization deals exactly these again.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.kept | self.hand | self.discards | self.shown;
        for &laid in &self.laid {
            seen |= laid;
        }
        if let Some(starter) = self.starter {
            seen.insert(starter);
        }
        CardSet::DECK - seen
    }

    /// The cards this seat may lay now (empty when it must say go).
    pub fn legal_lays(&self) -> CardSet {
        self.hand & CardSet::from_mask(fits_mask(MAX_COUNT.saturating_sub(self.count)))
    }

    /// What the show being counted is worth (0 before the starter).
    pub fn show_value(&self) -> u8 {
        match (four(self.show_cards), self.starter) {
            (Some(cards), Some(starter)) => score_hand(cards, starter, self.show_is_crib),
            _ => 0,
        }
    }

    /// Claim phase: what the owner announced (the show's worth less what was
    /// missed); `None` otherwise.
    pub fn announced(&self) -> Option<u8> {
        (self.phase == Phase::Claim).then(|| self.show_value().saturating_sub(self.claimable))
    }
}

/// The four cards of a set of four.
pub fn four(cards: CardSet) -> Option<[Card; 4]> {
    if cards.len() != 4 {
        return None;
    }
    let mut out = [Card::MIN; 4];
    for (slot, card) in out.iter_mut().zip(cards) {
        *slot = card;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::rng::Rng;

    #[test]
    fn observations_match_the_game_and_hide_the_other_hands() {
        for players in 2..=4u8 {
            let config = GameConfig::new(players, 121, true).unwrap();
            let mut game = Game::new(config, u64::from(players), true);
            let mut rng = Rng::new(7);
            while !game.is_over() {
                for seat in 0..usize::from(players) {
                    let obs = Observation::from_game(&game, seat);
                    assert_eq!(obs.hand.mask(), game.hand(seat));
                    assert_eq!(obs.laid_order(), game.laid());
                    assert_eq!(obs.side_scores(), game.scores());
                    assert_eq!(obs.to_move, game.to_move());
                    let hidden = matches!(game.phase(), Phase::Discard | Phase::Play);
                    for other in (0..usize::from(players)).filter(|&s| s != seat && hidden) {
                        let unlaid = game.hand(other);
                        assert_eq!(obs.unseen().mask() & unlaid, unlaid);
                    }
                    if game.phase() == Phase::Claim {
                        assert_eq!(obs.announced(), game.announced());
                    }
                }
                let mut moves = game.legal_moves();
                let mv = moves.swap_remove(rng.below(moves.len() as u32) as usize);
                game.apply(mv).unwrap();
            }
        }
    }
}
