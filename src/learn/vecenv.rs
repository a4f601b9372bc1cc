//! Many one-seat games stepped together ([`VecEnv`]): one call steps every
//! game, in parallel with rayon, writing into caller-owned buffers, and
//! starts a new game in place of each finished one (rules as in
//! [`crate::learn::env`]).
//!
//! Determinism: game `i` draws its seeds from its own generator, seeded from
//! the batch seed and `i`, so the results do not depend on the thread count
//! or on how rayon splits the work.

use rayon::prelude::*;

use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::learn::encode::{write_mask, NUM_ACTIONS, OBS_SIZE};
use crate::learn::env::{Reward, SoloEnv};

/// Games per rayon task: enough work to amortise the scheduling.
pub(crate) const MIN_CHUNK: usize = 64;

/// One game of the batch and the generator of its successive seeds.
#[derive(Clone, Debug)]
struct Slot {
    env: SoloEnv,
    seeds: Rng,
}

impl Slot {
    fn write(&self, obs: &mut [f32], mask: &mut [i8]) {
        self.env.observe(obs);
        write_mask(self.env.legal_actions(), mask);
    }
}

/// `n` [`SoloEnv`] games stepped together.
#[derive(Debug)]
pub struct VecEnv {
    slots: Vec<Slot>,
    pool: crate::ground::pool::Pool,
}

/// The buffers one step writes, each `num_envs` rows long.
pub struct Buffers<'a> {
    pub obs: &'a mut [f32],
    pub masks: &'a mut [i8],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    /// The final observation of each game that ended at this step (other
    /// rows are left as they were).
    pub final_obs: &'a mut [f32],
}

impl VecEnv {
    /// `num_envs` games against the opponent `opponent`; `threads` sets a
    /// pool (see [`crate::ground::pool`]).
    pub fn new(
        num_envs: usize,
        opponent: &str,
        reward: Reward,
        target: impl Into<i64>,
        threads: Option<usize>,
    ) -> Result<VecEnv> {
        let env = SoloEnv::new(opponent, reward, target)?;
        let seeds = Rng::new(0);
        Ok(VecEnv {
            slots: filled(num_envs, Slot { env, seeds })?,
            pool: crate::ground::pool::Pool::new(threads)?,
        })
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The game being played in slot `i`.
    pub fn game(&self, i: usize) -> Option<&crate::rules::game::Game> {
        self.slots.get(i).map(|s| s.env.table().game())
    }

    fn check(&self, bufs: &Buffers<'_>) -> Result<()> {
        let n = self.slots.len();
        let ok = bufs.obs.len() == n * OBS_SIZE
            && bufs.final_obs.len() == n * OBS_SIZE
            && bufs.masks.len() == n * NUM_ACTIONS
            && bufs.rewards.len() == n
            && bufs.terminated.len() == n;
        if ok {
            Ok(())
        } else {
            Err(Error::Invalid(format!(
                "buffers must hold {n} rows ({n} x {OBS_SIZE} observations and final \
                 observations, {n} x {NUM_ACTIONS} masks, {n} rewards and flags)"
            )))
        }
    }

    fn run<F: FnOnce() -> R + Send, R: Send>(&self, f: F) -> R {
        self.pool.install(f)
    }

    /// Starts every game afresh from `seed`; writes observations and masks
    /// (rewards 0, flags false).
    pub fn reset(&mut self, seed: u64, bufs: Buffers<'_>) -> Result<()> {
        self.check(&bufs)?;
        let VecEnv { slots, pool } = self;
        pool.install(|| {
            for_each_row(slots, bufs, |i, slot, row| {
                slot.seeds = row_seeds(seed, i);
                slot.env.reset(slot.seeds.next_u64());
                slot.write(row.obs, row.mask);
                *row.reward = 0.0;
                *row.done = false;
            });
        });
        Ok(())
    }

    /// Plays `actions[i]` in game `i`. A finished game is replaced by a new
    /// one at once: its row then holds the new game's first observation,
    /// while the reward and `terminated` belong to the game that ended. An
    /// illegal action anywhere changes no game and names the first bad row.
    pub fn step(&mut self, actions: &[i64], bufs: Buffers<'_>) -> Result<()> {
        self.check(&bufs)?;
        self.run(|| check_actions(&self.slots, actions, |s| s.env.legal_actions()))?;
        let VecEnv { slots, pool } = self;
        pool.install(|| {
            for_each_row(slots, bufs, |i, slot, row| {
                let (r, over) = slot
                    .env
                    .step(actions[i] as usize)
                    .expect("actions were checked above");
                if over {
                    slot.env.observe(row.final_obs);
                    slot.env.reset(slot.seeds.next_u64());
                }
                slot.write(row.obs, row.mask);
                *row.reward = r;
                *row.done = over;
            });
        });
        Ok(())
    }
}

/// The most games one batch holds: about 2 GB of float32 observations.
pub const MAX_ENVS: usize = 1 << 20;

/// `n` copies of `slot`, refusing a batch size outside `1..=MAX_ENVS` or one
/// the memory cannot hold (an error, never an abort).
pub(crate) fn filled<S: Clone>(n: usize, slot: S) -> Result<Vec<S>> {
    if n == 0 || n > MAX_ENVS {
        return Err(Error::Invalid(format!(
            "num_envs must be between 1 and {MAX_ENVS}, got {n}"
        )));
    }
    let mut slots = Vec::new();
    slots
        .try_reserve_exact(n)
        .map_err(|_| Error::Invalid(format!("not enough memory for a batch of {n} games")))?;
    slots.resize(n, slot);
    Ok(slots)
}

/// Checks one action per row, each legal in its row (`legal`: a row's legal
/// actions as a bitmask); the error names the first bad row.
pub(crate) fn check_actions<S: Sync>(
    slots: &[S],
    actions: &[i64],
    legal: impl Fn(&S) -> u64 + Sync + Send,
) -> Result<()> {
    if actions.len() != slots.len() {
        return Err(Error::Invalid(format!(
            "{} actions for {} games",
            actions.len(),
            slots.len()
        )));
    }
    let bad = slots
        .par_iter()
        .with_min_len(MIN_CHUNK)
        .zip(actions.par_iter())
        .enumerate()
        .find_first(|(_, (slot, &a))| {
            !(0..NUM_ACTIONS as i64).contains(&a) || (legal(slot) >> a) & 1 == 0
        });
    match bad {
        None => Ok(()),
        Some((i, (slot, a))) => Err(Error::IllegalMove(format!(
            "game {i}: action {a} is not legal; legal actions: {:?}",
            crate::learn::encode::actions_of(legal(slot))
        ))),
    }
}

/// The generator of the successive game seeds of row `i` of a batch.
pub(crate) fn row_seeds(seed: u64, i: usize) -> Rng {
    Rng::new(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// One row of [`Buffers`].
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [i8],
    reward: &'a mut f32,
    done: &'a mut bool,
    final_obs: &'a mut [f32],
}

/// Calls `f` for every game in parallel with its row of each output buffer.
fn for_each_row<F>(slots: &mut [Slot], bufs: Buffers<'_>, f: F)
where
    F: Fn(usize, &mut Slot, Row<'_>) + Sync + Send,
{
    slots
        .par_iter_mut()
        .with_min_len(MIN_CHUNK)
        .zip(bufs.obs.par_chunks_mut(OBS_SIZE))
        .zip(bufs.masks.par_chunks_mut(NUM_ACTIONS))
        .zip(bufs.rewards.par_iter_mut())
        .zip(bufs.terminated.par_iter_mut())
        .zip(bufs.final_obs.par_chunks_mut(OBS_SIZE))
        .enumerate()
        .for_each(|(i, (((((slot, obs), mask), reward), done), final_obs))| {
            let row = Row {
                obs,
                mask,
                reward,
                done,
                final_obs,
            };
            f(i, slot, row);
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(mask: &[i8], salt: u64) -> i64 {
        let legal: Vec<usize> = (0..NUM_ACTIONS).filter(|&a| mask[a] == 1).collect();
        legal[(salt as usize) % legal.len()] as i64
    }

    fn run(threads: Option<usize>, n: usize, steps: usize) -> (Vec<f32>, Vec<f32>, usize) {
        let mut env = VecEnv::new(n, "random", Reward::Win, 121, threads).unwrap();
        let mut obs = vec![0.0; n * OBS_SIZE];
        let mut masks = vec![0i8; n * NUM_ACTIONS];
        let mut rewards = vec![0.0; n];
        let mut done = vec![false; n];
        let mut last = vec![0.0; n * OBS_SIZE];
        env.reset(
            42,
            Buffers {
                obs: &mut obs,
                masks: &mut masks,
                rewards: &mut rewards,
                terminated: &mut done,
                final_obs: &mut last,
            },
        )
        .unwrap();
        let mut total = Vec::new();
        let mut games = 0;
        let mut rng = Rng::new(1);
        for _ in 0..steps {
            let actions: Vec<i64> = masks
                .chunks(NUM_ACTIONS)
                .map(|m| pick(m, rng.next_u64()))
                .collect();
            env.step(
                &actions,
                Buffers {
                    obs: &mut obs,
                    masks: &mut masks,
                    rewards: &mut rewards,
                    terminated: &mut done,
                    final_obs: &mut last,
                },
            )
            .unwrap();
            games += done.iter().filter(|&&d| d).count();
            total.extend_from_slice(&rewards);
        }
        (obs, total, games)
    }

    #[test]
    fn the_same_seed_gives_the_same_batch_on_any_thread_count() {
        let one = run(Some(1), 300, 200);
        let two = run(Some(2), 300, 200);
        let global = run(None, 300, 200);
        assert_eq!(one, two);
        assert_eq!(one, global);
        assert!(one.2 > 100, "games finish and restart: {}", one.2);
    }

    #[test]
    fn a_batch_row_is_the_single_env() {
        let n = 5;
        let mut env = VecEnv::new(n, "random", Reward::Points, 121, Some(1)).unwrap();
        let mut obs = vec![0.0; n * OBS_SIZE];
        let mut masks = vec![0i8; n * NUM_ACTIONS];
        let mut rewards = vec![0.0; n];
        let mut done = vec![false; n];
        let mut last = vec![0.0; n * OBS_SIZE];
        env.reset(
            7,
            Buffers {
                obs: &mut obs,
                masks: &mut masks,
                rewards: &mut rewards,
                terminated: &mut done,
                final_obs: &mut last,
            },
        )
        .unwrap();
        let mut single = SoloEnv::new("random", Reward::Points, 121).unwrap();
        let mut seeds = Rng::new(7 ^ 3u64.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        single.reset(seeds.next_u64());
        let mut one = vec![0.0; OBS_SIZE];
        for step in 0..300 {
            single.observe(&mut one);
            assert_eq!(&obs[3 * OBS_SIZE..4 * OBS_SIZE], &one[..], "step {step}");
            let actions: Vec<i64> = masks
                .chunks(NUM_ACTIONS)
                .map(|m| pick(m, step as u64))
                .collect();
            env.step(
                &actions,
                Buffers {
                    obs: &mut obs,
                    masks: &mut masks,
                    rewards: &mut rewards,
                    terminated: &mut done,
                    final_obs: &mut last,
                },
            )
            .unwrap();
            let (r, over) = single.step(actions[3] as usize).unwrap();
            assert_eq!((r, over), (rewards[3], done[3]));
            if over {
                single.observe(&mut one);
                assert_eq!(
                    &last[3 * OBS_SIZE..4 * OBS_SIZE],
                    &one[..],
                    "final, step {step}"
                );
                single.reset(seeds.next_u64());
            }
        }
    }

    #[test]
    fn bad_input_is_refused_and_changes_nothing() {
        assert!(VecEnv::new(0, "random", Reward::Win, 121, None).is_err());
        let mut env = VecEnv::new(2, "random", Reward::Win, 121, None).unwrap();
        let mut obs = vec![0.0; 2 * OBS_SIZE];
        let mut masks = vec![0i8; 2 * NUM_ACTIONS];
        let mut rewards = vec![0.0; 2];
        let mut done = vec![false; 2];
        let mut last = vec![0.0; 2 * OBS_SIZE];
        env.reset(
            1,
            Buffers {
                obs: &mut obs,
                masks: &mut masks,
                rewards: &mut rewards,
                terminated: &mut done,
                final_obs: &mut last,
            },
        )
        .unwrap();
        let before = obs.clone();
        let good = pick(&masks[..NUM_ACTIONS], 0);
        let err = env
            .step(
                &[good, 99],
                Buffers {
                    obs: &mut obs,
                    masks: &mut masks,
                    rewards: &mut rewards,
                    terminated: &mut done,
                    final_obs: &mut last,
                },
            )
            .unwrap_err();
        assert!(err.to_string().contains("game 1"), "{err}");
        assert_eq!(obs, before);
        let mut short = vec![0.0; 3];
        let err = env.step(
            &[good, good],
            Buffers {
                obs: &mut short,
                masks: &mut masks,
                rewards: &mut rewards,
                terminated: &mut done,
                final_obs: &mut last,
            },
        );
        assert!(err.is_err());
    }
}
