//! Main and side pots from what each seat committed, and splitting them among winners.
//!
//! Each pot is a slice between two contribution levels: everybody who put in at least the
//! upper level pays the slice, and the live seats among them are eligible to win it, so nobody
//! wins more from a player than they put in themselves (RULES.md §2, Pots). Neighbouring pots
//! with the same eligible seats are merged. Dead money (pooled antes) goes to the main pot.

use super::event::BetEvent;
use super::ledger::Ledger;
use super::seats::{SeatMask, MAX_SEATS};
use crate::Chips;
use tavolo_cards::wire_value;

wire_value! {
    /// What happens to the chips a split cannot divide.
    #[derive(Default)]
    pub enum OddChips {
        /// One chip at a time to the tied winners in seat order starting left of the button
        /// (RULES.md §2 default).
        #[default]
        #[serde(alias = "OneEachFromLeftOfButton")]
        OneEachFromLeftOfButton,
        /// The whole remainder to the first tied winner left of the button (PokerKit's convention).
        #[serde(alias = "AllToFirstLeftOfButton")]
        AllToFirstLeftOfButton,
        /// The remainder stays in the pot for the next hand (RULES.md §3 Showdown).
        #[serde(alias = "StayInPot")]
        StayInPot,
    }
}

/// One pot.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Pot {
    /// Its chips.
    pub amount: Chips,
    /// The live seats that may win it.
    pub eligible: SeatMask,
}

/// The pots of a hand, main pot first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pots {
    pots: [Pot; MAX_SEATS + 1],
    len: u8,
    /// Chips no live seat can win (every eligible seat mucked); see [`Pots::build`].
    unclaimed: Chips,
}

impl Pots {
    /// Builds the pots from the ledger's committed chips and live seats.
    ///
    /// A slice whose contributors all folded (only possible when hands are mucked at the
    /// showdown) is added to the pot below it, so chips never vanish; if there is none, its
    /// chips are [`Pots::unclaimed`].
    pub fn build(ledger: &Ledger) -> Pots {
        let n = ledger.seats();
        // The common case: every live seat put in the most; one pot that they all contest.
        let live = ledger.live();
        let top = (0..n)
            .map(|s| ledger.committed(s))
            .max()
            .unwrap_or(Chips::ZERO);
        // (Every live seat is looked at, without stopping at the first short one: where that
        // is, is unpredictable.)
        let mut short = false;
        for s in live.iter() {
            short |= ledger.committed(s) != top;
        }
        if !live.is_empty() && !short {
            let mut out = Pots::default();
            let amount = ledger.pot_total();
            if amount > 0 {
                out.pots[0] = Pot {
                    amount,
                    eligible: live,
                };
                out.len = 1;
            }
            return out;
        }
        // Seats in increasing order of what they committed; walking the distinct levels up,
        // `above` holds the seats that committed at least the current level.
        let mut order = [(Chips::ZERO, 0u8); MAX_SEATS];
        for (s, o) in order.iter_mut().enumerate().take(n) {
            *o = (ledger.committed(s), s as u8);
        }
        let order = &mut order[..n];
        order.sort_unstable();
        let mut above = SeatMask::first(n);
        let mut out = Pots::default();
        let mut amount = ledger.dead();
        let mut prev = Chips::ZERO;
        let mut i = 0;
        while i < n {
            let level = order[i].0;
            amount += (level - prev).times(above.len() as u64);
            let eligible = above.and(live);
            prev = level;
            while i < n && order[i].0 == level {
                above.remove(usize::from(order[i].1));
                i += 1;
            }
            if eligible.is_empty() {
                if out.len > 0 {
                    out.pots[out.len as usize - 1].amount += amount;
                } else {
                    out.unclaimed += amount;
                }
                amount = Chips::ZERO;
                continue;
            }
            while out.len > 0 && out.pots[out.len as usize - 1].eligible == eligible {
                out.len -= 1;
                amount += out.pots[out.len as usize].amount;
            }
            if amount > 0 {
                out.pots[out.len as usize] = Pot { amount, eligible };
                out.len += 1;
            }
            amount = Chips::ZERO;
        }
        out.unclaimed += amount;
        out
    }

    /// The pots, main pot first.
    pub fn as_slice(&self) -> &[Pot] {
        &self.pots[..self.len as usize]
    }

    /// Chips no live seat can win.
    pub fn unclaimed(&self) -> Chips {
        self.unclaimed
    }

    /// The total of all pots and unclaimed chips.
    pub fn total(&self) -> Chips {
        self.as_slice().iter().map(|p| p.amount).sum::<Chips>() + self.unclaimed
    }
}

/// A pot as players see it: its chips and the seats that may still win it.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
pub struct PotShown {
    /// Its chips.
    pub amount: Chips,
    /// The seats that may win it, in seat order.
    pub eligible: Vec<usize>,
}

/// The pots in the middle of the table now, main pot first: this round's bets still in front
/// of the seats are not in them, and `carried` (chips carried in from an earlier hand) is in
/// the main pot. Empty before anything is in the middle.
///
/// ```
/// use tavolo_engine::betting::{pots::in_middle, Ledger};
/// use tavolo_engine::Chips;
///
/// // Three seats put 100 in; seat 0 was all-in for 40 of it.
/// let mut l = Ledger::new(&[40, 500, 500].map(Chips::new));
/// for (s, c) in [(0, 40), (1, 100), (2, 100)] {
///     l.put(s, Chips::new(c));
/// }
/// l.collect();
/// let pots = in_middle(&l, Chips::ZERO);
/// assert_eq!((pots[0].amount, &pots[0].eligible[..]), (Chips::new(120), &[0, 1, 2][..]));
/// assert_eq!((pots[1].amount, &pots[1].eligible[..]), (Chips::new(120), &[1, 2][..]));
/// ```
pub fn in_middle(ledger: &Ledger, carried: Chips) -> Vec<PotShown> {
    let pots = Pots::build(&ledger.gathered());
    let mut out: Vec<PotShown> = pots
        .as_slice()
        .iter()
        .map(|p| PotShown {
            amount: p.amount,
            eligible: p.eligible.iter().collect(),
        })
        .collect();
    let extra = carried + pots.unclaimed();
    match out.first_mut() {
        Some(main) => main.amount += extra,
        None if extra > 0 => out.push(PotShown {
            amount: extra,
            eligible: ledger.live().iter().collect(),
        }),
        None => {}
    }
    out
}

/// The seats of `eligible` with the best `value` (larger is better): the winners of a pot.
pub fn best<K: Ord + Copy>(eligible: SeatMask, value: impl Fn(usize) -> K) -> SeatMask {
    let top = eligible.iter().map(&value).max();
    let mut winners = SeatMask::EMPTY;
    for s in eligible.iter() {
        if Some(value(s)) == top {
            winners.insert(s);
        }
    }
    winners
}

/// Awards each of `pots` to the best hands among its eligible seats (`value`: larger is
/// better), `extra` chips (carried in from an earlier hand) going to the main pot; ties split
/// by `policy` from `first`. Calls `paid(pot, seat, chips)` for every share and returns the chips
/// left in the middle: those nobody could claim, odd chips that stay, and `extra` when there is
/// no pot. The one pot award of both betting games.
pub fn award<K: Ord + Copy>(
    pots: &Pots,
    value: impl Fn(usize) -> K,
    extra: Chips,
    (first, n): (usize, usize),
    policy: OddChips,
    mut paid: impl FnMut(usize, usize, Chips),
) -> Chips {
    let mut left = pots.unclaimed();
    if pots.as_slice().is_empty() {
        left += extra;
    }
    for (i, pot) in pots.as_slice().iter().enumerate() {
        let amount = pot.amount + if i == 0 { extra } else { Chips::ZERO };
        let winners = best(pot.eligible, &value);
        left += split(amount, winners, first, n, policy, |s, a| paid(i, s, a));
    }
    left
}

/// Splits `amount` among `winners`, calling `pay(seat, chips)` for each share, and returns the
/// chips left in the pot (only with [`OddChips::StayInPot`]).
///
/// `first` is the seat left of the button: odd chips go round clockwise from there.
pub fn split(
    amount: Chips,
    winners: SeatMask,
    first: usize,
    n: usize,
    policy: OddChips,
    mut pay: impl FnMut(usize, Chips),
) -> Chips {
    // One winner, the common case: the whole amount, without a division.
    if winners.bits().is_power_of_two() {
        let s = winners.bits().trailing_zeros() as usize;
        if s < n && amount > 0 {
            pay(s, amount);
        }
        return Chips::ZERO;
    }
    let Some((share, mut rem)) = amount.split(winners.len() as u64) else {
        return amount;
    };
    let mut left = Chips::ZERO;
    for (i, s) in winners.clockwise_from(first, n).enumerate() {
        let extra = match policy {
            OddChips::OneEachFromLeftOfButton if rem > 0 => {
                rem -= Chips::new(1);
                Chips::new(1)
            }
            OddChips::AllToFirstLeftOfButton if i == 0 => rem,
            OddChips::StayInPot if i == 0 => {
                left = rem;
                Chips::ZERO
            }
            _ => Chips::ZERO,
        };
        if share + extra > 0 {
            pay(s, share + extra);
        }
    }
    left
}

/// Where awarded chips go: the winners' stacks in the ledger and the hand's tally of winnings;
/// each share is announced as a [`BetEvent::PotWon`]. The one payout of both betting games.
pub struct Payout<'a> {
    /// The hand's chips.
    pub ledger: &'a mut Ledger,
    /// Chips won per seat.
    pub won: &'a mut [Chips],
}

impl Payout<'_> {
    fn pay(&mut self, pot: usize, seat: usize, amount: Chips, emit: &mut impl FnMut(BetEvent)) {
        self.ledger.pay(seat, amount);
        self.won[seat] += amount;
        emit(BetEvent::PotWon { pot, seat, amount });
    }

    /// Everything in the middle, and `extra` chips carried in, to the one player left.
    pub fn all_to(&mut self, seat: usize, extra: Chips, mut emit: impl FnMut(BetEvent)) {
        let amount = self.ledger.pot_total() + extra;
        self.ledger.clear_middle();
        self.pay(0, seat, amount, &mut emit);
    }

    /// Everything in the middle and `extra` as one pot split among `winners` ([`split`]);
    /// returns the chips left.
    pub fn split_all(
        &mut self,
        extra: Chips,
        winners: SeatMask,
        (first, n): (usize, usize),
        policy: OddChips,
        mut emit: impl FnMut(BetEvent),
    ) -> Chips {
        let amount = self.ledger.pot_total() + extra;
        self.ledger.clear_middle();
        split(amount, winners, first, n, policy, |s, a| {
            self.pay(0, s, a, &mut emit)
        })
    }

    /// Builds the pots from the middle and awards them ([`award`]); returns the chips left.
    pub fn award<K: Ord + Copy>(
        &mut self,
        value: impl Fn(usize) -> K,
        extra: Chips,
        at: (usize, usize),
        policy: OddChips,
        mut emit: impl FnMut(BetEvent),
    ) -> Chips {
        let pots = Pots::build(self.ledger);
        self.ledger.clear_middle();
        award(&pots, value, extra, at, policy, |pot, s, a| {
            self.pay(pot, s, a, &mut emit)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The pots by their definition, level by level over every seat (quadratic, obviously
    /// right): what [`Pots::build`] must equal.
    fn pots_by_definition(ledger: &Ledger) -> (Vec<Pot>, Chips) {
        let n = ledger.seats();
        let mut levels: Vec<Chips> = (0..n).map(|s| ledger.committed(s)).collect();
        levels.sort_unstable();
        levels.dedup();
        let (mut pots, mut unclaimed): (Vec<Pot>, Chips) = (Vec::new(), Chips::ZERO);
        let (mut amount, mut prev) = (ledger.dead(), Chips::ZERO);
        for level in levels {
            let payers = (0..n).filter(|&s| ledger.committed(s) >= level);
            amount += (level - prev).times(payers.clone().count() as u64);
            let eligible =
                payers
                    .filter(|&s| ledger.live().contains(s))
                    .fold(SeatMask::EMPTY, |mut m, s| {
                        m.insert(s);
                        m
                    });
            prev = level;
            if eligible.is_empty() {
                match pots.last_mut() {
                    Some(p) => p.amount += amount,
                    None => unclaimed += amount,
                }
            } else {
                while pots.last().is_some_and(|p| p.eligible == eligible) {
                    amount += pots.pop().map_or(Chips::ZERO, |p| p.amount);
                }
                if amount > 0 {
                    pots.push(Pot { amount, eligible });
                }
            }
            amount = Chips::ZERO;
        }
        (pots, unclaimed)
    }

    proptest! {
        #[test]
        fn pots_are_the_slices_between_contribution_levels(
            puts in proptest::collection::vec((0u64..6, any::<bool>()), 2..=MAX_SEATS),
            dead in 0u64..3,
        ) {
            // Small amounts so that equal levels (merged slices, shared all-ins) are common.
            let mut l = Ledger::new(&vec![Chips::new(10); puts.len()]);
            for (s, &(put, live)) in puts.iter().enumerate() {
                l.put(s, Chips::new(put));
                if !live {
                    l.fold(s);
                }
            }
            l.add_dead(Chips::new(dead));
            let pots = Pots::build(&l);
            let (want, unclaimed) = pots_by_definition(&l);
            prop_assert_eq!(pots.as_slice(), &want[..]);
            prop_assert_eq!(pots.unclaimed(), unclaimed);
            prop_assert_eq!(pots.total(), l.pot_total());
        }
    }
}
