//! Five-card tables for Python (three and four players): what
//! `cribbage_fast.builders.five_card` builds with and `cribbage_fast.tables.five_card`
//! reads (the model lives in `crate::builders::crib_five` and `crate::tables::crib_five`).

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::card::{card_tuple, cards_from_py};
use super::convert::{int_for_core, seat_arg, seed_index_arg, start_arg, stop_arg};
use crate::builders::crib_five::{five_card_sums, table_match, Throws};
use crate::rules::game::GameConfig;
use crate::tables::crib_five::{
    crib_value, five_card_config, five_card_options, pegging_value, shipped_five_sums, values_of,
    Values, BLOCK_LEN, POSITIONS, SHIPPED_META,
};

fn config_of(players: &Bound<'_, PyAny>) -> PyResult<GameConfig> {
    Ok(five_card_config(int_for_core::<i64>(players, "players")?)?)
}

fn block_of<'a>(sums: &'a PyReadonlyArray1<'_, u64>) -> PyResult<&'a [u64]> {
    let block = sums.as_slice()?;
    if block.len() != BLOCK_LEN {
        return Err(PyValueError::new_err(format!(
            "five-card sums must hold {BLOCK_LEN} values, got {}",
            block.len()
        )));
    }
    Ok(block)
}

fn values_in(values: &PyReadonlyArray2<'_, f64>) -> PyResult<Values> {
    let array = values.as_array();
    if array.shape() != [POSITIONS, 13] {
        return Err(PyValueError::new_err(format!(
            "crib values must have shape ({POSITIONS}, 13), got {:?}",
            array.shape()
        )));
    }
    if array.iter().any(|v| !v.is_finite()) {
        return Err(PyValueError::new_err("crib values must be finite"));
    }
    Ok(std::array::from_fn(|p| {
        std::array::from_fn(|r| array[[p, r]])
    }))
}

fn grid(py: Python<'_>, cells: Vec<f64>) -> Bound<'_, PyArray2<f64>> {
    Array2::from_shape_vec((POSITIONS, 13), cells)
        .unwrap_or_else(|_| Array2::zeros((POSITIONS, 13)))
        .into_pyarray(py)
}

/// Sums of deals `start..stop` of a five-card build seeded `seed` (the layout
/// of `crate::tables::crib_five`): the seats throw as the Expert, or by
/// `values` ((4, 13) float64) if given; with `play`, the play is played out too.
#[pyfunction]
#[pyo3(signature = (players, seed, start, stop, values, play))]
pub fn _five_card_sums<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = seed_index_arg)] seed: u64,
    #[pyo3(from_py_with = start_arg)] start: u64,
    #[pyo3(from_py_with = stop_arg)] stop: u64,
    values: Option<PyReadonlyArray2<'py, f64>>,
    play: bool,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let config = config_of(players)?;
    let values = values.as_ref().map(values_in).transpose()?;
    let throws = values.as_ref().map_or(Throws::Expert, Throws::Table);
    let sums = py.detach(|| five_card_sums(config, seed, start..stop, throws, play))?;
    Ok(sums.into_pyarray(py))
}

/// The crib of a block of sums: (mean, standard error, deals), each (4, 13)
/// by position from the dealer and rank - 1 (NaN without deals), and the
/// values a thrower reads (a rank never thrown takes its position's mean).
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn _five_card_crib<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    sums: PyReadonlyArray1<'py, u64>,
) -> PyResult<(
    Bound<'py, PyArray2<f64>>,
    Bound<'py, PyArray2<f64>>,
    Bound<'py, PyArray2<f64>>,
    Bound<'py, PyArray2<f64>>,
)> {
    let (config, block) = (config_of(players)?, block_of(&sums)?);
    let cells: Vec<_> = (0..POSITIONS)
        .flat_map(|p| (1..=13).map(move |r| crib_value(block, config, p, r)))
        .collect();
    let pick = |f: fn(&crate::tables::crib_five::CribValue) -> f64| {
        cells
            .iter()
            .map(|c| c.as_ref().map_or(f64::NAN, f))
            .collect::<Vec<_>>()
    };
    let values: Vec<f64> = values_of(block, config).iter().flatten().copied().collect();
    Ok((
        grid(py, pick(|c| c.mean)),
        grid(py, pick(|c| c.se)),
        grid(py, pick(|c| c.deals as f64)),
        grid(py, values),
    ))
}

/// The pegging of a block of sums: (mean, standard error) per position from the
/// dealer (NaN for a missing seat) and per team (the dealer's first; NaN
/// without partners).
#[pyfunction]
pub fn _five_card_pegging<'py>(
    players: &Bound<'py, PyAny>,
    sums: PyReadonlyArray1<'py, u64>,
) -> PyResult<Vec<(f64, f64)>> {
    let (config, block) = (config_of(players)?, block_of(&sums)?);
    let nan = (f64::NAN, f64::NAN);
    let seats = (0..POSITIONS).map(|p| {
        (p < usize::from(config.players))
            .then(|| pegging_value(block, p, false))
            .flatten()
            .unwrap_or(nan)
    });
    let teams = (0..2).map(|t| {
        (config.players == 4)
            .then(|| pegging_value(block, t, true))
            .flatten()
            .unwrap_or(nan)
    });
    Ok(seats.chain(teams).collect())
}

/// Games `start..stop` of a match seeded `seed`: a thrower by `values` in one
/// seat (seat `i % players` in game `i`), Experts elsewhere, each game paired
/// with the same deals played by Experts alone. (games, the thrower's wins, the
/// Expert's wins in its seat, games whose results differ).
#[pyfunction]
pub fn _five_card_match<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    values: PyReadonlyArray2<'py, f64>,
    #[pyo3(from_py_with = seed_index_arg)] seed: u64,
    #[pyo3(from_py_with = start_arg)] start: u64,
    #[pyo3(from_py_with = stop_arg)] stop: u64,
) -> PyResult<[u64; 4]> {
    let (config, values) = (config_of(players)?, values_in(&values)?);
    Ok(py.detach(|| table_match(config, &values, seed, start..stop))?)
}

/// One keep for Python: (thrown card, kept cards, hand total, hand deals,
/// the uniform crib's total and deals, the table crib's mean, standard error
/// and deals, whether the crib is the thrower's side's, net).
type OptionRow<'py> = (
    Bound<'py, PyTuple>,
    Bound<'py, PyTuple>,
    u64,
    u64,
    u64,
    u64,
    f64,
    f64,
    u64,
    bool,
    f64,
);

/// Every keep of a five-card `hand` thrown from `seat` (0 the dealer) in a game
/// of `players`, with the crib of a block of sums, best first by net.
#[pyfunction]
pub fn _five_card_options<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    players: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = seat_arg)] seat: i64,
    sums: PyReadonlyArray1<'py, u64>,
) -> PyResult<Vec<OptionRow<'py>>> {
    let cards = cards_from_py(hand)?;
    let (config, block) = (config_of(players)?, block_of(&sums)?);
    let position = usize::try_from(seat).map_err(|_| {
        PyValueError::new_err(format!(
            "seat must be counted from the dealer from 0, got {seat}"
        ))
    })?;
    let options = py.detach(|| five_card_options(&cards, config, position, block))?;
    options
        .iter()
        .map(|o| {
            let d = o.option;
            Ok((
                card_tuple(py, d.discard().iter().copied())?,
                card_tuple(py, d.keep())?,
                d.hand_total(),
                d.hand_deals(),
                d.crib_total(),
                d.crib_deals(),
                o.crib.mean,
                o.crib.se,
                o.crib.deals,
                o.own,
                o.net(),
            ))
        })
        .collect()
}

/// The shipped five-card sums (three players, then four; empty when absent)
/// and their build record (JSON).
#[pyfunction]
pub fn _shipped_five_card(py: Python<'_>) -> (Bound<'_, PyArray1<u64>>, &'static str) {
    let sums = shipped_five_sums().unwrap_or_default().to_vec();
    (sums.into_pyarray(py), SHIPPED_META)
}
