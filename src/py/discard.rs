//! Discard analysis for Python: `analyze_discards`, `best_discard` and
//! `DiscardOption` (the rules and the model live in `crate::analysis::discard`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use super::card::{card_tuple, cards_from_py, cards_repr};
use super::convert::{dealer_flag, Reduce};
use crate::analysis::discard::{self, DiscardOption};
use crate::ground::card::{format_cards, Card};

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

    /// Rebuilds an option saved by pickle: analyses `keep` + `discard` again
    /// and picks the option that lays `discard` away.
    #[classmethod]
    fn _from_state(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        keep: &Bound<'_, PyAny>,
        discard: &Bound<'_, PyAny>,
        dealer: bool,
    ) -> PyResult<Self> {
        let (keep, laid) = (cards_from_py(keep)?, cards_from_py(discard)?);
        let hand: Vec<Card> = keep.iter().chain(&laid).copied().collect();
        let options = py.detach(|| discard::analyze_discards(&hand, dealer))?;
        options
            .into_iter()
            .find(|o| o.discard() == laid.as_slice())
            .map(PyDiscardOption)
            .ok_or_else(|| PyValueError::new_err("no such discard option"))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, (String, String, bool)> {
        let o = &slf.get().0;
        let state = (
            format_cards(&o.keep()),
            format_cards(o.discard()),
            o.dealer(),
        );
        Ok((slf.get_type().getattr("_from_state")?, state))
    }

    /// Options are immutable: a copy is the option itself.
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!(
            "DiscardOption(discard={}, keep={}, hand_ev={:.4}, crib_ev={:.4}, net={:.4})",
            cards_repr(self.0.discard(), false),
            cards_repr(&self.0.keep(), false),
            self.0.hand_ev(),
            self.0.crib_ev(),
            self.0.net()
        )
    }
}

/// Every discard of a 6-card or 5-card hand, best first, with the exact
/// expectations of a uniform crib: the compiled part of
/// `cribbage_fast.analyze_discards`, which adds the table models.
///
/// Parameters
/// ----------
/// hand : str or iterable of Card or str
///     Six cards (2 players: discard 2) or five (3 or 4 players: discard 1).
/// dealer : bool
///     Whether the crib is yours (its points are added) or not (subtracted).
///
/// Returns
/// -------
/// list of DiscardOption
///     Best first: by net (hand +/- crib), then hand EV, then the discarded
///     cards' indices.
///
/// Raises
/// ------
/// ValueError
///     Not 5 or 6 distinct cards, or unknown card text.
/// TypeError
///     Not cards, or ``dealer`` not True or False.
///
/// Examples
/// --------
/// >>> from cribbage_fast._core import analyze_discards
/// >>> best = analyze_discards("5H 5D JC 4S 6H KD", dealer=True)[0]
/// >>> [str(c) for c in best.discard], best.hand_total, best.hand_deals
/// (['JC', 'KD'], 734, 46)
#[pyfunction]
pub fn analyze_discards<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = dealer_flag)] dealer: bool,
) -> PyResult<Vec<PyDiscardOption>> {
    let cards = cards_from_py(hand)?;
    let options = py.detach(|| discard::analyze_discards(&cards, dealer))?;
    Ok(options.into_iter().map(PyDiscardOption).collect())
}

/// The best discard of `analyze_discards`.
///
/// Parameters
/// ----------
/// hand, dealer
///     As for ``analyze_discards``.
///
/// Returns
/// -------
/// DiscardOption
///     The first option ``analyze_discards`` lists.
///
/// Raises
/// ------
/// ValueError, TypeError
///     As for ``analyze_discards``.
///
/// Examples
/// --------
/// >>> from cribbage_fast import best_discard
/// >>> " ".join(map(str, best_discard("5H 5D JC 4S 6H KD", True).keep))
/// '5H 5D 4S 6H'
#[pyfunction]
pub fn best_discard(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = dealer_flag)] dealer: bool,
) -> PyResult<PyDiscardOption> {
    let cards = cards_from_py(hand)?;
    let best = py.detach(|| discard::best_discard(&cards, dealer))?;
    Ok(PyDiscardOption(best))
}
