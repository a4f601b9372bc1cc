//! `simulate([players])` for Python: tables of three and four built-in
//! players (the simulator lives in `crate::bots::simulate`; the two-player
//! call and `SimulationStats` in `super::simulate`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use super::bots::{contender, Contender};
use super::convert::{adjusted_flag, duplicate_flag};
use super::convert::{describe, int_in};
use super::simulate::{
    player_seed, reporter, run_builtin, simulate_pair, table_start, Plan, PySimStats,
};
use crate::bots::simulate::{GameRanges, Mode, Simulator, Start};
use crate::bots::BotKind;

/// The keywords of `simulate` that a table of three or four reads or refuses.
pub(super) struct TableArgs<'py> {
    pub(super) first_game: Option<Bound<'py, PyAny>>,
    pub(super) scores: Option<Bound<'py, PyAny>>,
    pub(super) first_dealer: Option<Bound<'py, PyAny>>,
    pub(super) position: Option<Bound<'py, PyAny>>,
    pub(super) mode: Mode,
}

/// `simulate(players)`: a list of two to four built-in players, one a seat.
pub(super) fn simulate_table(
    py: Python<'_>,
    players: &Bound<'_, PyAny>,
    games: Option<Bound<'_, PyAny>>,
    seed: Option<Bound<'_, PyAny>>,
    threads: Option<Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
    args: TableArgs<'_>,
) -> PyResult<PySimStats> {
    // The numbers first, at any table: a bad `games` is named before the players.
    let plan = Plan::new(
        games.as_ref(),
        seed.as_ref(),
        threads.as_ref(),
        args.first_game.as_ref(),
        None,
        None,
        None,
        Mode::default(),
    )?;
    let seats = table_players(players)?;
    if let [a, b] = &seats[..] {
        let t = args;
        return simulate_pair(
            py,
            a,
            b,
            games,
            seed,
            threads,
            progress,
            t.first_game,
            t.scores,
            t.first_dealer,
            t.mode.duplicate,
            t.mode.adjusted,
            t.position,
        );
    }
    let n = seats.len();
    refuse_pair_options(n, &args)?;
    let start = start_of(n, &args)?;
    let (kinds, player_seeds) = builtin_seats(&seats)?;
    let chunked = progress.is_some();
    let report = reporter(progress)?;
    let range = plan.first_game..plan.first_game + plan.games;
    let sim = Simulator::table(&kinds, plan.seed, plan.threads)?
        .with_player_seeds(player_seeds.iter().copied())
        .with_start(start.clone());
    let stats = run_builtin(py, &sim, range.clone(), &report, chunked)?;
    Ok(PySimStats {
        stats,
        names: kinds.iter().map(|k| k.name().to_string()).collect(),
        player_seeds,
        seed: plan.seed,
        start,
        ranges: GameRanges::new([range])?,
    })
}

/// The start of every game at a table of `n`: 0-0 (scores are refused), the
/// first dealer as given or round the table.
fn start_of(n: usize, args: &TableArgs<'_>) -> PyResult<Start> {
    let first_dealer = args
        .first_dealer
        .as_ref()
        .filter(|d| !d.is_none())
        .map(|d| int_in(d, "first_dealer", 0..=n as i128 - 1, ""))
        .transpose()?;
    let scores_given = args.scores.as_ref().is_some_and(|s| !s.is_none());
    table_start(n, scores_given, first_dealer)
}

/// Refuses the options of two players only (`duplicate`, `adjusted`, `position`).
fn refuse_pair_options(n: usize, args: &TableArgs<'_>) -> PyResult<()> {
    for (what, given) in [
        ("duplicate", args.mode.duplicate),
        ("adjusted", args.mode.adjusted),
        (
            "position",
            args.position.as_ref().is_some_and(|p| !p.is_none()),
        ),
    ] {
        if given {
            return Err(PyValueError::new_err(format!(
                "{what}: {n}-player simulations play plain games from 0 (two players only)"
            )));
        }
    }
    Ok(())
}

/// The bot of each seat and its player seed; a Python player is refused.
fn builtin_seats(seats: &[Bound<'_, PyAny>]) -> PyResult<(Vec<BotKind>, Vec<Option<u64>>)> {
    let n = seats.len();
    let mut kinds = Vec::with_capacity(n);
    let mut player_seeds = Vec::with_capacity(n);
    for (seat, p) in seats.iter().enumerate() {
        match contender(p)? {
            Contender::Builtin(kind) => kinds.push(kind),
            Contender::Python(_, name) => {
                return Err(PyTypeError::new_err(format!(
                    "players[{seat}]: {n}-player simulations take built-in players only, got {name}"
                )))
            }
        }
        player_seeds.push(player_seed(p)?);
    }
    Ok((kinds, player_seeds))
}

/// The players of `simulate(players)`: a list or tuple of two to four.
fn table_players<'py>(players: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let is_sequence = players.is_instance_of::<pyo3::types::PyList>()
        || players.is_instance_of::<pyo3::types::PyTuple>();
    if !is_sequence {
        return Err(PyTypeError::new_err(format!(
            "simulate takes two players (a, b) or one list of 2 to 4 players, got {} alone",
            describe(players)
        )));
    }
    let seats: Vec<Bound<'py, PyAny>> = players.try_iter()?.collect::<PyResult<_>>()?;
    if !(2..=4).contains(&seats.len()) {
        return Err(PyValueError::new_err(format!(
            "players: cribbage is played by 2, 3 or 4 players, got a list of {}",
            seats.len()
        )));
    }
    Ok(seats)
}

/// Plays seeded two-player games (121 points, no muggins) between `a` (seat
/// 0) and `b` (seat 1).
///
/// Game ``i`` is dealt from a seed derived from ``(seed, i)`` and is the same
/// game whatever range it is played in, so runs over disjoint ranges
/// (`first_game`) merge exactly (``a + b``). Two built-in players run entirely
/// in Rust with the GIL released, on `threads` threads, in short chunks
/// (Ctrl-C stops them within about a second, between two moves or inside a
/// search; progress is reported every 0.2 s or so); the statistics do not depend on the thread
/// count. With a Python player the games run one at a time with the GIL held.
///
/// Parameters
/// ----------
/// a, b : str, player object or class
///     A bot name (``"random"``, ``"greedy"``, ``"expert"``, ``"master"``), a built-in
///     player object or class, or any object with ``discard(view)`` and
///     ``play(view)`` (a `PlayerProtocol`). Bots are seeded from the game's
///     seed; a seeded ``RandomPlayer(seed=s)`` also mixes in its own seed (an
///     unseeded one drew a fresh seed when it was made).
/// games : int, default 1000
///     Games to play, 1 to 2**63 - 1.
/// seed : int, default 0
///     The simulation's seed, 0 to 2**64 - 1.
/// threads : int or None, default None
///     Threads to use, 1 to 256; None uses every core.
/// progress : callable or None, default None
///     Called as ``progress(done)`` with the games finished so far in this
///     call, after each chunk.
/// first_game : int, default 0
///     The index of the first game played: games ``first_game`` to
///     ``first_game + games - 1``.
/// scores : (int, int) or None, default None
///     The board position every game starts from: seat 0's and seat 1's
///     points, each 0 to 120. None starts at 0-0.
/// first_dealer : 0, 1 or None, default None
///     The seat that deals first in every game; None alternates (seat 0 deals
///     first in even games).
/// duplicate : bool, default False
///     Games in pairs with the same deals and the seats swapped.
/// adjusted : bool, default False
///     Measure each game's luck.
/// position : Position or None, default None
///     Every game continues from this game position instead (seat 0 and seat
///     1 as in the position, which gives the scores and the dealer): the cards
///     its seat has not seen are dealt afresh for each game from the game's
///     seed, consistently with what it saw (`Game.from_position`). Not with
///     `scores`, `first_dealer` or `duplicate`; the statistics' start is the
///     position's scores and dealer. `cribbage_fast.play_out` names it.
///
/// Returns
/// -------
/// SimulationStats
///     Exact totals with win rates, Wilson intervals and per-deal means.
///
/// Raises
/// ------
/// ValueError
///     An unknown bot name, or a number out of range (the message names the
///     parameter).
/// TypeError
///     A player that is neither a name nor a player object, a non-integer
///     number, or a `progress` that cannot be called.
///
/// Examples
/// --------
/// >>> from cribbage_fast import simulate
/// >>> stats = simulate("expert", "greedy", games=100, seed=7, threads=1)
/// >>> stats.games, sum(stats.wins), stats.players
/// (100, 100, ('expert', 'greedy'))
/// >>> rest = simulate("expert", "greedy", games=50, seed=7, first_game=100)
/// >>> (stats + rest).ranges
/// [(0, 150)]
/// >>> late = simulate("greedy", "greedy", games=100, seed=7, scores=(115, 100))
/// >>> late.start_scores, late.wins[0] > late.wins[1]
/// ((115, 100), True)
#[pyfunction]
#[pyo3(
    signature = (
        a, b = None, games = None, seed = None, threads = None, progress = None,
        *, first_game = None, scores = None, first_dealer = None, duplicate = false,
        adjusted = false, position = None
    ),
    text_signature = "(a, b=None, games=1000, seed=0, threads=None, progress=None, *, \
                      first_game=0, scores=None, first_dealer=None, duplicate=False, \
                      adjusted=False, position=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: Option<Bound<'_, PyAny>>,
    games: Option<Bound<'_, PyAny>>,
    seed: Option<Bound<'_, PyAny>>,
    threads: Option<Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
    first_game: Option<Bound<'_, PyAny>>,
    scores: Option<Bound<'_, PyAny>>,
    first_dealer: Option<Bound<'_, PyAny>>,
    #[pyo3(from_py_with = duplicate_flag)] duplicate: bool,
    #[pyo3(from_py_with = adjusted_flag)] adjusted: bool,
    position: Option<Bound<'_, PyAny>>,
) -> PyResult<PySimStats> {
    let mode = Mode {
        duplicate,
        adjusted,
    };
    let Some(b) = b.filter(|b| !b.is_none()) else {
        let table = TableArgs {
            first_game,
            scores,
            first_dealer,
            position,
            mode,
        };
        return super::sim_table::simulate_table(py, a, games, seed, threads, progress, table);
    };
    simulate_pair(
        py,
        a,
        &b,
        games,
        seed,
        threads,
        progress,
        first_game,
        scores,
        first_dealer,
        duplicate,
        adjusted,
        position,
    )
}
