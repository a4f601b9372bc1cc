//! Learning environments for Python: `ActionGame` (a game driven by action
//! numbers, for PettingZoo and OpenSpiel), `SoloEnv` (one seat against a
//! built-in opponent, for Gymnasium) and `VecEnv` (a batch of them stepped in
//! parallel). Layouts and rules: `crate::encode`, `crate::env`, `crate::vecenv`.

use numpy::{PyArray1, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::game::PyGame;
use crate::encode::{actions_of, write_mask, NUM_ACTIONS, OBS_SIZE};
use crate::env::{Reward, SoloEnv, Table};
use crate::vecenv::{Buffers, VecEnv};

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

/// A game without muggins driven by action numbers (0..51 a card, 52 go).
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
    #[pyo3(signature = (num_players = 2, seed = 0, target = 121))]
    fn py_new(num_players: u8, seed: u64, target: u16) -> PyResult<Self> {
        Ok(PyActionGame {
            table: Table::new(num_players, target, seed)?,
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

    #[getter]
    fn game_points(&self) -> u8 {
        self.table.game().game_points()
    }

    /// The side (team with 4 players) of `seat`.
    fn side_of(&self, seat: usize) -> PyResult<usize> {
        self.check_seat(seat)?;
        Ok(self.table.game().config().side_of(seat))
    }

    /// What `seat` may know, as a float32 vector of length OBS_SIZE.
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(seat)?;
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
    fn step(&mut self, action: usize) -> PyResult<Vec<u16>> {
        let sides = self.table.game().config().sides();
        Ok(self.table.step(action)?[..sides].to_vec())
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
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        let n = usize::from(self.table.game().config().players);
        if seat >= n {
            return Err(PyValueError::new_err(format!(
                "seat must be 0..{}, got {seat}",
                n - 1
            )));
        }
        Ok(())
    }
}

/// Seat 0 of a 2-player game against a built-in opponent (the core of
/// `cribbage_fast.envs.CribbageEnv`).
#[pyclass(name = "SoloEnv", module = "cribbage_fast._core")]
pub struct PySoloEnv {
    env: SoloEnv,
}

#[pymethods]
impl PySoloEnv {
    #[new]
    #[pyo3(signature = (opponent = "random", reward = "win", target = 121))]
    fn py_new(opponent: &str, reward: &str, target: u16) -> PyResult<Self> {
        crate::game::GameConfig::new(2, target, false)?;
        Ok(PySoloEnv {
            env: SoloEnv::new(opponent, Reward::parse(reward)?, target)?,
        })
    }

    /// A new game from `seed`: `(observation, action_mask)`.
    #[allow(clippy::type_complexity)]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: u64,
    ) -> (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>) {
        self.env.reset(seed);
        self.arrays(py)
    }

    /// Plays the agent's action and the opponent's replies:
    /// `(observation, action_mask, reward, terminated)`. An illegal action
    /// raises IllegalMove and changes nothing.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        action: usize,
    ) -> PyResult<(
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<i8>>,
        f32,
        bool,
    )> {
        let (reward, over) = self.env.step(action)?;
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
}

impl PySoloEnv {
    fn arrays<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>) {
        (
            obs_array(py, self.env.table(), crate::env::AGENT),
            mask_array(py, self.env.legal_actions()),
        )
    }
}

/// `num_envs` `SoloEnv` games stepped together in Rust (GIL released, rayon),
/// writing into caller-owned arrays (the core of
/// `cribbage_fast.envs.CribbageVectorEnv`).
#[pyclass(name = "VecEnv", module = "cribbage_fast._core")]
pub struct PyVecEnv {
    env: VecEnv,
}

fn slice_mut<'a, T: numpy::Element>(
    a: &'a mut PyReadwriteArray1<'_, T>,
    what: &str,
) -> PyResult<&'a mut [T]> {
    a.as_slice_mut()
        .map_err(|_| PyValueError::new_err(format!("{what} must be a contiguous array")))
}

fn slice2_mut<'a, T: numpy::Element>(
    a: &'a mut PyReadwriteArray2<'_, T>,
    what: &str,
) -> PyResult<&'a mut [T]> {
    a.as_slice_mut()
        .map_err(|_| PyValueError::new_err(format!("{what} must be a contiguous array")))
}

/// The four output arrays of the batched env as plain slices.
fn buffers<'a>(
    obs: &'a mut PyReadwriteArray2<'_, f32>,
    masks: &'a mut PyReadwriteArray2<'_, i8>,
    rewards: &'a mut PyReadwriteArray1<'_, f32>,
    terminated: &'a mut PyReadwriteArray1<'_, bool>,
) -> PyResult<Buffers<'a>> {
    Ok(Buffers {
        obs: slice2_mut(obs, "obs")?,
        masks: slice2_mut(masks, "masks")?,
        rewards: slice_mut(rewards, "rewards")?,
        terminated: slice_mut(terminated, "terminated")?,
    })
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, opponent = "random", reward = "win", target = 121, num_threads = None))]
    fn py_new(
        num_envs: usize,
        opponent: &str,
        reward: &str,
        target: u16,
        num_threads: Option<usize>,
    ) -> PyResult<Self> {
        crate::game::GameConfig::new(2, target, false)?;
        Ok(PyVecEnv {
            env: VecEnv::new(
                num_envs,
                opponent,
                Reward::parse(reward)?,
                target,
                num_threads,
            )?,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    /// A copy of the game being played in row `i` (the agent is seat 0).
    fn game(&self, i: usize) -> PyResult<PyGame> {
        let game = self.env.game(i).ok_or_else(|| {
            PyValueError::new_err(format!(
                "row must be 0..{}, got {i}",
                self.env.num_envs() - 1
            ))
        })?;
        Ok(PyGame {
            game: game.clone(),
            first_dealer: None,
        })
    }

    /// Starts every game from `seed`, writing observations `(n, OBS_SIZE)`
    /// float32 and masks `(n, NUM_ACTIONS)` int8; zeroes rewards and flags.
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        mut obs: PyReadwriteArray2<'_, f32>,
        mut masks: PyReadwriteArray2<'_, i8>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let bufs = buffers(&mut obs, &mut masks, &mut rewards, &mut terminated)?;
        let env = &mut self.env;
        py.detach(|| env.reset(seed, bufs)).map_err(PyErr::from)
    }

    /// Plays `actions[i]` (int64) in game `i` and writes the new observations,
    /// masks, rewards and terminated flags; finished games restart at once.
    /// An illegal action raises IllegalMove and changes no game.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut obs: PyReadwriteArray2<'_, f32>,
        mut masks: PyReadwriteArray2<'_, i8>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let actions = actions
            .as_slice()
            .map_err(|_| PyValueError::new_err("actions must be a contiguous array"))?;
        let bufs = buffers(&mut obs, &mut masks, &mut rewards, &mut terminated)?;
        let env = &mut self.env;
        py.detach(|| env.step(actions, bufs)).map_err(PyErr::from)
    }
}
