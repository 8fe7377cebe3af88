//! Table options (`create_table`), checked before a table opens against the rules of their
//! game, and the lobby's summary of a table. (Which bots a table may have is the room's own
//! check: [`crate::table::bots`].)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tavolo_engine::draw::{DrawHand, DrawTable};
use tavolo_engine::game::Game;
use tavolo_engine::holdem::{Hand, HandSetup, HoldemTable, Structure};
use tavolo_engine::house::{HouseRuleError, HouseRules};
use tavolo_engine::saint::{SaintGame, SaintOptions};
use tavolo_engine::table::TableRules;
use tavolo_engine::Chips;

/// The three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Texas Hold'em.
    Holdem,
    /// Five-Card Draw, German rules.
    Draw,
    /// Saint Poker.
    Saint,
}

impl GameKind {
    /// The name on the wire and in the store.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Holdem => "holdem",
            GameKind::Draw => "draw",
            GameKind::Saint => "saint",
        }
    }
}

/// The options of a table, as sent by `create_table` (missing fields take the defaults).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TableOptions {
    /// The game.
    pub game: GameKind,
    /// A name for the lobby.
    pub name: String,
    /// Hold'em: `nl`, `pl` or `limit`; Draw: `nl` only.
    pub structure: String,
    /// Hold'em big blind: the table minimum (the small blind is half of it, rounded down,
    /// unless `rules` sets a house small blind).
    pub big_blind: Chips,
    /// Draw ante (also the minimum bet).
    pub ante: Chips,
    /// The buy-in of a betting game.
    pub buy_in: Chips,
    /// The rebuy of a betting game.
    pub rebuy: Chips,
    /// Seats.
    pub seats: usize,
    /// Players needed to deal (0: the game's own: Hold'em 4 as in a casino, or every seat
    /// when there are fewer; Draw 2; Saint Poker every seat).
    pub min_players: usize,
    /// Seconds per decision.
    pub clock_secs: u64,
    /// Time bank per player, seconds.
    pub time_bank_secs: u64,
    /// Seats filled by bots at once.
    pub bots: usize,
    /// The bots' level.
    pub bot_level: String,
    /// Saint Poker stake per player (0: friendly).
    pub stake: Chips,
    /// Whether spectators may write in the table's chat (players always may).
    pub spectator_chat: bool,
    /// The rule options of RULES.md this table sets (each missing one: the rule's default;
    /// `GET /api/rules` lists them).
    #[schemars(with = "serde_json::Map<String, serde_json::Value>")]
    pub rules: HouseRules,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            game: GameKind::Holdem,
            name: String::new(),
            structure: "nl".into(),
            big_blind: Chips::new(2),
            ante: Chips::new(5),
            buy_in: Chips::new(200),
            rebuy: Chips::new(200),
            seats: 6,
            min_players: 0,
            clock_secs: 20,
            time_bank_secs: 60,
            bots: 0,
            bot_level: String::new(),
            stake: Chips::ZERO,
            spectator_chat: false,
            rules: HouseRules::default(),
        }
    }
}

/// Options a table cannot be opened with, and why (answered `invalid_options`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

fn invalid(m: impl Into<String>) -> OptionsError {
    OptionsError(m.into())
}

fn house(e: HouseRuleError) -> OptionsError {
    invalid(e.to_string())
}

impl TableOptions {
    /// Reads and checks options from JSON. The rule options (`rules`) are read one by one, so
    /// that a refusal names the option.
    pub fn from_json(v: &serde_json::Value) -> Result<TableOptions, OptionsError> {
        let mut v = v.clone();
        if v.get("small_blind").is_some() {
            return Err(invalid(
                "the small blind is half the big blind (RULES.md §2); a house small blind is a rule \
                 option: \"rules\": {\"small_blind\": N}",
            ));
        }
        let rules = match v.as_object_mut().and_then(|m| m.remove("rules")) {
            Some(r) => HouseRules::from_json(&r).map_err(house)?,
            None => HouseRules::default(),
        };
        let mut o: TableOptions = serde_json::from_value(v).map_err(|e| invalid(e.to_string()))?;
        o.rules = rules;
        o.checked()
    }

    /// Checks options built in code as [`TableOptions::from_json`] checks a client's, and fills
    /// in what is left to the game (players needed, a name, the bots' level).
    pub fn checked(mut self) -> Result<TableOptions, OptionsError> {
        let o = &mut self;
        o.check()?;
        o.min_players = o.players_needed();
        if o.name.is_empty() {
            o.name = format!("{} table", o.game.name());
        }
        if o.bot_level.is_empty() {
            o.bot_level = match o.game {
                GameKind::Saint => "greedy".into(),
                _ => "rules".into(),
            };
        }
        Ok(self)
    }

    /// The Hold'em betting structure.
    pub fn holdem_structure(&self) -> Structure {
        match self.structure.as_str() {
            "pl" => Structure::PotLimit,
            "limit" => Structure::FixedLimit,
            _ => Structure::NoLimit,
        }
    }

    /// How many ready players a deal needs: `min_players`, or the game's own.
    pub fn players_needed(&self) -> usize {
        match (self.min_players, self.game) {
            (0, GameKind::Holdem) => self.seats.min(4),
            (0, GameKind::Draw) => 2,
            (0, GameKind::Saint) => self.seats,
            (n, _) => n,
        }
    }

    /// The table model's rules: seats, players needed, buy-in and rebuy (none in Saint Poker,
    /// played for a stake), two hands of rest at most.
    pub fn table_rules(&self) -> TableRules {
        if self.betting() {
            TableRules::cash(self.seats, self.players_needed(), self.buy_in, self.rebuy)
        } else {
            TableRules::points(self.seats)
        }
    }

    /// A Hold'em table's blinds and ruleset (RULES.md §2 with the table's rule options).
    pub fn holdem_table(&self) -> Result<HoldemTable, OptionsError> {
        self.rules
            .holdem_table(self.big_blind, self.holdem_structure())
            .map_err(house)
    }

    /// A draw table's ante and ruleset (RULES.md §3 with the table's rule options).
    pub fn draw_table(&self) -> Result<DrawTable, OptionsError> {
        self.rules.draw_table(self.ante).map_err(house)
    }

    /// Saint Poker's settings (RULES.md §1 with the table's rule options): every seat plays.
    pub fn saint_options(&self) -> Result<SaintOptions, OptionsError> {
        self.rules
            .saint_options(self.seats.clamp(2, 5) as u8)
            .map_err(house)
    }

    /// The rule options that differ from the game's defaults: the table's house rules, shown
    /// in the lobby.
    pub fn house_rules(&self) -> HouseRules {
        let defaults = match self.game {
            GameKind::Holdem => {
                HouseRules::holdem_defaults(self.big_blind, self.holdem_structure())
            }
            GameKind::Draw => HouseRules::draw_defaults(),
            GameKind::Saint => HouseRules::saint_defaults(self.seats.clamp(2, 5) as u8),
        };
        self.rules.beyond(&defaults)
    }

    /// The small blind in force (Hold'em): the table's (half the table minimum, or the house
    /// small blind).
    pub fn small_blind(&self) -> Chips {
        self.holdem_table().map_or(Chips::ZERO, |t| t.small_blind)
    }

    /// A Limit table's small and big bet, as the engine deals them (RULES.md §2 Betting
    /// structures: the big blind, and twice it).
    pub fn limit_bets(&self) -> (Chips, Chips) {
        let t = self
            .holdem_table()
            .unwrap_or_else(|_| HoldemTable::casino(self.big_blind, Default::default()));
        let s = HandSetup::casino(Vec::new(), 0, t.small_blind, t.big_blind, t.rules);
        (s.min_bet, s.big_bet)
    }

    /// Whether chips are bet (Hold'em, Draw) rather than staked on a whole game.
    pub fn betting(&self) -> bool {
        self.game != GameKind::Saint
    }

    fn check(&self) -> Result<(), OptionsError> {
        if self.name.chars().count() > 40 {
            return Err(invalid("the name has at most 40 characters"));
        }
        let seats = match self.game {
            GameKind::Holdem => Hand::SEATS,
            GameKind::Draw => DrawHand::SEATS,
            GameKind::Saint => SaintGame::SEATS,
        };
        if !seats.contains(&self.seats) {
            return Err(invalid(format!(
                "{} tables have {}–{} seats",
                self.game.name(),
                seats.start(),
                seats.end()
            )));
        }
        if self.min_players != 0 && !(2..=self.seats).contains(&self.min_players) {
            return Err(invalid(format!(
                "min_players is 2–{} (the seats), or 0 for the game's own",
                self.seats
            )));
        }
        if self.bots >= self.seats {
            return Err(invalid("bots must leave at least one seat for a player"));
        }
        if self.clock_secs > 600 || self.time_bank_secs > 3600 {
            return Err(invalid("clock_secs ≤ 600 and time_bank_secs ≤ 3600"));
        }
        const MAX: Chips = Chips::new(1_000_000_000);
        match self.game {
            GameKind::Holdem => {
                if !["nl", "pl", "limit"].contains(&self.structure.as_str()) {
                    return Err(invalid("structure must be nl, pl or limit"));
                }
                if self.big_blind < 2 {
                    return Err(invalid("big_blind (the table minimum) is at least 2"));
                }
                self.holdem_table()?;
                if self.buy_in < self.big_blind || self.buy_in > MAX || self.rebuy > MAX {
                    return Err(invalid("the buy-in must be at least the big blind"));
                }
            }
            GameKind::Draw => {
                if self.structure != "nl" {
                    return Err(invalid("Five-Card Draw is played no-limit (structure nl)"));
                }
                if self.ante == 0
                    || self.buy_in < self.ante
                    || self.buy_in > MAX
                    || self.rebuy > MAX
                {
                    return Err(invalid(
                        "the ante must be positive and the buy-in at least the ante",
                    ));
                }
                self.draw_table()?;
            }
            GameKind::Saint => {
                if self.stake > MAX {
                    return Err(invalid("the stake is too large"));
                }
                self.saint_options()?;
            }
        }
        self.table_rules()
            .check()
            .map_err(|e| invalid(e.to_string()))
    }
}

/// Where a table is, as the lobby says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Waiting for players.
    Waiting,
    /// A hand or game is in play.
    Playing,
    /// Closed.
    Closed,
}

/// One table as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TableSummary {
    /// The table's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// The betting structure (`null` for Saint Poker).
    pub structure: Option<String>,
    /// Blinds `1/2` (Limit: its small and big bet, `2/4`), ante `5`, or stake `100`.
    pub stakes: String,
    /// A Limit table's cap on bets a round (RULES.md §2: four, none heads-up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_cap: Option<LimitCap>,
    /// The rule options that differ from the game's defaults (RULES.md's options).
    #[schemars(with = "serde_json::Map<String, serde_json::Value>")]
    pub house_rules: HouseRules,
    /// Buy-in (0 for Saint Poker).
    pub buy_in: Chips,
    /// Seats.
    pub seats: usize,
    /// Players needed to deal.
    pub min_players: usize,
    /// Seats taken.
    pub seated: usize,
    /// Players on the waiting list.
    pub waiting: usize,
    /// Bots seated.
    pub bots: usize,
    /// Seconds per decision.
    pub clock_secs: u64,
    /// `waiting` (for players), `playing` (a hand in play, or the pause before the next), or
    /// `closed`.
    pub state: TableStatus,
    /// Players more than those seated and ready that a deal needs (0: it deals as soon as
    /// somebody sits down or watches).
    #[serde(default)]
    pub needed: usize,
}

/// The cap on bets in a round of a Limit table (RULES.md §2 Betting structures).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LimitCap {
    /// The most bets a round: the opening bet (or the blind) and the raises.
    pub max_bets: u8,
    /// No cap while two players remain.
    pub lifted_heads_up: bool,
}

impl TableSummary {
    /// The summary of a fresh table.
    pub fn new(id: &str, o: &TableOptions) -> TableSummary {
        TableSummary {
            id: id.to_string(),
            name: o.name.clone(),
            game: o.game,
            structure: o.betting().then(|| o.structure.clone()),
            stakes: match o.game {
                GameKind::Holdem if o.holdem_structure() == Structure::FixedLimit => {
                    let (small, big) = o.limit_bets();
                    format!("{small}/{big}")
                }
                GameKind::Holdem => format!("{}/{}", o.small_blind(), o.big_blind),
                GameKind::Draw => o.ante.to_string(),
                GameKind::Saint => o.stake.to_string(),
            },
            limit_cap: (o.game == GameKind::Holdem
                && o.holdem_structure() == Structure::FixedLimit)
                .then(|| o.holdem_table().ok())
                .flatten()
                .map(|t| LimitCap {
                    max_bets: t.rules.limit_cap.max_bets,
                    lifted_heads_up: t.rules.limit_cap.lifted_heads_up,
                }),
            house_rules: o.house_rules(),
            buy_in: if o.betting() { o.buy_in } else { Chips::ZERO },
            seats: o.seats,
            min_players: o.players_needed(),
            seated: 0,
            waiting: 0,
            bots: 0,
            clock_secs: o.clock_secs,
            state: TableStatus::Waiting,
            needed: o.players_needed(),
        }
    }
}
