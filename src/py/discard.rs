//! Discard analysis for Python: `analyze_discards`, `best_discard` and
//! `DiscardOption` (the rules and the model live in `crate::discard`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::convert::{card_tuple, cards_from_py};
use crate::card::format_cards;
use crate::discard::{self, DiscardOption};

/// One way to discard, with its exact expected hand, crib and net points.
#[pyclass(
    name = "DiscardOption",
    module = "cribbage_fast._core",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDiscardOption(DiscardOption);

#[pymethods]
impl PyDiscardOption {
    /// The cards laid away to the crib, in hand order.
    #[getter]
    fn discard<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, self.0.discard().iter().copied())
    }

    /// The four cards kept, in hand order.
    #[getter]
    fn keep<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, self.0.keep())
    }

    #[getter]
    fn dealer(&self) -> bool {
        self.0.dealer()
    }

    #[getter]
    fn hand_ev(&self) -> f64 {
        self.0.hand_ev()
    }

    #[getter]
    fn crib_ev(&self) -> f64 {
        self.0.crib_ev()
    }

    #[getter]
    fn net(&self) -> f64 {
        self.0.net()
    }

    /// Exact sum of the kept hand's show over every unseen starter.
    #[getter]
    fn hand_total(&self) -> u64 {
        self.0.hand_total()
    }

    /// Number of unseen starters.
    #[getter]
    fn hand_deals(&self) -> u64 {
        self.0.hand_deals()
    }

    /// Exact sum of the crib's show over every (completion, starter) deal.
    #[getter]
    fn crib_total(&self) -> u64 {
        self.0.crib_total()
    }

    /// Number of (crib completion, starter) deals.
    #[getter]
    fn crib_deals(&self) -> u64 {
        self.0.crib_deals()
    }

    /// A JSON-ready dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("discard", format_cards(self.0.discard()))?;
        d.set_item("keep", format_cards(&self.0.keep()))?;
        d.set_item("dealer", self.0.dealer())?;
        d.set_item("hand_ev", self.0.hand_ev())?;
        d.set_item("crib_ev", self.0.crib_ev())?;
        d.set_item("net", self.0.net())?;
        d.set_item("hand_total", self.0.hand_total())?;
        d.set_item("hand_deals", self.0.hand_deals())?;
        d.set_item("crib_total", self.0.crib_total())?;
        d.set_item("crib_deals", self.0.crib_deals())?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "DiscardOption(discard='{}', keep='{}', hand_ev={:.4}, crib_ev={:.4}, net={:.4})",
            format_cards(self.0.discard()),
            format_cards(&self.0.keep()),
            self.0.hand_ev(),
            self.0.crib_ev(),
            self.0.net()
        )
    }
}

/// Every discard of a 6-card or 5-card hand, best first (exact expectations).
///
/// With `crib_model="fixed_point"` or `pegging=True` the options come from
/// `cribbage_fast.tables.analyze_discards` (the shipped discard tables).
#[pyfunction]
#[pyo3(signature = (hand, dealer, crib_model = "uniform", pegging = false))]
pub fn analyze_discards<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    dealer: bool,
    crib_model: &str,
    pegging: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if crib_model != "uniform" || pegging {
        let tables = py.import("cribbage_fast.tables")?;
        return tables.call_method1("analyze_discards", (hand, dealer, crib_model, pegging));
    }
    let cards = cards_from_py(hand)?;
    let options = py.detach(|| discard::analyze_discards(&cards, dealer))?;
    let options: Vec<PyDiscardOption> = options.into_iter().map(PyDiscardOption).collect();
    options.into_pyobject(py).map(|list| list.into_any())
}

/// The best discard of `analyze_discards`.
#[pyfunction]
pub fn best_discard(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    dealer: bool,
) -> PyResult<PyDiscardOption> {
    let cards = cards_from_py(hand)?;
    let best = py.detach(|| discard::best_discard(&cards, dealer))?;
    Ok(PyDiscardOption(best))
}
