//! `tavolo eval`: the best five cards of a hand, its category and description; batch mode reads
//! one hand per line from standard input and writes one JSON line per hand.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::Serialize;
use tavolo_cards::{best_five, parse_cards, Card, HandRank, Lang, TieBreak};

use crate::UserError;

/// Evaluate a poker hand of 5, 6 or 7 cards.
///
/// Cards are written rank then suit: `As`, `Td` (or `10d`), `7c`, in any case; they may be given
/// as separate arguments or run together (`AsKdQh…`). With no cards, reads one hand per line from
/// standard input and prints one JSON line per hand; a bad line gets a JSON line with `error` and
/// the others go on.
#[derive(Args)]
pub struct EvalArgs {
    /// The cards of the hand (5 to 7). Omit to read hands from standard input.
    cards: Vec<String>,
    /// Language of the hand description.
    #[arg(long, value_enum, default_value_t = LangArg::En)]
    lang: LangArg,
    /// Print a JSON object: cards, best, category, rank (larger is stronger; equal exactly when
    /// hands tie under the chosen tie-break) and description.
    #[arg(long)]
    json: bool,
    /// How hands of one category are compared: `standard` kickers, or `german` draw rules
    /// (a full house by its three only, one pair by the pair and the highest kicker only).
    #[arg(long, value_enum, default_value_t = TieBreakArg::Standard)]
    tiebreak: TieBreakArg,
    /// Print suits as symbols (`A♠ K♦`) in the text output; JSON always uses `As Kd`.
    #[arg(long)]
    symbols: bool,
}

/// A language of the rules.
#[derive(Clone, Copy, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// Italiano
    It,
    /// Português
    Pt,
    /// Deutsch
    De,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::En => Lang::En,
            LangArg::It => Lang::It,
            LangArg::Pt => Lang::Pt,
            LangArg::De => Lang::De,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum TieBreakArg {
    /// Usual kicker rules (Hold'em, Saint Poker).
    Standard,
    /// German Five-Card Draw rules.
    German,
}

#[derive(Serialize)]
struct Evaluation {
    cards: Vec<Card>,
    best: [Card; 5],
    category: &'static str,
    #[serde(skip)]
    category_name: &'static str,
    rank: u32,
    description: String,
}

fn evaluate(text: &str, args: &EvalArgs) -> Result<Evaluation, UserError> {
    let cards = parse_cards(text)?;
    let (best, rank): ([Card; 5], HandRank) = best_five(&cards)?;
    let rule = match args.tiebreak {
        TieBreakArg::Standard => TieBreak::Standard,
        TieBreakArg::German => TieBreak::German,
    };
    Ok(Evaluation {
        cards,
        best,
        category: rank.category().code(),
        category_name: rank.category().name(args.lang.into()),
        rank: match rule {
            TieBreak::Standard => u32::from(rank.value()),
            _ => rank.tiebreak_key(rule),
        },
        description: rank.describe(args.lang.into()),
    })
}

pub fn run(args: EvalArgs) -> Result<ExitCode, UserError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.cards.is_empty() {
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line.map_err(|e| UserError(format!("reading standard input: {e}")))?;
            if line.trim().is_empty() {
                continue;
            }
            let json = match evaluate(&line, &args) {
                Ok(e) => serde_json::to_string(&e)?,
                Err(UserError(msg)) => {
                    serde_json::json!({ "line": i + 1, "input": line, "error": msg }).to_string()
                }
            };
            if writeln!(out, "{json}").is_err() {
                break; // the reader went away
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let e = evaluate(&args.cards.join(" "), &args)?;
    let show = |cs: &[Card]| {
        cs.iter()
            .map(|c| {
                if args.symbols {
                    c.pretty()
                } else {
                    c.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let text = if args.json {
        serde_json::to_string(&e)?
    } else {
        format!(
            "{}\nbest five: {}\ncategory:  {}\nrank:      {}",
            e.description,
            show(&e.best),
            e.category_name,
            e.rank
        )
    };
    writeln!(out, "{text}").map_err(|err| UserError(err.to_string()))?;
    Ok(ExitCode::SUCCESS)
}
