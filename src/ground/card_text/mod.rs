//! Card text in bulk: columns of card text (Arrow's UTF-8 layout, NumPy's
//! fixed-width UCS-4) to rows of card indices, in parallel.
//!
//! A cell holds either one card (`Layout::Cards`: exactly what `Card::parse`
//! accepts) or a hand (`Layout::Hands`: what `card::parse_cards` accepts,
//! cards split by whitespace or commas). The spellings live in
//! `card::card_from_chars`; the shortcuts are a memo of the cards that
//! parser found for each short ASCII spelling, and `pairs` (with `shapes`) for
//! text of the usual shape. The columns themselves are in `columns`.

mod columns;
mod pairs;
mod shapes;

use std::borrow::Cow;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::ground::card::{card_from_chars, is_separator};
use crate::ground::error::{Error, Result};
use crate::ground::pool;
use columns::{read_usual_cell, unpadded};
pub use columns::{Cell, Cells, Ucs4Grid, Utf8Column, ViewColumn};
use pairs::Usual;

/// The code of "no card": padding of a short hand (what -1 wraps to as u8).
pub const NO_CARD: u8 = u8::MAX;

/// Rows parsed by one rayon task.
const BLOCK: usize = 1 << 13;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One card per cell, `columns()` cards per row.
    Cards,
    /// A hand per cell (one column); rows shorter than the width are an
    /// error unless `pad`, which fills them with [`NO_CARD`].
    Hands { pad: bool },
}

/// A cell that is not card text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCell {
    pub row: usize,
    pub column: usize,
    pub reason: String,
}

/// Why a cell failed, found without allocating; spelled out by [`explain`].
#[derive(Clone, Copy, Debug)]
enum Fault {
    Null,
    /// The `n`-th card (0-based) is not card text.
    Unknown(usize),
    /// The cell holds too few or too many cards.
    Count,
}

/// Card codes remembered by the text that spelt them: up to three ASCII
/// characters packed 7 bits each, places past the text 0. Each slot is
/// filled by `card_from_chars` the first time its text is seen (threads that
/// race store the same value), so a common spelling costs one load.
#[derive(Clone, Copy)]
struct Memo(&'static [AtomicU8]);

/// A slot not filled yet; filled slots hold the code + 1, or [`NOT_A_CARD`].
const UNSEEN: u8 = 0;
const NOT_A_CARD: u8 = u8::MAX;

impl Memo {
    fn get() -> Memo {
        static SLOTS: OnceLock<Box<[AtomicU8]>> = OnceLock::new();
        Memo(SLOTS.get_or_init(|| (0..1 << 21).map(|_| AtomicU8::new(UNSEEN)).collect()))
    }

    /// The key of `text` if it is one to three ASCII characters. With
    /// `padded` (NumPy cells) NULs past the third are padding and NULs
    /// inside the text stay characters; otherwise a NUL anywhere (a real
    /// character then, which the key cannot tell from an empty place)
    /// leaves the text unkeyed.
    #[inline(always)]
    fn key<T: Copy + Into<u32>>(text: &[T], padded: bool) -> Option<usize> {
        let at = |i: usize| text.get(i).map_or(0, |&c| c.into());
        let [a, b, c] = [at(0), at(1), at(2)];
        let fits = if padded {
            text.get(3..)
                .is_none_or(|rest| rest.iter().all(|&c| c.into() == 0))
        } else {
            // Every place the text fills holds a character other than NUL.
            text.len() <= 3 && [a, b, c].iter().take(text.len()).all(|&c| c != 0)
        };
        (fits && (a | b | c) < 128 && (a | b | c) != 0)
            .then_some((a as usize) << 14 | (b as usize) << 7 | c as usize)
    }

    /// The card code of the text `key` packs.
    #[inline(always)]
    fn code(self, key: usize) -> Option<u8> {
        let mut code = self.0[key].load(Ordering::Relaxed);
        if code == UNSEEN {
            code = self.fill(key);
        }
        (code != NOT_A_CARD).then(|| code - 1)
    }

    #[cold]
    fn fill(self, key: usize) -> u8 {
        let places = [key >> 14, key >> 7 & 127, key & 127];
        let len = places.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        let chars = places[..len].iter().map(|&c| char::from(c as u8));
        let code = card_from_chars(chars).map_or(NOT_A_CARD, |c| c.index() + 1);
        self.0[key].store(code, Ordering::Relaxed);
        code
    }
}

/// A code point as a character; one that is none becomes U+FFFD, which no
/// card spelling contains.
fn char_of(code: u32) -> char {
    char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The card code of one card's text (UTF-8 bytes).
#[inline(always)]
fn code_of_bytes(text: &[u8], memo: Memo) -> Option<u8> {
    // Two or three bytes, the usual lengths, keyed without the general loop.
    let places = match *text {
        [a, b] => [a, b, 0],
        [a, b, c] if c != 0 => [a, b, c],
        _ => [0; 3],
    };
    let [a, b, c] = places.map(usize::from);
    if a != 0 && b != 0 && (a | b | c) < 128 {
        return memo.code(a << 14 | b << 7 | c);
    }
    match Memo::key(text, false) {
        Some(key) => memo.code(key),
        None => parse_bytes(text),
    }
}

/// The card code of one card's code points, `padded` as for [`Memo::key`].
#[inline(always)]
fn code_of_codes(text: &[u32], padded: bool, memo: Memo) -> Option<u8> {
    match Memo::key(text, padded) {
        Some(key) => memo.code(key),
        None => parse_codes(text),
    }
}

/// Text the memo does not hold, parsed each time.
#[cold]
fn parse_bytes(text: &[u8]) -> Option<u8> {
    card_from_chars(String::from_utf8_lossy(text).chars()).map(|c| c.index())
}

#[cold]
fn parse_codes(text: &[u32]) -> Option<u8> {
    card_from_chars(unpadded(text).iter().map(|&c| char_of(c))).map(|c| c.index())
}

/// Parses a cell of single-card text.
#[inline(always)]
fn parse_card(cell: Cell<'_>, memo: Memo) -> std::result::Result<u8, Fault> {
    let code = match cell {
        Cell::Null => return Err(Fault::Null),
        Cell::Utf8(bytes) => code_of_bytes(bytes, memo),
        Cell::Ucs4(codes) => code_of_codes(codes, true, memo),
    };
    code.ok_or(Fault::Unknown(0))
}

/// Parses the hand cell of `row` into `out` (one code per card); returns how many
/// cards it holds.
#[inline(always)]
fn parse_hand<C: Cells + ?Sized>(
    cells: &C,
    row: usize,
    (memo, usual): (Memo, Usual),
    out: &mut [u8],
) -> std::result::Result<usize, Fault> {
    match read_usual_cell(cells, row, usual, out) {
        Some(n) => Ok(n),
        None => parse_any_hand(cells.cell(row, 0), memo, out),
    }
}

/// [`parse_hand`] for a cell of any shape.
#[cold]
fn parse_any_hand(cell: Cell<'_>, memo: Memo, out: &mut [u8]) -> std::result::Result<usize, Fault> {
    let separator = |c: u32| is_separator(char_of(c));
    match cell {
        Cell::Null => Err(Fault::Null),
        Cell::Utf8(bytes) if bytes.is_ascii() => ascii_hand(bytes, |t| code_of_bytes(t, memo), out),
        Cell::Utf8(bytes) => {
            let text = String::from_utf8_lossy(bytes);
            put_cards(
                text.split(is_separator),
                |t| code_of_bytes(t.as_bytes(), memo),
                out,
            )
        }
        Cell::Ucs4(codes) => {
            let codes = unpadded(codes);
            if codes.iter().all(|&c| c < 128) {
                ascii_hand(codes, |t| code_of_codes(t, false, memo), out)
            } else {
                put_cards(
                    codes.split(|&c| separator(c)),
                    |t| code_of_codes(t, false, memo),
                    out,
                )
            }
        }
    }
}

/// Whether each ASCII byte separates cards (from `card::is_separator`).
fn ascii_separators() -> &'static [bool; 128] {
    static TABLE: OnceLock<[bool; 128]> = OnceLock::new();
    TABLE.get_or_init(|| std::array::from_fn(|b| is_separator(char::from(b as u8))))
}

/// [`parse_hand`] for ASCII text, as bytes or code points (the common case,
/// and the one worth making fast): cards found by a table of separators,
/// then looked up whole by `code_of`.
#[inline(always)]
fn ascii_hand<T: Copy + Into<u32>>(
    text: &[T],
    code_of: impl Fn(&[T]) -> Option<u8>,
    out: &mut [u8],
) -> std::result::Result<usize, Fault> {
    let separators = ascii_separators();
    let separator = |c: T| separators[(c.into() & 127) as usize];
    let (mut n, mut i) = (0, 0);
    while i < text.len() {
        if separator(text[i]) {
            i += 1;
            continue;
        }
        let end = text[i..]
            .iter()
            .position(|&c| separator(c))
            .map_or(text.len(), |k| i + k);
        let code = code_of(&text[i..end]).ok_or(Fault::Unknown(n))?;
        *out.get_mut(n).ok_or(Fault::Count)? = code;
        n += 1;
        i = end + 1;
    }
    Ok(n)
}

/// Writes the code of each non-empty token into `out`; returns how many.
#[inline]
fn put_cards<T: IsEmpty>(
    tokens: impl Iterator<Item = T>,
    code_of: impl Fn(T) -> Option<u8>,
    out: &mut [u8],
) -> std::result::Result<usize, Fault> {
    let mut n = 0;
    for token in tokens.filter(|t| !t.empty()) {
        let code = code_of(token).ok_or(Fault::Unknown(n))?;
        *out.get_mut(n).ok_or(Fault::Count)? = code;
        n += 1;
    }
    Ok(n)
}

/// Tokens of the three kinds of text.
trait IsEmpty {
    fn empty(&self) -> bool;
}

impl<T> IsEmpty for &[T] {
    fn empty(&self) -> bool {
        self.is_empty()
    }
}

impl IsEmpty for &str {
    fn empty(&self) -> bool {
        self.is_empty()
    }
}

/// The whole text of a cell (empty for a null).
fn full_text(cell: Cell<'_>) -> Cow<'_, str> {
    match cell {
        Cell::Null => Cow::Borrowed(""),
        Cell::Utf8(bytes) => String::from_utf8_lossy(bytes),
        Cell::Ucs4(codes) => Cow::Owned(unpadded(codes).iter().map(|&c| char_of(c)).collect()),
    }
}

/// The text of a cell, for messages (at most 40 characters of it).
fn text_of(cell: Cell<'_>) -> String {
    let text = full_text(cell);
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.into_owned(),
    }
}

/// The cards of hand text, as written.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_separator).filter(|t| !t.is_empty())
}

/// How many cards a hand cell holds (0 for a null).
fn card_count(cell: Cell<'_>) -> usize {
    tokens(&full_text(cell)).count()
}

/// Why a cell failed, in words.
fn explain(cell: Cell<'_>, layout: Layout, width: usize, fault: Fault) -> String {
    let text = text_of(cell);
    match (fault, layout) {
        (Fault::Null, _) => "no text (a missing value)".to_string(),
        (Fault::Unknown(_), Layout::Cards) => Error::UnknownCard(text).to_string(),
        (Fault::Unknown(n), Layout::Hands { .. }) => {
            let token = tokens(&text).nth(n).unwrap_or_default().to_string();
            format!("card {} of {text:?}: {}", n + 1, Error::UnknownCard(token))
        }
        (Fault::Count, _) => format!(
            "{text:?} holds {} cards, expected {width}",
            card_count(cell)
        ),
    }
}

/// Parses row `row` into `out`: the column and fault of its first bad cell.
fn parse_row<C: Cells + ?Sized>(
    cells: &C,
    layout: Layout,
    row: usize,
    readers: (Memo, Usual),
    out: &mut [u8],
) -> std::result::Result<(), (usize, Fault)> {
    match layout {
        Layout::Cards => {
            for (column, slot) in out.iter_mut().enumerate() {
                *slot = parse_card(cells.cell(row, column), readers.0).map_err(|f| (column, f))?;
            }
        }
        Layout::Hands { pad } => {
            let n = parse_hand(cells, row, readers, out).map_err(|f| (0, f))?;
            if n < out.len() {
                pad_hand(out, n, pad)?;
            }
        }
    }
    Ok(())
}

/// Fills the places of a hand of `n` cards past its last card with
/// [`NO_CARD`], if it may be short (`pad`).
#[cold]
fn pad_hand(out: &mut [u8], n: usize, pad: bool) -> std::result::Result<(), (usize, Fault)> {
    if !pad {
        return Err((0, Fault::Count));
    }
    out[n..].fill(NO_CARD);
    Ok(())
}

/// Parses the rows of one block (the first is `first`); stops after
/// `max_bad` bad rows.
fn parse_block<C: Cells + ?Sized>(
    cells: &C,
    layout: Layout,
    width: usize,
    first: usize,
    max_bad: usize,
    out: &mut [u8],
) -> Vec<BadCell> {
    let readers = (Memo::get(), Usual::get());
    let mut bad = Vec::new();
    let mut missed = Vec::new();
    // Text of the usual shape first, in one tight loop; the rest (other
    // shapes, short and bad rows) a row at a time.
    match layout {
        Layout::Cards => cells.read_cards(first, width, out, &mut missed),
        Layout::Hands { .. } => cells.read_hands(first, width, out, &mut missed),
    }
    for row in missed {
        let row_out = &mut out[(row - first) * width..(row - first + 1) * width];
        if let Err((column, fault)) = parse_row(cells, layout, row, readers, row_out) {
            row_out.fill(NO_CARD);
            let reason = explain(cells.cell(row, column), layout, width, fault);
            bad.push(BadCell {
                row,
                column,
                reason,
            });
            if bad.len() >= max_bad {
                break;
            }
        }
    }
    bad
}

/// Parses every row of `cells` into `out`, `width` codes per row, on
/// `threads` (checked by `pool`). Returns the first `max_bad` bad cells, one
/// per row, lowest rows first (whatever the thread count); their rows hold
/// [`NO_CARD`]. Once `max_bad` bad rows are found the rest is not parsed:
/// every row after the last one reported holds [`NO_CARD`] too.
pub fn parse_cells<C: Cells + ?Sized>(
    cells: &C,
    layout: Layout,
    width: usize,
    max_bad: usize,
    threads: Option<usize>,
    out: &mut [u8],
) -> Result<Vec<BadCell>> {
    check_width(cells, layout, width)?;
    let rows = cells.rows();
    if out.len() != rows * width {
        return Err(Error::Invalid(format!(
            "the output holds {} codes, {rows} rows of {width} need {}",
            out.len(),
            rows * width
        )));
    }
    let max_bad = max_bad.max(1);
    let block = |(b, chunk): (usize, &mut [u8])| {
        parse_block(cells, layout, width, b * BLOCK, max_bad, chunk)
    };
    let mut bad: Vec<BadCell> = if threads == Some(1) || rows <= BLOCK {
        pool::check(threads)?;
        let mut bad = Vec::new();
        for chunk in out.chunks_mut(BLOCK * width).enumerate() {
            bad.extend(block(chunk));
            if bad.len() >= max_bad {
                break;
            }
        }
        bad
    } else {
        pool::install(threads, || {
            out.par_chunks_mut(BLOCK * width)
                .enumerate()
                .flat_map_iter(block)
                .collect()
        })?
    };
    bad.sort_by_key(|b| b.row);
    bad.truncate(max_bad);
    if let (true, Some(last)) = (bad.len() == max_bad, bad.last()) {
        out[(last.row + 1) * width..].fill(NO_CARD);
    }
    Ok(bad)
}

/// Fails unless rows of `cells` can be read as `width` cards each.
fn check_width<C: Cells + ?Sized>(cells: &C, layout: Layout, width: usize) -> Result<()> {
    if width == 0 || (layout == Layout::Cards && width != cells.columns()) {
        return Err(Error::Invalid(format!(
            "cannot parse rows of {} cells into {width} cards per row",
            cells.columns()
        )));
    }
    Ok(())
}

/// Parses the rows of `cells` from `first` on (as many as `out` has room
/// for, `per_row` values a row) a block at a time on `threads`, `width`
/// cards a row, into a buffer of the block's own, so the codes are still in
/// cache when `each` gets them with the block's rows of `out`. Returns
/// `false` as soon as a row is bad text or `each` returns `false` (`out` is
/// then unfinished): the caller takes the long way, which names the fault.
#[allow(clippy::too_many_arguments)]
pub fn each_parsed_block<C, F>(
    cells: &C,
    layout: Layout,
    width: usize,
    first: usize,
    threads: Option<usize>,
    out: &mut [u8],
    per_row: usize,
    each: F,
) -> Result<bool>
where
    C: Cells + ?Sized,
    F: Fn(&[u8], &mut [u8]) -> bool + Sync,
{
    if per_row == 0 {
        return Err(Error::Invalid("no values per row to write".into()));
    }
    let rows = out.len() / per_row;
    if first + rows > cells.rows() || out.len() % per_row != 0 {
        return Err(Error::Invalid(format!(
            "rows {first} on, {} values of {per_row} a row, are past the {} rows",
            out.len(),
            cells.rows()
        )));
    }
    check_width(cells, layout, width)?;
    let block = |(b, out): (usize, &mut [u8])| {
        let mut codes = vec![0; out.len() / per_row * width];
        let bad = parse_block(cells, layout, width, first + b * BLOCK, 1, &mut codes);
        bad.is_empty() && each(&codes, out)
    };
    if threads == Some(1) || rows <= BLOCK {
        pool::check(threads)?;
        Ok(out.chunks_mut(BLOCK * per_row).enumerate().all(block))
    } else {
        pool::install(threads, || {
            out.par_chunks_mut(BLOCK * per_row).enumerate().all(block)
        })
    }
}

/// The most cards any hand cell of `cells` holds (column 0), for padding.
pub fn most_cards<C: Cells + ?Sized>(cells: &C, threads: Option<usize>) -> Result<usize> {
    pool::install(threads, || {
        (0..cells.rows())
            .into_par_iter()
            .with_min_len(BLOCK)
            .map(|row| card_count(cells.cell(row, 0)))
            .max()
            .unwrap_or(0)
    })
}

/// How many cards the first hand cell of `cells` holds (0 for none).
pub fn first_count<C: Cells + ?Sized>(cells: &C) -> usize {
    if cells.rows() == 0 {
        0
    } else {
        card_count(cells.cell(0, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::Card;

    /// Strings as an Arrow-layout column (offsets, data).
    fn arrow(texts: &[&str]) -> (Vec<i32>, Vec<u8>) {
        let mut offsets = vec![0i32];
        let mut data = Vec::new();
        for t in texts {
            data.extend_from_slice(t.as_bytes());
            offsets.push(data.len() as i32);
        }
        (offsets, data)
    }

    /// Strings as NumPy `<U{width}` cells (code points, NUL-padded).
    fn ucs4<S: AsRef<str>>(texts: &[S], width: usize) -> Vec<u32> {
        texts
            .iter()
            .flat_map(|t| {
                let mut c: Vec<u32> = t.as_ref().chars().map(u32::from).collect();
                c.resize(width, 0);
                c
            })
            .collect()
    }

    fn parse_hands(
        texts: &[&str],
        width: usize,
        pad: bool,
        threads: Option<usize>,
    ) -> (Vec<u8>, Vec<BadCell>) {
        let (offsets, data) = arrow(texts);
        let column = Utf8Column::new(&offsets, &data, None).unwrap();
        let mut out = vec![0; texts.len() * width];
        let bad = parse_cells(
            &column,
            Layout::Hands { pad },
            width,
            usize::MAX,
            threads,
            &mut out,
        )
        .unwrap();
        (out, bad)
    }

    /// Every spelling of every card, as one card per cell, agrees with `Card::parse`.
    #[test]
    fn single_cards_match_card_parse_in_both_encodings() {
        let mut texts = Vec::new();
        for card in Card::deck() {
            let name = card.to_string();
            let symbol = ['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}'][card.suit() as usize];
            let rank = &name[..name.len() - 1];
            for t in [
                name.clone(),
                name.to_lowercase(),
                format!("{rank}{symbol}"),
                format!(" {}\t", name.replace("10", "t")),
            ] {
                texts.push(t);
            }
        }
        texts.extend(["", "5", "5HH", "1H", "11H", "5 H", "\u{2665}5"].map(String::from));
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (offsets, data) = arrow(&refs);
        let utf8 = Utf8Column::new(&offsets, &data, None).unwrap();
        let width = 6;
        let codes = ucs4(&texts, width);
        let ucs4 = Ucs4Grid::new(&codes, texts.len(), 1, width).unwrap();
        for cells in [&utf8 as &dyn Cells, &ucs4] {
            let mut out = vec![0; texts.len()];
            let bad = parse_cells(cells, Layout::Cards, 1, usize::MAX, Some(2), &mut out).unwrap();
            let bad_rows: Vec<usize> = bad.iter().map(|b| b.row).collect();
            for (row, text) in texts.iter().enumerate() {
                match Card::parse(text) {
                    Ok(card) => assert_eq!(out[row], card.index(), "{text:?}"),
                    Err(_) => assert!(bad_rows.contains(&row) && out[row] == NO_CARD, "{text:?}"),
                }
            }
        }
    }

    /// NUL is text in UTF-8 (so "5H\0" is no card) but padding in NumPy cells.
    #[test]
    fn nul_is_a_character_in_utf8_and_padding_in_ucs4() {
        let (offsets, data) = arrow(&["5H\0", "5H", "\u{0}5H"]);
        let utf8 = Utf8Column::new(&offsets, &data, None).unwrap();
        let mut out = vec![0; 3];
        let bad = parse_cells(&utf8, Layout::Cards, 1, 9, None, &mut out).unwrap();
        assert_eq!(bad.iter().map(|b| b.row).collect::<Vec<_>>(), [0, 2]);
        assert_eq!(out[1], 18);
        let codes = [53, 72, 0, 0, 53, 72];
        let ucs4 = Ucs4Grid::new(&codes, 2, 1, 3).unwrap();
        let bad = parse_cells(&ucs4, Layout::Cards, 1, 9, None, &mut out[..2]).unwrap();
        assert_eq!((bad.len(), out[0]), (1, 18));
    }

    /// Code points past 255 whose low byte spells a card ('ň' is U+0148,
    /// 'H' 0x48) are no card in the shortcuts either, in cells of any width.
    #[test]
    fn wide_code_points_are_not_read_by_their_low_byte() {
        for width in [2, 3, 4] {
            let texts = ["5H", "5\u{148}", "\u{135}H", "KS"];
            let codes = ucs4(&texts, width);
            let cells = Ucs4Grid::new(&codes, 2, 2, width).unwrap();
            let mut out = vec![0; 4];
            let bad = parse_cells(&cells, Layout::Cards, 2, 9, None, &mut out).unwrap();
            assert_eq!(
                bad.iter().map(|b| (b.row, b.column)).collect::<Vec<_>>(),
                [(0, 1), (1, 0)]
            );
            assert_eq!(out, [NO_CARD, NO_CARD, NO_CARD, NO_CARD]);
        }
        let texts = [
            "5H 10D 5C JS 5S",
            "5H 10D 5C JS 5\u{148}",
            "10\u{148} 5D 5C JS 5S",
        ];
        let codes = ucs4(&texts, 16);
        let hands = Ucs4Grid::new(&codes, 3, 1, 16).unwrap();
        let mut out = vec![0; 15];
        let bad = parse_cells(&hands, Layout::Hands { pad: false }, 5, 9, None, &mut out).unwrap();
        assert_eq!(bad.iter().map(|b| b.row).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(&out[..5], &[18, 37, 16, 43, 19]);
    }

    /// Single cards in cells wider than their text, with spaces or a ten.
    #[test]
    fn padded_cells_of_any_width_read_like_card_parse() {
        let texts = [" 5H", "10H", "5H ", "TH", "1 0H", "10 H"];
        let width = 4;
        let codes = ucs4(&texts, width);
        let cells = Ucs4Grid::new(&codes, texts.len(), 1, width).unwrap();
        let mut out = vec![0; texts.len()];
        let bad = parse_cells(&cells, Layout::Cards, 1, 9, None, &mut out).unwrap();
        assert_eq!(out, [18, 38, 18, 38, NO_CARD, NO_CARD]);
        assert_eq!(bad.iter().map(|b| b.row).collect::<Vec<_>>(), [4, 5]);
    }

    /// NumPy hands and single cards, in cells of several widths, over more
    /// rows than are narrowed at once: read as the Arrow column of the same
    /// text is, bad rows named by their own number.
    #[test]
    fn numpy_cells_read_like_arrow_across_narrowed_parts() {
        let names: Vec<String> = Card::deck().map(|c| c.to_string()).collect();
        let mut rng = crate::ground::rng::Rng::new(5);
        let mut hands: Vec<Vec<String>> = (0..700)
            .map(|_| {
                (0..5)
                    .map(|_| names[rng.below(52) as usize].clone())
                    .collect()
            })
            .collect();
        hands[255][2] = "5X".into();
        hands[256][0] = "t\u{148}".into();
        hands[511][4] = "10".into();
        let texts: Vec<String> = hands.iter().map(|h| h.join(" ")).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (want, want_bad) = parse_hands(&refs, 5, false, Some(1));
        let rows_of = |bad: &[BadCell]| bad.iter().map(|b| b.row).collect::<Vec<_>>();
        assert_eq!(rows_of(&want_bad), [255, 256, 511]);
        for width in [19, 30] {
            let codes = ucs4(&texts, width);
            let grid = Ucs4Grid::new(&codes, texts.len(), 1, width).unwrap();
            let mut out = vec![0; texts.len() * 5];
            let layout = Layout::Hands { pad: false };
            let bad = parse_cells(&grid, layout, 5, usize::MAX, Some(1), &mut out).unwrap();
            assert_eq!(
                (&out, rows_of(&bad)),
                (&want, rows_of(&want_bad)),
                "{width}"
            );
        }
        // Cells of no width (`<U0`) hold no text.
        let empty = Ucs4Grid::new(&[], 2, 1, 0).unwrap();
        let mut out = vec![0; 10];
        let layout = Layout::Hands { pad: false };
        let bad = parse_cells(&empty, layout, 5, usize::MAX, Some(1), &mut out).unwrap();
        assert_eq!(rows_of(&bad), [0, 1]);
        let empty = Ucs4Grid::new(&[], 2, 5, 0).unwrap();
        let bad = parse_cells(&empty, Layout::Cards, 5, usize::MAX, Some(1), &mut out).unwrap();
        assert_eq!(rows_of(&bad), [0, 1]);
        let cells: Vec<&String> = hands.iter().flatten().collect();
        for width in [3, 4] {
            let codes = ucs4(&cells, width);
            let grid = Ucs4Grid::new(&codes, texts.len(), 5, width).unwrap();
            let mut out = vec![0; texts.len() * 5];
            let bad = parse_cells(&grid, Layout::Cards, 5, usize::MAX, Some(1), &mut out).unwrap();
            assert_eq!(
                (&out, rows_of(&bad)),
                (&want, rows_of(&want_bad)),
                "{width}"
            );
        }
    }

    #[test]
    fn hands_split_like_parse_cards_and_pad() {
        let (out, bad) = parse_hands(&["5H 5D,5C  JS", "4s 6h 5d"], 4, true, None);
        assert!(bad.is_empty());
        assert_eq!(&out[..4], &[18, 17, 16, 43]);
        assert_eq!(&out[4..], &[15, 22, 17, NO_CARD]);
    }

    #[test]
    fn bad_cells_name_their_row_and_text() {
        let (out, bad) = parse_hands(&["5H 5D", "5H 5X", "AS", "AS 2S 3S"], 2, false, Some(1));
        let reasons: Vec<(usize, &str)> = bad.iter().map(|b| (b.row, b.reason.as_str())).collect();
        assert_eq!(reasons[0].0, 1);
        assert!(
            reasons[0]
                .1
                .starts_with("card 2 of \"5H 5X\": unknown card \"5X\""),
            "{}",
            reasons[0].1
        );
        assert_eq!(reasons[1], (2, "\"AS\" holds 1 cards, expected 2"));
        assert_eq!(reasons[2], (3, "\"AS 2S 3S\" holds 3 cards, expected 2"));
        assert_eq!(&out[2..], &[NO_CARD; 6]);
    }

    #[test]
    fn the_first_bad_row_is_found_whatever_the_threads() {
        let mut texts = vec!["AS 2S"; 3 * BLOCK];
        texts[BLOCK + 5] = "AS ZZ";
        texts[2 * BLOCK + 1] = "AS";
        for threads in [Some(1), Some(2), None] {
            let (_, bad) = parse_hands(&texts, 2, false, threads);
            assert_eq!(bad[0].row, BLOCK + 5);
            assert_eq!(bad.len(), 2);
        }
    }

    #[test]
    fn rows_past_the_last_bad_row_reported_hold_no_card() {
        let mut texts = vec!["AS 2S"; 3 * BLOCK];
        texts[5] = "AS ZZ";
        for threads in [Some(1), Some(2)] {
            let (offsets, data) = arrow(&texts);
            let column = Utf8Column::new(&offsets, &data, None).unwrap();
            let mut out = vec![0; texts.len() * 2];
            let bad = parse_cells(
                &column,
                Layout::Hands { pad: false },
                2,
                1,
                threads,
                &mut out,
            )
            .unwrap();
            assert_eq!(bad.len(), 1);
            assert_eq!(&out[..10], &[3, 7, 3, 7, 3, 7, 3, 7, 3, 7]);
            assert!(out[10..].iter().all(|&c| c == NO_CARD));
        }
    }

    #[test]
    fn nulls_and_views_are_read() {
        let long = "10H 10D 10C 10S";
        let (offsets, data) = arrow(&["5H", long]);
        let column = Utf8Column::new(&offsets, &data, Some((&[0b10], 0))).unwrap();
        let mut out = vec![0; 8];
        let bad = parse_cells(&column, Layout::Hands { pad: true }, 4, 9, None, &mut out).unwrap();
        assert_eq!(bad[0].reason, "no text (a missing value)");
        assert_eq!(&out[4..], &[38, 37, 36, 39]);
        // One inline view ("5H") and one pointing into a buffer (the long hand).
        let mut views = vec![0u8; 32];
        views[..4].copy_from_slice(&2i32.to_ne_bytes());
        views[4..6].copy_from_slice(b"5H");
        views[16..20].copy_from_slice(&(long.len() as i32).to_ne_bytes());
        let buffer = format!("xx{long}");
        views[28..32].copy_from_slice(&2i32.to_ne_bytes());
        let column = ViewColumn::new(&views, vec![buffer.as_bytes()], None).unwrap();
        let bad = parse_cells(&column, Layout::Hands { pad: true }, 4, 9, None, &mut out).unwrap();
        assert!(bad.is_empty());
        assert_eq!(out, [18, NO_CARD, NO_CARD, NO_CARD, 38, 37, 36, 39]);
        // Past the buffer, a negative offset or length, no such buffer.
        for (at, field) in [(28, 9), (28, -1), (16, -1), (24, 1)] {
            let mut views = views.clone();
            views[at..at + 4].copy_from_slice(&i32::to_ne_bytes(field));
            assert!(ViewColumn::new(&views, vec![buffer.as_bytes()], None).is_err());
        }
    }

    #[test]
    fn malformed_offsets_are_refused() {
        let data = b"5H";
        assert!(Utf8Column::new(&[0i32, 3], data, None).is_err());
        assert!(Utf8Column::new(&[2i32, 1], data, None).is_err());
        assert!(Utf8Column::new(&[0i32, -1], data, None).is_err());
        assert!(Utf8Column::new(&[0i32, 2], data, Some((&[], 0))).is_err());
    }
}
