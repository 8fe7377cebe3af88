//! The `cfr` bot: heads-up Limit Hold'em by a strategy computed with counterfactual regret
//! minimisation on an abstraction of the game, shipped with the crate.
//!
//! - **Abstraction** ([`buckets`]): the 169 starting-hand classes before the flop, then hand
//!   strength against a random hand cut into 50 buckets a street; the whole betting tree of
//!   heads-up Limit with at most four bets a round ([`tree`]).
//! - **Training** ([`train`]): external-sampling MCCFR with regret matching⁺ and a linearly
//!   weighted average; `tavolo train holdem --structure limit --iterations N --seed S --out
//!   FILE` reproduces a strategy.
//! - **The file** ([`file`]): the average strategy, one byte per action, about 0.8 MB;
//!   `crates/bots/data/holdem-limit-cfr.bin` is compiled into the crate and read on first use.
//!
//! **Where it does not apply** — No-Limit, Pot-Limit, more than two players — the bot plays as
//! `expert` (`expert:normal`), which it keeps informed of every event for that purpose. In
//! heads-up Limit it tracks the betting line from the events; a line the abstraction does not
//! have (a raise beyond the fourth bet, which the engine allows heads-up) makes it check or call
//! for the rest of the hand.

pub mod buckets;
pub mod file;
pub mod train;
pub mod tree;

use std::sync::OnceLock;

use tavolo_engine::betting::BetEvent;
use tavolo_engine::holdem::{Action, Event, HandView, Street, Structure};

use self::buckets::Abstraction;
use self::file::StrategyError;
use self::tree::{Child, Tree, CALL, FOLD, RAISE};
use super::expert::{ExpertBot, ExpertLevel};
use super::strength::SimRng;
use super::Holdem;
use crate::betting::Decision;
use crate::bot::{Bot, Budget};

/// The shipped heads-up Limit strategy (see [`file`] for the format).
const SHIPPED: &[u8] = include_bytes!("../../../data/holdem-limit-cfr.bin");

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
        abstraction: Abstraction,
        iterations: u64,
        seed: u64,
        probs: Vec<u8>,
    ) -> Strategy {
        let tree = Tree::limit();
        let mut offsets = Vec::with_capacity(tree.nodes.len());
        let mut widths = Vec::with_capacity(tree.nodes.len());
        let mut at = 0;
        for n in &tree.nodes {
            let w = (0..3).filter(|&a| n.allows(a)).count();
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

    /// The strategy shipped with the crate, read once.
    pub fn shipped() -> Result<&'static Strategy, StrategyError> {
        static SHIPPED_STRATEGY: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        SHIPPED_STRATEGY
            .get_or_init(|| Strategy::from_bytes(SHIPPED))
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

    /// The probabilities of fold, check/call and bet/raise at decision `node` in `bucket` (0
    /// for actions not allowed).
    pub fn probabilities(&self, node: usize, bucket: u16) -> [f64; 3] {
        let mut out = [0.0; 3];
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

/// Plays heads-up Limit Hold'em by a CFR strategy ([`Strategy`]), drawing each action from
/// the strategy's probabilities for its bucket and betting line; elsewhere plays as `expert`
/// (see the module documentation).
pub struct CfrBot {
    strategy: &'static Strategy,
    rng: SimRng,
    /// The betting actions of this hand so far: seat and abstract action.
    line: Vec<(usize, usize)>,
    fallback: ExpertBot,
}

impl CfrBot {
    /// A CFR bot for `seat` playing `strategy`, seeded with `seed`.
    pub fn new(strategy: &'static Strategy, seat: usize, seed: u64) -> CfrBot {
        CfrBot {
            strategy,
            rng: SimRng::new(seed),
            line: Vec::new(),
            fallback: ExpertBot::new(ExpertLevel::Normal, seat, seed),
        }
    }

    /// The decision of the tree the hand is at, when the strategy applies to `view` and the
    /// betting line is in the tree.
    fn node(&self, view: &HandView) -> Option<usize> {
        if view.rules.structure != Structure::FixedLimit || view.stacks.len() != 2 {
            return None;
        }
        let player = |seat: usize| usize::from(seat != view.button);
        let tree = self.strategy.tree();
        let mut at = 0usize;
        for &(seat, action) in &self.line {
            let n = tree.nodes.get(at)?;
            if usize::from(n.player) != player(seat) {
                return None;
            }
            match n.children.get(action).copied().flatten()? {
                Child::Node(i) => at = i as usize,
                _ => return None,
            }
        }
        let n = tree.nodes.get(at)?;
        let legal = view.legal?;
        let street = match view.street {
            Street::Preflop => 0,
            Street::Flop => 1,
            Street::Turn => 2,
            Street::River => 3,
        };
        (usize::from(n.player) == player(legal.seat) && n.street == street).then_some(at)
    }

    /// The strategy's probabilities at `view`, as (decision, probability), when it applies;
    /// `Err(())` for a line off the tree (check or call).
    fn decisions(&self, view: &HandView) -> Option<Result<Vec<(Decision, f64)>, ()>> {
        if view.rules.structure != Structure::FixedLimit || view.stacks.len() != 2 {
            return None;
        }
        let legal = view.legal?;
        let Some(node) = self.node(view) else {
            return Some(Err(()));
        };
        let [Some(a), Some(b)] = *view.hole.get(legal.seat)? else {
            return Some(Err(()));
        };
        let bucket = self.strategy.abstraction.bucket([a, b], &view.board);
        let p = self.strategy.probabilities(node, bucket);
        let raise_to = legal.raise.map_or(0, |r| r.min_to);
        Some(Ok(vec![
            (Decision::Fold, p[FOLD]),
            (Decision::CheckCall, p[CALL]),
            (Decision::RaiseTo(raise_to), p[RAISE]),
        ]))
    }
}

impl Bot<Holdem> for CfrBot {
    fn name(&self) -> &str {
        "cfr"
    }

    fn observe(&mut self, event: &Event) {
        self.fallback.observe(event);
        let step = match *event {
            Event::Bet(BetEvent::Folded { seat, .. }) => Some((seat, FOLD)),
            Event::Bet(BetEvent::Checked { seat }) | Event::Bet(BetEvent::Called { seat, .. }) => {
                Some((seat, CALL))
            }
            Event::Bet(BetEvent::BetOrRaised { seat, .. }) => Some((seat, RAISE)),
            _ => None,
        };
        if let Some(step) = step {
            self.line.push(step);
        }
    }

    fn act(&mut self, view: &HandView, legal: &[Action], budget: Budget) -> Action {
        let Some(l) = view.legal else {
            return legal[0];
        };
        match self.decisions(view) {
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
        match self.decisions(view) {
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
            iterations: 20_000,
            seed: 5,
            abstraction: Abstraction {
                buckets: [4, 4, 4],
                samples: 16,
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
    fn training_is_reproducible_and_learns_to_raise_aces_more_than_seven_deuce() {
        let a = tiny();
        let b = tiny();
        assert_eq!(a.probs, b.probs);
        let cards = |s: &str| {
            let c = tavolo_cards::parse_cards(s).expect("cards");
            [c[0], c[1]]
        };
        let aces = buckets::preflop_class(cards("As Ah"));
        let trash = buckets::preflop_class(cards("7c 2d"));
        // The button's first decision: fold, call or raise facing the blind.
        let pa = a.probabilities(0, aces);
        let pt = a.probabilities(0, trash);
        assert!(pa[RAISE] > pt[RAISE], "{pa:?} {pt:?}");
        assert!(pt[FOLD] > pa[FOLD], "{pa:?} {pt:?}");
    }

    #[test]
    fn the_shipped_strategy_loads() {
        let s = Strategy::shipped().expect("the shipped strategy");
        assert!(s.iterations() > 0);
    }
}
