//! PHH hand histories in Python: read what PokerKit writes (`.phh`, `.phhs`; NT and FT, and
//! Tavolo's PT), replay a history into a `Game`, and write a Hold'em game as PHH
//! (`Game.record()` gives it) for PokerKit to read.

use pyo3::prelude::*;
use tavolo_engine::game::Played;
use tavolo_engine::holdem::phh::{parse_phh, parse_phhs, PhhHand};
use tavolo_engine::holdem::Hand;

use crate::error::format_error;
use crate::game_class::PyGame;
use crate::games::to_py;

/// One PHH hand history.
#[pyclass(name = "HandHistory", module = "tavolo", frozen)]
pub struct PyHandHistory(PhhHand);

#[pymethods]
impl PyHandHistory {
    /// `NT` (No-Limit), `FT` (Fixed-Limit) or `PT` (Pot-Limit, Tavolo's extension).
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant.code()
    }

    /// Starting stacks, in the file's units.
    #[getter]
    fn starting_stacks(&self) -> Vec<u64> {
        crate::games::counts(&self.0.starting_stacks)
    }

    /// Finishing stacks as the file gives them, if it does.
    #[getter]
    fn finishing_stacks(&self) -> Option<Vec<u64>> {
        self.0.finishing_stacks.as_deref().map(crate::games::counts)
    }

    /// The actions as written (`d dh p1 AsKd`, `p2 cbr 300`, …).
    #[getter]
    fn actions(&self) -> Vec<String> {
        self.0.actions.clone()
    }

    /// The players' names, if given.
    #[getter]
    fn players(&self) -> Option<Vec<String>> {
        self.0.players.clone()
    }

    /// The Tavolo setup the history stands for (player `pN` is seat `N-1`, the button the last
    /// seat): `Game.from_setup("holdem", setup)` deals such a hand.
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let setup = self
            .0
            .setup()
            .map_err(|e| format_error("hand history", e))?;
        to_py(py, &setup)
    }

    /// Replays every action: the `Game` as the history leaves it (over, for a complete
    /// history; its stacks are the finishing stacks).
    fn replay(&self) -> PyResult<PyGame> {
        let setup = self
            .0
            .setup()
            .map_err(|e| format_error("hand history", e))?;
        let replay = self
            .0
            .replay()
            .map_err(|e| format_error("hand history", e))?;
        Ok(PyGame {
            inner: Box::new(Played::<Hand> {
                setup,
                game: replay.hand,
                log: replay.events,
            }),
        })
    }

    /// Whether the history reaches the end of the hand.
    fn is_complete(&self) -> PyResult<bool> {
        Ok(self
            .0
            .replay()
            .map_err(|e| format_error("hand history", e))?
            .complete)
    }

    /// The history as PHH text.
    fn to_phh(&self) -> String {
        self.0.to_phh()
    }

    fn __repr__(&self) -> String {
        format!(
            "HandHistory({}, {} players, {} actions)",
            self.0.variant.code(),
            self.0.starting_stacks.len(),
            self.0.actions.len()
        )
    }
}

/// Reads one hand history (a `.phh` file's text).
#[pyfunction]
fn phh_load(text: &str) -> PyResult<PyHandHistory> {
    parse_phh(text)
        .map(PyHandHistory)
        .map_err(|e| format_error("hand history", e))
}

/// Reads every hand of a `.phhs` file's text; a hand that does not read raises `FormatError`
/// naming its index.
#[pyfunction]
fn phhs_load(text: &str) -> PyResult<Vec<PyHandHistory>> {
    let hands = parse_phhs(text).map_err(|e| format_error("hand histories", e))?;
    hands
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            h.map(PyHandHistory)
                .map_err(|e| format_error(&format!("hand {i}"), e))
        })
        .collect()
}

/// Registers the PHH functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHandHistory>()?;
    m.add_function(wrap_pyfunction!(phh_load, m)?)?;
    m.add_function(wrap_pyfunction!(phhs_load, m)?)?;
    Ok(())
}
