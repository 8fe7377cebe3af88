//! The bots a table may have: the levels offered per game (the bots crate says which bot each
//! level is) and their accounts (one per bot, with a name people
//! can tell apart).

use tavolo_bots::Levels;
use tavolo_store::StoreError;

use crate::books::{Books, Member};
use crate::error::RoomError;
use crate::protocol::{GameKind, OptionsError, TableOptions};

/// The bot levels a table of `game` may have (`bot_level`; empty: the game's default): the three
/// levels (`beginner`, `regular`, `strong`), then bots by name — the bots crate's
/// [`Levels::TABLE_BOTS`], where each game's `bot_spec` also resolves a level to its bot.
pub fn bot_levels(game: GameKind) -> &'static [&'static str] {
    match game {
        GameKind::Saint => tavolo_bots::saint::SaintPoker::TABLE_BOTS,
        GameKind::Holdem => tavolo_bots::holdem::Holdem::TABLE_BOTS,
        GameKind::Draw => tavolo_bots::draw::Draw::TABLE_BOTS,
    }
}

/// Checks that the table's bot level is one of its game's, or a word for a level used before
/// (`easy`, `normal`, `hard`: docs/protocol.md; the bots crate reads them as the three levels).
pub fn check_level(o: &TableOptions) -> Result<(), RoomError> {
    let levels = bot_levels(o.game);
    let known = levels.contains(&o.bot_level.as_str())
        || tavolo_bots::Level::from_name(&o.bot_level).is_some();
    if !o.bot_level.is_empty() && !known {
        return Err(RoomError::Options(OptionsError(format!(
            "bot_level must be one of {}",
            levels.join(", ")
        ))));
    }
    Ok(())
}

/// The account of the `n`-th bot (0 first) of table `id`, shown by a name people can tell apart
/// ("Bianca (expert)"). Made once: asked again (a write sent again after the database did not
/// answer), it is the same account.
pub async fn new_bot(
    books: &Books,
    id: &str,
    n: usize,
    options: &TableOptions,
) -> Result<Member, StoreError> {
    let account = format!("bot-{}-{}", id.get(1..).unwrap_or(id), n + 1);
    let mut m = books.bot(&account).await?;
    m.name = tavolo_bots::persona::bot_name(id, n, &options.bot_level);
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_bot_level_offered_names_a_bot_of_its_game() {
        for (game, kind) in [
            ("holdem", GameKind::Holdem),
            ("draw", GameKind::Draw),
            ("saint", GameKind::Saint),
        ] {
            for level in bot_levels(kind) {
                let o = TableOptions::from_json(
                    &json!({"game": game, "seats": 2, "bots": 1, "bot_level": level}),
                )
                .unwrap_or_else(|e| panic!("{game} {level}: {e:?}"));
                check_level(&o).unwrap_or_else(|e| panic!("{game} {level}: {e}"));
                let name = &o.bot_level;
                let known = match game {
                    "holdem" => tavolo_bots::holdem::bot_spec(name).is_ok(),
                    "draw" => tavolo_bots::draw::bot_spec(name).is_ok(),
                    _ => tavolo_bots::saint::bot_spec(name).is_ok(),
                };
                assert!(
                    known,
                    "{game} level {level} is bot {name}, which does not exist"
                );
            }
        }
        let o =
            TableOptions::from_json(&json!({"game": "draw", "bots": 1, "bot_level": "exploit"}))
                .expect("the options themselves are fine");
        let e = check_level(&o).expect_err("no exploit bot at Draw");
        assert!(e.to_string().contains("bot_level"), "{e}");
    }

    /// Fault (issue 49): the words for the levels used before issue 52 (`easy`, `normal`,
    /// `hard`), which docs/protocol.md still promises, were refused — a Saint Poker starter
    /// asking for `normal` was never opened.
    #[test]
    fn the_old_words_for_the_levels_are_accepted_and_name_a_bot() {
        for game in ["holdem", "draw", "saint"] {
            for level in ["easy", "normal", "hard"] {
                let o = TableOptions::from_json(
                    &json!({"game": game, "seats": 2, "bots": 1, "bot_level": level}),
                )
                .unwrap_or_else(|e| panic!("{game} {level}: {e:?}"));
                check_level(&o).unwrap_or_else(|e| panic!("{game} {level}: {e}"));
                let known = match game {
                    "holdem" => tavolo_bots::holdem::bot_spec(level).is_ok(),
                    "draw" => tavolo_bots::draw::bot_spec(level).is_ok(),
                    _ => tavolo_bots::saint::bot_spec(level).is_ok(),
                };
                assert!(known, "{game} level {level} names no bot");
            }
        }
    }
}
