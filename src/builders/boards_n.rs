//! Each side's chance to win from every board of a three-handed game (three
//! sides) or a partnership game (two sides: the dealer's partners and the
//! others), Expert in every seat (docs/rules.md, "Dealing" and "The
//! show order and the end of the game").
//!
//! A backward dynamic programme over the board before a deal, the scores by
//! side from the dealer's side on (so a board is canonical up to rotation:
//! the next deal is dealt by the side on the dealer's left). Each sampled
//! deal ([`crate::builders::board_deals`]) is walked from the board event by
//! event: the first side to reach 121 wins; otherwise the deal passes and the
//! board is the rotated one, every score increased by what its side scored.
//! Every deal pegs at least the last card, so the sum of the scores grows and
//! the programme runs in order of decreasing sum:
//!
//! `W_i(s) = mean over deals of [1 if side i reaches 121 first, 0 if another
//! does, else W_{i-1}(rotated s + totals)]`.
//!
//! From most boards no deal of the sample can end the game: those deals are
//! summed by their whole-deal totals (a histogram, each distinct total once);
//! only the deals in which some side scores its need are walked, and the
//! winner of such a deal is read from the event at which each side first
//! reaches its need.
//!
//! Standard errors by batch means, as for two players
//! ([`crate::builders::positions`]): deal `i` falls in batch `i mod B`, each
//! batch is solved alone, and the spread of the answers over `sqrt(B)`.

use rayon::prelude::*;

use crate::builders::board_deals::{POINTS_MASK, SEAT_SHIFT};
use crate::ground::error::{Error, Result};
use crate::rules::game::{GameConfig, DEFAULT_TARGET};
use crate::tables::positions::SCORES;

/// Sampled deals by side, ready for the programme.
#[derive(Clone, Debug)]
pub struct BoardSample {
    sides: usize,
    /// What each side scores in the whole deal (unused sides 0).
    totals: Vec<[u16; 3]>,
    /// For deal `d` and side `i`, `cross[at[d][i] + n - 1]` is the event at
    /// which side `i` has scored `n` (for `n` up to its total).
    at: Vec<[u32; 3]>,
    cross: Vec<u8>,
}

fn bad(why: String) -> Error {
    Error::Invalid(format!("not a board sample: {why}"))
}

impl BoardSample {
    /// Parses concatenated deals of `players` (3 or 4) in the sample format.
    pub fn parse(players: u8, bytes: &[u8]) -> Result<BoardSample> {
        let config = GameConfig::new(players, DEFAULT_TARGET, false)?;
        if players == 2 {
            return Err(bad("two-player deals belong to the position table".into()));
        }
        let mut sample = BoardSample {
            sides: config.sides(),
            totals: Vec::new(),
            at: Vec::new(),
            cross: Vec::new(),
        };
        let mut rest = bytes;
        while let Some((&n, tail)) = rest.split_first() {
            let n = usize::from(n);
            if n == 0 || tail.len() < n {
                return Err(bad(format!(
                    "a deal of {n} events at byte {}",
                    bytes.len() - rest.len()
                )));
            }
            sample.push(config, &tail[..n])?;
            rest = &tail[n..];
        }
        Ok(sample)
    }

    fn push(&mut self, config: GameConfig, events: &[u8]) -> Result<()> {
        let mut sides = Vec::with_capacity(events.len());
        for &e in events {
            let (seat, points) = (usize::from(e >> SEAT_SHIFT), e & POINTS_MASK);
            if seat >= usize::from(config.players) || !(1..=29).contains(&points) {
                return Err(bad(format!("an event of seat {seat} worth {points}")));
            }
            sides.push((config.side_of(seat), points));
        }
        let mut totals = [0u16; 3];
        let mut at = [0u32; 3];
        for (side, slot) in at.iter_mut().enumerate().take(self.sides) {
            *slot = self.cross.len() as u32;
            for (k, &(s, points)) in sides.iter().enumerate() {
                if s == side {
                    totals[side] += u16::from(points);
                    self.cross
                        .extend(std::iter::repeat_n(k as u8, usize::from(points)));
                }
            }
        }
        self.totals.push(totals);
        self.at.push(at);
        Ok(())
    }

    /// Number of deals.
    pub fn len(&self) -> usize {
        self.totals.len()
    }

    pub fn is_empty(&self) -> bool {
        self.totals.is_empty()
    }

    /// The side that reaches its need first in deal `d`, which some side meets.
    fn winner<const K: usize>(&self, d: usize, totals: [u16; K], need: [u16; K]) -> usize {
        let mut best = (usize::MAX, 0);
        for (side, &n) in need.iter().enumerate() {
            if totals[side] >= n {
                let event = usize::from(self.cross[self.at[d][side] as usize + usize::from(n) - 1]);
                best = best.min((event, side));
            }
        }
        best.1
    }
}

/// The index of a board (scores by side from the dealer's).
fn index<const K: usize>(s: [u16; K]) -> usize {
    s.iter().fold(0, |i, &x| i * SCORES + usize::from(x))
}

/// Boards whose scores sum to `total`, in index order.
fn layer<const K: usize>(total: usize) -> Vec<[u16; K]> {
    let top = SCORES - 1;
    let mut out = Vec::new();
    let mut s = [0u16; K];
    fill(&mut s, 0, total, top, &mut out);
    out
}

fn fill<const K: usize>(
    s: &mut [u16; K],
    at: usize,
    left: usize,
    top: usize,
    out: &mut Vec<[u16; K]>,
) {
    if at == K - 1 {
        if left <= top {
            s[at] = left as u16;
            out.push(*s);
        }
        return;
    }
    // What the later sides can still hold.
    let room = top * (K - 1 - at);
    for x in left.saturating_sub(room)..=left.min(top) {
        s[at] = x as u16;
        fill(s, at + 1, left - x, top, out);
    }
}

/// How [`solve`] visits the deals of one batch.
struct Plan<const K: usize> {
    /// (whole-deal totals, deals, the index of the rotated totals), sorted by
    /// that index: from any board they lead to boards in memory order.
    histogram: Vec<([u16; K], u32, u32)>,
    /// (totals, deal) by each side's total, highest first.
    by_side: [Vec<([u16; K], u32)>; K],
}

/// The board the next deal starts from: the side on the dealer's left deals.
fn rotated<const K: usize>(s: [u16; K]) -> [u16; K] {
    std::array::from_fn(|j| s[(j + 1) % K])
}

impl<const K: usize> Plan<K> {
    fn new(sample: &BoardSample, which: &[u32]) -> Plan<K> {
        let totals = |d: u32| -> [u16; K] { std::array::from_fn(|i| sample.totals[d as usize][i]) };
        let mut keys: Vec<(u32, [u16; K])> = which
            .iter()
            .map(|&d| (index(rotated(totals(d))) as u32, totals(d)))
            .collect();
        keys.sort_unstable();
        let mut histogram: Vec<([u16; K], u32, u32)> = Vec::new();
        for (at, key) in keys {
            match histogram.last_mut() {
                Some(last) if last.0 == key => last.1 += 1,
                _ => histogram.push((key, 1, at)),
            }
        }
        let by_side = std::array::from_fn(|i| {
            let mut deals: Vec<([u16; K], u32)> = which.iter().map(|&d| (totals(d), d)).collect();
            deals.sort_by_key(|&(t, d)| (std::cmp::Reverse(t[i]), d));
            deals
        });
        Plan { histogram, by_side }
    }

    /// Sums over the deals of each side's win from the board `s`.
    fn board(&self, sample: &BoardSample, s: [u16; K], v: &[[f32; K]]) -> [f64; K] {
        let need: [u16; K] = std::array::from_fn(|i| DEFAULT_TARGET - s[i]);
        let mut sum = [0f64; K];
        // Below every need the board's index and the totals' add up.
        let base = index(rotated(s));
        for &(t, count, at) in &self.histogram {
            // Sorted by the rotated totals: the next side's total first.
            if t[1] >= need[1] {
                break;
            }
            if (0..K).any(|j| t[j] >= need[j]) {
                continue;
            }
            let w = &v[base + at as usize];
            for (i, slot) in sum.iter_mut().enumerate() {
                *slot += f64::from(count) * f64::from(w[(i + K - 1) % K]);
            }
        }
        for (i, deals) in self.by_side.iter().enumerate() {
            for &(t, d) in deals.iter().take_while(|(t, _)| t[i] >= need[i]) {
                // Counted with an earlier side.
                if (0..i).any(|j| t[j] >= need[j]) {
                    continue;
                }
                sum[sample.winner(d as usize, t, need)] += 1.0;
            }
        }
        sum
    }
}

/// The programme over the deals `which`: each side's chance by board index.
fn solve<const K: usize>(sample: &BoardSample, which: &[u32]) -> Vec<[f32; K]> {
    let mut v = vec![[0f32; K]; SCORES.pow(K as u32)];
    let plan = Plan::<K>::new(sample, which);
    let n = which.len().max(1) as f64;
    for total in (0..=K * (SCORES - 1)).rev() {
        let boards = layer::<K>(total);
        let done: Vec<[f32; K]> = boards
            .par_iter()
            .map(|&s| {
                plan.board(sample, s, &v)
                    .map(|w| (w / n).clamp(0.0, 1.0) as f32)
            })
            .collect();
        for (s, w) in boards.into_iter().zip(done) {
            v[index(s)] = w;
        }
    }
    v
}

/// The whole-sample answer with batch-means standard errors: arrays of
/// `121^sides x sides` by board index then side.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardTable {
    pub sides: usize,
    pub deals: usize,
    pub batches: usize,
    pub win: Vec<f64>,
    pub win_stderr: Vec<f64>,
}

/// Solves the whole sample and `batches` interleaved batches of it.
pub fn build_board_table(sample: &BoardSample, batches: usize) -> Result<BoardTable> {
    if batches < 2 || batches > sample.len() {
        return Err(Error::Invalid(format!(
            "batches must be between 2 and the number of deals ({}), got {batches}",
            sample.len()
        )));
    }
    match sample.sides {
        2 => Ok(build::<2>(sample, batches)),
        _ => Ok(build::<3>(sample, batches)),
    }
}

fn build<const K: usize>(sample: &BoardSample, batches: usize) -> BoardTable {
    let all: Vec<u32> = (0..sample.len() as u32).collect();
    let flat = |v: Vec<[f32; K]>| -> Vec<f64> { v.into_iter().flatten().map(f64::from).collect() };
    let win = flat(solve::<K>(sample, &all));
    // Batch by batch, keeping only the running sums (the three-player arrays are large).
    let (mut sum, mut squares) = (vec![0f64; win.len()], vec![0f64; win.len()]);
    for b in 0..batches {
        let which: Vec<u32> = all.iter().copied().skip(b).step_by(batches).collect();
        for (i, x) in flat(solve::<K>(sample, &which)).into_iter().enumerate() {
            sum[i] += x;
            squares[i] += x * x;
        }
    }
    let k = batches as f64;
    let win_stderr = sum
        .iter()
        .zip(&squares)
        .map(|(&s, &q)| ((q - s * s / k).max(0.0) / (k - 1.0) / k).sqrt())
        .collect();
    BoardTable {
        sides: K,
        deals: sample.len(),
        batches,
        win,
        win_stderr,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builders::board_deals::sample_board_deals;

    #[test]
    fn layers_cover_every_board_once() {
        let count: usize = (0..=240).map(|t| layer::<2>(t).len()).sum();
        assert_eq!(count, SCORES * SCORES);
        assert_eq!(layer::<3>(0), vec![[0, 0, 0]]);
        assert_eq!(layer::<3>(360), vec![[120, 120, 120]]);
        assert_eq!(layer::<3>(2).len(), 6);
    }

    #[test]
    fn the_winner_is_the_first_to_reach_its_need() {
        // Dealer pegs 2, seat 1 pegs 3, seat 2 shows 10, then the dealer 8.
        let events = [2u8, 1 << 6 | 3, 2 << 6 | 10, 8];
        let bytes = [&[4u8][..], &events].concat();
        let sample = BoardSample::parse(3, &bytes).unwrap();
        assert_eq!(sample.totals[0], [10, 3, 10]);
        assert_eq!(sample.winner(0, [10, 3, 10], [1, 3, 10]), 0);
        assert_eq!(sample.winner(0, [10, 3, 10], [3, 3, 10]), 1);
        assert_eq!(sample.winner(0, [10, 3, 10], [3, 4, 10]), 2);
        assert_eq!(sample.winner(0, [10, 3, 10], [10, 4, 11]), 0);
        // Partners: seats 0 and 2 score together.
        let sample = BoardSample::parse(4, &bytes).unwrap();
        assert_eq!(sample.totals[0], [20, 3, 0]);
        assert_eq!(sample.winner(0, [20, 3], [13, 3]), 1);
        assert_eq!(sample.winner(0, [20, 3], [12, 4]), 0);
    }

    #[test]
    fn malformed_samples_are_refused() {
        assert!(BoardSample::parse(3, &[0]).is_err());
        assert!(BoardSample::parse(3, &[2, 1]).is_err());
        assert!(BoardSample::parse(3, &[1, 3 << 6 | 1]).is_err());
        assert!(BoardSample::parse(4, &[1, 3 << 6 | 1]).is_ok());
        assert!(BoardSample::parse(3, &[1, 30]).is_err());
        assert!(BoardSample::parse(2, &[1, 3]).is_err());
        let one = BoardSample::parse(3, &[1, 3]).unwrap();
        assert!(build_board_table(&one, 2).is_err());
    }

    #[test]
    fn the_partnership_table_is_sane_and_reproducible() {
        let sample = BoardSample::parse(4, &sample_board_deals(4, 1, 0, 200).unwrap()).unwrap();
        let table = build_board_table(&sample, 4).unwrap();
        let w = |a: usize, b: usize| table.win[(a * SCORES + b) * 2];
        assert!(w(120, 119) > 0.06, "his heels");
        assert!(w(110, 0) > 0.95 && w(0, 110) < 0.05);
        for (i, pair) in table.win.chunks(2).enumerate() {
            assert!((pair[0] + pair[1] - 1.0).abs() < 1e-5, "board {i}");
        }
        assert!(table.win_stderr.iter().all(|s| s.is_finite() && *s >= 0.0));
        assert_eq!(build_board_table(&sample, 4).unwrap(), table);
    }
}
