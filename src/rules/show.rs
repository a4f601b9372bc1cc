//! The show: scoring a hand or crib of four cards with the starter
//! (docs/rules.md, "The show"; flush and nobs as in the ACC rules).
//!
//! Two independent paths: [`score_hand`] counts from rank histograms (fast),
//! [`explain_hand`] enumerates every combination (itemised). Tests hold them
//! equal on all 12,994,800 deals.

use std::fmt;

use crate::ground::card::{check_distinct, Card, JACK};
use crate::ground::error::{Error, Result};

/// A validated show: four distinct cards and a starter not among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Show {
    pub hand: [Card; 4],
    pub starter: Card,
    pub crib: bool,
}

impl Show {
    /// Checks the count and that all five cards are distinct.
    pub fn new(hand: &[Card], starter: Card, crib: bool) -> Result<Show> {
        let what = if crib { "a crib" } else { "a hand" };
        let hand: [Card; 4] = hand.try_into().map_err(|_| Error::WrongCount {
            what,
            expected: "4",
            got: hand.len(),
        })?;
        check_distinct(&[hand[0], hand[1], hand[2], hand[3], starter])?;
        Ok(Show {
            hand,
            starter,
            crib,
        })
    }

    /// The five cards counted, starter last.
    pub fn five(&self) -> [Card; 5] {
        let [a, b, c, d] = self.hand;
        [a, b, c, d, self.starter]
    }
}

/// Points from fifteens, pairs and runs: these depend on ranks alone.
/// `ranks` are 1..=13.
pub fn rank_points(ranks: [u8; 5]) -> u8 {
    let mut ways = [0u8; 16]; // ways[s]: subsets whose values sum to s
    ways[0] = 1;
    let mut counts = [0u8; 15];
    for r in ranks {
        let v = r.min(10) as usize;
        for s in (v..16).rev() {
            ways[s] += ways[s - v];
        }
        counts[r as usize] += 1;
    }
    let fifteens = 2 * ways[15];
    let pairs: u8 = counts.iter().map(|&c| c * c.saturating_sub(1)).sum();
    fifteens + pairs + run_points(&counts)
}

/// Points for the one maximal run of 3+ ranks (five cards hold at most one):
/// its length times the number of ways to pick one card of each rank.
fn run_points(counts: &[u8; 15]) -> u8 {
    let (mut len, mut ways) = (0u8, 1u8);
    for &c in &counts[1..] {
        if c > 0 {
            len += 1;
            ways *= c;
        } else if len >= 3 {
            break;
        } else {
            (len, ways) = (0, 1);
        }
    }
    if len >= 3 {
        len * ways
    } else {
        0
    }
}

/// Flush points: 4 hand cards of one suit score 4 (5 with the starter);
/// a crib scores only a five-card flush.
pub fn flush_points(hand: [Card; 4], starter: Card, crib: bool) -> u8 {
    let suit = hand[0].suit();
    if hand.iter().any(|c| c.suit() != suit) {
        0
    } else if starter.suit() == suit {
        5
    } else if crib {
        0
    } else {
        4
    }
}

/// One for his nob: a jack in hand (never the starter) of the starter's suit.
pub fn nobs_points(hand: [Card; 4], starter: Card) -> u8 {
    u8::from(
        hand.iter()
            .any(|c| c.rank() == JACK && c.suit() == starter.suit()),
    )
}

/// The dealer's 2 for a jack turned as the starter.
pub fn his_heels(starter: Card) -> u8 {
    if starter.rank() == JACK {
        2
    } else {
        0
    }
}

/// The most one show scores: three fives and the jack of the fourth five's
/// suit, that five the starter.
pub const BEST_SHOW: u8 = 29;

/// The show total. Assumes distinct cards (see [`Show::new`]).
pub fn score_hand(hand: [Card; 4], starter: Card, crib: bool) -> u8 {
    let [a, b, c, d] = hand.map(Card::rank);
    rank_points_cached([a, b, c, d, starter.rank()])
        + flush_points(hand, starter, crib)
        + nobs_points(hand, starter)
}

/// Number of sorted rank 5-multisets: C(13 + 5 - 1, 5).
pub(crate) const RANK_MULTISETS: usize = 6188;

/// `C(n, k)` for n < 17, k <= 5 (the index of a sorted rank multiset).
const SMALL_BINOM: [[u16; 6]; 17] = {
    let mut t = [[0u16; 6]; 17];
    let mut n = 0;
    while n < 17 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 && k <= n {
            t[n][k] = if k == n {
                1
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// [`rank_points`] of every sorted rank 5-multiset, by [`multiset_index`]
/// (built once from `rank_points` itself). The one such table: the discard
/// analysis reads it too.
pub(crate) fn rank_table() -> &'static [u8; RANK_MULTISETS] {
    static TABLE: std::sync::OnceLock<Box<[u8; RANK_MULTISETS]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u8; RANK_MULTISETS]);
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            let ranks = [a, b, c, d, e];
                            table[multiset_index(ranks)] = rank_points(ranks.map(|r| r + 1));
                        }
                    }
                }
            }
        }
        table
    })
}

/// [`rank_points`] read from [`rank_table`]: the same numbers, several times
/// faster. `ranks` are 1..=13, in any order.
pub fn rank_points_cached(ranks: [u8; 5]) -> u8 {
    let mut r = ranks.map(|r| r - 1);
    // A sorting network for five.
    for (i, j) in [
        (0, 1),
        (3, 4),
        (2, 4),
        (2, 3),
        (0, 3),
        (0, 2),
        (1, 4),
        (1, 3),
        (1, 2),
    ] {
        if r[i] > r[j] {
            r.swap(i, j);
        }
    }
    rank_table()[multiset_index(r)]
}

/// Index of a sorted rank multiset (ranks 0..=12, ascending): ranks shifted
/// by position are strictly increasing in 0..=16, ranked combinatorially.
#[inline]
pub(crate) fn multiset_index(sorted: [u8; 5]) -> usize {
    let mut index = 0usize;
    for (i, &r) in sorted.iter().enumerate() {
        index += usize::from(SMALL_BINOM[usize::from(r) + i][i + 1]);
    }
    index
}

impl Show {
    pub fn score(&self) -> u8 {
        score_hand(self.hand, self.starter, self.crib)
    }
}

/// What a scoring combination is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShowKind {
    Fifteen,
    Pair,
    Run,
    Flush,
    Nobs,
}

impl ShowKind {
    pub const ALL: [ShowKind; 5] = [
        ShowKind::Fifteen,
        ShowKind::Pair,
        ShowKind::Run,
        ShowKind::Flush,
        ShowKind::Nobs,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ShowKind::Fifteen => "fifteen",
            ShowKind::Pair => "pair",
            ShowKind::Run => "run",
            ShowKind::Flush => "flush",
            ShowKind::Nobs => "nobs",
        }
    }
}

/// One scoring combination and the cards that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowItem {
    pub kind: ShowKind,
    pub cards: Vec<Card>,
    pub points: u8,
}

/// Every scoring combination of a show, in the order players count them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub show: Show,
    pub items: Vec<ShowItem>,
}

impl Breakdown {
    pub fn total(&self) -> u8 {
        self.items.iter().map(|i| i.points).sum()
    }

    /// Points of one kind, e.g. all fifteens together.
    pub fn points_of(&self, kind: ShowKind) -> u8 {
        self.items
            .iter()
            .filter(|i| i.kind == kind)
            .map(|i| i.points)
            .sum()
    }

    fn count_of(&self, kind: ShowKind) -> usize {
        self.items.iter().filter(|i| i.kind == kind).count()
    }
}

/// Itemises a show by enumerating every subset of the five cards.
pub fn explain_hand(show: Show) -> Breakdown {
    let five = show.five();
    let masks = |size: u32| (1u32..32).filter(move |m| m.count_ones() == size);
    let mut items = Vec::new();
    for size in 2..=5 {
        for m in masks(size).filter(|&m| subset_value(&five, m) == 15) {
            items.push(item(ShowKind::Fifteen, pick(&five, m), 2));
        }
    }
    for m in masks(2).filter(|&m| is_pair(&five, m)) {
        items.push(item(ShowKind::Pair, pick(&five, m), 2));
    }
    // Runs are counted at their longest length only.
    for size in (3..=5).rev() {
        let runs: Vec<u32> = masks(size).filter(|&m| is_run(&five, m)).collect();
        if !runs.is_empty() {
            items.extend(
                runs.into_iter()
                    .map(|m| item(ShowKind::Run, pick(&five, m), size as u8)),
            );
            break;
        }
    }
    let flush = flush_points(show.hand, show.starter, show.crib);
    if flush > 0 {
        let n = flush as usize;
        items.push(item(ShowKind::Flush, five[..n].to_vec(), flush));
    }
    if let Some(&jack) = show
        .hand
        .iter()
        .find(|c| c.rank() == JACK && c.suit() == show.starter.suit())
    {
        items.push(item(ShowKind::Nobs, vec![jack], 1));
    }
    Breakdown { show, items }
}

fn members(five: &[Card; 5], mask: u32) -> impl Iterator<Item = Card> + '_ {
    (0..5)
        .filter(move |i| mask & (1 << i) != 0)
        .map(|i| five[i])
}

fn subset_value(five: &[Card; 5], mask: u32) -> u32 {
    members(five, mask).map(|c| u32::from(c.value())).sum()
}

fn is_pair(five: &[Card; 5], mask: u32) -> bool {
    let mut ranks = members(five, mask).map(Card::rank);
    ranks.next() == ranks.next()
}

/// Distinct, consecutive ranks: the span equals the size and no rank repeats.
fn is_run(five: &[Card; 5], mask: u32) -> bool {
    let seen = members(five, mask).fold(0u16, |acc, c| acc | 1 << c.rank());
    let span = 16 - seen.leading_zeros() - seen.trailing_zeros();
    seen.count_ones() == mask.count_ones() && span == mask.count_ones()
}

fn pick(five: &[Card; 5], mask: u32) -> Vec<Card> {
    let mut cards: Vec<Card> = members(five, mask).collect();
    cards.sort();
    cards
}

fn item(kind: ShowKind, cards: Vec<Card>, points: u8) -> ShowItem {
    ShowItem {
        kind,
        cards,
        points,
    }
}

/// Numbers as players say them, 0..=29.
const NUMBER_WORDS: [&str; 30] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "twenty-one",
    "twenty-two",
    "twenty-three",
    "twenty-four",
    "twenty-five",
    "twenty-six",
    "twenty-seven",
    "twenty-eight",
    "twenty-nine",
];

/// A number in words (the show never exceeds 29).
pub fn number_word(n: u8) -> &'static str {
    NUMBER_WORDS.get(n as usize).copied().unwrap_or("many")
}

impl Breakdown {
    /// The count as players say it aloud, e.g. "fifteen two, fifteen four,
    /// and a pair is six".
    pub fn spoken(&self) -> String {
        let mut phrases: Vec<String> = Vec::new();
        let mut total = 0u8;
        for _ in 0..self.count_of(ShowKind::Fifteen) {
            total += 2;
            phrases.push(format!("fifteen {}", number_word(total)));
        }
        for kind in [ShowKind::Pair, ShowKind::Run, ShowKind::Flush] {
            let points = self.points_of(kind);
            if points > 0 {
                total += points;
                let name = self.group_name(kind);
                phrases.push(format!("and {name} is {}", number_word(total)));
            }
        }
        if self.points_of(ShowKind::Nobs) > 0 {
            total += 1;
            phrases.push(format!("and one for his nob is {}", number_word(total)));
        }
        match phrases.first_mut() {
            None => return "nineteen (no points)".to_string(),
            Some(first) => {
                if let Some(rest) = first.strip_prefix("and ") {
                    *first = rest.to_string();
                }
            }
        }
        phrases.join(", ")
    }

    /// How players name a group: "a pair royal", "a double run of four", ...
    fn group_name(&self, kind: ShowKind) -> String {
        let n = self.count_of(kind);
        match kind {
            ShowKind::Pair => match n {
                1 => "a pair".into(),
                2 => "two pairs".into(),
                3 => "a pair royal".into(),
                4 => "a pair royal and a pair".into(),
                _ => "a double pair royal".into(),
            },
            ShowKind::Run => {
                let len = self
                    .items
                    .iter()
                    .find(|i| i.kind == kind)
                    .map_or(0, |i| i.cards.len());
                let of = match len {
                    3 => "",
                    4 => " of four",
                    _ => " of five",
                };
                let multiple = match n {
                    1 => "a run",
                    2 => "a double run",
                    3 => "a triple run",
                    _ => "a double double run",
                };
                if n == 1 {
                    format!("a run of {}", number_word(len as u8))
                } else {
                    format!("{multiple}{of}")
                }
            }
            _ => format!("a flush of {}", number_word(self.points_of(kind))),
        }
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spoken())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::parse_cards;

    #[test]
    fn the_best_show_is_29() {
        let cards = parse_cards("5H 5D 5C JS 5S").unwrap();
        let hand = [cards[0], cards[1], cards[2], cards[3]];
        assert_eq!(score_hand(hand, cards[4], false), BEST_SHOW);
        // No ranks score more than 28 (and a 28 cannot flush): 29 with nobs.
        let mut most = 0;
        for code in 0..13u32.pow(5) {
            let ranks: [u8; 5] =
                std::array::from_fn(|i| (code / 13u32.pow(i as u32) % 13) as u8 + 1);
            if ranks
                .iter()
                .all(|r| ranks.iter().filter(|s| *s == r).count() <= 4)
            {
                most = most.max(rank_points(ranks));
            }
        }
        assert_eq!(most + 1, BEST_SHOW);
    }

    fn show(text: &str, crib: bool) -> Show {
        let cards = parse_cards(text).unwrap();
        Show::new(&cards[..4], cards[4], crib).unwrap()
    }

    #[test]
    fn cached_rank_points_equal_the_histogram_count_in_any_order() {
        for i in 0..13u32.pow(5) {
            let mut x = i;
            let ranks: [u8; 5] = std::array::from_fn(|_| {
                let r = (x % 13) as u8 + 1;
                x /= 13;
                r
            });
            if ranks
                .iter()
                .all(|&r| ranks.iter().filter(|&&q| q == r).count() <= 4)
            {
                assert_eq!(rank_points_cached(ranks), rank_points(ranks), "{ranks:?}");
            }
        }
    }

    #[test]
    fn spoken_count_of_the_worked_example() {
        let b = explain_hand(show("4S 5H 5D 6C KS", false));
        assert_eq!(
            b.spoken(),
            "fifteen two, fifteen four, fifteen six, fifteen eight, \
             and a pair is ten, and a double run is sixteen"
        );
    }

    #[test]
    fn spoken_count_without_fifteens_and_zero() {
        assert_eq!(
            explain_hand(show("AH AD 9C 9S KH", false)).spoken(),
            "two pairs is four"
        );
        assert_eq!(
            explain_hand(show("2H 4D 6C 8S QH", false)).spoken(),
            "nineteen (no points)"
        );
    }

    #[test]
    fn run_of_three_spoken() {
        let b = explain_hand(show("AH 2D 3C 8S 8H", false));
        assert_eq!(b.spoken(), "a pair is two, and a run of three is five");
    }

    #[test]
    fn wrong_count_and_duplicates_are_rejected() {
        let cards = parse_cards("5H 5D 5C").unwrap();
        let err = Show::new(&cards, cards[0], false).unwrap_err();
        assert_eq!(err.to_string(), "a hand must have 4 cards, got 3");
        let cards = parse_cards("5H 5D 5C JS 5H").unwrap();
        let err = Show::new(&cards[..4], cards[4], false).unwrap_err();
        assert_eq!(err.to_string(), "card 5H appears more than once");
    }
}
