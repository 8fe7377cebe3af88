//! A Saint Poker Swiss event as a pure state machine (RULES.md §5, "Saint Poker tournaments
//! (Swiss)"): registration, the start (a sit-and-go at N players or a set time), each round's
//! tables from the standings ([`pairings`]), each game's result in, and — once a round's games
//! are all in — the next round, or after the last the final standings with the published
//! tie-breaks ([`standings`]). The elimination variant ([`go_on`], [`final_ranking`]) runs on
//! the same machine. Nothing here deals a card: the room's tables (or `tavolo sim swiss`'s
//! bots) play the games and report each one's Saint points.
//!
//! Every draw comes from the committed seed, in a fixed order: at the start the players, sorted,
//! are shuffled into the first round's order, then each gets the number that breaks the last
//! ties ([`SwissEvent::draw`]); then each round's seats are drawn. The same seed and the same
//! inputs give the same tables and standings on every node.
//!
//! Decisions where §5 is silent (docs/rule-decisions.md): a player who does not come to a game
//! stays in the event and is paired as anyone else; the elimination variant cuts the top 1 or 2
//! of each table (3 or more can keep every player of a round of tables of 3, and it never ends).

use std::collections::BTreeMap;

use tavolo_cards::GameRng;
use thiserror::Error;

use super::knockout::{final_ranking, go_on, is_final};
use super::swiss::{pairings, rounds, standings, GameResult, Points, Standing};

/// The most entries of a Swiss event.
pub const MAX_ENTRIES: usize = 1_000;

/// The most rounds a Swiss event may be set to.
pub const MAX_ROUNDS: usize = 20;

/// How a Swiss event starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissStart {
    /// When its `players`-th player registers.
    SitAndGo {
        /// Entries it starts with.
        players: usize,
    },
    /// At a set time with at least `min_players` registered (else it is called off).
    Scheduled {
        /// The start (ms).
        at_ms: u64,
        /// The fewest entries it starts with.
        min_players: usize,
    },
}

/// A Swiss event's settings.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SwissConfig {
    /// How it starts.
    pub start: SwissStart,
    /// Rounds (`None`: ⌈log₂ N⌉ + 1 of the N who started).
    #[serde(default)]
    pub rounds: Option<usize>,
    /// The elimination variant: the top `k` of each table go on until a final table of 4 or 5
    /// (`rounds` does not apply).
    #[serde(default)]
    pub knockout: Option<usize>,
}

impl SwissConfig {
    /// Refuses settings an event cannot be played with: 2 to [`MAX_ENTRIES`] players, 1 to
    /// [`MAX_ROUNDS`] rounds, the top 1 or 2 of a table going on.
    pub fn check(&self) -> Result<(), SwissError> {
        let least = match self.start {
            SwissStart::SitAndGo { players } => players,
            SwissStart::Scheduled { min_players, .. } => min_players,
        };
        if !(2..=MAX_ENTRIES).contains(&least) {
            return Err(SwissError::Settings(format!(
                "a Swiss event starts with 2 to {MAX_ENTRIES} players"
            )));
        }
        if matches!(self.rounds, Some(r) if !(1..=MAX_ROUNDS).contains(&r)) {
            return Err(SwissError::Settings(format!(
                "a Swiss event plays 1 to {MAX_ROUNDS} rounds"
            )));
        }
        if matches!(self.knockout, Some(k) if !(1..=2).contains(&k)) {
            return Err(SwissError::Settings(
                "the top 1 or 2 of each table go on".into(),
            ));
        }
        Ok(())
    }

    /// The most entries: a sit-and-go's players, else [`MAX_ENTRIES`].
    pub fn capacity(&self) -> usize {
        match self.start {
            SwissStart::SitAndGo { players } => players,
            SwissStart::Scheduled { .. } => MAX_ENTRIES,
        }
    }
}

/// Where a Swiss event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwissPhase {
    /// Taking entries.
    Registering,
    /// Playing its rounds.
    Playing,
    /// Over: the final standings stand.
    Finished,
    /// Called off before it started (too few players at the set time).
    Cancelled,
}

/// What the room does for a Swiss event.
#[derive(Clone, Debug, PartialEq)]
pub enum SwissEffect<P> {
    /// A round begins: its tables, each's players in seat order.
    Round {
        /// 1 = the first.
        round: usize,
        /// The tables.
        tables: Vec<Vec<P>>,
    },
    /// The elimination variant: these players are out after the round, best first.
    Eliminated(Vec<P>),
    /// It is over: the final standings, best first.
    Finished(Vec<Standing<P>>),
    /// Called off (too few players at the set time).
    Cancelled,
}

/// Why an input is refused (nothing changes).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SwissError {
    /// Settings the event cannot be played with.
    #[error("{0}")]
    Settings(String),
    /// Registration is closed.
    #[error("registration is closed")]
    Closed,
    /// The player is in already.
    #[error("already registered")]
    Registered,
    /// The player is not registered.
    #[error("not registered")]
    NotIn,
    /// Every entry is taken.
    #[error("the event is full")]
    Full,
    /// No round is being played.
    #[error("no round is being played")]
    NotPlaying,
    /// A result for a table the round does not have.
    #[error("round {round} has no table {table}")]
    NoTable {
        /// The round the result was for.
        round: usize,
        /// The table.
        table: usize,
    },
    /// A table's result was given already.
    #[error("table {table}'s result is in already")]
    Reported {
        /// The table.
        table: usize,
    },
    /// A result whose players are not the table's, each once.
    #[error("table {table}'s result is not of its players")]
    WrongPlayers {
        /// The table.
        table: usize,
    },
}

/// A Swiss event (see the module documentation).
#[derive(Clone, Debug)]
pub struct SwissEvent<P> {
    config: SwissConfig,
    phase: SwissPhase,
    rng: GameRng,
    registered: Vec<P>,
    draw: BTreeMap<P, u64>,
    /// Every game played, round by round.
    games: Vec<GameResult<P>>,
    met: BTreeMap<(P, P), usize>,
    /// The round being played (1 = the first; 0 before the start).
    round: usize,
    /// Its players in the order that seated it (the standings before it), and its tables.
    order: Vec<P>,
    tables: Vec<Vec<P>>,
    results: Vec<Option<GameResult<P>>>,
    /// The rounds planned (`None` until the start).
    planned: Option<usize>,
    /// The elimination variant: who is still in, and who went out each round (best first).
    left: Vec<P>,
    eliminated: Vec<Vec<P>>,
    /// The final standings, once over.
    last: Vec<Standing<P>>,
}

impl<P: Copy + Ord + std::fmt::Debug> SwissEvent<P> {
    /// An event taking entries, its draws from `seed` (the committed seed).
    pub fn new(config: SwissConfig, seed: [u8; 32]) -> Result<SwissEvent<P>, SwissError> {
        SwissEvent::with_rng(config, GameRng::from_seed(seed))
    }

    /// An event taking entries, its draws from `rng`.
    pub fn with_rng(config: SwissConfig, rng: GameRng) -> Result<SwissEvent<P>, SwissError> {
        config.check()?;
        Ok(SwissEvent {
            config,
            phase: SwissPhase::Registering,
            rng,
            registered: Vec::new(),
            draw: BTreeMap::new(),
            games: Vec::new(),
            met: BTreeMap::new(),
            round: 0,
            order: Vec::new(),
            tables: Vec::new(),
            results: Vec::new(),
            planned: None,
            left: Vec::new(),
            eliminated: Vec::new(),
            last: Vec::new(),
        })
    }

    /// Its settings.
    pub fn config(&self) -> &SwissConfig {
        &self.config
    }

    /// Where it is.
    pub fn phase(&self) -> SwissPhase {
        self.phase
    }

    /// The players registered, in the order they came.
    pub fn registered(&self) -> &[P] {
        &self.registered
    }

    /// The round being played (1 = the first), or the last played once over; 0 before.
    pub fn round(&self) -> usize {
        self.round
    }

    /// The rounds it plays: known from the start (the elimination variant's from the number
    /// of players, as its cuts depend only on the table sizes).
    pub fn rounds(&self) -> Option<usize> {
        self.planned
    }

    /// The current round's tables, each's players in seat order.
    pub fn tables(&self) -> &[Vec<P>] {
        &self.tables
    }

    /// Whether table `t` of the current round has its result in.
    pub fn reported(&self, t: usize) -> bool {
        matches!(self.results.get(t), Some(Some(_)))
    }

    /// Every game finished, round by round.
    pub fn games(&self) -> &[GameResult<P>] {
        &self.games
    }

    /// A player's number in the committed draw (the last tie-break, lower first).
    pub fn draw(&self, p: P) -> u64 {
        self.draw.get(&p).copied().unwrap_or(u64::MAX)
    }

    /// The elimination variant: the players still in.
    pub fn left(&self) -> &[P] {
        &self.left
    }

    /// The standings: the final ones once over, else after the games finished so far (every
    /// player who started, those with no game yet last in the draw's order). Best first.
    pub fn standings(&self) -> Vec<Standing<P>> {
        if self.phase == SwissPhase::Finished {
            return self.last.clone();
        }
        let mut table = standings(&self.games, |p| self.draw(p));
        let mut rest: Vec<P> = (self.draw.keys().copied())
            .filter(|p| !table.iter().any(|s| s.player == *p))
            .collect();
        rest.sort_by_key(|p| self.draw(*p));
        table.extend(rest.into_iter().map(|player| Standing {
            player,
            points: Points(0),
            saint: 0,
            opponents: Points(0),
        }));
        table
    }

    /// `player` enters; a sit-and-go starts with its last entry.
    pub fn register(&mut self, player: P) -> Result<Vec<SwissEffect<P>>, SwissError> {
        if self.phase != SwissPhase::Registering {
            return Err(SwissError::Closed);
        }
        if self.registered.contains(&player) {
            return Err(SwissError::Registered);
        }
        if self.registered.len() >= self.config.capacity() {
            return Err(SwissError::Full);
        }
        self.registered.push(player);
        match self.config.start {
            SwissStart::SitAndGo { players } if self.registered.len() == players => {
                Ok(self.start())
            }
            _ => Ok(Vec::new()),
        }
    }

    /// `player` leaves before the start.
    pub fn unregister(&mut self, player: P) -> Result<(), SwissError> {
        if self.phase != SwissPhase::Registering {
            return Err(SwissError::Closed);
        }
        let before = self.registered.len();
        self.registered.retain(|p| *p != player);
        if self.registered.len() == before {
            return Err(SwissError::NotIn);
        }
        Ok(())
    }

    /// The time is `at_ms`: a scheduled event starts (or is called off) at its time.
    pub fn tick(&mut self, at_ms: u64) -> Vec<SwissEffect<P>> {
        match (self.phase, self.config.start) {
            (
                SwissPhase::Registering,
                SwissStart::Scheduled {
                    at_ms: t,
                    min_players,
                },
            ) if at_ms >= t => {
                if self.registered.len() >= min_players {
                    self.start()
                } else {
                    self.phase = SwissPhase::Cancelled;
                    vec![SwissEffect::Cancelled]
                }
            }
            _ => Vec::new(),
        }
    }

    /// Registration closes; the first order and the draw's numbers are drawn; round 1 begins.
    fn start(&mut self) -> Vec<SwissEffect<P>> {
        self.phase = SwissPhase::Playing;
        let mut first = self.registered.clone();
        first.sort_unstable();
        for &p in &first {
            let n = self.rng.next_u64();
            self.draw.insert(p, n);
        }
        self.rng.shuffle(&mut first);
        self.planned = Some(match self.config.knockout {
            Some(k) => knockout_rounds(first.len(), k),
            None => self.config.rounds.unwrap_or_else(|| rounds(first.len())),
        });
        self.left = first.clone();
        self.next_round(first)
    }

    /// The next round, its players ranked `order` (best first).
    fn next_round(&mut self, order: Vec<P>) -> Vec<SwissEffect<P>> {
        self.round += 1;
        let points: BTreeMap<P, Points> = (standings(&self.games, |p| self.draw(p)).into_iter())
            .map(|s| (s.player, s.points))
            .collect();
        let tables = if self.config.knockout.is_some() && is_final(order.len()) {
            let mut table = order.clone();
            self.rng.shuffle(&mut table);
            vec![table]
        } else {
            let met = &self.met;
            pairings(
                &order,
                |i| points.get(&order[i]).copied().unwrap_or_default(),
                |a, b| met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0),
                &mut self.rng,
            )
        };
        self.order = order;
        self.results = vec![None; tables.len()];
        self.tables = tables.clone();
        let round = self.round;
        vec![SwissEffect::Round { round, tables }]
    }

    /// The result of table `table`'s game in round `round`: once every table's is in, the
    /// next round begins, or the event is over.
    pub fn result(
        &mut self,
        round: usize,
        table: usize,
        game: GameResult<P>,
    ) -> Result<Vec<SwissEffect<P>>, SwissError> {
        if self.phase != SwissPhase::Playing {
            return Err(SwissError::NotPlaying);
        }
        let seats = match self.tables.get(table) {
            Some(seats) if round == self.round => seats,
            _ => return Err(SwissError::NoTable { round, table }),
        };
        if self.reported(table) {
            return Err(SwissError::Reported { table });
        }
        let mut came: Vec<P> = (game.played.iter().map(|(p, _)| *p))
            .chain(game.absent.iter().copied())
            .collect();
        came.sort_unstable();
        let mut expected = seats.clone();
        expected.sort_unstable();
        if came != expected {
            return Err(SwissError::WrongPlayers { table });
        }
        self.results[table] = Some(game);
        if self.results.iter().any(Option::is_none) {
            return Ok(Vec::new());
        }
        Ok(self.round_over())
    }

    /// Every game of the round is in.
    fn round_over(&mut self) -> Vec<SwissEffect<P>> {
        let played: Vec<GameResult<P>> = std::mem::take(&mut self.results)
            .into_iter()
            .flatten()
            .collect();
        for table in &self.tables {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    *self.met.entry((a.min(b), a.max(b))).or_default() += 1;
                }
            }
        }
        self.games.extend(played.iter().cloned());
        let Some(k) = self.config.knockout else {
            let ranked = standings(&self.games, |p| self.draw(p));
            if self.round >= self.planned.unwrap_or(0) {
                return self.finish(ranked);
            }
            return self.next_round(ranked.into_iter().map(|s| s.player).collect());
        };
        if is_final(self.order.len()) {
            let ranking = final_ranking(&played, &self.order, &self.eliminated);
            let all = standings(&self.games, |p| self.draw(p));
            let last = (ranking.into_iter())
                .filter_map(|p| all.iter().find(|s| s.player == p).cloned())
                .collect();
            return self.finish(last);
        }
        let (on, out) = go_on(&played, &self.order, k);
        self.eliminated.push(out.clone());
        self.left = on;
        // The standings before the next round, of the players still in, seat it.
        let order: Vec<P> = (standings(&self.games, |p| self.draw(p)).into_iter())
            .map(|s| s.player)
            .filter(|p| self.left.contains(p))
            .collect();
        let mut effects = vec![SwissEffect::Eliminated(out)];
        effects.extend(self.next_round(order));
        effects
    }

    fn finish(&mut self, last: Vec<Standing<P>>) -> Vec<SwissEffect<P>> {
        self.phase = SwissPhase::Finished;
        self.tables.clear();
        self.last = last.clone();
        vec![SwissEffect::Finished(last)]
    }
}

/// The rounds of the elimination variant for `players` with the top `k` (1 or 2) of each table
/// going on: the cuts depend only on the table sizes.
pub fn knockout_rounds(players: usize, k: usize) -> usize {
    let mut n = players;
    let mut played = 0;
    while !is_final(n) {
        let sizes = super::swiss::table_sizes(n);
        let mut on: usize = sizes.iter().map(|&s| s.min(k)).sum();
        if on < 4 {
            on = 4.min(n);
        }
        if on >= n {
            break; // cannot happen for k of 1 or 2: every table seats at least 3
        }
        n = on;
        played += 1;
    }
    played + usize::from(players >= 2)
}
