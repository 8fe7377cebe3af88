//! The betting trees of heads-up Hold'em as the CFR bot abstracts them.
//!
//! **Limit** ([`Tree::limit`]): every betting line with at most four bets a round (the blind
//! counting as the first before the flop). Amounts are in half big blinds (the small blind is 1,
//! the big blind and the small bet 2, the big bet 4). With 100 big blinds no line reaches an
//! all-in (at most 24 big blinds go in), so the stacks play no part. The engine allows unlimited
//! raises heads-up (RULES.md §2); the abstraction stops at four bets, the usual cap, and the bot
//! maps a raise beyond it to a call (see [`super::CfrBot`]).
//!
//! **No-Limit** ([`Tree::no_limit`]): 100 big blinds each, amounts in chips of a 100-chip big
//! blind (blinds 50/100, stacks 10,000). A bet or raise is half the pot or the pot (the pot
//! after calling, as in pot-limit), or all-in; a round after the flop has at most [`NL_RAISES`]
//! bets or raises short of all-in, and the round before it [`NL_PREFLOP_RAISES`] (the blind
//! counting as the first: the open, the 3-bet and the 4-bet are sized), after which only all-in
//! remains. A size that would put in the whole stack is all-in. A call of an all-in goes to the
//! showdown.
//!
//! Player 0 is the button: it posts the small blind, acts first before the flop and last after
//! it.

/// The abstract actions, in the order of every node's slots: fold.
pub const FOLD: usize = 0;
/// Check, or call.
pub const CALL: usize = 1;
/// Bet, or raise (Limit's one size; No-Limit's half pot).
pub const RAISE: usize = 2;
/// No-Limit: bet or raise the pot.
pub const POT: usize = 3;
/// No-Limit: all-in.
pub const ALL_IN: usize = 4;
/// Slots per node: fold, check or call, and three bet sizes (Limit uses one).
pub use crate::cfr::ACTIONS;

/// The most bets in one Limit round.
pub const CAP: u8 = 4;
/// The most bets or raises short of all-in in one No-Limit round after the flop.
pub const NL_RAISES: u8 = 3;
/// The most bets or raises short of all-in before the flop, the blind counting as the first:
/// the open, the 3-bet and the 4-bet have sizes, the fifth bet is all-in.
pub const NL_PREFLOP_RAISES: u8 = 4;
/// The most bets or raises short of all-in in a No-Limit round of `street` (0 before the flop).
pub const fn nl_raise_cap(street: u8) -> u8 {
    if street == 0 {
        NL_PREFLOP_RAISES
    } else {
        NL_RAISES
    }
}
/// No-Limit: chips in the big blind.
pub const NL_BIG_BLIND: u16 = 100;
/// No-Limit: each player's stack (100 big blinds).
pub const NL_STACK: u16 = 10_000;

/// The pot fraction of each No-Limit sizing slot (all-in has none).
pub const NL_FRACTIONS: [(usize, f64); 2] = [(RAISE, 0.5), (POT, 1.0)];

/// Which game a tree abstracts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TreeKind {
    /// Heads-up Limit Hold'em.
    Limit,
    /// Heads-up No-Limit Hold'em, 100 big blinds.
    NoLimit,
}

impl TreeKind {
    /// The tree's amounts per big blind.
    pub fn per_big_blind(self) -> f64 {
        match self {
            TreeKind::Limit => 2.0,
            TreeKind::NoLimit => f64::from(NL_BIG_BLIND),
        }
    }
}

/// Where an action leads (the edges both CFR bots' trees share).
pub use crate::cfr::Child;

/// A decision of the betting tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// 0 pre-flop to 3 river.
    pub street: u8,
    /// The player to act.
    pub player: u8,
    /// Bets so far this round.
    pub bets: u8,
    /// The chips each player has put in.
    pub contrib: [u16; 2],
    /// Each action's result, `None` where the action is not allowed.
    pub children: [Option<Child>; ACTIONS],
    /// The index of this node among the nodes of its street (its block in the street's table).
    pub slot: u32,
}

impl Node {
    /// Whether `action` is allowed.
    pub fn allows(&self, action: usize) -> bool {
        self.children.get(action).is_some_and(Option::is_some)
    }

    /// Which of the five slots are allowed.
    pub fn allowed(&self) -> [bool; ACTIONS] {
        std::array::from_fn(|a| self.allows(a))
    }

    /// How many actions are allowed.
    pub fn width(&self) -> usize {
        self.children.iter().filter(|c| c.is_some()).count()
    }
}

/// The whole betting tree; node 0 is the first decision before the flop.
#[derive(Clone, Debug)]
pub struct Tree {
    /// Heads-up Limit or No-Limit: what its amounts and sizes mean.
    pub kind: TreeKind,
    /// The decisions, each after its parent (node 0 first).
    pub nodes: Vec<Node>,
    /// Decisions on each street, pre-flop first (what a strategy file records to be checked).
    pub per_street: [u32; 4],
    /// Each node's parent decision and the action from it (`None` for node 0).
    parents: Vec<Option<(u32, u8)>>,
    /// Each street's first decisions short of all-in, by street.
    starts: [Vec<u32>; 4],
}

/// The Limit bet size on `street`, in half big blinds.
fn bet_size(street: u8) -> u16 {
    if street < 2 {
        2
    } else {
        4
    }
}

impl Tree {
    /// The tree of `kind`, its blinds posted (1 and 2 in Limit, half and all of the big blind in
    /// No-Limit).
    pub fn new(kind: TreeKind) -> Tree {
        let mut t = Tree {
            kind,
            nodes: Vec::new(),
            per_street: [0; 4],
            parents: Vec::new(),
            starts: Default::default(),
        };
        let blinds = match kind {
            TreeKind::Limit => [1, 2],
            TreeKind::NoLimit => [NL_BIG_BLIND / 2, NL_BIG_BLIND],
        };
        t.round(0, blinds, 0, 1, true);
        t.index_starts();
        t
    }

    /// Builds the Limit tree.
    pub fn limit() -> Tree {
        Tree::new(TreeKind::Limit)
    }

    /// Builds the No-Limit tree.
    pub fn no_limit() -> Tree {
        Tree::new(TreeKind::NoLimit)
    }

    /// The (decision, action) steps from node 0 down to `node`, in order; empty for node 0 or a
    /// node the tree does not have.
    pub fn path_to(&self, node: usize) -> Vec<(usize, usize)> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(&Some((parent, action))) = self.parents.get(at) {
            path.push((parent as usize, usize::from(action)));
            at = parent as usize;
        }
        path.reverse();
        path
    }

    /// The first decision of `street` whose players have each put in the amount nearest to
    /// `each` (in the tree's chips, by ratio), short of all-in: where a hand that left the tree
    /// re-enters it at the start of a street.
    pub fn street_start_nearest(&self, street: u8, each: f64) -> Option<usize> {
        let each = each.max(1.0);
        let distance = |&i: &u32| {
            self.nodes.get(i as usize).map_or(f64::INFINITY, |n| {
                (f64::from(n.contrib[0]) / each).ln().abs()
            })
        };
        self.starts
            .get(usize::from(street))?
            .iter()
            .min_by(|a, b| distance(a).total_cmp(&distance(b)))
            .map(|&i| i as usize)
    }

    /// Lists each street's first decisions short of all-in (their parent is on the street
    /// before), for [`Tree::street_start_nearest`].
    fn index_starts(&mut self) {
        let stack = match self.kind {
            TreeKind::Limit => u16::MAX,
            TreeKind::NoLimit => NL_STACK,
        };
        for (i, n) in self.nodes.iter().enumerate() {
            let after_street = self
                .parents
                .get(i)
                .copied()
                .flatten()
                .and_then(|(p, _)| self.nodes.get(p as usize))
                .is_some_and(|p| p.street + 1 == n.street);
            if after_street && n.contrib[0] == n.contrib[1] && n.contrib[0] < stack {
                self.starts[usize::from(n.street)].push(i as u32);
            }
        }
    }

    /// What a bet or raise in `slot` puts the player's total at, facing `contrib` (the largest
    /// contribution plus `fraction` of the pot after calling), when the tree has it.
    pub fn raise_target(&self, node: &Node, slot: usize) -> Option<u16> {
        let high = node.contrib[0].max(node.contrib[1]);
        match (self.kind, slot) {
            (TreeKind::Limit, RAISE) => Some(high + bet_size(node.street)),
            (TreeKind::Limit, _) => None,
            (TreeKind::NoLimit, ALL_IN) => Some(NL_STACK),
            (TreeKind::NoLimit, s) => {
                let (_, f) = NL_FRACTIONS.iter().find(|(x, _)| *x == s)?;
                let to = f64::from(high) + f * 2.0 * f64::from(high);
                Some(to.round().min(f64::from(NL_STACK)) as u16)
            }
        }
    }

    /// The raises `node` (on `street`, after `bets` bets this round) allows, as (slot, the
    /// raiser's contribution after it): Limit's one bet under the cap; No-Limit's sizes under
    /// the cap that fall short of the stack, then all-in.
    fn raise_targets(&self, node: &Node, street: u8, bets: u8) -> Vec<(usize, u16)> {
        let mut targets: Vec<(usize, u16)> = Vec::new();
        match self.kind {
            TreeKind::Limit => {
                if bets < CAP {
                    targets.extend(self.raise_target(node, RAISE).map(|t| (RAISE, t)));
                }
            }
            TreeKind::NoLimit => {
                if bets < nl_raise_cap(street) {
                    for (s, _) in NL_FRACTIONS {
                        if let Some(t) = self.raise_target(node, s) {
                            if t < NL_STACK && !targets.iter().any(|&(_, u)| u == t) {
                                targets.push((s, t));
                            }
                        }
                    }
                }
                targets.push((ALL_IN, NL_STACK));
            }
        }
        targets
    }

    /// The decision of `player` on `street` with `contrib` put in and `bets` bets this round;
    /// `first`: nobody has acted yet this round. Returns the node's index.
    fn round(&mut self, street: u8, contrib: [u16; 2], player: u8, bets: u8, first: bool) -> u32 {
        let id = self.nodes.len() as u32;
        let slot = self.per_street[street as usize];
        self.per_street[street as usize] += 1;
        let node = Node {
            street,
            player,
            bets,
            contrib,
            children: [None; ACTIONS],
            slot,
        };
        self.nodes.push(node);
        self.parents.push(None);
        let p = player as usize;
        let other = 1 - player;
        let facing = contrib[p] < contrib[1 - p];
        let mut children = [None; ACTIONS];
        if facing {
            children[FOLD] = Some(Child::Fold {
                folder: player,
                contrib,
            });
        }
        // Check or call.
        let mut called = contrib;
        called[p] = contrib[1 - p];
        let all_in = self.kind == TreeKind::NoLimit && called[p] >= NL_STACK;
        // A call or check closes the round, but for the first action of a round when it is a
        // check, or the small blind's call before the flop (the big blind has its option).
        let closes = !first || (facing && street != 0);
        children[CALL] = Some(if all_in {
            Child::Showdown { contrib: called }
        } else if closes {
            self.next_street(street, called)
        } else {
            Child::Node(self.round(street, called, other, bets, false))
        });
        if !all_in {
            let targets = self.raise_targets(&node, street, bets);
            for (s, to) in targets {
                let mut raised = contrib;
                raised[p] = to;
                children[s] = Some(Child::Node(self.round(
                    street,
                    raised,
                    other,
                    bets.saturating_add(1),
                    false,
                )));
            }
        }
        self.nodes[id as usize].children = children;
        for (action, child) in children.iter().enumerate() {
            if let Some(Child::Node(c)) = *child {
                if let Some(p) = self.parents.get_mut(c as usize) {
                    *p = Some((id, action as u8));
                }
            }
        }
        id
    }

    /// After a round closed with `contrib` put in: the next street's first decision, or the
    /// showdown after the river.
    fn next_street(&mut self, street: u8, contrib: [u16; 2]) -> Child {
        if street >= 3 {
            Child::Showdown { contrib }
        } else {
            Child::Node(self.round(street + 1, contrib, 1, 0, true))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_tree_has_the_known_shape() {
        let t = Tree::limit();
        // Before the flop: the button folds, calls or raises facing the blind.
        let root = t.nodes[0];
        assert_eq!((root.street, root.player, root.bets), (0, 0, 1));
        assert!(root.allows(FOLD) && root.allows(CALL) && root.allows(RAISE));
        assert!(!root.allows(POT) && !root.allows(ALL_IN));
        // After a limp the big blind may check (closing the round) or raise, not fold.
        let Some(Child::Node(bb)) = root.children[CALL] else {
            panic!("a limp leads to the big blind's option");
        };
        let bb = t.nodes[bb as usize];
        assert_eq!(bb.player, 1);
        assert!(!bb.allows(FOLD));
        // Every round has at most four bets, and no node is at five.
        assert!(t.nodes.iter().all(|n| n.bets <= CAP));
        assert!(t
            .nodes
            .iter()
            .filter(|n| n.bets == CAP)
            .all(|n| !n.allows(RAISE)));
        // Eight decisions before the flop: the button facing the blind, the big blind's option
        // after a limp, and three raises deep down either line.
        let total: u32 = t.per_street.iter().sum();
        assert_eq!(total as usize, t.nodes.len());
        assert_eq!(t.per_street, [8, 70, 630, 5_670]);
    }

    #[test]
    fn every_decision_is_reached_by_its_path_and_streets_are_entered_where_the_pot_is_nearest() {
        for t in [Tree::limit(), Tree::no_limit()] {
            for (i, n) in t.nodes.iter().enumerate() {
                let path = t.path_to(i);
                let mut at = 0usize;
                for &(node, action) in &path {
                    assert_eq!(node, at);
                    let Some(Child::Node(c)) = t.nodes[node].children[action] else {
                        panic!("a path goes through decisions");
                    };
                    at = c as usize;
                }
                assert_eq!(at, i, "{n:?}");
            }
            for street in 1..4u8 {
                let starts = &t.starts[usize::from(street)];
                assert!(!starts.is_empty());
                for &s in starts {
                    let n = t.nodes[s as usize];
                    assert_eq!((n.street, n.bets, n.player), (street, 0, 1));
                    // Asked for its own amount, the nearest start has that amount.
                    let found = t
                        .street_start_nearest(street, f64::from(n.contrib[0]))
                        .expect("a start");
                    assert_eq!(t.nodes[found].contrib, n.contrib);
                }
            }
            assert_eq!(
                t.street_start_nearest(0, 3.0),
                None,
                "no start before the flop"
            );
        }
        // No-Limit: one big blind each (a limp, checked) is the smallest pot on the flop.
        let t = Tree::no_limit();
        let limp = t.street_start_nearest(1, 90.0).expect("a start");
        assert_eq!(t.nodes[limp].contrib, [100, 100]);
    }

    #[test]
    fn the_no_limit_tree_sizes_bets_by_the_pot_and_ends_at_all_in() {
        let t = Tree::no_limit();
        let root = t.nodes[0];
        // The button facing the blind: fold, limp, raise to 2 or 3 big blinds, or all-in.
        assert_eq!(root.contrib, [50, 100]);
        assert_eq!(t.raise_target(&root, RAISE), Some(200));
        assert_eq!(t.raise_target(&root, POT), Some(300));
        assert!(root.allowed().iter().all(|&a| a));
        // Every all-in, once called, is a showdown; nobody ever puts in more than the stack.
        for n in &t.nodes {
            assert!(n.contrib.iter().all(|&c| c <= NL_STACK));
            if n.contrib.contains(&NL_STACK) {
                assert!(matches!(n.children[CALL], Some(Child::Showdown { .. })));
                assert!(!n.allows(RAISE) && !n.allows(POT) && !n.allows(ALL_IN));
            }
            // Short of all-in, no round has more sized bets than its cap.
            if n.bets >= nl_raise_cap(n.street) {
                assert!(!n.allows(RAISE) && !n.allows(POT));
            }
        }
        // A flop after a limp: half the pot is one big blind.
        let Some(Child::Node(bb)) = root.children[CALL] else {
            panic!("a limp leads to the big blind's option");
        };
        let Some(Child::Node(flop)) = t.nodes[bb as usize].children[CALL] else {
            panic!("the big blind's check closes the round");
        };
        let flop = t.nodes[flop as usize];
        assert_eq!((flop.street, flop.player, flop.contrib), (1, 1, [100, 100]));
        assert_eq!(t.raise_target(&flop, RAISE), Some(200));
        assert_eq!(t.raise_target(&flop, POT), Some(300));
        assert_eq!(t.per_street, [60, 1_028, 6_924, 28_980]);
        let total: u32 = t.per_street.iter().sum();
        assert_eq!(total as usize, t.nodes.len());
    }
}
