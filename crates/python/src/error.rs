//! The Python exceptions and how the engine's errors become them, with their facts attached.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use tavolo_engine::game::{GameError, Refusal};

create_exception!(
    _tavolo,
    TavoloError,
    PyException,
    "Every error Tavolo raises derives from this."
);
create_exception!(
    _tavolo,
    CardError,
    TavoloError,
    "Malformed or impossible cards (a bad name, a duplicate, a wrong count)."
);
create_exception!(
    _tavolo,
    IllegalActionError,
    TavoloError,
    "The game refused an action; it is unchanged. Attributes: `refusal` (`no_such_seat`, \
     `not_your_turn`, `illegal` or `over`), `seat`, and `legal` (that seat's legal actions)."
);
create_exception!(
    _tavolo,
    SetupError,
    TavoloError,
    "A game cannot be dealt from these options or this setup."
);
create_exception!(
    _tavolo,
    FormatError,
    TavoloError,
    "A value is not in the form expected: an action, a setup or options that do not read, or a \
     malformed hand history."
);

/// Registers the exceptions; `CardError` and `FormatError` are also `ValueError`s in spirit, but
/// keep one base so that `except tavolo.TavoloError` catches everything Tavolo raises.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TavoloError", py.get_type::<TavoloError>())?;
    m.add("CardError", py.get_type::<CardError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("FormatError", py.get_type::<FormatError>())?;
    Ok(())
}

/// The name a refusal has in Python.
pub fn refusal_name(r: Refusal) -> &'static str {
    match r {
        Refusal::NoSuchSeat => "no_such_seat",
        Refusal::NotYourTurn => "not_your_turn",
        Refusal::Illegal => "illegal",
        Refusal::Over => "over",
    }
}

/// A game's refusal of an action as `IllegalActionError` carrying its facts (or `SetupError`
/// for a setup the engine refused).
pub fn game_error(
    py: Python<'_>,
    e: &GameError,
    seat: Option<usize>,
    legal: Option<Bound<'_, PyAny>>,
) -> PyErr {
    let setup = matches!(
        e,
        GameError::HoldemSetup(_) | GameError::DrawSetup(_) | GameError::SaintOptions(_)
    );
    if setup {
        return SetupError::new_err(e.to_string());
    }
    let err = IllegalActionError::new_err(e.to_string());
    let value = err.value(py);
    // Attaching attributes to a fresh exception cannot fail in practice; if it did, the
    // exception still carries its message.
    let _ = value.setattr("refusal", refusal_name(e.refusal()));
    let _ = value.setattr("seat", seat);
    let _ = value.setattr("legal", legal);
    err
}

/// A value that did not read as the type expected.
pub fn format_error(what: &str, e: impl std::fmt::Display) -> PyErr {
    FormatError::new_err(format!("{what}: {e}"))
}

/// A card or hand the caller gave that is not valid, raised as Python's `CardError`.
pub fn card_error(e: impl std::fmt::Display) -> PyErr {
    CardError::new_err(e.to_string())
}

/// A Python `ValueError` for an argument outside its range.
pub fn value_error(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}
