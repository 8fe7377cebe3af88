//! Saint Poker Swiss tournaments of bots (`tavolo sim swiss`): the engine's Swiss rules
//! ([`tavolo_engine::tournament::swiss`]) seat each round's tables from the standings, every
//! game is a real Saint Poker game played by the bots at that table, and the standings after
//! the last round rank the players with the published tie-breaks (RULES.md §5, "Saint Poker
//! tournaments (Swiss)"). Player `i` plays bot `i mod k`; the committed draw is the seed's.

use std::collections::BTreeMap;

use tavolo_cards::GameRng;
use tavolo_engine::game::{seed_from_u64, Outcome, Played};
use tavolo_engine::saint::SaintOptions;
use tavolo_engine::tournament::{
    final_ranking, go_on, is_final, pairings, rounds, standings, GameResult, Points, Standing,
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
        let mut rng = GameRng::from_u64(seed);
        let mut games: Vec<GameResult<usize>> = Vec::new();
        let mut met: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        // The committed draw orders the first round; a number per player breaks the last ties.
        let mut ranked: Vec<usize> = (0..self.players).collect();
        rng.shuffle(&mut ranked);
        let draw: Vec<u64> = (0..self.players).map(|_| rng.next_u64()).collect();
        if let Some(k) = self.knockout {
            return self.knockout(k, ranked, &draw, seed, &mut rng);
        }
        let mut points: BTreeMap<usize, Points> = BTreeMap::new();
        for round in 0..self.rounds.unwrap_or_else(|| rounds(self.players)) {
            let tables = pairings(
                &ranked,
                |i| points.get(&ranked[i]).copied().unwrap_or_default(),
                |a, b| met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0),
                &mut rng,
            );
            for (t, table) in tables.iter().enumerate() {
                let game_seed = seed ^ ((round as u64) << 32) ^ t as u64;
                games.push(self.game(table, game_seed)?);
                for (i, &a) in table.iter().enumerate() {
                    for &b in &table[i + 1..] {
                        *met.entry((a.min(b), a.max(b))).or_default() += 1;
                    }
                }
            }
            let now = standings(&games, |p| draw[p]);
            points = now.iter().map(|s| (s.player, s.points)).collect();
            ranked = now.iter().map(|s| s.player).collect();
        }
        let k = self.bots.len();
        Ok(standings(&games, |p| draw[p])
            .into_iter()
            .map(|s| (s.player, s.player % k, s))
            .collect())
    }

    /// The elimination variant: rounds seated as the Swiss ones from the players still in, the
    /// top `k` of each table going on, then the final table; the ranking of
    /// [`final_ranking`], each player with their standing over all their games.
    fn knockout(
        &self,
        k: usize,
        mut left: Vec<usize>,
        draw: &[u64],
        seed: u64,
        rng: &mut GameRng,
    ) -> Result<SwissStandings, BotsError> {
        if k == 0 {
            return Err(BotsError::Options(
                "the top 0 of a table cannot go on".into(),
            ));
        }
        let mut games: Vec<GameResult<usize>> = Vec::new();
        let mut met: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        let mut eliminated: Vec<Vec<usize>> = Vec::new();
        for round in 0.. {
            // The standings before the round, of the players still in: they seat the round and
            // break its ties at the cut.
            let before = standings(&games, |p| draw[p]);
            let order: Vec<usize> = (before.iter().map(|s| s.player))
                .filter(|p| left.contains(p))
                .chain(
                    left.iter()
                        .copied()
                        .filter(|p| !before.iter().any(|s| s.player == *p)),
                )
                .collect();
            let points: BTreeMap<usize, Points> =
                before.iter().map(|s| (s.player, s.points)).collect();
            let tables = if is_final(order.len()) {
                let mut table = order.clone();
                rng.shuffle(&mut table);
                vec![table]
            } else {
                pairings(
                    &order,
                    |i| points.get(&order[i]).copied().unwrap_or_default(),
                    |a, b| met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0),
                    rng,
                )
            };
            let mut played = Vec::with_capacity(tables.len());
            for (t, table) in tables.iter().enumerate() {
                let game_seed = seed ^ ((round as u64) << 32) ^ t as u64;
                played.push(self.game(table, game_seed)?);
                for (i, &a) in table.iter().enumerate() {
                    for &b in &table[i + 1..] {
                        *met.entry((a.min(b), a.max(b))).or_default() += 1;
                    }
                }
            }
            games.extend(played.iter().cloned());
            if is_final(order.len()) {
                let ranking = final_ranking(&played, &order, &eliminated);
                let all = standings(&games, |p| draw[p]);
                let kinds = self.bots.len();
                return Ok(ranking
                    .into_iter()
                    .filter_map(|p| all.iter().find(|s| s.player == p).cloned())
                    .map(|s| (s.player, s.player % kinds, s))
                    .collect());
            }
            let (on, out) = go_on(&played, &order, k);
            eliminated.push(out);
            left = on;
        }
        Err(BotsError::Options(
            "the elimination never reached a final".into(),
        ))
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

    #[test]
    fn a_swiss_tournament_of_bots_plays_its_rounds_and_ranks_every_player_once() {
        let sim = SwissSim {
            players: 11,
            rounds: None,
            knockout: None,
            bots: ["expert:20", "random"]
                .iter()
                .map(|b| bot_spec(b).expect("a bot"))
                .collect(),
            budget: Budget::UNLIMITED,
        };
        let s = sim.play(3, 0).expect("the tournament");
        assert_eq!(s.len(), 11);
        let mut players: Vec<usize> = s.iter().map(|(p, ..)| *p).collect();
        players.sort_unstable();
        assert_eq!(players, (0..11).collect::<Vec<_>>());
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
        let sim = SwissSim {
            players: 13,
            rounds: None,
            knockout: Some(2),
            bots: ["expert:20", "random"]
                .iter()
                .map(|b| bot_spec(b).expect("a bot"))
                .collect(),
            budget: Budget::UNLIMITED,
        };
        let s = sim.play(4, 0).expect("the tournament");
        let mut players: Vec<usize> = s.iter().map(|(p, ..)| *p).collect();
        players.sort_unstable();
        assert_eq!(players, (0..13).collect::<Vec<_>>());
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
