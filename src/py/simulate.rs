//! `simulate` and `SimulationStats` for Python (the simulator lives in
//! `crate::bots::simulate`; the players in `super::bots`). `str(stats)` is
//! formatted in Python, by `cribbage_fast.games.stats`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use super::bots::{contender, Contender, PyBotPlayer, PyRandomPlayer, PySeat};
use super::cancel::watched;
use super::convert::{describe, int_in, picture, scores_in, seed_in, threads_from_py};
use super::position::PyPosition;
use super::sim_estimates::{estimate_dict, luck_dict, read_duplicate, read_luck, read_pairs};
use crate::bots::simulate::{
    bot_seed, game_seed, play_unit, GameRanges, Mode, SimStats, Simulator, Start,
};
use crate::bots::Bot;
use crate::ground::cancel;
use crate::rules::game::Game;

/// Statistics of a seeded simulation between two players: exact integer
/// totals that merge exactly.
///
/// Pairs are (seat 0, seat 1). Per-deal means are over completed deals (the
/// crib was shown); the deal interrupted by the end of the game counts only in
/// `deals`. Statistics of disjoint game ranges of the same simulation (same
/// players, player seeds, seed, `start_scores` and `first_dealer`) add up with
/// ``a + b`` or ``SimulationStats.merge(parts)`` to exactly the statistics of
/// one run over the union; counting a game twice or mixing simulations raises
/// ValueError. Statistics pickle, and ``from_dict(to_dict())`` rebuilds them.
///
/// Examples
/// --------
/// >>> from cribbage_fast import SimulationStats, simulate
/// >>> whole = simulate("greedy", "random", games=200, seed=1)
/// >>> a = simulate("greedy", "random", games=120, seed=1)
/// >>> b = simulate("greedy", "random", games=80, seed=1, first_game=120)
/// >>> a + b == whole == SimulationStats.merge([b, a])
/// True
/// >>> whole.ranges, sum(whole.wins)
/// ([(0, 200)], 200)
/// >>> print(str(whole).splitlines()[0])
/// greedy vs random: 200 games (seed 1), 9.51 deals per game
#[pyclass(
    name = "SimulationStats",
    module = "cribbage_fast._core",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq)]
pub struct PySimStats {
    pub(super) stats: SimStats,
    /// One name a seat.
    pub(super) names: Vec<String>,
    pub(super) player_seeds: Vec<Option<u64>>,
    pub(super) seed: u64,
    pub(super) start: Start,
    pub(super) ranges: GameRanges,
}

impl PySimStats {
    /// The statistics of games `range` between two unseeded players from the
    /// standard start (as `simulate` with its defaults would make them).
    pub(super) fn of_run(
        stats: SimStats,
        names: Vec<String>,
        seed: u64,
        range: std::ops::Range<u64>,
    ) -> PyResult<PySimStats> {
        Ok(PySimStats {
            stats,
            player_seeds: vec![None; names.len()],
            names,
            seed,
            start: Start::default(),
            ranges: GameRanges::new([range])?,
        })
    }

    /// Why `self` and `o` are not parts of one simulation, if they are not.
    fn mismatch(&self, o: &PySimStats) -> Option<String> {
        let differ = |what: &str, a: String, b: String| Some(format!("{what} {a} vs {b}"));
        if self.names != o.names {
            differ(
                "players",
                format!("{:?}", self.names),
                format!("{:?}", o.names),
            )
        } else if self.player_seeds != o.player_seeds {
            differ(
                "player seeds",
                format!("{:?}", self.player_seeds),
                format!("{:?}", o.player_seeds),
            )
        } else if self.seed != o.seed {
            differ("seeds", self.seed.to_string(), o.seed.to_string())
        } else if self.start != o.start {
            differ(
                "starts",
                format!("{:?}", self.start),
                format!("{:?}", o.start),
            )
        } else if self.mode() != o.mode() {
            differ(
                "modes",
                format!("{:?}", self.mode()),
                format!("{:?}", o.mode()),
            )
        } else {
            None
        }
    }

    fn merged(&self, o: &PySimStats) -> PyResult<PySimStats> {
        if let Some(why) = self.mismatch(o) {
            return Err(PyValueError::new_err(format!(
                "cannot merge statistics of different simulations: {why}"
            )));
        }
        Ok(PySimStats {
            stats: self.stats.merge(&o.stats),
            ranges: self.ranges.union(&o.ranges)?,
            ..self.clone()
        })
    }

    /// One entry a side (seat 0's side first), as a tuple.
    fn per_side<'py, T: IntoPyObject<'py> + Copy>(
        &self,
        py: Python<'py>,
        x: &[T],
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, x[..self.stats.sides].iter().copied())
    }

    /// How the games were played and measured.
    fn mode(&self) -> Mode {
        Mode {
            duplicate: self.stats.duplicate,
            adjusted: self.stats.luck.units() > 0,
        }
    }
}

#[pymethods]
impl PySimStats {
    /// Games played.
    #[getter]
    fn games(&self) -> u64 {
        self.stats.games
    }

    /// The players' names (bot names, or the Python players' class names).
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.names)
    }

    /// The seeds of seeded `RandomPlayer` objects (None for other players).
    #[getter]
    fn player_seeds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.player_seeds)
    }

    /// The sides of the games: one a player, or two partnerships with four
    /// players (seats 0 and 2, seats 1 and 3); every per-side tuple has one
    /// entry a side.
    #[getter]
    fn sides(&self) -> usize {
        self.stats.sides
    }

    /// The simulation's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The points seat 0 and seat 1 started every game with.
    #[getter]
    fn start_scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut scores = [0u16; 4];
        scores[..2].copy_from_slice(&self.start.scores);
        self.per_side(py, &scores)
    }

    /// The first dealer of every game, or None: alternating, seat 0 in even games.
    #[getter]
    fn first_dealer(&self) -> Option<usize> {
        self.start.first_dealer
    }

    /// The game indices played, as sorted (start, stop) ranges.
    #[getter]
    fn ranges(&self) -> Vec<(u64, u64)> {
        self.ranges
            .ranges()
            .iter()
            .map(|r| (r.start, r.end))
            .collect()
    }

    /// Games won by each player.
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.per_side(py, &self.stats.wins)
    }

    /// Each player's share of the games.
    #[getter]
    fn win_rates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rates: Vec<f64> = (0..self.stats.sides)
            .map(|i| self.stats.win_rate(i))
            .collect();
        PyTuple::new(py, rates)
    }

    /// The 95% Wilson score interval of each win rate.
    #[getter]
    fn win_intervals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let intervals: Vec<(f64, f64)> = (0..self.stats.sides)
            .map(|i| self.stats.win_interval(i))
            .collect();
        PyTuple::new(py, intervals)
    }

    /// Game points won: 1 a game, 2 a skunk, 3 a double skunk.
    #[getter]
    fn game_points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.per_side(py, &self.stats.game_points)
    }

    /// Wins by a skunk (loser under 91, but not under 61).
    #[getter]
    fn skunks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.per_side(py, &self.stats.skunks)
    }

    /// Wins by a double skunk (loser under 61).
    #[getter]
    fn double_skunks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.per_side(py, &self.stats.double_skunks)
    }

    /// Final scores summed over the games.
    #[getter]
    fn total_scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.per_side(py, &self.stats.scores)
    }

    /// Mean final score of each player.
    #[getter]
    fn mean_scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let g = self.stats.games.max(1) as f64;
        self.per_side(py, &self.stats.scores.map(|x| x as f64 / g))
    }

    /// Deals played, each game's interrupted last deal included.
    #[getter]
    fn deals(&self) -> u64 {
        self.stats.deals
    }

    /// Deals per game.
    #[getter]
    fn mean_deals(&self) -> f64 {
        self.stats.mean_deals()
    }

    /// Deals played to the end of the crib (the per-deal means use these).
    #[getter]
    fn completed_deals(&self) -> u64 {
        self.stats.completed_deals
    }

    /// Points of the completed deals: {"dealer": {"pegging", "hand", "crib",
    /// "his_heels"}, "pone": {"pegging", "hand"}}, exact totals.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let p = &self.stats.points;
        by_role(py, [p.pegging, p.hand], p.crib, p.his_heels)
    }

    /// Mean points per completed deal, by role and source (as `points`).
    #[getter]
    fn per_deal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (s, p) = (&self.stats, &self.stats.points);
        let mean = |x: [u64; 2]| x.map(|v| s.per_deal(v));
        by_role(
            py,
            [mean(p.pegging), mean(p.hand)],
            s.per_deal(p.crib),
            s.per_deal(p.his_heels),
        )
    }

    /// Whether the games were played in duplicate pairs (same deals, seats swapped).
    #[getter]
    fn duplicate(&self) -> bool {
        self.stats.duplicate
    }

    /// Whether each game's luck was measured (`adjusted_estimate`).
    #[getter]
    fn luck_adjusted(&self) -> bool {
        self.stats.luck.units() > 0
    }

    /// Duplicate pairs won twice by player 0, split, won twice by player 1
    /// (zeros in a plain match).
    #[getter]
    fn pairs(&self) -> (u64, u64, u64) {
        let [a, b, c] = self.stats.pairs;
        (a, b, c)
    }

    /// Player 0's win rate with its standard error, 95% interval, rating
    /// difference and the games needed (a `WinEstimate`).
    #[getter]
    fn win_estimate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        estimate_dict(py, &self.stats, &self.stats.plain())
    }

    /// The luck-adjusted `win_estimate`, or None if luck was not measured.
    #[getter]
    fn adjusted_estimate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.stats
            .adjusted()
            .map(|e| estimate_dict(py, &self.stats, &e))
            .transpose()
    }

    /// Player 0's mean luck per game and its standard error (None if not measured).
    #[getter]
    fn mean_luck(&self) -> Option<(f64, f64)> {
        self.stats.mean_luck()
    }

    /// How many times fewer games the adjusted estimate needs than the plain
    /// one for the same interval, measured on this run (None if not measured).
    #[getter]
    fn variance_reduction(&self) -> Option<f64> {
        self.stats.variance_reduction()
    }

    /// The coefficients of the luck terms (deal, starter) fitted on each fold
    /// of units (even, odd index); the adjusted rate takes each fold's luck
    /// with the other fold's (None if not measured).
    #[getter]
    fn luck_coefficients(&self) -> Option<[[f64; 2]; 2]> {
        self.stats.luck_coefficients()
    }

    /// Exact integer sums of player 0's luck per unit (in 2**-24 of a game).
    #[getter]
    fn luck_sums<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        luck_dict(py, &self.stats.luck)
    }

    /// Every statistic as a JSON-ready dict (a `SimulationStatsDict`); the
    /// exact totals in it rebuild the statistics with `from_dict`.
    fn to_dict<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(slf.py());
        for key in [
            "players",
            "player_seeds",
            "sides",
            "seed",
            "start_scores",
            "first_dealer",
            "ranges",
            "games",
            "wins",
            "win_rates",
            "win_intervals",
            "game_points",
            "skunks",
            "double_skunks",
            "total_scores",
            "mean_scores",
            "deals",
            "completed_deals",
            "mean_deals",
            "points",
            "per_deal",
            "duplicate",
            "luck_adjusted",
            "pairs",
            "luck_sums",
            "win_estimate",
            "adjusted_estimate",
            "mean_luck",
            "variance_reduction",
            "luck_coefficients",
        ] {
            d.set_item(key, slf.getattr(key)?)?;
        }
        Ok(d)
    }

    /// Statistics from a `to_dict()` (or its JSON), checked.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     A missing or malformed entry, or totals that do not add up.
    #[classmethod]
    fn from_dict(_cls: &Bound<'_, PyType>, d: &Bound<'_, PyAny>) -> PyResult<PySimStats> {
        read_stats(d).map_err(|e| {
            PyValueError::new_err(format!("SimulationStats.from_dict: {}", e.value(d.py())))
        })
    }

    /// Exactly the statistics of one run over the games of all `parts`.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     No parts, parts of different simulations, or a game in two parts.
    #[classmethod]
    fn merge(_cls: &Bound<'_, PyType>, parts: &Bound<'_, PyAny>) -> PyResult<PySimStats> {
        let mut out: Option<PySimStats> = None;
        for part in parts.try_iter()? {
            let part = part?;
            let part = part.cast::<PySimStats>()?.get();
            out = Some(match out {
                None => part.clone(),
                Some(acc) => acc.merged(part)?,
            });
        }
        out.ok_or_else(|| PyValueError::new_err("merge needs at least one SimulationStats"))
    }

    fn __add__(&self, other: PyRef<'_, PySimStats>) -> PyResult<PySimStats> {
        self.merged(&other)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let from_dict = slf.get_type().getattr("from_dict")?;
        let state = Self::to_dict(slf)?;
        PyTuple::new(
            slf.py(),
            [from_dict, PyTuple::new(slf.py(), [state])?.into_any()],
        )
    }

    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let stats = slf.py().import("cribbage_fast.games.stats")?;
        stats.getattr("format_stats")?.call1((slf,))?.extract()
    }

    /// Win rates with their intervals and game points as an SVG picture
    /// (Jupyter shows it), `cribbage_fast.svg.stats`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        picture(slf.as_any(), "stats")
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let (lo, hi) = self.stats.win_interval(0);
        // The names and wins as Python shows the tuples.
        let players = PyTuple::new(py, &self.names)?.repr()?;
        let wins = self.per_side(py, &self.stats.wins)?.repr()?;
        Ok(format!(
            "SimulationStats(players={players}, games={}, wins={wins}, win_rate_0={:.4} [{:.4}, {:.4}])",
            self.stats.games,
            self.stats.win_rate(0),
            lo,
            hi
        ))
    }
}

/// {"dealer": {...}, "pone": {...}} from [pegging, hand] by role, crib and his heels.
fn by_role<'py, T: IntoPyObject<'py> + Copy>(
    py: Python<'py>,
    [pegging, hand]: [[T; 2]; 2],
    crib: T,
    his_heels: T,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (role, i) in [("dealer", 0), ("pone", 1)] {
        let d = PyDict::new(py);
        d.set_item("pegging", pegging[i])?;
        d.set_item("hand", hand[i])?;
        if i == 0 {
            d.set_item("crib", crib)?;
            d.set_item("his_heels", his_heels)?;
        }
        out.set_item(role, d)?;
    }
    Ok(out)
}

fn item<'py>(d: &Bound<'py, PyAny>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    d.get_item(key)
        .map_err(|_| PyValueError::new_err(format!("no {key:?} entry")))
}

fn count(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    v.extract::<u64>()
        .map_err(|_| PyValueError::new_err(format!("{what} must be an integer 0 to 2**64 - 1")))
}

/// One count a side: `sides` of them.
fn per_side_of(d: &Bound<'_, PyAny>, key: &str, sides: usize) -> PyResult<[u64; 4]> {
    let wrong = || PyValueError::new_err(format!("{key} must hold {sides} counts, one a side"));
    let v: Vec<Bound<'_, PyAny>> = item(d, key)?.extract().map_err(|_| wrong())?;
    if v.len() != sides {
        return Err(wrong());
    }
    let mut out = [0u64; 4];
    for (slot, x) in out.iter_mut().zip(&v) {
        *slot = count(x, key)?;
    }
    Ok(out)
}

fn read_stats(d: &Bound<'_, PyAny>) -> PyResult<PySimStats> {
    let points = item(d, "points")?;
    let (dealer, pone) = (item(&points, "dealer")?, item(&points, "pone")?);
    let at = |role: &Bound<'_, PyAny>, key: &str| count(&item(role, key)?, key);
    let names: Vec<String> = item(d, "players")?
        .extract()
        .map_err(|_| PyValueError::new_err("players must be 2 to 4 names"))?;
    if !(2..=4).contains(&names.len()) {
        return Err(PyValueError::new_err("players must be 2 to 4 names"));
    }
    let sides = crate::bots::simulate::table_config(names.len() as u8).sides();
    let side = |key: &str| per_side_of(d, key, sides);
    let stats = SimStats {
        sides,
        games: count(&item(d, "games")?, "games")?,
        wins: side("wins")?,
        game_points: side("game_points")?,
        skunks: side("skunks")?,
        double_skunks: side("double_skunks")?,
        scores: side("total_scores")?,
        deals: count(&item(d, "deals")?, "deals")?,
        completed_deals: count(&item(d, "completed_deals")?, "completed_deals")?,
        points: crate::bots::simulate::RoleTotals {
            his_heels: at(&dealer, "his_heels")?,
            pegging: [at(&dealer, "pegging")?, at(&pone, "pegging")?],
            hand: [at(&dealer, "hand")?, at(&pone, "hand")?],
            crib: at(&dealer, "crib")?,
        },
        duplicate: read_duplicate(d)?,
        pairs: read_pairs(d)?,
        luck: read_luck(d.get_item("luck_sums").ok())?,
    };
    stats.check()?;
    let ranges = read_ranges(d, stats.games)?;
    let player_seeds: Vec<Option<u64>> = item(d, "player_seeds")?
        .extract()
        .map_err(|_| PyValueError::new_err("player_seeds must be seeds or None, one a player"))?;
    if player_seeds.len() != names.len() {
        return Err(PyValueError::new_err(
            "player_seeds must be seeds or None, one a player",
        ));
    }
    let start = read_start(d, names.len(), sides)?;
    Ok(PySimStats {
        stats,
        names,
        player_seeds,
        seed: count(&item(d, "seed")?, "seed")?,
        start,
        ranges,
    })
}

/// The game ranges of a stats dict, which must hold its `games`.
fn read_ranges(d: &Bound<'_, PyAny>, games: u64) -> PyResult<GameRanges> {
    let ranges: Vec<[u64; 2]> = item(d, "ranges")?
        .extract()
        .map_err(|_| PyValueError::new_err("ranges must be (start, stop) pairs"))?;
    let ranges = GameRanges::new(ranges.into_iter().map(|[a, b]| a..b))?;
    if ranges.games() != games {
        return Err(PyValueError::new_err(
            "the ranges do not hold `games` games",
        ));
    }
    Ok(ranges)
}

/// Where every game of a stats dict of `players` began.
fn read_start(d: &Bound<'_, PyAny>, players: usize, sides: usize) -> PyResult<Start> {
    let start_scores = per_side_of(d, "start_scores", sides)?;
    let first_dealer = item(d, "first_dealer")?.extract::<Option<i64>>()?;
    if players == 2 {
        return Ok(Start::new(
            &[start_scores[0] as i64, start_scores[1] as i64],
            first_dealer,
        )?);
    }
    table_start(players, start_scores != [0; 4], first_dealer)
}

/// The start of a table of three or four: 0-0 (`scores`: some were given,
/// refused), the first dealer a seat or None (round the table).
pub(super) fn table_start(
    players: usize,
    scores: bool,
    first_dealer: Option<i64>,
) -> PyResult<Start> {
    if scores {
        return Err(PyValueError::new_err(format!(
            "scores: {players}-player simulations start every game at 0 (two players only)"
        )));
    }
    let first_dealer = match first_dealer {
        None => None,
        Some(d) if (0..players as i64).contains(&d) => Some(d as usize),
        Some(d) => {
            return Err(PyValueError::new_err(format!(
                "first_dealer must be a seat 0 to {} or None (round the table), got {d}",
                players - 1
            )))
        }
    };
    Ok(Start {
        first_dealer,
        ..Start::default()
    })
}

/// A built-in player's seed if it is a seeded `RandomPlayer` or `BotPlayer`.
pub(super) fn player_seed(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if obj.is_instance_of::<PyRandomPlayer>() || obj.is_instance_of::<PyBotPlayer>() {
        Ok(Some(obj.getattr("seed")?.extract()?))
    } else {
        Ok(None)
    }
}

/// The arguments of one `simulate` call, checked.
pub(super) struct Plan {
    pub(super) first_game: u64,
    pub(super) games: u64,
    pub(super) seed: u64,
    pub(super) threads: Option<usize>,
    start: Start,
    mode: Mode,
}

impl Plan {
    /// None stands for the documented default.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        games: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        first_game: Option<&Bound<'_, PyAny>>,
        scores: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        position: Option<&Bound<'_, PyAny>>,
        mode: Mode,
    ) -> PyResult<Plan> {
        let max_index = i128::from(i64::MAX);
        let games: u64 = games.map_or(Ok(1000), |g| int_in(g, "games", 1..=max_index, ""))?;
        let last_first = max_index - i128::from(games);
        let first_game =
            first_game.map_or(Ok(0), |f| int_in(f, "first_game", 0..=last_first, ""))?;
        let threads = threads_from_py(threads)?;
        let scores = match scores {
            Some(s) => scores_in(s)?.unwrap_or(vec![0, 0]),
            None => vec![0, 0],
        };
        let first_dealer = first_dealer
            .map(|d| int_in(d, "first_dealer", 0..=1, ""))
            .transpose()?;
        mode.units(&(first_game..first_game + games))?;
        let start = match position {
            None => Start::new(&scores, first_dealer)?,
            Some(p) => position_start(p, scores != [0, 0] || first_dealer.is_some(), mode)?,
        };
        Ok(Plan {
            first_game,
            games,
            seed: seed.map_or(Ok(0), |s| seed_in(s, "seed"))?,
            threads,
            start,
            mode,
        })
    }
}

/// Every game from a `Position` (`position=`), which gives the scores and the
/// dealer (`board`: they were given too).
fn position_start(position: &Bound<'_, PyAny>, board: bool, mode: Mode) -> PyResult<Start> {
    let Ok(p) = position.cast::<PyPosition>() else {
        return Err(PyTypeError::new_err(format!(
            "position must be a cribbage_fast.Position, got {}",
            describe(position)
        )));
    };
    if board {
        return Err(PyValueError::new_err(
            "position gives the scores and the dealer: pass no scores or first_dealer with it",
        ));
    }
    let start = Start::from_position(p.get().position.clone())?;
    if mode.duplicate {
        start.check_pairs()?;
    }
    Ok(start)
}

/// The two-player `simulate` (and a list of two), as its docstring says.
#[allow(clippy::too_many_arguments)]
pub(super) fn simulate_pair(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    games: Option<Bound<'_, PyAny>>,
    seed: Option<Bound<'_, PyAny>>,
    threads: Option<Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
    first_game: Option<Bound<'_, PyAny>>,
    scores: Option<Bound<'_, PyAny>>,
    first_dealer: Option<Bound<'_, PyAny>>,
    duplicate: bool,
    adjusted: bool,
    position: Option<Bound<'_, PyAny>>,
) -> PyResult<PySimStats> {
    let mode = Mode {
        duplicate,
        adjusted,
    };
    let plan = Plan::new(
        games.as_ref(),
        seed.as_ref(),
        threads.as_ref(),
        first_game.as_ref(),
        scores.as_ref(),
        first_dealer.as_ref(),
        position.as_ref(),
        mode,
    )?;
    let chunked = progress.is_some();
    let report = reporter(progress)?;
    let players = [contender(a)?, contender(b)?];
    let player_seeds = [player_seed(a)?, player_seed(b)?];
    let range = plan.first_game..plan.first_game + plan.games;
    let stats = match &players {
        [Contender::Builtin(ka), Contender::Builtin(kb)] => {
            let sim = Simulator::new([*ka, *kb], plan.seed, plan.threads)?
                .with_player_seeds(player_seeds)
                .with_start(plan.start.clone())
                .with_mode(plan.mode);
            run_builtin(py, &sim, range.clone(), &report, chunked)?
        }
        _ => run_python(py, &players, player_seeds, &plan, range.clone(), &report)?,
    };
    Ok(PySimStats {
        stats,
        names: players.iter().map(Contender::name).collect(),
        player_seeds: player_seeds.to_vec(),
        seed: plan.seed,
        start: plan.start.board(),
        ranges: GameRanges::new([range])?,
    })
}

/// The `progress=` argument as a function of the games done (refused now,
/// not after the first chunk, if it cannot be called).
pub(super) fn reporter(
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<impl Fn(u64) -> PyResult<()> + '_> {
    if progress.as_ref().is_some_and(|p| !p.is_callable()) {
        return Err(PyTypeError::new_err(
            "progress must be a callable taking the number of games done",
        ));
    }
    Ok(move |done: u64| -> PyResult<()> {
        if let Some(p) = &progress {
            p.call1((done,))?;
        }
        Ok(())
    })
}

/// Two built-in bots: the games run with the GIL released, watched for
/// Ctrl-C (which stops them between two moves, or within a search), in
/// chunks of about [`CHUNK_SECONDS`] when `chunked` (for progress reports),
/// else at once.
pub(super) fn run_builtin(
    py: Python<'_>,
    sim: &Simulator,
    range: std::ops::Range<u64>,
    report: &dyn Fn(u64) -> PyResult<()>,
    chunked: bool,
) -> PyResult<SimStats> {
    let mut stats = SimStats::default();
    let mut start = range.start;
    let mut chunk = if chunked { FIRST_CHUNK } else { u64::MAX };
    // A duplicate pair is never cut in two.
    let unit = if sim.mode().duplicate { 2 } else { 1 };
    while start < range.end {
        let end = range.end.min(start.saturating_add(chunk / unit * unit));
        let began = std::time::Instant::now();
        let part = watched(py, None, || sim.run_until(start..end, &cancel::current()))?;
        stats = stats.merge(&part);
        chunk = next_chunk(chunk, end - start, began.elapsed()).max(unit);
        start = end;
        report(start - range.start)?;
    }
    Ok(stats)
}

/// Games in the first chunk of a run: a few per thread of a small machine.
const FIRST_CHUNK: u64 = 4;

/// Seconds of work a chunk aims at: Ctrl-C and progress wait at most about this.
const CHUNK_SECONDS: f64 = 0.2;

/// The next chunk's size: `done` games took `took`, so aim at
/// [`CHUNK_SECONDS`], growing at most fourfold at a time. The totals are
/// exact sums, the same however a run is cut.
fn next_chunk(chunk: u64, done: u64, took: std::time::Duration) -> u64 {
    let per_game = took.as_secs_f64().max(1e-9) / done.max(1) as f64;
    let aim = (CHUNK_SECONDS / per_game).min(4.0 * chunk as f64);
    (aim as u64).clamp(1, 1 << 24)
}

/// At least one Python player: one game (or duplicate pair) at a time, the
/// GIL held.
fn run_python(
    py: Python<'_>,
    players: &[Contender; 2],
    player_seeds: [Option<u64>; 2],
    plan: &Plan,
    range: std::ops::Range<u64>,
    report: &dyn Fn(u64) -> PyResult<()>,
) -> PyResult<SimStats> {
    let mut stats = SimStats::default();
    let units = plan.mode.units(&range)?;
    let per_unit = units.end - units.start;
    let mut seat_for = |game: &Game, seat: usize, player: usize| -> PyResult<PySeat<'_>> {
        Ok(match &players[player] {
            Contender::Builtin(kind) => PySeat::Bot(Box::new(Bot::new(
                *kind,
                bot_seed(game.seed(), seat, player_seeds[player]),
            ))),
            Contender::Python(obj, _) => PySeat::Python(obj.bind(py).clone()),
        })
    };
    for (done, u) in units.enumerate() {
        play_unit(
            &plan.start,
            plan.seed,
            plan.mode,
            u,
            &mut seat_for,
            &mut stats,
        )?;
        py.check_signals()?;
        let done = done as u64 + 1;
        if done % 100 == 0 || done == per_unit {
            report(done * plan.games / per_unit.max(1))?;
        }
    }
    Ok(stats)
}

/// The seed of game `index` of a run seeded `seed`: the simulator's own, so a
/// batch in Python seeds its games as `simulate` does.
#[pyfunction]
pub fn _game_seed(seed: u64, index: u64) -> u64 {
    game_seed(seed, index)
}
