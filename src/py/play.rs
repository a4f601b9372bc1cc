//! The play for Python: `score_play`, `explain_play` and the `Pegging` engine
//! (docs/rules.md, "The play"). The rules live in `crate::rules::play`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use super::card::{card_from_py, card_repr, card_tuple, cards_from_py, cards_repr, PyCard};
use super::convert::{int_value, picture, Reduce};
use crate::ground::card::{format_cards, Card};
use crate::rules::play::{self, EventKind, Pegging, PlayEvent, PlayItem, PlayKind, PlayMove};

/// The kind of a saved play item from its name (`PlayKind::name`); a run's
/// length is its points.
fn play_kind(name: &str, points: u8) -> PyResult<PlayKind> {
    Ok(match name {
        "fifteen" => PlayKind::Fifteen,
        "thirty_one" => PlayKind::ThirtyOne,
        "pair" => PlayKind::Pair(2),
        "pair_royal" => PlayKind::Pair(3),
        "double_pair_royal" => PlayKind::Pair(4),
        "run" => PlayKind::Run(points),
        "go" => PlayKind::Go,
        "last_card" => PlayKind::LastCard,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown play item kind {name:?}"
            )))
        }
    })
}

fn event_kind(name: &str) -> PyResult<EventKind> {
    [
        EventKind::Lay,
        EventKind::Go,
        EventKind::GoPoint,
        EventKind::LastCard,
    ]
    .into_iter()
    .find(|k| k.name() == name)
    .ok_or_else(|| PyValueError::new_err(format!("unknown play event kind {name:?}")))
}

/// A play item as saved by pickle: (kind name, points).
type ItemState = (String, u8);

/// A play event as saved by pickle: (seat, kind, card text, count, items).
type EventState = (u8, &'static str, Option<String>, u8, Vec<ItemState>);

fn item_state(item: &PlayItem) -> ItemState {
    (item.kind.name().to_string(), item.points)
}

fn item_from_state((kind, points): &ItemState) -> PyResult<PlayItem> {
    Ok(PlayItem {
        kind: play_kind(kind, *points)?,
        points: *points,
    })
}

/// One reason for points in the play, e.g. "a run of 3 for 3".
#[pyclass(
    name = "PlayItem",
    module = "cribbage_fast._core",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPlayItem(PlayItem);

#[pymethods]
impl PyPlayItem {
    /// "fifteen", "thirty_one", "pair", "pair_royal", "double_pair_royal",
    /// "run", "go" or "last_card".
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    #[getter]
    fn points(&self) -> u8 {
        self.0.points
    }

    fn __str__(&self) -> String {
        self.0.describe()
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayItem(kind='{}', points={})",
            self.0.kind.name(),
            self.0.points
        )
    }

    /// Rebuilds an item saved by pickle (`copy` and `pickle` use this).
    #[classmethod]
    fn _from_state(_cls: &Bound<'_, PyType>, kind: String, points: u8) -> PyResult<Self> {
        item_from_state(&(kind, points)).map(PyPlayItem)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, ItemState> {
        let restore = slf.get_type().getattr("_from_state")?;
        Ok((restore, item_state(&slf.get().0)))
    }
}

fn item_tuple<'py>(py: Python<'py>, items: &[PlayItem]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, items.iter().map(|&i| PyPlayItem(i)))
}

fn spoken(items: &[PlayItem]) -> String {
    if items.is_empty() {
        return "no points".to_string();
    }
    items
        .iter()
        .map(PlayItem::describe)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the last card of a pile scores, itemised.
#[pyclass(
    name = "PlayBreakdown",
    module = "cribbage_fast._core",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPlayBreakdown {
    pile: Vec<Card>,
    items: play::PlayItems,
}

#[pymethods]
impl PyPlayBreakdown {
    #[getter]
    fn total(&self) -> u8 {
        self.items.total()
    }

    #[getter]
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        item_tuple(py, &self.items)
    }

    /// The running count after the last card.
    #[getter]
    fn count(&self) -> u32 {
        play::count_of(&self.pile)
    }

    #[getter]
    fn pile<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, self.pile.iter().copied())
    }

    /// A plain dict for JSON.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("pile", format_cards(&self.pile))?;
        d.set_item("count", play::count_of(&self.pile))?;
        d.set_item("total", self.items.total())?;
        let items: Vec<Bound<'py, PyDict>> = self
            .items
            .iter()
            .map(|item| {
                let i = PyDict::new(py);
                i.set_item("kind", item.kind.name())?;
                i.set_item("points", item.points)?;
                i.set_item("text", item.describe())?;
                Ok(i)
            })
            .collect::<PyResult<_>>()?;
        d.set_item("items", items)?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.items.len()
    }

    fn __str__(&self) -> String {
        spoken(&self.items)
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayBreakdown(pile={}, count={}, total={})",
            cards_repr(&self.pile, false),
            play::count_of(&self.pile),
            self.items.total()
        )
    }

    /// Pickles (and copies) as `explain_play(pile)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduce<'py, (String,)> {
        let explain = py.import("cribbage_fast")?.getattr("explain_play")?;
        Ok((explain, (format_cards(&self.pile),)))
    }
}

fn pile_from_py(pile: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    let pile = cards_from_py(pile)?;
    play::validate_pile(&pile)?;
    Ok(pile)
}

/// Points for the last card of `pile` (the cards laid since the count last
/// reset, in order).
///
/// Parameters
/// ----------
/// pile : str or iterable of Card or str
///     At least one card, distinct, counting at most 31.
///
/// Returns
/// -------
/// int
///     Points for fifteen or thirty-one, pairs and runs made by the last card.
///
/// Raises
/// ------
/// ValueError
///     An empty pile, a repeated card, a count past 31 or unknown card text.
/// TypeError
///     Not cards.
///
/// Examples
/// --------
/// >>> from cribbage_fast import score_play
/// >>> score_play("4S 6H 5D")
/// 5
#[pyfunction]
pub fn score_play(pile: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(play::score_play(&pile_from_py(pile)?))
}

/// The points of the last card of `pile`, itemised.
///
/// Parameters
/// ----------
/// pile
///     As for ``score_play``.
///
/// Returns
/// -------
/// PlayBreakdown
///     The total, the count and each item.
///
/// Raises
/// ------
/// ValueError, TypeError
///     As for ``score_play``.
///
/// Examples
/// --------
/// >>> from cribbage_fast import explain_play
/// >>> str(explain_play("5S 10H"))
/// 'fifteen for 2'
#[pyfunction]
pub fn explain_play(pile: &Bound<'_, PyAny>) -> PyResult<PyPlayBreakdown> {
    let pile = pile_from_py(pile)?;
    let items = play::play_items(&pile);
    Ok(PyPlayBreakdown { pile, items })
}

/// One entry of a play's log.
#[pyclass(
    name = "PlayEvent",
    module = "cribbage_fast._core",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlayEvent(PlayEvent);

#[pymethods]
impl PyPlayEvent {
    #[getter]
    fn seat(&self) -> u8 {
        self.0.seat
    }

    /// "lay", "go", "go_point" or "last_card".
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    #[getter]
    fn card(&self) -> Option<PyCard> {
        self.0.card.map(PyCard)
    }

    #[getter]
    fn count(&self) -> u8 {
        self.0.count
    }

    #[getter]
    fn points(&self) -> u8 {
        self.0.points()
    }

    #[getter]
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        item_tuple(py, &self.0.items)
    }

    /// Each item as words, e.g. ("fifteen for 2", "a run of 3 for 3").
    #[getter]
    fn reasons<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.items.iter().map(PlayItem::describe))
    }

    /// A plain dict for JSON: seat, kind, card text or None, count, points,
    /// reasons.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        fill_play_event(&d, &self.0)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let card = self.0.card.map_or_else(|| "None".to_string(), card_repr);
        let reasons: Vec<String> = self
            .0
            .items
            .iter()
            .map(|i| format!("'{}'", i.describe()))
            .collect();
        let reasons = match reasons.len() {
            1 => format!("({},)", reasons[0]),
            _ => format!("({})", reasons.join(", ")),
        };
        format!(
            "PlayEvent(seat={}, kind='{}', card={card}, count={}, points={}, reasons={reasons})",
            self.0.seat,
            self.0.kind.name(),
            self.0.count,
            self.0.points()
        )
    }

    /// Rebuilds an event saved by pickle (`copy` and `pickle` use this).
    #[classmethod]
    fn _from_state(
        _cls: &Bound<'_, PyType>,
        seat: u8,
        kind: String,
        card: Option<&Bound<'_, PyAny>>,
        count: u8,
        items: Vec<ItemState>,
    ) -> PyResult<Self> {
        let items = items
            .iter()
            .map(item_from_state)
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyPlayEvent(PlayEvent {
            seat,
            kind: event_kind(&kind)?,
            card: card.map(card_from_py).transpose()?,
            count,
            items: items.into_iter().collect(),
        }))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, EventState> {
        let e = slf.get().0;
        let state = (
            e.seat,
            e.kind.name(),
            e.card.map(|c| c.to_string()),
            e.count,
            e.items.iter().map(item_state).collect(),
        );
        Ok((slf.get_type().getattr("_from_state")?, state))
    }
}

fn event_tuple<'py>(py: Python<'py>, events: &[PlayEvent]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, events.iter().map(|&e| PyPlayEvent(e)))
}

fn move_from_py(obj: &Bound<'_, PyAny>) -> PyResult<PlayMove> {
    if let Ok(text) = obj.cast::<PyString>() {
        if text.to_cow()?.trim().eq_ignore_ascii_case("go") {
            return Ok(PlayMove::Go);
        }
    }
    Ok(PlayMove::Lay(card_from_py(obj)?))
}

/// One play phase (pegging) for 2, 3 or 4 seats.
#[pyclass(
    name = "Pegging",
    module = "cribbage_fast._core",
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPegging(Pegging);

/// Plays `moves` from the start of a play; the first illegal move fails.
fn replay(hands: &[Vec<Card>], leader: usize, moves: &[PlayMove]) -> crate::Result<Pegging> {
    let mut play = Pegging::new(hands, leader)?;
    for &mv in moves {
        play.apply(mv)?;
    }
    Ok(play)
}

impl PyPegging {
    /// The starting hands, the leader and the moves that rebuild this play:
    /// laid cards go back to the hands that laid them, and the leader is the
    /// first seat whose replay gives exactly this state.
    fn history(&self) -> (Vec<Vec<Card>>, usize, Vec<PlayMove>) {
        let seats = self.0.seats();
        let mut hands: Vec<Vec<Card>> = (0..seats).map(|s| self.0.hand(s).collect()).collect();
        let mut moves = Vec::new();
        for event in self.0.events() {
            match (event.kind, event.card) {
                (EventKind::Lay, Some(card)) => {
                    hands[usize::from(event.seat)].push(card);
                    moves.push(PlayMove::Lay(card));
                }
                (EventKind::Go, _) => moves.push(PlayMove::Go),
                _ => {}
            }
        }
        let leader = (0..seats)
            .find(|&l| replay(&hands, l, &moves).is_ok_and(|p| p == self.0))
            .unwrap_or(0);
        (hands, leader, moves)
    }

    /// Applies a move and returns the events it produced.
    fn apply<'py>(&mut self, py: Python<'py>, mv: PlayMove) -> PyResult<Bound<'py, PyTuple>> {
        let before = self.0.events().len();
        self.0.apply(mv)?;
        event_tuple(py, &self.0.events()[before..])
    }
}

#[pymethods]
impl PyPegging {
    #[new]
    #[pyo3(signature = (hands, leader = None), text_signature = "(hands, leader=0)")]
    fn py_new(hands: &Bound<'_, PyAny>, leader: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        if hands.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "hands must be one hand per seat, e.g. ['5H 6D 7C 8S', 'KS QD 2C 3H'], not one string",
            ));
        }
        let iter = hands.try_iter().map_err(|_| {
            PyTypeError::new_err("hands must be a list with one hand of cards per seat")
        })?;
        let hands: Vec<Vec<Card>> = iter
            .enumerate()
            .map(|(seat, hand)| {
                cards_from_py(&hand?).map_err(|err| {
                    let kind = err.get_type(hands.py());
                    PyErr::from_type(kind, format!("seat {seat}: {}", err.value(hands.py())))
                })
            })
            .collect::<PyResult<_>>()?;
        // The core names the seats in its error; a value past usize is just
        // as far out of range.
        let leader = match leader {
            Some(obj) => int_value::<usize>(obj, "leader")?.ok_or_else(|| {
                let last = hands.len().max(1) - 1;
                PyValueError::new_err(format!("leader must be a seat 0..{last}, got {obj}"))
            })?,
            None => 0,
        };
        Ok(PyPegging(Pegging::new(&hands, leader)?))
    }

    /// Number of seats (2, 3 or 4).
    #[getter]
    fn seats(&self) -> usize {
        self.0.seats()
    }

    /// The seat whose turn it is, or None once the play is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.0.to_move()
    }

    #[getter]
    fn count(&self) -> u8 {
        self.0.count()
    }

    /// Cards laid since the count last reset, in order.
    #[getter]
    fn pile<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, self.0.pile().iter().copied())
    }

    /// The cards each seat still holds, in card index order.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let hands = (0..self.0.seats())
            .map(|seat| card_tuple(py, self.0.hand(seat)))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, hands)
    }

    /// Points pegged so far, per seat.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.points())
    }

    /// Seats that said go in the current count.
    #[getter]
    fn said_go<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let seats: Vec<usize> = (0..self.0.seats()).filter(|&s| self.0.said_go(s)).collect();
        PyTuple::new(py, seats)
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// Every event so far, in order.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        event_tuple(py, self.0.events())
    }

    /// The cards the seat to move may lay (index order), or ["go"] when none
    /// fits; [] once the play is over.
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.0
            .legal_moves()
            .iter()
            .map(|mv| match mv {
                PlayMove::Lay(card) => Ok(Py::new(py, PyCard(*card))?.into_any()),
                PlayMove::Go => Ok(PyString::new(py, "go").into_any().unbind()),
            })
            .collect()
    }

    /// Lays `card` for the seat to move; returns the events it produced.
    fn lay<'py>(
        &mut self,
        py: Python<'py>,
        card: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let card = card_from_py(card)?;
        self.apply(py, PlayMove::Lay(card))
    }

    /// Says go for the seat to move; returns the events it produced.
    fn go<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.apply(py, PlayMove::Go)
    }

    /// Plays a move: a card (or card text) or "go".
    #[pyo3(name = "play")]
    fn play_move<'py>(
        &mut self,
        py: Python<'py>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mv = move_from_py(r#move)?;
        self.apply(py, mv)
    }

    /// An independent copy.
    fn clone(&self) -> Self {
        PyPegging(self.0.clone())
    }

    fn __copy__(&self) -> Self {
        PyPegging(self.0.clone())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyPegging(self.0.clone())
    }

    /// Pickle support: the starting hands and the leader (see `__getstate__`).
    fn __getnewargs__(&self) -> (Vec<String>, usize) {
        let (hands, leader, _) = self.history();
        (hands.iter().map(|h| format_cards(h)).collect(), leader)
    }

    /// Pickle support: the moves played so far, as card text or "go".
    fn __getstate__(&self) -> Vec<String> {
        let (_, _, moves) = self.history();
        moves.iter().map(PlayMove::to_string).collect()
    }

    /// Pickle support: plays `state` (moves from `__getstate__`) on this
    /// play, all or nothing: on an illegal move the play is unchanged.
    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut play = self.0.clone();
        for (i, mv) in state.try_iter()?.enumerate() {
            let mv = move_from_py(&mv?)?;
            play.apply(mv).map_err(|err| {
                PyValueError::new_err(format!("move {i} of the saved play: {err}"))
            })?;
        }
        self.0 = play;
        Ok(())
    }

    fn __repr__(&self) -> String {
        let to_move = self
            .0
            .to_move()
            .map_or_else(|| "None".to_string(), |s| s.to_string());
        let points: Vec<String> = self.0.points().iter().map(u16::to_string).collect();
        format!(
            "Pegging(seats={}, to_move={to_move}, count={}, pile={}, points=({}))",
            self.0.seats(),
            self.0.count(),
            cards_repr(self.0.pile(), false),
            points.join(", ")
        )
    }

    /// The hands, the pile, the count and the goes as an SVG picture
    /// (Jupyter shows it), `cribbage_fast.svg.pegging`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "pegging")
    }
}

/// Plays `phases` random 4-card play phases for `seats` seats entirely in
/// Rust (no event log) and returns the total points pegged. For benchmarks.
#[pyfunction]
#[pyo3(signature = (phases, seats = 2, seed = 0))]
pub fn _random_play_phases(py: Python<'_>, phases: u64, seats: usize, seed: u64) -> PyResult<u64> {
    Ok(py.detach(|| play::random_play_phases(phases, seats, seed))?)
}

/// Fills `d` with a play event: seat, kind, card text or None, count, points,
/// reasons. The one builder for `PlayEvent.to_dict` and the game's "peg" events.
pub(super) fn fill_play_event(d: &Bound<'_, PyDict>, e: &PlayEvent) -> PyResult<()> {
    d.set_item("seat", e.seat)?;
    d.set_item("kind", e.kind.name())?;
    d.set_item("card", e.card.map(|c| c.to_string()))?;
    d.set_item("count", e.count)?;
    d.set_item("points", e.points())?;
    let reasons: Vec<String> = e.items.iter().map(PlayItem::describe).collect();
    d.set_item("reasons", reasons)
}
