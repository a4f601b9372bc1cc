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
use super::seed::position_seed;
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, Move};
use crate::rules::position::Position;

/// Any seed does: the hidden cards it deals are drawn again by every sample.
const DEAL_SEED: u64 = 0;

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
            hands: vec![dealt(0), dealt(1)],
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
