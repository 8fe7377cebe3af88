//! A Swiss event of Saint Poker in the operator's file (`game = "saint"`; RULES.md §5, "Saint
//! Poker tournaments (Swiss)"): its start, fewest players, rounds or elimination variant and
//! bots' level, made into the [`SwissDefinition`] a player's Swiss event is made with
//! ([`SwissDefinition::checked`]). A Swiss event is free and seats its tables by the rules, so
//! the fields of a tournament of chips (seats, entry, fee, speed, late registration, re-entry,
//! rebuys, the add-on, a guarantee) are refused, each named.

use tavolo_engine::tournament::{SwissConfig, SwissStart};

use super::{Event, Fault};
use crate::tournaments::swiss::{SwissDefinition, FREE, MIN_SWISS, OWN_TABLES};

/// The game's word in the file (and the books' row).
pub(super) const GAME: &str = "saint";

/// The definition of the Swiss event `e` starting at `at_ms`, or the field at fault and why.
pub(super) fn settings(e: &Event, at_ms: u64) -> Result<SwissDefinition, Fault> {
    let no_late = "a Swiss event takes its entries before its start: no late registration";
    let no_buys = "a Swiss event is free: no re-entries, rebuys or add-ons";
    let refused = [
        (e.seats.is_some(), "seats", OWN_TABLES),
        (e.speed.is_some(), "speed", OWN_TABLES),
        (e.entry.is_some_and(|c| !c.is_zero()), "entry", FREE),
        (!e.fee.is_zero(), "fee", FREE),
        (e.guarantee.is_some_and(|c| !c.is_zero()), "guarantee", FREE),
        (e.late_until_level > 0, "late_until_level", no_late),
        (e.re_entry, "re_entry", no_buys),
        (e.rebuys, "rebuys", no_buys),
        (e.add_on.is_some(), "add_on", no_buys),
    ];
    if let Some((_, field, why)) = refused.into_iter().find(|(given, ..)| *given) {
        return Err((field, why.into()));
    }
    let min_players = e.min_players.unwrap_or(MIN_SWISS);
    if min_players < MIN_SWISS {
        let why = format!(
            "a Swiss event starts with {MIN_SWISS} players at least (two would play heads-up only)"
        );
        return Err(("min_players", why));
    }
    let start = SwissStart::Scheduled { at_ms, min_players };
    // Each setting checked alone by the engine, so that the refusal names its field.
    let alone = |rounds, knockout| {
        let config = SwissConfig {
            start,
            rounds,
            knockout,
        };
        config.check().map_err(|e| e.to_string())
    };
    alone(None, None).map_err(|why| ("min_players", why))?;
    alone(e.rounds, None).map_err(|why| ("rounds", why))?;
    alone(None, e.knockout).map_err(|why| ("knockout", why))?;
    if e.rounds.is_some() && e.knockout.is_some() {
        let why = "the elimination variant (knockout) plays to its final table: no rounds are set";
        return Err(("rounds", why.into()));
    }
    let swiss = SwissConfig {
        start,
        rounds: e.rounds,
        knockout: e.knockout,
    };
    SwissDefinition::checked(swiss, e.bot_level.as_deref())
        .map_err(|e| ("bot_level", e.to_string()))
}
