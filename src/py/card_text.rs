//! Card text in bulk (the core's `card_text`) for `cribbage_fast.bulk.text`:
//! Arrow string buffers and NumPy `<U` arrays are read in place with the GIL
//! released; Python lists and object arrays are copied to UTF-8 while
//! attached. Each returns the (N, width) uint8 codes and the bad cells as
//! (row, column, reason); the Python side raises or reports them.

use numpy::ndarray::Array2;
use numpy::prelude::*;
use numpy::{PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray3, PyUntypedArray};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::convert::{flag, int_in, threads_from_py};
use crate::analysis::bulk;
use crate::ground::card_text::{self, Cells, Layout, Ucs4Grid, Utf8Column, ViewColumn};

/// Codes and bad cells (row, column, reason).
type Parsed<'py> = (Bound<'py, PyArray2<u8>>, Vec<(usize, usize, String)>);

/// How to read the cells, as the Python side asked.
#[derive(Clone, Copy)]
struct Ask {
    layout: Layout,
    width: Option<usize>,
    max_bad: usize,
    threads: Option<usize>,
}

impl Ask {
    fn new(
        hands: bool,
        width: Option<&Bound<'_, PyAny>>,
        pad: &Bound<'_, PyAny>,
        max_bad: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Ask> {
        let width = match width {
            Some(w) if !w.is_none() => Some(int_in(w, "width", 1..=52, "")?),
            _ => None,
        };
        let pad = flag(pad, "pad")?;
        let max_bad = int_in(max_bad, "max_bad", 1..=i128::from(u32::MAX), "")?;
        Ok(Ask {
            layout: if hands {
                Layout::Hands { pad }
            } else {
                Layout::Cards
            },
            width,
            max_bad,
            threads: threads_from_py(threads)?,
        })
    }

    /// Cards per row: asked for, the columns, the fullest hand (padding)
    /// or the first hand.
    fn width_of<C: Cells>(&self, chunks: &[C]) -> PyResult<usize> {
        if let Some(width) = self.width {
            return Ok(width);
        }
        match self.layout {
            Layout::Cards => Ok(chunks.first().map_or(0, Cells::columns)),
            Layout::Hands { pad: true } => {
                let counts = chunks
                    .iter()
                    .map(|c| card_text::most_cards(c, self.threads))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(counts.into_iter().max().unwrap_or(0))
            }
            Layout::Hands { pad: false } => Ok(chunks
                .iter()
                .find(|c| c.rows() > 0)
                .map_or(0, card_text::first_count)),
        }
    }
}

/// Parses `chunks` (consecutive rows) with the GIL released.
fn parse<'py, C: Cells>(py: Python<'py>, chunks: &[C], ask: Ask) -> PyResult<Parsed<'py>> {
    let rows: usize = chunks.iter().map(Cells::rows).sum();
    let width = py.detach(|| ask.width_of(chunks))?;
    if width == 0 && rows > 0 {
        return Err(PyValueError::new_err(
            "row 0, column 0: no cards (the first row sets how many cards each row holds)",
        ));
    }
    // Zeroed memory comes from the allocator without a pass over it; every
    // row is then written, or filled with NO_CARD by `parse_cells`.
    let mut out = vec![0; rows * width];
    let bad = py.detach(|| -> PyResult<_> {
        let mut bad = Vec::new();
        let mut rest = out.as_mut_slice();
        let mut first = 0;
        for chunk in chunks {
            let (mine, others) = rest.split_at_mut(chunk.rows() * width);
            rest = others;
            if width > 0 && bad.len() < ask.max_bad {
                let left = ask.max_bad - bad.len();
                let found =
                    card_text::parse_cells(chunk, ask.layout, width, left, ask.threads, mine)?;
                bad.extend(
                    found
                        .into_iter()
                        .map(|b| (b.row + first, b.column, b.reason)),
                );
            } else {
                mine.fill(card_text::NO_CARD);
            }
            first += chunk.rows();
        }
        Ok(bad)
    })?;
    let codes = Array2::from_shape_vec((rows, width), out)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((codes.into_pyarray(py), bad))
}

/// What is done with the columns once they are read: their codes ([`Ask`])
/// or their hands' scores ([`Score`]).
trait Job: Copy {
    type Out<'py>;
    fn run<'py, C: Cells>(self, py: Python<'py>, columns: &[C]) -> PyResult<Self::Out<'py>>;
}

impl Job for Ask {
    type Out<'py> = Parsed<'py>;
    fn run<'py, C: Cells>(self, py: Python<'py>, columns: &[C]) -> PyResult<Parsed<'py>> {
        parse(py, columns, self)
    }
}

/// Rows scored between checks for Ctrl-C.
const PIECE: usize = 1 << 20;

/// Hands of card text scored a block at a time as they are parsed
/// (`bulk::score_text_hands_into`): the scores, one a row or five with
/// `breakdown`, or `None` if a row is bad text or no hand (the caller then
/// takes the long way, which names the fault).
#[derive(Clone, Copy)]
struct Score {
    layout: Layout,
    crib: bool,
    breakdown: bool,
    threads: Option<usize>,
}

impl Job for Score {
    type Out<'py> = Option<Bound<'py, PyArray2<u8>>>;
    fn run<'py, C: Cells>(self, py: Python<'py>, columns: &[C]) -> PyResult<Self::Out<'py>> {
        let rows: usize = columns.iter().map(Cells::rows).sum();
        let per_row = bulk::show_values(self.breakdown);
        let mut out = vec![0; rows * per_row];
        let mut rest = out.as_mut_slice();
        let show = (self.crib, self.breakdown);
        for column in columns {
            let (mine, others) = rest.split_at_mut(column.rows() * per_row);
            rest = others;
            // A piece at a time without the GIL, so Ctrl-C is seen between.
            for (k, piece) in mine.chunks_mut(PIECE * per_row).enumerate() {
                let scored = py.detach(|| {
                    let first = k * PIECE;
                    bulk::score_text_hands_into(
                        column,
                        self.layout,
                        show,
                        first,
                        self.threads,
                        piece,
                    )
                })?;
                if !scored {
                    return Ok(None);
                }
                py.check_signals()?;
            }
        }
        let scores = Array2::from_shape_vec((rows, per_row), out)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Some(scores.into_pyarray(py)))
    }
}

fn readonly<'py, T: numpy::Element>(
    arr: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<PyReadonlyArray1<'py, T>> {
    let arr = arr
        .cast::<PyArray1<T>>()
        .map_err(|_| PyTypeError::new_err(format!("{what}: expected a 1-D array")))?;
    arr.try_readonly()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One Arrow chunk: its offsets (int32 or int64) or `string_view` views
/// (uint8), its data buffers, its validity bitmap (or None) and the bit
/// offset of its first row in that bitmap.
type Chunk<'py> = (
    Bound<'py, PyAny>,
    Vec<Bound<'py, PyAny>>,
    Option<Bound<'py, PyAny>>,
    usize,
);

/// A chunk's arrays, borrowed read-only while the core reads them.
struct Held<'py, T: numpy::Element> {
    index: PyReadonlyArray1<'py, T>,
    buffers: Vec<PyReadonlyArray1<'py, u8>>,
    validity: Option<(PyReadonlyArray1<'py, u8>, usize)>,
}

impl<'py, T: numpy::Element> Held<'py, T> {
    fn new(chunk: &Chunk<'py>) -> PyResult<Self> {
        let (index, buffers, validity, bit) = chunk;
        Ok(Held {
            index: readonly::<T>(index, "offsets or views")?,
            buffers: buffers
                .iter()
                .map(|b| readonly::<u8>(b, "data"))
                .collect::<PyResult<_>>()?,
            validity: validity
                .as_ref()
                .map(|v| Ok::<_, PyErr>((readonly::<u8>(v, "validity")?, *bit)))
                .transpose()?,
        })
    }

    fn all(chunks: &[Chunk<'py>]) -> PyResult<Vec<Self>> {
        chunks.iter().map(Held::new).collect()
    }

    fn bits(&self) -> PyResult<Option<(&[u8], usize)>> {
        self.validity
            .as_ref()
            .map(|(v, bit)| Ok((v.as_slice()?, *bit)))
            .transpose()
    }

    fn buffers(&self) -> PyResult<Vec<&[u8]>> {
        Ok(self
            .buffers
            .iter()
            .map(|b| b.as_slice())
            .collect::<Result<_, _>>()?)
    }
}

fn offset_chunks<'py, O, J>(py: Python<'py>, chunks: &[Chunk<'py>], job: J) -> PyResult<J::Out<'py>>
where
    O: numpy::Element + Copy + PartialOrd + TryInto<usize> + Sync,
    J: Job,
{
    let held = Held::<O>::all(chunks)?;
    let columns = held
        .iter()
        .map(|h| {
            let [data] = h.buffers()?[..] else {
                return Err(PyValueError::new_err("a string chunk has one data buffer"));
            };
            Ok(Utf8Column::new(h.index.as_slice()?, data, h.bits()?)?)
        })
        .collect::<PyResult<Vec<_>>>()?;
    job.run(py, &columns)
}

fn view_chunks<'py, J: Job>(
    py: Python<'py>,
    chunks: &[Chunk<'py>],
    job: J,
) -> PyResult<J::Out<'py>> {
    let held = Held::<u8>::all(chunks)?;
    let columns = held
        .iter()
        .map(|h| {
            Ok(ViewColumn::new(
                h.index.as_slice()?,
                h.buffers()?,
                h.bits()?,
            )?)
        })
        .collect::<PyResult<Vec<_>>>()?;
    job.run(py, &columns)
}

/// Runs `job` on the chunks (consecutive rows) of an Arrow column of type
/// `kind`: "string", "large_string" or "string_view".
fn arrow_job<'py, J: Job>(
    py: Python<'py>,
    chunks: &[Chunk<'py>],
    kind: &str,
    job: J,
) -> PyResult<J::Out<'py>> {
    match kind {
        "string" => offset_chunks::<i32, J>(py, chunks, job),
        "large_string" => offset_chunks::<i64, J>(py, chunks, job),
        "string_view" => view_chunks(py, chunks, job),
        _ => Err(PyTypeError::new_err(format!(
            "no reader for Arrow type {kind}"
        ))),
    }
}

/// Card codes of the chunks (consecutive rows) of an Arrow column of type
/// `kind`: "string", "large_string" or "string_view".
#[pyfunction]
#[pyo3(signature = (chunks, kind, *, hands, width, pad, max_bad, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn _card_indices_arrow<'py>(
    py: Python<'py>,
    chunks: Vec<Chunk<'py>>,
    kind: &str,
    hands: bool,
    width: Option<&Bound<'py, PyAny>>,
    pad: &Bound<'py, PyAny>,
    max_bad: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Parsed<'py>> {
    let ask = Ask::new(hands, width, pad, max_bad, threads)?;
    arrow_job(py, &chunks, kind, ask)
}

/// Card codes of a NumPy `<U` array viewed as (rows, columns, width) code points.
#[pyfunction]
#[pyo3(signature = (codes, *, hands, width, pad, max_bad, threads = None))]
pub fn _card_indices_ucs4<'py>(
    py: Python<'py>,
    codes: PyReadonlyArray3<'py, u32>,
    hands: bool,
    width: Option<&Bound<'py, PyAny>>,
    pad: &Bound<'py, PyAny>,
    max_bad: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Parsed<'py>> {
    let ask = Ask::new(hands, width, pad, max_bad, threads)?;
    ucs4_job(py, &codes, ask)
}

/// Runs `job` on a NumPy `<U` array viewed as (rows, columns, width) code
/// points.
fn ucs4_job<'py, J: Job>(
    py: Python<'py>,
    codes: &PyReadonlyArray3<'py, u32>,
    job: J,
) -> PyResult<J::Out<'py>> {
    let [rows, columns, chars] = *codes.shape() else {
        return Err(PyValueError::new_err("expected a 3-D array"));
    };
    let grid = Ucs4Grid::new(codes.as_slice()?, rows, columns, chars)?;
    job.run(py, &[grid])
}

impl Score {
    fn new(
        hands: bool,
        crib: bool,
        breakdown: bool,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Score> {
        Ok(Score {
            layout: if hands {
                Layout::Hands { pad: false }
            } else {
                Layout::Cards
            },
            crib,
            breakdown,
            threads: threads_from_py(threads)?,
        })
    }
}

/// Scores of the hands of an Arrow column of card text (see [`Score`]).
#[pyfunction]
#[pyo3(signature = (chunks, kind, *, crib, breakdown, threads = None))]
pub fn _score_text_arrow<'py>(
    py: Python<'py>,
    chunks: Vec<Chunk<'py>>,
    kind: &str,
    crib: bool,
    breakdown: bool,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyArray2<u8>>>> {
    arrow_job(
        py,
        &chunks,
        kind,
        Score::new(true, crib, breakdown, threads)?,
    )
}

/// Scores of the hands of a NumPy `<U` array viewed as (rows, columns,
/// width) code points: a hand a cell, or (`hands` false) a card a cell
/// (see [`Score`]).
#[pyfunction]
#[pyo3(signature = (codes, *, hands, crib, breakdown, threads = None))]
pub fn _score_text_ucs4<'py>(
    py: Python<'py>,
    codes: PyReadonlyArray3<'py, u32>,
    hands: bool,
    crib: bool,
    breakdown: bool,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyArray2<u8>>>> {
    ucs4_job(py, &codes, Score::new(hands, crib, breakdown, threads)?)
}

/// Card codes of Python strings (`None` is a missing cell), row-major,
/// `columns` per row: copied to UTF-8 here, parsed without the GIL.
#[pyfunction]
#[pyo3(signature = (items, columns, *, hands, width, pad, max_bad, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn _card_indices_strings<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    columns: usize,
    hands: bool,
    width: Option<&Bound<'py, PyAny>>,
    pad: &Bound<'py, PyAny>,
    max_bad: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Parsed<'py>> {
    let ask = Ask::new(hands, width, pad, max_bad, threads)?;
    let (mut offsets, mut data, mut valid) = (vec![0i64], Vec::new(), Vec::new());
    for (i, item) in items.try_iter()?.enumerate() {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            data.extend_from_slice(text.to_cow()?.as_bytes());
        } else if !item.is_none() {
            return Err(PyTypeError::new_err(format!(
                "row {}, column {}: expected card text, got {} {}",
                i / columns.max(1),
                i % columns.max(1),
                item.get_type().name()?,
                item.repr()?
            )));
        }
        valid.push(!item.is_none());
        offsets.push(i64::try_from(data.len()).unwrap_or(i64::MAX));
    }
    let bitmap: Vec<u8> = valid
        .chunks(8)
        .map(|bits| (0..bits.len()).fold(0u8, |m, i| m | u8::from(bits[i]) << i))
        .collect();
    let column = Utf8Column::new(&offsets, &data, Some((&bitmap, 0)))?.with_columns(columns)?;
    parse(py, &[column], ask)
}

/// The scores of the hands in `obj` when it is card text that the core
/// scores a block at a time as it parses (an Arrow column, a NumPy `<U`
/// array) and every row is a good hand; `None` otherwise.
pub fn scores_if_text<'py>(
    obj: &Bound<'py, PyAny>,
    crib: bool,
    breakdown: bool,
    threads: Option<usize>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    if obj
        .cast::<PyUntypedArray>()
        .is_ok_and(|arr| arr.dtype().kind() != b'U')
    {
        return Ok(None);
    }
    let scores = obj
        .py()
        .import("cribbage_fast.bulk.text")?
        .call_method1("scores_if_text", (obj, crib, breakdown, threads))?;
    Ok((!scores.is_none()).then_some(scores))
}

/// The card codes of `obj` when it is card text (NumPy strings, Python
/// strings, an Arrow or DataFrame column), parsed by
/// `cribbage_fast.bulk.text` for argument `what` on `threads`; `None` for
/// anything else.
pub fn codes_if_text<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    threads: Option<usize>,
) -> PyResult<Option<Bound<'py, PyUntypedArray>>> {
    if let Ok(arr) = obj.cast::<PyUntypedArray>() {
        if matches!(arr.dtype().kind(), b'i' | b'u' | b'b' | b'f') {
            return Ok(None);
        }
    }
    let codes = obj
        .py()
        .import("cribbage_fast.bulk.text")?
        .call_method1("codes_if_text", (obj, what, threads))?;
    if codes.is_none() {
        Ok(None)
    } else {
        Ok(Some(codes.cast_into::<PyUntypedArray>()?))
    }
}
