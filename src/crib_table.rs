//! Expected crib points for each discarded rank pair (docs/rules.md, "The
//! show"; "Dealing" for who owns the crib), in two models.
//!
//! **Uniform**: the other two crib cards are any two unseen cards and the
//! starter any other unseen card, as in [`crate::discard::analyze_discards`];
//! a pair's value is that exact crib EV averaged over every real six-card deal
//! and every discard of the pair (each canonical deal weighted by the real
//! deals it stands for). The same for the dealer and the pone.
//!
//! **Fixed point** (Hessel's method): both players discard to maximise hand
//! EV (exact: [`crate::deal_analysis`]) plus (dealer) or minus (pone) the
//! current crib table, over every real six-card deal; the tables are then
//! rebuilt from how often each player throws each pair, and the two steps
//! repeat. Pure best replies cycle between a few sets of decisions, so the
//! tables are rebuilt from a running average of the throws (fictitious play:
//! see [`fixed_point`]) until no value moves more than [`TOLERANCE`].
//! Rebuilding treats the two discards as
//! independent: the crib value of a thrown pair is the mean, over the other
//! player's thrown pairs (weighted by how often they are thrown and by how
//! many of their ranks are left), of the crib's rank points (fifteens, pairs,
//! runs) with a starter of each rank left among the 48 cards outside the crib.
//! Nobs counts each crib jack with probability 12/51 (a random starter's
//! suit matching it). With flushes, a crib flush needs both pairs suited in
//! one suit (probability 55/289 for two suited pairs, by the cards of the
//! suit left) and a starter of that suit (9 of 48), for 5 points; so the
//! model keeps suited and offsuit pairs apart and the published (13, 13)
//! table averages them by how often its owner throws each.
//! Without flushes every crib flush is left out (Hessel's tables do this).

use rayon::prelude::*;

use crate::card::JACK;
use crate::deal_analysis::{deal_cards, DealRow, CRIB_DEALS, HAND_DEALS, SPLITS, SPLIT_COUNT};
use crate::deals::canonical_deals;
use crate::hand::rank_points_cached;

/// Expected crib points by discarded rank pair: `[rank - 1][rank - 1]`.
pub type RankTable = [[f64; 13]; 13];

/// Pair codes: `(low rank * 13 + high rank) * 2 + suited`, ranks 0-based.
const CODES: usize = 13 * 13 * 2;

/// A count per pair code.
type PairCounts = [u64; CODES];
/// A (weighted mean) count per pair code.
type PairWeights = [f64; CODES];

/// Iterations allowed before giving up on a fixed point.
pub const MAX_ITERATIONS: usize = 200;
/// The fixed point has converged when an iteration moves no table value (of
/// a pair code) by more than this many points.
pub const TOLERANCE: f64 = 1e-4;

/// P(a crib jack's suit is the starter's): 12 of the 51 other cards.
const NOBS_CHANCE: f64 = 12.0 / 51.0;
/// P(two suited pairs share a suit): C(11,2) / (C(11,2) + 3 C(13,2)).
const SAME_SUIT_CHANCE: f64 = 55.0 / 289.0;
/// P(the starter has a four-card crib flush's suit): 9 of 48.
const FLUSH_STARTER_CHANCE: f64 = 9.0 / 48.0;

fn code(low: usize, high: usize, suited: bool) -> usize {
    (low * 13 + high) * 2 + usize::from(suited)
}

/// The pair code of each split of a deal.
fn split_codes(mask: u64) -> [u16; SPLIT_COUNT] {
    let cards = deal_cards(mask);
    SPLITS.map(|(i, j)| {
        let (a, b) = (cards[i], cards[j]);
        let (lo, hi) = (usize::from(a.rank() - 1), usize::from(b.rank() - 1));
        code(lo.min(hi), lo.max(hi), a.suit() == b.suit()) as u16
    })
}

/// The exact crib-flush part of a uniform-model crib total: with a suited
/// discard, the two other crib cards and the starter of the same suit.
fn uniform_flush_total(mask: u64, split: usize) -> u64 {
    let cards = deal_cards(mask);
    let (a, b) = (cards[SPLITS[split].0], cards[SPLITS[split].1]);
    if a.suit() != b.suit() {
        return 0;
    }
    let held = cards.iter().filter(|c| c.suit() == a.suit()).count() as u64;
    let left = 13 - held;
    // Two crib cards and a starter, ordered as (set, starter): 3 C(left, 3).
    5 * left * (left - 1) * (left - 2) / 2
}

/// The uniform model by pair code (suited and offsuit apart), with the real
/// deals behind each code.
fn uniform(rows: &[DealRow], flushes: bool) -> (Vec<f64>, PairCounts) {
    let deals = canonical_deals();
    let zero = || (vec![0u128; CODES], [0u64; CODES]);
    let (sums, counts) = rows
        .par_iter()
        .zip(deals.masks.par_iter().zip(deals.weights.par_iter()))
        .fold(zero, |(mut sums, mut counts), (row, (&mask, &w))| {
            for (k, &c) in split_codes(mask).iter().enumerate() {
                let mut total = u64::from(row.crib_total[k]);
                if !flushes {
                    total -= uniform_flush_total(mask, k);
                }
                sums[usize::from(c)] += u128::from(total) * u128::from(w);
                counts[usize::from(c)] += u64::from(w);
            }
            (sums, counts)
        })
        .reduce(zero, |(mut s, mut c), (s2, c2)| {
            s.iter_mut().zip(&s2).for_each(|(a, b)| *a += b);
            c.iter_mut().zip(&c2).for_each(|(a, b)| *a += b);
            (s, c)
        });
    let values = sums
        .iter()
        .zip(&counts)
        .map(|(&s, &n)| {
            if n == 0 {
                0.0
            } else {
                s as f64 / (n as f64 * CRIB_DEALS as f64)
            }
        })
        .collect();
    (values, counts)
}

/// The uniform model's table (the same for both players): the mean crib EV
/// of every discard of each rank pair over every real deal.
pub fn uniform_table(rows: &[DealRow], flushes: bool) -> RankTable {
    let (values, counts) = uniform(rows, flushes);
    rank_table(&values, &counts.map(|c| c as f64))
}

/// The fixed point's result: both tables and how it converged.
#[derive(Clone, Debug, PartialEq)]
pub struct FixedPoint {
    /// The dealer's own crib, by the pair he throws.
    pub own: RankTable,
    /// The opponent's crib, by the pair the pone throws.
    pub opponent: RankTable,
    /// The largest change of any table value at each iteration.
    pub changes: Vec<f64>,
    /// Whether the last change is below [`TOLERANCE`] (false only when
    /// [`MAX_ITERATIONS`] ran out).
    pub converged: bool,
    /// Pair-code values (suited and offsuit apart) for decisions.
    own_codes: Vec<f64>,
    opponent_codes: Vec<f64>,
}

impl FixedPoint {
    /// The crib value the model gives a thrown pair (ranks 1..=13).
    pub fn pair_value(&self, own: bool, r1: u8, r2: u8, suited: bool) -> f64 {
        let (lo, hi) = (usize::from(r1.min(r2) - 1), usize::from(r1.max(r2) - 1));
        let values = if own {
            &self.own_codes
        } else {
            &self.opponent_codes
        };
        values[code(lo, hi, suited && lo != hi)]
    }
}

/// Number of ranks `r` left after removing the cards of `used`.
fn left(used: &[usize], r: usize) -> usize {
    4 - used.iter().filter(|&&u| u == r).count()
}

/// The crib value of pair `(lo, hi, suited)` when the other player throws
/// pairs with the counts `thrown`.
fn crib_value(lo: usize, hi: usize, suited: bool, thrown: &PairWeights, flushes: bool) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    for c in 0..13 {
        for d in c..13 {
            let used = [lo, hi];
            let (nc, nd) = (left(&used, c) as f64, left(&used, d) as f64);
            let avail = if c == d {
                nc * (nc - 1.0) / 12.0
            } else {
                nc * nd / 16.0
            };
            let crib = [lo, hi, c, d];
            let mut points = 0.0;
            for s in 0..13 {
                let ranks = [lo, hi, c, d, s].map(|r| r as u8 + 1);
                points += left(&crib, s) as f64 * f64::from(rank_points_cached(ranks));
            }
            points /= 48.0;
            let jacks = crib.iter().filter(|&&r| r + 1 == usize::from(JACK)).count();
            points += jacks as f64 * NOBS_CHANCE;
            for other_suited in [false, true] {
                let w = thrown[code(c, d, other_suited)] * avail;
                let flush = if flushes && suited && other_suited {
                    5.0 * SAME_SUIT_CHANCE * FLUSH_STARTER_CHANCE
                } else {
                    0.0
                };
                num += w * (points + flush);
                den += w;
            }
        }
    }
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

/// Crib values of every pair code given the other player's throws.
fn rebuild(thrown: &PairWeights, flushes: bool) -> Vec<f64> {
    let mut values = vec![0.0; CODES];
    for lo in 0..13 {
        for hi in lo..13 {
            for suited in [false, true] {
                if suited && lo == hi {
                    continue;
                }
                values[code(lo, hi, suited)] = crib_value(lo, hi, suited, thrown, flushes);
            }
        }
    }
    values
}

/// The split a player picks: best hand total / 46 plus `sign` times the crib
/// value; ties go to the first split.
fn pick(row: &DealRow, codes: &[u16; SPLIT_COUNT], values: &[f64], sign: f64) -> usize {
    let mut best = (f64::NEG_INFINITY, 0);
    for k in 0..SPLIT_COUNT {
        let v =
            f64::from(row.hand_total[k]) / HAND_DEALS as f64 + sign * values[usize::from(codes[k])];
        if v > best.0 {
            best = (v, k);
        }
    }
    best.1
}

/// Counts of the pairs thrown by the dealer and the pone over every deal.
fn throws(
    rows: &[DealRow],
    codes: &[[u16; SPLIT_COUNT]],
    own: &[f64],
    opp: &[f64],
) -> [PairCounts; 2] {
    let weights = &canonical_deals().weights;
    rows.par_iter()
        .zip(codes.par_iter().zip(weights.par_iter()))
        .fold(
            || [[0u64; CODES]; 2],
            |mut acc, (row, (c, &w))| {
                acc[0][usize::from(c[pick(row, c, own, 1.0)])] += u64::from(w);
                acc[1][usize::from(c[pick(row, c, opp, -1.0)])] += u64::from(w);
                acc
            },
        )
        .reduce(
            || [[0u64; CODES]; 2],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x.iter_mut().zip(y).for_each(|(p, q)| *p += q);
                }
                a
            },
        )
}

/// Averages suited and offsuit values by how often they are thrown (1:3 for
/// a pair never thrown).
fn rank_table(values: &[f64], thrown: &PairWeights) -> RankTable {
    let pair = |lo: usize, hi: usize| {
        let (off, on) = (code(lo, hi, false), code(lo, hi, true));
        if lo == hi {
            return values[off];
        }
        let (w0, w1) = (thrown[off], thrown[on]);
        let (w0, w1) = if w0 + w1 == 0.0 { (3.0, 1.0) } else { (w0, w1) };
        (w0 * values[off] + w1 * values[on]) / (w0 + w1)
    };
    std::array::from_fn(|i| std::array::from_fn(|j| pair(i.min(j), i.max(j))))
}

/// Iterates optimal discards and crib tables to a fixed point, starting
/// from the uniform model.
///
/// Fictitious play: the tables are rebuilt from a running average of every
/// iteration's throws, iteration `n` weighing `n` (a step of `2 / (n + 1)`
/// towards the new throws), so the uniform start fades fast and decisions
/// that would cycle settle at their mix. It stops when no value moves more
/// than [`TOLERANCE`].
pub fn fixed_point(rows: &[DealRow], flushes: bool) -> FixedPoint {
    fixed_point_within(rows, flushes, TOLERANCE)
}

/// [`fixed_point`] with its stopping change as a parameter.
fn fixed_point_within(rows: &[DealRow], flushes: bool, tolerance: f64) -> FixedPoint {
    let deals = canonical_deals();
    let codes: Vec<[u16; SPLIT_COUNT]> = deals.masks.par_iter().map(|&m| split_codes(m)).collect();
    let start = uniform(rows, flushes).0;
    let (mut own, mut opp) = (start.clone(), start);
    let mut changes = Vec::new();
    let mut average = [[0.0; CODES]; 2];
    for n in 1..=MAX_ITERATIONS {
        let counts = throws(rows, &codes, &own, &opp);
        let step = 2.0 / (n as f64 + 1.0);
        for (avg, now) in average.iter_mut().zip(&counts) {
            for (a, &c) in avg.iter_mut().zip(now) {
                *a += step * (c as f64 - *a);
            }
        }
        let new_own = rebuild(&average[1], flushes);
        let new_opp = rebuild(&average[0], flushes);
        let change = own
            .iter()
            .zip(&new_own)
            .chain(opp.iter().zip(&new_opp))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        changes.push(change);
        (own, opp) = (new_own, new_opp);
        if change < tolerance {
            break;
        }
    }
    FixedPoint {
        own: rank_table(&own, &average[0]),
        opponent: rank_table(&opp, &average[1]),
        converged: changes.last().is_some_and(|&c| c < tolerance),
        changes,
        own_codes: own,
        opponent_codes: opp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crib_values_favour_fives_and_follow_the_throws() {
        let mut thrown = [0.0; CODES];
        // The other player always throws K-9 offsuit.
        thrown[code(8, 12, false)] = 1.0;
        let five_five = crib_value(4, 4, false, &thrown, false);
        let ace_king = crib_value(0, 12, false, &thrown, false);
        assert!(five_five > ace_king + 2.0, "{five_five} {ace_king}");
        // 5-5 with K-9: 5+K and 5+... fifteens, the pair, and the starter.
        assert!(five_five > 4.0 && five_five < 12.0, "{five_five}");
        let suited = crib_value(0, 12, true, &thrown, true);
        assert_eq!(suited, ace_king, "no flush when the other pair is offsuit");
    }

    #[test]
    fn uniform_table_is_the_weighted_mean_of_the_analysis() {
        use crate::deal_analysis::analyze_range;
        use crate::discard::analyze_discards;
        let rows = analyze_range(0..150).unwrap();
        let table = uniform_table(&rows, true);
        let deals = canonical_deals();
        let mut sums = [[0.0f64; 13]; 13];
        let mut counts = [[0.0f64; 13]; 13];
        for (&mask, &w) in deals.masks.iter().zip(&deals.weights).take(150) {
            for o in analyze_discards(&deal_cards(mask), true).unwrap() {
                let (a, b) = (o.discard()[0].rank() - 1, o.discard()[1].rank() - 1);
                let (lo, hi) = (usize::from(a.min(b)), usize::from(a.max(b)));
                sums[lo][hi] += f64::from(w) * o.crib_ev();
                counts[lo][hi] += f64::from(w);
            }
        }
        let mut checked = 0;
        for lo in 0..13 {
            for hi in lo..13 {
                if counts[lo][hi] > 0.0 {
                    let want = sums[lo][hi] / counts[lo][hi];
                    assert!((table[lo][hi] - want).abs() < 1e-9, "{lo} {hi}");
                    assert_eq!(table[hi][lo], table[lo][hi]);
                    checked += 1;
                }
            }
        }
        // The first deals in mask order hold only the lowest ranks.
        assert!(checked >= 3, "{checked}");
    }

    #[test]
    fn fixed_point_converges_to_the_same_tables_every_time() {
        // The first deals in mask order (low ranks only): so few that each
        // flip of a decision moves the tables far and the steps settle
        // slowly, hence a looser tolerance than the shipped build's.
        let rows = crate::deal_analysis::analyze_range(0..3_000).unwrap();
        let fp = fixed_point_within(&rows, true, 1e-3);
        assert!(fp.converged, "{:?}", fp.changes);
        assert!(fp.changes.len() > 3 && fp.changes.len() < MAX_ITERATIONS);
        assert!(fp.changes.last().is_some_and(|&c| c < 1e-3));
        assert!(fp.changes[1..].iter().all(|&c| c < fp.changes[0]));
        assert_eq!(fixed_point_within(&rows, true, 1e-3), fp);
        let own = fp.pair_value(true, 5, 5, false);
        assert!(own > fp.pair_value(true, 1, 13, false) + 2.0, "{own}");
    }
}
