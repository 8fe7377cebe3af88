//! The game tree of heads-up Five-Card Draw as the CFR bot abstracts it (RULES.md §3: antes,
//! no check, bets of any size, one exchange of up to three cards).
//!
//! Amounts are in antes: each player antes 1 and has [`STACK`] in all. Player 0 is the cutter,
//! first to act in both betting rounds and in the exchange.
//!
//! - **A betting round**: the first to act opens or folds (there is no check); after a bet the
//!   other folds, calls or raises. A bet or raise is the minimum (one ante more), the pot (the
//!   pot after calling) or all-in; a round has at most [`CAP`] bets short of all-in, after which
//!   only all-in remains. A call ends the round.
//! - **The exchange**: the cutter, then the dealer, announce how many cards they change (0 to
//!   3; the cards are fixed by the card abstraction, `cards::discard_for`).
//! - A fold ends the hand; the second round's call, or a call of an all-in in either round
//!   (after the exchange), goes to the showdown.

/// Slots of a betting decision: fold.
pub const FOLD: usize = 0;
/// Call (no slot for an opening, where there is nothing to call).
pub const CALL: usize = 1;
/// Bet or raise by the minimum (one ante).
pub const MIN: usize = 2;
/// Bet or raise the pot.
pub const POT: usize = 3;
/// All-in.
pub const ALL_IN: usize = 4;
/// Slots a decision has (an exchange uses slots 0 to 3 for its count).
pub use crate::cfr::ACTIONS;

/// Each player's chips in antes, the ante included.
pub const STACK: u16 = 100;
/// Bets (the opening included) in one round short of all-in.
pub const CAP: u8 = 3;

/// What a decision decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A betting decision of round 0 (before the exchange) or 1.
    Bet(u8),
    /// How many cards to exchange.
    Exchange,
}

/// Where an action leads (the edges both CFR bots' trees share).
pub use crate::cfr::Child;

/// A decision of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// What it decides.
    pub kind: Kind,
    /// Who decides.
    pub player: u8,
    /// Chips in, per player, the ante included.
    pub contrib: [u16; 2],
    /// This round's bet in front of each player.
    pub bets: [u16; 2],
    /// Bets so far this round.
    pub raises: u8,
    /// Each slot's result, `None` where it is not allowed.
    pub children: [Option<Child>; ACTIONS],
}

impl Node {
    /// Whether slot `a` is allowed.
    pub fn allows(&self, a: usize) -> bool {
        self.children.get(a).is_some_and(Option::is_some)
    }

    /// How many slots are allowed.
    pub fn width(&self) -> usize {
        self.children.iter().filter(|c| c.is_some()).count()
    }

    /// Whether its buckets are the classes before the exchange (else the buckets after).
    pub fn before_exchange(&self) -> bool {
        !matches!(self.kind, Kind::Bet(1))
    }

    /// The amount ("to", this round) of a bet or raise in slot `a`, if allowed.
    pub fn raise_to(&self, a: usize) -> Option<u16> {
        let p = usize::from(self.player);
        let high = self.bets[0].max(self.bets[1]);
        let owed = high - self.bets[p];
        let pot = self.contrib[0] + self.contrib[1];
        let all_in = STACK - (self.contrib[p] - self.bets[p]);
        let to = match a {
            MIN => high + 1,
            POT => high + pot + owed,
            ALL_IN => all_in,
            _ => return None,
        };
        (to <= all_in).then_some(to)
    }
}

/// The whole tree; node 0 is the cutter's opening before the exchange.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The decisions, each after its parent (node 0 first).
    pub nodes: Vec<Node>,
}

impl Tree {
    /// Builds the tree: the same for every build of this code, which the strategy file checks.
    pub fn new() -> Tree {
        let mut t = Tree { nodes: Vec::new() };
        t.betting(0, [1, 1], [0, 0], 0, 0);
        t
    }

    /// Adds the decision of `player` in betting round `round` (bets `bets` this round, `raises`
    /// of them, `contrib` in all), with everything below it; returns its index.
    fn betting(
        &mut self,
        round: u8,
        contrib: [u16; 2],
        bets: [u16; 2],
        raises: u8,
        player: u8,
    ) -> u32 {
        let id = self.nodes.len() as u32;
        let mut node = Node {
            kind: Kind::Bet(round),
            player,
            contrib,
            bets,
            raises,
            children: [None; ACTIONS],
        };
        self.nodes.push(node);
        let p = usize::from(player);
        let o = 1 - p;
        let high = bets[0].max(bets[1]);
        node.children[FOLD] = Some(Child::Fold {
            folder: player,
            contrib,
        });
        if high > bets[p] {
            // A call: the round ends.
            let mut c = contrib;
            c[p] += high - bets[p];
            let all_in = c[p] >= STACK || c[o] >= STACK;
            node.children[CALL] = Some(if round == 1 {
                Child::Showdown { contrib: c }
            } else {
                Child::Node(self.exchange(c, 0, all_in))
            });
        }
        let all_in_now = contrib[o] >= STACK;
        for a in [MIN, POT, ALL_IN] {
            if all_in_now || (a != ALL_IN && raises >= CAP) {
                continue;
            }
            let Some(to) = node.raise_to(a) else { continue };
            if a != ALL_IN && node.raise_to(ALL_IN) == Some(to) {
                continue;
            }
            let (mut c, mut b) = (contrib, bets);
            c[p] += to - bets[p];
            b[p] = to;
            node.children[a] = Some(Child::Node(self.betting(round, c, b, raises + 1, o as u8)));
        }
        self.nodes[id as usize] = node;
        id
    }

    /// Adds the exchange decision of `player` (chips in: `contrib`), with everything below it;
    /// after an all-in the hand goes from the exchange to the showdown.
    fn exchange(&mut self, contrib: [u16; 2], player: u8, all_in: bool) -> u32 {
        let id = self.nodes.len() as u32;
        let mut node = Node {
            kind: Kind::Exchange,
            player,
            contrib,
            bets: [0, 0],
            raises: 0,
            children: [None; ACTIONS],
        };
        self.nodes.push(node);
        for count in 0..4 {
            node.children[count] = Some(if player == 0 {
                Child::Node(self.exchange(contrib, 1, all_in))
            } else if all_in {
                Child::Showdown { contrib }
            } else {
                Child::Node(self.betting(1, contrib, [0, 0], 0, 0))
            });
        }
        self.nodes[id as usize] = node;
        id
    }

    /// Decisions of each kind: before the exchange (betting and exchange), after it.
    pub fn counts(&self) -> [u32; 2] {
        let before = self.nodes.iter().filter(|n| n.before_exchange()).count() as u32;
        [before, self.nodes.len() as u32 - before]
    }
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_has_no_check_and_ends_every_line_in_a_fold_or_a_showdown() {
        let t = Tree::new();
        let root = t.nodes[0];
        assert_eq!(
            (root.kind, root.player, root.contrib),
            (Kind::Bet(0), 0, [1, 1])
        );
        // The opener folds or bets: no call, no check.
        assert!(!root.allows(CALL) && root.allows(FOLD) && root.allows(MIN));
        assert_eq!(root.raise_to(MIN), Some(1));
        assert_eq!(root.raise_to(POT), Some(2));
        assert_eq!(root.raise_to(ALL_IN), Some(99));
        for n in &t.nodes {
            assert!(n.width() >= 2, "{n:?}");
            if let Kind::Bet(_) = n.kind {
                let (p, o) = (usize::from(n.player), 1 - usize::from(n.player));
                assert!(n.contrib[p] <= STACK && n.contrib[o] <= STACK);
                assert!(n.raises <= CAP + 1);
            }
            for c in n.children.iter().flatten() {
                if let Child::Showdown { contrib } = c {
                    assert_eq!(contrib[0], contrib[1]);
                }
            }
        }
        // Every exchange offers the four counts.
        assert!(t
            .nodes
            .iter()
            .filter(|n| n.kind == Kind::Exchange)
            .all(|n| (0..4).all(|c| n.allows(c)) && !n.allows(4)));
        let [before, after] = t.counts();
        assert!(before > 0 && after > before, "{before} {after}");
    }
}
