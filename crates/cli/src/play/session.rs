//! What a betting game's session of `tavolo play` is set up with besides its stakes — the same
//! for Hold'em and Draw: rule options, buy-in, bots, seed, language, the records' stamp.

use tavolo_bots::{BotSpec, Game};
use tavolo_cards::Lang;
use tavolo_engine::house::HouseRules;
use tavolo_engine::Chips;

/// What a betting game's session is set up with besides its stakes, the same for Hold'em and
/// Draw.
#[derive(Clone, Debug)]
pub struct SessionConfig<G: Game> {
    /// The rule options of RULES.md (`--rule`).
    pub rules: HouseRules,
    /// The buy-in, also the rebuy.
    pub buy_in: Chips,
    /// The bots.
    pub bots: Vec<BotSpec<G>>,
    /// The session seed: hand k is dealt from a seed derived from it, the seats drawn by it.
    pub seed: u64,
    /// The language.
    pub lang: Lang,
    /// A name for the record files (e.g. the start time).
    pub stamp: String,
}

/// The name of a betting game's record of hand `hand_no` of the session stamped `stamp`.
pub(super) fn record_file(game: &str, stamp: &str, hand_no: u64) -> String {
    format!("{game}-{stamp}-hand{hand_no:03}.json")
}

/// The [`super::model::PlayGame`] methods the Hold'em and Draw sessions share: the language,
/// the log and the result of their `cfg.session` and `session` ([`super::betting::BettingSession`]), leaving
/// ([`super::betting::Telling::leave`]) and the finished records.
macro_rules! betting_play_game {
    () => {
        fn lang(&self) -> Lang {
            self.cfg.session.lang
        }

        fn log(&self) -> &[String] {
            &self.session.log
        }

        fn result(&self) -> &[String] {
            &self.session.result
        }

        fn quit(&mut self) {
            self.leave();
        }

        fn take_records(&mut self) -> Vec<(String, String)> {
            std::mem::take(&mut self.session.records)
        }
    };
}
pub(super) use betting_play_game;

/// [`super::betting::Telling::session`] of the Hold'em and Draw sessions: their `session`.
macro_rules! betting_telling {
    ($game:ty) => {
        fn session(&mut self) -> &mut BettingSession<$game> {
            &mut self.session
        }
    };
}
pub(super) use betting_telling;

#[cfg(test)]
impl<G: Game> SessionConfig<G> {
    /// A test session's settings: `bots`, the buy-in and the seed; the default rules, English,
    /// records stamped `test`.
    pub fn test(bots: Vec<BotSpec<G>>, buy_in: Chips, seed: u64) -> SessionConfig<G> {
        SessionConfig {
            rules: HouseRules::default(),
            buy_in,
            bots,
            seed,
            lang: Lang::En,
            stamp: "test".into(),
        }
    }
}
