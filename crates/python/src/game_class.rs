//! The Python `Game` class: one game of any of the three, dealt from a name, options and a
//! seed, played by actions and read by views, events, encodings and the result; the session it
//! drives (and the dealers that make it) are in `games`.

use crate::error::{game_error, value_error};
use crate::games::{dealer, outcome_dict, seed_arg, setup_dealer, viewer, Session, GAMES};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use tavolo_engine::encode::rewards;
use tavolo_engine::game::Viewer;

/// One game of Saint Poker, Texas Hold'em or Five-Card Draw.
///
/// `Game("holdem", players=6, seed=1)` deals a casino No-Limit hand (blinds 50/100, 100 big
/// blinds each, the button at seat 0); `structure="pot_limit"` or `"fixed_limit"` changes the
/// structure, `options={"big_blind": 20, "small_blind": 10, "ante": 0}` the table (any field of
/// the game's table options, the rest defaulting), `stacks=[…]` the stacks and `button` the
/// button. `Game("draw", players=4)` deals German Five-Card Draw (ante 10), `Game("saint",
/// players=4)` a game of Saint Poker (`options={"hand_rule": "any_five"}`). Seeds are integers or
/// 32 bytes: the same seed deals the same game.
#[pyclass(name = "Game", module = "tavolo")]
pub struct PyGame {
    pub inner: Box<dyn Session>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (game, players = None, *, stacks = None, button = 0, structure = None, options = None, seed = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        players: Option<usize>,
        stacks: Option<Vec<u64>>,
        button: usize,
        structure: Option<&str>,
        options: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let seed = seed.map(seed_arg).transpose()?.unwrap_or([0; 32]);
        let deal = dealer(py, game, players, stacks, button, structure, options)?;
        Ok(PyGame {
            inner: deal(0, seed).map_err(|e| game_error(py, &e, None, None))?,
        })
    }

    /// Deals a game from a full setup (the dict `setup` gives) and a seed.
    #[staticmethod]
    #[pyo3(signature = (game, setup, seed = None))]
    fn from_setup(
        py: Python<'_>,
        game: &str,
        setup: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let seed = seed.map(seed_arg).transpose()?.unwrap_or([0; 32]);
        let deal = setup_dealer(py, game, setup)?;
        Ok(PyGame {
            inner: deal(0, seed).map_err(|e| game_error(py, &e, None, None))?,
        })
    }

    /// `holdem`, `draw` or `saint`.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// The setup the game was dealt from (a dict; `Game.from_setup` takes it back).
    #[getter]
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.inner.setup(py)
    }

    /// The seats that must act now (several in Saint Poker's simultaneous phases; a Draw
    /// player may also fold out of turn). Empty once the game is over.
    fn to_act(&self) -> Vec<usize> {
        self.inner.to_act()
    }

    /// The legal actions of `seat`, the default (check when free, else fold; the least card)
    /// first. A bet or raise stands for the ends of its range: any amount between is legal.
    fn legal_actions<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        self.inner.legal(py, seat)
    }

    /// The legal actions of `seat` as the room tells a client (bet sizes as ranges, the hand
    /// each Saint Poker pair would make).
    fn choices<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        self.inner.choices(py, seat)
    }

    /// Raises `IllegalActionError` if `action` would be refused; the game is untouched.
    fn check(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.check(action)
    }

    /// Plays `action` (a dict such as `{"action": "call", "seat": 2}`) and returns the events
    /// it caused, uncensored. A refused action raises `IllegalActionError` (with `refusal`,
    /// `seat` and `legal`) and changes nothing.
    fn apply<'py>(&mut self, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.inner.apply(action)
    }

    /// What the house plays for `seat` when its time runs out.
    fn timeout_action<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        self.inner.timeout_action(py, seat)
    }

    /// What `seat` may see now (`None`: a spectator).
    #[pyo3(signature = (seat = None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<usize>) -> PyResult<Bound<'py, PyAny>> {
        self.check_seat(seat)?;
        self.inner.view(py, viewer(seat))
    }

    /// The events from index `since` on, as `seat` may see them (`seat=None` and
    /// `spectator=True`: as a spectator; `seat=None`, `spectator=False`: uncensored).
    #[pyo3(signature = (seat = None, since = 0, spectator = false))]
    fn events<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
        since: usize,
        spectator: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        self.check_seat(seat)?;
        let v = match (seat, spectator) {
            (Some(s), _) => Some(Viewer::Seat(s)),
            (None, true) => Some(Viewer::Spectator),
            (None, false) => None,
        };
        self.inner.events(py, v, since)
    }

    /// How many events the game has logged.
    #[getter]
    fn event_count(&self) -> usize {
        self.inner.event_count()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The result: chips moved or points (meaningful once over).
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        outcome_dict(py, &self.inner.outcome())
    }

    /// Each seat's reward (see `tavolo_engine::encode::rewards`): chips in table minimums, or a
    /// zero-sum share of a Saint Poker victory.
    fn rewards(&self) -> Vec<f32> {
        rewards(&self.inner.outcome())
    }

    /// The result as a client is shown it.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.inner.summary(py)
    }

    /// The game's record: `(format, text)` — a PHH hand history for Hold'em (`phh`), a JSON
    /// record for Draw (`draw-json`) and Saint Poker (`saint-json`).
    #[pyo3(signature = (names = None))]
    fn record(
        &self,
        py: Python<'_>,
        names: Option<Vec<String>>,
    ) -> PyResult<(&'static str, String)> {
        self.inner
            .record(names)
            .map_err(|e| game_error(py, &e, None, None))
    }

    /// The number of action indices (`action_mask`'s length).
    #[getter]
    fn action_count(&self) -> usize {
        self.inner.action_count()
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation_size()
    }

    /// The name of every action index.
    fn action_names(&self) -> Vec<String> {
        self.inner.action_names()
    }

    /// The legal action indices of `seat` as bytes (1 legal, 0 not), `action_count` long.
    fn action_mask<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyBytes>> {
        self.check_seat(Some(seat))?;
        let mut mask = vec![0u8; self.inner.action_count()];
        self.inner.mask_into(seat, &mut mask);
        Ok(PyBytes::new(py, &mask))
    }

    /// `seat`'s observation as little-endian float32 bytes (`numpy.frombuffer(…, "<f4")`),
    /// `observation_size` long; `None`: a spectator's.
    #[pyo3(signature = (seat = None))]
    fn observe<'py>(&self, py: Python<'py>, seat: Option<usize>) -> PyResult<Bound<'py, PyBytes>> {
        self.check_seat(seat)?;
        let mut obs = vec![0f32; self.inner.observation_size()];
        self.inner.observe_into(viewer(seat), &mut obs);
        Ok(f32_bytes(py, &obs))
    }

    /// The action an index stands for, for `seat` now (`None` when not legal).
    fn action_for<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        index: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.inner.action_of(py, seat, index)
    }

    /// Plays action index `index` for `seat`, then the decisions the encoding plays itself;
    /// returns the events it caused, uncensored.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
        index: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let from = self.inner.event_count();
        self.inner.step(seat, index).map_err(|e| e.into_py(py))?;
        self.inner.events(py, None, from)
    }

    /// Plays the decisions the encoding plays itself (a showdown's show, which `step` plays
    /// after every index) and returns the events they caused: call it after dealing when a
    /// game is driven by indices only.
    fn play_automatic<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let from = self.inner.event_count();
        self.inner
            .play_automatic()
            .map_err(|e| game_error(py, &e, None, None))?;
        self.inner.events(py, None, from)
    }

    /// A copy of the game, which plays on independently.
    fn copy(&self) -> PyGame {
        PyGame {
            inner: self.inner.boxed_clone(),
        }
    }

    fn __copy__(&self) -> PyGame {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.copy()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}, over={})",
            self.inner.name(),
            self.inner.players(),
            self.inner.is_over()
        )
    }
}

impl PyGame {
    fn check_seat(&self, seat: Option<usize>) -> PyResult<()> {
        match seat {
            Some(s) if s >= self.inner.players() => Err(value_error(format!(
                "seat {s} is not in this game of {} seats",
                self.inner.players()
            ))),
            _ => Ok(()),
        }
    }
}

/// Floats as Python bytes, little-endian float32 (`numpy.frombuffer(b, "<f4")`).
pub fn f32_bytes<'py>(py: Python<'py>, v: &[f32]) -> Bound<'py, PyBytes> {
    // Writing into a fresh bytes object cannot fail; were it to, the caller gets empty bytes.
    PyBytes::new_with(py, v.len() * 4, |b| {
        for (chunk, x) in b.chunks_exact_mut(4).zip(v) {
            chunk.copy_from_slice(&x.to_le_bytes());
        }
        Ok(())
    })
    .unwrap_or_else(|_| PyBytes::new(py, &[]))
}

/// Registers `Game`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add("GAMES", GAMES.to_vec())?;
    Ok(())
}
