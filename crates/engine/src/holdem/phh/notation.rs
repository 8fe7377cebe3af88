//! PHH action notation (`d dh p1 AsKd`, `p2 cbr 6`, `p3 sm`) read into Tavolo actions.

use super::fields::to_units;
use crate::holdem::action::{Action, BoardCards};
use crate::holdem::hand::Hand;
use tavolo_cards::Card;

pub(super) fn strip_comment(a: &str) -> &str {
    a.split_once('#').map_or(a, |(x, _)| x).trim()
}

fn parse_cards(s: &str) -> Result<Vec<Option<Card>>, String> {
    if !s.is_ascii() || s.len() % 2 != 0 {
        return Err(format!("`{s}` is not a list of cards"));
    }
    (0..s.len() / 2)
        .map(|i| {
            let c = &s[2 * i..2 * i + 2];
            if c.contains('?') {
                Ok(None)
            } else {
                c.parse::<Card>()
                    .map(Some)
                    .map_err(|e| format!("`{c}`: {e}"))
            }
        })
        .collect()
}

fn player(word: &str, n: usize) -> Result<usize, String> {
    let i: usize = word
        .strip_prefix('p')
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("`{word}` is not an actor"))?;
    if i == 0 || i > n {
        return Err(format!("there is no player {word}"));
    }
    Ok(i - 1)
}

/// Reads one action (`None` for a no-op). `cc` becomes a check or a call as the hand requires.
pub(super) fn parse_action(
    text: &str,
    n: usize,
    decimals: u32,
    hand: &Hand,
) -> Result<Option<Action>, String> {
    let w: Vec<&str> = text.split_whitespace().collect();
    if w.is_empty() {
        return Ok(None);
    }
    if w[0] == "d" {
        return match w.as_slice() {
            ["d", "dh", p, cards] => {
                let seat = player(p, n)?;
                let c = parse_cards(cards)?;
                if c.len() != 2 {
                    return Err("hold'em deals two hole cards".into());
                }
                Ok(Some(Action::DealHole {
                    seat,
                    cards: [c[0], c[1]],
                }))
            }
            ["d", "db", cards] => {
                let c: Vec<Card> = parse_cards(cards)?
                    .into_iter()
                    .collect::<Option<_>>()
                    .ok_or("board cards must be known")?;
                let cards = BoardCards::new(&c).ok_or("one to three board cards")?;
                Ok(Some(Action::DealBoard { cards }))
            }
            _ => Err("unknown dealer action".into()),
        };
    }
    let seat = player(w[0], n)?;
    match w.get(1..).unwrap_or(&[]) {
        ["f"] => Ok(Some(Action::Fold { seat })),
        ["cc"] => {
            let owed = hand.owed(seat) > 0;
            Ok(Some(if owed {
                Action::Call { seat }
            } else {
                Action::Check { seat }
            }))
        }
        ["cbr", amount] => Ok(Some(Action::BetOrRaiseTo {
            seat,
            to: to_units(amount, decimals)?,
        })),
        ["sm"] => Ok(Some(Action::Muck { seat })),
        ["sm", "-"] => Ok(Some(Action::Show { seat, cards: None })),
        ["sm", cards] => {
            let c = parse_cards(cards)?;
            if c.len() != 2 {
                return Err("hold'em shows two hole cards".into());
            }
            Ok(Some(Action::Show {
                seat,
                cards: match (c[0], c[1]) {
                    (Some(a), Some(b)) => Some([a, b]),
                    _ => None,
                },
            }))
        }
        _ => Err("not a hold'em action".into()),
    }
}
