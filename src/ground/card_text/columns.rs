//! Columns of card text as the bulk parser reads them: Arrow's UTF-8 layout
//! (offsets or views into bytes) and NumPy's fixed-width UCS-4 cells, each
//! with a tight loop for hands of the usual shape (`pairs`).

use super::pairs::{Usual, WINDOW};
use crate::ground::error::{Error, Result};

/// One cell of text input.
#[derive(Clone, Copy, Debug)]
pub enum Cell<'a> {
    /// A missing value (an Arrow null, a Python `None`).
    Null,
    /// UTF-8 bytes.
    Utf8(&'a [u8]),
    /// Unicode code points; trailing zeros are padding (NumPy `<U`).
    Ucs4(&'a [u32]),
}

/// Rows of text cells, `columns()` per row.
pub trait Cells: Sync {
    fn rows(&self) -> usize;
    fn columns(&self) -> usize;
    fn cell(&self, row: usize, column: usize) -> Cell<'_>;

    /// The text of the first cell of `row` and whatever follows it in the
    /// same buffer, and the length of the text; the hand reader reads ahead
    /// without a branch.
    fn ahead(&self, row: usize) -> (Cell<'_>, usize);

    /// Reads the hands of the rows from `first` on (one a `width` codes of
    /// `out`) that have the usual shape; pushes the number of every other
    /// row to `missed`.
    fn read_hands(&self, first: usize, width: usize, out: &mut [u8], missed: &mut Vec<usize>) {
        default_read_hands(self, first, width, out, missed);
    }

    /// Reads the rows from `first` on of single-card cells (one a `width`
    /// codes of `out`) that a shortcut reads; pushes the number of every
    /// other row to `missed`. By default none.
    fn read_cards(&self, first: usize, width: usize, out: &mut [u8], missed: &mut Vec<usize>) {
        all_missed(first, width, out, missed);
    }
}

/// Pushes every row from `first` on (one a `width` codes of `out`) to
/// `missed`.
fn all_missed(first: usize, width: usize, out: &[u8], missed: &mut Vec<usize>) {
    missed.extend(first..first + out.len() / width);
}

/// [`Cells::read_hands`] a row at a time.
fn default_read_hands<C: Cells + ?Sized>(
    cells: &C,
    first: usize,
    width: usize,
    out: &mut [u8],
    missed: &mut Vec<usize>,
) {
    let usual = Usual::get();
    for (r, codes) in out.chunks_exact_mut(width).enumerate() {
        if read_usual_cell(cells, first + r, usual, codes) != Some(width) {
            missed.push(first + r);
        }
    }
}

/// `buffer` from `start` on (empty if `start` is past it).
#[inline(always)]
fn after<T>(buffer: &[T], start: usize) -> &[T] {
    buffer.get(start..).unwrap_or_default()
}

/// Whether bit `i` of an Arrow validity bitmap (bits, bit offset) is clear.
fn is_null(validity: Option<(&[u8], usize)>, i: usize) -> bool {
    validity.is_some_and(|(bits, offset)| {
        let bit = offset + i;
        bits[bit / 8] >> (bit % 8) & 1 == 0
    })
}

/// Fails unless the bitmap (if any) has a bit for each of `n` values.
fn check_bitmap(
    validity: Option<(&[u8], usize)>,
    n: usize,
) -> std::result::Result<(), &'static str> {
    match validity {
        Some((bits, offset)) if bits.len() * 8 < offset + n => {
            Err("the validity bitmap is too short")
        }
        _ => Ok(()),
    }
}

/// Strings in Arrow's layout: `offsets` (one more than the strings, i32
/// or i64) into `data`, an optional validity bitmap with its bit offset, and
/// `columns` strings per row (row-major).
pub struct Utf8Column<'a, O> {
    offsets: &'a [O],
    data: &'a [u8],
    validity: Option<(&'a [u8], usize)>,
    columns: usize,
}

impl<'a, O: Copy + PartialOrd + TryInto<usize>> Utf8Column<'a, O> {
    /// Checks that every offset is in `data` and in order, and that the
    /// bitmap covers every row.
    pub fn new(
        offsets: &'a [O],
        data: &'a [u8],
        validity: Option<(&'a [u8], usize)>,
    ) -> Result<Self> {
        let bad = |why: &str| Error::Invalid(format!("malformed string column: {why}"));
        // In order, the first not negative and the last in `data`: then
        // every offset is in `data` (one pass the compiler vectorises).
        let at = |o: O| o.try_into().map_err(|_| bad("a negative offset"));
        let ordered = offsets.windows(2).all(|w| w[0] <= w[1]);
        if let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) {
            at(first)?;
            if !ordered || at(last)? > data.len() {
                return Err(bad("offsets out of order or past the data"));
            }
        }
        check_bitmap(validity, offsets.len().saturating_sub(1)).map_err(&bad)?;
        Ok(Utf8Column {
            offsets,
            data,
            validity,
            columns: 1,
        })
    }

    /// The same strings read as rows of `columns` (which must divide them).
    pub fn with_columns(self, columns: usize) -> Result<Self> {
        let strings = self.offsets.len().saturating_sub(1);
        if columns == 0 || strings % columns != 0 {
            return Err(Error::Invalid(format!(
                "{strings} strings do not make rows of {columns}"
            )));
        }
        Ok(Utf8Column { columns, ..self })
    }

    #[inline]
    fn at(&self, i: usize) -> usize {
        offset(self.offsets[i])
    }
}

/// An offset of a column `Utf8Column::new` checked (none is negative).
#[inline(always)]
fn offset<O: TryInto<usize>>(o: O) -> usize {
    o.try_into().unwrap_or(0)
}

impl<O: Copy + PartialOrd + TryInto<usize> + Sync> Cells for Utf8Column<'_, O> {
    fn rows(&self) -> usize {
        self.offsets.len().saturating_sub(1) / self.columns
    }
    fn columns(&self) -> usize {
        self.columns
    }
    #[inline]
    fn cell(&self, row: usize, column: usize) -> Cell<'_> {
        let i = row * self.columns + column;
        if is_null(self.validity, i) {
            return Cell::Null;
        }
        Cell::Utf8(&self.data[self.at(i)..self.at(i + 1)])
    }
    #[inline]
    fn ahead(&self, row: usize) -> (Cell<'_>, usize) {
        let i = row * self.columns;
        if is_null(self.validity, i) {
            return (Cell::Null, 0);
        }
        let (start, end) = (self.at(i), self.at(i + 1));
        (Cell::Utf8(after(self.data, start)), end - start)
    }

    fn read_hands(&self, first: usize, width: usize, out: &mut [u8], missed: &mut Vec<usize>) {
        let rows = out.len() / width;
        let offsets = match self.offsets.get(first..first + rows + 1) {
            Some(offsets) if self.validity.is_none() && self.columns == 1 => offsets,
            // Nulls are checked a row at a time.
            _ => return default_read_hands(self, first, width, out, missed),
        };
        let texts = offsets.windows(2).map(|pair| {
            let (start, end) = (offset(pair[0]), offset(pair[1]));
            (after(self.data, start), end - start)
        });
        Usual::get().read_rows(texts, width, out, |r| missed.push(first + r));
    }
}

/// Strings in Arrow's view layout (`string_view`, what polars exports): 16
/// bytes per string, the string itself when it has at most 12 bytes, else
/// its length, prefix, buffer number and offset into `buffers`.
pub struct ViewColumn<'a> {
    views: &'a [u8],
    buffers: Vec<&'a [u8]>,
    validity: Option<(&'a [u8], usize)>,
}

/// Bytes of one view.
const VIEW: usize = 16;
/// The longest string stored inside its view.
const INLINE: usize = 12;

impl<'a> ViewColumn<'a> {
    /// Checks that every view is in bounds and the bitmap covers every row.
    pub fn new(
        views: &'a [u8],
        buffers: Vec<&'a [u8]>,
        validity: Option<(&'a [u8], usize)>,
    ) -> Result<Self> {
        let bad = |why: &str| Error::Invalid(format!("malformed string_view column: {why}"));
        if views.len() % VIEW != 0 {
            return Err(bad("the views are not 16 bytes each"));
        }
        let column = ViewColumn {
            views,
            buffers,
            validity,
        };
        check_bitmap(validity, column.rows()).map_err(&bad)?;
        if (0..column.rows()).any(|row| column.bytes(row).is_none()) {
            return Err(bad("a view points past its buffer"));
        }
        Ok(column)
    }

    fn bytes(&self, row: usize) -> Option<&'a [u8]> {
        let (bytes, len) = self.bytes_ahead(row)?;
        bytes.get(..len)
    }

    /// The string of `row` and what follows it in its buffer (see
    /// [`Cells::ahead`]), and its length; `None` if the view points past its
    /// buffer.
    #[inline]
    fn bytes_ahead(&self, row: usize) -> Option<(&'a [u8], usize)> {
        let view = self.views.get(row * VIEW..)?.first_chunk()?;
        let (bytes, len) = self.text_of(view);
        (bytes.len() >= len).then_some((bytes, len))
    }

    /// The string of `view` and what follows it in its buffer, and its
    /// length (the text is short of it if the view points past its buffer;
    /// a negative field reads as past any buffer).
    #[inline(always)]
    fn text_of(&self, view: &'a [u8; VIEW]) -> (&'a [u8], usize) {
        let field = |at: usize| {
            u32::from_ne_bytes([view[at], view[at + 1], view[at + 2], view[at + 3]]) as usize
        };
        let len = field(0);
        if len <= INLINE {
            return (&view[4..], len);
        }
        let buffer = self.buffers.get(field(8)).copied().unwrap_or_default();
        (after(buffer, field(12)), len)
    }
}

impl Cells for ViewColumn<'_> {
    fn rows(&self) -> usize {
        self.views.len() / VIEW
    }
    fn columns(&self) -> usize {
        1
    }
    #[inline]
    fn cell(&self, row: usize, _column: usize) -> Cell<'_> {
        if is_null(self.validity, row) {
            return Cell::Null;
        }
        // Checked in `new`.
        Cell::Utf8(self.bytes(row).unwrap_or_default())
    }
    #[inline]
    fn ahead(&self, row: usize) -> (Cell<'_>, usize) {
        if is_null(self.validity, row) {
            return (Cell::Null, 0);
        }
        let (bytes, len) = self.bytes_ahead(row).unwrap_or_default();
        (Cell::Utf8(bytes), len)
    }

    fn read_hands(&self, first: usize, width: usize, out: &mut [u8], missed: &mut Vec<usize>) {
        if self.validity.is_some() {
            // Nulls are checked a row at a time.
            return default_read_hands(self, first, width, out, missed);
        }
        let rows = out.len() / width;
        let views = self.views[first * VIEW..(first + rows) * VIEW].chunks_exact(VIEW);
        let texts = views.map(|view| self.text_of(view.try_into().unwrap_or(&[0; VIEW])));
        Usual::get().read_rows(texts, width, out, |r| missed.push(first + r));
    }
}

/// A C-ordered NumPy `<U{width}` array of `rows` x `columns` cells.
pub struct Ucs4Grid<'a> {
    codes: &'a [u32],
    rows: usize,
    columns: usize,
    width: usize,
}

impl<'a> Ucs4Grid<'a> {
    pub fn new(codes: &'a [u32], rows: usize, columns: usize, width: usize) -> Result<Self> {
        if rows.checked_mul(columns).and_then(|n| n.checked_mul(width)) != Some(codes.len()) {
            return Err(Error::Invalid(format!(
                "{} code points do not make {rows} x {columns} cells of width {width}",
                codes.len()
            )));
        }
        Ok(Ucs4Grid {
            codes,
            rows,
            columns,
            width,
        })
    }
}

impl Cells for Ucs4Grid<'_> {
    fn rows(&self) -> usize {
        self.rows
    }
    fn columns(&self) -> usize {
        self.columns
    }
    #[inline]
    fn cell(&self, row: usize, column: usize) -> Cell<'_> {
        let start = (row * self.columns + column) * self.width;
        Cell::Ucs4(&self.codes[start..start + self.width])
    }
    #[inline]
    fn ahead(&self, row: usize) -> (Cell<'_>, usize) {
        let start = row * self.columns * self.width;
        let len = unpadded(&self.codes[start..start + self.width]).len();
        (Cell::Ucs4(after(self.codes, start)), len)
    }

    fn read_hands(&self, first: usize, width: usize, out: &mut [u8], missed: &mut Vec<usize>) {
        if self.columns != 1 || self.width == 0 {
            return default_read_hands(self, first, width, out, missed);
        }
        let cells = self.width;
        self.by_narrowed_parts(first, width, out, |from, bytes, out, ahead| {
            // Each cell and what follows it (`narrow` pads the last).
            let texts = bytes
                .windows(cells.max(WINDOW))
                .step_by(cells)
                .enumerate()
                .map(|(r, text)| {
                    fetch_row(ahead, r, cells);
                    (text, padded_len(&text[..cells]))
                });
            Usual::get().read_rows(texts, width, out, |r| missed.push(from + r));
        });
    }

    fn read_cards(&self, first: usize, width: usize, out: &mut [u8], missed: &mut Vec<usize>) {
        if self.width == 0 {
            // Cells of no width hold no card; the general reader says so.
            return all_missed(first, width, out, missed);
        }
        let usual = Usual::get();
        let cell = self.width;
        let row_codes = cell * width;
        self.by_narrowed_parts(first, width, out, |from, bytes, out, ahead| {
            let rows = bytes
                .chunks_exact(row_codes)
                .zip(out.chunks_exact_mut(width));
            for (r, (cells, codes)) in rows.enumerate() {
                fetch_row(ahead, r, row_codes);
                // The usual widths as constants, so each cell's reading is
                // unrolled.
                let all = match cell {
                    2 => usual.padded_cards(cells, 2, codes),
                    3 => usual.padded_cards(cells, 3, codes),
                    _ => usual.padded_cards(cells, cell, codes),
                };
                if !Usual::is_card(all) {
                    missed.push(from + r);
                }
            }
        });
    }
}

impl Ucs4Grid<'_> {
    /// Calls `read` on the rows from `first` on, [`NARROWED`] at a time (so
    /// their bytes stay in the fastest cache): the number of the first, the
    /// rows' code points as bytes (see [`narrow`]) and their part of `out`
    /// (`width` codes a row).
    fn by_narrowed_parts(
        &self,
        first: usize,
        width: usize,
        out: &mut [u8],
        mut read: impl FnMut(usize, &[u8], &mut [u8], &[u32]),
    ) {
        let row_codes = self.columns * self.width;
        let mut bytes = Vec::new();
        for (part, out) in out.chunks_mut(NARROWED * width).enumerate() {
            let from = first + part * NARROWED;
            let rows = out.len() / width;
            narrow(
                &self.codes[from * row_codes..(from + rows) * row_codes],
                &mut bytes,
            );
            // The rows a part ahead, each fetched as its row here is read.
            let ahead = self
                .codes
                .get((from + NARROWED) * row_codes..)
                .unwrap_or_default();
            read(from, &bytes, out, ahead);
        }
    }
}

/// Code points as bytes for the shortcuts, in one vectorised pass: those
/// past 255 become 255, which no card or separator holds (the row is then
/// read the long way, from its code points). NULs follow, so a window read
/// ahead of the last cell stays in bounds.
fn narrow(codes: &[u32], bytes: &mut Vec<u8>) {
    // The buffer keeps its length from part to part, so only its tail is
    // cleared, not the whole.
    bytes.resize(codes.len() + WINDOW, 0);
    let (body, tail) = bytes.split_at_mut(codes.len());
    tail.fill(0);
    let mut lanes = body.chunks_exact_mut(LANES);
    let mut sources = codes.chunks_exact(LANES);
    for (out, codes) in (&mut lanes).zip(&mut sources) {
        if let (Ok(out), Ok(codes)) = (out.try_into(), codes.try_into()) {
            narrow_lanes(codes, out);
        }
    }
    for (byte, &code) in lanes.into_remainder().iter_mut().zip(sources.remainder()) {
        *byte = narrow_code(code);
    }
}

/// A code point as a byte for the shortcuts (see [`narrow`]).
#[inline(always)]
fn narrow_code(code: u32) -> u8 {
    code.min(255) as u8
}

/// Code points narrowed at a time.
const LANES: usize = 16;

/// [`narrow`] for [`LANES`] code points: four vectors packed into one.
#[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
#[inline(always)]
fn narrow_lanes(codes: &[u32; LANES], out: &mut [u8; LANES]) {
    use safe_arch::*;
    let quarter = |i: usize| {
        let four: [u32; 4] = std::array::from_fn(|j| codes[4 * i + j]);
        min_u32_m128i(four.into(), set_splat_i32_m128i(255))
    };
    let low = pack_i32_to_u16_m128i(quarter(0), quarter(1));
    let high = pack_i32_to_u16_m128i(quarter(2), quarter(3));
    store_unaligned_m128i(out, pack_i16_to_u8_m128i(low, high));
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse4.1")))]
#[inline(always)]
fn narrow_lanes(codes: &[u32; LANES], out: &mut [u8; LANES]) {
    for (byte, &code) in out.iter_mut().zip(codes) {
        *byte = narrow_code(code);
    }
}

/// Asks the processor to bring `buffer[at]` (if there is one) into the
/// cache.
#[inline(always)]
fn fetch<T>(buffer: &[T], at: usize) {
    if let Some(item) = buffer.get(at) {
        prefetch(item);
    }
}

/// Asks the processor to bring row `r` of `codes` (rows of `row_codes`)
/// into the cache, so that it is there when it is narrowed.
#[inline(always)]
fn fetch_row(codes: &[u32], r: usize, row_codes: usize) {
    fetch(codes, r * row_codes);
    fetch(codes, (r + 1) * row_codes - 1);
}

/// A hint: the cache line of `at` is read soon.
#[inline(always)]
fn prefetch<T>(at: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    safe_arch::prefetch_t0(at);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = at;
}

/// Rows of hand cells narrowed at a time.
const NARROWED: usize = 256;

/// The length of a NUL-padded cell of bytes (up to its last byte that is
/// not NUL): from its last eight bytes at once when they are not all NUL,
/// as they are not when the column is no wider than its longest hand
/// (NumPy's own width for an array of strings).
#[inline(always)]
fn padded_len(cell: &[u8]) -> usize {
    match cell.last_chunk::<8>() {
        Some(&tail) if tail != [0; 8] => {
            let nuls = u64::from_le_bytes(tail).leading_zeros() / 8;
            cell.len() - nuls as usize
        }
        _ => unpadded(cell).len(),
    }
}

/// A NumPy cell (its code points, or them as bytes) without its padding.
pub fn unpadded<T: Copy + Default + PartialEq>(codes: &[T]) -> &[T] {
    let nul = T::default();
    &codes[..codes.iter().rposition(|&c| c != nul).map_or(0, |i| i + 1)]
}

/// The cards of the hand cell of `row` if it has the usual shape (see
/// `pairs`), written into `out`, and how many; `None` for a cell of
/// any other shape.
#[inline(always)]
pub fn read_usual_cell<C: Cells + ?Sized>(
    cells: &C,
    row: usize,
    usual: Usual,
    out: &mut [u8],
) -> Option<usize> {
    match cells.ahead(row) {
        (Cell::Null, _) => None,
        (Cell::Utf8(bytes), len) => usual.read(bytes, len, out),
        (Cell::Ucs4(codes), len) => usual.read(codes, len, out),
    }
}
