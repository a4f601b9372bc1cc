//! Board positions for Python: the deal sampler and the programme over board
//! positions (the method lives in `crate::builders::deal_tree` and `crate::tables::positions`;
//! `cribbage_fast.tables.positions` reads the table, `cribbage_fast.builders.positions` builds it).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::builders::deal_tree::sample_deals;
use crate::builders::positions::{build_table, Sample};
use crate::tables::positions::{shipped_arrays, SCORES, SHIPPED_META};

/// Most deals one call samples (keeps a call short and its bytes small).
const MAX_RANGE: u64 = 10_000_000;

/// `batches`: a count the builder checks (at least 2).
fn batches_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    super::convert::int_in(obj, "batches", 0..=i128::from(u32::MAX), "")
}

fn index_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    obj.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be an integer from 0 to 2**64 - 1, got {}",
            obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        ))
    })
}

/// Samples deals ``start..stop`` of ``seed`` for the position table.
///
/// Deal ``i`` is always the same deal, played Expert against Expert from
/// every board; chunks of a range concatenate to the whole range's bytes.
///
/// Parameters
/// ----------
/// start, stop : int
///     The deal indexes, ``0 <= start <= stop``, at most 10,000,000 a call.
/// seed : int
///     The sample's seed, 0 to 2**64 - 1.
///
/// Returns
/// -------
/// bytes
///     The deals in the sample format, for ``_solve_positions``.
///
/// Raises
/// ------
/// ValueError
///     A bad range or seed.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> len(_core._sample_positions(0, 2, seed=1)) > 0
/// True
#[pyfunction]
#[pyo3(name = "_sample_positions", signature = (start, stop, seed = None))]
pub fn sample_positions<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyAny>,
    stop: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let (start, stop) = (index_arg(start, "start")?, index_arg(stop, "stop")?);
    let seed = seed.map_or(Ok(0), |s| index_arg(s, "seed"))?;
    if stop < start || stop - start > MAX_RANGE {
        return Err(PyValueError::new_err(format!(
            "start..stop must be a range of 0 to {MAX_RANGE} deals, got {start}..{stop}"
        )));
    }
    let bytes = py.detach(|| sample_deals(seed, start, stop))?;
    Ok(PyBytes::new(py, &bytes))
}

/// Solves the position table from sampled deals, with batch-means errors.
///
/// Parameters
/// ----------
/// samples : list of bytes
///     Chunks from ``_sample_positions``, in index order.
/// batches : int
///     Interleaved batches for the standard errors (2 to the number of deals).
///
/// Returns
/// -------
/// dict
///     ``win``, ``points``, ``win_stderr``, ``points_stderr``: float64 arrays
///     of shape (121, 121) indexed ``[dealer's score, pone's score]``, for the
///     dealer (deal about to start); ``deals`` and ``batches``.
///
/// Raises
/// ------
/// ValueError
///     Malformed samples or a bad batch count.
///
/// Examples
/// --------
/// >>> from cribbage_fast import _core
/// >>> out = _core._solve_positions([_core._sample_positions(0, 40, seed=1)], batches=4)
/// >>> out["win"].shape, out["deals"]
/// ((121, 121), 40)
#[pyfunction]
#[pyo3(name = "_solve_positions", signature = (samples, batches = 20))]
pub fn solve_positions<'py>(
    py: Python<'py>,
    samples: Vec<Vec<u8>>,
    #[pyo3(from_py_with = batches_arg)] batches: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let table = py.detach(|| {
        let sample = Sample::parse(&samples.concat())?;
        build_table(&sample, batches)
    })?;
    let out = PyDict::new(py);
    let square =
        |v: Vec<f64>| Array2::from_shape_vec((SCORES, SCORES), v).expect("a 121 x 121 table");
    out.set_item("win", square(table.values.win).into_pyarray(py))?;
    out.set_item("points", square(table.values.points).into_pyarray(py))?;
    out.set_item("win_stderr", square(table.win_stderr).into_pyarray(py))?;
    out.set_item(
        "points_stderr",
        square(table.points_stderr).into_pyarray(py),
    )?;
    out.set_item("deals", table.deals)?;
    out.set_item("batches", table.batches)?;
    Ok(out)
}

/// The shipped position table: its arrays (flat float32, `win`, `points`,
/// `win_stderr`, `points_stderr`, each (121, 121) by [dealer's score, pone's
/// score]; empty when absent) and its build record (JSON).
#[pyfunction]
pub fn _shipped_positions(py: Python<'_>) -> (Bound<'_, PyArray1<f32>>, &'static str) {
    let arrays = shipped_arrays().unwrap_or_default().to_vec();
    (arrays.into_pyarray(py), SHIPPED_META)
}

/// Game points for a win when the best loser has `best_loser` points, in a
/// game to `target` (the rules' `game_points_against`: 1, 2 for a skunk, 3
/// for a double skunk).
#[pyfunction]
pub fn _game_points(best_loser: u16, target: u16) -> u8 {
    crate::rules::game::game_points_against(best_loser, target)
}
