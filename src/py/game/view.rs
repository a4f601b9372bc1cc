//! What a seat sees, for Python: `PlayerView` (a frozen wrapper of the core's
//! `Observation`) and the one place that asks a Python player for a move.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::moves::{move_objects, PyMove};
use crate::py::card::{card_from_py, card_object, card_objects, cards_repr, PyCard};
use crate::py::convert::show_points;
use crate::rules::game::{Game, Move, Phase};
use crate::rules::observe::Observation;
use crate::rules::play::mask_cards;

/// What one seat may know: its own cards, the table, the scores, and its
/// legal moves when it is to move. Never the other hands or the crib before
/// the show. A frozen snapshot: fields become Python objects when read.
///
/// Examples
/// --------
/// >>> from cribbage_fast import Game
/// >>> view = Game(2, seed=1).view(0)
/// >>> view.phase, len(view.hand), len(view.legal_moves)
/// ('discard', 6, 15)
#[pyclass(name = "PlayerView", module = "cribbage_fast._core", frozen)]
pub struct PyPlayerView {
    pub(crate) obs: Observation,
    legal: Vec<Move>,
}

impl PyPlayerView {
    /// The view of `seat`, with its legal moves if it is to move.
    pub(crate) fn new(game: &Game, seat: usize) -> PyPlayerView {
        let legal = if game.to_move() == Some(seat) {
            game.legal_moves()
        } else {
            Vec::new()
        };
        PyPlayerView {
            obs: Observation::from_game(game, seat),
            legal,
        }
    }
}

#[pymethods]
impl PyPlayerView {
    /// The seat this view belongs to.
    #[getter]
    fn seat(&self) -> usize {
        self.obs.seat
    }

    /// Players at the table (2, 3 or 4).
    #[getter]
    fn num_players(&self) -> u8 {
        self.obs.config.players
    }

    /// "discard", "play", "count", "claim" or "over".
    #[getter]
    fn phase(&self) -> &'static str {
        self.obs.phase.name()
    }

    /// The dealer's seat.
    #[getter]
    fn dealer(&self) -> usize {
        self.obs.dealer
    }

    /// Whether this seat deals (owns the crib).
    #[getter]
    fn is_dealer(&self) -> bool {
        self.obs.dealer == self.obs.seat
    }

    /// Cards held now (during the play, those not yet laid).
    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.obs.hand.mask())
    }

    /// Cards kept for the show (before discarding: every card dealt).
    #[getter]
    fn kept<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.obs.kept.mask())
    }

    /// What this seat gave to the crib.
    #[getter]
    fn discards<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.obs.discards.mask())
    }

    /// The starter, once cut.
    #[getter]
    fn starter<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyCard>>> {
        self.obs.starter.map(|c| card_object(py, c)).transpose()
    }

    /// The running count of the play.
    #[getter]
    fn count(&self) -> u8 {
        self.obs.count
    }

    /// Cards laid since the count last reset.
    #[getter]
    fn pile<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        self.obs
            .pile()
            .iter()
            .map(|&c| card_object(py, c))
            .collect()
    }

    /// Every card laid this deal, as (seat, card).
    #[getter]
    fn laid<'py>(&self, py: Python<'py>) -> PyResult<Vec<(u8, Bound<'py, PyCard>)>> {
        self.obs
            .laid_order()
            .iter()
            .map(|&(s, c)| Ok((s, card_object(py, c)?)))
            .collect()
    }

    /// Scores per side (per team with 4 players).
    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.obs.side_scores().to_vec()
    }

    /// This seat's side in `scores`.
    #[getter]
    fn side(&self) -> usize {
        self.obs.side()
    }

    /// The points that win the game.
    #[getter]
    fn target(&self) -> u16 {
        self.obs.config.target
    }

    /// During count and claim: the seat whose hand (or crib) is shown.
    #[getter]
    fn show_owner(&self) -> Option<usize> {
        self.obs.show_owner
    }

    /// During count and claim: whether the crib is shown.
    #[getter]
    fn show_is_crib(&self) -> bool {
        self.obs.show_is_crib
    }

    /// During the muggins count and claim: the cards being shown.
    #[getter]
    fn show_cards<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.obs.show_cards.mask())
    }

    /// During count and claim: what the show is worth (0 otherwise).
    #[getter]
    fn show_value(&self) -> u8 {
        self.obs.show_value()
    }

    /// During a muggins claim: what the owner announced.
    #[getter]
    fn announced(&self) -> Option<u8> {
        self.obs.announced()
    }

    /// During a muggins claim: the points the owner missed (0 otherwise).
    #[getter]
    fn claimable(&self) -> u8 {
        self.obs.claimable
    }

    /// Cards this seat has not seen (other hands, the crib, the stock).
    #[getter]
    fn unseen<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.obs.unseen().mask())
    }

    /// The legal moves if this seat is to move, else empty.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyMove>>> {
        move_objects(py, &self.legal)
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayerView(seat={}, phase='{}', hand={}, count={}, scores={:?})",
            self.obs.seat,
            self.obs.phase.name(),
            cards_repr(&mask_cards(self.obs.hand.mask()).collect::<Vec<_>>(), true),
            self.obs.count,
            self.obs.side_scores()
        )
    }

    /// The seat's cards, the play and the board as an SVG picture (Jupyter
    /// shows it), `cribbage_fast.svg.view`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        crate::py::convert::picture(slf.as_any(), "view")
    }
}

/// Refuses an object that lacks the `PlayerProtocol` methods before any turn
/// is asked of it, so a bad player fails with a TypeError, not midway.
pub(crate) fn check_player(player: &Bound<'_, PyAny>, seat: usize) -> PyResult<()> {
    for name in ["discard", "play", "count", "claim"] {
        let method = player.getattr_opt(name).ok().flatten();
        if !method.is_some_and(|m| m.is_callable()) {
            return Err(PyTypeError::new_err(format!(
                "player {seat} ({}) lacks the PlayerProtocol methods discard, play, count and claim",
                player.get_type().name()?
            )));
        }
    }
    Ok(())
}

/// Asks a Python player for the decision of the seat `view` belongs to (the
/// seat to move): the one place that picks `discard`, `play`, `count` or
/// `claim` by the phase and turns the answer into a move.
pub(crate) fn ask_player<'py>(player: &Bound<'py, PyAny>, view: PyPlayerView) -> PyResult<Move> {
    let py = player.py();
    let phase = view.obs.phase;
    let view = Bound::new(py, view)?;
    let answer = |method: &Bound<'py, PyString>| player.call_method1(method, (&view,));
    Ok(match phase {
        Phase::Discard => PyMove::discard(&answer(intern!(py, "discard"))?)?.0,
        Phase::Play => {
            let choice = answer(intern!(py, "play"))?;
            if choice.is_none() {
                Move::Go
            } else {
                Move::Lay(card_from_py(&choice)?)
            }
        }
        Phase::Count => Move::Count(show_points(answer(intern!(py, "count"))?.extract()?)?),
        Phase::Claim => Move::Claim(show_points(answer(intern!(py, "claim"))?.extract()?)?),
        Phase::Over => return Err(PyValueError::new_err("the game is over: no more moves")),
    })
}
