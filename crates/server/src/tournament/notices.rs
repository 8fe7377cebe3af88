//! A player's notices as shown (docs/protocol.md, `TournamentNotice`): each [`Notice`] a key
//! and its arguments, which the browser says in the reader's language, with the English words
//! for other clients.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use tavolo_engine::tournament::DealKind;
use tavolo_engine::Chips;

use super::io::Notice;
use super::swiss::SwissNotice;
use crate::protocol::tournament::TournamentNotice;

/// `n` as shown.
pub(super) fn shown(n: &Notice) -> TournamentNotice {
    let (key, args) = key_and_args(n);
    TournamentNotice {
        key: key.into(),
        args: args.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        text: say(n),
    }
}

/// The notice's key and arguments.
fn key_and_args(n: &Notice) -> (&'static str, BTreeMap<&'static str, Value>) {
    // Tables and seats are told by their number, 1 first, as the tables' names say.
    let at =
        |t: &usize, s: &usize| BTreeMap::from([("table", json!(t + 1)), ("seat", json!(s + 1))]);
    let one = |k: &'static str, v: Value| BTreeMap::from([(k, v)]);
    match n {
        Notice::Entered { entry } if *entry > 1 => ("re_entered", one("entry", json!(entry))),
        Notice::Entered { .. } => ("registered", BTreeMap::new()),
        Notice::Refunded { amount } => ("refunded", one("amount", json!(amount))),
        Notice::Rebought { stack } => ("rebought", one("stack", json!(stack))),
        Notice::AddedOn { stack } => ("added_on", one("stack", json!(stack))),
        Notice::Seated { table, seat } => ("seated", at(table, seat)),
        Notice::Moved { table, seat } => ("moved", at(table, seat)),
        Notice::Busted {
            place: 1, tied: 1, ..
        } => ("won", BTreeMap::new()),
        Notice::Busted { place, tied, prize } => {
            let mut args = BTreeMap::from([("place", json!(place)), ("tied", json!(tied))]);
            if let Some(p) = prize.filter(|p| !p.is_zero()) {
                args.insert("prize", json!(p));
            }
            ("busted", args)
        }
        Notice::Paid { place, amount } => (
            "paid",
            BTreeMap::from([("place", json!(place)), ("amount", json!(amount))]),
        ),
        Notice::DealPaid { amount } => ("deal_paid", one("amount", json!(amount))),
        Notice::Cancelled => ("cancelled", BTreeMap::new()),
        Notice::DealProposed {
            by,
            kind,
            keep_back,
            ..
        } => {
            let mut args = BTreeMap::from([("by", json!(by)), ("kind", json!(kind_code(*kind)))]);
            kept(&mut args, *keep_back);
            ("deal_proposed", args)
        }
        Notice::DealOff {
            declined_by: Some(by),
        } => ("deal_declined", one("by", json!(by))),
        Notice::DealOff { declined_by: None } => ("deal_off", BTreeMap::new()),
        Notice::DealMade {
            kind,
            share,
            keep_back,
        } => {
            let mut args =
                BTreeMap::from([("kind", json!(kind_code(*kind))), ("share", json!(share))]);
            kept(&mut args, *keep_back);
            ("deal_made", args)
        }
        Notice::Refused { error } => {
            let wire = error.to_wire();
            let code = serde_json::to_value(wire.code).unwrap_or(Value::Null);
            (
                "refused",
                BTreeMap::from([("code", code), ("message", json!(wire.message))]),
            )
        }
    }
}

/// A notice in English.
fn say(n: &Notice) -> String {
    let table = |t: &usize| t + 1;
    match n {
        Notice::Entered { entry } if *entry > 1 => format!("Re-entered (entry {entry})."),
        Notice::Entered { .. } => "Registered.".into(),
        Notice::Refunded { amount } => format!("{amount} chips came back to your account."),
        Notice::Rebought { stack } => format!("Rebuy done: your stack is {stack}."),
        Notice::AddedOn { stack } => format!("Add-on done: your stack is {stack}."),
        Notice::Seated { table: t, seat } => {
            format!("Seated at table {}, seat {}.", table(t), seat + 1)
        }
        Notice::Moved { table: t, seat } => {
            format!("Moved to table {}, seat {}.", table(t), seat + 1)
        }
        Notice::Busted {
            place: 1, tied: 1, ..
        } => "You won the tournament!".into(),
        Notice::Busted { place, tied, prize } => {
            let shared = if *tied > 1 {
                format!(" (shared by {tied})")
            } else {
                String::new()
            };
            match prize.filter(|p| !p.is_zero()) {
                Some(p) => format!("Out in place {place}{shared}: prize {p}."),
                None => format!("Out in place {place}{shared}."),
            }
        }
        Notice::Paid { place, amount } => format!("Prize for place {place} paid: {amount}."),
        Notice::DealPaid { amount } => format!("Your share of the deal paid: {amount}."),
        Notice::Cancelled => "The tournament was called off: your entry is refunded.".into(),
        Notice::DealProposed {
            by,
            kind,
            keep_back,
            ..
        } => {
            let kept = match keep_back.is_zero() {
                true => String::new(),
                false => format!(", keeping {keep_back} back to play for"),
            };
            format!(
                "{by} proposes a deal ({}{kept}): accept or decline within two minutes.",
                kind_word(*kind)
            )
        }
        Notice::DealOff {
            declined_by: Some(by),
        } => format!("{by} declined the deal: play goes on."),
        Notice::DealOff { declined_by: None } => "The deal is off: play goes on.".into(),
        Notice::DealMade {
            kind,
            share,
            keep_back,
        } => {
            let kept = match keep_back.is_zero() {
                true => String::new(),
                false => format!(" Play goes on for the {keep_back} kept back: the winner's."),
            };
            format!(
                "Everyone accepted the deal ({}): your share is {share}.{kept}",
                kind_word(*kind)
            )
        }
        Notice::Refused { error } => format!("Refused: {error}."),
    }
}

/// A deal's `keep_back` argument, when it keeps money back.
fn kept(args: &mut BTreeMap<&'static str, Value>, keep_back: Chips) {
    if !keep_back.is_zero() {
        args.insert("keep_back", json!(keep_back));
    }
}

/// A deal's kind as the protocol names it.
fn kind_code(kind: DealKind) -> &'static str {
    match kind {
        DealKind::Icm => "icm",
        DealKind::Chop => "chop",
    }
}

/// A deal's kind in English.
fn kind_word(kind: DealKind) -> &'static str {
    match kind {
        DealKind::Icm => "ICM",
        DealKind::Chop => "chip chop",
    }
}

/// A Swiss event's notice `n` as shown: a key and its arguments for the browser to say in the reader's language
/// (docs/protocol.md, `TournamentNotice`), with the English words.
pub(super) fn swiss_shown(n: &SwissNotice) -> TournamentNotice {
    let (key, args): (&str, Vec<(&str, serde_json::Value)>) = match n {
        SwissNotice::Seated { round, table, seat } => (
            "swiss_seated",
            vec![
                ("round", (*round).into()),
                ("table", (table + 1).into()),
                ("seat", (seat + 1).into()),
            ],
        ),
        SwissNotice::Eliminated { round } => ("swiss_out", vec![("round", (*round).into())]),
        SwissNotice::Placed { place: 1 } => ("swiss_won", vec![]),
        SwissNotice::Placed { place } => ("swiss_placed", vec![("place", (*place).into())]),
        SwissNotice::Cancelled => ("swiss_cancelled", vec![]),
    };
    TournamentNotice {
        key: key.into(),
        args: args.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        text: swiss_say(n),
    }
}

/// A notice in English.
fn swiss_say(n: &SwissNotice) -> String {
    match n {
        SwissNotice::Seated { round, table, seat } => format!(
            "Round {round}: seated at table {}, seat {}.",
            table + 1,
            seat + 1
        ),
        SwissNotice::Eliminated { round } => format!("Out after round {round}."),
        SwissNotice::Placed { place: 1 } => "You won the event!".into(),
        SwissNotice::Placed { place } => format!("The event is over: you placed {place}."),
        SwissNotice::Cancelled => "The event was called off.".into(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tavolo_engine::Chips;

    use super::*;
    use crate::tournament::CoordError;

    #[test]
    fn a_notice_is_a_key_and_its_arguments_with_the_english_words() {
        let n = shown(&Notice::Moved { table: 1, seat: 4 });
        assert_eq!(n.key, "moved");
        assert_eq!(
            n.args.get("table"),
            Some(&json!(2)),
            "tables counted from 1"
        );
        assert_eq!(n.args.get("seat"), Some(&json!(5)));
        assert_eq!(n.text, "Moved to table 2, seat 5.");
        let won = Notice::Busted {
            place: 1,
            tied: 1,
            prize: Some(Chips::new(300)),
        };
        assert_eq!(shown(&won).key, "won");
        let out = Notice::Busted {
            place: 3,
            tied: 2,
            prize: None,
        };
        let n = shown(&out);
        assert_eq!((n.key.as_str(), n.args.len()), ("busted", 2));
        let deal = Notice::DealMade {
            kind: DealKind::Chop,
            share: Chips::new(450),
            keep_back: Chips::ZERO,
        };
        let n = shown(&deal);
        assert_eq!(n.args.get("kind"), Some(&json!("chop")));
        assert_eq!(n.args.get("share"), Some(&json!(450)));
        assert_eq!(n.args.get("keep_back"), None, "nothing kept back");
        let keeping = Notice::DealMade {
            kind: DealKind::Icm,
            share: Chips::new(300),
            keep_back: Chips::new(100),
        };
        let n = shown(&keeping);
        assert_eq!(n.args.get("keep_back"), Some(&json!(100)));
        assert_eq!(
            n.text,
            "Everyone accepted the deal (ICM): your share is 300. Play goes on for the 100 kept back: the winner's."
        );
        let n = shown(&Notice::DealPaid {
            amount: Chips::new(200),
        });
        assert_eq!(n.key, "deal_paid");
        assert_eq!(n.args.get("amount"), Some(&json!(200)));
        assert_eq!(n.text, "Your share of the deal paid: 200.");
        let refused = Notice::Refused {
            error: CoordError::Moved,
        };
        let n = shown(&refused);
        assert_eq!(n.key, "refused");
        assert!(n.args.get("code").is_some_and(|c| c.is_string()), "{n:?}");
    }
}
