//! Hints from any position (docs/game-positions.md): the decision a
//! [`Position`] stands at, as a [`Task`] for the evaluator.
//!
//! The position's game ([`Position::to_game`]) gives the deal's public
//! moves, the board and the seat's cards; the other seat's cards it deals
//! are never used, since the evaluator draws them afresh for every sample
//! from what the seat saw, as it does at that move of a recorded game. A
//! study position's other cards are used as known ([`Task::other`]). The
//! evaluation's seed comes from the position itself ([`position_seed`]), so
//! every front end asking about one position gets one answer.

use super::evaluate::{DealStart, Task};
use super::ledger::{actions_at, check_config};
use crate::ground::error::{Error, Result};
use crate::ground::rng::mix_seed;
use crate::rules::game::{Game, Move};
use crate::rules::play::PlayMove;
use crate::rules::position::Position;

/// Any seed does: the hidden cards it deals are drawn again by every sample.
const DEAL_SEED: u64 = 0;
/// Keeps a position's evaluation seeds apart from the analysis's.
const SALT: u64 = 0x6869_6e74_2070_6f73;

/// The seat to move at `position`, its distinct actions, and their
/// evaluation seeded by `seed` and the position ([`position_seed`]).
pub fn position_task(position: &Position, seed: u64) -> Result<(usize, Vec<Move>, Task)> {
    check_config(position.config)?;
    if position.to_move != position.seat {
        return Err(Error::Invalid(format!(
            "to move: seat {} is to move, but this is seat {}'s view: a hint is for \
             the seat to move, from its own view",
            position.to_move, position.seat
        )));
    }
    let game = position.to_game(DEAL_SEED)?;
    let start = match game.moves().first() {
        Some((_, Move::Deal(deal))) => deal.scores.clone().unwrap_or_default(),
        _ => return Err(Error::Invalid("the position's game has no deal".into())),
    };
    let start: Vec<i64> = start.into_iter().map(i64::from).collect();
    let template =
        Game::with_first_dealer(game.config(), 0, false, game.dealer())?.with_scores(&start)?;
    let dealt = |s: usize| game.kept(s) | game.discards_of(s);
    let actions = actions_at(&game)?;
    let task = Task {
        deal: DealStart {
            game: template,
            hands: [dealt(0), dealt(1)],
            moves: game.moves()[1..].to_vec(),
        },
        state: game,
        viewer: position.seat,
        actions: actions.iter().cloned().map(Some).collect(),
        played: None,
        seed: position_seed(position, seed),
        open: false,
        other: position.other.map(|cards| cards.mask()),
    };
    Ok((position.seat, actions, task))
}

/// The evaluation seed of `position` under the analysis seed `seed`: every
/// field of the position goes in, so two positions share a seed only by chance.
pub fn position_seed(position: &Position, seed: u64) -> u64 {
    let p = position;
    let mut words = vec![
        u64::from(p.config.target),
        u64::from(p.config.muggins),
        p.seat as u64,
        p.dealer as u64,
        p.to_move as u64,
        p.phase as u64,
        p.hand.mask(),
        p.discards.mask(),
        p.starter.map_or(u64::MAX, |c| u64::from(c.index())),
        u64::from(p.count),
        p.other.map_or(u64::MAX, |c| c.mask()),
    ];
    words.extend(p.scores.iter().map(|&s| u64::from(s)));
    words.extend(p.play.iter().map(|step| match step {
        PlayMove::Lay(card) => u64::from(card.index()),
        PlayMove::Go => 100,
    }));
    words
        .iter()
        .fold(mix_seed(seed ^ SALT, words.len() as u64), |h, &w| {
            mix_seed(h, w)
        })
}
