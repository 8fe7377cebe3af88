//! The `cfr` Draw bot, the `strong` level heads-up: a strategy computed by counterfactual
//! regret minimisation on an abstraction of heads-up Five-Card Draw (German rules), shipped with
//! the crate (`crates/bots/data/draw-cfr.bin`).
//!
//! - **The game tree** ([`tree`]): both betting rounds with bets of the minimum, the pot and
//!   all-in (there is no check), and the exchange as a number of cards, 0 to 3.
//! - **The cards** ([`cards`]): classes of what the hand holds before the exchange, the cards
//!   laid down for each number, buckets of the hand's strength after it.
//! - **Training** ([`train`]): external-sampling MCCFR, `tavolo train draw --iterations N
//!   --seed S --out FILE`.
//!
//! **Playing**, the bot follows the hand down the tree: a real bet or raise is read as the
//! tree's size nearest by its pot fraction (the pseudo-harmonic mapping of the Hold'em bot,
//! [`crate::holdem::cfr`]), an exchange by its count. Its own bets are the tree's sizes of the
//! real pot. Where the tree does not reach — more than two players, a line the tree does not
//! have (a fourth raise short of all-in, a check where a table allows them) — it plays as
//! `expert` for the rest of the hand, which it keeps informed for that purpose.

pub mod cards;
pub mod file;
pub mod train;
pub mod tree;

use std::sync::OnceLock;

use tavolo_cards::{CardSet, SplitMix64};
use tavolo_engine::betting::BetEvent;
use tavolo_engine::draw::{Action, DrawView, Event, ToAct};
use tavolo_engine::game::Game;
use tavolo_engine::Chips;

use self::cards::{bucket, class, discard_for, BUCKETS, CLASSES};
use self::tree::{Child, Kind, Node, Tree, ACTIONS, ALL_IN, CALL, FOLD, MIN, POT};
use super::expert::{ExpertBot, DEFAULT_SAMPLES};
use super::simple::DrawSpot;
use super::Draw;
use crate::betting::Decision;
use crate::bot::{Bot, Budget};
use crate::cfr::{add_choice, translate, Layout, Raised};
use crate::error::StrategyError;

/// The shipped strategy file, compiled in (the command that made it is in docs/bots.md).
const SHIPPED: &[u8] = include_bytes!("../../../data/draw-cfr.bin");

/// A strategy of the abstract game: per decision and bucket, the probability of each allowed
/// slot, as bytes summing to 255.
#[derive(Clone, Debug)]
pub struct Strategy {
    tree: Tree,
    iterations: u64,
    seed: u64,
    probs: Vec<u8>,
    /// Where each decision's block starts in `probs`, and its allowed slots.
    layout: Layout,
}

impl Strategy {
    /// The table of `tree`: the classes before the exchange, the buckets after (a strategy's,
    /// and the training's regrets).
    pub(crate) fn layout(tree: &Tree) -> Layout {
        Layout::new(
            tree.nodes
                .iter()
                .map(|n| (n.children, Strategy::buckets(n))),
        )
    }

    /// The buckets of a decision: the classes before the exchange, the buckets after.
    pub(crate) fn buckets(n: &Node) -> u16 {
        if n.before_exchange() {
            CLASSES
        } else {
            BUCKETS
        }
    }

    pub(crate) fn from_parts(iterations: u64, seed: u64, probs: Vec<u8>) -> Strategy {
        let tree = Tree::new();
        let layout = Strategy::layout(&tree);
        Strategy {
            tree,
            iterations,
            seed,
            probs,
            layout,
        }
    }

    /// Checks the payload's size and that every bucket's probabilities sum to 255.
    fn check(&self) -> Result<(), StrategyError> {
        let (file, built) = (self.probs.len() as u64, self.layout.size() as u64);
        StrategyError::unless_same("the payload's length", file, built)?;
        self.layout.check(&self.probs)
    }

    /// Reads a strategy file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Strategy, StrategyError> {
        file::read(bytes)
    }

    /// The strategy as a file (the format of [`mod@file`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        file::write(self)
    }

    /// The strategy shipped with the crate, read once.
    pub fn shipped() -> Result<&'static Strategy, StrategyError> {
        static CELL: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        CELL.get_or_init(|| Strategy::from_bytes(SHIPPED))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The iterations it was trained for (each one deal, walked once for each player).
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The probability of each slot at decision `node` in `bucket` (0 for slots not allowed).
    pub fn probabilities(&self, node: usize, bucket: u16) -> [f64; ACTIONS] {
        self.layout.probabilities(&self.probs, node, bucket)
    }
}

/// One step of the hand as the bot saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Ante { amount: Chips },
    Fold,
    Check,
    Call { seat: usize, amount: Chips },
    Raise(Raised),
    Exchange { count: u8 },
    RoundEnded,
}

/// Plays heads-up Draw by the shipped strategy (see the module doc).
pub struct CfrBot {
    strategy: &'static Strategy,
    rng: SplitMix64,
    steps: Vec<Step>,
    fallback: ExpertBot,
}

impl CfrBot {
    /// A bot playing `strategy`, seeded with `seed`.
    pub fn new(strategy: &'static Strategy, seed: u64) -> CfrBot {
        CfrBot {
            strategy,
            rng: SplitMix64::new(seed),
            steps: Vec::new(),
            fallback: ExpertBot::new("expert".into(), DEFAULT_SAMPLES, seed),
        }
    }

    /// The decision of the tree the hand is at (`None` off the tree or not heads-up).
    fn node(&self, view: &DrawView) -> Option<usize> {
        if view.stacks.len() != 2 {
            return None;
        }
        let tree = &self.strategy.tree;
        let player = |seat: usize| usize::from(seat != view.cutter);
        // Real chips: the pot and this round's bets.
        let (mut pot, mut bets) = (Chips::ZERO, [Chips::ZERO; 2]);
        let mut at = 0usize;
        for &step in &self.steps {
            let slot = match step {
                Step::Ante { amount } => {
                    pot += amount;
                    continue;
                }
                Step::RoundEnded => {
                    bets = [Chips::ZERO, Chips::ZERO];
                    continue;
                }
                Step::Check => return None,
                Step::Fold => return None,
                Step::Call { seat, amount } => {
                    bets[player(seat)] += amount;
                    pot += amount;
                    CALL
                }
                Step::Exchange { count } => usize::from(count),
                Step::Raise(Raised { seat, to, all_in }) => {
                    let p = player(seat);
                    let high = bets[0].max(bets[1]);
                    let owed = high - bets[p];
                    let n = tree.nodes.get(at)?;
                    let slot = raise_slot(
                        n,
                        to.minus_at_most(high).to_f64() / (pot + owed).max(Chips::new(1)).to_f64(),
                        all_in,
                    )?;
                    pot += to - bets[p];
                    bets[p] = to;
                    slot
                }
            };
            let n = tree.nodes.get(at)?;
            match n.children.get(slot).copied().flatten()? {
                Child::Node(i) => at = i as usize,
                _ => return None,
            }
        }
        let n = tree.nodes.get(at)?;
        let seat = match view.legal? {
            ToAct::Bet(l) => l.seat,
            ToAct::Exchange { seat, .. } => seat,
            _ => return None,
        };
        (usize::from(n.player) == player(seat)).then_some(at)
    }

    /// The bot's choices at `view` with their probabilities, when the tree applies.
    fn choices(&self, view: &DrawView, hand: CardSet) -> Option<Vec<(Action, f64)>> {
        let node = self.node(view)?;
        let n = self.strategy.tree.nodes[node];
        let b = if n.before_exchange() {
            class(hand)
        } else {
            bucket(hand)
        };
        let p = self.strategy.probabilities(node, b);
        let mut out: Vec<(Action, f64)> = Vec::new();
        let mut push = |a: Action, q: f64| add_choice(&mut out, a, q);
        match (n.kind, view.legal?) {
            (Kind::Exchange, ToAct::Exchange { seat, max, .. }) => {
                for (count, &q) in p.iter().enumerate().take(4) {
                    let count = count.min(usize::from(max));
                    push(
                        Action::Exchange {
                            seat,
                            discard: discard_for(hand, count),
                        },
                        q,
                    );
                }
            }
            (Kind::Bet(_), ToAct::Bet(l)) => {
                let spot = DrawSpot::read(view)?;
                for (slot, &q) in p.iter().enumerate() {
                    let d = match slot {
                        FOLD => Decision::Fold,
                        CALL => Decision::CheckCall,
                        MIN => Decision::RaiseTo(l.raise.map_or(Chips::ZERO, |r| r.min_to)),
                        POT => Decision::RaiseTo(spot.pot_fraction_to(1.0)),
                        _ => Decision::RaiseTo(l.raise.map_or(Chips::ZERO, |r| r.max_to)),
                    };
                    push(d.to_action(&l), q);
                }
            }
            _ => return None,
        }
        Some(out)
    }
}

/// The tree's slot for a real bet or raise of pot fraction `x` (the increment over the pot
/// after calling) at node `n`.
fn raise_slot(n: &Node, x: f64, all_in: bool) -> Option<usize> {
    if all_in && n.allows(ALL_IN) {
        return Some(ALL_IN);
    }
    let p = usize::from(n.player);
    let high = n.bets[0].max(n.bets[1]);
    let after_call = f64::from(n.contrib[0] + n.contrib[1] + high - n.bets[p]);
    let sizes = [MIN, POT, ALL_IN]
        .into_iter()
        .filter(|&s| n.allows(s))
        .filter_map(|s| Some((s, f64::from(n.raise_to(s)? - high) / after_call)));
    translate(x, sizes)
}

/// The step of the hand an event is, for the bot's place in its tree.
fn step(event: &Event) -> Option<Step> {
    match *event {
        Event::Bet(BetEvent::AntePosted { amount, .. }) => Some(Step::Ante { amount }),
        Event::CarriedIn { amount } => Some(Step::Ante { amount }),
        Event::Bet(BetEvent::Folded { .. }) => Some(Step::Fold),
        Event::Bet(BetEvent::Checked { .. }) => Some(Step::Check),
        Event::Bet(BetEvent::Called { seat, amount, .. }) => Some(Step::Call { seat, amount }),
        Event::Bet(BetEvent::BetOrRaised { seat, to, all_in }) => {
            Some(Step::Raise(Raised { seat, to, all_in }))
        }
        Event::Exchanged { count, .. } => Some(Step::Exchange { count }),
        Event::RoundEnded { .. } => Some(Step::RoundEnded),
        _ => None,
    }
}

impl Bot<Draw> for CfrBot {
    crate::cfr::cfr_bot_observes!();

    fn act(&mut self, view: &DrawView, legal: &[Action], budget: Budget) -> Action {
        let hand: CardSet = view.hand.iter().copied().collect();
        let Some(choices) = self.choices(view, hand) else {
            return self.fallback.act(view, legal, budget);
        };
        let mut x = self.rng.unit();
        for &(a, p) in &choices {
            if x < p && Draw::allows(legal, &a) {
                return a;
            }
            x -= p;
        }
        choices
            .iter()
            .rev()
            .map(|&(a, _)| a)
            .find(|a| Draw::allows(legal, a))
            .unwrap_or_else(|| self.fallback.act(view, legal, budget))
    }

    fn policy(&mut self, view: &DrawView, legal: &[Action]) -> Option<Vec<(Action, f64)>> {
        let hand: CardSet = view.hand.iter().copied().collect();
        match self.choices(view, hand) {
            Some(c) => Some(c),
            None => self.fallback.policy(view, legal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trained_strategy_round_trips_through_its_file_and_a_corrupt_one_is_refused() {
        let s = train::train(2_000, 3, &mut |_| {});
        let bytes = s.to_bytes();
        let back = Strategy::from_bytes(&bytes).expect("read back");
        assert_eq!(back.probs, s.probs);
        assert_eq!(back.iterations(), 2_000);
        let mut v = bytes.clone();
        v[10] = 1;
        assert!(matches!(
            Strategy::from_bytes(&v),
            Err(StrategyError::Game { found: 1 })
        ));
        crate::holdem::cfr::file::assert_corruption_refused(&bytes, 0x21, 9, Strategy::from_bytes);
    }

    #[test]
    fn the_bot_follows_the_hand_down_the_tree_into_the_exchange_and_the_second_round() {
        use tavolo_engine::game::{seed_from_u64, Played, Viewer};

        use crate::draw::DrawOptions;

        let strategy = Strategy::shipped().expect("the shipped strategy");
        let setup = DrawOptions::new(2).setup().expect("setup");
        let mut state = Played::<Draw>::deal(setup, seed_from_u64(3)).expect("deal");
        let cutter = state.game.view(None).cutter;
        let dealer = 1 - cutter;
        // A fresh bot in the cutter's seat that has seen the hand so far, its view and its node.
        let cutter_bot = |state: &Played<Draw>| {
            let mut bot = CfrBot::new(strategy, 1);
            for e in state.events() {
                if let Some(e) = Draw::censor(e, Viewer::Seat(cutter)) {
                    bot.observe(&e);
                }
            }
            let view = state.game.view(Some(cutter));
            let node = bot.node(&view).expect("on the tree");
            (bot, view, node)
        };
        // The cutter opens for the minimum, the dealer calls: the cutter's exchange is next.
        state
            .apply(Action::BetOrRaiseTo {
                seat: cutter,
                to: Chips::new(10),
            })
            .expect("an opening");
        state.apply(Action::Call { seat: dealer }).expect("a call");
        let (mut bot, view, node) = cutter_bot(&state);
        assert_eq!(strategy.tree.nodes[node].kind, Kind::Exchange);
        let hand: CardSet = view.hand.iter().copied().collect();
        let policy = bot.choices(&view, hand).expect("a policy");
        let total: f64 = policy.iter().map(|p| p.1).sum();
        assert!((total - 1.0).abs() < 1e-9, "{policy:?}");
        for (a, _) in &policy {
            let Action::Exchange { discard, .. } = a else {
                panic!("{a:?}")
            };
            assert_eq!(*discard, discard_for(hand, discard.len() as usize));
        }
        // Both exchange; the second round opens at the tree's second-round root.
        let a = bot.act(&view, &state.game.legal(cutter), Budget::UNLIMITED);
        state.apply(a).expect("the cutter's exchange");
        state
            .apply(Action::Exchange {
                seat: dealer,
                discard: CardSet::EMPTY,
            })
            .expect("the dealer stands pat");
        let (_, _, node) = cutter_bot(&state);
        let n = strategy.tree.nodes[node];
        assert_eq!((n.kind, n.player, n.contrib), (Kind::Bet(1), 0, [2, 2]));
    }

    #[test]
    fn the_shipped_strategy_loads() {
        let s = Strategy::shipped().expect("the shipped strategy");
        assert!(s.iterations() > 0);
    }
}
