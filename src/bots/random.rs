//! The random player's choices: every discard of the hand equally likely, and in
//! the play every card that fits (go only when nothing fits). One home for the
//! [`crate::bots::Bot`] of kind random, the learning environments' random
//! opponent and the playouts of search.

use crate::ground::card::{Card, CardSet};
use crate::ground::rng::Rng;
use crate::rules::game::{Game, Move, Phase};

/// `k` (1 or 2) of `hand`'s cards as a mask, every choice equally likely.
pub fn random_discard(hand: u64, k: usize, rng: &mut Rng) -> u64 {
    let hand = CardSet::from_mask(hand);
    let first = nth(hand, rng.below(hand.len()));
    if k == 1 {
        first.bit()
    } else {
        let rest = CardSet::from_mask(hand.mask() & !first.bit());
        first.bit() | nth(rest, rng.below(rest.len())).bit()
    }
}

/// One of the cards of `lays` (not empty), every one equally likely.
pub fn random_lay(lays: u64, rng: &mut Rng) -> Card {
    let lays = CardSet::from_mask(lays);
    nth(lays, rng.below(lays.len()))
}

fn nth(set: CardSet, n: u32) -> Card {
    set.nth(n).unwrap_or(Card::MIN)
}

/// A uniformly random legal move of the seat to move (with muggins an honest
/// count and no claim). Panics if the game is over.
pub fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let seat = game.to_move().expect("random_move needs a seat to move");
    match game.phase() {
        Phase::Discard => Move::Discard(random_discard(
            game.hand(seat),
            game.config().discards(),
            rng,
        )),
        Phase::Play => match game.pegging().map_or(0, |p| p.legal_lays()) {
            0 => Move::Go,
            lays => Move::Lay(random_lay(lays, rng)),
        },
        Phase::Count => Move::Count(game.show_value()),
        Phase::Claim | Phase::Over => Move::Claim(0),
    }
}
