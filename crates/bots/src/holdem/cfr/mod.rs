//! The `cfr` bot: heads-up Limit and No-Limit Hold'em by strategies computed with
//! counterfactual regret minimisation on abstractions of the games, shipped with the crate.
//!
//! - **Abstraction** ([`buckets`]): the 169 starting-hand classes before the flop, then hand
//!   strength against a random hand cut into buckets a street (on the flop and the turn E\[HS\]
//!   or √E\[HS²\], as the file records: the shipped Limit strategy uses √E\[HS²\], No-Limit
//!   E\[HS\]); the betting trees ([`tree`]):
//!   heads-up Limit with at most four bets a round, and heads-up No-Limit at 100 big blinds
//!   with bets of half the pot, the pot and all-in.
//! - **Training** ([`train`]): external-sampling MCCFR with regret matching⁺ and a linearly
//!   weighted average; `tavolo train holdem --structure limit|nl [--metric ehs|rms] [--samples
//!   N] --iterations N --seed S --out FILE` reproduces a strategy.
//! - **The files** ([`mod@file`]): the average strategy, one byte per action;
//!   `crates/bots/data/holdem-limit-cfr.bin` and `holdem-nl-cfr.bin` are compiled into the
//!   crate and read on first use.
//!
//! **Playing No-Limit** the bot maps every bet or raise it sees to a size of its tree by the
//! pot fraction it is (Ganzfried & Sandholm's pseudo-harmonic mapping between the two nearest
//! sizes, rounded to the likelier; an all-in is the tree's all-in), and bets its own sizes as
//! fractions of the real pot, so it plays any stack and blind with the 100-big-blind strategy.
//!
//! **On the river** ([`river`]) the bot re-solves the river's betting with the real board and
//! no card abstraction: ranges over the 1,326 pairs from the strategy's probabilities of the
//! actions so far, then Discounted CFR over the tree's river betting, card removal exact. A limited
//! [`Budget`] cuts the solve short (at 90 % of it); `cfr:blueprint`
//! ([`CfrBot::without_search`]) plays the trained strategy alone.
//!
//! **Where it does not apply** — Pot-Limit, more than two players — the bot plays as `expert`
//! (`expert:normal`), which it keeps informed of every event for that purpose. A round the
//! abstraction does not have (a Limit raise beyond the fourth bet, which the engine allows
//! heads-up; a No-Limit call of what the tree took for all-in but was not) makes it check or
//! call for the rest of that round; the next street re-enters the tree where the pot is
//! nearest (see `line`).

pub mod buckets;
pub mod file;
pub mod river;
pub mod train;
pub mod tree;

use std::sync::OnceLock;
use std::time::Instant;
use tavolo_cards::SplitMix64;

use tavolo_engine::betting::BetEvent;
use tavolo_engine::holdem::{Action, Event, HandView, Street, Structure};
use tavolo_engine::Chips;

use self::buckets::Abstraction;
use self::file::StrategyError;
use self::tree::{Child, Node, Tree, TreeKind, ACTIONS, ALL_IN, CALL, FOLD, NL_FRACTIONS, RAISE};
use super::expert::{ExpertBot, ExpertLevel};
use super::spot::Spot;
use super::Holdem;
use crate::betting::Decision;
use crate::bot::{Bot, Budget};

/// The shipped heads-up Limit strategy (see [`file`] for the format).
const SHIPPED_LIMIT: &[u8] = include_bytes!("../../../data/holdem-limit-cfr.bin");
/// The shipped heads-up No-Limit strategy.
const SHIPPED_NO_LIMIT: &[u8] = include_bytes!("../../../data/holdem-nl-cfr.bin");

/// An average strategy of the abstract game: for each decision and bucket, the probability of
/// each allowed action.
#[derive(Clone, Debug)]
pub struct Strategy {
    abstraction: Abstraction,
    iterations: u64,
    seed: u64,
    probs: Vec<u8>,
    tree: Tree,
    /// Where each decision's block starts in `probs`.
    offsets: Vec<usize>,
    /// Allowed actions per decision.
    widths: Vec<u8>,
}

impl Strategy {
    /// A strategy from its parts (`probs` in the file's payload order).
    pub(crate) fn from_parts(
        kind: TreeKind,
        abstraction: Abstraction,
        iterations: u64,
        seed: u64,
        probs: Vec<u8>,
    ) -> Strategy {
        let tree = Tree::new(kind);
        let mut offsets = Vec::with_capacity(tree.nodes.len());
        let mut widths = Vec::with_capacity(tree.nodes.len());
        let mut at = 0;
        for n in &tree.nodes {
            let w = n.width();
            offsets.push(at);
            widths.push(w as u8);
            at += w * usize::from(abstraction.count(n.street as usize));
        }
        Strategy {
            abstraction,
            iterations,
            seed,
            probs,
            tree,
            offsets,
            widths,
        }
    }

    /// Checks that every bucket's probabilities sum to 255.
    fn check(&self) -> Result<(), StrategyError> {
        for (node, n) in self.tree.nodes.iter().enumerate() {
            let w = usize::from(self.widths[node]);
            for bucket in 0..usize::from(self.abstraction.count(n.street as usize)) {
                let at = self.offsets[node] + bucket * w;
                let sum: u32 = self
                    .probs
                    .get(at..at + w)
                    .map_or(0, |b| b.iter().map(|&x| u32::from(x)).sum());
                if sum != 255 {
                    return Err(StrategyError::Probabilities { node, bucket, sum });
                }
            }
        }
        Ok(())
    }

    /// Reads a strategy file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Strategy, StrategyError> {
        file::read(bytes)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        file::write(self)
    }

    /// The strategy of `kind` shipped with the crate, read once.
    pub fn shipped(kind: TreeKind) -> Result<&'static Strategy, StrategyError> {
        static LIMIT: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        static NO_LIMIT: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        let (cell, bytes) = match kind {
            TreeKind::Limit => (&LIMIT, SHIPPED_LIMIT),
            TreeKind::NoLimit => (&NO_LIMIT, SHIPPED_NO_LIMIT),
        };
        cell.get_or_init(|| {
            let s = Strategy::from_bytes(bytes)?;
            if s.tree.kind != kind {
                return Err(StrategyError::Mismatch {
                    what: "the game (1 Limit, 2 No-Limit)",
                    file: file::game_code(s.tree.kind).into(),
                    built: file::game_code(kind).into(),
                });
            }
            Ok(s)
        })
        .as_ref()
        .map_err(Clone::clone)
    }

    /// The card abstraction it was trained on.
    pub fn abstraction(&self) -> Abstraction {
        self.abstraction
    }

    /// Training iterations.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The training seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The betting tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The probabilities of the actions at decision `node` in `bucket`, by slot ([`tree::FOLD`]
    /// to [`tree::ALL_IN`]; 0 for actions not allowed).
    pub fn probabilities(&self, node: usize, bucket: u16) -> [f64; ACTIONS] {
        let mut out = [0.0; ACTIONS];
        let (Some(n), Some(&w)) = (self.tree.nodes.get(node), self.widths.get(node)) else {
            return out;
        };
        let w = usize::from(w);
        let bucket = usize::from(bucket.min(self.abstraction.count(n.street as usize) - 1));
        let at = self.offsets[node] + bucket * w;
        let mut k = 0;
        for (a, slot) in out.iter_mut().enumerate() {
            if n.allows(a) {
                *slot = f64::from(self.probs.get(at + k).copied().unwrap_or(0)) / 255.0;
                k += 1;
            }
        }
        out
    }
}

/// One betting step of the hand as the bot saw it (real chips).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A blind or an ante.
    Post {
        seat: usize,
        amount: Chips,
    },
    Fold {
        seat: usize,
    },
    CheckCall {
        seat: usize,
        amount: Chips,
    },
    Raise {
        seat: usize,
        to: Chips,
        all_in: bool,
    },
    RoundEnded,
}

/// Plays heads-up Limit and No-Limit Hold'em by CFR strategies ([`Strategy`]), drawing each
/// action from the strategy's probabilities for its bucket and betting line; elsewhere plays as
/// `expert` (see the module documentation).
pub struct CfrBot {
    limit: &'static Strategy,
    no_limit: &'static Strategy,
    rng: SplitMix64,
    /// The betting of this hand so far.
    steps: Vec<Step>,
    fallback: ExpertBot,
    /// Whether it re-solves the river ([`river`]).
    search: bool,
}

/// Which bet of the tree a real bet or raise stands for: `x` is its pot fraction (the raise
/// over the pot after calling), `sizes` the node's sizes as (slot, fraction), ascending. Between
/// two sizes A < B the pseudo-harmonic mapping gives A the probability
/// (B − x)(1 + A) / ((B − A)(1 + x)); the likelier one is taken.
fn translate(x: f64, sizes: &[(usize, f64)]) -> Option<usize> {
    let (&(first, a0), rest) = sizes.split_first()?;
    if x <= a0 {
        return Some(first);
    }
    let mut below = (first, a0);
    for &(slot, b) in rest {
        if x <= b {
            let (sa, a) = below;
            let pa = (b - x) * (1.0 + a) / ((b - a) * (1.0 + x));
            return Some(if pa >= 0.5 { sa } else { slot });
        }
        below = (slot, b);
    }
    Some(below.0)
}

impl CfrBot {
    /// A CFR bot for `seat` playing `limit` in Limit and `no_limit` in No-Limit, seeded with
    /// `seed`.
    pub fn new(
        limit: &'static Strategy,
        no_limit: &'static Strategy,
        seat: usize,
        seed: u64,
    ) -> CfrBot {
        CfrBot {
            limit,
            no_limit,
            rng: SplitMix64::new(seed),
            steps: Vec::new(),
            fallback: ExpertBot::new(ExpertLevel::Normal, seat, seed),
            search: true,
        }
    }

    /// This bot without the river search: the trained strategy alone (the `cfr:blueprint`
    /// level, to measure what the search adds).
    pub fn without_search(mut self) -> CfrBot {
        self.search = false;
        self
    }

    /// The strategy for `view`'s game, when there is one.
    fn strategy(&self, view: &HandView) -> Option<&'static Strategy> {
        if view.stacks.len() != 2 {
            return None;
        }
        match view.rules.structure {
            Structure::FixedLimit => Some(self.limit),
            Structure::NoLimit => Some(self.no_limit),
            Structure::PotLimit => None,
        }
    }

    /// The decision of `strategy`'s tree the hand is at, when the betting line is in the tree,
    /// with the tree's (node, action) steps that led there: every step of the hand is walked
    /// down the tree, bets and raises mapped to the tree's sizes by their pot fractions.
    ///
    /// A round that leaves the tree (a call the tree takes for a call of all-in, a raise past
    /// the tree's last size) is off it until the round ends; the next street re-enters the tree
    /// at that street's first decision where each player has put in the nearest amount in big
    /// blinds ([`Tree::street_start_nearest`]), as if the hand had come that way.
    fn line(&self, strategy: &Strategy, view: &HandView) -> Option<(usize, Vec<(usize, usize)>)> {
        let player = |seat: usize| usize::from(seat != view.button);
        let mut line = Vec::new();
        let tree = strategy.tree();
        let mut at = 0usize;
        // Real chips each player has put in, in all and before this round.
        let mut put = [0 as Chips; 2];
        let mut before = [0 as Chips; 2];
        let mut street = 0u8;
        // Whether this round has left the tree.
        let mut lost = false;
        for &step in &self.steps {
            let (seat, action) = match step {
                Step::Post { seat, amount } => {
                    put[player(seat)] += amount;
                    continue;
                }
                Step::RoundEnded => {
                    before = put;
                    street += 1;
                    if lost {
                        // The real amounts in the tree's chips.
                        let scale = tree.kind.per_big_blind() / view.min_bet.max(1) as f64;
                        at =
                            tree.street_start_nearest(street, put[0].max(put[1]) as f64 * scale)?;
                        line = tree.path_to(at);
                        lost = false;
                    }
                    continue;
                }
                Step::Fold { seat } => (seat, FOLD),
                Step::CheckCall { seat, amount } => {
                    put[player(seat)] += amount;
                    (seat, CALL)
                }
                Step::Raise { seat, to, all_in } => {
                    let p = player(seat);
                    let high = put[0].max(put[1]);
                    put[p] = before[p] + to;
                    if lost {
                        continue;
                    }
                    let slot = tree
                        .nodes
                        .get(at)
                        .and_then(|n| raise_slot(tree, n, high, put[p], all_in));
                    match slot {
                        Some(slot) => (seat, slot),
                        None => {
                            lost = true;
                            continue;
                        }
                    }
                }
            };
            if lost {
                continue;
            }
            let n = tree.nodes.get(at)?;
            if usize::from(n.player) != player(seat) {
                lost = true;
                continue;
            }
            line.push((at, action));
            match n.children.get(action).copied().flatten() {
                Some(Child::Node(i)) => at = i as usize,
                _ => lost = true,
            }
        }
        if lost {
            return None;
        }
        let n = tree.nodes.get(at)?;
        let legal = view.legal?;
        let street = match view.street {
            Street::Preflop => 0,
            Street::Flop => 1,
            Street::Turn => 2,
            Street::River => 3,
        };
        (usize::from(n.player) == player(legal.seat) && n.street == street).then_some((at, line))
    }

    /// The strategy's probabilities at `view`, as (decision, probability), when it applies;
    /// `Err(())` for a line off the tree (check or call).
    /// A river search stops at `deadline`, if any.
    fn decisions(
        &self,
        view: &HandView,
        deadline: Option<Instant>,
    ) -> Option<Result<Vec<(Decision, f64)>, ()>> {
        let strategy = self.strategy(view)?;
        let legal = view.legal?;
        let Some((node, line)) = self.line(strategy, view) else {
            return Some(Err(()));
        };
        // The seat's cards, the pot and the price, read once.
        let Some(spot) = Spot::read(view) else {
            return Some(Err(()));
        };
        let p = match self.river_search(strategy, node, &line, view, deadline) {
            Some(p) => p,
            None => {
                let bucket = strategy.abstraction.bucket(spot.hole, &spot.board);
                strategy.probabilities(node, bucket)
            }
        };
        let raise = |slot: usize| -> Chips {
            let Some(r) = legal.raise else { return 0 };
            match strategy.tree().kind {
                TreeKind::Limit => r.min_to,
                TreeKind::NoLimit if slot == ALL_IN => r.max_to,
                TreeKind::NoLimit => NL_FRACTIONS
                    .iter()
                    .find(|(s, _)| *s == slot)
                    .map_or(r.max_to, |&(_, f)| spot.pot_fraction_to(f)),
            }
        };
        let mut out = vec![(Decision::Fold, p[FOLD]), (Decision::CheckCall, p[CALL])];
        for (slot, &q) in p.iter().enumerate().skip(RAISE) {
            if q > 0.0 {
                out.push((Decision::RaiseTo(raise(slot)), q));
            }
        }
        Some(Ok(out))
    }
}

impl CfrBot {
    /// Heads-up on the river: the probabilities of the river re-solved ([`river`]) at
    /// tree node `node`, reached by `line`, for the seat's cards; the solve stops at
    /// `deadline`, if any.
    fn river_search(
        &self,
        strategy: &'static Strategy,
        node: usize,
        line: &[(usize, usize)],
        view: &HandView,
        deadline: Option<Instant>,
    ) -> Option<[f64; ACTIONS]> {
        if !self.search || view.board.len() != 5 {
            return None;
        }
        let tree = strategy.tree();
        let river = |&&(n, _): &&(usize, usize)| tree.nodes.get(n).is_some_and(|x| x.street == 3);
        let root = line.iter().find(river).map_or(node, |&(n, _)| n);
        let before: Vec<(usize, usize)> = line.iter().filter(|s| !river(s)).copied().collect();
        let solution = river::solve(strategy, root, &view.board, &before, deadline)?;
        let hole = view.hole[view.legal?.seat];
        solution.probabilities(node, [hole[0]?, hole[1]?])
    }
}

/// The tree's slot for a real bet or raise from `high` (the larger real contribution before
/// it) to `to` (the raiser's real contribution after it), at node `n`.
fn raise_slot(tree: &Tree, n: &Node, high: Chips, to: Chips, all_in: bool) -> Option<usize> {
    if tree.kind == TreeKind::Limit {
        return n.allows(RAISE).then_some(RAISE);
    }
    if all_in && n.allows(ALL_IN) {
        return Some(ALL_IN);
    }
    let tree_high = f64::from(n.contrib[0].max(n.contrib[1]));
    let mut sizes: Vec<(usize, f64)> = (RAISE..ACTIONS)
        .filter(|&s| n.allows(s))
        .filter_map(|s| {
            let t = tree.raise_target(n, s)?;
            Some((s, (f64::from(t) - tree_high) / (2.0 * tree_high)))
        })
        .collect();
    sizes.sort_by(|a, b| a.1.total_cmp(&b.1));
    let x = (to.saturating_sub(high)) as f64 / (2.0 * high.max(1) as f64);
    translate(x, &sizes)
}

impl Bot<Holdem> for CfrBot {
    fn name(&self) -> &str {
        "cfr"
    }

    fn observe(&mut self, event: &Event) {
        self.fallback.observe(event);
        let step = match *event {
            Event::BlindPosted { seat, amount }
            | Event::Bet(BetEvent::AntePosted { seat, amount }) => {
                Some(Step::Post { seat, amount })
            }
            Event::Bet(BetEvent::Folded { seat, .. }) => Some(Step::Fold { seat }),
            Event::Bet(BetEvent::Checked { seat }) => Some(Step::CheckCall { seat, amount: 0 }),
            Event::Bet(BetEvent::Called { seat, amount, .. }) => {
                Some(Step::CheckCall { seat, amount })
            }
            Event::Bet(BetEvent::BetOrRaised { seat, to, all_in }) => {
                Some(Step::Raise { seat, to, all_in })
            }
            Event::RoundEnded { .. } => Some(Step::RoundEnded),
            _ => None,
        };
        if let Some(step) = step {
            self.steps.push(step);
        }
    }

    fn act(&mut self, view: &HandView, legal: &[Action], budget: Budget) -> Action {
        let Some(l) = view.legal else {
            return legal[0];
        };
        // The river search stops at 90 % of a limited budget (the rest is for the answer).
        let deadline = budget.time.map(|t| Instant::now() + t.mul_f64(0.9));
        match self.decisions(view, deadline) {
            None => self.fallback.act(view, legal, budget),
            Some(Err(())) => Decision::CheckCall.to_action(&l),
            Some(Ok(choices)) => {
                let mut x = self.rng.unit();
                let mut pick = Decision::CheckCall;
                for (d, p) in choices {
                    if p <= 0.0 {
                        continue;
                    }
                    pick = d;
                    if x < p {
                        break;
                    }
                    x -= p;
                }
                pick.to_action(&l)
            }
        }
    }

    fn policy(&mut self, view: &HandView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        let l = view.legal?;
        match self.decisions(view, None) {
            None => self.fallback.policy(view, legal),
            Some(Err(())) => Some(vec![(Decision::CheckCall.to_action(&l), 1.0)]),
            Some(Ok(choices)) => {
                let mut out: Vec<(Action, f64)> = Vec::with_capacity(3);
                for (d, p) in choices {
                    if p <= 0.0 {
                        continue;
                    }
                    let a: Action = d.to_action(&l);
                    match out.iter_mut().find(|(b, _)| *b == a) {
                        Some(slot) => slot.1 += p,
                        None => out.push((a, p)),
                    }
                }
                Some(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::train::{train, TrainConfig};
    use super::*;

    fn tiny() -> Strategy {
        let config = TrainConfig {
            tree: TreeKind::Limit,
            iterations: 20_000,
            seed: 5,
            abstraction: Abstraction {
                buckets: [4, 4, 4],
                samples: 16,
                metric: buckets::Metric::RootMeanSquare,
            },
        };
        train(&config, &mut |_| {})
    }

    #[test]
    fn a_strategy_file_round_trips_and_corruption_is_named() {
        let s = tiny();
        let bytes = s.to_bytes();
        let back = Strategy::from_bytes(&bytes).expect("read back");
        assert_eq!(back.probs, s.probs);
        assert_eq!((back.iterations(), back.seed()), (20_000, 5));
        assert_eq!(back.abstraction(), s.abstraction());
        assert_eq!(back.abstraction().metric, buckets::Metric::RootMeanSquare);
        assert_eq!(
            bytes[11], 1,
            "the metric is the byte after the game's (0 in older files: E[HS])"
        );
        let mut v = bytes.clone();
        v[11] = 7;
        assert!(matches!(
            Strategy::from_bytes(&v),
            Err(StrategyError::Mismatch { file: 7, .. })
        ));
        assert_eq!(
            Strategy::from_bytes(b"hello").err(),
            Some(StrategyError::Magic)
        );
        let mut v = bytes.clone();
        v[8] = 9;
        assert!(matches!(
            Strategy::from_bytes(&v),
            Err(StrategyError::Version { found: 9, .. })
        ));
        let mut v = bytes.clone();
        let mid = v.len() / 2;
        v[mid] ^= 0x55;
        assert!(matches!(
            Strategy::from_bytes(&v),
            Err(StrategyError::Checksum { .. })
        ));
        assert!(matches!(
            Strategy::from_bytes(&bytes[..bytes.len() - 3]),
            Err(StrategyError::Truncated { .. })
        ));
    }

    #[test]
    fn training_is_reproducible_whatever_the_threads_and_learns_to_fold_seven_deuce_not_aces() {
        let a = tiny();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a pool");
        let b = one.install(tiny);
        assert_eq!(a.probs, b.probs);
        let cards = |s: &str| {
            let c = tavolo_cards::parse_cards(s).expect("cards");
            [c[0], c[1]]
        };
        let aces = buckets::preflop_class(cards("As Ah"));
        let trash = buckets::preflop_class(cards("7c 2d"));
        // The button's first decision: fold, call or raise facing the blind. (Whether aces
        // raise or slow-play after 20,000 iterations of a tiny abstraction depends on the seed;
        // that they never fold while seven-deuce does is learnt.)
        let pa = a.probabilities(0, aces);
        let pt = a.probabilities(0, trash);
        assert!(pt[FOLD] > pa[FOLD] + 0.1, "{pa:?} {pt:?}");
        assert!(pa[FOLD] < 0.05, "{pa:?}");
    }

    #[test]
    fn a_size_between_two_of_the_trees_maps_to_the_likelier_by_the_pseudo_harmonic_rule() {
        let sizes = [(RAISE, 0.5), (tree::POT, 1.0), (ALL_IN, 49.5)];
        assert_eq!(translate(0.3, &sizes), Some(RAISE));
        assert_eq!(translate(0.5, &sizes), Some(RAISE));
        // Between half the pot and the pot the two are equally likely at x = 5/7.
        assert_eq!(translate(0.70, &sizes), Some(RAISE));
        assert_eq!(translate(0.75, &sizes), Some(tree::POT));
        assert_eq!(translate(1.5, &sizes), Some(tree::POT));
        assert_eq!(translate(30.0, &sizes), Some(ALL_IN));
        assert_eq!(translate(60.0, &sizes), Some(ALL_IN));
        assert_eq!(translate(0.5, &[]), None);
    }

    #[test]
    fn a_strategy_of_one_game_is_not_read_as_the_other() {
        let config = TrainConfig {
            tree: TreeKind::NoLimit,
            iterations: 200,
            seed: 1,
            abstraction: Abstraction {
                buckets: [2, 2, 2],
                samples: 4,
                metric: buckets::Metric::Expected,
            },
        };
        let nl = train(&config, &mut |_| {});
        let back = Strategy::from_bytes(&nl.to_bytes()).expect("read back");
        assert_eq!(back.tree().kind, TreeKind::NoLimit);
        assert_eq!(back.probs, nl.probs);
        // The game byte names the tree; a Limit header on a No-Limit payload is refused.
        let mut v = nl.to_bytes();
        v[10] = 1;
        assert!(matches!(
            Strategy::from_bytes(&v),
            Err(StrategyError::Mismatch { .. })
        ));
        v[10] = 7;
        assert_eq!(
            Strategy::from_bytes(&v).err(),
            Some(StrategyError::Game { found: 7 })
        );
    }

    #[test]
    fn a_hand_that_leaves_the_tree_before_the_flop_re_enters_it_on_the_flop() {
        use tavolo_engine::game::{seed_from_u64, Game, Played, Viewer};
        use tavolo_engine::holdem::Structure;

        use crate::holdem::HoldemOptions;

        let setup = HoldemOptions::new(2, Structure::NoLimit)
            .setup()
            .expect("setup");
        let mut state = Played::<Holdem>::deal(setup, seed_from_u64(11)).expect("deal");
        // The big blind (seat 1, not the button) is the bot.
        let shipped = |k| Strategy::shipped(k).expect("the shipped strategy");
        let mut bot = CfrBot::new(shipped(TreeKind::Limit), shipped(TreeKind::NoLimit), 1, 7)
            .without_search();
        // Six minimum raises before the flop: more than the tree has sizes for, so the last
        // ones read as all-in, and the call of one is a showdown in the tree but not at the
        // table.
        let mut actions: Vec<Action> = (0..6u32)
            .map(|i| Action::BetOrRaiseTo {
                seat: (i % 2) as usize,
                to: Chips::from(200 + 100 * i),
            })
            .collect();
        actions.push(Action::Call { seat: 0 });
        for a in actions {
            state.apply(a).expect("a legal action");
        }
        for e in state.events() {
            if let Some(e) = Holdem::censor(e, Viewer::Seat(1)) {
                bot.observe(&e);
            }
        }
        let view = state.game.view(Some(1));
        assert_eq!(view.street, Street::Flop);
        let strategy = bot.strategy(&view).expect("heads-up No-Limit");
        let (node, line) = bot.line(strategy, &view).expect("back on the tree");
        let tree = strategy.tree();
        let n = tree.nodes[node];
        // The flop's first decision whose pot is nearest the real 7 big blinds each.
        assert_eq!((n.street, n.player, n.bets), (1, 1, 0));
        assert_eq!(Some(node), tree.street_start_nearest(1, 700.0));
        assert_eq!(line, tree.path_to(node));
        assert!(matches!(bot.decisions(&view, None), Some(Ok(_))));
    }

    #[test]
    fn the_shipped_strategy_loads() {
        for kind in [TreeKind::Limit, TreeKind::NoLimit] {
            let s = Strategy::shipped(kind).expect("the shipped strategy");
            assert!(s.iterations() > 0);
            assert_eq!(s.tree().kind, kind);
        }
    }
}
