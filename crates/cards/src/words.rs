//! The words of the games in the four languages of the rules (RULES.md §0): hand categories,
//! ranks, suits and card names, how a hand is described ("Two pair, Kings and Sevens, Ace
//! kicker"), Hold'em streets, Draw stages, Saint Poker phases, actions and results. One
//! catalogue: [`HandRank::describe`](crate::HandRank::describe), the terminal and `tavolo eval`
//! read it, and the room serves it to the browser as JSON (`/i18n/words.json`), which fills the
//! same patterns, so that every client says the same thing.
//!
//! A hand is told by its category's pattern, with these placeholders:
//! `{name}` the category's name; `{rN}` and `{RN}` the N-th deciding rank, singular and plural;
//! `{listN}` the ranks from the N-th on, singular, separated by commas; `{kickN}` the kickers
//! from the N-th on (`kicker.one` or `kicker.many` with `{list}`). The deciding ranks are those
//! of [`HandRank::deciding_ranks`](crate::HandRank::deciding_ranks).
//!
//! Streets, stages, phases, actions and results are keyed by the codes the engine writes on the
//! wire (`preflop`, `first_betting`, `draft`, `stand_pat`, …), so a client looks a word up by
//! the code it was sent and never decides anything from a translated string.
//!
//! ```
//! use tavolo_cards::{evaluate, parse_cards, words, Lang};
//! let hand = evaluate(&parse_cards("Ks Kh 7d 7c As")?)?;
//! assert_eq!(hand.describe(Lang::En), "Two pair, Kings and Sevens, Ace kicker");
//! assert_eq!(words(Lang::De).categories.get("two_pair"), Some(&"Zwei Paare"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use crate::card::{Rank, Suit};
use crate::rank::Lang;

/// The words of one language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Words {
    /// Category names by code (`one_pair`, …, and `royal_flush`).
    pub categories: BTreeMap<&'static str, &'static str>,
    /// Rank names by rank character (`A`, `K`, …, `2`): singular and plural.
    pub ranks: BTreeMap<char, [&'static str; 2]>,
    /// How a hand of each category (and `royal_flush`) is told.
    pub hands: BTreeMap<&'static str, &'static str>,
    /// The kicker phrases: `one` for one kicker, `many` for several, with `{list}`.
    pub kicker: BTreeMap<&'static str, &'static str>,
    /// Suit names by suit character (`c`, `d`, `h`, `s`), as used inside a card's name.
    pub suits: BTreeMap<char, &'static str>,
    /// How one card is named, from `{suit}` and the rank's singular name, written `{rank}`
    /// lower-cased or `{Rank}` as it is: "ace of spades", "Pik Ass".
    pub card: &'static str,
    /// Hold'em streets by code ([`STREET_CODES`]).
    pub streets: BTreeMap<&'static str, &'static str>,
    /// Five-Card Draw stages by code ([`STAGE_CODES`]).
    pub stages: BTreeMap<&'static str, &'static str>,
    /// Saint Poker phases by code ([`PHASE_CODES`]).
    pub phases: BTreeMap<&'static str, &'static str>,
    /// Actions by code ([`ACTION_CODES`]), as a button or a key hint names them.
    pub actions: BTreeMap<&'static str, &'static str>,
    /// Results and seat states by code ([`RESULT_CODES`]).
    pub results: BTreeMap<&'static str, &'static str>,
}

/// Hold'em street codes, as the engine serialises `Street` (and `showdown`).
pub const STREET_CODES: [&str; 5] = ["preflop", "flop", "turn", "river", "showdown"];
/// Five-Card Draw stage codes, as the engine serialises the Draw `Stage`.
pub const STAGE_CODES: [&str; 5] = [
    "first_betting",
    "exchange",
    "second_betting",
    "showdown",
    "over",
];
/// Saint Poker phase codes, as the engine serialises `PhaseName`.
pub const PHASE_CODES: [&str; 4] = ["place", "show", "draft", "over"];
/// Action codes: the betting actions, the Draw exchange and showdown, Saint Poker's plays, and
/// a rebuy.
pub const ACTION_CODES: [&str; 13] = [
    "fold",
    "check",
    "call",
    "bet",
    "raise_to",
    "all_in",
    "exchange",
    "stand_pat",
    "show",
    "muck",
    "place",
    "pick",
    "rebuy",
];
/// Result and seat-state codes.
pub const RESULT_CODES: [&str; 5] = [
    "folded",
    "winner",
    "shared_victory",
    "hand_over",
    "game_over",
];

/// Per language: suit names in [`Suit`] index order (clubs, diamonds, hearts, spades), as
/// inside a card's name.
const SUITS: [[&str; 4]; 4] = [
    ["clubs", "diamonds", "hearts", "spades"],
    ["fiori", "quadri", "cuori", "picche"],
    ["paus", "ouros", "copas", "espadas"],
    ["Kreuz", "Karo", "Herz", "Pik"],
];
/// Per language: a card's name.
const CARD: [&str; 4] = [
    "{rank} of {suit}",
    "{rank} di {suit}",
    "{rank} de {suit}",
    "{suit} {Rank}",
];

/// Per language: streets in [`STREET_CODES`] order.
const STREETS: [[&str; 5]; 4] = [
    ["Pre-flop", "Flop", "Turn", "River", "Showdown"],
    ["Pre-flop", "Flop", "Turn", "River", "Showdown"],
    ["Pré-flop", "Flop", "Turn", "River", "Showdown"],
    ["Pre-Flop", "Flop", "Turn", "River", "Showdown"],
];
/// Per language: Draw stages in [`STAGE_CODES`] order.
const STAGES: [[&str; 5]; 4] = [
    [
        "First betting round",
        "Exchange",
        "Second betting round",
        "Showdown",
        "Hand over",
    ],
    [
        "Primo giro di puntate",
        "Cambio",
        "Secondo giro di puntate",
        "Showdown",
        "Mano finita",
    ],
    [
        "Primeira ronda de apostas",
        "Troca",
        "Segunda ronda de apostas",
        "Showdown",
        "Mão terminada",
    ],
    [
        "Erste Setzrunde",
        "Kartentausch",
        "Zweite Setzrunde",
        "Showdown",
        "Hand vorbei",
    ],
];
/// Per language: Saint Poker phases in [`PHASE_CODES`] order.
const PHASES: [[&str; 4]; 4] = [
    ["Place a card", "Show two cards", "Draft", "Game over"],
    [
        "Metti una carta",
        "Mostra due carte",
        "Scelta",
        "Partita finita",
    ],
    [
        "Coloque uma carta",
        "Mostre duas cartas",
        "Escolha",
        "Fim do jogo",
    ],
    [
        "Karte ablegen",
        "Zwei Karten zeigen",
        "Auswahl",
        "Spielende",
    ],
];
/// Per language: actions in [`ACTION_CODES`] order.
const ACTIONS: [[&str; 13]; 4] = [
    [
        "Fold",
        "Check",
        "Call",
        "Bet",
        "Raise to",
        "All-in",
        "Exchange",
        "Stand pat",
        "Show",
        "Muck",
        "Place",
        "Pick",
        "Rebuy",
    ],
    [
        "Passa",
        "Check",
        "Vedi",
        "Punta",
        "Rilancia a",
        "All-in",
        "Cambia",
        "Servito",
        "Mostra",
        "Non mostrare",
        "Metti",
        "Prendi",
        "Ricarica",
    ],
    [
        "Desistir",
        "Passar",
        "Pagar",
        "Apostar",
        "Aumentar para",
        "All-in",
        "Trocar",
        "Servido",
        "Mostrar",
        "Não mostrar",
        "Colocar",
        "Escolher",
        "Recompra",
    ],
    [
        "Passen",
        "Schieben",
        "Mitgehen",
        "Setzen",
        "Erhöhen auf",
        "All-in",
        "Tauschen",
        "Keine Karte",
        "Zeigen",
        "Verdeckt ablegen",
        "Ablegen",
        "Nehmen",
        "Nachkauf",
    ],
];
/// Per language: results in [`RESULT_CODES`] order.
const RESULTS: [[&str; 5]; 4] = [
    [
        "folded",
        "winner",
        "shared victory",
        "Hand over",
        "Game over",
    ],
    [
        "ha passato",
        "vincitore",
        "vittoria condivisa",
        "Mano finita",
        "Partita finita",
    ],
    [
        "desistiu",
        "vencedor",
        "vitória dividida",
        "Mão terminada",
        "Fim do jogo",
    ],
    [
        "gepasst",
        "Sieger",
        "geteilter Sieg",
        "Hand vorbei",
        "Spielende",
    ],
];

/// `codes` paired with one language's row of `names`.
fn keyed<const N: usize>(
    codes: [&'static str; N],
    names: [&'static str; N],
) -> BTreeMap<&'static str, &'static str> {
    codes.into_iter().zip(names).collect()
}

/// The word for `code` in a catalogue section, or the code itself if the section lacks it
/// (a client never fails to say something).
pub fn word<'a>(section: &BTreeMap<&'static str, &'static str>, code: &'a str) -> &'a str
where
    'static: 'a,
{
    section.get(code).copied().unwrap_or(code)
}

/// The category codes, weakest first, and the royal flush.
pub const CATEGORY_CODES: [&str; 10] = [
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
];

/// Per language (en, it, pt, de): category names in [`CATEGORY_CODES`] order.
const CATEGORIES: [[&str; 10]; 4] = [
    [
        "High card",
        "One pair",
        "Two pair",
        "Three of a kind",
        "Straight",
        "Flush",
        "Full house",
        "Four of a kind",
        "Straight flush",
        "Royal flush",
    ],
    [
        "Carta Alta",
        "Coppia",
        "Doppia Coppia",
        "Tris",
        "Scala",
        "Colore",
        "Full",
        "Poker",
        "Scala Reale",
        "Scala Reale massima",
    ],
    [
        "Carta mais alta",
        "Par",
        "Dois pares",
        "Trio",
        "Sequência",
        "Cor",
        "Fullen",
        "Póquer",
        "Sequência da cor",
        "Sequência máxima da cor",
    ],
    [
        "Höchste Karte",
        "Ein Paar",
        "Zwei Paare",
        "Drilling",
        "Straight (Straße)",
        "Flush",
        "Full House",
        "Vierling",
        "Straight Flush",
        "Royal Flush",
    ],
];

/// Per language: rank names, two to ace, singular.
const RANKS: [[&str; 13]; 4] = [
    [
        "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
        "King", "Ace",
    ],
    [
        "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Otto", "Nove", "Dieci", "Fante",
        "Donna", "Re", "Asso",
    ],
    [
        "Dois", "Três", "Quatro", "Cinco", "Seis", "Sete", "Oito", "Nove", "Dez", "Valete", "Dama",
        "Rei", "Ás",
    ],
    [
        "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame",
        "König", "Ass",
    ],
];

/// Per language: rank names, two to ace, plural.
const RANKS_PLURAL: [[&str; 13]; 4] = [
    [
        "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
        "Queens", "Kings", "Aces",
    ],
    [
        "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Otto", "Nove", "Dieci", "Fanti",
        "Donne", "Re", "Assi",
    ],
    [
        "Dois", "Três", "Quatros", "Cincos", "Seis", "Setes", "Oitos", "Noves", "Dez", "Valetes",
        "Damas", "Reis", "Ases",
    ],
    [
        "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser", "Siebener", "Achter", "Neuner",
        "Zehner", "Buben", "Damen", "Könige", "Asse",
    ],
];

/// Per language: the hand patterns in [`CATEGORY_CODES`] order.
const HANDS: [[&str; 10]; 4] = [
    [
        "{name}, {list0}",
        "{name}, {R0}, {kick1}",
        "{name}, {R0} and {R1}, {kick2}",
        "{name}, {R0}, {kick1}",
        "{name}, {r0} high",
        "{name}, {list0}",
        "{name}, {R0} full of {R1}",
        "{name}, {R0}, {kick1}",
        "{name}, {r0} high",
        "{name}",
    ],
    [
        "{name}, {list0}",
        "{name} di {R0}, {kick1}",
        "{name}, {R0} e {R1}, {kick2}",
        "{name} di {R0}, {kick1}",
        "{name}, massima {r0}",
        "{name}, {list0}",
        "{name} di {R0} con {R1}",
        "{name} di {R0}, {kick1}",
        "{name}, massima {r0}",
        "{name}",
    ],
    [
        "{name}, {list0}",
        "{name} de {R0}, {kick1}",
        "{name}, {R0} e {R1}, {kick2}",
        "{name} de {R0}, {kick1}",
        "{name}, {r0} alto",
        "{name}, {list0}",
        "{name} de {R0} com {R1}",
        "{name} de {R0}, {kick1}",
        "{name}, {r0} alto",
        "{name}",
    ],
    [
        "{name}, {list0}",
        "{name}, {R0}, {kick1}",
        "{name}, {R0} und {R1}, {kick2}",
        "{name}, {R0}, {kick1}",
        "{name} bis {r0}",
        "{name}, {list0}",
        "{name}, {R0} und {R1}",
        "{name}, {R0}, {kick1}",
        "{name} bis {r0}",
        "{name}",
    ],
];

/// Per language: one kicker, several kickers.
const KICKERS: [[&str; 2]; 4] = [
    ["{list} kicker", "kickers {list}"],
    ["kicker {list}", "kicker {list}"],
    ["kicker {list}", "kickers {list}"],
    ["Kicker {list}", "Kicker {list}"],
];

/// The words of `lang`.
pub fn words(lang: Lang) -> &'static Words {
    static ALL: std::sync::OnceLock<[Words; 4]> = std::sync::OnceLock::new();
    &ALL.get_or_init(|| [Lang::En, Lang::It, Lang::Pt, Lang::De].map(build))[lang as usize]
}

/// Builds the words of `lang` from the tables above.
fn build(lang: Lang) -> Words {
    let l = lang as usize;
    Words {
        categories: CATEGORY_CODES.iter().copied().zip(CATEGORIES[l]).collect(),
        ranks: Rank::ALL
            .iter()
            .map(|&r| {
                (
                    r.to_char(),
                    [RANKS[l][r as usize], RANKS_PLURAL[l][r as usize]],
                )
            })
            .collect(),
        hands: CATEGORY_CODES.iter().copied().zip(HANDS[l]).collect(),
        kicker: [("one", KICKERS[l][0]), ("many", KICKERS[l][1])]
            .into_iter()
            .collect(),
        suits: Suit::ALL
            .iter()
            .map(|s| s.to_char())
            .zip(SUITS[l])
            .collect(),
        card: CARD[l],
        streets: keyed(STREET_CODES, STREETS[l]),
        stages: keyed(STAGE_CODES, STAGES[l]),
        phases: keyed(PHASE_CODES, PHASES[l]),
        actions: keyed(ACTION_CODES, ACTIONS[l]),
        results: keyed(RESULT_CODES, RESULTS[l]),
    }
}

/// The name of `card` in `lang`: "ace of spades", "asso di picche", "Pik Ass".
///
/// ```
/// use tavolo_cards::{words::card_name, Card, Lang};
/// let ace: Card = "As".parse()?;
/// assert_eq!(card_name(ace, Lang::En), "ace of spades");
/// assert_eq!(card_name(ace, Lang::De), "Pik Ass");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn card_name(card: crate::Card, lang: Lang) -> String {
    let l = lang as usize;
    let rank = rank_name(card.rank(), lang, false);
    CARD[l]
        .replace("{rank}", &rank.to_lowercase())
        .replace("{Rank}", rank)
        .replace("{suit}", SUITS[l][card.suit() as usize])
}

/// Every language's words, keyed `en`, `it`, `pt`, `de`: the catalogue the room serves.
pub fn catalogue() -> BTreeMap<&'static str, &'static Words> {
    [
        ("en", Lang::En),
        ("it", Lang::It),
        ("pt", Lang::Pt),
        ("de", Lang::De),
    ]
    .into_iter()
    .map(|(k, l)| (k, words(l)))
    .collect()
}

/// The name of category `code` (a [`CATEGORY_CODES`] entry) in `lang`.
pub(crate) fn category_name(code_index: usize, lang: Lang) -> &'static str {
    CATEGORIES[lang as usize][code_index.min(9)]
}

/// A rank's name in `lang`.
pub(crate) fn rank_name(r: Rank, lang: Lang, plural: bool) -> &'static str {
    let t = if plural { &RANKS_PLURAL } else { &RANKS };
    t[lang as usize][r as usize]
}

/// Fills the pattern of category `code_index` with `ranks` (see the module doc).
pub(crate) fn tell(code_index: usize, ranks: &[Rank], lang: Lang) -> String {
    let l = lang as usize;
    let pattern = HANDS[l][code_index.min(9)];
    let list = |from: usize| {
        ranks
            .iter()
            .skip(from)
            .map(|&r| rank_name(r, lang, false))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = String::with_capacity(48);
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let key = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let index = |prefix: &str| {
            key.strip_prefix(prefix)
                .and_then(|n| n.parse::<usize>().ok())
        };
        let rank =
            |i: usize, plural: bool| ranks.get(i).map_or("?", |&r| rank_name(r, lang, plural));
        if key == "name" {
            out.push_str(category_name(code_index, lang));
        } else if let Some(i) = index("list") {
            out.push_str(&list(i));
        } else if let Some(i) = index("kick") {
            let k = if ranks.len().saturating_sub(i) == 1 {
                0
            } else {
                1
            };
            out.push_str(&KICKERS[l][k].replace("{list}", &list(i)));
        } else if let Some(i) = index("r") {
            out.push_str(rank(i, false));
        } else if let Some(i) = index("R") {
            out.push_str(rank(i, true));
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_exists_in_all_four_languages() {
        let all = catalogue();
        let en = &all["en"];
        for (lang, w) in &all {
            assert_eq!(w.categories.len(), 10, "{lang}");
            assert_eq!(w.hands.len(), 10, "{lang}");
            assert_eq!(w.ranks.len(), 13, "{lang}");
            assert_eq!(w.kicker.len(), 2, "{lang}");
            assert_eq!(w.suits.len(), 4, "{lang}");
            for (section, en_section) in [
                (&w.streets, &en.streets),
                (&w.stages, &en.stages),
                (&w.phases, &en.phases),
                (&w.actions, &en.actions),
                (&w.results, &en.results),
            ] {
                assert_eq!(
                    section.keys().collect::<Vec<_>>(),
                    en_section.keys().collect::<Vec<_>>(),
                    "{lang}"
                );
                assert!(section.values().all(|v| !v.trim().is_empty()), "{lang}");
            }
            for k in en.categories.keys() {
                assert!(
                    !w.categories[k].is_empty() && !w.hands[k].is_empty(),
                    "{lang} {k}"
                );
            }
        }
    }
}
