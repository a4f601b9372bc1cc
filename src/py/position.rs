//! `Position` for Python: one seat's view of a game situation (rules in
//! `crate::rules::position`; its one-line text lives in `records.position`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use super::card::{
    card_from_py, card_object, card_objects, cards_from_py, one_card_from_py, PyCard,
};
use super::convert::{int_for_core, num_players_arg, scores_in, seat_arg, target_arg};
use crate::ground::card::CardSet;
use crate::rules::game::{GameConfig, Phase};
use crate::rules::play::PlayMove;
use crate::rules::position::Position;

/// A game situation seen from one seat: the board, the phase, the seat to
/// move, the seat's cards, what it has seen this deal (its discards, the
/// starter, the play with its goes, the count) and, for a study position,
/// the other seat's cards. Not a board position of the win-probability
/// table (`tables.positions`), which is only the scores and the dealer.
///
/// The rules check it when it is made: a deal of the cards the seat has
/// not seen must replay into it. Two players, in the discard or the play.
/// Its one-line text: `cribbage_fast.records.position` (docs/positions.md).
///
/// Parameters
/// ----------
/// phase : str
///     ``"discard"`` or ``"play"``.
/// hand : cards
///     The seat's cards not given to the crib: the 6 dealt (4 once it has
///     discarded) in the discard, the 4 kept (laid or not) in the play.
/// seat : int, default 0
///     Whose view this is.
/// dealer : int, default 0
/// to_move : int, optional
///     The seat to move; `seat` if None.
/// scores : two ints, default (0, 0)
///     Scores now, under the target.
/// discards : cards, default ()
///     What the seat gave to the crib.
/// starter : card, optional
///     Cut once both seats have discarded.
/// play : cards and "go", default ()
///     The play this deal so far, in order.
/// count : int, default 0
///     The running count now.
/// other : cards, optional
///     The other seat's cards (same meaning as `hand`), when known.
/// num_players : int, default 2
/// target : int, default 121
/// muggins : bool, default False
///
/// Raises
/// ------
/// CribbageError
///     An impossible position, naming the field (the card twice, a count
///     over 31, a lay the rules forbid, a score at the target, the wrong
///     number of cards for the phase, ...).
/// TypeError
///     A field of the wrong type.
///
/// Examples
/// --------
/// >>> from cribbage_fast import Position
/// >>> p = Position("play", "5H 5C 6D JS", discards="QH KD", starter="7C",
/// ...              seat=1, dealer=1, to_move=1, play=["10S"], count=10)
/// >>> p.held, p.count
/// ([Card('5C'), Card('5H'), Card('6D'), Card('JS')], 10)
/// >>> Position("play", "5H 5C 6D JS", discards="QH KD", starter="7C", count=40)
/// Traceback (most recent call last):
/// ...
/// cribbage_fast._core.CribbageError: count: the count is at most 31, got 40
#[pyclass(
    name = "Position",
    module = "cribbage_fast._core",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPosition {
    pub(crate) position: Position,
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (phase, hand, *, seat = 0, dealer = None, to_move = None, scores = None, discards = None, starter = None, play = None, count = None, other = None, num_players = 2, target = 121, muggins = false))]
    #[allow(clippy::too_many_arguments)] // the position's fields
    fn py_new(
        py: Python<'_>,
        phase: &Bound<'_, PyAny>,
        hand: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = seat_arg)] seat: i64,
        dealer: Option<&Bound<'_, PyAny>>,
        to_move: Option<&Bound<'_, PyAny>>,
        scores: Option<&Bound<'_, PyAny>>,
        discards: Option<&Bound<'_, PyAny>>,
        starter: Option<&Bound<'_, PyAny>>,
        play: Option<&Bound<'_, PyAny>>,
        count: Option<&Bound<'_, PyAny>>,
        other: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = num_players_arg)] num_players: i64,
        #[pyo3(from_py_with = target_arg)] target: i64,
        muggins: bool,
    ) -> PyResult<Self> {
        let config = GameConfig::new(num_players, target, muggins)
            .map_err(|e| crate::ground::error::Error::Invalid(format!("game: {e}")))?;
        let seat = small(seat, "seat")?;
        let dealer = opt_seat(dealer, "dealer")?.unwrap_or(0);
        let to_move = opt_seat(to_move, "to move")?.unwrap_or(seat);
        let scores = match scores.filter(|s| !s.is_none()) {
            Some(s) => scores_in::<u16>(s)
                .map_err(|e| field_error(py, "scores", e))?
                .unwrap_or_default(),
            None => vec![0; config.sides()],
        };
        let position = Position {
            config,
            seat,
            dealer,
            scores,
            phase: phase_from_py(phase)?,
            to_move,
            hand: card_set(py, hand, "hand")?,
            discards: discards.map_or(Ok(CardSet::EMPTY), |d| card_set(py, d, "discards"))?,
            starter: match starter.filter(|s| !s.is_none()) {
                Some(s) => Some(
                    one_card_from_py(s, "starter").map_err(|e| field_error(py, "starter", e))?,
                ),
                None => None,
            },
            play: play.map_or(Ok(Vec::new()), |p| play_from_py(py, p))?,
            count: given(count)
                .map(|c| int_for_core::<u8>(c, "count"))
                .transpose()?
                .unwrap_or(0),
            other: given(other).map(|o| card_set(py, o, "other")).transpose()?,
        };
        py.detach(|| position.check())?;
        Ok(PyPosition { position })
    }

    #[getter]
    fn num_players(&self) -> u8 {
        self.position.config.players
    }

    #[getter]
    fn target(&self) -> u16 {
        self.position.config.target
    }

    #[getter]
    fn muggins(&self) -> bool {
        self.position.config.muggins
    }

    /// Whose view this is.
    #[getter]
    fn seat(&self) -> usize {
        self.position.seat
    }

    #[getter]
    fn dealer(&self) -> usize {
        self.position.dealer
    }

    #[getter]
    fn to_move(&self) -> usize {
        self.position.to_move
    }

    /// Scores now, per seat.
    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.position.scores.clone()
    }

    /// ``"discard"`` or ``"play"``.
    #[getter]
    fn phase(&self) -> &'static str {
        self.position.phase.name()
    }

    /// The seat's cards not given to the crib (laid or not).
    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.position.hand.mask())
    }

    /// The seat's cards not yet laid.
    #[getter]
    fn held<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        let mut held = self.position.hand;
        for mv in &self.position.play {
            if let PlayMove::Lay(card) = mv {
                held.remove(*card);
            }
        }
        card_objects(py, held.mask())
    }

    #[getter]
    fn discards<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.position.discards.mask())
    }

    #[getter]
    fn starter<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyCard>>> {
        self.position
            .starter
            .map(|c| card_object(py, c))
            .transpose()
    }

    /// The play this deal in order: a `Card` per lay, ``"go"`` per go.
    #[getter]
    fn play<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for mv in &self.position.play {
            match mv {
                PlayMove::Lay(card) => list.append(card_object(py, *card)?)?,
                PlayMove::Go => list.append("go")?,
            }
        }
        Ok(list)
    }

    #[getter]
    fn count(&self) -> u8 {
        self.position.count
    }

    /// The other seat's cards when known (a study position), else None.
    #[getter]
    fn other<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyCard>>>> {
        self.position
            .other
            .map(|o| card_objects(py, o.mask()))
            .transpose()
    }

    fn __repr__(&self) -> String {
        let p = &self.position;
        let cards =
            |set: CardSet| format!("{:?}", crate::ground::card::format_cards(&set.to_vec()));
        let play: Vec<String> = p.play.iter().map(ToString::to_string).collect();
        let mut text = format!(
            "Position({:?}, {}, seat={}, dealer={}, to_move={}, scores={:?}, discards={}",
            p.phase.name(),
            cards(p.hand),
            p.seat,
            p.dealer,
            p.to_move,
            p.scores,
            cards(p.discards),
        );
        if let Some(card) = p.starter {
            text += &format!(", starter={:?}", card.to_string());
        }
        if !play.is_empty() {
            text += &format!(", play={play:?}, count={}", p.count);
        }
        if let Some(other) = p.other {
            text += &format!(", other={}", cards(other));
        }
        if p.config.target != 121 {
            text += &format!(", target={}", p.config.target);
        }
        text + ")"
    }
}

impl PyPosition {
    /// A game in this position (see `Game.from_position`).
    pub(crate) fn to_game(
        &self,
        py: Python<'_>,
        seed: Option<u64>,
    ) -> PyResult<crate::rules::game::Game> {
        let seed = seed.unwrap_or_else(super::convert::fresh_seed);
        Ok(py.detach(|| self.position.to_game(seed))?)
    }
}

/// An argument that is given and not None.
fn given<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|o| !o.is_none())
}

/// An optional seat argument (None: the default).
fn opt_seat(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<usize>> {
    given(obj)
        .map(|o| small(int_for_core::<i64>(o, name)?, name))
        .transpose()
}

/// A seat number small enough for the core to check.
fn small(value: i64, name: &str) -> PyResult<usize> {
    usize::try_from(value)
        .ok()
        .filter(|&v| v < 64)
        .ok_or_else(|| {
            super::errors::CribbageError::new_err(format!("{name}: a seat is 0 or 1, got {value}"))
        })
}

/// `err` with the field's name in front, of the same exception type.
fn field_error(py: Python<'_>, field: &str, err: PyErr) -> PyErr {
    let message = format!("{field}: {}", err.value(py));
    PyErr::from_type(err.get_type(py), message)
}

fn card_set(py: Python<'_>, obj: &Bound<'_, PyAny>, field: &str) -> PyResult<CardSet> {
    let cards = cards_from_py(obj).map_err(|e| field_error(py, field, e))?;
    crate::ground::card::check_distinct(&cards).map_err(|e| field_error(py, field, e.into()))?;
    Ok(cards.into_iter().collect())
}

fn phase_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Phase> {
    let Ok(text) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err("phase: expected 'discard' or 'play'"));
    };
    let text = text.to_cow()?;
    match text.as_ref() {
        "discard" => Ok(Phase::Discard),
        "play" => Ok(Phase::Play),
        _ => Err(super::errors::CribbageError::new_err(format!(
            "phase: expected 'discard' or 'play', got {text:?}"
        ))),
    }
}

fn play_from_py(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Vec<PlayMove>> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return text
            .split_whitespace()
            .enumerate()
            .map(|(i, word)| play_word(word, i))
            .collect();
    }
    let iter = obj
        .try_iter()
        .map_err(|_| PyTypeError::new_err("play: expected a list of cards and 'go'"))?;
    let mut moves = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            moves.push(play_word(&text.to_cow()?, i)?);
        } else {
            let card = card_from_py(&item)
                .map_err(|e| field_error(py, &format!("play, step {}", i + 1), e))?;
            moves.push(PlayMove::Lay(card));
        }
    }
    Ok(moves)
}

fn play_word(word: &str, i: usize) -> PyResult<PlayMove> {
    if word.eq_ignore_ascii_case("go") {
        return Ok(PlayMove::Go);
    }
    crate::ground::card::Card::parse(word)
        .map(PlayMove::Lay)
        .map_err(|e| super::errors::CribbageError::new_err(format!("play, step {}: {e}", i + 1)))
}
