//! External bots: a program in any language plays through JSON lines on its standard input and
//! output (`--bots exec:./mybot`). The protocol is in `docs/bot-protocol.md`.
//!
//! The program is started once per game and seat. Each decision is one request line with an
//! `id`, the seat's view and the numbered legal actions; the answer is one line
//! `{"id": …, "action": i}` (with `"to": amount` for a bet or raise anywhere in its range).
//! An answer that is late, unreadable, for another request or not legal — or a program that
//! crashed — gets the default action (the first legal one), is counted in the bot's
//! [`Lapses`] (reported with the match results) and is logged on standard error; the match
//! goes on. A program that crashed or broke the protocol is not asked again in that game. When
//! the game ends the program's input is closed, and the program killed if it does not end.
//!
//! The seed a program is sent is drawn from the operating system for every game and seat: it
//! says nothing about the deal, so a program cannot predict a card it was not shown.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tavolo_cards::GameRng;
use tavolo_engine::game::Game;
use tavolo_engine::Chips;

use crate::bot::{Bot, BotSpec, Budget, Lapses};

/// The version of the protocol, sent in `start`.
pub const PROTOCOL: u32 = 2;

/// A message to the program: one JSON line. The payloads are the game's own types — its
/// event `E` (as this seat may see it), its view `V` and its list of legal actions `L` — so a
/// bot reads exactly what the browser reads; [`bot_protocol_schema`] publishes the envelope.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToBot<E, V, L> {
    /// Once, first.
    Start {
        /// The protocol's version, [`PROTOCOL`].
        protocol: u32,
        /// `saint`, `holdem` or `draw`.
        game: String,
        /// The bot's seat in this game.
        seat: usize,
        /// A fresh random seed for the bot's own use, drawn from the operating system: it says
        /// nothing about the deal. A decimal string, since JSON parsers that read numbers as
        /// doubles would round it.
        seed: String,
    },
    /// Something this seat saw happen (the game's event, censored for the seat).
    Event {
        /// The event.
        event: E,
    },
    /// A decision to make.
    Act {
        /// The request's number; the answer repeats it.
        id: u64,
        /// The seat's view.
        view: V,
        /// The legal actions, numbered from 0 by their place in the list.
        legal: L,
    },
}

/// The program's answer to an `act` request: one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Answer {
    /// The `id` of the request answered.
    pub id: u64,
    /// The index of the chosen action in `legal`.
    #[serde(default)]
    pub action: Option<u64>,
    /// For a bet or raise: the amount to bet or raise to, anywhere in the legal range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Chips>,
}

/// The JSON Schema of the bot protocol (`docs/bot-protocol.schema.json`): the messages to the
/// program (the game's payloads left open: their shape is the browser protocol's) and the answer.
pub fn bot_protocol_schema() -> Value {
    let part = |mut v: Value| {
        if let Some(o) = v.as_object_mut() {
            o.remove("$schema");
        }
        v
    };
    let to_bot = part(to_json(
        &schemars::schema_for!(ToBot<Value, Value, Vec<Value>>),
    ));
    let answer = part(to_json(&schemars::schema_for!(Answer)));
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Tavolo external bot protocol, version 2",
        "description": "One JSON object per line: a message to the bot (`to_bot`) or the bot's answer to an `act` (`answer`). See docs/bot-protocol.md.",
        "oneOf": [{"$ref": "#/$defs/to_bot"}, {"$ref": "#/$defs/answer"}],
        "$defs": {
            "to_bot": to_bot,
            "answer": answer,
        },
    })
}

/// How long a program has to end by itself once its game is over and its input closed.
pub const GRACE: Duration = Duration::from_millis(500);

/// How long an external bot may take per decision when the match sets no limit.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

/// How much longer than the limit the first decision of a game may take: the program was
/// started for the game, and an interpreter may still be loading (Python with its libraries
/// can take longer than a tight `--think-ms` to reach its first line).
pub const STARTUP: Duration = Duration::from_secs(2);

/// The time the answer to request `id` (numbered from 1 in each game) may take under `budget`:
/// the limit (or [`DEFAULT_TIMEOUT`]), plus [`STARTUP`] for the first request of a game.
pub fn decision_limit(budget: Budget, id: u64) -> Duration {
    let limit = budget.time.unwrap_or(DEFAULT_TIMEOUT);
    if id == 1 {
        limit + STARTUP
    } else {
        limit
    }
}

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

/// An external program playing one seat of one game.
pub struct ExternalBot<G: Game> {
    name: String,
    command: String,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
    next_id: u64,
    lapses: Lapses,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> ExternalBot<G> {
    /// Starts `command` (a program path and arguments separated by spaces) for `seat`, and
    /// sends it `start` with a fresh seed from the operating system.
    pub fn start(command: &str, seat: usize) -> ExternalBot<G> {
        let mut bot = ExternalBot {
            name: format!("exec:{command}"),
            command: command.to_string(),
            child: None,
            stdin: None,
            lines: None,
            next_id: 0,
            lapses: Lapses::default(),
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
                let bytes = GameRng::os_seed();
                let seed = u64::from_le_bytes(bytes[..8].try_into().unwrap_or_default());
                bot.send(&ToBot::Start {
                    protocol: PROTOCOL,
                    game: G::NAME.to_string(),
                    seat,
                    seed: seed.to_string(),
                });
            }
            Err(e) => bot.fault_crash(&format!("cannot start: {e}")),
        }
        bot
    }

    fn fault_crash(&mut self, why: &str) {
        self.lapses.crashed += 1;
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

    fn send(&mut self, message: &ToBot<&G::Event, &G::View, &[G::Action]>) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        // One write per message: the pipe is unbuffered.
        let Ok(mut line) = serde_json::to_vec(message) else {
            return false;
        };
        line.push(b'\n');
        let ok = stdin.write_all(&line).and_then(|_| stdin.flush()).is_ok();
        if !ok {
            self.fault_crash("its input is closed (it ended)");
        }
        ok
    }

    /// Waits for the answer to request `id` until `deadline`.
    fn answer(&mut self, id: u64, deadline: Instant) -> Result<Answer, &'static str> {
        loop {
            let Some(lines) = self.lines.as_ref() else {
                return Err("gone");
            };
            let left = deadline.saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) => {
                    let Ok(a) = serde_json::from_str::<Answer>(&line) else {
                        return Err("garbage");
                    };
                    match a.id {
                        got if got == id => return Ok(a),
                        // A late answer to an earlier request: skip it.
                        got if got < id => continue,
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
    /// The game is over: the program's input is closed so that it reads the last events and
    /// ends by itself; it is killed if it has not within [`GRACE`].
    fn drop(&mut self) {
        self.stdin = None;
        if let Some(child) = self.child.as_mut() {
            let until = Instant::now() + GRACE;
            while matches!(child.try_wait(), Ok(None)) && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        self.stop();
    }
}

impl<G: Game> Bot<G> for ExternalBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn lapses(&self) -> Lapses {
        self.lapses
    }

    fn observe(&mut self, event: &G::Event) {
        if self.stdin.is_some() {
            self.send(&ToBot::Event { event });
        }
    }

    fn act(&mut self, view: &G::View, legal: &[G::Action], budget: Budget) -> G::Action {
        let fallback = legal[0];
        self.next_id += 1;
        let id = self.next_id;
        if !self.send(&ToBot::Act { id, view, legal }) {
            return fallback;
        }
        let deadline = Instant::now() + decision_limit(budget, id);
        let answer = match self.answer(id, deadline) {
            Ok(v) => v,
            Err(kind) => {
                match kind {
                    "late" => {
                        self.lapses.late += 1;
                        eprintln!(
                            "tavolo: external bot `{}` did not answer request {id} in time; default action",
                            self.command
                        );
                    }
                    "garbage" => {
                        self.lapses.unreadable += 1;
                        self.fault_crash("it wrote something that is not an answer");
                    }
                    _ => self.fault_crash("it ended"),
                }
                return fallback;
            }
        };
        let chosen = answer
            .action
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| legal.get(i).copied());
        let action = match (chosen, answer.to) {
            (Some(a), Some(to)) => with_amount::<G>(&a, to),
            (a, None) => a,
            (None, Some(_)) => None,
        };
        match action.filter(|a| G::allows(legal, a)) {
            Some(a) => a,
            None => {
                self.lapses.illegal += 1;
                eprintln!(
                    "tavolo: external bot `{}` answered request {id} with no legal action ({}); default action",
                    self.command,
                    serde_json::to_string(&answer).unwrap_or_default()
                );
                fallback
            }
        }
    }
}

/// The spec of an external bot: `command` started for every game and seat. The arena's seed
/// for the seat is not passed on (it derives from the deal's; see [`ExternalBot::start`]).
pub fn spec<G: Game>(command: &str) -> BotSpec<G> {
    let command = command.trim().to_string();
    BotSpec::new(format!("exec:{command}"), move |seat, _seed| {
        Box::new(ExternalBot::<G>::start(&command, seat)) as _
    })
}
