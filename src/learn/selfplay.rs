//! Self-play batches ([`SelfPlayEnv`]): `n` games of 2, 3 or 4 players where
//! the caller plays every seat. Each step plays one action in every game, for
//! whichever seat is to move there, in parallel with rayon, and writes the
//! next observation from the point of view of the seat to move next. A
//! finished game restarts at once in its row (rules as in [`crate::learn::env`];
//! layouts in [`crate::learn::encode`]).
//!
//! Determinism: row `i` draws its game seeds from its own generator, seeded
//! from the batch seed and `i`, so results do not depend on the thread count.

use rayon::prelude::*;

use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::learn::encode::{encode_as, write_mask, ObsValue, NUM_ACTIONS, OBS_SIZE};
use crate::learn::env::{random_action, side_rewards, Reward, Table};
use crate::learn::vecenv::{check_actions, filled, row_seeds, MIN_CHUNK};
use crate::rules::game::Game;

/// One game of the batch, the generator of its successive seeds and the one
/// [`SelfPlayEnv::sample_actions`] draws from.
#[derive(Clone, Debug)]
struct Slot {
    table: Table,
    seeds: Rng,
    picker: Rng,
    /// The legal actions now, kept from the last write (read by every check
    /// and draw).
    legal: u64,
}

/// The arrays one call writes, row `i` for game `i` (`n` games, `p` players).
pub struct Outputs<'a, T> {
    /// `n x OBS_SIZE`: the observation of the seat to move.
    pub obs: &'a mut [T],
    /// `n x NUM_ACTIONS`: its legal actions, 0/1.
    pub masks: &'a mut [i8],
    /// `n`: the seat to move.
    pub to_move: &'a mut [i64],
    /// `n x p`: what each seat earned from this step.
    pub rewards: &'a mut [f32],
    /// `n`: whether the game ended at this step (its row holds a new game).
    pub terminated: &'a mut [bool],
    /// `n x OBS_SIZE`: for a game that ended, the final observation of the
    /// seat that made the last move; other rows are left as they were.
    pub final_obs: &'a mut [T],
}

/// One row of [`Outputs`].
struct Row<'a, T> {
    obs: &'a mut [T],
    mask: &'a mut [i8],
    to_move: &'a mut i64,
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    final_obs: &'a mut [T],
}

/// `n` self-play games stepped together.
#[derive(Debug)]
pub struct SelfPlayEnv {
    slots: Vec<Slot>,
    players: usize,
    reward: Reward,
    pool: crate::ground::pool::Pool,
}

impl Slot {
    fn restart(&mut self) {
        let config = self.table.game().config();
        let game = Game::new(config, self.seeds.next_u64(), false);
        self.table = Table::from_game(game).expect("self-play games have no muggins");
    }

    fn write<T: ObsValue>(&mut self, row: &mut Row<'_, T>) {
        let game = self.table.game();
        let seat = game.to_move().expect("a live game has a seat to move");
        encode_as(game, seat, self.table.pending(), row.obs);
        self.legal = self.table.legal_actions();
        write_mask(self.legal, row.mask);
        *row.to_move = seat as i64;
    }

    /// Plays a checked action and fills the row.
    fn step<T: ObsValue>(&mut self, action: usize, reward: Reward, mut row: Row<'_, T>) {
        let seat = self
            .table
            .game()
            .to_move()
            .expect("checked: the game is on");
        let gained = self
            .table
            .step(action)
            .expect("checked: the action is legal");
        let game = self.table.game();
        let sides = side_rewards(game, &gained, reward);
        let config = game.config();
        for (s, r) in row.rewards.iter_mut().enumerate() {
            *r = sides[config.side_of(s)];
        }
        let over = game.is_over();
        if over {
            encode_as(game, seat, 0, row.final_obs);
            self.restart();
        }
        *row.terminated = over;
        self.write(&mut row);
    }
}

impl SelfPlayEnv {
    /// `num_envs` games of `players` players to `target`, rewarded with
    /// `reward`; `threads` picks the pool (see [`crate::ground::pool`]; `None`: every
    /// core). Call [`SelfPlayEnv::reset`] before stepping.
    pub fn new(
        num_envs: usize,
        players: impl Into<i64>,
        reward: Reward,
        target: impl Into<i64>,
        threads: Option<usize>,
    ) -> Result<SelfPlayEnv> {
        let table = Table::new(players, target, 0)?;
        let players = usize::from(table.game().config().players);
        let slot = Slot {
            table,
            seeds: Rng::new(0),
            picker: Rng::new(0),
            legal: 0,
        };
        Ok(SelfPlayEnv {
            slots: filled(num_envs, slot)?,
            players,
            reward,
            pool: crate::ground::pool::Pool::new(threads)?,
        })
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// The game being played in row `i`.
    pub fn game(&self, i: usize) -> Option<&Game> {
        self.slots.get(i).map(|s| s.table.game())
    }

    /// The card put aside in an unfinished 2-card discard in row `i`.
    pub fn pending(&self, i: usize) -> Option<u64> {
        self.slots.get(i).map(|s| s.table.pending())
    }

    fn check<T>(&self, out: &Outputs<'_, T>) -> Result<()> {
        let (n, p) = (self.slots.len(), self.players);
        let ok = out.obs.len() == n * OBS_SIZE
            && out.final_obs.len() == n * OBS_SIZE
            && out.masks.len() == n * NUM_ACTIONS
            && out.to_move.len() == n
            && out.rewards.len() == n * p
            && out.terminated.len() == n;
        if ok {
            Ok(())
        } else {
            Err(Error::Invalid(format!(
                "outputs must hold {n} rows: {n} x {OBS_SIZE} observations and final \
                 observations, {n} x {NUM_ACTIONS} masks, {n} seats, {n} x {p} rewards, \
                 {n} flags"
            )))
        }
    }

    /// Starts every game afresh from `seed` and writes the first rows
    /// (rewards 0, flags false, final observations untouched).
    pub fn reset<T: ObsValue>(&mut self, seed: u64, out: Outputs<'_, T>) -> Result<()> {
        self.check(&out)?;
        let SelfPlayEnv { slots, pool, .. } = self;
        pool.install(|| {
            for_each_row(slots, out, |i, slot, mut row| {
                slot.seeds = row_seeds(seed, i);
                slot.picker = Rng::new(slot.seeds.next_u64());
                slot.restart();
                row.rewards.fill(0.0);
                *row.terminated = false;
                slot.write(&mut row);
            });
        });
        Ok(())
    }

    /// Plays `actions[i]` for the seat to move in game `i`. A game that ends
    /// restarts at once: its row holds the new game's first observation, the
    /// rewards and `terminated` of the game that ended, and its final
    /// observation in `final_obs`. An illegal action anywhere changes no game
    /// and names the first bad row.
    pub fn step<T: ObsValue>(&mut self, actions: &[i64], out: Outputs<'_, T>) -> Result<()> {
        self.check(&out)?;
        let SelfPlayEnv {
            slots,
            pool,
            reward,
            ..
        } = self;
        pool.install(|| check_actions(slots, actions, |s| s.legal))?;
        let reward = *reward;
        pool.install(|| {
            for_each_row(slots, out, |i, slot, row| {
                slot.step(actions[i] as usize, reward, row);
            });
        });
        Ok(())
    }

    /// A uniformly random legal action for every game into `out`, each row
    /// from its own generator (seeded by [`SelfPlayEnv::reset`]), so the
    /// draws do not depend on the thread count.
    pub fn sample_actions(&mut self, out: &mut [i64]) -> Result<()> {
        if out.len() != self.slots.len() {
            return Err(Error::Invalid(format!(
                "{} actions for {} games",
                out.len(),
                self.slots.len()
            )));
        }
        let SelfPlayEnv { slots, pool, .. } = self;
        pool.install(|| {
            slots
                .par_iter_mut()
                .with_min_len(MIN_CHUNK)
                .zip(out.par_iter_mut())
                .for_each(|(slot, a)| {
                    *a = random_action(slot.legal, &mut slot.picker) as i64;
                });
        });
        Ok(())
    }
}

/// Calls `f` for every game in parallel with its row of each output.
fn for_each_row<T, F>(slots: &mut [Slot], out: Outputs<'_, T>, f: F)
where
    T: ObsValue,
    F: Fn(usize, &mut Slot, Row<'_, T>) + Sync + Send,
{
    let p = out.rewards.len() / slots.len().max(1);
    slots
        .par_iter_mut()
        .with_min_len(MIN_CHUNK)
        .zip(out.obs.par_chunks_mut(OBS_SIZE))
        .zip(out.masks.par_chunks_mut(NUM_ACTIONS))
        .zip(out.to_move.par_iter_mut())
        .zip(out.rewards.par_chunks_mut(p))
        .zip(out.terminated.par_iter_mut())
        .zip(out.final_obs.par_chunks_mut(OBS_SIZE))
        .enumerate()
        .for_each(
            |(i, ((((((slot, obs), mask), to_move), rewards), terminated), final_obs))| {
                let row = Row {
                    obs,
                    mask,
                    to_move,
                    rewards,
                    terminated,
                    final_obs,
                };
                f(i, slot, row);
            },
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Bufs<T> {
        obs: Vec<T>,
        masks: Vec<i8>,
        to_move: Vec<i64>,
        rewards: Vec<f32>,
        terminated: Vec<bool>,
        final_obs: Vec<T>,
    }

    impl<T: ObsValue> Bufs<T> {
        fn new(n: usize, p: usize) -> Self {
            Bufs {
                obs: vec![T::ZERO; n * OBS_SIZE],
                masks: vec![0; n * NUM_ACTIONS],
                to_move: vec![0; n],
                rewards: vec![0.0; n * p],
                terminated: vec![false; n],
                final_obs: vec![T::ZERO; n * OBS_SIZE],
            }
        }

        fn out(&mut self) -> Outputs<'_, T> {
            Outputs {
                obs: &mut self.obs,
                masks: &mut self.masks,
                to_move: &mut self.to_move,
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                final_obs: &mut self.final_obs,
            }
        }

        fn random_actions(&self, rng: &mut Rng) -> Vec<i64> {
            self.masks
                .chunks(NUM_ACTIONS)
                .map(|m| {
                    let legal: Vec<usize> = (0..NUM_ACTIONS).filter(|&a| m[a] == 1).collect();
                    legal[rng.below(legal.len() as u32) as usize] as i64
                })
                .collect()
        }
    }

    fn run(threads: Option<usize>, players: u8) -> (Vec<f32>, Vec<f32>, usize) {
        let n = 200;
        let mut env = SelfPlayEnv::new(n, players, Reward::Win, 121, threads).unwrap();
        let mut b = Bufs::<f32>::new(n, usize::from(players));
        env.reset(9, b.out()).unwrap();
        let mut rng = Rng::new(3);
        let (mut rewards, mut games) = (Vec::new(), 0);
        for _ in 0..400 {
            let actions = b.random_actions(&mut rng);
            env.step(&actions, b.out()).unwrap();
            rewards.extend_from_slice(&b.rewards);
            games += b.terminated.iter().filter(|&&d| d).count();
        }
        (b.obs, rewards, games)
    }

    #[test]
    fn the_same_seed_gives_the_same_batch_on_any_thread_count() {
        for players in 2..=4 {
            let one = run(Some(1), players);
            assert_eq!(one, run(Some(2), players));
            assert_eq!(one, run(None, players));
            assert!(one.2 > 50, "games finish and restart: {}", one.2);
        }
    }

    #[test]
    fn a_row_is_the_step_by_step_game_move_for_move() {
        for players in 2..=4u8 {
            let p = usize::from(players);
            let n = 3;
            let mut env = SelfPlayEnv::new(n, players, Reward::Points, 121, Some(1)).unwrap();
            let mut b = Bufs::<f32>::new(n, p);
            env.reset(5, b.out()).unwrap();
            let mut seeds = row_seeds(5, 1);
            seeds.next_u64(); // the seed of the row's action picker
            let mut twin = Table::new(players, 121, seeds.next_u64()).unwrap();
            let mut rng = Rng::new(u64::from(players));
            let mut one = vec![0.0; OBS_SIZE];
            let mut finished = 0;
            for step in 0..1500 {
                let seat = twin.game().to_move().unwrap();
                assert_eq!(b.to_move[1], seat as i64, "step {step}");
                twin.observe(seat, &mut one);
                assert_eq!(&b.obs[OBS_SIZE..2 * OBS_SIZE], &one[..], "step {step}");
                let actions = b.random_actions(&mut rng);
                env.step(&actions, b.out()).unwrap();
                let gained = twin.step(actions[1] as usize).unwrap();
                let sides = side_rewards(twin.game(), &gained, Reward::Points);
                for s in 0..p {
                    let side = twin.game().config().side_of(s);
                    assert_eq!(b.rewards[p + s], sides[side], "step {step}");
                }
                assert_eq!(b.terminated[1], twin.game().is_over());
                if twin.game().is_over() {
                    twin.observe(seat, &mut one);
                    assert_eq!(&b.final_obs[OBS_SIZE..2 * OBS_SIZE], &one[..]);
                    twin = Table::new(players, 121, seeds.next_u64()).unwrap();
                    finished += 1;
                }
            }
            assert!(finished > 0);
        }
    }

    #[test]
    fn win_rewards_are_zero_sum_and_partners_share() {
        for players in 2..=4u8 {
            let p = usize::from(players);
            let mut env = SelfPlayEnv::new(64, players, Reward::Win, 61, None).unwrap();
            let mut b = Bufs::<f32>::new(64, p);
            env.reset(1, b.out()).unwrap();
            let mut rng = Rng::new(2);
            let mut ends = 0;
            for _ in 0..300 {
                let actions = b.random_actions(&mut rng);
                env.step(&actions, b.out()).unwrap();
                for (row, done) in b.rewards.chunks(p).zip(&b.terminated) {
                    if !done {
                        assert!(row.iter().all(|&r| r == 0.0));
                        continue;
                    }
                    ends += 1;
                    let sides = if players == 4 { 2 } else { p };
                    assert!((row.iter().sum::<f32>() * sides as f32 / p as f32).abs() < 1e-6);
                    assert_eq!(row.iter().filter(|&&r| r == 1.0).count(), p / sides);
                    if players == 4 {
                        assert_eq!((row[0], row[1]), (row[2], row[3]));
                    }
                }
            }
            assert!(ends > 0);
        }
    }

    #[test]
    fn byte_observations_are_the_whole_numbers_of_the_floats() {
        let mut floats = SelfPlayEnv::new(8, 3, Reward::Win, 121, None).unwrap();
        let mut bytes = SelfPlayEnv::new(8, 3, Reward::Win, 121, None).unwrap();
        let (mut f, mut u) = (Bufs::<f32>::new(8, 3), Bufs::<u8>::new(8, 3));
        floats.reset(4, f.out()).unwrap();
        bytes.reset(4, u.out()).unwrap();
        let den = crate::learn::encode::denominators(121);
        let mut rng = Rng::new(4);
        for _ in 0..300 {
            for (i, (&x, &b)) in f.obs.iter().zip(&u.obs).enumerate() {
                assert_eq!(x, f32::from(b) / f32::from(den[i % OBS_SIZE]));
            }
            let actions = f.random_actions(&mut rng);
            floats.step(&actions, f.out()).unwrap();
            bytes.step(&actions, u.out()).unwrap();
        }
    }

    #[test]
    fn sampled_actions_are_legal_and_seeded() {
        let play = |threads| {
            let mut env = SelfPlayEnv::new(100, 4, Reward::Win, 121, threads).unwrap();
            let mut b = Bufs::<u8>::new(100, 4);
            env.reset(8, b.out()).unwrap();
            let mut actions = vec![0i64; 100];
            let mut all = Vec::new();
            for _ in 0..300 {
                env.sample_actions(&mut actions).unwrap();
                for (a, m) in actions.iter().zip(b.masks.chunks(NUM_ACTIONS)) {
                    assert_eq!(m[*a as usize], 1);
                }
                env.step(&actions, b.out()).unwrap();
                all.extend_from_slice(&actions);
            }
            assert!(env.sample_actions(&mut [0; 3]).is_err());
            all
        };
        assert_eq!(play(Some(1)), play(Some(2)));
    }

    #[test]
    fn bad_input_is_refused_and_changes_nothing() {
        assert!(SelfPlayEnv::new(0, 2, Reward::Win, 121, None).is_err());
        assert!(SelfPlayEnv::new(1 << 40, 2, Reward::Win, 121, None).is_err());
        assert!(SelfPlayEnv::new(2, 5, Reward::Win, 121, None).is_err());
        assert!(SelfPlayEnv::new(2, 2, Reward::Win, 121, Some(0)).is_err());
        assert!(SelfPlayEnv::new(2, 2, Reward::Win, 121, Some(100_000)).is_err());
        let mut env = SelfPlayEnv::new(2, 2, Reward::Win, 121, None).unwrap();
        let mut b = Bufs::<f32>::new(2, 2);
        env.reset(1, b.out()).unwrap();
        let before = b.obs.clone();
        let good = b.random_actions(&mut Rng::new(0))[0];
        let err = env.step(&[good, 99], b.out()).unwrap_err();
        assert!(err.to_string().contains("game 1"), "{err}");
        assert_eq!(b.obs, before);
        assert!(env.step(&[good], b.out()).is_err());
        let mut short = Bufs::<f32>::new(2, 3);
        assert!(env.step(&[good, good], short.out()).is_err());
    }
}
