//! # tavolo (Python)
//!
//! The Python extension module `tavolo._tavolo`: Tavolo's evaluator and equity, the three games
//! through the engine's one game interface ([`tavolo_engine::game::Game`]), PHH hand histories,
//! discrete encodings of actions and observations for learning agents, a batched stepper that
//! plays many games per call without the GIL, and games against Tavolo's bots.
//!
//! Everything crosses into Python as plain values: an action, an event, a view or a setup is the
//! dict its serde form gives (the same JSON the room's protocol and the game records use), so
//! there is no second description of any game here. The Python package around it
//! (`python/tavolo`) adds the PettingZoo and Gymnasium environments.
#![deny(missing_docs)]

mod batch;
mod cards;
mod error;
mod game_class;
mod games;
mod phh;
mod pyser;
mod versus;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _tavolo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    error::register(m)?;
    cards::register(m)?;
    game_class::register(m)?;
    batch::register(m)?;
    phh::register(m)?;
    versus::register(m)?;
    Ok(())
}
