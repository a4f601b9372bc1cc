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

use std::ops::Range;
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::bots::{Bot, BotKind};
use crate::card::Card;
use crate::discard_cache::best_discard_mask;
use crate::error::{Error, Result};
use crate::game::{Game, Move, Phase, Source, SuppliedDeal};
use crate::rng::Rng;
use crate::simulate::{game_seed, simulation_config};

/// Kept four-card rank multisets: C(16, 4).
pub const KEEP_COUNT: usize = 1820;

/// Sums per kept hand and role (0 pone, 1 dealer): samples, our points, our
/// squared points, the opponent's points, its squared points.
pub const STATS: usize = 5;

/// Every kept rank multiset (ranks 1..=13, ascending), in lexicographic order.
pub fn keeps() -> &'static [[u8; 4]] {
    static KEEPS: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    KEEPS.get_or_init(|| {
        let mut out = Vec::with_capacity(KEEP_COUNT);
        for a in 1..=13u8 {
            for b in a..=13 {
                for c in b..=13 {
                    for d in c..=13 {
                        out.push([a, b, c, d]);
                    }
                }
            }
        }
        out
    })
}

/// The index of a kept rank multiset (any order), if the ranks are valid.
pub fn keep_index(ranks: [u8; 4]) -> Option<usize> {
    let mut sorted = ranks;
    sorted.sort_unstable();
    keeps().binary_search(&sorted).ok()
}

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
    let size = KEEP_COUNT * 2 * STATS;
    range
        .into_par_iter()
        .try_fold(
            || vec![0u64; size],
            |mut sums, i| {
                sample(seed, i, &mut sums)?;
                Ok::<_, Error>(sums)
            },
        )
        .try_reduce(
            || vec![0u64; size],
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
    fn keeps_are_every_rank_multiset_once() {
        let k = keeps();
        assert_eq!(k.len(), KEEP_COUNT);
        assert!(k.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(keep_index([5, 5, 11, 5]), keep_index([5, 5, 5, 11]));
        assert_eq!(keep_index([1, 1, 1, 1]), Some(0));
        assert_eq!(keep_index([0, 1, 2, 3]), None);
    }

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
}
