//! The estimates of `SimulationStats` as Python dicts (the statistics live in
//! `crate::bots::match_stats`), and the luck sums read back by `from_dict`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::convert::flag;

use crate::bots::luck_fit::{FoldSums, LuckSums};
use crate::bots::match_stats::Estimate;
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

/// The exact luck sums as a dict of integers: a list of the two folds'.
pub(super) fn luck_dict<'py>(py: Python<'py>, l: &LuckSums) -> PyResult<Bound<'py, PyDict>> {
    let folds = PyList::empty(py);
    for f in &l.folds {
        let d = PyDict::new(py);
        d.set_item("units", f.units)?;
        d.set_item("wins", f.wins)?;
        d.set_item("wins_sq", f.wins_sq)?;
        d.set_item("luck", f.luck.to_vec())?;
        d.set_item("luck_wins", f.luck_wins.to_vec())?;
        d.set_item("luck_products", f.luck_products.to_vec())?;
        folds.append(d)?;
    }
    let d = PyDict::new(py);
    d.set_item("folds", folds)?;
    Ok(d)
}

/// The luck sums of a `to_dict()` (absent: none measured).
pub(super) fn read_luck(d: Option<Bound<'_, PyAny>>) -> PyResult<LuckSums> {
    let Some(d) = d.filter(|d| !d.is_none()) else {
        return Ok(LuckSums::default());
    };
    let bad = |what: String| PyValueError::new_err(format!("luck_sums {what}"));
    let folds: Vec<Bound<'_, PyAny>> = d
        .get_item("folds")
        .and_then(|f| f.extract())
        .map_err(|_| bad("must hold a list of two folds".into()))?;
    let [a, b] = <[Bound<'_, PyAny>; 2]>::try_from(folds)
        .map_err(|_| bad("must hold a list of two folds".into()))?;
    Ok(LuckSums {
        folds: [read_fold(&a, 0)?, read_fold(&b, 1)?],
    })
}

fn read_fold(d: &Bound<'_, PyAny>, i: usize) -> PyResult<FoldSums> {
    let bad = |key: &str, what: &str| {
        PyValueError::new_err(format!("luck_sums fold {i} {key} must be {what}"))
    };
    let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(key)
            .map_err(|_| PyValueError::new_err(format!("luck_sums fold {i} has no {key:?} entry")))
    };
    let count = |key: &str| -> PyResult<u64> {
        get(key)?
            .extract::<u64>()
            .map_err(|_| bad(key, "an integer 0 to 2**64 - 1"))
    };
    fn ints<const N: usize>(v: Bound<'_, PyAny>) -> Option<[i128; N]> {
        let v: Vec<i128> = v.extract().ok()?;
        <[i128; N]>::try_from(v).ok()
    }
    let sums = |key: &str| -> PyResult<Bound<'_, PyAny>> { get(key) };
    Ok(FoldSums {
        units: count("units")?,
        wins: count("wins")?,
        wins_sq: count("wins_sq")?,
        luck: ints(sums("luck")?).ok_or_else(|| bad("luck", "a list of 2 integers"))?,
        luck_wins: ints(sums("luck_wins")?)
            .ok_or_else(|| bad("luck_wins", "a list of 2 integers"))?,
        luck_products: ints(sums("luck_products")?)
            .ok_or_else(|| bad("luck_products", "a list of 3 integers"))?,
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
