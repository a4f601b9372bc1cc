//! Cards: 52 of them, ace low, indexed `(rank - 1) * 4 + suit` with suits in
//! the order clubs, diamonds, hearts, spades (docs/rules.md, "Cards").

use std::fmt;
use std::str::FromStr;

use crate::ground::error::{Error, Result};

/// Suit letters in index order.
pub const SUIT_LETTERS: [char; 4] = ['C', 'D', 'H', 'S'];
/// Suit symbols in index order, for parsing `5♥`.
const SUIT_SYMBOLS: [char; 4] = ['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}'];
/// Outlined suit symbols some keyboards produce.
const SUIT_OUTLINES: [char; 4] = ['\u{2667}', '\u{2662}', '\u{2661}', '\u{2664}'];
/// Rank names as printed, index 0 = ace.
pub const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// The rank of a jack, for nobs and his heels.
pub const JACK: u8 = 11;

/// One playing card. Ordered by rank, then suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Card(u8);

impl Card {
    /// The lowest card (ace of clubs, index 0), e.g. to fill fixed arrays.
    pub const MIN: Card = Card(0);

    /// The card with index `i` (0..=51).
    pub fn from_index(i: i64) -> Result<Card> {
        u8::try_from(i)
            .ok()
            .filter(|&i| i < 52)
            .map(Card)
            .ok_or(Error::BadIndex(i))
    }

    /// The card of `rank` (1..=13) and `suit` (0..=3, C D H S).
    pub fn new(rank: u8, suit: u8) -> Result<Card> {
        if !(1..=13).contains(&rank) || suit > 3 {
            return Err(Error::Invalid(format!(
                "no card has rank {rank} and suit {suit}: rank is 1..13, suit 0..3"
            )));
        }
        Ok(Card((rank - 1) * 4 + suit))
    }

    /// Every card of the deck in index order.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    /// This card's bit in a 52-bit card mask (bit `index`).
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// 1 (ace) ..= 13 (king).
    pub const fn rank(self) -> u8 {
        self.0 / 4 + 1
    }

    /// 0..=3 for clubs, diamonds, hearts, spades.
    pub const fn suit(self) -> u8 {
        self.0 % 4
    }

    pub const fn suit_letter(self) -> char {
        SUIT_LETTERS[self.suit() as usize]
    }

    /// Counting value: ace 1, pips at face value, court cards 10.
    pub const fn value(self) -> u8 {
        rank_value(self.rank())
    }

    /// Parses `5H`, `5h`, `5♥`, `10H`, `TH`, `JS`, `AS`.
    pub fn parse(text: &str) -> Result<Card> {
        card_from_chars(text.chars()).ok_or_else(|| Error::UnknownCard(text.to_string()))
    }
}

/// The card spelt by `chars`, whitespace around it allowed: a rank (A, 2-10,
/// T, J, Q, K in either case) then a suit letter or symbol. Every card text
/// parser (`Card::parse`, the bulk parser of `card_text`) ends here.
pub fn card_from_chars(chars: impl IntoIterator<Item = char>) -> Option<Card> {
    // The longest spelling is "10" and a suit.
    let mut kept = ['\0'; 3];
    let (mut n, mut ended) = (0, false);
    for c in chars {
        if c.is_whitespace() {
            ended = n > 0;
        } else if ended || n == kept.len() {
            return None;
        } else {
            kept[n] = c;
            n += 1;
        }
    }
    let (&suit, rank) = kept[..n].split_last()?;
    let suit = suit_from_char(suit)?;
    let rank = rank_from_chars(rank)?;
    Some(Card((rank - 1) * 4 + suit))
}

/// Whether `c` separates the cards of a hand written as text ("5H 5D,5C").
pub fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

fn suit_from_char(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    (0..4u8).find(|&s| {
        let i = s as usize;
        upper == SUIT_LETTERS[i] || c == SUIT_SYMBOLS[i] || c == SUIT_OUTLINES[i]
    })
}

fn rank_from_chars(rank: &[char]) -> Option<u8> {
    // Spelt as in RANK_NAMES (the deck round trip test holds them together), or T.
    let name = match *rank {
        [c] => c.to_ascii_uppercase(),
        ['1', '0'] => return Some(10),
        _ => return None,
    };
    match name {
        'A' => Some(1),
        '2'..='9' => name.to_digit(10).map(|d| d as u8),
        'T' => Some(10),
        'J' => Some(11),
        'Q' => Some(12),
        'K' => Some(13),
        _ => None,
    }
}

impl FromStr for Card {
    type Err = Error;
    fn from_str(s: &str) -> Result<Card> {
        Card::parse(s)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_NAMES[(self.rank() - 1) as usize],
            self.suit_letter()
        )
    }
}

/// Parses a space- or comma-separated list of cards, e.g. `"5H 5D 5C JS"`.
pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
    text.split(is_separator)
        .filter(|t| !t.is_empty())
        .map(Card::parse)
        .collect()
}

/// The mask of the cards in `text`, for tests (panics on bad text).
#[cfg(test)]
pub fn test_mask(text: &str) -> u64 {
    parse_cards(text)
        .unwrap()
        .iter()
        .fold(0, |m, &c| m | c.bit())
}

/// Fails with the first card that appears twice.
pub fn check_distinct(cards: &[Card]) -> Result<()> {
    let mut seen = CardSet::EMPTY;
    for &card in cards {
        if !seen.insert(card) {
            return Err(Error::DuplicateCard(card.to_string()));
        }
    }
    Ok(())
}

/// The count value of a card of `rank` (1..=13): its rank, tens and court
/// cards 10.
pub const fn rank_value(rank: u8) -> u8 {
    if rank > 10 {
        10
    } else {
        rank
    }
}

/// A set of cards: bit `index` of a 52-bit mask per card. Iterates in index
/// order (rank, then suit).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The whole deck.
    pub const DECK: CardSet = CardSet((1u64 << 52) - 1);

    /// The set of a card mask (bits past 51 are dropped).
    pub const fn from_mask(mask: u64) -> CardSet {
        CardSet(mask & CardSet::DECK.0)
    }

    /// The set's 52-bit mask.
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// The set of one card.
    pub const fn of(card: Card) -> CardSet {
        CardSet(card.bit())
    }

    /// Adds `card`; false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let fresh = !self.contains(card);
        self.0 |= card.bit();
        fresh
    }

    /// Takes `card` out; false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !card.bit();
        had
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest card (by index), if any.
    pub fn first(self) -> Option<Card> {
        self.iter().next()
    }

    /// The `n`-th card in index order (0-based).
    pub fn nth(self, n: u32) -> Option<Card> {
        let mut mask = self.0;
        for _ in 0..n {
            mask &= mask.wrapping_sub(1);
        }
        CardSet(mask).first()
    }

    /// The cards in index order.
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }

    /// The cards in index order, as a vector.
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }
}

/// The cards of a [`CardSet`] in index order.
#[derive(Clone, Debug)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        CardSet(cards.into_iter().fold(0, |m, c| m | c.bit()))
    }
}

impl From<&[Card]> for CardSet {
    fn from(cards: &[Card]) -> CardSet {
        cards.iter().copied().collect()
    }
}

impl std::ops::BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

/// The cards of the left set not in the right one.
impl std::ops::Sub for CardSet {
    type Output = CardSet;
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl std::ops::SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

/// Joins cards as `"5H 5D 5C"`.
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_layout_is_rank_major_clubs_first() {
        let c = Card::parse("5H").unwrap();
        assert_eq!(c.index(), 4 * 4 + 2);
        assert_eq!(Card::parse("AC").unwrap().index(), 0);
        assert_eq!(Card::parse("KS").unwrap().index(), 51);
    }

    #[test]
    fn parses_every_form() {
        for text in ["5H", "5h", "5\u{2665}", " 5H "] {
            assert_eq!(Card::parse(text).unwrap().to_string(), "5H");
        }
        for text in ["10H", "TH", "th", "10\u{2665}"] {
            assert_eq!(Card::parse(text).unwrap().to_string(), "10H");
        }
        assert_eq!(Card::parse("as").unwrap().to_string(), "AS");
        assert_eq!(Card::parse("JS").unwrap().value(), 10);
    }

    #[test]
    fn rejects_bad_text() {
        for text in ["", "H", "1H", "11H", "5X", "ZZ", "5", "5HH"] {
            assert!(
                matches!(Card::parse(text), Err(Error::UnknownCard(_))),
                "{text}"
            );
        }
        assert_eq!(Card::from_index(52), Err(Error::BadIndex(52)));
        assert_eq!(Card::from_index(-1), Err(Error::BadIndex(-1)));
    }

    #[test]
    fn text_round_trips_for_the_whole_deck() {
        for card in Card::deck() {
            assert_eq!(Card::parse(&card.to_string()).unwrap(), card);
        }
    }

    #[test]
    fn card_sets_insert_remove_and_iterate_in_index_order() {
        let cards = parse_cards("KS 5H AC").unwrap();
        let mut set = CardSet::from(cards.as_slice());
        assert_eq!(set.len(), 3);
        assert_eq!(format_cards(&set.to_vec()), "AC 5H KS");
        assert_eq!(set.nth(1), Some(cards[1]));
        assert_eq!(set.nth(3), None);
        assert!(!set.insert(cards[0]) && set.remove(cards[0]) && !set.remove(cards[0]));
        assert!(!set.contains(cards[0]) && set.contains(cards[1]));
        assert_eq!((CardSet::DECK - set).len(), 50);
        assert_eq!(CardSet::from_mask(u64::MAX), CardSet::DECK);
        assert_eq!(CardSet::DECK.iter().count(), 52);
    }

    #[test]
    fn duplicates_are_named() {
        let cards = parse_cards("5H 6H 5H").unwrap();
        let err = check_distinct(&cards).unwrap_err();
        assert_eq!(err.to_string(), "card 5H appears more than once");
    }
}
