//! The show for Python: `score_hand`, `explain_hand`, `his_heels`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use super::card::{card_repr, card_tuple, cards_from_py, cards_repr, one_card_from_py, PyCard};
use super::convert::{crib_flag, picture, Reduce};
use super::errors::CribbageError;
use crate::ground::card::format_cards;
use crate::rules::show::{self, Breakdown, Show, ShowItem, ShowKind};

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
            "ShowItem(kind='{}', cards={}, points={})",
            self.0.kind.name(),
            cards_repr(&self.0.cards, false),
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

    /// Rebuilds an item saved by pickle (`copy` and `pickle` use this).
    #[classmethod]
    fn _from_state(
        _cls: &Bound<'_, PyType>,
        kind: &str,
        cards: &Bound<'_, PyAny>,
        points: u8,
    ) -> PyResult<Self> {
        let kind = ShowKind::ALL
            .into_iter()
            .find(|k| k.name() == kind)
            .ok_or_else(|| PyValueError::new_err(format!("unknown show item kind {kind:?}")))?;
        let cards = cards_from_py(cards)?;
        Ok(PyShowItem(ShowItem {
            kind,
            cards,
            points,
        }))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, (&'static str, String, u8)> {
        let item = &slf.get().0;
        let state = (item.kind.name(), format_cards(&item.cards), item.points);
        Ok((slf.get_type().getattr("_from_state")?, state))
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
            "HandBreakdown(hand={}, starter={}, crib={}, total={})",
            cards_repr(&self.0.show.hand, false),
            card_repr(self.0.show.starter),
            if self.0.show.crib { "True" } else { "False" },
            self.0.total()
        )
    }

    /// The hand, the starter and the points as an SVG picture (Jupyter shows
    /// it), `cribbage_fast.svg.breakdown`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "breakdown")
    }

    /// Pickles (and copies) as `explain_hand(hand, starter, crib)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduce<'py, (String, String, bool)> {
        let explain = py.import("cribbage_fast")?.getattr("explain_hand")?;
        let show = &self.0.show;
        let args = (
            format_cards(&show.hand),
            show.starter.to_string(),
            show.crib,
        );
        Ok((explain, args))
    }
}

/// The show of `hand` with `starter`; without a starter (None), `hand` holds
/// all five cards, the starter last (docs/cards.md).
fn show_from_py(
    hand: &Bound<'_, PyAny>,
    starter: Option<&Bound<'_, PyAny>>,
    crib: bool,
) -> PyResult<Show> {
    let mut hand = cards_from_py(hand)?;
    let n = hand.len();
    let starter = match starter.filter(|s| !s.is_none()) {
        Some(_) if n == 5 => {
            return Err(CribbageError::new_err(
                "hand holds 5 cards and a starter is given: give the 4 hand cards with \
                 the starter, or all 5 cards (the starter last) without it",
            ))
        }
        Some(starter) => one_card_from_py(starter, "starter")?,
        None => match hand.pop() {
            Some(last) if n == 5 => last,
            _ => {
                return Err(CribbageError::new_err(format!(
                    "without a starter, hand must hold 5 cards, the starter last \
                     (e.g. \"5H 5D 5C JS 5S\"), got {n}"
                )))
            }
        },
    };
    Ok(Show::new(&hand, starter, crib)?)
}

/// The show total of a 4-card hand (or crib) with the starter.
///
/// Parameters
/// ----------
/// hand : str or iterable of Card or str
///     Four cards, e.g. ``"5H 5D 5C JS"``; or, without `starter`, all five
///     cards with the starter last, e.g. ``"5H 5D 5C JS 5S"``.
/// starter : Card or str or None, default None
///     The one starter card; None when `hand` holds it (last).
/// crib : bool, default False
///     Score as a crib (a flush needs all five cards of one suit).
///
/// Returns
/// -------
/// int
///     Points 0..29: fifteens, pairs, runs, flush and nobs.
///
/// Raises
/// ------
/// ValueError
///     Unknown card text, a repeated card, not four hand cards with a
///     starter (five without), or several starter cards.
/// TypeError
///     Not cards, or ``crib`` not True or False.
///
/// Examples
/// --------
/// >>> from cribbage_fast import score_hand
/// >>> score_hand("5H 5D 5C JS", "5S")
/// 29
/// >>> score_hand("5H 5D 5C JS 5S")  # the starter last
/// 29
#[pyfunction]
#[pyo3(signature = (hand, starter = None, crib = false))]
pub fn score_hand(
    hand: &Bound<'_, PyAny>,
    starter: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crib_flag)] crib: bool,
) -> PyResult<u8> {
    Ok(show_from_py(hand, starter, crib)?.score())
}

/// Every scoring combination of a show, with the spoken count as `str()`.
///
/// Parameters
/// ----------
/// hand, starter, crib
///     As for ``score_hand`` (five cards and no starter: the starter last).
///
/// Returns
/// -------
/// HandBreakdown
///     The total, the points per kind and each combination.
///
/// Raises
/// ------
/// ValueError, TypeError
///     As for ``score_hand``.
///
/// Examples
/// --------
/// >>> from cribbage_fast import explain_hand
/// >>> b = explain_hand("4S 5H 5D 6C", "KS")
/// >>> b.total, b.fifteens, b.pairs, b.runs
/// (16, 8, 2, 6)
/// >>> explain_hand("4S 5H 5D 6C KS").starter
/// Card('KS')
#[pyfunction]
#[pyo3(signature = (hand, starter = None, crib = false))]
pub fn explain_hand(
    hand: &Bound<'_, PyAny>,
    starter: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crib_flag)] crib: bool,
) -> PyResult<PyHandBreakdown> {
    Ok(PyHandBreakdown(show::explain_hand(show_from_py(
        hand, starter, crib,
    )?)))
}

/// 2 if the starter is a jack (the dealer's "his heels"), else 0.
///
/// Parameters
/// ----------
/// starter : Card or str
///     The one starter card.
///
/// Returns
/// -------
/// int
///     2 for a jack, else 0.
///
/// Raises
/// ------
/// ValueError
///     Unknown card text or several cards.
/// TypeError
///     Not a card.
///
/// Examples
/// --------
/// >>> from cribbage_fast import his_heels
/// >>> his_heels("JD"), his_heels("5S")
/// (2, 0)
#[pyfunction]
pub fn his_heels(starter: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(show::his_heels(one_card_from_py(starter, "starter")?))
}

/// Cards from text such as "5H 5D 5C JS" (or a list of cards / card text).
///
/// Parameters
/// ----------
/// cards : str or iterable of Card or str
///     Space-separated card text, or cards.
///
/// Returns
/// -------
/// list of Card
///
/// Raises
/// ------
/// ValueError
///     Unknown card text.
/// TypeError
///     Neither text nor an iterable of cards.
///
/// Examples
/// --------
/// >>> from cribbage_fast import cards
/// >>> cards("5H 10s")
/// [Card('5H'), Card('10S')]
#[pyfunction]
pub fn cards(cards: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    Ok(cards_from_py(cards)?.into_iter().map(PyCard).collect())
}
