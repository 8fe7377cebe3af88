//! The evaluator and equity in Python: `evaluate`, `best_five`, `best_two_plus_three` (Saint
//! Poker's exactly 2 + 3), the German tie-break through [`HandRank.key`](PyHandRank::key) and
//! [`compare`], and exact or sampled `equity`.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use serde::de::DeserializeOwned;
use tavolo_cards::{
    parse_cards, CardSet, EquityQuery, Game as EquityGame, HandRank, HandRule, Holding, Lang,
    TieBreak,
};

use crate::error::{card_error, value_error};

/// Reads a setting named by the word its serde form uses (`"german"`, `"saint"`,
/// `"two_plus_three"`): one spelling for the JSON, the records and Python.
pub fn named<T: DeserializeOwned>(what: &str, word: &str) -> PyResult<T> {
    serde_json::from_value(serde_json::Value::String(word.to_owned()))
        .map_err(|e| value_error(format!("{what} `{word}`: {e}")))
}

/// Cards from Python: one string (`"As Kd"`, `"AsKd"`) or a sequence of card strings.
pub fn cards_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<tavolo_cards::Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_cards(&s.to_cow()?).map_err(card_error);
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let s: String = item
            .extract()
            .map_err(|_| card_error(format!("a card is a string like \"As\", not {item}")))?;
        out.extend(parse_cards(&s).map_err(card_error)?);
    }
    Ok(out)
}

/// Card names, e.g. `["As", "Kd"]`.
pub fn card_names(cards: impl IntoIterator<Item = tavolo_cards::Card>) -> Vec<String> {
    cards.into_iter().map(|c| c.to_string()).collect()
}

fn lang(word: &str) -> PyResult<Lang> {
    word.parse().map_err(value_error)
}

/// The value of a five-card poker hand: 1 (7-5-4-3-2) to 7,462 (a royal flush), larger is
/// stronger, equal exactly when hands tie under the usual kicker rules.
#[pyclass(name = "HandRank", module = "tavolo", frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyHandRank(pub HandRank);

#[pymethods]
impl PyHandRank {
    /// The hand rank with this value (1 to 7,462).
    #[new]
    fn new(value: u16) -> PyResult<Self> {
        HandRank::from_value(value)
            .map(PyHandRank)
            .ok_or_else(|| value_error(format!("a hand rank is 1 to 7462, not {value}")))
    }

    /// The integer value: larger is stronger.
    #[getter]
    fn value(&self) -> u16 {
        self.0.value()
    }

    /// The category's code: `high_card`, `one_pair`, … `straight_flush`.
    #[getter]
    fn category(&self) -> &'static str {
        self.0.category().code()
    }

    /// The category's name in `lang` (`en`, `it`, `pt`, `de`).
    #[pyo3(signature = (lang = "en"))]
    fn category_name(&self, lang: &str) -> PyResult<&'static str> {
        Ok(self.0.category().name(self::lang(lang)?))
    }

    /// The hand in words, e.g. "Two pair, Kings and Sevens, Ace kicker".
    #[pyo3(signature = (lang = "en"))]
    fn describe(&self, lang: &str) -> PyResult<String> {
        Ok(self.0.describe(self::lang(lang)?))
    }

    /// The ranks that decide the hand, most significant first (`["K", "7", "A"]`).
    #[getter]
    fn deciding_ranks(&self) -> Vec<String> {
        self.0
            .deciding_ranks()
            .iter()
            .map(|r| r.to_string())
            .collect()
    }

    /// The key hands compare by under a tie-break rule (`standard`, or `german`: a full house
    /// by its three only, one pair by the pair and the highest kicker only).
    #[pyo3(signature = (tiebreak = "standard"))]
    fn key(&self, tiebreak: &str) -> PyResult<u32> {
        Ok(self
            .0
            .tiebreak_key(named::<TieBreak>("tie-break", tiebreak)?))
    }

    fn __richcmp__(&self, other: &Self, op: CompareOp) -> bool {
        op.matches(self.0.cmp(&other.0))
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.0.value())
    }

    fn __int__(&self) -> u16 {
        self.0.value()
    }

    fn __str__(&self) -> String {
        self.0.describe(Lang::En)
    }

    fn __repr__(&self) -> String {
        format!(
            "HandRank({}) # {}",
            self.0.value(),
            self.0.describe(Lang::En)
        )
    }
}

/// Normalises cards: `parse_cards("as kd") == ["As", "Kd"]`.
#[pyfunction(name = "parse_cards")]
fn py_parse_cards(cards: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    Ok(card_names(cards_arg(cards)?))
}

/// The best five-card hand of 5, 6 or 7 distinct cards.
#[pyfunction]
fn evaluate(cards: &Bound<'_, PyAny>) -> PyResult<PyHandRank> {
    tavolo_cards::evaluate(&cards_arg(cards)?)
        .map(PyHandRank)
        .map_err(card_error)
}

/// The best five of 5, 6 or 7 cards, in the order that describes them, and their rank.
#[pyfunction]
fn best_five(cards: &Bound<'_, PyAny>) -> PyResult<(Vec<String>, PyHandRank)> {
    let (five, rank) = tavolo_cards::best_five(&cards_arg(cards)?).map_err(card_error)?;
    Ok((card_names(five), PyHandRank(rank)))
}

/// Saint Poker's hand: exactly two of `own` with exactly three of `centre` (`rule =
/// "two_plus_three"`, the default), or the best five of both (`"any_five"`).
#[pyfunction]
#[pyo3(signature = (own, centre, rule = "two_plus_three"))]
fn best_saint(
    own: &Bound<'_, PyAny>,
    centre: &Bound<'_, PyAny>,
    rule: &str,
) -> PyResult<(Vec<String>, PyHandRank)> {
    let own = cards_arg(own)?;
    let pair: [tavolo_cards::Card; 2] = own.as_slice().try_into().map_err(|_| {
        card_error(format!(
            "Saint Poker shows exactly two own cards, not {}",
            own.len()
        ))
    })?;
    let rule = named::<HandRule>("hand rule", rule)?;
    let (five, rank) = rule
        .best_five(pair, &cards_arg(centre)?)
        .map_err(card_error)?;
    Ok((card_names(five), PyHandRank(rank)))
}

/// Compares two hands under a tie-break rule: -1, 0 or 1.
#[pyfunction]
#[pyo3(signature = (a, b, tiebreak = "standard"))]
fn compare(a: PyRef<'_, PyHandRank>, b: PyRef<'_, PyHandRank>, tiebreak: &str) -> PyResult<i8> {
    Ok(named::<TieBreak>("tie-break", tiebreak)?.compare(a.0, b.0) as i8)
}

/// Each hand's chance to win: exact over every board (and every hand for `None`/"random"
/// holdings), or by `samples` Monte-Carlo deals from `seed`. Returns one dict per hand:
/// `equity` (wins plus shared ties), `win`, `tie` (fractions of outcomes) and `std_error` (0
/// when exact). The GIL is released while it counts, on all cores unless `threads=1`.
#[pyfunction]
#[pyo3(signature = (hands, board = None, dead = None, game = "holdem", samples = None, seed = 0, threads = None))]
#[allow(clippy::too_many_arguments)]
fn equity<'py>(
    py: Python<'py>,
    hands: Vec<Option<Bound<'py, PyAny>>>,
    board: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
    game: &str,
    samples: Option<u64>,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut holdings = Vec::with_capacity(hands.len());
    for h in &hands {
        let known = match h {
            Some(h) if !h.extract::<String>().is_ok_and(|s| s == "random") => h,
            _ => {
                holdings.push(Holding::Random);
                continue;
            }
        };
        let cards = cards_arg(known)?;
        let pair: [tavolo_cards::Card; 2] = cards
            .as_slice()
            .try_into()
            .map_err(|_| card_error(format!("a hand is two cards, not {}", cards.len())))?;
        holdings.push(Holding::Known(pair));
    }
    let board = match board {
        Some(b) => cards_arg(b)?,
        None => Vec::new(),
    };
    let dead = match dead {
        Some(d) => CardSet::try_from_cards(cards_arg(d)?).map_err(card_error)?,
        None => CardSet::EMPTY,
    };
    let game = named::<EquityGame>("game", game)?;
    let query = EquityQuery::new(holdings, board, dead, game).map_err(card_error)?;
    let tally = py.detach(|| match (samples, threads) {
        (Some(n), _) => query.monte_carlo(n, seed, &|_| {}),
        (None, Some(1)) => query.exact_single_thread(),
        (None, _) => query.exact(&|_| {}),
    });
    let total = tally.total.max(1) as f64;
    (0..query.players())
        .map(|p| {
            let d = PyDict::new(py);
            d.set_item("equity", tally.equity(p))?;
            d.set_item("win", tally.wins[p] as f64 / total)?;
            d.set_item("tie", tally.ties[p] as f64 / total)?;
            d.set_item(
                "std_error",
                if samples.is_some() {
                    tally.std_error(p)
                } else {
                    0.0
                },
            )?;
            Ok(d)
        })
        .collect()
}

/// Registers the evaluator's functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHandRank>()?;
    m.add_function(wrap_pyfunction!(py_parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(best_five, m)?)?;
    m.add_function(wrap_pyfunction!(best_saint, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    Ok(())
}
