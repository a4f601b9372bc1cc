//! The five-card tables (three and four players, docs/rules.md "Dealing", "The
//! show", "The play"): the crib's show by the rank each seat throws, and each
//! seat's pegging, from dealt games.
//!
//! Deal `i` of a build seeded `S` is the first deal of the game seeded
//! `game_seed(S, i)` with seat 0 dealing, dealt by the rules (five cards each,
//! with three players one card from the deck to the crib). Every seat lays
//! away one card, either as the Expert does ([`Throws::Expert`]: the exact
//! hand EV plus or minus the exact crib with the other crib cards uniform) or
//! by a table of crib values ([`Throws::Table`]: the exact hand EV plus or
//! minus the table's value of the thrown rank for the thrower's seat, see
//! [`crate::tables::crib_five::table_throw`]). The crib's show is summed
//! exactly over every starter left (36 with three players, 32 with four), an
//! integer per deal, and added to the thrown rank's cell of each position
//! (and of the deck's card). With `play`, the deal is then played out by the
//! Expert in every seat from 0-0 and each seat's pegging is added.
//!
//! The fixed point (as for two players, Hessel's method; the loop is driven by
//! `cribbage_fast.builders.five_card` for progress and cancellation) starts
//! from the tables of the Expert's throws and then repeatedly replaces each
//! value by the running average of the tables measured with the current ones
//! deciding, over the same deals (common random numbers). Unlike the
//! two-player model, a value here is measured from real deals (the other
//! hands and the deck's card dealt, their throws made by the same rule), so it
//! is conditioned on the thrower's whole hand, suits included, but sampled:
//! every value has a standard error.
//!
//! [`table_match`] measures a table thrower in one seat against Experts in
//! the others, each game paired with the same deals played by Experts alone.

use std::ops::Range;

use rayon::prelude::*;

use crate::bots::simulate::game_seed;
use crate::bots::{Bot, BotKind};
use crate::ground::card::{Card, CardSet};
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, GameConfig, Move, Phase, Source};
use crate::tables::crib_five::{
    positions, table_throw, Values, BLOCK_LEN, CRIB_LEN, CRIB_STATS, PEG_STATS, POSITIONS,
};

/// How the seats lay away their card.
#[derive(Clone, Copy, Debug)]
pub enum Throws<'a> {
    /// As the Expert (the exact analysis with a uniform crib).
    Expert,
    /// By these crib values (hand EV plus or minus the thrown rank's value).
    Table(&'a Values),
}

/// The card `seat` (at `position` from the dealer) lays away.
fn throw(game: &Game, seat: usize, position: usize, throws: Throws, bot: &mut Bot) -> Result<Move> {
    match throws {
        Throws::Expert => bot.decide(game, seat),
        Throws::Table(values) => Ok(Move::Discard(table_throw(
            game.hand(seat),
            game.config(),
            position,
            values,
        ))),
    }
}

fn rank_of(mask: u64) -> usize {
    CardSet::from_mask(mask)
        .iter()
        .next()
        .map_or(0, |c| usize::from(c.rank() - 1))
}

/// Adds deal `index` of a build seeded `seed` to `sums` (one block).
fn deal_sums(
    config: GameConfig,
    seed: u64,
    index: u64,
    throws: Throws,
    play: bool,
    sums: &mut [u64],
) -> Result<()> {
    let mut game = Game::with_first_dealer(config, game_seed(seed, index), false, 0)?;
    let n = usize::from(config.players);
    let mut bots: Vec<Bot> = (0..n)
        .map(|s| Bot::new(BotKind::Expert, s as u64))
        .collect();
    let deck_card = game.crib();
    while let Some(seat) = game.to_move().filter(|_| game.phase() == Phase::Discard) {
        let mv = throw(&game, seat, seat, throws, &mut bots[seat])?;
        game.apply(mv)?;
    }
    let crib: Vec<Card> = CardSet::from_mask(game.crib()).iter().collect();
    let crib: [Card; 4] = crib
        .try_into()
        .map_err(|_| Error::Invalid("a crib of five-card hands must hold four cards".into()))?;
    let held = (0..n).fold(game.crib(), |m, s| m | game.kept(s));
    let starters = crate::analysis::discard::UnseenCounts::of(
        CardSet::from_mask(CardSet::DECK.mask() & !held).iter(),
    );
    let total = u64::from(crate::analysis::discard::show_total_closed(
        crib, &starters, true,
    ));
    let mut thrown: Vec<u64> = (0..n).map(|s| game.discards_of(s)).collect();
    if deck_card != 0 {
        thrown.push(deck_card);
    }
    for (position, &mask) in thrown.iter().enumerate() {
        let at = (position * 13 + rank_of(mask)) * CRIB_STATS;
        for (s, v) in sums[at..at + CRIB_STATS]
            .iter_mut()
            .zip([1, total, total * total])
        {
            *s += v;
        }
    }
    if play {
        play_out(&mut game, &mut bots, sums)?;
    }
    Ok(())
}

/// Plays the deal's play as the Expert and adds each seat's and team's pegging.
fn play_out(game: &mut Game, bots: &mut [Bot], sums: &mut [u64]) -> Result<()> {
    let deal = game.deal_number();
    while let Some(seat) = game.to_move().filter(|_| game.deal_number() == deal) {
        if game.phase() != Phase::Play {
            break;
        }
        let mv = bots[seat].decide(game, seat)?;
        game.apply(mv)?;
    }
    let config = game.config();
    let peg = &mut sums[CRIB_LEN..];
    let mut teams = [0u64; 2];
    for seat in 0..usize::from(config.players) {
        let points = u64::from(game.points_by_source()[seat][Source::Play as usize]);
        let cell = &mut peg[seat * PEG_STATS..(seat + 1) * PEG_STATS];
        for (s, v) in cell.iter_mut().zip([1, points, points * points]) {
            *s += v;
        }
        if config.players == 4 {
            teams[config.side_of(seat)] += points;
        }
    }
    if config.players == 4 {
        let cell = &mut peg[POSITIONS * PEG_STATS..];
        for (t, &points) in teams.iter().enumerate() {
            cell[2 * t] += points;
            cell[2 * t + 1] += points * points;
        }
    }
    Ok(())
}

/// Exact sums ([`BLOCK_LEN`]: see [`crate::tables::crib_five`]) of deals
/// `range` of a build seeded `seed` for `config`'s players, in parallel; the
/// same whatever ranges a build is cut into.
pub fn five_card_sums(
    config: GameConfig,
    seed: u64,
    range: Range<u64>,
    throws: Throws,
    play: bool,
) -> Result<Vec<u64>> {
    if config.hand_size() != 5 || positions(config) > POSITIONS {
        return Err(Error::Invalid(format!(
            "five-card tables are for 3 or 4 players, not {}",
            config.players
        )));
    }
    if range.start > range.end {
        return Err(Error::Invalid(format!(
            "the deal range {}..{} is backwards",
            range.start, range.end
        )));
    }
    range
        .into_par_iter()
        .try_fold(
            || vec![0u64; BLOCK_LEN],
            |mut sums, i| {
                deal_sums(config, seed, i, throws, play, &mut sums)?;
                Ok::<_, Error>(sums)
            },
        )
        .try_reduce(
            || vec![0u64; BLOCK_LEN],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                Ok(a)
            },
        )
}

/// Plays game `game_seed(seed, index)` to its end (every deal from its own
/// seed), the seat `hero` laying away by `values` if given, every other
/// decision the Expert's; whether the hero's side won.
fn hero_wins(
    config: GameConfig,
    seed: u64,
    index: u64,
    hero: usize,
    values: Option<&Values>,
) -> Result<bool> {
    let mut game = Game::new(config, game_seed(seed, index), false).with_deal_seeds()?;
    let n = usize::from(config.players);
    let mut bots: Vec<Bot> = (0..n)
        .map(|s| Bot::new(BotKind::Expert, game_seed(index, s as u64)))
        .collect();
    while let Some(seat) = game.to_move() {
        let mv = match values {
            Some(v) if seat == hero && game.phase() == Phase::Discard => {
                let position = (seat + n - game.dealer()) % n;
                Move::Discard(table_throw(game.hand(seat), config, position, v))
            }
            _ => bots[seat].decide(&game, seat)?,
        };
        game.apply(mv)?;
    }
    Ok(game.winner() == Some(config.side_of(hero)))
}

/// Games `range` of a match seeded `seed`: game `i` has the table thrower in
/// seat `i % players` and is paired with the same deals played by Experts
/// alone. Sums: games, the table thrower's wins, the Expert's wins in that
/// seat, and the games whose results differ.
pub fn table_match(
    config: GameConfig,
    values: &Values,
    seed: u64,
    range: Range<u64>,
) -> Result<[u64; 4]> {
    if range.start > range.end {
        return Err(Error::Invalid(format!(
            "the game range {}..{} is backwards",
            range.start, range.end
        )));
    }
    range
        .into_par_iter()
        .try_fold(
            || [0u64; 4],
            |mut sums, i| {
                let hero = (i % u64::from(config.players)) as usize;
                let new = hero_wins(config, seed, i, hero, Some(values))?;
                let old = hero_wins(config, seed, i, hero, None)?;
                for (s, v) in sums.iter_mut().zip([true, new, old, new != old]) {
                    *s += u64::from(v);
                }
                Ok::<_, Error>(sums)
            },
        )
        .try_reduce(
            || [0u64; 4],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                Ok(a)
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::discard::analyze_discards;
    use crate::rules::show::score_hand;
    use crate::tables::crib_five::{crib_value, five_card_config, starters, values_of};

    #[test]
    fn sums_do_not_depend_on_the_split_of_the_range() {
        for players in [3, 4] {
            let config = five_card_config(players).unwrap();
            let whole = five_card_sums(config, 5, 0..60, Throws::Expert, true).unwrap();
            let mut parts = five_card_sums(config, 5, 0..25, Throws::Expert, true).unwrap();
            let rest = five_card_sums(config, 5, 25..60, Throws::Expert, true).unwrap();
            parts.iter_mut().zip(&rest).for_each(|(a, b)| *a += b);
            assert_eq!(whole, parts);
        }
    }

    #[test]
    fn one_deal_is_its_crib_scored_over_every_starter() {
        for players in [3i64, 4] {
            let config = five_card_config(players).unwrap();
            let sums = five_card_sums(config, 11, 3..4, Throws::Expert, false).unwrap();
            // The same deal, thrown by the exact analysis, scored starter by starter.
            let mut game = Game::with_first_dealer(config, game_seed(11, 3), false, 0).unwrap();
            let mut crib = game.crib();
            while let Some(seat) = game.to_move().filter(|_| game.phase() == Phase::Discard) {
                let hand: Vec<Card> = CardSet::from_mask(game.hand(seat)).iter().collect();
                let own = config.side_of(seat) == config.side_of(0);
                let best = analyze_discards(&hand, own).unwrap()[0].discard()[0];
                crib |= best.bit();
                game.apply(Move::Discard(best.bit())).unwrap();
            }
            assert_eq!(crib, game.crib());
            let cards: Vec<Card> = CardSet::from_mask(crib).iter().collect();
            let held = (0..players as usize).fold(crib, |m, s| m | game.kept(s));
            let total: u64 = Card::deck()
                .filter(|c| held & c.bit() == 0)
                .map(|s| {
                    u64::from(score_hand(
                        [cards[0], cards[1], cards[2], cards[3]],
                        s,
                        true,
                    ))
                })
                .sum();
            let thrown = CardSet::from_mask(game.discards_of(1))
                .iter()
                .next()
                .unwrap();
            let v = crib_value(&sums, config, 1, thrown.rank()).unwrap();
            assert_eq!(v.deals, 1);
            assert!((v.mean - total as f64 / starters(config) as f64).abs() < 1e-12);
            let deals: u64 = sums[..CRIB_LEN].chunks(3).map(|c| c[0]).sum();
            assert_eq!(deals, positions(config) as u64);
        }
    }

    #[test]
    fn table_throws_with_the_experts_values_are_plausible() {
        let config = five_card_config(3).unwrap();
        let sums = five_card_sums(config, 2, 0..1500, Throws::Expert, false).unwrap();
        let values = values_of(&sums, config);
        // Fives make the crib: the deck's five against its king.
        assert!(values[3][4] > values[3][12] + 1.0, "{values:?}");
        let again = five_card_sums(config, 2, 0..300, Throws::Table(&values), false).unwrap();
        assert_eq!(again.len(), BLOCK_LEN);
        let m = table_match(config, &values, 1, 0..6).unwrap();
        assert_eq!(m[0], 6);
        assert!(m[1] <= 6 && m[2] <= 6 && m[3] <= 6);
        assert_eq!(m, table_match(config, &values, 1, 0..6).unwrap());
    }
}
