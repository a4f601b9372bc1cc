//! Built-in players and the simulator for Python: `RandomPlayer`,
//! `GreedyPlayer`, `ExpertPlayer`, `simulate` and `SimulationStats` (the
//! strategies and the simulator live in `crate::bots`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use super::card::PyCard;
use super::convert::fresh_seed;
use super::game::view::{ask_player, PyPlayerView};
use crate::bots::simulate::Seat;
use crate::bots::{Bot, BotKind};
use crate::rules::game::{Game, Move};
use crate::rules::observe::Observation;
use crate::rules::play::mask_cards;

fn mask_cards_py(mask: u64) -> Vec<PyCard> {
    mask_cards(mask).map(PyCard).collect()
}

/// The four `PlayerProtocol` answers of a bot for one view.
fn answer(bot: &mut Bot, view: &PyPlayerView, want: &str) -> PyResult<Move> {
    expect_answer(bot.choose(&view.obs), &view.obs, want)
}

/// `mv` if it answers `want` ("discard", "play", "count" or "claim").
pub(super) fn expect_answer(mv: Option<Move>, obs: &Observation, want: &str) -> PyResult<Move> {
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
    ($ty:ty, $make:literal, { $($extra:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($extra)*

            /// The cards to give to the crib.
            ///
            /// Parameters
            /// ----------
            /// view : PlayerView
            ///     The view of the seat to move, in the discard phase.
            ///
            /// Returns
            /// -------
            /// list of Card
            ///     2 cards with 2 players, else 1.
            ///
            /// Raises
            /// ------
            /// ValueError
            ///     The view is not of the discard phase.
            ///
            /// Examples
            /// --------
            /// >>> from cribbage_fast import *
            #[doc = concat!(">>> len(", $make, ".discard(Game(2, seed=1).view()))")]
            /// 2
            fn discard(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<Vec<PyCard>> {
                match answer(&mut self.bot(), &view, "discard")? {
                    Move::Discard(mask) => Ok(mask_cards_py(mask)),
                    _ => unreachable!("checked by answer"),
                }
            }

            /// The card to lay, or None to say go (only when no card fits).
            ///
            /// Parameters
            /// ----------
            /// view : PlayerView
            ///     The view of the seat to move, in the play.
            ///
            /// Returns
            /// -------
            /// Card or None
            ///
            /// Raises
            /// ------
            /// ValueError
            ///     The view is not of the play.
            ///
            /// Examples
            /// --------
            /// >>> from cribbage_fast import *
            /// >>> g = Game(2, seed=1)
            /// >>> g.discard(g.hand(g.to_move)[:2]); g.discard(g.hand(g.to_move)[:2])
            #[doc = concat!(">>> ", $make, ".play(g.view()) in g.hand(g.to_move)")]
            /// True
            fn play(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<Option<PyCard>> {
                match answer(&mut self.bot(), &view, "play")? {
                    Move::Lay(card) => Ok(Some(PyCard(card))),
                    _ => Ok(None),
                }
            }

            /// Muggins: the honest count of the show.
            ///
            /// Parameters
            /// ----------
            /// view : PlayerView
            ///     The view of the owner of the show, in the count phase.
            ///
            /// Returns
            /// -------
            /// int
            ///     What the show is worth.
            ///
            /// Raises
            /// ------
            /// ValueError
            ///     The view is not of the count phase.
            ///
            /// Examples
            /// --------
            /// >>> from cribbage_fast import *
            /// >>> g = Game(2, seed=1, muggins=True)
            /// >>> while g.phase != 'count':
            /// ...     g.apply(g.legal_moves()[0])
            #[doc = concat!(">>> ", $make, ".count(g.view()) == g.view().show_value")]
            /// True
            fn count(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<u8> {
                match answer(&mut self.bot(), &view, "count")? {
                    Move::Count(p) => Ok(p),
                    _ => unreachable!("checked by answer"),
                }
            }

            /// Muggins: exactly the points the owner missed.
            ///
            /// Parameters
            /// ----------
            /// view : PlayerView
            ///     The view of the claimant, in the claim phase.
            ///
            /// Returns
            /// -------
            /// int
            ///     The show's worth less what its owner announced.
            ///
            /// Raises
            /// ------
            /// ValueError
            ///     The view is not of the claim phase.
            ///
            /// Examples
            /// --------
            /// >>> from cribbage_fast import *
            /// >>> g = Game(2, seed=0, muggins=True)
            /// >>> while g.phase != 'count' or g.view().show_value < 2:
            /// ...     g.apply(g.legal_moves()[0])
            /// >>> g.announce(1)
            #[doc = concat!(">>> ", $make, ".claim(g.view()) == g.view().show_value - 1")]
            /// True
            fn claim(&self, view: PyRef<'_, PyPlayerView>) -> PyResult<u8> {
                match answer(&mut self.bot(), &view, "claim")? {
                    Move::Claim(p) => Ok(p),
                    _ => unreachable!("checked by answer"),
                }
            }

            /// The bot's name ("random", "greedy", "expert", or a panel bot's).
            #[getter]
            fn name(&self) -> &'static str {
                self.bot().kind().name()
            }
        }
    };
}

/// Uniformly random legal moves from its own seeded generator.
///
/// Parameters
/// ----------
/// seed : int, optional
///     Seeds the player's generator (fresh if None): a seeded game with
///     seeded random players replays exactly.
///
/// Examples
/// --------
/// >>> from cribbage_fast import Game, RandomPlayer
/// >>> Game(2, seed=1).play([RandomPlayer(seed=1), RandomPlayer(seed=2)]).winner in (0, 1)
/// True
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

player_methods!(PyRandomPlayer, "RandomPlayer(seed=1)", {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn py_new(#[pyo3(from_py_with = super::convert::seed_arg)] seed: Option<u64>) -> Self {
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
///
/// Examples
/// --------
/// >>> from cribbage_fast import Game, GreedyPlayer
/// >>> Game(2, seed=1).play([GreedyPlayer(), GreedyPlayer()]).winner in (0, 1)
/// True
#[pyclass(name = "GreedyPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyGreedyPlayer;

impl PyGreedyPlayer {
    fn bot(&self) -> Bot {
        Bot::new(BotKind::Greedy, 0)
    }
}

player_methods!(PyGreedyPlayer, "GreedyPlayer()", {
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
///
/// Examples
/// --------
/// >>> from cribbage_fast import ExpertPlayer, Game, GreedyPlayer
/// >>> Game(2, seed=1).play([ExpertPlayer(), GreedyPlayer()]).winner in (0, 1)
/// True
#[pyclass(name = "ExpertPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyExpertPlayer;

impl PyExpertPlayer {
    fn bot(&self) -> Bot {
        Bot::new(BotKind::Expert, 0)
    }
}

player_methods!(PyExpertPlayer, "ExpertPlayer()", {
    #[new]
    fn py_new() -> Self {
        PyExpertPlayer
    }

    fn __repr__(&self) -> &'static str {
        "ExpertPlayer()"
    }
});

/// Any built-in bot by name, with its own seeded generator: the opponent
/// panel ("greedy", "noisy", "pegger", "handmax", "ismcts", "cautious"; see
/// docs/bots.md) as well as "random", "expert" and "master" (default settings).
///
/// Parameters
/// ----------
/// name : str
///     A name from `OPPONENTS` (case-insensitive).
/// seed : int, default 0
///     Seeds the player's generator (the noisy bot's errors, the ISMCTS
///     bot's and the master's sampling): a seeded game replays exactly.
///
/// Raises
/// ------
/// ValueError
///     An unknown name (the message lists the names) or a negative seed.
/// TypeError
///     A name that is not a string, or a seed that is not an integer.
///
/// Examples
/// --------
/// >>> from cribbage_fast import BotPlayer, Game
/// >>> Game(2, seed=1).play([BotPlayer("pegger"), BotPlayer("cautious", seed=2)]).winner in (0, 1)
/// True
#[pyclass(name = "BotPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyBotPlayer {
    bot: std::sync::Mutex<Bot>,
    seed: u64,
}

impl PyBotPlayer {
    fn bot(&self) -> std::sync::MutexGuard<'_, Bot> {
        self.bot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The bot's kind.
    pub(super) fn kind(&self) -> BotKind {
        self.bot().kind()
    }
}

player_methods!(PyBotPlayer, "BotPlayer('pegger')", {
    #[new]
    #[pyo3(signature = (name, seed = 0))]
    fn py_new(
        #[pyo3(from_py_with = bot_name_arg)] name: BotKind,
        #[pyo3(from_py_with = super::convert::seed_arg)] seed: Option<u64>,
    ) -> Self {
        let seed = seed.unwrap_or(0);
        PyBotPlayer {
            bot: std::sync::Mutex::new(Bot::new(name, seed)),
            seed,
        }
    }

    /// The seed the player's generator started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    fn __repr__(&self) -> String {
        format!("BotPlayer({:?}, seed={})", self.kind().name(), self.seed)
    }
});

/// `player`, or for a bot's name the `BotPlayer` that seat `seat` of a game
/// seeded `game_seed` gets in `simulate` (the name read by [`bot_name_arg`]).
pub(super) fn named_player<'py>(
    player: Bound<'py, PyAny>,
    game_seed: u64,
    seat: usize,
) -> PyResult<Bound<'py, PyAny>> {
    if !player.is_instance_of::<PyString>() {
        return Ok(player);
    }
    let kind = bot_name_arg(&player)?;
    let seed = crate::bots::simulate::bot_seed(game_seed, seat, None);
    let bot = PyBotPlayer {
        bot: std::sync::Mutex::new(Bot::new(kind, seed)),
        seed,
    };
    Ok(Bound::new(player.py(), bot)?.into_any())
}

/// A bot name argument, read by [`BotKind::from_name`].
fn bot_name_arg(obj: &Bound<'_, PyAny>) -> PyResult<BotKind> {
    let name = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "name must be a bot name (str), got {}",
            obj.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    Ok(BotKind::from_name(&name.to_cow()?)?)
}

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
    if let Ok(player) = obj.cast::<PyBotPlayer>() {
        return Ok(Contender::Builtin(player.get().kind()));
    }
    for method in ["discard", "play"] {
        let callable = obj
            .getattr(method)
            .map(|m| m.is_callable())
            .unwrap_or(false);
        if !callable {
            return Err(PyTypeError::new_err(format!(
                "a player is a bot name ({}) or an object with \
                 discard(view) and play(view) methods; {} has no {method}()",
                BotKind::names().join(", "),
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
    Bot(Box<Bot>),
    Python(Bound<'py, PyAny>),
}

impl Seat for PySeat<'_> {
    type Error = PyErr;
    fn decide(&mut self, game: &Game, seat: usize) -> PyResult<Move> {
        match self {
            PySeat::Bot(bot) => Ok(bot.decide(game, seat)?),
            PySeat::Python(player) => ask_player(player, PyPlayerView::new(game, seat)),
        }
    }
}
