//! The ties table of the Expert's discards (`data/expert_ties.bin`, read by
//! [`crate::tables::discards`]): for each canonical deal whose best discard
//! ties another, the split the exact analysis of the canonical deal itself
//! ranks first. A model of another player may take any of the tied best
//! discards; this one is the same for every suit relabelling of the deal, so
//! it is a lookup instead of an analysis per sampled deal.

use rayon::prelude::*;

use crate::analysis::deal_analysis::{deal_cards, split_of, TIED};
use crate::analysis::deals::canonical_deals;
use crate::analysis::discard::best_discard;
use crate::ground::error::Result;
use crate::tables::discards::{encode_ties, table_split};

/// The ties table: every canonical deal the shipped table marks tied for
/// either role, with the split its canonical analysis ranks first for each
/// role ([`TIED`] for a role the table answers itself).
pub fn build_ties() -> Result<Vec<u8>> {
    let deals = canonical_deals();
    let tied: Vec<usize> = (0..deals.len())
        .filter(|&i| {
            [false, true]
                .iter()
                .any(|&d| table_split(i, d) == Some(TIED))
        })
        .collect();
    let rows = tied
        .par_iter()
        .map(|&i| {
            let cards = deal_cards(deals.masks[i]);
            let mut splits = [TIED; 2];
            for (slot, dealer) in splits.iter_mut().zip([false, true]) {
                if table_split(i, dealer) == Some(TIED) {
                    let best = best_discard(&cards, dealer)?;
                    *slot = split_of(&cards, best.discard()).map_or(TIED, |k| k as u8);
                }
            }
            Ok((i as u32, splits[0] | splits[1] << 4))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(encode_ties(&rows))
}
