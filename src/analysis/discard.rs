//! Discard analysis: which cards to lay away to the crib (docs/rules.md, "Dealing"
//! for the hand sizes, "The show" for the scoring).
//!
//! For a 6-card hand (2 players, discard 2) or a 5-card hand (3 or 4 players,
//! discard 1), every possible discard gets three exact expectations:
//!
//! * **hand EV** — the mean show of the four kept cards over every unseen
//!   starter (46 for a 6-card hand, 47 for a 5-card hand);
//! * **crib EV** — the mean crib show over every completion of the crib and
//!   every starter. The model: the other crib cards are an unordered set drawn
//!   uniformly from the unseen cards (2 cards in 2-player: every one of the
//!   1,035 possible opponent discards; 3 cards for a 5-card hand: in 3-player
//!   the two opponents' discards and the card from the deck, in 4-player the
//!   other three players' discards, 16,215 sets), and the starter is any of
//!   the remaining unseen cards (44). Every (crib completion, starter) deal
//!   weighs the same; no crib-value table from simulated play is used, so the
//!   opponents' discards are treated as random cards;
//! * **net** — hand + crib for the dealer (the crib is his), hand − crib for
//!   the pone.
//!
//! [`analyze_discards`] returns the options sorted best first: by net
//! (compared exactly, as rationals), then by hand EV, then by the discarded
//! cards' indices, ascending. All sums are exact integers ([`DiscardOption`]
//! keeps them), so the fast path and the brute-force path
//! ([`analyze_discards_brute_force`]) are held equal exactly in tests.
//!
//! Speed: fifteens, pairs and runs depend on ranks alone, so the crib's rank
//! points are summed over rank multisets of the unknown cards, each weighted by
//! the number of card sets that have those ranks (a product of binomials of the
//! unseen cards per rank), and read from a table of [`rank_points`] over all
//! 6,188 sorted rank 5-multisets. Flush and nobs, the only suit-dependent
//! points, are counted exactly in closed form per suit.

use std::cmp::Ordering;
use std::sync::OnceLock;

use crate::ground::card::{check_distinct, Card, JACK};
use crate::ground::error::{Error, Result};
use crate::rules::show::{
    multiset_index, rank_points, rank_table, score_hand, RANK_MULTISETS as MULTISETS5,
};

/// One way to discard, with its exact expectations.
///
/// The expectations are kept as exact integer totals over equally likely
/// deals: `hand_ev = hand_total / hand_deals`, `crib_ev = crib_total /
/// crib_deals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiscardOption {
    discard: [Card; 2],
    discard_len: u8,
    keep: [Card; 4],
    dealer: bool,
    hand_total: u64,
    hand_deals: u64,
    crib_total: u64,
    crib_deals: u64,
}

impl DiscardOption {
    /// The cards laid away to the crib (two, or one from a 5-card hand), in
    /// the order they appear in the hand.
    pub fn discard(&self) -> &[Card] {
        &self.discard[..usize::from(self.discard_len)]
    }

    /// The four cards kept, in the order they appear in the hand.
    pub fn keep(&self) -> [Card; 4] {
        self.keep
    }

    /// Whether the analysis was for the dealer (who owns the crib).
    pub fn dealer(&self) -> bool {
        self.dealer
    }

    /// Sum of the kept hand's show over every unseen starter.
    pub fn hand_total(&self) -> u64 {
        self.hand_total
    }

    /// Number of unseen starters (46 or 47).
    pub fn hand_deals(&self) -> u64 {
        self.hand_deals
    }

    /// Sum of the crib's show over every (crib completion, starter) deal.
    pub fn crib_total(&self) -> u64 {
        self.crib_total
    }

    /// Number of (crib completion, starter) deals: 45,540 or 713,460.
    pub fn crib_deals(&self) -> u64 {
        self.crib_deals
    }

    /// Expected show of the kept cards.
    pub fn hand_ev(&self) -> f64 {
        self.hand_total as f64 / self.hand_deals as f64
    }

    /// Expected show of the crib.
    pub fn crib_ev(&self) -> f64 {
        self.crib_total as f64 / self.crib_deals as f64
    }

    /// Hand EV plus crib EV for the dealer, minus it for the pone.
    pub fn net(&self) -> f64 {
        if self.dealer {
            self.hand_ev() + self.crib_ev()
        } else {
            self.hand_ev() - self.crib_ev()
        }
    }

    /// `net * hand_deals * crib_deals`, exact: options of one analysis share
    /// both denominators, so this orders them exactly.
    pub fn net_scaled(&self) -> i128 {
        let hand = i128::from(self.hand_total) * i128::from(self.crib_deals);
        let crib = i128::from(self.crib_total) * i128::from(self.hand_deals);
        if self.dealer {
            hand + crib
        } else {
            hand - crib
        }
    }

    fn discard_indices(&self) -> [u8; 2] {
        let mut idx = [u8::MAX; 2];
        for (slot, card) in idx.iter_mut().zip(self.discard()) {
            *slot = card.index();
        }
        idx.sort_unstable();
        idx
    }

    /// Best first: higher net, then higher hand EV, then lower card indices.
    fn rank_order(&self, other: &Self) -> Ordering {
        other
            .net_scaled()
            .cmp(&self.net_scaled())
            .then_with(|| {
                let a = u128::from(self.hand_total) * u128::from(other.hand_deals);
                let b = u128::from(other.hand_total) * u128::from(self.hand_deals);
                b.cmp(&a)
            })
            .then_with(|| self.discard_indices().cmp(&other.discard_indices()))
    }
}

/// Every discard of a 6-card (discard 2) or 5-card (discard 1) hand with its
/// exact hand, crib and net expectation, best first (see the module docs).
pub fn analyze_discards(hand: &[Card], dealer: bool) -> Result<Vec<DiscardOption>> {
    let setup = Setup::new(hand)?;
    let table = rank_table();
    let multisets = setup.unknown_rank_multisets();
    let mut options: Vec<DiscardOption> = setup
        .splits()
        .iter()
        .map(|split| {
            let hand_total = u64::from(hand_total_closed(split.keep, &setup.starters));
            let crib_total = setup.crib_total_fast(table, &multisets, split.discard());
            setup.option(split, dealer, hand_total, crib_total)
        })
        .collect();
    options.sort_by(DiscardOption::rank_order);
    Ok(options)
}

/// The best discard of [`analyze_discards`], for bots.
pub fn best_discard(hand: &[Card], dealer: bool) -> Result<DiscardOption> {
    let options = analyze_discards(hand, dealer)?;
    options
        .into_iter()
        .next()
        .ok_or_else(|| Error::Invalid("no discard is possible".into()))
}

/// The deals of a blind crib ([`blind_crib_total`]): every two other crib
/// cards from the 50 cards besides the discard, and every starter of the 48
/// left.
pub const BLIND_CRIB_DEALS: u64 = binomial(50, 2) * 48;

/// The exact sum of the crib's show over every [`BLIND_CRIB_DEALS`] deal of
/// a crib whose only known cards are its two discards: the expected crib of
/// a discard when nothing else is known (the hands' cards counted as
/// unseen). A table lookup; refused unless the two cards are distinct.
pub fn blind_crib_total(discard: [Card; 2]) -> Result<u64> {
    check_distinct(&discard)?;
    Ok(blind_crib_table()[blind_class(discard)])
}

/// With every other card unseen the suits are interchangeable, so a blind
/// crib depends only on the discard's two ranks and whether it is suited.
fn blind_class(discard: [Card; 2]) -> usize {
    let [a, b] = discard.map(|c| usize::from(c.rank() - 1));
    let suited = discard[0].suit() == discard[1].suit();
    2 * (13 * a.min(b) + a.max(b)) + usize::from(suited)
}

/// [`blind_crib_total`] of every class of discard, computed once.
fn blind_crib_table() -> &'static [u64; 338] {
    static TABLE: OnceLock<[u64; 338]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let deck: Vec<Card> = Card::deck().collect();
        let mut table = [None; 338];
        for (i, &a) in deck.iter().enumerate() {
            for &b in &deck[i + 1..] {
                table[blind_class([a, b])].get_or_insert_with(|| blind_crib_direct([a, b]));
            }
        }
        table.map(|t| t.unwrap_or(0))
    })
}

/// [`blind_crib_total`] of two distinct cards, computed.
fn blind_crib_direct(discard: [Card; 2]) -> u64 {
    let setup = Setup::unchecked(&discard, 2);
    let sets = setup.unknown_rank_multisets();
    setup.crib_total_fast(rank_table(), &sets, &discard)
}

/// The same analysis by plain enumeration: every starter for the hand, every
/// crib completion and starter for the crib, each scored by
/// [`score_hand`]. About 683,100 crib shows for a 6-card hand; used by tests
/// and benchmarks to check [`analyze_discards`] exactly.
pub fn analyze_discards_brute_force(hand: &[Card], dealer: bool) -> Result<Vec<DiscardOption>> {
    let setup = Setup::new(hand)?;
    let unseen = &setup.unseen;
    let others = 4 - setup.discard_len;
    let mut options: Vec<DiscardOption> = setup
        .splits()
        .iter()
        .map(|split| {
            let (discard, keep) = (split.discard(), split.keep);
            let hand_total: u64 = unseen
                .iter()
                .map(|&s| u64::from(score_hand(keep, s, false)))
                .sum();
            let mut crib_total = 0u64;
            for_each_subset(unseen.len(), others, &mut |picked| {
                let mut crib = [discard[0]; 4];
                crib[..discard.len()].copy_from_slice(discard);
                for (slot, &i) in crib[discard.len()..].iter_mut().zip(picked) {
                    *slot = unseen[i];
                }
                for (i, &starter) in unseen.iter().enumerate() {
                    if !picked.contains(&i) {
                        crib_total += u64::from(score_hand(crib, starter, true));
                    }
                }
            });
            setup.option(split, dealer, hand_total, crib_total)
        })
        .collect();
    options.sort_by(DiscardOption::rank_order);
    Ok(options)
}

/// Calls `f` with every `k`-subset of `0..n` (as sorted indices).
fn for_each_subset(n: usize, k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(start: usize, n: usize, k: usize, picked: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        if picked.len() == k {
            f(picked);
            return;
        }
        for i in start..n {
            picked.push(i);
            go(i + 1, n, k, picked, f);
            picked.pop();
        }
    }
    go(0, n, k, &mut Vec::with_capacity(k), f);
}

/// `C(n, k)` for the small numbers used here.
pub const fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut result = 1u64;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// Unseen cards per rank (0-based) and per suit: the starters a kept hand
/// may see.
#[derive(Clone, Copy, Debug, Default)]
pub struct UnseenCounts {
    pub rank: [u32; 13],
    pub suit: [u32; 4],
}

impl UnseenCounts {
    pub fn of(cards: impl IntoIterator<Item = Card>) -> UnseenCounts {
        let mut counts = UnseenCounts::default();
        for card in cards {
            counts.rank[usize::from(card.rank() - 1)] += 1;
            counts.suit[usize::from(card.suit())] += 1;
        }
        counts
    }
}

/// Index of a sorted rank 4-multiset (0-based ranks, ascending) in the
/// combinatorial number system: 0..1820.
fn keep_index(r: [u8; 4]) -> usize {
    let c = |n: u8, k: u64| binomial(u64::from(n), k) as usize;
    c(r[0], 1) + c(r[1] + 1, 2) + c(r[2] + 2, 3) + c(r[3] + 3, 4)
}

/// Rank points (fifteens, pairs, runs) of every kept rank multiset with every
/// starter rank, by [`keep_index`].
fn keep_table() -> &'static [[u8; 13]] {
    static TABLE: OnceLock<Vec<[u8; 13]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![[0u8; 13]; 1820];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        let row = &mut table[keep_index([a, b, c, d])];
                        for (s, slot) in row.iter_mut().enumerate() {
                            *slot = rank_points([a + 1, b + 1, c + 1, d + 1, s as u8 + 1]);
                        }
                    }
                }
            }
        }
        table
    })
}

/// The exact sum of the show of the hand `keep` over every unseen starter,
/// in closed form ([`show_total_closed`] of a hand). The one home of the
/// expected hand (the discard analysis, the greedy bot, the luck terms).
pub fn hand_total_closed(keep: [Card; 4], unseen: &UnseenCounts) -> u32 {
    show_total_closed(keep, unseen, false)
}

/// The exact sum of the show of four cards (a hand, or the crib if `crib`)
/// over every unseen starter, in closed form: one table row for fifteens,
/// pairs and runs per starter rank, then flush and nobs by suit counts.
pub fn show_total_closed(keep: [Card; 4], unseen: &UnseenCounts, crib: bool) -> u32 {
    let mut ranks = keep.map(|c| c.rank() - 1);
    ranks.sort_unstable();
    let row = &keep_table()[keep_index(ranks)];
    let mut total: u32 = row
        .iter()
        .zip(&unseen.rank)
        .map(|(&p, &n)| u32::from(p) * n)
        .sum();
    // Flush: 5 when the starter matches the suit; a hand's four score 4
    // with any starter, a crib's only with a fifth.
    let suit = keep[0].suit();
    if keep.iter().all(|c| c.suit() == suit) {
        let matching = unseen.suit[usize::from(suit)];
        if crib {
            total += 5 * matching;
        } else {
            let starters: u32 = unseen.suit.iter().sum();
            total += 4 * starters + matching;
        }
    }
    // Nobs: a kept jack scores with every unseen starter of its suit.
    for card in keep.iter().filter(|c| c.rank() == JACK) {
        total += unseen.suit[usize::from(card.suit())];
    }
    total
}

/// Merges two ascending rank lists (total length 5) into one.
#[inline]
fn merge5(a: &[u8], b: &[u8]) -> [u8; 5] {
    let mut out = [0u8; 5];
    let (mut i, mut j) = (0, 0);
    for slot in &mut out {
        if j >= b.len() || (i < a.len() && a[i] <= b[j]) {
            *slot = a[i];
            i += 1;
        } else {
            *slot = b[j];
            j += 1;
        }
    }
    out
}

/// A rank multiset of unknown crib cards with the number of card sets that
/// have exactly those ranks.
#[derive(Clone, Copy)]
struct RankSet {
    ranks: [u8; 4],
    weight: u64,
}

/// The checked hand and what is unseen from its holder's seat.
struct Setup {
    hand: Vec<Card>,
    discard_len: usize,
    unseen: Vec<Card>,
    /// Unseen cards per rank (0-based rank).
    rank_counts: [u8; 13],
    /// Unseen cards per suit.
    suit_counts: [u8; 4],
    /// Whether each suit's jack is unseen.
    jack_unseen: [bool; 4],
    /// The unseen cards by rank and suit, for the expected hand.
    starters: UnseenCounts,
}

impl Setup {
    fn new(hand: &[Card]) -> Result<Setup> {
        let discard_len = match hand.len() {
            6 => 2,
            5 => 1,
            got => {
                return Err(Error::WrongCount {
                    what: "a hand to discard from",
                    expected: "6 (2 players) or 5 (3 or 4 players)",
                    got,
                })
            }
        };
        check_distinct(hand)?;
        Ok(Setup::unchecked(hand, discard_len))
    }

    /// The setup of a holder who has seen only `hand` (distinct cards), of
    /// which `discard_len` go to the crib.
    fn unchecked(hand: &[Card], discard_len: usize) -> Setup {
        let unseen: Vec<Card> = Card::deck().filter(|c| !hand.contains(c)).collect();
        let mut rank_counts = [0u8; 13];
        let mut suit_counts = [0u8; 4];
        let mut jack_unseen = [false; 4];
        for c in &unseen {
            rank_counts[usize::from(c.rank() - 1)] += 1;
            suit_counts[usize::from(c.suit())] += 1;
            if c.rank() == JACK {
                jack_unseen[usize::from(c.suit())] = true;
            }
        }
        let starters = UnseenCounts::of(unseen.iter().copied());
        Setup {
            hand: hand.to_vec(),
            discard_len,
            unseen,
            rank_counts,
            suit_counts,
            jack_unseen,
            starters,
        }
    }

    /// Unknown crib cards besides the discard: 2 or 3.
    fn others(&self) -> usize {
        4 - self.discard_len
    }

    fn n_unseen(&self) -> u64 {
        self.unseen.len() as u64
    }

    /// Every (discard, keep) split: discarded positions i < j in hand order.
    fn splits(&self) -> Vec<Split> {
        let n = self.hand.len();
        let mut out = Vec::with_capacity(15);
        let mut add = |positions: &[usize]| {
            let mut split = Split {
                discard: [self.hand[0]; 2],
                discard_len: positions.len(),
                keep: [self.hand[0]; 4],
            };
            for (slot, &p) in split.discard.iter_mut().zip(positions) {
                *slot = self.hand[p];
            }
            let kept = (0..n).filter(|i| !positions.contains(i));
            for (slot, i) in split.keep.iter_mut().zip(kept) {
                *slot = self.hand[i];
            }
            out.push(split);
        };
        for i in 0..n {
            if self.discard_len == 1 {
                add(&[i]);
            } else {
                for j in i + 1..n {
                    add(&[i, j]);
                }
            }
        }
        out
    }

    fn option(
        &self,
        split: &Split,
        dealer: bool,
        hand_total: u64,
        crib_total: u64,
    ) -> DiscardOption {
        let others = self.others() as u64;
        let n = self.n_unseen();
        DiscardOption {
            discard: split.discard,
            discard_len: split.discard_len as u8,
            keep: split.keep,
            dealer,
            hand_total,
            hand_deals: n,
            crib_total,
            crib_deals: binomial(n, others) * (n - others),
        }
    }

    /// Rank multisets of the crib's unknown cards *and* the starter (3 or 4
    /// unseen cards, taken as an unordered set), each with the number of
    /// unseen card sets having those ranks.
    fn unknown_rank_multisets(&self) -> Vec<RankSet> {
        let size = self.others() + 1;
        let mut out = Vec::with_capacity(1820);
        let mut ranks = [0u8; 4];
        self.collect_multisets(0, 0, size, 1, &mut ranks, &mut out);
        out
    }

    fn collect_multisets(
        &self,
        rank: usize,
        filled: usize,
        size: usize,
        weight: u64,
        ranks: &mut [u8; 4],
        out: &mut Vec<RankSet>,
    ) {
        if filled == size {
            out.push(RankSet {
                ranks: *ranks,
                weight,
            });
            return;
        }
        if rank == 13 {
            return;
        }
        let available = usize::from(self.rank_counts[rank]);
        for take in 0..=available.min(size - filled) {
            for slot in &mut ranks[filled..filled + take] {
                *slot = rank as u8;
            }
            let w = weight * binomial(available as u64, take as u64);
            self.collect_multisets(rank + 1, filled + take, size, w, ranks, out);
        }
    }

    /// Crib show summed over every (completion, starter) deal.
    fn crib_total_fast(&self, table: &[u8; MULTISETS5], sets: &[RankSet], discard: &[Card]) -> u64 {
        let others = self.others() as u64;
        let size = self.others() + 1;
        let n = self.n_unseen();
        let mut known = [0u8; 2];
        let known = &mut known[..discard.len()];
        for (slot, c) in known.iter_mut().zip(discard) {
            *slot = c.rank() - 1;
        }
        known.sort_unstable();
        // Fifteens, pairs, runs: the same for each of the `size` choices of
        // which unknown card is the starter.
        let mut rank_sum = 0u64;
        for set in sets {
            let ranks = merge5(known, &set.ranks[..size]);
            rank_sum += set.weight * u64::from(table[multiset_index(ranks)]);
        }
        let mut total = rank_sum * size as u64;
        // Flush: all five of one suit; any of the unknown cards is the starter.
        let suit = discard[0].suit();
        if discard.iter().all(|c| c.suit() == suit) {
            let same = u64::from(self.suit_counts[usize::from(suit)]);
            total += 5 * binomial(same, size as u64) * size as u64;
        }
        // Nobs: for a starter of suit t, the jack of t is in the discard (any
        // completion scores) or among the unknown crib cards.
        for t in 0..4 {
            let starters = u64::from(self.suit_counts[t]);
            if discard
                .iter()
                .any(|c| c.rank() == JACK && usize::from(c.suit()) == t)
            {
                total += starters * binomial(n - 1, others);
            } else if self.jack_unseen[t] {
                total += (starters - 1) * binomial(n - 2, others - 1);
            }
        }
        total
    }
}

/// A discard and the four cards kept.
struct Split {
    discard: [Card; 2],
    discard_len: usize,
    keep: [Card; 4],
}

impl Split {
    fn discard(&self) -> &[Card] {
        &self.discard[..self.discard_len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::parse_cards;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text).unwrap()
    }

    fn fast_equals_brute(text: &str) {
        for dealer in [true, false] {
            let hand = cards(text);
            let fast = analyze_discards(&hand, dealer).unwrap();
            let brute = analyze_discards_brute_force(&hand, dealer).unwrap();
            assert_eq!(fast, brute, "{text} dealer={dealer}");
        }
    }

    #[test]
    fn multiset_index_is_a_bijection_onto_the_table() {
        let mut seen = vec![false; MULTISETS5];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            let i = multiset_index([a, b, c, d, e]);
                            assert!(!seen[i], "{a} {b} {c} {d} {e}");
                            seen[i] = true;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        let table = rank_table();
        assert_eq!(table[multiset_index([4, 4, 4, 4, 10])], 28);
    }

    #[test]
    fn the_blind_crib_is_every_completion_and_starter() {
        // A suited jack (flush and nobs), a pair, fives, and court cards.
        for text in ["JH 5H", "7C 7D", "5S 5C", "KD QS", "AH 2H"] {
            let discard = cards(text);
            let rest: Vec<Card> = Card::deck().filter(|c| !discard.contains(c)).collect();
            let mut total = 0u64;
            let mut deals = 0u64;
            for_each_subset(rest.len(), 2, &mut |picked| {
                let crib = [discard[0], discard[1], rest[picked[0]], rest[picked[1]]];
                for (i, &starter) in rest.iter().enumerate() {
                    if !picked.contains(&i) {
                        total += u64::from(score_hand(crib, starter, true));
                        deals += 1;
                    }
                }
            });
            assert_eq!(deals, BLIND_CRIB_DEALS);
            let fast = blind_crib_total([discard[0], discard[1]]).unwrap();
            assert_eq!(fast, total, "{text}");
        }
        assert!(blind_crib_total([cards("5H")[0]; 2]).is_err());
        // The table by ranks and suitedness is the direct sum for every pair.
        let deck: Vec<Card> = Card::deck().collect();
        for (i, &a) in deck.iter().enumerate() {
            for &b in &deck[i + 1..] {
                let direct = blind_crib_direct([a, b]);
                assert_eq!(blind_crib_total([a, b]).unwrap(), direct, "{a:?} {b:?}");
                assert_eq!(blind_crib_total([b, a]).unwrap(), direct);
            }
        }
    }

    #[test]
    fn the_closed_show_total_is_every_starter_scored() {
        // Flushes with and without a fifth, nobs, his jack seen, pairs.
        let mut rng = crate::ground::rng::Rng::new(3);
        let mut fixed: Vec<u64> = ["JH 5H 6H 4H", "JC JD 5S 5C", "2D 3D 4D KD", "AS AC AH AD"]
            .iter()
            .map(|t| cards(t).iter().fold(0, |m, c| m | c.bit()))
            .collect();
        fixed.extend((0..300).map(|_| rng.draw((1u64 << 52) - 1, 4)));
        for four in fixed {
            let keep: Vec<Card> = Card::deck().filter(|c| four & c.bit() != 0).collect();
            let keep = [keep[0], keep[1], keep[2], keep[3]];
            // Some other cards seen too: the starters are the rest.
            let seen = four | rng.draw(((1u64 << 52) - 1) & !four, 8);
            let unseen: Vec<Card> = Card::deck().filter(|c| seen & c.bit() == 0).collect();
            let counts = UnseenCounts::of(unseen.iter().copied());
            for crib in [false, true] {
                let direct: u32 = unseen
                    .iter()
                    .map(|&s| u32::from(score_hand(keep, s, crib)))
                    .sum();
                assert_eq!(show_total_closed(keep, &counts, crib), direct, "{keep:?}");
            }
        }
    }

    #[test]
    fn six_card_fast_equals_brute_force() {
        // Fives and a jack; a flush with a jack in the discard; a run-heavy
        // hand; pairs of court cards.
        fast_equals_brute("5H 5D JC 4S 6H KD");
        fast_equals_brute("2H 7H 9H JH QH KC");
        fast_equals_brute("3C 4D 5S 6C 7H 8D");
        fast_equals_brute("JS JD QS QD AC 10S");
    }

    #[test]
    fn five_card_fast_equals_brute_force() {
        fast_equals_brute("5H 5D JC 4S 6H");
        fast_equals_brute("JH 2H 8H KH 9C");
        fast_equals_brute("AC 2C 3D 3S JD");
    }

    #[test]
    fn deal_counts_follow_the_model() {
        let six = analyze_discards(&cards("5H 5D JC 4S 6H KD"), true).unwrap();
        assert_eq!(six.len(), 15);
        for o in &six {
            assert_eq!(o.discard().len(), 2);
            assert_eq!(o.hand_deals(), 46);
            assert_eq!(o.crib_deals(), 1035 * 44);
        }
        let five = analyze_discards(&cards("5H 5D JC 4S 6H"), false).unwrap();
        assert_eq!(five.len(), 5);
        for o in &five {
            assert_eq!(o.discard().len(), 1);
            assert_eq!(o.hand_deals(), 47);
            assert_eq!(o.crib_deals(), 16_215 * 44);
        }
    }

    #[test]
    fn dealer_keeps_the_fives_and_net_is_hand_plus_or_minus_crib() {
        let hand = cards("5H 5D JC 4S 6H KD");
        let dealer = analyze_discards(&hand, true).unwrap();
        let best = dealer[0];
        assert!(best.keep().iter().filter(|c| c.rank() == 5).count() == 2);
        assert!((best.net() - (best.hand_ev() + best.crib_ev())).abs() < 1e-12);
        let pone = analyze_discards(&hand, false).unwrap();
        for o in &pone {
            assert!((o.net() - (o.hand_ev() - o.crib_ev())).abs() < 1e-12);
        }
        for pair in dealer.windows(2).chain(pone.windows(2)) {
            assert!(pair[0].net() >= pair[1].net());
        }
        assert_eq!(best_discard(&hand, true).unwrap(), best);
    }

    #[test]
    fn seeded_random_hands_fast_equals_brute_force() {
        // A small linear congruential generator: no dependency, same hands
        // every run.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % bound
        };
        for (round, size) in [6, 6, 6, 6, 6, 5, 5, 5].into_iter().enumerate() {
            let mut deck: Vec<Card> = Card::deck().collect();
            let mut hand = Vec::new();
            while hand.len() < size {
                let i = next(deck.len() as u64) as usize;
                hand.push(deck.swap_remove(i));
            }
            let dealer = round % 2 == 0;
            let fast = analyze_discards(&hand, dealer).unwrap();
            let brute = analyze_discards_brute_force(&hand, dealer).unwrap();
            assert_eq!(fast, brute, "{hand:?}");
        }
    }

    #[test]
    fn kept_three_fives_and_a_jack_hand_total_is_exact() {
        let hand = cards("5C 5D 5H JS 2C 9D");
        let fast = analyze_discards(&hand, false).unwrap();
        let keep_fives = fast
            .iter()
            .find(|o| o.discard() == cards("2C 9D").as_slice())
            .unwrap();
        let unseen: Vec<Card> = Card::deck().filter(|c| !hand.contains(c)).collect();
        let total: u64 = unseen
            .iter()
            .map(|&s| u64::from(score_hand(keep_fives.keep(), s, false)))
            .sum();
        assert_eq!(keep_fives.hand_total(), total);
    }

    #[test]
    fn order_is_deterministic_whatever_the_hand_order() {
        let a = analyze_discards(&cards("5H 5D JC 4S 6H KD"), true).unwrap();
        let b = analyze_discards(&cards("KD 6H 4S JC 5D 5H"), true).unwrap();
        let key = |o: &DiscardOption| {
            let mut d: Vec<u8> = o.discard().iter().map(|c| c.index()).collect();
            d.sort_unstable();
            (d, o.hand_total(), o.crib_total())
        };
        assert_eq!(
            a.iter().map(key).collect::<Vec<_>>(),
            b.iter().map(key).collect::<Vec<_>>()
        );
    }

    #[test]
    fn bad_hands_are_rejected() {
        let err = analyze_discards(&cards("5H 5D JC 4S"), true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a hand to discard from must have 6 (2 players) or 5 (3 or 4 players) cards, got 4"
        );
        let err = analyze_discards(&cards("5H 5D JC 4S 5H KD"), true).unwrap_err();
        assert_eq!(err.to_string(), "card 5H appears more than once");
        assert!(analyze_discards_brute_force(&cards("5H"), false).is_err());
    }
}
