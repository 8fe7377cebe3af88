//! Reading a hand history's fields: the variant, the actions, the players, Tavolo's ruleset,
//! and every amount in one unit — `10^-d` chips, `d` the most decimals of any amount in the
//! hand, so that every split is exact in integers.

use super::notation::strip_comment;
use super::toml::Value;
use super::{PhhError, PhhHand, Variant};
use crate::holdem::rules::HoldemRules;
use crate::Chips;

/// The fields of one hand as the TOML reader gives them.
type Fields = [(String, Value)];

impl PhhHand {
    /// The hand a history's fields describe.
    pub(super) fn from_fields(fields: &Fields) -> Result<PhhHand, PhhError> {
        let variant = variant(fields)?;
        let actions = strings(fields, "actions")?;
        let antes = required(num_array(fields, "antes")?, "antes")?;
        let blinds = required(
            num_array(fields, "blinds_or_straddles")?,
            "blinds_or_straddles",
        )?;
        let stacks = required(num_array(fields, "starting_stacks")?, "starting_stacks")?;
        let finishing = num_array(fields, "finishing_stacks")?;
        let (min_bet, big_bet) = if variant == Variant::FixedLimit {
            (
                required(num(fields, "small_bet")?, "small_bet")?,
                required(num(fields, "big_bet")?, "big_bet")?,
            )
        } else {
            let m = required(num(fields, "min_bet")?, "min_bet")?;
            (m.clone(), m)
        };
        // Every amount decides the unit.
        let mut am = Amounts {
            raws: Vec::new(),
            decimals: 0,
        };
        am.note_all(&antes, "antes")?;
        am.note_all(&blinds, "blinds_or_straddles")?;
        am.note_all(&stacks, "starting_stacks")?;
        am.note_all(finishing.iter().flatten(), "finishing_stacks")?;
        am.note_all([&min_bet], "min_bet")?;
        am.note_all([&big_bet], "big_bet")?;
        let carried_in = num(fields, "_tavolo_carried_in")?;
        am.note_all(carried_in.iter(), "_tavolo_carried_in")?;
        for a in &actions {
            let words: Vec<&str> = strip_comment(a).split_whitespace().collect();
            if words.len() == 3 && words[1] == "cbr" {
                am.note(words[2]).map_err(bad("actions"))?;
            }
        }
        let d = am.decimals.min(12);
        let units = |v: &[String], f: &'static str| -> Result<Vec<Chips>, PhhError> {
            v.iter().map(|r| to_units(r, d).map_err(bad(f))).collect()
        };
        Ok(PhhHand {
            variant,
            ante_trimming: matches!(
                field(fields, "ante_trimming_status"),
                Some(Value::Bool(true))
            ),
            antes: units(&antes, "antes")?,
            blinds: units(&blinds, "blinds_or_straddles")?,
            min_bet: to_units(&min_bet, d).map_err(bad("min_bet"))?,
            big_bet: to_units(&big_bet, d).map_err(bad("big_bet"))?,
            starting_stacks: units(&stacks, "starting_stacks")?,
            finishing_stacks: finishing
                .map(|f| units(&f, "finishing_stacks"))
                .transpose()?,
            actions,
            players: players(fields),
            tavolo_rules: tavolo_rules(fields)?,
            carried_in: carried_in
                .map(|c| to_units(&c, d).map_err(bad("_tavolo_carried_in")))
                .transpose()?
                .unwrap_or(Chips::ZERO),
            scale: 10u64.pow(d),
            decimals: d,
        })
    }
}

/// `variant`: NT, FT or PT.
fn variant(fields: &Fields) -> Result<Variant, PhhError> {
    match field(fields, "variant") {
        Some(Value::Str(s)) => match s.as_str() {
            "NT" => Ok(Variant::NoLimit),
            "FT" => Ok(Variant::FixedLimit),
            "PT" => Ok(Variant::PotLimit),
            other => Err(PhhError::Variant(other.to_string())),
        },
        _ => Err(PhhError::Field {
            field: "variant",
            problem: "missing".into(),
        }),
    }
}

/// A required array of strings.
fn strings(fields: &Fields, name: &'static str) -> Result<Vec<String>, PhhError> {
    let item = |v: &Value| match v {
        Value::Str(s) => Some(s.clone()),
        _ => None,
    };
    required(array(fields, name, item, "a string")?, name)
}

/// `players`, if given: names as written (numbers too).
fn players(fields: &Fields) -> Option<Vec<String>> {
    match field(fields, "players") {
        Some(Value::Arr(items)) => Some(
            items
                .iter()
                .map(|v| match v {
                    Value::Str(s) => s.clone(),
                    Value::Num(s) | Value::Other(s) => s.clone(),
                    other => format!("{other:?}"),
                })
                .collect(),
        ),
        _ => None,
    }
}

/// `_tavolo_rules`: the ruleset a Tavolo export was played under, as JSON.
fn tavolo_rules(fields: &Fields) -> Result<Option<HoldemRules>, PhhError> {
    match field(fields, "_tavolo_rules") {
        Some(Value::Str(s)) => serde_json::from_str(s)
            .map(Some)
            .map_err(|e| PhhError::Field {
                field: "_tavolo_rules",
                problem: e.to_string(),
            }),
        _ => Ok(None),
    }
}

/// The refusal of a field's amount.
fn bad(field: &'static str) -> impl Fn(String) -> PhhError {
    move |problem| PhhError::Field { field, problem }
}

/// The last value given for a field.
fn field<'a>(fields: &'a Fields, name: &str) -> Option<&'a Value> {
    fields.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// A decimal number as written: digits and the count of decimals.
fn decimal(raw: &str) -> Result<(u128, u32), String> {
    if raw.starts_with('-')
        || raw.contains(['e', 'E'])
        || raw.ends_with("inf")
        || raw.ends_with("nan")
    {
        return Err(format!("{raw} is not a non-negative decimal amount"));
    }
    let raw = raw.trim_start_matches('+');
    let (int, frac) = raw.split_once('.').unwrap_or((raw, ""));
    let frac = frac.trim_end_matches('0');
    let digits: String = format!("{int}{frac}");
    let v = digits
        .parse::<u128>()
        .map_err(|_| format!("{raw} is not an amount"))?;
    Ok((v, frac.len() as u32))
}

/// The amounts of a hand as written, and the most decimals among them.
struct Amounts {
    raws: Vec<String>,
    decimals: u32,
}

impl Amounts {
    /// One amount: its decimals may refine the unit.
    fn note(&mut self, raw: &str) -> Result<(), String> {
        let (_, d) = decimal(raw)?;
        self.decimals = self.decimals.max(d);
        self.raws.push(raw.to_string());
        Ok(())
    }

    /// Every amount of a field.
    fn note_all<'a>(
        &mut self,
        raws: impl IntoIterator<Item = &'a String>,
        field: &'static str,
    ) -> Result<(), PhhError> {
        for r in raws {
            self.note(r).map_err(bad(field))?;
        }
        Ok(())
    }
}

/// An amount in units of `10^-decimals` chips.
pub(super) fn to_units(raw: &str, decimals: u32) -> Result<Chips, String> {
    let (v, d) = decimal(raw)?;
    if d > decimals {
        return Err(format!("{raw} has more than {decimals} decimals"));
    }
    let v = v
        .checked_mul(10u128.pow(decimals - d))
        .filter(|&v| v <= u128::from(Chips::MAX.get() / 16))
        .and_then(|v| u64::try_from(v).ok())
        .ok_or_else(|| format!("{raw} is too large"))?;
    Ok(Chips::new(v))
}

/// An optional array of numbers, as written.
fn num_array(fields: &Fields, name: &'static str) -> Result<Option<Vec<String>>, PhhError> {
    let item = |v: &Value| match v {
        Value::Num(r) => Some(r.clone()),
        _ => None,
    };
    array(fields, name, item, "a number")
}

/// An optional array whose every item `item` reads (`what` it must be).
fn array(
    fields: &Fields,
    name: &'static str,
    item: impl Fn(&Value) -> Option<String>,
    what: &str,
) -> Result<Option<Vec<String>>, PhhError> {
    let bad = |problem| PhhError::Field {
        field: name,
        problem,
    };
    match field(fields, name) {
        None => Ok(None),
        Some(Value::Arr(items)) => items
            .iter()
            .map(|v| item(v).ok_or_else(|| bad(format!("{v:?} is not {what}"))))
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(other) => Err(bad(format!("{other:?} is not an array"))),
    }
}

/// An optional number, as written.
fn num(fields: &Fields, name: &'static str) -> Result<Option<String>, PhhError> {
    match field(fields, name) {
        None => Ok(None),
        Some(Value::Num(r)) => Ok(Some(r.clone())),
        Some(other) => Err(PhhError::Field {
            field: name,
            problem: format!("{other:?} is not a number"),
        }),
    }
}

/// A field that must be given.
fn required<T>(v: Option<T>, field: &'static str) -> Result<T, PhhError> {
    v.ok_or(PhhError::Field {
        field,
        problem: "missing".into(),
    })
}
