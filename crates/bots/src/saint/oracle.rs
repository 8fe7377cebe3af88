//! The oracle: exact search with perfect information over Saint Poker's last two rounds, and
//! the measurement it serves — how much each bot loses per decision against it.
//!
//! **Given the whole state only for measurement.** [`action_values`] is given the whole game
//! state (every hand, the draw pile); no bot ever receives it. The `master` bot uses the same
//! exhaustive search in the last round on worlds it *samples* from what it has seen
//! (`values_in_world`), never on the true state.
//!
//! ## What "exact" means here
//! Choices are simultaneous, so "the best action" needs the other players' behaviour fixed. For a
//! decision of seat B in rounds 7 or 8, the oracle values every legal action `a` of B as the
//! best final result B can reach after `a` (a maximum over *all* of B's later choices, searched
//! exhaustively), with perfect information, against:
//! * in the phase being decided, the other players' **actual** choices (their bots are asked
//!   before anything is revealed, so those choices do not depend on B's);
//! * afterwards, a fixed **reference policy** for the other players — the opponent model the
//!   searching bots use (place the card leaving the best show, show the best pair, draft the card
//!   making the best pair for the next centre), on their true hands;
//! * the draft's tie draws by one fixed random draw per round, common to all of B's alternatives.
//!
//! So the loss of a decision is *the loss against a best response to the others' actual
//! choices now and the reference policy later*: `value(oracle's best) − value(B's action)`,
//! where a value is B's **share of the victory** (1 for a sole winner, 1/k for k sharing it, 0
//! otherwise; reported in percentage points of win probability), ties between actions broken by
//! B's final margin over the best opponent (also reported, in points). It is never negative.

use serde::Serialize;
use tavolo_cards::{Card, CardSet, GameRng, Rank, SplitMix64, Suit};
use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};
use tavolo_engine::saint::{Action, PhaseName, SaintGame, SaintOptions, ROUNDS};

use super::model::{Stage, World, MAX_PLAYERS};
use super::SaintPoker;
use crate::arena::{bot_seed, check_match, each_game, game_seed};
use crate::bot::{Bot, BotSpec, Budget};
use crate::error::BotsError;
use crate::stats::Mean;

/// Rounds searched exactly: the last two (7 and 8).
pub const ORACLE_ROUNDS: u8 = 2;

/// An action's value to the oracle: the share of the victory, then the final margin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct OracleValue {
    /// The share of the victory (0 to 1).
    pub share: f64,
    /// Own final points minus the best opponent's.
    pub margin: i32,
}

impl OracleValue {
    fn better_than(&self, other: &OracleValue) -> bool {
        self.share > other.share || (self.share == other.share && self.margin > other.margin)
    }
}

/// The value of every legal action of `seat` now in `game`, by exact search with perfect
/// information (see the module documentation), the other players' choices in the phase in force
/// taken from `others` (by seat; `None`: the reference policy). `tie_seed` fixes the draft's tie
/// draws. `None` before the last two rounds, when the game is over, or when `seat` has nothing
/// to decide.
pub fn action_values(
    game: &SaintGame,
    seat: usize,
    others: &[Option<Action>],
    tie_seed: u64,
) -> Option<Vec<(Action, OracleValue)>> {
    if game.is_over() || game.round() + ORACLE_ROUNDS <= ROUNDS || seat >= game.players() {
        return None;
    }
    let (world, stage) = world_of(game, seat)?;
    let mut forced = [None; MAX_PLAYERS];
    for (slot, &a) in forced.iter_mut().zip(others) {
        *slot = a;
    }
    forced[seat] = None;
    let actions = world.my_actions(&stage);
    if actions.is_empty() {
        return None;
    }
    Some(
        actions
            .into_iter()
            .map(|a| (a, value_after(&world, stage, a, &forced, tie_seed)))
            .collect(),
    )
}

/// The value of each of `actions` of the searching player at `stage` of `world` — a world a bot
/// sampled, or the true one — the other players' choices now and later by the reference policy
/// and the searching player's later choices searched exhaustively, as [`action_values`] does.
pub(crate) fn values_in_world(
    world: &World,
    stage: Stage,
    actions: &[Action],
    tie_seed: u64,
) -> Vec<OracleValue> {
    let none = [None; MAX_PLAYERS];
    actions
        .iter()
        .map(|&a| value_after(world, stage, a, &none, tie_seed))
        .collect()
}

/// The value of playing `a` at `stage`, then B's best.
fn value_after(
    world: &World,
    stage: Stage,
    a: Action,
    forced: &[Option<Action>; MAX_PLAYERS],
    tie_seed: u64,
) -> OracleValue {
    let mut w = world.clone();
    let mut rng = GameRng::from_u64(SplitMix64::mix(tie_seed ^ u64::from(w.round)));
    match w.step(stage, a, forced, &mut rng) {
        Some(next) => best_value(&w, next, tie_seed),
        None => terminal(&w),
    }
}

/// B's best value from `stage` (a decision of B's).
fn best_value(world: &World, stage: Stage, tie_seed: u64) -> OracleValue {
    let none = [None; MAX_PLAYERS];
    let mut best: Option<OracleValue> = None;
    for a in world.my_actions(&stage) {
        let v = value_after(world, stage, a, &none, tie_seed);
        if best.is_none_or(|b| v.better_than(&b)) {
            best = Some(v);
        }
    }
    best.unwrap_or_else(|| terminal(world))
}

/// The result of a finished world for the searching player.
fn terminal(world: &World) -> OracleValue {
    let me = world.scores[world.me];
    let best_other = (0..world.players)
        .filter(|&p| p != world.me)
        .map(|p| world.scores[p])
        .max()
        .unwrap_or(0);
    OracleValue {
        share: world.value(0.0),
        margin: me as i32 - best_other as i32,
    }
}

/// The true state as a world for `seat` (omniscient), and where it stands; `None` when the game
/// is over.
fn world_of(game: &SaintGame, seat: usize) -> Option<(World, Stage)> {
    let players = game.players().min(MAX_PLAYERS);
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    for (p, h) in hands.iter_mut().enumerate().take(players) {
        *h = game.hand(p);
    }
    let mut draw = [Card::new(Rank::Two, Suit::Clubs); 52];
    let mut len = 0;
    for (slot, c) in draw.iter_mut().zip(game.draw_pile()) {
        *slot = c;
        len += 1;
    }
    let mut scores = [0u32; MAX_PLAYERS];
    for (slot, &s) in scores.iter_mut().zip(game.scores()) {
        *slot = s;
    }
    let view = game.spectator_view();
    let stage = match game.phase() {
        PhaseName::Place => Stage::Place,
        PhaseName::Show => Stage::Show,
        PhaseName::Draft => {
            let mut order = [0u8; MAX_PLAYERS];
            for (slot, &s) in order.iter_mut().zip(&view.draft_order) {
                *slot = s as u8;
            }
            Stage::Draft {
                pool: game.pool(),
                order,
                step: view.picks.len() as u8,
            }
        }
        PhaseName::Over => return None,
    };
    let world = World {
        players,
        me: seat,
        round: game.round(),
        rule: game.options().hand_rule,
        centre_count: game.options().centre_count() as usize,
        hands,
        centre: game.centre(),
        preview: game.preview(),
        draw,
        draw_len: len as u8,
        draw_next: 0,
        scores,
        others_give_up: false,
    };
    Some((world, stage))
}

/// One bot's losses against the oracle over a measurement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OracleLoss {
    /// The entry's label (the bot name, `#k` added when names repeat).
    pub label: String,
    /// Decisions measured (with more than one legal action).
    pub decisions: u64,
    /// Mean loss of victory share per decision, in percentage points.
    pub loss_pp: f64,
    /// Half-width of its 95% confidence interval.
    pub loss_pp_ci95: f64,
    /// Mean difference per decision between the final margin (own points minus the best
    /// opponent's) after the oracle's choice and after the bot's, in points (it can be negative
    /// for a decision that traded margin for a smaller victory share).
    pub margin_loss: f64,
    /// Half-width of its 95% confidence interval.
    pub margin_loss_ci95: f64,
    /// Share of the decisions that were as good as the oracle's (same share and margin).
    pub optimal: f64,
    /// Mean loss per decision in round 7 and in round 8, percentage points.
    pub loss_pp_by_round: [f64; 2],
}

/// Plays `games` games of Saint Poker dealt with `options` between `bots` (seats rotated as in
/// the arena: game `i` seats entry `(s + i) mod P` at seat `s`, deals and bot seeds from
/// `seed` as the arena derives them), and measures every decision taken in the last two rounds
/// against the oracle. Games run on rayon's current pool; results are summed in game order.
pub fn measure(
    options: SaintOptions,
    bots: &[BotSpec<SaintPoker>],
    games: u64,
    seed: u64,
    budget: Budget,
) -> Result<Vec<OracleLoss>, BotsError> {
    check_match(bots.len(), usize::from(options.players), games)?;
    let oracle = Oracle {
        options,
        specs: bots,
        seed,
        budget,
    };
    let per_game: Vec<Vec<Sample>> = each_game(games, false, |i| oracle.game(i))?;
    let n = bots.len();
    let mut share = vec![Mean::default(); n];
    let mut margin = vec![Mean::default(); n];
    let mut optimal = vec![Mean::default(); n];
    let mut by_round = vec![[Mean::default(); 2]; n];
    for s in per_game.iter().flatten() {
        share[s.entry].add(100.0 * s.share);
        margin[s.entry].add(f64::from(s.margin));
        optimal[s.entry].add(if s.share == 0.0 && s.margin == 0 {
            1.0
        } else {
            0.0
        });
        let r = usize::from(s.round == ROUNDS);
        by_round[s.entry][r].add(100.0 * s.share);
    }
    Ok((0..n)
        .map(|e| {
            let name = bots[e].name();
            let repeated = bots.iter().filter(|b| b.name() == name).count() > 1;
            OracleLoss {
                label: if repeated {
                    format!("{name}#{}", e + 1)
                } else {
                    name.to_string()
                },
                decisions: share[e].count(),
                loss_pp: share[e].mean(),
                loss_pp_ci95: share[e].ci95(),
                margin_loss: margin[e].mean(),
                margin_loss_ci95: margin[e].ci95(),
                optimal: optimal[e].mean(),
                loss_pp_by_round: [by_round[e][0].mean(), by_round[e][1].mean()],
            }
        })
        .collect())
}

/// One measured decision: the bot-list entry, the round, and its losses.
struct Sample {
    entry: usize,
    round: u8,
    share: f64,
    margin: i32,
}

/// A measurement's games: their options, the bot list, the seed they are dealt from (as the
/// arena deals) and each decision's budget.
struct Oracle<'a> {
    options: SaintOptions,
    specs: &'a [BotSpec<SaintPoker>],
    seed: u64,
    budget: Budget,
}

impl Oracle<'_> {
    /// Plays game `index` and measures its last two rounds' decisions.
    fn game(&self, index: u64) -> Result<Vec<Sample>, BotsError> {
        let players = self.specs.len();
        let gseed = game_seed(self.seed, index);
        let entries: Vec<usize> = (0..players)
            .map(|s| (s + (index % players as u64) as usize) % players)
            .collect();
        let mut bots: Vec<Box<dyn Bot<SaintPoker>>> = entries
            .iter()
            .enumerate()
            .map(|(seat, &e)| self.specs[e].make(seat, bot_seed(gseed, seat)))
            .collect();
        let engine = |e: tavolo_engine::game::GameError| BotsError::Engine {
            game: index,
            message: e.to_string(),
        };
        let mut game =
            Played::<SaintPoker>::deal(self.options, seed_from_u64(gseed)).map_err(engine)?;
        tell(&mut bots, game.events());
        let mut samples = Vec::new();
        let mut guard = 0;
        while !game.game.is_over() {
            guard += 1;
            if guard > 1_000 {
                return Err(BotsError::Stalled {
                    game: index,
                    actions: guard,
                });
            }
            // Every seat to act chooses before anything is revealed.
            let mut chosen: Vec<(usize, Action, usize)> = Vec::new();
            for seat in game.game.to_act().iter() {
                let legal = game.game.legal(seat);
                let Some(&fallback) = legal.first() else {
                    continue;
                };
                let view = <SaintPoker as Game>::view(&game.game, Viewer::Seat(seat));
                let mut action = bots[seat].act(&view, &legal, self.budget);
                if !legal.contains(&action) {
                    action = fallback;
                }
                chosen.push((seat, action, legal.len()));
            }
            if game.game.round() + ORACLE_ROUNDS > ROUNDS {
                let tie_seed = SplitMix64::mix(gseed ^ 0x0_7ac1e);
                samples.extend(losses(&game.game, &chosen, &entries, tie_seed));
            }
            for (_, action, _) in chosen {
                let events = game.apply(action).map_err(engine)?.to_vec();
                tell(&mut bots, &events);
            }
        }
        Ok(samples)
    }
}

/// The oracle's measure of the decisions `chosen` (seat, action, number of choices) taken
/// together in `game`, seats played by bot-list `entries`.
fn losses(
    game: &SaintGame,
    chosen: &[(usize, Action, usize)],
    entries: &[usize],
    tie_seed: u64,
) -> Vec<Sample> {
    let mut others = [None; MAX_PLAYERS];
    for &(seat, action, _) in chosen {
        others[seat] = Some(action);
    }
    let mut samples = Vec::new();
    for &(seat, action, choices) in chosen {
        if choices < 2 {
            continue;
        }
        let Some(values) = action_values(game, seat, &others, tie_seed) else {
            continue;
        };
        let best = values
            .iter()
            .map(|v| v.1)
            .fold(None, |b: Option<OracleValue>, v| {
                Some(match b {
                    Some(b) if !v.better_than(&b) => b,
                    _ => v,
                })
            });
        let mine = values.iter().find(|v| v.0 == action).map(|v| v.1);
        if let (Some(best), Some(mine)) = (best, mine) {
            samples.push(Sample {
                entry: entries[seat],
                round: game.round(),
                share: (best.share - mine.share).max(0.0),
                margin: best.margin - mine.margin,
            });
        }
    }
    samples
}

/// Each bot observes `events` as its seat may see them.
fn tell(bots: &mut [Box<dyn Bot<SaintPoker>>], events: &[<SaintPoker as Game>::Event]) {
    for event in events {
        for (s, bot) in bots.iter_mut().enumerate() {
            if let Some(e) = SaintPoker::censor(event, Viewer::Seat(s)) {
                bot.observe(&e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `g` with random actions until round `round` begins.
    fn play_to(g: &mut SaintGame, round: u8, rng: &mut GameRng) {
        while g.round() < round && !g.is_over() {
            let p = g.pending_seats().as_slice()[0] as usize;
            let a = g.random_action(p, rng).unwrap();
            g.apply(a).unwrap();
        }
    }

    /// In round 8 a place decides everything (the two cards left are shown): the oracle's
    /// value of each place is the engine's own result of playing it against the others'
    /// choices.
    #[test]
    fn round_8_values_are_the_engines_results() {
        let mut rng = GameRng::from_u64(8);
        for (seed, mut g) in crate::saint::test_games(40, 4) {
            play_to(&mut g, 8, &mut rng);
            let n = g.players();
            let others: Vec<Option<Action>> =
                (0..n).map(|p| g.random_action(p, &mut rng)).collect();
            for seat in 0..n {
                let values = action_values(&g, seat, &others, 1).unwrap();
                assert_eq!(values.len(), 3);
                for (a, v) in values {
                    let mut e = g.clone();
                    for (p, &o) in others.iter().enumerate() {
                        e.apply(if p == seat { a } else { o.unwrap() }).unwrap();
                    }
                    for p in 0..n {
                        let show = e.legal_actions(p);
                        assert_eq!(show.len(), 1);
                        e.apply(show[0]).unwrap();
                    }
                    assert!(e.is_over());
                    let winners = e.winners();
                    let share = if winners.contains(&seat) {
                        1.0 / winners.len() as f64
                    } else {
                        0.0
                    };
                    assert_eq!(v.share, share, "seed {seed} seat {seat} {a:?}");
                }
            }
        }
    }

    /// The oracle's value of an action is never worse than any line of play after it, and its
    /// best choice never worse than any legal alternative (round 7: place, show and the draft).
    #[test]
    fn the_oracle_is_never_beaten_by_a_line_of_play() {
        let mut rng = GameRng::from_u64(7);
        for (_, mut g) in crate::saint::test_games(6, 2) {
            play_to(&mut g, 7, &mut rng);
            let tie_seed = 99;
            while !g.is_over() {
                let p = g.pending_seats().as_slice()[0] as usize;
                if let Some(values) = action_values(&g, p, &[], tie_seed) {
                    let legal = g.legal_actions(p);
                    assert_eq!(values.len(), legal.len());
                    let best = values.iter().map(|v| v.1).fold(values[0].1, |b, v| {
                        if v.better_than(&b) {
                            v
                        } else {
                            b
                        }
                    });
                    let (world, stage) = world_of(&g, p).unwrap();
                    for &(a, v) in &values {
                        assert!(!v.better_than(&best));
                        for _ in 0..4 {
                            // A random line of play for the seat after `a`.
                            let none = [None; MAX_PLAYERS];
                            let mut w = world.clone();
                            let mut r =
                                GameRng::from_u64(SplitMix64::mix(tie_seed ^ u64::from(w.round)));
                            let mut next = w.step(stage, a, &none, &mut r);
                            while let Some(s) = next {
                                let acts = w.my_actions(&s);
                                let b = acts[rng.below(acts.len() as u32) as usize];
                                let mut r = GameRng::from_u64(SplitMix64::mix(
                                    tie_seed ^ u64::from(w.round),
                                ));
                                next = w.step(s, b, &none, &mut r);
                            }
                            assert!(!terminal(&w).better_than(&v), "{a:?}");
                        }
                    }
                }
                let a = g.random_action(p, &mut rng).unwrap();
                g.apply(a).unwrap();
            }
        }
    }

    #[test]
    fn a_measurement_reports_every_bot_and_no_negative_loss() {
        let bots = vec![
            crate::saint::bot_spec("random").unwrap(),
            crate::saint::bot_spec("greedy").unwrap(),
        ];
        let losses = measure(SaintOptions::new(2), &bots, 4, 1, Budget::UNLIMITED).unwrap();
        assert_eq!(losses.len(), 2);
        for l in &losses {
            assert!(l.decisions > 0);
            assert!(l.loss_pp >= 0.0);
            assert!((0.0..=1.0).contains(&l.optimal));
        }
        assert!(action_values(
            &SaintGame::new(SaintOptions::new(2), seed_from_u64(1)).unwrap(),
            0,
            &[],
            0
        )
        .is_none());
    }
}
