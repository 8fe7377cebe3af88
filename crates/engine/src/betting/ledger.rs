//! The chips of one hand: behind (stacks), in front (this round's bets), and committed to pots.

use super::seats::{SeatMask, MAX_SEATS};
use crate::Chips;

/// Where every chip of a hand is. Chips only ever move between these places, so the sum of
/// stacks, committed chips and dead money is constant during a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ledger {
    n: u8,
    stack: [Chips; MAX_SEATS],
    bet: [Chips; MAX_SEATS],
    committed: [Chips; MAX_SEATS],
    dead: Chips,
    live: SeatMask,
    max_bet: Chips,
}

impl Ledger {
    /// A ledger for `stacks.len()` seats (at most [`MAX_SEATS`]), all of them live.
    pub fn new(stacks: &[Chips]) -> Ledger {
        let n = stacks.len().min(MAX_SEATS);
        let mut stack = [Chips::ZERO; MAX_SEATS];
        stack[..n].copy_from_slice(&stacks[..n]);
        Ledger {
            n: n as u8,
            stack,
            bet: [Chips::ZERO; MAX_SEATS],
            committed: [Chips::ZERO; MAX_SEATS],
            dead: Chips::ZERO,
            live: SeatMask::first(n),
            max_bet: Chips::ZERO,
        }
    }

    /// The number of seats.
    #[inline]
    pub fn seats(&self) -> usize {
        self.n as usize
    }

    /// Chips behind (not yet put in).
    #[inline]
    pub fn stack(&self, seat: usize) -> Chips {
        self.stack[seat]
    }

    /// Chips put in during the current betting round.
    #[inline]
    pub fn bet(&self, seat: usize) -> Chips {
        self.bet[seat]
    }

    /// Chips this seat has put in this hand that count for side pots (bets of every round,
    /// live antes), the current round's bet included.
    #[inline]
    pub fn committed(&self, seat: usize) -> Chips {
        self.committed[seat]
    }

    /// Dead money (pooled antes) that goes to the main pot.
    pub fn dead(&self) -> Chips {
        self.dead
    }

    /// Seats still contesting the pot (dealt in and not folded or mucked).
    #[inline]
    pub fn live(&self) -> SeatMask {
        self.live
    }

    /// Live seats with chips behind (who can still bet).
    #[inline]
    pub fn can_bet(&self) -> SeatMask {
        let mut bits = 0u16;
        for (s, &stack) in self.stack[..self.n as usize].iter().enumerate() {
            bits |= u16::from(stack > 0) << s;
        }
        self.live.and(SeatMask::from_bits(bits))
    }

    /// The largest bet in front of any seat this round.
    #[inline]
    pub fn max_bet(&self) -> Chips {
        self.max_bet
    }

    /// Everything in the middle: committed chips of every seat plus dead money.
    #[inline]
    pub fn pot_total(&self) -> Chips {
        self.committed[..self.n as usize].iter().sum::<Chips>() + self.dead
    }

    /// The sum of all stacks and everything in the middle (constant during a hand).
    pub fn total(&self) -> Chips {
        self.stack[..self.n as usize].iter().sum::<Chips>() + self.pot_total()
    }

    /// Takes `seat` out of the contest for the pot (fold or muck); its chips stay in.
    #[inline]
    pub fn fold(&mut self, seat: usize) {
        self.live.remove(seat);
    }

    /// Marks the seats not dealt in (sitting out); they hold their stacks untouched.
    pub fn set_live(&mut self, live: SeatMask) {
        self.live = live;
    }

    /// Moves `amount` (at most the stack) from the stack into this round's bet; returns what
    /// was moved.
    #[inline]
    pub fn put(&mut self, seat: usize, amount: Chips) -> Chips {
        let a = amount.min(self.stack[seat]);
        self.stack[seat] -= a;
        self.bet[seat] += a;
        self.committed[seat] += a;
        self.max_bet = self.max_bet.max(self.bet[seat]);
        a
    }

    /// Moves `amount` (at most the stack) from the stack into dead money (an ante that does not
    /// count for side pots); returns what was moved.
    pub fn put_dead(&mut self, seat: usize, amount: Chips) -> Chips {
        let a = amount.min(self.stack[seat]);
        self.stack[seat] -= a;
        self.dead += a;
        a
    }

    /// Adds dead money that comes from outside the seats (chips carried over from a previous
    /// hand).
    pub fn add_dead(&mut self, amount: Chips) {
        self.dead += amount;
    }

    /// Returns the uncalled part of the largest bet this round: whatever it exceeds the second
    /// largest bet by (any seat, folded or not). Returns the seat and amount, if any.
    pub fn return_uncalled(&mut self) -> Option<(usize, Chips)> {
        let n = self.n as usize;
        // The first largest bet, then the largest of the others: two passes without branches
        // on the amounts (which are whatever the players chose).
        let (mut top, mut first) = (0, Chips::ZERO);
        for (s, &b) in self.bet[..n].iter().enumerate() {
            let above = b > first;
            first = if above { b } else { first };
            top = if above { s } else { top };
        }
        let mut second = Chips::ZERO;
        for (s, &b) in self.bet[..n].iter().enumerate() {
            second = second.max(if s == top { Chips::ZERO } else { b });
        }
        if first > second {
            let over = first - second;
            self.bet[top] -= over;
            self.committed[top] -= over;
            self.stack[top] += over;
            self.max_bet = second;
            Some((top, over))
        } else {
            None
        }
    }

    /// The ledger as the middle of the table looks now: this round's bets still in front of
    /// the seats are left out of the pots (they join them when the round ends). The pots of
    /// [`crate::betting::Pots::build`] over it are the pots a player sees during a round.
    pub fn gathered(&self) -> Ledger {
        let mut l = *self;
        for s in 0..l.n as usize {
            l.committed[s] -= l.bet[s];
            l.bet[s] = Chips::ZERO;
        }
        l.max_bet = Chips::ZERO;
        l
    }

    /// Ends the betting round: the bets go into the middle (they stay counted in `committed`).
    pub fn collect(&mut self) {
        self.bet = [Chips::ZERO; MAX_SEATS];
        self.max_bet = Chips::ZERO;
    }

    /// Pays `amount` from the middle to `seat`'s stack (awarding a pot).
    pub fn pay(&mut self, seat: usize, amount: Chips) {
        self.stack[seat] += amount;
    }

    /// Empties the middle after the pots are awarded (their chips are in the stacks now).
    pub fn clear_middle(&mut self) {
        self.committed = [Chips::ZERO; MAX_SEATS];
        self.bet = [Chips::ZERO; MAX_SEATS];
        self.max_bet = Chips::ZERO;
        self.dead = Chips::ZERO;
    }

    /// All stacks.
    pub fn stacks(&self) -> &[Chips] {
        &self.stack[..self.n as usize]
    }
}
