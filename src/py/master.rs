//! The master bot for Python: `MasterPlayer` and `master_match` (the
//! strategy lives in `crate::bots::master`).

use pyo3::prelude::*;

use super::bots::expect_answer;
use super::cancel::watched;
use super::card::PyCard;
use super::convert::{
    adaptive_flag, adjusted_flag, board_flag, crib_blind_flag, discard_inference_flag,
    discard_mixture_flag, duplicate_flag, go_inference_flag, int_in, kept_samples_flag,
    lay_inference_flag, learning_flag, mixture_flag, pegging_table_flag, search_flag, seed_in,
    threads_from_py,
};
use super::game::PyPlayerView;
use super::simulate::{reporter, run_builtin, PySimStats};
use crate::bots::master::MasterConfig;
use crate::bots::simulate::{Mode, Simulator};
use crate::bots::{Bot, BotKind};
use crate::rules::game::Move;
use crate::rules::play::mask_cards;

fn budget_arg(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    int_in(
        obj,
        "budget",
        1..=i128::from(crate::bots::master::MAX_BUDGET),
        "",
    )
}

fn games_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    int_in(obj, "games", 1..=i128::from(i64::MAX), "")
}

fn players_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    int_in(obj, "players", 2..=4, "")
}

fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    seed_in(obj, "seed")
}

/// The strongest built-in player: the Expert's exact discards, and pegging by
/// a search of the rest of the play over `budget` samples of the opponent's
/// hidden cards, drawn as a mixture of opponent models would have kept them
/// and weighed by how likely they make its lays, conditioned on its goes (see
/// the README, "The master bot", and docs/master.md).
///
/// Every setting of `master_match` is a keyword here, so each ingredient can
/// be switched off in `Game.play` too. The belief about the opponent
/// (`learning`) lives as long as this object: across the deals of a game and
/// across every game it plays (make a fresh player for a fresh opponent).
///
/// Parameters
/// ----------
/// budget : int, default 32
///     Most samples of the opponent's hand per searched lay, 1 to 4096 (fewer once
///     one lay is clearly best): more is stronger and slower.
/// seed : int, default 0
///     Seed of the player's own generator (its sampling); a seeded game replays exactly.
/// search, go_inference, discard_inference, board, pegging_table, lay_inference, adaptive, kept_samples, crib_blind, mixture, discard_mixture, learning : bool
///     The ingredients, as in `master_match` (same defaults).
///
/// Raises
/// ------
/// ValueError
///     If `budget` is not in 1..4096.
/// TypeError
///     A budget or seed that is not an integer, or a switch that is not True
///     or False (each names its parameter).
///
/// Examples
/// --------
/// >>> from cribbage_fast import Game, MasterPlayer, simulate
/// >>> simulate(MasterPlayer(), "random", games=10, seed=1).games
/// 10
/// >>> old = MasterPlayer(mixture=False)
/// >>> old.settings["mixture"], MasterPlayer().settings["learning"]
/// (False, True)
/// >>> Game(2, seed=1, target=31).play([old, "pegger"]).winner in (0, 1)
/// True
#[pyclass(name = "MasterPlayer", module = "cribbage_fast._core", frozen)]
pub struct PyMasterPlayer {
    master: std::sync::Mutex<Bot>,
    config: MasterConfig,
    seed: u64,
}

impl PyMasterPlayer {
    /// The search runs with the GIL released, watched for Ctrl-C (which
    /// stops it within its loop), and other threads run meanwhile.
    fn answer(&self, view: &Bound<'_, PyPlayerView>, want: &str) -> PyResult<Move> {
        let py = view.py();
        let obs = &view.borrow().obs;
        let chosen = watched(py, None, || {
            Ok(self
                .master
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .choose(obs))
        })?;
        expect_answer(chosen, obs, want)
    }
}

#[pymethods]
impl PyMasterPlayer {
    #[new]
    #[pyo3(signature = (budget = 32, seed = 0, *, search = true, go_inference = true,
        discard_inference = true, board = false, pegging_table = false, lay_inference = true,
        adaptive = true, kept_samples = true, crib_blind = true, mixture = true,
        discard_mixture = true, learning = true))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        #[pyo3(from_py_with = budget_arg)] budget: u32,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = search_flag)] search: bool,
        #[pyo3(from_py_with = go_inference_flag)] go_inference: bool,
        #[pyo3(from_py_with = discard_inference_flag)] discard_inference: bool,
        #[pyo3(from_py_with = board_flag)] board: bool,
        #[pyo3(from_py_with = pegging_table_flag)] pegging_table: bool,
        #[pyo3(from_py_with = lay_inference_flag)] lay_inference: bool,
        #[pyo3(from_py_with = adaptive_flag)] adaptive: bool,
        #[pyo3(from_py_with = kept_samples_flag)] kept_samples: bool,
        #[pyo3(from_py_with = crib_blind_flag)] crib_blind: bool,
        #[pyo3(from_py_with = mixture_flag)] mixture: bool,
        #[pyo3(from_py_with = discard_mixture_flag)] discard_mixture: bool,
        #[pyo3(from_py_with = learning_flag)] learning: bool,
    ) -> PyResult<Self> {
        let config = MasterConfig {
            budget,
            search,
            go_inference,
            discard_inference,
            board,
            pegging_table,
            lay_inference,
            adaptive,
            kept_samples,
            crib_blind,
            mixture,
            discard_mixture,
            learning,
        }
        .checked()?;
        Ok(PyMasterPlayer {
            master: std::sync::Mutex::new(Bot::master(config, seed)?),
            config,
            seed,
        })
    }

    /// Every setting, by name (as the keywords of the constructor): the
    /// budget an int, each switch a bool.
    #[getter]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let out = pyo3::types::PyDict::new(py);
        for (name, value) in self.config.named() {
            if name == "budget" {
                out.set_item(name, value)?;
            } else {
                out.set_item(name, value == 1)?;
            }
        }
        Ok(out)
    }

    /// The cards to give to the crib.
    fn discard(&self, view: &Bound<'_, PyPlayerView>) -> PyResult<Vec<PyCard>> {
        match self.answer(view, "discard")? {
            Move::Discard(mask) => Ok(mask_cards(mask).map(PyCard).collect()),
            _ => unreachable!("checked by answer"),
        }
    }

    /// The card to lay, or None to say go (only when nothing fits).
    fn play(&self, view: &Bound<'_, PyPlayerView>) -> PyResult<Option<PyCard>> {
        match self.answer(view, "play")? {
            Move::Lay(card) => Ok(Some(PyCard(card))),
            _ => Ok(None),
        }
    }

    /// Muggins: the honest count of the show.
    fn count(&self, view: &Bound<'_, PyPlayerView>) -> PyResult<u8> {
        match self.answer(view, "count")? {
            Move::Count(p) => Ok(p),
            _ => unreachable!("checked by answer"),
        }
    }

    /// Muggins: exactly the points the owner missed.
    fn claim(&self, view: &Bound<'_, PyPlayerView>) -> PyResult<u8> {
        match self.answer(view, "claim")? {
            Move::Claim(p) => Ok(p),
            _ => unreachable!("checked by answer"),
        }
    }

    /// ``"master"``.
    #[getter]
    fn name(&self) -> &'static str {
        BotKind::Master.name()
    }

    /// Samples of the opponent's hand per searched lay.
    #[getter]
    fn budget(&self) -> u32 {
        self.config.budget
    }

    /// The seed the player's generator started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    fn __repr__(&self) -> String {
        let changed: String = self
            .config
            .named()
            .into_iter()
            .zip(MasterConfig::default().named())
            .filter(|((name, v), (_, d))| v != d && *name != "budget")
            .map(|((name, v), _)| format!(", {name}={}", if v == 1 { "True" } else { "False" }))
            .collect();
        format!(
            "MasterPlayer(budget={}, seed={}{changed})",
            self.config.budget, self.seed
        )
    }
}

/// Plays seeded games between the master (seat 0) with chosen ingredients and
/// a built-in bot: the ablation and budget measurements of the README.
///
/// Game ``i`` is game ``i`` of ``simulate(..., seed=seed)`` (same deals, first
/// dealers and bot seeds), so with every ingredient on and the default budget
/// the result equals ``simulate("master", opponent, ...)``.
///
/// Parameters
/// ----------
/// opponent : str
///     A name from `OPPONENTS`: "random", "greedy", "expert", "master" or a
///     panel bot ("noisy", "pegger", "handmax", "ismcts", "cautious").
/// games : int, default 1000
/// seed : int, default 0
/// threads : int or None, default None
///     Threads (None: every core); the result does not depend on it.
/// budget : int, default 32
///     Samples of the opponent's hand per searched lay, 1 to 4096.
/// search : bool, default True
///     Pegging by search (False: the Expert's lookahead).
/// go_inference : bool, default True
///     Condition the opponent's hidden cards on its goes.
/// discard_inference : bool, default True
///     Draw the opponent's hidden cards as the Expert would have kept them.
/// board : bool, default False
///     Near the end of the game, discard for the chance to win, not points.
/// pegging_table : bool, default False
///     Add the kept cards' expected net pegging to the discard values.
/// lay_inference : bool, default True
///     Keep only sampled hands with which the Expert would have laid what the
///     opponent laid (with discard inference).
/// adaptive : bool, default True
///     Stop sampling a lay once the best leads clearly (`budget` is the most).
/// kept_samples : bool, default True
///     Use the samples of the deal's earlier decisions that still fit first
///     (with lay inference).
/// crib_blind : bool, default True
///     Lay inference models an Expert that does not know its two crib cards
///     (False: it knows them; slower).
/// mixture : bool, default True
///     Weigh sampled hands by how likely a mixture of opponent models (the
///     Expert, the greedy player, a uniform floor) makes the opponent's lays
///     (False: keep only hands the Expert would have laid so: the master before
///     the mixture, exactly).
/// discard_mixture : bool, default True
///     With the mixture, draw the opponent's discard from a mixture of discard
///     models (False: the Expert's only).
/// learning : bool, default True
///     With the mixture, learn which models fit the opponent from deal to deal.
/// progress : callable or None
///     Called with the number of games done after each chunk.
/// duplicate : bool, default False
///     Play the games in duplicate pairs, as ``simulate(..., duplicate=True)``
///     (`games` must be even).
/// adjusted : bool, default False
///     Measure each game's luck, as ``simulate(..., adjusted=True)``.
/// players : 2, 3 or 4, default 2
///     Players at the table: the master in seat 0, the opponent bot in every
///     other seat (with four, the master's partner in seat 2 is the opponent
///     bot too, so the partnerships differ only by the master). With three or
///     four the games are those of ``simulate(["master", opponent, ...])``;
///     `duplicate` and `adjusted` are for two players only.
///
/// Returns
/// -------
/// SimulationStats
///     Each side's wins with their intervals (``stats.sides`` sides: one a
///     player, or two partnerships).
///
/// Raises
/// ------
/// TypeError
///     A count that is not an integer, or an ingredient that is not True or False.
/// ValueError
///     On an unknown opponent, games, threads or budget below 1, players
///     not 2, 3 or 4, or `duplicate`/`adjusted` with more than two players.
///
/// Examples
/// --------
/// >>> from cribbage_fast import master_match
/// >>> master_match("greedy", games=10, seed=2, search=False).games
/// 10
/// >>> three = master_match("expert", games=6, seed=2, players=3, threads=1)
/// >>> three.players, sum(three.wins)
/// (('master', 'expert', 'expert'), 6)
#[pyfunction]
#[pyo3(signature = (opponent, games = 1000, seed = 0, threads = None, budget = 32,
    search = true, go_inference = true, discard_inference = true, board = false, pegging_table = false,
    lay_inference = true, adaptive = true, kept_samples = true, crib_blind = true, mixture = true,
    discard_mixture = true, learning = true, progress = None, duplicate = false, adjusted = false,
    players = 2))]
#[allow(clippy::too_many_arguments)]
pub fn master_match(
    py: Python<'_>,
    opponent: &str,
    #[pyo3(from_py_with = games_arg)] games: u64,
    #[pyo3(from_py_with = seed_arg)] seed: u64,
    threads: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = budget_arg)] budget: u32,
    #[pyo3(from_py_with = search_flag)] search: bool,
    #[pyo3(from_py_with = go_inference_flag)] go_inference: bool,
    #[pyo3(from_py_with = discard_inference_flag)] discard_inference: bool,
    #[pyo3(from_py_with = board_flag)] board: bool,
    #[pyo3(from_py_with = pegging_table_flag)] pegging_table: bool,
    #[pyo3(from_py_with = lay_inference_flag)] lay_inference: bool,
    #[pyo3(from_py_with = adaptive_flag)] adaptive: bool,
    #[pyo3(from_py_with = kept_samples_flag)] kept_samples: bool,
    #[pyo3(from_py_with = crib_blind_flag)] crib_blind: bool,
    #[pyo3(from_py_with = mixture_flag)] mixture: bool,
    #[pyo3(from_py_with = discard_mixture_flag)] discard_mixture: bool,
    #[pyo3(from_py_with = learning_flag)] learning: bool,
    progress: Option<Bound<'_, PyAny>>,
    #[pyo3(from_py_with = duplicate_flag)] duplicate: bool,
    #[pyo3(from_py_with = adjusted_flag)] adjusted: bool,
    #[pyo3(from_py_with = players_arg)] players: usize,
) -> PyResult<PySimStats> {
    let kind = BotKind::from_name(opponent)?;
    let mode = Mode {
        duplicate,
        adjusted,
    };
    mode.units(&(0..games))?;
    let threads = threads_from_py(threads)?;
    let config = MasterConfig {
        budget,
        search,
        go_inference,
        discard_inference,
        board,
        pegging_table,
        lay_inference,
        adaptive,
        kept_samples,
        crib_blind,
        mixture,
        discard_mixture,
        learning,
    };
    let chunked = progress.is_some();
    let report = reporter(progress)?;
    let mut kinds = vec![kind; players];
    kinds[0] = BotKind::Master;
    let sim = Simulator::table(&kinds, seed, threads)?
        .with_master(config)?
        .with_mode(mode);
    let stats = run_builtin(py, &sim, 0..games, &report, chunked)?;
    let names = kinds.iter().map(|k| k.name().to_string()).collect();
    PySimStats::of_run(stats, names, seed, 0..games)
}
