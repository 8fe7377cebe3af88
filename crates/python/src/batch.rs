//! `Batch`: many games of one kind stepped together, one call per step, with the GIL released
//! while the engine works — the training loop's interface. Actions are indices of the game's
//! discrete encoding ([`tavolo_engine::encode`]); observations, masks, rewards and flags come
//! back as flat little-endian byte buffers for `numpy.frombuffer`.
//!
//! A finished game is dealt again at once (the `k`-th deal of the batch uses seed bytes
//! `seed.to_le_bytes() ++ k.to_le_bytes()`, and the button moves one seat per deal), so every
//! slot always holds a game with a seat to act.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use tavolo_cards::GameRng;
use tavolo_engine::encode::rewards;
use tavolo_engine::game::Viewer;

use crate::error::{game_error, value_error};
use crate::game_class::{f32_bytes, PyGame};
use crate::games::{dealer, setup_dealer, Dealer, Session, StepError};

/// The seed of the `k`-th deal of a batch seeded `seed`.
fn deal_seed(seed: u64, k: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&seed.to_le_bytes());
    s[8..16].copy_from_slice(&k.to_le_bytes());
    s
}

/// One game of the batch.
struct Slot {
    game: Box<dyn Session>,
    /// Draws this slot's random actions (index −1).
    rng: GameRng,
}

/// What one step wrote, per game.
struct Out {
    obs: Vec<f32>,
    mask: Vec<u8>,
    seat: Vec<u8>,
    rewards: Vec<f32>,
    done: Vec<u8>,
}

/// Many games of one kind, stepped together.
///
/// `Batch("holdem", games=1024, players=6, seed=0)` holds 1,024 six-max No-Limit hands (the
/// same keyword arguments as `Game`: `structure`, `options`, `stacks`, `button`, or `setup`
/// for one full setup). `reset()` deals them and returns `(obs, mask, seat)`; `step(actions)`
/// plays one action index per game for its seat to act and returns `(obs, mask, seat, rewards,
/// done)`: `obs` float32 `games × observation_size` (the seat to act's observation), `mask`
/// uint8 `games × action_count`, `seat` uint8 `games`, `rewards` float32 `games × players`
/// (each seat's reward for a game that ended in this step, else zeros) and `done` uint8
/// `games`. An index of `-1` plays a uniformly random legal index; `observe=False` or
/// `masks=False` skip those outputs (`None`).
#[pyclass(name = "Batch", module = "tavolo")]
pub struct Batch {
    deal: Dealer,
    seed: u64,
    dealt: u64,
    slots: Vec<Slot>,
    /// Seats per game.
    #[pyo3(get)]
    players: usize,
    /// The number of action indices.
    #[pyo3(get)]
    action_count: usize,
    /// The length of one observation.
    #[pyo3(get)]
    observation_size: usize,
    /// Games finished so far.
    #[pyo3(get)]
    finished: u64,
    /// Action indices played so far (automatic decisions not counted).
    #[pyo3(get, name = "actions_played")]
    actions: u64,
}

impl Batch {
    fn deal_one(&mut self, i: usize) -> Result<(), tavolo_engine::game::GameError> {
        let mut game = (self.deal)(self.dealt, deal_seed(self.seed, self.dealt))?;
        game.play_automatic()?;
        self.dealt += 1;
        self.slots[i].game = game;
        Ok(())
    }

    /// Plays one step without Python: `actions[i]` for game `i`.
    fn run(
        &mut self,
        actions: &[i32],
        out: &mut Out,
        observe: bool,
        masks: bool,
    ) -> Result<(), String> {
        let p = self.players;
        for (i, &chosen) in actions.iter().enumerate() {
            let slot = &mut self.slots[i];
            let seat = slot
                .game
                .first_to_act()
                .ok_or("a game has no seat to act")?;
            let played = match chosen {
                -1 => slot.game.step_random(seat, &mut slot.rng),
                id if id >= 0 => slot.game.step(seat, id as usize),
                id => {
                    return Err(format!(
                        "game {i}: action index {id} (use -1 for a random one)"
                    ))
                }
            };
            match played {
                Ok(_) => {}
                Err(StepError::NotLegal { seat, id }) => {
                    return Err(format!(
                        "game {i}: action index {id} is not legal for seat {seat} (see the mask)"
                    ))
                }
                Err(StepError::NoneLegal { seat }) => {
                    return Err(format!("game {i}: seat {seat} has no legal index"))
                }
                Err(StepError::Game(e)) => return Err(format!("game {i}: {e}")),
            }
            self.actions += 1;
            if self.slots[i].game.is_over() {
                let r = rewards(&self.slots[i].game.outcome());
                out.rewards[i * p..i * p + r.len().min(p)].copy_from_slice(&r[..r.len().min(p)]);
                out.done[i] = 1;
                self.finished += 1;
                self.deal_one(i).map_err(|e| e.to_string())?;
            }
            if observe || masks || out.done[i] == 1 {
                self.fill(i, out, observe, masks)?;
            } else {
                out.seat[i] = self.slots[i].game.first_to_act().unwrap_or(0) as u8;
            }
        }
        Ok(())
    }

    /// Writes game `i`'s seat to act, observation and mask.
    fn fill(&self, i: usize, out: &mut Out, observe: bool, masks: bool) -> Result<(), String> {
        let (a, o) = (self.action_count, self.observation_size);
        let game = &self.slots[i].game;
        let seat = game
            .to_act()
            .first()
            .copied()
            .ok_or("a game has no seat to act")?;
        out.seat[i] = seat as u8;
        if observe {
            game.observe_into(Viewer::Seat(seat), &mut out.obs[i * o..(i + 1) * o]);
        }
        if masks {
            game.mask_into(seat, &mut out.mask[i * a..(i + 1) * a]);
        }
        Ok(())
    }

    fn out(&self, observe: bool, masks: bool) -> Out {
        let n = self.slots.len();
        Out {
            obs: vec![
                0.0;
                if observe {
                    n * self.observation_size
                } else {
                    0
                }
            ],
            mask: vec![0; if masks { n * self.action_count } else { 0 }],
            seat: vec![0; n],
            rewards: vec![0.0; n * self.players],
            done: vec![0; n],
        }
    }
}

/// The actions of a step: a list of ints or bytes of little-endian int32.
fn actions_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i32>> {
    let actions: Vec<i32> = if let Ok(b) = obj.cast::<PyBytes>() {
        let b = b.as_bytes();
        if b.len() != 4 * n {
            return Err(value_error(format!(
                "{n} games need {} bytes of int32 actions, not {}",
                4 * n,
                b.len()
            )));
        }
        b.chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    } else {
        obj.extract().map_err(|_| {
            value_error(
                "actions are a list of ints or int32 bytes (numpy: a.astype('<i4').tobytes())",
            )
        })?
    };
    if actions.len() != n {
        return Err(value_error(format!(
            "{n} games need {n} actions, not {}",
            actions.len()
        )));
    }
    Ok(actions)
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(signature = (game, games, players = None, *, seed = 0, stacks = None, button = 0, structure = None, options = None, setup = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        games: usize,
        players: Option<usize>,
        seed: u64,
        stacks: Option<Vec<u64>>,
        button: usize,
        structure: Option<&str>,
        options: Option<&Bound<'_, PyAny>>,
        setup: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if games == 0 {
            return Err(value_error("a batch holds at least one game"));
        }
        let deal = match setup {
            Some(s) => setup_dealer(py, game, s)?,
            None => dealer(py, game, players, stacks, button, structure, options)?,
        };
        let mut slots = Vec::with_capacity(games);
        for k in 0..games as u64 {
            let mut game =
                deal(k, deal_seed(seed, k)).map_err(|e| game_error(py, &e, None, None))?;
            game.play_automatic()
                .map_err(|e| game_error(py, &e, None, None))?;
            let mut rng_seed = deal_seed(seed, k);
            rng_seed[16] = 1; // the slot's own stream, apart from every deal's
            slots.push(Slot {
                game,
                rng: GameRng::from_seed(rng_seed),
            });
        }
        let first = &slots[0].game;
        let (players, action_count, observation_size) = (
            first.players(),
            first.action_count(),
            first.observation_size(),
        );
        Ok(Batch {
            deal,
            seed,
            dealt: games as u64,
            slots,
            players,
            action_count,
            observation_size,
            finished: 0,
            actions: 0,
        })
    }

    /// The number of games.
    #[getter]
    fn games(&self) -> usize {
        self.slots.len()
    }

    /// The games in play now, as `Game` objects (copies).
    fn game(&self, i: usize) -> PyResult<PyGame> {
        let slot = self
            .slots
            .get(i)
            .ok_or_else(|| value_error(format!("game {i} of {}", self.slots.len())))?;
        Ok(PyGame {
            inner: slot.game.boxed_clone(),
        })
    }

    /// The current `(obs, mask, seat)` of every game, without playing.
    #[pyo3(signature = (observe = true, masks = true))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        observe: bool,
        masks: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut out = self.out(observe, masks);
        for i in 0..self.slots.len() {
            self.fill(i, &mut out, observe, masks)
                .map_err(value_error)?;
        }
        let obs = observe.then(|| f32_bytes(py, &out.obs));
        let mask = masks.then(|| PyBytes::new(py, &out.mask));
        (obs, mask, PyBytes::new(py, &out.seat)).into_pyobject(py)
    }

    /// Plays one action index per game (see the class); the GIL is released while it plays.
    #[pyo3(signature = (actions, observe = true, masks = true))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        observe: bool,
        masks: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_arg(actions, self.slots.len())?;
        let mut out = self.out(observe, masks);
        py.detach(|| self.run(&actions, &mut out, observe, masks))
            .map_err(crate::error::IllegalActionError::new_err)?;
        let obs = observe.then(|| f32_bytes(py, &out.obs));
        let mask = masks.then(|| PyBytes::new(py, &out.mask));
        (
            obs,
            mask,
            PyBytes::new(py, &out.seat),
            f32_bytes(py, &out.rewards),
            PyBytes::new(py, &out.done),
        )
            .into_pyobject(py)
    }

    /// Plays `steps` steps of random legal actions in every game (the benchmark's and a
    /// smoke test's loop, without building outputs); returns the games finished meanwhile.
    fn run_random(&mut self, py: Python<'_>, steps: usize) -> PyResult<u64> {
        let before = self.finished;
        let actions = vec![-1; self.slots.len()];
        py.detach(|| {
            for _ in 0..steps {
                let mut out = self.out(false, false);
                self.run(&actions, &mut out, false, false)?;
            }
            Ok::<(), String>(())
        })
        .map_err(crate::error::IllegalActionError::new_err)?;
        Ok(self.finished - before)
    }
}

/// Registers `Batch`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Batch>()
}
