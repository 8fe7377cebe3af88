//! Whole No-Limit Hold'em or Five-Card Draw tournaments of bots (`tavolo sim tournament`): the
//! engine's [`Tournament`] runs the event — seats, levels, breaking and balancing, hand-for-hand,
//! busts and prizes — and every hand is a real hand of the engine played by the bots at that
//! table, set up by the game from the level as a room's table sets it up ([`Game::setup`] with
//! the hand's [`Forced`] bets).
//! Bots are compared by what they make of an entry: ROI (prizes won over entries paid) and ITM
//! (how often they finish in the money).
//!
//! Each player plays one bot of the list, in turn (player `i` plays bot `i mod k`), so every bot
//! has as many entries. Levels go by time: a hand takes two minutes of its table, and the
//! tables play side by side. Hold'em's big-blind ante is posted blind first: a big blind who
//! cannot pay both pays the blind and what is left towards the ante (RULES.md §5, "Levels and
//! the clock"); at Draw every player antes, the cutter moving one player a hand
//! (docs/rule-decisions.md, Tournaments).

use tavolo_engine::draw::DrawTable;
use tavolo_engine::game::{seed_from_u64, Forced, Game, Outcome, Played, Positions};
use tavolo_engine::holdem::{HoldemRules, HoldemTable};
use tavolo_engine::tournament::{
    Config, Effect, Length, Phase, Speed, Start, Structure, Tournament, TournamentError,
    TournamentGame,
};
use tavolo_engine::Chips;

use crate::arena::{bot_seed, game_seed, play_out};
use crate::bot::{Bot, BotSpec, Budget};
use crate::draw::Draw;
use crate::error::BotsError;
use crate::holdem::Holdem;

/// A game whose tournaments bots play: its tournament's word, and its table's options (the
/// level's blinds or ante replace the table's own).
pub trait TournamentPlay: Game {
    /// The game of the tournament.
    const GAME: TournamentGame;
    /// The options of its tables.
    fn table() -> Self::Options;
}

impl TournamentPlay for Holdem {
    const GAME: TournamentGame = TournamentGame::Holdem;
    fn table() -> HoldemTable {
        HoldemTable::casino(Chips::new(2), HoldemRules::default())
    }
}

impl TournamentPlay for Draw {
    const GAME: TournamentGame = TournamentGame::Draw;
    fn table() -> DrawTable {
        DrawTable::german(Chips::new(1))
    }
}

/// A tournament of bots playing `G` (No-Limit Hold'em by default).
#[derive(Clone)]
pub struct TournamentSim<G: Game = Holdem> {
    /// Entries (a sit-and-go of that many).
    pub players: usize,
    /// Seats a table.
    pub seats: usize,
    /// The template of levels.
    pub speed: Speed,
    /// Levels by hands: each level lasts this many hands at each table (`None`: the template's
    /// minutes).
    pub hands_per_level: Option<u32>,
    /// The bots, given to the players in turn.
    pub bots: Vec<BotSpec<G>>,
    /// What an entry puts in the pool (the fee is a tenth of it).
    pub entry: Chips,
}

/// How one tournament went for each bot of the list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TournamentReport {
    /// Per bot of the list: entries, prizes won, finishes in the money, the sum of places.
    pub bots: Vec<BotTotals>,
    /// Hands played.
    pub hands: u64,
}

/// One bot's totals.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct BotTotals {
    /// The bot's name.
    pub bot: String,
    /// Entries played.
    pub entries: u64,
    /// What those entries paid, fees included.
    pub paid: Chips,
    /// Prizes won.
    pub won: Chips,
    /// Finishes in the money.
    pub in_the_money: u64,
    /// The sum of the places finished (1 = first).
    pub places: u64,
}

impl BotTotals {
    /// Return on investment: (won − paid) / paid.
    pub fn roi(&self) -> f64 {
        if self.paid.is_zero() {
            return 0.0;
        }
        (self.won.to_f64() - self.paid.to_f64()) / self.paid.to_f64()
    }

    /// The share of entries that finished in the money.
    pub fn itm(&self) -> f64 {
        if self.entries == 0 {
            return 0.0;
        }
        self.in_the_money as f64 / self.entries as f64
    }
}

impl<G: TournamentPlay> TournamentSim<G> {
    /// The tournament's settings.
    pub fn config(&self) -> Config {
        let mut structure = Structure::template_of(G::GAME, self.speed);
        if let Some(hands) = self.hands_per_level {
            structure.length = Length::Hands(hands);
        }
        Config {
            game: G::GAME,
            seats: self.seats,
            structure,
            prize: self.entry,
            fee: self.entry.div_floor(10),
            start: Start::SitAndGo {
                players: self.players,
            },
            re_entry: false,
            rebuys: false,
            add_on: None,
            guarantee: None,
        }
    }

    /// Plays tournament `index` of the run seeded `seed`.
    pub fn play(&self, seed: u64, index: u64) -> Result<TournamentReport, BotsError> {
        if self.bots.is_empty() {
            return Err(BotsError::Options(
                "a tournament needs at least one bot".into(),
            ));
        }
        let seed = game_seed(seed, index);
        let config = self.config();
        let fail = |e: TournamentError| BotsError::Options(e.to_string());
        let mut t: Tournament<usize> =
            Tournament::new(config.clone(), seed_from_u64(seed)).map_err(fail)?;
        let mut report = TournamentReport {
            bots: (self.bots.iter())
                .map(|b| BotTotals {
                    bot: b.name().to_string(),
                    ..BotTotals::default()
                })
                .collect(),
            hands: 0,
        };
        let mut effects = Vec::new();
        for p in 0..self.players {
            effects.extend(t.register(p, 0).map_err(fail)?);
            let b = &mut report.bots[p % self.bots.len()];
            b.entries += 1;
            b.paid += config.entry();
        }
        let mut now = 0u64;
        let mut prizes: Vec<Chips> = Vec::new();
        loop {
            self.tally(&effects, &mut report, &mut prizes);
            effects.clear();
            if t.phase() != Phase::Running {
                return Ok(report);
            }
            let tables: Vec<usize> = (0..t.seatings().count())
                .filter(|&i| t.may_deal(i))
                .collect();
            if tables.is_empty() {
                now += 60_000;
                effects.extend(t.tick(now).map_err(fail)?);
                continue;
            }
            for table in tables {
                if !t.may_deal(table) {
                    continue;
                }
                let (began, ended) = self.hand(&t, &config, table, seed ^ report.hands)?;
                report.hands += 1;
                t.dealt(table).map_err(fail)?;
                effects.extend(t.hand_over(table, &began, &ended, now).map_err(fail)?);
                let playing = t.seatings().filter(|s| s.players() > 0).count().max(1) as u64;
                now += 120_000 / playing;
                effects.extend(t.tick(now).map_err(fail)?);
            }
        }
    }

    /// Adds what `effects` say to `report` (`prizes`: the prizes once fixed).
    fn tally(
        &self,
        effects: &[Effect<usize>],
        report: &mut TournamentReport,
        prizes: &mut Vec<Chips>,
    ) {
        let k = self.bots.len();
        for e in effects {
            match e {
                Effect::Prizes(p) => *prizes = p.clone(),
                Effect::Busted(p) => {
                    report.bots[p.player % k].places += p.place as u64;
                    if p.place <= prizes.len() {
                        report.bots[p.player % k].in_the_money += 1;
                    }
                }
                Effect::Pay { player, amount } | Effect::PayShare { player, amount } => {
                    report.bots[player % k].won += *amount
                }
                _ => {}
            }
        }
    }

    /// One hand at `table`: each player's stack at its start and at its end.
    #[allow(clippy::type_complexity)]
    fn hand(
        &self,
        t: &Tournament<usize>,
        config: &Config,
        table: usize,
        seed: u64,
    ) -> Result<(Vec<(usize, Chips)>, Vec<(usize, Chips)>), BotsError> {
        let engine = |message: String| BotsError::Engine {
            game: seed,
            message,
        };
        let Some(seating) = t.seatings().nth(table).cloned() else {
            return Err(engine(format!("no table {table}")));
        };
        let at = t.table_stacks(table).unwrap_or_default();
        let players: Vec<usize> = at.iter().map(|(p, _)| *p).collect();
        let stacks: Vec<Chips> = at.iter().map(|(_, s)| *s).collect();
        let n = players.len();
        // The player the tournament marks next: the big blind (Hold'em), the cutter (Draw).
        let marked = seating.next_big_blind().unwrap_or(0);
        let next = players
            .iter()
            .position(|p| seating.seats.get(marked).copied().flatten() == Some(*p))
            .unwrap_or(0);
        let (button, small) = match G::GAME {
            TournamentGame::Holdem if n == 2 => ((next + 1) % n, Some((next + 1) % n)),
            TournamentGame::Holdem => ((next + n - 2) % n, Some((next + n - 1) % n)),
            TournamentGame::Draw => ((next + n - 1) % n, None),
        };
        let level = t.level().max(1);
        let Some(level) = config.structure.level(level) else {
            return Err(engine(format!("no level {level}")));
        };
        let positions = Positions {
            forced: Some(Forced {
                small,
                big: next,
                level,
            }),
            ..Positions::new(stacks.clone(), button, Chips::ZERO)
        };
        let setup = G::setup(&G::table(), &positions).map_err(|e| engine(e.to_string()))?;
        let mut game =
            Played::<G>::deal(setup, seed_from_u64(seed)).map_err(|e| engine(e.to_string()))?;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
            .map(|s| self.bots[players[s] % self.bots.len()].make(s, bot_seed(seed, s)))
            .collect();
        play_out(&mut game, &mut bots, Budget::UNLIMITED, seed)?;
        let Outcome::Chips {
            end, carried_out, ..
        } = game.outcome()
        else {
            return Err(engine("a betting hand without chips".into()));
        };
        if carried_out != 0 {
            return Err(engine("chips left in the pot".into()));
        }
        let began = players.iter().copied().zip(stacks).collect();
        let ended = players.iter().copied().zip(end).collect();
        Ok((began, ended))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::bot_spec;

    fn sim(players: usize, seats: usize, bots: &[&str]) -> TournamentSim {
        TournamentSim {
            players,
            seats,
            speed: Speed::Hyper,
            hands_per_level: None,
            bots: bots.iter().map(|b| bot_spec(b).expect("a bot")).collect(),
            entry: Chips::new(100),
        }
    }

    #[test]
    fn a_sit_and_go_of_bots_is_played_to_one_winner_and_pays_the_whole_pool() {
        let s = sim(9, 9, &["rules", "station", "random"]);
        let r = s.play(1, 0).expect("the tournament");
        assert!(r.hands > 0);
        let won: Chips = r.bots.iter().map(|b| b.won).sum();
        assert_eq!(won, 900, "50/30/20 of 9 × 100");
        // Every place once, but players busted together with equal stacks share the better one.
        let places: u64 = r.bots.iter().map(|b| b.places).sum();
        assert!((36..=45).contains(&places), "{places}");
        assert!(r.bots.iter().map(|b| b.in_the_money).sum::<u64>() >= 3);
        assert!(r.bots.iter().all(|b| b.entries == 3 && b.paid == 330));
        assert_eq!(
            s.play(1, 0).expect("again"),
            r,
            "the same seed plays the same tournament"
        );
    }

    #[test]
    fn a_draw_sit_and_go_of_bots_is_played_to_one_winner_at_rising_antes() {
        let s = TournamentSim::<Draw> {
            players: 8,
            seats: 8,
            speed: Speed::Hyper,
            hands_per_level: None,
            bots: ["rules", "random"]
                .iter()
                .map(|b| crate::draw::bot_spec(b).expect("a bot"))
                .collect(),
            entry: Chips::new(100),
        };
        let r = s.play(3, 0).expect("the tournament");
        assert!(r.hands > 0);
        assert_eq!(r.bots.iter().map(|b| b.won).sum::<Chips>(), 800, "the pool");
        assert_eq!(r.bots.iter().map(|b| b.in_the_money).sum::<u64>(), 3);
        assert_eq!(s.play(3, 0).expect("again"), r, "reproducible");
    }

    #[test]
    fn a_multi_table_tournament_of_bots_breaks_its_tables_down_to_a_winner() {
        let s = sim(27, 6, &["rules", "station"]);
        let r = s.play(2, 0).expect("the tournament");
        assert_eq!(r.bots.iter().map(|b| b.won).sum::<Chips>(), 2_700);
        assert_eq!(r.bots.iter().map(|b| b.entries).sum::<u64>(), 27);
    }
}
