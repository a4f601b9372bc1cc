//! The master's models of its opponent (docs/master.md, "Who is it
//! playing?"): a mixture of players, and the belief about which of them sits
//! across the table, kept from deal to deal.
//!
//! **Lay models.** The Expert ([`crate::bots::expert::expert_lay`], blind to its two
//! crib cards), the greedy player (the most points now) and a uniform floor
//! (every rank that fits equally likely). A modelled player slips: it lays
//! its model's rank with probability `1 - SLIP` and a uniformly random rank
//! otherwise, so one odd lay lowers a model's weight without ruling it out,
//! and a careless Expert is still read as the Expert where it plays as one.
//! The likelihood of a sampled hand is the mixture, over models, of the
//! product over the opponent's lays of this deal.
//!
//! **Discard models.** The Expert's discard, the best hand with the crib
//! ignored ([`crate::bots::greedy::greedy_discard`]) and a uniformly random discard.
//! A sampled deal draws its discard from one model, chosen by the belief; the
//! deals that keep what the opponent has laid are kept, so each model's
//! share among the samples follows how well it explains what was seen.
//!
//! **The belief** ([`Belief`]) starts at the priors [`LAY_PRIOR`] and
//! [`DISCARD_PRIOR`]. At the end of each deal the evidence of the deal's last
//! decision (each model's mean likelihood over the fresh samples drawn, and
//! each discard model's share of draws that fitted) updates it by Bayes'
//! rule tempered by [`TEMPER`]; no share falls below [`MIN_SHARE`], so the
//! belief can still turn. It lives as long as the player object: a game of
//! the simulator (a fresh player each game), or every game a Python
//! `MasterPlayer` plays.

/// The lay models: the Expert, the greedy player, uniform.
pub const LAY_MODELS: usize = 3;

/// The discard models: the Expert, the best hand, uniform.
pub const DISCARD_MODELS: usize = 3;

/// The prior shares of the lay models (6:1:1).
pub const LAY_PRIOR: [f64; LAY_MODELS] = [0.75, 0.125, 0.125];

/// The prior shares of the discard models (6:1:1).
pub const DISCARD_PRIOR: [f64; DISCARD_MODELS] = [0.75, 0.125, 0.125];

/// A modelled player's chance of laying a random rank instead of its model's.
pub const SLIP: f64 = 0.1;

/// The power to which a deal's evidence is raised (1: plain Bayes).
pub const TEMPER: f64 = 0.5;

/// The least share a model keeps.
pub const MIN_SHARE: f64 = 0.02;

/// The chance that a player of lay model `model` lays a given rank among `n`
/// ranks that fit, when its model lays that rank (`agrees`) or not. The
/// uniform model ignores `agrees`.
pub fn lay_chance(model: usize, agrees: bool, n: u32) -> f64 {
    let random = 1.0 / f64::from(n.max(1));
    if model == LAY_MODELS - 1 {
        random
    } else {
        (1.0 - SLIP) * f64::from(u8::from(agrees)) + SLIP * random
    }
}

/// The most [`lay_chance`] can be for `model` among `n` ranks.
pub fn most_lay_chance(model: usize, n: u32) -> f64 {
    lay_chance(model, true, n)
}

/// What the master believes about its opponent: each model's share.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Belief {
    pub lays: [f64; LAY_MODELS],
    pub discards: [f64; DISCARD_MODELS],
}

impl Default for Belief {
    fn default() -> Belief {
        Belief {
            lays: LAY_PRIOR,
            discards: DISCARD_PRIOR,
        }
    }
}

/// Shares times `evidence`, tempered, renormalised, floored at [`MIN_SHARE`].
fn reweigh<const N: usize>(shares: &mut [f64; N], evidence: [f64; N]) {
    if evidence.iter().any(|e| !(e.is_finite() && *e > 0.0)) {
        return;
    }
    let top = evidence.iter().copied().fold(0.0, f64::max);
    for (s, e) in shares.iter_mut().zip(evidence) {
        *s *= (e / top).powf(TEMPER);
    }
    let total: f64 = shares.iter().sum();
    for s in shares.iter_mut() {
        *s = (*s / total).max(MIN_SHARE);
    }
    let total: f64 = shares.iter().sum();
    for s in shares.iter_mut() {
        *s /= total;
    }
}

impl Belief {
    /// The belief after a deal whose evidence is `evidence` (a deal without
    /// any leaves it as it was).
    pub fn learn(&mut self, evidence: &Evidence) {
        if evidence.lay_draws > 0 {
            let n = f64::from(evidence.lay_draws);
            reweigh(&mut self.lays, evidence.lays.map(|l| l / n));
        }
        if evidence.discard_tries.iter().all(|&t| t > 0) {
            let rate = |m: usize| {
                // A model that never fitted still gets half a fit.
                let fits = f64::from(evidence.discard_fits[m]).max(0.5);
                fits / f64::from(evidence.discard_tries[m])
            };
            reweigh(&mut self.discards, [0, 1, 2].map(rate));
        }
    }

    /// The discard model for a uniform `u` in `[0, 1)`.
    pub fn discard_model(&self, u: f64) -> usize {
        let mut acc = 0.0;
        for (m, s) in self.discards.iter().enumerate() {
            acc += s;
            if u < acc {
                return m;
            }
        }
        DISCARD_MODELS - 1
    }

    /// The mixture of per-model likelihoods `like` under the lay shares.
    pub fn mix(&self, like: &[f64; LAY_MODELS]) -> f64 {
        self.lays.iter().zip(like).map(|(s, l)| s * l).sum()
    }
}

/// The evidence of one decision about the opponent's models.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Evidence {
    /// Sums over fresh samples of each lay model's likelihood.
    pub lays: [f64; LAY_MODELS],
    pub lay_draws: u32,
    /// Draws by discard model, and those that fitted what was seen.
    pub discard_tries: [u32; DISCARD_MODELS],
    pub discard_fits: [u32; DISCARD_MODELS],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_stay_a_distribution_above_the_floor() {
        let mut belief = Belief::default();
        let evidence = Evidence {
            lays: [0.0001, 1.0, 0.5],
            lay_draws: 1,
            discard_tries: [10, 10, 10],
            discard_fits: [0, 10, 3],
        };
        for _ in 0..20 {
            belief.learn(&evidence);
        }
        for shares in [belief.lays, belief.discards] {
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(shares.iter().all(|&s| s >= MIN_SHARE * 0.9), "{shares:?}");
        }
        assert!(
            belief.lays[1] > 0.5 && belief.discards[1] > 0.5,
            "{belief:?}"
        );
    }

    #[test]
    fn a_slip_keeps_a_model_alive() {
        assert!(lay_chance(0, false, 3) > 0.0);
        assert_eq!(lay_chance(2, false, 4), 0.25);
        assert!((lay_chance(0, true, 2) - 0.95).abs() < 1e-12);
    }
}
