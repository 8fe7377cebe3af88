//! A betting decision as a bot reads it from its view: cards, pot, price, position.

use tavolo_cards::Card;
use tavolo_engine::holdem::{HandView, Legal, Street};
use tavolo_engine::Chips;

use crate::betting;

/// The facts of one decision, read from the seat's view.
#[derive(Clone, Debug)]
pub(crate) struct Spot {
    /// The deciding seat.
    pub seat: usize,
    /// Its hole cards.
    pub hole: [Card; 2],
    /// The board cards out (0, 3, 4 or 5).
    pub board: Vec<Card>,
    /// The betting round, which the board's size also tells.
    pub street: Street,
    /// Everything in the middle, bets included.
    pub pot: Chips,
    /// What a call puts in (0 when a check is free).
    pub to_call: Chips,
    /// The largest bet in front of anyone this round.
    pub max_bet: Chips,
    /// Chips behind the seat.
    pub stack: Chips,
    /// Opponents still in the hand.
    pub opponents: usize,
    /// Live opponents with chips behind who act after the seat in this round's order.
    pub behind: usize,
    /// Seats dealt in, folded ones included (how far from heads-up the hand began).
    pub seats: usize,
    /// What the seat may do: fold, check or call, the raise range.
    pub legal: Legal,
}

impl Spot {
    /// The spot of `view`, when it is the viewer's decision and its cards are known.
    pub fn read(view: &HandView) -> Option<Spot> {
        let legal = view.legal?;
        let seat = legal.seat;
        let [Some(a), Some(b)] = *view.hole.get(seat)? else {
            return None;
        };
        let n = view.stacks.len();
        let max_bet = view.bets.iter().copied().max().unwrap_or(Chips::ZERO);
        let to_call = legal.call.unwrap_or(Chips::ZERO);
        // Order of the round: pre-flop from left of the big blind (heads-up the button first),
        // after it from left of the button.
        let first = match (view.street, n) {
            (Street::Preflop, 2) => view.button,
            (Street::Preflop, _) => (view.button + 3) % n,
            (_, 2) => (view.button + 1) % n,
            _ => (view.button + 1) % n,
        };
        let pos = |s: usize| (s + n - first) % n;
        let behind = (0..n)
            .filter(|&s| s != seat && view.live[s] && view.stacks[s] > 0 && pos(s) > pos(seat))
            .count();
        let opponents = (0..n).filter(|&s| s != seat && view.live[s]).count();
        Some(Spot {
            seat,
            hole: [a, b],
            board: view.board.clone(),
            street: view.street,
            pot: view.pot,
            to_call,
            max_bet,
            stack: view.stacks[seat],
            opponents,
            behind,
            seats: n,
            legal,
        })
    }

    /// The price of a call: the share of the pot after it that the call is.
    pub fn pot_odds(&self) -> f64 {
        betting::pot_odds(self.pot, self.to_call)
    }

    /// The share of starting hands to open with from here (by rank among them): `heads_up`
    /// heads-up, else `by_behind[k]` with `k` players behind, its last share for more.
    pub fn open_share(&self, heads_up: f64, by_behind: &[f64]) -> f64 {
        if self.seats == 2 {
            return heads_up;
        }
        let share = by_behind.get(self.behind).or(by_behind.last());
        share.copied().unwrap_or(0.0)
    }

    /// A bet or raise of `fraction` of the pot after the call: the "to" amount.
    pub fn pot_fraction_to(&self, fraction: f64) -> Chips {
        betting::pot_fraction_to(
            self.pot,
            self.to_call,
            self.max_bet,
            fraction,
            Chips::new(1),
        )
    }
}
