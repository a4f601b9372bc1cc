//! Built-in players and the simulator for Python: `RandomPlayer`,
//! `GreedyPlayer`, `ExpertPlayer`, `simulate` and `SimulationStats` (the
//! strategies and the simulator live in `crate::bots`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use super::convert::{card_from_py, cards_from_py};
use super::game::{make_view, PyPlayerView};
use super::show::PyCard;
use crate::bots::{Bot, BotKind, Observation};
use crate::game::{Game, Move};
use crate::play::mask_cards;
use crate::simulate::Seat;

fn mask_cards_py(mask: u64) -> Vec<PyCard> {
    mask_cards(mask).map(PyCard).collect()
}

/// A seed from the OS's hash randomisation, for unseeded random players.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// The four `PlayerProtocol` answers of a bot for one view.
fn answer(bot: &mut Bot, view: &PyPlayerView, want: &str) -> PyResult<Move> {
    let obs: Observation = view.observation();
    let mv = bot.choose(&obs);
    let ok = matches!(
        (&mv, want),
        (Some(Move::Discard(_)), "discard")
            | (Some(Move::Lay(_) | Move::Go), "play")
            | (Some(Move::Count(_)), "count")
            | (Some(Move::Claim(_)), "claim")
    );
    match mv {
        Some(mv) if ok => Ok(mv),
        _ => Err(PyValueError::new_err(format!(
            "asked to {want} in the {:?} phase of this view",
            obs.phase
        ))),
    }
}

macro_rules! player_methods {
    ($ty:ty, $kind:expr, { $($extra:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($extra)*

            /// The cards to give to the crib.
            fn discard(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<Vec<PyCard>> {
                match answer(&mut self.bot(), &view, "discard")? {
                    Move::Discard(mask) => Ok(mask_cards_py(mask)),
                    _ => unreachable!("checked by answer"),
                }
            }

            /// The card to lay, or None to say go.
            fn play(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<Option<PyCard>> {
                match answer(&mut self.bot(), &view, "play")? {
                    Move::Lay(card) => Ok(Some(PyCard(card))),
                    _ => Ok(None),
                }
            }

            /// Muggins: the honest count of the show.
            fn count(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<u8> {
                match answer(&mut self.bot(), &view, "count")? {
                    Move::Count(p) => Ok(p),
                    _ => unreachable!("checked by answer"),
                }
            }

            /// Muggins: exactly the points the owner missed.
            fn claim(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<u8> {
                match answer(&mut self.bot(), &view, "claim")? {
                    Move::Claim(p) => Ok(p),
                    _ => unreachable!("checked by answer"),
                }
            }

            /// "random", "greedy" or "expert".
            #[getter]
            fn name(&self) -> &'static str {
                $kind.name()
            }
        }
    };
}

/// Uniformly random legal moves from its own seeded generator.
#[pyclass(name = "RandomPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyRandomPlayer {
    bot: std::sync::Mutex<Bot>,
    seed: u64,
}

impl PyRandomPlayer {
    fn bot(&self) -> std::sync::MutexGuard<'_, Bot> {
        self.bot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

player_methods!(PyRandomPlayer, BotKind::Random, {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn py_new(seed: Option<u64>) -> Self {
        let seed = seed.unwrap_or_else(fresh_seed);
        PyRandomPlayer {
            bot: std::sync::Mutex::new(Bot::new(BotKind::Random, seed)),
            seed,
        }
    }

    /// The seed the player's generator started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    fn __repr__(&self) -> String {
        format!("RandomPlayer(seed={})", self.seed)
    }
});

/// Best expected hand and best immediate pegging points.
#[pyclass(name = "GreedyPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyGreedyPlayer;

impl PyGreedyPlayer {
    fn bot(&self) -> Bot {
        Bot::new(BotKind::Greedy, 0)
    }
}

player_methods!(PyGreedyPlayer, BotKind::Greedy, {
    #[new]
    fn py_new() -> Self {
        PyGreedyPlayer
    }

    fn __repr__(&self) -> &'static str {
        "GreedyPlayer()"
    }
});

/// Exact discard analysis with the crib, pegging lookahead over the unseen
/// cards, and board position near the end.
#[pyclass(name = "ExpertPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyExpertPlayer;

impl PyExpertPlayer {
    fn bot(&self) -> Bot {
        Bot::new(BotKind::Expert, 0)
    }
}

player_methods!(PyExpertPlayer, BotKind::Expert, {
    #[new]
    fn py_new() -> Self {
        PyExpertPlayer
    }

    fn __repr__(&self) -> &'static str {
        "ExpertPlayer()"
    }
});

// ----- simulate ---------------------------------------------------------------

/// One side of a simulation: a built-in bot or a Python player object.
pub(super) enum Contender {
    Builtin(BotKind),
    Python(Py<PyAny>, String),
}

impl Contender {
    pub(super) fn name(&self) -> String {
        match self {
            Contender::Builtin(kind) => kind.name().to_string(),
            Contender::Python(_, name) => name.clone(),
        }
    }
}

fn builtin_class(ty: &Bound<'_, PyType>) -> Option<BotKind> {
    let py = ty.py();
    if ty.is(py.get_type::<PyRandomPlayer>()) {
        Some(BotKind::Random)
    } else if ty.is(py.get_type::<PyGreedyPlayer>()) {
        Some(BotKind::Greedy)
    } else if ty.is(py.get_type::<PyExpertPlayer>()) {
        Some(BotKind::Expert)
    } else {
        None
    }
}

pub(super) fn contender(obj: &Bound<'_, PyAny>) -> PyResult<Contender> {
    if let Ok(name) = obj.cast::<PyString>() {
        return Ok(Contender::Builtin(BotKind::from_name(&name.to_cow()?)?));
    }
    if let Ok(ty) = obj.cast::<PyType>() {
        return match builtin_class(ty) {
            Some(kind) => Ok(Contender::Builtin(kind)),
            None => Err(PyTypeError::new_err(format!(
                "pass a player object, not the class {}",
                ty.name()?
            ))),
        };
    }
    if let Some(kind) = builtin_class(&obj.get_type()) {
        return Ok(Contender::Builtin(kind));
    }
    for method in ["discard", "play"] {
        let callable = obj
            .getattr(method)
            .map(|m| m.is_callable())
            .unwrap_or(false);
        if !callable {
            return Err(PyTypeError::new_err(format!(
                "a player is a bot name ('random', 'greedy', 'expert') or an object with \
                 discard(view) and play(view) methods; {} has no {method}()",
                obj.get_type().name()?
            )));
        }
    }
    Ok(Contender::Python(
        obj.clone().unbind(),
        obj.get_type().name()?.to_string(),
    ))
}

/// A seat of a simulation with at least one Python player.
pub(super) enum PySeat<'py> {
    Bot(Bot),
    Python(Bound<'py, PyAny>),
}

impl Seat for PySeat<'_> {
    type Error = PyErr;
    fn decide(&mut self, game: &Game, seat: usize) -> PyResult<Move> {
        match self {
            PySeat::Bot(bot) => Ok(bot.decide(game, seat)?),
            PySeat::Python(player) => {
                let py = player.py();
                let view = Bound::new(py, make_view(game, seat))?;
                let phase = game.phase().name();
                match phase {
                    "discard" => {
                        let cards = cards_from_py(&player.call_method1("discard", (view,))?)?;
                        crate::card::check_distinct(&cards)?;
                        Ok(Move::Discard(
                            cards.iter().fold(0, |m, c| m | 1u64 << c.index()),
                        ))
                    }
                    "play" => {
                        let choice = player.call_method1("play", (view,))?;
                        if choice.is_none() {
                            Ok(Move::Go)
                        } else {
                            Ok(Move::Lay(card_from_py(&choice)?))
                        }
                    }
                    "count" => Ok(Move::Count(
                        player.call_method1("count", (view,))?.extract()?,
                    )),
                    "claim" => Ok(Move::Claim(
                        player.call_method1("claim", (view,))?.extract()?,
                    )),
                    _ => Err(PyValueError::new_err("the game is over")),
                }
            }
        }
    }
}
