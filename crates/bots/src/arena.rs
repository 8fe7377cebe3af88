//! The arena: plays a match of many games between a list of bots, seats rotated from game to
//! game, in parallel, and collects each bot's statistics.
//!
//! **Reproducibility.** Game `i` of a match with seed `S` is dealt from [`game_seed`]`(S, i)`
//! and each seat's bot is seeded from that game seed and the seat, so a game's course depends
//! only on `(S, i)` and the bot list. Games run on rayon's current pool in any order, but results
//! are collected and summed in game order: the same seed gives the same results whatever the
//! number of threads. A bot that learns across games ([`BotSpec::learns`]) makes the arena play
//! the games one after the other in order, for the same reason. In duplicate play ([`MatchConfig::duplicate`]) the `P` games of one deal
//! share its seed: game `i` is dealt from `game_seed(S, i / P)`.

use std::time::Instant;
use tavolo_cards::SplitMix64;
use tavolo_engine::Chips;

use rayon::prelude::*;
use serde::Serialize;

use tavolo_engine::game::{seed_from_u64, Game, Outcome, Played, Viewer};

use crate::bot::{Bot, BotSpec, Budget, Lapses};
use crate::error::BotsError;
use crate::stats::{quantile, Mean};
use crate::think::thread_cpu;

/// The arena gives up on a game after this many actions (no engine needs nearly as many).
const MAX_ACTIONS: usize = 100_000;

/// The deal seed of game `index` of a match seeded with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::mix(seed ^ SplitMix64::mix(index))
}

/// The seed of the bot at `seat` in a game dealt from `game_seed`.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    SplitMix64::mix(game_seed ^ SplitMix64::mix(0xb07_0000 + seat as u64))
}

/// The result of one finished game, by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The score of each seat: points (Saint Poker) or the table minimum won (betting games:
    /// big blinds, antes).
    pub scores: Vec<f64>,
    /// Each seat's share of the victory: 1 for a sole winner, 1/k for each of k sharing it, 0
    /// otherwise. The shares sum to 1.
    pub win_shares: Vec<f64>,
}

impl Score {
    /// A game's outcome as scores: a betting hand's results in units of the table minimum
    /// (the seats that won the most share the victory); a points game's points and winners.
    pub fn of(outcome: &Outcome) -> Score {
        match outcome {
            Outcome::Chips {
                start, end, unit, ..
            } => {
                let unit = (*unit).max(Chips::new(1)).to_f64();
                let scores: Vec<f64> = end
                    .iter()
                    .zip(start)
                    .map(|(&end, &start)| (end.to_f64() - start.to_f64()) / unit)
                    .collect();
                let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let winners: Vec<usize> =
                    (0..scores.len()).filter(|&s| scores[s] == best).collect();
                Score {
                    win_shares: shares(scores.len(), &winners),
                    scores,
                }
            }
            Outcome::Points { scores, winners } => Score {
                scores: scores.iter().map(|&s| f64::from(s)).collect(),
                win_shares: shares(scores.len(), winners),
            },
        }
    }
}

/// Equal shares of the victory for `winners` among `n` seats.
fn shares(n: usize, winners: &[usize]) -> Vec<f64> {
    let share = 1.0 / winners.len().max(1) as f64;
    (0..n)
        .map(|s| if winners.contains(&s) { share } else { 0.0 })
        .collect()
}

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig<G: Game> {
    /// How every game is dealt (this fixes the number of seats).
    pub setup: G::Setup,
    /// One bot per seat; game `i` seats entry `(s + i) mod P` at seat `s`.
    pub bots: Vec<BotSpec<G>>,
    /// Games to play (in duplicate play, a multiple of the seats keeps deals whole).
    pub games: u64,
    /// The match seed, from which every deal and bot seed is derived ([`game_seed`],
    /// [`bot_seed`]).
    pub seed: u64,
    /// Think-time budget given to every decision.
    pub budget: Budget,
    /// Keep each game's record (for [`GameReport::record`]).
    pub record: bool,
    /// Duplicate play: each deal is played `P` times (`P` seats), the bot list rotated one seat
    /// further each time, so every entry holds every seat's cards once and luck cancels out.
    /// Games `k·P … k·P + P − 1` share the deal of game `k·P`.
    pub duplicate: bool,
}

/// Checks a match's size: one bot (`bots`) per seat of `players`, at least one game.
pub(crate) fn check_match(bots: usize, players: usize, games: u64) -> Result<(), BotsError> {
    if bots != players {
        return Err(BotsError::BotCount { bots, players });
    }
    if games == 0 {
        return Err(BotsError::NoGames);
    }
    Ok(())
}

/// `play(i)` for every game `i` of `0..games`, in game order: one after the other when
/// `in_order` (a bot that learns from the games before, so that a seed still gives one result),
/// else on rayon's current pool. The first error is the answer.
pub(crate) fn each_game<T: Send>(
    games: u64,
    in_order: bool,
    play: impl Fn(u64) -> Result<T, BotsError> + Sync + Send,
) -> Result<Vec<T>, BotsError> {
    if in_order {
        (0..games).map(play).collect()
    } else {
        (0..games).into_par_iter().map(play).collect()
    }
}

impl<G: Game> MatchConfig<G> {
    /// A match of `games` games seeded with `seed`, each dealt from `setup`, checked: one bot
    /// per seat, at least one game. Unlimited budget, no records.
    pub fn new(
        setup: G::Setup,
        bots: Vec<BotSpec<G>>,
        games: u64,
        seed: u64,
    ) -> Result<MatchConfig<G>, BotsError> {
        check_match(bots.len(), G::players(&setup), games)?;
        Ok(MatchConfig {
            setup,
            bots,
            games,
            seed,
            budget: Budget::UNLIMITED,
            record: false,
            duplicate: false,
        })
    }
}

/// One finished game, as handed to the progress callback.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Index of the game in the match.
    pub index: u64,
    /// The deal seed.
    pub seed: u64,
    /// The bot-list entry at each seat.
    pub entries: Vec<usize>,
    /// The result by seat.
    pub outcome: Score,
    /// The record as JSON, when the match keeps records and the game has one.
    pub record: Option<String>,
    /// Think time of every decision, in microseconds, by seat.
    pub think_us: Vec<Vec<u64>>,
    /// The same decisions' CPU time on the deciding thread, in microseconds, where the system
    /// tells it (0 otherwise, and for a program in another process): the time a decision takes
    /// on one core of its own, whatever else loads the machine.
    pub think_cpu_us: Vec<Vec<u64>>,
    /// Illegal answers replaced by the first legal action, by seat.
    pub illegal: Vec<u32>,
    /// Answers each seat's bot failed to give itself (see [`Lapses`]), by seat.
    pub lapses: Vec<Lapses>,
}

/// A game's result in the match summary: who sat where and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    /// Index of the game.
    pub index: u64,
    /// The deal seed.
    pub seed: u64,
    /// The bot-list entry at each seat.
    pub entries: Vec<usize>,
    /// Scores by seat.
    pub scores: Vec<f64>,
    /// Shares of the victory by seat.
    pub win_shares: Vec<f64>,
}

/// One bot-list entry's results over a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotStats {
    /// The entry's label: the bot name, with `#k` (entry k, from 1) when names repeat.
    pub label: String,
    /// The spec's name (without the `#k` a repeated name gets in `label`).
    pub bot: String,
    /// Games the entry played (every game of the match: each entry holds a seat in each).
    pub games: u64,
    /// Games won, shared victories counting 1/k.
    pub wins: f64,
    /// Wins per game.
    pub win_rate: f64,
    /// Half-width of the 95% confidence interval of the win rate: over games, or in duplicate
    /// play over deals (the entry's average over a deal's rotation is one observation).
    pub win_rate_ci95: f64,
    /// Mean score per game.
    pub mean_score: f64,
    /// Half-width of the 95% confidence interval of the mean score, over games or deals like
    /// `win_rate_ci95`.
    pub score_ci95: f64,
    /// Decisions taken.
    pub decisions: u64,
    /// Median think time per decision, microseconds.
    pub think_p50_us: u64,
    /// 99th percentile of think time per decision, microseconds.
    pub think_p99_us: u64,
    /// The median CPU time of the bot's decisions on its thread (microseconds): what a decision
    /// takes on a core of its own (0 where the system does not say, or for an external program).
    pub think_cpu_p50_us: u64,
    /// The 99th percentile of that CPU time.
    pub think_cpu_p99_us: u64,
    /// Illegal answers (replaced by the first legal action).
    pub illegal: u64,
    /// Answers the bot failed to give itself (an external program's late, unreadable or
    /// illegal answers, or its crashes), each replaced by the default action.
    pub lapses: Lapses,
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchResult {
    /// The game's name (`saint`, `holdem`, `draw`).
    pub game: &'static str,
    /// The match seed.
    pub seed: u64,
    /// Per bot-list entry, in list order.
    pub bots: Vec<BotStats>,
    /// Every game, in index order.
    pub games: Vec<GameSummary>,
}

/// What one game adds to the match summary: the game, think times, illegal answers and lapses
/// by seat.
type Tally = (GameSummary, [Vec<Vec<u64>>; 2], Vec<u32>, Vec<Lapses>);

/// Plays matches. See the module documentation.
pub struct Arena<G: Game> {
    config: MatchConfig<G>,
}

impl<G: Game> Arena<G> {
    /// An arena for `config`.
    pub fn new(config: MatchConfig<G>) -> Arena<G> {
        Arena { config }
    }

    /// Plays the whole match on rayon's current thread pool, calling `on_game` as each game
    /// finishes (from any thread, in any order), and returns the statistics.
    pub fn run(&self, on_game: &(dyn Fn(&GameReport) + Sync)) -> Result<MatchResult, BotsError> {
        let c = &self.config;
        let one = |i: u64| -> Result<Tally, BotsError> {
            let report = self.play(i)?;
            on_game(&report);
            let GameReport {
                index,
                seed,
                entries,
                outcome,
                think_us,
                think_cpu_us,
                illegal,
                lapses,
                ..
            } = report;
            let summary = GameSummary {
                index,
                seed,
                entries,
                scores: outcome.scores,
                win_shares: outcome.win_shares,
            };
            Ok((summary, [think_us, think_cpu_us], illegal, lapses))
        };
        // A bot that learns from the hands before plays them in order, so that a seed still
        // gives one result.
        let reports: Vec<Tally> = each_game(c.games, c.bots.iter().any(BotSpec::learns), one)?;
        Ok(self.summarise(reports))
    }

    fn summarise(&self, reports: Vec<Tally>) -> MatchResult {
        let c = &self.config;
        let n = c.bots.len();
        let mut think: Vec<Vec<u64>> = vec![Vec::new(); n];
        let mut cpu: Vec<Vec<u64>> = vec![Vec::new(); n];
        let mut illegal = vec![0u64; n];
        let mut lapses = vec![Lapses::default(); n];
        let mut games = Vec::with_capacity(reports.len());
        for (g, [t, c], ill, lap) in reports {
            for (seat, &e) in g.entries.iter().enumerate() {
                think[e].extend_from_slice(&t[seat]);
                cpu[e].extend_from_slice(&c[seat]);
                illegal[e] += u64::from(ill[seat]);
                lapses[e].add(&lap[seat]);
            }
            games.push(g);
        }
        let block = if c.duplicate { c.bots.len() } else { 1 };
        let (wins, scores) = block_means(&games, n, block);
        let bots = (0..n)
            .map(|e| {
                let name = c.bots[e].name();
                let repeated = c.bots.iter().filter(|b| b.name() == name).count() > 1;
                let label = if repeated {
                    format!("{name}#{}", e + 1)
                } else {
                    name.to_string()
                };
                BotStats {
                    label,
                    bot: name.to_string(),
                    games: wins[e].games,
                    wins: wins[e].total,
                    win_rate: wins[e].mean(),
                    win_rate_ci95: wins[e].ci95(),
                    mean_score: scores[e].mean(),
                    score_ci95: scores[e].ci95(),
                    decisions: think[e].len() as u64,
                    think_p50_us: quantile(&mut think[e], 0.5).unwrap_or(0),
                    think_p99_us: quantile(&mut think[e], 0.99).unwrap_or(0),
                    think_cpu_p50_us: quantile(&mut cpu[e], 0.5).unwrap_or(0),
                    think_cpu_p99_us: quantile(&mut cpu[e], 0.99).unwrap_or(0),
                    illegal: illegal[e],
                    lapses: lapses[e],
                }
            })
            .collect();
        MatchResult {
            game: G::NAME,
            seed: c.seed,
            bots,
            games,
        }
    }

    /// Plays game `index` of the match.
    pub fn play(&self, index: u64) -> Result<GameReport, BotsError> {
        let c = &self.config;
        let players = c.bots.len();
        let deal = if c.duplicate {
            index / players as u64
        } else {
            index
        };
        let seed = game_seed(c.seed, deal);
        let entries: Vec<usize> = (0..players)
            .map(|s| (s + (index % players as u64) as usize) % players)
            .collect();
        let mut bots: Vec<_> = entries
            .iter()
            .enumerate()
            .map(|(seat, &e)| c.bots[e].make(seat, bot_seed(seed, seat)))
            .collect();
        let mut game = Played::<G>::deal(c.setup.clone(), seed_from_u64(seed))
            .map_err(|e| BotsError::Options(e.to_string()))?;
        let Decisions {
            think_us,
            think_cpu_us,
            illegal,
        } = play_out(&mut game, &mut bots, c.budget, index)?;
        let record = if c.record {
            let r = game.record(None).map_err(|e| BotsError::Engine {
                game: index,
                message: e.to_string(),
            })?;
            Some(r.into_file(&game.setup, None, Some(seed)))
        } else {
            None
        };
        Ok(GameReport {
            index,
            seed,
            entries,
            outcome: Score::of(&game.outcome()),
            record,
            think_us,
            think_cpu_us,
            illegal,
            lapses: bots.iter().map(|b| b.lapses()).collect(),
        })
    }
}

/// One entry's per-game results summed over a match, with the interval taken over blocks.
#[derive(Clone, Copy, Debug, Default)]
struct BlockTotal {
    /// Games the entry played.
    games: u64,
    /// The sum of its per-game results.
    total: f64,
    /// The mean of its per-block averages, with their spread.
    blocks: Mean,
}

impl BlockTotal {
    /// The mean per game (with blocks of equal size, whole duplicate rotations, also the mean
    /// of the block averages).
    fn mean(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total / self.games as f64
        }
    }

    /// Half-width of the 95% interval of the mean per game, from the block averages' spread.
    fn ci95(&self) -> f64 {
        self.blocks.ci95()
    }
}

/// Each entry's victory shares and scores over `games`, in blocks of `block` consecutive games.
/// A duplicate match's block is one deal's rotation: the entry's average over the block is one
/// observation, so the interval counts what the pairing cancels (cards dealt to one seat help
/// whoever holds them) instead of treating the deal's games as independent.
fn block_means(
    games: &[GameSummary],
    n: usize,
    block: usize,
) -> (Vec<BlockTotal>, Vec<BlockTotal>) {
    let mut wins = vec![BlockTotal::default(); n];
    let mut scores = vec![BlockTotal::default(); n];
    for chunk in games.chunks(block.max(1)) {
        let mut win = vec![0.0; n];
        let mut score = vec![0.0; n];
        let mut count = vec![0u32; n];
        for g in chunk {
            for (seat, &e) in g.entries.iter().enumerate() {
                win[e] += g.win_shares[seat];
                score[e] += g.scores[seat];
                count[e] += 1;
            }
        }
        for e in 0..n {
            if count[e] > 0 {
                let k = f64::from(count[e]);
                for (t, sum) in [(&mut wins[e], win[e]), (&mut scores[e], score[e])] {
                    t.games += u64::from(count[e]);
                    t.total += sum;
                    t.blocks.add(sum / k);
                }
            }
        }
    }
    (wins, scores)
}

/// What the bots of one game did: each seat's thinking times (wall and CPU, µs) and illegal
/// actions (replaced by the first legal one).
pub(crate) struct Decisions {
    /// Wall time per decision, per seat.
    pub think_us: Vec<Vec<u64>>,
    /// CPU time per decision, per seat.
    pub think_cpu_us: Vec<Vec<u64>>,
    /// Illegal actions per seat.
    pub illegal: Vec<u32>,
}

/// Plays `game` out with `bots` (one per seat), each deciding within `budget`: the deal is
/// observed like every later event, an illegal action is replaced by the first legal one, and a
/// game that takes more than [`MAX_ACTIONS`] actions is stalled (`index` names it in errors).
pub(crate) fn play_out<G: Game>(
    game: &mut Played<G>,
    bots: &mut [Box<dyn Bot<G>>],
    budget: Budget,
    index: u64,
) -> Result<Decisions, BotsError> {
    let players = bots.len();
    tell_bots::<G>(bots, game.events());
    let mut d = Decisions {
        think_us: vec![Vec::new(); players],
        think_cpu_us: vec![Vec::new(); players],
        illegal: vec![0; players],
    };
    let mut actions = 0usize;
    while !game.game.is_over() {
        let seats = game.game.to_act();
        if seats.is_empty() || actions > MAX_ACTIONS {
            return Err(BotsError::Stalled {
                game: index,
                actions,
            });
        }
        for seat in seats.iter() {
            let legal = game.game.legal(seat);
            let Some(&fallback) = legal.first() else {
                continue;
            };
            let view = game.game.view(Viewer::Seat(seat));
            let (start, cpu) = (Instant::now(), thread_cpu());
            let mut action = bots[seat].act(&view, &legal, budget);
            d.think_us[seat].push(start.elapsed().as_micros() as u64);
            let spent = cpu.zip(thread_cpu()).map(|(a, b)| b.saturating_sub(a));
            d.think_cpu_us[seat].push(spent.map_or(0, |d| d.as_micros() as u64));
            if !G::allows(&legal, &action) {
                d.illegal[seat] += 1;
                action = fallback;
            }
            let events = game.apply(action).map_err(|e| BotsError::Engine {
                game: index,
                message: e.to_string(),
            })?;
            actions += 1;
            tell_bots::<G>(bots, events);
        }
    }
    Ok(d)
}

/// Each bot observes `events` as its seat may see them.
fn tell_bots<G: Game>(bots: &mut [Box<dyn Bot<G>>], events: &[G::Event]) {
    for event in events {
        for (s, bot) in bots.iter_mut().enumerate() {
            if let Some(e) = G::censor(event, Viewer::Seat(s)) {
                bot.observe(&e);
            }
        }
    }
}
