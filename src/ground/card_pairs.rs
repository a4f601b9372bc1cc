//! The usual shape of hand text, read without splitting it: cards of two or
//! three ASCII characters, one separator between each two
//! ("5H 5D 10C JS 5S").
//!
//! A pair of characters is looked up in a table that `card_from_chars`
//! filled: the entry is a card, or says that the pair starts a card of three
//! characters (`10`), whose third character a second table reads. So the
//! spellings stay in `card`. Text of any other shape (suit symbols, runs of
//! spaces), and any card the tables do not answer, is left to the general
//! parser in `card_text`: the fast path answers only when the general one
//! would give the same cards.

use std::sync::OnceLock;

use crate::ground::card::{card_from_chars, is_separator};

/// An entry for text that is no card (any code with the top bit set is one).
const NO_ANSWER: u8 = u8::MAX;
/// A pair entry `LEAD + i` starts a three-character card; `tails[i]` reads
/// its third character. Card codes are below `LEAD`.
const LEAD: u8 = 64;
/// The most pairs that start a three-character card (more go to the
/// general parser).
const MOST_LEADS: usize = 16;
/// The characters of a card of the usual shape: two, or three (`10H`).
const SHORT: usize = 2;
const LONG: usize = 3;
/// The window the fixed-count reader reads (a power of two, so an index
/// masked to it needs no bounds check).
pub const WINDOW: usize = 32;

/// The entry of every pair of ASCII characters: the card `card_from_chars`
/// reads, `LEAD + i` when the pair starts `i`-th kind of three-character
/// card, else [`NO_ANSWER`]; and the card of each third character after
/// each such pair. Pairs holding a byte past ASCII (part of a longer UTF-8
/// character), NUL or a separator (which splits the text elsewhere) get
/// [`NO_ANSWER`].
fn full_tables() -> (Box<[u8; 1 << 16]>, Vec<[u8; 256]>) {
    let plain = |c: usize| c > 0 && c < 128 && !is_separator(char::from(c as u8));
    let card = |chars: &[usize]| {
        card_from_chars(chars.iter().map(|&c| char::from(c as u8))).map_or(NO_ANSWER, |c| c.index())
    };
    let mut pairs = Box::new([NO_ANSWER; 1 << 16]);
    for (i, entry) in pairs.iter_mut().enumerate() {
        if plain(i & 0xff) && plain(i >> 8) {
            *entry = card(&[i & 0xff, i >> 8]);
        }
    }
    // A three-character card ends in a character that ends some card of two.
    let ends: Vec<usize> = (0..128)
        .filter(|&b| (0..128).any(|a| pairs[a | b << 8] != NO_ANSWER))
        .collect();
    let mut tails = Vec::new();
    for i in 0..1 << 16 {
        let (a, b) = (i & 0xff, i >> 8);
        if pairs[i] != NO_ANSWER || !plain(a) || !plain(b) || tails.len() == MOST_LEADS {
            continue;
        }
        if ends.iter().any(|&c| card(&[a, b, c]) != NO_ANSWER) {
            let tail: [u8; 256] = std::array::from_fn(|c| {
                if plain(c) {
                    card(&[a, b, c])
                } else {
                    NO_ANSWER
                }
            });
            pairs[i] = LEAD + tails.len() as u8;
            tails.push(tail);
        }
    }
    (pairs, tails)
}

/// The tables: every pair of bytes (the first in the low byte of the
/// index) to its entry; few of its cache lines are ever read, since cards
/// are spelt with a few characters.
struct Pairs {
    pairs: Box<[u8; 1 << 16]>,
    tails: Box<[[u8; 256]; MOST_LEADS]>,
    /// 0 for a separator, `NO_ANSWER` for any other character.
    not_separator: [u8; 256],
    /// 1 for a first character that starts only cards of three characters,
    /// else 0: known a lookup after the character, before its card, so the
    /// next card's place is too.
    long: [u8; 256],
}

impl Pairs {
    fn new() -> Pairs {
        let (pairs, found) = full_tables();
        let mut tails = Box::new([[NO_ANSWER; 256]; MOST_LEADS]);
        tails[..found.len()].copy_from_slice(&found);
        let long = std::array::from_fn(|a| {
            let mut answers = (0..256)
                .map(|b| pairs[a | b << 8])
                .filter(|&e| e != NO_ANSWER);
            let first = answers.next();
            u8::from(first.is_some_and(is_lead) && answers.all(is_lead))
        });
        Pairs {
            pairs,
            tails,
            not_separator: std::array::from_fn(|b| {
                if b < 128 && is_separator(char::from(b as u8)) {
                    0
                } else {
                    NO_ANSWER
                }
            }),
            long,
        }
    }

    /// The entry of the pair `a`, `b`.
    #[inline(always)]
    fn entry(&self, a: u8, b: u8) -> u8 {
        self.pairs[usize::from(u16::from_le_bytes([a, b]))]
    }

    /// The card a lead `entry` and a third character `c` spell (for an
    /// entry that is no lead, some code: the caller checks [`is_lead`]).
    #[inline(always)]
    fn tail(&self, entry: u8, c: u8) -> u8 {
        self.tails[usize::from(entry) % MOST_LEADS][usize::from(c)]
    }
}

/// Whether a pair `entry` starts a card of three characters.
#[inline(always)]
fn is_lead(entry: u8) -> bool {
    entry & !(LEAD - 1) == LEAD
}

/// One character of text: a UTF-8 byte or a Unicode code point. `byte` is
/// the character itself when it is below 256, else 0 (NUL: no pair with it
/// is in the table and it is no separator, so such text is left alone).
pub trait Unit: Copy + Default {
    fn byte(self) -> u8;
}

impl Unit for u8 {
    #[inline(always)]
    fn byte(self) -> u8 {
        self
    }
}

impl Unit for u32 {
    #[inline(always)]
    fn byte(self) -> u8 {
        // Past 255: NUL (and not the low byte, which may be a card's).
        if self < 256 {
            self as u8
        } else {
            0
        }
    }
}

/// The reader of hand text of the usual shape (its tables, built once).
#[derive(Clone, Copy)]
pub struct Usual(&'static Pairs);

impl Usual {
    pub fn get() -> Usual {
        static PAIRS: OnceLock<Pairs> = OnceLock::new();
        Usual(PAIRS.get_or_init(Pairs::new))
    }

    /// Writes the cards of the first `len` characters of `text` into `out`
    /// and returns how many, if they have the usual shape and at most
    /// `out.len()` cards; `None` otherwise (parts of `out` may then be
    /// written). `text` may go on past `len` (the fixed-count reader reads
    /// ahead without a branch; what it reads there never makes it answer).
    #[inline(always)]
    pub fn read<T: Unit>(self, text: &[T], len: usize, out: &mut [u8]) -> Option<usize> {
        let read = match out.len() {
            5 => exactly::<5, T>(text, len, out, self.0),
            4 => exactly::<4, T>(text, len, out, self.0),
            _ => false,
        };
        if read {
            return Some(out.len());
        }
        one_by_one(text.get(..len)?, out, self.0)
    }

    /// The card of a NUL-padded cell (NumPy's `<U`, its code points as
    /// bytes): a card of two or three ASCII characters, then only NULs. Any
    /// other cell gets a code of `LEAD` or more (an OR of codes tells if any
    /// is one).
    #[inline(always)]
    pub fn padded_card(self, cell: &[u8]) -> u8 {
        let pairs = self.0;
        let (a, b, c, rest) = match *cell {
            [a, b, c, ref rest @ ..] => (a, b, c, rest),
            [a, b] => (a, b, 0, &[][..]),
            _ => return NO_ANSWER,
        };
        let entry = pairs.entry(a, b);
        let short = entry | if c == 0 { 0 } else { NO_ANSWER };
        // Chosen by an index, not a branch: which cards are tens is not
        // predictable.
        let code = [short, pairs.tail(entry, c)][usize::from(is_lead(entry))];
        code | if rest.iter().any(|&c| c != 0) {
            NO_ANSWER
        } else {
            0
        }
    }

    /// [`Usual::padded_card`] for each cell of `width` bytes of `cells` into
    /// `codes`; returns the OR of the codes.
    #[inline(always)]
    pub fn padded_cards(self, cells: &[u8], width: usize, codes: &mut [u8]) -> u8 {
        let mut all = 0;
        for (cell, code) in cells.chunks_exact(width).zip(codes) {
            *code = self.padded_card(cell);
            all |= *code;
        }
        all
    }

    /// Whether a code from [`Usual::padded_card`] is a card.
    pub fn is_card(code: u8) -> bool {
        code < LEAD
    }

    /// Reads a row of `width` cards into each `width` codes of `out` from
    /// `rows`: each row's text (going on past it, as for [`Usual::read`])
    /// and length. Calls `missed` with the number of each row it could not
    /// read that way (its codes are then unset).
    #[inline(always)]
    pub fn read_rows<T: Unit, Text: AsRef<[T]>>(
        self,
        rows: impl Iterator<Item = (Text, usize)>,
        width: usize,
        out: &mut [u8],
        missed: impl FnMut(usize),
    ) {
        match width {
            5 => self.rows_of::<5, T, Text>(rows, out, missed),
            4 => self.rows_of::<4, T, Text>(rows, out, missed),
            _ => {
                let mut missed = missed;
                for (r, ((text, len), codes)) in rows.zip(out.chunks_exact_mut(width)).enumerate() {
                    if self.read(text.as_ref(), len, codes) != Some(width) {
                        missed(r);
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn rows_of<const N: usize, T: Unit, Text: AsRef<[T]>>(
        self,
        rows: impl Iterator<Item = (Text, usize)>,
        out: &mut [u8],
        mut missed: impl FnMut(usize),
    ) {
        for (r, ((text, len), codes)) in rows.zip(out.chunks_exact_mut(N)).enumerate() {
            if !exactly::<N, T>(text.as_ref(), len, codes, self.0) {
                missed(r);
            }
        }
    }
}

/// Whether the first `len` characters of `text` are `N` cards of the usual
/// shape; they are then in `out`. Reads each card at a place the cards
/// before it set, without a branch a card.
#[inline(always)]
fn exactly<const N: usize, T: Unit>(text: &[T], len: usize, out: &mut [u8], pairs: &Pairs) -> bool {
    if len < SHORT * N + N - 1 || len > LONG * N + N - 1 {
        return false;
    }
    match text
        .get(..WINDOW)
        .and_then(|ahead| <&[T; WINDOW]>::try_from(ahead).ok())
    {
        Some(window) => in_window::<N, T>(window, len, out, pairs),
        None => {
            // Near the end of the buffer: a copy padded with NUL (made only
            // here, not for every row).
            let mut copy = [T::default(); WINDOW];
            let n = text.len().min(WINDOW);
            copy[..n].copy_from_slice(&text[..n]);
            in_window::<N, T>(&copy, len, out, pairs)
        }
    }
}

/// [`exactly`] for text of `len` characters at the start of `window`.
#[inline(always)]
fn in_window<const N: usize, T: Unit>(
    window: &[T; WINDOW],
    len: usize,
    out: &mut [u8],
    pairs: &Pairs,
) -> bool {
    if len == SHORT * N + N - 1 {
        cards_at::<N, false, T>(window, len, out, pairs)
    } else {
        cards_at::<N, true, T>(window, len, out, pairs)
    }
}

/// Reads `N` cards from `window` and returns whether they end at `len`.
/// Without `TENS` every card has two characters, so every place is known at
/// once; with it, each card's place is where the one before it ends, which
/// its first character tells.
#[inline(always)]
fn cards_at<const N: usize, const TENS: bool, T: Unit>(
    window: &[T; WINDOW],
    len: usize,
    out: &mut [u8],
    pairs: &Pairs,
) -> bool {
    let at = |i: usize| window[i % WINDOW].byte();
    let (mut start, mut faults) = (0, 0);
    for (k, slot) in out.iter_mut().enumerate().take(N) {
        let first = at(start);
        let long = if TENS {
            usize::from(pairs.long[usize::from(first)])
        } else {
            0
        };
        let entry = pairs.entry(first, at(start + 1));
        let tail =
            pairs.tail(entry, at(start + SHORT)) | if is_lead(entry) { 0 } else { NO_ANSWER };
        // Chosen by an index, not a branch: which cards are long is not
        // predictable. A lead in place of a short card has the `LEAD` bit.
        let code = [entry, tail][long];
        let end = start + SHORT + long;
        if k + 1 < N {
            faults |= pairs.not_separator[usize::from(at(end))];
        }
        faults |= code;
        *slot = code;
        start = end + 1;
    }
    start == len + 1 && Usual::is_card(faults)
}

/// [`Usual::read`] a card at a time, for any count.
fn one_by_one<T: Unit>(text: &[T], out: &mut [u8], pairs: &Pairs) -> Option<usize> {
    let mut rest = text;
    for (n, slot) in out.iter_mut().enumerate() {
        let (code, after) = match *rest {
            [a, b, ref after @ ..] => {
                let entry = pairs.entry(a.byte(), b.byte());
                match *after {
                    [c, ref after @ ..] if is_lead(entry) => (pairs.tail(entry, c.byte()), after),
                    _ => (entry, after),
                }
            }
            _ => return None,
        };
        if code >= LEAD {
            return None;
        }
        *slot = code;
        match *after {
            [] => return Some(n + 1),
            [s, ref next @ ..] if pairs.not_separator[usize::from(s.byte())] == 0 => rest = next,
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8], out: &mut [u8]) -> Option<usize> {
        Usual::get().read(text, text.len(), out)
    }

    /// Every pair of characters below 256, every pair of a rank and a suit
    /// symbol, and every three characters starting `10`: the fast path
    /// answers what `card_from_chars` answers (for bytes and code points
    /// alike) or leaves the text alone, and it answers every two- and
    /// three-character ASCII card.
    #[test]
    fn cards_agree_with_card_from_chars() {
        let mut units: Vec<u32> = (0..256).collect();
        units.extend(['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}', '\u{2661}'].map(u32::from));
        let mut out = [0; 1];
        let mut texts: Vec<Vec<u32>> = Vec::new();
        for &a in &units {
            for &b in &units {
                texts.push(vec![a, b]);
            }
        }
        for &c in &units {
            texts.push(vec![u32::from(b'1'), u32::from(b'0'), c]);
            texts.push(vec![u32::from(b'1'), c, u32::from(b'H')]);
        }
        for text in texts {
            let fast = Usual::get()
                .read(&text, text.len(), &mut out)
                .map(|_| out[0]);
            let chars = text
                .iter()
                .map(|&c| char::from_u32(c).unwrap_or('\u{fffd}'));
            let general = card_from_chars(chars).map(|c| c.index());
            assert!(fast.is_none() || fast == general, "{text:?}");
            let ascii = text
                .iter()
                .all(|&c| c < 128 && !is_separator(char::from(c as u8)));
            assert_eq!(fast.is_some(), general.is_some() && ascii, "{text:?}");
            if text.iter().all(|&c| c < 256) {
                let bytes: Vec<u8> = text.iter().map(|&c| c as u8).collect();
                assert_eq!(read(&bytes, &mut out).map(|_| out[0]), fast);
            }
        }
    }

    #[test]
    fn only_the_usual_shape_is_read() {
        let mut out = [0; 5];
        assert_eq!(read(b"5H 5D,5C\tJS 5S", &mut out), Some(5));
        assert_eq!(out, [18, 17, 16, 43, 19]);
        assert_eq!(read(b"10H 5D 10c JS 10S", &mut out), Some(5));
        assert_eq!(out, [38, 17, 36, 43, 39]);
        assert_eq!(read(b"5H 5D 5C JS", &mut out[..4]), Some(4));
        assert_eq!(read(b"5h 10d th", &mut out), Some(3));
        assert_eq!(out[..3], [18, 37, 38]);
        for text in [
            &b"5H  5D"[..],
            b"5H 5D ",
            b" 5H 5D",
            b"5H5D 5C",
            b"5H 5X",
            b"5H 1\x00H",
            b"5H 10 H 5C JS",
            b"5H 5D 5C JS 5S 6S",
            b"5H 5D 5C JS 5X",
            b"5H 5D 5CxJS 5S",
            b"5H 5D 5C JS5S ",
            b"5H 5D 5C 5\xe2\x99",
            b"10H 10D 10C 10S 10",
            b"",
            b"5",
        ] {
            assert_eq!(read(text, &mut out), None, "{text:?}");
        }
        let codes: Vec<u32> = "5H 5\u{2665}".chars().map(u32::from).collect();
        assert_eq!(Usual::get().read(&codes, codes.len(), &mut out), None);
    }

    /// What follows the text (the next cell of a buffer) never changes the
    /// answer of the fixed-count reader.
    #[test]
    fn text_past_the_length_is_not_read_as_cards() {
        let mut out = [0; 5];
        let text = b"5H 5D 5C JS 10S 4H 4D";
        for len in 0..text.len() {
            let alone = read(&text[..len], &mut out);
            assert_eq!(Usual::get().read(text, len, &mut out), alone, "{len}");
        }
        assert_eq!(Usual::get().read(b"5H 5D 5C JS 5S", 14, &mut out), Some(5));
        assert_eq!(Usual::get().read(b"5H 5D 5C JS 10S", 14, &mut out), None);
    }
}
