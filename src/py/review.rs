//! Game analysis for Python (the analysis lives in `crate::review`; the
//! report is built by `cribbage_fast.analysis.analyze`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::cancel::{watched, PyCancelToken};
use super::convert::{
    describe, int_in, real_in, robust_model_flag, seed_in, text_in, threads_from_py,
};
use super::game::{move_dict, PyGame};
use super::position::PyPosition;
use super::simulate::reporter;
use crate::bots::BotKind;
use crate::ground::error::Error;
use crate::ground::pool::Pool;
use crate::review::evaluate::evaluate;
use crate::review::position_task;
use crate::review::{
    ActionValue, Decision, GameReview, Objective, Plan, Settings, Step, MAX_BUDGET,
};
use crate::rules::game::{Move, Origin};

fn budget_arg(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    int_in(obj, "budget", 1..=i128::from(MAX_BUDGET), "")
}

fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    seed_in(obj, "seed")
}

/// Analyses a finished game of two, three or four players (a replayed `Game`): every decision's
/// equities and each seat's steps, as plain dicts. Use
/// `cribbage_fast.analysis.analyze_game`, which builds the report.
#[pyfunction]
#[pyo3(signature = (game, *, objective = Objective::Win, policy = BotKind::Expert, precision,
    budget, seed = 0, threads = None, progress = None, cancel = None, robust_model = true),
    text_signature = "(game, *, objective='win', policy='expert', precision, budget, seed=0, \
                      threads=None, progress=None, cancel=None, robust_model=True)")]
#[allow(clippy::too_many_arguments)]
pub fn _analyze_game<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyGame>,
    #[pyo3(from_py_with = objective_arg)] objective: Objective,
    #[pyo3(from_py_with = policy_arg)] policy: BotKind,
    #[pyo3(from_py_with = precision_arg)] precision: f64,
    #[pyo3(from_py_with = budget_arg)] budget: u32,
    #[pyo3(from_py_with = seed_arg)] seed: u64,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
    cancel: Option<PyRef<'py, PyCancelToken>>,
    #[pyo3(from_py_with = robust_model_flag)] robust_model: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let settings = Settings {
        robust: robust_model,
        ..Settings::new(objective, policy, precision, budget)?
    };
    let pool = Pool::new(threads_from_py(threads)?)?;
    let report = reporter(progress)?;
    let plan = plan_of(game, settings, seed)?;
    let total = plan.tasks.len();
    let chunk = 2 * pool.threads().max(1);
    let token = cancel.as_ref().map(|t| &t.0);
    let mut values = Vec::with_capacity(total);
    while values.len() < total {
        let range = values.len()..total.min(values.len() + chunk);
        values.extend(watched(py, token, || pool.install(|| plan.run(range)))?);
        report(values.len() as u64)?;
    }
    let review = py.detach(|| plan.assemble(&values))?;
    review_dict(py, &review, total)
}

/// `precision`: a finite number (the core checks that it is positive).
fn precision_arg(obj: &Bound<'_, PyAny>) -> PyResult<f64> {
    real_in(obj, "precision", f64::MIN..=f64::MAX)
}

/// `moves`: record move indexes.
fn moves_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let moves = super::convert::index_list(obj, "moves")?;
    Ok(moves
        .into_iter()
        .map(|m| usize::try_from(m).unwrap_or(usize::MAX))
        .collect())
}

/// `objective`: "win" or "points" (anything else, of any type, named).
fn objective_arg(obj: &Bound<'_, PyAny>) -> PyResult<Objective> {
    Ok(Objective::from_name(&text_in(
        obj,
        "objective",
        "\"win\" or \"points\"",
    )?)?)
}

/// `policy`: "expert" or "master", who plays the samples out.
fn policy_arg(obj: &Bound<'_, PyAny>) -> PyResult<BotKind> {
    const CHOICES: &str = "\"expert\" or \"master\"";
    match BotKind::from_name(&text_in(obj, "policy", CHOICES)?) {
        Ok(kind @ (BotKind::Expert | BotKind::Master)) => Ok(kind),
        _ => Err(PyValueError::new_err(format!(
            "policy must be {CHOICES}, got {}",
            describe(obj)
        ))),
    }
}

fn plan_of(game: PyRef<'_, PyGame>, settings: Settings, seed: u64) -> PyResult<Plan> {
    let g = &game.game;
    Ok(Plan::new(
        Origin::of(g, game.first_dealer),
        g.moves(),
        settings,
        seed,
    )?)
}

/// A decision's record move index, seat, played action and every action's equity.
type DecisionPoint = (usize, usize, Option<usize>, Vec<f64>);

/// The equities of chosen decisions of a finished game (record
/// move indexes; forced ones are left out), as `(move_index, seat, played,
/// equities)` (`played`: the index of the action played): the sampled
/// points of the calibration benchmark.
#[pyfunction]
#[pyo3(signature = (game, moves, *, objective = Objective::Win, policy = BotKind::Expert, precision,
    budget, seed = 0, threads = None, robust_model = true),
    text_signature = "(game, moves, *, objective='win', policy='expert', precision, budget, \
                      seed=0, threads=None, robust_model=True)")]
#[allow(clippy::too_many_arguments)]
pub fn _decision_equities<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyGame>,
    #[pyo3(from_py_with = moves_arg)] moves: Vec<usize>,
    #[pyo3(from_py_with = objective_arg)] objective: Objective,
    #[pyo3(from_py_with = policy_arg)] policy: BotKind,
    #[pyo3(from_py_with = precision_arg)] precision: f64,
    #[pyo3(from_py_with = budget_arg)] budget: u32,
    #[pyo3(from_py_with = seed_arg)] seed: u64,
    threads: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = robust_model_flag)] robust_model: bool,
) -> PyResult<Vec<DecisionPoint>> {
    let settings = Settings {
        robust: robust_model,
        ..Settings::new(objective, policy, precision, budget)?
    };
    let pool = Pool::new(threads_from_py(threads)?)?;
    let plan = plan_of(game, settings, seed)?;
    let picked: Vec<(usize, usize)> = plan
        .decision_tasks()
        .into_iter()
        .filter(|(m, _)| moves.contains(m))
        .collect();
    let tasks: Vec<usize> = picked.iter().map(|&(_, t)| t).collect();
    let values = watched(py, None, || pool.install(|| plan.run_some(&tasks)))?;
    Ok(picked
        .iter()
        .zip(values)
        .map(|(&(m, t), v)| {
            (
                m,
                plan.tasks[t].viewer,
                plan.tasks[t].played,
                v.iter().map(|a| a.equity).collect(),
            )
        })
        .collect())
}

/// Every action of the decision the seat to move faces in a game without
/// muggins (two, three or four players), valued from that seat's view as the
/// game analysis values it (seeded as the analysis of the finished game
/// seeds it). Keys: `seat`,
/// `move_index`, `actions` (move dicts), `equity`, `stderr`,
/// `diff_stderr`, `samples`, `pegging` (net points pegged from the action to
/// the end of the deal's play), `best`. Use `cribbage_fast.analysis.hints.hint`.
#[pyfunction]
#[pyo3(signature = (game, *, objective = Objective::Win, policy = BotKind::Expert, precision,
    budget, seed = 0, cancel = None),
    text_signature = "(game, *, objective='win', policy='expert', precision, budget, seed=0, \
                      cancel=None)")]
#[allow(clippy::too_many_arguments)]
pub fn _decision_values<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyGame>,
    #[pyo3(from_py_with = objective_arg)] objective: Objective,
    #[pyo3(from_py_with = policy_arg)] policy: BotKind,
    #[pyo3(from_py_with = precision_arg)] precision: f64,
    #[pyo3(from_py_with = budget_arg)] budget: u32,
    #[pyo3(from_py_with = seed_arg)] seed: u64,
    cancel: Option<PyRef<'py, PyCancelToken>>,
) -> PyResult<Bound<'py, PyDict>> {
    let settings = Settings::new(objective, policy, precision, budget)?;
    let g = &game.game;
    if !g.records() {
        return Err(PyValueError::new_err(
            "the game does not record its moves (record=False): nothing to value",
        ));
    }
    let (moves, origin) = (g.moves(), Origin::of(g, game.first_dealer));
    let token = cancel.as_ref().map(|t| &t.0);
    let (seat, actions, values) = watched(py, token, || {
        let (seat, actions, task) = Plan::current(origin, moves, settings, seed)?;
        if task.state.scores() != g.scores() || task.state.hand(seat) != g.hand(seat) {
            return Err(Error::Invalid(
                "the game's first deal or scores were supplied: its moves alone \
                 do not rebuild it, so it cannot be valued"
                    .into(),
            ));
        }
        evaluate(&task, &settings).map(|v| (seat, actions, v))
    })?;
    decision_values_dict(py, seat, moves.len(), &actions, &values)
}

/// Every action of the decision at a game position (two players, 121, no
/// muggins), valued from the view of its seat, which must be to move; the
/// hidden cards are drawn for each sample from what the seat saw (a study
/// position's other cards are known), and the seed is derived from `seed`
/// and the position, so one position always gets one answer. Keys as for
/// `_decision_values` (`move_index`: the moves of the position's continued
/// game, `Game.from_position`). Use `cribbage_fast.analysis.hints.hint`.
#[pyfunction]
#[pyo3(signature = (position, *, objective = Objective::Win, policy = BotKind::Expert, precision,
    budget, seed = 0, cancel = None),
    text_signature = "(position, *, objective='win', policy='expert', precision, budget, seed=0, \
                      cancel=None)")]
#[allow(clippy::too_many_arguments)]
pub fn _position_values<'py>(
    py: Python<'py>,
    position: PyRef<'py, PyPosition>,
    #[pyo3(from_py_with = objective_arg)] objective: Objective,
    #[pyo3(from_py_with = policy_arg)] policy: BotKind,
    #[pyo3(from_py_with = precision_arg)] precision: f64,
    #[pyo3(from_py_with = budget_arg)] budget: u32,
    #[pyo3(from_py_with = seed_arg)] seed: u64,
    cancel: Option<PyRef<'py, PyCancelToken>>,
) -> PyResult<Bound<'py, PyDict>> {
    let settings = Settings::new(objective, policy, precision, budget)?;
    let token = cancel.as_ref().map(|t| &t.0);
    let position = &position.position;
    let (seat, at, actions, values) = watched(py, token, || {
        let (seat, actions, task) = position_task(position, seed)?;
        let at = task.state.moves().len();
        evaluate(&task, &settings).map(|v| (seat, at, actions, v))
    })?;
    decision_values_dict(py, seat, at, &actions, &values)
}

/// The dict of one decision's values (`_decision_values`'s keys).
fn decision_values_dict<'py>(
    py: Python<'py>,
    seat: usize,
    move_index: usize,
    actions: &[Move],
    values: &[ActionValue],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", seat)?;
    d.set_item("move_index", move_index)?;
    let moves = actions
        .iter()
        .map(|m| move_dict(py, None, m))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("actions", moves)?;
    set_values(&d, values)?;
    let best = (0..values.len()).fold(0, |b, a| {
        if values[a].equity > values[b].equity {
            a
        } else {
            b
        }
    });
    d.set_item("best", best)?;
    Ok(d)
}

/// The per-action columns of an evaluation.
fn set_values(d: &Bound<'_, PyDict>, values: &[ActionValue]) -> PyResult<()> {
    let column = |f: fn(&ActionValue) -> f64| values.iter().map(f).collect::<Vec<_>>();
    d.set_item("equity", column(|v| v.equity))?;
    d.set_item("stderr", column(|v| v.stderr))?;
    d.set_item("diff_stderr", column(|v| v.diff_stderr))?;
    d.set_item("pegging", column(|v| v.pegging))?;
    d.set_item("other_equity", column(|v| v.other_equity))?;
    d.set_item("other_diff_stderr", column(|v| v.other_diff_stderr))?;
    d.set_item(
        "samples",
        values.iter().map(|v| v.samples).collect::<Vec<_>>(),
    )?;
    Ok(())
}

fn review_dict<'py>(py: Python<'py>, r: &GameReview, tasks: usize) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let objective = match r.objective {
        Objective::Win => "win",
        Objective::Points => "points",
    };
    d.set_item("objective", objective)?;
    d.set_item("start", r.start.to_vec())?;
    d.set_item("result", r.result.to_vec())?;
    d.set_item("winner", r.winner)?;
    d.set_item("evaluations", tasks)?;
    let decisions = r
        .decisions
        .iter()
        .map(|x| decision_dict(py, x))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("decisions", PyList::new(py, decisions)?)?;
    let steps = r
        .steps
        .iter()
        .map(|s| step_dict(py, s))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("steps", PyList::new(py, steps)?)?;
    Ok(d)
}

fn decision_dict<'py>(py: Python<'py>, x: &Decision) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("move_index", x.move_index)?;
    d.set_item("seat", x.seat)?;
    d.set_item("side", x.side)?;
    d.set_item("deal", x.deal)?;
    d.set_item("dealer", x.dealer)?;
    d.set_item("scores", x.scores.to_vec())?;
    let actions = x
        .actions
        .iter()
        .map(|m| move_dict(py, None, m))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("actions", actions)?;
    d.set_item("played_move", move_dict(py, None, &x.played_move)?)?;
    d.set_item("played", x.played)?;
    d.set_item("best", x.best)?;
    d.set_item("forced", x.forced)?;
    set_values(&d, &x.values)?;
    let seconds = x.values.first().map_or(0.0, |v| v.seconds);
    d.set_item("seconds", seconds)?;
    Ok(d)
}

fn step_dict<'py>(py: Python<'py>, s: &Step) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", s.seat)?;
    d.set_item("kind", s.kind.name())?;
    d.set_item("move_index", s.move_index)?;
    d.set_item("deal", s.deal)?;
    d.set_item("before", s.before)?;
    d.set_item("after", s.after)?;
    d.set_item("skill", s.skill)?;
    d.set_item("luck", s.luck)?;
    d.set_item("opponent_errors", s.opponent_errors)?;
    Ok(d)
}
