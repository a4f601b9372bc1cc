//! Learning environments: observations and actions as numbers, the one-seat env,
//! its batched form and self-play batches. Imports the bots and below, never `builders`.

pub mod encode;
pub mod env;
pub mod selfplay;
pub mod vecenv;
