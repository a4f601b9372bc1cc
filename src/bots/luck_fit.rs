//! Exact sums of the luck of a match's units (games, or duplicate pairs),
//! kept term by term in two folds, and the cross-fitted coefficients that
//! scale the luck taken from each result (docs/duplicate.md, "The
//! coefficient").
//!
//! A unit's adjusted result is `wins - b . luck`, with `b` the least-squares
//! coefficients of the wins on the luck terms fitted on the *other* fold
//! (units are in fold `unit index mod 2`). The units are independent and
//! every term has mean zero, so `b` (a function of the other fold only) is
//! independent of the unit's luck and `E[b . luck] = E[b] . 0 = 0`: the
//! adjusted mean is unbiased whatever the players, and the fit makes its
//! spread close to the least the terms allow (never much more than the
//! plain result's). Every sum is an integer, so the folds, and any merge of
//! ranges, threads or Ray tasks, give the same estimate.

use crate::bots::luck::TERMS;

/// Luck is counted in units of 2^-24 of a game.
pub const LUCK_SCALE: f64 = 16_777_216.0;

/// The products of two terms kept: (0, 0), (0, 1), (1, 1).
const PRODUCTS: usize = TERMS * (TERMS + 1) / 2;

/// Index of the product of terms `j <= k` in [`FoldSums::luck_products`].
const fn product(j: usize, k: usize) -> usize {
    j * TERMS - j * (j + 1) / 2 + k
}

/// The largest magnitude a saved sum may have: far above any real match,
/// and low enough that merging 2^20 of them cannot overflow.
pub const SUM_LIMIT: i128 = 1 << 100;

/// Exact sums over the units of one fold: each term of a unit's luck
/// rounded to a multiple of 1 / [`LUCK_SCALE`] and summed as an integer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FoldSums {
    /// Units whose luck was measured.
    pub units: u64,
    /// Player 0's wins in the units, and the sum of their squares.
    pub wins: u64,
    pub wins_sq: u64,
    /// Each term's sum.
    pub luck: [i128; TERMS],
    /// Each term times the unit's wins, summed.
    pub luck_wins: [i128; TERMS],
    /// The products of two terms, summed: (deal, deal), (deal, starter),
    /// (starter, starter).
    pub luck_products: [i128; PRODUCTS],
}

/// Sums of n values: count, sum, sum of squares.
pub type Moments = (u64, f64, f64);

impl FoldSums {
    fn add(&mut self, wins: u64, terms: [f64; TERMS]) {
        let q = terms.map(|t| (t * LUCK_SCALE).round() as i128);
        self.units += 1;
        self.wins += wins;
        self.wins_sq += wins * wins;
        for j in 0..TERMS {
            self.luck[j] += q[j];
            self.luck_wins[j] += i128::from(wins) * q[j];
            for k in j..TERMS {
                self.luck_products[product(j, k)] += q[j] * q[k];
            }
        }
    }

    fn merge(&mut self, o: &FoldSums) {
        self.units += o.units;
        self.wins += o.wins;
        self.wins_sq += o.wins_sq;
        for j in 0..TERMS {
            self.luck[j] += o.luck[j];
            self.luck_wins[j] += o.luck_wins[j];
        }
        for (a, b) in self.luck_products.iter_mut().zip(&o.luck_products) {
            *a += b;
        }
    }

    /// The sums in games: each term's sum, wins times each, products.
    fn scaled(&self) -> ([f64; TERMS], [f64; TERMS], [[f64; TERMS]; TERMS]) {
        let luck = self.luck.map(|s| s as f64 / LUCK_SCALE);
        let wins = self.luck_wins.map(|s| s as f64 / LUCK_SCALE);
        let products = std::array::from_fn(|j| {
            std::array::from_fn(|k| {
                let sum = self.luck_products[product(j.min(k), j.max(k))];
                sum as f64 / (LUCK_SCALE * LUCK_SCALE)
            })
        });
        (luck, wins, products)
    }

    /// The least-squares coefficients of the wins on the terms in this fold
    /// (centred: a regression with an intercept). Zero where the fold is too
    /// small or a term never varied; the sum of the terms alone where the
    /// two are too nearly collinear to tell apart.
    pub fn coefficients(&self) -> [f64; TERMS] {
        if self.units < MIN_FIT_UNITS {
            return [0.0; TERMS];
        }
        let n = self.units as f64;
        let (luck, luck_wins, products) = self.scaled();
        let wins = self.wins as f64;
        let cov = |j: usize, k: usize| products[j][k] - luck[j] * luck[k] / n;
        let with_wins = |j: usize| luck_wins[j] - luck[j] * wins / n;
        let (a, b, c) = (cov(0, 0), cov(0, 1), cov(1, 1));
        let det = a * c - b * b;
        if a > 0.0 && c > 0.0 && det > COLLINEAR * a * c {
            let (y0, y1) = (with_wins(0), with_wins(1));
            return [(c * y0 - b * y1) / det, (a * y1 - b * y0) / det];
        }
        let total = a + 2.0 * b + c;
        if total > 0.0 {
            let beta = (with_wins(0) + with_wins(1)) / total;
            [beta; TERMS]
        } else {
            [0.0; TERMS]
        }
    }

    /// The moments of `wins - beta . luck` over the fold's units.
    pub fn residuals(&self, beta: [f64; TERMS]) -> Moments {
        let (luck, luck_wins, products) = self.scaled();
        let mut sum = self.wins as f64;
        let mut sum_sq = self.wins_sq as f64;
        for j in 0..TERMS {
            sum -= beta[j] * luck[j];
            sum_sq -= 2.0 * beta[j] * luck_wins[j];
            for k in 0..TERMS {
                sum_sq += beta[j] * beta[k] * products[j][k];
            }
        }
        (self.units, sum, sum_sq)
    }

    /// The moments of the luck (every term at weight one) over the units.
    fn total_luck(&self) -> Moments {
        let (luck, _, products) = self.scaled();
        let sum_sq = products.iter().flatten().sum();
        (self.units, luck.iter().sum(), sum_sq)
    }

    fn within_limits(&self) -> bool {
        let sums = self.luck.iter().chain(&self.luck_wins);
        let squares = (0..TERMS).map(|j| self.luck_products[product(j, j)]);
        sums.chain(&self.luck_products)
            .all(|s| s.abs() <= SUM_LIMIT)
            && squares.into_iter().all(|s| s >= 0)
            && self.wins_sq >= self.wins
    }
}

/// Fewest units of a fold that are fitted (else its coefficients are zero).
const MIN_FIT_UNITS: u64 = 8;

/// How close to collinear (the determinant against the product of the
/// variances) two terms may be before they are fitted as one.
const COLLINEAR: f64 = 1e-9;

/// Player 0's luck over a match: [`FoldSums`] for the units of even and of
/// odd index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LuckSums {
    pub folds: [FoldSums; 2],
}

impl LuckSums {
    /// Adds unit `unit`: player 0 won `wins` of its games with luck `terms`.
    pub fn add(&mut self, unit: u64, wins: u64, terms: [f64; TERMS]) {
        self.folds[(unit % 2) as usize].add(wins, terms);
    }

    pub fn merge(&mut self, o: &LuckSums) {
        for (a, b) in self.folds.iter_mut().zip(&o.folds) {
            a.merge(b);
        }
    }

    /// Units whose luck was measured (saturating: [`LuckSums::totals`]
    /// checks read sums).
    pub fn units(&self) -> u64 {
        let [a, b] = self.folds;
        a.units.saturating_add(b.units)
    }

    /// The units, player 0's wins in them and the sum of their squares,
    /// over both folds (None if they overflow: sums no match could give).
    pub fn totals(&self) -> Option<(u64, u64, u64)> {
        let [a, b] = self.folds;
        Some((
            a.units.checked_add(b.units)?,
            a.wins.checked_add(b.wins)?,
            a.wins_sq.checked_add(b.wins_sq)?,
        ))
    }

    /// Whether every sum is one a match could give.
    pub fn within_limits(&self) -> bool {
        self.folds.iter().all(FoldSums::within_limits)
    }

    /// The coefficients fitted on each fold.
    pub fn coefficients(&self) -> [[f64; TERMS]; 2] {
        self.folds.map(|f| f.coefficients())
    }

    /// The moments of the cross-fitted adjusted results of each fold (each
    /// fold's results taken with the other fold's coefficients).
    pub fn cross_fitted(&self) -> [Moments; 2] {
        let [b0, b1] = self.coefficients();
        [self.folds[0].residuals(b1), self.folds[1].residuals(b0)]
    }

    /// The moments of the luck at weight one over every unit.
    pub fn total_luck(&self) -> Moments {
        let [(n0, s0, q0), (n1, s1, q1)] = self.folds.map(|f| f.total_luck());
        (n0 + n1, s0 + s1, q0 + q1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_are_indexed_once_each() {
        let all: Vec<usize> = (0..TERMS)
            .flat_map(|j| (j..TERMS).map(move |k| product(j, k)))
            .collect();
        assert_eq!(all, (0..PRODUCTS).collect::<Vec<_>>());
    }

    #[test]
    fn the_fit_recovers_known_coefficients_and_falls_back_when_it_cannot() {
        // wins = 4 + 2 * t0 - 0.5 * t1 exactly (integers): the fit is exact.
        let mut fold = FoldSums::default();
        let mut rng = crate::ground::rng::Rng::new(2);
        for _ in 0..200 {
            let t = [0.5, 2.0].map(|step| step * (f64::from(rng.below(5)) - 2.0));
            let wins = 4.0 + 2.0 * t[0] - 0.5 * t[1];
            fold.add(wins as u64, t);
        }
        let [b0, b1] = fold.coefficients();
        assert!(
            (b0 - 2.0).abs() < 1e-6 && (b1 + 0.5).abs() < 1e-6,
            "{b0} {b1}"
        );
        let (n, s, ss) = fold.residuals([b0, b1]);
        let var = (ss - s * s / n as f64) / (n as f64 - 1.0);
        assert!(var.abs() < 1e-6, "{var}");
        // Too few units; a term that never varied; no luck at all.
        let mut small = FoldSums::default();
        small.add(1, [0.3, 0.1]);
        assert_eq!(small.coefficients(), [0.0, 0.0]);
        let mut flat = FoldSums::default();
        for i in 0..20u64 {
            flat.add(i % 2, [0.0, (i % 2) as f64]);
        }
        let [a, b] = flat.coefficients();
        assert!((a - b).abs() < 1e-12 && (b - 1.0).abs() < 1e-9, "{a} {b}");
        let mut none = FoldSums::default();
        for i in 0..20u64 {
            none.add(i % 2, [0.0, 0.0]);
        }
        assert_eq!(none.coefficients(), [0.0, 0.0]);
    }
}
