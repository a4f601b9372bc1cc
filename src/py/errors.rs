//! The exceptions of the engine and the one conversion of a core error to
//! them: every binding raises what `From<Error>` picks.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::cancel;
use crate::ground::error::Error;

pyo3::create_exception!(
    cribbage_fast._core,
    CribbageError,
    PyValueError,
    "What the engine rejects: a bad card, hand, deal, bulk row, move or rules argument. \
     A ValueError; IllegalMove and Misdeal are kinds of it."
);

pyo3::create_exception!(
    cribbage_fast._core,
    IllegalMove,
    CribbageError,
    "A move the rules do not allow. The game or play it was tried on is unchanged."
);

pyo3::create_exception!(
    cribbage_fast._core,
    Misdeal,
    CribbageError,
    "A supplied deal with the wrong cards. The game is unchanged: the same dealer deals again."
);

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        match err {
            Error::IllegalMove(_) => IllegalMove::new_err(err.to_string()),
            Error::Misdeal(_) => Misdeal::new_err(err.to_string()),
            Error::Cancelled => cancel::Cancelled::new_err(err.to_string()),
            _ => CribbageError::new_err(err.to_string()),
        }
    }
}
