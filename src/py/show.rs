//! Cards and the show for Python: `Card`, `score_hand`, `explain_hand`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple};

use super::convert::{card_from_py, card_tuple, cards_from_py};
use crate::card::{format_cards, Card};
use crate::hand::{self, Breakdown, Show, ShowItem, ShowKind};

/// A playing card: immutable, hashable, ordered by rank then suit.
#[pyclass(
    name = "Card",
    module = "cribbage_fast._core",
    frozen,
    eq,
    hash,
    ord,
    str,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyCard(pub Card);

impl std::fmt::Display for PyCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[pymethods]
impl PyCard {
    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        card_from_py(text).map(PyCard)
    }

    /// Parses card text such as `5H`, `5h`, `5♥`, `10H`, `TH`.
    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        card_from_py(text).map(PyCard)
    }

    /// The card with `index` = (rank - 1) * 4 + suit index (C D H S).
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let index: i64 = index.extract().map_err(|err| match index.cast::<PyInt>() {
            // An int too large for i64 is still just an index out of range.
            Ok(_) => PyValueError::new_err(format!("card index {index} is outside 0..51")),
            Err(_) => err,
        })?;
        Ok(PyCard(Card::from_index(index)?))
    }

    /// 1 (ace) to 13 (king).
    #[getter]
    fn rank(&self) -> u8 {
        self.0.rank()
    }

    /// One of "C", "D", "H", "S".
    #[getter]
    fn suit(&self) -> char {
        self.0.suit_letter()
    }

    /// Counting value: ace 1, court cards 10.
    #[getter]
    fn value(&self) -> u8 {
        self.0.value()
    }

    /// 0..51, (rank - 1) * 4 + suit index.
    #[getter]
    fn index(&self) -> u8 {
        self.0.index()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __getnewargs__(&self) -> (String,) {
        (self.0.to_string(),)
    }
}

/// One scoring combination of a show.
#[pyclass(
    name = "ShowItem",
    module = "cribbage_fast._core",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyShowItem(ShowItem);

#[pymethods]
impl PyShowItem {
    /// "fifteen", "pair", "run", "flush" or "nobs".
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, self.0.cards.iter().copied())
    }

    #[getter]
    fn points(&self) -> u8 {
        self.0.points
    }

    fn __repr__(&self) -> String {
        format!(
            "ShowItem(kind='{}', cards='{}', points={})",
            self.0.kind.name(),
            format_cards(&self.0.cards),
            self.0.points
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{} {} for {}",
            self.0.kind.name(),
            format_cards(&self.0.cards),
            self.0.points
        )
    }
}

/// A show itemised: the total, each combination, and the spoken count.
#[pyclass(
    name = "HandBreakdown",
    module = "cribbage_fast._core",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyHandBreakdown(Breakdown);

#[pymethods]
impl PyHandBreakdown {
    #[getter]
    fn total(&self) -> u8 {
        self.0.total()
    }

    #[getter]
    fn items(&self, py: Python<'_>) -> PyResult<Py<PyTuple>> {
        let items = self.0.items.iter().cloned().map(PyShowItem);
        Ok(PyTuple::new(py, items)?.unbind())
    }

    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, self.0.show.hand)
    }

    #[getter]
    fn starter(&self) -> PyCard {
        PyCard(self.0.show.starter)
    }

    #[getter]
    fn crib(&self) -> bool {
        self.0.show.crib
    }

    /// Points from all fifteens.
    #[getter]
    fn fifteens(&self) -> u8 {
        self.0.points_of(ShowKind::Fifteen)
    }

    /// Points from all pairs (a pair royal is 6).
    #[getter]
    fn pairs(&self) -> u8 {
        self.0.points_of(ShowKind::Pair)
    }

    /// Points from all runs.
    #[getter]
    fn runs(&self) -> u8 {
        self.0.points_of(ShowKind::Run)
    }

    #[getter]
    fn flush(&self) -> u8 {
        self.0.points_of(ShowKind::Flush)
    }

    #[getter]
    fn nobs(&self) -> u8 {
        self.0.points_of(ShowKind::Nobs)
    }

    /// A plain dict for JSON: total, per-kind points and every item.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("hand", format_cards(&self.0.show.hand))?;
        d.set_item("starter", self.0.show.starter.to_string())?;
        d.set_item("crib", self.0.show.crib)?;
        d.set_item("total", self.0.total())?;
        for kind in ShowKind::ALL {
            let key = if kind == ShowKind::Flush || kind == ShowKind::Nobs {
                kind.name().to_string()
            } else {
                format!("{}s", kind.name())
            };
            d.set_item(key, self.0.points_of(kind))?;
        }
        let items: Vec<Bound<'py, PyDict>> = self
            .0
            .items
            .iter()
            .map(|item| {
                let i = PyDict::new(py);
                i.set_item("kind", item.kind.name())?;
                i.set_item("cards", format_cards(&item.cards))?;
                i.set_item("points", item.points)?;
                Ok(i)
            })
            .collect::<PyResult<_>>()?;
        d.set_item("items", items)?;
        d.set_item("spoken", self.0.spoken())?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.0.items.len()
    }

    fn __str__(&self) -> String {
        self.0.spoken()
    }

    fn __repr__(&self) -> String {
        format!(
            "HandBreakdown(hand='{}', starter='{}', crib={}, total={})",
            format_cards(&self.0.show.hand),
            self.0.show.starter,
            if self.0.show.crib { "True" } else { "False" },
            self.0.total()
        )
    }
}

fn show_from_py(hand: &Bound<'_, PyAny>, starter: &Bound<'_, PyAny>, crib: bool) -> PyResult<Show> {
    let hand = cards_from_py(hand)?;
    let starter = card_from_py(starter)?;
    Ok(Show::new(&hand, starter, crib)?)
}

/// The show total of a 4-card hand (or crib) with the starter.
#[pyfunction]
#[pyo3(signature = (hand, starter, crib = false))]
pub fn score_hand(hand: &Bound<'_, PyAny>, starter: &Bound<'_, PyAny>, crib: bool) -> PyResult<u8> {
    Ok(show_from_py(hand, starter, crib)?.score())
}

/// Every scoring combination of a show, with the spoken count as `str()`.
#[pyfunction]
#[pyo3(signature = (hand, starter, crib = false))]
pub fn explain_hand(
    hand: &Bound<'_, PyAny>,
    starter: &Bound<'_, PyAny>,
    crib: bool,
) -> PyResult<PyHandBreakdown> {
    Ok(PyHandBreakdown(hand::explain_hand(show_from_py(
        hand, starter, crib,
    )?)))
}

/// 2 if the starter is a jack (the dealer's "his heels"), else 0.
#[pyfunction]
pub fn his_heels(starter: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(hand::his_heels(card_from_py(starter)?))
}

/// Cards from text such as "5H 5D 5C JS" (or a list of cards / card text).
#[pyfunction]
pub fn cards(cards: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    Ok(cards_from_py(cards)?.into_iter().map(PyCard).collect())
}
