//! Readers of the tables built into the engine (`src/data`): the Expert's discards,
//! the pegging table and the board-position table. Their builders live in `builders`.

pub mod crib_five;
pub mod discards;
pub mod pegging;
pub mod positions;
pub mod shipped;
