//! Python values to engine values: integer and boolean arguments checked
//! against their range, and thread counts (cards: `card.rs`). Every binding converts its arguments here, so each kind of
//! bad input gets the same exception everywhere.

use std::ops::RangeInclusive;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::ground::pool;

pub(super) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "object".to_string(), |n| n.to_string())
}

/// What `__reduce__` returns: a callable and the arguments that rebuild
/// the object (pickle and `copy` use it).
pub type Reduce<'py, Args> = PyResult<(Bound<'py, PyAny>, Args)>;

pub(super) fn describe(obj: &Bound<'_, PyAny>) -> String {
    let repr = obj.repr().map_or_else(|_| "?".into(), |r| r.to_string());
    let repr = if repr.chars().count() > 60 {
        format!("{}...", repr.chars().take(60).collect::<String>())
    } else {
        repr
    };
    format!("{} {repr}", type_name(obj))
}

/// `obj` as a Python int: an int or anything with `__index__` (NumPy
/// integers), never a bool, float or string (a TypeError naming `name`).
pub(super) fn as_int<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyInt>> {
    let not_int =
        || PyTypeError::new_err(format!("{name} must be an integer, got {}", describe(obj)));
    // Booleans are ints to Python but never a count, seat or seed here.
    if obj.is_instance_of::<PyBool>() || type_name(obj).starts_with("bool") {
        return Err(not_int());
    }
    if let Ok(int) = obj.cast::<PyInt>() {
        return Ok(int.clone());
    }
    match obj.call_method0("__index__") {
        Ok(index) => index.cast_into::<PyInt>().map_err(|_| not_int()),
        Err(_) => Err(not_int()),
    }
}

fn range_error(
    name: &str,
    range: &RangeInclusive<i128>,
    got: &Bound<'_, PyInt>,
    note: &str,
) -> PyErr {
    PyValueError::new_err(format!(
        "{name} must be at least {} and at most {}{note}, got {got}",
        range.start(),
        range.end()
    ))
}

/// An integer argument `name` as a `T`, or `None` when its value does not
/// fit a `T` (the caller reports the range); not an integer: TypeError.
pub fn int_value<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<T>> {
    let int = as_int(obj, name)?;
    Ok(int.extract::<i128>().ok().and_then(|v| T::try_from(v).ok()))
}

/// An integer the core range-checks itself (naming its range); a value too
/// large for `T` fails here: ValueError naming `name` and the value.
pub fn int_for_core<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<T> {
    int_value(obj, name)?
        .ok_or_else(|| PyValueError::new_err(format!("{name} is out of range, got {obj}")))
}

/// `#[pyo3(from_py_with = ...)]` converters: [`int_for_core`] per parameter.
macro_rules! core_int_args {
    ($($fn_name:ident: $t:ty = $name:literal),* $(,)?) => {
        $(
            #[doc = concat!("`", $name, "` for the core (see [`int_for_core`]).")]
            pub fn $fn_name(obj: &Bound<'_, PyAny>) -> PyResult<$t> {
                int_for_core(obj, $name)
            }
        )*
    };
}

core_int_args!(
    num_players_arg: i64 = "num_players",
    target_arg: i64 = "target",
    seat_arg: i64 = "seat",
    points_arg: i64 = "points",
);

/// `#[pyo3(from_py_with = ...)]` converters: [`int_in`] over `0..=u64::MAX`
/// per parameter (a count, an index, a bit mask), so a negative or huge
/// value is a ValueError naming it, never an OverflowError.
macro_rules! index_args {
    ($($fn_name:ident = $name:literal),* $(,)?) => {
        $(
            #[doc = concat!("`", $name, "`: an integer 0 to 2**64 - 1.")]
            pub fn $fn_name(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
                int_in(obj, $name, 0..=i128::from(u64::MAX), "")
            }
        )*
    };
}

index_args!(
    start_arg = "start",
    stop_arg = "stop",
    count_arg = "count",
    mask_arg = "mask",
    seed_index_arg = "seed",
);

/// A list argument `name` of integers 0 to 2**64 - 1 (each checked as
/// [`int_in`] checks one).
pub fn index_list(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u64>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a list of integers, not a string"
        )));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name} must be a list of integers, got {}",
            describe(obj)
        ))
    })?;
    iter.map(|v| int_in(&v?, name, 0..=i128::from(u64::MAX), ""))
        .collect()
}

/// An optional seat (None: the default seat) for the core to check.
pub fn opt_seat_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    (!obj.is_none()).then(|| seat_arg(obj)).transpose()
}

/// The optional first dealer (None: cut for deal) for the core to check.
pub fn first_dealer_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    (!obj.is_none())
        .then(|| int_for_core(obj, "first_dealer"))
        .transpose()
}

/// Optional scores (None: keep the game's), one integer per side.
pub fn scores_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u16>>> {
    scores_in(obj)
}

/// Optional scores as `T`s, one integer per side, for the core to check.
pub fn scores_in<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<T>>> {
    if obj.is_none() {
        return Ok(None);
    }
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "scores must be a list of integers, not a string",
        ));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "scores must be a list of integers, got {}",
            describe(obj)
        ))
    })?;
    iter.map(|v| int_for_core(&v?, "scores"))
        .collect::<PyResult<_>>()
        .map(Some)
}

/// An optional seed: None, or any integer in `0..=2**64 - 1`.
pub fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if obj.is_none() {
        return Ok(None);
    }
    seed_in(obj, "seed").map(Some)
}

/// An integer argument `name` in `range`: a Python int or a NumPy integer.
/// Out of range (however large): ValueError naming `name` and the range,
/// then `note` (e.g. " (or None for every core)"); not an integer (bool,
/// float, str, None, ...): TypeError.
pub fn int_in<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<i128>,
    note: &str,
) -> PyResult<T> {
    let int = as_int(obj, name)?;
    int.extract::<i128>()
        .ok()
        .filter(|v| range.contains(v))
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| range_error(name, &range, &int, note))
}

/// A yes/no argument `name`: True or False (or a NumPy bool); anything else
/// is a TypeError naming `name` (no truthiness: "yes" is not True).
pub fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    if matches!(type_name(obj).as_str(), "bool" | "bool_") {
        return obj.is_truthy();
    }
    Err(PyTypeError::new_err(format!(
        "{name} must be True or False, got {}",
        describe(obj)
    )))
}

/// A seed: any integer in `0..=2**64 - 1`.
pub fn seed_in(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    int_value(obj, name)?
        .ok_or_else(|| PyValueError::new_err(format!("{name} must be 0 to 2**64 - 1, got {obj}")))
}

/// A `threads` argument: `None` (every core) or `1..=pool::MAX_THREADS`.
pub fn threads_from_py(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let max = i128::try_from(pool::MAX_THREADS).unwrap_or(i128::MAX);
    int_in(obj, "threads", 1..=max, " (or None for every core)").map(Some)
}

/// A number argument `name`: a Python or NumPy int or float, finite and in
/// `range`. Not a number (bool, str, None, ...): TypeError; NaN, infinite or
/// out of range: ValueError naming `name`.
pub fn real_in(obj: &Bound<'_, PyAny>, name: &str, range: RangeInclusive<f64>) -> PyResult<f64> {
    let not_number =
        || PyTypeError::new_err(format!("{name} must be a number, got {}", describe(obj)));
    if obj.is_instance_of::<PyBool>()
        || type_name(obj).starts_with("bool")
        || obj.is_instance_of::<PyString>()
    {
        return Err(not_number());
    }
    let value: f64 = match obj.extract() {
        Ok(value) => value,
        // An integer too large for a float is a number out of every range.
        Err(_) if as_int(obj, name).is_ok() => {
            return Err(PyValueError::new_err(format!(
                "{name} must be a finite number, got an integer too large for one ({})",
                describe(obj)
            )))
        }
        Err(_) => return Err(not_number()),
    };
    if !value.is_finite() {
        return Err(PyValueError::new_err(format!(
            "{name} must be a finite number, got {value}"
        )));
    }
    if !range.contains(&value) {
        return Err(PyValueError::new_err(format!(
            "{name} must be at least {} and at most {}, got {value}",
            range.start(),
            range.end()
        )));
    }
    Ok(value)
}

/// A text argument `name` that names one of a few choices (`expected`, as
/// the message gives them): a str, else a TypeError naming `name`.
pub fn text_in(obj: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<String> {
    obj.cast::<PyString>()
        .map(|s| s.to_string_lossy().into_owned())
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{name} must be a string ({expected}), got {}",
                describe(obj)
            ))
        })
}

/// `#[pyo3(from_py_with = ...)]` converters: [`flag`] per parameter.
macro_rules! flag_args {
    ($($fn_name:ident = $name:literal),* $(,)?) => {
        $(
            #[doc = concat!("[`flag`] for `", $name, "`.")]
            pub fn $fn_name(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
                flag(obj, $name)
            }
        )*
    };
}

flag_args!(
    crib_flag = "crib",
    dealer_flag = "dealer",
    breakdown_flag = "breakdown",
    search_flag = "search",
    go_inference_flag = "go_inference",
    discard_inference_flag = "discard_inference",
    duplicate_flag = "duplicate",
    deal_seeds_flag = "deal_seeds",
    adjusted_flag = "adjusted",
    board_flag = "board",
    pegging_table_flag = "pegging_table",
    lay_inference_flag = "lay_inference",
    adaptive_flag = "adaptive",
    kept_samples_flag = "kept_samples",
    crib_blind_flag = "crib_blind",
    mixture_flag = "mixture",
    discard_mixture_flag = "discard_mixture",
    learning_flag = "learning",
    robust_model_flag = "robust_model",
);

/// `_repr_svg_` for Jupyter: the picture is drawn by the presentation layer,
/// the public function `cribbage_fast.svg.<drawing>`.
pub fn picture(obj: &Bound<'_, PyAny>, drawing: &str) -> PyResult<String> {
    let svg = obj.py().import("cribbage_fast.svg")?;
    svg.getattr(drawing)?.call1((obj,))?.str()?.extract()
}

/// A seed from the OS's hash randomisation, for unseeded games and players.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// Points announced or claimed in muggins: 0..=29, else ValueError.
pub fn show_points(points: i64) -> PyResult<u8> {
    u8::try_from(points)
        .ok()
        .filter(|&p| p <= 29)
        .ok_or_else(|| PyValueError::new_err(format!("no show is worth {points}: the most is 29")))
}
