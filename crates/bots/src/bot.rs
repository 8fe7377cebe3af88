//! The [`Bot`] interface, its time [`Budget`], and [`BotSpec`], a named way of making bots.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tavolo_engine::game::Game;

use crate::error::BotsError;

/// How long a bot may think about one decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock limit, if any. `None`: the bot does its level's fixed amount of work, which
    /// keeps it deterministic for its seed. With a limit the bot stops early when time runs
    /// out (and is then only as reproducible as the clock).
    pub time: Option<Duration>,
}

impl Budget {
    /// No time limit: fixed work, fully deterministic.
    pub const UNLIMITED: Budget = Budget { time: None };

    /// A limit of `time` per decision.
    pub const fn limited(time: Duration) -> Budget {
        Budget { time: Some(time) }
    }

    /// The instant by which a decision started at `start` must be made, if limited.
    pub fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.map(|t| start + t)
    }
}

/// Answers a bot failed to give itself, each replaced by the game's default action (check when
/// free, else fold; the least card; the best pair). Only bots that play through something that
/// can fail — an external program — have any; the built-in ones always answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Lapses {
    /// Answers that came too late.
    pub late: u64,
    /// Lines that were not an answer (the program is then stopped for the game).
    pub unreadable: u64,
    /// Answers naming no legal action.
    pub illegal: u64,
    /// Programs that could not be started or ended before the game did.
    pub crashed: u64,
}

impl Lapses {
    /// Lapses of every kind together.
    pub fn total(&self) -> u64 {
        self.late + self.unreadable + self.illegal + self.crashed
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &Lapses) {
        self.late += other.late;
        self.unreadable += other.unreadable;
        self.illegal += other.illegal;
        self.crashed += other.crashed;
    }
}

/// A player program for game `G`.
///
/// A bot receives only what its seat may see — the view, the legal actions, and the events as
/// censored for its seat — so it cannot cheat by construction. It must answer with one of
/// `legal` (the arena replaces anything else by `legal[0]` and counts it as illegal). A bot is
/// made for one seat of one game (see [`BotSpec`]) and may keep memory between calls.
pub trait Bot<G: Game>: Send {
    /// The bot's name, e.g. `expert:normal`.
    fn name(&self) -> &str;

    /// An event of the game, as this seat may see it. Called for every event, in order,
    /// including those caused by this bot's own actions. The default ignores it.
    fn observe(&mut self, event: &G::Event) {
        let _ = event;
    }

    /// Chooses an action among `legal` (never empty) given `view`, within `budget`.
    fn act(&mut self, view: &G::View, legal: &[G::Action], budget: Budget) -> G::Action;

    /// The probabilities with which this bot would choose each action of `legal` given `view`
    /// (actions it would never choose may be left out; the probabilities sum to 1), or `None`
    /// when it cannot say (the default: external programs, the `random` bot's continuous
    /// amounts).
    ///
    /// `view` need not be the seat's real view: a best response ([`crate::holdem::lbr`]) asks
    /// what the bot would do with each other hand it might hold, by putting those cards into
    /// the view. So an answer depends only on `view`, `legal` and the
    /// events observed so far; asking never changes what the bot later does (except through a
    /// simulating bot's generator, which only moves its sampling noise). A deterministic bot
    /// answers a point mass; a bot that draws its choice reports the distribution it draws from.
    fn policy(&mut self, view: &G::View, legal: &[G::Action]) -> Option<Vec<(G::Action, f64)>> {
        let _ = (view, legal);
        None
    }

    /// The answers this bot failed to give itself so far in its game (see [`Lapses`]); the
    /// arena reports them per bot. The default: none.
    fn lapses(&self) -> Lapses {
        Lapses::default()
    }
}

/// A function making a bot for seat `seat` with random seed `seed`.
pub type MakeBot<G> = dyn Fn(usize, u64) -> Box<dyn Bot<G>> + Send + Sync;

/// A named way of making bots: the entry of a bot list (`--bots greedy,expert`).
pub struct BotSpec<G: Game> {
    name: String,
    make: Arc<MakeBot<G>>,
    learns: bool,
    thinks_long: bool,
}

impl<G: Game> Clone for BotSpec<G> {
    fn clone(&self) -> Self {
        BotSpec {
            name: self.name.clone(),
            make: Arc::clone(&self.make),
            learns: self.learns,
            thinks_long: self.thinks_long,
        }
    }
}

impl<G: Game> fmt::Debug for BotSpec<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotSpec").field("name", &self.name).finish()
    }
}

impl<G: Game> BotSpec<G> {
    /// A spec named `name` making bots with `make(seat, seed)`.
    pub fn new(
        name: impl Into<String>,
        make: impl Fn(usize, u64) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> BotSpec<G> {
        BotSpec {
            name: name.into(),
            make: Arc::new(make),
            learns: false,
            thinks_long: false,
        }
    }

    /// A spec labelled `label` making bots with `make(label, seat, seed)`: each bot carries the
    /// label (`expert:N`, `master:N`, …) in its name.
    pub(crate) fn labelled(
        label: String,
        make: impl Fn(String, usize, u64) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> BotSpec<G> {
        BotSpec::new(label.clone(), move |seat, seed| {
            make(label.clone(), seat, seed)
        })
    }

    /// This spec, marked as making bots that learn from earlier games through memory they share
    /// (so their play depends on the order of the games).
    pub fn learning(mut self) -> BotSpec<G> {
        self.learns = true;
        self
    }

    /// Whether the bots learn across games ([`BotSpec::learning`]).
    pub fn learns(&self) -> bool {
        self.learns
    }

    /// This spec, marked as making bots whose decisions may take long (searches, simulations:
    /// up to the whole time budget), so that a server runs them off its event loop.
    pub fn thinking_long(mut self) -> BotSpec<G> {
        self.thinks_long = true;
        self
    }

    /// Whether a decision may take long ([`BotSpec::thinking_long`]); false for bots that answer
    /// in microseconds by rules or a table.
    pub fn thinks_long(&self) -> bool {
        self.thinks_long
    }

    /// The name, as the game's `bot_spec` knows it (a level resolved to its bot).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A fresh bot for `seat`, seeded with `seed`.
    pub fn make(&self, seat: usize, seed: u64) -> Box<dyn Bot<G>> {
        (self.make)(seat, seed)
    }
}

/// A name in a bot list, read: an external program, a named bot, or an expert doing `N` units
/// of work per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BotName<'a> {
    /// `exec:PROGRAM ARGS…`.
    Exec(&'a str),
    /// One of the game's names (`random`, `expert:hard`, …).
    Named(&'a str),
    /// `expert:N`.
    Expert(u32),
}

impl<'a> BotName<'a> {
    /// Of a game's three expert levels `[easy, normal, hard]`, the one a known name (`expert`,
    /// `expert:easy`, `expert:normal`, `expert:hard`) asks for: `normal` for all but the two.
    pub(crate) fn expert_level<L>(name: &str, [easy, normal, hard]: [L; 3]) -> L {
        match name {
            "expert:easy" => easy,
            "expert:hard" => hard,
            _ => normal,
        }
    }

    /// Reads `name` for game `G`, whose bots are `known` and whose experts count `unit`s
    /// (simulations, rollouts) up to `max`.
    pub(crate) fn read<G: Game>(
        name: &'a str,
        known: &[&str],
        unit: &str,
        max: u32,
    ) -> Result<BotName<'a>, BotsError> {
        let unknown = || BotsError::UnknownBot {
            game: G::NAME,
            name: name.to_string(),
            known: format!(
                "{}, expert:N (N {unit}), exec:PROGRAM (an external bot)",
                known.join(", ")
            ),
        };
        let name = name.trim();
        if let Some(command) = name.strip_prefix("exec:") {
            return match command.trim() {
                "" => Err(unknown()),
                command => Ok(BotName::Exec(command)),
            };
        }
        if known.contains(&name) {
            return Ok(BotName::Named(name));
        }
        name.strip_prefix("expert:")
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0 && n <= max)
            .map(BotName::Expert)
            .ok_or_else(unknown)
    }
}
