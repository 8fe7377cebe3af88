//! The three levels people choose at a table — `beginner`, `regular`, `strong` — and the one
//! place that says which bot each is in each game.
//!
//! The room's `bot_level`, `tavolo play --bots` and `tavolo sim --bots` all take these names;
//! each game's `bot_spec` resolves them here ([`resolve`]) and makes the concrete bot, so a
//! match result or a saved game names the bot that played. The words `easy`, `normal` and
//! `hard` that tables and `tavolo play` took before are read as the three levels, so tables
//! saved with them keep their bots' level (`hard` is now the strongest bot, which was
//! `expert:hard`).
//!
//! Which bot each level is, and why, is measured in docs/bots.md and docs/saint-bots.md.

use tavolo_engine::game::Game;

use crate::draw::Draw;
use crate::holdem::Holdem;
use crate::saint::SaintPoker;

/// A level of play offered at a table, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Plays sensibly by rules of thumb: the level for learning the game.
    Beginner,
    /// Simulates what may happen before it decides: a fair test for a regular player.
    Regular,
    /// The strongest bot of the game within the room's clock.
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Regular, Level::Strong];

    /// The level's name at a table and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Regular => "regular",
            Level::Strong => "strong",
        }
    }

    /// The level called `name` (or one of the words used before: `easy`, `normal`, `hard`).
    pub fn from_name(name: &str) -> Option<Level> {
        match name.trim() {
            "beginner" | "easy" => Some(Level::Beginner),
            "regular" | "normal" => Some(Level::Regular),
            "strong" | "hard" => Some(Level::Strong),
            _ => None,
        }
    }
}

/// A game whose bots come in [`Level`]s.
pub trait Levels: Game {
    /// The names of the bots (as its `bot_spec` knows them) playing each level in this game, in
    /// [`Level::ALL`] order.
    const LEVEL_BOTS: [&'static str; 3];

    /// The name of the bot (as its `bot_spec` knows it) playing `level` in this game.
    fn bot_name(level: Level) -> &'static str {
        Self::LEVEL_BOTS[level as usize]
    }

    /// What a room's table of this game may have as its bots' level: the three levels, then the
    /// named bots a table may also ask for by name.
    const TABLE_BOTS: &'static [&'static str];
}

impl Levels for SaintPoker {
    const LEVEL_BOTS: [&'static str; 3] = ["greedy", "expert:normal", "master"];

    const TABLE_BOTS: &'static [&'static str] = &[
        "beginner", "regular", "strong", "random", "greedy", "expert", "master",
    ];
}

impl Levels for Holdem {
    const LEVEL_BOTS: [&'static str; 3] = ["rules", "expert:normal", "exploit"];

    const TABLE_BOTS: &'static [&'static str] = &[
        "beginner", "regular", "strong", "random", "station", "rules", "expert", "cfr", "exploit",
    ];
}

impl Levels for Draw {
    const LEVEL_BOTS: [&'static str; 3] = ["rules", "expert", "search"];

    const TABLE_BOTS: &'static [&'static str] = &[
        "beginner", "regular", "strong", "random", "station", "rules", "expert", "cfr", "search",
    ];
}

/// The bot name `name` stands for in game `G`: a level's bot, or `name` itself.
pub fn resolve<G: Levels>(name: &str) -> &str {
    match Level::from_name(name) {
        Some(level) => G::bot_name(level),
        None => name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn each_level_and_table_bot_is_a_bot<G: Levels>(
        spec: fn(&str) -> Result<crate::BotSpec<G>, crate::BotsError>,
    ) {
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
            let name = G::bot_name(level);
            assert!(spec(name).is_ok(), "{} {name}", G::NAME);
            assert_eq!(spec(level.name()).map(|s| s.name().to_string()).ok(), {
                spec(name).map(|s| s.name().to_string()).ok()
            });
        }
        for name in G::TABLE_BOTS {
            assert!(spec(name).is_ok(), "{} {name}", G::NAME);
        }
        assert_eq!(&G::TABLE_BOTS[..3], &["beginner", "regular", "strong"]);
    }

    #[test]
    fn every_level_of_every_game_names_a_bot_of_that_game() {
        each_level_and_table_bot_is_a_bot::<SaintPoker>(crate::saint::bot_spec);
        each_level_and_table_bot_is_a_bot::<Holdem>(crate::holdem::bot_spec);
        each_level_and_table_bot_is_a_bot::<Draw>(crate::draw::bot_spec);
    }

    #[test]
    fn every_draw_level_plays_a_whole_hand_legally_at_every_table_size() {
        use std::time::Duration;
        use tavolo_engine::game::{seed_from_u64, Played, Viewer};

        use crate::bot::Budget;
        use crate::draw::DrawOptions;

        // A short clock keeps the searching level quick; it stops at the deadline.
        let budget = Budget::limited(Duration::from_millis(5));
        for players in 2..=8 {
            let setup = DrawOptions::new(players).setup().expect("setup");
            for level in Level::ALL {
                let spec = crate::draw::bot_spec(level.name()).expect("a level's bot");
                let mut bots: Vec<_> = (0..players).map(|s| spec.make(s, s as u64)).collect();
                let mut state = Played::<Draw>::deal(setup.clone(), seed_from_u64(players as u64))
                    .expect("deal");
                let mut told = 0;
                while let Some(seat) = state.game.to_act().iter().next() {
                    for e in &state.events()[told..] {
                        for (s, bot) in bots.iter_mut().enumerate() {
                            if let Some(e) = Draw::censor(e, Viewer::Seat(s)) {
                                bot.observe(&e);
                            }
                        }
                    }
                    told = state.events().len();
                    let legal = state.game.legal(seat);
                    let a = bots[seat].act(&state.game.view(Some(seat)), &legal, budget);
                    assert!(
                        Draw::allows(&legal, &a),
                        "{} at {players}: {a:?}",
                        level.name()
                    );
                    state.apply(a).expect("a legal action");
                }
                assert!(state.game.is_over());
            }
        }
    }

    #[test]
    fn the_words_of_before_read_as_the_three_levels() {
        assert_eq!(Level::from_name("easy"), Some(Level::Beginner));
        assert_eq!(Level::from_name(" normal "), Some(Level::Regular));
        assert_eq!(Level::from_name("hard"), Some(Level::Strong));
        assert_eq!(Level::from_name("expert"), None);
        assert_eq!(resolve::<Holdem>("expert:hard"), "expert:hard");
        assert_eq!(resolve::<SaintPoker>("strong"), "master");
    }
}
