//! Bulk scoring: many shows or pegging piles at once, and the exact score
//! distribution over every deal (docs/rules.md, "The show" and "The play").
//!
//! Rows are card indices (`Card::index`, 0..=51) laid out flat, five per show
//! (four hand cards, then the starter). The show total is a lookup in a lazily
//! built 13^5 table of [`show::rank_points`] indexed by the five ranks in the
//! given order, plus flush and nobs from the suit bits. Work is split into
//! fixed blocks of rows; blocks run on rayon (all cores, or a cached pool
//! from [`crate::ground::pool`] when `threads` caps it) and the output never
//! depends on the thread count.
//! A bad row is always the one with the lowest index, whatever the threads.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::ground::card::{Card, JACK};
use crate::ground::card_text::{self, Cells, Layout};
use crate::ground::error::{Error, Result};
use crate::ground::pool;
use crate::rules::play;
use crate::rules::show;

/// Cards in one show row: four hand cards, then the starter.
pub const ROW: usize = 5;
/// Number of distinct ordered rank tuples of five cards: 13^5.
pub const RANK_TUPLES: usize = 13 * 13 * 13 * 13 * 13;
/// Every (4-card hand, starter) deal: C(52, 4) * 48.
pub const DEALS: u64 = 270_725 * 48;
/// Show scores run 0..=29.
pub const SCORES: usize = 30;
/// Columns of a show breakdown, in order.
pub const BREAKDOWN_COLUMNS: [&str; 5] = ["fifteens", "pairs", "runs", "flush", "nobs"];
/// The code of padding in a pile row (what `-1` becomes as a `u8`).
pub const PAD: u8 = u8::MAX;

/// Rows handled by one rayon task: large enough to hide scheduling, small
/// enough to balance two or more cores.
const BLOCK: usize = 1 << 14;

/// The 13^5 table of fifteens + pairs + runs by ordered ranks (0-based).
pub fn rank_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..RANK_TUPLES)
            .map(|i| show::rank_points(ranks_of_tuple(i)))
            .collect()
    })
}

/// The 13^5 table of rank points split as `fifteens | pairs << 8 | runs << 16`.
fn parts_table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..RANK_TUPLES)
            .map(|i| {
                let [f, p, r] = rank_parts(ranks_of_tuple(i));
                u32::from(f) | u32::from(p) << 8 | u32::from(r) << 16
            })
            .collect()
    })
}

/// Tuple number -> five ranks 1..=13, first rank most significant.
fn ranks_of_tuple(mut i: usize) -> [u8; 5] {
    let mut ranks = [0u8; 5];
    for r in ranks.iter_mut().rev() {
        *r = (i % 13) as u8 + 1;
        i /= 13;
    }
    ranks
}

/// Fifteens, pairs and runs of five ranks (1..=13), counted here by
/// enumerating subsets, independently of `show::rank_points`.
pub fn rank_parts(ranks: [u8; 5]) -> [u8; 3] {
    let (mut fifteens, mut pairs) = (0u8, 0u8);
    let mut runs_by_len = [0u8; 6];
    for mask in 1u32..32 {
        let picked: Vec<u8> = (0..5)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| ranks[i])
            .collect();
        let value: u32 = picked.iter().map(|&r| u32::from(r.min(10))).sum();
        if picked.len() >= 2 && value == 15 {
            fifteens += 2;
        }
        if picked.len() == 2 && picked[0] == picked[1] {
            pairs += 2;
        }
        if picked.len() >= 3 {
            let mut sorted = picked.clone();
            sorted.sort_unstable();
            if sorted.windows(2).all(|w| w[1] == w[0] + 1) {
                runs_by_len[picked.len()] += 1;
            }
        }
    }
    let runs = (3..=5)
        .rev()
        .find(|&n| runs_by_len[n] > 0)
        .map_or(0, |n| n as u8 * runs_by_len[n]);
    [fifteens, pairs, runs]
}

// ---------------------------------------------------------------------------
// Threads (checked and pooled by `crate::ground::pool`)

/// Applies `kernel` to matching blocks of input rows and output rows, in
/// parallel unless `threads == Some(1)`. `kernel` gets the block's first row
/// number and returns the first bad row of its block (relative to the
/// block); the result is the lowest bad row overall.
fn for_blocks<K>(
    input: &[u8],
    in_row: usize,
    out: &mut [u8],
    out_row: usize,
    threads: Option<usize>,
    kernel: K,
) -> Result<Option<usize>>
where
    K: Fn(usize, &[u8], &mut [u8]) -> Option<usize> + Sync,
{
    let pool = pool::Pool::new(threads)?;
    let ins = input.chunks(in_row * BLOCK);
    if threads == Some(1) {
        let outs = out.chunks_mut(out_row * BLOCK);
        return Ok(ins
            .zip(outs)
            .enumerate()
            .find_map(|(b, (i, o))| kernel(b * BLOCK, i, o).map(|r| b * BLOCK + r)));
    }
    Ok(pool.install(|| {
        input
            .par_chunks(in_row * BLOCK)
            .zip(out.par_chunks_mut(out_row * BLOCK))
            .enumerate()
            .filter_map(|(b, (i, o))| kernel(b * BLOCK, i, o).map(|r| b * BLOCK + r))
            .min()
    }))
}

fn check_rows(input: &[u8], row: usize, out: &[u8], out_row: usize, what: &str) -> Result<usize> {
    if input.len() % row != 0 {
        return Err(Error::Invalid(format!(
            "{what} rows hold {row} cards each, got {} values",
            input.len()
        )));
    }
    let n = input.len() / row;
    if out.len() != n * out_row {
        return Err(Error::Invalid(format!(
            "the output holds {} values, {} rows need {}",
            out.len(),
            n,
            n * out_row
        )));
    }
    Ok(n)
}

// ---------------------------------------------------------------------------
// Shows

/// Why a row of five card values is not a show, checking columns left to
/// right: a value outside 0..=51, or a card already in the row.
pub fn hand_row_reason(values: &[i128]) -> Option<String> {
    if values.len() != ROW {
        return Some(format!("a row needs {ROW} cards, got {}", values.len()));
    }
    let mut seen = 0u64;
    for (col, &v) in values.iter().enumerate() {
        let place = if col == 4 { "the starter" } else { "hand card" };
        let card = match u8::try_from(v).ok().filter(|&i| i < 52) {
            Some(i) => i,
            None => {
                return Some(format!(
                    "card index {v} in column {col} ({place}) is outside 0..51"
                ))
            }
        };
        if seen & 1 << card != 0 {
            let name =
                Card::from_index(i64::from(card)).map_or_else(|_| v.to_string(), |c| c.to_string());
            return Some(format!(
                "card {name} (index {card}) in column {col} appears more than once"
            ));
        }
        seen |= 1 << card;
    }
    None
}

fn bad_row(row: usize, reason: Option<String>) -> Error {
    Error::BadRow {
        row,
        reason: reason.unwrap_or_else(|| "invalid row".into()),
    }
}

fn first_bad_hand(rows: &[u8]) -> Option<usize> {
    rows.chunks_exact(ROW).position(|r| {
        let values: Vec<i128> = r.iter().map(|&c| i128::from(c)).collect();
        hand_row_reason(&values).is_some()
    })
}

/// Ranks (0..=12 for good rows; a bad row may give more and is scored 0), the
/// invalid flag and the flush and nobs points of one row. Branch-free.
#[inline(always)]
fn row_bits(row: [u8; 5], crib: bool) -> ([usize; 5], bool, u8, u8) {
    let [a, b, c, d, s] = row;
    let bit = |x: u8| 1u64 << (x & 63);
    let (ba, bb, bc, bd, bs) = (bit(a), bit(b), bit(c), bit(d), bit(s));
    // Five distinct cards 0..=51: five distinct bits, all below bit 52.
    // Values of 64 and up wrap in the shift, so the largest value is checked.
    let all = ba | bb | bc | bd | bs;
    let bad = (a.max(b).max(c).max(d).max(s) > 51) | (all.count_ones() != 5);
    let rank = |x: u8| usize::from(x >> 2);
    let ranks = [rank(a), rank(b), rank(c), rank(d), rank(s)];
    let four = u8::from(((a ^ b) | (a ^ c) | (a ^ d)) & 3 == 0);
    let five = four & u8::from((a ^ s) & 3 == 0);
    let flush = if crib { 5 * five } else { 4 * four + five };
    let jack = (JACK - 1) * 4 + (s & 3);
    let nobs =
        u8::from(a == jack) | u8::from(b == jack) | u8::from(c == jack) | u8::from(d == jack);
    (ranks, bad, flush, nobs)
}

#[inline(always)]
fn tuple_index([r0, r1, r2, r3, r4]: [usize; 5]) -> usize {
    (((r0 * 13 + r1) * 13 + r2) * 13 + r3) * 13 + r4
}

fn hand_kernel(rows: &[u8], out: &mut [u8], crib: bool) -> Option<usize> {
    let table = rank_table();
    let mut any_bad = false;
    for (row, o) in rows.chunks_exact(ROW).zip(out.iter_mut()) {
        let &[a, b, c, d, s] = row else { continue };
        let (ranks, bad, flush, nobs) = row_bits([a, b, c, d, s], crib);
        any_bad |= bad;
        // A bad row may index past the table: it scores 0 and is reported below.
        *o = table
            .get(tuple_index(ranks))
            .map_or(0, |&t| t + flush + nobs);
    }
    if any_bad {
        first_bad_hand(rows)
    } else {
        None
    }
}

fn breakdown_kernel(rows: &[u8], out: &mut [u8], crib: bool) -> Option<usize> {
    let table = parts_table();
    let mut any_bad = false;
    for (row, o) in rows.chunks_exact(ROW).zip(out.chunks_exact_mut(5)) {
        let &[a, b, c, d, s] = row else { continue };
        let (ranks, bad, flush, nobs) = row_bits([a, b, c, d, s], crib);
        any_bad |= bad;
        let parts = table.get(tuple_index(ranks)).copied().unwrap_or(0);
        o.copy_from_slice(&[
            parts as u8,
            (parts >> 8) as u8,
            (parts >> 16) as u8,
            flush,
            nobs,
        ]);
    }
    if any_bad {
        first_bad_hand(rows)
    } else {
        None
    }
}

/// Scores shows: `cards` holds 5 card indices per row (hand, then starter),
/// `out` one score per row. On a bad row, fails with the lowest bad row
/// (`out` is then unspecified).
pub fn score_hands_into(
    cards: &[u8],
    crib: bool,
    threads: Option<usize>,
    out: &mut [u8],
) -> Result<()> {
    check_rows(cards, ROW, out, 1, "show")?;
    let bad = for_blocks(cards, ROW, out, 1, threads, |_, i, o| {
        hand_kernel(i, o, crib)
    })?;
    match bad {
        None => Ok(()),
        Some(r) => Err(bad_row(r, hand_reason_at(cards, r))),
    }
}

fn hand_reason_at(cards: &[u8], row: usize) -> Option<String> {
    let values: Vec<i128> = cards
        .get(row * ROW..(row + 1) * ROW)?
        .iter()
        .map(|&c| i128::from(c))
        .collect();
    hand_row_reason(&values)
}

/// The values a show is scored into: its total, or (`breakdown`) its parts.
pub fn show_values(breakdown: bool) -> usize {
    if breakdown {
        BREAKDOWN_COLUMNS.len()
    } else {
        1
    }
}

/// [`score_hands_into`] (or, with `breakdown`, [`score_hands_breakdown_into`])
/// for hands of card text: the rows of `cells` from `first` on that `out`
/// has room for (read as `card_text` reads them, four hand cards then the
/// starter a row), each block scored as soon as it is parsed, without an
/// index array of every row in between. Returns `false` (`out` unfinished)
/// if any row is bad text or no hand: the caller then parses and scores the
/// long way, which names the first fault.
pub fn score_text_hands_into<C: Cells + ?Sized>(
    cells: &C,
    layout: Layout,
    (crib, breakdown): (bool, bool),
    first: usize,
    threads: Option<usize>,
    out: &mut [u8],
) -> Result<bool> {
    if layout == Layout::Cards && cells.columns() != ROW {
        return Ok(false);
    }
    let per_row = show_values(breakdown);
    card_text::each_parsed_block(
        cells,
        layout,
        ROW,
        first,
        threads,
        out,
        per_row,
        |codes, out| {
            let bad = if breakdown {
                breakdown_kernel(codes, out, crib)
            } else {
                hand_kernel(codes, out, crib)
            };
            bad.is_none()
        },
    )
}

/// [`score_hands_into`] returning a new vector.
pub fn score_hands(cards: &[u8], crib: bool, threads: Option<usize>) -> Result<Vec<u8>> {
    let mut out = vec![0u8; cards.len() / ROW];
    score_hands_into(cards, crib, threads, &mut out)?;
    Ok(out)
}

/// Like [`score_hands_into`] with 5 values per row in `out`: fifteens, pairs,
/// runs, flush, nobs (see [`BREAKDOWN_COLUMNS`]); they sum to the total.
pub fn score_hands_breakdown_into(
    cards: &[u8],
    crib: bool,
    threads: Option<usize>,
    out: &mut [u8],
) -> Result<()> {
    check_rows(cards, ROW, out, 5, "show")?;
    let bad = for_blocks(cards, ROW, out, 5, threads, |_, i, o| {
        breakdown_kernel(i, o, crib)
    })?;
    match bad {
        None => Ok(()),
        Some(r) => Err(bad_row(r, hand_reason_at(cards, r))),
    }
}

/// [`score_hands_breakdown_into`] returning a new vector, 5 values per row.
pub fn score_hands_breakdown(cards: &[u8], crib: bool, threads: Option<usize>) -> Result<Vec<u8>> {
    let mut out = vec![0u8; cards.len() / ROW * 5];
    score_hands_breakdown_into(cards, crib, threads, &mut out)?;
    Ok(out)
}

// ---------------------------------------------------------------------------
// Pegging piles

/// Checks one pile row and collects its cards into `cards`. `values` are
/// the row's entries with padding as `-1`; `length` is the row's given
/// length, or `None` to end the pile at the first padding.
pub fn play_row_cards(
    values: &[i128],
    length: Option<i64>,
    cards: &mut Vec<Card>,
) -> std::result::Result<(), String> {
    let width = values.len();
    let len = match length {
        Some(l) => usize::try_from(l)
            .ok()
            .filter(|&l| l <= width)
            .ok_or_else(|| format!("length {l} is outside 0..{width}"))?,
        None => values.iter().position(|&v| v == -1).unwrap_or(width),
    };
    cards.clear();
    for (col, &v) in values[..len].iter().enumerate() {
        if v == -1 {
            return Err(format!(
                "column {col} is padding (-1), inside the pile's length {len}"
            ));
        }
        let card = i64::try_from(v)
            .ok()
            .and_then(|i| Card::from_index(i).ok())
            .ok_or_else(|| format!("card index {v} in column {col} is outside 0..51"))?;
        cards.push(card);
    }
    if length.is_none() {
        if let Some(col) = values[len..].iter().position(|&v| v != -1) {
            return Err(format!(
                "column {} holds {} after the padding in column {len}",
                len + col,
                values[len + col]
            ));
        }
    }
    play::validate_pile(cards).map_err(|e| e.to_string())
}

fn pad_to_value(code: u8) -> i128 {
    if code == PAD {
        -1
    } else {
        i128::from(code)
    }
}

/// Scores pegging piles: `piles` holds `width` codes per row (card indices,
/// [`PAD`] for padding), `lengths` (if given) the number of cards of each
/// row, otherwise a row ends at its first padding. Each score is
/// [`play::score_play`] of the pile: the points of its last card.
pub fn score_plays_into(
    piles: &[u8],
    width: usize,
    lengths: Option<&[i64]>,
    threads: Option<usize>,
    out: &mut [u8],
) -> Result<()> {
    if width == 0 {
        return Err(Error::Invalid("piles need at least one column".into()));
    }
    let n = check_rows(piles, width, out, 1, "pile")?;
    if let Some(l) = lengths {
        if l.len() != n {
            return Err(Error::Invalid(format!(
                "lengths holds {} values for {n} piles",
                l.len()
            )));
        }
    }
    let row_reason = |row: usize, codes: &[u8], cards: &mut Vec<Card>| {
        let values: Vec<i128> = codes.iter().map(|&c| pad_to_value(c)).collect();
        let length = lengths.and_then(|l| l.get(row).copied());
        play_row_cards(&values, length, cards)
    };
    let bad = for_blocks(piles, width, out, 1, threads, |first, rows, o| {
        let mut cards = Vec::with_capacity(width);
        for (i, (codes, o)) in rows.chunks_exact(width).zip(o.iter_mut()).enumerate() {
            match row_reason(first + i, codes, &mut cards) {
                Ok(()) => *o = play::score_play(&cards),
                Err(_) => return Some(i),
            }
        }
        None
    })?;
    match bad {
        None => Ok(()),
        Some(r) => {
            let codes = &piles[r * width..(r + 1) * width];
            let reason = row_reason(r, codes, &mut Vec::new()).err();
            Err(bad_row(r, reason))
        }
    }
}

/// [`score_plays_into`] returning a new vector.
pub fn score_plays(
    piles: &[u8],
    width: usize,
    lengths: Option<&[i64]>,
    threads: Option<usize>,
) -> Result<Vec<u8>> {
    let mut out = vec![0u8; piles.len() / width.max(1)];
    score_plays_into(piles, width, lengths, threads, &mut out)?;
    Ok(out)
}

// ---------------------------------------------------------------------------
// The distribution of show scores over every deal

fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// How many of the 12,994,800 (4-card hand, starter) deals score each of
/// 0..=29, counted over rank patterns rather than deal by deal.
///
/// For each multiset of four hand ranks and each starter rank, the starter's
/// suit is fixed (the four suits are symmetric, a factor 4) and the suit
/// choices of the hand are counted in closed form: all of them, those
/// scoring nobs (a hand jack of the starter's suit) and the flushes
/// (possible only with four distinct ranks: one way for each hand suit).
pub fn hand_score_distribution(crib: bool) -> [u64; SCORES] {
    let mut dist = [0u64; SCORES];
    let mut counts = [0u64; 13];
    for h0 in 0..13 {
        for h1 in h0..13 {
            for h2 in h1..13 {
                for h3 in h2..13 {
                    counts.fill(0);
                    for r in [h0, h1, h2, h3] {
                        counts[r] += 1;
                    }
                    for s in 0..13 {
                        if counts[s] == 4 {
                            continue; // the starter's rank has no card left
                        }
                        let ranks = [h0, h1, h2, h3, s].map(|r| r as u8 + 1);
                        let base = usize::from(show::rank_points(ranks));
                        let bonus = suit_bonus_counts(&counts, s, crib);
                        for (points, &ways) in bonus.iter().enumerate() {
                            if ways > 0 {
                                dist[base + points] += 4 * ways;
                            }
                        }
                    }
                }
            }
        }
    }
    dist
}

/// For hand rank counts `counts` (0-based ranks) and starter rank `s`, with
/// the starter's suit fixed: how many suit choices of the hand give each
/// flush + nobs bonus 0..=6.
fn suit_bonus_counts(counts: &[u64; 13], s: usize, crib: bool) -> [u64; 7] {
    let jack = usize::from(JACK - 1);
    // Free suits per rank: the starter holds one suit of its rank.
    let free = |r: usize| if r == s { 3 } else { 4 };
    let total: u64 = (0..13).map(|r| choose(free(r), counts[r])).product();
    // Nobs: one hand jack has the starter's suit (impossible if the starter
    // is itself a jack: that suit's jack is the starter).
    let nobs = if s == jack || counts[jack] == 0 {
        0
    } else {
        let others: u64 = (0..13)
            .filter(|&r| r != jack)
            .map(|r| choose(free(r), counts[r]))
            .product();
        choose(3, counts[jack] - 1) * others
    };
    let mut bonus = [0u64; 7];
    let distinct = counts.iter().all(|&c| c <= 1);
    let (mut five, mut four) = (0, 0);
    if distinct {
        // All four in the starter's suit: only if no hand card shares the
        // starter's rank. Then a hand jack is of the starter's suit: nobs.
        if counts[s] == 0 {
            five = 1;
            bonus[5 + usize::from(counts[jack] == 1)] += 1;
        }
        // All four in one of the three other suits: never nobs.
        four = 3;
        bonus[if crib { 0 } else { 4 }] += 3;
    }
    let five_nobs = if five == 1 && counts[jack] == 1 { 1 } else { 0 };
    bonus[1] += nobs - five_nobs;
    bonus[0] += total - five - four - (nobs - five_nobs);
    bonus
}

/// The same distribution by scoring every deal with the bulk kernel; slow
/// (about 13 million shows), kept to check [`hand_score_distribution`].
pub fn hand_score_distribution_brute(crib: bool, threads: Option<usize>) -> Result<[u64; SCORES]> {
    let rows = all_deals();
    let scores = score_hands(&rows, crib, threads)?;
    let mut dist = [0u64; SCORES];
    for s in scores {
        if let Some(slot) = dist.get_mut(usize::from(s)) {
            *slot += 1;
        }
    }
    Ok(dist)
}

/// Every (4-card hand, starter) deal as rows of 5 card indices: hands in
/// increasing index order, then each of the 48 other cards as starter.
pub fn all_deals() -> Vec<u8> {
    let mut rows = Vec::with_capacity(DEALS as usize * ROW);
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for s in 0..52u8 {
                        if s != a && s != b && s != c && s != d {
                            rows.extend_from_slice(&[a, b, c, d, s]);
                        }
                    }
                }
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_parts_sum_to_rank_points() {
        for i in 0..RANK_TUPLES {
            let ranks = ranks_of_tuple(i);
            let parts: u8 = rank_parts(ranks).iter().sum();
            assert_eq!(parts, show::rank_points(ranks), "{ranks:?}");
        }
    }

    #[test]
    fn bad_rows_name_the_reason() {
        assert_eq!(
            hand_row_reason(&[0, 1, 2, 3, 256]).unwrap(),
            "card index 256 in column 4 (the starter) is outside 0..51"
        );
        assert_eq!(
            hand_row_reason(&[18, 1, 18, 3, 4]).unwrap(),
            "card 5H (index 18) in column 2 appears more than once"
        );
        assert!(hand_row_reason(&[0, 1, 2, 3, 51]).is_none());
    }

    /// Text scored a block at a time gives what its indices give, over more
    /// than one block and on 1 and 2 threads; bad text or a card twice
    /// sends the caller the long way.
    #[test]
    fn text_scores_as_its_indices() {
        let mut rng = crate::Rng::new(7);
        let mut deck: Vec<u8> = (0..52).collect();
        let mut rows = Vec::new();
        for _ in 0..20_000 {
            rng.shuffle_prefix(&mut deck, ROW);
            rows.extend_from_slice(&deck[..ROW]);
        }
        let texts: Vec<String> = rows
            .chunks_exact(ROW)
            .map(|row| {
                let cards: Vec<Card> = row
                    .iter()
                    .filter_map(|&i| Card::from_index(i.into()).ok())
                    .collect();
                crate::format_cards(&cards)
            })
            .collect();
        let mut offsets = vec![0i32];
        let mut data = Vec::new();
        for text in &texts {
            data.extend_from_slice(text.as_bytes());
            offsets.push(data.len() as i32);
        }
        let column = card_text::Utf8Column::new(&offsets, &data, None).unwrap();
        let hands = Layout::Hands { pad: false };
        for (breakdown, crib, threads) in [(false, false, 1), (true, true, 2), (false, true, 2)] {
            let per_row = show_values(breakdown);
            let mut expected = vec![0; texts.len() * per_row];
            if breakdown {
                score_hands_breakdown_into(&rows, crib, Some(threads), &mut expected).unwrap();
            } else {
                score_hands_into(&rows, crib, Some(threads), &mut expected).unwrap();
            }
            let mut out = vec![0; texts.len() * per_row];
            let show = (crib, breakdown);
            let fused = score_text_hands_into(&column, hands, show, 0, Some(threads), &mut out);
            assert!(fused.unwrap());
            assert_eq!(out, expected);
            // The rows from 10,000 on alone.
            let rest = &mut out[10_000 * per_row..];
            rest.fill(0);
            let fused = score_text_hands_into(&column, hands, show, 10_000, Some(threads), rest);
            assert!(fused.unwrap());
            assert_eq!(out, expected);
        }
        for bad in ["5H 5D 5C JS XX", "5H 5D 5C JS 5H", "5H 5D 5C JS"] {
            let (offsets, data) = (vec![0i32, bad.len() as i32], bad.as_bytes());
            let column = card_text::Utf8Column::new(&offsets, data, None).unwrap();
            let mut out = [0];
            let fused = score_text_hands_into(&column, hands, (false, false), 0, Some(1), &mut out);
            assert!(!fused.unwrap(), "{bad}");
        }
    }
}
