//! The rule options of RULES.md — every *(option)* with its default — as the one type that the
//! room's tables, `tavolo play`, `tavolo sim` and the browser's form set, checked once against
//! the game they are set for. [`OPTIONS`] lists them (the browser builds its "advanced rules"
//! section from it); each game's table is built from its own options here and nowhere else.
//!
//! ```
//! use tavolo_engine::house::HouseRules;
//! use tavolo_engine::holdem::{MinRaise, Structure};
//! use tavolo_engine::Chips;
//!
//! let rules = HouseRules::from_pairs(&["min_raise=largest_increment", "small_blind=40"])?;
//! let table = rules.holdem_table(Chips::new(100), Structure::PotLimit)?;
//! assert_eq!(table.rules.min_raise, MinRaise::LargestIncrement);
//! assert_eq!((table.small_blind, table.big_blind), (Chips::new(40), Chips::new(100)));
//!
//! let wrong = HouseRules::from_pairs(&["allow_check=true"])?;
//! let wrong = wrong.holdem_table(Chips::new(100), Structure::NoLimit);
//! assert!(wrong.unwrap_err().to_string().contains("allow_check"));
//! # Ok::<(), tavolo_engine::house::HouseRuleError>(())
//! ```

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tavolo_cards::{HandRule, TieBreak};

use crate::betting::{MinRaise, OddChips, Structure};
use crate::draw::DrawTable;
use crate::holdem::{HoldemRules, HoldemTable};
use crate::saint::SaintOptions;
use crate::Chips;

/// The rule options a table sets, each `None` for the rule's default. Which apply depends on
/// the game (see [`OPTIONS`]); setting one another game has is an error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HouseRules {
    /// Hold'em: a house small blind (default: half the table minimum, rounded down).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub small_blind: Option<Chips>,
    /// Hold'em No-Limit and Pot-Limit, Five-Card Draw: the smallest raise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_raise: Option<MinRaise>,
    /// Hold'em and Five-Card Draw: what a split cannot divide.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odd_chips: Option<OddChips>,
    /// Five-Card Draw: whether a player may check before the betting is opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_check: Option<bool>,
    /// Five-Card Draw: how hands of one category compare.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<TieBreak>,
    /// Saint Poker: the cards in the centre at the start of a round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub centre_cards: Option<u8>,
    /// Saint Poker: how a hand is formed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_rule: Option<HandRule>,
}

/// The options set, as `name=value` pairs separated by commas (`--rule` reads them back).
impl std::fmt::Display for HouseRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Ok(Value::Object(map)) = serde_json::to_value(self) else {
            return Ok(());
        };
        let pairs: Vec<String> = map
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => format!("{k}={s}"),
                v => format!("{k}={v}"),
            })
            .collect();
        f.write_str(&pairs.join(", "))
    }
}

/// A rule option refused, with the facts needed to fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rule `{option}`: {problem}")]
pub struct HouseRuleError {
    /// The option (as written, for an unknown one).
    pub option: String,
    /// What is wrong and what is allowed.
    pub problem: String,
}

fn refuse(option: &str, problem: impl Into<String>) -> HouseRuleError {
    HouseRuleError {
        option: option.to_string(),
        problem: problem.into(),
    }
}

/// One rule option as the browser's form and `--rule` show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RuleOption {
    /// The option's name (a field of [`HouseRules`]).
    pub name: &'static str,
    /// The games it belongs to (`holdem`, `draw`, `saint`).
    pub games: &'static [&'static str],
    /// The values it takes; empty for a number (see `range`).
    pub values: &'static [&'static str],
    /// For a number: the smallest and largest value (further checked against the table).
    pub range: Option<(u64, u64)>,
    /// Where RULES.md states the rule and its default.
    pub rules: &'static str,
    /// The default, in words.
    pub default: &'static str,
}

/// Every rule option of RULES.md.
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "small_blind",
        games: &["holdem"],
        values: &[],
        range: Some((1, 1_000_000_000)),
        rules: "§2 Positions: Blinds",
        default: "half the table minimum, rounded down",
    },
    RuleOption {
        name: "min_raise",
        games: &["holdem", "draw"],
        values: &["table_minimum", "largest_increment"],
        range: None,
        rules: "§2 Betting structures; §3 Betting",
        default: "Pot-Limit and Draw: table_minimum; No-Limit: largest_increment",
    },
    RuleOption {
        name: "odd_chips",
        games: &["holdem", "draw"],
        values: &["one_each_from_left_of_button", "stay_in_pot"],
        range: None,
        rules: "§2 Pots; §3 Showdown",
        default: "Hold'em: one_each_from_left_of_button; Draw: stay_in_pot",
    },
    RuleOption {
        name: "allow_check",
        games: &["draw"],
        values: &["false", "true"],
        range: None,
        rules: "§3 Betting",
        default: "false",
    },
    RuleOption {
        name: "tie_break",
        games: &["draw"],
        values: &["german", "standard"],
        range: None,
        rules: "§0 Tie-breaking within a category",
        default: "german",
    },
    RuleOption {
        name: "centre_cards",
        games: &["saint"],
        values: &[],
        range: Some((0, 16)),
        rules: "§1 Setup",
        default: "5 − players",
    },
    RuleOption {
        name: "hand_rule",
        games: &["saint"],
        values: &["two_plus_three", "any_five"],
        range: None,
        rules: "§1 A round: Score",
        default: "two_plus_three",
    },
];

impl HouseRules {
    /// Reads `name=value` pairs (`tavolo play --rule`, `tavolo sim --rule`): numbers and
    /// `true`/`false` as such, anything else as a word. Each refusal names its option.
    pub fn from_pairs<S: AsRef<str>>(pairs: &[S]) -> Result<HouseRules, HouseRuleError> {
        let mut map = Map::new();
        for pair in pairs {
            let pair = pair.as_ref();
            let Some((name, value)) = pair.split_once('=') else {
                return Err(refuse(
                    pair,
                    "write it as name=value, e.g. min_raise=table_minimum",
                ));
            };
            let (name, value) = (name.trim(), value.trim());
            let value = serde_json::from_str::<Value>(value)
                .ok()
                .filter(|v| v.is_number() || v.is_boolean())
                .unwrap_or_else(|| Value::String(value.to_string()));
            map.insert(name.to_string(), value);
        }
        HouseRules::from_json(&Value::Object(map))
    }

    /// Reads the options from a JSON object (`create_table`'s `rules`), one option at a time
    /// so that a refusal names its option.
    pub fn from_json(v: &Value) -> Result<HouseRules, HouseRuleError> {
        let Some(map) = v.as_object() else {
            return Err(refuse(
                "rules",
                "an object of rule options, e.g. {\"min_raise\": \"table_minimum\"}",
            ));
        };
        for (name, value) in map {
            let Some(option) = OPTIONS.iter().find(|o| o.name == name) else {
                let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
                return Err(refuse(
                    name,
                    format!("no such rule option (the options: {})", names.join(", ")),
                ));
            };
            let mut one = Map::new();
            one.insert(name.clone(), value.clone());
            if serde_json::from_value::<HouseRules>(Value::Object(one)).is_err() {
                let allowed = match option.range {
                    Some((lo, hi)) => format!("a whole number from {lo} to {hi}"),
                    None => option.values.join(" or "),
                };
                return Err(refuse(name, format!("{value} is not allowed: {allowed}")));
            }
        }
        // Every option reads alone, so they read together.
        serde_json::from_value(v.clone()).map_err(|e| refuse("rules", e.to_string()))
    }

    /// These options as a JSON object: the options set, and only those.
    fn as_object(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(m)) => m,
            _ => Map::new(),
        }
    }

    /// The names of the options set, in [`OPTIONS`] order.
    fn set(&self) -> impl Iterator<Item = &'static str> {
        let set = self.as_object();
        OPTIONS
            .iter()
            .map(|o| o.name)
            .filter(move |n| set.contains_key(*n))
    }

    /// Refuses options of another game.
    fn only_for(&self, game: &str, title: &str) -> Result<(), HouseRuleError> {
        for name in self.set() {
            let belongs = OPTIONS
                .iter()
                .any(|o| o.name == name && o.games.contains(&game));
            if !belongs {
                return Err(refuse(name, format!("not a rule of {title}")));
            }
        }
        Ok(())
    }

    fn odd_chips(&self) -> Result<Option<OddChips>, HouseRuleError> {
        match self.odd_chips {
            Some(OddChips::AllToFirstLeftOfButton) => Err(refuse(
                "odd_chips",
                "all_to_first_left_of_button is PokerKit's convention, not a rule of the room: \
                 one_each_from_left_of_button or stay_in_pot",
            )),
            o => Ok(o),
        }
    }

    /// A Hold'em table with `table_minimum` as the big blind (RULES.md §2) and these options.
    pub fn holdem_table(
        &self,
        table_minimum: Chips,
        structure: Structure,
    ) -> Result<HoldemTable, HouseRuleError> {
        self.only_for("holdem", "Texas Hold'em")?;
        let mut table = HoldemTable::casino(table_minimum, HoldemRules::casino(structure));
        if let Some(sb) = self.small_blind {
            if sb == 0 || sb > table_minimum {
                return Err(refuse(
                    "small_blind",
                    format!("from 1 to the big blind ({table_minimum}), not {sb}"),
                ));
            }
            table.small_blind = sb;
        }
        if let Some(m) = self.min_raise {
            if structure == Structure::FixedLimit {
                return Err(refuse("min_raise", "Limit bets and raises are fixed sizes"));
            }
            table.rules.min_raise = m;
        }
        if let Some(o) = self.odd_chips()? {
            table.rules.odd_chips = o;
        }
        Ok(table)
    }

    /// A Five-Card Draw table with `ante` (also the table minimum) and these options.
    pub fn draw_table(&self, ante: Chips) -> Result<DrawTable, HouseRuleError> {
        self.only_for("draw", "Five-Card Draw")?;
        let mut table = DrawTable::german(ante);
        if let Some(m) = self.min_raise {
            table.rules.min_raise = m;
        }
        if let Some(o) = self.odd_chips()? {
            table.rules.odd_chips = o;
        }
        if let Some(c) = self.allow_check {
            table.rules.allow_check = c;
        }
        if let Some(t) = self.tie_break {
            table.rules.tie_break = t;
        }
        Ok(table)
    }

    /// Saint Poker's settings for `players` players with these options.
    pub fn saint_options(&self, players: u8) -> Result<SaintOptions, HouseRuleError> {
        self.only_for("saint", "Saint Poker")?;
        let mut options = SaintOptions::new(players);
        options.centre_cards = self.centre_cards;
        if let Some(h) = self.hand_rule {
            options.hand_rule = h;
        }
        options.validate().map_err(|e| {
            let option = if self.centre_cards.is_some() {
                "centre_cards"
            } else {
                "players"
            };
            refuse(option, e.to_string())
        })?;
        Ok(options)
    }

    /// These options without those that say what the default says anyway, for a game whose
    /// defaults are `defaults` (what the lobby shows as house rules).
    pub fn beyond(&self, defaults: &HouseRules) -> HouseRules {
        let defaults = defaults.as_object();
        let mut mine = self.as_object();
        mine.retain(|name, value| defaults.get(name) != Some(value));
        // What these options wrote, fewer of them, reads back.
        serde_json::from_value(Value::Object(mine)).unwrap_or_default()
    }

    /// Whether no option is set.
    pub fn is_empty(&self) -> bool {
        self.set().next().is_none()
    }

    /// The defaults of a Hold'em table with `table_minimum` and `structure`, as options.
    pub fn holdem_defaults(table_minimum: Chips, structure: Structure) -> HouseRules {
        let casino = HoldemTable::casino(table_minimum, HoldemRules::casino(structure));
        let rules = casino.rules;
        HouseRules {
            small_blind: Some(casino.small_blind),
            min_raise: (structure != Structure::FixedLimit).then_some(rules.min_raise),
            odd_chips: Some(rules.odd_chips),
            ..HouseRules::default()
        }
    }

    /// The defaults of a Five-Card Draw table, as options.
    pub fn draw_defaults() -> HouseRules {
        let rules = DrawTable::german(Chips::new(1)).rules;
        HouseRules {
            min_raise: Some(rules.min_raise),
            odd_chips: Some(rules.odd_chips),
            allow_check: Some(rules.allow_check),
            tie_break: Some(rules.tie_break),
            ..HouseRules::default()
        }
    }

    /// The defaults of Saint Poker for `players`, as options.
    pub fn saint_defaults(players: u8) -> HouseRules {
        let o = SaintOptions::new(players);
        HouseRules {
            centre_cards: Some(o.centre_count()),
            hand_rule: Some(o.hand_rule),
            ..HouseRules::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_of_the_catalogue_reads_each_of_its_values() {
        for o in OPTIONS {
            let values: Vec<String> = match o.range {
                Some((lo, _)) => vec![lo.max(1).to_string()],
                None => o.values.iter().map(|v| v.to_string()).collect(),
            };
            for v in values {
                let r = HouseRules::from_pairs(&[format!("{}={v}", o.name)])
                    .unwrap_or_else(|e| panic!("{}={v}: {e}", o.name));
                assert_eq!(r.set().collect::<Vec<_>>(), [o.name]);
            }
        }
    }

    #[test]
    fn refusals_name_the_option_and_what_is_allowed() {
        let e = HouseRules::from_pairs(&["min_raise=huge"]).unwrap_err();
        assert_eq!(e.option, "min_raise");
        assert!(
            e.problem.contains("table_minimum or largest_increment"),
            "{e}"
        );
        let e = HouseRules::from_pairs(&["checks=yes"]).unwrap_err();
        assert!(e.problem.contains("allow_check"), "{e}");
        let e = HouseRules::from_pairs(&["small_blind"]).unwrap_err();
        assert!(e.problem.contains("name=value"), "{e}");
        let e = HouseRules::from_pairs(&["small_blind=60"])
            .unwrap()
            .holdem_table(Chips::new(50), Structure::NoLimit)
            .unwrap_err();
        assert_eq!(e.option, "small_blind");
        let e = HouseRules::from_pairs(&["min_raise=table_minimum"])
            .unwrap()
            .holdem_table(Chips::new(50), Structure::FixedLimit)
            .unwrap_err();
        assert_eq!(e.option, "min_raise");
        let e = HouseRules::from_pairs(&["hand_rule=any_five"])
            .unwrap()
            .draw_table(Chips::new(10))
            .unwrap_err();
        assert!(
            e.to_string().contains("not a rule of Five-Card Draw"),
            "{e}"
        );
        let e = HouseRules::from_pairs(&["centre_cards=9"])
            .unwrap()
            .saint_options(5)
            .unwrap_err();
        assert_eq!(e.option, "centre_cards");
    }

    #[test]
    fn pot_limit_raises_are_at_least_the_table_minimum_unless_the_house_says_otherwise() {
        // RULES.md §2 Betting structures: Pot-Limit's minimum raise is the table minimum.
        let pl = HouseRules::default()
            .holdem_table(Chips::new(100), Structure::PotLimit)
            .unwrap();
        assert_eq!(pl.rules.min_raise, MinRaise::TableMinimum);
        let nl = HouseRules::default()
            .holdem_table(Chips::new(100), Structure::NoLimit)
            .unwrap();
        assert_eq!(nl.rules.min_raise, MinRaise::LargestIncrement);
        let house = HouseRules::from_pairs(&["min_raise=largest_increment"]).unwrap();
        assert_eq!(
            house
                .holdem_table(Chips::new(100), Structure::PotLimit)
                .unwrap()
                .rules
                .min_raise,
            MinRaise::LargestIncrement
        );
    }

    #[test]
    fn the_lobby_shows_only_options_beyond_the_defaults() {
        let r = HouseRules::from_pairs(&["small_blind=50", "odd_chips=stay_in_pot"]).unwrap();
        let shown = r.beyond(&HouseRules::holdem_defaults(
            Chips::new(100),
            Structure::NoLimit,
        ));
        assert_eq!(
            shown.small_blind, None,
            "half the table minimum is no house rule"
        );
        assert_eq!(shown.odd_chips, Some(OddChips::StayInPot));
        assert_eq!(shown.to_string(), "odd_chips=stay_in_pot");
        let pairs: Vec<String> = r.to_string().split(", ").map(str::to_string).collect();
        assert_eq!(
            HouseRules::from_pairs(&pairs).unwrap(),
            r,
            "written as read"
        );
    }
}
