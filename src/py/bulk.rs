//! Bulk scoring for NumPy (docs/rules.md, "The show" and "The play"):
//! `score_hands`, `score_plays`, `hand_score_distribution`.
//!
//! A C-contiguous uint8 array is scored in place (no copy); any other integer
//! array is converted once to card codes, stopping at the first value that is
//! not a card, so nothing wraps around. Work runs with the GIL released, in
//! chunks of rows with a signal check between them so Ctrl-C interrupts.

use numpy::ndarray::{Array2, ArrayView2};
use numpy::prelude::*;
use numpy::{
    Element, IntoPyArray, PyArray1, PyArray2, PyArrayDescr, PyReadonlyArray2, PyUntypedArray,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use super::convert::{breakdown_flag, crib_flag, threads_from_py};
use crate::analysis::bulk;
use crate::ground::error::{Error, Result};

/// Rows per GIL-released chunk; signals are checked between chunks.
const CHUNK: usize = 1 << 20;

/// Any array-like as a NumPy array (`numpy.asarray` for lists and the like).
/// A masked array is refused: scoring its hidden values would be a silent
/// wrong answer, and dropping them would renumber the rows. Card text is
/// parsed on `threads`, as the scoring that follows.
fn as_array<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyUntypedArray>> {
    let ma = obj.py().import("numpy.ma")?;
    if ma.call_method1("isMaskedArray", (obj,))?.is_truthy()? {
        return Err(PyTypeError::new_err(format!(
            "{what} is a masked array: pass the rows to score as a plain array \
             (e.g. {what}[~{what}.mask.any(axis=1)].data)"
        )));
    }
    if let Some(codes) = super::card_text::codes_if_text(obj, what, threads)? {
        return Ok(codes);
    }
    if let Ok(arr) = obj.cast::<PyUntypedArray>() {
        return Ok(arr.clone());
    }
    let arr = obj.py().import("numpy")?.call_method1("asarray", (obj,))?;
    Ok(arr.cast_into::<PyUntypedArray>()?)
}

/// Fails with a TypeError unless the array holds integers.
fn check_integer(arr: &Bound<'_, PyUntypedArray>, what: &str) -> PyResult<()> {
    let dtype = arr.dtype();
    if matches!(dtype.kind(), b'i' | b'u') {
        Ok(())
    } else {
        Err(PyTypeError::new_err(format!(
            "{what} must be an integer array of card indices 0..51, got dtype {dtype}"
        )))
    }
}

fn shape_text(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Card codes of an (N, W) array: borrowed when it is C-contiguous uint8,
/// converted otherwise.
enum Codes<'py> {
    Borrowed(PyReadonlyArray2<'py, u8>),
    Owned(Vec<u8>),
}

impl Codes<'_> {
    fn slice(&self) -> PyResult<&[u8]> {
        match self {
            Codes::Borrowed(arr) => arr
                .as_slice()
                .map_err(|e| PyValueError::new_err(e.to_string())),
            Codes::Owned(v) => Ok(v),
        }
    }
}

/// A converted array: the codes of the rows before the first row that holds
/// a value no code can stand for, and that row with its reason.
struct Converted {
    codes: Vec<u8>,
    stop: Option<(usize, String)>,
}

/// How each integer value becomes a code (`None`: not representable).
trait Coder: Sync {
    /// The code of the value in column `col` of row `row`.
    fn code(&self, row: usize, col: usize, v: i128, unsigned_max: i128) -> Option<u8>;
    /// Why row `row` (its values as read) is bad.
    fn reason(&self, row: usize, values: &[i128], unsigned_max: i128) -> String;
}

fn convert_view<T>(view: ArrayView2<'_, T>, unsigned_max: i128, coder: &dyn Coder) -> Converted
where
    T: Copy + Into<i128> + Sync,
{
    let mut codes = Vec::with_capacity(view.len());
    for (r, row) in view.rows().into_iter().enumerate() {
        let start = codes.len();
        for (c, &v) in row.iter().enumerate() {
            match coder.code(r, c, v.into(), unsigned_max) {
                Some(code) => codes.push(code),
                None => {
                    codes.truncate(start);
                    let values: Vec<i128> = row.iter().map(|&v| v.into()).collect();
                    let reason = coder.reason(r, &values, unsigned_max);
                    return Converted {
                        codes,
                        stop: Some((r, reason)),
                    };
                }
            }
        }
    }
    Converted { codes, stop: None }
}

/// The largest value of an unsigned type of `bits` bits (what -1 wraps
/// to), or `i128::MIN` (never a value of any dtype) for a signed type.
fn unsigned_max(signed: bool, bits: usize) -> i128 {
    if signed {
        i128::MIN
    } else {
        (1i128 << bits) - 1
    }
}

fn convert_typed<'py, T>(
    arr: &Bound<'py, PyUntypedArray>,
    signed: bool,
    coder: &dyn Coder,
) -> PyResult<Option<Converted>>
where
    T: Element + Copy + Into<i128> + Sync,
{
    let py = arr.py();
    if !arr.dtype().is_equiv_to(&numpy::dtype::<T>(py)) {
        return Ok(None);
    }
    let typed = arr.cast::<PyArray2<T>>()?;
    let ro = typed
        .try_readonly()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let view = ro.as_array();
    let max = unsigned_max(signed, 8 * std::mem::size_of::<T>());
    Ok(Some(py.detach(|| convert_view(view, max, coder))))
}

/// Converts any 2-D integer array with the native byte order.
fn convert_any(arr: &Bound<'_, PyUntypedArray>, coder: &dyn Coder) -> PyResult<Converted> {
    macro_rules! try_types {
        ($arr:expr; $($t:ty: $signed:expr),*) => {
            $(if let Some(c) = convert_typed::<$t>($arr, $signed, coder)? {
                return Ok(c);
            })*
        };
    }
    try_types!(arr; u8: false, i8: true, i16: true, u16: false, i32: true, u32: false, i64: true, u64: false);
    // Another byte order: convert to the native one, then once more.
    let native = arr
        .dtype()
        .call_method1("newbyteorder", ("=",))?
        .cast_into::<PyArrayDescr>()?;
    let swapped = arr
        .call_method1("astype", (native,))?
        .cast_into::<PyUntypedArray>()?;
    try_types!(&swapped; u8: false, i8: true, i16: true, u16: false, i32: true, u32: false, i64: true, u64: false);
    Err(PyTypeError::new_err(format!(
        "unsupported integer dtype {}",
        arr.dtype()
    )))
}

/// Gets card codes from an (N, width) array; `stop` is the first row that
/// conversion found bad (rows before it are converted).
fn codes_of<'py>(
    arr: &Bound<'py, PyUntypedArray>,
    coder: &dyn Coder,
) -> PyResult<(Codes<'py>, Option<(usize, String)>)> {
    if arr.is_c_contiguous() && arr.dtype().is_equiv_to(&numpy::dtype::<u8>(arr.py())) {
        let ro = arr
            .cast::<PyArray2<u8>>()?
            .try_readonly()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        return Ok((Codes::Borrowed(ro), None));
    }
    let converted = convert_any(arr, coder)?;
    Ok((Codes::Owned(converted.codes), converted.stop))
}

/// Runs `work(first_row, input, output)` on chunks of rows with the GIL
/// released, checking for signals between chunks; bad rows are renumbered
/// from the start of the whole input.
fn chunked<F>(
    py: Python<'_>,
    input: &[u8],
    in_row: usize,
    out: &mut [u8],
    out_row: usize,
    work: F,
) -> PyResult<()>
where
    F: Fn(usize, &[u8], &mut [u8]) -> Result<()> + Sync,
{
    let ins = input.chunks(CHUNK * in_row);
    let outs = out.chunks_mut(CHUNK * out_row);
    for (k, (i, o)) in ins.zip(outs).enumerate() {
        let first = k * CHUNK;
        py.detach(|| work(first, i, o)).map_err(|e| match e {
            Error::BadRow { row, reason } => Error::BadRow {
                row: row + first,
                reason,
            },
            other => other,
        })?;
        py.check_signals()?;
    }
    Ok(())
}

struct HandCoder;

impl Coder for HandCoder {
    fn code(&self, _row: usize, _col: usize, v: i128, _max: i128) -> Option<u8> {
        u8::try_from(v).ok().filter(|&c| c < 52)
    }
    fn reason(&self, _row: usize, values: &[i128], _max: i128) -> String {
        bulk::hand_row_reason(values).unwrap_or_else(|| "invalid row".into())
    }
}

/// Rows before `stop` are checked by scoring them; if they are all good the
/// stop row is the first bad row.
fn stop_error(stop: Option<(usize, String)>) -> PyResult<()> {
    match stop {
        None => Ok(()),
        Some((row, reason)) => Err(Error::BadRow { row, reason }.into()),
    }
}

/// What a bulk scorer returns: NumPy arrays, or Arrow arrays when asked.
#[derive(Clone, Copy)]
pub enum Output {
    Numpy,
    Arrow,
}

/// Reads the `output` argument: "numpy" (the default) or "arrow".
fn output_of(obj: &Bound<'_, PyAny>) -> PyResult<Output> {
    match obj.extract::<&str>() {
        Ok("numpy") => Ok(Output::Numpy),
        Ok("arrow") => Ok(Output::Arrow),
        _ => Err(PyValueError::new_err(format!(
            "output must be \"numpy\" or \"arrow\", got {}",
            super::convert::describe(obj)
        ))),
    }
}

/// `result` as asked: itself, or an Arrow array (a struct array with
/// `fields` when given) made by `cribbage_fast.bulk.text`.
fn as_output<'py>(
    result: Bound<'py, PyAny>,
    output: Output,
    fields: Option<&[&str]>,
) -> PyResult<Bound<'py, PyAny>> {
    match output {
        Output::Numpy => Ok(result),
        Output::Arrow => result
            .py()
            .import("cribbage_fast.bulk.text")?
            .call_method1("to_arrow", (&result, fields)),
    }
}

/// Score many shows at once.
///
/// Parameters
/// ----------
/// cards : array_like of int, shape (N, 5)
///     Card indices (``Card.index``, 0..51): columns 0-3 the hand (or crib),
///     column 4 the starter. A C-contiguous ``uint8`` array is read in place;
///     any other integer array (any dtype, strides or byte order, or a nested
///     list) is converted once, and a value that is not a card is an error,
///     never wrapped around. Card text is parsed first (see
///     ``cribbage_fast.bulk.text.card_indices``): an (N, 5) array of single
///     cards, or N hands of five cards as a NumPy array, a list, or an Arrow,
///     polars or pandas column. With `starter`: the hands alone, shape
///     (N, 4), or N hands of four cards as text.
/// crib : bool, default False
///     Score as a crib (a flush needs the starter's suit too).
/// starter : array_like or Card or str, optional
///     The starters, one a row (N card indices, or N cards as text or
///     ``Card`` objects), or one card for every row; ``None``: the starter
///     is the last card of each row of `cards`.
/// threads : int or None, default None
///     ``None`` runs on every core; otherwise 1 to 256 threads. Pools are
///     cached and bounded, and the result never depends on the thread count.
/// breakdown : bool, default False
///     Return the (N, 5) parts (``BREAKDOWN_COLUMNS``) instead of totals.
/// output : {"numpy", "arrow"}, default "numpy"
///     ``"arrow"`` returns a ``pyarrow.Array`` instead, ready for a
///     DataFrame or Arrow table column: the totals as a ``uint8`` array
///     (sharing the NumPy result's memory, no copy), or the breakdown as a
///     ``pyarrow.StructArray`` with a ``uint8`` field per part.
///
/// Returns
/// -------
/// numpy.ndarray of uint8, or pyarrow.Array
///     The N totals, or the (N, 5) breakdown whose columns sum to them.
///
/// Raises
/// ------
/// ValueError
///     A shape other than (N, 5) ((N, 4) and N starters with `starter`), a
///     value outside 0..51 or a card repeated in a row (naming the first bad
///     row), ``threads`` outside 1..256, or an ``output`` other than "numpy"
///     or "arrow".
/// TypeError
///     A non-integer or masked array, or a non-integer ``threads``.
/// ImportError
///     ``output="arrow"`` without pyarrow (the ``tables`` extra).
///
/// Notes
/// -----
/// The GIL is released; long inputs run in chunks and Ctrl-C interrupts
/// between them.
///
/// Examples
/// --------
/// >>> import numpy as np
/// >>> from cribbage_fast import Card, score_hands
/// >>> rows = np.array([[Card(t).index for t in "5H 5D 5C JS 5S".split()]])
/// >>> score_hands(rows, threads=1)
/// array([29], dtype=uint8)
/// >>> score_hands(["5H 5D 5C JS 5S", "4S 5H 5D 6C KS"])
/// array([29, 16], dtype=uint8)
/// >>> score_hands(["5H 5D 5C JS 5S", "4S 5H 5D 6C KS"], output="arrow").to_pylist()
/// [29, 16]
/// >>> score_hands(["5H 5D 5C JS", "4S 5H 5D 6C"], starter=["5S", "KS"])
/// array([29, 16], dtype=uint8)
#[pyfunction]
#[pyo3(signature = (cards, crib = false, *, starter = None, threads = None, breakdown = false, output = Output::Numpy))]
pub fn score_hands<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = crib_flag)] crib: bool,
    starter: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = breakdown_flag)] breakdown: bool,
    #[pyo3(from_py_with = output_of)] output: Output,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = threads_from_py(threads)?;
    let fields = breakdown.then_some(&bulk::BREAKDOWN_COLUMNS[..]);
    // Hands and starters side by side: then scored as any (N, 5) rows.
    let joined;
    let cards = match starter.filter(|s| !s.is_none()) {
        Some(starter) => {
            joined = py
                .import("cribbage_fast.bulk.text")?
                .call_method1("with_starter", (cards, starter, threads))?;
            &joined
        }
        None => cards,
    };
    if let Some(scores) = super::card_text::scores_if_text(cards, crib, breakdown, threads)? {
        return as_output(scores, output, fields);
    }
    let arr = as_array(cards, "cards", threads)?;
    if arr.ndim() != 2 || arr.shape()[1] != bulk::ROW {
        return Err(PyValueError::new_err(format!(
            "cards must have shape (N, 5): four hand cards then the starter per row, got shape {}",
            shape_text(arr.shape())
        )));
    }
    check_integer(&arr, "cards")?;
    let (codes, stop) = codes_of(&arr, &HandCoder)?;
    let input = codes.slice()?;
    let n = input.len() / bulk::ROW;
    let width = bulk::show_values(breakdown);
    let mut out = vec![0u8; n * width];
    chunked(py, input, bulk::ROW, &mut out, width, |_, i, o| {
        if breakdown {
            bulk::score_hands_breakdown_into(i, crib, threads, o)
        } else {
            bulk::score_hands_into(i, crib, threads, o)
        }
    })?;
    stop_error(stop)?;
    if breakdown {
        let table = Array2::from_shape_vec((n, 5), out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        as_output(table.into_pyarray(py).into_any(), output, fields)
    } else {
        as_output(PyArray1::from_vec(py, out).into_any(), output, None)
    }
}

struct PileCoder<'a> {
    lengths: Option<&'a [i64]>,
}

impl Coder for PileCoder<'_> {
    fn code(&self, row: usize, col: usize, v: i128, unsigned_max: i128) -> Option<u8> {
        if v == -1 || v == unsigned_max {
            return Some(bulk::PAD);
        }
        if let Some(card) = u8::try_from(v).ok().filter(|&c| c < 52) {
            return Some(card);
        }
        // Past a given length anything goes.
        let len = self.lengths.and_then(|l| l.get(row).copied());
        match len {
            Some(len) if usize::try_from(len).is_ok_and(|len| col >= len) => Some(bulk::PAD),
            _ => None,
        }
    }
    fn reason(&self, row: usize, values: &[i128], unsigned_max: i128) -> String {
        let len = self.lengths.and_then(|l| l.get(row).copied());
        let values: Vec<i128> = values
            .iter()
            .map(|&v| if v == unsigned_max { -1 } else { v })
            .collect();
        match bulk::play_row_cards(&values, len, &mut Vec::new()) {
            Err(reason) => reason,
            Ok(()) => "invalid row".into(),
        }
    }
}

/// Pile lengths as i64 (values past i64 saturate; they are bad anyway).
fn lengths_of(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let arr = as_array(obj, "lengths", None)?;
    if arr.shape() != [n] {
        return Err(PyValueError::new_err(format!(
            "lengths must have shape ({n},), one per pile, got shape {}",
            shape_text(arr.shape())
        )));
    }
    let dtype = arr.dtype();
    if !matches!(dtype.kind(), b'i' | b'u') {
        return Err(PyTypeError::new_err(format!(
            "lengths must be an integer array, got dtype {dtype}"
        )));
    }
    macro_rules! try_types {
        ($($t:ty),*) => {
            $(if dtype.is_equiv_to(&numpy::dtype::<$t>(obj.py())) {
                let typed = arr.cast::<PyArray1<$t>>()?;
                let ro = typed
                    .try_readonly()
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                return Ok(ro
                    .as_array()
                    .iter()
                    .map(|&v| i64::try_from(i128::from(v)).unwrap_or(i64::MAX))
                    .collect());
            })*
        };
    }
    try_types!(u8, i8, i16, u16, i32, u32, i64, u64);
    let native = dtype.call_method1("newbyteorder", ("=",))?;
    let swapped = arr.call_method1("astype", (native,))?;
    if swapped
        .cast::<PyUntypedArray>()?
        .dtype()
        .is_equiv_to(&dtype)
    {
        return Err(PyTypeError::new_err(format!(
            "unsupported integer dtype {dtype} for lengths"
        )));
    }
    lengths_of(&swapped, n)
}

/// Points pegged by the last card of many piles at once.
///
/// Parameters
/// ----------
/// piles : array_like of int, shape (N, W)
///     Each row is the cards laid since the count last reset, in order, as
///     card indices, padded with ``-1`` (for unsigned dtypes the value -1
///     wraps to, e.g. 255 for ``uint8``). Card text is read as for
///     ``score_hands``, a pile per row ("4S 6H 5D"), padded to the longest.
/// lengths : array_like of int, shape (N,), optional
///     The number of cards of each row; the rest of the row is ignored.
/// threads : int or None, default None
///     As for ``score_hands``: ``None`` every core, else 1 to 256.
/// output : {"numpy", "arrow"}, default "numpy"
///     ``"arrow"`` returns a ``uint8`` ``pyarrow.Array`` sharing the NumPy
///     result's memory.
///
/// Returns
/// -------
/// numpy.ndarray of uint8, or pyarrow.Array
///     What ``score_play`` gives for each pile.
///
/// Raises
/// ------
/// ValueError
///     A bad shape, a bad row (naming the first one and why), ``threads``
///     outside 1..256, or an ``output`` other than "numpy" or "arrow".
/// TypeError
///     A non-integer or masked array, or a non-integer ``threads``.
/// ImportError
///     ``output="arrow"`` without pyarrow (the ``tables`` extra).
///
/// Examples
/// --------
/// >>> import numpy as np
/// >>> from cribbage_fast import Card, score_plays
/// >>> idx = lambda text: [Card(t).index for t in text.split()]
/// >>> score_plays(np.array([idx("4S 6H 5D") + [-1], idx("5S 5H 5D 5C")]))
/// array([ 5, 12], dtype=uint8)
/// >>> score_plays(["4S 6H 5D", "5S 5H 5D 5C"], output="arrow").to_pylist()
/// [5, 12]
#[pyfunction]
#[pyo3(signature = (piles, lengths = None, *, threads = None, output = Output::Numpy))]
pub fn score_plays<'py>(
    py: Python<'py>,
    piles: &Bound<'py, PyAny>,
    lengths: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = output_of)] output: Output,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = threads_from_py(threads)?;
    let arr = as_array(piles, "piles", threads)?;
    if arr.ndim() != 2 || arr.shape()[1] == 0 {
        return Err(PyValueError::new_err(format!(
            "piles must have shape (N, W) with W >= 1: the cards laid since the count last \
             reset, padded with -1, got shape {}",
            shape_text(arr.shape())
        )));
    }
    check_integer(&arr, "piles")?;
    let (n, width) = (arr.shape()[0], arr.shape()[1]);
    let lengths = lengths.map(|l| lengths_of(l, n)).transpose()?;
    let coder = PileCoder {
        lengths: lengths.as_deref(),
    };
    let (codes, stop) = codes_of(&arr, &coder)?;
    let input = codes.slice()?;
    let mut out = vec![0u8; input.len() / width];
    let lengths = lengths.as_deref();
    chunked(py, input, width, &mut out, 1, |first, i, o| {
        let l = lengths.and_then(|l| l.get(first..first + o.len()));
        bulk::score_plays_into(i, width, l, threads, o)
    })?;
    stop_error(stop)?;
    as_output(PyArray1::from_vec(py, out).into_any(), output, None)
}

/// How many of the 12,994,800 (4-card hand, starter) deals score each of 0..29.
///
/// Parameters
/// ----------
/// crib : bool, default False
///     Count crib shows (a flush needs all five cards).
///
/// Returns
/// -------
/// numpy.ndarray of int64, shape (30,)
///     The number of deals per score; exact, computed in closed form.
///
/// Raises
/// ------
/// TypeError
///     ``crib`` is not True or False.
///
/// Examples
/// --------
/// >>> from cribbage_fast import hand_score_distribution
/// >>> dist = hand_score_distribution()
/// >>> int(dist.sum()), int(dist[29]), int(dist[19])
/// (12994800, 4, 0)
#[pyfunction]
#[pyo3(signature = (crib = false))]
pub fn hand_score_distribution(
    py: Python<'_>,
    #[pyo3(from_py_with = crib_flag)] crib: bool,
) -> Bound<'_, PyArray1<i64>> {
    let dist = py.detach(|| bulk::hand_score_distribution(crib));
    let counts: Vec<i64> = dist
        .iter()
        .map(|&c| i64::try_from(c).unwrap_or(i64::MAX))
        .collect();
    PyArray1::from_vec(py, counts)
}
