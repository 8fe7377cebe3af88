//! A tournament of No-Limit Hold'em or Five-Card Draw in the operator's file: its seats, entry,
//! fee, speed, fewest players, late registration, re-entries, rebuys, add-on and guarantee made
//! into the [`Definition`] a player's sit-and-go is made with, each refusal naming its field.

use tavolo_engine::tournament::{AddOn, Config, Start, Structure, Tournament, TournamentGame};
use tavolo_store::UserId;

use super::{Event, Fault};
use crate::tournaments::{speed, Definition};

/// The definition of a tournament of Hold'em or Draw (`game`; none: Hold'em) starting at
/// `at_ms`, or the field at fault and why.
pub(super) fn settings(e: &Event, game: Option<&str>, at_ms: u64) -> Result<Definition, Fault> {
    let game = match game {
        None => TournamentGame::Holdem,
        Some(w) => TournamentGame::from_word(w).ok_or((
            "game",
            format!("no tournaments of {w:?}: holdem, draw or saint"),
        ))?,
    };
    let seats = e.seats.unwrap_or(9);
    if !(2..=10).contains(&seats) {
        return Err(("seats", "a tournament table has 2 to 10 seats".into()));
    }
    let Some(entry) = e.entry.filter(|c| !c.is_zero()) else {
        return Err((
            "entry",
            "the entry must put at least one chip in the pool".into(),
        ));
    };
    let min_players = e.min_players.unwrap_or(2);
    if min_players < 2 {
        return Err(("min_players", "a tournament needs two players".into()));
    }
    let (speed, word) =
        speed(e.speed.as_deref().or(Some("regular"))).map_err(|e| ("speed", e.to_string()))?;
    for (given, field) in [
        (e.rounds.is_some(), "rounds"),
        (e.knockout.is_some(), "knockout"),
    ] {
        if given {
            let why = format!("a Swiss event's (game = \"saint\"), not a {}", game.word());
            return Err((field, why));
        }
    }
    let structure = Structure::template_of(game, speed);
    let late = e.late_until_level;
    if late >= structure.steps.len() {
        let why = format!("the structure has {} steps", structure.steps.len());
        return Err(("late_until_level", why));
    }
    let add_on = late_options(e, late)?;
    if e.guarantee.is_some_and(|g| g.to_ledger().is_err()) {
        return Err(("guarantee", "too large for the ledger".into()));
    }
    let config = Config {
        game,
        seats,
        structure,
        prize: entry,
        fee: e.fee,
        start: Start::Scheduled {
            at_ms,
            late_until_level: late,
            min_players,
        },
        re_entry: e.re_entry,
        rebuys: e.rebuys,
        add_on,
        guarantee: e.guarantee.filter(|g| !g.is_zero()),
    };
    Tournament::<UserId>::new(config.clone(), [0; 32]).map_err(|e| ("entry", e.to_string()))?;
    let definition = Definition {
        config,
        bot_level: e.bot_level.clone().unwrap_or_else(|| "regular".into()),
        speed: word.into(),
    };
    definition
        .tables("check")
        .map_err(|e| ("bot_level", e.to_string()))?;
    Ok(definition)
}

/// The options that end with late registration (re-entry, rebuys, the add-on) checked against
/// its last level `late`: the add-on as the engine takes it.
fn late_options(e: &Event, late: usize) -> Result<Option<AddOn>, Fault> {
    let needs_late = "needs late registration (late_until_level of 1 or more)";
    for (on, field) in [(e.re_entry, "re_entry"), (e.rebuys, "rebuys")] {
        if on && late == 0 {
            return Err((field, format!("{field} {needs_late}: it ends with it")));
        }
    }
    let add_on = e.add_on.as_ref().map(|a| AddOn {
        chips: a.chips,
        prize: a.price,
    });
    if let Some(a) = add_on {
        if late == 0 {
            return Err((
                "add_on",
                format!("an add-on {needs_late}: it is taken in its last level"),
            ));
        }
        if a.chips.is_zero() || a.prize.is_zero() {
            return Err(("add_on", "an add-on gives chips and costs chips".into()));
        }
    }
    Ok(add_on)
}
