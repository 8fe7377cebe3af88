//! The three games in Python through the engine's one game interface: the class `Game`, made
//! from a game's name and its options (or a full setup) and a seed, with `legal_actions`,
//! `apply`, per-seat `view`s, censored `events`, `outcome` and `record`, plus the discrete
//! encoding ([`tavolo_engine::encode`]) for agents: `action_mask`, `observe`, `step`.
//!
//! One generic implementation ([`Session`]) serves every game; Python sees actions, events,
//! views and setups as the dicts of their serde form — the same words the room's protocol and
//! the records use.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tavolo_cards::GameRng;
use tavolo_engine::betting::Structure;
use tavolo_engine::draw::{DrawHand, DrawTable};
use tavolo_engine::encode::Encoded;
use tavolo_engine::game::{seed_from_u64, Game, GameError, Outcome, Played, Positions, Viewer};
use tavolo_engine::holdem::{Hand, HoldemRules, HoldemTable};
use tavolo_engine::saint::{SaintGame, SaintOptions};
use tavolo_engine::Chips;

use crate::error::{format_error, game_error, value_error};

/// A Python value as a serde type.
pub fn from_py<T: DeserializeOwned>(what: &str, obj: &Bound<'_, PyAny>) -> PyResult<T> {
    let value = crate::pyser::to_json(obj).map_err(|e| format_error(what, e))?;
    serde_json::from_value(value).map_err(|e| format_error(what, e))
}

/// A serde value as a Python value.
pub fn to_py<'py, T: Serialize + ?Sized>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
    crate::pyser::to_object(py, v).map_err(|e| format_error("value", e))
}

/// A seed from Python: an integer (its bytes little-endian, as `tavolo` everywhere) or 32
/// bytes.
pub fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<[u8; 32]> {
    if let Ok(n) = seed.extract::<u64>() {
        return Ok(seed_from_u64(n));
    }
    let bytes: Vec<u8> = seed
        .extract()
        .map_err(|_| value_error("a seed is an integer from 0 to 2**64 - 1 or 32 bytes"))?;
    bytes
        .try_into()
        .map_err(|b: Vec<u8>| value_error(format!("a seed of bytes is 32 long, not {}", b.len())))
}

/// The outcome as a dict: `{"kind": "chips", "start", "end", "net", "carried_in",
/// "carried_out", "unit"}` or `{"kind": "points", "scores", "winners"}`.
pub fn outcome_dict<'py>(py: Python<'py>, o: &Outcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match o {
        Outcome::Chips {
            start,
            end,
            carried_in,
            carried_out,
            unit,
        } => {
            d.set_item("kind", "chips")?;
            d.set_item("start", counts(start))?;
            d.set_item("end", counts(end))?;
            d.set_item("carried_in", carried_in.get())?;
            d.set_item("carried_out", carried_out.get())?;
            d.set_item("unit", unit.get())?;
        }
        Outcome::Points { scores, winners } => {
            d.set_item("kind", "points")?;
            d.set_item("scores", scores)?;
            d.set_item("winners", winners)?;
        }
    }
    d.set_item("net", o.net())?;
    Ok(d)
}

/// A game in play, whichever game it is.
pub trait Session: Send + Sync {
    fn name(&self) -> &'static str;
    fn players(&self) -> usize;
    fn boxed_clone(&self) -> Box<dyn Session>;
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
    fn to_act(&self) -> Vec<usize>;
    /// The first seat to act, if any (no allocation).
    fn first_to_act(&self) -> Option<usize>;
    fn legal<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>>;
    fn choices<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>>;
    fn check(&self, action: &Bound<'_, PyAny>) -> PyResult<()>;
    fn apply<'py>(&mut self, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>>;
    fn timeout_action<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>>;
    fn view<'py>(&self, py: Python<'py>, viewer: Viewer) -> PyResult<Bound<'py, PyAny>>;
    fn events<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<Viewer>,
        since: usize,
    ) -> PyResult<Bound<'py, PyList>>;
    fn event_count(&self) -> usize;
    fn is_over(&self) -> bool;
    fn outcome(&self) -> Outcome;
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
    fn record(&self, names: Option<Vec<String>>) -> Result<(&'static str, String), GameError>;
    fn action_count(&self) -> usize;
    fn observation_size(&self) -> usize;
    fn action_names(&self) -> Vec<String>;
    fn mask_into(&self, seat: usize, mask: &mut [u8]);
    fn legal_indices(&self, seat: usize, out: &mut Vec<usize>);
    fn observe_into(&self, viewer: Viewer, out: &mut [f32]);
    /// Plays index `id` for `seat`, then any automatic decisions; the number of events added.
    fn step(&mut self, seat: usize, id: usize) -> Result<usize, StepError>;
    /// Plays a legal action of `seat` drawn uniformly over its indices, then any automatic
    /// decisions.
    fn step_random(&mut self, seat: usize, rng: &mut GameRng) -> Result<usize, StepError>;
    fn action_of<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        id: usize,
    ) -> PyResult<Bound<'py, PyAny>>;
    fn play_automatic(&mut self) -> Result<usize, GameError>;
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any>;
}

/// Why an index could not be played.
#[derive(Debug)]
pub enum StepError {
    /// The index stands for no legal action of this seat now.
    NotLegal { seat: usize, id: usize },
    /// The seat has no legal action now.
    NoneLegal { seat: usize },
    /// The engine refused (cannot happen for a legal index; kept for honesty).
    Game(GameError),
}

impl StepError {
    pub fn into_py(self, py: Python<'_>) -> PyErr {
        match self {
            StepError::NotLegal { seat, id } => {
                let e = crate::error::IllegalActionError::new_err(format!(
                    "action index {id} is not legal for seat {seat} now (see action_mask)"
                ));
                let _ = e.value(py).setattr("refusal", "illegal");
                let _ = e.value(py).setattr("seat", seat);
                e
            }
            StepError::NoneLegal { seat } => crate::error::IllegalActionError::new_err(format!(
                "seat {seat} has nothing to do now"
            )),
            StepError::Game(g) => game_error(py, &g, None, None),
        }
    }
}

impl<G> Session for Played<G>
where
    G: Encoded + Sync,
    G::Setup: Serialize,
    G::Event: Sync,
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        G::players(&self.setup)
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }

    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.setup)
    }

    fn to_act(&self) -> Vec<usize> {
        self.game.to_act().iter().collect()
    }

    fn first_to_act(&self) -> Option<usize> {
        self.game.to_act().iter().next()
    }

    fn legal<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.legal(seat))
    }

    fn choices<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.choices(seat))
    }

    fn check(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = action.py();
        let a: G::Action = from_py("action", action)?;
        self.game.check(&a).map_err(|e| self.refusal(py, &e, &a))
    }

    fn apply<'py>(&mut self, action: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = action.py();
        let a: G::Action = from_py("action", action)?;
        let from = self.log.len();
        if let Err(e) = Played::apply(self, a) {
            return Err(self.refusal(py, &e, &a));
        }
        to_py(py, &self.log[from..])
    }

    fn timeout_action<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.timeout_action(seat))
    }

    fn view<'py>(&self, py: Python<'py>, viewer: Viewer) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.view(viewer))
    }

    fn events<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<Viewer>,
        since: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for e in self.log.iter().skip(since) {
            match viewer {
                None => list.append(to_py(py, e)?)?,
                Some(v) => {
                    if let Some(seen) = G::censor(e, v) {
                        list.append(to_py(py, &seen)?)?;
                    }
                }
            }
        }
        Ok(list)
    }

    fn event_count(&self) -> usize {
        self.log.len()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn outcome(&self) -> Outcome {
        Played::outcome(self)
    }

    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &Played::summary(self))
    }

    fn record(&self, names: Option<Vec<String>>) -> Result<(&'static str, String), GameError> {
        let r = Played::record(self, names.as_deref())?;
        Ok((r.format, r.text))
    }

    fn action_count(&self) -> usize {
        G::action_count(&self.setup)
    }

    fn observation_size(&self) -> usize {
        G::observation_size(&self.setup)
    }

    fn action_names(&self) -> Vec<String> {
        G::action_names(&self.setup)
    }

    fn mask_into(&self, seat: usize, mask: &mut [u8]) {
        mask.fill(0);
        self.game.mask(seat, mask);
    }

    fn legal_indices(&self, seat: usize, out: &mut Vec<usize>) {
        out.clear();
        self.game.legal_indices(seat, out);
    }

    fn observe_into(&self, viewer: Viewer, out: &mut [f32]) {
        out.fill(0.0);
        G::observe(&self.game.view(viewer), out);
    }

    fn step(&mut self, seat: usize, id: usize) -> Result<usize, StepError> {
        let from = self.log.len();
        let action = self
            .game
            .action(seat, id)
            .ok_or(StepError::NotLegal { seat, id })?;
        Played::apply(self, action).map_err(StepError::Game)?;
        self.play_automatic().map_err(StepError::Game)?;
        Ok(self.log.len() - from)
    }

    fn step_random(&mut self, seat: usize, rng: &mut GameRng) -> Result<usize, StepError> {
        let from = self.log.len();
        let action = self
            .game
            .random_action(seat, rng)
            .ok_or(StepError::NoneLegal { seat })?;
        Played::apply(self, action).map_err(StepError::Game)?;
        self.play_automatic().map_err(StepError::Game)?;
        Ok(self.log.len() - from)
    }

    fn action_of<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        id: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.game.action(seat, id))
    }

    fn play_automatic(&mut self) -> Result<usize, GameError> {
        let from = self.log.len();
        while let Some(a) = self.game.automatic() {
            Played::apply(self, a)?;
        }
        Ok(self.log.len() - from)
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

trait Refuse<G: Game> {
    fn refusal(&self, py: Python<'_>, e: &GameError, a: &G::Action) -> PyErr;
}

impl<G: Game> Refuse<G> for Played<G> {
    /// The refusal with the acting seat's legal actions attached.
    fn refusal(&self, py: Python<'_>, e: &GameError, a: &G::Action) -> PyErr {
        let seat = G::seat_of(a);
        let legal = seat.and_then(|s| to_py(py, &self.game.legal(s)).ok());
        game_error(py, e, seat, legal)
    }
}

/// Overlays the keys of a Python dict on a serde value's JSON form (recursively), so that
/// options name only what differs from the defaults.
fn overlay(base: &mut serde_json::Value, over: serde_json::Value) {
    match (base, over) {
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(slot) => overlay(slot, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

/// Options: the defaults with the caller's keys over them.
fn options<T: Serialize + DeserializeOwned>(
    defaults: T,
    over: Option<&Bound<'_, PyAny>>,
) -> PyResult<T> {
    let Some(over) = over else {
        return Ok(defaults);
    };
    let mut value = serde_json::to_value(&defaults).map_err(|e| format_error("options", e))?;
    let over: serde_json::Value = from_py("options", over)?;
    overlay(&mut value, over);
    serde_json::from_value(value).map_err(|e| format_error("options", e))
}

/// Deals the `k`-th game of a series from a seed: a table's options at positions that rotate
/// (the button moves one seat each game), or one fixed setup.
pub type Dealer = Arc<dyn Fn(u64, [u8; 32]) -> Result<Box<dyn Session>, GameError> + Send + Sync>;

/// Deals a played game.
fn played<G>(setup: G::Setup, seed: [u8; 32]) -> Result<Box<dyn Session>, GameError>
where
    G: Encoded + Sync,
    G::Event: Sync,
{
    Ok(Box::new(Played::<G>::deal(setup, seed)?))
}

/// Counts of chips as Python sees them: plain integers.
pub(crate) fn counts(c: &[Chips]) -> Vec<u64> {
    c.iter().map(|c| c.get()).collect()
}

/// Stacks given from Python (plain integers) as counts of chips.
fn chip_stacks(stacks: Option<Vec<u64>>) -> Option<Vec<Chips>> {
    stacks.map(|s| s.into_iter().map(Chips::new).collect())
}

/// A dealer of games of `G` with `options`, `stacks` and the first game's `button`. The
/// options are checked by dealing the first setup.
fn rotating<G>(options: G::Options, stacks: Vec<Chips>, button: usize) -> Result<Dealer, GameError>
where
    G: Encoded + Sync,
    G::Event: Sync,
{
    let n = stacks.len().max(1);
    G::setup(
        &options,
        &Positions::new(stacks.clone(), button, Chips::ZERO),
    )?;
    Ok(Arc::new(move |k, seed| {
        let at = Positions::new(
            stacks.clone(),
            (button + (k % n as u64) as usize) % n,
            Chips::ZERO,
        );
        played::<G>(G::setup(&options, &at)?, seed)
    }))
}

/// A dealer of games of `G` from one setup.
fn fixed<G>(setup: G::Setup) -> Dealer
where
    G: Encoded + Sync,
    G::Event: Sync,
{
    Arc::new(move |_, seed| played::<G>(setup.clone(), seed))
}

/// The games by name.
pub const GAMES: [&str; 3] = [Hand::NAME, DrawHand::NAME, SaintGame::NAME];

fn unknown_game(other: &str) -> PyErr {
    value_error(format!("unknown game `{other}` ({})", GAMES.join(", ")))
}

/// The stacks given, or `players` stacks of 100 `unit`s (big blinds, or antes in Draw).
fn stacks_or_hundred(
    stacks: Option<Vec<Chips>>,
    unit: Chips,
    players: usize,
) -> PyResult<Vec<Chips>> {
    match stacks {
        Some(s) => Ok(s),
        None => {
            let stack = unit.try_mul(100).map_err(|e| value_error(e.to_string()))?;
            Ok(vec![stack; players])
        }
    }
}

/// A dealer for a game from its name, options, stacks and button (see [`crate::game_class::PyGame::new`]).
pub fn dealer(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    stacks: Option<Vec<u64>>,
    button: usize,
    structure: Option<&str>,
    opts: Option<&Bound<'_, PyAny>>,
) -> PyResult<Dealer> {
    let stacks = chip_stacks(stacks);
    let players = match (&stacks, players) {
        (Some(s), Some(p)) if s.len() != p => {
            return Err(value_error(format!("{p} players but {} stacks", s.len())))
        }
        (Some(s), _) => s.len(),
        (None, p) => p.unwrap_or(2),
    };
    let setup_error = |e: GameError| game_error(py, &e, None, None);
    match game {
        "holdem" => {
            let structure = match structure {
                Some(s) => crate::cards::named::<Structure>("structure", s)?,
                None => Structure::NoLimit,
            };
            let table: HoldemTable = options(
                HoldemTable::casino(Chips::new(100), HoldemRules::casino(structure)),
                opts,
            )?;
            let stacks = stacks_or_hundred(stacks, table.big_blind, players)?;
            rotating::<Hand>(table, stacks, button).map_err(setup_error)
        }
        "draw" => {
            if structure.is_some() {
                return Err(value_error("Five-Card Draw has one structure"));
            }
            let table: DrawTable = options(DrawTable::german(Chips::new(10)), opts)?;
            let stacks = stacks_or_hundred(stacks, table.ante, players)?;
            rotating::<DrawHand>(table, stacks, button).map_err(setup_error)
        }
        "saint" => {
            if structure.is_some() || stacks.is_some() {
                return Err(value_error(
                    "Saint Poker is played for points: no stacks, no structure",
                ));
            }
            let n = u8::try_from(players).map_err(|_| value_error("2 to 5 players"))?;
            let o: SaintOptions = options(SaintOptions::new(n), opts)?;
            rotating::<SaintGame>(o, vec![Chips::ZERO; players], 0).map_err(setup_error)
        }
        other => Err(unknown_game(other)),
    }
}

/// A dealer of games of `game` from one full setup (the dict `Game.setup` gives).
pub fn setup_dealer(py: Python<'_>, game: &str, setup: &Bound<'_, PyAny>) -> PyResult<Dealer> {
    let check = |d: Dealer| -> PyResult<Dealer> {
        d(0, [0; 32]).map_err(|e| game_error(py, &e, None, None))?;
        Ok(d)
    };
    match game {
        "holdem" => check(fixed::<Hand>(from_py("setup", setup)?)),
        "draw" => check(fixed::<DrawHand>(from_py("setup", setup)?)),
        "saint" => check(fixed::<SaintGame>(from_py("setup", setup)?)),
        other => Err(unknown_game(other)),
    }
}

pub(crate) fn viewer(seat: Option<usize>) -> Viewer {
    Viewer::from(seat)
}
