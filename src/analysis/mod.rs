//! Analysis of hands and deals: exact discard analysis, bulk scoring and canonical
//! six-card deals. Imports the rules and the ground.

pub mod bulk;
pub mod deal_analysis;
pub mod deals;
pub mod discard;
