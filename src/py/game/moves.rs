//! Moves for Python: the `Move` value class, one shared object per lay, go
//! and discard (rules in `crate::rules::game`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use super::record::{move_dict, move_from_dict, move_kind};
use crate::ground::card::{Card, CardSet};
use crate::py::card::{card_from_py, card_object, card_objects, cards_from_py, PyCard};
use crate::py::convert::{points_arg, show_points, Reduce};
use crate::rules::game::{mask_text, Move};

/// Slots of the shared `Move` objects: 52 lays, go, 52 one-card discards and
/// 1,326 two-card discards.
const SHARED_MOVES: usize = 52 + 1 + 52 + 52 * 51 / 2;

/// The slot of a move that has a shared object (counts and claims have none).
fn shared_slot(mv: &Move) -> Option<usize> {
    match *mv {
        Move::Lay(card) => Some(usize::from(card.index())),
        Move::Go => Some(52),
        Move::Discard(mask) if mask.count_ones() == 1 => Some(53 + mask.trailing_zeros() as usize),
        Move::Discard(mask) if mask.count_ones() == 2 => {
            let (low, high) = (
                mask.trailing_zeros() as usize,
                63 - mask.leading_zeros() as usize,
            );
            Some(105 + high * (high - 1) / 2 + low)
        }
        _ => None,
    }
}

/// The move as a Python object. Moves are frozen values, so a lay, a go or a
/// discard is one shared object: listing legal moves allocates no moves.
pub(crate) fn move_object(py: Python<'_>, mv: Move) -> PyResult<Bound<'_, PyMove>> {
    static MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();
    let Some(slot) = shared_slot(&mv) else {
        return Bound::new(py, PyMove(mv));
    };
    let moves = MOVES.get_or_try_init(py, || {
        let mut all: Vec<Move> = Vec::with_capacity(SHARED_MOVES);
        all.extend(Card::deck().map(Move::Lay));
        all.push(Move::Go);
        all.extend(Card::deck().map(|c| Move::Discard(c.bit())));
        for high in 1..52u32 {
            for low in 0..high {
                all.push(Move::Discard((1u64 << low) | (1u64 << high)));
            }
        }
        all.into_iter().map(|m| Py::new(py, PyMove(m))).collect()
    })?;
    Ok(moves[slot].bind(py).clone())
}

/// The legal moves as Python objects.
pub(crate) fn move_objects<'py>(
    py: Python<'py>,
    moves: &[Move],
) -> PyResult<Vec<Bound<'py, PyMove>>> {
    moves.iter().map(|mv| move_object(py, mv.clone())).collect()
}

/// A decision in a game: discard, lay, go, count (muggins) or claim (muggins).
/// Moves are values: equal moves compare and hash alike.
///
/// Examples
/// --------
/// >>> from cribbage_fast import Move
/// >>> Move.lay('5H').to_dict()
/// {'move': 'lay', 'card': '5H'}
#[pyclass(
    name = "Move",
    module = "cribbage_fast._core",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    /// Give cards to the crib (2 with 2 players, else 1).
    ///
    /// Parameters
    /// ----------
    /// cards : Card, str or iterable of them
    ///     The cards, e.g. ``"5H 6D"``.
    ///
    /// Returns
    /// -------
    /// Move
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Unknown card text or a card given twice.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.discard('5H 6D').cards
    /// [Card('5H'), Card('6D')]
    #[staticmethod]
    pub(crate) fn discard(cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        // One Card is a discard of one card; text may name one card or several.
        let cards = match cards.cast::<PyCard>() {
            Ok(card) => vec![card.get().0],
            Err(_) => cards_from_py(cards)?,
        };
        crate::ground::card::check_distinct(&cards)?;
        Ok(PyMove(Move::Discard(CardSet::from(&cards[..]).mask())))
    }

    /// Lay a card in the play.
    ///
    /// Parameters
    /// ----------
    /// card : Card or str
    ///
    /// Returns
    /// -------
    /// Move
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Unknown card text.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.lay('JS').card
    /// Card('JS')
    #[staticmethod]
    pub(crate) fn lay(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyMove(Move::Lay(card_from_py(card)?)))
    }

    /// Say go (legal only when no card fits).
    ///
    /// Returns
    /// -------
    /// Move
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.go().kind
    /// 'go'
    #[staticmethod]
    pub(crate) fn go() -> Self {
        PyMove(Move::Go)
    }

    /// Muggins: announce the points of your hand or crib.
    ///
    /// Parameters
    /// ----------
    /// points : int
    ///     0 to 29.
    ///
    /// Returns
    /// -------
    /// Move
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     More than 29 or negative points.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.count(12).points
    /// 12
    #[staticmethod]
    pub(crate) fn count(#[pyo3(from_py_with = points_arg)] points: i64) -> PyResult<Self> {
        Ok(PyMove(Move::Count(show_points(points)?)))
    }

    /// Muggins: claim points the owner of the show missed (0 passes).
    ///
    /// Parameters
    /// ----------
    /// points : int
    ///     0 to 29.
    ///
    /// Returns
    /// -------
    /// Move
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     More than 29 or negative points.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.claim(0).kind
    /// 'claim'
    #[staticmethod]
    pub(crate) fn claim(#[pyo3(from_py_with = points_arg)] points: i64) -> PyResult<Self> {
        Ok(PyMove(Move::Claim(show_points(points)?)))
    }

    /// Rebuilds a move from `to_dict()` output (or a game record's moves).
    ///
    /// Parameters
    /// ----------
    /// d : dict
    ///     A move dict with a ``"move"`` key.
    ///
    /// Returns
    /// -------
    /// Move
    ///
    /// Raises
    /// ------
    /// TypeError
    ///     An unknown move kind.
    /// KeyError
    ///     A key the kind needs is missing.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.from_dict({'move': 'count', 'points': 8}) == Move.count(8)
    /// True
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        move_from_dict(d).map(PyMove)
    }

    /// A JSON-ready dict of the move.
    ///
    /// Returns
    /// -------
    /// dict
    ///     ``move`` and, by kind, ``cards``, ``card`` or ``points``.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Move
    /// >>> Move.discard('5H 6D').to_dict()
    /// {'move': 'discard', 'cards': '5H 6D'}
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        move_dict(py, None, &self.0)
    }

    /// Pickles (and copies) as `Move.from_dict(move.to_dict())`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, (Bound<'py, PyDict>,)> {
        let rebuild = slf.get_type().getattr("from_dict")?;
        Ok((rebuild, (move_dict(slf.py(), None, &slf.get().0)?,)))
    }

    /// "discard", "lay", "go", "count", "claim" or "deal".
    #[getter]
    fn kind(&self) -> &'static str {
        move_kind(&self.0)
    }

    /// The cards of a discard, or the card laid (else empty).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        match &self.0 {
            Move::Discard(mask) => card_objects(py, *mask),
            Move::Lay(card) => Ok(vec![card_object(py, *card)?]),
            _ => Ok(Vec::new()),
        }
    }

    /// The card laid, for a lay (else None).
    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyCard>>> {
        Ok(match self.0 {
            Move::Lay(card) => Some(card_object(py, card)?),
            _ => None,
        })
    }

    /// The points of a count or claim (else None).
    #[getter]
    fn points(&self) -> Option<u8> {
        match self.0 {
            Move::Count(p) | Move::Claim(p) => Some(p),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        match &self.0 {
            Move::Discard(mask) => format!("Move.discard('{}')", mask_text(*mask)),
            Move::Lay(card) => format!("Move.lay('{card}')"),
            Move::Go => "Move.go()".into(),
            Move::Count(p) => format!("Move.count({p})"),
            Move::Claim(p) => format!("Move.claim({p})"),
            Move::Deal(_) => "Move(deal)".into(),
        }
    }
}
