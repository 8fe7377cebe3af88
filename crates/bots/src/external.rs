//! External bots: a program in any language plays through JSON lines on its standard input and
//! output (`--bots exec:./mybot`). The protocol is in `docs/bot-protocol.md`.
//!
//! The program is started once per game and seat. Each decision is one request line with an
//! `id`, the seat's view and the numbered legal actions; the answer is one line
//! `{"id": …, "action": i}` (with `"to": amount` for a bet or raise anywhere in its range).
//! An answer that is late, unreadable, for another request or not legal — or a program that
//! crashed — gets the default action (the first legal one) and is logged on standard error;
//! the match goes on. A program that crashed or broke the protocol is not asked again in that
//! game. The program is killed when the game ends.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tavolo_engine::game::Game;
use tavolo_engine::Chips;

use crate::bot::{Bot, BotSpec, Budget};

/// How long an external bot may take per decision when the match sets no limit.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

/// `value` as JSON (the engine's types always serialise; `null` otherwise).
fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// `action` with its amount (`to`) replaced, if it is an action with an amount.
fn with_amount<G: Game>(action: &G::Action, to: Chips) -> Option<G::Action> {
    let mut v = to_json(action);
    let slot = v.as_object_mut()?.get_mut("to")?;
    *slot = json!(to);
    serde_json::from_value(v).ok()
}

/// Problems with external bots over a match, shared by the bots of one spec.
#[derive(Debug, Default)]
pub struct Faults {
    late: AtomicU64,
    garbage: AtomicU64,
    illegal: AtomicU64,
    crashed: AtomicU64,
}

impl Faults {
    /// Answers that came too late.
    pub fn late(&self) -> u64 {
        self.late.load(Ordering::Relaxed)
    }
    /// Answers that could not be read.
    pub fn garbage(&self) -> u64 {
        self.garbage.load(Ordering::Relaxed)
    }
    /// Answers naming no legal action.
    pub fn illegal(&self) -> u64 {
        self.illegal.load(Ordering::Relaxed)
    }
    /// Programs that could not be started or ended before the game.
    pub fn crashed(&self) -> u64 {
        self.crashed.load(Ordering::Relaxed)
    }
}

/// An external program playing one seat of one game.
pub struct ExternalBot<G: Game> {
    name: String,
    command: String,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    next_id: u64,
    faults: Arc<Faults>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> ExternalBot<G> {
    /// Starts `command` (a program path and arguments separated by spaces) for `seat`.
    pub fn start(command: &str, seat: usize, seed: u64, faults: Arc<Faults>) -> ExternalBot<G> {
        let mut bot = ExternalBot {
            name: format!("exec:{command}"),
            command: command.to_string(),
            child: None,
            stdin: None,
            lines: None,
            next_id: 0,
            faults,
            _game: std::marker::PhantomData,
        };
        let mut parts = command.split_whitespace();
        let Some(program) = parts.next() else {
            bot.fault_crash("no program given");
            return bot;
        };
        let spawned = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn();
        match spawned {
            Ok(mut child) => {
                bot.stdin = child.stdin.take();
                if let Some(out) = child.stdout.take() {
                    let (tx, rx) = mpsc::channel();
                    std::thread::spawn(move || {
                        for line in BufReader::new(out).lines() {
                            let Ok(line) = line else { break };
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    });
                    bot.lines = Some(rx);
                }
                bot.child = Some(child);
                let hello = json!({"type": "start", "game": G::NAME, "seat": seat, "seed": seed});
                bot.send(&hello);
            }
            Err(e) => bot.fault_crash(&format!("cannot start: {e}")),
        }
        bot
    }

    fn fault_crash(&mut self, why: &str) {
        self.faults.crashed.fetch_add(1, Ordering::Relaxed);
        eprintln!(
            "tavolo: external bot `{}`: {why}; it plays the default action",
            self.command
        );
        self.stop();
    }

    fn stop(&mut self) {
        self.stdin = None;
        self.lines = None;
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn send(&mut self, message: &Value) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        // One write per message: the pipe is unbuffered.
        let line = format!("{message}\n");
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.flush())
            .is_ok();
        if !ok {
            self.fault_crash("its input is closed (it ended)");
        }
        ok
    }

    /// Waits for the answer to request `id` until `deadline`.
    fn answer(&mut self, id: u64, deadline: Instant) -> Result<Value, &'static str> {
        loop {
            let Some(lines) = self.lines.as_ref() else {
                return Err("gone");
            };
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) => {
                    let Ok(v) = serde_json::from_str::<Value>(&line) else {
                        return Err("garbage");
                    };
                    match v.get("id").and_then(Value::as_u64) {
                        Some(got) if got == id => return Ok(v),
                        // A late answer to an earlier request: skip it.
                        Some(got) if got < id => continue,
                        _ => return Err("garbage"),
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err("late"),
                Err(RecvTimeoutError::Disconnected) => return Err("gone"),
            }
        }
    }
}

impl<G: Game> Drop for ExternalBot<G> {
    fn drop(&mut self) {
        self.stop();
    }
}

impl<G: Game> Bot<G> for ExternalBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn observe(&mut self, event: &G::Event) {
        if self.stdin.is_some() {
            self.send(&json!({"type": "event", "event": to_json(event)}));
        }
    }

    fn act(&mut self, view: &G::View, legal: &[G::Action], budget: Budget) -> G::Action {
        let fallback = legal[0];
        self.next_id += 1;
        let id = self.next_id;
        let request = json!({
            "type": "act",
            "id": id,
            "view": to_json(view),
            "legal": legal.iter().map(to_json).collect::<Vec<_>>(),
        });
        if !self.send(&request) {
            return fallback;
        }
        let deadline = Instant::now() + budget.time.unwrap_or(DEFAULT_TIMEOUT);
        let answer = match self.answer(id, deadline) {
            Ok(v) => v,
            Err(kind) => {
                match kind {
                    "late" => {
                        self.faults.late.fetch_add(1, Ordering::Relaxed);
                        eprintln!(
                            "tavolo: external bot `{}` did not answer request {id} in time; default action",
                            self.command
                        );
                    }
                    "garbage" => {
                        self.faults.garbage.fetch_add(1, Ordering::Relaxed);
                        self.fault_crash("it wrote something that is not an answer");
                    }
                    _ => self.fault_crash("it ended"),
                }
                return fallback;
            }
        };
        let chosen = answer
            .get("action")
            .and_then(Value::as_u64)
            .and_then(|i| legal.get(i as usize).copied());
        let action = match (chosen, answer.get("to").and_then(Value::as_u64)) {
            (Some(a), Some(to)) => with_amount::<G>(&a, to),
            (a, None) => a,
            (None, Some(_)) => None,
        };
        match action.filter(|a| G::allows(legal, a)) {
            Some(a) => a,
            None => {
                self.faults.illegal.fetch_add(1, Ordering::Relaxed);
                eprintln!(
                    "tavolo: external bot `{}` answered request {id} with no legal action ({answer}); default action",
                    self.command
                );
                fallback
            }
        }
    }
}

/// The spec of an external bot: `command` started for every game and seat. The faults of all
/// its bots are counted in the returned [`Faults`].
pub fn spec<G: Game>(command: &str) -> (BotSpec<G>, Arc<Faults>) {
    let faults = Arc::new(Faults::default());
    let shared = Arc::clone(&faults);
    let command = command.trim().to_string();
    let spec = BotSpec::new(format!("exec:{command}"), move |seat, seed| {
        Box::new(ExternalBot::<G>::start(
            &command,
            seat,
            seed,
            Arc::clone(&shared),
        )) as _
    });
    (spec, faults)
}
