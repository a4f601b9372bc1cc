//! Table builders: what plays or enumerates many deals to build a table (the deal
//! trees and board positions, the three- and four-player board tables, the pegging sampler, the crib fixed point). Imports the
//! bots and below, never `learn`; only the skin, tests and benches import it.

pub mod board_deals;
pub mod boards_n;
pub mod crib_five;
pub mod crib_table;
pub mod deal_tree;
pub mod expert_ties;
pub mod pegging;
pub mod positions;
