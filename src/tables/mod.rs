//! Readers of the tables built into the engine (`src/data`): the Expert's discards,
//! the pegging table, the board-position table and the board tables of three
//! and four players. Their builders live in `builders`.

pub mod boards_n;
pub mod crib_five;
pub mod discards;
pub mod pegging;
pub mod positions;
pub mod shipped;
