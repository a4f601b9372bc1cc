//! Game analysis (docs/analysis.md): what every decision of a game of two,
//! three or four players cost in winning chances, and how much of the result
//! was luck.
//!
//! A layer above the bots: it plays deals out with them ([`evaluate`]) and
//! reads the shipped position table; nothing below imports it.
//!
//! **Equity.** The evaluator values every action of the seat to move from that
//! seat's information only ([`evaluate::evaluate`]). A game is walked move by
//! move ([`ledger`]); each seat's equity is valued at its own points only:
//!
//! - before the first deal: 1/2 (0 game points) when the first dealer was cut
//!   for, else the position table's value;
//! - at the start of every deal: the position table, exactly;
//! - at each of its unforced decisions: the best action's equity (before) and
//!   the played action's (after), both from its own view;
//! - just after the starter is cut: its best action's equity if it is to move,
//!   else the policy's continuation from its view;
//! - at the end of the game: the result (1 or 0, or the game points won or lost).
//!
//! Between two of a seat's points, the change in its equity is split: the
//! errors the opponent made meanwhile (each valued from the opponent's own
//! view, as the opponent's loss) are the seat's *opponent's errors*; the rest
//! is the seat's *luck* (the deal, the cut, the show, and what the opponent's
//! lays and goes reveal). Its own decisions' losses are its *skill* (negative).
//! So, exactly, for each seat: start + skill + luck + opponent's errors = result.
//!
//! **Three or four players.** The same walk is made per *side*: a seat with
//! three players, a partnership with four (judged for the partnership: each
//! partner's decisions are valued from its own view, their losses are the
//! partnership's skill, the partner's errors included). The start is the
//! board table's value at the first deal, or the fair share (1/3, 1/2) when
//! the first dealer was cut for; a deal's start is the board table's value
//! ([`crate::tables::boards_n`]). Another side's error is credited to each
//! side by what it gives that side ([`book`]). Only the chance to win is
//! measured. The identity holds for every side.

mod book;
pub mod evaluate;
pub mod ledger;
mod position;
mod seed;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

use crate::bots::BotKind;
use crate::ground::error::{Error, Result};

pub use evaluate::{ActionValue, Task};
pub use ledger::{Decision, GameReview, Plan, Step, StepKind};
pub use position::position_task;
pub use seed::position_seed;

/// What the equity measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The chance to win.
    Win,
    /// The expected game points won (1, 2 or 3 with skunks) less those lost.
    Points,
}

impl Objective {
    /// Parses "win" or "points".
    pub fn from_name(name: &str) -> Result<Objective> {
        match name {
            "win" => Ok(Objective::Win),
            "points" => Ok(Objective::Points),
            other => Err(Error::Invalid(format!(
                "objective must be \"win\" or \"points\", got {other:?}"
            ))),
        }
    }
}

/// The default target standard error (win probability) of a difference.
pub const DEFAULT_PRECISION: f64 = 0.005;

/// The default largest number of samples per evaluation: enough for the
/// default precision on any decision (a sampled difference of two chances to
/// win lies in [-1, 1], so its variance is at most 1 and over 40,000 samples
/// bring its standard error within 0.005).
pub const DEFAULT_BUDGET: u32 = 40_960;

/// The largest budget accepted (a long evaluation would look like a hang).
pub const MAX_BUDGET: u32 = 100_000;

/// How evaluations are made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub objective: Objective,
    /// The policy that plays the rest of each sampled deal.
    pub policy: BotKind,
    /// Sampling stops once the standard errors reach this (see
    /// [`evaluate::evaluate`]).
    pub precision: f64,
    /// Samples per evaluation at most (rounded up to whole batches).
    pub budget: u32,
    /// Samples between looks at the stopping rule; 0: automatic (a block of
    /// every possible starter before the cut, [`evaluate::PLAY_BATCH`] after).
    pub batch: u32,
    /// Draw the opponent's hidden cards from the robust mixture of discard
    /// models (off: as the Expert would have kept them, the model before it).
    pub robust: bool,
}

impl Settings {
    /// Checked settings.
    pub fn new(
        objective: Objective,
        policy: BotKind,
        precision: f64,
        budget: u32,
    ) -> Result<Settings> {
        if !(precision.is_finite() && precision > 0.0) {
            return Err(Error::Invalid(format!(
                "precision must be a positive standard error, got {precision}"
            )));
        }
        if !(1..=MAX_BUDGET).contains(&budget) {
            return Err(Error::Invalid(format!(
                "budget must be at least 1 and at most {MAX_BUDGET} samples, got {budget}"
            )));
        }
        if !matches!(policy, BotKind::Expert | BotKind::Master) {
            return Err(Error::Invalid(format!(
                "the policy must be \"expert\" or \"master\", got {:?}",
                policy.name()
            )));
        }
        Ok(Settings {
            objective,
            policy,
            precision,
            budget,
            batch: 0,
            robust: true,
        })
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            objective: Objective::Win,
            policy: BotKind::Expert,
            precision: DEFAULT_PRECISION,
            budget: DEFAULT_BUDGET,
            batch: 0,
            robust: true,
        }
    }
}
