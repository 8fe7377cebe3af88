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
