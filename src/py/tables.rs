//! Discard tables for Python: what `cribbage_fast.builders` builds with and
//! `cribbage_fast.tables` reads
//! (the models live in `crate::builders::crib_table`, `crate::tables::pegging` and
//! `crate::tables::discards`; the presentation in Python).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::convert::{count_arg, index_list, mask_arg, seed_index_arg, start_arg, stop_arg};

use crate::analysis::deal_analysis::{analyze_range, DealRow, SPLIT_COUNT};
use crate::analysis::deals::{canonical_deals, canonicalize};
use crate::builders::crib_table::{fixed_point, uniform_table, RankTable, TOLERANCE};
use crate::builders::expert_ties::build_ties;
use crate::builders::pegging::{keep_range_sums, pegging_sums};
use crate::tables::discards::{build_table, has_table};
use crate::tables::pegging::{net_from_sums, shipped_sums, KEEP_COUNT, SHIPPED_META, SUMS_LEN};

fn rank_array<'py>(py: Python<'py>, table: &RankTable) -> Bound<'py, PyArray2<f64>> {
    let flat: Vec<f64> = table.iter().flatten().copied().collect();
    Array2::from_shape_vec((13, 13), flat)
        .unwrap_or_else(|_| Array2::zeros((13, 13)))
        .into_pyarray(py)
}

/// The exact discard analysis of canonical six-card deals, filled range by
/// range (for progress), then turned into tables.
#[pyclass(name = "DealAnalysis", module = "cribbage_fast._core")]
pub struct PyDealAnalysis {
    rows: Vec<DealRow>,
}

#[pymethods]
impl PyDealAnalysis {
    #[new]
    fn new() -> Self {
        PyDealAnalysis { rows: Vec::new() }
    }

    /// Analyses the next `count` canonical deals (fewer at the end); returns
    /// how many deals are analysed so far.
    fn extend(
        &mut self,
        py: Python<'_>,
        #[pyo3(from_py_with = count_arg)] count: u64,
    ) -> PyResult<usize> {
        let start = self.rows.len();
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let more = py.detach(|| analyze_range(start..start.saturating_add(count)))?;
        self.rows.extend(more);
        Ok(self.rows.len())
    }

    fn __len__(&self) -> usize {
        self.rows.len()
    }

    /// Whether every canonical deal is analysed.
    #[getter]
    fn complete(&self) -> bool {
        self.rows.len() == canonical_deals().len()
    }

    /// The uniform model's (13, 13) crib table.
    fn uniform_table<'py>(
        &self,
        py: Python<'py>,
        flushes: bool,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        self.check()?;
        let table = py.detach(|| uniform_table(&self.rows, flushes));
        Ok(rank_array(py, &table))
    }

    /// The fixed point converges when an iteration moves no crib value by
    /// more than this many points.
    #[classattr]
    const FIXED_POINT_TOLERANCE: f64 = TOLERANCE;

    /// The fixed point: (own, opponent, changes per iteration, converged).
    #[allow(clippy::type_complexity)]
    fn fixed_point<'py>(
        &self,
        py: Python<'py>,
        flushes: bool,
    ) -> PyResult<(
        Bound<'py, PyArray2<f64>>,
        Bound<'py, PyArray2<f64>>,
        Vec<f64>,
        bool,
    )> {
        self.check()?;
        let fp = py.detach(|| fixed_point(&self.rows, flushes));
        Ok((
            rank_array(py, &fp.own),
            rank_array(py, &fp.opponent),
            fp.changes,
            fp.converged,
        ))
    }

    /// The Expert's discard table (one byte per canonical deal).
    fn expert_table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.check()?;
        Ok(PyBytes::new(py, &build_table(&self.rows)))
    }

    /// Kept hands' show totals over the 46 starters: (deals, 15) uint16.
    fn hand_totals<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<u16>> {
        let flat: Vec<u16> = self.rows.iter().flat_map(|r| r.hand_total).collect();
        Array2::from_shape_vec((self.rows.len(), SPLIT_COUNT), flat)
            .unwrap_or_else(|_| Array2::zeros((0, SPLIT_COUNT)))
            .into_pyarray(py)
    }
}

impl PyDealAnalysis {
    fn check(&self) -> PyResult<()> {
        if self.complete() {
            Ok(())
        } else {
            Err(pyo3::exceptions::PyValueError::new_err(format!(
                "only {} of {} deals are analysed: call extend until complete",
                self.rows.len(),
                canonical_deals().len()
            )))
        }
    }
}

/// Every canonical six-card deal as (card masks, real deals each stands for).
#[pyfunction]
pub fn _canonical_deals(py: Python<'_>) -> (Bound<'_, PyArray1<u64>>, Bound<'_, PyArray1<u32>>) {
    let deals = canonical_deals();
    (
        deals.masks.clone().into_pyarray(py),
        deals.weights.clone().into_pyarray(py),
    )
}

/// The canonical form of a card mask and the map from real to canonical suits.
#[pyfunction]
pub fn _canonicalize(#[pyo3(from_py_with = mask_arg)] mask: u64) -> (u64, [u8; 4]) {
    let c = canonicalize(mask);
    (c.mask, c.to_canonical)
}

/// Whether the Expert's discard table is built into this engine.
#[pyfunction]
pub fn _expert_table_present() -> bool {
    has_table()
}

/// The Expert's ties table (`expert_ties.bin`) built from the shipped
/// discard table, on every core.
#[pyfunction]
pub fn _expert_ties(py: Python<'_>) -> PyResult<Bound<'_, PyBytes>> {
    let bytes = py.detach(build_ties)?;
    Ok(PyBytes::new(py, &bytes))
}

/// Exact pegging sums of samples `start..stop` of a table seeded `seed`:
/// (1820, 2, 5) uint64, roles pone then dealer, columns samples, our points,
/// our squared points, the opponent's points, its squared points.
#[pyfunction]
pub fn _pegging_sums(
    py: Python<'_>,
    #[pyo3(from_py_with = seed_index_arg)] seed: u64,
    #[pyo3(from_py_with = start_arg)] start: u64,
    #[pyo3(from_py_with = stop_arg)] stop: u64,
) -> PyResult<Bound<'_, PyArray1<u64>>> {
    let sums = py.detach(|| pegging_sums(seed, start..stop))?;
    debug_assert_eq!(sums.len(), SUMS_LEN);
    Ok(sums.into_pyarray(py))
}

/// Exact pegging sums of items `start..stop` of the per-keep sample ranges
/// `froms[k]..tos[k]` laid end to end (keep 0's first), seeded `seed`: the
/// same layout as `_pegging_sums`, the same sums however the items are split.
#[pyfunction]
pub fn _keep_range_sums<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = seed_index_arg)] seed: u64,
    froms: &Bound<'py, PyAny>,
    tos: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = start_arg)] start: u64,
    #[pyo3(from_py_with = stop_arg)] stop: u64,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let (froms, tos) = (index_list(froms, "froms")?, index_list(tos, "tos")?);
    if froms.len() != tos.len() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "froms and tos differ in length ({} and {})",
            froms.len(),
            tos.len()
        )));
    }
    let ranges: Vec<_> = froms.iter().zip(&tos).map(|(&a, &b)| a..b).collect();
    let sums = py.detach(|| keep_range_sums(seed, &ranges, start..stop))?;
    Ok(sums.into_pyarray(py))
}

/// The shipped pegging table: its sums (flat, `_pegging_sums`' layout; empty
/// when absent) and its build record (JSON).
#[pyfunction]
pub fn _shipped_pegging(py: Python<'_>) -> (Bound<'_, PyArray1<u64>>, &'static str) {
    let sums = shipped_sums().unwrap_or_default().to_vec();
    (sums.into_pyarray(py), SHIPPED_META)
}

/// The net pegging (our points minus the opponent's, the master's discard
/// term) of every keep and role of a table's sums (flat, `_pegging_sums`'
/// layout): (1820, 2) float64, roles pone then dealer; NaN for a keep and
/// role without samples.
#[pyfunction]
pub fn _net_pegging<'py>(
    py: Python<'py>,
    sums: PyReadonlyArray1<'py, u64>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let sums = sums.as_slice()?;
    if sums.len() != SUMS_LEN {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "pegging sums must hold {SUMS_LEN} values, got {}",
            sums.len()
        )));
    }
    let net: Vec<f64> = (0..KEEP_COUNT)
        .flat_map(|keep| [false, true].map(|dealer| net_from_sums(sums, keep, dealer)))
        .map(|net| net.unwrap_or(f64::NAN))
        .collect();
    Ok(Array2::from_shape_vec((KEEP_COUNT, 2), net)
        .unwrap_or_else(|_| Array2::zeros((KEEP_COUNT, 2)))
        .into_pyarray(py))
}
