//! The chance that the dealer wins from every two-player board position, and
//! the game points he expects, under Expert-vs-Expert play (docs/rules.md,
//! "The show order and the end of the game").
//!
//! A backward dynamic programme over the board (dealer's score `d`, pone's
//! score `p`, both 0..=120, before the deal). A sample of deals
//! ([`crate::builders::deal_tree`]) says what one deal scores in play order from every
//! board; from `(d, p)` each sampled deal is walked event by event: the first
//! side to reach 121 wins (game points 1, 2 or 3 by the loser's score then),
//! otherwise the deal passes and the position is `(p', d')` with the old
//! pone dealing. Every deal pegs at least the last card, so `d + p` grows and
//! the programme runs in order of decreasing `d + p`:
//!
//! `W(d, p) = mean over deals of [1 if the dealer reaches 121 first, 0 if the
//! pone does, else 1 - W(p', d')]`, and likewise the game points `G`.
//!
//! Standard errors by batch means: deal `i` falls in batch `i mod B`, each
//! batch is solved alone, and the spread of the `B` answers over `sqrt(B)`
//! estimates the error of the whole-sample answer (the programme is a smooth
//! function of the deal frequencies, so its error shrinks like that of a mean).
//!
//! The shipped table is written from [`build_table`]'s answer by
//! `scripts/ship_tables.py positions` and read by [`crate::tables::positions`].

use rayon::prelude::*;

use crate::builders::deal_tree::{signature, MAX_LAY_POINTS, PONE_BIT, SIGNATURES};
use crate::ground::error::{Error, Result};
use crate::rules::game::{game_points_against, DEFAULT_TARGET};
use crate::tables::positions::SCORES;

const NO_BRANCH: u32 = u32::MAX;
/// At most this many cards can be laid at one turn (a hand of four).
const MAX_CHILDREN: usize = 4;

#[derive(Clone, Copy, Debug)]
struct Seg {
    start: u32,
    len: u8,
    branch: u32,
}

#[derive(Clone, Copy, Debug)]
struct Br {
    seat: u8,
    count: u8,
    /// Start of its signature -> child table in `choices`.
    choice: u32,
    children: [u32; MAX_CHILDREN],
}

#[derive(Clone, Copy, Debug)]
struct DealRef {
    pone_show: u8,
    root: u32,
    /// What the deal scores (dealer, pone) when the board changes no lay.
    totals: [u16; 2],
    /// From these needs (dealer, pone) up the board changes no lay and the
    /// deal does not end the game: its outcome is just `totals`.
    plain: [u16; 2],
}

/// Sampled deals ([`crate::builders::deal_tree::sample_deals`]) ready to walk.
#[derive(Clone, Debug, Default)]
pub struct Sample {
    deals: Vec<DealRef>,
    segs: Vec<Seg>,
    events: Vec<u8>,
    branches: Vec<Br>,
    choices: Vec<u8>,
}

/// Reads the sample format, refusing anything malformed.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| bad(format!("it ends inside a deal at byte {}", self.at)))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
}

fn bad(why: String) -> Error {
    Error::Invalid(format!("not a position sample: {why}"))
}

impl Sample {
    /// Parses concatenated deals of the sample format.
    pub fn parse(bytes: &[u8]) -> Result<Sample> {
        let mut sample = Sample::default();
        let mut r = Reader { bytes, at: 0 };
        while r.at < bytes.len() {
            sample.read_deal(&mut r)?;
        }
        Ok(sample)
    }

    fn read_deal(&mut self, r: &mut Reader<'_>) -> Result<()> {
        let pone_show = r.u8()?;
        let n = usize::from(r.u16()?);
        if n == 0 {
            return Err(bad("a deal without segments".into()));
        }
        let root = self.segs.len() as u32;
        for i in 0..n {
            let len = r.u8()?;
            let events = r.take(usize::from(len))?;
            if events
                .iter()
                .any(|&e| e & !PONE_BIT == 0 || e & !PONE_BIT > 29)
            {
                return Err(bad("an event worth 0 or more than 29 points".into()));
            }
            let start = self.events.len() as u32;
            self.events.extend_from_slice(events);
            let branch = match r.u8()? {
                0 => NO_BRANCH,
                1 => self.read_branch(r, root, i, n)?,
                f => return Err(bad(format!("branch flag {f}"))),
            };
            self.segs.push(Seg { start, len, branch });
        }
        self.check_scores(root as usize)?;
        let mut deal = DealRef {
            pone_show,
            root,
            totals: [0; 2],
            plain: [0; 2],
        };
        self.far_path(&mut deal);
        self.deals.push(deal);
        Ok(())
    }

    fn read_branch(&mut self, r: &mut Reader<'_>, root: u32, i: usize, n: usize) -> Result<u32> {
        let seat = r.u8()?;
        let k = usize::from(r.u8()?);
        if seat > 1 || !(2..=MAX_CHILDREN).contains(&k) {
            return Err(bad(format!("a branch of seat {seat} with {k} children")));
        }
        let mut children = [0u32; MAX_CHILDREN];
        for slot in &mut children[..k] {
            let c = usize::from(r.u16()?);
            // Children come later: every walk moves forward and ends.
            if c <= i || c >= n {
                return Err(bad(format!("segment {i} branches to segment {c}")));
            }
            *slot = root + c as u32;
        }
        let choices = r.take(SIGNATURES)?;
        if choices.iter().any(|&c| usize::from(c) >= k) {
            return Err(bad("a branch choice out of range".into()));
        }
        let choice = self.choices.len() as u32;
        self.choices.extend_from_slice(choices);
        self.branches.push(Br {
            seat,
            count: k as u8,
            choice,
            children,
        });
        Ok(self.branches.len() as u32 - 1)
    }

    /// Every way through the deal must score: the programme relies on it.
    fn check_scores(&self, root: usize) -> Result<()> {
        let segs = &self.segs[root..];
        let own = |s: &Seg| s.len.min(1);
        let mut scored: Vec<Option<u8>> = vec![None; segs.len()];
        scored[0] = Some(own(&segs[0]));
        for (i, seg) in segs.iter().enumerate() {
            let Some(before) = scored[i] else { continue };
            if seg.branch == NO_BRANCH {
                if before == 0 {
                    return Err(bad("a deal that scores no point".into()));
                }
                continue;
            }
            let b = &self.branches[seg.branch as usize];
            for &c in &b.children[..usize::from(b.count)] {
                let c = c as usize - root;
                let now = before.max(own(&segs[c]));
                scored[c] = Some(scored[c].map_or(now, |s| s.min(now)));
            }
        }
        Ok(())
    }

    /// Follows the lays of a far board (every need beyond every threshold)
    /// and records where the board starts to matter (see [`DealRef`]).
    fn far_path(&self, deal: &mut DealRef) {
        let (mut scored, mut plain) = ([0u16; 2], [0u16; 2]);
        let mut seg = deal.root as usize;
        loop {
            let s = self.segs[seg];
            for &e in &self.events[s.start as usize..][..usize::from(s.len)] {
                let side = usize::from(e & PONE_BIT != 0);
                scored[side] = scored[side].saturating_add(u16::from(e & !PONE_BIT));
            }
            if s.branch == NO_BRANCH {
                break;
            }
            let b = &self.branches[s.branch as usize];
            // The lay is the far one while both needs stay past every
            // threshold: 14 points, and the pone's show when the pone lays.
            let near = MAX_LAY_POINTS + 1;
            let pone_near = if b.seat == 1 {
                near.max(u16::from(deal.pone_show) + 1)
            } else {
                near
            };
            plain[0] = plain[0].max(scored[0].saturating_add(near));
            plain[1] = plain[1].max(scored[1].saturating_add(pone_near));
            let far = self.choices[b.choice as usize + SIGNATURES - 1];
            seg = b.children[usize::from(far)] as usize;
        }
        deal.totals = scored;
        // Past its totals the deal cannot end the game either.
        deal.plain = [
            plain[0].max(scored[0].saturating_add(1)),
            plain[1].max(scored[1].saturating_add(1)),
        ];
    }

    /// Number of deals.
    pub fn len(&self) -> usize {
        self.deals.len()
    }

    pub fn is_empty(&self) -> bool {
        self.deals.is_empty()
    }

    /// Walks `deal` from the board: (dealer's win, dealer's game points).
    fn settle(&self, deal: &DealRef, d: u16, p: u16, v: &Values) -> (f64, f64) {
        let (mut d, mut p, mut seg) = (d, p, deal.root as usize);
        loop {
            let s = self.segs[seg];
            let events = &self.events[s.start as usize..][..usize::from(s.len)];
            for &e in events {
                let points = u16::from(e & !PONE_BIT);
                if e & PONE_BIT == 0 {
                    d += points;
                    if d >= DEFAULT_TARGET {
                        return (1.0, f64::from(game_points_against(p, DEFAULT_TARGET)));
                    }
                } else {
                    p += points;
                    if p >= DEFAULT_TARGET {
                        return (0.0, -f64::from(game_points_against(d, DEFAULT_TARGET)));
                    }
                }
            }
            if s.branch == NO_BRANCH {
                break;
            }
            let b = &self.branches[s.branch as usize];
            let sig = if b.seat == 0 {
                signature(0, DEFAULT_TARGET - d, DEFAULT_TARGET - p, deal.pone_show)
            } else {
                signature(1, DEFAULT_TARGET - p, DEFAULT_TARGET - d, deal.pone_show)
            };
            let child = self.choices[b.choice as usize + sig];
            seg = b.children[usize::from(child)] as usize;
        }
        // The old pone deals next.
        let next = usize::from(p) * SCORES + usize::from(d);
        (1.0 - v.win[next], -v.points[next])
    }

    /// The programme over the deals `which` (indexes into the sample).
    pub fn solve(&self, which: &[u32]) -> Values {
        let mut v = Values {
            win: vec![0.0; SCORES * SCORES],
            points: vec![0.0; SCORES * SCORES],
        };
        let plan = Plan::new(self, which);
        let n = which.len().max(1) as f64;
        for total in (0..=2 * (SCORES - 1)).rev() {
            let low = total.saturating_sub(SCORES - 1);
            let high = total.min(SCORES - 1);
            let done: Vec<(f64, f64)> = (low..=high)
                .into_par_iter()
                .map(|d| {
                    let (w, g) = plan.position(self, d as u16, (total - d) as u16, &v);
                    // Clamped: the differences in `position` may round past.
                    ((w / n).clamp(0.0, 1.0), (g / n).clamp(-3.0, 3.0))
                })
                .collect();
            for (d, (w, g)) in (low..=high).zip(done) {
                v.win[d * SCORES + total - d] = w;
                v.points[d * SCORES + total - d] = g;
            }
        }
        v
    }
}

/// How [`Sample::solve`] visits the deals: most deals from most boards just
/// add their totals, so those are summed by their totals at once and only
/// the others are walked.
struct Plan {
    /// (dealer total, pone total, deals), sorted.
    totals: Vec<(u16, u16, u32)>,
    /// The deals, by the dealer's `plain` need, highest first.
    by_dealer: Vec<u32>,
    /// The deals, by the pone's `plain` need, highest first.
    by_pone: Vec<u32>,
}

impl Plan {
    fn new(sample: &Sample, which: &[u32]) -> Plan {
        let deal = |i: &u32| &sample.deals[*i as usize];
        let mut keys: Vec<(u16, u16)> = which.iter().map(|i| deal(i).totals.into()).collect();
        keys.sort_unstable();
        let mut totals: Vec<(u16, u16, u32)> = Vec::new();
        for (a, b) in keys {
            match totals.last_mut() {
                Some(last) if (last.0, last.1) == (a, b) => last.2 += 1,
                _ => totals.push((a, b, 1)),
            }
        }
        let mut by_dealer = which.to_vec();
        by_dealer.sort_by_key(|i| std::cmp::Reverse(deal(i).plain[0]));
        let mut by_pone = which.to_vec();
        by_pone.sort_by_key(|i| std::cmp::Reverse(deal(i).plain[1]));
        Plan {
            totals,
            by_dealer,
            by_pone,
        }
    }

    /// Sums over the deals of (dealer's win, game points) from `(d, p)`.
    fn position(&self, sample: &Sample, d: u16, p: u16, v: &Values) -> (f64, f64) {
        let need = [DEFAULT_TARGET - d, DEFAULT_TARGET - p];
        let after = |t: [u16; 2]| {
            let next = usize::from(p + t[1]) * SCORES + usize::from(d + t[0]);
            (1.0 - v.win[next], -v.points[next])
        };
        let (mut w, mut g) = (0.0, 0.0);
        for &(a, b, count) in &self.totals {
            if a >= need[0] {
                break;
            }
            if b < need[1] {
                let (dw, dg) = after([a, b]);
                w += f64::from(count) * dw;
                g += f64::from(count) * dg;
            }
        }
        // Deals where the board matters: walk them instead.
        let walked = self
            .by_dealer
            .iter()
            .take_while(|&&i| sample.deals[i as usize].plain[0] > need[0]);
        let pone_walked = self
            .by_pone
            .iter()
            .take_while(|&&i| sample.deals[i as usize].plain[1] > need[1]);
        let pone_only = pone_walked.filter(|&&i| sample.deals[i as usize].plain[0] <= need[0]);
        for &i in walked.chain(pone_only) {
            let deal = &sample.deals[i as usize];
            if deal.totals[0] < need[0] && deal.totals[1] < need[1] {
                let (dw, dg) = after(deal.totals);
                w -= dw;
                g -= dg;
            }
            let (dw, dg) = sample.settle(deal, d, p, v);
            w += dw;
            g += dg;
        }
        (w, g)
    }
}

/// The dealer's chance to win and expected game points, by `d * 121 + p`.
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    pub win: Vec<f64>,
    pub points: Vec<f64>,
}

/// The whole-sample answer with batch-means standard errors.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionTable {
    pub deals: usize,
    pub batches: usize,
    pub values: Values,
    pub win_stderr: Vec<f64>,
    pub points_stderr: Vec<f64>,
}

/// Solves the whole sample and `batches` interleaved batches of it.
pub fn build_table(sample: &Sample, batches: usize) -> Result<PositionTable> {
    if batches < 2 || batches > sample.len() {
        return Err(Error::Invalid(format!(
            "batches must be between 2 and the number of deals ({}), got {batches}",
            sample.len()
        )));
    }
    let all: Vec<u32> = (0..sample.len() as u32).collect();
    let values = sample.solve(&all);
    let parts: Vec<Values> = (0..batches)
        .into_par_iter()
        .map(|b| {
            let which: Vec<u32> = all.iter().copied().skip(b).step_by(batches).collect();
            sample.solve(&which)
        })
        .collect();
    let stderr = |field: fn(&Values) -> &Vec<f64>| -> Vec<f64> {
        let k = batches as f64;
        (0..SCORES * SCORES)
            .map(|i| {
                let mean = parts.iter().map(|v| field(v)[i]).sum::<f64>() / k;
                let ss: f64 = parts.iter().map(|v| (field(v)[i] - mean).powi(2)).sum();
                (ss / (k - 1.0) / k).sqrt()
            })
            .collect()
    };
    Ok(PositionTable {
        deals: sample.len(),
        batches,
        win_stderr: stderr(|v| &v.win),
        points_stderr: stderr(|v| &v.points),
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builders::deal_tree::sample_deals;

    #[test]
    fn the_table_is_sane_and_reproducible() {
        let bytes = sample_deals(1, 0, 300).unwrap();
        let sample = Sample::parse(&bytes).unwrap();
        assert_eq!(sample.len(), 300);
        let table = build_table(&sample, 4).unwrap();
        let w = &table.values.win;
        // His heels alone give the dealer 4 in 52 at 120-119.
        assert!(w[120 * SCORES + 119] > 0.06);
        // Far ahead wins, far behind loses.
        assert!(w[110 * SCORES] > 0.95 && w[110] < 0.05);
        assert!(w.iter().all(|&x| (0.0..=1.0).contains(&x)));
        let g = &table.values.points;
        assert!(g.iter().all(|&x| (-3.0..=3.0).contains(&x)));
        assert!(table.win_stderr.iter().all(|&s| s.is_finite() && s >= 0.0));
        assert_eq!(build_table(&sample, 4).unwrap(), table);
    }

    #[test]
    fn malformed_samples_are_refused() {
        let bytes = sample_deals(2, 0, 3).unwrap();
        assert!(Sample::parse(&bytes[..bytes.len() - 1]).is_err());
        // One segment with no events and no branch scores nothing.
        assert!(Sample::parse(&[0, 1, 0, 0, 0]).is_err());
        assert!(Sample::parse(&[0, 1, 0, 1, 30, 0]).is_err());
        assert!(Sample::parse(&[0, 1, 0, 1, 3, 0]).is_ok());
        let one = Sample::parse(&[0, 1, 0, 1, 3, 0]).unwrap();
        assert!(build_table(&one, 2).is_err());
    }
}
