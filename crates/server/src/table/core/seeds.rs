//! The table's side of dealing the operator cannot bias ([`crate::fairness`]): the room's part
//! of the next hand's seed, drawn and committed to one hand ahead, and each player's seed chain
//! with the reveal waiting for the next deal.

use std::collections::HashMap;

use tavolo_store::{hex, UserId};

use crate::error::RoomError;
use crate::fairness::{mix, Chain, ChainError, Parts, Reveal, Seed};
use crate::protocol::ChainView;

/// The room's next part and the players' chains.
pub struct Seeds {
    /// The room's part of the next hand's seed; its commitment is public.
    next: Seed,
    /// How many parts the room has drawn (`next` is number `drawn`).
    drawn: u64,
    /// Each player's chain and how many of its elements hands have used.
    chains: HashMap<UserId, (Chain, u64)>,
}

/// A hand's seed and what it was mixed from.
pub struct Mixed {
    /// The seed the game is dealt from.
    pub seed: [u8; 32],
    /// `SHA-256` of the room's part, published before the deal.
    pub commitment: String,
    /// The parts, secret until the hand is over.
    pub parts: Parts,
}

impl Seeds {
    /// The room's first part is `first` (the table draws it from its generator, which the
    /// operating system seeds).
    pub fn new(first: [u8; 32]) -> Seeds {
        Seeds {
            next: Seed::from_bytes(first),
            drawn: 1,
            chains: HashMap::new(),
        }
    }

    /// The commitment to the room's part of the next hand's seed.
    pub fn next_commitment(&self) -> &str {
        &self.next.commitment
    }

    /// `user` joined with `head` (or with none: any older chain is dropped), or sent a new one.
    /// It counts for hands whose room part is drawn after now.
    pub fn register(&mut self, user: UserId, head: Option<[u8; 32]>) {
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
    pub fn reveal(&mut self, user: UserId, value: [u8; 32]) -> Result<(), RoomError> {
        let (chain, _) =
            (self.chains.get_mut(&user)).ok_or(RoomError::Reveal(ChainError::NoChain))?;
        chain
            .reveal(value, self.drawn, &self.next.commitment)
            .map_err(RoomError::Reveal)
    }

    /// `user`'s chain as they see it.
    pub fn view(&self, user: UserId) -> Option<ChainView> {
        self.chains.get(&user).map(|(c, used)| ChainView {
            used: *used,
            pending: c.pending(),
        })
    }

    /// Where `user`'s chain stands, public: the element (hex) their next reveal must extend.
    pub fn position(&self, user: UserId) -> Option<String> {
        self.chains.get(&user).map(|(c, _)| hex(&c.last()))
    }

    /// The seed for a deal to `dealt` (table seat, user; in seat order): the room's next part
    /// and each of their waiting reveals. Nothing moves on until [`Seeds::dealt`].
    pub fn mix(&self, dealt: &[(usize, UserId)]) -> Mixed {
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

    /// The hand mixed for `dealt` is on the books: their reveals are used, and the room's part
    /// of the next hand is `next` (drawn by the table, committed to from now).
    pub fn dealt(&mut self, dealt: &[(usize, UserId)], next: [u8; 32]) {
        for (_, u) in dealt {
            if let Some((chain, used)) = self.chains.get_mut(u) {
                if chain.take().is_some() {
                    *used += 1;
                }
            }
        }
        self.next = Seed::from_bytes(next);
        self.drawn += 1;
    }
}
