//! Whole deals of three-handed and partnership games, Expert in every seat,
//! and Expert games played out from a board (docs/rules.md, "Dealing" and
//! "The show order and the end of the game").
//!
//! Deal `i` of seed `S` is the first deal (seat 0 deals) of a game seeded
//! `game_seed(S, i)` and played to an unreachable target, so the Expert lays
//! as it does far from the end of a game: the lays do not see the board (an
//! approximation of the board tables, measured against real games by
//! [`play_from_board`]). What the deal scores is kept in play order: his
//! heels at the cut, the pegging, then the hands in show order and the crib.
//!
//! The sample format, deal after deal: the number of events (u8), then each
//! event as one byte, `seat << 6 | points` (seat 0 the dealer, then to his
//! left; points 1..=29).

use rayon::prelude::*;

use crate::bots::simulate::{game_seed, play_out};
use crate::bots::{Bot, BotKind};
use crate::builders::deal_tree::scored;
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, GameConfig, DEFAULT_TARGET};

/// A target no single deal can reach: the game inside the sampler never ends.
const UNREACHED: u16 = 1000;
/// The seat of an event sits above this bit.
pub const SEAT_SHIFT: u8 = 6;
/// The points of an event are below it.
pub const POINTS_MASK: u8 = (1 << SEAT_SHIFT) - 1;

/// The players of a table with more than two: 3 or 4.
fn check_players(players: u8) -> Result<()> {
    if (3..=4).contains(&players) {
        Ok(())
    } else {
        Err(Error::Invalid(format!(
            "the board tables for more than two are for 3 or 4 players, got {players}"
        )))
    }
}

fn experts(players: u8) -> Vec<Bot> {
    (0..players).map(|_| Bot::new(BotKind::Expert, 0)).collect()
}

/// The scoring events of deal `index` of `seed` with `players` Experts, in
/// the sample format (without the count).
pub fn deal_events(players: u8, seed: u64, index: u64) -> Result<Vec<u8>> {
    check_players(players)?;
    let config = GameConfig {
        players,
        target: UNREACHED,
        muggins: false,
    };
    let mut game = Game::with_first_dealer(config, game_seed(seed, index), true, 0)?;
    let mut bots = experts(players);
    while game.deal_number() == 1 {
        let seat = game.to_move().expect("the deal is not over");
        let mv = bots[seat].decide(&game, seat)?;
        game.apply(mv)?;
    }
    Ok(scored(game.events())
        .map(|(seat, points)| seat << SEAT_SHIFT | points)
        .collect())
}

/// Deals `start..stop` of `seed` in the sample format, in index order (on
/// rayon's pool): chunks concatenate to the sample of the whole range.
pub fn sample_board_deals(players: u8, seed: u64, start: u64, stop: u64) -> Result<Vec<u8>> {
    check_players(players)?;
    let parts: Vec<Vec<u8>> = (start..stop)
        .into_par_iter()
        .map(|i| {
            let events = deal_events(players, seed, i)?;
            let n = u8::try_from(events.len())
                .map_err(|_| Error::Invalid("a deal with over 255 scoring events".into()))?;
            Ok([vec![n], events].concat())
        })
        .collect::<Result<_>>()?;
    Ok(parts.concat())
}

/// Plays `games` Expert games of `players` from the board `scores` (by side,
/// the dealer's side first, then to his left; the dealer about to deal) and
/// counts each side's wins. Game `i` is seeded `game_seed(seed, i)`: the same
/// counts on any number of threads.
pub fn play_from_board(players: u8, scores: &[u16], games: u64, seed: u64) -> Result<Vec<u64>> {
    check_players(players)?;
    let config = GameConfig::new(players, DEFAULT_TARGET, false)?;
    let board: Vec<i64> = scores.iter().map(|&s| i64::from(s)).collect();
    // Refuses a bad board before any game is played.
    Game::with_first_dealer(config, 0, false, 0)?.with_scores(&board)?;
    let winners: Vec<usize> = (0..games)
        .into_par_iter()
        .map(|i| {
            let game = Game::with_first_dealer(config, game_seed(seed, i), false, 0)?;
            let mut game = game.with_scores(&board)?;
            play_out(&mut game, &mut experts(players))?;
            game.winner()
                .ok_or_else(|| Error::Invalid("a game ended without a winner".into()))
        })
        .collect::<Result<_>>()?;
    let mut wins = vec![0u64; config.sides()];
    for w in winners {
        wins[w] += 1;
    }
    Ok(wins)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_scores_what_the_game_scores() {
        for players in [3u8, 4] {
            for index in 0..20 {
                let events = deal_events(players, 5, index).unwrap();
                let config = GameConfig {
                    players,
                    target: UNREACHED,
                    muggins: false,
                };
                let mut game =
                    Game::with_first_dealer(config, game_seed(5, index), false, 0).unwrap();
                let mut bots = experts(players);
                while game.deal_number() == 1 {
                    let seat = game.to_move().unwrap();
                    let mv = bots[seat].decide(&game, seat).unwrap();
                    game.apply(mv).unwrap();
                }
                let mut by_side = vec![0u16; config.sides()];
                for e in &events {
                    let seat = usize::from(e >> SEAT_SHIFT);
                    assert!(seat < usize::from(players));
                    by_side[config.side_of(seat)] += u16::from(e & POINTS_MASK);
                }
                assert_eq!(by_side, game.scores(), "{players} players, deal {index}");
            }
        }
    }

    #[test]
    fn chunks_concatenate_and_bad_counts_are_refused() {
        let whole = sample_board_deals(3, 2, 0, 9).unwrap();
        let parts = [
            sample_board_deals(3, 2, 0, 4).unwrap(),
            sample_board_deals(3, 2, 4, 9).unwrap(),
        ];
        assert_eq!(whole, parts.concat());
        assert!(sample_board_deals(2, 2, 0, 1).is_err());
        assert!(play_from_board(3, &[0, 0], 1, 0).is_err());
        assert!(play_from_board(4, &[0, 121], 1, 0).is_err());
    }

    #[test]
    fn games_from_a_board_are_reproducible() {
        let wins = play_from_board(3, &[118, 119, 119], 40, 1).unwrap();
        assert_eq!(wins.iter().sum::<u64>(), 40);
        assert_eq!(play_from_board(3, &[118, 119, 119], 40, 1).unwrap(), wins);
        let teams = play_from_board(4, &[100, 100], 20, 1).unwrap();
        assert_eq!(teams.len(), 2);
    }
}
