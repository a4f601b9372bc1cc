//! Built-in players and the simulator for Python: `RandomPlayer`,
//! `GreedyPlayer`, `ExpertPlayer`, `simulate` and `SimulationStats` (the
//! strategies and the simulator live in `crate::bots`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyType};

use super::convert::{card_from_py, cards_from_py};
use super::game::{make_view, PyPlayerView};
use super::show::PyCard;
use crate::bots::{Bot, BotKind, Observation};
use crate::game::{Game, Move};
use crate::play::mask_cards;
use crate::simulate::{game_seed, play_out, simulation_game, Seat, SimStats, Simulator};

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
    expect_answer(bot.choose(&obs), &obs, want)
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
enum Contender {
    Builtin(BotKind),
    Python(Py<PyAny>, String),
}

impl Contender {
    fn name(&self) -> String {
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

fn contender(obj: &Bound<'_, PyAny>) -> PyResult<Contender> {
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
enum PySeat<'py> {
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

/// Statistics of a simulation between two players.
#[pyclass(name = "SimulationStats", module = "cribbage_fast._core", frozen)]
pub struct PySimStats {
    stats: SimStats,
    names: [String; 2],
    seed: u64,
}

impl PySimStats {
    /// Statistics named after their two players.
    pub(super) fn new(stats: SimStats, names: [String; 2], seed: u64) -> PySimStats {
        PySimStats { stats, names, seed }
    }
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[pymethods]
impl PySimStats {
    /// Games played.
    #[getter]
    fn games(&self) -> u64 {
        self.stats.games
    }

    /// The two players' names (first player first).
    #[getter]
    fn players(&self) -> (String, String) {
        (self.names[0].clone(), self.names[1].clone())
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Games won by each player.
    #[getter]
    fn wins(&self) -> (u64, u64) {
        (self.stats.wins[0], self.stats.wins[1])
    }

    /// Each player's share of the games.
    #[getter]
    fn win_rates(&self) -> (f64, f64) {
        (self.stats.win_rate(0), self.stats.win_rate(1))
    }

    /// The 95% Wilson interval of each player's win rate.
    #[getter]
    fn win_intervals(&self) -> ((f64, f64), (f64, f64)) {
        (self.stats.win_interval(0), self.stats.win_interval(1))
    }

    /// Game points won (1 a game, 2 a skunk, 3 a double skunk).
    #[getter]
    fn game_points(&self) -> (u64, u64) {
        (self.stats.game_points[0], self.stats.game_points[1])
    }

    /// Wins by a skunk (loser under 91, not under 61).
    #[getter]
    fn skunks(&self) -> (u64, u64) {
        (self.stats.skunks[0], self.stats.skunks[1])
    }

    /// Wins by a double skunk (loser under 61).
    #[getter]
    fn double_skunks(&self) -> (u64, u64) {
        (self.stats.double_skunks[0], self.stats.double_skunks[1])
    }

    /// Mean final score of each player.
    #[getter]
    fn mean_scores(&self) -> (f64, f64) {
        let g = self.stats.games.max(1) as f64;
        (
            self.stats.scores[0] as f64 / g,
            self.stats.scores[1] as f64 / g,
        )
    }

    /// Deals played, the last (interrupted) deal of each game included.
    #[getter]
    fn deals(&self) -> u64 {
        self.stats.deals
    }

    #[getter]
    fn mean_deals(&self) -> f64 {
        self.stats.mean_deals()
    }

    /// Deals played to the end of the crib (the per-deal means use these).
    #[getter]
    fn completed_deals(&self) -> u64 {
        self.stats.completed_deals
    }

    /// Mean points per completed deal: {"dealer": {...}, "pone": {...}} with
    /// "pegging", "hand", "crib" and "his_heels".
    #[getter]
    fn per_deal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = &self.stats;
        let p = &s.points;
        let out = PyDict::new(py);
        let dealer = PyDict::new(py);
        dealer.set_item("pegging", s.per_deal(p.pegging[0]))?;
        dealer.set_item("hand", s.per_deal(p.hand[0]))?;
        dealer.set_item("crib", s.per_deal(p.crib))?;
        dealer.set_item("his_heels", s.per_deal(p.his_heels))?;
        let pone = PyDict::new(py);
        pone.set_item("pegging", s.per_deal(p.pegging[1]))?;
        pone.set_item("hand", s.per_deal(p.hand[1]))?;
        out.set_item("dealer", dealer)?;
        out.set_item("pone", pone)?;
        Ok(out)
    }

    /// A JSON-ready dict of everything above.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("players", self.players())?;
        d.set_item("games", self.games())?;
        d.set_item("seed", self.seed)?;
        d.set_item("wins", self.wins())?;
        d.set_item("win_rates", self.win_rates())?;
        d.set_item("win_intervals", self.win_intervals())?;
        d.set_item("game_points", self.game_points())?;
        d.set_item("skunks", self.skunks())?;
        d.set_item("double_skunks", self.double_skunks())?;
        d.set_item("mean_scores", self.mean_scores())?;
        d.set_item("deals", self.deals())?;
        d.set_item("completed_deals", self.completed_deals())?;
        d.set_item("mean_deals", self.mean_deals())?;
        d.set_item("per_deal", self.per_deal(py)?)?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        let s = &self.stats;
        let width = self.names.iter().map(String::len).max().unwrap_or(6).max(6);
        let mut out = format!(
            "{} vs {}: {} games (seed {}), {:.2} deals per game\n",
            self.names[0],
            self.names[1],
            thousands(s.games),
            self.seed,
            s.mean_deals()
        );
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>7}  {:>18}  {:>9}  {:>7}  {:>7}\n",
            "player", "wins", "rate", "95% CI", "game pts", "skunks", "double"
        ));
        for i in 0..2 {
            let (lo, hi) = s.win_interval(i);
            out.push_str(&format!(
                "{:<width$}  {:>9}  {:>7}  {:>18}  {:>9}  {:>7}  {:>7}\n",
                self.names[i],
                thousands(s.wins[i]),
                pct(s.win_rate(i)),
                format!("[{}, {}]", pct(lo), pct(hi)),
                thousands(s.game_points[i]),
                thousands(s.skunks[i]),
                thousands(s.double_skunks[i]),
            ));
        }
        let p = &s.points;
        out.push_str(&format!(
            "mean points per deal ({} completed deals):\n",
            thousands(s.completed_deals)
        ));
        out.push_str(&format!(
            "{:<8}  {:>7}  {:>6}  {:>6}  {:>9}\n",
            "", "pegging", "hand", "crib", "his heels"
        ));
        out.push_str(&format!(
            "{:<8}  {:>7.3}  {:>6.3}  {:>6.3}  {:>9.3}\n",
            "dealer",
            s.per_deal(p.pegging[0]),
            s.per_deal(p.hand[0]),
            s.per_deal(p.crib),
            s.per_deal(p.his_heels)
        ));
        out.push_str(&format!(
            "{:<8}  {:>7.3}  {:>6.3}",
            "pone",
            s.per_deal(p.pegging[1]),
            s.per_deal(p.hand[1])
        ));
        out
    }

    fn __repr__(&self) -> String {
        let (lo, hi) = self.stats.win_interval(0);
        format!(
            "SimulationStats(players=({:?}, {:?}), games={}, wins=({}, {}), win_rate_0={:.4} [{:.4}, {:.4}])",
            self.names[0],
            self.names[1],
            self.stats.games,
            self.stats.wins[0],
            self.stats.wins[1],
            self.stats.win_rate(0),
            lo,
            hi
        )
    }
}

/// A simulation's game count (>= 1) and thread count (>= 1, or None).
pub(super) fn games_and_threads(
    games: i64,
    threads: Option<i64>,
) -> PyResult<(u64, Option<usize>)> {
    let games = u64::try_from(games)
        .ok()
        .filter(|&g| g > 0)
        .ok_or_else(|| PyValueError::new_err(format!("games must be at least 1, got {games}")))?;
    let threads = match threads {
        None => None,
        Some(t) if t >= 1 => Some(usize::try_from(t).unwrap_or(usize::MAX)),
        Some(t) => {
            return Err(PyValueError::new_err(format!(
                "threads must be at least 1 (or None for every core), got {t}"
            )))
        }
    };
    Ok((games, threads))
}

/// Plays `games` seeded two-player games between `a` (seat 0) and `b`.
#[pyfunction]
#[pyo3(signature = (a, b, games = 1000, seed = 0, threads = None, progress = None))]
pub fn simulate(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    games: i64,
    seed: u64,
    threads: Option<i64>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PySimStats> {
    let (games, threads) = games_and_threads(games, threads)?;
    if let Some(p) = &progress {
        if !p.is_callable() {
            return Err(PyTypeError::new_err(
                "progress must be a callable taking the number of games done",
            ));
        }
    }
    let players = [contender(a)?, contender(b)?];
    let names = [players[0].name(), players[1].name()];
    let report = |done: u64| -> PyResult<()> {
        if let Some(p) = &progress {
            p.call1((done,))?;
        }
        Ok(())
    };
    let mut stats = SimStats::default();
    match &players {
        [Contender::Builtin(ka), Contender::Builtin(kb)] => {
            let sim = Simulator::new([*ka, *kb], seed, threads)?;
            let chunk = sim.chunk_size();
            let mut start = 0;
            while start < games {
                let end = (start + chunk).min(games);
                let part = py.detach(|| sim.run(start..end))?;
                stats = stats.merge(&part);
                start = end;
                py.check_signals()?;
                report(start)?;
            }
        }
        _ => {
            for i in 0..games {
                let mut game = simulation_game(seed, i)?;
                let s = game.seed();
                let mut seats: Vec<PySeat<'_>> = players
                    .iter()
                    .zip([1u64, 2])
                    .map(|(p, k)| match p {
                        Contender::Builtin(kind) => PySeat::Bot(Bot::new(*kind, game_seed(s, k))),
                        Contender::Python(obj, _) => PySeat::Python(obj.bind(py).clone()),
                    })
                    .collect();
                stats.add(&play_out(&mut game, &mut seats)?);
                py.check_signals()?;
                if (i + 1) % 100 == 0 || i + 1 == games {
                    report(i + 1)?;
                }
            }
        }
    }
    Ok(PySimStats { stats, names, seed })
}
