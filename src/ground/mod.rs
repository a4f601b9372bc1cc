//! The ground: cards, the seeded generator, the one error type, the thread
//! pools and the flag that stops long work.
//! Imports nothing else of the crate.

pub mod cancel;
pub mod card;
pub mod card_text;
pub mod error;
pub mod pool;
pub mod rng;
