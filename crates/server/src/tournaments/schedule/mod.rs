//! Scheduled tournaments from the operator's file (`tavolo serve --tournaments FILE`; the format
//! in docs/operations.md, "Scheduled tournaments"): each event's name, start, seats, entry, fee,
//! speed, fewest players, late registration, re-entries, rebuys and add-on — or, for a Swiss
//! event of Saint Poker (`game = "saint"`), its rounds or elimination variant — read
//! and checked once as the room starts — a bad file is refused with the line and the field at
//! fault, before anything is written — and each event recorded in the books once, whatever the
//! restarts and however many nodes read the same file: its id is made from the file's facts that
//! name it (its name and start), and the books hold one tournament an id. An event may repeat
//! daily or weekly: the room then keeps its next occurrence in the books, each occurrence an
//! event of its own (named by the same name and its own start).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use sha2::{Digest, Sha256};
use tavolo_cards::GameRng;
use tavolo_engine::tournament::{Start, SwissStart};
use tavolo_engine::Chips;
use tavolo_store::NewTournament;

use super::swiss::SwissDefinition;
use super::Definition;
use crate::error::RoomError;
use crate::room::{periodically, Room};
use start::start_ms;

mod start;
mod swiss;
mod tournament;

/// One scheduled tournament of the file, checked.
#[derive(Clone, Debug)]
pub struct Scheduled {
    /// Its id in the books (`e` and 16 hex digits of SHA-256 of its name and start).
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it plays, as the books keep it.
    pub definition: EventDefinition,
    /// Bots entered when it is recorded.
    pub bots: usize,
    /// How it repeats (`None`: once).
    pub repeat: Option<Repeat>,
}

/// What a scheduled event plays: a tournament of Hold'em or Draw, or a Swiss event of Saint
/// Poker — each the definition a player's event of its kind is made with, kept in the books as
/// theirs is (`tournaments.config`: the definition itself).
#[derive(Clone, Debug, serde::Serialize)]
#[serde(untagged)]
pub enum EventDefinition {
    /// No-Limit Hold'em or Five-Card Draw (the engine's settings, its bots' level, its speed).
    Tournament(Definition),
    /// A Swiss event of Saint Poker (the engine's settings, its bots' level).
    Swiss(SwissDefinition),
}

impl EventDefinition {
    /// Its start (ms since the Unix epoch; 0 for a sit-and-go, which a file never makes).
    pub fn starts_at(&self) -> u64 {
        match self {
            EventDefinition::Tournament(d) => match d.config.start {
                Start::Scheduled { at_ms, .. } => at_ms,
                Start::SitAndGo { .. } => 0,
            },
            EventDefinition::Swiss(d) => match d.swiss.start {
                SwissStart::Scheduled { at_ms, .. } => at_ms,
                SwissStart::SitAndGo { .. } => 0,
            },
        }
    }

    /// Its game's word, as the books' row names it (`holdem`, `draw`, `saint`).
    pub fn game(&self) -> &'static str {
        match self {
            EventDefinition::Tournament(d) => d.config.game.word(),
            EventDefinition::Swiss(_) => swiss::GAME,
        }
    }

    /// The same event starting at `at_ms` instead.
    fn starting_at(mut self, at_ms: u64) -> EventDefinition {
        match &mut self {
            EventDefinition::Tournament(d) => {
                if let Start::Scheduled { at_ms: at, .. } = &mut d.config.start {
                    *at = at_ms;
                }
            }
            EventDefinition::Swiss(d) => {
                if let SwissStart::Scheduled { at_ms: at, .. } = &mut d.swiss.start {
                    *at = at_ms;
                }
            }
        }
        self
    }
}

/// How a scheduled event repeats: its occurrences start this far apart, from its first start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Every day at the same time (UTC: 24 hours apart).
    Daily,
    /// Every week on the same day at the same time (UTC: 7 × 24 hours apart).
    Weekly,
}

impl Repeat {
    /// The time between two occurrences (ms).
    pub const fn period_ms(self) -> u64 {
        match self {
            Repeat::Daily => 86_400_000,
            Repeat::Weekly => 7 * 86_400_000,
        }
    }

    fn from_word(w: &str) -> Option<Repeat> {
        match w {
            "daily" => Some(Repeat::Daily),
            "weekly" => Some(Repeat::Weekly),
            _ => None,
        }
    }
}

impl Scheduled {
    /// Its start (ms since the Unix epoch).
    pub fn starts_at(&self) -> u64 {
        self.definition.starts_at()
    }

    /// The occurrence the books should hold at `now_ms`: the event itself while its start is
    /// ahead; for a repeating event whose start has passed, its first occurrence starting after
    /// `now_ms` (the same settings, its own start and id); `None` for a single event whose
    /// start has passed.
    pub fn next_after(&self, now_ms: u64) -> Option<Scheduled> {
        let first = self.starts_at();
        if first > now_ms {
            return Some(self.clone());
        }
        let period = self.repeat?.period_ms();
        let at_ms = first + ((now_ms - first) / period + 1) * period;
        Some(Scheduled {
            id: event_id(&self.name, at_ms),
            definition: self.definition.clone().starting_at(at_ms),
            ..self.clone()
        })
    }
}

/// Why the file is refused.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    /// Not TOML, or a value of the wrong type, or a field the format does not know (the
    /// message names the line and column).
    #[error("{0}")]
    Toml(#[from] toml::de::Error),
    /// An event whose settings cannot be played.
    #[error("line {line}, tournament {name:?}: {field}: {why}")]
    Event {
        /// The line its table begins on.
        line: usize,
        /// Its name.
        name: String,
        /// The field at fault.
        field: &'static str,
        /// Why.
        why: String,
    },
    /// Two events with the same name and start (they would be one tournament), or a name that
    /// a repeating event shares with another (their occurrences could meet).
    #[error("line {line}: tournament {name:?} is listed twice (at the same start, or beside a repeating event of its name)")]
    Twice {
        /// The line of the second.
        line: usize,
        /// Its name.
        name: String,
    },
}

/// The file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    tournament: Vec<toml::Spanned<Event>>,
}

/// One event as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Event {
    name: String,
    start: toml::Value,
    #[serde(default)]
    seats: Option<usize>,
    #[serde(default)]
    entry: Option<Chips>,
    #[serde(default)]
    fee: Chips,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    speed: Option<String>,
    #[serde(default)]
    min_players: Option<usize>,
    #[serde(default)]
    late_until_level: usize,
    #[serde(default)]
    re_entry: bool,
    #[serde(default)]
    rebuys: bool,
    #[serde(default)]
    add_on: Option<AddOnAsWritten>,
    /// The prize pool is at least this: the house adds the overlay.
    #[serde(default)]
    guarantee: Option<Chips>,
    #[serde(default)]
    bots: usize,
    #[serde(default)]
    bot_level: Option<String>,
    #[serde(default)]
    repeat: Option<String>,
    /// A Swiss event's rounds.
    #[serde(default)]
    rounds: Option<usize>,
    /// A Swiss event's elimination variant: the top `knockout` of each table go on.
    #[serde(default)]
    knockout: Option<usize>,
}

/// An add-on as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AddOnAsWritten {
    chips: Chips,
    price: Chips,
}

/// The most bots an event may enter.
const MAX_BOTS: usize = 1_000;

/// Reads and checks the scheduled tournaments' file.
pub fn parse(text: &str) -> Result<Vec<Scheduled>, ScheduleError> {
    let file: File = toml::from_str(text)?;
    let mut out: Vec<Scheduled> = Vec::new();
    for spanned in file.tournament {
        let line = line_of(text, spanned.span().start);
        let event = spanned.into_inner();
        let name = event.name.trim().to_string();
        let fault = |field: &'static str, why: String| ScheduleError::Event {
            line,
            name: name.clone(),
            field,
            why,
        };
        let s = checked(&event, &name).map_err(|(field, why)| fault(field, why))?;
        let meets = |o: &Scheduled| {
            o.id == s.id || (o.name == s.name && (o.repeat.is_some() || s.repeat.is_some()))
        };
        if out.iter().any(meets) {
            return Err(ScheduleError::Twice { line, name });
        }
        out.push(s);
    }
    Ok(out)
}

/// A field at fault, and why.
type Fault = (&'static str, String);

/// One event checked, or the field at fault and why.
fn checked(e: &Event, name: &str) -> Result<Scheduled, Fault> {
    if name.is_empty() {
        return Err(("name", "a tournament needs a name".into()));
    }
    let at_ms = start_ms(&e.start).map_err(|why| ("start", why))?;
    if e.bots > MAX_BOTS {
        return Err(("bots", format!("at most {MAX_BOTS} bots")));
    }
    let definition = match e.game.as_deref() {
        Some(swiss::GAME) => EventDefinition::Swiss(swiss::settings(e, at_ms)?),
        game => EventDefinition::Tournament(tournament::settings(e, game, at_ms)?),
    };
    let repeat = match e.repeat.as_deref() {
        None => None,
        Some(w) => {
            Some(Repeat::from_word(w).ok_or(("repeat", format!("{w:?} is not daily or weekly")))?)
        }
    };
    Ok(Scheduled {
        id: event_id(name, at_ms),
        name: name.into(),
        definition,
        bots: e.bots,
        repeat,
    })
}

/// The id of the event named `name` starting at `at_ms`: from those facts alone, so that every
/// node and every restart reading the file names it the same.
fn event_id(name: &str, at_ms: u64) -> String {
    let digest = Sha256::digest(format!("{name}\n{at_ms}").as_bytes());
    let hex: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("e{hex}")
}

/// The line (1 first) of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let before = text.get(..offset).unwrap_or(text);
    before.bytes().filter(|b| *b == b'\n').count() + 1
}

/// How often the room looks for a repeating event's next occurrence to record (the coordinators
/// look at the clock as often).
const LOOK_EVERY: Duration = Duration::from_secs(1);

/// Records the scheduled tournaments of the room's file not yet in the books (at once, so the
/// lobby lists them as the room opens), then keeps each repeating event's next occurrence
/// recorded: once one starts, the next is listed within a second.
pub async fn keep(room: &Arc<Room>, events: Vec<Scheduled>) {
    if events.is_empty() {
        return;
    }
    let settled = Arc::new(tokio::sync::Mutex::new(HashSet::new()));
    room.create_scheduled(&events, &mut *settled.lock().await)
        .await;
    if events.iter().all(|e| e.repeat.is_none()) {
        return;
    }
    let events = Arc::new(events);
    periodically(room, LOOK_EVERY, LOOK_EVERY, move |room| {
        let (events, settled) = (events.clone(), settled.clone());
        async move {
            let mut settled = settled.lock().await;
            room.create_scheduled(&events, &mut settled).await
        }
    });
}

impl Room {
    /// Records each scheduled event's occurrence due now ([`Scheduled::next_after`]) unless the
    /// books hold it, and starts its coordinator here: each once (an event another node or an
    /// earlier start recorded is the books' already, taken up by [`Room::resume_tournaments`]).
    /// A single event whose start has passed and that the books do not hold is not created.
    /// `settled` holds the occurrences this process has recorded or found recorded: they are
    /// not asked for again (the books would answer the same).
    pub async fn create_scheduled(
        self: &Arc<Room>,
        events: &[Scheduled],
        settled: &mut HashSet<String>,
    ) {
        if self.read_only().is_some() {
            return;
        }
        let now = self.config.time.unix_ms();
        for event in events {
            let Some(event) = event.next_after(now) else {
                if settled.insert(event.id.clone()) {
                    tracing::info!(tournament = %event.id, name = %event.name, "a scheduled tournament's start has passed: not created");
                }
                continue;
            };
            if settled.contains(&event.id) {
                continue;
            }
            match self.create_event(&event).await {
                Ok(made) => {
                    if made {
                        tracing::info!(tournament = %event.id, name = %event.name, "a scheduled tournament was created");
                    }
                    settled.insert(event.id.clone());
                }
                Err(e) => {
                    tracing::error!(tournament = %event.id, name = %event.name, error = %e, "a scheduled tournament could not be created")
                }
            }
        }
    }

    /// Records `event` unless the books hold it; whether it was recorded now.
    async fn create_event(self: &Arc<Room>, event: &Scheduled) -> Result<bool, RoomError> {
        if let EventDefinition::Tournament(def) = &event.definition {
            let charge = def.config.prize.try_add(def.config.fee)?;
            if event.bots > 0 && charge > self.config.max_bot_buy_in {
                return Err(RoomError::BotsTooRich {
                    max: self.config.max_bot_buy_in,
                    asked: charge,
                });
            }
        }
        let seed = GameRng::os_seed();
        let config = serde_json::to_string(&event.definition);
        let row = NewTournament {
            id: event.id.clone(),
            name: event.name.clone(),
            game: event.definition.game().into(),
            config: config.map_err(|e| RoomError::Internal(e.to_string()))?,
            seed: tavolo_store::hex(&seed),
            created_by: None,
        };
        let store = self.books.store();
        let made = store.create_tournament_once(&row, &self.node.id, self.node.lease_ms());
        let Some(fence) = made.await? else {
            return Ok(false);
        };
        match &event.definition {
            EventDefinition::Tournament(def) => {
                (self.begin_tournament(def, &row, seed, fence, event.bots)).await?
            }
            EventDefinition::Swiss(def) => {
                (self.begin_swiss(def, &row, seed, fence, event.bots)).await?
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(more: &str) -> Result<Vec<Scheduled>, ScheduleError> {
        parse(&format!(
            "[[tournament]]\nname = \"Nightly\"\nstart = 2030-01-01T20:00:00Z\nentry = 100\n{more}"
        ))
    }

    /// 2030-01-01T20:00:00Z.
    const FIRST: u64 = 1_893_528_000_000;
    const DAY: u64 = 86_400_000;

    #[test]
    fn a_daily_event_is_due_at_its_next_start_after_now_with_an_id_of_its_own() {
        let nightly = &one("repeat = \"daily\"").expect("a good file")[0];
        assert_eq!(nightly.repeat, Some(Repeat::Daily));
        let before = nightly.next_after(FIRST - 1).expect("due");
        assert_eq!((before.starts_at(), &before.id), (FIRST, &nightly.id));
        for now in [FIRST, FIRST + 1, FIRST + DAY - 1] {
            let next = nightly.next_after(now).expect("due");
            assert_eq!(next.starts_at(), FIRST + DAY, "at {now}");
            assert_eq!(next.id, event_id("Nightly", FIRST + DAY));
            assert_ne!(next.id, nightly.id);
        }
        let later = nightly.next_after(FIRST + 10 * DAY).expect("due");
        assert_eq!(later.starts_at(), FIRST + 11 * DAY);
    }

    #[test]
    fn a_weekly_event_comes_back_seven_days_later_and_a_single_one_never() {
        let weekly = &one("repeat = \"weekly\"").expect("a good file")[0];
        assert_eq!(
            weekly.next_after(FIRST).map(|e| e.starts_at()),
            Some(FIRST + 7 * DAY)
        );
        let once = &one("").expect("a good file")[0];
        assert_eq!(once.repeat, None);
        assert!(once.next_after(FIRST).is_none());
    }

    #[test]
    fn a_weekly_swiss_event_comes_back_a_swiss_event_at_its_next_start_with_its_settings() {
        let text = "[[tournament]]\nname = \"Saint\"\nstart = 2030-01-01T20:00:00Z\n\
                    game = \"saint\"\nrounds = 3\nrepeat = \"weekly\"\n";
        let saint = &parse(text).expect("a good file")[0];
        let next = saint.next_after(FIRST).expect("due");
        assert_eq!(next.starts_at(), FIRST + 7 * DAY);
        assert_eq!(next.id, event_id("Saint", FIRST + 7 * DAY));
        let EventDefinition::Swiss(def) = &next.definition else {
            panic!("a Swiss event: {next:?}")
        };
        assert_eq!(
            (def.swiss.start, def.swiss.rounds),
            (
                SwissStart::Scheduled {
                    at_ms: FIRST + 7 * DAY,
                    min_players: 3
                },
                Some(3)
            )
        );
        assert_eq!(next.definition.game(), "saint");
    }

    #[test]
    fn a_repeat_the_format_does_not_know_or_a_name_shared_with_a_repeating_event_is_refused() {
        let wrong = one("repeat = \"hourly\"").expect_err("refused").to_string();
        assert!(
            wrong.contains("repeat") && wrong.contains("hourly"),
            "{wrong}"
        );
        let shared = one("repeat = \"daily\"\n[[tournament]]\nname = \"Nightly\"\nstart = 2030-01-05T20:00:00Z\nentry = 100\n");
        assert!(
            matches!(shared, Err(ScheduleError::Twice { line: 6, .. })),
            "{shared:?}"
        );
    }
}
