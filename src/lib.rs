//! cribbage_fast: an exact, fast cribbage engine.
//!
//! The pure Rust core owns every rule; `py` (behind the `python` feature) is a
//! thin PyO3 skin over it. Rules: `RULES.md` of the project, ACC tournament
//! rules where it is silent.

pub mod bots;
pub mod bulk;
pub mod card;
pub mod discard;
pub mod encode;
pub mod env;
pub mod error;
pub mod game;
pub mod hand;
pub mod master;
pub mod play;
pub mod rng;
pub mod search;
pub mod simulate;
pub mod vecenv;

#[cfg(feature = "python")]
mod py;

pub use card::Card;
pub use error::{Error, Result};
