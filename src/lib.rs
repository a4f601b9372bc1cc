//! cribbage_fast: an exact, fast cribbage engine.
//!
//! The pure Rust core owns every rule; `py` (behind the `python` feature) is a
//! thin PyO3 skin over it. Rules: `docs/rules.md`, ACC tournament
//! rules where it is silent.

pub mod board;
pub mod bots;
pub mod bulk;
pub mod card;
pub mod crib_table;
pub mod deal_analysis;
pub mod deal_tree;
pub mod deals;
pub mod discard;
pub mod discard_cache;
pub mod encode;
pub mod env;
pub mod error;
pub mod game;
pub mod hand;
pub mod master;
pub mod master_lays;
pub mod observe;
pub mod pegging_table;
pub mod play;
pub mod pool;
pub mod positions;
pub mod rng;
pub mod search;
pub mod selfplay;
pub mod shipped;
pub mod simulate;
pub mod vecenv;

#[cfg(feature = "python")]
mod py;

pub use card::Card;
pub use error::{Error, Result};
