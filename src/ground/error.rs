//! One error type for the whole core, with messages written for people.

use std::fmt;

/// Everything the core can reject. The Python bindings map `IllegalMove` to
/// `cribbage_fast.IllegalMove`, `Misdeal` to `cribbage_fast.Misdeal` and every
/// other variant to their base `cribbage_fast.CribbageError` (a `ValueError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Card text that is not a rank followed by a suit.
    UnknownCard(String),
    /// A card index outside 0..=51.
    BadIndex(i64),
    /// The same card (its text) twice where every card must be distinct.
    DuplicateCard(String),
    /// A group of cards of the wrong size, e.g. a 3-card hand.
    WrongCount {
        what: &'static str,
        expected: &'static str,
        got: usize,
    },
    /// A move the rules do not allow; the state it was tried on is unchanged.
    IllegalMove(String),
    /// A supplied deal with the wrong cards; the same dealer deals again.
    Misdeal(String),
    /// A bad row in bulk input (0-based row number).
    BadRow { row: usize, reason: String },
    /// Any other argument the rules cannot accept.
    Invalid(String),
    /// Long work stopped early because its caller asked
    /// ([`crate::ground::cancel`]).
    Cancelled,
}

pub type Result<T> = std::result::Result<T, Error>;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownCard(text) => write!(
                f,
                "unknown card {text:?}: expected a rank (A, 2-10, T, J, Q, K) then a suit \
                 (C, D, H, S or \u{2663} \u{2666} \u{2665} \u{2660}), e.g. '5H' or '10S'"
            ),
            Error::BadIndex(i) => write!(f, "card index {i} is outside 0..51"),
            Error::DuplicateCard(card) => write!(f, "card {card} appears more than once"),
            Error::WrongCount {
                what,
                expected,
                got,
            } => write!(f, "{what} must have {expected} cards, got {got}"),
            Error::IllegalMove(reason) => write!(f, "illegal move: {reason}"),
            Error::Misdeal(reason) => write!(f, "misdeal: {reason}"),
            Error::BadRow { row, reason } => write!(f, "row {row}: {reason}"),
            Error::Invalid(reason) => f.write_str(reason),
            Error::Cancelled => f.write_str("cancelled before it finished"),
        }
    }
}

impl std::error::Error for Error {}
