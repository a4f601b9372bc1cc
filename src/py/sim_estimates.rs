//! The estimates of `SimulationStats` as Python dicts (the statistics live in
//! `crate::bots::match_stats`), and the luck sums read back by `from_dict`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::convert::flag;

use crate::bots::match_stats::{Estimate, LuckSums};
use crate::bots::simulate::SimStats;

/// Half a percentage point: the interval `games_for_half_point` aims at.
const HALF_POINT: f64 = 0.005;

/// A `WinEstimate` dict: player 0's rate, its standard error and 95%
/// interval, the Elo difference with its interval, and the games needed.
pub(super) fn estimate_dict<'py>(
    py: Python<'py>,
    stats: &SimStats,
    e: &Estimate,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("rate", e.rate)?;
    d.set_item("stderr", e.stderr)?;
    d.set_item("interval", e.interval)?;
    d.set_item("elo", e.elo)?;
    d.set_item("elo_interval", e.elo_interval)?;
    d.set_item("games_to_separate", stats.games_to_separate(e))?;
    d.set_item("games_for_half_point", stats.games_for(e, HALF_POINT))?;
    Ok(d)
}

/// The exact luck sums as a dict of integers.
pub(super) fn luck_dict<'py>(py: Python<'py>, l: &LuckSums) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("units", l.units)?;
    d.set_item("sum", l.sum)?;
    d.set_item("sum_sq", l.sum_sq)?;
    d.set_item("sum_wins", l.sum_wins)?;
    Ok(d)
}

/// The luck sums of a `to_dict()` (absent: none measured).
pub(super) fn read_luck(d: Option<Bound<'_, PyAny>>) -> PyResult<LuckSums> {
    let Some(d) = d.filter(|d| !d.is_none()) else {
        return Ok(LuckSums::default());
    };
    let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(key)
            .map_err(|_| PyValueError::new_err(format!("luck_sums has no {key:?} entry")))
    };
    let int = |key: &str| -> PyResult<i128> {
        get(key)?
            .extract::<i128>()
            .map_err(|_| PyValueError::new_err(format!("luck_sums {key} must be an integer")))
    };
    let units = get("units")?
        .extract::<u64>()
        .map_err(|_| PyValueError::new_err("luck_sums units must be an integer 0 to 2**64 - 1"))?;
    Ok(LuckSums {
        units,
        sum: int("sum")?,
        sum_sq: int("sum_sq")?,
        sum_wins: int("sum_wins")?,
    })
}

/// Whether a `to_dict()` is of a duplicate match (absent: not).
pub(super) fn read_duplicate(d: &Bound<'_, PyAny>) -> PyResult<bool> {
    match d.get_item("duplicate") {
        Ok(v) => flag(&v, "duplicate"),
        Err(_) => Ok(false),
    }
}

/// The pair counts of a `to_dict()` (absent: none).
pub(super) fn read_pairs(d: &Bound<'_, PyAny>) -> PyResult<[u64; 3]> {
    let Ok(v) = d.get_item("pairs") else {
        return Ok([0; 3]);
    };
    let bad = || PyValueError::new_err("pairs must be three counts 0 to 2**64 - 1");
    let v: Vec<u64> = v.extract().map_err(|_| bad())?;
    <[u64; 3]>::try_from(v).map_err(|_| bad())
}
