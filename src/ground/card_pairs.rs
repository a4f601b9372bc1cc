//! The usual shape of hand text, read without splitting it: cards of two
//! ASCII characters, one separator between each two ("5H 5D 5C JS 5S").
//!
//! Each pair of characters is looked up in a table that `card_from_chars`
//! filled, one call per pair, so the spellings stay in `card`. Text of any
//! other shape (`10H`, suit symbols, runs of spaces), and any pair the table
//! does not answer, is left to the general parser in `card_text`: the fast
//! path answers only when the general one would give the same cards.

use std::sync::OnceLock;

use crate::ground::card::{card_from_chars, is_separator};

/// A table entry for a pair that is not a two-character card.
const NO_ANSWER: u8 = u8::MAX;

/// The entries: index `a | b << 8` for the characters (or bytes) `a`, `b`.
type Table = [u8; 1 << 16];

/// The card code of every pair of ASCII characters `card_from_chars` reads
/// as a card. Pairs holding a byte past ASCII (part of a longer UTF-8
/// character) or a separator (which splits the text elsewhere) get
/// [`NO_ANSWER`].
fn full_table() -> Box<Table> {
    let mut table = Box::new([NO_ANSWER; 1 << 16]);
    for (i, entry) in table.iter_mut().enumerate() {
        let pair = [(i & 0xff) as u8, (i >> 8) as u8].map(char::from);
        if pair.iter().all(|&c| c.is_ascii() && !is_separator(c)) {
            *entry = card_from_chars(pair).map_or(NO_ANSWER, |card| card.index());
        }
    }
    table
}

/// [`full_table`] folded to fit the fastest cache: characters that act
/// alike in the first place (every `A` and `a`, say) share a class, and so
/// do those of the second place; a small table maps two classes to the card.
struct Pairs {
    first: [u8; 256],
    second: [u8; 256],
    width: usize,
    cards: Box<[u8]>,
}

impl Pairs {
    fn fold(table: &Table) -> Pairs {
        let row = |a: usize| -> Vec<u8> { (0..256).map(|b| table[a | b << 8]).collect() };
        let column = |b: usize| -> Vec<u8> { (0..256).map(|a| table[a | b << 8]).collect() };
        let (first, firsts) = classes(row);
        let (second, seconds) = classes(column);
        let width = seconds.len();
        let cards = firsts
            .iter()
            .flat_map(|&a| seconds.iter().map(move |&b| table[a | b << 8]))
            .collect();
        Pairs {
            first,
            second,
            width,
            cards,
        }
    }

    /// The card code of the pair `a`, `b` (or [`NO_ANSWER`]).
    #[inline(always)]
    fn card(&self, a: u8, b: u8) -> u8 {
        let i = usize::from(self.first[usize::from(a)]) * self.width
            + usize::from(self.second[usize::from(b)]);
        self.cards.get(i).copied().unwrap_or(NO_ANSWER)
    }
}

/// The class of each byte by its `line` of the table (equal lines, one
/// class), and one byte of each class.
fn classes(line: impl Fn(usize) -> Vec<u8>) -> ([u8; 256], Vec<usize>) {
    let mut class = [0u8; 256];
    let mut lines: Vec<Vec<u8>> = Vec::new();
    let mut members = Vec::new();
    for (byte, slot) in class.iter_mut().enumerate() {
        let this = line(byte);
        let known = lines.iter().position(|l| *l == this).unwrap_or_else(|| {
            lines.push(this);
            members.push(byte);
            lines.len() - 1
        });
        // At most 256 classes, one per byte.
        *slot = known as u8;
    }
    (class, members)
}

fn table() -> &'static Pairs {
    static PAIRS: OnceLock<Pairs> = OnceLock::new();
    PAIRS.get_or_init(|| Pairs::fold(&full_table()))
}

/// Whether each byte is an ASCII separator (from `card::is_separator`).
fn separators() -> &'static [bool; 256] {
    static SEPARATORS: OnceLock<[bool; 256]> = OnceLock::new();
    SEPARATORS.get_or_init(|| std::array::from_fn(|b| b < 128 && is_separator(char::from(b as u8))))
}

/// One character of text: a UTF-8 byte or a Unicode code point. `byte` is
/// the character itself when it is below 256, else 0 (NUL: no pair with it
/// is in the table and it is no separator, so such text is left alone).
pub trait Unit: Copy {
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
        u8::try_from(self).unwrap_or(0)
    }
}

/// Writes the cards of `text` into `out` and returns how many, if `text`
/// has the usual shape and at most `out.len()` cards; `None` otherwise
/// (parts of `out` may then be written). A card of three characters (`10H`)
/// is looked up by `three`, given only ASCII characters that are neither
/// NUL nor separators.
#[inline(always)]
pub fn read_usual<T: Unit>(
    text: &[T],
    out: &mut [u8],
    three: impl Fn([u8; 3]) -> Option<u8>,
) -> Option<usize> {
    let (pairs, separators) = (table(), separators());
    // Shows and hands of two-character cards, the most common text: read
    // at fixed places, without a branch a card.
    let fixed = match out.len() {
        5 => at_fixed_places::<5, T>(text, out, pairs, separators),
        4 => at_fixed_places::<4, T>(text, out, pairs, separators),
        _ => false,
    };
    if fixed {
        return Some(out.len());
    }
    let mut rest = text;
    for (n, slot) in out.iter_mut().enumerate() {
        let (code, after) = match *rest {
            [a, b, ref after @ ..] if pairs.card(a.byte(), b.byte()) != NO_ANSWER => {
                (pairs.card(a.byte(), b.byte()), after)
            }
            _ => three_characters(rest, &three)?,
        };
        *slot = code;
        match *after {
            [] => return Some(n + 1),
            [s, ref next @ ..] if separators[usize::from(s.byte())] => rest = next,
            _ => return None,
        }
    }
    None
}

/// Whether `text` is `N` cards of two characters, one separator apart;
/// they are then in `out`.
#[inline(always)]
fn at_fixed_places<const N: usize, T: Unit>(
    text: &[T],
    out: &mut [u8],
    pairs: &Pairs,
    separators: &[bool; 256],
) -> bool {
    if text.len() != 3 * N - 1 || out.len() != N {
        return false;
    }
    let mut answered = true;
    for k in 0..N {
        let code = pairs.card(text[3 * k].byte(), text[3 * k + 1].byte());
        answered &= code != NO_ANSWER;
        out[k] = code;
    }
    for k in 1..N {
        answered &= separators[usize::from(text[3 * k - 1].byte())];
    }
    answered
}

/// The card spelt by the first three characters of `text` (`10H`), and the
/// text after them; kept out of [`read_usual`]'s loop, which it would slow.
#[cold]
#[inline(never)]
fn three_characters<'t, T: Unit>(
    text: &'t [T],
    three: &impl Fn([u8; 3]) -> Option<u8>,
) -> Option<(u8, &'t [T])> {
    let separators = separators();
    let [a, b, c, ref after @ ..] = *text else {
        return None;
    };
    let chars = [a.byte(), b.byte(), c.byte()];
    let plain = |c: &u8| *c != 0 && *c < 128 && !separators[usize::from(*c)];
    if !chars.iter().all(plain) {
        return None;
    }
    Some((three(chars)?, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three-character cards as the general parser reads them.
    fn three(chars: [u8; 3]) -> Option<u8> {
        card_from_chars(chars.map(char::from)).map(|c| c.index())
    }

    /// Every pair of characters below 256 and every pair of a rank and a
    /// suit symbol: the fast path answers what `card_from_chars` answers
    /// (for bytes and code points alike) or leaves the text alone, and it
    /// answers every two-character ASCII card.
    #[test]
    fn pairs_agree_with_card_from_chars() {
        let mut units: Vec<u32> = (0..256).collect();
        units.extend(['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}', '\u{2661}'].map(u32::from));
        let mut out = [0; 1];
        for &a in &units {
            for &b in &units {
                let fast = read_usual(&[a, b], &mut out, three).map(|_| out[0]);
                let chars = [a, b].map(|c| char::from_u32(c).unwrap_or('\u{fffd}'));
                let general = card_from_chars(chars).map(|c| c.index());
                assert!(fast.is_none() || fast == general, "{chars:?}");
                assert_eq!(fast.is_some(), general.is_some() && a < 128 && b < 128);
                if a < 256 && b < 256 {
                    let bytes = [a as u8, b as u8];
                    assert_eq!(read_usual(&bytes, &mut out, three).map(|_| out[0]), fast);
                }
            }
        }
    }

    #[test]
    fn only_the_usual_shape_is_read() {
        let mut out = [0; 5];
        assert_eq!(read_usual(b"5H 5D,5C\tJS 5S", &mut out, three), Some(5));
        assert_eq!(out, [18, 17, 16, 43, 19]);
        assert_eq!(read_usual(b"5H 5D 5C JS", &mut out[..4], three), Some(4));
        assert_eq!(read_usual(b"5h 10d th", &mut out, three), Some(3));
        assert_eq!(out[..3], [18, 37, 38]);
        for text in [
            &b"5H  5D"[..],
            b"5H 5D ",
            b" 5H 5D",
            b"5H5D 5C",
            b"5H 5X",
            b"5H 1\x00H",
            b"5H 5D 5C JS 5S 6S",
            b"5H 5D 5C JS 5X",
            b"5H 5D 5CxJS 5S",
            b"5H 5D 5C JS5S ",
            b"5H 5D 5C 5\xe2\x99",
            b"",
            b"5",
        ] {
            assert_eq!(read_usual(text, &mut out, three), None, "{text:?}");
        }
        let codes: Vec<u32> = "5H 5\u{2665}".chars().map(u32::from).collect();
        assert_eq!(read_usual(&codes, &mut out, three), None);
    }
}
