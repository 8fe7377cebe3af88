//! The betting tree of heads-up Limit Hold'em as the CFR bot abstracts it: every betting line
//! with at most four bets a round (the blind counting as the first before the flop).
//!
//! Amounts are in half big blinds (the small blind is 1, the big blind and the small bet 2, the
//! big bet 4), so they are integers. Player 0 is the button: it posts the small blind, acts
//! first before the flop and last after it. With 100 big blinds no line reaches an all-in (at
//! most 24 big blinds go in), so the stacks play no part.
//!
//! The engine allows unlimited raises heads-up (RULES.md §2); the abstraction stops at four
//! bets, the usual cap, and the bot maps a raise beyond it to a call (see [`super::CfrBot`]).

/// The abstract actions, in the order of every node's slots.
pub const FOLD: usize = 0;
/// Check, or call.
pub const CALL: usize = 1;
/// Bet, or raise.
pub const RAISE: usize = 2;

/// The most bets in one round.
pub const CAP: u8 = 4;

/// Where an action leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    /// Another decision.
    Node(u32),
    /// The player to act folded; `contrib` is what each player had put in before.
    Fold {
        /// The player who folded.
        folder: u8,
        /// Each player's chips in the pot.
        contrib: [u16; 2],
    },
    /// The river's betting closed: the hands are compared.
    Showdown {
        /// Each player's chips in the pot (equal).
        contrib: [u16; 2],
    },
}

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
    pub children: [Option<Child>; 3],
    /// The index of this node among the nodes of its street (its block in the street's table).
    pub slot: u32,
}

impl Node {
    /// Whether `action` is allowed.
    pub fn allows(&self, action: usize) -> bool {
        self.children.get(action).is_some_and(Option::is_some)
    }
}

/// The whole betting tree; node 0 is the first decision before the flop.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The nodes.
    pub nodes: Vec<Node>,
    /// Nodes per street.
    pub per_street: [u32; 4],
}

/// The bet size on `street`, in half big blinds.
fn bet_size(street: u8) -> u16 {
    if street < 2 {
        2
    } else {
        4
    }
}

impl Tree {
    /// Builds the tree.
    pub fn limit() -> Tree {
        let mut t = Tree {
            nodes: Vec::new(),
            per_street: [0; 4],
        };
        t.round(0, [1, 2], 0, 1, true);
        t
    }

    /// The decision of `player` on `street` with `contrib` put in and `bets` bets this round;
    /// `first`: nobody has acted yet this round. Returns the node's index.
    fn round(&mut self, street: u8, contrib: [u16; 2], player: u8, bets: u8, first: bool) -> u32 {
        let id = self.nodes.len() as u32;
        let slot = self.per_street[street as usize];
        self.per_street[street as usize] += 1;
        self.nodes.push(Node {
            street,
            player,
            bets,
            contrib,
            children: [None; 3],
            slot,
        });
        let p = player as usize;
        let other = 1 - player;
        let facing = contrib[p] < contrib[1 - p];
        let mut children = [None; 3];
        if facing {
            children[FOLD] = Some(Child::Fold {
                folder: player,
                contrib,
            });
        }
        // Check or call.
        let mut called = contrib;
        called[p] = contrib[1 - p];
        // A call or check closes the round, but for the first action of a round when it is a
        // check, or the small blind's call before the flop (the big blind has its option).
        let closes = !first || (facing && street != 0);
        children[CALL] = Some(if closes {
            self.next_street(street, called)
        } else {
            Child::Node(self.round(street, called, other, bets, false))
        });
        if bets < CAP {
            let mut raised = contrib;
            raised[p] = contrib[1 - p] + bet_size(street);
            children[RAISE] = Some(Child::Node(self.round(
                street,
                raised,
                other,
                bets + 1,
                false,
            )));
        }
        self.nodes[id as usize].children = children;
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
        assert_eq!(t.per_street[0], 8);
    }
}
