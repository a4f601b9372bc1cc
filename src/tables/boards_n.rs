//! The board tables of three-handed and partnership games built into the
//! engine: each seat's (or partnership's) chance to win from a board before
//! a deal, Expert in every seat (docs/rules.md, "Dealing",
//! "The show order and the end of the game"). Built by `crate::builders::boards_n`.
//!
//! - Partnerships (`data/partnership.bin`): two little-endian f32 arrays of
//!   121 x 121 by `dealer's team * 121 + other team`, the dealer's team's
//!   chance and its standard error.
//! - Three players (`data/three_hand.bin`): the table on a grid of
//!   [`KNOTS`] scores on each axis (every third score up to 90, then every
//!   score), scores in seat order from the dealer: the dealer's and the next
//!   seat's chances as u16 in units of 1/65535, then the largest of the
//!   seats' standard errors as u8 in units of [`STDERR_UNIT`] (capped at 255
//!   units). Between
//!   knots the chances are interpolated linearly along each axis
//!   (trilinear); the last seat's chance is one minus the others'.
//!
//! Each file's build record is in `data/*_meta.json`.

use std::sync::OnceLock;

use crate::ground::error::{Error, Result};
use crate::rules::game::{DEFAULT_TARGET, MAX_SCORE};
use crate::tables::positions::SCORES;
use crate::tables::shipped::decode;

/// Scores below this are on the coarse part of the three-player grid.
pub const FINE_FROM: u16 = 90;
/// The coarse grid's step.
pub const STEP: u16 = 3;
/// Knots on each axis of the three-player grid.
pub const GRID: usize = (FINE_FROM / STEP) as usize + (SCORES - FINE_FROM as usize);
/// The scores of the knots: 0, 3, ..., 90, 91, ..., 120.
pub const KNOTS: [u16; GRID] = knots();
/// A standard error's unit in the three-player file: 0.01 percentage points.
pub const STDERR_UNIT: f64 = 1e-4;
const CHANCE_UNIT: f64 = 65535.0;

const fn knots() -> [u16; GRID] {
    let mut out = [0u16; GRID];
    let mut i = 0;
    while i < GRID {
        let coarse = (FINE_FROM / STEP) as usize;
        out[i] = if i <= coarse {
            i as u16 * STEP
        } else {
            FINE_FROM + (i - coarse) as u16
        };
        i += 1;
    }
    out
}

static PARTNERSHIP: &[u8] = include_bytes!("../data/partnership.bin");
static THREE_HAND: &[u8] = include_bytes!("../data/three_hand.bin");
/// The build records (JSON: engine version, method, seed, deals, seconds).
pub static PARTNERSHIP_META: &str = include_str!("../data/partnership_meta.json");
pub static THREE_HAND_META: &str = include_str!("../data/three_hand_meta.json");

/// Bytes of the three-player file.
pub const THREE_HAND_LEN: usize = 5 * GRID * GRID * GRID;

/// The partnership table's arrays (win, then its standard error), if shipped.
pub fn partnership_arrays() -> Option<&'static [f32]> {
    static ARRAYS: OnceLock<Option<Vec<f32>>> = OnceLock::new();
    ARRAYS
        .get_or_init(|| decode(PARTNERSHIP, 2 * SCORES * SCORES, f32::from_le_bytes))
        .as_deref()
}

/// The three-player file, if shipped with the right size.
pub fn three_hand_bytes() -> Option<&'static [u8]> {
    (THREE_HAND.len() == THREE_HAND_LEN).then_some(THREE_HAND)
}

/// The partnership file's bytes for `win` and `stderr` (by board, the
/// dealer's team's value).
pub fn encode_partnership(win: &[f64], stderr: &[f64]) -> Vec<u8> {
    win.iter()
        .chain(stderr)
        .flat_map(|&x| (x as f32).to_le_bytes())
        .collect()
}

/// The grid cell of a score: the knot at or below it, and the fraction of
/// the way to the next knot.
fn cell(score: u16) -> (usize, f64) {
    if score >= FINE_FROM {
        (GRID - (SCORES - usize::from(score)), 0.0)
    } else {
        let i = usize::from(score / STEP);
        (i, f64::from(score % STEP) / f64::from(STEP))
    }
}

fn grid_index(i: [usize; 3]) -> usize {
    (i[0] * GRID + i[1]) * GRID + i[2]
}

/// The three-player file's bytes for `win` and `stderr` (121^3 boards x 3
/// seats, by board index `(s0 * 121 + s1) * 121 + s2`, then seat).
pub fn encode_three_hand(win: &[f64], stderr: &[f64]) -> Result<Vec<u8>> {
    if win.len() != 3 * SCORES.pow(3) || stderr.len() != win.len() {
        return Err(Error::Invalid(format!(
            "a three-player table has {} values, got {} and {}",
            3 * SCORES.pow(3),
            win.len(),
            stderr.len()
        )));
    }
    let at = |k: [usize; 3], seat: usize| {
        let board = (usize::from(KNOTS[k[0]]) * SCORES + usize::from(KNOTS[k[1]])) * SCORES
            + usize::from(KNOTS[k[2]]);
        board * 3 + seat
    };
    let knots: Vec<[usize; 3]> = (0..GRID.pow(3))
        .map(|g| [g / (GRID * GRID), g / GRID % GRID, g % GRID])
        .collect();
    let mut out = Vec::with_capacity(THREE_HAND_LEN);
    for seat in 0..2 {
        for &k in &knots {
            let q = (win[at(k, seat)].clamp(0.0, 1.0) * CHANCE_UNIT).round() as u16;
            out.extend_from_slice(&q.to_le_bytes());
        }
    }
    out.extend(knots.iter().map(|&k| {
        let worst = (0..3).map(|seat| stderr[at(k, seat)]).fold(0.0, f64::max);
        (worst / STDERR_UNIT).round().min(255.0) as u8
    }));
    Ok(out)
}

/// The three-player chances of `bytes` (a file of [`encode_three_hand`]) at
/// the board `s` (scores from the dealer, each 0..=120), with the largest
/// standard error of a seat's chance (the nearest knot's at or below).
pub fn three_hand_at(bytes: &[u8], s: [u16; 3]) -> ([f64; 3], f64) {
    let cube = GRID.pow(3);
    let chance = |seat: usize, g: usize| {
        let at = 2 * (seat * cube + g);
        f64::from(u16::from_le_bytes([bytes[at], bytes[at + 1]])) / CHANCE_UNIT
    };
    let cells = s.map(cell);
    let mut w = [0f64; 2];
    for corner in 0..8 {
        let mut weight = 1.0;
        let mut k = [0usize; 3];
        for (axis, &(i, f)) in cells.iter().enumerate() {
            let up = corner >> axis & 1 == 1;
            weight *= if up { f } else { 1.0 - f };
            k[axis] = if up { i + 1 } else { i };
        }
        if weight > 0.0 {
            for (seat, slot) in w.iter_mut().enumerate() {
                *slot += weight * chance(seat, grid_index(k));
            }
        }
    }
    // Rounded chances may add up past 1 by a few units of 1/65535.
    w[1] = w[1].min(1.0 - w[0]);
    let last = 1.0 - w[0] - w[1];
    let g = grid_index(cells.map(|c| c.0));
    let se = f64::from(bytes[4 * cube + g]) * STDERR_UNIT;
    ([w[0], w[1], last], se)
}

/// Every board's chances from a three-player file, by board index then
/// seat (as [`encode_three_hand`] takes them).
pub fn decode_three_hand(bytes: &[u8]) -> Vec<f64> {
    use rayon::prelude::*;
    (0..SCORES.pow(3))
        .into_par_iter()
        .flat_map_iter(|b| {
            let s = [b / (SCORES * SCORES), b / SCORES % SCORES, b % SCORES];
            three_hand_at(bytes, s.map(|x| x as u16)).0
        })
        .collect()
}

/// Checks a board of `sides` scores (by side) and dealer `dealer` (a seat
/// of `players`); returns whether a side has already won.
fn check_board(scores: &[u16], players: usize, dealer: usize) -> Result<Option<usize>> {
    let sides = if players == 4 { 2 } else { players };
    if scores.len() != sides {
        return Err(Error::Invalid(format!(
            "scores needs one score for each of the {sides} sides, got {}",
            scores.len()
        )));
    }
    if let Some(&s) = scores.iter().find(|&&s| s > MAX_SCORE) {
        return Err(Error::Invalid(format!(
            "scores must be 0 to {MAX_SCORE} (120 and a 29 hand at most), got {s}"
        )));
    }
    let won: Vec<usize> = (0..sides)
        .filter(|&i| scores[i] >= DEFAULT_TARGET)
        .collect();
    if won.len() > 1 {
        return Err(Error::Invalid(format!(
            "more than one side at or past {DEFAULT_TARGET}: a game ends when the first side reaches it"
        )));
    }
    if dealer >= players {
        return Err(Error::Invalid(format!(
            "the dealer must be a seat 0..{}, got {dealer}",
            players - 1
        )));
    }
    Ok(won.first().copied())
}

fn missing(table: &str, command: &str) -> Error {
    Error::Invalid(format!(
        "this engine was built without the {table} table: \
         `python scripts/ship_tables.py {command}` writes one into src/data"
    ))
}

/// Each seat's chance to win a three-handed game from the board (`scores`
/// in seat order, `dealer` the seat about to deal).
pub fn three_hand_chances(scores: &[u16], dealer: usize) -> Result<[f64; 3]> {
    if let Some(side) = check_board(scores, 3, dealer)? {
        return Ok(std::array::from_fn(|i| f64::from(u8::from(i == side))));
    }
    let bytes = three_hand_bytes().ok_or_else(|| missing("three-player", "three-hand"))?;
    let (w, _) = three_hand_at(bytes, std::array::from_fn(|j| scores[(dealer + j) % 3]));
    Ok(std::array::from_fn(|seat| w[(seat + 3 - dealer) % 3]))
}

/// Each partnership's chance to win (team 0 holds seats 0 and 2) from the
/// team scores and the seat about to deal, 0..=3.
pub fn partnership_chances(scores: &[u16], dealer: usize) -> Result<[f64; 2]> {
    if let Some(side) = check_board(scores, 4, dealer)? {
        return Ok(std::array::from_fn(|i| f64::from(u8::from(i == side))));
    }
    let arrays = partnership_arrays().ok_or_else(|| missing("partnership", "partnership"))?;
    let team = dealer % 2;
    let at = usize::from(scores[team]) * SCORES + usize::from(scores[1 - team]);
    let w = f64::from(arrays[at]);
    Ok(if team == 0 {
        [w, 1.0 - w]
    } else {
        [1.0 - w, w]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_has_its_knots() {
        assert_eq!(GRID, 61);
        assert_eq!(&KNOTS[..3], &[0, 3, 6]);
        assert_eq!(KNOTS[30], 90);
        assert_eq!(KNOTS[GRID - 1], 120);
        for (i, &k) in KNOTS.iter().enumerate() {
            assert_eq!(cell(k), (i, 0.0));
        }
        assert_eq!(cell(89), (29, 2.0 / 3.0));
    }

    #[test]
    fn a_table_encodes_and_reads_back() {
        // A table that is linear in the scores interpolates exactly.
        let n = SCORES.pow(3);
        let (mut win, mut se) = (vec![0.0; 3 * n], vec![0.0; 3 * n]);
        for b in 0..n {
            let (s0, s1) = ((b / (SCORES * SCORES)) as f64, (b / SCORES % SCORES) as f64);
            win[3 * b] = 0.2 + s0 / 1000.0;
            win[3 * b + 1] = 0.3 + s1 / 1000.0;
            win[3 * b + 2] = 1.0 - win[3 * b] - win[3 * b + 1];
            se[3 * b..3 * b + 3].copy_from_slice(&[0.001, 0.002, 0.5]);
        }
        let bytes = encode_three_hand(&win, &se).unwrap();
        assert_eq!(bytes.len(), THREE_HAND_LEN);
        let (w, e) = three_hand_at(&bytes, [50, 100, 7]);
        assert!((w[0] - 0.25).abs() < 2e-5 && (w[1] - 0.4).abs() < 2e-5);
        assert!((w[2] - 0.35).abs() < 4e-5);
        assert_eq!(e, 255.0 * STDERR_UNIT);
        assert!(encode_three_hand(&win[1..], &se).is_err());
    }

    #[test]
    fn the_shipped_tables_are_read_from_the_engine() {
        let arrays = partnership_arrays().expect("the partnership table is shipped");
        assert_eq!(arrays.len(), 2 * SCORES * SCORES);
        let at = 100 * SCORES + 110;
        assert_eq!(
            partnership_chances(&[100, 110], 2).unwrap()[0],
            f64::from(arrays[at])
        );
        assert_eq!(
            partnership_chances(&[110, 100], 3).unwrap()[1],
            f64::from(arrays[at])
        );
        assert!(PARTNERSHIP_META.contains("\"seed\": 2026"));
        let bytes = three_hand_bytes().expect("the three-player table is shipped");
        let canonical = three_hand_at(bytes, [90, 100, 110]).0;
        let seats = three_hand_chances(&[110, 90, 100], 1).unwrap();
        assert_eq!(seats, [canonical[2], canonical[0], canonical[1]]);
        assert!(THREE_HAND_META.contains("\"seed\": 2026"));
    }

    #[test]
    fn bad_boards_are_refused_and_won_games_are_decided() {
        assert!(three_hand_chances(&[0, 0], 0).is_err());
        assert!(three_hand_chances(&[0, 0, 150], 0).is_err());
        assert!(three_hand_chances(&[121, 0, 125], 0).is_err());
        assert!(three_hand_chances(&[0, 0, 0], 3).is_err());
        assert!(partnership_chances(&[0, 0, 0], 0).is_err());
        assert!(partnership_chances(&[0, 0], 4).is_err());
        assert_eq!(
            three_hand_chances(&[10, 121, 5], 2).unwrap(),
            [0.0, 1.0, 0.0]
        );
        assert_eq!(partnership_chances(&[130, 5], 3).unwrap(), [1.0, 0.0]);
    }
}
