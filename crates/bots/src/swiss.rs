//! Saint Poker Swiss tournaments of bots (`tavolo sim swiss`): the engine's Swiss rules
//! ([`tavolo_engine::tournament::swiss`]) seat each round's tables from the standings, every
//! game is a real Saint Poker game played by the bots at that table, and the standings after
//! the last round rank the players with the published tie-breaks (RULES.md §5, "Saint Poker
//! tournaments (Swiss)"). The rounds are the engine's [`SwissEvent`], the same state machine
//! the room runs. Player `i` plays bot `i mod k`; the committed draw is the seed's.

use tavolo_cards::GameRng;
use tavolo_engine::game::{seed_from_u64, Outcome, Played};
use tavolo_engine::saint::SaintOptions;
use tavolo_engine::tournament::{
    GameResult, Standing, SwissConfig, SwissEffect, SwissEvent, SwissStart,
};

use crate::arena::{bot_seed, game_seed, play_out};
use crate::bot::{Bot, BotSpec, Budget};
use crate::error::BotsError;
use crate::saint::SaintPoker;

/// A Swiss tournament of bots.
#[derive(Clone)]
pub struct SwissSim {
    /// Players.
    pub players: usize,
    /// Rounds (`None`: ⌈log₂ N⌉ + 1).
    pub rounds: Option<usize>,
    /// The elimination variant: the top `k` of each table go on until a final table of 4 or 5
    /// (`rounds` does not apply).
    pub knockout: Option<usize>,
    /// The bots, given to the players in turn.
    pub bots: Vec<BotSpec<SaintPoker>>,
    /// Each decision's budget.
    pub budget: Budget,
}

/// One Swiss tournament's final standings, best first: (player, bot index, standing).
pub type SwissStandings = Vec<(usize, usize, Standing<usize>)>;

impl SwissSim {
    /// Plays tournament `index` of the run seeded `seed`: the final standings.
    pub fn play(&self, seed: u64, index: u64) -> Result<SwissStandings, BotsError> {
        if self.bots.is_empty() || self.players < 2 {
            return Err(BotsError::Options(
                "a Swiss tournament needs two players and a bot".into(),
            ));
        }
        let seed = game_seed(seed, index);
        let config = SwissConfig {
            start: SwissStart::SitAndGo {
                players: self.players,
            },
            rounds: self.rounds,
            knockout: self.knockout,
        };
        let mut event = SwissEvent::with_rng(config, GameRng::from_u64(seed))
            .map_err(|e| BotsError::Options(e.to_string()))?;
        let mut effects = Vec::new();
        for p in 0..self.players {
            effects = event
                .register(p)
                .map_err(|e| BotsError::Options(e.to_string()))?;
        }
        loop {
            let mut next = Vec::new();
            for effect in effects {
                match effect {
                    SwissEffect::Round { round, tables } => {
                        for (t, table) in tables.iter().enumerate() {
                            let game_seed = seed ^ (((round - 1) as u64) << 32) ^ t as u64;
                            let result = self.game(table, game_seed)?;
                            next = event
                                .result(round, t, result)
                                .map_err(|e| BotsError::Options(e.to_string()))?;
                        }
                    }
                    SwissEffect::Finished(last) => {
                        let k = self.bots.len();
                        return Ok(last
                            .into_iter()
                            .map(|s| (s.player, s.player % k, s))
                            .collect());
                    }
                    SwissEffect::Eliminated(_) | SwissEffect::Cancelled => {}
                }
            }
            if next.is_empty() {
                return Err(BotsError::Options("the tournament stopped short".into()));
            }
            effects = next;
        }
    }

    /// One game of Saint Poker among `table`, its seats in that order.
    fn game(&self, table: &[usize], seed: u64) -> Result<GameResult<usize>, BotsError> {
        let options = SaintOptions::new(table.len() as u8);
        let mut game = Played::<SaintPoker>::deal(options, seed_from_u64(seed))
            .map_err(|e| BotsError::Options(e.to_string()))?;
        let k = self.bots.len();
        let mut bots: Vec<Box<dyn Bot<SaintPoker>>> = (table.iter().enumerate())
            .map(|(s, p)| self.bots[p % k].make(s, bot_seed(seed, s)))
            .collect();
        play_out(&mut game, &mut bots, self.budget, seed)?;
        let Outcome::Points { scores, .. } = game.outcome() else {
            return Err(BotsError::Options(
                "a Saint Poker game without points".into(),
            ));
        };
        Ok(GameResult {
            played: table
                .iter()
                .copied()
                .zip(scores.into_iter().map(i64::from))
                .collect(),
            absent: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::saint::bot_spec;
    use tavolo_engine::tournament::Points;

    /// `players` expert and random bots in turn, unlimited time, `knockout` as given.
    fn expert_and_random(players: usize, knockout: Option<usize>) -> SwissSim {
        SwissSim {
            players,
            rounds: None,
            knockout,
            bots: ["expert:20", "random"]
                .iter()
                .map(|b| bot_spec(b).expect("a bot"))
                .collect(),
            budget: Budget::UNLIMITED,
        }
    }

    /// Every one of the `players` has exactly one place in `standings`.
    fn assert_ranks_every_player_once(standings: &SwissStandings, players: usize) {
        let mut ranked: Vec<usize> = standings.iter().map(|(p, ..)| *p).collect();
        ranked.sort_unstable();
        assert_eq!(ranked, (0..players).collect::<Vec<_>>());
    }

    #[test]
    fn a_swiss_tournament_of_bots_plays_its_rounds_and_ranks_every_player_once() {
        let sim = expert_and_random(11, None);
        let s = sim.play(3, 0).expect("the tournament");
        assert_eq!(s.len(), 11);
        assert_ranks_every_player_once(&s, 11);
        // Five rounds of 6 points at most a game.
        assert!(s.iter().all(|(_, _, st)| st.points <= Points::whole(30)));
        assert!(
            s.windows(2).all(|w| w[0].2.points >= w[1].2.points),
            "best first"
        );
        assert_eq!(
            sim.play(3, 0).expect("again"),
            s,
            "the seed decides everything"
        );
    }

    #[test]
    fn an_elimination_tournament_of_bots_ends_at_a_final_table_and_ranks_every_player_once() {
        let sim = expert_and_random(13, Some(2));
        let s = sim.play(4, 0).expect("the tournament");
        assert_ranks_every_player_once(&s, 13);
        // 13 play at tables of 5, 4 and 4: six go on, at two tables of 3: four reach the final.
        // The seven out after the first round played one game, which none of them won alone.
        assert!((6..13).all(|i| s[i].2.points < Points::whole(6)), "{s:?}");
        assert!((0..6).any(|i| s[i].2.points >= Points::whole(6)), "{s:?}");
        assert_eq!(
            sim.play(4, 0).expect("again"),
            s,
            "the seed decides everything"
        );
    }
}
