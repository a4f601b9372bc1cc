//! The rules (docs/rules.md): the show, the play, whole games and what a seat may know.
//! Imports only the ground.

pub mod game;
pub mod observe;
pub mod play;
pub mod position;
pub mod show;
