//! The board tables of three-handed and partnership games for Python: the
//! deal sampler, the programme, games from a board, and the shipped tables'
//! reader (the method lives in `crate::builders::boards_n` and
//! `crate::tables::boards_n`; `cribbage_fast.tables.boards` reads the
//! tables, `cribbage_fast.builders.boards` builds them).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use super::convert::{int_in, seed_index_arg, start_arg, stop_arg};
use crate::builders::board_deals::{play_from_board, sample_board_deals};
use crate::builders::boards_n::{build_board_table, BoardSample};
use crate::rules::game::MAX_SCORE;
use crate::tables::boards_n::{
    decode_three_hand, encode_partnership, encode_three_hand, partnership_arrays,
    partnership_chances, three_hand_at, three_hand_bytes, three_hand_chances, PARTNERSHIP_META,
    THREE_HAND_LEN, THREE_HAND_META,
};

/// Most deals one call samples, and most games one call plays.
const MAX_RANGE: u64 = 10_000_000;

fn players_arg(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    int_in(
        obj,
        "players",
        3..=4,
        " (the tables for two are the position table)",
    )
}

fn batches_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in(obj, "batches", 0..=i128::from(u32::MAX), "")
}

fn games_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    int_in(obj, "games", 1..=i128::from(MAX_RANGE), "")
}

fn dealer_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in(obj, "dealer", 0..=3, "")
}

/// `scores`: a list of integers 0..=149 (the core checks their number).
fn scores_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u16>> {
    let list: Vec<Bound<'_, PyAny>> = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "scores must be a list of integers, got {}",
            super::convert::describe(obj)
        ))
    })?;
    list.iter()
        .map(|s| int_in(s, "scores", 0..=i128::from(MAX_SCORE), ""))
        .collect()
}

/// Samples deals ``start..stop`` of ``seed`` for the board tables.
///
/// Deal ``i`` is always the same deal, Expert in every seat (lays as far
/// from the end); chunks of a range concatenate to the whole range's bytes.
///
/// Parameters
/// ----------
/// start, stop : int
///     The deal indexes, ``0 <= start <= stop``, at most 10,000,000 a call.
/// players : int
///     3, or 4 for partnerships.
/// seed : int
///     The sample's seed, 0 to 2**64 - 1.
///
/// Returns
/// -------
/// bytes
///     The deals in the sample format, for ``_solve_boards``.
///
/// Raises
/// ------
/// ValueError
///     A bad range, player count or seed.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> len(_core._sample_boards(0, 2, players=3, seed=1)) > 10
/// True
#[pyfunction]
#[pyo3(signature = (start, stop, *, players, seed = 0))]
pub fn _sample_boards<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = start_arg)] start: u64,
    #[pyo3(from_py_with = stop_arg)] stop: u64,
    #[pyo3(from_py_with = players_arg)] players: u8,
    #[pyo3(from_py_with = seed_index_arg)] seed: u64,
) -> PyResult<Bound<'py, PyBytes>> {
    if stop < start || stop - start > MAX_RANGE {
        return Err(PyValueError::new_err(format!(
            "start..stop must be a range of 0 to {MAX_RANGE} deals, got {start}..{stop}"
        )));
    }
    let bytes = py.detach(|| sample_board_deals(players, seed, start, stop))?;
    Ok(PyBytes::new(py, &bytes))
}

/// Solves a board table from sampled deals, with batch-means errors.
///
/// Parameters
/// ----------
/// samples : list of bytes
///     Chunks from ``_sample_boards``, in index order.
/// players : int
///     3, or 4 for partnerships (as sampled).
/// batches : int
///     Interleaved batches for the standard errors (2 to the number of deals).
///
/// Returns
/// -------
/// dict
///     ``win`` and ``win_stderr``: float64 arrays of shape (boards, sides),
///     boards by the scores from the dealer's side (``s0 * 121 + s1`` for
///     partners, ``(s0 * 121 + s1) * 121 + s2`` for three), sides from the
///     dealer's on; ``deals`` and ``batches``.
///
/// Raises
/// ------
/// ValueError
///     Malformed samples, a bad player or batch count.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> chunk = _core._sample_boards(0, 40, players=4, seed=1)
/// >>> out = _core._solve_boards([chunk], players=4, batches=4)
/// >>> out["win"].shape, out["deals"]
/// ((14641, 2), 40)
#[pyfunction]
#[pyo3(signature = (samples, *, players, batches = 20))]
pub fn _solve_boards<'py>(
    py: Python<'py>,
    samples: Vec<Vec<u8>>,
    #[pyo3(from_py_with = players_arg)] players: u8,
    #[pyo3(from_py_with = batches_arg)] batches: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let table = py.detach(|| {
        let sample = BoardSample::parse(players, &samples.concat())?;
        build_board_table(&sample, batches)
    })?;
    let out = PyDict::new(py);
    let sides = table.sides;
    let shape = |v: Vec<f64>| Array2::from_shape_vec((v.len() / sides, sides), v);
    let bad = |_| PyValueError::new_err("a board table of the wrong shape");
    out.set_item("win", shape(table.win).map_err(bad)?.into_pyarray(py))?;
    let stderr = shape(table.win_stderr).map_err(bad)?;
    out.set_item("win_stderr", stderr.into_pyarray(py))?;
    out.set_item("deals", table.deals)?;
    out.set_item("batches", table.batches)?;
    Ok(out)
}

/// The shipped form of a board table from ``_solve_boards``' arrays (flat,
/// by board then side): the partnership file (float32) or the three-player
/// grid (see ``cribbage_fast.tables.boards``).
///
/// Examples
/// --------
/// >>> import numpy as np
/// >>> from cribbage_fast import _core
/// >>> len(_core._encode_boards(4, np.zeros(121 * 121 * 2), np.zeros(121 * 121 * 2)))
/// 117128
#[pyfunction]
pub fn _encode_boards<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = players_arg)] players: u8,
    win: PyReadonlyArray1<'py, f64>,
    win_stderr: PyReadonlyArray1<'py, f64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (win, stderr) = (win.as_slice()?, win_stderr.as_slice()?);
    let bytes = if players == 4 {
        let n = 121 * 121;
        if win.len() != 2 * n || stderr.len() != win.len() {
            return Err(PyValueError::new_err(format!(
                "a partnership table has {} values, got {} and {}",
                2 * n,
                win.len(),
                stderr.len()
            )));
        }
        // The dealer's team's value of each board.
        let dealer = |v: &[f64]| v.iter().step_by(2).copied().collect::<Vec<f64>>();
        encode_partnership(&dealer(win), &dealer(stderr))
    } else {
        encode_three_hand(win, stderr)?
    };
    Ok(PyBytes::new(py, &bytes))
}

/// The three-player chances and the largest standard error of a seat's
/// chance that a file of ``_encode_boards(3, ...)`` gives at a board (scores
/// from the dealer).
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> data, _ = _core._shipped_boards(3)
/// >>> chances, error = _core._three_hand_at(data, [0, 0, 0])
/// >>> round(sum(chances), 9)
/// 1.0
#[pyfunction]
pub fn _three_hand_at(
    data: &[u8],
    #[pyo3(from_py_with = scores_arg)] scores: Vec<u16>,
) -> PyResult<([f64; 3], f64)> {
    if data.len() != THREE_HAND_LEN {
        return Err(PyValueError::new_err(format!(
            "a three-player table file has {THREE_HAND_LEN} bytes, got {}",
            data.len()
        )));
    }
    let board: [u16; 3] = scores.try_into().map_err(|s: Vec<u16>| {
        PyValueError::new_err(format!("scores needs 3 scores, got {}", s.len()))
    })?;
    if board.iter().any(|&s| s > 120) {
        return Err(PyValueError::new_err("scores must be 0 to 120 on the grid"));
    }
    Ok(three_hand_at(data, board))
}

/// Every board's chances from a three-player file of ``_encode_boards``:
/// float64 of shape (121**3, 3), by board ``(s0 * 121 + s1) * 121 + s2``
/// (scores from the dealer) then seat.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> _core._decode_three_hand(_core._shipped_boards(3)[0]).shape
/// (1771561, 3)
#[pyfunction]
pub fn _decode_three_hand<'py>(
    py: Python<'py>,
    data: &[u8],
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    if data.len() != THREE_HAND_LEN {
        return Err(PyValueError::new_err(format!(
            "a three-player table file has {THREE_HAND_LEN} bytes, got {}",
            data.len()
        )));
    }
    let flat = py.detach(|| decode_three_hand(data));
    let n = flat.len() / 3;
    let array = Array2::from_shape_vec((n, 3), flat)
        .map_err(|_| PyValueError::new_err("a board table of the wrong shape"))?;
    Ok(array.into_pyarray(py))
}

/// The shipped board table of ``players`` (3 or 4): its bytes (empty when
/// absent) and its build record (JSON).
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> data, meta = _core._shipped_boards(4)
/// >>> len(data), '"seed"' in meta
/// (117128, True)
#[pyfunction]
pub fn _shipped_boards(
    py: Python<'_>,
    #[pyo3(from_py_with = players_arg)] players: u8,
) -> (Bound<'_, PyBytes>, &'static str) {
    if players == 4 {
        let arrays = partnership_arrays().unwrap_or_default();
        let bytes: Vec<u8> = arrays.iter().flat_map(|x| x.to_le_bytes()).collect();
        (PyBytes::new(py, &bytes), PARTNERSHIP_META)
    } else {
        (
            PyBytes::new(py, three_hand_bytes().unwrap_or_default()),
            THREE_HAND_META,
        )
    }
}

/// Each seat's (3 players) or partnership's (4) chance to win from the
/// board, from the shipped table.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> round(sum(_core._board_chances(3, [100, 110, 90], 1)), 9)
/// 1.0
#[pyfunction]
pub fn _board_chances(
    #[pyo3(from_py_with = players_arg)] players: u8,
    #[pyo3(from_py_with = scores_arg)] scores: Vec<u16>,
    #[pyo3(from_py_with = dealer_arg)] dealer: usize,
) -> PyResult<Vec<f64>> {
    Ok(if players == 3 {
        three_hand_chances(&scores, dealer)?.to_vec()
    } else {
        partnership_chances(&scores, dealer)?.to_vec()
    })
}

/// Plays ``games`` Expert games from a board and counts each side's wins.
///
/// Parameters
/// ----------
/// players : int
///     3, or 4 for partnerships.
/// scores : list of int
///     The board by side from the dealer's (3 seats, or 2 partnerships),
///     each 0 to 120; seat 0 deals.
/// games : int
///     Games to play, 1 to 10,000,000.
/// seed : int
///     Game ``i`` is seeded by ``seed`` and ``i``: the same counts on any
///     number of threads.
///
/// Returns
/// -------
/// list of int
///     Wins by side, from the dealer's.
///
/// Raises
/// ------
/// ValueError
///     A bad board, count or seed.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> sum(_core._play_boards(3, [119, 119, 119], games=10, seed=1))
/// 10
#[pyfunction]
#[pyo3(signature = (players, scores, *, games, seed = 0))]
pub fn _play_boards(
    py: Python<'_>,
    #[pyo3(from_py_with = players_arg)] players: u8,
    #[pyo3(from_py_with = scores_arg)] scores: Vec<u16>,
    #[pyo3(from_py_with = games_arg)] games: u64,
    #[pyo3(from_py_with = seed_index_arg)] seed: u64,
) -> PyResult<Vec<u64>> {
    Ok(py.detach(|| play_from_board(players, &scores, games, seed))?)
}
