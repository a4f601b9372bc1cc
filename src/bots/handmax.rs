//! The hand maximiser (docs/rules.md, "The deal" and "The show"): it keeps
//! the four cards with the best expected hand (the exact mean show over
//! every unseen starter, as [`crate::bots`]' greedy player does) and ignores
//! the crib, its own or the opponent's; in the play it lays as the Expert.
//! Against the Expert it shows what the crib is worth: it differs from it in
//! the discard only.

use crate::bots::expert::expert_lay;
use crate::bots::greedy::greedy_discard;
use crate::ground::card::Card;
use crate::rules::observe::Observation;

/// The discard of `k` cards from `hand`: the best expected hand.
pub fn handmax_discard(hand: u64, k: usize) -> u64 {
    greedy_discard(hand, k)
}

/// The lay from `lays` (not empty): the Expert's.
pub fn handmax_lay(obs: &Observation, lays: u64) -> Card {
    expert_lay(obs, lays)
}
