//! A player's sit-and-go request (`POST /api/tournaments`) checked and turned into the
//! [`Definition`] the books keep: the game, the seats, the speed's template, levels by time or by
//! hands, the bots' level; refused with the reason a player can act on (RULES.md §5).

use tavolo_engine::tournament::{Config, Length, Speed, Start, Structure, TournamentGame};
use tavolo_store::UserId;

use super::{invalid, Definition};
use crate::error::RoomError;
use crate::protocol::tournament::NewSitAndGo;

/// The largest sit-and-go a player may create: as large as the engine's tournaments are
/// checked to (the property test's 1,000 entries), and 200 played on three nodes by the
/// failover drill (docs/operations.md).
pub const MAX_SIT_AND_GO: usize = 1_000;

/// The most hands a level of a sit-and-go may last (levels by hands).
pub const MAX_HANDS_PER_LEVEL: u32 = 1_000;

/// The speed a sit-and-go asks for.
pub(super) fn speed(word: Option<&str>) -> Result<(Speed, &'static str), RoomError> {
    match word.unwrap_or("turbo") {
        "regular" => Ok((Speed::Regular, "regular")),
        "turbo" => Ok((Speed::Turbo, "turbo")),
        "hyper" => Ok((Speed::Hyper, "hyper")),
        other => Err(invalid(format!(
            "speed must be regular, turbo or hyper, not {other:?}"
        ))),
    }
}

/// The bots' level word of a sit-and-go.
fn handle_level(new: &NewSitAndGo) -> String {
    new.bot_level.clone().unwrap_or_else(|| "regular".into())
}

/// The definition of a sit-and-go; refused with the reason.
pub(super) fn sit_and_go_settings(new: &NewSitAndGo) -> Result<Definition, RoomError> {
    if !(2..=MAX_SIT_AND_GO).contains(&new.players) {
        return Err(invalid(format!(
            "a sit-and-go has 2 to {MAX_SIT_AND_GO} players"
        )));
    }
    let word = new.game.as_deref().unwrap_or("holdem");
    let game = TournamentGame::from_word(word)
        .ok_or_else(|| invalid(format!("a tournament plays holdem or draw, not {word:?}")))?;
    let most = game.max_seats();
    let seats = new.seats.unwrap_or(most.min(9));
    if !(2..=most).contains(&seats) {
        return Err(invalid(format!(
            "a {word} tournament table has 2 to {most} seats"
        )));
    }
    if new.bots >= new.players {
        return Err(invalid("at least one seat must be left for players"));
    }
    if new.entry.is_zero() {
        return Err(invalid(
            "the entry must put at least one chip in the prize pool",
        ));
    }
    let (speed, word) = speed(new.speed.as_deref())?;
    let mut structure = Structure::template_of(game, speed);
    if let Some(hands) = new.hands_per_level {
        if !(1..=MAX_HANDS_PER_LEVEL).contains(&hands) {
            return Err(invalid(format!(
                "a level lasts 1 to {MAX_HANDS_PER_LEVEL} hands"
            )));
        }
        structure.length = Length::Hands(hands);
    }
    let config = Config {
        game,
        seats,
        structure,
        prize: new.entry,
        fee: new.fee,
        start: Start::SitAndGo {
            players: new.players,
        },
        re_entry: false,
        rebuys: false,
        add_on: None,
        guarantee: None,
    };
    tavolo_engine::tournament::Tournament::<UserId>::new(config.clone(), [0; 32])
        .map_err(|e| invalid(e.to_string()))?;
    let def = Definition {
        config,
        bot_level: handle_level(new),
        speed: word.into(),
    };
    def.tables("check")?;
    Ok(def)
}
