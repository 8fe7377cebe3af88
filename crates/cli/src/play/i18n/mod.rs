//! The messages of `tavolo play` in the four languages of the rules (English, Italian,
//! Portuguese, German). The game's own words — hands, streets, stages, phases, actions and
//! results — come from the one catalogue, `tavolo_cards::words` ([`word`]); the sentences and
//! prompts of the terminal are here. Templates use `{0}`, `{1}`, … for their arguments
//! ([`fill`]).

use std::fmt::Display;

use tavolo_cards::{words, Lang, Words};

mod de;
mod en;
mod it;
mod pt;

/// Every message of the game, in one language.
pub struct Texts {
    pub you: &'static str,
    pub hand_no: &'static str,
    pub round_of: &'static str,
    pub pot: &'static str,
    pub board: &'static str,
    pub centre: &'static str,
    pub preview: &'static str,
    pub pool: &'static str,
    pub your_hand: &'static str,
    pub log: &'static str,
    pub result: &'static str,
    pub points: &'static str,
    pub seed: &'static str,
    pub blinds: &'static str,
    pub ante: &'static str,
    // Actions as logged.
    pub posts: &'static str,
    pub posts_ante: &'static str,
    pub folds: &'static str,
    pub checks: &'static str,
    pub calls: &'static str,
    pub bets: &'static str,
    pub raises_to: &'static str,
    pub all_in: &'static str,
    pub returned: &'static str,
    pub shows: &'static str,
    pub mucks: &'static str,
    pub wins_main: &'static str,
    pub wins_side: &'static str,
    pub with_hand: &'static str,
    pub carried: &'static str,
    pub your_cards: &'static str,
    pub dealt_board: &'static str,
    pub discards_draws: &'static str,
    pub you_exchange: &'static str,
    pub stands_pat: &'static str,
    pub reshuffled: &'static str,
    pub rebuys: &'static str,
    pub net: &'static str,
    pub round_starts: &'static str,
    pub places: &'static str,
    pub scores: &'static str,
    pub draft_order: &'static str,
    pub picks: &'static str,
    pub final_ranking: &'static str,
    pub ranking_line: &'static str,
    pub saved: &'static str,
    pub main_pot: &'static str,
    pub side_pot: &'static str,
    pub session: &'static str,
    // Last actions in the seat rows.
    pub placed_short: &'static str,
    // Prompts and keys.
    pub key_fold: &'static str,
    pub key_check: &'static str,
    pub key_call: &'static str,
    pub key_bet: &'static str,
    pub key_raise: &'static str,
    pub key_allin: &'static str,
    pub key_help: &'static str,
    pub key_quit: &'static str,
    pub amount_prompt: &'static str,
    pub amount_keys: &'static str,
    pub bad_amount: &'static str,
    pub not_a_number: &'static str,
    pub ask_place: &'static str,
    pub ask_show: &'static str,
    pub ask_pick: &'static str,
    pub ask_exchange: &'static str,
    pub ask_showdown: &'static str,
    pub cards_keys: &'static str,
    pub exchange_keys: &'static str,
    pub choose_n: &'static str,
    pub choose_range: &'static str,
    pub not_a_choice: &'static str,
    pub waiting: &'static str,
    pub next_hand: &'static str,
    pub game_end: &'static str,
    pub busted_rebuy: &'static str,
    pub busted: &'static str,
    pub quit_confirm: &'static str,
    pub unknown_command: &'static str,
    pub not_now: &'static str,
    pub best: &'static str,
    pub best_possible: &'static str,
    pub help_title: &'static str,
    pub help_betting: &'static [&'static str],
    pub help_saint: &'static [&'static str],
    pub help_draw: &'static [&'static str],
    pub help_plain: &'static [&'static str],
}

/// The texts of `lang`.
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &en::TEXTS,
        Lang::It => &it::TEXTS,
        Lang::Pt => &pt::TEXTS,
        Lang::De => &de::TEXTS,
    }
}

/// The catalogue's word for `code` (an engine value that serialises to a code, such as a
/// `Street`, a Draw `Stage` or a Saint Poker `PhaseName`) in the section `pick` chooses.
///
/// The code is the engine's own wire word, so the terminal and the browser look up the same key.
pub fn word<T: serde::Serialize>(
    lang: Lang,
    pick: fn(&'static Words) -> &'static std::collections::BTreeMap<&'static str, &'static str>,
    value: &T,
) -> String {
    let code = serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    tavolo_cards::words::word(pick(words(lang)), &code).to_string()
}

/// The catalogue's word for a literal `code` in the section `pick` chooses.
pub fn word_of(
    lang: Lang,
    pick: fn(&'static Words) -> &'static std::collections::BTreeMap<&'static str, &'static str>,
    code: &'static str,
) -> &'static str {
    tavolo_cards::words::word(pick(words(lang)), code)
}

/// `template` with `{0}`, `{1}`, … replaced by `args`.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut s = template.to_string();
    for (i, a) in args.iter().enumerate() {
        s = s.replace(&format!("{{{i}}}"), &a.to_string());
    }
    s
}

/// A signed amount with thousands separators (`+1,200`, `-10,000`, `+0`).
pub fn signed(n: i128) -> String {
    let sign = if n < 0 { "-" } else { "+" };
    format!("{sign}{}", chips(n.unsigned_abs()))
}

/// Chips with thousands separators (`12,500`): a count of chips or a plain number.
pub fn chips(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `line` in the second person when it starts with the human's name (`you`): the templates
/// are written for any player ("{0} raises to {1}"), so "You raises" becomes "You raise",
/// "Tu rilancia" "Tu rilanci", "Du erhöht" "Du erhöhst" (Portuguese "Você" takes the third
/// person already).
pub fn second_person(lang: Lang, line: &str) -> String {
    let you = texts(lang).you;
    let Some(rest) = line.strip_prefix(you).and_then(|r| r.strip_prefix(' ')) else {
        return line.to_string();
    };
    let pairs = match lang {
        Lang::En => en::SECOND_PERSON,
        Lang::It => it::SECOND_PERSON,
        Lang::Pt => pt::SECOND_PERSON,
        Lang::De => de::SECOND_PERSON,
    };
    for (third, second) in pairs {
        if let Some(tail) = rest.strip_prefix(third) {
            if tail.is_empty() || tail.starts_with(' ') {
                return format!("{you} {second}{tail}");
            }
        }
    }
    line.to_string()
}

/// Whether `answer` means yes in any of the four languages (y, s, j, yes, sì, sim, ja).
pub fn is_yes(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "y" | "yes" | "s" | "si" | "sì" | "sim" | "j" | "ja"
    )
}

/// Whether `answer` means no (n, no, não, nein).
pub fn is_no(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "n" | "no" | "não" | "nao" | "nein"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_numbered_arguments() {
        assert_eq!(fill("{0} calls {1}", &[&"Ana", &200]), "Ana calls 200");
    }

    #[test]
    fn chips_have_thousands_separators() {
        assert_eq!(chips(0u64), "0");
        assert_eq!(chips(999u64), "999");
        assert_eq!(chips(10_000u64), "10,000");
        assert_eq!(chips(1_234_567u64), "1,234,567");
        assert_eq!(signed(-10_000), "-10,000");
        assert_eq!(signed(1200), "+1,200");
        assert_eq!(signed(0), "+0");
    }

    #[test]
    fn the_humans_actions_read_in_the_second_person() {
        assert_eq!(
            second_person(Lang::En, "You raises to 300"),
            "You raise to 300"
        );
        assert_eq!(
            second_person(Lang::En, "rules#2 raises to 300"),
            "rules#2 raises to 300"
        );
        assert_eq!(second_person(Lang::It, "Tu non mostra"), "Tu non mostri");
        assert_eq!(
            second_person(Lang::De, "Du geht mit 100"),
            "Du gehst mit 100"
        );
        assert_eq!(second_person(Lang::Pt, "Você paga 100"), "Você paga 100");
        assert_eq!(
            second_person(Lang::En, "You: +50 this hand"),
            "You: +50 this hand"
        );
    }

    #[test]
    fn yes_and_no_in_every_language() {
        for y in ["y", "S", "j", "ja", "sim"] {
            assert!(is_yes(y), "{y}");
        }
        for n in ["n", "no", "nein", "não"] {
            assert!(is_no(n), "{n}");
        }
    }
}
