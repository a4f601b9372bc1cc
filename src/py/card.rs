//! The `Card` class, and cards from a `Card`, card text or a sequence of
//! either (the parsing itself is the core's, `ground::card`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

use super::convert::{as_int, describe, picture, type_name};
use super::errors::CribbageError;
use crate::ground::card::{parse_cards, Card};
use crate::rules::play::mask_cards;

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
        let index = as_int(index, "index")?;
        match index.extract::<i64>() {
            Ok(i) => Ok(PyCard(Card::from_index(i)?)),
            // An int too large for i64 is still just an index out of range.
            Err(_) => Err(CribbageError::new_err(format!(
                "card index {index} is outside 0..51"
            ))),
        }
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
        card_repr(self.0)
    }

    fn __getnewargs__(&self) -> (String,) {
        (self.0.to_string(),)
    }

    /// The card as an SVG picture (Jupyter shows it), `cribbage_fast.svg.card`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "card")
    }
}

/// `repr()` of a card: `Card('5H')`. Every repr that shows a card attribute
/// shows it so, as Python shows the value the attribute holds.
pub fn card_repr(card: Card) -> String {
    format!("Card('{card}')")
}

/// `repr()` of cards as an attribute holds them: a tuple
/// (`(Card('5H'), Card('5D'))`, `(Card('5H'),)`, `()`) or, with `list`, a list.
pub fn cards_repr(cards: &[Card], list: bool) -> String {
    let items: Vec<String> = cards.iter().copied().map(card_repr).collect();
    match (list, items.len()) {
        (true, _) => format!("[{}]", items.join(", ")),
        (false, 1) => format!("({},)", items[0]),
        (false, _) => format!("({})", items.join(", ")),
    }
}

/// One card from a `Card` or text such as `"5H"`.
pub fn card_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(card) = obj.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(Card::parse(&text.to_cow()?)?);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Card or card text like '5H', got {} {}",
        type_name(obj),
        obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
    )))
}

/// The one card of argument `name` (e.g. the starter): several cards in one
/// string or a list of cards name the argument rather than "unknown card".
pub fn one_card_from_py(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Card> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let n = text.split_whitespace().count();
        if n > 1 {
            return Err(CribbageError::new_err(format!(
                "{name} must be one card, got {n} in {text:?}"
            )));
        }
    }
    if obj.cast::<PyCard>().is_err() && obj.cast::<PyString>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be one card (a Card or text like '5H'), got {}",
            describe(obj)
        )));
    }
    card_from_py(obj)
}

/// Cards from one space-separated string or an iterable of cards / card text.
pub fn cards_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    // Lists and tuples are read in place: the common case, and the fast one.
    if let Ok(list) = obj.cast_exact::<PyList>() {
        return list.iter().map(|item| card_from_py(&item)).collect();
    }
    if let Ok(tuple) = obj.cast_exact::<PyTuple>() {
        return tuple.iter().map(|item| card_from_py(&item)).collect();
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(parse_cards(&text.to_cow()?)?);
    }
    if obj.cast::<PyCard>().is_ok() {
        return Err(PyTypeError::new_err(
            "expected several cards (a list or a string like '5H 5D 5C JS'), got a single Card",
        ));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected cards as a list or a string like '5H 5D 5C JS', got {}",
            type_name(obj)
        ))
    })?;
    iter.map(|item| card_from_py(&item?)).collect()
}

/// Cards as a Python tuple of `Card`.
pub fn card_tuple<'py>(
    py: Python<'py>,
    cards: impl IntoIterator<Item = Card>,
) -> PyResult<Bound<'py, PyTuple>> {
    let cards = cards
        .into_iter()
        .map(|card| card_object(py, card))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, cards)
}

/// The one `Card` object of `card`. Cards are frozen values, so the 52
/// objects are made once and shared: handing cards to Python (views, moves,
/// hands) allocates nothing.
pub fn card_object(py: Python<'_>, card: Card) -> PyResult<Bound<'_, PyCard>> {
    static CARDS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();
    let cards = CARDS.get_or_try_init(py, || {
        Card::deck().map(|c| Py::new(py, PyCard(c))).collect()
    })?;
    Ok(cards[usize::from(card.index())].bind(py).clone())
}

/// The `Card` objects of a card mask, in index order.
pub fn card_objects(py: Python<'_>, mask: u64) -> PyResult<Vec<Bound<'_, PyCard>>> {
    mask_cards(mask).map(|card| card_object(py, card)).collect()
}
