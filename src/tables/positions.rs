//! The board-position table built into the engine: the chance that the dealer
//! wins from every two-player board position before a deal, under
//! Expert-vs-Expert play (docs/rules.md, "The show order and the end of the
//! game"). Built by [`crate::builders::positions`].
//!
//! The shipped table (`data/positions.bin`: four little-endian f32 arrays of
//! 121 x 121 in [`SHIPPED_ARRAYS`] order, each by `dealer * 121 + pone`, with
//! its build record in `data/positions_meta.json`) is read by
//! [`shipped_arrays`] and [`shipped_win`].

use std::sync::OnceLock;

use crate::rules::game::DEFAULT_TARGET;
use crate::tables::shipped::decode;

/// Scores 0..=120 on each side.
pub const SCORES: usize = DEFAULT_TARGET as usize;

static SHIPPED: &[u8] = include_bytes!("../data/positions.bin");

/// The shipped table's build record (JSON: engine version, method, seed,
/// deals, batches, seconds).
pub static SHIPPED_META: &str = include_str!("../data/positions_meta.json");

/// The arrays of the shipped table, in file order (the dealer's view).
pub const SHIPPED_ARRAYS: [&str; 4] = ["win", "points", "win_stderr", "points_stderr"];

/// The shipped table's arrays, concatenated in [`SHIPPED_ARRAYS`] order, if
/// it has the right size.
pub fn shipped_arrays() -> Option<&'static [f32]> {
    static ARRAYS: OnceLock<Option<Vec<f32>>> = OnceLock::new();
    let len = SHIPPED_ARRAYS.len() * SCORES * SCORES;
    ARRAYS
        .get_or_init(|| decode(SHIPPED, len, f32::from_le_bytes))
        .as_deref()
}

/// The shipped table's chance that the dealer wins from the board (dealer's
/// score, pone's score) before a deal; `None` for a score outside 0..=120.
pub fn shipped_win(dealer: u16, pone: u16) -> Option<f64> {
    let (d, p) = (usize::from(dealer), usize::from(pone));
    if d >= SCORES || p >= SCORES {
        return None;
    }
    Some(f64::from(shipped_arrays()?[d * SCORES + p]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_is_read_from_the_engine() {
        assert_eq!(
            shipped_arrays().map(<[f32]>::len),
            Some(4 * SCORES * SCORES)
        );
        // Values of the table as built (seed 2026, 79,013 deals), bit for bit.
        assert_eq!(
            shipped_win(0, 0),
            Some(f64::from(f32::from_bits(1_057_886_137)))
        );
        assert_eq!(
            shipped_win(100, 110),
            Some(f64::from(f32::from_bits(1_049_736_127)))
        );
        assert!(shipped_win(120, 0).is_some_and(|w| w > 0.99));
        assert_eq!(shipped_win(121, 0), None);
        assert_eq!(shipped_win(0, 121), None);
        let meta = SHIPPED_META;
        assert!(meta.contains("\"seed\": 2026") && meta.contains("\"deals\": 79013"));
    }
}
