//! The table's side of dealing the operator cannot bias ([`crate::fairness`]): the room's part
//! of the next hand's seed, drawn and committed to one hand ahead, and each player's seed chain
//! with the reveal waiting for the next deal.

use std::collections::HashMap;

use tavolo_store::{hex, UserId};

use super::err;
use crate::fairness::{mix, Chain, ChainError, Parts, Reveal, Seed};
use crate::protocol::{ChainView, Code, ProtoError};

/// The room's next part and the players' chains.
pub(super) struct Seeds {
    /// The room's part of the next hand's seed; its commitment is public.
    next: Seed,
    /// How many parts the room has drawn (`next` is number `drawn`).
    drawn: u64,
    /// Each player's chain and how many of its elements hands have used.
    chains: HashMap<UserId, (Chain, u64)>,
}

/// A hand's seed and what it was mixed from.
pub(super) struct Mixed {
    /// The seed the game is dealt from.
    pub(super) seed: [u8; 32],
    /// `SHA-256` of the room's part, published before the deal.
    pub(super) commitment: String,
    /// The parts, secret until the hand is over.
    pub(super) parts: Parts,
}

impl Seeds {
    pub(super) fn new() -> Seeds {
        Seeds {
            next: Seed::draw(),
            drawn: 1,
            chains: HashMap::new(),
        }
    }

    /// The commitment to the room's part of the next hand's seed.
    pub(super) fn next_commitment(&self) -> &str {
        &self.next.commitment
    }

    /// `user` joined with `head` (or with none: any older chain is dropped), or sent a new one.
    /// It counts for hands whose room part is drawn after now.
    pub(super) fn register(&mut self, user: UserId, head: Option<[u8; 32]>) {
        match head {
            Some(h) => {
                self.chains.insert(user, (Chain::new(h, self.drawn), 0));
            }
            None => {
                self.chains.remove(&user);
            }
        }
    }

    /// `user`'s reveal for the next deal they are dealt in.
    pub(super) fn reveal(&mut self, user: UserId, value: [u8; 32]) -> Result<(), ProtoError> {
        let (chain, _) = (self.chains.get_mut(&user))
            .ok_or_else(|| err(Code::NotAllowed, ChainError::NoChain.to_string()))?;
        chain
            .reveal(value, self.drawn, &self.next.commitment)
            .map_err(|e| err(Code::BadReveal, e.to_string()))
    }

    /// `user`'s chain as they see it.
    pub(super) fn view(&self, user: UserId) -> Option<ChainView> {
        self.chains.get(&user).map(|(c, used)| ChainView {
            used: *used,
            pending: c.pending(),
        })
    }

    /// Where `user`'s chain stands, public: the element (hex) their next reveal must extend.
    pub(super) fn position(&self, user: UserId) -> Option<String> {
        self.chains.get(&user).map(|(c, _)| hex(&c.last()))
    }

    /// The seed for a deal to `dealt` (table seat, user; in seat order): the room's next part
    /// and each of their waiting reveals. Nothing moves on until [`Seeds::dealt`].
    pub(super) fn mix(&self, dealt: &[(usize, UserId)]) -> Mixed {
        let reveals: Vec<Reveal> = (dealt.iter())
            .filter_map(|(seat, u)| {
                let (value, extends) = self.chains.get(u)?.0.peek()?;
                Some(Reveal {
                    seat: *seat,
                    value: hex(&value),
                    extends: hex(&extends),
                })
            })
            .collect();
        let values: Vec<[u8; 32]> = (dealt.iter())
            .filter_map(|(_, u)| Some(self.chains.get(u)?.0.peek()?.0))
            .collect();
        Mixed {
            seed: mix(&self.next.bytes, &values),
            commitment: self.next.commitment.clone(),
            parts: Parts {
                room: self.next.hex(),
                reveals,
            },
        }
    }

    /// The hand mixed for `dealt` is on the books: their reveals are used, and the room draws
    /// (and commits to) its part of the next hand.
    pub(super) fn dealt(&mut self, dealt: &[(usize, UserId)]) {
        for (_, u) in dealt {
            if let Some((chain, used)) = self.chains.get_mut(u) {
                if chain.take().is_some() {
                    *used += 1;
                }
            }
        }
        self.next = Seed::draw();
        self.drawn += 1;
    }
}
