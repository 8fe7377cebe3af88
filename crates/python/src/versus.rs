//! `Versus`: one seat played from Python against Tavolo's bots in the others — the engine of
//! the Gymnasium single-agent wrapper. The bots see only their seats' views and censored events
//! (as in the arena and the room); the agent sees its observation and action mask.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use tavolo_bots::{Bot, BotSpec, Budget};
use tavolo_engine::encode::{rewards, Encoded};
use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};

use crate::error::{value_error, IllegalActionError};
use crate::game_class::PyGame;
use crate::games::{dealer, Dealer, Session};

/// A game against bots, whichever game it is.
trait Match: Send + Sync {
    /// Deals game `k` and lets the bots play until the agent must act or the game is over.
    fn reset(&mut self, k: u64, seed: [u8; 32]) -> Result<(), String>;
    /// Plays the agent's index, then the bots until the agent must act or the game is over.
    /// An illegal index is refused when `strict`, else replaced by the game's default action
    /// (what the house plays for a player whose time ran out); returns whether it was.
    fn step(&mut self, id: usize, strict: bool) -> Result<bool, String>;
    fn session(&self) -> Option<&dyn Session>;
    fn seat(&self) -> usize;
}

struct Typed<G: Game> {
    deal: Dealer,
    played: Option<Played<G>>,
    specs: Vec<Option<BotSpec<G>>>,
    bots: Vec<Option<std::sync::Mutex<Box<dyn Bot<G>>>>>,
    seat: usize,
    bot_seed: u64,
}

impl<G> Typed<G>
where
    G: Encoded + Sync,
    G::Event: Sync,
{
    fn played(&mut self) -> Result<&mut Played<G>, String> {
        self.played
            .as_mut()
            .ok_or_else(|| "call reset() first".to_string())
    }

    /// Tells every bot the events from `from` on, censored for its seat.
    fn tell(&mut self, from: usize) {
        let Some(played) = &self.played else { return };
        for (seat, bot) in self.bots.iter().enumerate() {
            let Some(bot) = bot else { continue };
            let Ok(mut bot) = bot.lock() else { continue };
            for e in &played.log[from..] {
                if let Some(seen) = G::censor(e, Viewer::Seat(seat)) {
                    bot.observe(&seen);
                }
            }
        }
    }

    /// Bots act (and automatic decisions are played) until the agent must act or it is over.
    fn run_bots(&mut self) -> Result<(), String> {
        let me = self.seat;
        loop {
            let from = self.played()?.log.len();
            let played = self.played()?;
            if played.game.is_over() {
                return Ok(());
            }
            if let Some(a) = played.game.automatic() {
                played.apply(a).map_err(|e| e.to_string())?;
                self.tell(from);
                continue;
            }
            let to_act = played.game.to_act();
            let Some(seat) = to_act.iter().find(|&s| s != me) else {
                return Ok(()); // only the agent is to act
            };
            let view = played.game.view(Viewer::Seat(seat));
            let legal = played.game.legal(seat);
            let bot = self.bots[seat]
                .as_ref()
                .ok_or_else(|| format!("no bot in seat {seat}"))?;
            let action = bot.lock().map_err(|_| "a bot failed".to_string())?.act(
                &view,
                &legal,
                Budget::UNLIMITED,
            );
            let action = if G::allows(&legal, &action) {
                action
            } else {
                legal
                    .first()
                    .copied()
                    .ok_or("a bot's seat has no legal action")?
            };
            self.played()?.apply(action).map_err(|e| e.to_string())?;
            self.tell(from);
        }
    }
}

impl<G> Match for Typed<G>
where
    G: Encoded + Sync,
    G::Event: Sync,
{
    fn reset(&mut self, k: u64, seed: [u8; 32]) -> Result<(), String> {
        let session = (self.deal)(k, seed).map_err(|e| e.to_string())?;
        let played = session
            .into_any()
            .downcast::<Played<G>>()
            .map_err(|_| "the dealer dealt another game".to_string())?;
        self.bots = self
            .specs
            .iter()
            .enumerate()
            .map(|(seat, spec)| {
                spec.as_ref().map(|s| {
                    std::sync::Mutex::new(
                        s.make(seat, self.bot_seed.wrapping_add(k * 16 + seat as u64)),
                    )
                })
            })
            .collect();
        self.played = Some(*played); // run_bots plays the automatic decisions
        self.tell(0);
        self.run_bots()
    }

    fn step(&mut self, id: usize, strict: bool) -> Result<bool, String> {
        let seat = self.seat;
        let played = self.played()?;
        if played.game.is_over() {
            return Err("the game is over: call reset()".into());
        }
        let (action, illegal) = match played.game.action(seat, id) {
            Some(a) => (a, false),
            None if strict => {
                return Err(format!(
                    "action index {id} is not legal for seat {seat} now"
                ))
            }
            None => (
                played
                    .game
                    .timeout_action(seat)
                    .ok_or_else(|| format!("seat {seat} has nothing to do"))?,
                true,
            ),
        };
        let from = played.log.len();
        played.apply(action).map_err(|e| e.to_string())?;
        self.tell(from);
        self.run_bots()?;
        Ok(illegal)
    }

    fn session(&self) -> Option<&dyn Session> {
        self.played.as_ref().map(|p| p as &dyn Session)
    }

    fn seat(&self) -> usize {
        self.seat
    }
}

/// Who sits where in a match, whatever the game.
struct Seating<'a> {
    deal: Dealer,
    players: usize,
    /// The seat played from Python.
    seat: usize,
    /// The bots' names: one for every other seat, or one for all.
    names: &'a [String],
    seed: u64,
}

fn typed<G>(
    seating: Seating<'_>,
    spec: impl Fn(&str) -> Result<BotSpec<G>, tavolo_bots::BotsError>,
) -> PyResult<Box<dyn Match>>
where
    G: Encoded + Sync,
    G::Event: Sync,
{
    let Seating {
        deal,
        players,
        seat,
        names,
        seed,
    } = seating;
    if names.len() != players - 1 && names.len() != 1 {
        return Err(value_error(format!(
            "{} bots for {} other seats (give one name for all, or one per seat)",
            names.len(),
            players - 1
        )));
    }
    let mut specs = Vec::with_capacity(players);
    let mut others = 0;
    for s in 0..players {
        if s == seat {
            specs.push(None);
            continue;
        }
        let name = names
            .get(others)
            .or(names.first())
            .map_or("", |n| n.as_str());
        others += 1;
        specs.push(Some(spec(name).map_err(|e| value_error(e.to_string()))?));
    }
    Ok(Box::new(Typed::<G> {
        deal,
        played: None,
        specs,
        bots: Vec::new(),
        seat,
        bot_seed: seed,
    }))
}

/// One seat (`seat`) played from Python against Tavolo bots in the others.
///
/// `Versus("holdem", players=2, bots=["expert"], seat=0, seed=0)` (any `Game` keyword:
/// `structure`, `options`, `stacks`, `button`); `bots` names one bot for every other seat or
/// one per other seat in seat order (`tavolo sim`'s names: `random`, `rules`, `expert`, …).
/// `reset()` deals the next game (the button moves one seat per game) and returns `(obs,
/// mask)`; `step(index)` returns `(obs, mask, reward, done, illegal)`, the reward being the agent's
/// (chips in table minimums, or the Saint Poker share) once the game is over.
#[pyclass(name = "Versus", module = "tavolo")]
pub struct Versus {
    inner: Box<dyn Match>,
    seed: u64,
    dealt: u64,
    ready: bool,
}

impl Versus {
    fn outputs<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let s = self.ready_session()?;
        let mut obs = vec![0f32; s.observation_size()];
        s.observe_into(Viewer::Seat(self.inner.seat()), &mut obs);
        let mut mask = vec![0u8; s.action_count()];
        if !s.is_over() {
            s.mask_into(self.inner.seat(), &mut mask);
        }
        Ok((
            crate::game_class::f32_bytes(py, &obs),
            PyBytes::new(py, &mask),
        ))
    }
}

#[pymethods]
impl Versus {
    #[new]
    #[pyo3(signature = (game, players = 2, bots = None, seat = 0, *, seed = 0, stacks = None, button = 0, structure = None, options = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        players: usize,
        bots: Option<Vec<String>>,
        seat: usize,
        seed: u64,
        stacks: Option<Vec<u64>>,
        button: usize,
        structure: Option<&str>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if seat >= players {
            return Err(value_error(format!("seat {seat} of {players} seats")));
        }
        let deal = dealer(py, game, Some(players), stacks, button, structure, options)?;
        let names = bots.unwrap_or_else(|| vec!["expert".into()]);
        let seating = Seating {
            deal,
            players,
            seat,
            names: &names,
            seed,
        };
        let inner = match game {
            "holdem" => typed(seating, tavolo_bots::holdem::bot_spec)?,
            "draw" => typed(seating, tavolo_bots::draw::bot_spec)?,
            _ => typed(seating, tavolo_bots::saint::bot_spec)?,
        };
        Ok(Versus {
            inner,
            seed,
            dealt: 0,
            ready: false,
        })
    }

    /// The agent's seat.
    #[getter]
    fn seat(&self) -> usize {
        self.inner.seat()
    }

    /// Deals the next game; the bots play until the agent must act. Returns `(obs, mask)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let k = self.dealt;
        let mut seed = seed_from_u64(self.seed);
        seed[8..16].copy_from_slice(&k.to_le_bytes());
        self.dealt += 1;
        let inner = &mut self.inner;
        py.detach(|| inner.reset(k, seed)).map_err(value_error)?;
        self.ready = true;
        self.outputs(py)?.into_pyobject(py)
    }

    /// Plays the agent's action index; the bots answer. Returns `(obs, mask, reward, done,
    /// illegal)`. An index that is not legal raises `IllegalActionError` when `strict`, else
    /// the game's default action (check when free, else fold; the least card) is played for
    /// it and `illegal` is true — as the arena does for a bot.
    #[pyo3(signature = (index, strict = true))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        index: usize,
        strict: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        if !self.ready {
            return Err(value_error("call reset() first"));
        }
        let inner = &mut self.inner;
        let illegal = py
            .detach(|| inner.step(index, strict))
            .map_err(IllegalActionError::new_err)?;
        let s = self.ready_session()?;
        let done = s.is_over();
        let reward = if done {
            rewards(&s.outcome())
                .get(self.inner.seat())
                .copied()
                .unwrap_or(0.0)
        } else {
            0.0
        };
        let (obs, mask) = self.outputs(py)?;
        (obs, mask, reward, done, illegal).into_pyobject(py)
    }

    /// A copy of the game in play.
    fn game(&self) -> PyResult<PyGame> {
        Ok(PyGame {
            inner: self.ready_session()?.boxed_clone(),
        })
    }

    /// The number of action indices.
    #[getter]
    fn action_count(&self) -> PyResult<usize> {
        self.ready_session().map(|s| s.action_count())
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        self.ready_session().map(|s| s.observation_size())
    }
}

impl Versus {
    fn ready_session(&self) -> PyResult<&dyn Session> {
        match self.inner.session() {
            Some(s) if self.ready => Ok(s),
            _ => Err(value_error("call reset() first")),
        }
    }
}

/// Registers `Versus`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Versus>()
}
