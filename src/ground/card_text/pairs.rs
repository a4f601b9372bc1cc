//! The usual shape of hand text, read without splitting it: cards of two or
//! three ASCII characters, one separator between each two
//! ("5H 5D 10C JS 5S").
//!
//! A pair of characters is looked up in a table that `card_from_chars`
//! filled: the entry is a card, or says that the pair starts a card of three
//! characters (`10`); a second table reads an entry and the character after
//! it (NUL after a card of two). So the spellings stay in `card`. Where the
//! cards of a hand lie is `shapes`'s part. Text of any other shape
//! (suit symbols, runs of spaces), and any card the tables do not answer, is
//! left to the general parser in `card_text`: the fast path answers only
//! when the general one would give the same cards.

use std::sync::OnceLock;

use super::shapes::{Shapes, SLOT};
pub use super::shapes::{Unit, WINDOW};
use crate::ground::card::{card_from_chars, is_separator};

/// An entry for text that is no card (any code with the top bit set is one).
const NO_ANSWER: u8 = u8::MAX;
/// A pair entry `LEAD + i` starts a three-character card (the `i`-th such
/// pair). Card codes are below `LEAD`.
const LEAD: u8 = 64;
/// The most pairs that start a three-character card (more go to the
/// general parser).
const MOST_LEADS: usize = 16;
/// The characters of a card of the usual shape: two, or three (`10H`).
const SHORT: usize = 2;
const LONG: usize = 3;
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
/// index) to its entry, and every entry and following byte (the entry in the
/// low byte) to a card; few of their cache lines are ever read, since cards
/// are spelt with a few characters.
struct Pairs {
    pairs: Box<[u8; 1 << 16]>,
    /// The card an entry and the character after it spell: the entry's own
    /// card before NUL, a lead's three-character card before its third.
    cards: Box<[u8; 1 << 16]>,
    /// 0 for a separator, `NO_ANSWER` for any other character.
    not_separator: [u8; 256],
    /// Where the cards of hands of four and of five lie.
    shapes: [Shapes; 2],
}

impl Pairs {
    fn new() -> Pairs {
        let (pairs, tails) = full_tables();
        let mut cards = Box::new([NO_ANSWER; 1 << 16]);
        for (i, card) in cards.iter_mut().enumerate() {
            let (entry, c) = ((i & 0xff) as u8, i >> 8);
            *card = match (entry, c) {
                (entry, 0) if entry < LEAD => entry,
                (entry, 1..) if is_lead(entry) => tails
                    .get(usize::from(entry - LEAD))
                    .map_or(NO_ANSWER, |tail| tail[c]),
                _ => NO_ANSWER,
            };
        }
        Pairs {
            pairs,
            cards,
            not_separator: std::array::from_fn(|b| {
                if b < 128 && is_separator(char::from(b as u8)) {
                    0
                } else {
                    NO_ANSWER
                }
            }),
            shapes: [Shapes::new(4), Shapes::new(5)],
        }
    }

    /// The entry of a pair of characters, the first in the low byte.
    #[inline(always)]
    fn entry(&self, pair: u16) -> u8 {
        self.pairs[usize::from(pair)]
    }

    /// The card of a pair `entry` and the character `c` after it (NUL when
    /// there is none); `NO_ANSWER` if they spell none.
    #[inline(always)]
    fn card(&self, entry: u8, c: u8) -> u8 {
        self.cards[usize::from(u16::from_le_bytes([entry, c]))]
    }
}

/// Whether a pair `entry` starts a card of three characters.
#[inline(always)]
fn is_lead(entry: u8) -> bool {
    entry & !(LEAD - 1) == LEAD
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
        pairs.card(pairs.entry(u16::from_le_bytes([a, b])), c)
            | if rest.iter().any(|&c| c != 0) {
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
/// shape; they are then in `out`. No branch depends on the cards.
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

/// [`exactly`] for text of `len` characters at the start of `window`: the
/// cards gathered into slots by their shape, each slot read the same way.
#[inline(always)]
fn in_window<const N: usize, T: Unit>(
    window: &[T; WINDOW],
    len: usize,
    out: &mut [u8],
    pairs: &Pairs,
) -> bool {
    let (slots, fits) = pairs.shapes[N - 4].gather(window, len);
    // Read as one number, so each card is a shift away.
    let slots = u128::from_le_bytes(slots);
    let mut faults = 0;
    for (k, code) in out.iter_mut().take(N).enumerate() {
        // The card's characters, the first in the low byte.
        let chars = (slots >> (8 * SLOT * k)) as u32;
        *code = pairs.card(pairs.entry(chars as u16), (chars >> 16) as u8);
        faults |= *code;
    }
    fits & Usual::is_card(faults)
}

/// [`Usual::read`] a card at a time, for any count.
fn one_by_one<T: Unit>(text: &[T], out: &mut [u8], pairs: &Pairs) -> Option<usize> {
    let mut rest = text;
    for (n, slot) in out.iter_mut().enumerate() {
        let (code, after) = match *rest {
            [a, b, ref after @ ..] => {
                let entry = pairs.entry(u16::from_le_bytes([a.byte(), b.byte()]));
                match *after {
                    [c, ref after @ ..] if is_lead(entry) => (pairs.card(entry, c.byte()), after),
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
            b"5H\x00 5D 5C JS 5S",
            b"5H 5D 5C JS 5S\x00",
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

    /// Hands of five cards of many shapes and separators, and each with one
    /// character replaced by every byte: the shape reader gives what splitting
    /// at each separator and `card_from_chars` give, or leaves the text alone.
    #[test]
    fn hands_agree_with_splitting_at_separators() {
        let spellings = ["5H", "10D", "th", "KS", "aC", "10c", "Jd", "9s", "10S"];
        let split = |text: &[u8]| -> Option<Vec<u8>> {
            let text = std::str::from_utf8(text).ok()?;
            let parts: Vec<&str> = text.split(is_separator).collect();
            let cards: Option<Vec<u8>> = parts
                .iter()
                .map(|part| card_from_chars(part.chars()).map(|c| c.index()))
                .collect();
            cards.filter(|cards| cards.len() == 5)
        };
        let mut out = [0; 5];
        for first in 0..spellings.len() {
            let hand: Vec<&str> = (0..5)
                .map(|k| spellings[(first + 2 * k) % spellings.len()])
                .collect();
            let text = hand.join([" ", ",", "\t"][first % 3]);
            assert_eq!(read(text.as_bytes(), &mut out), Some(5), "{text}");
            assert_eq!(Some(out.to_vec()), split(text.as_bytes()), "{text}");
            for at in 0..text.len() {
                for byte in 0..=255 {
                    let mut changed = text.clone().into_bytes();
                    changed[at] = byte;
                    if read(&changed, &mut out).is_some() {
                        assert_eq!(Some(out.to_vec()), split(&changed), "{changed:?}");
                    }
                }
            }
        }
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
