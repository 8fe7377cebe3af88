//! PHH hand histories (the Poker Hand History format of PokerKit; spec in `shared/phh/spec/`):
//! import and replay of `.phh` files and `.phhs` bulk files, and export of Tavolo hands.
//!
//! Variants: `NT` (No-Limit Texas hold'em), `FT` (Fixed-limit), and **`PT` (Pot-limit Texas
//! hold'em), a Tavolo extension**: PHH defines no pot-limit hold'em code, so `PT` follows `PO`'s
//! fields (`min_bet`) with hold'em's two hole cards.
//!
//! Hands are replayed with PokerKit's conventions ([`HoldemRules::pokerkit`]), since the files are
//! written by it or to its rules. Hands exported by Tavolo carry their own ruleset in the
//! user-defined field `_tavolo_rules`, and replay under it.
//!
//! Chips: PHH allows decimal amounts (Pluribus logs have half chips in `finishing_stacks`).
//! A hand is read in units of `10^-d`, `d` the most decimals of any amount in it, so every split
//! is exact in integers; [`PhhHand::scale`] says how many units make one chip of the file.

mod export;
mod fields;
mod notation;
mod sight;
mod toml;

pub use export::export;
use export::export_in;
use notation::{parse_action, strip_comment};
pub use sight::Sight;

use super::action::{Action, Event};
use super::hand::{Dealing, Hand, ToAct};
use super::rules::{Antes, HandSetup, HoldemRules, Reveal};
use crate::betting::Structure;
use crate::Chips;
use std::fmt::Write as _;
use thiserror::Error;

/// Why a hand history could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PhhError {
    /// The file is not valid (PHH's subset of) TOML.
    #[error("syntax: {0}")]
    Syntax(String),
    /// A required field is missing or has the wrong type.
    #[error("field `{field}`: {problem}")]
    Field {
        /// The field, as PHH names it.
        field: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// A variant Tavolo does not play.
    #[error("variant `{0}` is not supported (NT, FT and PT are)")]
    Variant(String),
    /// The setup is not a valid Hold'em deal.
    #[error("setup: {0}")]
    Setup(String),
    /// The history is not the hand its seed and actions give: the fairness proof failed.
    #[error("{what}: the history says {recorded}, the seed and the actions give {replayed}")]
    NotTheHand {
        /// What differs (an action's index, `finishing_stacks`).
        what: String,
        /// As the history has it.
        recorded: String,
        /// As the seed and the actions give it.
        replayed: String,
    },
    /// The actions stop before the hand is over, so no result can be proved.
    #[error("the history stops before the hand is over: no result to prove")]
    Unfinished,
    /// An action could not be read or was refused.
    #[error("action {index} `{action}`: {reason}")]
    Action {
        /// Its index in `actions` (0-based).
        index: usize,
        /// The action as written.
        action: String,
        /// Why it failed.
        reason: String,
    },
}

/// The variants Tavolo replays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `NT`: No-Limit Texas hold'em.
    NoLimit,
    /// `FT`: Fixed-limit Texas hold'em.
    FixedLimit,
    /// `PT`: Pot-limit Texas hold'em (a Tavolo extension of PHH).
    PotLimit,
}

impl Variant {
    /// The PHH code.
    pub fn code(self) -> &'static str {
        match self {
            Variant::NoLimit => "NT",
            Variant::FixedLimit => "FT",
            Variant::PotLimit => "PT",
        }
    }

    fn structure(self) -> Structure {
        match self {
            Variant::NoLimit => Structure::NoLimit,
            Variant::FixedLimit => Structure::FixedLimit,
            Variant::PotLimit => Structure::PotLimit,
        }
    }

    fn of(structure: Structure) -> Variant {
        match structure {
            Structure::NoLimit => Variant::NoLimit,
            Structure::FixedLimit => Variant::FixedLimit,
            Structure::PotLimit => Variant::PotLimit,
        }
    }
}

/// One hand history, amounts in units of `1/scale` of the file's chips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhhHand {
    /// The variant (`variant`: NT, FT or PT).
    pub variant: Variant,
    /// `ante_trimming_status`: antes count for side pots (true) or are pooled (false).
    pub ante_trimming: bool,
    /// Antes per player (PHH order: small blind first, button last).
    pub antes: Vec<Chips>,
    /// Blinds and straddles per player, as written (reversed heads-up by PHH's rule).
    pub blinds: Vec<Chips>,
    /// `min_bet` (NT, PT) or `small_bet` (FT).
    pub min_bet: Chips,
    /// `big_bet` (FT; otherwise equal to `min_bet`).
    pub big_bet: Chips,
    /// `starting_stacks`, in PHH order.
    pub starting_stacks: Vec<Chips>,
    /// The actions as written.
    pub actions: Vec<String>,
    /// `finishing_stacks`, if given.
    pub finishing_stacks: Option<Vec<Chips>>,
    /// `players`, if given.
    pub players: Option<Vec<String>>,
    /// Tavolo's ruleset, when the file says (`_tavolo_rules`); else PokerKit's conventions.
    pub tavolo_rules: Option<HoldemRules>,
    /// Chips carried into this hand's main pot by the previous hand (odd chips that stayed in
    /// the pot), when the file says (`_tavolo_carried_in`, a Tavolo extension); else none.
    pub carried_in: Chips,
    /// Units per chip of the file (1 for files with whole chips).
    pub scale: u64,
    /// Decimal places of the file's amounts (`scale = 10^decimals`).
    pub decimals: u32,
}

/// The result of replaying a hand history.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The hand after the last action.
    pub hand: Hand,
    /// Every event.
    pub events: Vec<Event>,
    /// Whether the history reaches the end of the hand (a partial history is legal PHH).
    pub complete: bool,
}

impl Replay {
    /// The finishing stacks in the file's units (`1/scale` chips).
    pub fn finishing_stacks(&self) -> Vec<Chips> {
        self.hand.stacks().to_vec()
    }
}

/// Parses a `.phh` file (one hand).
pub fn parse_phh(text: &str) -> Result<PhhHand, PhhError> {
    let doc = toml::parse(text).map_err(PhhError::Syntax)?;
    let fields = doc.into_iter().next().map(|t| t.1).unwrap_or_default();
    PhhHand::from_fields(&fields)
}

/// Parses a `.phhs` file: every `[table]` is one hand (a file without tables is one hand).
/// The outer error is a syntax error of the whole file; each hand may fail on its own.
pub fn parse_phhs(text: &str) -> Result<Vec<Result<PhhHand, PhhError>>, PhhError> {
    let doc = toml::parse(text).map_err(PhhError::Syntax)?;
    let tables: Vec<_> = doc.iter().filter(|t| t.0.is_some()).collect();
    if tables.is_empty() {
        return Ok(vec![PhhHand::from_fields(&doc[0].1)]);
    }
    Ok(tables
        .into_iter()
        .map(|t| PhhHand::from_fields(&t.1))
        .collect())
}

impl PhhHand {
    /// The Tavolo setup: player `pN` is seat `N-1`, the button is the last seat, and antes and
    /// blinds are un-reversed heads-up.
    pub fn setup(&self) -> Result<HandSetup, PhhError> {
        let n = self.starting_stacks.len();
        if self.antes.len() != n || self.blinds.len() != n {
            return Err(PhhError::Setup(format!(
                "{n} starting stacks but {} antes and {} blinds",
                self.antes.len(),
                self.blinds.len()
            )));
        }
        let from_phh = |v: &[Chips]| -> Vec<Chips> {
            (0..n)
                .map(|i| if n == 2 { v[1 - i] } else { v[i] })
                .collect()
        };
        let mut rules = self.tavolo_rules.unwrap_or_else(|| {
            HoldemRules::pokerkit(
                self.variant.structure(),
                if self.ante_trimming {
                    Antes::Live
                } else {
                    Antes::Dead
                },
            )
        });
        rules.structure = self.variant.structure();
        rules.reveal = Reveal::PlayersChoose;
        let setup = HandSetup {
            stacks: self.starting_stacks.clone(),
            button: n.saturating_sub(1),
            antes: from_phh(&self.antes),
            blinds: from_phh(&self.blinds),
            min_bet: self.min_bet,
            big_bet: self.big_bet,
            rules,
            carried_in: self.carried_in,
        };
        setup
            .validate()
            .map_err(|e| PhhError::Setup(e.to_string()))?;
        Ok(setup)
    }

    /// Replays every action. A history that stops early is replayed as far as it goes
    /// ([`Replay::complete`] is false); one that ends waiting only for hands to be shown has them
    /// shown, as PokerKit does.
    pub fn replay(&self) -> Result<Replay, PhhError> {
        self.replay_with(|_, _| {})
    }

    /// As [`PhhHand::replay`], calling `each` with the hand as it stands after its setup (the
    /// antes and blinds posted) and after every action, and the events that brought it there:
    /// the steps a replayer shows.
    pub fn replay_with(&self, mut each: impl FnMut(&Hand, &[Event])) -> Result<Replay, PhhError> {
        let setup = self.setup()?;
        let (mut hand, mut events) =
            Hand::new(&setup, Dealing::Supplied).map_err(|e| PhhError::Setup(e.to_string()))?;
        each(&hand, &events);
        let n = setup.seats();
        for (index, text) in self.actions.iter().enumerate() {
            let fail = |reason: String| PhhError::Action {
                index,
                action: text.clone(),
                reason,
            };
            let Some(action) =
                parse_action(strip_comment(text), n, self.decimals, &hand).map_err(fail)?
            else {
                continue;
            };
            let from = events.len();
            hand.apply_into(action, &mut events)
                .map_err(|e| fail(e.to_string()))?;
            each(&hand, &events[from..]);
        }
        // Hands not stated at the showdown are shown (PokerKit's automatic showdown).
        while let ToAct::Showdown { next, .. } = hand.legal_actions() {
            let action = Action::Show {
                seat: next,
                cards: None,
            };
            let from = events.len();
            hand.apply_into(action, &mut events)
                .map_err(|e| PhhError::Action {
                    index: self.actions.len(),
                    action: format!("(automatic) p{} sm", next + 1),
                    reason: e.to_string(),
                })?;
            each(&hand, &events[from..]);
        }
        let complete = hand.is_over();
        Ok(Replay {
            hand,
            events,
            complete,
        })
    }

    /// The hand `seed` deals with this history's setup and players' actions (every `d` line
    /// skipped: the seed deals), exported as PHH in the history's units and names.
    fn seeded(&self, seed: [u8; 32]) -> Result<(Hand, PhhHand), PhhError> {
        let mut setup = self.setup()?;
        if let Some(rules) = self.tavolo_rules {
            setup.rules = rules;
        }
        let (mut hand, mut events) = Hand::new(
            &setup,
            Dealing::Seeded(tavolo_cards::GameRng::from_seed(seed)),
        )
        .map_err(|e| PhhError::Setup(e.to_string()))?;
        let n = setup.seats();
        for (index, text) in self.actions.iter().enumerate() {
            let body = strip_comment(text);
            if body.split_whitespace().next() == Some("d") {
                continue; // the seed deals; the dealt cards are compared by the callers
            }
            let fail = |reason: String| PhhError::Action {
                index,
                action: text.clone(),
                reason,
            };
            let Some(action) = parse_action(body, n, self.decimals, &hand).map_err(fail)? else {
                continue;
            };
            if matches!(action, Action::Show { .. })
                && !matches!(hand.legal_actions(), ToAct::Showdown { .. })
            {
                continue; // shown by the rules themselves (the casino's automatic showdown)
            }
            hand.apply_into(action, &mut events)
                .map_err(|e| fail(e.to_string()))?;
        }
        let mut out = export_in(&setup, &events, self.players.as_deref(), self.decimals);
        out.tavolo_rules = self.tavolo_rules;
        out.decimals = self.decimals;
        out.scale = self.scale;
        Ok((hand, out))
    }

    /// Re-deals the hand from `seed` (as a server using [`Dealing::Seeded`] with
    /// `GameRng::from_seed(seed)` dealt it), replays the players' actions, and checks that every
    /// card the history shows is the card the seed deals. `Err` names the first card that
    /// differs. Only the cards present are compared: [`PhhHand::prove`] is the whole check.
    pub fn check_seed(&self, seed: [u8; 32]) -> Result<(), PhhError> {
        let (_, out) = self.seeded(seed)?;
        let dealt = |actions: &[String]| -> Vec<String> {
            actions
                .iter()
                .map(|a| strip_comment(a).trim().to_string())
                .filter(|a| a.starts_with("d "))
                .collect()
        };
        let (ours, theirs) = (dealt(&out.actions), dealt(&self.actions));
        for (i, theirs_line) in theirs.iter().enumerate() {
            match ours.get(i) {
                Some(line) if line == theirs_line => {}
                Some(line) => {
                    return Err(PhhError::Setup(format!(
                        "the history deals `{theirs_line}` but the seed deals `{line}`"
                    )))
                }
                None => {
                    return Err(PhhError::Setup(format!(
                        "the history deals `{theirs_line}` but the seed's hand has no such deal"
                    )))
                }
            }
        }
        Ok(())
    }

    /// The fairness proof of a whole hand a server dealt from `seed`: every card the history
    /// shows is the seed's ([`PhhHand::check_seed`]), and the history is exactly the hand the
    /// seed and the players' actions give — played to its end, every card the rules deal, every
    /// action in order, the finishing stacks the rules reach. A history that leaves out a deal
    /// line, adds, drops or reorders an action, or states another result is refused, naming
    /// the first difference.
    pub fn prove(&self, seed: [u8; 32]) -> Result<(), PhhError> {
        self.check_seed(seed)?;
        let (hand, out) = self.seeded(seed)?;
        let lines = |actions: &[String]| -> Vec<String> {
            actions
                .iter()
                .map(|a| strip_comment(a).trim().to_string())
                .collect()
        };
        let (ours, theirs) = (lines(&out.actions), lines(&self.actions));
        if let Some(i) = (0..ours.len().max(theirs.len())).find(|&i| ours.get(i) != theirs.get(i)) {
            let at = |v: &[String]| v.get(i).map_or("nothing".to_string(), |a| format!("`{a}`"));
            return Err(PhhError::NotTheHand {
                what: format!("action {i}"),
                recorded: at(&theirs),
                replayed: at(&ours),
            });
        }
        if !hand.is_over() {
            return Err(PhhError::Unfinished);
        }
        match (&self.finishing_stacks, &out.finishing_stacks) {
            (Some(theirs), Some(ours)) if theirs == ours => Ok(()),
            (theirs, ours) => {
                let list = |v: &Option<Vec<Chips>>| match v {
                    Some(v) => format!(
                        "[{}]",
                        v.iter()
                            .map(|&x| self.format_amount(x))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    None => "none".into(),
                };
                Err(PhhError::NotTheHand {
                    what: "finishing_stacks".into(),
                    recorded: list(theirs),
                    replayed: list(ours),
                })
            }
        }
    }

    /// Replays the hand and exports it again (keeping names, units and Tavolo's ruleset): for a
    /// file Tavolo wrote, the result's [`PhhHand::to_phh`] is byte-identical to the file.
    pub fn reexport(&self) -> Result<PhhHand, PhhError> {
        let r = self.replay()?;
        let mut setup = self.setup()?;
        if let Some(rules) = self.tavolo_rules {
            setup.rules = rules;
        }
        let mut out = export_in(&setup, &r.events, self.players.as_deref(), self.decimals);
        out.tavolo_rules = self.tavolo_rules;
        out.decimals = self.decimals;
        out.scale = self.scale;
        Ok(out)
    }

    /// Formats an amount in the file's units (`1/scale` chips) as the file would write it.
    pub fn format_amount(&self, v: Chips) -> String {
        format_amount(v, self.decimals)
    }

    /// Writes the hand as PHH text: the canonical form of Tavolo's exporter.
    pub fn to_phh(&self) -> String {
        let amt = |v: Chips| format_amount(v, self.decimals);
        let list = |v: &[Chips]| v.iter().map(|&x| amt(x)).collect::<Vec<_>>().join(", ");
        let mut s = String::new();
        let _ = writeln!(s, "variant = {}", quote(self.variant.code()));
        let _ = writeln!(s, "ante_trimming_status = {}", self.ante_trimming);
        let _ = writeln!(s, "antes = [{}]", list(&self.antes));
        let _ = writeln!(s, "blinds_or_straddles = [{}]", list(&self.blinds));
        if self.variant == Variant::FixedLimit {
            let _ = writeln!(s, "small_bet = {}", amt(self.min_bet));
            let _ = writeln!(s, "big_bet = {}", amt(self.big_bet));
        } else {
            let _ = writeln!(s, "min_bet = {}", amt(self.min_bet));
        }
        let _ = writeln!(s, "starting_stacks = [{}]", list(&self.starting_stacks));
        let _ = writeln!(s, "actions = [");
        for a in &self.actions {
            let _ = writeln!(s, "  {},", quote(a));
        }
        let _ = writeln!(s, "]");
        if let Some(f) = &self.finishing_stacks {
            let _ = writeln!(s, "finishing_stacks = [{}]", list(f));
        }
        if let Some(p) = &self.players {
            let names: Vec<String> = p.iter().map(|x| quote(x)).collect();
            let _ = writeln!(s, "players = [{}]", names.join(", "));
        }
        if self.carried_in > 0 {
            let _ = writeln!(s, "_tavolo_carried_in = {}", amt(self.carried_in));
        }
        if let Some(r) = &self.tavolo_rules {
            let json = serde_json::to_string(r).unwrap_or_default();
            let _ = writeln!(s, "_tavolo_rules = {}", quote(&json));
        }
        s
    }
}

/// Formats `v` units with `decimals` decimal places, trailing zeros dropped.
pub fn format_amount(v: Chips, decimals: u32) -> String {
    if decimals == 0 {
        return v.to_string();
    }
    let scale = 10u64.pow(decimals);
    let (i, f) = (v.get() / scale, v.get() % scale);
    if f == 0 {
        return i.to_string();
    }
    let frac = format!("{f:0width$}", width = decimals as usize);
    format!("{i}.{}", frac.trim_end_matches('0'))
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
