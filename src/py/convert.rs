//! Python values to cards: a `Card`, card text, or a sequence of either.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use super::show::PyCard;
use crate::card::{parse_cards, Card};

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "object".to_string(), |n| n.to_string())
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
    let cards: Vec<PyCard> = cards.into_iter().map(PyCard).collect();
    PyTuple::new(py, cards)
}
