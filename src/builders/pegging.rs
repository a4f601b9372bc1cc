//! Expected pegging points of each kept four-card rank multiset, by
//! simulation against the Expert (docs/rules.md, "The play").
//!
//! Sample `i` of a table seeded `S` draws from its own generator
//! (`game_seed(S, i)`): kept ranks `KEEPS[i % 1820]` with random suits, two
//! random cards of ours already laid away, an opponent's six random cards from
//! which it discards as the Expert, and a random starter. The deal is then
//! played out twice, once with us as dealer and once as pone, both seats
//! laying as the Expert from a 0-0 score (so no end-of-game weighting). Each
//! sample adds exact integer sums (points and squared points pegged by us and
//! by the opponent), so a table is the same whatever ranges it is built in.
//! Sample `j` of keep `k` is sample `i = j * 1820 + k` whatever the
//! allocation, so a table of `n` samples per keep ([`pegging_sums`]) equals
//! one built from per-keep ranges `0..n` ([`keep_range_sums`]).
//!
//! The sums are read back by [`crate::tables::pegging`]; the shipped table is
//! written by `scripts/ship_tables.py pegging`.

use std::ops::Range;

use rayon::prelude::*;

use crate::bots::simulate::{game_seed, simulation_config};
use crate::bots::{Bot, BotKind};
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::game::{Game, Move, Phase, Source, SuppliedDeal};
use crate::tables::discards::best_discard_mask;
use crate::tables::pegging::{keeps, KEEP_COUNT, MAX_SAMPLES_PER_KEEP, STATS, SUMS_LEN};

/// Points pegged by (us, the opponent) in one deal.
fn play_deal(ours: &[Card], theirs: &[Card], starter: Card, we_deal: bool) -> Result<[u16; 2]> {
    let us = usize::from(!we_deal);
    // Seat 0 deals: we are seat 0 as dealer, seat 1 as pone.
    let mut game = Game::with_first_dealer(simulation_config(), 0, false, 0)?;
    let mut hands = vec![Vec::new(), Vec::new()];
    hands[us] = ours.to_vec();
    hands[1 - us] = theirs.to_vec();
    game.apply(Move::Deal(Box::new(SuppliedDeal {
        hands,
        starter: Some(starter),
        crib_card: None,
        scores: None,
    })))?;
    let our_discard = ours[4].bit() | ours[5].bit();
    let mut bots = [Bot::new(BotKind::Expert, 0), Bot::new(BotKind::Expert, 0)];
    let deal = game.deal_number();
    // Until the play ends (the shows, and then the next deal, follow).
    while let Some(seat) = game.to_move().filter(|_| game.deal_number() == deal) {
        match game.phase() {
            Phase::Discard if seat == us => game.apply(Move::Discard(our_discard))?,
            Phase::Discard => {
                let discard = best_discard_mask(game.hand(seat), !we_deal)?;
                game.apply(Move::Discard(discard))?;
            }
            Phase::Play => {
                let mv = bots[seat].decide(&game, seat)?;
                game.apply(mv)?;
            }
            _ => break,
        }
    }
    let play = |seat: usize| game.points_by_source()[seat][Source::Play as usize];
    Ok([play(us), play(1 - us)])
}

/// Sample `index` of a table seeded `seed`: adds its sums to `sums`.
fn sample(seed: u64, index: u64, sums: &mut [u64]) -> Result<()> {
    let keep = keeps()[(index % KEEP_COUNT as u64) as usize];
    let mut rng = Rng::new(game_seed(seed, index));
    let mut deck: Vec<Card> = Card::deck().collect();
    let mut ours = Vec::with_capacity(6);
    for &rank in &keep {
        // A random suit of this rank still in the deck.
        let free: Vec<usize> = (0..deck.len())
            .filter(|&i| deck[i].rank() == rank)
            .collect();
        let pick = free[rng.below(free.len() as u32) as usize];
        ours.push(deck.swap_remove(pick));
    }
    rng.shuffle(&mut deck);
    ours.extend_from_slice(&deck[..2]);
    let theirs = &deck[2..8];
    let starter = deck[8];
    let base = (index % KEEP_COUNT as u64) as usize * 2 * STATS;
    for we_deal in [false, true] {
        let [me, them] = play_deal(&ours, theirs, starter, we_deal)?;
        let (me, them) = (u64::from(me), u64::from(them));
        let slot = &mut sums[base + usize::from(we_deal) * STATS..][..STATS];
        for (s, v) in slot.iter_mut().zip([1, me, me * me, them, them * them]) {
            *s += v;
        }
    }
    Ok(())
}

/// Exact sums of samples `range` of a table seeded `seed`, flattened as
/// `[keep][role][STATS]` (see [`STATS`]), in parallel.
pub fn pegging_sums(seed: u64, range: Range<u64>) -> Result<Vec<u64>> {
    if range.start > range.end {
        return Err(Error::Invalid(format!(
            "the sample range {}..{} is backwards",
            range.start, range.end
        )));
    }
    fold_samples(seed, range, |i| i)
}

/// Exact sums of items `part` of the per-keep sample ranges laid end to end
/// (keep 0's samples `ranges[0]`, then keep 1's, ...): any split of the
/// items into parts sums to the same table.
pub fn keep_range_sums(seed: u64, ranges: &[Range<u64>], part: Range<u64>) -> Result<Vec<u64>> {
    if ranges.len() != KEEP_COUNT {
        return Err(Error::Invalid(format!(
            "need one sample range per keep ({KEEP_COUNT}), got {}",
            ranges.len()
        )));
    }
    // Items before each keep's first.
    let mut starts = Vec::with_capacity(KEEP_COUNT + 1);
    let mut total = 0u64;
    for (k, r) in ranges.iter().enumerate() {
        if r.start > r.end || r.end > MAX_SAMPLES_PER_KEEP {
            return Err(Error::Invalid(format!(
                "keep {k}'s sample range {}..{} is backwards or past {MAX_SAMPLES_PER_KEEP}",
                r.start, r.end
            )));
        }
        starts.push(total);
        total += r.end - r.start;
    }
    if part.start > part.end || part.end > total {
        return Err(Error::Invalid(format!(
            "the items {}..{} are not within the {total} items of the ranges",
            part.start, part.end
        )));
    }
    fold_samples(seed, part, |t| {
        let k = starts.partition_point(|&s| s <= t) - 1;
        (ranges[k].start + t - starts[k]) * KEEP_COUNT as u64 + k as u64
    })
}

/// The sums of the samples `index(t)` for `t` in `items`, in parallel.
fn fold_samples(
    seed: u64,
    items: Range<u64>,
    index: impl Fn(u64) -> u64 + Sync,
) -> Result<Vec<u64>> {
    items
        .into_par_iter()
        .try_fold(
            || vec![0u64; SUMS_LEN],
            |mut sums, t| {
                sample(seed, index(t), &mut sums)?;
                Ok::<_, Error>(sums)
            },
        )
        .try_reduce(
            || vec![0u64; SUMS_LEN],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                Ok(a)
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_do_not_depend_on_the_split_of_the_range() {
        let whole = pegging_sums(7, 0..400).unwrap();
        let mut parts = pegging_sums(7, 0..150).unwrap();
        let rest = pegging_sums(7, 150..400).unwrap();
        parts.iter_mut().zip(&rest).for_each(|(a, b)| *a += b);
        assert_eq!(whole, parts);
        let samples: u64 = whole.iter().step_by(STATS).sum();
        assert_eq!(samples, 800);
        // Pegging per deal: a few points for each side.
        let mine: u64 = whole.iter().skip(1).step_by(STATS).sum();
        let mean = mine as f64 / 800.0;
        assert!(mean > 1.0 && mean < 5.0, "{mean}");
    }

    #[test]
    fn keep_ranges_give_the_same_samples_as_the_uniform_table() {
        let uniform = pegging_sums(7, 0..3 * KEEP_COUNT as u64).unwrap();
        let ranges = vec![0..3; KEEP_COUNT];
        let total = 3 * KEEP_COUNT as u64;
        assert_eq!(keep_range_sums(7, &ranges, 0..total).unwrap(), uniform);
        let mut parts = keep_range_sums(7, &ranges, 0..1001).unwrap();
        let rest = keep_range_sums(7, &ranges, 1001..total).unwrap();
        parts.iter_mut().zip(&rest).for_each(|(a, b)| *a += b);
        assert_eq!(parts, uniform);
        // Uneven ranges: samples 1..3 of keep 0 and 2..3 of keep 5 are the
        // uniform table's less its samples 0 of keep 0 and 0, 1 of keep 5.
        let mut uneven = vec![0..0; KEEP_COUNT];
        uneven[0] = 1..3;
        uneven[5] = 2..3;
        let got = keep_range_sums(7, &uneven, 0..3).unwrap();
        let keep_sums = |k: usize, n: u64| {
            let mut r = vec![0..0; KEEP_COUNT];
            r[k] = 0..n;
            keep_range_sums(7, &r, 0..n).unwrap()
        };
        let slot = |v: &[u64], k: usize| v[k * 2 * STATS..][..2 * STATS].to_vec();
        let diff = |a: Vec<u64>, b: Vec<u64>| -> Vec<u64> {
            a.iter().zip(&b).map(|(x, y)| x - y).collect()
        };
        assert_eq!(
            slot(&got, 0),
            diff(slot(&uniform, 0), slot(&keep_sums(0, 1), 0))
        );
        assert_eq!(
            slot(&got, 5),
            diff(slot(&uniform, 5), slot(&keep_sums(5, 2), 5))
        );
    }

    #[test]
    fn bad_keep_ranges_are_errors() {
        let ok = vec![0..2; KEEP_COUNT];
        assert!(keep_range_sums(1, &ok[1..], 0..1).is_err());
        assert!(keep_range_sums(1, &ok, 0..3641).is_err());
        let mut bad = ok.clone();
        bad[3] = Range { start: 2, end: 1 };
        assert!(keep_range_sums(1, &bad, 0..1).is_err());
        bad[3] = 0..MAX_SAMPLES_PER_KEEP + 1;
        assert!(keep_range_sums(1, &bad, 0..1).is_err());
    }
}
