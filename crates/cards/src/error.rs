//! Errors for card input: every one names the offending token and why it was refused.

use thiserror::Error;

/// Why some card input was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CardError {
    /// A token is not a card.
    #[error("`{token}` is not a card: {reason}")]
    Malformed {
        /// The token as given.
        token: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The same card appears twice.
    #[error("card {card} appears more than once")]
    Duplicate {
        /// The repeated card, in canonical form.
        card: String,
    },
    /// The number of cards is not one the operation accepts.
    #[error("expected {expected} cards, got {got}")]
    WrongCount {
        /// What was expected, e.g. "5 to 7".
        expected: &'static str,
        /// How many were given.
        got: usize,
    },
}
