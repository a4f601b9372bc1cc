//! Learning environments for Python: `ActionGame` (a game driven by action
//! numbers, for PettingZoo, OpenSpiel and RLlib), `SoloEnv` (one seat against
//! a built-in opponent, for Gymnasium), `VecEnv` (a batch of them stepped in
//! parallel) and `SelfPlayVecEnv` (a batch of games where the caller plays
//! every seat). Layouts and rules: `crate::learn::encode`, `crate::learn::env`,
//! `crate::learn::vecenv`, `crate::learn::selfplay`.

use numpy::ndarray::Dimension;
use numpy::{Element, PyArray, PyArray1, PyArray2, PyArrayMethods, PyReadwriteArray};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use super::convert::{int_for_core, seed_in, threads_from_py};
use super::game::PyGame;
use crate::ground::error::Error;
use crate::learn::encode::{actions_of, write_mask, NUM_ACTIONS, OBS_SIZE};
use crate::learn::env::{Reward, SoloEnv, Table};
use crate::learn::selfplay::{Outputs, SelfPlayEnv};
use crate::learn::vecenv::{Buffers, VecEnv};

/// An optional integer argument (`None`: `default`).
fn int_or(obj: Option<&Bound<'_, PyAny>>, what: &str, default: i64) -> PyResult<i64> {
    obj.map_or(Ok(default), |o| int_for_core::<i64>(o, what))
}

/// An action: an integer (TypeError otherwise); one outside `0..NUM_ACTIONS`
/// is an illegal move, like any other action the rules refuse.
fn action_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    let out_of_range = || {
        PyErr::from(Error::IllegalMove(format!(
            "action {obj} is out of range: actions are 0..{}",
            NUM_ACTIONS - 1
        )))
    };
    let action = int_for_core::<i64>(obj, "an action").map_err(|e| {
        if e.is_instance_of::<PyTypeError>(obj.py()) {
            e
        } else {
            out_of_range()
        }
    })?;
    usize::try_from(action)
        .ok()
        .filter(|&a| a < NUM_ACTIONS)
        .ok_or_else(out_of_range)
}

/// An index (a seat, a row) in `0..n`: an integer (TypeError otherwise),
/// ValueError naming `what` outside the range.
fn index_arg(obj: &Bound<'_, PyAny>, n: usize, what: &str) -> PyResult<usize> {
    let i = int_for_core::<i64>(obj, what)?;
    usize::try_from(i)
        .ok()
        .filter(|&i| i < n)
        .ok_or_else(|| PyValueError::new_err(format!("{what} must be 0..{}, got {i}", n - 1)))
}

/// A batch size: a non-negative integer (the core bounds it).
fn count_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let n = int_for_core::<i64>(obj, what)?;
    usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("{what} must be positive, got {n}")))
}

fn obs_array<'py>(py: Python<'py>, table: &Table, seat: usize) -> Bound<'py, PyArray1<f32>> {
    let mut buf = [0.0f32; OBS_SIZE];
    table.observe(seat, &mut buf);
    PyArray1::from_slice(py, &buf)
}

fn mask_array(py: Python<'_>, legal: u64) -> Bound<'_, PyArray1<i8>> {
    let mut buf = [0i8; NUM_ACTIONS];
    write_mask(legal, &mut buf);
    PyArray1::from_slice(py, &buf)
}

/// A game without muggins driven by action numbers (0..51 a card, 52 go;
/// a 2-player discard is two card actions), for PettingZoo, OpenSpiel and
/// RLlib.
///
/// Parameters
/// ----------
/// num_players : int
///     2, 3 or 4 (default 2).
/// seed : int
///     The deals, 0 to 2**64 - 1 (default 0).
/// target : int
///     Points to win, 31 to 1000 (default 121).
///
/// Raises
/// ------
/// ValueError
///     A player count, seed or target out of range.
/// TypeError
///     A number that is not an integer.
///
/// Examples
/// --------
/// >>> from cribbage_fast._core import ActionGame
/// >>> g = ActionGame(num_players=2, seed=1)
/// >>> g.observe(0).shape, int(g.action_mask().sum())
/// ((444,), 6)
#[pyclass(
    name = "ActionGame",
    module = "cribbage_fast._core",
    skip_from_py_object
)]
#[derive(Clone)]
pub struct PyActionGame {
    table: Table,
}

#[pymethods]
impl PyActionGame {
    #[new]
    #[pyo3(signature = (num_players = None, seed = None, target = None))]
    fn py_new(
        num_players: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        target: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let players = int_or(num_players, "num_players", 2)?;
        let target = int_or(target, "target", 121)?;
        let seed = seed.map_or(Ok(0), |s| seed_in(s, "seed"))?;
        Ok(PyActionGame {
            table: Table::new(players, target, seed)?,
        })
    }

    /// Drives a copy of `game` (which must not use muggins).
    #[staticmethod]
    fn from_game(game: PyRef<'_, PyGame>) -> PyResult<Self> {
        Ok(PyActionGame {
            table: Table::from_game(game.game.clone())?,
        })
    }

    #[getter]
    fn num_players(&self) -> u8 {
        self.table.game().config().players
    }

    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.table.game().to_move()
    }

    #[getter]
    fn phase(&self) -> &'static str {
        self.table.game().phase().name()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.table.game().is_over()
    }

    #[getter]
    fn winner(&self) -> Option<usize> {
        self.table.game().winner()
    }

    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.table.game().scores().to_vec()
    }

    /// The seat that deals this deal.
    #[getter]
    fn dealer(&self) -> usize {
        self.table.game().dealer()
    }

    #[getter]
    fn game_points(&self) -> u8 {
        self.table.game().game_points()
    }

    /// The side (team with 4 players) of `seat`.
    fn side_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let seat = self.check_seat(seat)?;
        Ok(self.table.game().config().side_of(seat))
    }

    /// What `seat` may know, as a float32 vector of length OBS_SIZE.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.check_seat(seat)?;
        Ok(obs_array(py, &self.table, seat))
    }

    /// The legal actions of the seat to move as int8 0/1 (length NUM_ACTIONS).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        mask_array(py, self.table.legal_actions())
    }

    /// The legal actions of the seat to move, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        actions_of(self.table.legal_actions())
    }

    /// Plays an action for the seat to move; returns the points each side
    /// gained. An illegal action raises IllegalMove and changes nothing.
    fn step(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Vec<u16>> {
        let sides = self.table.game().config().sides();
        Ok(self.table.step(action_arg(action)?)?[..sides].to_vec())
    }

    /// What each side earns from a step that gained `gained` points per side
    /// (see `cribbage_fast.envs.CribbageAECEnv` for the reward modes).
    fn side_rewards(&self, gained: Vec<i64>, reward: &str) -> PyResult<Vec<f32>> {
        let sides = self.table.game().config().sides();
        if gained.len() != sides {
            return Err(PyValueError::new_err(format!(
                "gained must hold {sides} numbers, one per side, got {}",
                gained.len()
            )));
        }
        let mut points = [0u16; crate::rules::game::MAX_SEATS];
        for (p, &g) in points.iter_mut().zip(&gained) {
            *p = u16::try_from(g).map_err(|_| {
                PyValueError::new_err(format!("points gained must be 0 to 65535, got {g}"))
            })?;
        }
        let out =
            crate::learn::env::side_rewards(self.table.game(), &points, Reward::parse(reward)?);
        Ok(out[..sides].to_vec())
    }

    /// A copy of the underlying game (a `cribbage_fast._core.Game`, no log).
    fn game(&self) -> PyGame {
        PyGame {
            game: self.table.game().clone(),
            first_dealer: None,
        }
    }

    /// An independent copy.
    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __repr__(&self) -> String {
        let g = self.table.game();
        format!(
            "ActionGame(num_players={}, phase='{}', scores={:?}, to_move={:?})",
            g.config().players,
            g.phase().name(),
            g.scores(),
            g.to_move()
        )
    }
}

impl PyActionGame {
    /// A seat of this game from a Python integer.
    fn check_seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = usize::from(self.table.game().config().players);
        index_arg(seat, n, "seat")
    }
}

/// Seat 0 of a 2-player game against a built-in opponent (the core of
/// `cribbage_fast.envs.CribbageEnv`).
///
/// Parameters
/// ----------
/// opponent : str
///     A name from `OPPONENTS` ("random", "greedy", "expert", "master").
/// reward : str
///     "win", "game_points" or "points".
/// target : int
///     Points to win, 31 to 1000 (default 121).
///
/// Raises
/// ------
/// ValueError
///     An unknown opponent or reward, or a target out of range.
///
/// Examples
/// --------
/// >>> from cribbage_fast._core import SoloEnv
/// >>> env = SoloEnv("random", "win")
/// >>> obs, mask = env.reset(7)
/// >>> obs, mask, reward, terminated = env.step(int(mask.argmax()))
/// >>> reward
/// 0.0
#[pyclass(name = "SoloEnv", module = "cribbage_fast._core")]
pub struct PySoloEnv {
    env: SoloEnv,
}

#[pymethods]
impl PySoloEnv {
    #[new]
    #[pyo3(signature = (opponent = "random", reward = "win", target = None))]
    fn py_new(opponent: &str, reward: &str, target: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let target = int_or(target, "target", 121)?;
        Ok(PySoloEnv {
            env: SoloEnv::new(opponent, Reward::parse(reward)?, target)?,
        })
    }

    /// A new game from `seed`: `(observation, action_mask)`.
    #[allow(clippy::type_complexity)]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>)> {
        self.env.reset(seed_in(seed, "seed")?);
        Ok(self.arrays(py))
    }

    /// Plays the agent's action and the opponent's replies:
    /// `(observation, action_mask, reward, terminated)`. An illegal action
    /// raises IllegalMove and changes nothing.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<i8>>,
        f32,
        bool,
    )> {
        let (reward, over) = self.env.step(action_arg(action)?)?;
        let (obs, mask) = self.arrays(py);
        Ok((obs, mask, reward, over))
    }

    /// A copy of the game being played (a `cribbage_fast._core.Game`).
    fn game(&self) -> PyGame {
        PyGame {
            game: self.env.table().game().clone(),
            first_dealer: None,
        }
    }

    /// The board without copying the game: `(scores, phase, dealer)`.
    fn board(&self) -> (Vec<u16>, &'static str, usize) {
        let game = self.env.table().game();
        (game.scores().to_vec(), game.phase().name(), game.dealer())
    }
}

impl PySoloEnv {
    fn arrays<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>) {
        (
            obs_array(py, self.env.table(), crate::learn::env::AGENT),
            mask_array(py, self.env.legal_actions()),
        )
    }
}

/// `num_envs` `SoloEnv` games stepped together in Rust (GIL released, rayon),
/// writing into caller-owned C-contiguous arrays (the core of
/// `cribbage_fast.envs.CribbageVectorEnv`). A finished game restarts at once;
/// its final observation goes to `final_obs`. Results for a seed do not
/// depend on `threads`.
///
/// Parameters
/// ----------
/// num_envs : int
///     Games in the batch, 1 to 2**20.
/// opponent, reward, target
///     As for `SoloEnv`.
/// threads : int or None
///     A private pool of that many threads (1 to 256); None: every core.
///
/// Raises
/// ------
/// ValueError
///     A bad size, opponent, reward, target or thread count; output arrays
///     of the wrong size, not contiguous, read-only or shared.
///
/// Examples
/// --------
/// >>> import numpy as np
/// >>> from cribbage_fast._core import VecEnv, OBS_SIZE, NUM_ACTIONS
/// >>> v = VecEnv(2)
/// >>> obs = np.zeros((2, OBS_SIZE), np.float32); last = np.zeros_like(obs)
/// >>> masks = np.zeros((2, NUM_ACTIONS), np.int8)
/// >>> rewards = np.zeros(2, np.float32); done = np.zeros(2, np.bool_)
/// >>> v.reset(0, obs, masks, rewards, done, last)
/// >>> v.step(masks.argmax(axis=1).astype(np.int64), obs, masks, rewards, done, last)
/// >>> done.tolist()
/// [False, False]
#[pyclass(name = "VecEnv", module = "cribbage_fast._core")]
pub struct PyVecEnv {
    env: VecEnv,
}

/// A writeable borrow of an output array, refused (never a panic) if it is
/// read-only or already borrowed as another output of the same call.
fn writeable<'py, T: Element, D: Dimension>(
    a: &Bound<'py, PyArray<T, D>>,
    what: &str,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    a.try_readwrite().map_err(|e| {
        PyValueError::new_err(format!(
            "{what} must be a writeable array, not shared with another output ({e})"
        ))
    })
}

fn slice_mut<'a, T: Element, D: Dimension>(
    a: &'a mut PyReadwriteArray<'_, T, D>,
    what: &str,
) -> PyResult<&'a mut [T]> {
    a.as_slice_mut()
        .map_err(|_| PyValueError::new_err(format!("{what} must be a C-contiguous array")))
}

/// The actions of a batched step as an `i64` vector.
fn actions_vec(actions: &Bound<'_, PyArray1<i64>>) -> PyResult<Vec<i64>> {
    let ro = actions
        .try_readonly()
        .map_err(|e| PyValueError::new_err(format!("actions cannot be read ({e})")))?;
    Ok(ro.as_array().to_vec())
}

/// Borrows each named output array writeable and runs `$body` with
/// `$name: &mut [T]` slices bound.
macro_rules! with_slices {
    ($($name:ident),+ => $body:expr) => {{
        $(let mut $name = writeable($name, stringify!($name))?;)+
        $(let $name = slice_mut(&mut $name, stringify!($name))?;)+
        $body
    }};
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, opponent = "random", reward = "win", target = None, threads = None))]
    fn py_new(
        num_envs: &Bound<'_, PyAny>,
        opponent: &str,
        reward: &str,
        target: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Ok(PyVecEnv {
            env: VecEnv::new(
                count_arg(num_envs, "num_envs")?,
                opponent,
                Reward::parse(reward)?,
                int_or(target, "target", 121)?,
                threads_from_py(threads)?,
            )?,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    /// A copy of the game being played in row `i` (the agent is seat 0).
    fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let i = index_arg(i, self.env.num_envs(), "row")?;
        row_game(self.env.game(i))
    }

    /// Starts every game from `seed`, writing observations `(n, OBS_SIZE)`
    /// float32 and masks `(n, NUM_ACTIONS)` int8; zeroes rewards and flags.
    #[allow(clippy::too_many_arguments)]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
        rewards: &Bound<'_, PyArray1<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        final_obs: &Bound<'_, PyArray2<f32>>,
    ) -> PyResult<()> {
        let seed = seed_in(seed, "seed")?;
        let env = &mut self.env;
        with_slices!(obs, masks, rewards, terminated, final_obs => {
            let bufs = Buffers { obs, masks, rewards, terminated, final_obs };
            py.detach(|| env.reset(seed, bufs)).map_err(PyErr::from)
        })
    }

    /// Plays `actions[i]` (int64) in game `i` and writes the new observations,
    /// masks, rewards and terminated flags, and the final observation of each
    /// game that ended (its row restarts at once). An illegal action raises
    /// IllegalMove and changes no game.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
        rewards: &Bound<'_, PyArray1<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        final_obs: &Bound<'_, PyArray2<f32>>,
    ) -> PyResult<()> {
        let actions = actions_vec(actions)?;
        let env = &mut self.env;
        with_slices!(obs, masks, rewards, terminated, final_obs => {
            let bufs = Buffers { obs, masks, rewards, terminated, final_obs };
            py.detach(|| env.step(&actions, bufs)).map_err(PyErr::from)
        })
    }
}

/// A copy of the game of a row checked with [`index_arg`].
fn row_game(game: Option<&crate::rules::game::Game>) -> PyResult<PyGame> {
    let game = game.ok_or_else(|| PyValueError::new_err("no such row"))?;
    Ok(PyGame {
        game: game.clone(),
        first_dealer: None,
    })
}

/// `num_envs` self-play games of `num_players` stepped together in Rust
/// (GIL released, rayon), writing into caller-owned C-contiguous arrays (the
/// core of `cribbage_fast.envs.CribbageSelfPlayVectorEnv`).
///
/// Each row's observation is that of the seat to move there. Observations
/// are float32 (values in 0..1) or uint8 (the whole numbers behind them:
/// divide by `obs_denominators(target)` to get the float32 ones); the dtype
/// of the arrays passed chooses. A finished game restarts at once; its final
/// observation (of the seat that made the last move) goes to `final_obs`.
/// Results for a seed do not depend on `threads`.
///
/// Parameters
/// ----------
/// num_envs : int
///     Games in the batch, 1 to 2**20.
/// num_players : int
///     2, 3 or 4.
/// reward : str
///     "win", "game_points" or "points" (see `CribbageAECEnv`).
/// target : int
///     Points to win, 31 to 1000.
/// threads : int or None
///     A private pool of that many threads (1 to 256); None: every core.
///
/// Raises
/// ------
/// ValueError
///     A bad size, player count, reward, target or thread count.
///
/// Examples
/// --------
/// >>> import numpy as np
/// >>> from cribbage_fast._core import SelfPlayVecEnv, OBS_SIZE, NUM_ACTIONS
/// >>> env = SelfPlayVecEnv(2, 3)
/// >>> obs = np.zeros((2, OBS_SIZE), np.uint8); last = np.zeros_like(obs)
/// >>> masks = np.zeros((2, NUM_ACTIONS), np.int8); seats = np.zeros(2, np.int64)
/// >>> rewards = np.zeros((2, 3), np.float32); done = np.zeros(2, np.bool_)
/// >>> env.reset(0, obs, masks, seats, rewards, done, last)
/// >>> env.step(masks.argmax(axis=1).astype(np.int64), obs, masks, seats, rewards, done, last)
/// >>> rewards.tolist()
/// [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
#[pyclass(name = "SelfPlayVecEnv", module = "cribbage_fast._core")]
pub struct PySelfPlayVecEnv {
    env: SelfPlayEnv,
    target: u16,
}

#[pymethods]
impl PySelfPlayVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, num_players = None, reward = "win", target = None, threads = None))]
    fn py_new(
        num_envs: &Bound<'_, PyAny>,
        num_players: Option<&Bound<'_, PyAny>>,
        reward: &str,
        target: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let env = SelfPlayEnv::new(
            count_arg(num_envs, "num_envs")?,
            int_or(num_players, "num_players", 2)?,
            Reward::parse(reward)?,
            int_or(target, "target", 121)?,
            threads_from_py(threads)?,
        )?;
        let target = env.game(0).map_or(121, |g| g.config().target);
        Ok(PySelfPlayVecEnv { env, target })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.env.players()
    }

    /// A copy of the game being played in row `i`.
    fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let i = index_arg(i, self.env.num_envs(), "row")?;
        row_game(self.env.game(i))
    }

    /// The cards (indices) the seat to move in row `i` has put aside in an
    /// unfinished 2-card discard.
    fn pending(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let i = index_arg(i, self.env.num_envs(), "row")?;
        let mask = self
            .env
            .pending(i)
            .ok_or_else(|| PyValueError::new_err("no such row"))?;
        Ok(actions_of(mask))
    }

    /// A uniformly random legal action for every game, each row from its own
    /// generator (seeded by `reset`; independent of `threads`), into `out`
    /// (int64, one per game).
    fn sample_actions(&mut self, py: Python<'_>, out: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let env = &mut self.env;
        with_slices!(out => py.detach(|| env.sample_actions(out)).map_err(PyErr::from))
    }

    /// Starts every game from `seed` and writes the first rows.
    #[allow(clippy::too_many_arguments)]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyAny>,
        masks: &Bound<'_, PyArray2<i8>>,
        to_move: &Bound<'_, PyArray1<i64>>,
        rewards: &Bound<'_, PyArray2<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        final_obs: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let seed = seed_in(seed, "seed")?;
        let arrays = (masks, to_move, rewards, terminated);
        self.with_outputs(py, obs, final_obs, arrays, |env, out| match out {
            AnyOutputs::F32(out) => env.reset(seed, out),
            AnyOutputs::U8(out) => env.reset(seed, out),
        })
    }

    /// Plays `actions[i]` (int64) for the seat to move in game `i`. An
    /// illegal action raises IllegalMove and changes no game.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyAny>,
        masks: &Bound<'_, PyArray2<i8>>,
        to_move: &Bound<'_, PyArray1<i64>>,
        rewards: &Bound<'_, PyArray2<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        final_obs: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let actions = actions_vec(actions)?;
        let arrays = (masks, to_move, rewards, terminated);
        self.with_outputs(py, obs, final_obs, arrays, |env, out| match out {
            AnyOutputs::F32(out) => env.step(&actions, out),
            AnyOutputs::U8(out) => env.step(&actions, out),
        })
    }
}

/// The outputs of a self-play call in either observation type.
enum AnyOutputs<'a> {
    F32(Outputs<'a, f32>),
    U8(Outputs<'a, u8>),
}

type SelfPlayArrays<'a, 'py> = (
    &'a Bound<'py, PyArray2<i8>>,
    &'a Bound<'py, PyArray1<i64>>,
    &'a Bound<'py, PyArray2<f32>>,
    &'a Bound<'py, PyArray1<bool>>,
);

impl PySelfPlayVecEnv {
    /// Borrows the outputs (observations as float32 or uint8, both arrays of
    /// the same type) and runs `f` on them with the GIL released.
    fn with_outputs<'py, F>(
        &mut self,
        py: Python<'py>,
        obs: &Bound<'py, PyAny>,
        final_obs: &Bound<'py, PyAny>,
        (masks, to_move, rewards, terminated): SelfPlayArrays<'_, 'py>,
        f: F,
    ) -> PyResult<()>
    where
        F: for<'a> FnOnce(&mut SelfPlayEnv, AnyOutputs<'a>) -> crate::ground::error::Result<()>
            + Send,
    {
        let env = &mut self.env;
        if let (Ok(obs), Ok(final_obs)) = (
            obs.cast::<PyArray2<f32>>(),
            final_obs.cast::<PyArray2<f32>>(),
        ) {
            return with_slices!(obs, final_obs, masks, to_move, rewards, terminated => {
                let out = Outputs { obs, masks, to_move, rewards, terminated, final_obs };
                py.detach(|| f(env, AnyOutputs::F32(out))).map_err(PyErr::from)
            });
        }
        if let (Ok(obs), Ok(final_obs)) =
            (obs.cast::<PyArray2<u8>>(), final_obs.cast::<PyArray2<u8>>())
        {
            if self.target > 255 {
                return Err(PyValueError::new_err(format!(
                    "uint8 observations need a target of at most 255, got {}",
                    self.target
                )));
            }
            return with_slices!(obs, final_obs, masks, to_move, rewards, terminated => {
                let out = Outputs { obs, masks, to_move, rewards, terminated, final_obs };
                py.detach(|| f(env, AnyOutputs::U8(out))).map_err(PyErr::from)
            });
        }
        Err(PyTypeError::new_err(
            "obs and final_obs must both be 2-d float32 arrays or both uint8 arrays",
        ))
    }
}

/// What divides each uint8 observation value to give the float32 one, for a
/// game to `target` (see `SelfPlayVecEnv`).
///
/// Parameters
/// ----------
/// target : int
///     Points to win (31 to 1000).
///
/// Returns
/// -------
/// numpy.ndarray
///     float32 of length OBS_SIZE: 1 for the 0/1 slots, 31 for the count, 6
///     for cards held, the target for scores, 2 for cards still to discard.
///
/// Examples
/// --------
/// >>> from cribbage_fast._core import obs_denominators
/// >>> d = obs_denominators(121)
/// >>> float(d[416]), float(d[436])
/// (31.0, 121.0)
#[pyfunction]
pub fn obs_denominators<'py>(
    py: Python<'py>,
    target: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let config =
        crate::rules::game::GameConfig::new(2, int_for_core::<i64>(target, "target")?, false)?;
    let d = crate::learn::encode::denominators(config.target).map(f32::from);
    Ok(PyArray1::from_slice(py, &d))
}
