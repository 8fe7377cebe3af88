//! The tournaments' part of the HTTP API (docs/protocol.md "Tournaments"; RULES.md §5): the
//! lobby's line of each tournament, one tournament in full (standings, places and prizes, its
//! tables, and what the asking player needs to know of themselves), a sit-and-go a player
//! creates, deals at the final table, and the answers to registering, withdrawing, rebuys,
//! add-ons and deals.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tavolo_engine::Chips;

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Taking entries.
    #[default]
    Registering,
    /// Playing.
    Running,
    /// Won, every prize paid.
    Finished,
    /// Called off, every entry refunded.
    Cancelled,
}

/// One tournament in `GET /api/tournaments` (and the head of `GET /api/tournaments/{id}`).
// Its default is a line before anything is in play (registering, nobody entered, no level, no
// clock, no options): a new tournament's line is its facts and `..TournamentLine::default()`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentLine {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game (`holdem` or `draw`).
    pub game: String,
    /// The betting structure (`no_limit`).
    pub structure: String,
    /// `sit_and_go` (starts when `players` have registered) or `scheduled`.
    pub kind: String,
    /// The speed of its levels (`regular`, `turbo`, `hyper`).
    pub speed: String,
    /// Levels by hands: the hands each level lasts at each table (`null`: levels by time).
    #[serde(default)]
    pub hands_per_level: Option<u32>,
    /// Where it is.
    pub status: TournamentStatus,
    /// What an entry puts in the prize pool.
    pub entry: Chips,
    /// What an entry pays the house.
    pub fee: Chips,
    /// Seats a table.
    pub seats: usize,
    /// A sit-and-go's size: it starts with this many entries.
    pub players: usize,
    /// Entries so far.
    pub entrants: usize,
    /// Players still in.
    pub left: usize,
    /// The prize pool.
    pub prize_pool: Chips,
    /// Places paid, once fixed (when registration closes).
    pub places_paid: usize,
    /// The starting stack.
    pub starting_stack: Chips,
    /// The level in force (1 = the first), once running.
    pub level: Option<u32>,
    /// Its small blind (none at Draw).
    pub small_blind: Option<Chips>,
    /// Its big blind (none at Draw).
    pub big_blind: Option<Chips>,
    /// Its big-blind ante (Draw: every player's ante, also the minimum bet).
    pub ante: Option<Chips>,
    /// The average stack of the players still in.
    pub average_stack: Option<Chips>,
    /// When the level in force ends (ms since the Unix epoch; levels by time, not on a break,
    /// not the last level): the next level, or a break, begins then.
    pub level_ends_ms: Option<u64>,
    /// The level after the one in force, if the structure has one.
    pub next_level: Option<TournamentLevel>,
    /// The minutes of the break that follows the level in force, if one does.
    pub break_next_minutes: Option<u32>,
    /// On a break: when it ends (ms since the Unix epoch; no table deals until then).
    pub break_ends_ms: Option<u64>,
    /// A deal proposed at the final table: when it lapses unless everyone accepts (ms since the
    /// Unix epoch; the table deals no new hand until it is made or off).
    #[serde(default)]
    pub deal_ends_ms: Option<u64>,
    /// A deal made keeping prize money back (RULES.md §5): the amount play goes on for, while it
    /// does — the winner takes it.
    #[serde(default)]
    pub kept_back: Option<Chips>,
    /// When it was created (ms since the Unix epoch).
    pub created_at: i64,
    /// A scheduled tournament's start (ms since the Unix epoch).
    #[serde(default)]
    pub starts_at: Option<i64>,
    /// A scheduled tournament's last level of late registration (0: none); rebuys and
    /// re-entries end with it, and the add-on is taken in it.
    #[serde(default)]
    pub late_until_level: Option<usize>,
    /// A scheduled tournament's fewest entries: short of them at the start it is called off,
    /// every entry refunded.
    #[serde(default)]
    pub min_players: Option<usize>,
    /// A busted player may enter again during late registration.
    #[serde(default)]
    pub re_entry: bool,
    /// Players at or below the starting stack may buy it again during late registration.
    #[serde(default)]
    pub rebuys: bool,
    /// The add-on, if any: its chips and its price.
    #[serde(default)]
    pub add_on: Option<TournamentAddOn>,
    /// The guaranteed prize pool, if any ("GTD"): when the payouts are fixed, the house adds
    /// what the pool is short of it.
    #[serde(default)]
    pub guarantee: Option<Chips>,
    /// The house's overlay in the prize pool, once the payouts are fixed (zero: none needed).
    #[serde(default)]
    pub overlay: Option<Chips>,
    /// A Swiss event (`game` `saint`): the round in play or the last played (1 = the first),
    /// once started.
    #[serde(default)]
    pub round: Option<usize>,
    /// A Swiss event: its rounds, once known (set when it was made, else ⌈log₂ N⌉ + 1 of the N
    /// who started).
    #[serde(default)]
    pub rounds: Option<usize>,
    /// A Swiss event's elimination variant: the top `knockout` of each table go on.
    #[serde(default)]
    pub knockout: Option<usize>,
}

/// A tournament's add-on as the lobby shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentAddOn {
    /// The tournament chips it gives.
    pub chips: Chips,
    /// Its price, all of it into the prize pool.
    pub price: Chips,
}

/// A level's number and what is posted in its hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentLevel {
    /// Its number (1 = the first).
    pub number: u32,
    /// The small blind.
    pub small_blind: Chips,
    /// The big blind.
    pub big_blind: Chips,
    /// The big-blind ante (0: none).
    pub ante: Chips,
}

/// `GET /api/tournaments`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentsReply {
    /// Every tournament, newest first.
    pub tournaments: Vec<TournamentLine>,
}

/// A player in a tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentEntrant {
    /// Their name.
    pub name: String,
    /// Their tournament chips (0 once out).
    pub stack: Chips,
    /// The table they sit at (its id, to watch it), while in.
    pub table: Option<String>,
    /// Their place, once out (or 1: the winner).
    pub place: Option<usize>,
    /// The prize that place paid them.
    pub prize: Option<Chips>,
}

/// What the asking player needs to know of themselves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentMe {
    /// They have an entry.
    pub registered: bool,
    /// The table they sit at now (its id: open it to play), while in.
    pub table: Option<String>,
    /// Their seat there.
    pub seat: Option<usize>,
    /// Their place, once out (or 1: the winner).
    pub place: Option<usize>,
    /// Their prize, once paid.
    pub prize: Option<Chips>,
    /// What they were told, oldest first (entered, seated, moved, busted, paid, refunded…).
    pub notices: Vec<TournamentNotice>,
    /// They may rebuy now (`POST /api/tournaments/{id}/rebuy`; made between hands).
    #[serde(default)]
    pub may_rebuy: bool,
    /// They may take the add-on now (`POST /api/tournaments/{id}/addon`; made between hands).
    #[serde(default)]
    pub may_add_on: bool,
    /// They may propose a deal now (`POST /api/tournaments/{id}/deal` with
    /// `{"propose": "icm"|"chop", "keep_back": 0}`): at the final table of at most ten, the
    /// prizes fixed, no deal made before.
    #[serde(default)]
    pub may_propose_deal: bool,
    /// A deal is proposed that waits for their answer (`POST /api/tournaments/{id}/deal` with
    /// `{"accept": true|false}`; an acceptance is taken once the hand in play is over).
    #[serde(default)]
    pub deal_answer_due: bool,
}

/// A deal proposed at the final table (RULES.md §5), as everyone sees it: both ICM's and the
/// chip chop's figures for every player in it, whichever was proposed, and the amount kept back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentDeal {
    /// The kind proposed: `icm` or `chop`.
    pub kind: String,
    /// Who proposed it.
    pub by: String,
    /// The prize money kept back to play for (0: none, and a deal made ends the tournament):
    /// taken off the top of the prizes left; the figures share the rest, the shares are paid
    /// when the deal is made, and the winner of the play that follows takes this.
    #[serde(default)]
    pub keep_back: Chips,
    /// When it lapses unless everyone has accepted (ms since the Unix epoch).
    pub ends_ms: u64,
    /// The figures are final (the table is between hands) and acceptances are taken; while the
    /// hand in play goes on they are those of the stacks before it.
    pub settled: bool,
    /// The players in it, most chips first: the order of the places the deal gives.
    pub players: Vec<TournamentDealShare>,
}

/// One player's part in a deal proposed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentDealShare {
    /// Their name.
    pub name: String,
    /// Their stack.
    pub stack: Chips,
    /// What ICM gives them, in whole chips (of the prizes less the amount kept back).
    pub icm: Chips,
    /// What the chip chop gives them.
    pub chop: Chips,
    /// They have accepted these figures.
    pub accepted: bool,
}

/// `POST /api/tournaments/{id}/deal`: exactly one of `propose` (`icm` or `chop`, with
/// `keep_back` if any) or `accept`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DealRequest {
    /// Propose a deal of this kind: `icm` or `chop`.
    #[serde(default)]
    pub propose: Option<String>,
    /// With `propose`: the prize money kept back to play for, whole chips from 0 (the default:
    /// none) up to the prize money left; the winner of the play that follows takes it.
    #[serde(default)]
    pub keep_back: Option<Chips>,
    /// Accept (true) or decline the deal proposed.
    #[serde(default)]
    pub accept: Option<bool>,
}

/// A Swiss event's standings and rounds (RULES.md §5, "Saint Poker tournaments (Swiss)").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentSwiss {
    /// The standings, best first (the final ones once over): tournament points, then the
    /// published tie-breaks.
    pub standings: Vec<SwissStanding>,
    /// Each round's tables, the first round first.
    pub tables: Vec<SwissTable>,
}

/// One player in a Swiss event's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SwissStanding {
    /// Their place in the standings (1 first).
    pub place: usize,
    /// Their name.
    pub name: String,
    /// Tournament (place) points (a shared place's average may be a fraction).
    pub points: f64,
    /// Saint points over every game (the first tie-break).
    pub saint: i64,
    /// The sum of their opponents' tournament points (the second tie-break).
    pub opponents: f64,
    /// Out of the elimination variant.
    #[serde(default)]
    pub eliminated: bool,
}

/// One table of a Swiss round: its players in seat order and, once in, the game's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SwissTable {
    /// The round (1 = the first).
    pub round: usize,
    /// The table of that round (1 = the first).
    pub table: usize,
    /// Its id while it plays (open it to play or watch).
    pub id: Option<String>,
    /// Its players, seat 1 first.
    pub players: Vec<String>,
    /// Once the game is over: each player's Saint points, as `players`.
    pub saint: Option<Vec<i64>>,
    /// Once the game is over: the players who never came (0 place points).
    #[serde(default)]
    pub absent: Vec<String>,
}

/// `GET /api/tournaments/{id}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentDetail {
    /// The lobby's line.
    pub tournament: TournamentLine,
    /// Its prizes by place, first place first, once fixed.
    pub prizes: Vec<Chips>,
    /// The players: those still in by stack, then those out by place.
    pub entrants: Vec<TournamentEntrant>,
    /// Its open tables' ids.
    pub tables: Vec<String>,
    /// The asking player (none for a visitor not signed in).
    pub me: Option<TournamentMe>,
    /// The deal proposed at the final table, if any.
    #[serde(default)]
    pub deal: Option<TournamentDeal>,
    /// A Swiss event's standings and rounds (`game` `saint`).
    #[serde(default)]
    pub swiss: Option<TournamentSwiss>,
    /// The room's clock when it answered (ms since the Unix epoch): count the level's and the
    /// break's time left from it, not from the client's own clock.
    pub now_ms: u64,
}

/// `POST /api/tournaments`: a sit-and-go of No-Limit Hold'em or Five-Card Draw that starts when
/// `players` have registered; `bots` of its seats are taken by bots at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSitAndGo {
    /// Its name (a default from the room otherwise).
    #[serde(default)]
    pub name: Option<String>,
    /// The game: `holdem` (the default), `draw`, or `saint` (a free Swiss event of Saint Poker:
    /// no entry, fee, speed or seats; `rounds` and `knockout` apply).
    #[serde(default)]
    pub game: Option<String>,
    /// Entries it starts with (2 to 1,000; a Swiss event 3 to 100).
    pub players: usize,
    /// Seats a table (2 to 10, Draw 2 to 8; default 9, Draw 8).
    #[serde(default)]
    pub seats: Option<usize>,
    /// What an entry puts in the prize pool (a Swiss event: none).
    #[serde(default)]
    pub entry: Chips,
    /// What an entry pays the house (default 0).
    #[serde(default)]
    pub fee: Chips,
    /// `regular`, `turbo` (the default) or `hyper`.
    #[serde(default)]
    pub speed: Option<String>,
    /// Levels by hands (RULES.md §5, "Levels and the clock"): each level lasts this many hands
    /// at each table (1 to 1,000; the tournament moves on with the slowest table), the speed's
    /// blinds and breaks kept. Absent: levels by time, the speed's minutes.
    #[serde(default)]
    pub hands_per_level: Option<u32>,
    /// Bots entered at once (fewer than `players`).
    #[serde(default)]
    pub bots: usize,
    /// Their level (`beginner`, `regular`, `strong`; default `regular`).
    #[serde(default)]
    pub bot_level: Option<String>,
    /// A Swiss event's rounds (1 to 20; default ⌈log₂ N⌉ + 1 of the N who start).
    #[serde(default)]
    pub rounds: Option<usize>,
    /// A Swiss event's elimination variant: the top 1 or 2 of each table go on, to a final
    /// table of 4 or 5 (`rounds` does not apply).
    #[serde(default)]
    pub knockout: Option<usize>,
}

/// `POST /api/tournaments`: the tournament made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentCreated {
    /// Its id.
    pub id: String,
}

/// `POST /api/tournaments/{id}/register`, `/unregister`, `/rebuy` and `/addon`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentAnswer {
    /// `registered`, `unregistered`, `rebought` or `added_on` (booked: the chips join the stack
    /// between hands), or `pending` (the books did not answer yet: the charge is sent again
    /// under the same key, and a notice follows).
    pub result: String,
    /// The entry's number (1 the first, 2 a re-entry…), when registered.
    pub entry: Option<u32>,
    /// What came back, when unregistered.
    pub refund: Option<Chips>,
}

/// A notice for one player of a tournament: what happened as a key and its arguments, which
/// the browser says in the reader's language (its `tn_{key}` strings), and in English for
/// other clients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TournamentNotice {
    /// What happened: `registered`, `re_entered` (`entry`), `refunded` (`amount`), `rebought`
    /// and `added_on` (`stack`), `seated` and `moved` (`table`, `seat`), `won`, `busted`
    /// (`place`, `tied`, and `prize` when the place pays one not shared), `paid` (`place`,
    /// `amount`), `cancelled`, `deal_proposed` (`by`, `kind`), `deal_declined` (`by`),
    /// `deal_off`, `deal_made` (`kind`, `share`) — both deal notices with `keep_back` when the
    /// deal keeps money back to play for —, `deal_paid` (`amount`: a share of a deal that kept
    /// money back, paid when it is made), `refused` (`code`, `message`); a Swiss event's
    /// `swiss_seated` (`round`, `table`, `seat`), `swiss_out` (`round`), `swiss_won`,
    /// `swiss_placed` (`place`) and `swiss_cancelled`.
    pub key: String,
    /// Its arguments by name: numbers (chips; `table` and `seat` counted from 1), or words (a
    /// player's name `by`, a deal's `kind` `icm` or `chop`, an error's `code` and `message`).
    pub args: std::collections::BTreeMap<String, serde_json::Value>,
    /// The notice in English.
    pub text: String,
}
