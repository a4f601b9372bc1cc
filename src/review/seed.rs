//! The seed of a decision's evaluation: derived from its position, so a
//! hint from the position and the analysis of the game's move give one
//! answer (docs/game-positions.md, "Hints from a position").

use crate::ground::rng::mix_seed;
use crate::rules::game::Game;
use crate::rules::observe::Observation;
use crate::rules::play::PlayMove;
use crate::rules::position::Position;

/// Keeps the evaluation seeds apart from other uses of the analysis seed.
const SALT: u64 = 0x6869_6e74_2070_6f73;

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
    fold(&words, seed)
}

/// The evaluation seed of a decision at a table of three or four under the
/// analysis seed `seed`: every field of what `viewer` has seen goes in (the
/// [`Position`] of a two-player game holds the same fields).
pub fn view_seed(game: &Game, viewer: usize, seed: u64) -> u64 {
    let obs = Observation::from_game(game, viewer);
    let mut words = vec![
        u64::from(obs.config.target),
        u64::from(obs.config.muggins),
        u64::from(obs.config.players),
        viewer as u64,
        obs.dealer as u64,
        obs.to_move.map_or(u64::MAX, |s| s as u64),
        obs.phase as u64,
        obs.hand.mask(),
        obs.discards.mask(),
        obs.starter.map_or(u64::MAX, |c| u64::from(c.index())),
        u64::from(obs.count),
    ];
    words.extend(obs.side_scores().iter().map(|&s| u64::from(s)));
    words.extend(obs.said_go.iter().map(|&go| u64::from(go)));
    words.extend(
        obs.laid_order()
            .iter()
            .map(|&(s, card)| u64::from(s) << 8 | u64::from(card.index())),
    );
    fold(&words, seed)
}

fn fold(words: &[u64], seed: u64) -> u64 {
    words
        .iter()
        .fold(mix_seed(seed ^ SALT, words.len() as u64), |h, &w| {
            mix_seed(h, w)
        })
}
